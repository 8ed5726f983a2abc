-- Sudden death (house rule): from turn 10 on, the `turn_end` hook deals
-- one damage point to each robot on the board as the turn ends, after the
-- repairs of that turn (seed lines 219-225). The damage is dealt as any
-- other (an option may take it, ruling 13; the tenth point destroys, line
-- 247) before the next deal, so it also locks registers for the next turn.
local FROM_TURN = 10

return {
  turn_end = function(game, event)
    if event.turn < FROM_TURN then
      return
    end
    for _, colour in ipairs(game:colours()) do
      if game:robot(colour).at then
        game:damage(colour, 1)
      end
    end
  end,
}
