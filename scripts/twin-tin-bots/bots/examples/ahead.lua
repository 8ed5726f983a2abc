-- scripts/twin-tin-bots/bots/examples/ahead.lua: one turn of lookahead, two ideas.
local SIDES = { E = { 1, 0 }, SE = { 0, 1 }, SW = { -1, 1 }, W = { -1, 0 }, NW = { 0, -1 }, NE = { 1, -1 } }

local function distance(a, b)
  local dq, dr = a[1] - b[1], a[2] - b[2]
  return (math.abs(dq) + math.abs(dr) + math.abs(dq + dr)) // 2
end

-- How far my score is ahead of the best opponent's.
local function lead(view)
  local mine, best = 0, 0
  for _, p in ipairs(view.players) do
    if p.colour == view.me then mine = p.score else best = math.max(best, p.score) end
  end
  return mine - best
end

-- How far my robots are from their next job: the hex in front of an
-- empty-handed robot from a crystal, of a loaded robot from my base.
local function work_left(view)
  local base
  for _, b in ipairs(view.bases) do
    if b.owner == view.me then base = b.at end
  end
  local total = 0
  for _, r in ipairs(view.robots) do
    if r.owner == view.me then
      local side = SIDES[r.facing]
      local front = { r.at[1] + side[1], r.at[2] + side[2] }
      local nearest = 99
      if r.carrying > 0 then
        nearest = distance(front, base)
      else
        for _, c in ipairs(view.crystals) do
          nearest = math.min(nearest, distance(front, c.at))
        end
      end
      total = total + nearest
    end
  end
  return total
end

---@type Bot
return {
  name = "ahead",
  choose = function(view, decision)
    local best, best_value = 1, -math.huge
    for i = 1, #decision do
      local after = view:simulate(i)
      -- math.random breaks ties: without it, equal answers would always
      -- give the first one (often `pass`), and a stuck robot stays stuck.
      local value = 100 * lead(after) - work_left(after) + math.random()
      if value > best_value then best, best_value = i, value end
    end
    return best
  end,
}
