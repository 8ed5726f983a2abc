--[[HOSTILE]]
local function run(...)
  hostile(...)
  return nil
end
return {
  setup = function(s)
    s:scatter("tar", 12)
    hostile(s)
  end,
  push = run,
  deliver = run,
  turn_ended = run,
  game_over = run,
  score = run,
  kinds = {
    tar = { entered = run, before_step = run, zapped = run },
  },
}
