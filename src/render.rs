//! What `tinbots render` draws: the position a file holds, as SVG. A
//! saved game (`.json`) at one of its steps, counted as the replay page
//! counts them ([`crate::viewer::walk`]); a scenario (`.toml` with its
//! game, or Twin Tin Bots' without) at its position; a RoboRally board or
//! course file with the robots at their start; with `--after`, a
//! scenario after its turn ([`render_after`]).

use std::path::Path;

use crate::engine::{DynState, Seat};
use crate::registry::Games;
use crate::replay::{Record, ReplayError};

/// Whose view a picture shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seen {
    /// The seat that decides at the position, as the REPL's `show` (all
    /// of it once the game is over).
    Deciding,
    /// Everything, hidden things too (`--all`).
    Everything,
    /// One seat, by its colour (`--as red`).
    Seat(String),
}

/// Why a file cannot be drawn; every error names the file.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// A saved game that cannot be replayed.
    #[error(transparent)]
    Replay(#[from] ReplayError),
    /// A scenario, board or course that cannot be read.
    #[error("{0}")]
    File(String),
    /// `--step` past the game's last step.
    #[error("{path}: --step {step}: the game has {count} steps, 0 to {}", count.saturating_sub(1))]
    NoStep {
        /// The file.
        path: String,
        /// The step asked for.
        step: usize,
        /// How many steps there are.
        count: usize,
    },
    /// `--as` names no seat of the game.
    #[error("--as {colour}: no seat of that colour; the seats are {seats}")]
    NoSeat {
        /// The colour given.
        colour: String,
        /// The game's seats.
        seats: String,
    },
    /// `--step` for a file that is not a saved game.
    #[error("{0}: --step is for saved games (.json); a scenario or a game file has one position")]
    StepOfPosition(String),
    /// `--after` for a saved game, which has steps rather than a turn.
    #[error("{0}: --after is for scenarios; a saved game is drawn at a --step")]
    AfterOfGame(String),
}

/// The seat `seen` names in `game`, or `None` for everything.
pub fn viewer(game: &dyn DynState, seen: &Seen) -> Result<Option<Seat>, RenderError> {
    match seen {
        Seen::Everything => Ok(None),
        Seen::Deciding => Ok(game.to_decide()),
        Seen::Seat(colour) => (0..game.seats())
            .find(|&s| game.seat_name(s).eq_ignore_ascii_case(colour))
            .map(Some)
            .ok_or_else(|| RenderError::NoSeat {
                colour: colour.clone(),
                seats: (0..game.seats())
                    .map(|s| game.seat_name(s))
                    .collect::<Vec<_>>()
                    .join(", "),
            }),
    }
}

/// The game a scenario, board or course file holds, at its position.
/// `pins` choose readings of disputed rules (`ID=READING`) over the
/// file's own.
pub fn position(
    games: &Games,
    path: &Path,
    pins: &[String],
) -> Result<Box<dyn DynState>, RenderError> {
    let shown = path.display().to_string();
    let text = crate::files::read_text(path, crate::files::FileKind::Scenario)
        .map_err(|e| RenderError::File(e.to_string()))?;
    let table: toml::Table = text
        .parse()
        .map_err(|e: toml::de::Error| RenderError::File(format!("{shown}: {}", e.message())))?;
    // A file names its game, else a game claims it (a RoboRally course).
    let named = table.get("game").and_then(toml::Value::as_str);
    let game_type = match named {
        Some(name) => games.find(name).ok(),
        None => games.all().iter().copied().find(|g| (g.claims)(&table)),
    };
    if let Some(scenario_position) = game_type.and_then(|g| g.scenario_position) {
        return scenario_position(path, pins).map_err(RenderError::File);
    }
    let session = crate::repl::session::Session::open_under(games, path, 1, pins)
        .map_err(|e| RenderError::File(e.to_string()))?;
    Ok(session.game().boxed_clone())
}

/// The SVG of the file at `path` (see the module documentation): a saved
/// game at `step` (its last when `None`), else the file's position.
pub fn render(
    games: &Games,
    path: &Path,
    step: Option<usize>,
    seen: &Seen,
    pins: &[String],
) -> Result<String, RenderError> {
    let shown = path.display().to_string();
    if path.extension().is_some_and(|e| e == "json") {
        let record = Record::load(games, path)?;
        let start = record.start_game(games, &shown)?;
        if let Seen::Seat(_) = seen {
            viewer(start.as_ref(), seen)?;
        }
        let choose = |game: &dyn DynState| viewer(game, seen).ok().flatten();
        return crate::viewer::picture_at(games, &record, &shown, step, &choose)?.map_err(
            |count| RenderError::NoStep {
                path: shown.clone(),
                step: step.unwrap_or_default(),
                count,
            },
        );
    }
    if step.is_some() {
        return Err(RenderError::StepOfPosition(shown));
    }
    picture(position(games, path, pins)?.as_ref(), seen)
}

/// The game after a scenario file's turn, at the position `tinbots check`
/// reaches when it plays the scenario (by the file's game,
/// [`GameType::scenario_after`](crate::registry::GameType::scenario_after));
/// a file without a turn (a board, a course, a saved game) is an error
/// that says so.
pub fn after_position(
    games: &Games,
    path: &Path,
    pins: &[String],
) -> Result<Box<dyn DynState>, RenderError> {
    let shown = path.display().to_string();
    if path.extension().is_some_and(|e| e == "json") {
        return Err(RenderError::AfterOfGame(shown));
    }
    let text = crate::files::read_text(path, crate::files::FileKind::Scenario)
        .map_err(|e| RenderError::File(e.to_string()))?;
    let game_type = crate::check::file_game(games, path, &text, None).map_err(RenderError::File)?;
    let after = game_type.scenario_after.ok_or_else(|| {
        RenderError::File(format!(
            "{shown}: --after: {} has no scenarios to play",
            game_type.title
        ))
    })?;
    after(path, pins).map_err(RenderError::File)
}

/// The SVG of a scenario file after its turn ([`after_position`]).
pub fn render_after(
    games: &Games,
    path: &Path,
    seen: &Seen,
    pins: &[String],
) -> Result<String, RenderError> {
    picture(after_position(games, path, pins)?.as_ref(), seen)
}

/// The SVG of `game` as `seen` sees it.
fn picture(game: &dyn DynState, seen: &Seen) -> Result<String, RenderError> {
    let seat = viewer(game, seen)?;
    Ok(game.svg(seat))
}
