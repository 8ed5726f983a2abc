-- Recompile (004_11511d35c714bcd0.txt:556): once a turn, before the
-- robot is programmed, its player may take new program cards (asked `use`
-- | `skip`): the hand is discarded and as many cards dealt; then the
-- robot takes one damage point.
return {
  hand = function(game, event)
    return game:ask(event, function()
      game:redeal(event.robot)
      game:damage(event.robot, 1)
    end)
  end,
}
