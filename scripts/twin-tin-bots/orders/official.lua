-- The rulebook's orders, restated in Lua: the 7 standard order tiles and
-- the 13 special ones (000_f177823dad35ee93.txt: Order tiles; Special
-- Orders tiles). Loading this file over the built-in orders changes
-- nothing: `tests/lua_orders.rs` checks that it defines every tile exactly
-- as the engine does, and runs the whole scenario suite with it in place of
-- the built-in definitions.
--
-- Each order is a table: the tile's `name` (a built-in name redefines that
-- tile; a new name adds a special tile), a one-line `description`, the
-- `steps` it runs in order (primitives from the read-only `orders` table),
-- and the `passives` it has while it sits in a program.
--
-- Double Modification is not here: it is played from the hand, never run.

local forward, back, turn, jump = orders.forward, orders.back, orders.turn, orders.jump
local load, unload, zap = orders.load, orders.unload, orders.zap

return {
	-- Order tiles -------------------------------------------------------

	-- Forward 1x / Forward 2x: "Forward 2x is resolved as two consecutive
	-- Forward Orders. If an obstacle prevents moving, the Robot moves as far
	-- as it can and the rest is ignored."
	{ name = "forward_1", description = "one step forward, pushing one piece", steps = { forward() } },
	{ name = "forward_2", description = "two steps forward, as far as it can", steps = { forward(), forward() } },
	-- Turn left / Turn right: "one hex side (60°) counter-clockwise / clockwise".
	{ name = "turn_left", description = "turns one hex side counter-clockwise", steps = { turn(-1) } },
	{ name = "turn_right", description = "turns one hex side clockwise", steps = { turn(1) } },
	-- Load Crystal / Unload Crystal.
	{ name = "load", description = "loads the crystal in front, from the ground or a robot", steps = { load() } },
	{ name = "unload", description = "unloads the carried crystal in front", steps = { unload() } },
	-- Zap!: "the hex in front of it, and ... the second in line if the first is empty".
	{ name = "zap", description = "zaps the first robot within two hexes in front", steps = { zap("short") } },

	-- Special Orders tiles -----------------------------------------------

	-- Turn 2x Left/Right: "Turn 2 hex sides (120°)".
	{ name = "turn_left_2", description = "turns two hex sides counter-clockwise", steps = { turn(-2) } },
	{ name = "turn_right_2", description = "turns two hex sides clockwise", steps = { turn(2) } },
	-- Anti-Zap: "As long as this Order is part of the Robot's program, the
	-- Robot is not affected by opponent Zaps ... It has no other effect".
	{
		name = "anti_zap",
		description = "while in the program, opponent zaps have no effect",
		passives = { "anti_zap" },
	},
	-- U-Turn: "Turn thrice (180°)".
	{ name = "u_turn", description = "turns three hex sides: a U-turn", steps = { turn(3) } },
	-- Forward 3X: "three consecutive Forward Orders".
	{
		name = "forward_3",
		description = "three steps forward, as far as it can",
		steps = { forward(), forward(), forward() },
	},
	-- Forward then Load / Forward then Zap: "The sequence cannot be changed".
	{ name = "forward_load", description = "one step forward, then loads", steps = { forward(), load() } },
	{ name = "forward_zap", description = "one step forward, then zaps", steps = { forward(), zap("short") } },
	-- Dash: "This is a 'Forward 1x' Order. In addition, as long as this Order
	-- is in his program, the Robot can push any number of Robots/Crystals".
	{
		name = "dash",
		description = "one step forward; while in the program, steps push whole rows",
		steps = { forward() },
		passives = { "dash" },
	},
	-- Jump: "Jump two hexes ahead ... the destination hex must be empty".
	{ name = "jump", description = "jumps two hexes ahead onto an empty hex", steps = { jump(2) } },
	-- Back up: "As Forward 1x, but in reverse. All Forward rules apply."
	{ name = "back_up", description = "one step backward, pushing one piece", steps = { back() } },
	-- Double Zap!: "Zap twice in a row".
	{ name = "double_zap", description = "zaps twice in a row", steps = { zap("short"), zap("short") } },
	-- Anti theft: "the Robot's Crystal cannot be stolen by an opponent 'Load'
	-- Order ... It has no other effect".
	{
		name = "anti_theft",
		description = "while in the program, opponents cannot load its crystal",
		passives = { "anti_theft" },
	},
	-- Long range Zap: "an unlimited range ... the first non-empty hex in front".
	{
		name = "long_range_zap",
		description = "zaps the first non-empty hex in front, however far",
		steps = { zap("long") },
	},
}
