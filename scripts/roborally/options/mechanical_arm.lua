-- Mechanical Arm (004_11511d35c714bcd0.txt:528): run time: a robot ending
-- a register phase on one of the four squares beside its next flag may
-- touch it with the arm (`use` | `skip`). A wall between blocks the arm; a
-- robot on the flag does not. Our reading: the flag counts; the archive
-- stays where the robot stands (docs/roborally-options.md).
local SIDES = { N = { 0, -1 }, E = { 1, 0 }, S = { 0, 1 }, W = { -1, 0 } }

return {
  phase_end = function(game, event)
    local me = game:robot(event.robot)
    local flag = game:next_flag(event.robot)
    if me.at == nil or flag == nil then
      return nil
    end
    for side, d in pairs(SIDES) do
      if me.at.x + d[1] == flag.x and me.at.y + d[2] == flag.y then
        if game:walled(me.at.x, me.at.y, side) then
          return nil
        end
        return game:ask(event, function()
          game:touch_flag(event.robot)
        end)
      end
    end
    return nil
  end,
}
