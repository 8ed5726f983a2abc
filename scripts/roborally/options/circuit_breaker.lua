-- Circuit Breaker (004_11511d35c714bcd0.txt:492): a robot ending a turn
-- with three damage or more starts the next turn powered down, by itself.
return {
  turn_end = function(game, event)
    if game:robot(event.robot).damage >= 3 then
      game:power_down(event.robot)
    end
  end,
}
