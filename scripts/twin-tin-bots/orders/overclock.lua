-- Overclock: a new special order, not in the rulebook.
--
-- Forward 2x with Dash's passive effect: while Overclock is in the program,
-- every step of the robot pushes a whole row of robots and crystals (as long
-- as there is an empty hex at the end of the row), like Dash
-- (000_f177823dad35ee93.txt: Dash). Its own two steps then push rows too.
-- Scenarios: scripts/twin-tin-bots/scenarios/220_* and 221_*.

return {
	{
		name = "overclock",
		description = "two steps forward; while in the program, steps push whole rows",
		steps = { orders.forward(), orders.forward() },
		passives = { "dash" },
	},
}
