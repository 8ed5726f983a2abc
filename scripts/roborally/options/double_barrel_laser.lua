-- Double Barrel Laser (004_11511d35c714bcd0.txt:500): a main laser mod,
-- always on: the main laser fires two beams, two damage per hit. It
-- combines with Fire Control and High-Power Laser (and with Rear Laser,
-- which is a second main laser).
return {
  laser = function(game, event)
    return { damage = 2 }
  end,
}
