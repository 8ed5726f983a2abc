-- Mission 4, building a shelter (seed 003_4ed30270cd5960fb.txt, lines
-- 177-189): the first player whose robot is walled in wins. Ours
-- (docs/droids.md), reading lines 187-188: the squares a robot could reach
-- from its own square, stepping to any of the eight neighbours and never
-- onto a fixed or mobile obstacle, form its shelter; the board's edge
-- closes it (line 187, "up to the edge"). Stepping diagonally means two
-- obstacles that touch only at a corner leave a gap, so the wall's
-- obstacles must touch by a side (line 188). The shelter must hold the
-- player's start square (line 187), no other player's start square, and
-- fewer than half the board's squares (so that the rest of the board,
-- closed by the same wall, is no shelter for the others). Which robots
-- inside spoil it is disputed (`droids.shelter-company`, docs/droids.md):
-- `players-only` (the default), another player's robot only; `alone`, any
-- other robot (a repair robot too).

local STEPS = { {1,0}, {-1,0}, {0,1}, {0,-1}, {1,1}, {1,-1}, {-1,1}, {-1,-1} }

local function wall(game, x, y)
  local t = game:terrain(x, y)
  return t == nil or t == "fixed" or game:piece(x, y) == "obstacle"
end

-- `wall`, read once a square for one hook call (`walls`: the squares read
-- so far, the board's edge included; the board does not change while
-- the hook looks).
local function walled(game, walls, x, y)
  local k = (y + 1) * (game.width + 2) + x + 1
  local w = walls[k]
  if w == nil then
    w = wall(game, x, y)
    walls[k] = w
  end
  return w
end

local function is_player(game, name)
  for _, colour in ipairs(game.players) do
    if colour == name then return true end
  end
  return false
end

-- Whether `colour`'s robot stands in a shelter, and the robot inside that
-- is no player's (a repair robot...), if any: under `alone` it spoils the
-- shelter, under `players-only` it does not.
local function sheltered(game, colour, walls)
  local me = game.robots[colour]
  if not me.x then return false end
  local start = game.starts[colour]
  local others, company = {}, {}
  for name, r in pairs(game.robots) do
    if name ~= colour and r.x then
      if is_player(game, name) then others[r.y * game.width + r.x] = true
      else company[r.y * game.width + r.x] = name end
    end
  end
  for c, s in pairs(game.starts) do
    if c ~= colour then others[s.y * game.width + s.x] = true end
  end
  local seen, queue, has_start, size, with = {}, { { me.x, me.y } }, false, 0, nil
  seen[me.y * game.width + me.x] = true
  while #queue > 0 do
    local sq = table.remove(queue)
    local i = sq[2] * game.width + sq[1]
    if others[i] then return false end
    with = with or company[i]
    size = size + 1
    if 2 * size >= game.width * game.height then return false end
    if sq[1] == start.x and sq[2] == start.y then has_start = true end
    for _, d in ipairs(STEPS) do
      local x, y = sq[1] + d[1], sq[2] + d[2]
      local j = y * game.width + x
      if not seen[j] and not walled(game, walls, x, y) then
        seen[j] = true
        queue[#queue + 1] = { x, y }
      end
    end
  end
  return has_start, with
end

return {
  order_done = function(game, event)
    local reading = game:ruling("droids.shelter-company")
    local cite = " [ruling droids.shelter-company: " .. reading .. "]"
    local winners, cited, walls = {}, false, {}
    for _, colour in ipairs(game.players) do
      if not game:is_out(colour) then
        local walled_in, with = sheltered(game, colour, walls)
        if walled_in and with and reading == "alone" then
          game:say(colour .. " is walled in with " .. with .. ": no shelter (seed lines 187-188)" .. cite)
        elseif walled_in then
          winners[#winners + 1] = colour
          cited = cited or with ~= nil
        end
      end
    end
    if #winners > 0 then
      game:finish(winners, table.concat(winners, " and ") .. (#winners > 1 and " are" or " is") .. " walled in (seed lines 187-188)"
        .. (cited and cite or ""))
    end
  end,
}
