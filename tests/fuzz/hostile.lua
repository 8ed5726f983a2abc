-- The hostile body of the fuzz harness (tests/fuzz.rs): a script that, from
-- whatever it is given (a bot's view and decision, a hook's game and event),
-- calls every function it can reach with hostile arguments, walks what they
-- return, and then, by its mode, allocates without end, loops inside a
-- native function, or stores a million keys. The harness puts a
-- `local FUZZ = { mode = ..., seed = ..., big = ..., repeats = ..., names =
-- {...} }` line before this text, and a host script around it that calls
-- `hostile(...)` from every hook or from `choose`. Whatever it does, the
-- sandbox must stop it with an error naming the script, or let it end.

local state = FUZZ.seed
local function pick(n)
  state = (state * 1103515245 + 12345) % 2147483648
  return state % n + 1
end

local big = string.rep("\27[2J\r<!--<script>\0", FUZZ.big // 16 + 1)
local deep = {}
do
  local t = deep
  for _ = 1, 300 do
    t.next = {}
    t = t.next
  end
end
local loop = {}
loop.self = loop
loop[1] = loop

local ARGS = {
  false, -1, 0, 1, 2, 3, 99, 2 ^ 31, 2 ^ 63, math.maxinteger, math.mininteger,
  1e308, -1e308, 0 / 0, 1 / 0, -0.5, "", "red", "blue", "green", "red.1",
  "E", "NW", "N", "SW", "x", big, {}, { 1, 2, 99 }, { x = 1e308, y = -1 },
  { 1e308, -1e308 }, deep, loop, true, print,
}

local function any()
  local i = pick(#ARGS + 1)
  if i > #ARGS then
    return nil
  end
  return ARGS[i]
end

local function poke(f, self)
  local results = {}
  for _ = 1, FUZZ.repeats do
    local n = pick(4)
    local ok, r
    if n == 1 then
      ok, r = pcall(f, self)
    elseif n == 2 then
      ok, r = pcall(f, self, any())
    elseif n == 3 then
      ok, r = pcall(f, self, any(), any())
    else
      ok, r = pcall(f, self, any(), any(), any())
    end
    if ok then
      results[#results + 1] = r
    end
  end
  return results
end

local seen = {}
local function walk(obj, depth)
  local t = type(obj)
  if depth > 3 or (t ~= "table" and t ~= "userdata") or seen[obj] then
    return
  end
  seen[obj] = true
  if t == "table" then
    for _, v in pairs(obj) do
      if type(v) == "function" then
        for _, r in ipairs(poke(v, obj)) do
          walk(r, depth + 1)
        end
      else
        walk(v, depth + 1)
      end
    end
  end
  for _, name in ipairs(FUZZ.names) do
    local ok, f = pcall(function()
      return obj[name]
    end)
    if ok and type(f) == "function" then
      for _, r in ipairs(poke(f, obj)) do
        walk(r, depth + 1)
      end
    end
  end
end

local NATIVE = {
  function() return string.find(string.rep("a", 40), string.rep("a*", 30) .. "b") end,
  function() return #string.rep("", 1e13) end,
  function() return table.move({}, 1, 1e13, 2) end,
  function() return table.concat({}, "", 1, 1e13) end,
  function() return ("a"):rep(40):gsub(("a-"):rep(30) .. "b", "") end,
}

function hostile(...)
  local roots = { ... }
  for _, root in ipairs(roots) do
    walk(root, 0)
  end
  if FUZZ.mode == "allocate" then
    local hoard = {}
    while true do
      hoard[#hoard + 1] = big .. #hoard
    end
  elseif FUZZ.mode == "native" then
    NATIVE[pick(#NATIVE)]()
  elseif FUZZ.mode == "store" then
    for _, root in ipairs(roots) do
      for _, name in ipairs(FUZZ.names) do
        local ok, f = pcall(function()
          return root[name]
        end)
        if ok and type(f) == "function" then
          for i = 1, 1e6 do
            pcall(f, root, "key" .. i, i)
            pcall(f, root, "red", "key" .. i, i)
          end
        end
      end
    end
  elseif FUZZ.mode == "loop" then
    while true do
      walk(roots[1], 0)
      seen = {}
    end
  end
end
