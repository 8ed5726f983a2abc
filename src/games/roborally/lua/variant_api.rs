//! RoboRally's variant API as data: the hooks a variant's `variant.lua`
//! may define, the event each gets, and the methods the `game` handle
//! adds for variants to those of the option cards' handle
//! ([`super::option_api::OPTION_API`]). It is the single source of the
//! editor stubs (`scripts/roborally/api/roborally_variants.lua`; a test
//! keeps the file up to date), the handle registers its methods through it,
//! and a test checks the hooks against the engine's
//! ([`crate::games::roborally::game::variant_lua::VariantHook`]).

use crate::script::api::{Api, Class, Function};

/// RoboRally's variant API.
pub const VARIANT_API: Api = Api {
    meta: "roborally_variants",
    title: "The RoboRally variant API (with roborally_options.lua)",
    source: "src/games/roborally/lua/variant_api.rs",
    bless: "TINBOTS_BLESS=1 cargo test --release --lib roborally_variant_api_stubs",
    aliases: &[],
    classes: CLASSES,
    modules: &[],
};

/// Where the stubs are written, from the repository's root.
pub const VARIANT_STUBS: &str = "scripts/roborally/api/roborally_variants.lua";

const CLASSES: &[Class] = &[
    Class {
        name: "RrVariant",
        doc: "What a variant's script returns: a table of hooks, each optional (a hook no variant defines costs nothing; a variant with none never enters Lua).",
        fields: &[
            ("power_down", "fun(game: RrVariantGame|RrOptionGame, event: RrVariantEvent): boolean|string|nil", "A damaged robot's player is about to be asked whether to power down: false or a reason and the question is not asked (the robot stays powered up); nil or true: asked as usual."),
            ("belts", "fun(game: RrVariantGame|RrOptionGame, event: RrVariantEvent)", "A belt step has moved the robots (event.express: the express belts' first move); the hook may move flags with game:move_flag."),
            ("programming", "fun(game: RrVariantGame|RrOptionGame, event: RrVariantEvent): integer?", "Cards were dealt to event.robot: returns how many registers (0 to 5) its player fills, first to last; the others are filled at random from its hand. nil: all of them."),
            ("turn_end", "fun(game: RrVariantGame|RrOptionGame, event: RrVariantEvent)", "Turn event.turn ends, after repairs and the option cards' turn_end: the hook may ask for effects (game:damage, ...), applied before the next deal."),
            ("destroyed", "fun(game: RrVariantGame|RrOptionGame, event: RrVariantEvent)", "event.robot was destroyed (its life already taken), after its option cards' destroyed and before it loses an option: the hook may ask for effects."),
        ],
        methods: &[],
    },
    Class {
        name: "RrVariantEvent",
        doc: "What a variant's hook is told.",
        fields: &[
            ("robot", "RrOptionColour?", "power_down, programming, destroyed: the robot."),
            ("turn", "integer?", "turn_end: the turn ending, from 1."),
            ("express", "boolean?", "belts: true for the express belts' first move, false for every belt's move."),
        ],
        methods: &[],
    },
    Class {
        name: "RrVariantSquare",
        doc: "A square as game:square returns it.",
        fields: &[
            ("kind", "\"floor\"|\"off\"|\"pit\"|\"conveyor\"|\"express\"|\"gear\"|\"pusher\"|\"crusher\"|\"repair\"", "What lies there (a crusher on a belt shows its belt)."),
            ("to", "(\"N\"|\"E\"|\"S\"|\"W\")?", "A belt's or a pusher's direction."),
            ("flag", "integer?", "The flag standing there."),
        ],
        methods: &[],
    },
    Class {
        name: "RrVariantFlag",
        doc: "A flag as game:flags returns it.",
        fields: &[
            ("number", "integer", "Its number: flags are touched in order."),
            ("at", "RrOptionSquare", "Where it stands now."),
        ],
        methods: &[],
    },
    Class {
        name: "RrVariantGame",
        doc: "The game lent to a variant's hook: every method of RrOptionGame, and these.",
        fields: &[],
        methods: &[
            Function {
                name: "square",
                params: &[("x", "integer", "Column."), ("y", "integer", "Row.")],
                returns: "RrVariantSquare",
                doc: "What lies on a square.",
            },
            Function {
                name: "flags",
                params: &[],
                returns: "RrVariantFlag[]",
                doc: "The flags, by number, where they stand now.",
            },
            Function {
                name: "colours",
                params: &[],
                returns: "RrOptionColour[]",
                doc: "The robots' colours, in seat order.",
            },
            Function {
                name: "move_flag",
                params: &[
                    ("number", "integer", "The flag."),
                    ("dir", "\"N\"|\"E\"|\"S\"|\"W\"", "The way it goes, one square."),
                ],
                returns: "nil",
                doc: "In a belts hook: the flag moves one square once the hook returns (moves are planned together; a wall or another flag keeps it; off the board or into a pit, it goes back to its square at the start of the race).",
            },
        ],
    },
];
