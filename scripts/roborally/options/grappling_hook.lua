-- Grappling Hook (a card of our own, docs/roborally-options.md): once a
-- turn, at the end of a register phase, its player may shoot a hook at a
-- wall straight ahead, at most three squares away, and be pulled to the
-- square before it (asked `use` | `skip`). Robots on the way are pushed
-- as by a move; a pit on the way is fallen into. The turn it was used in
-- is its counter `grappling_hook`.
local REACH = 3
local STEP = { N = { 0, -1 }, E = { 1, 0 }, S = { 0, 1 }, W = { -1, 0 } }

-- The squares between the robot and a wall ahead (0: the wall is on its
-- own square's side), or nil when no wall is in reach.
local function squares_to_wall(game, robot)
  local x, y = robot.at.x, robot.at.y
  local step = STEP[robot.facing]
  for n = 0, REACH do
    if game:walled(x, y, robot.facing) then
      return n
    end
    x, y = x + step[1], y + step[2]
  end
  return nil
end

return {
  phase_end = function(game, event)
    if game:counter(event.robot, "grappling_hook") == game:turn() then
      return nil
    end
    local me = game:robot(event.robot)
    local n = squares_to_wall(game, me)
    if n == nil or n == 0 then
      return nil
    end
    return game:ask(event, function()
      game:set_counter(event.robot, "grappling_hook", game:turn())
      for _ = 1, n do
        game:push(event.robot, me.facing)
      end
    end)
  end,
}
