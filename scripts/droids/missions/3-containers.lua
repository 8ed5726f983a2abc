-- Mission 3, stranded chip containers (seed 003_4ed30270cd5960fb.txt,
-- lines 167-175): a container counts once it is brought to the player's
-- own start square (line 175); it is then taken off the board. When it
-- counts is disputed (`droids.container-home`, docs/droids.md): `set-down`
-- (the default), once it is put down there (or lies there) after an order;
-- `carried`, also while the player's robot stands there carrying it. The seed
-- gives no end (ours, docs/droids.md): the game ends when no container is
-- left on the board or in a robot's arms; the most containers win, equal
-- counts are a draw (line 169). The last robot on the board also wins
-- (line 135, the engine's rule).

local PER_PLAYER = 3 -- line 174: 6, 9 or 12 for 2, 3 or 4 players

local function containers_left(game)
  local n = game:count("container")
  for _, r in pairs(game.robots) do
    if r.carrying == "container" then n = n + 1 end
  end
  return n
end

return {
  setup = function(game)
    local keep = PER_PLAYER * #game.players
    local seen = 0
    for y = 0, game.height - 1 do
      for x = 0, game.width - 1 do
        if game:piece(x, y) == "container" then
          seen = seen + 1
          if seen > keep then game:set_piece(x, y, nil) end
        end
      end
    end
    for _, colour in ipairs(game.players) do game:set("delivered." .. colour, 0) end
  end,

  order_done = function(game, event)
    -- Line 175: a container put down on the player's own start square
    -- counts; read as `carried`, one carried by the player's robot standing
    -- there counts too.
    local reading = game:ruling("droids.container-home")
    local cite = " [ruling droids.container-home: " .. reading .. "]"
    for _, colour in ipairs(game.players) do
      local s = game.starts[colour]
      local robot = game.robots[colour]
      local how
      if game:piece(s.x, s.y) == "container" then
        game:set_piece(s.x, s.y, nil)
        how = "put down on its start square"
      elseif reading == "carried" and robot.carrying == "container"
          and robot.x == s.x and robot.y == s.y then
        game:set_carrying(colour, nil)
        how = "carried onto its start square"
      end
      if how then
        local n = game.vars["delivered." .. colour] + 1
        game:set("delivered." .. colour, n)
        game:say(colour .. " brings a container home: " .. n .. ", " .. how .. " (seed line 175)" .. cite)
      end
    end
    if containers_left(game) > 0 then return end
    local best, winners = -1, {}
    for _, colour in ipairs(game.players) do
      local n = game.vars["delivered." .. colour]
      if n > best then best, winners = n, { colour }
      elseif n == best then winners[#winners + 1] = colour end
    end
    if #winners == 1 then
      game:finish(winners, "every container is home; " .. winners[1] .. " has the most, " .. best .. " (seed line 169)")
    else
      game:finish({}, "every container is home; equal counts of " .. best .. ": a draw (seed line 169)")
    end
  end,
}
