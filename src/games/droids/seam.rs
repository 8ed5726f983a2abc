//! Droids behind the seam ([`crate::engine`]): its entry in the list of
//! games, how a game starts from the command line's options, and what
//! `tinbots check` does with its files (scenarios and mission files).
//!
//! The mission is mission 1, the challenge, the only one built in so far:
//! `GameOptions` has no `--mission` yet (adding one touches every place
//! that builds options), so the game starts mission 1 and refuses
//! `--course` rather than read it as a mission.

use std::path::Path;

use crate::engine::{self, Checked, GameOptions, GameType, Information, Named, Started};

use super::board::Mission;
use super::game::{record, Game};
use super::tiles;

/// The mission played when none is named.
pub const DEFAULT_MISSION: &str = "challenge";

/// The players when none are asked for.
pub const DEFAULT_PLAYERS: usize = 2;

/// Droids in the list of games.
pub const TYPE: GameType = GameType {
    name: Game::NAME,
    title: "Droids",
    players: (2, 4),
    default_players: DEFAULT_PLAYERS,
    information: Information::Imperfect,
    new: new_game,
    resume,
    claims,
    repl: || Box::new(crate::repl::extension::NoExtras),
    check,
    lua_bot: super::lua::DroidsLuaBot::boxed,
    legacy_replay: None,
};

/// A game as the options ask: mission 1, the players, the seed.
fn new_game(options: &GameOptions) -> Result<Started, engine::StartError> {
    let refuse = |flag: &str| engine::StartError(format!("{flag}: Droids has no such option yet"));
    if options.setup.is_some() {
        return Err(refuse("--setup"));
    }
    if let Some(v) = options.variants.first() {
        return Err(refuse(&format!("--variant {v}")));
    }
    if let Some(s) = options.scripts.first() {
        return Err(refuse(&format!("--orders {s}")));
    }
    if let Some(c) = &options.course {
        return Err(engine::StartError(format!(
            "--course {c}: Droids has no courses; it plays mission 1 ({DEFAULT_MISSION}) until `--mission` comes"
        )));
    }
    let players = options.players.unwrap_or(DEFAULT_PLAYERS);
    let (_, file, text) = Mission::BUILT_IN
        .iter()
        .find(|(short, _, _)| *short == DEFAULT_MISSION)
        .copied()
        .expect("the default mission is built in");
    let mission = Mission::parse(file, text).map_err(|e| engine::StartError(e.to_string()))?;
    let game =
        Game::new(mission, players, options.seed).map_err(|e| engine::StartError(e.message))?;
    let start = record::start_value(file, text, tiles::STANDARD_TEXT, players, options.seed);
    Ok(Started {
        game: Box::new(game),
        start,
    })
}

/// A game from its start record.
fn resume(record: &serde_json::Value) -> Result<Box<dyn engine::DynState>, engine::StartError> {
    record::resume(record)
        .map(|g| Box::new(g) as Box<dyn engine::DynState>)
        .map_err(|e| engine::StartError(e.message))
}

/// Droids files say their game (`game = "droids"`): it claims nothing else.
fn claims(_table: &toml::Table) -> bool {
    false
}

/// A mission file (it has `mission` and `rows`) is read and checked; any
/// other file is run as a scenario.
fn check(path: &Path) -> Result<Checked, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let table = text.parse::<toml::Table>().ok();
    if table
        .as_ref()
        .is_some_and(|t| t.contains_key("mission") && t.contains_key("rows"))
    {
        let m = Mission::parse(&path.display().to_string(), &text).map_err(|e| e.to_string())?;
        return Ok(Checked {
            title: format!(
                "a valid mission: {} ({}), {} × {}",
                m.number, m.name, m.board.width, m.board.height
            ),
            ..Checked::default()
        });
    }
    let report = super::scenario::check_file(path).map_err(|e| e.to_string())?;
    Ok(Checked {
        title: report.title,
        differences: report.differences,
        events: report.events,
    })
}
