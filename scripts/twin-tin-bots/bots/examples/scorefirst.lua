-- scripts/twin-tin-bots/bots/examples/scorefirst.lua: the tutorial's bot.

-- Hexes between two axial positions {q, r}.
local function distance(a, b)
  local dq, dr = a[1] - b[1], a[2] - b[2]
  return (math.abs(dq) + math.abs(dr) + math.abs(dq + dr)) // 2
end

-- What a view is worth to me: points delivered first, then crystals my
-- robots carry, then how near each robot is to its next job (a loaded
-- robot to my base, an empty one to the nearest crystal).
local function my_worth(view)
  local worth, base = 0, nil
  for _, p in ipairs(view.players) do
    if p.colour == view.me then worth = 100 * p.score end
  end
  for _, b in ipairs(view.bases) do
    if b.owner == view.me then base = b.at end
  end
  for _, r in ipairs(view.robots) do
    if r.owner == view.me then
      local nearest = 20
      if r.carrying > 0 then
        worth = worth + 10 * r.carrying
        nearest = distance(r.at, base)
      else
        for _, c in ipairs(view.crystals) do nearest = math.min(nearest, distance(r.at, c.at)) end
      end
      worth = worth - nearest
    end
  end
  return worth
end

---@type Bot
return {
  name = "score-first",
  choose = function(view, decision)      -- the game as I see it; what is decided
    local best, best_worth = 1, -math.huge
    for i = 1, #decision do              -- #decision: how many legal answers
      -- the view after answer i; math.random() breaks ties, so that equal
      -- answers do not always give the first one (often `pass`)
      local worth = my_worth(view:simulate(i)) + math.random()
      if worth > best_worth then best, best_worth = i, worth end
    end
    return best                          -- an index, or an answer's text (decision[i])
  end,
}
