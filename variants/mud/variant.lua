-- Mud (000_f177823dad35ee93.txt: Mud): "When a Robot enters a Mud hex, his
-- next 'Forward' move is ignored ... Mud has no memory: should a robot start
-- his turn in the Mud, it will need two Forward moves to get out even if one
-- was ignored on the previous turn." FAQ Q2 (002_ae8ae07e801960f9.txt):
-- Back up's step counts as a forward move.
--
-- DESIGN.md decision 6: mud re-arms at the start of every turn, and again
-- after entering mud (being pushed in included). Two marks carry this; the
-- engine clears marks when a turn starts, which is "no memory":
--   stuck     a robot entered mud this turn and has not lost a step since;
--   skidded   a robot lost a step to mud this turn.
-- A robot in mud loses a forward or back step if it is stuck or has not
-- skidded yet this turn. Side steps (order files) are not forward moves.

return {
  kinds = {
    mud = {
      entered = function(game, event)
        if event.piece.kind == "robot" then
          game:set_mark(event.piece.id, "stuck", 1)
        end
      end,

      before_step = function(game, event)
        if event.step == "side" then
          return nil
        end
        local robot = event.robot
        if game:mark(robot, "stuck") == 1 or game:mark(robot, "skidded") == 0 then
          game:set_mark(robot, "stuck", 0)
          game:set_mark(robot, "skidded", 1)
          return "it skids in the mud and loses the step"
        end
        return nil
      end,
    },
  },
}
