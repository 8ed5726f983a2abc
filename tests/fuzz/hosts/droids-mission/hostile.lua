--[[HOSTILE]]
local function run(...)
  hostile(...)
  return nil
end
return { setup = run, moved = run, order_done = run, round_ended = run }
