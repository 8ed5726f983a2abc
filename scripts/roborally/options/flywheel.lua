-- Flywheel (004_11511d35c714bcd0.txt:512): turn programmed: after the five
-- registers are programmed, one of the cards left in the hand may be laid
-- on the card (`flywheel move_1 500`, or `flywheel none`); in a later turn
-- it joins the program cards. Our reading: it joins the hand at the next
-- deal the robot gets (the player may still leave it unplayed; it is then
-- discarded with the hand).
return {
  hand = function(game, event)
    if game:held(event.robot, "flywheel") ~= nil then
      game:take_held(event.robot, "flywheel")
    end
    return nil
  end,
  program = function(game, event)
    if game:held(event.robot, "flywheel") ~= nil then
      return nil
    end
    return game:card_choices(event)
  end,
}
