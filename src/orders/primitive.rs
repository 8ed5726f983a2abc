//! The primitive actions every order is built from.

use serde::{Deserialize, Serialize};

/// How far a zap reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ZapRange {
    /// The hex in front, and the second one if the first is empty.
    Short,
    /// The first non-empty hex in front, however far.
    Long,
}

/// One action of an order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Primitive {
    /// One step forward with the normal push rules. When a step is blocked,
    /// the order's remaining movement steps are ignored ("moves as far as it
    /// can and the rest is ignored"); its other primitives still run.
    Forward,
    /// One step backward with the normal push rules (Back up); facing is kept.
    Back,
    /// Turn this many hex sides clockwise (negative: counter-clockwise).
    Turn(i32),
    /// Jump this many hexes ahead, over anything, onto an empty hex.
    Jump(i32),
    /// Load the crystal in front (from the ground or another robot).
    Load,
    /// Unload the carried crystal in front.
    Unload,
    /// Zap in front.
    Zap(ZapRange),
}

impl Primitive {
    /// Whether this primitive moves the robot (and so is skipped after a
    /// blocked movement step of the same order).
    pub fn is_movement(self) -> bool {
        matches!(self, Primitive::Forward | Primitive::Back)
    }
}

/// Effects an order has while it sits in a robot's program, as bit flags.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Passive(u8);

impl Passive {
    /// No passive effect.
    pub const NONE: Passive = Passive(0);
    /// Anti-Zap: not affected by opponent zaps.
    pub const ANTI_ZAP: Passive = Passive(1);
    /// Anti theft: the carried crystal cannot be loaded by an opponent.
    pub const ANTI_THEFT: Passive = Passive(2);
    /// Dash: pushes any number of robots and crystals in a row.
    pub const DASH: Passive = Passive(4);

    /// Whether all flags of `other` are set.
    pub const fn contains(self, other: Passive) -> bool {
        self.0 & other.0 == other.0
    }

    /// The union of two sets of flags.
    pub const fn union(self, other: Passive) -> Passive {
        Passive(self.0 | other.0)
    }
}
