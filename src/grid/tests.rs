//! The grid laws every board's geometry keeps, checked for the hex grid and
//! both square grids through the one [`Grid`] interface, and the square
//! conventions of the RoboRally page pinned.

use super::hex::{Direction, Hex};
use super::square::{Compass, Square, SquareGrid};
use super::{Grid, HexGrid};
use proptest::prelude::*;

/// Checks, for one cell and one direction index of `grid`, the laws a
/// geometry keeps: a full turn is no turn, right then left is no turn, the
/// opposite of the opposite is the direction, stepping out and back comes
/// home, a step is distance 1, distances are symmetric, a line of `len`
/// ends `len` away and every neighbour has its direction.
fn laws<G: Grid>(grid: &G, cell: G::Cell, other: G::Cell, index: usize, len: u32) {
    let all = grid.directions();
    let dir = all[index % all.len()];
    let n = all.len() as i32;
    assert_eq!(grid.turn(dir, n), dir);
    assert_eq!(grid.turn(grid.turn(dir, 1), -1), dir);
    assert_eq!(grid.turn(dir, -n - 1), grid.turn(dir, -1));
    assert_eq!(grid.opposite(grid.opposite(dir)), dir);
    assert_ne!(grid.opposite(dir), dir);
    assert_eq!(grid.step(grid.step(cell, dir), grid.opposite(dir)), cell);
    assert_eq!(grid.distance(cell, grid.step(cell, dir)), 1);
    assert_eq!(grid.distance(cell, other), grid.distance(other, cell));
    assert_eq!(grid.distance(cell, cell), 0);
    let line = grid.line(cell, dir, len);
    assert_eq!(line.len(), len as usize);
    if let Some(&end) = line.last() {
        assert_eq!(grid.distance(cell, end), len);
    }
    for &d in all {
        assert_eq!(grid.direction_to(cell, grid.step(cell, d)), Some(d));
    }
    assert_eq!(grid.direction_to(cell, cell), None);
}

fn coordinate() -> impl Strategy<Value = i32> {
    -Hex::LIMIT..=Hex::LIMIT
}

proptest! {
    #[test]
    fn the_hex_grid_keeps_the_laws(
        (q, r, q2, r2) in (coordinate(), coordinate(), coordinate(), coordinate()),
        index in 0usize..6,
        len in 0u32..12,
    ) {
        laws(&HexGrid, Hex::new(q, r), Hex::new(q2, r2), index, len);
    }

    #[test]
    fn the_square_grids_keep_the_laws(
        (x, y, x2, y2) in (coordinate(), coordinate(), coordinate(), coordinate()),
        index in 0usize..8,
        len in 0u32..12,
    ) {
        let (a, b) = (Square::new(x, y), Square::new(x2, y2));
        laws(&SquareGrid::FOUR, a, b, index, len);
        laws(&SquareGrid::EIGHT, a, b, index, len);
        // The triangle inequality, and diagonals never make a way longer.
        let c = Square::new(y2, x);
        for grid in [SquareGrid::FOUR, SquareGrid::EIGHT] {
            prop_assert!(grid.distance(a, b) <= grid.distance(a, c) + grid.distance(c, b));
        }
        prop_assert!(SquareGrid::EIGHT.distance(a, b) <= SquareGrid::FOUR.distance(a, b));
    }

    #[test]
    fn squares_read_back_as_written_and_far_ones_are_refused(
        x in -5000i64..5000,
        y in -5000i64..5000,
    ) {
        let text = format!("{x},{y}");
        let inside = x.abs() <= 1000 && y.abs() <= 1000;
        prop_assert_eq!(text.parse::<Square>().is_ok(), inside);
        let json = format!("[{x}, {y}]");
        prop_assert_eq!(serde_json::from_str::<Square>(&json).is_ok(), inside);
        if inside {
            let s: Square = text.parse().unwrap();
            prop_assert_eq!(s.to_string(), text);
            prop_assert_eq!(serde_json::to_string(&s).unwrap(), format!("[{x},{y}]"));
        }
    }
}

/// games/roborally.md: "N [0,-1], E [1,0], S [0,1], W [-1,0]. Turning
/// right (clockwise) goes N → E → S → W → N."
#[test]
fn the_roborally_conventions_hold() {
    let at = Square::new(3, 2);
    assert_eq!(at.step(Compass::N), Square::new(3, 1));
    assert_eq!(at.step(Compass::E), Square::new(4, 2));
    assert_eq!(at.step(Compass::S), Square::new(3, 3));
    assert_eq!(at.step(Compass::W), Square::new(2, 2));
    let grid = SquareGrid::FOUR;
    let mut facing = Compass::N;
    let mut seen = vec![facing];
    for _ in 0..4 {
        facing = grid.turn(facing, 1);
        seen.push(facing);
    }
    assert_eq!(
        seen,
        [Compass::N, Compass::E, Compass::S, Compass::W, Compass::N]
    );
    assert_eq!(grid.opposite(Compass::E), Compass::W);
    assert_eq!(grid.directions().len(), 4);
    assert!(grid.directions().iter().all(|d| !d.is_diagonal()));
}

/// Droids moves diagonally one square (games/droids.md, I: "diagonal 1
/// square in the four diagonal directions"): eight directions, a turn of
/// one side is half a right angle, a diagonal step is distance 1.
#[test]
fn the_eight_direction_grid_has_the_diagonals() {
    let grid = SquareGrid::EIGHT;
    assert_eq!(grid.directions().len(), 8);
    assert_eq!(grid.turn(Compass::N, 1), Compass::NE);
    assert_eq!(grid.turn(Compass::N, -1), Compass::NW);
    assert_eq!(grid.opposite(Compass::NE), Compass::SW);
    let a = Square::new(0, 0);
    assert_eq!(grid.distance(a, Square::new(3, -3)), 3);
    assert_eq!(SquareGrid::FOUR.distance(a, Square::new(3, -3)), 6);
    assert_eq!("sw".parse::<Compass>(), Ok(Compass::SW));
    assert!("up".parse::<Compass>().is_err());
}

/// The hex grid is the Twin Tin Bots geometry: six directions, turning
/// right goes E → SE → SW → W → NW → NE (DESIGN.md).
#[test]
fn the_hex_grid_is_the_twin_tin_bots_geometry() {
    let grid = HexGrid;
    assert_eq!(grid.directions().len(), 6);
    assert_eq!(grid.turn(Direction::E, 1), Direction::SE);
    assert_eq!(grid.opposite(Direction::NE), Direction::SW);
    assert_eq!(grid.distance(Hex::CENTRE, Hex::new(2, -1)), 2);
}

/// Distances are right, not wrapped, for squares made without the check.
#[test]
fn square_distances_never_overflow() {
    let (a, b) = (
        Square::new(i32::MIN, i32::MAX),
        Square::new(i32::MAX, i32::MIN),
    );
    assert_eq!(a.distance_8(b), u32::MAX);
    assert_eq!(a.distance_4(b), u32::MAX);
}
