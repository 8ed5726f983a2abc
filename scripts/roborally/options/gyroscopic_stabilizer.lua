-- Gyroscopic Stabilizer (004_11511d35c714bcd0.txt:520): turn
-- programmed (`gyroscopic_stabilizer on|off`): in a turn it is on, gears
-- and turning belts do not turn the robot.
return {
  program = function(game, event)
    return { "on", "off" }
  end,
  turned = function(game, event)
    return game:setting(event.robot, "gyroscopic_stabilizer") == "on"
  end,
}
