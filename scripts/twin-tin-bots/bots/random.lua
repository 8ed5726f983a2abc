-- The random bot in Lua: answers every decision with one of its legal
-- answers, chosen uniformly. `#decision` is the number of legal answers and
-- an answer may be returned by its index, so no answer is ever spelled out.
-- `tinbots play` seeds `math.random` per seat, so a game is reproducible.
---@type Bot
return {
  name = "random.lua",
  choose = function(view, decision)
    return math.random(#decision)
  end,
}
