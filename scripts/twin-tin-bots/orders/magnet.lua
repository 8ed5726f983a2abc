-- Crystal magnet: a new special order, not in the rulebook.
--
-- `orders.pull(n)` looks along the robot's facing, up to n hexes: if the
-- first piece in line is a loose crystal, it is pulled one hex toward the
-- robot. A robot or a base as the first piece in line stops the pull
-- (carried crystals are not pulled); a crystal right in front stays; with
-- nothing within n hexes the pull is ignored. Pulling twice brings a crystal
-- three hexes away right in front of the robot, ready for a Load.
-- Scenarios: scripts/twin-tin-bots/scenarios/210_* to 213_*.

return {
	{
		name = "magnet",
		description = "pulls the first crystal in line within 3 hexes up to two hexes closer",
		steps = { orders.pull(3), orders.pull(3) },
	},
}
