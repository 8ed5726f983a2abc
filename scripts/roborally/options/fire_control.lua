-- Fire Control (004_11511d35c714bcd0.txt:508): main laser mod: the player
-- chooses what a hit does. Our reading, within the engine's rules: it is
-- offered with the optional weapons, once for each option the robot the
-- main laser would hit holds (answer `fire_control OPTION`, or `laser`):
-- chosen, the shot deals no damage and destroys that option ("eine
-- bestimmte Option": the shooter names it). The target is the main
-- laser's (the first robot in line); locking a register is not offered:
-- locks follow damage (ruling 7).
return {
  weapon = function(game, event)
    local options = game:robot(event.target).options
    if #options > 0 then
      return options
    end
  end,
  fire = function(game, event)
    for _, option in ipairs(game:robot(event.target).options) do
      if option == event.aim then
        game:discard(event.target, option)
      end
    end
  end,
}
