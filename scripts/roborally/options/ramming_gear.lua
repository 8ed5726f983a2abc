-- Ramming Gear (004_11511d35c714bcd0.txt:548): when the robot's own move
-- rams another robot, that robot takes one damage point, also when a wall
-- or another robot keeps it from being pushed.
return {
  ram = function(game, event)
    game:damage(event.target, 1)
  end,
}
