---@meta droids_mission
-- The Droids mission script API, for LuaLS (completion and type checks).
-- Written by hand after src/games/droids/mission/api.rs (the methods,
-- host functions) and docs/droids.md ("Mission scripts": what each
-- method checks, and the limits).

--- A square.
---@class DrSquare
---@field x integer
---@field y integer

--- A robot as a hook sees it.
---@class DrMissionRobot
---@field name string "red", ..., "grey.1", "grey.2", "statue", "killer".
---@field x integer? Its column (nil while carried).
---@field y integer? Its row.
---@field carrying string? "obstacle", "container", "mine" or "statue".

--- How a hook's shot damages (`game:shoot`).
---@class DrShot
---@field registers integer? Registers a hit blocks; 0 or nil: by the die (1, 2 or 3).
---@field distance boolean? Whether a hit farther than the die's roll does nothing (default true).
---@field scrap boolean? Whether a hit puts the player out.

--- The game as a hook sees it: a fresh picture each call.
---@class DrGame
---@field round integer The round, from 1.
---@field width integer
---@field height integer
---@field mission string The mission's name.
---@field setting string? What follows the colon of `--mission` (`killer:c`).
---@field players string[] The colours in seat order.
---@field starts table<string, DrSquare> Each player's start square.
---@field free_registers table<string, integer> Each player's registers not blocked.
---@field robots table<string, DrMissionRobot> Every robot by name.
---@field vars table<string, integer> The numbers the script keeps (`game:set`: at most 1024 keys of 1 to 64 bytes).
local DrGame = {}

---@return "ground"|"water"|"fixed"|nil
function DrGame:terrain(x, y) end
---@return "obstacle"|"container"|"mine"|nil
function DrGame:piece(x, y) end
--- Every square's terrain in one call, by square number: [x, y] is
--- `terrains[y * game.width + x + 1]`.
---@return ("ground"|"water"|"fixed")[]
function DrGame:terrains() end
--- The pieces on the board in one call, by square number (`y * game.width + x + 1`; nil where none).
---@return table<integer, "obstacle"|"container"|"mine">
function DrGame:pieces() end
---@param kind "obstacle"|"container"|"mine"
---@return integer n How many pieces of `kind` lie on the board.
function DrGame:count(kind) end
---@return string? robot The name of the robot standing there.
function DrGame:robot_at(x, y) end
---@return boolean free On the board, no fixed obstacle, no piece that stops robots, no robot.
function DrGame:free(x, y) end
---@return integer roll The game's die, 0 to 9.
function DrGame:roll() end
---@param colour string A seated player's colour.
---@return boolean out Whether the player is out (asked out by this hook too).
function DrGame:is_out(colour) end
--- The reading the game follows for a disputed rule (`tinbots rulings`, `--ruling`):
--- `game:ruling("droids.statue-home")` is "set-down" or "arrival". An id the game
--- lacks is an error listing the game's. Name it in the narration the rule decides:
--- `... [ruling droids.statue-home: set-down]`.
---@param id string A dispute's id, "droids.NAME".
---@return string reading The reading's name.
function DrGame:ruling(id) end
--- Keeps a number in the game (at most 1024 keys, each 1 to 64 bytes).
---@param key string
---@param value integer
function DrGame:set(key, value) end
--- The player blocks `n` registers of their choice.
function DrGame:block(colour, n) end
--- Puts a piece on a square of the board (nil: clears it); never on a fixed obstacle, nor an obstacle or container under a robot.
function DrGame:set_piece(x, y, kind) end
--- Sets what a robot carries (nil: nothing).
function DrGame:set_carrying(robot, kind) end
--- Moves a robot `reach` squares (0 to 30, or "dash": to the next obstacle) by the move rules.
---@param reach integer|"dash"
function DrGame:drive(robot, dir, reach) end
--- A robot shoots along `dir`.
---@param how DrShot?
function DrGame:shoot(robot, dir, how) end
--- The player is out.
---@param colour string A seated player's colour.
function DrGame:out(colour) end
--- A line for the transcript (at most 1000 bytes).
function DrGame:say(text) end
--- Ends the game: the winners' colours, each seated and named once (none: nobody, or a draw), and why (at most 1000 bytes).
---@param winners string[]
function DrGame:finish(winners, reason) end

--- What a mission script returns: its hooks, each optional.
---@class DrMission
---@field setup fun(game: DrGame)? Once, before the set-up's obstacles.
---@field moved fun(game: DrGame, event: {robot: string, from: DrSquare, to: DrSquare, pushed: boolean, steered: boolean})? A robot entered a square (`pushed`: another pushed it; `steered`: another's red tile steered it).
---@field order_done fun(game: DrGame, event: {player: string, robot: string, tile: string, from: DrSquare?, moved: {robot: string, from: DrSquare}[]})? A turned-up tile was carried out (`moved`: every robot that left its square in the order, with the square it left).
---@field round_ended fun(game: DrGame, event: {round: integer})? A round ended.
local DrMission = {}
