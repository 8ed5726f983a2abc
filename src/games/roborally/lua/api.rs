//! RoboRally's Lua bot API as data: every table, field and function a
//! bot script can reach, with its LuaLS type and a one-line doc ([`API`]).
//!
//! This table is the single source of the editor stubs
//! (`scripts/roborally/api/roborally.lua`, written by
//! [`crate::script::api::Api::stubs`]; a test keeps the file up to date),
//! and the tests check it against the tables a bot really gets: every
//! field of the view, the decision, a robot, the board, a square and a
//! simulation's ending is described, and every described field that is
//! always there is there.

use crate::script::api::{Api, Class, Function, Slot};

/// RoboRally's whole Lua bot API.
pub const API: Api = Api {
    meta: "roborally",
    title: "The RoboRally bot API",
    source: "src/games/roborally/lua/api.rs",
    bless: "TINBOTS_BLESS=1 cargo test --release --lib roborally_api_stubs",
    aliases: ALIASES,
    classes: CLASSES,
    modules: &[],
};

/// Where the stubs are written ([`Api::stubs`]), from the repository's root.
pub const STUBS: &str = "scripts/roborally/api/roborally.lua";

/// Type aliases: name, LuaLS type, doc.
const ALIASES: &[Slot] = &[
    (
        "RrColour",
        "\"red\"|\"blue\"|\"yellow\"|\"green\"|\"white\"|\"black\"|\"orange\"|\"purple\"",
        "A robot's colour (its seat's name).",
    ),
    (
        "RrFacing",
        "\"N\"|\"E\"|\"S\"|\"W\"",
        "A compass point: a facing, a belt's or pusher's direction, a wall's side.",
    ),
    (
        "RrDecisionKind",
        "\"card\"|\"power_down\"|\"facing\"|\"stay_or_wake\"|\"two_wrench\"|\"damage_option\"|\"lose_option\"|\"use_option\"|\"program_option\"|\"weapon\"|\"continue\"",
        "What a decision is about.",
    ),
    (
        "RrSquareKind",
        "\"floor\"|\"pit\"|\"off\"|\"conveyor\"|\"express\"|\"gear\"|\"pusher\"|\"repair\"",
        "What a square is (a crusher is the `crusher` field, on any kind).",
    ),
];

/// The classes: the tables a bot gets and returns.
pub const CLASSES: &[Class] = &[
    Class {
        name: "RrBot",
        doc: "What a RoboRally bot script returns.",
        fields: &[
            ("name", "string?", "The bot's name in messages."),
            (
                "choose",
                "fun(view: RrView, decision: RrDecision): integer|string",
                "The text of a legal answer, or its index (1-based).",
            ),
        ],
        methods: &[],
    },
    Class {
        name: "RrCard",
        doc: "A program card.",
        fields: &[
            ("kind", "string", "\"move_1\", \"move_2\", \"move_3\", \"back_up\", \"rotate_left\", \"rotate_right\" or \"u_turn\"."),
            ("priority", "integer", "Higher acts first in a register phase."),
            ("text", "string", "The answer that places it: \"move_2 670\"."),
        ],
        methods: &[],
    },
    Class {
        name: "RrPoint",
        doc: "A square as {x, y}: x grows east, y grows south.",
        fields: &[
            ("x", "integer", "The column."),
            ("y", "integer", "The row."),
        ],
        methods: &[],
    },
    Class {
        name: "RrFlag",
        doc: "A flag: touch them in order 1, 2, ...",
        fields: &[
            ("x", "integer", "The column."),
            ("y", "integer", "The row."),
            ("number", "integer", "Its number."),
        ],
        methods: &[],
    },
    Class {
        name: "RrRobot",
        doc: "A robot as the viewer may see it.",
        fields: &[
            ("colour", "RrColour", "Its colour."),
            ("seat", "integer", "Its index in view.robots."),
            ("x", "integer?", "Its square (nil while destroyed or out)."),
            ("y", "integer?", "Its square's row."),
            ("facing", "RrFacing", "Where it faces."),
            ("damage", "integer", "0 to 9."),
            ("lives", "integer", "Lives left."),
            ("flags", "integer", "Flags touched so far."),
            ("virtual", "boolean", "A virtual robot neither pushes nor is pushed, nor shoots nor is shot."),
            ("powered_down", "boolean", "Whether it is powered down."),
            ("power_down_announced", "boolean", "Whether it powers down next turn."),
            ("destroyed", "boolean", "Whether it is destroyed."),
            ("archive", "RrPoint", "Where it comes back."),
            ("options", "string[]", "Its option cards."),
            ("registers", "(RrCard|false)[]", "Registers 1..5: a card, or false (empty; or another seat's card not revealed yet)."),
        ],
        methods: &[],
    },
    Class {
        name: "RrSquare",
        doc: "What one square holds.",
        fields: &[
            ("kind", "RrSquareKind", "What it is."),
            ("to", "RrFacing?", "The direction of a belt or pusher."),
            ("turn", "\"left\"|\"right\"|nil", "A gear's turn."),
            ("wrenches", "integer?", "A repair site's wrenches (1 or 2)."),
            ("registers", "integer[]?", "The phases a pusher pushes in."),
            ("crusher", "integer[]?", "The phases a crusher on this square crushes in."),
            ("walls", "table<RrFacing, boolean>", "The sides with a wall."),
            ("flag", "integer?", "The flag on it."),
        ],
        methods: &[],
    },
    Class {
        name: "RrBoard",
        doc: "The board (or the course's boards combined).",
        fields: &[
            ("name", "string", "Its name."),
            ("width", "integer", "Squares from west to east."),
            ("height", "integer", "Squares from north to south."),
            ("flags", "RrFlag[]", "By number."),
            ("next_flag", "RrFlag?", "The viewer's next flag (nil once all are touched)."),
        ],
        methods: &[Function {
            name: "square",
            params: &[("x", "integer", "The column."), ("y", "integer", "The row.")],
            returns: "RrSquare",
            doc: "What square (x, y) holds (\"off\" past the board).",
        }],
    },
    Class {
        name: "RrEnding",
        doc: "Where the viewer's robot ends a simulation.",
        fields: &[
            ("x", "integer?", "Its square (nil when destroyed)."),
            ("y", "integer?", "Its square's row."),
            ("facing", "RrFacing", "Where it faces."),
            ("destroyed", "boolean", "Whether it is destroyed."),
            ("damage", "integer", "Its damage."),
            ("lives", "integer", "Lives left."),
            ("flags", "integer", "Flags touched, those of the simulated turn included."),
            ("over", "boolean", "Whether the race ended."),
            ("rivals", "RrRivalEnding[]", "Where the other robots end, by seat."),
        ],
        methods: &[],
    },
    Class {
        name: "RrRivalEnding",
        doc: "Where another robot ends a simulation.",
        fields: &[
            ("colour", "RrColour", "The robot."),
            ("x", "integer?", "Its square (nil when destroyed)."),
            ("y", "integer?", "Its square's row."),
            ("facing", "RrFacing", "Where it faces."),
            ("destroyed", "boolean", "Whether it is destroyed."),
            ("damage", "integer", "Its damage."),
            ("lives", "integer", "Lives left."),
            ("flags", "integer", "Flags touched."),
            ("over", "boolean", "Whether the race ended."),
        ],
        methods: &[],
    },
    Class {
        name: "RrView",
        doc: "The game as the deciding seat may see it, built for each decision.",
        fields: &[
            ("me", "RrColour", "The viewer's colour."),
            ("seat", "integer", "The viewer's index in robots."),
            ("turn", "integer", "The turn."),
            ("phase", "integer?", "The register phase (nil while the turn starts, is programmed or ends)."),
            ("step", "string", "The step: \"programming\", \"reveal\", \"robot\", \"lasers\", ..."),
            ("robots", "RrRobot[]", "Every robot, by seat."),
            ("board", "RrBoard", "The board."),
            ("hand", "RrCard[]", "The viewer's cards not yet placed."),
            ("registers", "(RrCard|false)[]", "The viewer's registers 1..5."),
            ("locked", "integer[]", "The viewer's registers locked by damage."),
            ("chosen", "integer?", "The registers the viewer's player fills this turn, from the first (5; fewer when a variant's timer runs out: the others are filled at random)."),
        ],
        methods: &[Function {
            name: "simulate",
            params: &[
                ("answers", "string[]", "Answer texts."),
                ("phases", "integer?", "Stop after this register phase (1..5); nil: after the turn's register phases."),
                ("standing", "table<string, string>?", "Answers to the viewer's questions the list does not answer, by option name or decision kind: { brakes = \"use\", use_option = \"skip\", weapon = \"laser\" } (the option's name first; one not legal then is answered at random)."),
            ],
            returns: "RrEnding",
            doc: "Plays `answers` as the viewer's coming answers, e.g. its cards for the free registers then \"go\",\n\
                  on a copy where everything the viewer cannot see is dealt anew and the others answer at random,\n\
                  up to the end of this turn's register phases (or of phase `phases`); answers past the list come from `standing`, else are random.\n\
                  Charged to the instruction budget (2000 per call, 200 per answer played), at most 1000 calls per decision.\n\
                  An answer that is not legal when its turn comes is an error naming the script's line.",
        }, crate::bot::mcts::lua::SEARCH_METHOD],
    },
    crate::bot::mcts::lua::SEARCH_OPTIONS,
    crate::bot::mcts::lua::SEARCH_FOUND,
    crate::bot::mcts::lua::SEARCH_ANSWER,
    Class {
        name: "RrDecision",
        doc: "The decision being asked.",
        fields: &[
            ("kind", "RrDecisionKind", "What it is about."),
            ("register", "integer?", "The register a card decision fills (1..5)."),
            ("option", "string?", "The option a `use_option` decision (`use` | `skip`) or a `program_option` decision (the card's own answers) is about."),
            ("seat", "integer", "The deciding seat."),
            ("colour", "RrColour", "The deciding robot."),
            ("text", "string", "The decision in words."),
            ("answers", "string[]", "The legal answers as text: \"move_2 670\", \"go\", \"power_down\", \"N\", \"repair\", ..."),
        ],
        methods: &[],
    },
];
