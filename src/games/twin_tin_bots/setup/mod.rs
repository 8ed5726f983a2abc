//! Standard setups as data (DESIGN.md principle 5, decisions 1–3).
//!
//! A [`Setup`] says how a game begins, before anything is shuffled: the
//! arena, the score that wins, the order tiles each player gets, the special
//! tiles and how many are dealt, the crystal track as counts, the crystals on
//! the board, and for every seat its colour, base and robots. It is read
//! from TOML: the five standard setups live in `setups/2p.toml` …
//! `setups/6p.toml` at the top of the repository, built into the binary with
//! `include_str!` (so the tool works from any directory), and each file
//! documents the format and every choice in its comments. A user's own file
//! in the same format loads with [`Setup::from_file`].
//!
//! [`Setup::position`] turns a setup and a seed into a [`Position`]: it
//! shuffles the special tiles and then the crystal track with one
//! `ChaCha8Rng` seeded from the seed, deals the specials, and hands every
//! player their tiles. The same setup and seed always give the same position.
//!
//! Errors name the file, and for TOML errors the line, the column and the
//! field (as a path such as `seat[1].robots[0].facing`, seats counted from 0).

use crate::games::twin_tin_bots::game::{Player, Position, Robot, SLOTS};
use crate::games::twin_tin_bots::orders::{Tile, TileSet};
use crate::games::twin_tin_bots::pieces::{robot_of, Colour, Crystal, CrystalCounts};
use crate::grid::hex::{Arena, Direction, Hex};
use crate::toml_text::{field_path, line_column};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The standard setups: player count, file name, text.
const STANDARD: [(usize, &str, &str); 5] = [
    (
        2,
        "setups/2p.toml",
        include_str!("../../../../setups/2p.toml"),
    ),
    (
        3,
        "setups/3p.toml",
        include_str!("../../../../setups/3p.toml"),
    ),
    (
        4,
        "setups/4p.toml",
        include_str!("../../../../setups/4p.toml"),
    ),
    (
        5,
        "setups/5p.toml",
        include_str!("../../../../setups/5p.toml"),
    ),
    (
        6,
        "setups/6p.toml",
        include_str!("../../../../setups/6p.toml"),
    ),
];

/// How a game begins, before the shuffle: the contents of a setup file.
///
/// Deserialized from TOML (unknown keys are refused) and serializable, so
/// that a replay can embed the setup it was played with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// A name for people (optional).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub title: String,
    /// Number of players; there must be exactly one seat for each.
    pub players: usize,
    /// Which arena: `small` or `big`.
    pub arena: ArenaSize,
    /// Points in a base that win at once; `None` plays without a score victory.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score_to_win: Option<u32>,
    /// The special tiles, shuffled into a face-down stack at the start.
    pub special_tiles: Vec<Tile>,
    /// Special tiles dealt to each player from the top of the stack.
    pub specials_dealt: usize,
    /// The crystal track, as counts; shuffled at the start.
    pub track: CrystalMix,
    /// Crystals on the board at the start.
    pub crystals: Vec<StartCrystal>,
    /// The order tiles each player gets: tile → count.
    pub tiles: BTreeMap<Tile, u8>,
    /// The seats, in seating (clockwise turn) order; seat 0 plays first.
    #[serde(rename = "seat")]
    pub seats: Vec<Seat>,
}

/// The arena a setup is played on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ArenaSize {
    /// The hexagon of radius 4 (61 hexes), for 2 to 4 players.
    Small,
    /// The hexagon of radius 5 (91 hexes), for 5 and 6 players.
    Big,
}

impl ArenaSize {
    /// The arena itself.
    pub fn arena(self) -> Arena {
        match self {
            ArenaSize::Small => Arena::small(),
            ArenaSize::Big => Arena::big(),
        }
    }
}

/// Crystals by kind, as in `track = { green = 3, pink = 4 }`; a kind left
/// out counts 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    default,
    expecting = "crystal counts such as { green = 3, pink = 4 }"
)]
pub struct CrystalMix {
    /// Blue crystals (2 points).
    pub blue: u32,
    /// Green crystals (3 points).
    pub green: u32,
    /// Pink crystals (4 points).
    pub pink: u32,
}

impl CrystalMix {
    /// How many of a kind.
    pub fn of(&self, c: Crystal) -> u32 {
        match c {
            Crystal::BLUE => self.blue,
            Crystal::GREEN => self.green,
            _ => self.pink,
        }
    }

    /// The crystals, blue first, then green, then pink (unshuffled).
    pub fn crystals(&self) -> Vec<Crystal> {
        Crystal::ALL
            .into_iter()
            .flat_map(|c| std::iter::repeat_n(c, self.of(c) as usize))
            .collect()
    }
}

/// A crystal on the board at the start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a crystal such as { at = [0, 0], value = 2 }"
)]
pub struct StartCrystal {
    /// Where it lies, `[q, r]`.
    pub at: Hex,
    /// Its value: 2 (blue), 3 (green) or 4 (pink).
    pub value: Crystal,
}

/// A robot at the start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a robot such as { at = [3, 1], facing = \"W\" }"
)]
pub struct StartRobot {
    /// Where it stands, `[q, r]`.
    pub at: Hex,
    /// The hex side it faces: `E`, `SE`, `SW`, `W`, `NW` or `NE`.
    pub facing: Direction,
}

/// One seat at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a [[seat]] table with colour, base and robots"
)]
pub struct Seat {
    /// The player's colour.
    pub colour: Colour,
    /// Where the base stands, `[q, r]`.
    pub base: Hex,
    /// One or two robots: robot 1 (`<colour>.1`) first.
    pub robots: Vec<StartRobot>,
}

/// Why a setup could not be had.
#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    /// No standard setup for this many players.
    #[error("there is no standard setup for {0} players: standard setups are for 2 to 6 players")]
    NoStandard(usize),
    /// The file could not be read.
    #[error("cannot read the setup file: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: crate::files::FileError,
    },
    /// The file is not valid TOML, or not in the setup format.
    #[error("{file}:{line}:{column}: {}{message}", in_field(.field))]
    Syntax {
        /// The file's name.
        file: String,
        /// Line, from 1.
        line: usize,
        /// Column in characters, from 1.
        column: usize,
        /// The field at fault, as a path (`seat[1].robots[0].facing`); may be empty.
        field: String,
        /// What is wrong.
        message: String,
    },
    /// The file reads but does not describe a playable start.
    #[error("{file}: {}{message}", in_field(.field))]
    Invalid {
        /// The file's name.
        file: String,
        /// The field at fault, as a path; may be empty.
        field: String,
        /// What is wrong.
        message: String,
    },
}

fn in_field(field: &str) -> String {
    if field.is_empty() {
        String::new()
    } else {
        format!("in `{field}`: ")
    }
}

impl Setup {
    /// The standard setup for `players` players (2 to 6), built in.
    pub fn standard(players: usize) -> Result<Setup, SetupError> {
        let (_, name, text) = STANDARD
            .iter()
            .find(|(n, _, _)| *n == players)
            .ok_or(SetupError::NoStandard(players))?;
        Setup::from_toml(&format!("{name} (built in)"), text)
    }

    /// The text of the built-in standard setup file for `players` players,
    /// a starting point for a setup of one's own.
    pub fn standard_toml(players: usize) -> Option<&'static str> {
        STANDARD
            .iter()
            .find(|(n, _, _)| *n == players)
            .map(|(_, _, t)| *t)
    }

    /// Reads and checks a setup file.
    pub fn from_file(path: &Path) -> Result<Setup, SetupError> {
        let text =
            crate::files::read_text(path, crate::files::FileKind::Data).map_err(|source| {
                SetupError::Read {
                    path: path.to_path_buf(),
                    source,
                }
            })?;
        Setup::from_toml(&path.display().to_string(), &text)
    }

    /// Parses and checks setup TOML; `name` names the text in errors.
    pub fn from_toml(name: &str, text: &str) -> Result<Setup, SetupError> {
        let setup: Setup = toml::from_str(text).map_err(|e| {
            let at = e.span().map_or(text.len(), |s| s.start);
            let (line, column) = line_column(text, at);
            SetupError::Syntax {
                file: name.to_string(),
                line,
                column,
                field: field_path(text, at),
                message: e.message().trim_end().to_string(),
            }
        })?;
        setup.validate(name)?;
        Ok(setup)
    }

    /// The seats' colours, in seating order.
    pub fn colours(&self) -> Vec<Colour> {
        self.seats.iter().map(|s| s.colour).collect()
    }

    /// Checks that the setup describes a playable start: one seat per
    /// player, distinct colours, one or two robots a seat, every piece on
    /// the arena and on its own hex, no more crystals than the box holds
    /// (board and track together), enough special tiles to deal. Any tile
    /// counts are allowed. `name` names the setup in errors.
    pub fn validate(&self, name: &str) -> Result<(), SetupError> {
        let invalid = |field: String, message: String| SetupError::Invalid {
            file: name.to_string(),
            field,
            message,
        };
        if !(1..=6).contains(&self.players) {
            return Err(invalid(
                "players".into(),
                format!("a game has 1 to 6 players, not {}", self.players),
            ));
        }
        if self.seats.len() != self.players {
            return Err(invalid(
                "seat".into(),
                format!(
                    "players = {} but there are {} [[seat]] tables: give one per player",
                    self.players,
                    self.seats.len()
                ),
            ));
        }
        let arena = self.arena.arena();
        let mut placed: Vec<(Hex, String)> = vec![];
        let mut put = |at: Hex, field: String| -> Result<(), SetupError> {
            if !arena.contains(at) {
                return Err(invalid(
                    field,
                    format!(
                        "{at} is off the {} arena (radius {})",
                        arena.name(),
                        arena.radius()
                    ),
                ));
            }
            if let Some((_, first)) = placed.iter().find(|(h, _)| *h == at) {
                return Err(invalid(
                    field,
                    format!("{at} is already taken by `{first}`: a hex holds one piece"),
                ));
            }
            placed.push((at, field));
            Ok(())
        };
        for (i, seat) in self.seats.iter().enumerate() {
            if let Some(j) = self.seats[..i].iter().position(|s| s.colour == seat.colour) {
                return Err(invalid(
                    format!("seat[{i}].colour"),
                    format!("{} is already seat {j}'s colour", seat.colour),
                ));
            }
            if !(1..=2).contains(&seat.robots.len()) {
                return Err(invalid(
                    format!("seat[{i}].robots"),
                    format!("a player has 1 or 2 robots, not {}", seat.robots.len()),
                ));
            }
            put(seat.base, format!("seat[{i}].base"))?;
            for (k, r) in seat.robots.iter().enumerate() {
                put(r.at, format!("seat[{i}].robots[{k}].at"))?;
            }
        }
        for (k, c) in self.crystals.iter().enumerate() {
            put(c.at, format!("crystals[{k}].at"))?;
        }
        for kind in Crystal::ALL {
            let on_board = self.crystals.iter().filter(|c| c.value == kind).count() as u32;
            let on_track = self.track.of(kind);
            // Saturating: a track count from the file may be as large as
            // u32 allows.
            if on_board.saturating_add(on_track) > Crystal::IN_BOX_EACH {
                return Err(invalid(
                    "crystals, track".into(),
                    format!(
                        "{on_board} {k} crystals on the board and {on_track} on the track make {}, \
                         but the box holds only {} {k} crystals",
                        on_board.saturating_add(on_track),
                        Crystal::IN_BOX_EACH,
                        k = kind.colour_name()
                    ),
                ));
            }
        }
        let needed = self.specials_dealt.saturating_mul(self.players);
        if needed > self.special_tiles.len() {
            return Err(invalid(
                "specials_dealt".into(),
                format!(
                    "dealing {} to each of {} players needs {needed} special tiles, but special_tiles has {}",
                    self.specials_dealt,
                    self.players,
                    self.special_tiles.len()
                ),
            ));
        }
        for (tile, &count) in &self.tiles {
            let dealt = self.special_tiles.iter().filter(|t| *t == tile).count();
            if count as usize + dealt > u8::MAX as usize {
                return Err(invalid(
                    format!("tiles.{tile}"),
                    format!("a hand holds at most {} tiles of a kind", u8::MAX),
                ));
            }
        }
        self.position(0).validate().map_err(|e| {
            invalid(
                String::new(),
                format!("the starting position is not playable: {e}"),
            )
        })
    }

    /// Adds special tiles to the stack that is shuffled at the start (each
    /// kind once, skipping kinds already there): the new tiles of order
    /// files, as `tinbots play --orders` does.
    pub fn add_special_tiles(&mut self, tiles: &[Tile]) {
        for t in tiles {
            if !self.special_tiles.contains(t) {
                self.special_tiles.push(*t);
            }
        }
    }

    /// The starting position for a seed. One `ChaCha8Rng` seeded with `seed`
    /// shuffles the special tiles, then the crystal track. The specials are
    /// dealt from the top, one at a time in seating order, `specials_dealt`
    /// rounds; the rest is the special deck, top first. Every hand is the
    /// setup's tiles plus the dealt specials; robots start with empty
    /// programs, carrying nothing; every player's first turn is to come;
    /// seat 0 is active. Deterministic: the same seed, the same position.
    pub fn position(&self, seed: u64) -> Position {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut deck = self.special_tiles.clone();
        deck.shuffle(&mut rng);
        let mut track = self.track.crystals();
        track.shuffle(&mut rng);

        let tiles: TileSet = self
            .tiles
            .iter()
            .flat_map(|(t, n)| std::iter::repeat_n(*t, *n as usize))
            .collect();
        let mut hands = vec![tiles; self.seats.len()];
        let mut deck = deck.into_iter();
        'deal: for _ in 0..self.specials_dealt {
            for hand in hands.iter_mut() {
                match deck.next() {
                    Some(t) => hand.add(t),
                    None => break 'deal,
                }
            }
        }

        let players = self
            .seats
            .iter()
            .zip(hands)
            .map(|(seat, hand)| Player {
                colour: seat.colour,
                base: Some(seat.base),
                hand,
                double_modification_used: false,
                first_turn: true,
                delivered: CrystalCounts::default(),
            })
            .collect();
        let mut robots = vec![None; 2 * self.seats.len()];
        for (p, seat) in self.seats.iter().enumerate() {
            for (n, r) in seat.robots.iter().take(2).enumerate() {
                let id = robot_of(p, n);
                robots[id] = Some(Robot {
                    id,
                    at: r.at,
                    facing: r.facing,
                    carrying: None,
                    program: [None; SLOTS],
                });
            }
        }
        Position {
            terrain: Vec::new(),
            sides: Default::default(),
            arena: self.arena.arena(),
            players,
            robots,
            crystals: self.crystals.iter().map(|c| (c.at, c.value)).collect(),
            track,
            special_deck: deck.collect(),
            active: 0,
            score_to_win: self.score_to_win,
        }
    }
}

#[cfg(test)]
mod tests;
