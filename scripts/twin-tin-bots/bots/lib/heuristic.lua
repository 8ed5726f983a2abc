-- What the shipped bots think a position is worth, and hex arithmetic.
--
-- `value(view, me)` scores a view for the player `me` (a colour): delivered
-- and carried points first, then how close each of `me`'s robots is to its
-- next job — the hex in front of an empty-handed robot near a crystal (0
-- when it can load it), the hex in front of a loaded robot near its base
-- (0 when it can unload into it). Higher is better; a won game is worth
-- 1e6, a lost one -1e6.

local H = {}

-- Axial offsets of the six sides, clockwise from east (DESIGN.md).
H.DIRECTIONS = {
  E = { 1, 0 }, SE = { 0, 1 }, SW = { -1, 1 },
  W = { -1, 0 }, NW = { 0, -1 }, NE = { 1, -1 },
}

--- Hex distance between two `{q, r}` hexes.
function H.distance(a, b)
  local dq, dr = a[1] - b[1], a[2] - b[2]
  return (math.abs(dq) + math.abs(dr) + math.abs(dq + dr)) // 2
end

--- The hex in front of `at` facing `facing`.
function H.ahead(at, facing)
  local d = H.DIRECTIONS[facing]
  return { at[1] + d[1], at[2] + d[2] }
end

local function base_of(view, colour)
  for _, b in ipairs(view.bases) do
    if b.owner == colour then return b.at end
  end
end

-- How far an empty-handed robot whose front hex is `front` is from a
-- crystal worth having (loose, or carried by an opponent's robot).
local function to_crystal(view, me, front)
  local best = math.huge
  for _, c in ipairs(view.crystals) do
    best = math.min(best, 4 * H.distance(front, c.at) - c.value)
  end
  for _, o in ipairs(view.robots) do
    if o.owner ~= me and o.carrying > 0 then
      best = math.min(best, 4 * H.distance(front, o.at) - o.carrying + 3)
    end
  end
  return best
end

--- How good `view` is for `me` (default: the viewer).
function H.value(view, me)
  me = me or view.me
  if view.over then
    for _, w in ipairs(view.winners) do
      if w == me then return 1e6 end
    end
    return -1e6
  end
  local mine, best_other = 0, 0
  for _, p in ipairs(view.players) do
    if p.colour == me then
      mine = p.score
    else
      best_other = math.max(best_other, p.score)
    end
  end
  local value = 100 * mine - 30 * best_other
  local base = base_of(view, me)
  for _, r in ipairs(view.robots) do
    if r.owner == me then
      local front = H.ahead(r.at, r.facing)
      if r.carrying > 0 and base then
        value = value - 6 * H.distance(front, base) - 2 * H.distance(r.at, base)
      else
        local d = to_crystal(view, me, front)
        if d < math.huge then value = value - 3 * d end
      end
    end
  end
  return value
end

--- The answer (an index, 1 to `count`) whose `value(i)` is highest; ties
--- go to a random one, so that equal answers do not always give the first
--- (often `pass`) and a stuck robot does not stay stuck.
function H.best_answer(count, value)
  local best, best_value = 1, -math.huge
  for i = 1, count do
    local v = value(i) + math.random() * 1e-3
    if v > best_value then
      best, best_value = i, v
    end
  end
  return best
end

return H
