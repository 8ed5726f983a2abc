-- Blobs (000_f177823dad35ee93.txt: Blobs): "A Blob is a mobile obstacle
-- that can be pushed, as a Crystal or a Robot. A Blob cannot be Loaded on a
-- Robot. If a Robot Zaps a Blob, the player may move that Blob to an
-- adjacent empty hex or to an adjacent hex with a Robot, Crystal or other
-- Blob by pushing it away (following the normal movement rules)."
--
-- Pushing and not loading are properties of the kind (variant.toml). The
-- zap is a hook: a zap that reaches a blob stops there (the robot behind it
-- is not zapped) and calls `zapped`. Returning "push" makes the engine ask
-- the zapper's player for one of the six directions or `nothing`; the blob
-- is then pushed one hex that way by the normal rules, pushing at most one
-- piece ahead of it (nothing moves if that is impossible: a base, the edge,
-- two pieces in a row). Returning "stop" (or nil) would make the zap end at
-- the blob with no effect.
return {
  -- Setup (standard games): two blobs, each on a random hex that the
  -- rulebook's setup rule allows (not on the outer ring, not next to a
  -- base, a teleporter, a blob or a rock). The amount is our choice;
  -- `random-terrain` replaces this layout with its own mix.
  setup = function(s)
    s:scatter("blob", 2)
  end,

  kinds = {
    blob = {
      zapped = function(game, event)
        return "push"
      end,
    },
  },
}
