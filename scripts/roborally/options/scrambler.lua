-- Scrambler (004_11511d35c714bcd0.txt:564): optional weapon: instead of
-- the main laser, the hit robot's next program card is replaced by one
-- drawn from the deck; not in the fifth register phase.
return {
  weapon = function(game, event)
    return game:register() < 5
  end,
  fire = function(game, event)
    game:scramble(event.target)
  end,
}
