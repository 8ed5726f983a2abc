-- Sudden death (house rule): "the game ends after a fixed number of turns."
--
-- One game-wide hook, `game_over`, asked after every turn (after the
-- programs ran and the turn_ended hooks, before the next turn starts).
-- Returning a reason ends the game at once, scored as at the end of a game
-- by crystal attrition: the standings (base points at full value, carried
-- crystals at one less, then the tiebreaks; or a `score` hook) give the
-- winners. Nothing else changes: a score victory during the turn still
-- ends the game first, and so does crystal attrition before the limit.
--
-- The limit is counted in rounds so that every player gets the same number
-- of turns: `game.turn` counts every player's turn from 1, so the last turn
-- is ROUNDS * #game.colours.
local ROUNDS = 12

return {
  game_over = function(game)
    if game.turn >= ROUNDS * #game.colours then
      return "sudden death: " .. ROUNDS .. " rounds played"
    end
    return nil
  end,
}
