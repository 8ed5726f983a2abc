---@meta roborally_options
-- The RoboRally option card API, for LuaLS (completion and type checks).
-- Generated from src/games/roborally/lua/option_api.rs: do not edit by hand; a test
-- fails when this file and the bindings disagree
-- (TINBOTS_BLESS=1 cargo test --release --lib roborally_option_api_stubs rewrites it).

--- A robot's colour.
---@alias RrOptionColour "red"|"blue"|"yellow"|"green"|"white"|"black"|"orange"|"purple"
--- A player's answer to a run-time option's question.
---@alias RrOptionAnswer "use"|"skip"

--- What a card's script returns: a table of hooks, each optional (a hook no card defines costs nothing).
---@class RrOptionCard
---@field damage fun(game: RrOptionGame, event: RrOptionEvent): integer? Damage is about to be dealt to the holder (event.amount, event.powered_down): returns the points the card prevents (0 to amount). Runs before any option is asked about (ruling 13).
---@field laser fun(game: RrOptionGame, event: RrOptionEvent): RrBeam? The holder's main laser fires: returns how the beam is changed; the answers of its cards are merged (damage: the most; pierce: summed; rear: any).
---@field card fun(game: RrOptionGame, event: RrOptionEvent): integer|"ask"|nil The holder plays a move card (event.card, event.priority, event.squares): returns the squares it moves (0 to 5), nil for the card's, or "ask" to ask its player (the hook is called again with event.answer).
---@field phase_end fun(game: RrOptionGame, event: RrOptionEvent): "ask"|nil A register phase ends (event.register), before flags are touched; the holder is on the board and powered up. May return "ask".
---@field destroyed fun(game: RrOptionGame, event: RrOptionEvent) The holder was destroyed (before it loses an option).
---@field ram fun(game: RrOptionGame, event: RrOptionEvent) The holder's own move rams event.target (pushed, or stopped by a wall behind it).
---@field turn_end fun(game: RrOptionGame, event: RrOptionEvent) The turn ends (after repairs) with the holder on the board.
---@field returned fun(game: RrOptionGame, event: RrOptionEvent) The holder's archive copy is coming back (before its damage is set).
---@field hand fun(game: RrOptionGame, event: RrOptionEvent): "ask"|nil The holder's hand was dealt, before its registers are programmed (once a turn). May return "ask".
---@field program fun(game: RrOptionGame, event: RrOptionEvent): string[]? The holder is programmed, after its power down (event.hand: the cards left in its hand): returns the answers of the card's question (a turn-programmed option), or nil to ask nothing. An answer that is a card of the hand lays that card on the option.
---@field reveal fun(game: RrOptionGame, event: RrOptionEvent): "ask"|nil The cards of register event.register are about to be revealed; the holder's is event.card. May return "ask".
---@field turned fun(game: RrOptionGame, event: RrOptionEvent): boolean? A gear or a turning belt (event.by: "gear" or "belt") is about to turn the holder: returns true to stay as it is.
---@field weapon fun(game: RrOptionGame, event: RrOptionEvent): boolean|string[]|nil Before the lasers fire, the holder's main laser would hit event.target (event.direction, event.distance): returns true when the card, an optional weapon, can fire at it instead (its player then answers the weapon's name or `laser`), or a list of aims, each offered as an answer of its own (`fire_control shield`).
---@field fire fun(game: RrOptionGame, event: RrOptionEvent) The holder fires this optional weapon at event.target (event.direction, event.distance, event.aim: the aim its player chose, when the weapon hook named aims) instead of its main laser: ask for its effects (game:damage, game:push, game:mirror, game:scramble, game:discard).
local RrOptionCard = {}

--- What a hook is told; every hook gets robot, option and answer, and its own fields.
---@class RrOptionEvent
---@field robot RrOptionColour The holder.
---@field option string The card whose hook runs.
---@field answer RrOptionAnswer? Its player's answer, when the hook asked ("ask") in this step.
---@field amount integer? damage: the points about to be dealt.
---@field powered_down boolean? damage: whether the holder is powered down.
---@field card string? card: the card's kind (move_1, move_2, move_3, back_up).
---@field priority integer? card: the card's priority.
---@field squares integer? card: the squares it moves by itself.
---@field register integer? phase_end: the register phase (1..5).
---@field target RrOptionColour? ram: the robot rammed.
---@field from ("N"|"E"|"S"|"W")? damage: the side of the holder a laser's shot comes from (nil for other damage).
---@field hand string[]? program: the cards left in the holder's hand (`move_1 500`).
---@field by ("gear"|"belt")? turned: what is about to turn the holder.
---@field direction ("N"|"E"|"S"|"W")? weapon, fire: the way the beam goes from the holder to the target.
---@field distance integer? weapon, fire: the squares between the holder and the target (1: beside it).
---@field aim string? fire: the aim its player chose among those the weapon hook named.
local RrOptionEvent = {}

--- How a laser hook changes its robot's main laser.
---@class RrBeam
---@field damage integer? Damage a hit deals (1 when not given).
---@field pierce integer? Walls or robots the beam goes through, in all (a robot gone through is hit).
---@field rear boolean? A second main laser fires backward.
---@field facing ("N"|"E"|"S"|"W")? The way the main beam fires instead of the robot's facing (a turret); a rear beam still fires opposite the robot's facing.
local RrBeam = {}

--- A square.
---@class RrOptionSquare
---@field x integer Column, 0 at the west edge.
---@field y integer Row, 0 at the north edge.
local RrOptionSquare = {}

--- A robot as game:robot returns it.
---@class RrOptionRobot
---@field colour RrOptionColour Its colour.
---@field at RrOptionSquare? Where it stands; nil while destroyed.
---@field facing "N"|"E"|"S"|"W" The way it faces.
---@field damage integer Its damage, 0 to 9.
---@field lives integer Lives left.
---@field flags integer Flags touched so far.
---@field virtual boolean A virtual robot (ruling 11).
---@field powered_down boolean Powered down this turn.
---@field options string[] The options it holds.
local RrOptionRobot = {}

--- The game, lent to a hook for its call: reads see the game as it stands; changes are asked for and made by the engine once the hook returns.
---@class RrOptionGame
local RrOptionGame = {}

--- A robot as it stands now.
---@param colour RrOptionColour The robot.
---@return RrOptionRobot
function RrOptionGame:robot(colour) end

--- A counter the game keeps for a robot (0 when never set). A card keeps its state here, never in Lua.
---@param colour RrOptionColour The robot.
---@param key string The counter's name (a card's own name by custom), at most 64 bytes.
---@return integer
function RrOptionGame:counter(colour, key) end

--- The square of the robot's next flag; nil when it touched them all.
---@param colour RrOptionColour The robot.
---@return RrOptionSquare?
function RrOptionGame:next_flag(colour) end

--- Whether a wall stands on that side of the square (or the board's edge is there).
---@param x integer Column.
---@param y integer Row.
---@param side "N"|"E"|"S"|"W" The side.
---@return boolean
function RrOptionGame:walled(x, y, side) end

--- The answer the robot's player gave the option's program question this turn; nil when not asked.
---@param colour RrOptionColour The robot.
---@param option string A turn-programmed option it holds.
---@return string?
function RrOptionGame:setting(colour, option) end

--- The program card lying on the option (`move_1 500`), or nil.
---@param colour RrOptionColour The robot.
---@param option string An option it holds.
---@return string?
function RrOptionGame:held(colour, option) end

--- The turn, from 1.
---@return integer
function RrOptionGame:turn() end

--- A run-time option's question in one call: "ask" while its player has not answered in this step, `used` once they answered `use`, nil once they answered `skip`.
---@param event RrOptionEvent The hook's event.
---@param used any What the hook returns when its player answers `use`; a function is called then, and its result returned.
---@return any
function RrOptionGame:ask(event, used) end

--- A turn-programmed option's answers that lay a card on it: `none` and each card of event.hand; nil when the hand is empty.
---@param event RrOptionEvent The program hook's event.
---@return string[]?
function RrOptionGame:card_choices(event) end

--- The register phase revealed last (0 while programming).
---@return integer
function RrOptionGame:register() end

--- Sets a robot's counter (a counter named after a card is forgotten when the card is discarded).
---@param colour RrOptionColour The robot.
---@param key string The counter, at most 64 bytes.
---@param value integer Its new value (0 forgets it).
function RrOptionGame:set_counter(colour, key, value) end

--- The robot discards the option: spent by its own rule.
---@param colour RrOptionColour The robot.
---@param option string An option it holds.
function RrOptionGame:discard(colour, option) end

--- The robot's next archive copy comes back without damage.
---@param colour RrOptionColour The robot.
function RrOptionGame:clean_return(colour) end

--- In a phase_end hook: the robot touches its next flag in this phase's flag step, from where it stands (its archive stays).
---@param colour RrOptionColour The robot.
function RrOptionGame:touch_flag(colour) end

--- The robot announces a power down for the next turn.
---@param colour RrOptionColour The robot.
function RrOptionGame:power_down(colour) end

--- The robot draws n program cards from the deck into its hand.
---@param colour RrOptionColour The robot.
---@param n integer 1 to 4.
function RrOptionGame:draw(colour, n) end

--- The robot's hand is discarded and as many cards dealt anew.
---@param colour RrOptionColour The robot.
function RrOptionGame:redeal(colour) end

--- The card lying on the option goes into the robot's hand.
---@param colour RrOptionColour The robot.
---@param option string An option it holds.
function RrOptionGame:take_held(colour, option) end

--- In a reveal hook: the card lying on the option replaces the card of the register being revealed (which is discarded).
---@param colour RrOptionColour The robot.
---@param option string An option it holds.
function RrOptionGame:play_held(colour, option) end

--- The card lying on the option is discarded.
---@param colour RrOptionColour The robot.
---@param option string An option it holds.
function RrOptionGame:drop_held(colour, option) end

--- In a reveal hook: a card drawn from the deck replaces the card of the register being revealed (which is discarded).
---@param colour RrOptionColour The robot.
function RrOptionGame:card_from_deck(colour) end

--- A beam pushes the robot one square, as a pusher does (the robots in the way are pushed; a wall stops all).
---@param colour RrOptionColour The robot.
---@param side "N"|"E"|"S"|"W" The way it is pushed.
function RrOptionGame:push(colour, side) end

--- For the rest of the turn the robot plays by's card of each register right after by, instead of its own.
---@param colour RrOptionColour The robot controlled.
---@param by RrOptionColour The robot whose cards it plays.
function RrOptionGame:mirror(colour, by) end

--- The robot's card in the next register is replaced by a card drawn from the deck (nothing after the fifth phase).
---@param colour RrOptionColour The robot.
function RrOptionGame:scramble(colour) end

--- Deals damage to the robot (its options act and its player is asked, as for a shot).
---@param colour RrOptionColour The robot.
---@param n integer 1 to 9.
function RrOptionGame:damage(colour, n) end

