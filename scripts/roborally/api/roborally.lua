---@meta roborally
-- The RoboRally bot API, for LuaLS (completion and type checks).
-- Generated from src/games/roborally/lua/api.rs: do not edit by hand; a test
-- fails when this file and the bindings disagree
-- (TINBOTS_BLESS=1 cargo test --release --lib roborally_api_stubs rewrites it).

--- A robot's colour (its seat's name).
---@alias RrColour "red"|"blue"|"yellow"|"green"|"white"|"black"|"orange"|"purple"
--- A compass point: a facing, a belt's or pusher's direction, a wall's side.
---@alias RrFacing "N"|"E"|"S"|"W"
--- What a decision is about.
---@alias RrDecisionKind "card"|"power_down"|"facing"|"stay_or_wake"|"two_wrench"|"damage_option"|"lose_option"|"use_option"|"program_option"|"weapon"|"continue"
--- What a square is (a crusher is the `crusher` field, on any kind).
---@alias RrSquareKind "floor"|"pit"|"off"|"conveyor"|"express"|"gear"|"pusher"|"repair"

--- What a RoboRally bot script returns.
---@class RrBot
---@field name string? The bot's name in messages.
---@field choose fun(view: RrView, decision: RrDecision): integer|string The text of a legal answer, or its index (1-based).
local RrBot = {}

--- A program card.
---@class RrCard
---@field kind string "move_1", "move_2", "move_3", "back_up", "rotate_left", "rotate_right" or "u_turn".
---@field priority integer Higher acts first in a register phase.
---@field text string The answer that places it: "move_2 670".
local RrCard = {}

--- A square as {x, y}: x grows east, y grows south.
---@class RrPoint
---@field x integer The column.
---@field y integer The row.
local RrPoint = {}

--- A flag: touch them in order 1, 2, ...
---@class RrFlag
---@field x integer The column.
---@field y integer The row.
---@field number integer Its number.
local RrFlag = {}

--- A robot as the viewer may see it.
---@class RrRobot
---@field colour RrColour Its colour.
---@field seat integer Its index in view.robots.
---@field x integer? Its square (nil while destroyed or out).
---@field y integer? Its square's row.
---@field facing RrFacing Where it faces.
---@field damage integer 0 to 9.
---@field lives integer Lives left.
---@field flags integer Flags touched so far.
---@field virtual boolean A virtual robot neither pushes nor is pushed, nor shoots nor is shot.
---@field powered_down boolean Whether it is powered down.
---@field power_down_announced boolean Whether it powers down next turn.
---@field destroyed boolean Whether it is destroyed.
---@field archive RrPoint Where it comes back.
---@field options string[] Its option cards.
---@field registers (RrCard|false)[] Registers 1..5: a card, or false (empty; or another seat's card not revealed yet).
local RrRobot = {}

--- What one square holds.
---@class RrSquare
---@field kind RrSquareKind What it is.
---@field to RrFacing? The direction of a belt or pusher.
---@field turn "left"|"right"|nil A gear's turn.
---@field wrenches integer? A repair site's wrenches (1 or 2).
---@field registers integer[]? The phases a pusher pushes in.
---@field crusher integer[]? The phases a crusher on this square crushes in.
---@field walls table<RrFacing, boolean> The sides with a wall.
---@field flag integer? The flag on it.
local RrSquare = {}

--- The board (or the course's boards combined).
---@class RrBoard
---@field name string Its name.
---@field width integer Squares from west to east.
---@field height integer Squares from north to south.
---@field flags RrFlag[] By number.
---@field next_flag RrFlag? The viewer's next flag (nil once all are touched).
local RrBoard = {}

--- What square (x, y) holds ("off" past the board).
---@param x integer The column.
---@param y integer The row.
---@return RrSquare
function RrBoard:square(x, y) end

--- Where the viewer's robot ends a simulation.
---@class RrEnding
---@field x integer? Its square (nil when destroyed).
---@field y integer? Its square's row.
---@field facing RrFacing Where it faces.
---@field destroyed boolean Whether it is destroyed.
---@field damage integer Its damage.
---@field lives integer Lives left.
---@field flags integer Flags touched, those of the simulated turn included.
---@field over boolean Whether the race ended.
---@field rivals RrRivalEnding[] Where the other robots end, by seat.
local RrEnding = {}

--- Where another robot ends a simulation.
---@class RrRivalEnding
---@field colour RrColour The robot.
---@field x integer? Its square (nil when destroyed).
---@field y integer? Its square's row.
---@field facing RrFacing Where it faces.
---@field destroyed boolean Whether it is destroyed.
---@field damage integer Its damage.
---@field lives integer Lives left.
---@field flags integer Flags touched.
---@field over boolean Whether the race ended.
local RrRivalEnding = {}

--- The game as the deciding seat may see it, built for each decision.
---@class RrView
---@field me RrColour The viewer's colour.
---@field seat integer The viewer's index in robots.
---@field turn integer The turn.
---@field phase integer? The register phase (nil while the turn starts, is programmed or ends).
---@field step string The step: "programming", "reveal", "robot", "lasers", ...
---@field robots RrRobot[] Every robot, by seat.
---@field board RrBoard The board.
---@field hand RrCard[] The viewer's cards not yet placed.
---@field registers (RrCard|false)[] The viewer's registers 1..5.
---@field locked integer[] The viewer's registers locked by damage.
---@field chosen integer? The registers the viewer's player fills this turn, from the first (5; fewer when a variant's timer runs out: the others are filled at random).
local RrView = {}

--- Plays `answers` as the viewer's coming answers, e.g. its cards for the free registers then "go",
--- on a copy where everything the viewer cannot see is dealt anew and the others answer at random,
--- up to the end of this turn's register phases (or of phase `phases`); answers past the list come from `standing`, else are random.
--- Charged to the instruction budget (2000 per call, 200 per answer played), at most 1000 calls per decision.
--- An answer that is not legal when its turn comes is an error naming the script's line.
---@param answers string[] Answer texts.
---@param phases integer? Stop after this register phase (1..5); nil: after the turn's register phases.
---@param standing table<string, string>? Answers to the viewer's questions the list does not answer, by option name or decision kind: { brakes = "use", use_option = "skip", weapon = "laser" } (the option's name first; one not legal then is answered at random).
---@return RrEnding
function RrView:simulate(answers, phases, standing) end

--- Native Monte Carlo tree search of this decision (the `mcts` bot's), on samples of what the viewer cannot see; charged 1000 instructions per iteration.
---@param options SearchOptions? How much to search: `{ iterations = 300 }`.
---@return SearchFound
function RrView:search(options) end

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

--- The decision being asked.
---@class RrDecision
---@field kind RrDecisionKind What it is about.
---@field register integer? The register a card decision fills (1..5).
---@field option string? The option a `use_option` decision (`use` | `skip`) or a `program_option` decision (the card's own answers) is about.
---@field seat integer The deciding seat.
---@field colour RrColour The deciding robot.
---@field text string The decision in words.
---@field answers string[] The legal answers as text: "move_2 670", "go", "power_down", "N", "repair", ...
local RrDecision = {}

