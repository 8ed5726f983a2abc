//! Droids behind the seam ([`crate::engine`]): its entry in the list of
//! games, how a game starts from the command line's options, and what
//! `tinbots check` does with its files (scenarios and mission files).
//!
//! The mission is named by `--mission` ([`MISSION`]: a number,
//! a name or a mission file, with `:SETTING` for mission 7's killer
//! model); mission 1, the challenge, when none is named.

use std::path::Path;

use crate::engine::{self, Checked, GameOptions, Information, Named, Started};
use crate::registry::{self, GameType};

use super::board::Mission;
use super::game::{record, Game};
use super::mission::Chosen;
use super::tiles;

/// The mission played when none is named.
pub const DEFAULT_MISSION: &str = "challenge";

/// The players when none are asked for.
pub const DEFAULT_PLAYERS: usize = 2;

/// Droids in the list of games.
pub const TYPE: GameType = GameType {
    name: Game::NAME,
    title: "Droids",
    players: (1, 4),
    default_players: DEFAULT_PLAYERS,
    information: Information::Imperfect,
    options: &[MISSION],
    new: new_game,
    resume,
    claims,
    repl: || Box::new(super::repl::DroidsRepl),
    check,
    lua_bot: super::lua::DroidsLuaBot::boxed,
    play_bot: "random",
    legacy_replay: None,
    scenario_position: Some(scenario_position),
    scenario_after: Some(scenario_after),
    variant_listing: None,
    catalogues: &[MISSIONS],
};

/// The game at the position a Droids file sets up: a scenario's before
/// its orders, a mission file's at its start (the fewest players it
/// seats, seed 1, its script's `setup` run).
fn scenario_position(path: &std::path::Path) -> Result<Box<dyn engine::DynState>, String> {
    let text = crate::files::read_text(path, crate::files::FileKind::Scenario)
        .map_err(|e| e.to_string())?;
    if is_mission_file(&text) {
        let shown = path.display().to_string();
        let (mission, hooks) = Chosen::find(&shown).and_then(|c| c.load())?;
        let players = mission.players.0;
        return Game::with_rules(mission, players, 1, &tiles::TileMix::standard(), hooks)
            .map(|game| Box::new(game) as Box<dyn engine::DynState>)
            .map_err(|e| format!("{shown}: with {players} players: {}", e.message));
    }
    super::scenario::position_file(path)
        .map(|game| Box::new(game) as Box<dyn engine::DynState>)
        .map_err(|e| e.to_string())
}

/// Whether `text` is a mission file: it has `rows` and a `mission`
/// number (a scenario names its mission as text).
fn is_mission_file(text: &str) -> bool {
    text.parse::<toml::Table>().is_ok_and(|t| {
        t.get("mission").is_some_and(toml::Value::is_integer) && t.contains_key("rows")
    })
}

/// The game after a Droids scenario file's orders and answers.
fn scenario_after(path: &std::path::Path) -> Result<Box<dyn engine::DynState>, String> {
    let text = crate::files::read_text(path, crate::files::FileKind::Scenario)
        .map_err(|e| e.to_string())?;
    if is_mission_file(&text) {
        return Err(format!(
            "{}: a mission file has no turn to play: draw its start without --after",
            crate::escape::terminal(&path.display().to_string())
        ));
    }
    super::scenario::after_file(path)
        .map(|game| Box::new(game) as Box<dyn engine::DynState>)
        .map_err(|e| e.to_string())
}

/// The missions `tinbots missions` lists: the built-in ones.
const MISSIONS: registry::Catalogue = registry::Catalogue {
    name: "missions",
    about: "List the Droids missions that can be named (`--mission N|NAME`)",
    list: |files| {
        MISSIONS.no_files(files)?;
        super::mission::listing()
    },
};

/// The option naming the mission played (`--mission N|NAME|FILE`).
pub const MISSION: engine::GameOption = engine::GameOption {
    name: "mission",
    value_name: "N|NAME|FILE",
    help: "The mission, by number, name or file (Droids; `:SETTING` after it for mission 7's \
           killer model)",
    repeatable: false,
};

/// A game as the options ask: the mission ([`MISSION`], the challenge by
/// default), the players, the seed.
fn new_game(options: &GameOptions) -> Result<Started, engine::StartError> {
    if let Some(v) = options.variants.first() {
        return Err(engine::StartError(format!(
            "--variant {v}: Droids has no variants yet"
        )));
    }
    let chosen = Chosen::find(options.value(MISSION.name).unwrap_or(DEFAULT_MISSION))
        .map_err(engine::StartError)?;
    let (mission, hooks) = chosen.load().map_err(engine::StartError)?;
    let (lo, hi) = mission.players;
    let players = options.players.unwrap_or(DEFAULT_PLAYERS.clamp(lo, hi));
    let game = Game::with_rules(
        mission,
        players,
        options.seed,
        &tiles::TileMix::standard(),
        hooks,
    )
    .map_err(|e| engine::StartError(e.message))?;
    let start = record::start_value(&chosen, tiles::standard_text(), players, options.seed);
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

/// A mission file (it has `rows` and a `mission` number; a scenario names
/// its mission as text) is read and its script loaded; any other file is
/// run as a scenario.
fn check(path: &Path) -> Result<Checked, String> {
    let text = crate::files::read_text(path, crate::files::FileKind::Scenario)
        .map_err(|e| e.to_string())?;
    if is_mission_file(&text) {
        let shown = path.display().to_string();
        let m = Mission::parse(&shown, &text).map_err(|e| e.to_string())?;
        // It starts, its script's `setup` run, for every count of players.
        let (mission, hooks) = Chosen::find(&shown).and_then(|c| c.load())?;
        let (lo, hi) = mission.players;
        for players in lo..=hi {
            Game::with_rules(
                mission.clone(),
                players,
                1,
                &tiles::TileMix::standard(),
                hooks.clone(),
            )
            .map_err(|e| format!("{shown}: with {players} players: {}", e.message))?;
        }
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
        title: crate::escape::terminal(&report.title).into_owned(),
        differences: report.differences,
        events: report.events,
    })
}
