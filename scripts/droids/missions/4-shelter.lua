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

-- Squares are numbered on the board framed by one ring of off-board
-- squares (the edge's wall): [x, y] is `(y + 1) * (width + 2) + x + 2`, so a
-- step is one addition and the board's edge one more wall.

-- The eight steps as additions to a square's number, in the order the fill
-- takes them: E, W, S, N, SE, NE, SW, NW.
local function steps(row)
  return { 1, -1, row, -row, row + 1, 1 - row, row - 1, -row - 1 }
end

-- A square's mark when it is a wall: above any fill's stamp (one a
-- player).
local WALL = 255

-- A list of `n` entries, each `WALL`, made at once (a table filled one
-- entry at a time grows by copying itself).
local function walls(n)
  return { string.rep("\255", n):byte(1, -1) }
end

-- What one hook call reads of the board: its size, and each square's
-- mark (`marks`, by number): `WALL` for a fixed obstacle, a mobile one
-- and the ring off the board (the board does not change while the hook
-- looks), else 0, or the `stamp` of the last fill that reached it (the
-- players' fills share the marks and the `stack`, stamped 1, 2, ...); and
-- who plays.
local function look(game)
  local width, height = game.width, game.height
  local row = width + 2
  local marks = walls((height + 2) * row)
  local terrains, pieces = game:terrains(), game:pieces()
  local i = 0
  for y = 1, height do
    local k = y * row + 1
    for x = 1, width do
      i = i + 1
      if terrains[i] ~= "fixed" and pieces[i] ~= "obstacle" then marks[k + x] = 0 end
    end
  end
  local players = {}
  for _, colour in ipairs(game.players) do players[colour] = true end
  return {
    game = game, width = width, height = height, row = row,
    steps = steps(row), marks = marks, players = players,
    stack = walls(width * height), stamp = 0,
  }
end

-- The number of square [x, y].
local function number(board, x, y)
  return (y + 1) * board.row + x + 2
end

-- Whether `colour`'s robot stands in a shelter, and the robot inside that
-- is no player's (a repair robot...), if any: under `alone` it spoils the
-- shelter, under `players-only` it does not.
local function sheltered(board, colour)
  local game = board.game
  local me = game.robots[colour]
  if not me.x then return false end
  local start = game.starts[colour]
  local home = number(board, start.x, start.y)
  local others, company = {}, {}
  for name, r in pairs(game.robots) do
    if name ~= colour and r.x then
      if board.players[name] then others[number(board, r.x, r.y)] = true
      else company[number(board, r.x, r.y)] = name end
    end
  end
  for c, s in pairs(game.starts) do
    if c ~= colour then others[number(board, s.x, s.y)] = true end
  end
  local marks, moves, most = board.marks, board.steps, board.width * board.height
  local stack, stamp = board.stack, board.stamp + 1
  board.stamp = stamp
  local first = number(board, me.x, me.y)
  -- (A wall stays one, were a robot ever to stand on it.)
  if marks[first] < stamp then marks[first] = stamp end
  stack[1] = first
  local top = 1
  local has_start, size, with = false, 0, nil
  while top > 0 do
    local k = stack[top]
    top = top - 1
    if others[k] then return false end
    with = with or company[k]
    size = size + 1
    if 2 * size >= most then return false end
    if k == home then has_start = true end
    for i = 1, 8 do
      local j = k + moves[i]
      if marks[j] < stamp then
        marks[j] = stamp
        top = top + 1
        stack[top] = j
      end
    end
  end
  return has_start, with
end

return {
  order_done = function(game, event)
    local reading = game:ruling("droids.shelter-company")
    local cite = " [ruling droids.shelter-company: " .. reading .. "]"
    local winners, cited, board = {}, false, look(game)
    for _, colour in ipairs(game.players) do
      if not game:is_out(colour) then
        local walled_in, with = sheltered(board, colour)
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
