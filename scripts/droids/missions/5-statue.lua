-- Mission 5, fetch the statue (seed 003_4ed30270cd5960fb.txt, lines
-- 191-210): the first player to set the statue down on their own start
-- square wins (line 193). The statue moves only when pushed or carried
-- (lines 201-210: the engine's rules). Who wins when the statue reaches a
-- start square is disputed (`droids.statue-home`, docs/droids.md):
--  * `set-down` (the default): only the player whose own robot puts it
--    down ("neer'poot'", a grab tile) on that player's own start square;
--    the statue pushed or put down on a start square otherwise wins
--    nothing;
--  * `arrival`: the statue standing on a player's start square after an
--    order, put down or pushed there, wins for that player, whoever moved it.

local STEPS = {
  N = { 0, -1 }, NE = { 1, -1 }, E = { 1, 0 }, SE = { 1, 1 },
  S = { 0, 1 }, SW = { -1, 1 }, W = { -1, 0 }, NW = { -1, -1 },
}

-- Whether the order just carried out was `colour`'s own robot putting the
-- statue down on the square beside it, where the statue now stands: a
-- grab tile, the robot's arms empty, the statue on the square the tile
-- points at (a grab with empty arms beside the statue would have picked
-- it up).
local function set_down_by(game, event, colour, statue)
  if event.player ~= colour or event.robot ~= colour then return false end
  local dir = string.match(event.tile, "^grab (%a+)$")
  local robot = game.robots[colour]
  if not dir or not STEPS[dir] or robot.carrying ~= nil or not robot.x then return false end
  local d = STEPS[dir]
  return robot.x + d[1] == statue.x and robot.y + d[2] == statue.y
end

return {
  order_done = function(game, event)
    local statue = game.robots.statue
    if not statue or not statue.x then return end
    local reading = game:ruling("droids.statue-home")
    local cite = " [ruling droids.statue-home: " .. reading .. "]"
    for _, colour in ipairs(game.players) do
      local s = game.starts[colour]
      if not game:is_out(colour) and s.x == statue.x and s.y == statue.y then
        if reading == "arrival" then
          game:finish({ colour }, "the statue stands on " .. colour .. "'s start square (seed line 193)" .. cite)
        elseif set_down_by(game, event, colour, statue) then
          game:finish({ colour }, colour .. " sets the statue down on its own start square (seed line 193)" .. cite)
        else
          game:say("the statue stands on " .. colour .. "'s start square, not set down there by "
            .. colour .. ": it wins nothing (seed line 193)" .. cite)
        end
        return
      end
    end
  end,
}
