-- No power down (house rule): the `power_down` hook is asked just before a
-- damaged robot's player would be asked `power_down | go` (seed lines
-- 97-99, 227-239). Returning false (or a reason) means the question is not
-- asked and the robot stays powered up; nil or true asks it as usual.
--
-- Only the player's choice is taken away: an option card that powers its
-- holder down by its own text (Circuit Breaker, PowerDown Shield's use)
-- still does, as the card is a rule of its own the player drew. A scenario
-- that starts with a robot already powered down plays that turn as usual.
return {
  power_down = function(game, event)
    return false
  end,
}
