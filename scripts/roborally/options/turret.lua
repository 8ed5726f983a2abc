-- Turret (004_11511d35c714bcd0.txt:580-584): turn programmed: the main
-- laser sits on a turret whose direction is set at the start of the turn
-- by turning the card (`turret N|E|S|W`). The text stops there (line
-- 584) without saying what the direction is taken against; our reading:
-- the main laser fires toward the programmed compass side of the board
-- for the whole turn, whatever way the robot faces; main laser mods apply
-- to it; a Rear Laser still fires opposite the robot's facing.
return {
  program = function(game, event)
    return { "N", "E", "S", "W" }
  end,
  laser = function(game, event)
    local side = game:setting(event.robot, "turret")
    if side == nil then
      return nil
    end
    return { facing = side }
  end,
}
