-- Reverse Gears (004_11511d35c714bcd0.txt:560): run time: a back_up card
-- may back up two squares, at the back_up's priority. Asked (`use` |
-- `skip`) each time a back_up is played.
return {
  card = function(game, event)
    if event.card ~= "back_up" then
      return nil
    end
    return game:ask(event, 2)
  end,
}
