-- Conveyors (house rule): "at the end of every turn, whatever stands on a
-- conveyor is pushed one hex along it, by the normal push rules."
--
-- A conveyor is a floor kind with a direction (`facing`): scenarios write
-- `[[terrain]] kind = "conveyor" at = [q, r] facing = "E"`, the setup hook
-- `s:place("conveyor", hex, "E")`.
--
-- turn_ended asks for one game:push per loaded conveyor. The engine applies
-- the pushes after the hook returns, one after the other, by the normal
-- rules (one piece ahead may be pushed; a base, the edge or two in a row
-- stop it, and nothing moves). The hook sees the board as the turn left it,
-- so the order of the pushes is the rule:
--   * farthest along first: a conveyor moves after every loaded conveyor
--     ahead of it on its belt (its "depth" is how many loaded conveyors lie
--     ahead, following each conveyor's direction); ties in board order.
--     So a belt empties from its end, and a piece carried onto the next
--     conveyor is not carried again: each piece rides at most one conveyor
--     per turn. (It may still be pushed ahead by a piece that rides into it.)
--   * a closed loop of loaded conveyors (two conveyors pointing at each
--     other, both loaded, or a full ring) is jammed: nothing on it moves.
--     On a full ring every piece would have to move into a hex whose piece
--     moves too, which is no push by the normal rules.
--   * bases never move; anything else is pushed, and a piece that cannot
--     be pushed (a rock) leaves an "ignored" event.
-- Not followed: a belt that continues beyond a teleporter (the depth counts
-- only conveyors that are next to each other).

local STEP = {
  E = { 1, 0 }, NE = { 1, -1 }, NW = { 0, -1 },
  W = { -1, 0 }, SW = { -1, 1 }, SE = { 0, 1 },
}
local DIRECTIONS = { "E", "NE", "NW", "W", "SW", "SE" }

local function key(h)
  return h[1] .. "," .. h[2]
end

local function ahead(h, facing, n)
  local s = STEP[facing]
  return { h[1] + n * s[1], h[2] + n * s[2] }
end

local function distance(h)
  return (math.abs(h[1]) + math.abs(h[2]) + math.abs(h[1] + h[2])) // 2
end

return {
  turn_ended = function(game)
    -- The loaded conveyors, in board order.
    local loaded, by_hex = {}, {}
    for _, t in ipairs(game:terrain()) do
      if t.kind == "conveyor" then
        if STEP[t.facing] == nil then
          error("the conveyor at " .. key(t.at) .. " has no direction (give it a facing)")
        end
        local piece = game:piece(t.at)
        if piece ~= nil and piece.kind ~= "base" then
          local c = { at = t.at, facing = t.facing, order = #loaded + 1 }
          loaded[#loaded + 1] = c
          by_hex[key(t.at)] = c
        end
      end
    end
    -- How many loaded conveyors lie ahead of each; jammed if the chain
    -- comes back to it.
    local moving = {}
    for _, c in ipairs(loaded) do
      local depth, seen, here = 0, {}, c
      while true do
        local onward = by_hex[key(ahead(here.at, here.facing, 1))]
        if onward == nil then
          break
        elseif onward == c then
          c.jammed = true
          break
        elseif seen[onward] then
          break -- runs into a jammed loop: the normal rules block it
        end
        seen[onward] = true
        depth = depth + 1
        here = onward
      end
      if not c.jammed then
        c.depth = depth
        moving[#moving + 1] = c
      end
    end
    table.sort(moving, function(a, b)
      if a.depth ~= b.depth then
        return a.depth < b.depth
      end
      return a.order < b.order
    end)
    for _, c in ipairs(moving) do
      game:push(c.at, c.facing)
    end
  end,

  -- A standard game gets one belt of three conveyors in a line, pointing
  -- toward the centre, chosen with the game's seed among the lines that
  -- fit: three free hexes off the outer ring and off the centre, each no
  -- farther from the centre than the one before, and the hex the belt
  -- leads to nearer the centre than its first conveyor.
  setup = function(s)
    local radius = s.arena_radius
    local choices = {}
    for _, start in ipairs(s:hexes()) do
      for _, dir in ipairs(DIRECTIONS) do
        local fits = distance(ahead(start, dir, 3)) < distance(start)
        for n = 0, 2 do
          local h = ahead(start, dir, n)
          local d = distance(h)
          local off_rings = d < 1 or d > radius - 1
          local outward = distance(ahead(start, dir, n + 1)) > d
          if off_rings or outward or s:at(h) ~= nil then
            fits = false
          end
        end
        if fits then
          choices[#choices + 1] = { start = start, dir = dir }
        end
      end
    end
    if #choices == 0 then
      return
    end
    local pick = choices[s:random(#choices)]
    for n = 0, 2 do
      s:place("conveyor", ahead(pick.start, pick.dir, n), pick.dir)
    end
  end,
}
