//! Geometry, one interface for every board: cells, the directions a piece
//! can face or move in, stepping, turning, opposites, distances and lines.
//!
//! - [`hex`]: pointy-top hexes in axial coordinates, six directions (Twin
//!   Tin Bots).
//! - [`square`]: squares `[x, y]`, four directions (RoboRally) or eight,
//!   with diagonals (Droids).
//!
//! Code that works for any board is written over [`Grid`]; nothing outside
//! this module hard-codes how many directions there are (DESIGN principle
//! 6). Each grid's own types stay usable directly where a game knows its
//! board, at no cost: [`Grid`]'s methods are small and inline to the same
//! arithmetic.

pub mod hex;
pub mod square;

use std::fmt::Debug;
use std::hash::Hash;

/// A board's geometry. Directions are listed clockwise, and turning by
/// `n` sides goes `n` places clockwise in that list (negative:
/// counter-clockwise).
pub trait Grid {
    /// A cell of the board: a hex, a square.
    type Cell: Copy + Eq + Hash + Debug;
    /// A direction a piece can face or move in.
    type Direction: Copy + Eq + Hash + Debug + 'static;

    /// Every direction of this grid, clockwise from the first.
    fn directions(&self) -> &'static [Self::Direction];

    /// The cell next to `cell` in `dir`.
    fn step(&self, cell: Self::Cell, dir: Self::Direction) -> Self::Cell;

    /// `dir` turned `sides` of this grid's directions clockwise (negative:
    /// counter-clockwise).
    fn turn(&self, dir: Self::Direction, sides: i32) -> Self::Direction {
        let all = self.directions();
        let at = all.iter().position(|&d| d == dir).unwrap_or(0) as i32;
        all[(at + sides).rem_euclid(all.len() as i32) as usize]
    }

    /// The direction pointing the other way.
    fn opposite(&self, dir: Self::Direction) -> Self::Direction {
        self.turn(dir, self.directions().len() as i32 / 2)
    }

    /// The fewest steps from `a` to `b` on an open board.
    fn distance(&self, a: Self::Cell, b: Self::Cell) -> u32;

    /// The `len` cells from `from` (exclusive) going straight in `dir`.
    fn line(&self, from: Self::Cell, dir: Self::Direction, len: u32) -> Vec<Self::Cell> {
        let mut cells = Vec::with_capacity(len as usize);
        let mut at = from;
        for _ in 0..len {
            at = self.step(at, dir);
            cells.push(at);
        }
        cells
    }

    /// The direction from `a` to `b` when `b` is next to `a`.
    fn direction_to(&self, a: Self::Cell, b: Self::Cell) -> Option<Self::Direction> {
        self.directions()
            .iter()
            .copied()
            .find(|&d| self.step(a, d) == b)
    }
}

/// The hex grid of Twin Tin Bots: six directions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HexGrid;

impl Grid for HexGrid {
    type Cell = hex::Hex;
    type Direction = hex::Direction;

    fn directions(&self) -> &'static [hex::Direction] {
        &hex::Direction::ALL
    }

    fn step(&self, cell: hex::Hex, dir: hex::Direction) -> hex::Hex {
        cell.step(dir)
    }

    fn turn(&self, dir: hex::Direction, sides: i32) -> hex::Direction {
        dir.turned(sides)
    }

    fn distance(&self, a: hex::Hex, b: hex::Hex) -> u32 {
        a.distance(b)
    }
}

#[cfg(test)]
mod tests;
