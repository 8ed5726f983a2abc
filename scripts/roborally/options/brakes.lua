-- Brakes (004_11511d35c714bcd0.txt:488): run time: a move_1 card may move
-- one square or none, at the move_1's priority. Asked (`use`: stand still
-- | `skip`: move) each time a move_1 is played.
return {
  card = function(game, event)
    if event.card ~= "move_1" then
      return nil
    end
    return game:ask(event, 0)
  end,
}
