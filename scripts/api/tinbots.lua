---@meta tinbots
-- The tinbots Lua API, for LuaLS (completion and type checks).
-- Generated from src/script/api.rs: do not edit by hand; a test
-- fails when this file and the bindings disagree
-- (TINBOTS_BLESS=1 cargo test --release api_stubs rewrites it).

--- A player's colour.
---@alias Colour "red"|"blue"|"yellow"|"green"|"white"|"black"
--- A side of a hex, clockwise from east.
---@alias Facing "E"|"SE"|"SW"|"W"|"NW"|"NE"
--- What a decision is about.
---@alias DecisionKind "program_change"|"zap_effect"|"crystal_placement"|"continue"|"game_over"
--- A hex as {q, r}, axial coordinates (DESIGN.md).
---@alias Hex integer[]
--- A passive effect of an order, active while it sits in a program.
---@alias PassiveName "anti_zap"|"anti_theft"|"dash"

--- What a bot script returns.
---@class Bot
---@field name string? The bot's name in messages.
---@field choose fun(view: View, decision: Decision): integer|string Answers a decision: the index (1-based) or the text of a legal answer.
local Bot = {}

--- The game as the deciding player may see it; simulated views are samples of what it cannot see.
---@class View
---@field me Colour The viewer's colour.
---@field arena_radius integer The arena is the hexagon of this radius around {0, 0}.
---@field robots RobotView[] Robots in play.
---@field crystals CrystalView[] Loose crystals on the board.
---@field bases BaseView[] Bases on the board.
---@field players PlayerInfo[] Every player, in seating order.
---@field hand string[] The viewer's own hand: tile names, one per tile.
---@field track_length integer Crystals still on the track (not which).
---@field special_deck_length integer Special tiles still in the deck (not which).
---@field active Colour Whose turn it is.
---@field turn integer The turn number, counting every player's turn from 1.
---@field end_phase boolean Whether the last crystal has entered play.
---@field counters integer Countdown counters the first player still holds.
---@field score_to_win integer? Points in base that win at once, if score victory is on.
---@field decision DecisionView What is being decided now.
---@field over boolean Whether the game is over.
---@field winners Colour[] The winners, once the game is over.
local View = {}

--- The decision of this view's game and its legal answers.
---@return Decision
function View:legal() end

--- The view after `answer`, on a sample of what the viewer cannot see; the real game is untouched.
---@param answer integer|string An index (1-based) or the text of a legal answer.
---@return View
function View:simulate(answer) end

--- Applies `answer` to a simulated view in place (an error on the real game's view).
---@param answer integer|string An index (1-based) or the text of a legal answer.
function View:apply(answer) end

--- The view after up to `turns` turns of uniformly random answers (native speed).
---@param turns integer? How many turns; to the end when nil.
---@return View
function View:rollout(turns) end

--- A simulated view with what the viewer cannot see dealt again at random.
---@return View
function View:resample() end

--- A decision and its legal answers: `#decision` counts them, `decision[i]` is the i-th as text.
---@class Decision
---@field kind DecisionKind What is being decided.
---@field player Colour? Who decides (nil once the game is over).
---@field zapper string? For a zap effect: the zapping robot, such as `red.1`.
---@field target string? For a zap effect: the robot hit.
---@field crystal integer? For a crystal placement: the value of the crystal entering play.
---@field count integer How many answers are legal (also `#decision`).
---@field answers string[] Every legal answer as text (built when first read).
local Decision = {}

--- A view's decision, as a plain table.
---@class DecisionView
---@field kind DecisionKind What is being decided.
---@field player Colour? Who decides.
---@field zapper string? For a zap effect: the zapping robot.
---@field target string? For a zap effect: the robot hit.
---@field crystal integer? For a crystal placement: the crystal's value.
local DecisionView = {}

--- A robot as everyone sees it.
---@class RobotView
---@field id string Its name, such as `red.1`.
---@field owner Colour Its owner's colour.
---@field at Hex Where it stands.
---@field facing Facing The side it faces.
---@field carrying integer The value of the crystal it carries, 0 for none.
---@field program string[] Its program, slots 1 to 3; "" is an empty slot.
local RobotView = {}

--- A loose crystal.
---@class CrystalView
---@field at Hex Where it lies.
---@field value integer Its value: 2 (blue), 3 (green) or 4 (pink).
local CrystalView = {}

--- A base.
---@class BaseView
---@field owner Colour Its owner.
---@field at Hex Where it stands.
---@field delivered integer[] Crystals delivered, by kind: {blue, green, pink}.
---@field points integer Points delivered.
local BaseView = {}

--- A player as the viewer sees them.
---@class PlayerInfo
---@field colour Colour Colour.
---@field score integer Score if the game ended now: base points plus carried crystals at one less.
---@field base_points integer Points delivered to the base.
---@field double_modification_used boolean Whether Double Modification was played.
---@field first_turn boolean Whether this player's first turn is still to come.
---@field standard_tiles string[] The standard tiles in hand (public).
---@field special_count integer How many special tiles the player holds (not which).
local PlayerInfo = {}

--- One primitive action of an order, made by a constructor of `orders` (prints as the call that made it).
---@class Step
local Step = {}

--- One order of an order file (scripts/orders/*.lua returns a list of them).
---@class OrderSpec
---@field name string The tile's name: a built-in one redefines that tile; a new one (lowercase letters, digits, `_`) adds a special tile.
---@field description string? What it does, in one line.
---@field steps Step[]? The primitives it runs, in order (at most 8).
---@field passives PassiveName[]? Its passive effects, active while it sits in a program.
local OrderSpec = {}

--- The primitives order files build orders from (read-only; order files only).
---@class orders
---@field passives PassiveName[] The names of the passive effects.
orders = {}

--- One step forward with the push rules (one piece; a row with Dash).
---@return Step
function orders.forward() end

--- One step backward, keeping the facing, with the push rules (Back up).
---@return Step
function orders.back() end

--- One step to the adjacent hex `sides` hex sides clockwise from the facing (1 front-right, -1 front-left), keeping the facing, pushing in the direction of the step.
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

--- Zaps the first robot in line (a crystal or a base stops it); the order pauses for the zapper's choice of effect.
---@param range ("short"|"long"|integer)? "short" (two hexes, the default), "long" (to the edge) or 1 to 10 hexes
---@return Step
function orders.zap(range) end

--- Crystal magnet: if the first piece in line within `range` hexes is a loose crystal, it is pulled one hex toward the robot.
---@param range integer 2 to 10
---@return Step
function orders.pull(range) end

