---@meta droids
-- The Droids bot API, for LuaLS (completion and type checks).
-- Generated from src/games/droids/lua/api.rs: do not edit by hand; a test
-- fails when this file and the bindings disagree
-- (TINBOTS_BLESS=1 cargo test --release --lib droids_api_stubs rewrites it).

--- A player's colour (its seat's name).
---@alias DrColour "red"|"yellow"|"blue"|"green"
--- What a decision is about (docs/droids.md, "Answers as text").
---@alias DrDecisionKind "place"|"draw"|"lay"|"up"|"block"

--- What a Droids bot script returns.
---@class DrBot
---@field name string? The bot's name in messages.
---@field choose fun(view: DrView, decision: DrDecision): integer|string The text of a legal answer, or its index (1-based).
local DrBot = {}

--- A robot: a player's, a repair robot or the statue.
---@class DrRobot
---@field name string "red", ..., "grey.1", "grey.2", "statue".
---@field x integer? Its column (nil while carried).
---@field y integer? Its row.
---@field carrying string? "obstacle", "container", "mine" or "statue".
local DrRobot = {}

--- A piece lying on the board.
---@class DrPiece
---@field kind "obstacle"|"container"|"mine" What it is.
---@field x integer Its column.
---@field y integer Its row.
local DrPiece = {}

--- A square.
---@class DrSquare
---@field x integer Its column, from 0 (west).
---@field y integer Its row, from 0 (north).
local DrSquare = {}

--- A player's standing, as every player sees it.
---@class DrPlayer
---@field out boolean Out of the game (seed line 133).
---@field blocked integer How many of its registers are blocked.
---@field start DrSquare? Its start square.
local DrPlayer = {}

--- What the deciding seat may see.
---@class DrView
---@field me DrColour The deciding seat's colour.
---@field round integer The round, from 1.
---@field mission string The mission's name ("challenge", "mines", ...).
---@field width integer The board's width.
---@field height integer The board's height.
---@field rows string[] The squares, the top row first: "." ground, "~" water, "#" fixed obstacle.
---@field robots DrRobot[] Every robot.
---@field pieces DrPiece[] The pieces lying on the board, row by row.
---@field players table<DrColour, DrPlayer> Every player's standing, by colour.
---@field vars table<string, integer> The numbers the mission's script keeps ("delivered.red", ...).
---@field hand string[] The seat's tiles not yet laid, as text ("move2 N").
---@field blocked integer[] The seat's blocked register columns.
---@field over boolean? A simulated view only: the game is over.
---@field winners DrColour[]? A simulated view only: the winners (none while it goes on).
local DrView = {}

--- The view after `answers`, on a sample of what the seat cannot see, the others answering at random (the real view only).
---@param answers string[] The seat's coming answers as text, in order ({ "up 3" }).
---@param to_round_end boolean? Play on to the end of the round (the seat's later answers at random).
---@return DrView
function DrView:simulate(answers, to_round_end) end

--- Native Monte Carlo tree search of this decision (the `mcts` bot's), on samples of what the viewer cannot see; charged 1000 instructions per iteration.
---@param options SearchOptions? How much to search: `{ iterations = 300 }`.
---@return SearchFound
function DrView:search(options) end

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

--- The decision to answer.
---@class DrDecision
---@field kind DrDecisionKind What is decided.
---@field answers string[] The legal answers as text, in the game's order.
local DrDecision = {}

