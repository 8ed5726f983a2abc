-- Moving flags (house rule): after each belt step the `belts` hook runs.
-- The express step (event.express = true) moves what stands on express
-- belts; the common step moves what stands on any belt, so a flag on an
-- express belt goes two squares a phase, as a robot does (seed lines
-- 413-427). Each flag on a belt is asked to move one square the belt's way.
--
-- The engine plans every move from the same position and applies them
-- together: a wall on the way keeps the flag; two flags bound for one
-- square, or a flag bound for a square whose flag stays, stay; a flag
-- carried off the board or into a pit goes back to the square it had at
-- the start of the race. Flags do not turn on curves (a flag has no
-- facing) and never push or are pushed by robots: a robot and a flag may
-- share a square as before. A robot's archive stays where it touched the
-- flag: it does not ride with the flag.
return {
  belts = function(game, event)
    for _, flag in ipairs(game:flags()) do
      local square = game:square(flag.at.x, flag.at.y)
      local carried = square.kind == "express"
        or (square.kind == "conveyor" and not event.express)
      if carried then
        game:move_flag(flag.number, square.to)
      end
    end
  end,
}
