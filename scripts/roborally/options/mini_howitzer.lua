-- Mini Howitzer (004_11511d35c714bcd0.txt:532): optional weapon: instead
-- of the main laser, one damage point and a push one square away from the
-- shooter; discarded after five shots (counted in `mini_howitzer`).
local SHOTS = 5

return {
  weapon = function(game, event)
    return true
  end,
  fire = function(game, event)
    game:damage(event.target, 1)
    game:push(event.target, event.direction)
    local fired = game:counter(event.robot, "mini_howitzer") + 1
    if fired >= SHOTS then
      game:discard(event.robot, "mini_howitzer")
    else
      game:set_counter(event.robot, "mini_howitzer", fired)
    end
  end,
}
