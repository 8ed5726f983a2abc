---@meta tinbots
-- The tinbots Lua API, for LuaLS (completion and type checks).
-- Generated from src/games/twin_tin_bots/lua/api.rs: do not edit by hand; a test
-- fails when this file and the bindings disagree
-- (TINBOTS_BLESS=1 cargo test --release api_stubs rewrites it).

--- A player's colour.
---@alias Colour "red"|"blue"|"yellow"|"green"|"white"|"black"
--- A side of a hex, clockwise from east.
---@alias Facing "E"|"SE"|"SW"|"W"|"NW"|"NE"
--- What a decision is about.
---@alias DecisionKind "program_change"|"zap_effect"|"crystal_placement"|"zap_push"|"continue"|"game_over"
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
---@field terrain TerrainInfo[] Terrain on the board (variants): kind, at, colour, facing.
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

--- Native Monte Carlo tree search of this decision (the `mcts` bot's), on samples of what the viewer cannot see; charged 1000 instructions per iteration.
---@param options SearchOptions? How much to search: `{ iterations = 300 }`.
---@return SearchFound
function View:search(options) end

--- How much `view:search` searches (as the `mcts` bot's settings).
---@class SearchOptions
---@field iterations integer? Iterations (1 to 100000; 1000 when nil): reproducible.
---@field time number? Seconds to search instead (up to 5): not reproducible.
---@field horizon integer? Turns a rollout runs past the end of this turn (0 when nil).
---@field exploration number? UCB1's exploration constant (0.1 when nil).
---@field choice string? "visits" (the most tried answer, when nil) or "best" (the answer after which the best reward was seen; by its mean where the seat decides nothing more this turn).
local SearchOptions = {}

--- What `view:search` found.
---@class SearchFound
---@field best string The answer chosen (the most visited), as text.
---@field index integer Its index among the legal answers, from 1.
---@field iterations integer Iterations run.
---@field answers SearchAnswer[] The answers tried, the chosen first.
local SearchFound = {}

--- One answer as the search saw it.
---@class SearchAnswer
---@field answer string The answer's text.
---@field index integer Its index among the legal answers, from 1.
---@field visits integer Iterations that tried it.
---@field value number The viewer's mean reward after it, 0 to 1.
---@field best number The viewer's best reward after it in one iteration, 0 to 1.
local SearchAnswer = {}

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
---@field team integer The player's team, from 1 (every player alone without teams).
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

--- What a variant script (variants/<name>/variant.lua) returns: its hooks, each optional; an undefined hook costs nothing.
---@class Variant
---@field kinds table<string, KindHooks>? Hooks per kind of terrain (kinds from the manifests' [[piece]]).
---@field push fun(game: Game, event: PushEvent): boolean|string|nil Before a push: false or a reason refuses it (nothing moves); nil or true allows it.
---@field deliver fun(game: Game, event: DeliverEvent): boolean|string|nil Before a crystal is unloaded on a base: false or a reason refuses it (the unload is ignored).
---@field turn_ended fun(game: Game, colour: Colour) After each turn's programs ran; may ask for pushes (game:push) and marks.
---@field game_over fun(game: Game): string|nil After each turn: a reason ends the game now (scored as usual).
---@field score fun(game: Game, colour: Colour): integer|integer[]|nil A player's score (up to four numbers compared in order, the first shown); nil for the standard score.
---@field seating fun(info: SeatingInfo): Seating Standard games: the colours in turn order and who controls them.
---@field teams fun(colours: Colour[]): Colour[][] The teams of the colours at the table (standard games and scenarios).
---@field setup fun(setup: Setup) Standard games, after the deal: place terrain, change the track or the score to win.
local Variant = {}

--- The hooks of one kind of terrain; the engine calls them only where that kind is.
---@class KindHooks
---@field entered fun(game: Game, event: EnteredEvent) A piece entered a hex of this floor kind (or a piece of this kind moved).
---@field before_step (fun(game: Game, event: StepEvent): string|nil)|{lose: string, steps?: string[]} A robot on this floor kind is about to step: a reason makes it lose the step (it stays; the order goes on). As data, { lose = why, steps = { "forward", "back" } }: those steps are lost for that reason, then the kind is done with the robot (no Lua call).
---@field zapped fun(game: Game, event: ZappedEvent): "push"|"stop"|nil A zap hit a piece of this kind: "push" lets the zapper's player push it to an adjacent hex.
local KindHooks = {}

--- The game as a hook sees it: read-only, lent for the call; changes are asked for (set_mark, push) and applied by the rules after the hook returns.
---@class Game
---@field turn integer The turn number, counting every player's turn from 1.
---@field active Colour Whose turn it is.
---@field colours Colour[] The colours in seating order.
---@field arena_radius integer The arena is the hexagon of this radius around {0, 0}.
local Game = {}

--- A robot in play.
---@param id string A robot such as "red.1".
---@return RobotInfo
function Game:robot(id) end

--- Every robot in play.
---@return RobotInfo[]
function Game:robots() end

--- What stands on a hex.
---@param at Hex A hex.
---@return PieceInfo?
function Game:piece(at) end

--- The floor terrain of a hex.
---@param at Hex A hex.
---@return FloorInfo?
function Game:floor(at) end

--- Whether the hex is on the board.
---@param at Hex A hex.
---@return boolean
function Game:on_board(at) end

--- Every piece of terrain, pieces and floors.
---@return TerrainInfo[]
function Game:terrain() end

--- A robot's mark (0 when unset); marks are cleared when a turn starts.
---@param robot string A robot.
---@param key string The mark's name.
---@return integer
function Game:mark(robot, key) end

--- Sets a robot's mark for the rest of the turn.
---@param robot string A robot.
---@param key string The mark's name.
---@param value integer Its value (0 clears it).
function Game:set_mark(robot, key, value) end

--- In a kind hook: this kind's before_step is not asked again for the robot until it enters a hex of this kind again or a turn starts (a cheap 'nothing more this turn').
---@param robot string A robot.
function Game:done_with(robot) end

--- Asks for whatever stands at `at` to be pushed one hex toward `dir` by the normal push rules (one piece ahead of it may be pushed), after the hook returns.
---@param at Hex A hex.
---@param dir Facing A direction.
function Game:push(at, dir) end

--- The colour's team (1-based; each colour alone without teams).
---@param colour Colour A seated colour.
---@return integer
function Game:team(colour) end

--- The colours of its team, itself included.
---@param colour Colour A seated colour.
---@return Colour[]
function Game:teammates(colour) end

--- Its standard score and tiebreak figures.
---@param colour Colour A seated colour.
---@return StandingInfo
function Game:standing(colour) end

--- The standard scores and tiebreak figures of its team (itself without teams), summed.
---@param colour Colour A seated colour.
---@return StandingInfo
function Game:team_standing(colour) end

--- A standard game being set up, for the `setup` hook.
---@class Setup
---@field colours Colour[] The colours in seating order.
---@field arena_radius integer The arena is the hexagon of this radius around {0, 0}.
---@field score_to_win integer? Points in base that win at once, if score victory is on.
local Setup = {}

--- Every hex of the board, centre first, ring by ring.
---@return Hex[]
function Setup:hexes() end

--- What stands on a hex: a piece, or terrain (with its colour and facing).
---@param at Hex A hex.
---@return PieceInfo?
function Setup:at(at) end

--- Where the bases stand.
---@return Hex[]
function Setup:bases() end

--- A number from 1 to n, from the game's seed (the same seed, the same terrain).
---@param n integer How many outcomes.
---@return integer
function Setup:random(n) end

--- Places terrain on a free hex.
---@param kind string A kind of terrain of the variants.
---@param at Hex A free hex.
---@param extra string? A colour (a teleporter's pair) or a direction (a conveyor's).
function Setup:place(kind, at, extra) end

--- Whether the rulebook's setup rule lets `kind` go on `at`: not on the outer ring nor the centre, on a free hex, and teleporters and piece kinds not next to a base, a teleporter, a rock or a blob.
---@param kind string A kind of terrain of the variants.
---@param at Hex A hex.
---@return boolean
function Setup:placeable(kind, at) end

--- Places up to `count` pieces of `kind`, each on a random hex that `placeable` allows; returns where (fewer when no hex is left).
---@param kind string A kind of terrain of the variants.
---@param count integer How many.
---@param extra string? A colour or a direction, as for place.
---@return Hex[]
function Setup:scatter(kind, count, extra) end

--- Removes the terrain of a hex; whether there was some.
---@param at Hex A hex.
---@return boolean
function Setup:remove(at) end

--- The crystal track, next to enter first, by value.
---@return integer[]
function Setup:track() end

--- Replaces the track (the box holds 6 of each value).
---@param values integer[] Crystal values, next first.
function Setup:set_track(values) end

--- Sets the points in base that win at once.
---@param points integer? Points, or nil for no score victory.
function Setup:set_score_to_win(points) end

--- What the `seating` hook is told.
---@class SeatingInfo
---@field players integer How many people play.
local SeatingInfo = {}

--- What the `seating` hook returns.
---@class Seating
---@field colours Colour[] The colours at the table in turn order (2 to 6; the standard set-up for that many colours is used).
---@field controllers Colour[][]? The colours each person controls, one list per person (default: one colour each).
local Seating = {}

--- A robot, as hooks see it.
---@class RobotInfo
---@field id string Its name, such as "red.1".
---@field owner Colour Its player's colour.
---@field at Hex Where it stands.
---@field facing Facing Where it faces.
---@field carrying integer The value of the crystal it carries, or 0.
local RobotInfo = {}

--- What stands on a hex: a robot, a crystal, a base or terrain.
---@class PieceInfo
---@field kind string "robot", "crystal", "base" or a kind of terrain.
---@field id string? A robot's name.
---@field owner Colour? A robot's or a base's colour.
---@field value integer? A crystal's value.
---@field at Hex? Where it stands (in a push's row).
---@field colour Colour? Terrain's colour (Setup:at).
---@field facing Facing? Terrain's direction (Setup:at).
local PieceInfo = {}

--- Floor terrain.
---@class FloorInfo
---@field kind string Its kind.
---@field colour Colour? A teleporter's pair colour.
---@field facing Facing? Its direction, for kinds that have one.
local FloorInfo = {}

--- A piece of terrain and where it is.
---@class TerrainInfo
---@field kind string Its kind.
---@field at Hex Where it is.
---@field colour Colour? A teleporter's pair colour.
---@field facing Facing? Its direction, for kinds that have one.
local TerrainInfo = {}

--- A player's standard score and tiebreak figures.
---@class StandingInfo
---@field total integer Base at full value plus carried crystals at one less.
---@field base integer Points in the base.
---@field carried integer Points carried (one less per crystal).
---@field blue integer Blue crystals the first tiebreaker counts: in the base (with the carried ones under `--ruling ttb.tiebreak=harvested`).
---@field green integer Green crystals the second tiebreaker counts, as `blue`.
local StandingInfo = {}

--- A piece entered a hex with a kind hook.
---@class EnteredEvent
---@field kind string The kind whose hook runs.
---@field piece PieceInfo The piece.
---@field at Hex The hex entered.
local EnteredEvent = {}

--- A robot is about to step.
---@class StepEvent
---@field kind string The kind of the floor under it.
---@field robot string The robot.
---@field step "forward"|"back"|"side" Forward (an order or a zap's forward_1), Back up, or a side step.
---@field marks table<string, integer> The robot's marks set this turn (as game:mark reads them), by key; read-only (set marks with game:set_mark).
local StepEvent = {}

--- A push about to happen.
---@class PushEvent
---@field pusher PieceInfo What moves first (a robot stepping, or a pushed piece).
---@field row PieceInfo[] The pieces pushed, nearest first, each with `at`.
---@field dir Facing The direction.
local PushEvent = {}

--- A zap hit a piece of terrain.
---@class ZappedEvent
---@field kind string Its kind.
---@field zapper string The zapping robot.
---@field at Hex Where the piece stands.
local ZappedEvent = {}

--- A crystal about to be unloaded on a base.
---@class DeliverEvent
---@field robot string The unloading robot.
---@field owner Colour The robot's colour.
---@field base Colour The base's colour.
---@field crystal integer The crystal's value.
local DeliverEvent = {}

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

