//! RoboRally scenario files (the design's RoboRally page, "Scenario
//! files"): a position, one turn's register phases, and what must hold
//! afterwards. [`load`] reads and checks a file (errors name the file,
//! line, column, field and reason); [`Scenario::run`] plays it and lists
//! every difference in its report ([`Checked`]), as `tinbots check` does
//! for every game's scenarios.
//!
//! How the keys are read: `board = "file"` is a board file relative to
//! the scenario's folder; an inline `[board]` has the tables of a board
//! file (`[[board.square]]`, ...) and is checked as one, its errors placed
//! in the scenario file. Robots are seated in the order given. A robot's
//! `archive` defaults to where it stands; a destroyed robot gives no `at`
//! or `facing` and must give its `archive`. `[turn] registers` defaults
//! to 1. `choices` answer the decisions in the order the game asks them,
//! in the words of "Decisions and their answers, as text"; a missing or
//! left-over choice is an error. In `[expect]` only the keys given are
//! checked; `winners = []` means nobody won.

mod build;
mod expect;
mod format;
#[cfg(test)]
mod tests;

use std::path::Path;
use std::rc::Rc;

use crate::assets::Library;
use crate::engine::{Checked, Rulings, State};
use crate::toml_text::line_column;

use super::cards::Card;
use super::game::{Game, ScenarioTurn, Variants};
use super::position::{Position, START_LIVES};
use super::rulings::DISPUTES;
use super::variant::VariantSet;
use format::RawScenario;

/// A scenario that could not be read or played: where, and why; shown
/// with whatever the file wrote in it made inert for a terminal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{}: {}",
    crate::escape::terminal(place),
    crate::escape::terminal_lines(message)
)]
pub struct ScenarioError {
    /// `file:line:column`, or the file alone.
    pub place: String,
    /// What is wrong (`in `robot[0].at`: ...`).
    pub message: String,
}

/// Where a scenario's text came from, to place errors.
#[derive(Clone, Copy)]
pub(super) struct Source<'a> {
    /// The file's name as shown.
    pub file: &'a str,
    /// Its text.
    pub text: &'a str,
}

impl Source<'_> {
    /// An error at a byte offset, naming the field found there.
    pub fn at(&self, offset: usize, reason: impl Into<String>) -> ScenarioError {
        let (line, column) = line_column(self.text, offset);
        let field = crate::toml_text::field_path(self.text, offset);
        let reason = reason.into();
        ScenarioError {
            place: format!("{}:{line}:{column}", self.file),
            message: if field.is_empty() {
                reason
            } else {
                format!("in `{field}`: {reason}")
            },
        }
    }

    /// An error at a byte offset whose message names its field already
    /// (`` in `robot[1].options[0]`: ... ``).
    pub fn placed(&self, offset: usize, message: impl Into<String>) -> ScenarioError {
        let (line, column) = line_column(self.text, offset);
        ScenarioError {
            place: format!("{}:{line}:{column}", self.file),
            message: message.into(),
        }
    }

    /// An error about the whole file.
    pub fn whole(&self, reason: impl Into<String>) -> ScenarioError {
        ScenarioError {
            place: self.file.to_string(),
            message: reason.into(),
        }
    }
}

/// A scenario read and checked, ready to run.
#[derive(Debug)]
pub struct Scenario {
    name: String,
    text: String,
    /// Its title.
    pub title: String,
    /// The rule it cites.
    pub source: String,
    /// The position it starts from.
    pub position: Position,
    /// Whether the start of the turn runs first.
    pub begin: bool,
    /// The register phases to run, 0..=5.
    pub registers: u8,
    /// The variants it is played with (`variants = [...]`).
    pub variants: Option<Rc<Variants>>,
    /// The readings of disputed rules it is played under: the defaults,
    /// its variants' over them, its own `rulings` over those, and the
    /// pins of [`Scenario::pinned`] last.
    pub rulings: Rulings,
    /// The robots' hands when the scenario programs its turn.
    pub hands: Option<Vec<Vec<Card>>>,
    choices: Vec<(String, usize)>,
    /// The cards robots hold beside their given programs.
    held: Vec<Vec<Card>>,
    expect: expect::Expect,
}

/// Reads and checks a scenario file.
pub fn load(path: &Path) -> Result<Scenario, ScenarioError> {
    let name = path.display().to_string();
    let text = crate::files::read_text(path, crate::files::FileKind::Scenario).map_err(|e| {
        ScenarioError {
            place: name.clone(),
            message: e.to_string(),
        }
    })?;
    let folder = path.parent().unwrap_or(Path::new(""));
    parse(&name, &text, folder)
}

/// Reads and checks a scenario's text; `folder` is where a board file it
/// names is looked for.
pub fn parse(name: &str, text: &str, folder: &Path) -> Result<Scenario, ScenarioError> {
    let src = Source { file: name, text };
    let raw: RawScenario = toml::from_str(text).map_err(|e| {
        let at = e.span().map_or(0, |s| s.start);
        src.at(at, e.message().trim().to_string())
    })?;
    let (variants, lives, rulings) = match &raw.variants {
        None => (None, START_LIVES, Rulings::defaults(DISPUTES)),
        Some(names) => {
            let set =
                VariantSet::load_with(&Library::current(), Some(Path::new(name)), names.get_ref())
                    .map_err(|e| src.at(names.span().start, e.to_string()))?;
            let variants = set
                .for_game()
                .map_err(|e| src.at(names.span().start, e.to_string()))?;
            let rulings = set
                .rulings()
                .map_err(|e| src.at(names.span().start, e.to_string()))?;
            // A scenario's board is one board.
            (variants, set.lives(raw.robot.len(), 1), rulings)
        }
    };
    let rulings = own_rulings(src, &raw, rulings)?;
    let built = build::position(src, &raw, folder, lives)?;
    let expect = expect::read(src, &raw, &built.position)?;
    Ok(Scenario {
        name: name.to_string(),
        text: text.to_string(),
        title: raw.title.clone(),
        source: raw.source.clone(),
        position: built.position,
        begin: built.begin,
        registers: built.registers,
        variants,
        rulings,
        hands: built.hands,
        choices: built.choices,
        held: built.held,
        expect,
    })
}

impl Scenario {
    /// The game the scenario plays, before its choices are answered.
    pub fn game(&self) -> Result<Game, ScenarioError> {
        let src = self.src();
        Game::scenario_with(
            self.position.clone(),
            ScenarioTurn {
                begin: self.begin,
                registers: self.registers,
                hands: self.hands.clone(),
                held: self.held.clone(),
            },
            self.variants.clone(),
            self.rulings.clone(),
        )
        .map_err(|r| src.whole(r.message))
    }

    /// The scenario under `pins` (`ID=READING`, as `--ruling` gives them)
    /// over its own rulings; the error names the file and `--ruling`.
    pub fn pinned(mut self, pins: &[String]) -> Result<Scenario, ScenarioError> {
        match self.rulings.clone().pinned(pins) {
            Ok(rulings) => self.rulings = rulings,
            Err(e) => return Err(self.src().whole(format!("--ruling {e}"))),
        }
        Ok(self)
    }

    fn src(&self) -> Source<'_> {
        Source {
            file: &self.name,
            text: &self.text,
        }
    }

    /// Plays the scenario: its turn with its choices, then every
    /// expectation compared.
    pub fn run(&self) -> Result<Checked, ScenarioError> {
        let (game, events) = self.play()?;
        Ok(Checked {
            title: self.title.clone(),
            source: self.source.clone(),
            differences: self.expect.differences(&game),
            events,
        })
    }

    /// Plays the scenario's turn with its choices: the game after it, and
    /// the turn's events narrated.
    pub fn play(&self) -> Result<(Game, Vec<String>), ScenarioError> {
        let src = self.src();
        let mut game = self.game()?;
        let mut events: Vec<String> = game.events().iter().map(|e| game.narrate(e)).collect();
        let mut choices = self.choices.iter();
        while game.to_decide().is_some() {
            let Some((choice, offset)) = choices.next() else {
                return Err(src.whole(format!(
                    "the game asks ({}) but `turn.choices` has no answer left",
                    game.decision_text()
                )));
            };
            let answer = game
                .parse_answer(choice)
                .map_err(|r| src.at(*offset, format!("choice `{choice}` is refused: {r}")))?;
            game.apply(answer)
                .map_err(|r| src.at(*offset, format!("choice `{choice}` is refused: {r}")))?;
            events.extend(game.events().iter().map(|e| game.narrate(e)));
        }
        if let Some((choice, offset)) = choices.next() {
            return Err(src.at(
                *offset,
                format!("choice `{choice}` is left over: the turn asks nothing more"),
            ));
        }
        Ok((game, events))
    }
}

/// `rulings` with a scenario's own `rulings` table over them; an unknown
/// id or reading, or a reading that is not a string, is an error at its
/// line naming the field.
fn own_rulings(
    src: Source<'_>,
    raw: &RawScenario,
    rulings: Rulings,
) -> Result<Rulings, ScenarioError> {
    raw.rulings
        .iter()
        .try_fold(rulings, |rulings, (id, reading)| {
            let one = toml::Table::from_iter([(id.clone(), reading.get_ref().clone())]);
            rulings
                .from_table(&one)
                .map_err(|e| src.placed(reading.span().start, e.to_string()))
        })
}

/// Reads a scenario file and plays it under `pins` (`ID=READING`) over
/// its own rulings.
pub fn check_file(path: &Path, pins: &[String]) -> Result<Checked, ScenarioError> {
    load(path)?.pinned(pins)?.run()
}
