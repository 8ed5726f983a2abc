//! A RoboRally position as plain data: the board, every robot's state and
//! program, and the option deck. Scenario files are read into it, the
//! game starts from it, and the REPL's `save` writes it back; the rules
//! live in the game, not here.

use std::sync::Arc;

use crate::grid::square::{Compass, Square};

use super::board::Board;
use super::cards::{Card, REGISTERS};

/// The colours of the seats, in the order players are seated
/// (`roborally.md`: "Robots are named by their player's colour").
pub const COLOURS: [&str; 8] = [
    "red", "blue", "yellow", "green", "white", "black", "orange", "purple",
];

/// The lives a robot starts with (ruling 10).
pub const START_LIVES: u8 = 3;

/// Damage that destroys a robot (ruling 7: "10 damage destroys").
pub const DESTROYING_DAMAGE: u8 = 10;

/// One robot's state and program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RobotState {
    /// Its seat; its name is `COLOURS[seat]`.
    pub seat: usize,
    /// Where it stands, or `None` while destroyed (off the board).
    pub at: Option<Square>,
    /// The way it faces (kept while destroyed; chosen anew on re-entry).
    pub facing: Compass,
    /// Damage tokens, 0 to 9.
    pub damage: u8,
    /// Lives left; 0 and destroyed means out of the race.
    pub lives: u8,
    /// Flags touched so far, in order: the next flag is `flags + 1`.
    pub flags: u8,
    /// Its archive marker: where it comes back.
    pub archive: Square,
    /// A virtual robot (ruling 11).
    pub virtual_robot: bool,
    /// Powered down this turn (ruling 12).
    pub powered_down: bool,
    /// A power down announced for the next turn.
    pub power_down_announced: bool,
    /// The cards in its registers, 1 to 5.
    pub program: [Option<Card>; REGISTERS],
    /// The names of the option cards it holds (`roborally.md`: snake case).
    pub options: Vec<String>,
}

impl RobotState {
    /// A robot on `at`, facing `facing`, with nothing else: no damage, full
    /// lives, no flags, archive where it stands, real, powered up, empty
    /// registers.
    pub fn new(seat: usize, at: Square, facing: Compass) -> RobotState {
        RobotState {
            seat,
            at: Some(at),
            facing,
            damage: 0,
            lives: START_LIVES,
            flags: 0,
            archive: at,
            virtual_robot: false,
            powered_down: false,
            power_down_announced: false,
            program: [None; REGISTERS],
            options: Vec::new(),
        }
    }

    /// The robot's colour.
    pub fn colour(&self) -> &'static str {
        COLOURS[self.seat]
    }

    /// Whether it is off the board (destroyed, waiting or out).
    pub fn destroyed(&self) -> bool {
        self.at.is_none()
    }

    /// Whether it is out of the race for good.
    pub fn out(&self) -> bool {
        self.at.is_none() && self.lives == 0
    }
}

/// Where a position starts in the turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Before the start of a turn: destroyed robots come back, announced
    /// power downs begin, cards are dealt, programs chosen.
    TurnStart,
    /// Programs are in the registers; register phase 1 is next (the start
    /// of the turn has been done). Scenarios with `begin = false` start
    /// here.
    Registers,
}

/// A whole position.
#[derive(Clone, Debug)]
pub struct Position {
    /// The board (or course) it is played on.
    pub board: Arc<Board>,
    /// The robots, one per seat, in seat order.
    pub robots: Vec<RobotState>,
    /// The option deck, top first.
    pub option_deck: Vec<String>,
    /// The turn number, from 1.
    pub turn: u32,
    /// Where in the turn it stands.
    pub stage: Stage,
}
