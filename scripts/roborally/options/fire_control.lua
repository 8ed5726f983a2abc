-- Fire Control (004_11511d35c714bcd0.txt:508): main laser mod: the player
-- chooses what a hit does. Our reading, within the engine's rules: it is
-- offered with the optional weapons (answer `fire_control` or `laser`)
-- when the robot the main laser would hit holds an option; chosen, the
-- shot deals no damage and destroys that robot's newest option instead.
-- The target is the main laser's (the first robot in line); locking a
-- register is not offered: locks follow damage (ruling 7).
return {
  weapon = function(game, event)
    return #game:robot(event.target).options > 0
  end,
  fire = function(game, event)
    local options = game:robot(event.target).options
    if #options > 0 then
      game:discard(event.target, options[#options])
    end
  end,
}
