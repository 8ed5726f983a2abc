//! Line Race: a deliberately tiny programmable-robot game, the fourth game
//! of the tests and the executable form of `docs/adding-a-game.md`.
//!
//! It lives only here, as one folder, and is registered by one line of
//! the test that plays it (`tests/fourth_game.rs`): every command of
//! `tinbots` plays it with nothing outside this folder changed. Its rules
//! are in [`rules`]; the game behind the seam in [`seam`]; its scenarios
//! in [`scenario`]; its REPL extension in [`repl`]; its Lua bots in
//! [`lua`].

pub mod lua;
pub mod repl;
pub mod rules;
pub mod scenario;
pub mod seam;

use tinbots::engine::{GameOption, Information};
use tinbots::registry::{Catalogue, GameType};

/// The game's one option of its own: where the pit is (rule 5).
const PIT: GameOption = GameOption {
    name: "pit",
    value_name: "SQUARE",
    help: "Line Race: the square of the pit, 1 to 8 (default 5)",
    repeatable: false,
};

/// The order tiles, listed by `tinbots tiles`.
const TILES: Catalogue = Catalogue {
    name: "tiles",
    about: "List Line Race's order tiles",
    list: list_tiles,
};

/// `tinbots tiles`: each tile and what it does (rule 4).
fn list_tiles(files: &[std::path::PathBuf]) -> Result<String, String> {
    TILES.no_files(files)?;
    Ok("forward  1 square on\njump     2 squares on, over the one between\nback     1 square back, never behind 0\n".into())
}

/// Line Race, as the tools see it.
pub static TYPE: GameType = GameType {
    name: "line-race",
    title: "Line Race",
    players: (1, 4),
    default_players: 2,
    information: Information::Perfect,
    options: &[PIT],
    new: seam::start,
    resume: seam::resume,
    claims: |_| false,
    repl: || Box::new(repl::LineRaceRepl),
    check: scenario::check,
    scenario_position: Some(scenario::position),
    scenario_after: Some(scenario::after),
    variant_listing: None,
    catalogues: &[TILES],
    disputes: rules::DISPUTES,
    rulebooks: &[],
    lua_bot: lua::LineRaceLuaBot::boxed,
    play_bot: "random",
    legacy_replay: None,
};
