-- PowerDown Shield (004_11511d35c714bcd0.txt:536): while powered down,
-- the robot is protected against one damage point per register phase,
-- from any side. The phase it last acted in is its counter
-- `power_down_shield` (turn * 10 + register).
return {
  damage = function(game, event)
    if not event.powered_down then
      return 0
    end
    local now = game:turn() * 10 + game:register()
    if game:counter(event.robot, "power_down_shield") == now then
      return 0
    end
    game:set_counter(event.robot, "power_down_shield", now)
    return 1
  end,
}
