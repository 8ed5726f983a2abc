-- Simplified rules (000_f177823dad35ee93.txt: "giving each player only a
-- single Robot, and not use the Special Order tiles"): all data, in
-- variant.toml. No hooks.
return {}
