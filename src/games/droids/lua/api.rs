//! Droids' Lua bot API as data: every table and field a bot script can
//! reach, with its LuaLS type and a one-line doc ([`API`]), the single
//! source of the editor stubs (`scripts/droids/api/droids.lua`; a test
//! keeps the file up to date and checks the tables a bot really gets
//! against it).

use crate::script::api::{Api, Class, Function, Slot};

/// Droids' whole Lua bot API.
pub const API: Api = Api {
    meta: "droids",
    title: "The Droids bot API",
    source: "src/games/droids/lua/api.rs",
    bless: "TINBOTS_BLESS=1 cargo test --release --lib droids_api_stubs",
    aliases: ALIASES,
    classes: CLASSES,
    modules: &[],
};

/// Where the stubs are written, from the repository's root.
pub const STUBS: &str = "scripts/droids/api/droids.lua";

/// Type aliases: name, LuaLS type, doc.
const ALIASES: &[Slot] = &[
    (
        "DrColour",
        "\"red\"|\"yellow\"|\"blue\"|\"green\"",
        "A player's colour (its seat's name).",
    ),
    (
        "DrDecisionKind",
        "\"place\"|\"draw\"|\"lay\"|\"up\"|\"block\"",
        "What a decision is about (docs/droids.md, \"Answers as text\").",
    ),
];

/// The classes: the tables a bot gets and returns.
pub const CLASSES: &[Class] = &[
    Class {
        name: "DrBot",
        doc: "What a Droids bot script returns.",
        fields: &[
            ("name", "string?", "The bot's name in messages."),
            (
                "choose",
                "fun(view: DrView, decision: DrDecision): integer|string",
                "The text of a legal answer, or its index (1-based).",
            ),
        ],
        methods: &[],
    },
    Class {
        name: "DrRobot",
        doc: "A robot: a player's, a repair robot or the statue.",
        fields: &[
            (
                "name",
                "string",
                "\"red\", ..., \"grey.1\", \"grey.2\", \"statue\".",
            ),
            ("x", "integer?", "Its column (nil while carried)."),
            ("y", "integer?", "Its row."),
            (
                "carrying",
                "string?",
                "\"obstacle\", \"container\", \"mine\" or \"statue\".",
            ),
        ],
        methods: &[],
    },
    Class {
        name: "DrPiece",
        doc: "A piece lying on the board.",
        fields: &[
            ("kind", "\"obstacle\"|\"container\"|\"mine\"", "What it is."),
            ("x", "integer", "Its column."),
            ("y", "integer", "Its row."),
        ],
        methods: &[],
    },
    Class {
        name: "DrSquare",
        doc: "A square.",
        fields: &[
            ("x", "integer", "Its column, from 0 (west)."),
            ("y", "integer", "Its row, from 0 (north)."),
        ],
        methods: &[],
    },
    Class {
        name: "DrPlayer",
        doc: "A player's standing, as every player sees it.",
        fields: &[
            ("out", "boolean", "Out of the game (seed line 133)."),
            ("blocked", "integer", "How many of its registers are blocked."),
            ("start", "DrSquare?", "Its start square."),
        ],
        methods: &[],
    },
    Class {
        name: "DrView",
        doc: "What the deciding seat may see.",
        fields: &[
            ("me", "DrColour", "The deciding seat's colour."),
            ("round", "integer", "The round, from 1."),
            ("mission", "string", "The mission's name (\"challenge\", \"mines\", ...)."),
            ("width", "integer", "The board's width."),
            ("height", "integer", "The board's height."),
            (
                "rows",
                "string[]",
                "The squares, the top row first: \".\" ground, \"~\" water, \"#\" fixed obstacle.",
            ),
            ("robots", "DrRobot[]", "Every robot."),
            ("pieces", "DrPiece[]", "The pieces lying on the board, row by row."),
            (
                "players",
                "table<DrColour, DrPlayer>",
                "Every player's standing, by colour.",
            ),
            (
                "vars",
                "table<string, integer>",
                "The numbers the mission's script keeps (\"delivered.red\", ...).",
            ),
            (
                "hand",
                "string[]",
                "The seat's tiles not yet laid, as text (\"move2 N\").",
            ),
            (
                "blocked",
                "integer[]",
                "The seat's blocked register columns.",
            ),
            ("over", "boolean?", "A simulated view only: the game is over."),
            (
                "winners",
                "DrColour[]?",
                "A simulated view only: the winners (none while it goes on).",
            ),
        ],
        methods: &[Function {
            name: "simulate",
            params: &[
                (
                    "answers",
                    "string[]",
                    "The seat's coming answers as text, in order ({ \"up 3\" }).",
                ),
                (
                    "to_round_end",
                    "boolean?",
                    "Play on to the end of the round (the seat's later answers at random).",
                ),
            ],
            returns: "DrView",
            doc: "The view after `answers`, on a sample of what the seat cannot see, the others answering at random (the real view only).",
        }, crate::bot::mcts::lua::SEARCH_METHOD],
    },
    crate::bot::mcts::lua::SEARCH_OPTIONS,
    crate::bot::mcts::lua::SEARCH_FOUND,
    crate::bot::mcts::lua::SEARCH_ANSWER,
    Class {
        name: "DrDecision",
        doc: "The decision to answer.",
        fields: &[
            ("kind", "DrDecisionKind", "What is decided."),
            (
                "answers",
                "string[]",
                "The legal answers as text, in the game's order.",
            ),
        ],
        methods: &[],
    },
];
