-- Fourth Gear (004_11511d35c714bcd0.txt:516): run time: a move_3 card may
-- move four squares, at the move_3's priority. Asked (`use` | `skip`)
-- each time a move_3 is played.
return {
  card = function(game, event)
    if event.card ~= "move_3" then
      return nil
    end
    return game:ask(event, 4)
  end,
}
