-- Advanced 2 players variant (000_f177823dad35ee93.txt):
--
--   "Each player plays two colors. Use the 4 players set up. Each player
--   controls two opposing bases on the board (Yellow+Green against
--   Red+Blue). Players alternate colours following the Bases on the game
--   board (Blue-Yellow-Red-Green). [...] A Robot can only Unload Crystals in
--   the same coloured Base, or any of the other player's two Bases. At the
--   end of the game, each player adds Crystals from his two colours."
--
-- The four-player set-up seats its bases clockwise, each seat opposite the
-- seat two places on; naming the seats Blue, Yellow, Red, Green in turn order
-- puts Blue opposite Red and Yellow opposite Green, and turns alternate
-- between the two players.
--
-- Where the rules are silent (docs/variants/two-player-advanced.md):
--   * score victory: a player wins at once when his two bases together hold
--     11 points (the two-player target); the engine sums a team's bases.
--   * the unload rule binds the robot whoever made it unload (a zap too).
--   * a player's two colours are one team, so Anti-Zap and Anti theft do not
--     protect against the partner colour's robots (DESIGN.md decision 5).

-- Turn order, following the bases clockwise.
local COLOURS = { "blue", "yellow", "red", "green" }
-- The two players; the first plays first (Blue).
local PLAYERS = { { "blue", "red" }, { "yellow", "green" } }

local function player_of(colour)
  for i, colours in ipairs(PLAYERS) do
    for _, c in ipairs(colours) do
      if c == colour then
        return i
      end
    end
  end
  return nil
end

return {
  seating = function(info)
    if info.players ~= 2 then
      error(
        "the advanced two-player variant is for 2 players (each plays two colours), not "
          .. tostring(info.players)
          .. "; for more players, try the `teams` variant",
        0
      )
    end
    return { colours = COLOURS, controllers = PLAYERS }
  end,

  -- Also applied to a scenario's colours: they must be among the four.
  teams = function(colours)
    for _, c in ipairs(colours) do
      if player_of(c) == nil then
        error(
          "the advanced two-player variant plays blue, yellow, red and green, not " .. c,
          0
        )
      end
    end
    return PLAYERS
  end,

  setup = function(s)
    -- The two-player target (By score victory: 2 players, 11 points),
    -- counted over a player's two bases.
    s:set_score_to_win(11)
  end,

  deliver = function(game, ev)
    if ev.base ~= ev.owner and game:team(ev.base) == game:team(ev.owner) then
      return "a robot unloads only in its own colour's base or the other player's two bases (advanced 2 players): the "
        .. ev.base
        .. " base is its partner colour's"
    end
    return nil
  end,

  -- Each player adds the crystals of his two colours; the standard
  -- tiebreakers (blue, then green crystals in base, then base points),
  -- summed the same way, come next.
  score = function(game, colour)
    local s = game:team_standing(colour)
    return { s.total, s.blue, s.green, s.base }
  end,
}
