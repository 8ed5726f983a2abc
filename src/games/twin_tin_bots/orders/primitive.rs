//! The primitive actions every order is built from, and the passive effects
//! an order has while it sits in a program.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The largest distance a primitive may name (a jump, a pull, a zap's
/// range): more than any arena is wide.
pub const MAX_DISTANCE: i32 = 10;

/// How far a zap reaches. Whatever the range, the zap hits the first robot
/// in line, and a crystal or a base in the way stops it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ZapRange {
    /// The hex in front, and the second one if the first is empty.
    Short,
    /// The first non-empty hex in front, however far.
    Long,
    /// The first non-empty hex among this many in front.
    Hexes(i32),
}

impl ZapRange {
    /// How many hexes in front the zap looks at (`u32::MAX`: to the edge).
    pub fn reach(self) -> u32 {
        match self {
            ZapRange::Short => 2,
            ZapRange::Long => u32::MAX,
            ZapRange::Hexes(n) => n.max(0) as u32,
        }
    }
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
    /// One step to the adjacent hex this many hex sides clockwise from the
    /// facing (negative: counter-clockwise; 1 is front-right, -1
    /// front-left), with the normal push rules, pushing in the direction of
    /// the step; facing is kept. A movement step like Forward.
    Side(i32),
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
    /// Crystal magnet: the first piece in line in front, within this many
    /// hexes, if it is a loose crystal, is pulled one hex toward the robot
    /// (the hex it enters is empty: it is the first piece in line). A robot
    /// or a base in line stops the pull; a crystal already in front stays.
    Pull(i32),
}

impl Primitive {
    /// Whether this primitive moves the robot (and so is skipped after a
    /// blocked movement step of the same order).
    pub fn is_movement(self) -> bool {
        matches!(
            self,
            Primitive::Forward | Primitive::Back | Primitive::Side(_)
        )
    }

    /// Checks the primitive's argument: turns and sides of 1 to 5 hex sides
    /// either way, jumps of 1 to [`MAX_DISTANCE`] hexes, pulls and zaps of 1
    /// to [`MAX_DISTANCE`] hexes (pulls from 2: a crystal right in front
    /// cannot come closer).
    pub fn check(self) -> Result<(), String> {
        let sides = |what: &str, n: i32| {
            if (1..=5).contains(&n.abs()) {
                Ok(())
            } else {
                Err(format!(
                    "{what}({n}): the number of hex sides is 1 to 5 (negative: counter-clockwise)"
                ))
            }
        };
        let distance = |what: &str, n: i32, min: i32| {
            if (min..=MAX_DISTANCE).contains(&n) {
                Ok(())
            } else {
                Err(format!(
                    "{what}({n}): the distance is {min} to {MAX_DISTANCE} hexes"
                ))
            }
        };
        match self {
            Primitive::Turn(n) => sides("turn", n),
            Primitive::Side(n) => sides("side", n),
            Primitive::Jump(n) => distance("jump", n, 1),
            Primitive::Pull(n) => distance("pull", n, 2),
            Primitive::Zap(ZapRange::Hexes(n)) => distance("zap", n, 1),
            _ => Ok(()),
        }
    }
}

impl fmt::Display for Primitive {
    /// The primitive as written in an order file: `forward()`, `turn(-1)`,
    /// `zap("short")`, `zap(3)`, `pull(3)`...
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Primitive::Forward => write!(f, "forward()"),
            Primitive::Back => write!(f, "back()"),
            Primitive::Side(n) => write!(f, "side({n})"),
            Primitive::Turn(n) => write!(f, "turn({n})"),
            Primitive::Jump(n) => write!(f, "jump({n})"),
            Primitive::Load => write!(f, "load()"),
            Primitive::Unload => write!(f, "unload()"),
            Primitive::Zap(ZapRange::Short) => write!(f, "zap(\"short\")"),
            Primitive::Zap(ZapRange::Long) => write!(f, "zap(\"long\")"),
            Primitive::Zap(ZapRange::Hexes(n)) => write!(f, "zap({n})"),
            Primitive::Pull(n) => write!(f, "pull({n})"),
        }
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
    /// Dash: every step pushes any number of robots and crystals in a row.
    pub const DASH: Passive = Passive(4);

    /// Each flag and its name in order files.
    pub const NAMED: [(Passive, &'static str); 3] = [
        (Passive::ANTI_ZAP, "anti_zap"),
        (Passive::ANTI_THEFT, "anti_theft"),
        (Passive::DASH, "dash"),
    ];

    /// Whether all flags of `other` are set.
    #[inline]
    pub const fn contains(self, other: Passive) -> bool {
        self.0 & other.0 == other.0
    }

    /// The union of two sets of flags.
    #[inline]
    pub const fn union(self, other: Passive) -> Passive {
        Passive(self.0 | other.0)
    }

    /// The flag of a name (`anti_zap`, `anti_theft`, `dash`).
    pub fn from_name(name: &str) -> Option<Passive> {
        Passive::NAMED
            .iter()
            .find(|(_, n)| *n == name)
            .map(|(p, _)| *p)
    }

    /// The names of the flags set.
    pub fn names(self) -> impl Iterator<Item = &'static str> {
        Passive::NAMED
            .into_iter()
            .filter(move |(p, _)| self.contains(*p))
            .map(|(_, n)| n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passives_have_names() {
        let both = Passive::DASH.union(Passive::ANTI_ZAP);
        assert_eq!(both.names().collect::<Vec<_>>(), ["anti_zap", "dash"]);
        assert_eq!(Passive::from_name("anti_theft"), Some(Passive::ANTI_THEFT));
        assert_eq!(Passive::from_name("shield"), None);
        assert_eq!(Passive::NONE.names().count(), 0);
    }

    #[test]
    fn primitives_print_as_in_order_files() {
        assert_eq!(Primitive::Side(-1).to_string(), "side(-1)");
        assert_eq!(Primitive::Zap(ZapRange::Long).to_string(), "zap(\"long\")");
        assert_eq!(Primitive::Zap(ZapRange::Hexes(3)).to_string(), "zap(3)");
        assert!(Primitive::Side(1).is_movement() && !Primitive::Pull(3).is_movement());
    }
}
