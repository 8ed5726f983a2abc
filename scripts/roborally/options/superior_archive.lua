-- Superior Archive Copy (004_11511d35c714bcd0.txt:572): the next archive
-- copy comes back without damage, even when this card was the option lost
-- with the destroyed robot. Our reading (docs/roborally-options.md): the
-- destruction marks the clean return (so losing the card then does not
-- matter); a copy that comes back still holding the card comes back clean
-- too, and the card is spent then.
return {
  destroyed = function(game, event)
    game:clean_return(event.robot)
  end,
  returned = function(game, event)
    game:clean_return(event.robot)
    game:discard(event.robot, "superior_archive")
  end,
}
