-- Tractor Beam (004_11511d35c714bcd0.txt:576): optional weapon: instead
-- of the main laser, a beam pulls the robot it hits one square toward the
-- shooter; not when that robot stands beside it.
local TOWARD = { N = "S", E = "W", S = "N", W = "E" }

return {
  weapon = function(game, event)
    return event.distance > 1
  end,
  fire = function(game, event)
    game:push(event.target, TOWARD[event.direction])
  end,
}
