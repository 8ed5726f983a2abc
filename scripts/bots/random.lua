-- The random bot in Lua: answers every decision with one of its legal
-- answers, chosen uniformly. The sandbox seeds `math.random` with 0 for
-- every bot, so a game with this bot is reproducible.
return {
  name = "random.lua",
  choose = function(view, decision)
    return decision.answers[math.random(#decision.answers)]
  end,
}
