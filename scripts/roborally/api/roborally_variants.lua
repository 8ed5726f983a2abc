---@meta roborally_variants
-- The RoboRally variant API (with roborally_options.lua), for LuaLS (completion and type checks).
-- Generated from src/games/roborally/lua/variant_api.rs: do not edit by hand; a test
-- fails when this file and the bindings disagree
-- (TINBOTS_BLESS=1 cargo test --release --lib roborally_variant_api_stubs rewrites it).


--- What a variant's script returns: a table of hooks, each optional (a hook no variant defines costs nothing; a variant with none never enters Lua).
---@class RrVariant
---@field power_down fun(game: RrVariantGame|RrOptionGame, event: RrVariantEvent): boolean|string|nil A damaged robot's player is about to be asked whether to power down: false or a reason and the question is not asked (the robot stays powered up); nil or true: asked as usual.
---@field belts fun(game: RrVariantGame|RrOptionGame, event: RrVariantEvent) A belt step has moved the robots (event.express: the express belts' first move); the hook may move flags with game:move_flag.
---@field programming fun(game: RrVariantGame|RrOptionGame, event: RrVariantEvent): integer? Cards were dealt to event.robot: returns how many registers (0 to 5) its player fills, first to last; the others are filled at random from its hand. nil: all of them.
---@field turn_end fun(game: RrVariantGame|RrOptionGame, event: RrVariantEvent) Turn event.turn ends, after repairs and the option cards' turn_end: the hook may ask for effects (game:damage, ...), applied before the next deal.
---@field destroyed fun(game: RrVariantGame|RrOptionGame, event: RrVariantEvent) event.robot was destroyed (its life already taken), after its option cards' destroyed and before it loses an option: the hook may ask for effects.
local RrVariant = {}

--- What a variant's hook is told.
---@class RrVariantEvent
---@field robot RrOptionColour? power_down, programming, destroyed: the robot.
---@field turn integer? turn_end: the turn ending, from 1.
---@field express boolean? belts: true for the express belts' first move, false for every belt's move.
local RrVariantEvent = {}

--- A square as game:square returns it.
---@class RrVariantSquare
---@field kind "floor"|"off"|"pit"|"conveyor"|"express"|"gear"|"pusher"|"crusher"|"repair" What lies there (a crusher on a belt shows its belt).
---@field to ("N"|"E"|"S"|"W")? A belt's or a pusher's direction.
---@field flag integer? The flag standing there.
local RrVariantSquare = {}

--- A flag as game:flags returns it.
---@class RrVariantFlag
---@field number integer Its number: flags are touched in order.
---@field at RrOptionSquare Where it stands now.
local RrVariantFlag = {}

--- The game lent to a variant's hook: every method of RrOptionGame, and these.
---@class RrVariantGame
local RrVariantGame = {}

--- What lies on a square.
---@param x integer Column.
---@param y integer Row.
---@return RrVariantSquare
function RrVariantGame:square(x, y) end

--- The flags, by number, where they stand now.
---@return RrVariantFlag[]
function RrVariantGame:flags() end

--- The robots' colours, in seat order.
---@return RrOptionColour[]
function RrVariantGame:colours() end

--- In a belts hook: the flag moves one square once the hook returns (moves are planned together; a wall or another flag keeps it; off the board or into a pit, it goes back to its square at the start of the race).
---@param number integer The flag.
---@param dir "N"|"E"|"S"|"W" The way it goes, one square.
function RrVariantGame:move_flag(number, dir) end

