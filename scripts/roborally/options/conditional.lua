-- Conditional (004_11511d35c714bcd0.txt:496): after the five registers
-- are programmed, one more card of the hand may be laid on the card
-- (`conditional back_up 440`, or `conditional none`); before a register's
-- cards are revealed it may be played instead of that register's card
-- (asked `use` | `skip` each register until it is played). At the end of
-- the turn the card on it is discarded, the option kept.
return {
  program = function(game, event)
    return game:card_choices(event)
  end,
  reveal = function(game, event)
    if game:held(event.robot, "conditional") == nil then
      return nil
    end
    return game:ask(event, function()
      game:play_held(event.robot, "conditional")
    end)
  end,
  turn_end = function(game, event)
    if game:held(event.robot, "conditional") ~= nil then
      game:drop_held(event.robot, "conditional")
    end
  end,
}
