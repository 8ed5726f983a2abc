-- Teleporters (000_f177823dad35ee93.txt: Teleporters): "When a Robot enters
-- a hex with a Teleporter, it is immediately placed on the opposite side of
-- the matching colour Teleporter. It is forbidden to Zap and to Load or
-- Unload Crystals through a Teleporter. It is allowed to push through a
-- Teleporter, following the normal movement rules. If the destination hex
-- is not empty and the Robot cannot push the obstacle, it cannot Teleport
-- and stays where it is."
--
-- Teleporting is a property of the kind (`teleports = true` in
-- variant.toml), which the engine applies natively to every move, push and
-- jump (DESIGN.md decision 7), so the script has no rule hook.
--
-- Setup (standard games): two pairs, yellow and blue, each teleporter on a
-- random hex that the rulebook's setup rule allows (not on the outer ring,
-- not next to a base, a teleporter, a blob or a rock). A teleporter whose
-- partner finds no hex is taken away: they always come in pairs. The
-- amount is our choice (the rulebook allows up to three pairs);
-- `random-terrain` replaces this layout with its own mix.
return {
  setup = function(s)
    for _, colour in ipairs({ "yellow", "blue" }) do
      local placed = s:scatter("teleporter", 2, colour)
      if #placed == 1 then
        s:remove(placed[1])
      end
    end
  end,
}
