-- Mission 6, duel in the labyrinth (seed 003_4ed30270cd5960fb.txt, lines
-- 212-223): each robot starts loaded with a mobile obstacle (line 215) and
-- has 12 in all, carried along (line 217). Ours (docs/droids.md): a robot
-- sets one down with a pick-up/put-down tile, the engine's rule; after any
-- order, a robot of a player with obstacles left that carries nothing is
-- loaded with the next one (line 218, "each time an order is given").
-- A robot is captured when none of its four straight neighbours is free
-- (line 222): the board's edge, a fixed or mobile obstacle or a robot
-- closes a side. Its player loses; when both are captured at once, the
-- player whose order it was wins (ours). The last robot also wins (line
-- 214, the engine's rule).

local SUPPLY = 12

local function captured(game, colour)
  local r = game.robots[colour]
  if not r.x then return false end
  for _, d in ipairs({ {1,0}, {-1,0}, {0,1}, {0,-1} }) do
    if game:free(r.x + d[1], r.y + d[2]) then return false end
  end
  return true
end

local function reload(game, colour)
  local left = game.vars["supply." .. colour] or 0
  if left > 0 and game.robots[colour].carrying == nil then
    game:set_carrying(colour, "obstacle")
    game:set("supply." .. colour, left - 1)
  end
end

return {
  setup = function(game)
    for _, colour in ipairs(game.players) do
      game:set("supply." .. colour, SUPPLY)
      reload(game, colour)
    end
  end,

  order_done = function(game, event)
    for _, colour in ipairs(game.players) do reload(game, colour) end
    local caught = {}
    for _, colour in ipairs(game.players) do
      if captured(game, colour) then caught[#caught + 1] = colour end
    end
    if #caught == 0 then return end
    local winner
    if #caught == 1 then
      for _, colour in ipairs(game.players) do
        if colour ~= caught[1] then winner = colour end
      end
    else
      winner = event.player
    end
    game:finish({ winner }, table.concat(caught, " and ") .. " captured, no free square beside it (seed line 222)")
  end,
}
