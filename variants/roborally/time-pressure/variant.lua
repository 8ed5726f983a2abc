-- Time pressure (house rule). At the table, the last player still
-- programming gets a short time (30 seconds of a sand timer), then the
-- registers left empty are filled at random from the hand. A sandbox has
-- no clock, and "the last seat to finish" would be the last seat in
-- programming order every turn: always the same player. So the timer
-- rotates: on turn t, among the robots that program this turn (on the
-- board and powered up), the ((t - 1) mod k + 1)-th in seat order runs out
-- of time. It is public, known from the turn's start, so a bot can plan
-- with it, and every seat bears it equally often.
--
-- The `programming` hook is asked for each robot just dealt its cards and
-- returns how many registers its player fills (nil: all five); the engine
-- fills the others, last ones first to stay empty, with cards of the hand
-- drawn with the game's seeded random numbers (so a replay is exact).
-- Locked registers keep their cards as usual (seed lines 197-208).
local CHOSEN = 3

local function programming_robots(game)
  local list = {}
  for _, colour in ipairs(game:colours()) do
    local robot = game:robot(colour)
    if robot.at ~= nil and not robot.powered_down then
      list[#list + 1] = colour
    end
  end
  return list
end

return {
  programming = function(game, event)
    local robots = programming_robots(game)
    if #robots == 0 then
      return nil
    end
    local timed = robots[(game:turn() - 1) % #robots + 1]
    if event.robot == timed then
      return CHOSEN
    end
    return nil
  end,
}
