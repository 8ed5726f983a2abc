//! Line Race's rules, one per function: the track, the order tiles, a
//! program change and the run of the programs, with the events they make
//! and why.
//!
//! The rules, in full (this file is their only statement):
//! 1. The track is squares 0 to 9; every robot starts on 0.
//! 2. Each seat programs its robot with three order tiles, in slots 1 to
//!    3; a program starts as `forward forward forward`.
//! 3. In a turn each seat, in seat order, makes one change: `keep`, or
//!    `slot S TILE` to put another tile in slot S.
//! 4. Then the programs run, slot by slot; in a slot, the robots act in
//!    seat order: `forward` moves 1 square on, `jump` 2 (over the square
//!    between), `back` 1 square back (never behind 0).
//! 5. A robot that stops on the pit (square 5 unless the game's `pit`
//!    option says otherwise) falls back to square 0.
//! 6. A robot that reaches square 9 finishes there; the game ends after
//!    the slot in which a robot finished, and the robots that finished in
//!    it win.
//!
//! Rule 4 admits two readings where a jump passes over the pit
//! ([`JUMP_PIT`]): "over the square between" may mean the robot never
//! touches it, or that it does and falls in.

use std::fmt;

use tinbots::engine::{Dispute, Reading, Rulings};

/// `line-race.jump-pit`: a jump passes over the pit (rule 4 and 5).
pub const JUMP_PIT: Dispute = Dispute {
    id: "line-race.jump-pit",
    question: "a jump passes over the pit",
    lines: "rules 4, 5",
    readings: &[
        Reading {
            name: "over",
            says: "a jump goes over the square between: the robot never touches the pit",
        },
        Reading {
            name: "into",
            says: "the robot passes the pit's square, and falls in",
        },
    ],
};

/// Every rule of Line Race whose text admits several readings.
pub const DISPUTES: &[Dispute] = &[JUMP_PIT];

/// The last square of the track (rule 1).
pub const FINISH: u8 = 9;
/// Where the pit is unless the `pit` option moves it (rule 5).
pub const DEFAULT_PIT: u8 = 5;
/// The slots of a program (rule 2).
pub const SLOTS: usize = 3;
/// The seats' colours.
pub const COLOURS: [&str; 4] = ["red", "blue", "green", "yellow"];

/// An order tile (rule 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tile {
    /// One square on.
    Forward,
    /// Two squares on, over the one between.
    Jump,
    /// One square back.
    Back,
}

impl Tile {
    /// Every tile, in the order answers list them.
    pub const ALL: [Tile; 3] = [Tile::Forward, Tile::Jump, Tile::Back];

    /// The tile named `word`.
    pub fn parse(word: &str) -> Option<Tile> {
        Tile::ALL.into_iter().find(|t| t.to_string() == word)
    }

    /// Where a robot on `from` ends when it plays this tile, before the
    /// pit (rule 4): never behind 0, never past the finish.
    pub fn destination(self, from: u8) -> u8 {
        match self {
            Tile::Forward => from.saturating_add(1).min(FINISH),
            Tile::Jump => from.saturating_add(2).min(FINISH),
            Tile::Back => from.saturating_sub(1),
        }
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Tile::Forward => "forward",
            Tile::Jump => "jump",
            Tile::Back => "back",
        })
    }
}

/// Something that happened, with its reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A seat changed a slot of its program (rule 3).
    Changed {
        seat: usize,
        slot: usize,
        tile: Tile,
    },
    /// A seat kept its program (rule 3).
    Kept { seat: usize },
    /// A robot played its tile (rule 4).
    Moved {
        seat: usize,
        slot: usize,
        tile: Tile,
        from: u8,
        to: u8,
    },
    /// A robot stopped on the pit and fell back to 0 (rule 5).
    Fell { seat: usize, pit: u8 },
    /// A robot's jump passed over the pit: under the reading `ruling`
    /// cites, it went on, or fell in and back to 0.
    JumpedPit {
        seat: usize,
        pit: u8,
        fell: bool,
        ruling: String,
    },
    /// A robot reached the finish (rule 6).
    Finished { seat: usize },
}

impl Event {
    /// The event in words, with the rule that made it.
    pub fn narrate(&self) -> String {
        match *self {
            Event::Changed { seat, slot, tile } => {
                format!("{} puts {tile} in slot {slot} (rule 3)", COLOURS[seat])
            }
            Event::Kept { seat } => format!("{} keeps its program (rule 3)", COLOURS[seat]),
            Event::Moved {
                seat,
                slot,
                tile,
                from,
                to,
            } => format!(
                "{}'s robot moves from {from} to {to}: slot {slot} holds {tile} (rule 4)",
                COLOURS[seat]
            ),
            Event::Fell { seat, pit } => format!(
                "{}'s robot stops on the pit at {pit} and falls back to 0 (rule 5)",
                COLOURS[seat]
            ),
            Event::JumpedPit {
                seat,
                pit,
                fell,
                ref ruling,
            } => {
                let what = if fell {
                    "falls in and back to 0"
                } else {
                    "goes on"
                };
                format!(
                    "{}'s robot jumps over the pit at {pit} and {what} (rule 4) {ruling}",
                    COLOURS[seat]
                )
            }
            Event::Finished { seat } => {
                format!("{}'s robot reaches the finish (rule 6)", COLOURS[seat])
            }
        }
    }
}

/// The robots' squares and programs, and the pit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Track {
    /// Each seat's robot's square.
    pub at: Vec<u8>,
    /// Each seat's program.
    pub programs: Vec<[Tile; SLOTS]>,
    /// The pit's square.
    pub pit: u8,
}

impl Track {
    /// The start for `players` seats (rules 1 and 2).
    pub fn new(players: usize, pit: u8) -> Track {
        Track {
            at: vec![0; players],
            programs: vec![[Tile::Forward; SLOTS]; players],
            pit,
        }
    }

    /// Runs slot `slot` (from 1) of every program, in seat order (rules 4
    /// to 6): the events, and the seats that finished in it.
    pub fn run_slot(&mut self, slot: usize, rulings: &Rulings) -> (Vec<Event>, Vec<usize>) {
        let mut events = Vec::new();
        let mut finished = Vec::new();
        for seat in 0..self.at.len() {
            let tile = self.programs[seat][slot - 1];
            let from = self.at[seat];
            let to = tile.destination(from);
            self.at[seat] = to;
            events.push(Event::Moved {
                seat,
                slot,
                tile,
                from,
                to,
            });
            if tile == Tile::Jump && from + 1 == self.pit && to != self.pit {
                let fell = rulings.follows(&JUMP_PIT, "into");
                events.push(Event::JumpedPit {
                    seat,
                    pit: self.pit,
                    fell,
                    ruling: rulings.cite(&JUMP_PIT),
                });
                if fell {
                    self.at[seat] = 0;
                    continue;
                }
            }
            if to == self.pit {
                self.at[seat] = 0;
                events.push(Event::Fell {
                    seat,
                    pit: self.pit,
                });
            } else if to == FINISH {
                events.push(Event::Finished { seat });
                finished.push(seat);
            }
        }
        (events, finished)
    }
}
