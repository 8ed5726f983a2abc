-- The `game` table a mission's hook gets, made in one call from Rust
-- (src/games/droids/mission/hooks.rs, `MissionHooks::game_table`): filling
-- a table from Rust is a protected call into Lua for each field, and a
-- `game` table has a few dozen. Each table starts empty and gets its
-- fields one by one in a fixed order, as a script's own table would.
--
-- It reads no global (the state's globals are no script's). The arguments:
-- the counts of players, robots and kept numbers, the round, the board's
-- width and height, the mission's name and setting; then for each player
-- its colour, its start square's x and y (nil: none) and its free
-- registers; for each robot its name, x and y (nil: carried) and what it
-- carries; then each kept number's key and value.
return function(players, robots, kept, round, width, height, mission, setting, ...)
  local a = { ... }
  local t = {}
  t.round = round
  t.width = width
  t.height = height
  t.mission = mission
  t.setting = setting
  local colours, starts, free = {}, {}, {}
  local i = 0
  for seat = 1, players do
    local colour, x = a[i + 1], a[i + 2]
    colours[seat] = colour
    if x then
      local start = {}
      start.x = x
      start.y = a[i + 3]
      starts[colour] = start
    end
    free[colour] = a[i + 4]
    i = i + 4
  end
  t.players = colours
  t.starts = starts
  t.free_registers = free
  local all = {}
  for _ = 1, robots do
    local r, name, x = {}, a[i + 1], a[i + 2]
    r.name = name
    if x then
      r.x = x
      r.y = a[i + 3]
    end
    r.carrying = a[i + 4]
    all[name] = r
    i = i + 4
  end
  t.robots = all
  local vars = {}
  for _ = 1, kept do
    vars[a[i + 1]] = a[i + 2]
    i = i + 2
  end
  t.vars = vars
  return t
end
