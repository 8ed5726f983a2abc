-- Shield (004_11511d35c714bcd0.txt:568): turn programmed: a shield on one
-- side of the robot takes one damage point per register phase. Programmed
-- each turn (`shield N|E|S|W`, line 341); our reading: the side is a
-- compass side of the board (the words of the answers), and it guards
-- against lasers only (the kinds, line 341: "gegen Laserstrahlen").
-- The phase it last acted in is its counter `shield` (turn * 10 +
-- register).
return {
  program = function(game, event)
    return { "N", "E", "S", "W" }
  end,
  damage = function(game, event)
    local side = game:setting(event.robot, "shield")
    if side == nil or event.from ~= side then
      return 0
    end
    local now = game:turn() * 10 + game:register()
    if game:counter(event.robot, "shield") == now then
      return 0
    end
    game:set_counter(event.robot, "shield", now)
    return 1
  end,
}
