//! RoboRally's option card API as data: the hooks a card's script may
//! define, the event each gets, and the `game` handle's methods
//! ([`OPTION_API`]). It is the single source of the editor stubs
//! (`scripts/roborally/api/roborally_options.lua`; a test keeps the file
//! up to date), the handle registers its methods through it (so none can
//! be missing from the stubs), and a test checks the hooks against the
//! engine's ([`crate::games::roborally::game::option_lua::HookKind`]).

use crate::script::api::{Api, Class, Function, Slot};

/// RoboRally's option card API.
pub const OPTION_API: Api = Api {
    meta: "roborally_options",
    title: "The RoboRally option card API",
    source: "src/games/roborally/lua/option_api.rs",
    bless: "TINBOTS_BLESS=1 cargo test --release --lib roborally_option_api_stubs",
    aliases: ALIASES,
    classes: CLASSES,
    modules: &[],
};

/// Where the stubs are written, from the repository's root.
pub const OPTION_STUBS: &str = "scripts/roborally/api/roborally_options.lua";

const ALIASES: &[Slot] = &[
    (
        "RrOptionColour",
        "\"red\"|\"blue\"|\"yellow\"|\"green\"|\"white\"|\"black\"|\"orange\"|\"purple\"",
        "A robot's colour.",
    ),
    (
        "RrOptionAnswer",
        "\"use\"|\"skip\"",
        "A player's answer to a run-time option's question.",
    ),
];

/// A square.
const SQUARE: &[Slot] = &[
    ("x", "integer", "Column, 0 at the west edge."),
    ("y", "integer", "Row, 0 at the north edge."),
];

const CLASSES: &[Class] = &[
    Class {
        name: "RrOptionCard",
        doc: "What a card's script returns: a table of hooks, each optional (a hook no card defines costs nothing).",
        fields: &[
            ("damage", "fun(game: RrOptionGame, event: RrOptionEvent): integer?", "Damage is about to be dealt to the holder (event.amount, event.powered_down): returns the points the card prevents (0 to amount). Runs before any option is asked about (ruling 13)."),
            ("laser", "fun(game: RrOptionGame, event: RrOptionEvent): RrBeam?", "The holder's main laser fires: returns how the beam is changed; the answers of its cards are merged (damage: the most; pierce: summed; rear: any)."),
            ("card", "fun(game: RrOptionGame, event: RrOptionEvent): integer|\"ask\"|nil", "The holder plays a move card (event.card, event.priority, event.squares): returns the squares it moves (0 to 5), nil for the card's, or \"ask\" to ask its player (the hook is called again with event.answer)."),
            ("phase_end", "fun(game: RrOptionGame, event: RrOptionEvent): \"ask\"|nil", "A register phase ends (event.register), before flags are touched; the holder is on the board and powered up. May return \"ask\"."),
            ("destroyed", "fun(game: RrOptionGame, event: RrOptionEvent)", "The holder was destroyed (before it loses an option)."),
            ("ram", "fun(game: RrOptionGame, event: RrOptionEvent)", "The holder's own move rams event.target (pushed, or stopped by a wall behind it)."),
            ("turn_end", "fun(game: RrOptionGame, event: RrOptionEvent)", "The turn ends (after repairs) with the holder on the board."),
            ("returned", "fun(game: RrOptionGame, event: RrOptionEvent)", "The holder's archive copy is coming back (before its damage is set)."),
            ("hand", "fun(game: RrOptionGame, event: RrOptionEvent): \"ask\"|nil", "The holder's hand was dealt, before its registers are programmed (once a turn). May return \"ask\"."),
            ("program", "fun(game: RrOptionGame, event: RrOptionEvent): string[]?", "The holder is programmed, after its power down (event.hand: the cards left in its hand): returns the answers of the card's question (a turn-programmed option), or nil to ask nothing. An answer that is a card of the hand lays that card on the option."),
            ("reveal", "fun(game: RrOptionGame, event: RrOptionEvent): \"ask\"|nil", "The cards of register event.register are about to be revealed; the holder's is event.card. May return \"ask\"."),
            ("turned", "fun(game: RrOptionGame, event: RrOptionEvent): boolean?", "A gear or a turning belt (event.by: \"gear\" or \"belt\") is about to turn the holder: returns true to stay as it is."),
            ("weapon", "fun(game: RrOptionGame, event: RrOptionEvent): boolean|string[]|nil", "Before the lasers fire, the holder's main laser would hit event.target (event.direction, event.distance): returns true when the card, an optional weapon, can fire at it instead (its player then answers the weapon's name or `laser`), or a list of aims, each offered as an answer of its own (`fire_control shield`)."),
            ("fire", "fun(game: RrOptionGame, event: RrOptionEvent)", "The holder fires this optional weapon at event.target (event.direction, event.distance, event.aim: the aim its player chose, when the weapon hook named aims) instead of its main laser: ask for its effects (game:damage, game:push, game:mirror, game:scramble, game:discard)."),
        ],
        methods: &[],
    },
    Class {
        name: "RrOptionEvent",
        doc: "What a hook is told; every hook gets robot, option and answer, and its own fields.",
        fields: &[
            ("robot", "RrOptionColour", "The holder."),
            ("option", "string", "The card whose hook runs."),
            ("answer", "RrOptionAnswer?", "Its player's answer, when the hook asked (\"ask\") in this step."),
            ("amount", "integer?", "damage: the points about to be dealt."),
            ("powered_down", "boolean?", "damage: whether the holder is powered down."),
            ("card", "string?", "card: the card's kind (move_1, move_2, move_3, back_up)."),
            ("priority", "integer?", "card: the card's priority."),
            ("squares", "integer?", "card: the squares it moves by itself."),
            ("register", "integer?", "phase_end: the register phase (1..5)."),
            ("target", "RrOptionColour?", "ram: the robot rammed."),
            ("from", "(\"N\"|\"E\"|\"S\"|\"W\")?", "damage: the side of the holder a laser's shot comes from (nil for other damage)."),
            ("hand", "string[]?", "program: the cards left in the holder's hand (`move_1 500`)."),
            ("by", "(\"gear\"|\"belt\")?", "turned: what is about to turn the holder."),
            ("direction", "(\"N\"|\"E\"|\"S\"|\"W\")?", "weapon, fire: the way the beam goes from the holder to the target."),
            ("distance", "integer?", "weapon, fire: the squares between the holder and the target (1: beside it)."),
            ("aim", "string?", "fire: the aim its player chose among those the weapon hook named."),
        ],
        methods: &[],
    },
    Class {
        name: "RrBeam",
        doc: "How a laser hook changes its robot's main laser.",
        fields: &[
            ("damage", "integer?", "Damage a hit deals (1 when not given)."),
            ("pierce", "integer?", "Walls or robots the beam goes through, in all (a robot gone through is hit)."),
            ("rear", "boolean?", "A second main laser fires backward."),
            ("facing", "(\"N\"|\"E\"|\"S\"|\"W\")?", "The way the main beam fires instead of the robot's facing (a turret); a rear beam still fires opposite the robot's facing."),
        ],
        methods: &[],
    },
    Class {
        name: "RrOptionSquare",
        doc: "A square.",
        fields: SQUARE,
        methods: &[],
    },
    Class {
        name: "RrOptionRobot",
        doc: "A robot as game:robot returns it.",
        fields: &[
            ("colour", "RrOptionColour", "Its colour."),
            ("at", "RrOptionSquare?", "Where it stands; nil while destroyed."),
            ("facing", "\"N\"|\"E\"|\"S\"|\"W\"", "The way it faces."),
            ("damage", "integer", "Its damage, 0 to 9."),
            ("lives", "integer", "Lives left."),
            ("flags", "integer", "Flags touched so far."),
            ("virtual", "boolean", "A virtual robot (ruling 11)."),
            ("powered_down", "boolean", "Powered down this turn."),
            ("options", "string[]", "The options it holds."),
        ],
        methods: &[],
    },
    Class {
        name: "RrOptionGame",
        doc: "The game, lent to a hook for its call: reads see the game as it stands; changes are asked for and made by the engine once the hook returns.",
        fields: &[],
        methods: &[
            Function {
                name: "robot",
                params: &[("colour", "RrOptionColour", "The robot.")],
                returns: "RrOptionRobot",
                doc: "A robot as it stands now.",
            },
            Function {
                name: "counter",
                params: &[
                    ("colour", "RrOptionColour", "The robot."),
                    ("key", "string", "The counter's name (a card's own name by custom), at most 64 bytes."),
                ],
                returns: "integer",
                doc: "A counter the game keeps for a robot (0 when never set). A card keeps its state here, never in Lua.",
            },
            Function {
                name: "next_flag",
                params: &[("colour", "RrOptionColour", "The robot.")],
                returns: "RrOptionSquare?",
                doc: "The square of the robot's next flag; nil when it touched them all.",
            },
            Function {
                name: "walled",
                params: &[
                    ("x", "integer", "Column."),
                    ("y", "integer", "Row."),
                    ("side", "\"N\"|\"E\"|\"S\"|\"W\"", "The side."),
                ],
                returns: "boolean",
                doc: "Whether a wall stands on that side of the square (or the board's edge is there).",
            },
            Function {
                name: "setting",
                params: &[
                    ("colour", "RrOptionColour", "The robot."),
                    ("option", "string", "A turn-programmed option it holds."),
                ],
                returns: "string?",
                doc: "The answer the robot's player gave the option's program question this turn; nil when not asked.",
            },
            Function {
                name: "held",
                params: &[
                    ("colour", "RrOptionColour", "The robot."),
                    ("option", "string", "An option it holds."),
                ],
                returns: "string?",
                doc: "The program card lying on the option (`move_1 500`), or nil.",
            },
            Function {
                name: "turn",
                params: &[],
                returns: "integer",
                doc: "The turn, from 1.",
            },
            Function {
                name: "ask",
                params: &[
                    ("event", "RrOptionEvent", "The hook's event."),
                    ("used", "any", "What the hook returns when its player answers `use`; a function is called then, and its result returned."),
                ],
                returns: "any",
                doc: "A run-time option's question in one call: \"ask\" while its player has not answered in this step, `used` once they answered `use`, nil once they answered `skip`.",
            },
            Function {
                name: "card_choices",
                params: &[("event", "RrOptionEvent", "The program hook's event.")],
                returns: "string[]?",
                doc: "A turn-programmed option's answers that lay a card on it: `none` and each card of event.hand; nil when the hand is empty.",
            },
            Function {
                name: "register",
                params: &[],
                returns: "integer",
                doc: "The register phase revealed last (0 while programming).",
            },
            Function {
                name: "set_counter",
                params: &[
                    ("colour", "RrOptionColour", "The robot."),
                    ("key", "string", "The counter, at most 64 bytes."),
                    ("value", "integer", "Its new value (0 forgets it)."),
                ],
                returns: "nil",
                doc: "Sets a robot's counter (a counter named after a card is forgotten when the card is discarded).",
            },
            Function {
                name: "discard",
                params: &[
                    ("colour", "RrOptionColour", "The robot."),
                    ("option", "string", "An option it holds."),
                ],
                returns: "nil",
                doc: "The robot discards the option: spent by its own rule.",
            },
            Function {
                name: "clean_return",
                params: &[("colour", "RrOptionColour", "The robot.")],
                returns: "nil",
                doc: "The robot's next archive copy comes back without damage.",
            },
            Function {
                name: "touch_flag",
                params: &[("colour", "RrOptionColour", "The robot.")],
                returns: "nil",
                doc: "In a phase_end hook: the robot touches its next flag in this phase's flag step, from where it stands (its archive stays).",
            },
            Function {
                name: "power_down",
                params: &[("colour", "RrOptionColour", "The robot.")],
                returns: "nil",
                doc: "The robot announces a power down for the next turn.",
            },
            Function {
                name: "draw",
                params: &[
                    ("colour", "RrOptionColour", "The robot."),
                    ("n", "integer", "1 to 4."),
                ],
                returns: "nil",
                doc: "The robot draws n program cards from the deck into its hand.",
            },
            Function {
                name: "redeal",
                params: &[("colour", "RrOptionColour", "The robot.")],
                returns: "nil",
                doc: "The robot's hand is discarded and as many cards dealt anew.",
            },
            Function {
                name: "take_held",
                params: &[
                    ("colour", "RrOptionColour", "The robot."),
                    ("option", "string", "An option it holds."),
                ],
                returns: "nil",
                doc: "The card lying on the option goes into the robot's hand.",
            },
            Function {
                name: "play_held",
                params: &[
                    ("colour", "RrOptionColour", "The robot."),
                    ("option", "string", "An option it holds."),
                ],
                returns: "nil",
                doc: "In a reveal hook: the card lying on the option replaces the card of the register being revealed (which is discarded).",
            },
            Function {
                name: "drop_held",
                params: &[
                    ("colour", "RrOptionColour", "The robot."),
                    ("option", "string", "An option it holds."),
                ],
                returns: "nil",
                doc: "The card lying on the option is discarded.",
            },
            Function {
                name: "card_from_deck",
                params: &[("colour", "RrOptionColour", "The robot.")],
                returns: "nil",
                doc: "In a reveal hook: a card drawn from the deck replaces the card of the register being revealed (which is discarded).",
            },
            Function {
                name: "push",
                params: &[
                    ("colour", "RrOptionColour", "The robot."),
                    ("side", "\"N\"|\"E\"|\"S\"|\"W\"", "The way it is pushed."),
                ],
                returns: "nil",
                doc: "A beam pushes the robot one square, as a pusher does (the robots in the way are pushed; a wall stops all).",
            },
            Function {
                name: "mirror",
                params: &[
                    ("colour", "RrOptionColour", "The robot controlled."),
                    ("by", "RrOptionColour", "The robot whose cards it plays."),
                ],
                returns: "nil",
                doc: "For the rest of the turn the robot plays by's card of each register right after by, instead of its own.",
            },
            Function {
                name: "scramble",
                params: &[("colour", "RrOptionColour", "The robot.")],
                returns: "nil",
                doc: "The robot's card in the next register is replaced by a card drawn from the deck (nothing after the fifth phase).",
            },
            Function {
                name: "damage",
                params: &[
                    ("colour", "RrOptionColour", "The robot."),
                    ("n", "integer", "1 to 9."),
                ],
                returns: "nil",
                doc: "Deals damage to the robot (its options act and its player is asked, as for a shot).",
            },
        ],
    },
];
