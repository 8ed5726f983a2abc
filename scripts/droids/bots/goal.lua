-- A Droids bot that plays for the mission's goal without looking ahead:
-- it lays its tiles as a chain that follows its own robot (each tile in the
-- column where the robot will stand once the tiles before it have run, seed
-- line 118), so that it can always turn one up and is never out (line
-- 133); it prefers moves towards its target (the statue while it lies
-- free, then its own start square with the statue; else the nearest
-- other player's robot, to shoot it, push it or close it in) and shots
-- along a line that holds another player's robot. Win rates against
-- `random` are in docs/droids.md.

local DX = { N = 0, NE = 1, E = 1, SE = 1, S = 0, SW = -1, W = -1, NW = -1 }
local DY = { N = -1, NE = -1, E = 0, SE = 1, S = 1, SW = 1, W = 0, NW = -1 }
local STEPS = { move1 = 1, move2 = 2, diag = 1, swim = 1, dash = 3 }

local start -- my robot's square in the first decision: its start square
local plan  -- this round: where my robot will stand, and tiles per column

local function robot(view, name)
  for _, r in ipairs(view.robots) do
    if r.name == name then return r end
  end
end

local function split(text)
  local kind, dir = string.match(text, "^(%S+) (%S+)")
  return kind, dir
end

-- Where `tile` would take a robot at (x, y), roughly (no obstacles).
local function after(tile, x, y)
  local kind, dir = split(tile)
  local n = STEPS[kind]
  if not n then return x, y end
  return x + DX[dir] * n, y + DY[dir] * n
end

local function target(view, me)
  local statue = robot(view, "statue")
  if statue and statue.x then return statue.x, statue.y, "statue" end
  if me.carrying == "statue" and start then return start.x, start.y, "home" end
  local best, bx, by
  for _, r in ipairs(view.robots) do
    if r.name ~= view.me and r.x and r.name ~= "statue" and string.sub(r.name, 1, 5) ~= "grey." then
      local d = math.abs(r.x - me.x) + math.abs(r.y - me.y)
      if not best or d < best then best, bx, by = d, r.x, r.y end
    end
  end
  return bx, by, "robot"
end

-- How good `tile` is from (x, y): closer to the target, shots in line.
local function score(view, tile, x, y)
  local kind, dir = split(tile)
  local me = robot(view, view.me)
  local tx, ty, what = target(view, me)
  if kind == "grab" then
    if what == "statue" and tx == x + DX[dir] and ty == y + DY[dir] then return 50 end
    if what == "home" and tx == x + DX[dir] and ty == y + DY[dir] then return 100 end
    return -1
  end
  if kind == "shoot" and tx and what == "robot" then
    local dx, dy = tx - x, ty - y
    if (dx == 0 and DX[dir] == 0 and dy * DY[dir] > 0) or (dy == 0 and DY[dir] == 0 and dx * DX[dir] > 0) then
      return 20
    end
    return -1
  end
  if STEPS[kind] and tx then
    local nx, ny = after(tile, x, y)
    local before = math.abs(tx - x) + math.abs(ty - y)
    local now = math.abs(tx - nx) + math.abs(ty - ny)
    return before - now
  end
  return -2
end

local function choose_lay(view, decision)
  local me = robot(view, view.me)
  if not plan or plan.round ~= view.round then
    plan = { round = view.round, x = me.x, y = me.y, count = {} }
  end
  local best, best_score
  for i, text in ipairs(decision.answers) do
    local tile, column = string.match(text, "^lay (.+) at (%d+)$")
    if tile and tonumber(column) == plan.x and string.sub(tile, 1, 1) ~= "g"
       and not (string.sub(tile, 1, 6) == "repair") then
      local s = score(view, tile, plan.x, plan.y)
      local nx = after(tile, plan.x, plan.y)
      if nx < 0 or nx > 9 then s = s - 10 end
      if not best_score or s > best_score then best, best_score = i, s end
    end
  end
  if not best then return "stop" end
  local tile = string.match(decision.answers[best], "^lay (.+) at")
  plan.x, plan.y = after(tile, plan.x, plan.y)
  plan.x = math.max(0, math.min(9, plan.x))
  plan.y = math.max(0, math.min(9, plan.y))
  return best
end

return {
  name = "goal",
  choose = function(view, decision)
    local me = robot(view, view.me)
    if not start and me and me.x then start = { x = me.x, y = me.y } end
    if decision.kind == "lay" then return choose_lay(view, decision) end
    if decision.kind == "draw" then
      -- Mostly moves, some actions: the draw closest to 4 purple and 3
      -- red, with no grey (the chain follows its own robot) and no blue
      -- beyond 1 (only for leaving water).
      local best, best_cost
      for i, text in ipairs(decision.answers) do
        local n = {}
        for colour, count in string.gmatch(text, "(%a+) (%d+)") do n[colour] = tonumber(count) end
        local cost = math.abs((n.purple or 0) - 4) + math.abs((n.red or 0) - 3)
          + 2 * (n.grey or 0) + 2 * math.max(0, (n.blue or 0) - 1)
        if not best_cost or cost < best_cost then best, best_cost = i, cost end
      end
      return best
    end
    return 1
  end,
}
