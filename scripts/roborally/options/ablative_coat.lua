-- Ablative Coat (004_11511d35c714bcd0.txt:480): absorbs 3 damage points
-- from any side and source, then is discarded. It acts before any other
-- choice about damage (ruling 13). The points absorbed so far are the
-- robot's counter `ablative_coat` (kept in the game, cleared on discard).
local ABSORBS = 3

return {
  damage = function(game, event)
    local absorbed = game:counter(event.robot, "ablative_coat")
    local take = math.min(event.amount, ABSORBS - absorbed)
    if absorbed + take >= ABSORBS then
      game:discard(event.robot, "ablative_coat")
    else
      game:set_counter(event.robot, "ablative_coat", absorbed + take)
    end
    return take
  end,
}
