-- Random terrain: the online "Advanced Game" (002_ae8ae07e801960f9.txt:
-- "At Yucata there is a so called 'Advanced Game' play variant which
-- randomly adds Teleporters, Rocks, Blobs and/or Mud"), placed by the
-- rulebook's setup rule (000_f177823dad35ee93.txt: Teleporters, Rocks and
-- Blobs setup): "During setup, do not place Teleporters, Rocks or Blobs on
-- the board's outer ring, next to a Base, a Teleporter, a Blob or a Rock."
--
-- What the pieces do comes from the variants this one needs (teleporters,
-- rocks, blobs, mud); this script only places them, once, at setup, using
-- nothing but s:random, so the same seed gives the same board.
--
-- Amounts (our decision; the rules give none). With R the arena's radius
-- (4 for 2-4 players, 5 for 5-6) and M = max(1, R - 2):
--   teleporter pairs  0..M  (colours yellow, blue, red, in that order;
--                            the rulebook has at most three pairs)
--   rocks             0..M
--   blobs             0..M
--   mud hexes         0..M+1
-- each drawn uniformly. If all four come out 0, one piece of a kind drawn
-- at random is added, so there is always some terrain ("and/or").
--
-- Where (our decisions where the rules are silent, in brackets):
--   every kind: not on the outer ring, not on an occupied hex (robot,
--     crystal, base, terrain), [not on the centre, where new crystals
--     enter play];
--   teleporters, rocks, blobs: not next to a base, a teleporter, a blob or
--     a rock (the rule);
--   [mud: may touch anything, mud included: the rule does not list it].
-- Each piece goes on a hex drawn uniformly among the hexes still legal for
-- it (teleporters first, a pair at a time, then rocks, blobs, mud). When no
-- legal hex is left, fewer are placed: a teleporter whose partner finds no
-- hex is taken away again, so teleporters always come in pairs.

-- The kinds that keep their distance from one another (and from bases).
local SPACED = { base = true, teleporter = true, rock = true, blob = true }

local PAIR_COLOURS = { "yellow", "blue", "red" }

-- The six axial steps (DESIGN.md: E, NE, NW, W, SW, SE).
local STEPS = { { 1, 0 }, { 1, -1 }, { 0, -1 }, { -1, 0 }, { -1, 1 }, { 0, 1 } }

-- How many steps a hex is from the centre: its ring.
local function ring(h)
  local q, r = h[1], h[2]
  return (math.abs(q) + math.abs(r) + math.abs(q + r)) // 2
end

-- Whether `kind` may go on hex h now.
local function legal(s, kind, h)
  local index = ring(h)
  if index == 0 or index >= s.arena_radius then
    return false
  end
  if s:at(h) ~= nil then
    return false
  end
  if kind == "mud" then
    return true
  end
  for _, d in ipairs(STEPS) do
    local n = s:at({ h[1] + d[1], h[2] + d[2] })
    if n ~= nil and SPACED[n.kind] then
      return false
    end
  end
  return true
end

-- Places one `kind` on a random legal hex; returns the hex, or nil when
-- none is left.
local function place_one(s, kind, extra)
  local free = {}
  for _, h in ipairs(s:hexes()) do
    if legal(s, kind, h) then
      free[#free + 1] = h
    end
  end
  if #free == 0 then
    return nil
  end
  local h = free[s:random(#free)]
  s:place(kind, h, extra)
  return h
end

return {
  setup = function(s)
    -- The variants this one needs set up their own default layouts first
    -- (variants apply after those they need): the Advanced Game deals its
    -- own random mix instead, so clear them.
    for _, h in ipairs(s:hexes()) do
      s:remove(h)
    end
    local most = math.max(1, s.arena_radius - 2)
    local counts = {
      teleporter = s:random(most + 1) - 1, -- pairs
      rock = s:random(most + 1) - 1,
      blob = s:random(most + 1) - 1,
      mud = s:random(most + 2) - 1,
    }
    local order = { "teleporter", "rock", "blob", "mud" }
    if counts.teleporter + counts.rock + counts.blob + counts.mud == 0 then
      counts[order[s:random(#order)]] = 1
    end

    for pair = 1, math.min(counts.teleporter, #PAIR_COLOURS) do
      local colour = PAIR_COLOURS[pair]
      local first = place_one(s, "teleporter", colour)
      if first == nil then
        break
      end
      if place_one(s, "teleporter", colour) == nil then
        s:remove(first)
        break
      end
    end
    for _, kind in ipairs({ "rock", "blob", "mud" }) do
      for _ = 1, counts[kind] do
        if place_one(s, kind) == nil then
          break
        end
      end
    end
  end,
}
