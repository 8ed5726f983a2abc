-- Mission 7, robot-killer (seed 003_4ed30270cd5960fb.txt, lines 225-254).
-- Ours (docs/droids.md, each reading the line given):
--  * you carry 7 mobile obstacles (line 231) and have no red tiles to put
--    them down (line 236): a `move1` order of your robot sets one down on
--    the square it left, while you have any;
--  * how often the killer acts is disputed (`droids.killer-pace`, lines 117,
--    236-238, docs/droids.md): `per-order` (the default), after each of your
--    orders ("om beurt"); `per-round`, once a round ("per beurt"), after your
--    first order of the round (ours: the seed does not say when in the
--    round). The pace is the ruling's; the setting after the mission keeps
--    the killer's model. Each time it acts,
--    the die picks a row of CHART; it moves like a repair robot (line 242:
--    water does not stop it), stops at the edge (line 239), then shoots
--    north, east, south and west at once (line 245);
--  * the chart is used one way only (line 241 names two, not given);
--  * it is straitjacketed, and you win, when each of its four straight
--    neighbours is the board's edge, a fixed or a mobile obstacle (line 243);
--  * its model is the setting after the mission (`--mission 7:c`), `a` by
--    default (lines 247-254): the six models, of which line 246 announces 5.
--  * you lose when your player is out (line 133, or line 254's scrapheap).

local SUPPLY = 7

-- The die's face (0 to 9) -> what the killer does.
local CHART = {
  [0] = { "stay" },
  [1] = { "move", "N", 1 }, [2] = { "move", "E", 1 },
  [3] = { "move", "S", 1 }, [4] = { "move", "W", 1 },
  [5] = { "move", "N", "dash" }, [6] = { "move", "E", "dash" },
  [7] = { "move", "S", "dash" }, [8] = { "move", "W", "dash" },
  [9] = { "hunt" },
}

-- Lines 247-254: how its shots damage.
local MODELS = {
  a = { registers = 0, distance = true },   -- TSF1930: the standard rules
  b = { registers = 1, distance = false },  -- V 1948: any distance, 1
  c = { registers = 2, distance = true },   -- P403: 2
  d = { registers = 3, distance = true },   -- CAMX: 3
  e = { registers = 5, distance = true },   -- avion furtif: 5
  f = { scrap = true, distance = true },    -- fusée Ariane: scrapheap
}

local function closed(game, x, y)
  local t = game:terrain(x, y)
  return t == nil or t == "fixed" or game:piece(x, y) == "obstacle"
end

local function straitjacketed(game)
  local k = game.robots.killer
  for _, d in ipairs({ {1,0}, {-1,0}, {0,1}, {0,-1} }) do
    if not closed(game, k.x + d[1], k.y + d[2]) then return false end
  end
  return true
end

local function me(game) return game.players[1] end

return {
  setup = function(game)
    local model = game.setting or "a"
    if not MODELS[model] then
      error("killer model `" .. tostring(model) .. "`: a to f (seed lines 247-254)")
    end
    game:set("supply", SUPPLY)
  end,

  order_done = function(game, event)
    local colour = me(game)
    local robot = game.robots[colour]
    local from = event.from
    if event.robot == colour and string.sub(event.tile, 1, 5) == "move1" and from
       and (robot.x ~= from.x or robot.y ~= from.y)
       and (game.vars.supply or 0) > 0
       and game:piece(from.x, from.y) == nil and game:robot_at(from.x, from.y) == nil then
      game:set_piece(from.x, from.y, "obstacle")
      game:set("supply", game.vars.supply - 1)
    end
    if straitjacketed(game) then
      game:finish({ colour }, "the killer is straitjacketed (seed line 243)")
      return
    end
    local pace = game:ruling("droids.killer-pace")
    if pace == "per-round" then
      if game.vars["killer.round"] == game.round then return end
      game:set("killer.round", game.round)
    end
    local roll = game:roll()
    local row = CHART[roll]
    if row[1] == "move" then
      game:drive("killer", row[2], row[3])
    elseif row[1] == "hunt" then
      local k = game.robots.killer
      local dx, dy = robot.x - k.x, robot.y - k.y
      local dir
      if math.abs(dx) >= math.abs(dy) then dir = dx > 0 and "E" or "W"
      else dir = dy > 0 and "S" or "N" end
      game:drive("killer", dir, 1)
    end
    game:say("the killer rolls " .. roll .. ": " .. row[1] .. " (its chart, ours)"
      .. " [ruling droids.killer-pace: " .. pace .. "]")
    local how = MODELS[game.setting or "a"]
    for _, dir in ipairs({ "N", "E", "S", "W" }) do game:shoot("killer", dir, how) end
  end,

  round_ended = function(game, event)
    if game:is_out(me(game)) then
      game:finish({}, "the killer has eliminated you (seed line 227)")
    end
  end,
}
