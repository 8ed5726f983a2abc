//! Square geometry: squares `[x, y]`, the eight compass directions, and
//! the square grids of RoboRally (four directions) and Droids (eight, with
//! diagonals).
//!
//! Conventions (fixed by `games/roborally.md` of the design): `[0, 0]` is
//! the top-left square, `x` grows east (right), `y` grows south (down).
//! Directions and their steps: `N [0,-1]`, `E [1,0]`, `S [0,1]`,
//! `W [-1,0]`, and the diagonals between them (`NE [1,-1]`, ...). Turning
//! right (clockwise) goes N → E → S → W on a four-direction grid, and
//! N → NE → E → ... on an eight-direction one.
//!
//! # Coordinates cannot overflow
//!
//! As for hexes: every square read from a file or typed by a user is made
//! with [`Square::checked`] (serde and [`FromStr`] use it), which refuses a
//! coordinate beyond [`Square::LIMIT`], so that steps and distances stay
//! far inside `i32`; [`Square::distance_4`] and [`Square::distance_8`] work
//! in `i64` and are right for any two squares.

use serde::{Deserialize, Deserializer, Serialize};
use std::fmt;
use std::str::FromStr;

use super::Grid;

/// A square of a board.
///
/// Serialized as `[x, y]`; read from exactly two whole numbers within
/// [`Square::LIMIT`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(into = "[i32; 2]")]
pub struct Square {
    /// Column, growing east.
    pub x: i32,
    /// Row, growing south.
    pub y: i32,
}

/// A square coordinate out of range.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("square [{x}, {y}] is out of range: coordinates are whole numbers from -{limit} to {limit}", limit = Square::LIMIT)]
pub struct SquareRangeError {
    /// The column given.
    pub x: i64,
    /// The row given.
    pub y: i64,
}

impl From<Square> for [i32; 2] {
    fn from(s: Square) -> Self {
        [s.x, s.y]
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        // Exactly two: `[1, 1, 99]` is refused (serde's arrays ignore extras).
        let [x, y] = crate::toml_text::exact_array::<_, i64, 2>(d)?;
        Square::checked(x, y).map_err(serde::de::Error::custom)
    }
}

impl Square {
    /// The largest coordinate, either sign, that [`Square::checked`]
    /// accepts: far larger than any board.
    pub const LIMIT: i32 = 1000;

    /// The square at `[x, y]` (the program's own squares: no check).
    pub const fn new(x: i32, y: i32) -> Square {
        Square { x, y }
    }

    /// The square at `[x, y]` read from outside: refused beyond
    /// [`Square::LIMIT`].
    pub fn checked(x: i64, y: i64) -> Result<Square, SquareRangeError> {
        let limit = i64::from(Square::LIMIT);
        if x.abs() > limit || y.abs() > limit {
            return Err(SquareRangeError { x, y });
        }
        Ok(Square::new(x as i32, y as i32))
    }

    /// The square next to this one in `dir`.
    pub fn step(self, dir: Compass) -> Square {
        // Wrapping, as hexes do: only unchecked squares reach the ends of
        // i32, and they are off every board either way.
        let (dx, dy) = dir.delta();
        Square::new(self.x.wrapping_add(dx), self.y.wrapping_add(dy))
    }

    /// Steps to `other` moving only along rows and columns (Manhattan).
    pub fn distance_4(self, other: Square) -> u32 {
        let (dx, dy) = self.offset(other);
        (dx + dy).min(u32::MAX as i64) as u32
    }

    /// Steps to `other` when diagonal steps count one (Chebyshev).
    pub fn distance_8(self, other: Square) -> u32 {
        let (dx, dy) = self.offset(other);
        dx.max(dy).min(u32::MAX as i64) as u32
    }

    /// The absolute column and row differences, in `i64` (no overflow).
    fn offset(self, other: Square) -> (i64, i64) {
        (
            (i64::from(other.x) - i64::from(self.x)).abs(),
            (i64::from(other.y) - i64::from(self.y)).abs(),
        )
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// Error reading a square written `x,y`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SquareParseError {
    /// Not two whole numbers separated by a comma.
    #[error("`{0}` is not a square: expected two whole numbers, `x,y`")]
    Form(String),
    /// Beyond the limit.
    #[error(transparent)]
    Range(#[from] SquareRangeError),
}

impl FromStr for Square {
    type Err = SquareParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let form = || SquareParseError::Form(s.to_string());
        let (x, y) = s.trim().split_once(',').ok_or_else(form)?;
        let x: i64 = x.trim().parse().map_err(|_| form())?;
        let y: i64 = y.trim().parse().map_err(|_| form())?;
        Ok(Square::checked(x, y)?)
    }
}

/// The eight compass directions, clockwise from north. A four-direction
/// grid uses only [`Compass::N`], [`Compass::E`], [`Compass::S`] and
/// [`Compass::W`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Compass {
    /// North, `[0, -1]`.
    N,
    /// North-east, `[1, -1]`.
    NE,
    /// East, `[1, 0]`.
    E,
    /// South-east, `[1, 1]`.
    SE,
    /// South, `[0, 1]`.
    S,
    /// South-west, `[-1, 1]`.
    SW,
    /// West, `[-1, 0]`.
    W,
    /// North-west, `[-1, -1]`.
    NW,
}

impl Compass {
    /// All eight, clockwise from north.
    pub const ALL: [Compass; 8] = [
        Compass::N,
        Compass::NE,
        Compass::E,
        Compass::SE,
        Compass::S,
        Compass::SW,
        Compass::W,
        Compass::NW,
    ];

    /// The four along rows and columns, clockwise from north.
    pub const ORTHOGONAL: [Compass; 4] = [Compass::N, Compass::E, Compass::S, Compass::W];

    /// The step `(dx, dy)` one square this way.
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Compass::N => (0, -1),
            Compass::NE => (1, -1),
            Compass::E => (1, 0),
            Compass::SE => (1, 1),
            Compass::S => (0, 1),
            Compass::SW => (-1, 1),
            Compass::W => (-1, 0),
            Compass::NW => (-1, -1),
        }
    }

    /// Whether it runs between two orthogonal directions.
    pub const fn is_diagonal(self) -> bool {
        matches!(self, Compass::NE | Compass::SE | Compass::SW | Compass::NW)
    }

    /// Turned `eighths` of a full turn clockwise (negative:
    /// counter-clockwise): 2 is a right angle.
    pub fn turned_eighths(self, eighths: i32) -> Compass {
        Compass::ALL[(self as i32 + eighths).rem_euclid(8) as usize]
    }

    /// The name used in files and the REPL (`"N"`, `"NE"`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            Compass::N => "N",
            Compass::NE => "NE",
            Compass::E => "E",
            Compass::SE => "SE",
            Compass::S => "S",
            Compass::SW => "SW",
            Compass::W => "W",
            Compass::NW => "NW",
        }
    }
}

impl fmt::Display for Compass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Error reading a compass direction.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a direction: expected one of N, NE, E, SE, S, SW, W, NW")]
pub struct CompassParseError(pub String);

impl FromStr for Compass {
    type Err = CompassParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Compass::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| CompassParseError(s.to_string()))
    }
}

/// A grid of squares: four directions (rows and columns) or eight (with
/// the diagonals). A turn by one side is a right angle on the first and
/// half of one on the second; distances count the steps each allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareGrid {
    diagonals: bool,
}

impl SquareGrid {
    /// Rows and columns only (RoboRally).
    pub const FOUR: SquareGrid = SquareGrid { diagonals: false };
    /// With the diagonals (Droids).
    pub const EIGHT: SquareGrid = SquareGrid { diagonals: true };

    /// Whether diagonal directions belong to this grid.
    pub fn has_diagonals(self) -> bool {
        self.diagonals
    }
}

impl Grid for SquareGrid {
    type Cell = Square;
    type Direction = Compass;

    fn directions(&self) -> &'static [Compass] {
        if self.diagonals {
            &Compass::ALL
        } else {
            &Compass::ORTHOGONAL
        }
    }

    fn step(&self, cell: Square, dir: Compass) -> Square {
        cell.step(dir)
    }

    fn turn(&self, dir: Compass, sides: i32) -> Compass {
        let eighths = if self.diagonals { 1 } else { 2 };
        dir.turned_eighths(sides.wrapping_mul(eighths))
    }

    fn distance(&self, a: Square, b: Square) -> u32 {
        if self.diagonals {
            a.distance_8(b)
        } else {
            a.distance_4(b)
        }
    }
}
