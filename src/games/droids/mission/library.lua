-- The Droids mission library: wraps the data the engine gives a hook into
-- the `game` object of docs/droids.md ("Mission scripts") and collects the
-- changes the hook asks for. Loaded once per game, in the sandbox.
local roll
local methods = {}
methods.__index = methods

local function index(game, x, y)
  if x < 0 or y < 0 or x >= game.width or y >= game.height then return nil end
  return y * game.width + x
end

function methods:terrain(x, y)
  local i = index(self, x, y)
  if not i then return nil end
  local c = string.sub(self._terrain, i + 1, i + 1)
  if c == "~" then return "water" elseif c == "#" then return "fixed" end
  return "ground"
end

function methods:piece(x, y)
  local i = index(self, x, y)
  return i and self._pieces[i] or nil
end

function methods:robot_at(x, y)
  for name, r in pairs(self.robots) do
    if r.x == x and r.y == y then return name end
  end
  return nil
end

-- Whether a robot could stand on [x, y]: on the board, not a fixed
-- obstacle, no piece that stops robots, no robot.
function methods:free(x, y)
  local t = self:terrain(x, y)
  if t == nil or t == "fixed" then return false end
  local p = self:piece(x, y)
  if p == "obstacle" or p == "container" then return false end
  return self:robot_at(x, y) == nil
end

function methods:roll() return roll() end

local function ask(self, change) self._effects[#self._effects + 1] = change end

function methods:block(colour, n) ask(self, { op = "block", colour = colour, n = n }) end
function methods:set_piece(x, y, kind)
  local i = index(self, x, y)
  if i then self._pieces[i] = kind end
  ask(self, { op = "set_piece", x = x, y = y, kind = kind })
end
function methods:set_carrying(robot, kind)
  if self.robots[robot] then self.robots[robot].carrying = kind end
  ask(self, { op = "set_carrying", robot = robot, kind = kind })
end
function methods:set(key, value)
  self.vars[key] = value
  ask(self, { op = "set", key = key, value = value })
end
function methods:finish(winners, reason) ask(self, { op = "finish", winners = winners, reason = reason }) end
function methods:drive(robot, dir, reach) ask(self, { op = "drive", robot = robot, dir = dir, reach = reach }) end
function methods:shoot(robot, dir, how) ask(self, { op = "shoot", robot = robot, dir = dir, how = how or {} }) end
function methods:out(colour) ask(self, { op = "out", colour = colour }) end
function methods:say(text) ask(self, { op = "say", text = text }) end

return {
  init = function(r) roll = r end,
  call = function(hook, game, event)
    game._effects = {}
    setmetatable(game, methods)
    hook(game, event)
    return game._effects
  end,
}
