-- The racer: simulates programs and keeps the one nearest its next flag.
-- On its first card decision of a turn it tries up to CANDIDATES programs
-- (shuffles of its hand into its free registers, then "go"), simulates
-- each with view:simulate, and keeps the one that ends nearest (in steps
-- around walls and pits) to its next flag without being destroyed; it then answers the
-- rest of that program. Powers down when badly damaged, faces its next
-- flag when it comes back, repairs on a two-wrench site.

local CANDIDATES = 40
local POWER_DOWN_AT = 6

-- The program chosen this turn: the card texts for registers 1..5.
local plan = { turn = nil, cards = {} }

local function my_robot(view)
  return view.robots[view.seat]
end

local STEPS = { N = { 0, -1 }, E = { 1, 0 }, S = { 0, 1 }, W = { -1, 0 } }
local BACK = { N = "S", E = "W", S = "N", W = "E" }

-- Steps from every square to each flag, around walls and pits (a
-- breadth-first search from the flag, made once per flag: boards do not
-- change). Squares it cannot reach are missing.
local maps = {}

local function flag_map(view, flag)
  local board = view.board
  local key = board.name .. "#" .. flag.number
  if maps[key] then return maps[key] end
  local w = board.width
  local squares = {}
  local function at(x, y)
    local i = y * w + x
    if squares[i] == nil then squares[i] = board:square(x, y) end
    return squares[i]
  end
  local dist = { [flag.y * w + flag.x] = 0 }
  local queue, head = { { flag.x, flag.y } }, 1
  while head <= #queue do
    local x, y = queue[head][1], queue[head][2]
    head = head + 1
    local d = dist[y * w + x]
    for side, step in pairs(STEPS) do
      local nx, ny = x + step[1], y + step[2]
      if nx >= 0 and ny >= 0 and nx < w and ny < board.height
        and dist[ny * w + nx] == nil and not at(x, y).walls[side] then
        local sq = at(nx, ny)
        if sq.kind ~= "pit" and sq.kind ~= "off" and not sq.walls[BACK[side]] then
          dist[ny * w + nx] = d + 1
          queue[#queue + 1] = { nx, ny }
        end
      end
    end
  end
  maps[key] = dist
  return dist
end

-- Steps from (x, y) to the flag: along the board where it can be walked,
-- else a Manhattan distance with a penalty.
local function distance(view, x, y, flag)
  local d = flag_map(view, flag)[y * view.board.width + x]
  if d then return d end
  return 2 * (math.abs(x - flag.x) + math.abs(y - flag.y)) + 10
end

-- How good an ending is: lower is better.
local function cost(view, ending, flag, flags_before)
  if ending.destroyed or ending.x == nil then
    return 1000 + ending.damage
  end
  local score = ending.damage * 0.3
  if ending.flags > flags_before then
    score = score - 100
  end
  if flag then
    score = score + distance(view, ending.x, ending.y, flag)
  end
  return score
end

-- The registers from `from` on that this turn's program fills (not
-- locked), in order.
local function free_registers(view, from)
  local locked = {}
  for _, r in ipairs(view.locked) do locked[r] = true end
  local free = {}
  -- A variant's timer may leave the last registers to chance.
  for r = from, view.chosen or 5 do
    if not locked[r] then free[#free + 1] = r end
  end
  return free
end

local function shuffled(list)
  local copy = {}
  for i, v in ipairs(list) do copy[i] = v end
  for i = #copy, 2, -1 do
    local j = math.random(i)
    copy[i], copy[j] = copy[j], copy[i]
  end
  return copy
end

local function plan_program(view, decision)
  local me = my_robot(view)
  local flag = view.board.next_flag
  local free = free_registers(view, decision.register)
  local hand = {}
  for i, card in ipairs(view.hand) do hand[i] = card.text end
  local best, best_cost = nil, math.huge
  for _ = 1, CANDIDATES do
    local cards = shuffled(hand)
    local answers = {}
    for i = 1, #free do answers[i] = cards[i] end
    answers[#answers + 1] = "go"
    local ending = view:simulate(answers)
    local c = cost(view, ending, flag, me.flags)
    if c < best_cost then
      best, best_cost = answers, c
    end
  end
  plan.turn = view.turn
  plan.cards = {}
  for i, r in ipairs(free) do plan.cards[r] = best[i] end
end

local function has(answers, text)
  for i, a in ipairs(answers) do
    if a == text then return i end
  end
  return nil
end

local function toward(view, flag)
  local me = my_robot(view)
  local x, y = me.archive.x, me.archive.y
  local dx, dy = flag.x - x, flag.y - y
  if math.abs(dx) > math.abs(dy) then
    return dx > 0 and "E" or "W"
  end
  return dy > 0 and "S" or "N"
end

return {
  name = "racer",
  choose = function(view, decision)
    local kind = decision.kind
    if kind == "card" then
      if plan.turn ~= view.turn or plan.cards[decision.register] == nil
        or not has(decision.answers, plan.cards[decision.register]) then
        plan_program(view, decision)
      end
      return has(decision.answers, plan.cards[decision.register]) or 1
    elseif kind == "power_down" then
      if my_robot(view).damage >= POWER_DOWN_AT then return "power_down" end
      return "go"
    elseif kind == "stay_or_wake" then
      if my_robot(view).damage >= POWER_DOWN_AT then return "stay" end
      return "wake"
    elseif kind == "facing" then
      local flag = view.board.next_flag
      if flag then
        local f = toward(view, flag)
        if has(decision.answers, f) then return f end
      end
      return 1
    elseif kind == "two_wrench" then
      return has(decision.answers, "repair") or 1
    elseif kind == "damage_option" then
      return has(decision.answers, "take") or 1
    elseif kind == "use_option" then
      -- The plan counted on the cards as they are: only the arm, which
      -- touches a flag without moving, obviously pays.
      if decision.option == "mechanical_arm" then return "use" end
      return has(decision.answers, "skip") or 1
    end
    return 1
  end,
}
