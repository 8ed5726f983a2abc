//! Line Race's scenario files: a position, the answers of one turn and
//! what must hold after it. `tinbots check` plays them; `tinbots render`
//! draws their position (or, with `--after`, the position after the
//! answers); the REPL's `load` opens them.
//!
//! ```toml
//! game = "line-race"
//! title = "a robot that stops on the pit falls back to 0"
//! at = [3, 0]                       # each robot's square (rule 1)
//! programs = [["jump", "forward", "forward"], ["forward", "forward", "forward"]]
//! pit = 5                           # optional (rule 5)
//! answers = ["keep", "keep"]        # the turn, in seat order
//! [expect]
//! at = [0, 3]
//! winners = []                      # optional: the race is over, these won
//! ```

use std::path::Path;

use serde::Deserialize;
use tinbots::engine::{Checked, DynState, Rulings, State};
use tinbots::files::{read_text, FileKind};

use super::rules::{Tile, Track, DEFAULT_PIT, DISPUTES, FINISH, SLOTS};
use super::seam::Race;

/// A scenario file as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[allow(dead_code)]
    game: String,
    title: String,
    at: Vec<u8>,
    programs: Vec<[String; SLOTS]>,
    #[serde(default)]
    pit: Option<u8>,
    #[serde(default)]
    answers: Vec<String>,
    /// The readings of disputed rules played (`{ "line-race.jump-pit" =
    /// "into" }`).
    #[serde(default)]
    rulings: toml::Table,
    expect: Expect,
}

/// What must hold after the answers.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Expect {
    at: Vec<u8>,
    #[serde(default)]
    winners: Option<Vec<String>>,
}

/// A scenario read and its position set up.
struct Scenario {
    file: File,
    race: Race,
}

/// Reads the scenario at `path`, played under its rulings with `pins`
/// over them; errors name the file and the field.
fn read(path: &Path, pins: &[String]) -> Result<Scenario, String> {
    let shown = path.display();
    let text = read_text(path, FileKind::Scenario).map_err(|e| e.to_string())?;
    let file: File = toml::from_str(&text).map_err(|e| format!("{shown}: {e}"))?;
    let players = file.at.len();
    if !(1..=4).contains(&players) || file.programs.len() != players {
        return Err(format!(
            "{shown}: in `programs`: one program per robot of `at` (1 to 4 robots)"
        ));
    }
    let pit = file.pit.unwrap_or(DEFAULT_PIT);
    if !(1..FINISH).contains(&pit) {
        return Err(format!(
            "{shown}: in `pit`: a square from 1 to {}",
            FINISH - 1
        ));
    }
    if file.at.iter().any(|&at| at > FINISH || at == pit) {
        return Err(format!(
            "{shown}: in `at`: a robot stands on a square from 0 to {FINISH}, not the pit"
        ));
    }
    let mut track = Track::new(players, pit);
    track.at = file.at.clone();
    for (seat, program) in file.programs.iter().enumerate() {
        for (slot, word) in program.iter().enumerate() {
            track.programs[seat][slot] = Tile::parse(word).ok_or_else(|| {
                format!(
                    "{shown}: in `programs`: `{word}` is not an order tile (forward, jump or back)"
                )
            })?;
        }
    }
    let rulings = Rulings::defaults(DISPUTES)
        .from_table(&file.rulings)
        .map_err(|e| format!("{shown}: {e}"))?
        .pinned(pins)
        .map_err(|e| format!("{shown}: --ruling {e}"))?;
    Ok(Scenario {
        file,
        race: Race::new(track, rulings),
    })
}

/// Plays a scenario's answers on its position: the race after them and
/// the events narrated.
fn play(path: &Path, scenario: &Scenario) -> Result<(Race, Vec<String>), String> {
    let mut race = scenario.race.clone();
    let mut events = Vec::new();
    for (i, text) in scenario.file.answers.iter().enumerate() {
        let answer = race.parse_answer(text).map_err(|e| {
            format!(
                "{}: in `answers`: answer {} `{text}`: {e}",
                path.display(),
                i + 1
            )
        })?;
        race.apply(answer).map_err(|e| e.message)?;
        events.extend(race.events().iter().map(|e| race.narrate(e)));
    }
    Ok((race, events))
}

/// Checks a scenario (the game type's `check`).
pub fn check(path: &Path, pins: &[String]) -> Result<Checked, String> {
    let scenario = read(path, pins)?;
    let (race, events) = play(path, &scenario)?;
    let mut differences = Vec::new();
    if race.track.at != scenario.file.expect.at {
        differences.push(format!(
            "expected the robots at {:?}, found {:?}",
            scenario.file.expect.at, race.track.at
        ));
    }
    if let Some(winners) = &scenario.file.expect.winners {
        let outcome = State::outcome(&race);
        let found: Vec<String> = outcome
            .iter()
            .flat_map(|o| {
                o.winners
                    .iter()
                    .map(|&s| State::seat_name(&race, s).to_string())
            })
            .collect();
        if &found != winners || outcome.is_none() {
            differences.push(format!(
                "expected the race won by {winners:?}, found {found:?}"
            ));
        }
    }
    Ok(Checked {
        title: scenario.file.title,
        source: String::new(),
        differences,
        events,
    })
}

/// A scenario's position (the game type's `scenario_position`).
pub fn position(path: &Path, pins: &[String]) -> Result<Box<dyn DynState>, String> {
    Ok(Box::new(read(path, pins)?.race))
}

/// A scenario's position after its answers (the game type's
/// `scenario_after`).
pub fn after(path: &Path, pins: &[String]) -> Result<Box<dyn DynState>, String> {
    let scenario = read(path, pins)?;
    Ok(Box::new(play(path, &scenario)?.0))
}

/// A scenario's position, its record and its title, for the REPL's
/// `load`.
pub fn opened(path: &Path) -> Result<(Race, serde_json::Value, String), String> {
    let scenario = read(path, &[])?;
    let record = super::seam::record(&scenario.race.track, State::rulings(&scenario.race));
    Ok((scenario.race, record, scenario.file.title))
}
