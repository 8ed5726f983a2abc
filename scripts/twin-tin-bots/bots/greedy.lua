-- The greedy bot: one turn of lookahead on a heuristic.
--
-- For every legal answer it simulates the game up to the next decision
-- (after a program change, that is its robots' whole turn) and keeps the
-- answer whose position `lib/heuristic.lua` values most: delivered points,
-- carried crystals, distance to crystals and to its own base. When the
-- answer leads to another program change of its own (the first turn's
-- second placement, a Double Modification) it looks at the best follow-up,
-- or at `pass` when passing is allowed. Ties go to a random answer.

local H = require("lib.heuristic")

local function is_mine(sim, me)
  local d = sim:legal()
  return d.kind == "program_change" and d.player == me, d
end

-- The value of `sim` for `me`, following its own further changes once.
local function settle(sim, me, depth)
  local mine, d = is_mine(sim, me)
  if not mine or depth == 0 or sim.over then
    return H.value(sim, me)
  end
  if d[1] == "pass" then
    return H.value(sim:simulate(1), me)
  end
  local best = -math.huge
  for i = 1, #d do
    best = math.max(best, settle(sim:simulate(i), me, depth - 1))
  end
  return best
end

---@type Bot
return {
  name = "greedy",
  choose = function(view, decision)
    local me = view.me
    return H.best_answer(#decision, function(i)
      return settle(view:simulate(i), me, 1)
    end)
  end,
}
