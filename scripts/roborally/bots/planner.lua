-- The planner: plans its five registers together with view:simulate.
--
-- On its first card decision of a turn it searches the programs its hand
-- can make: a beam search, register by register, that plays each partial
-- program natively up to the end of its last register phase
-- (view:simulate(answers, phase): belts, pushers, gears, crushers, lasers
-- and pits all act) and keeps the best few; the best complete programs are
-- then played again on a few samples of what it cannot see, and the best
-- on average is kept for the whole turn (the later card decisions answer
-- from that plan).
--
-- An ending is judged by what is left of the race: the cost, in squares'
-- worth, of reaching the next flag from that square *and facing* (a
-- Dijkstra search over square and facing that goes around walls and pits
-- and counts a turn as dearer than a step, made once per flag), plus the
-- legs between the flags still to touch, plus damage (dearer once
-- registers lock) and death (dearer on the last life). A square on a belt
-- counts half where the belt will carry it.
--
-- It powers down when damage has locked registers and the program ends on
-- a quiet square, stays down while badly damaged, comes back facing along
-- its path, and repairs on a two-wrench site when damaged.
--
-- Options: its simulations answer its option questions from standing
-- answers (run-time options skipped, the main laser fired, its
-- turn-programmed options as planned). It programs those options with the
-- program (each setting judged by simulation, the card laid on Flywheel or
-- Conditional by kind), answers a run-time question (Brakes, Fourth Gear,
-- Reverse Gears, Abort Switch, Conditional, Mechanical Arm, ...) by
-- simulating `use` and `skip` to the end of the turn, picks the weapon
-- whose phase ends worst for the others, recompiles a hand that makes
-- little way, gives up its least useful option for a damage point that
-- would lock a register or destroy it, and loses its least useful one when
-- destroyed.

-- Beam width: partial programs kept at each register, at most; fewer
-- with many robots, whose answers make each simulation dearer (see
-- search_sizes).
local BEAM = 30
-- Instructions of the decision's budget (10 million) the simulations may
-- take: each costs 2000, and 200 per answer played (about 6 a robot).
local SIMULATION_BUDGET = 5000000
-- Complete programs played again, and the samples each.
local FINALISTS = 10
local SAMPLES = 5
-- A simulation in which a robot holds options runs their scripts, and
-- costs several times more: the simulations are divided by this then, and
-- the finalists and their samples cut to these.
local ARMED_DIVISOR = 4
local ARMED_FINALISTS = 5
local ARMED_SAMPLES = 3

-- Costs, in squares' worth (a move card averages about 1.7 squares).
local TURN_COST = 1.7 -- a quarter turn: one register
local UTURN_COST = 2.2 -- a u-turn: one register, and rarer
local BACK_COST = 1.8 -- one square backwards: one register
local DAMAGE_COST = 0.6 -- each damage point (a card less in hand)
local LOCK_COST = 2.5 -- more for each damage point from 5 (a locked register)
local DEATH_COST = 30 -- destroyed: the rest of the turn, a life, 2 damage
local LAST_LIFE_COST = 1000 -- destroyed with no life left: out of the race
local UNREACHABLE = 60 -- a square that the search did not reach

-- Samples of each answer to a run-time option, a weapon or a
-- turn-programmed option's setting.
local OPTION_SAMPLES = 2
-- A hand whose best program makes less way than this is recompiled.
local RECOMPILE_BELOW = 3
-- The worth of the others' losses against mine, when choosing a weapon or
-- a turret's side.
local RIVAL_WEIGHT = 1

-- What each option is worth to the planner, in squares (a damage point
-- costs 0.6, one that locks a register 3.1): the least worth is given up
-- first. Circuit Breaker only hurts a bot that powers down when it pays.
local OPTION_WORTH = {
  circuit_breaker = -1, scrambler = 0.3, radio_control = 0.3, fire_control = 0.5,
  tractor_beam = 0.5, ramming_gear = 0.6, pressor_beam = 0.8, turret = 0.8,
  rear_laser = 0.8, abort_switch = 0.8, mini_howitzer = 1, double_barrel_laser = 1,
  high_power_laser = 1, power_down_shield = 1, reverse_gears = 1, superior_archive = 1.5,
  conditional = 1.5, flywheel = 1.5, recompile = 1.5, brakes = 1.5,
  gyroscopic_stabilizer = 1.5, grappling_hook = 1.5, overdrive = 1.5, fourth_gear = 2,
  mechanical_arm = 2, shield = 2, ablative_coat = 4, extra_memory = 4,
}
-- Cards laid on Flywheel or Conditional, best first.
local KEEP_ORDER = { "move_3", "move_2", "move_1", "rotate_right", "rotate_left", "u_turn", "back_up" }

-- Power down from this damage (registers lock from 5).
local POWER_DOWN_AT = 5
-- Stay down while damaged this much.
local STAY_DOWN_AT = 5

local DIRS = { "N", "E", "S", "W" }
local INDEX = { N = 1, E = 2, S = 3, W = 4 }
local STEP = { N = { 0, -1 }, E = { 1, 0 }, S = { 0, 1 }, W = { -1, 0 } }
local BACK = { N = "S", E = "W", S = "N", W = "E" }
local RIGHT = { N = "E", E = "S", S = "W", W = "N" }
local LEFT = { N = "W", E = "N", S = "E", W = "S" }

local function my_robot(view)
  return view.robots[view.seat]
end

local function has(answers, text)
  for i, a in ipairs(answers) do
    if a == text then return i end
  end
  return nil
end

---------------------------------------------------------------------------
-- The board, read once per board name.

local boards = {}

local function board_info(view)
  local board = view.board
  local info = boards[board.name]
  if info then return info end
  local w, h = board.width, board.height
  local squares = {}
  for y = 0, h - 1 do
    for x = 0, w - 1 do
      squares[y * w + x] = board:square(x, y)
    end
  end
  info = { w = w, h = h, squares = squares, maps = {}, legs = {} }
  boards[board.name] = info
  return info
end

local function square_at(info, x, y)
  if x < 0 or y < 0 or x >= info.w or y >= info.h then return nil end
  return info.squares[y * info.w + x]
end

local function deadly(sq)
  return sq == nil or sq.kind == "pit" or sq.kind == "off"
end

-- Whether a robot can step from (x, y) one square toward `side`; the
-- square it reaches, or nil (a wall: it stays; deadly: it must not).
local function step_to(info, x, y, side)
  local here = square_at(info, x, y)
  if here.walls[side] then return nil end
  local s = STEP[side]
  local nx, ny = x + s[1], y + s[2]
  local there = square_at(info, nx, ny)
  if deadly(there) or there.walls[BACK[side]] then return nil end
  return nx, ny
end

---------------------------------------------------------------------------
-- Cost from every (square, facing) to a flag: Dijkstra backwards from the
-- flag over the moves a card makes (a step forward, a step back, a turn).

local function heap_push(heap, cost, key)
  local n = #heap + 1
  heap[n] = { cost, key }
  while n > 1 do
    local p = n // 2
    if heap[p][1] <= heap[n][1] then break end
    heap[p], heap[n] = heap[n], heap[p]
    n = p
  end
end

local function heap_pop(heap)
  local top = heap[1]
  local last = heap[#heap]
  heap[#heap] = nil
  local n = #heap
  if n > 0 then
    heap[1] = last
    local i = 1
    while true do
      local l, r, m = 2 * i, 2 * i + 1, i
      if l <= n and heap[l][1] < heap[m][1] then m = l end
      if r <= n and heap[r][1] < heap[m][1] then m = r end
      if m == i then break end
      heap[i], heap[m] = heap[m], heap[i]
      i = m
    end
  end
  return top
end

-- The key of (x, y, facing).
local function key_of(info, x, y, f)
  return (y * info.w + x) * 4 + INDEX[f] - 1
end

local function flag_map(info, flag)
  local map = info.maps[flag.number]
  if map then return map end
  map = {}
  local heap = {}
  for _, f in ipairs(DIRS) do
    local k = key_of(info, flag.x, flag.y, f)
    map[k] = 0
    heap_push(heap, 0, k)
  end
  while #heap > 0 do
    local top = heap_pop(heap)
    local d, k = top[1], top[2]
    if d <= map[k] then
      local f = DIRS[k % 4 + 1]
      local cell = k // 4
      local x, y = cell % info.w, cell // info.w
      local function relax(px, py, pf, cost)
        local pk = key_of(info, px, py, pf)
        local nd = d + cost
        if map[pk] == nil or nd < map[pk] then
          map[pk] = nd
          heap_push(heap, nd, pk)
        end
      end
      -- Came forward facing f from the square behind (the walls between
      -- two squares block both ways, so the step back checks them).
      local bx, by = step_to(info, x, y, BACK[f])
      if bx then relax(bx, by, f, 1) end
      -- Came backwards facing f from the square in front.
      local fx, fy = step_to(info, x, y, f)
      if fx then relax(fx, fy, f, BACK_COST) end
      relax(x, y, LEFT[f], TURN_COST) -- turned right from facing left of f
      relax(x, y, RIGHT[f], TURN_COST)
      relax(x, y, BACK[f], UTURN_COST)
    end
  end
  info.maps[flag.number] = map
  return map
end

local function flag_by_number(view, n)
  for _, f in ipairs(view.board.flags) do
    if f.number == n then return f end
  end
  return nil
end

-- Cost from (x, y, facing) to flag n, not counting belts.
local function raw_cost(view, info, x, y, facing, n)
  local flag = flag_by_number(view, n)
  if not flag then return 0 end
  local c = flag_map(info, flag)[key_of(info, x, y, facing)]
  if c then return c end
  return UNREACHABLE + math.abs(x - flag.x) + math.abs(y - flag.y)
end

-- Where a belt carries a robot in one phase (express: two squares), and
-- its facing then; deadly is true when it is carried into a pit or off.
local function carry(info, x, y, facing)
  local sq = square_at(info, x, y)
  if sq.kind ~= "conveyor" and sq.kind ~= "express" then return nil end
  local moves = sq.kind == "express" and 2 or 1
  for m = 1, moves do
    sq = square_at(info, x, y)
    if m > 1 and sq.kind ~= "express" then break end
    local to = sq.to
    if sq.walls[to] then break end
    local s = STEP[to]
    local nx, ny = x + s[1], y + s[2]
    local there = square_at(info, nx, ny)
    if deadly(there) then return x, y, facing, true end
    if there.walls[BACK[to]] then break end
    -- A belt turning 90 degrees turns the robot the same way.
    if (there.kind == "conveyor" or there.kind == "express") and there.to ~= to then
      if RIGHT[to] == there.to then
        facing = RIGHT[facing]
      elseif LEFT[to] == there.to then
        facing = LEFT[facing]
      end
    end
    x, y = nx, ny
  end
  return x, y, facing, false
end

-- The legs between flags n and n+1, ..., the last: cost of the race left
-- once flag n is reached.
local function legs_after(view, info, n)
  if info.legs[n] then return info.legs[n] end
  local total = 0
  local flags = #view.board.flags
  for j = n, flags - 1 do
    local a = flag_by_number(view, j)
    local best = math.huge
    for _, f in ipairs(DIRS) do
      best = math.min(best, raw_cost(view, info, a.x, a.y, f, j + 1))
    end
    total = total + best
  end
  info.legs[n] = total
  return total
end

-- What is left of the race from (x, y, facing) with `flags` touched.
local function race_left(view, info, x, y, facing, flags)
  local n = flags + 1
  if n > #view.board.flags then return 0 end
  local c = raw_cost(view, info, x, y, facing, n)
  local cx, cy, cf, dies = carry(info, x, y, facing)
  if cx then
    if dies then
      c = c + 8
    else
      c = 0.5 * c + 0.5 * raw_cost(view, info, cx, cy, cf, n)
    end
  end
  return c + legs_after(view, info, n)
end

local function damage_cost(d)
  return DAMAGE_COST * d + LOCK_COST * math.max(0, d - 4)
end

-- How bad an ending is (lower is better).
local function cost(view, info, e, me)
  local flags = #view.board.flags
  if e.over and e.flags >= flags then return -1e6 end
  if e.destroyed or e.x == nil then
    if e.lives <= 0 then return LAST_LIFE_COST * 10 end
    local penalty = DEATH_COST
    if e.lives <= 1 then penalty = LAST_LIFE_COST end
    -- It comes back at its archive: a flag touched this turn moved it there.
    local ax, ay = me.archive.x, me.archive.y
    if e.flags > me.flags then
      local f = flag_by_number(view, e.flags)
      ax, ay = f.x, f.y
    end
    local best = math.huge
    for _, f in ipairs(DIRS) do
      best = math.min(best, race_left(view, info, ax, ay, f, e.flags))
    end
    return penalty + best + damage_cost(2)
  end
  return race_left(view, info, e.x, e.y, e.facing, e.flags) + damage_cost(e.damage)
end

-- How far another robot is from winning, as `cost` judges mine (higher
-- is better for me).
local function rival_cost(view, info, r)
  if r.over and r.flags >= #view.board.flags then return -1e6 end
  if r.destroyed or r.x == nil then
    if r.lives <= 0 then return LAST_LIFE_COST end
    return DEATH_COST + damage_cost(2)
  end
  return race_left(view, info, r.x, r.y, r.facing, r.flags) + damage_cost(r.damage)
end

-- My ending's cost less the others' (weighted).
local function duel_cost(view, info, e, me)
  local c = cost(view, info, e, me)
  for _, r in ipairs(e.rivals or {}) do
    c = c - RIVAL_WEIGHT * rival_cost(view, info, r)
  end
  return c
end

---------------------------------------------------------------------------
-- Standing answers: how the simulations answer my option questions that
-- their lists do not (`view:simulate(answers, phases, standing)`).

local TURN_PROGRAMMED = {
  shield = true, turret = true, gyroscopic_stabilizer = true, flywheel = true, conditional = true,
}

-- Run-time options skipped, the main laser fired, damage taken, and the
-- turn-programmed options set as `settings` says (else left alone).
local function standing(me, settings)
  local s = { use_option = "skip", weapon = "laser", damage_option = "take" }
  for _, o in ipairs(me.options) do
    if TURN_PROGRAMMED[o] then
      local default = "none"
      if o == "shield" or o == "turret" then default = me.facing or "N" end
      if o == "gyroscopic_stabilizer" then default = "off" end
      s[o] = (settings and settings[o]) or default
    end
  end
  return s
end

-- The mean of `judge(view:simulate(answers, phases, stand))` over n samples.
local function mean_of(view, answers, phases, stand, n, judge)
  local total = 0
  for _ = 1, n do
    total = total + judge(view:simulate(answers, phases, stand))
  end
  return total / n
end

---------------------------------------------------------------------------
-- The search.

-- The registers from `from` on that this turn's program fills, in order.
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

-- The hand grouped by kind: kind -> its cards' texts, best first (moves
-- by highest priority: they act before the others').
local function by_kind(hand)
  local kinds = {}
  local order = {}
  for _, card in ipairs(hand) do
    if not kinds[card.kind] then
      kinds[card.kind] = {}
      order[#order + 1] = card.kind
    end
    local list = kinds[card.kind]
    list[#list + 1] = card
  end
  for _, list in pairs(kinds) do
    table.sort(list, function(a, b) return a.priority > b.priority end)
  end
  table.sort(order)
  return kinds, order
end

local function copy(list)
  local c = {}
  for i, v in ipairs(list) do c[i] = v end
  return c
end

-- The answers that play `cards` (texts), then "go" when the power-down
-- decision will be asked.
local function program_answers(cards, asks_power)
  local answers = copy(cards)
  if asks_power then answers[#answers + 1] = "go" end
  return answers
end

-- Whether a robot holds an option.
local function armed(view)
  for _, r in ipairs(view.robots) do
    if #r.options > 0 then return true end
  end
  return false
end

-- The beam width that keeps a turn's simulations within the budget (the
-- beam costs about 18 simulations per partial program kept, the
-- finalists finalists * samples more), the finalists and their samples.
local function search_sizes(view)
  local each = 2000 + 200 * 6 * #view.robots
  local simulations = math.min(600, SIMULATION_BUDGET // each)
  local finalists, samples = FINALISTS, SAMPLES
  if armed(view) then
    simulations = simulations // ARMED_DIVISOR
    finalists, samples = ARMED_FINALISTS, ARMED_SAMPLES
  end
  local width = (simulations - finalists * samples - 10) // 18
  return math.max(4, math.min(BEAM, width)), finalists, samples
end

-- The cards of the hand that `cards` leaves, as texts.
local function left_over(hand, cards)
  local placed = {}
  for _, c in ipairs(cards) do placed[c] = true end
  local left = {}
  for _, card in ipairs(hand) do
    if not placed[card.text] then left[#left + 1] = card end
  end
  return left
end

-- The card to lay on Flywheel or Conditional: the best kind left over
-- (moves by highest priority), or "none".
local function card_to_keep(hand, cards)
  local best, rank = "none", math.huge
  for _, card in ipairs(left_over(hand, cards)) do
    for i, kind in ipairs(KEEP_ORDER) do
      if card.kind == kind and i < rank then best, rank = card.text, i end
    end
  end
  return best
end

-- Sets `settings` (option -> answer word) for my turn-programmed options,
-- the program `answers` being chosen: one option after the other, each
-- answer judged on a few samples with the settings chosen so far (the
-- turret's side by the others' losses too).
local function plan_settings(view, info, me, answers, cards, settings)
  for _, o in ipairs(me.options) do
    if o == "flywheel" or o == "conditional" then
      local keep = card_to_keep(view.hand, cards)
      -- One card cannot lie on both.
      if keep ~= "none" and (settings.flywheel == keep or settings.conditional == keep) then
        keep = "none"
      end
      settings[o] = keep
    elseif TURN_PROGRAMMED[o] then
      local words = { "N", "E", "S", "W" }
      if o == "gyroscopic_stabilizer" then words = { "off", "on" } end
      local judge = function(e) return cost(view, info, e, me) end
      if o == "turret" then judge = function(e) return duel_cost(view, info, e, me) end end
      local best, best_score = nil, math.huge
      for _, w in ipairs(words) do
        settings[o] = w
        local score = mean_of(view, answers, nil, standing(me, settings), OPTION_SAMPLES, judge)
        if score < best_score then best, best_score = w, score end
      end
      settings[o] = best
    end
  end
end

local function plan_program(view, decision, plan)
  local me = my_robot(view)
  local info = board_info(view)
  local free = free_registers(view, decision.register)
  local kinds, order = by_kind(view.hand)
  local asks_power = me.damage > 0 and not me.power_down_announced
  local width, finalists, samples = search_sizes(view)
  local settings = {}
  local stand = standing(me, settings)

  -- A partial program: the kinds used (counts) and the card texts placed.
  local beam = { { cards = {}, used = {}, score = 0 } }
  for level = 1, #free do
    local phase = free[level]
    local next_beam, seen = {}, {}
    for _, node in ipairs(beam) do
      for _, kind in ipairs(order) do
        local used = node.used[kind] or 0
        local card = kinds[kind][used + 1]
        if card then
          local cards = copy(node.cards)
          cards[level] = card.text
          local e = view:simulate(cards, phase, stand)
          local score = cost(view, info, e, me)
          -- Partial programs ending alike with the same cards left are
          -- the same: keep one.
          local new_used = {}
          for k, v in pairs(node.used) do new_used[k] = v end
          new_used[kind] = used + 1
          local sig = tostring(e.x) .. "," .. tostring(e.y) .. e.facing .. e.damage
            .. tostring(e.destroyed) .. e.flags
          for _, k in ipairs(order) do sig = sig .. (new_used[k] or 0) end
          local old = seen[sig]
          if old == nil or score < old.score then
            local child = { cards = cards, used = new_used, score = score }
            if old == nil then
              next_beam[#next_beam + 1] = child
            else
              for i, n in ipairs(next_beam) do
                if n == old then next_beam[i] = child end
              end
            end
            seen[sig] = child
          end
        end
      end
    end
    table.sort(next_beam, function(a, b) return a.score < b.score end)
    beam = {}
    for i = 1, math.min(width, #next_beam) do beam[i] = next_beam[i] end
  end

  -- The best complete programs, played to the end of the turn on a few
  -- samples each.
  local best, best_score = beam[1], math.huge
  local judge = function(e) return cost(view, info, e, me) end
  for i = 1, math.min(finalists, #beam) do
    local answers = program_answers(beam[i].cards, asks_power)
    local score = mean_of(view, answers, nil, stand, samples, judge)
    if score < best_score then best, best_score = beam[i], score end
  end

  plan.turn = view.turn
  plan.cards = {}
  plan.settings = settings
  plan.score = best_score
  if best then
    for i, r in ipairs(free) do plan.cards[r] = best.cards[i] end
    local answers = program_answers(best.cards, asks_power)
    plan_settings(view, info, me, answers, best.cards, settings)
    plan.ending = view:simulate(answers, nil, standing(me, settings))
  else
    plan.ending = nil
  end
end

---------------------------------------------------------------------------
-- The other decisions.

-- Whether the robot may sit still at (x, y): no belt, pusher or crusher
-- moves or hurts it there.
local function quiet(info, x, y)
  if x == nil then return false end
  local sq = square_at(info, x, y)
  if sq == nil then return false end
  if sq.crusher then return false end
  return sq.kind == "floor" or sq.kind == "repair" or sq.kind == "gear"
end

-- The facing that leaves the least race from (x, y).
local function best_facing(view, info, x, y, flags, answers)
  local best, best_c = nil, math.huge
  for _, f in ipairs(DIRS) do
    if has(answers, f) then
      local c = race_left(view, info, x, y, f, flags)
      if c < best_c then best, best_c = f, c end
    end
  end
  return best
end

local plan = { turn = nil, cards = {} }

local function worth(option)
  return OPTION_WORTH[option] or 1
end

-- The option among `answers` (names, and "take") worth least, by
-- `worth_of`, and its worth.
local function least_useful(answers, worth_of)
  local best, best_w = nil, math.huge
  for i, a in ipairs(answers) do
    if a ~= "take" then
      local w = worth_of(a)
      if w < best_w then best, best_w = i, w end
    end
  end
  return best, best_w
end

-- What one more damage point costs at `damage` (10 destroys).
local function point_cost(damage)
  if damage + 1 >= 10 then return DEATH_COST end
  return damage_cost(damage + 1) - damage_cost(damage)
end

-- My standing answers now: the planned settings of this turn.
local function my_standing(view, me)
  return standing(me, plan.turn == view.turn and plan.settings or nil)
end

-- Whether using the run-time option asked about ends the turn better than
-- skipping it, on a few samples each.
local function better_to_use(view, me)
  local info = board_info(view)
  local stand = my_standing(view, me)
  local judge = function(e) return cost(view, info, e, me) end
  local use = mean_of(view, { "use" }, nil, stand, OPTION_SAMPLES, judge)
  local skip = mean_of(view, { "skip" }, nil, stand, OPTION_SAMPLES, judge)
  return use < skip
end

-- Recompile when the hand's best program makes little way and the damage
-- point locks no register (the plan made is kept when it does not).
local function recompile(view, me)
  if me.x == nil or me.damage + 1 >= POWER_DOWN_AT then return false end
  local info = board_info(view)
  local now = race_left(view, info, me.x, me.y, me.facing, me.flags) + damage_cost(me.damage)
  plan_program(view, { register = 1 }, plan)
  if now - plan.score < RECOMPILE_BELOW then
    plan.turn = nil
    return true
  end
  return false
end

-- The weapon (or "laser") whose phase ends best for me against the
-- others, on a few samples each.
local function choose_weapon(view, decision, me)
  local info = board_info(view)
  local stand = my_standing(view, me)
  local judge = function(e) return duel_cost(view, info, e, me) end
  local best, best_score = nil, math.huge
  for i, w in ipairs(decision.answers) do
    local score = mean_of(view, { w }, view.phase, stand, OPTION_SAMPLES, judge)
    if score < best_score then best, best_score = i, score end
  end
  return best or 1
end

-- The planned setting of a turn-programmed option, else none or off.
local function program_setting(view, decision)
  local o = decision.option
  local s = plan.turn == view.turn and plan.settings and plan.settings[o]
  if s then
    local i = has(decision.answers, o .. " " .. s) or has(decision.answers, s)
    if i then return i end
  end
  return has(decision.answers, o .. " none") or has(decision.answers, o .. " off") or 1
end

return {
  name = "planner",
  choose = function(view, decision)
    local kind = decision.kind
    local me = my_robot(view)
    if kind == "card" then
      local want = plan.turn == view.turn and plan.cards[decision.register]
      if not want or not has(decision.answers, want) then
        plan_program(view, decision, plan)
        want = plan.cards[decision.register]
      end
      return (want and has(decision.answers, want)) or 1
    elseif kind == "power_down" then
      -- Power down when damage locks registers, unless the program ends
      -- somewhere a still robot is moved or hurt, or the race is nearly
      -- won.
      local info = board_info(view)
      local e = plan.turn == view.turn and plan.ending or nil
      if me.damage >= POWER_DOWN_AT and e and not e.destroyed
        and quiet(info, e.x, e.y)
        and race_left(view, info, e.x, e.y, e.facing, e.flags) > 8 then
        return "power_down"
      end
      return "go"
    elseif kind == "stay_or_wake" then
      local info = board_info(view)
      if me.damage >= STAY_DOWN_AT and quiet(info, me.x, me.y) then return "stay" end
      return "wake"
    elseif kind == "facing" then
      local info = board_info(view)
      local f = best_facing(view, info, me.archive.x, me.archive.y, me.flags, decision.answers)
      return f or 1
    elseif kind == "two_wrench" then
      -- Options act now (docs/roborally-options.md); the planner still
      -- draws one only when it has no damage to repair.
      if me.damage > 0 then return has(decision.answers, "repair") or 1 end
      return has(decision.answers, "option") or 1
    elseif kind == "damage_option" then
      -- Gives up the option worth least when the point costs more (it
      -- locks a register or destroys: most cards are worth that).
      local i, w = least_useful(decision.answers, worth)
      if i and w < point_cost(me.damage) then return i end
      return has(decision.answers, "take") or 1
    elseif kind == "lose_option" then
      -- Superior Archive Copy still works once lost with the robot.
      local i = least_useful(decision.answers, function(o)
        if o == "superior_archive" then return -2 end
        return worth(o)
      end)
      return i or 1
    elseif kind == "use_option" then
      if decision.option == "recompile" then
        return recompile(view, me) and "use" or "skip"
      end
      return better_to_use(view, me) and "use" or "skip"
    elseif kind == "program_option" then
      return program_setting(view, decision)
    elseif kind == "weapon" then
      return choose_weapon(view, decision, me)
    end
    -- continue.
    return 1
  end,
}
