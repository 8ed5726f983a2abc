-- Overdrive (a card of our own, docs/roborally-options.md): run time:
-- when a move_2 or move_3 is played, its player may overdrive the motors
-- (asked `use` | `skip`): one square more, at the card's priority, for
-- one damage point (dealt as a shot's: options act first, then the player
-- may discard an option instead).
return {
  card = function(game, event)
    if event.card ~= "move_2" and event.card ~= "move_3" then
      return nil
    end
    return game:ask(event, function()
      game:damage(event.robot, 1)
      return event.squares + 1
    end)
  end,
}
