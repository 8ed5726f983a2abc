-- Rocks (000_f177823dad35ee93.txt: Rocks): "immovable obstacles, as Bases.
-- A Rock cannot be pushed nor Loaded on a Robot. It blocks line of sight
-- for Zaps." Everything a rock does is a property of its kind, declared in
-- variant.toml ([[piece]] rock: not pushable, not loadable, blocks zaps),
-- so the script has no rule hook.
--
-- Setup (standard games): two rocks, each on a random hex that the
-- rulebook's setup rule allows (000_f177823dad35ee93.txt: Teleporters,
-- Rocks and Blobs setup: not on the outer ring, not next to a base, a
-- teleporter, a blob or a rock). The amount is our choice. `random-terrain`
-- replaces this layout with its own mix.
return {
  setup = function(s)
    s:scatter("rock", 2)
  end,
}
