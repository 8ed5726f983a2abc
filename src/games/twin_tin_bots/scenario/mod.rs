//! Rule-dispute scenarios: a position, one turn, and what must hold after it
//! (DESIGN.md, "Rule-dispute scenarios"). [`check_file`] and [`check_str`]
//! run one scenario and return its report ([`Checked`]) listing every
//! difference;
//! `tinbots check FILE...` runs them ([`crate::check`]).
//!
//! # The format
//!
//! The TOML format is the one DESIGN.md fixes, key for key; unknown keys are
//! errors. How each key is read:
//!
//! - `title` is required; `source` (the rule the scenario tests) is optional.
//! - `arena` is `"small"` (radius 4, the default) or `"big"` (radius 5).
//! - `players` are seated in the order given; the first is the active player.
//!   The score needed for a score victory is 13 minus the number of players
//!   (11, 10, 9, 8, 7 for 2 to 6 players; 11 for a lone player).
//! - `first_turn = true` makes the turn the active player's very first one
//!   (one order placed on each robot); every other player's first turn is over.
//! - `variants` are loaded by name (see [`crate::assets`]); their settings, teams
//!   and hooks apply. `[[terrain]]` places kinds they define (`colour` for a
//!   teleporter's pair, `facing` for kinds with a direction);
//!   `[[expect.terrain]]` checks that a kind is at a hex after the turn.
//! - `orders = ["../orders/sidestep.lua"]` (an extension): order files whose
//!   orders the game uses, read relative to the scenario file's folder,
//!   over the official orders (or the book given to [`check_file_with`]).
//!   Their new tiles can then be named like any tile; a tile added by an
//!   order file the scenario does not list is an error.
//! - `special_deck`, `track` and each player's hand (`[[hand]]`) are exactly
//!   what the file lists, and empty when it lists nothing. Several `[[hand]]`
//!   tables for one player add up.
//! - `[[robot]]`: `id` is `<colour>.<1|2>`; `carrying = 0` (the default) is
//!   nothing; `program` has up to three slots, `""` for an empty one.
//! - `[[base]]`: `holds` are crystals already delivered to that base.
//! - `[turn]`: `changes` answer the program-change decisions in order. When
//!   they are used up and the game offers the optional second change of a
//!   Double Modification, it is answered `pass`. A change the turn does not
//!   ask for (two changes without a Double Modification in hand), an illegal
//!   change, or a missing one is an error. `choices` answer zap effects
//!   (`forward_1`, `turn_left`, `turn_right`, `load`, `unload`, `nothing`)
//!   and crystal placements (`"q,r"`) in the order the game asks; the engine
//!   places a new crystal itself on the free centre or on the only closest
//!   free hex, so no choice is asked then. A choice missing or left over is
//!   an error. The turn ends when the next player's turn begins or the game
//!   is over.
//!
//! `[expect]`: every key is optional, and only the keys given are checked.
//! `score` checks the listed colours only (points delivered to each base).
//! `winner = ""` means the game goes on; a colour means that colour is the
//! single winner. `crystals_on_board` counts loose crystals, not carried
//! ones. `[[expect.robot]]` checks `at`, `facing` and `carrying` when given;
//! `[[expect.crystal]]` wants a loose crystal of that value at the hex;
//! `[[expect.hand]]` wants at least the listed tiles, counting repeats.
//!
//! # Extensions to DESIGN.md's format
//!
//! - `[expect] winners = ["red", "blue"]`: the exact set of winners, for a
//!   shared victory; `winners = []` means the game goes on.
//! - `[expect] events = ["...", "..."]`: each string must be part of the
//!   description of one of the turn's events (as the REPL and `Game::describe`
//!   word them), in this order.
//! - `[[expect.robot]] program = ["forward_1", "", "load"]`: the robot's
//!   whole program after the turn, `""` for an empty slot.
//! - `[expect] ranking = ["red", "blue"]`: the standings after the turn
//!   (points, base at full value and carried at one less, then the
//!   tiebreakers) begin with these colours, in this order, as they would
//!   rank if the game ended there.
//! - `rulings = { "ttb.dash-rows" = "dash-only" }` (top level, before any
//!   table): the readings of disputed rules the scenario plays under, over
//!   its variants' (`tinbots rulings` lists them); `--ruling ID=READING`
//!   on `check` and `render` applies over both.

mod build;
mod error;
mod expect;
mod format;
mod run;
mod write;

pub use build::score_to_win;
pub use error::{Location, ScenarioError};
pub use write::scenario_toml;

use crate::engine::{Checked, Rulings};
use crate::games::twin_tin_bots::game::{Game, Position, Rules};
use crate::games::twin_tin_bots::orders::OrderBook;
use crate::games::twin_tin_bots::variant::VariantSet;
use error::Source;
use format::ScenarioFile;
use std::path::Path;
use std::sync::Arc;

/// A scenario read but not played: its position, orders and turn, and its
/// expectations to hold any game against. The REPL opens scenarios this
/// way, ready to play their turn.
#[derive(Debug)]
pub struct Scenario {
    name: String,
    text: String,
    file: ScenarioFile,
    /// The position to start from.
    pub position: Position,
    /// The orders the scenario plays with (its order files over the official ones).
    pub orders: Arc<OrderBook>,
    /// The variants it plays with.
    pub variants: VariantSet,
    /// The readings of disputed rules it plays under: its variants', then
    /// its own `rulings` over them (and `--ruling` pins over those,
    /// [`Scenario::pin`]).
    pub rulings: Rulings,
}

impl Scenario {
    /// Reads a scenario file.
    pub fn load(path: &Path) -> Result<Scenario, ScenarioError> {
        let (name, text) = read_file(path)?;
        Scenario::parse(&name, &text)
    }

    /// Reads a scenario given as text; `name` names it in errors, and its
    /// folder is where the scenario's order files are read.
    pub fn parse(name: &str, text: &str) -> Result<Scenario, ScenarioError> {
        Scenario::parse_with(name, text, &OrderBook::official())
    }

    /// Reads a scenario given as text, its order files applied over `base`
    /// in place of the official orders.
    pub fn parse_with(
        name: &str,
        text: &str,
        base: &Arc<OrderBook>,
    ) -> Result<Scenario, ScenarioError> {
        let src = Source { name, text };
        let file: ScenarioFile = toml::from_str(text).map_err(|e| ScenarioError::Malformed {
            at: src.loc(e.span()),
            reason: e.message().trim().to_string(),
        })?;
        let variants = build::variants(src, &file)?;
        let orders = build::orders(src, &file, base)?;
        let mut position = build::position(src, &file, &orders)?;
        let kinds = variants.kinds();
        position.terrain = file
            .terrain
            .iter()
            .map(|t| build::terrain(src, t, &kinds))
            .collect::<Result<_, _>>()?;
        for t in &file.expect.terrain {
            build::terrain(src, t, &kinds)?;
        }
        variants
            .apply_to_position(&mut position)
            .map_err(|e| src.invalid(file.variants.first().map(|v| v.span()), e.to_string()))?;
        let rulings = build::rulings(src, &file, &variants)?;
        Ok(Scenario {
            name: name.to_string(),
            text: text.to_string(),
            file,
            position,
            orders,
            variants,
            rulings,
        })
    }

    /// The scenario under `pins` (`ID=READING`, as `--ruling` gives them)
    /// over its own rulings; the error names the file and `--ruling`.
    pub fn pin(&mut self, pins: &[String]) -> Result<(), ScenarioError> {
        self.rulings = self
            .rulings
            .clone()
            .pinned(pins)
            .map_err(|e| ScenarioError::Invalid {
                at: Location::file_only(&self.name),
                reason: format!("--ruling {e}"),
            })?;
        Ok(())
    }

    /// The rules the scenario plays with: its orders, and its variants'
    /// kinds of terrain and hooks.
    pub fn rules(&self) -> Result<Rules, ScenarioError> {
        let src = Source {
            name: &self.name,
            text: &self.text,
        };
        self.variants
            .rules(self.orders.clone())
            .map_err(|e| src.invalid(self.file.variants.first().map(|v| v.span()), e.to_string()))
    }

    /// The game at the scenario's position, before its turn (the REPL's
    /// and the pictures' start); an impossible position is refused naming
    /// the file.
    pub fn start_game(&self) -> Result<Game, ScenarioError> {
        let src = Source {
            name: &self.name,
            text: &self.text,
        };
        let mut game = Game::with_rules(&self.position, self.rules()?).map_err(|e| {
            ScenarioError::Position {
                at: src.loc(None),
                source: e,
            }
        })?;
        game.set_rulings(self.rulings.clone());
        Ok(game)
    }

    /// Plays the scenario's turn from its position.
    fn play(&self) -> Result<run::Played, ScenarioError> {
        let src = Source {
            name: &self.name,
            text: &self.text,
        };
        run::play_turn(src, &self.file, self.start_game()?)
    }

    /// Its title.
    pub fn title(&self) -> &str {
        &self.file.title
    }

    /// The program changes of its turn (`[turn] changes`), in order.
    pub fn changes(&self) -> Vec<String> {
        self.turn_list(|t| t.changes.as_ref())
    }

    /// The answers to the turn's other decisions (`[turn] choices`).
    pub fn choices(&self) -> Vec<String> {
        self.turn_list(|t| t.choices.as_ref())
    }

    fn turn_list(
        &self,
        list: impl Fn(&format::TurnSpec) -> Option<&toml::Spanned<Vec<toml::Spanned<String>>>>,
    ) -> Vec<String> {
        let turn = self.file.turn.as_ref().map(|t| t.get_ref());
        turn.and_then(list)
            .map(|l| l.get_ref().iter().map(|s| s.get_ref().clone()).collect())
            .unwrap_or_default()
    }

    /// The expectations that `game` (with the turn's `events`, described)
    /// does not meet; empty when all hold. The answers the turn must
    /// refuse (`[[expect.refused]]`) are checked only when the scenario
    /// plays its turn itself ([`check_str_under`]).
    pub fn differences(
        &self,
        game: &Game,
        events: &[String],
    ) -> Result<Vec<String>, ScenarioError> {
        let src = Source {
            name: &self.name,
            text: &self.text,
        };
        expect::differences(src, &self.file.expect, game, events)
    }

    /// The expectations that the played turn does not meet: the game after
    /// it, its events, and the answers it had to refuse.
    fn played_differences(&self, played: &run::Played) -> Result<Vec<String>, ScenarioError> {
        let mut out = self.differences(&played.game, &played.events)?;
        out.extend(expect::refusal_differences(
            &self.file.expect,
            &played.refusals,
        ));
        Ok(out)
    }
}

/// Reads and checks one scenario file with the official orders. Errors
/// name the file, and the line and column when the problem is tied to a
/// place in it.
pub fn check_file(path: &Path) -> Result<Checked, ScenarioError> {
    check_file_with(path, &OrderBook::official())
}

/// Reads and checks one scenario file with `orders` in place of the
/// official orders (the scenario's own order files apply over them).
pub fn check_file_with(path: &Path, orders: &Arc<OrderBook>) -> Result<Checked, ScenarioError> {
    let (name, text) = read_file(path)?;
    check_str_with(&name, &text, orders)
}

/// Reads and checks one scenario file with the official orders, under
/// `pins` (`ID=READING`, `--ruling`) over the file's own rulings.
pub fn check_file_under(path: &Path, pins: &[String]) -> Result<Checked, ScenarioError> {
    let (name, text) = read_file(path)?;
    check_str_under(&name, &text, &OrderBook::official(), pins)
}

/// The game after a scenario file's turn, played as [`check_file`] plays
/// it, with the official orders (`tinbots render --after`).
pub fn after_file(path: &Path) -> Result<Game, ScenarioError> {
    after_file_under(path, &[])
}

/// The game after a scenario file's turn (as [`after_file`]), under `pins`
/// over the file's own rulings.
pub fn after_file_under(path: &Path, pins: &[String]) -> Result<Game, ScenarioError> {
    let (name, text) = read_file(path)?;
    let mut scenario = Scenario::parse(&name, &text)?;
    scenario.pin(pins)?;
    Ok(scenario.play()?.game)
}

/// A file's name as shown, and its text.
fn read_file(path: &Path) -> Result<(String, String), ScenarioError> {
    let name = path.display().to_string();
    let text =
        crate::files::read_text(path, crate::files::FileKind::Scenario).map_err(|source| {
            ScenarioError::Read {
                at: Location::file_only(&name),
                source,
            }
        })?;
    Ok((name, text))
}

/// Checks a scenario given as text with the official orders; `name` names
/// it in errors, and its folder is where the scenario's order files are read.
pub fn check_str(name: &str, text: &str) -> Result<Checked, ScenarioError> {
    check_str_with(name, text, &OrderBook::official())
}

/// Checks a scenario given as text with `orders` in place of the official
/// orders (see [`check_str`]).
pub fn check_str_with(
    name: &str,
    text: &str,
    orders: &Arc<OrderBook>,
) -> Result<Checked, ScenarioError> {
    check_str_under(name, text, orders, &[])
}

/// Checks a scenario given as text (as [`check_str_with`]) under `pins`
/// (`ID=READING`, `--ruling`) over the file's own rulings.
pub fn check_str_under(
    name: &str,
    text: &str,
    orders: &Arc<OrderBook>,
    pins: &[String],
) -> Result<Checked, ScenarioError> {
    let mut scenario = Scenario::parse_with(name, text, orders)?;
    scenario.pin(pins)?;
    let played = scenario.play()?;
    let differences = scenario.played_differences(&played)?;
    Ok(Checked {
        title: scenario.file.title,
        source: scenario.file.source,
        differences,
        events: played.events,
    })
}

#[cfg(test)]
mod tests;
