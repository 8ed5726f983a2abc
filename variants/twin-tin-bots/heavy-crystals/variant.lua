-- Heavy crystals (house rule): "a robot carrying a crystal is too heavy to
-- push anything: its step is refused when it would push."
--
-- One game-wide hook, `push`, asked before every push with the piece that
-- moves first (`event.pusher`) and the row it would push. Refusing it
-- (returning a reason) makes the engine ignore the move with that reason,
-- exactly as when a push is impossible: nothing moves, and a Forward 2x or
-- 3x stops there.
--
-- The pusher is whatever moves first, so this also covers a zap's
-- Forward 1x, Back up, Dash and side steps, and a loaded robot carried into
-- a piece by a conveyor (variants/twin-tin-bots/conveyors): in every case the loaded
-- robot is the one that would push. A loaded robot may still be pushed
-- (it is not the pusher then), and an empty robot pushes as usual, even a
-- loaded one.
return {
  push = function(game, event)
    local pusher = event.pusher
    if pusher.kind == "robot" and game:robot(pusher.id).carrying > 0 then
      return "it carries a crystal and is too heavy to push"
    end
    return nil
  end,
}
