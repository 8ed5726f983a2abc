-- Rocks (000_f177823dad35ee93.txt: Rocks): "immovable obstacles, as Bases.
-- A Rock cannot be pushed nor Loaded on a Robot. It blocks line of sight
-- for Zaps." Everything a rock does is a property of its kind, declared in
-- variant.toml ([[piece]] rock: not pushable, not loadable, blocks zaps),
-- so the script has no hook.
return {}
