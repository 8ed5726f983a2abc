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

--- What the deciding seat may see.
---@class DrView
---@field me DrColour The deciding seat's colour.
---@field round integer The round, from 1.
---@field robots DrRobot[] Every robot.
---@field hand string[] The seat's tiles not yet laid, as text ("move2 N").
---@field blocked integer[] The seat's blocked register columns.
local DrView = {}

--- The decision to answer.
---@class DrDecision
---@field kind DrDecisionKind What is decided.
---@field answers string[] The legal answers as text, in the game's order.
local DrDecision = {}

