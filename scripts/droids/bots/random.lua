-- The random Droids bot in Lua: picks one of the legal answers uniformly
-- with the sandbox's seeded math.random (an example; the built-in
-- `random` is the native twin).
return {
  name = "random",
  choose = function(view, decision)
    return math.random(#decision.answers)
  end,
}
