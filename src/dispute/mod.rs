//! `tinbots dispute`: a scenario or a saved game played under each reading
//! of every disputed rule it touches, side by side, and where the readings
//! part.
//!
//! A file is first played as the user asks (the defaults, with the
//! `--ruling` pins over them). Every event a disputed rule decided names
//! the ruling it applied (`[ruling droids.steer-water: stop-before]`,
//! [`crate::engine::Rulings::cite`]); the disputes so named are the ones
//! the file touches, and a pinned one is held as pinned. Each touched
//! dispute is then played under each of its readings, the rest as asked,
//! and compared with the first reading: its outcome, and the first event
//! where the two tell different stories ([`Parting`]). [`Disputed::text`]
//! says it reading by reading and ends with a verdict; [`page`] draws the
//! readings side by side, stepping together.

mod page;

use std::path::Path;

use crate::engine::{cited_rulings, Dispute, DynState};
use crate::registry::{GameType, Games};
use crate::replay::Record;
use crate::viewer::{self, Replayed};

pub use page::html;

/// Why a file cannot be disputed: it cannot be read, or is of no game, or
/// a pin is wrong (the message names the file, line and reason).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct DisputeError(pub String);

/// One event of a play, and where in the play it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Told {
    /// Where: `the scenario's turn`, or `turn 2, yellow decided (steer):
    /// `steer W``.
    pub at: String,
    /// The event, narrated.
    pub text: String,
}

/// The file played under one set of rulings.
#[derive(Clone, Debug)]
pub struct Side {
    /// The reading it stands for (`enter`), or `as asked` for the play as
    /// the user asked.
    pub reading: String,
    /// The pins it was played under (`ID=READING`).
    pub pins: Vec<String>,
    /// Every event, in order.
    pub events: Vec<Told>,
    /// How it ended: a scenario's expectations, a game's outcome, or the
    /// answer that could not be played.
    pub outcome: String,
}

/// Where two readings first tell different stories.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parting {
    /// The number of the first event that differs, from 1.
    pub event: usize,
    /// Where it happened, by the first reading's play (the other's when
    /// the first has no such event).
    pub at: String,
    /// The first reading's event there (`None`: it had no more).
    pub first: Option<String>,
    /// The other reading's event there (`None`: it had no more).
    pub other: Option<String>,
}

/// One dispute the file touches, played under each of its readings.
#[derive(Clone, Debug)]
pub struct Touched {
    /// The dispute.
    pub dispute: &'static Dispute,
    /// One play per reading, in the dispute's order (the default first).
    pub sides: Vec<Side>,
    /// For each side after the first: where it parts from the first, or
    /// `None` when the two tell the same story (the outcome may still
    /// differ when the events agree only to the end of the shorter: that
    /// is a parting too).
    pub partings: Vec<Option<Parting>>,
}

impl Touched {
    /// Whether every reading plays the file alike.
    pub fn agree(&self) -> bool {
        self.partings.iter().all(Option::is_none)
    }

    /// The earliest parting of any reading from the first.
    pub fn first_parting(&self) -> Option<&Parting> {
        self.partings.iter().flatten().min_by_key(|p| p.event)
    }
}

/// A file played under each reading of every dispute it touches.
#[derive(Clone, Debug)]
pub struct Disputed {
    /// The file, as shown.
    pub file: String,
    /// Its game.
    pub game: &'static GameType,
    /// The play as asked (the defaults, the pins over them).
    pub asked: Side,
    /// Every dispute the play as asked touched and no pin holds, in the
    /// game's order.
    pub touched: Vec<Touched>,
}

/// What kind of file is disputed.
enum Kind {
    /// A scenario (or a REPL export): played by the game's `check`.
    Scenario,
    /// A saved game: its answers replayed.
    Saved(Record),
}

/// Plays `path` (a scenario, a REPL export or a saved game) under each
/// reading of every dispute it touches, with `pins` (`ID=READING`) held.
pub fn dispute(games: &Games, path: &Path, pins: &[String]) -> Result<Disputed, DisputeError> {
    let file = path.display().to_string();
    let (game, kind) = if path.extension().is_some_and(|e| e == "json") {
        let record = Record::load(games, path).map_err(|e| DisputeError(e.to_string()))?;
        let game = record
            .game_type(games)
            .map_err(|e| DisputeError(format!("{file}: in `game`: {e}")))?;
        (game, Kind::Saved(record))
    } else {
        let text = crate::files::read_text(path, crate::files::FileKind::Scenario)
            .map_err(|e| DisputeError(e.to_string()))?;
        let game = crate::check::file_game(games, path, &text, None).map_err(DisputeError)?;
        (game, Kind::Scenario)
    };
    game.rulings(pins)
        .map_err(|e| DisputeError(format!("{}: {e}", crate::escape::terminal(&file))))?;
    let play = |pins: &[String], reading: &str| -> Result<Side, DisputeError> {
        let (events, outcome) = match &kind {
            Kind::Scenario => play_scenario(game, path, pins)?,
            Kind::Saved(record) => play_saved(games, record, &file, pins)?,
        };
        Ok(Side {
            reading: reading.to_string(),
            pins: pins.to_vec(),
            events,
            outcome,
        })
    };
    let asked = play(pins, "as asked")?;
    let cited: Vec<&str> = asked
        .events
        .iter()
        .flat_map(|e| cited_rulings(&e.text))
        .map(|(id, _)| id)
        .collect();
    let mut touched = Vec::new();
    for dispute in game.disputes {
        // A pin holds its dispute, even one pinned to its default.
        let pinned = pins
            .iter()
            .any(|p| p.split('=').next().map(str::trim) == Some(dispute.id));
        if pinned || !cited.contains(&dispute.id) {
            continue;
        }
        let mut sides = Vec::with_capacity(dispute.readings.len());
        for reading in dispute.readings {
            let mut with = pins.to_vec();
            with.push(format!("{}={}", dispute.id, reading.name));
            sides.push(play(&with, reading.name)?);
        }
        let partings = sides[1..].iter().map(|s| parting(&sides[0], s)).collect();
        touched.push(Touched {
            dispute,
            sides,
            partings,
        });
    }
    Ok(Disputed {
        file,
        game,
        asked,
        touched,
    })
}

/// A scenario played by its game's check: its events, and whether its
/// expectations hold.
fn play_scenario(
    game: &GameType,
    path: &Path,
    pins: &[String],
) -> Result<(Vec<Told>, String), DisputeError> {
    let checked = (game.check)(path, pins).map_err(DisputeError)?;
    let events = checked
        .events
        .iter()
        .map(|text| Told {
            at: "the scenario's turn".to_string(),
            text: text.clone(),
        })
        .collect();
    let outcome = match checked.differences.first() {
        None => "its expectations hold".to_string(),
        Some(first) => format!(
            "its expectations fail ({} difference{}; the first: {first})",
            checked.differences.len(),
            if checked.differences.len() == 1 {
                ""
            } else {
                "s"
            }
        ),
    };
    Ok((events, outcome))
}

/// A saved game replayed under `pins`: its events step by step, and how
/// it ended (an answer the reading does not allow ends it there).
fn play_saved(
    games: &Games,
    record: &Record,
    file: &str,
    pins: &[String],
) -> Result<(Vec<Told>, String), DisputeError> {
    let record = record
        .clone()
        .pinned(games, pins, file)
        .map_err(|e| DisputeError(e.to_string()))?;
    let mut events = Vec::new();
    let mut last: Option<Box<dyn DynState>> = None;
    let walked = viewer::walk(games, &record, file, |game, info| {
        let at = match (&info.answer, info.seat) {
            (Some(answer), Some(seat)) => format!(
                "turn {}, {} decided ({}): `{answer}`",
                info.turn,
                game.seat_name(seat),
                info.decision
            ),
            _ => format!("turn {}", info.turn),
        };
        events.extend(info.events.into_iter().map(|text| Told {
            at: at.clone(),
            text,
        }));
        last = Some(game.boxed_clone());
        true
    });
    let outcome = match (walked, last) {
        (Err(e), _) => format!("the saved answers stop playing: {e}"),
        (Ok(()), Some(game)) => match game.outcome() {
            Some(o) => o.reason,
            None => format!("not over at turn {}", game.turn()),
        },
        (Ok(()), None) => "nothing was played".to_string(),
    };
    Ok((events, outcome))
}

/// Where `other` first tells a different story from `first`: an event
/// that differs once the rulings cited are set aside (each names its own
/// reading), or one play going on where the other stopped, or, with the
/// same events, a different outcome.
fn parting(first: &Side, other: &Side) -> Option<Parting> {
    let plain = |t: &Told| strip_citations(&t.text);
    let longest = first.events.len().max(other.events.len());
    for i in 0..longest {
        let (a, b) = (first.events.get(i), other.events.get(i));
        if a.map(plain) != b.map(plain) {
            let at = a.or(b).map(|t| t.at.clone()).unwrap_or_default();
            return Some(Parting {
                event: i + 1,
                at,
                first: a.map(|t| t.text.clone()),
                other: b.map(|t| t.text.clone()),
            });
        }
    }
    (first.outcome != other.outcome).then(|| Parting {
        event: longest + 1,
        at: "the end".to_string(),
        first: Some(first.outcome.clone()),
        other: Some(other.outcome.clone()),
    })
}

/// An event's text without the rulings it cites.
fn strip_citations(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(" [ruling ") {
        out.push_str(&rest[..at]);
        match rest[at..].find(']') {
            Some(end) => rest = &rest[at + end + 1..],
            None => {
                rest = &rest[at..];
                break;
            }
        }
    }
    out.push_str(rest);
    out
}

impl Disputed {
    /// The report, reading by reading, and the verdict; everything a file
    /// or a script chose is escaped for the terminal.
    pub fn text(&self) -> String {
        use crate::escape::terminal;
        let mut out = format!(
            "dispute {} ({}), played {}\n",
            terminal(&self.file),
            self.game.title,
            pins_said(&self.asked.pins)
        );
        for t in &self.touched {
            let d = t.dispute;
            out.push_str(&format!("\n{} ({}): {}\n", d.id, d.lines, d.question));
            for (i, side) in t.sides.iter().enumerate() {
                let default = if i == 0 { " (the default)" } else { "" };
                out.push_str(&format!(
                    "  {}{default}: {}\n",
                    side.reading,
                    terminal(&side.outcome)
                ));
            }
            for (side, parting) in t.sides[1..].iter().zip(&t.partings) {
                match parting {
                    None => out.push_str(&format!(
                        "  {} and {} tell the same story\n",
                        t.sides[0].reading, side.reading
                    )),
                    Some(p) => {
                        out.push_str(&format!(
                            "  {} and {} part at event {} ({}):\n",
                            t.sides[0].reading,
                            side.reading,
                            p.event,
                            terminal(&p.at)
                        ));
                        for (name, told) in
                            [(&t.sides[0].reading, &p.first), (&side.reading, &p.other)]
                        {
                            let told = told.as_deref().map_or("(nothing more)".into(), terminal);
                            out.push_str(&format!("    {name}: {told}\n"));
                        }
                    }
                }
            }
        }
        out.push_str(&format!("\nverdict: {}\n", self.verdict()));
        out
    }

    /// The verdict in a sentence: no dispute touched, the readings agree,
    /// or where they first part and over which dispute.
    pub fn verdict(&self) -> String {
        if self.touched.is_empty() {
            return "no disputed rule decided anything here: every reading plays it alike"
                .to_string();
        }
        let parted = self
            .touched
            .iter()
            .filter_map(|t| t.first_parting().map(|p| (p, t.dispute.id)))
            .min_by_key(|(p, _)| p.event);
        match parted {
            None => {
                let ids: Vec<&str> = self.touched.iter().map(|t| t.dispute.id).collect();
                format!(
                    "the readings agree ({} decided, to the same end)",
                    ids.join(", ")
                )
            }
            Some((p, id)) => format!(
                "the readings part at event {} ({}), where {id} decides",
                p.event,
                crate::escape::terminal(&p.at)
            ),
        }
    }

    /// Every play side by side for the page: the play as asked, then each
    /// touched dispute's other readings, each as its steps and pictures.
    pub fn columns(&self, games: &Games, path: &Path) -> Result<Vec<Column>, DisputeError> {
        let mut columns = vec![Column {
            label: format!("as asked ({})", pins_said(&self.asked.pins)),
            replayed: self.replayed(games, path, &self.asked.pins)?,
        }];
        for t in &self.touched {
            for side in &t.sides {
                if self.asked_reads(t.dispute) == side.reading {
                    continue;
                }
                columns.push(Column {
                    label: format!("{} = {}", t.dispute.id, side.reading),
                    replayed: self.replayed(games, path, &side.pins)?,
                });
            }
        }
        Ok(columns)
    }

    /// The reading the play as asked followed for `dispute`.
    fn asked_reads(&self, dispute: &Dispute) -> &str {
        self.asked
            .events
            .iter()
            .flat_map(|e| cited_rulings(&e.text))
            .find(|(id, _)| *id == dispute.id)
            .map_or(dispute.default_reading().name, |(_, r)| r)
    }

    /// The steps and pictures of the file under `pins`.
    fn replayed(
        &self,
        games: &Games,
        path: &Path,
        pins: &[String],
    ) -> Result<Replayed, DisputeError> {
        if path.extension().is_some_and(|e| e == "json") {
            let record = Record::load(games, path)
                .and_then(|r| r.pinned(games, pins, &self.file))
                .map_err(|e| DisputeError(e.to_string()))?;
            return Ok(viewer::replay_as_far(games, &record, &self.file, None));
        }
        let before =
            crate::render::position(games, path, pins).map_err(|e| DisputeError(e.to_string()))?;
        let after = crate::render::after_position(games, path, pins)
            .map_err(|e| DisputeError(e.to_string()))?;
        let (events, _) = play_scenario(self.game, path, pins)?;
        let told: Vec<String> = events.into_iter().map(|t| t.text).collect();
        Ok(viewer::stills(
            self.game.title,
            &[
                ("the scenario's position", Vec::new(), before.as_ref()),
                ("after the scenario's turn", told, after.as_ref()),
            ],
        ))
    }
}

/// One play of the page: its label, and its steps and pictures.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Column {
    /// What it was played under.
    pub label: String,
    /// Its steps and pictures.
    pub replayed: Replayed,
}

/// `under its own rulings` (those the file names, the defaults for the
/// rest), or `under --ruling a=b --ruling c=d` over them.
fn pins_said(pins: &[String]) -> String {
    if pins.is_empty() {
        "under its own rulings".to_string()
    } else {
        let given: Vec<String> = pins.iter().map(|p| format!("--ruling {p}")).collect();
        format!("under {}", crate::escape::terminal(&given.join(" ")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn side(reading: &str, events: &[&str], outcome: &str) -> Side {
        Side {
            reading: reading.into(),
            pins: vec![],
            events: events
                .iter()
                .map(|e| Told {
                    at: "turn 1".into(),
                    text: (*e).into(),
                })
                .collect(),
            outcome: outcome.into(),
        }
    }

    #[test]
    fn readings_part_at_the_first_event_that_differs_citations_aside() {
        let a = side("a", &["x moves [ruling g.d: a]", "y moves"], "red won");
        let same = side("b", &["x moves [ruling g.d: b]", "y moves"], "red won");
        assert_eq!(parting(&a, &same), None);
        let other = side("b", &["x moves [ruling g.d: b]", "y stays"], "red won");
        let p = parting(&a, &other).expect("they part");
        assert_eq!(p.event, 2);
        assert_eq!(p.first.as_deref(), Some("y moves"));
        assert_eq!(p.other.as_deref(), Some("y stays"));
        let shorter = side("b", &["x moves"], "red won");
        assert_eq!(parting(&a, &shorter).map(|p| p.event), Some(2));
        let ends = side("b", &["x moves", "y moves"], "blue won");
        let p = parting(&a, &ends).expect("the outcome differs");
        assert_eq!((p.event, p.at.as_str()), (3, "the end"));
        assert_eq!(
            strip_citations("a [ruling g.d: a] b [ruling"),
            "a b [ruling"
        );
    }
}
