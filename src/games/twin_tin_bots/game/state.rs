//! The parts of a game's state: players and robots.

use crate::games::twin_tin_bots::orders::{OrderBook, Passive, Tile, TileSet};
use crate::games::twin_tin_bots::pieces::{Colour, Crystal, CrystalCounts, RobotId};
use crate::grid::hex::{Direction, Hex};
use serde::{Deserialize, Serialize};

/// Program slots per robot.
pub const SLOTS: usize = 3;

/// A robot's program: three slots, left to right.
pub type Program = [Option<Tile>; SLOTS];

/// A robot on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Robot {
    /// Its id (`2 * player + n`).
    pub id: RobotId,
    /// Where it stands.
    pub at: Hex,
    /// The hex side it faces.
    pub facing: Direction,
    /// The crystal it carries.
    pub carrying: Option<Crystal>,
    /// Its program.
    pub program: Program,
}

impl Robot {
    /// The passive effects of the tiles in its program, as `orders` define them.
    #[inline]
    pub fn passives(&self, orders: &OrderBook) -> Passive {
        orders.program_passive(&self.program)
    }

    /// Whether a passive effect is active.
    #[inline]
    pub fn has(&self, p: Passive, orders: &OrderBook) -> bool {
        self.passives(orders).contains(p)
    }
}

/// A seated player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Colour.
    pub colour: Colour,
    /// Where the base stands, if the player has one on the board.
    pub base: Option<Hex>,
    /// Tiles in hand.
    pub hand: TileSet,
    /// Whether the Double Modification tile was played (turned face down).
    pub double_modification_used: bool,
    /// Whether this player's very first turn is still to come.
    pub first_turn: bool,
    /// Crystals delivered to the base.
    pub delivered: CrystalCounts,
}
