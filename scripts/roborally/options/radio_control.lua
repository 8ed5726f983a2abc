-- Radio Control (004_11511d35c714bcd0.txt:544): optional weapon: instead
-- of the main laser, at a robot at most six squares away, whose whole
-- program is replaced by the shooter's; the shooter moves first. Our
-- reading: it reaches the registers still to come this turn (the phases
-- after this one): the target plays the shooter's card of each, right
-- after the shooter, and its own cards are not played; so it is not
-- offered in the fifth phase.
local REACH = 6

return {
  weapon = function(game, event)
    return event.distance <= REACH and game:register() < 5
  end,
  fire = function(game, event)
    game:mirror(event.target, event.robot)
  end,
}
