---@meta orders
-- The `orders` table of order files (scripts/orders/*.lua), for LuaLS
-- (completion and type checks). Written by hand; a test checks that it
-- names every primitive and passive effect (src/script/orders/tests.rs).
--
-- An order file returns a list of OrderSpec tables. Each primitive
-- constructor checks its argument at once (an error at that line) and
-- returns an opaque Step that prints as the call that made it.

--- One primitive action, made by a constructor of `orders`.
---@class Step

--- A passive effect, active while the tile sits in a robot's program.
---@alias PassiveName "anti_zap"|"anti_theft"|"dash"

--- One order of an order file.
---@class OrderSpec
---@field name string The tile's name: a built-in one redefines that tile; a new one (lowercase letters, digits, `_`) adds a special tile.
---@field description string? What it does, in one line.
---@field steps Step[]? The primitives it runs, in order (at most 8).
---@field passives PassiveName[]? Its passive effects.

---@class orders
---@field passives PassiveName[] The names of the passive effects.
orders = {}

--- One step forward with the push rules (one piece; a row with Dash).
---@return Step
function orders.forward() end

--- One step backward, keeping the facing, with the push rules (Back up).
---@return Step
function orders.back() end

--- One step to the adjacent hex `sides` hex sides clockwise from the facing
--- (1 front-right, 2 back-right, -1 front-left, -2 back-left), keeping the
--- facing, with the push rules in the direction of the step.
---@param sides integer 1 to 5, or -1 to -5
---@return Step
function orders.side(sides) end

--- Turns `sides` hex sides clockwise (negative: counter-clockwise).
---@param sides integer 1 to 5, or -1 to -5
---@return Step
function orders.turn(sides) end

--- Jumps `distance` hexes ahead, over anything, onto an empty hex.
---@param distance integer 1 to 10
---@return Step
function orders.jump(distance) end

--- Loads the crystal in front (from the ground or another robot).
---@return Step
function orders.load() end

--- Unloads the carried crystal in front (a base scores it).
---@return Step
function orders.unload() end

--- Zaps the first robot in line: "short" (two hexes, the default), "long"
--- (to the edge) or a number of hexes; a crystal or a base stops it. The
--- zapper chooses the effect: the order pauses for that decision.
---@param range? "short"|"long"|integer 1 to 10 hexes
---@return Step
function orders.zap(range) end

--- Crystal magnet: if the first piece in line within `range` hexes is a
--- loose crystal, it is pulled one hex toward the robot.
---@param range integer 2 to 10
---@return Step
function orders.pull(range) end
