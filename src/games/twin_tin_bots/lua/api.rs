//! Twin Tin Bots' Lua API as data: every class, field, method and
//! function a bot, variant or order file can reach, with its LuaLS type
//! and a one-line doc ([`API`]).
//!
//! This table is the single source of the editor stubs
//! (`scripts/twin-tin-bots/api/tinbots.lua`, written by [`Api::stubs`]; a test keeps the
//! file up to date) and is checked against the bindings: a method
//! registered on a userdata must be listed here ([`method`] asserts it),
//! every field of the serialized views must be listed (tests walk them),
//! and every function of an API table must be listed (tests enumerate
//! them).

use crate::script::api::{Api, Class, Function, Module, Slot};

/// Twin Tin Bots' whole Lua API.
pub const API: Api = Api {
    meta: "tinbots",
    title: "The tinbots Lua API",
    source: "src/games/twin_tin_bots/lua/api.rs",
    bless: "TINBOTS_BLESS=1 cargo test --release api_stubs",
    aliases: ALIASES,
    classes: CLASSES,
    modules: MODULES,
};

/// Where the stubs are written ([`Api::stubs`]), from the repository's root.
pub const STUBS: &str = "scripts/twin-tin-bots/api/tinbots.lua";

const ANSWER: &str = "integer|string";

/// The classes of the API.
pub const CLASSES: &[Class] = &[
    Class {
        name: "Bot",
        doc: "What a bot script returns.",
        fields: &[
            ("name", "string?", "The bot's name in messages."),
            (
                "choose",
                "fun(view: View, decision: Decision): integer|string",
                "Answers a decision: the index (1-based) or the text of a legal answer.",
            ),
        ],
        methods: &[],
    },
    Class {
        name: "View",
        doc: "The game as the deciding player may see it; simulated views are samples of what it cannot see.",
        fields: &[
            ("me", "Colour", "The viewer's colour."),
            ("arena_radius", "integer", "The arena is the hexagon of this radius around {0, 0}."),
            ("robots", "RobotView[]", "Robots in play."),
            ("crystals", "CrystalView[]", "Loose crystals on the board."),
            ("bases", "BaseView[]", "Bases on the board."),
            ("players", "PlayerInfo[]", "Every player, in seating order."),
            ("hand", "string[]", "The viewer's own hand: tile names, one per tile."),
            ("track_length", "integer", "Crystals still on the track (not which)."),
            ("special_deck_length", "integer", "Special tiles still in the deck (not which)."),
            ("active", "Colour", "Whose turn it is."),
            ("turn", "integer", "The turn number, counting every player's turn from 1."),
            ("end_phase", "boolean", "Whether the last crystal has entered play."),
            ("counters", "integer", "Countdown counters the first player still holds."),
            ("score_to_win", "integer?", "Points in base that win at once, if score victory is on."),
            ("decision", "DecisionView", "What is being decided now."),
            ("over", "boolean", "Whether the game is over."),
            ("winners", "Colour[]", "The winners, once the game is over."),
            ("terrain", "TerrainInfo[]", "Terrain on the board (variants): kind, at, colour, facing."),
        ],
        methods: &[
            Function {
                name: "legal",
                params: &[],
                returns: "Decision",
                doc: "The decision of this view's game and its legal answers.",
            },
            Function {
                name: "simulate",
                params: &[("answer", ANSWER, "An index (1-based) or the text of a legal answer.")],
                returns: "View",
                doc: "The view after `answer`, on a sample of what the viewer cannot see; the real game is untouched.",
            },
            Function {
                name: "apply",
                params: &[("answer", ANSWER, "An index (1-based) or the text of a legal answer.")],
                returns: "nil",
                doc: "Applies `answer` to a simulated view in place (an error on the real game's view).",
            },
            Function {
                name: "rollout",
                params: &[("turns", "integer?", "How many turns; to the end when nil.")],
                returns: "View",
                doc: "The view after up to `turns` turns of uniformly random answers (native speed).",
            },
            Function {
                name: "resample",
                params: &[],
                returns: "View",
                doc: "A simulated view with what the viewer cannot see dealt again at random.",
            },
            crate::bot::mcts::lua::SEARCH_METHOD,
        ],
    },
    crate::bot::mcts::lua::SEARCH_OPTIONS,
    crate::bot::mcts::lua::SEARCH_FOUND,
    crate::bot::mcts::lua::SEARCH_ANSWER,
    Class {
        name: "Decision",
        doc: "A decision and its legal answers: `#decision` counts them, `decision[i]` is the i-th as text.",
        fields: &[
            ("kind", "DecisionKind", "What is being decided."),
            ("player", "Colour?", "Who decides (nil once the game is over)."),
            ("zapper", "string?", "For a zap effect: the zapping robot, such as `red.1`."),
            ("target", "string?", "For a zap effect: the robot hit."),
            ("crystal", "integer?", "For a crystal placement: the value of the crystal entering play."),
            ("count", "integer", "How many answers are legal (also `#decision`)."),
            ("answers", "string[]", "Every legal answer as text (built when first read)."),
        ],
        methods: &[],
    },
    Class {
        name: "DecisionView",
        doc: "A view's decision, as a plain table.",
        fields: &[
            ("kind", "DecisionKind", "What is being decided."),
            ("player", "Colour?", "Who decides."),
            ("zapper", "string?", "For a zap effect: the zapping robot."),
            ("target", "string?", "For a zap effect: the robot hit."),
            ("crystal", "integer?", "For a crystal placement: the crystal's value."),
        ],
        methods: &[],
    },
    Class {
        name: "RobotView",
        doc: "A robot as everyone sees it.",
        fields: &[
            ("id", "string", "Its name, such as `red.1`."),
            ("owner", "Colour", "Its owner's colour."),
            ("at", "Hex", "Where it stands."),
            ("facing", "Facing", "The side it faces."),
            ("carrying", "integer", "The value of the crystal it carries, 0 for none."),
            ("program", "string[]", "Its program, slots 1 to 3; \"\" is an empty slot."),
        ],
        methods: &[],
    },
    Class {
        name: "CrystalView",
        doc: "A loose crystal.",
        fields: &[
            ("at", "Hex", "Where it lies."),
            ("value", "integer", "Its value: 2 (blue), 3 (green) or 4 (pink)."),
        ],
        methods: &[],
    },
    Class {
        name: "BaseView",
        doc: "A base.",
        fields: &[
            ("owner", "Colour", "Its owner."),
            ("at", "Hex", "Where it stands."),
            ("delivered", "integer[]", "Crystals delivered, by kind: {blue, green, pink}."),
            ("points", "integer", "Points delivered."),
        ],
        methods: &[],
    },
    Class {
        name: "PlayerInfo",
        doc: "A player as the viewer sees them.",
        fields: &[
            ("colour", "Colour", "Colour."),
            ("score", "integer", "Score if the game ended now: base points plus carried crystals at one less."),
            ("base_points", "integer", "Points delivered to the base."),
            ("double_modification_used", "boolean", "Whether Double Modification was played."),
            ("first_turn", "boolean", "Whether this player's first turn is still to come."),
            ("standard_tiles", "string[]", "The standard tiles in hand (public)."),
            ("special_count", "integer", "How many special tiles the player holds (not which)."),
            ("team", "integer", "The player's team, from 1 (every player alone without teams)."),
        ],
        methods: &[],
    },
    Class {
        name: "Step",
        doc: "One primitive action of an order, made by a constructor of `orders` (prints as the call that made it).",
        fields: &[],
        methods: &[],
    },
    Class {
        name: "OrderSpec",
        doc: "One order of an order file (scripts/orders/*.lua returns a list of them).",
        fields: &[
            (
                "name",
                "string",
                "The tile's name: a built-in one redefines that tile; a new one (lowercase letters, digits, `_`) adds a special tile.",
            ),
            ("description", "string?", "What it does, in one line."),
            ("steps", "Step[]?", "The primitives it runs, in order (at most 8)."),
            ("passives", "PassiveName[]?", "Its passive effects, active while it sits in a program."),
        ],
        methods: &[],
    },    Class {
        name: "Variant",
        doc: "What a variant script (variants/<name>/variant.lua) returns: its hooks, each optional; an undefined hook costs nothing.",
        fields: &[
            ("kinds", "table<string, KindHooks>?", "Hooks per kind of terrain (kinds from the manifests' [[piece]])."),
            ("push", "fun(game: Game, event: PushEvent): boolean|string|nil", "Before a push: false or a reason refuses it (nothing moves); nil or true allows it."),
            ("deliver", "fun(game: Game, event: DeliverEvent): boolean|string|nil", "Before a crystal is unloaded on a base: false or a reason refuses it (the unload is ignored)."),
            ("turn_ended", "fun(game: Game, colour: Colour)", "After each turn's programs ran; may ask for pushes (game:push) and marks."),
            ("game_over", "fun(game: Game): string|nil", "After each turn: a reason ends the game now (scored as usual)."),
            ("score", "fun(game: Game, colour: Colour): integer|integer[]|nil", "A player's score (up to four numbers compared in order, the first shown); nil for the standard score."),
            ("seating", "fun(info: SeatingInfo): Seating", "Standard games: the colours in turn order and who controls them."),
            ("teams", "fun(colours: Colour[]): Colour[][]", "The teams of the colours at the table (standard games and scenarios)."),
            ("setup", "fun(setup: Setup)", "Standard games, after the deal: place terrain, change the track or the score to win."),
        ],
        methods: &[],
    },
    Class {
        name: "KindHooks",
        doc: "The hooks of one kind of terrain; the engine calls them only where that kind is.",
        fields: &[
            ("entered", "fun(game: Game, event: EnteredEvent)", "A piece entered a hex of this floor kind (or a piece of this kind moved)."),
            ("before_step", "(fun(game: Game, event: StepEvent): string|nil)|{lose: string, steps?: string[]}", "A robot on this floor kind is about to step: a reason makes it lose the step (it stays; the order goes on). As data, { lose = why, steps = { \"forward\", \"back\" } }: those steps are lost for that reason, then the kind is done with the robot (no Lua call)."),
            ("zapped", "fun(game: Game, event: ZappedEvent): \"push\"|\"stop\"|nil", "A zap hit a piece of this kind: \"push\" lets the zapper's player push it to an adjacent hex."),
        ],
        methods: &[],
    },
    Class {
        name: "Game",
        doc: "The game as a hook sees it: read-only, lent for the call; changes are asked for (set_mark, push) and applied by the rules after the hook returns.",
        fields: &[
            ("turn", "integer", "The turn number, counting every player's turn from 1."),
            ("active", "Colour", "Whose turn it is."),
            ("colours", "Colour[]", "The colours in seating order."),
            ("arena_radius", "integer", "The arena is the hexagon of this radius around {0, 0}."),
        ],
        methods: &[
            Function { name: "robot", params: &[("id", "string", "A robot such as \"red.1\".")], returns: "RobotInfo", doc: "A robot in play." },
            Function { name: "robots", params: &[], returns: "RobotInfo[]", doc: "Every robot in play." },
            Function { name: "piece", params: &[("at", "Hex", "A hex.")], returns: "PieceInfo?", doc: "What stands on a hex." },
            Function { name: "floor", params: &[("at", "Hex", "A hex.")], returns: "FloorInfo?", doc: "The floor terrain of a hex." },
            Function { name: "on_board", params: &[("at", "Hex", "A hex.")], returns: "boolean", doc: "Whether the hex is on the board." },
            Function { name: "terrain", params: &[], returns: "TerrainInfo[]", doc: "Every piece of terrain, pieces and floors." },
            Function { name: "mark", params: &[("robot", "string", "A robot."), ("key", "string", "The mark's name.")], returns: "integer", doc: "A robot's mark (0 when unset); marks are cleared when a turn starts." },
            Function { name: "set_mark", params: &[("robot", "string", "A robot."), ("key", "string", "The mark's name."), ("value", "integer", "Its value (0 clears it).")], returns: "nil", doc: "Sets a robot's mark for the rest of the turn." },
            Function { name: "done_with", params: &[("robot", "string", "A robot.")], returns: "nil", doc: "In a kind hook: this kind's before_step is not asked again for the robot until it enters a hex of this kind again or a turn starts (a cheap 'nothing more this turn')." },
            Function { name: "push", params: &[("at", "Hex", "A hex."), ("dir", "Facing", "A direction.")], returns: "nil", doc: "Asks for whatever stands at `at` to be pushed one hex toward `dir` by the normal push rules (one piece ahead of it may be pushed), after the hook returns." },
            Function { name: "team", params: &[("colour", "Colour", "A seated colour.")], returns: "integer", doc: "The colour's team (1-based; each colour alone without teams)." },
            Function { name: "teammates", params: &[("colour", "Colour", "A seated colour.")], returns: "Colour[]", doc: "The colours of its team, itself included." },
            Function { name: "standing", params: &[("colour", "Colour", "A seated colour.")], returns: "StandingInfo", doc: "Its standard score and tiebreak figures." },
            Function { name: "team_standing", params: &[("colour", "Colour", "A seated colour.")], returns: "StandingInfo", doc: "The standard scores and tiebreak figures of its team (itself without teams), summed." },
        ],
    },
    Class {
        name: "Setup",
        doc: "A standard game being set up, for the `setup` hook.",
        fields: &[
            ("colours", "Colour[]", "The colours in seating order."),
            ("arena_radius", "integer", "The arena is the hexagon of this radius around {0, 0}."),
            ("score_to_win", "integer?", "Points in base that win at once, if score victory is on."),
        ],
        methods: &[
            Function { name: "hexes", params: &[], returns: "Hex[]", doc: "Every hex of the board, centre first, ring by ring." },
            Function { name: "at", params: &[("at", "Hex", "A hex.")], returns: "PieceInfo?", doc: "What stands on a hex: a piece, or terrain (with its colour and facing)." },
            Function { name: "bases", params: &[], returns: "Hex[]", doc: "Where the bases stand." },
            Function { name: "random", params: &[("n", "integer", "How many outcomes.")], returns: "integer", doc: "A number from 1 to n, from the game's seed (the same seed, the same terrain)." },
            Function { name: "place", params: &[("kind", "string", "A kind of terrain of the variants."), ("at", "Hex", "A free hex."), ("extra", "string?", "A colour (a teleporter's pair) or a direction (a conveyor's).")], returns: "nil", doc: "Places terrain on a free hex." },
            Function { name: "placeable", params: &[("kind", "string", "A kind of terrain of the variants."), ("at", "Hex", "A hex.")], returns: "boolean", doc: "Whether the rulebook's setup rule lets `kind` go on `at`: not on the outer ring nor the centre, on a free hex, and teleporters and piece kinds not next to a base, a teleporter, a rock or a blob." },
            Function { name: "scatter", params: &[("kind", "string", "A kind of terrain of the variants."), ("count", "integer", "How many."), ("extra", "string?", "A colour or a direction, as for place.")], returns: "Hex[]", doc: "Places up to `count` pieces of `kind`, each on a random hex that `placeable` allows; returns where (fewer when no hex is left)." },
            Function { name: "remove", params: &[("at", "Hex", "A hex.")], returns: "boolean", doc: "Removes the terrain of a hex; whether there was some." },
            Function { name: "track", params: &[], returns: "integer[]", doc: "The crystal track, next to enter first, by value." },
            Function { name: "set_track", params: &[("values", "integer[]", "Crystal values, next first.")], returns: "nil", doc: "Replaces the track (the box holds 6 of each value)." },
            Function { name: "set_score_to_win", params: &[("points", "integer?", "Points, or nil for no score victory.")], returns: "nil", doc: "Sets the points in base that win at once." },
        ],
    },
    Class {
        name: "SeatingInfo",
        doc: "What the `seating` hook is told.",
        fields: &[("players", "integer", "How many people play.")],
        methods: &[],
    },
    Class {
        name: "Seating",
        doc: "What the `seating` hook returns.",
        fields: &[
            ("colours", "Colour[]", "The colours at the table in turn order (2 to 6; the standard set-up for that many colours is used)."),
            ("controllers", "Colour[][]?", "The colours each person controls, one list per person (default: one colour each)."),
        ],
        methods: &[],
    },
    Class {
        name: "RobotInfo",
        doc: "A robot, as hooks see it.",
        fields: &[
            ("id", "string", "Its name, such as \"red.1\"."),
            ("owner", "Colour", "Its player's colour."),
            ("at", "Hex", "Where it stands."),
            ("facing", "Facing", "Where it faces."),
            ("carrying", "integer", "The value of the crystal it carries, or 0."),
        ],
        methods: &[],
    },
    Class {
        name: "PieceInfo",
        doc: "What stands on a hex: a robot, a crystal, a base or terrain.",
        fields: &[
            ("kind", "string", "\"robot\", \"crystal\", \"base\" or a kind of terrain."),
            ("id", "string?", "A robot's name."),
            ("owner", "Colour?", "A robot's or a base's colour."),
            ("value", "integer?", "A crystal's value."),
            ("at", "Hex?", "Where it stands (in a push's row)."),
            ("colour", "Colour?", "Terrain's colour (Setup:at)."),
            ("facing", "Facing?", "Terrain's direction (Setup:at)."),
        ],
        methods: &[],
    },
    Class {
        name: "FloorInfo",
        doc: "Floor terrain.",
        fields: &[
            ("kind", "string", "Its kind."),
            ("colour", "Colour?", "A teleporter's pair colour."),
            ("facing", "Facing?", "Its direction, for kinds that have one."),
        ],
        methods: &[],
    },
    Class {
        name: "TerrainInfo",
        doc: "A piece of terrain and where it is.",
        fields: &[
            ("kind", "string", "Its kind."),
            ("at", "Hex", "Where it is."),
            ("colour", "Colour?", "A teleporter's pair colour."),
            ("facing", "Facing?", "Its direction, for kinds that have one."),
        ],
        methods: &[],
    },
    Class {
        name: "StandingInfo",
        doc: "A player's standard score and tiebreak figures.",
        fields: &[
            ("total", "integer", "Base at full value plus carried crystals at one less."),
            ("base", "integer", "Points in the base."),
            ("carried", "integer", "Points carried (one less per crystal)."),
            ("blue", "integer", "Blue crystals the first tiebreaker counts: in the base (with the carried ones under `--ruling ttb.tiebreak=harvested`)."),
            ("green", "integer", "Green crystals the second tiebreaker counts, as `blue`."),
        ],
        methods: &[],
    },
    Class {
        name: "EnteredEvent",
        doc: "A piece entered a hex with a kind hook.",
        fields: &[
            ("kind", "string", "The kind whose hook runs."),
            ("piece", "PieceInfo", "The piece."),
            ("at", "Hex", "The hex entered."),
        ],
        methods: &[],
    },
    Class {
        name: "StepEvent",
        doc: "A robot is about to step.",
        fields: &[
            ("kind", "string", "The kind of the floor under it."),
            ("robot", "string", "The robot."),
            ("step", "\"forward\"|\"back\"|\"side\"", "Forward (an order or a zap's forward_1), Back up, or a side step."),
            ("marks", "table<string, integer>", "The robot's marks set this turn (as game:mark reads them), by key; read-only (set marks with game:set_mark)."),
        ],
        methods: &[],
    },
    Class {
        name: "PushEvent",
        doc: "A push about to happen.",
        fields: &[
            ("pusher", "PieceInfo", "What moves first (a robot stepping, or a pushed piece)."),
            ("row", "PieceInfo[]", "The pieces pushed, nearest first, each with `at`."),
            ("dir", "Facing", "The direction."),
        ],
        methods: &[],
    },
    Class {
        name: "ZappedEvent",
        doc: "A zap hit a piece of terrain.",
        fields: &[
            ("kind", "string", "Its kind."),
            ("zapper", "string", "The zapping robot."),
            ("at", "Hex", "Where the piece stands."),
        ],
        methods: &[],
    },
    Class {
        name: "DeliverEvent",
        doc: "A crystal about to be unloaded on a base.",
        fields: &[
            ("robot", "string", "The unloading robot."),
            ("owner", "Colour", "The robot's colour."),
            ("base", "Colour", "The base's colour."),
            ("crystal", "integer", "The crystal's value."),
        ],
        methods: &[],
    },
];

const NO_STEP_ARGS: &[Slot] = &[];

/// The global API tables.
pub const MODULES: &[Module] = &[Module {
    name: "orders",
    doc: "The primitives order files build orders from (read-only; order files only).",
    fields: &[("passives", "PassiveName[]", "The names of the passive effects.")],
    functions: &[
        Function {
            name: "forward",
            params: NO_STEP_ARGS,
            returns: "Step",
            doc: "One step forward with the push rules (one piece; a row with Dash).",
        },
        Function {
            name: "back",
            params: NO_STEP_ARGS,
            returns: "Step",
            doc: "One step backward, keeping the facing, with the push rules (Back up).",
        },
        Function {
            name: "side",
            params: &[("sides", "integer", "1 to 5, or -1 to -5")],
            returns: "Step",
            doc: "One step to the adjacent hex `sides` hex sides clockwise from the facing (1 front-right, -1 front-left), keeping the facing, pushing in the direction of the step.",
        },
        Function {
            name: "turn",
            params: &[("sides", "integer", "1 to 5, or -1 to -5")],
            returns: "Step",
            doc: "Turns `sides` hex sides clockwise (negative: counter-clockwise).",
        },
        Function {
            name: "jump",
            params: &[("distance", "integer", "1 to 10")],
            returns: "Step",
            doc: "Jumps `distance` hexes ahead, over anything, onto an empty hex.",
        },
        Function {
            name: "load",
            params: NO_STEP_ARGS,
            returns: "Step",
            doc: "Loads the crystal in front (from the ground or another robot).",
        },
        Function {
            name: "unload",
            params: NO_STEP_ARGS,
            returns: "Step",
            doc: "Unloads the carried crystal in front (a base scores it).",
        },
        Function {
            name: "zap",
            params: &[(
                "range",
                "(\"short\"|\"long\"|integer)?",
                "\"short\" (two hexes, the default), \"long\" (to the edge) or 1 to 10 hexes",
            )],
            returns: "Step",
            doc: "Zaps the first robot in line (a crystal or a base stops it); the order pauses for the zapper's choice of effect.",
        },
        Function {
            name: "pull",
            params: &[("range", "integer", "2 to 10")],
            returns: "Step",
            doc: "Crystal magnet: if the first piece in line within `range` hexes is a loose crystal, it is pulled one hex toward the robot.",
        },
    ],
}];

/// Type aliases of the stubs: name, LuaLS type, doc.
const ALIASES: &[Slot] = &[
    (
        "Colour",
        "\"red\"|\"blue\"|\"yellow\"|\"green\"|\"white\"|\"black\"",
        "A player's colour.",
    ),
    (
        "Facing",
        "\"E\"|\"SE\"|\"SW\"|\"W\"|\"NW\"|\"NE\"",
        "A side of a hex, clockwise from east.",
    ),
    (
        "DecisionKind",
        "\"program_change\"|\"zap_effect\"|\"crystal_placement\"|\"zap_push\"|\"continue\"|\"game_over\"",
        "What a decision is about.",
    ),
    (
        "Hex",
        "integer[]",
        "A hex as {q, r}, axial coordinates (DESIGN.md).",
    ),
    (
        "PassiveName",
        "\"anti_zap\"|\"anti_theft\"|\"dash\"",
        "A passive effect of an order, active while it sits in a program.",
    ),
];

/// The class named `name`.
pub fn class(name: &str) -> Option<&'static Class> {
    API.class(name)
}

/// `name`, after checking that `class` lists it as a method: bindings
/// register methods through this, so none can be missing from the stubs.
pub fn method(class_name: &str, name: &'static str) -> &'static str {
    API.method(class_name, name)
}

/// The LuaLS `---@meta` stub file of the whole API.
pub fn stubs() -> String {
    API.stubs()
}
