-- Team play (000_f177823dad35ee93.txt and 002_ae8ae07e801960f9.txt):
--
--   "The game is played in two teams. You need an even number of players:
--   if the number of players is odd, a player will play two colours [...]
--   Colours are spread between players so that players of a team have their
--   bases as far apart as possible and so that teams alternate player Turns
--   [...] at the end each team adds up the Crystals harvested. With this
--   variant there is no score victory game end. A player may Unload Crystals
--   in any Base [...] When a blue Crystal is Unloaded in a Base, it's the
--   Base owner that gets the Special Order tile."
--
-- No score victory is a setting (variant.toml). Unloading in any base and
-- the base owner drawing the special tile are the standard rules already.
-- The standard set-ups seat their bases evenly around the board in turn
-- order, so alternate seats are one team: with four colours teammates sit
-- opposite each other, with six they make a triangle, and turns alternate.
-- With an odd number of people the table has one colour more, and the
-- first person of the team that is one person short plays its last colour
-- too (docs/variants/teams.md).

-- The standard colours, in seating order.
local COLOURS = { "red", "blue", "yellow", "green", "white", "black" }

return {
  seating = function(info)
    local people = info.players
    if people < 2 or people > 6 then
      error("team play is for 2 to 6 players, not " .. tostring(people), 0)
    end
    local n = people + people % 2 -- colours at the table: even
    local colours, controllers = {}, {}
    for seat = 1, n do
      colours[seat] = COLOURS[seat]
      if seat <= people then
        controllers[seat] = { COLOURS[seat] }
      else
        -- The extra colour (the last seat, of the second team) goes to
        -- the person at that team's first seat (seat 2).
        table.insert(controllers[2], COLOURS[seat])
      end
    end
    return { colours = colours, controllers = controllers }
  end,

  -- Alternate seats: seats 1, 3, 5 against seats 2, 4, 6.
  teams = function(colours)
    local teams = { {}, {} }
    for seat, c in ipairs(colours) do
      table.insert(teams[(seat - 1) % 2 + 1], c)
    end
    return teams
  end,

  -- Each team adds up its crystals: the team's standard scores summed,
  -- then the standard tiebreakers (blue, then green crystals in base, then
  -- base points) summed the same way.
  score = function(game, colour)
    local s = game:team_standing(colour)
    return { s.total, s.blue, s.green, s.base }
  end,
}
