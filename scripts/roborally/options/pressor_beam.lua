-- Pressor Beam (004_11511d35c714bcd0.txt:540): optional weapon: instead
-- of the main laser, a beam pushes the robot it hits one square further
-- (away from the shooter), as a pusher does.
return {
  weapon = function(game, event)
    return true
  end,
  fire = function(game, event)
    game:push(event.target, event.direction)
  end,
}
