-- Extra lives (004_11511d35c714bcd0.txt:52-57): all of it is settings in
-- variant.toml, so the script defines no hook and the game never enters Lua.
return {}
