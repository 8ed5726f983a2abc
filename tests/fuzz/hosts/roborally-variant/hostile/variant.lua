--[[HOSTILE]]
local function run(...)
  hostile(...)
  return nil
end
return { turn_end = run, destroyed = run }
