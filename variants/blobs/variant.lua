-- Blobs (000_f177823dad35ee93.txt: Blobs): "A Blob is a mobile obstacle
-- that can be pushed, as a Crystal or a Robot. A Blob cannot be Loaded on a
-- Robot. If a Robot Zaps a Blob, the player may move that Blob to an
-- adjacent empty hex or to an adjacent hex with a Robot, Crystal or other
-- Blob by pushing it away (following the normal movement rules)."
--
-- Pushing and not loading are properties of the kind (variant.toml). The
-- zap is a hook: it tells the engine to ask the zapper's player for a
-- direction (or nothing), and the engine pushes by the normal rules.
return {
  kinds = {
    blob = {
      zapped = function(game, event)
        return "push"
      end,
    },
  },
}
