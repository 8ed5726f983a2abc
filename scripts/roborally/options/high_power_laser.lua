-- High-Power Laser (004_11511d35c714bcd0.txt:524): a main laser mod,
-- always on: the beam goes through a wall or a robot; a robot it goes
-- through is hit too. Our reading (docs/roborally-options.md): one
-- obstacle in all, a wall or a robot, whichever comes first; the beam then
-- stops at the next one.
return {
  laser = function(game, event)
    return { pierce = 1 }
  end,
}
