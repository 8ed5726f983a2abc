-- Mud (000_f177823dad35ee93.txt: Mud): "When a Robot enters a Mud hex, his
-- next 'Forward' move is ignored ... Mud has no memory: should a robot start
-- his turn in the Mud, it will need two Forward moves to get out even if one
-- was ignored on the previous turn." FAQ Q2 (002_ae8ae07e801960f9.txt):
-- Back up's step counts as a forward move.
--
-- DESIGN.md decision 6: mud re-arms at the start of every turn (every
-- player's turn), and again after entering mud (being pushed in, jumping in
-- or coming out of a teleporter onto mud included). One mark on the robot,
-- `mud`, carries this; the engine clears all marks when a turn starts,
-- which is "no memory":
--   (none)    the robot has not lost a step to mud this turn;
--   STUCK     it entered mud this turn and has not lost a step since;
--   SKIDDED   it lost a step to mud this turn, and has not entered since.
-- A robot standing in mud loses a forward or back step unless it is
-- SKIDDED: it entered (STUCK), or it has not lost one yet this turn (it
-- started the turn in mud, or was zapped while standing in it). Losing the
-- step makes it SKIDDED, so the next step moves. The hook reads the mark
-- in `event.marks` (no call back into the engine) and sets it with
-- `game:set_mark`.
--
-- A lost step is not a blocked one: the engine goes on with the order (the
-- second step of Forward 2x, the Load of Forward then Load). Jump, turns,
-- Load, Unload and Zap never ask `before_step`; pushes do not either, so a
-- robot standing in mud is pushed out of it normally. Side steps (order
-- files, `event.step == "side"`) are not forward moves and are never lost.

local STUCK, SKIDDED = 2, 1

return {
  -- Setup (standard games): three mud hexes on random hexes off the outer
  -- ring and the centre (mud is not in the rulebook's spacing rule, so it
  -- may touch anything). The amount is our choice; `random-terrain`
  -- replaces this layout with its own mix.
  setup = function(s)
    s:scatter("mud", 3)
  end,

  kinds = {
    mud = {
      -- Any piece that ends a move, push or jump on mud; only robots care.
      entered = function(game, event)
        if event.piece.kind == "robot" then
          game:set_mark(event.piece.id, "mud", STUCK)
        end
      end,

      -- A robot on mud is about to take a step (forward, back or side).
      before_step = function(game, event)
        if event.step == "side" then
          return nil
        end
        if event.marks.mud ~= SKIDDED then
          game:set_mark(event.robot, "mud", SKIDDED)
          return "it skids in the mud and loses the step"
        end
        return nil
      end,
    },
  },
}
