-- The labyrinth's capture (seed 003_4ed30270cd5960fb.txt, line 222), for
-- the search's test: a robot none of whose four straight neighbours is
-- free is captured and its player loses (scripts/droids/missions/
-- 6-labyrinth.lua has the whole mission).
local function captured(game, colour)
  local r = game.robots[colour]
  for _, d in ipairs({ {1,0}, {-1,0}, {0,1}, {0,-1} }) do
    if game:free(r.x + d[1], r.y + d[2]) then return false end
  end
  return true
end

return {
  order_done = function(game, event)
    for _, colour in ipairs(game.players) do
      if captured(game, colour) then
        local winner = colour == "red" and "yellow" or "red"
        game:finish({ winner }, colour .. " captured, no free square beside it (seed line 222)")
        return
      end
    end
  end,
}
