-- Mud (000_f177823dad35ee93.txt: Mud): "When a Robot enters a Mud hex, his
-- next 'Forward' move is ignored ... Mud has no memory: should a robot start
-- his turn in the Mud, it will need two Forward moves to get out even if one
-- was ignored on the previous turn." FAQ Q2 (002_ae8ae07e801960f9.txt):
-- Back up's step counts as a forward move.
--
-- DESIGN.md decision 6: mud re-arms at the start of every turn (every
-- player's turn), and again after entering mud (being pushed in, jumping in
-- or coming out of a teleporter onto mud included). So a robot standing in
-- mud loses its next forward or back step, then is free of this mud until
-- it enters mud again or a turn starts: `game:done_with(robot)` says
-- exactly that to the engine, which then does not ask this hook again for
-- the robot until then ("no memory": nothing is kept between turns). No
-- mark and no `entered` hook are needed.

-- A lost step is not a blocked one: the engine goes on with the order (the
-- second step of Forward 2x, the Load of Forward then Load). Jump, turns,
-- Load, Unload and Zap never ask `before_step`; pushes do not either, so a
-- robot standing in mud is pushed out of it normally. Side steps (order
-- files) are not forward moves and are never lost.
--
-- The hook is given as data (docs/variants.md): `lose` is the reason the
-- step is lost, `steps` the steps that are, and the kind is then done with
-- the robot, as `game:done_with(event.robot)` would say. The engine
-- applies it without calling into Lua, which mud would otherwise do at
-- every step a robot takes out of it. As a function it reads:
--
--   before_step = function(game, event)
--     if event.step == "side" then
--       return nil
--     end
--     game:done_with(event.robot)
--     return "it skids in the mud and loses the step"
--   end,

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
      -- A robot on mud is about to take a step (forward, back or side).
      before_step = {
        lose = "it skids in the mud and loses the step",
        steps = { "forward", "back" },
      },
    },
  },
}
