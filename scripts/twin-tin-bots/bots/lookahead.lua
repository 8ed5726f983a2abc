-- The lookahead bot: judges a program by running it for several turns.
--
-- A program stays in place from turn to turn, so a change is worth what it
-- does now and in the turns after. For every legal answer this bot
-- simulates the game for `ROUNDS` more rounds in which every player keeps
-- their programs (`pass`; a random placement where passing is not allowed,
-- the first zap effect and crystal hex), values the position with
-- `lib/heuristic.lua` each time its own turn is done, and keeps the answer
-- with the best discounted sum. Zap effects and crystal hexes are judged
-- the same way.

local H = require("lib.heuristic")

local ROUNDS = 3
local DISCOUNT = 0.7

-- Plays `sim` on with every player keeping their programs, adding up the
-- discounted value of each position right after one of `me`'s turns.
local function playout(sim, me, players)
  local total, weight = H.value(sim, me), 1
  local start = sim.turn
  local last = start + ROUNDS * players
  while not sim.over do
    local d = sim:legal()
    if d.kind == "program_change" then
      if d.player == me and sim.turn > start then
        weight = weight * DISCOUNT
        total = total + weight * H.value(sim, me)
      end
      if sim.turn >= last then break end
      sim:apply(d[1] == "pass" and 1 or math.random(#d))
    else
      sim:apply(1)
    end
  end
  if sim.over then
    total = total + H.value(sim, me)
  end
  return total
end

---@type Bot
return {
  name = "lookahead",
  choose = function(view, decision)
    local me, players = view.me, #view.players
    return H.best_answer(#decision, function(i)
      return playout(view:simulate(i), me, players)
    end)
  end,
}
