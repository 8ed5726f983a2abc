-- Sidesteps: new special orders, not in the rulebook.
--
-- `orders.side(n)` steps to the adjacent hex n hex sides clockwise from the
-- robot's facing (1 front-right, 2 back-right, -1 front-left, -2 back-left)
-- and keeps the facing. It is a movement step like Forward: the normal push
-- rules apply in the direction of the step (one piece pushed, a whole row
-- with Dash in the program; never off the board, into a base or a base
-- itself), and a blocked step drops the order's later movement steps.
-- Scenarios: scripts/twin-tin-bots/scenarios/200_* to 204_*.

return {
	{
		name = "sidestep_left",
		description = "steps to the front-left hex, keeping its facing",
		steps = { orders.side(-1) },
	},
	{
		name = "sidestep_right",
		description = "steps to the front-right hex, keeping its facing",
		steps = { orders.side(1) },
	},
	-- A strafing run: step aside, zap, step back. The zap pauses the order
	-- for the zapper's choice like any zap; the last step runs after it.
	{
		name = "strafe",
		description = "steps front-right, zaps, then steps back-left to where it was",
		steps = { orders.side(1), orders.zap("short"), orders.side(-2) },
	},
}
