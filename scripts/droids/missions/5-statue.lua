-- Mission 5, fetch the statue (seed 003_4ed30270cd5960fb.txt, lines
-- 191-210): the first player to set the statue down on their own start
-- square wins (line 193). The statue moves only when pushed or carried
-- (lines 201-210: the engine's rules). Ours (docs/droids.md): the statue
-- standing on a player's start square after an order, put down or pushed
-- there, wins for that player, whoever moved it.

return {
  order_done = function(game, event)
    local statue = game.robots.statue
    if not statue or not statue.x then return end
    for _, colour in ipairs(game.players) do
      local s = game.starts[colour]
      if not game:is_out(colour) and s.x == statue.x and s.y == statue.y then
        game:finish({ colour }, "the statue stands on " .. colour .. "'s start square (seed line 193)")
        return
      end
    end
  end,
}
