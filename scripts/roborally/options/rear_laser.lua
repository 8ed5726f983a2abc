-- Rear Laser (004_11511d35c714bcd0.txt:552): an additional weapon: a
-- second main laser firing backward, always with the front one. Main
-- laser mods (Double Barrel, High-Power) apply to both.
return {
  laser = function(game, event)
    return { rear = true }
  end,
}
