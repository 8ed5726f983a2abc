//! Droids' Lua bot API as data: every table and field a bot script can
//! reach, with its LuaLS type and a one-line doc ([`API`]), the single
//! source of the editor stubs (`scripts/droids/api/droids.lua`; a test
//! keeps the file up to date and checks the tables a bot really gets
//! against it).

use crate::script::api::{Api, Class, Slot};

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
        name: "DrView",
        doc: "What the deciding seat may see.",
        fields: &[
            ("me", "DrColour", "The deciding seat's colour."),
            ("round", "integer", "The round, from 1."),
            ("robots", "DrRobot[]", "Every robot."),
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
        ],
        methods: &[crate::bot::mcts::lua::SEARCH_METHOD],
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
