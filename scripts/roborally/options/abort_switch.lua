-- Abort Switch (004_11511d35c714bcd0.txt:484): run time: instead of
-- revealing a register's card, a card is drawn from the deck (asked
-- `use` | `skip`); once used, every later register of the turn is drawn
-- from the deck without asking. The turn it was used in is its counter
-- `abort_switch`.
return {
  reveal = function(game, event)
    if game:counter(event.robot, "abort_switch") == game:turn() then
      game:card_from_deck(event.robot)
      return nil
    end
    return game:ask(event, function()
      game:set_counter(event.robot, "abort_switch", game:turn())
      game:card_from_deck(event.robot)
    end)
  end,
}
