//! The things that stand on the board or in a player's hands: players and
//! their colours, robots, crystals, bases, and what occupies a hex.

use crate::games::twin_tin_bots::terrain::{Props, Thing};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A seat at the table, `0` for the first player, in clockwise (turn) order.
pub type PlayerId = usize;

/// A robot, indexed `2 * player + n` for the player's robot `n` (0 or 1).
pub type RobotId = usize;

/// The player colours, in the fixed seating order of DESIGN.md.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// `red`
    Red,
    /// `blue`
    Blue,
    /// `yellow`
    Yellow,
    /// `green`
    Green,
    /// `white`
    White,
    /// `black`
    Black,
}

impl Colour {
    /// All colours, in the order they are seated by default.
    pub const ALL: [Colour; 6] = [
        Colour::Red,
        Colour::Blue,
        Colour::Yellow,
        Colour::Green,
        Colour::White,
        Colour::Black,
    ];

    /// The colour's name in files and commands.
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Blue => "blue",
            Colour::Yellow => "yellow",
            Colour::Green => "green",
            Colour::White => "white",
            Colour::Black => "black",
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Error parsing a colour name.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("`{}` is not a colour: expected red, blue, yellow, green, white or black", crate::script::text::shown(.0))]
pub struct ColourParseError(pub String);

impl FromStr for Colour {
    type Err = ColourParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Colour::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ColourParseError(s.to_string()))
    }
}

/// The seat of a colour at a table, or an error naming the colours playing.
pub fn seat_of(colours: &[Colour], colour: Colour) -> Result<PlayerId, String> {
    colours.iter().position(|&c| c == colour).ok_or_else(|| {
        let playing: Vec<&str> = colours.iter().map(|c| c.name()).collect();
        format!("{colour} is not playing (players: {})", playing.join(", "))
    })
}

/// A crystal, named by its value: 2 (blue), 3 (green) or 4 (pink).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Crystal(u8);

impl Crystal {
    /// The blue 2-point crystal.
    pub const BLUE: Crystal = Crystal(2);
    /// The green 3-point crystal.
    pub const GREEN: Crystal = Crystal(3);
    /// The pink 4-point crystal.
    pub const PINK: Crystal = Crystal(4);
    /// The three kinds, by value.
    pub const ALL: [Crystal; 3] = [Crystal::BLUE, Crystal::GREEN, Crystal::PINK];
    /// How many of each kind the box holds.
    pub const IN_BOX_EACH: u32 = 6;

    /// The crystal of a value, if it is 2, 3 or 4.
    pub fn from_value(v: u8) -> Option<Crystal> {
        (2..=4).contains(&v).then_some(Crystal(v))
    }

    /// Points it is worth in a base.
    pub const fn value(self) -> u8 {
        self.0
    }

    /// 0 for blue, 1 for green, 2 for pink: an index into per-kind counts.
    pub const fn kind_index(self) -> usize {
        (self.0 - 2) as usize
    }

    /// The crystal's colour name.
    pub const fn colour_name(self) -> &'static str {
        match self.0 {
            2 => "blue",
            3 => "green",
            _ => "pink",
        }
    }
}

impl TryFrom<u8> for Crystal {
    type Error = String;
    fn try_from(v: u8) -> Result<Self, Self::Error> {
        Crystal::from_value(v).ok_or_else(|| format!("crystal value {v} is not 2, 3 or 4"))
    }
}

impl From<Crystal> for u8 {
    fn from(c: Crystal) -> u8 {
        c.0
    }
}

impl fmt::Display for Crystal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} crystal ({})", self.colour_name(), self.0)
    }
}

/// Per-kind crystal counts (blue, green, pink).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CrystalCounts(pub [u32; 3]);

impl CrystalCounts {
    /// Adds one crystal.
    pub fn add(&mut self, c: Crystal) {
        self.0[c.kind_index()] += 1;
    }
    /// How many of a kind.
    pub fn of(&self, c: Crystal) -> u32 {
        self.0[c.kind_index()]
    }
    /// Total number of crystals.
    pub fn count(&self) -> u32 {
        self.0.iter().sum()
    }
    /// Total value in points.
    pub fn points(&self) -> u32 {
        Crystal::ALL
            .iter()
            .map(|c| self.of(*c) * c.value() as u32)
            .sum()
    }
    /// The crystals, lowest value first.
    pub fn iter(&self) -> impl Iterator<Item = Crystal> + '_ {
        Crystal::ALL
            .into_iter()
            .flat_map(move |c| std::iter::repeat_n(c, self.of(c) as usize))
    }
}

/// What stands on a hex (a carried crystal is on its robot, not here).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Piece {
    /// A robot.
    Robot(RobotId),
    /// A loose crystal on the ground.
    Crystal(Crystal),
    /// A player's base.
    Base(PlayerId),
    /// Terrain that occupies its hex (a rock, a blob), from a variant.
    Thing(Thing),
}

impl Piece {
    /// Whether a moving robot may push this piece.
    #[inline]
    pub fn pushable(self) -> bool {
        match self {
            Piece::Robot(_) | Piece::Crystal(_) => true,
            Piece::Base(_) => false,
            Piece::Thing(t) => t.props.contains(Props::PUSHABLE),
        }
    }
    /// Whether this piece stops a zap (crystals and bases block it, robots
    /// are hit by it, terrain as its kind says).
    #[inline]
    pub fn blocks_zap(self) -> bool {
        match self {
            Piece::Robot(_) => false,
            Piece::Crystal(_) | Piece::Base(_) => true,
            Piece::Thing(t) => t.props.contains(Props::BLOCKS_ZAP),
        }
    }
}

/// The robot id of a player's robot `n` (0 or 1).
pub const fn robot_of(player: PlayerId, n: usize) -> RobotId {
    2 * player + n
}

/// The player who owns a robot.
pub const fn owner_of(robot: RobotId) -> PlayerId {
    robot / 2
}
