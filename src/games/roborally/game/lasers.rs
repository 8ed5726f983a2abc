//! Lasers (ruling 6, seed lines 133–139, 441–445): board lasers and robot
//! lasers fire together, worked out from one position. A board beam starts
//! on its emitter's square and hits the first robot on its way (virtual or
//! not), stopped by walls. A robot fires forward at the first real robot
//! in line, not through walls or robots; virtual robots neither fire nor
//! are hit by robot lasers (ruling 11); powered-down robots do not fire
//! (ruling 12). All hits are dealt after they are all known.
//!
//! Walls and the board's edge never change in a game, so how far a beam
//! gets from each square in each direction is worked out once ([`Reach`]);
//! a shot is then the nearest robot in line, checked against that reach,
//! with no walk square by square.

use crate::grid::square::{Compass, Square};

use super::super::board::Board;
use super::narrate::{Event, Shooter};
use super::{Game, Pending};

/// How many squares a beam advances from each square of a board, in each
/// of the four directions, before a wall or the board's edge stops it.
#[derive(Debug)]
pub(super) struct Reach {
    width: i32,
    height: i32,
    /// Four entries per square (N, E, S, W), row by row.
    squares: Vec<u32>,
}

/// The four directions a beam goes, in the order [`Reach`] keeps them.
const SIDES: [Compass; 4] = [Compass::N, Compass::E, Compass::S, Compass::W];

/// The squares a beam advances from `sq` toward `dir`: it leaves a square
/// unless a wall stands on that side, and stops on leaving the board.
fn walk(board: &Board, sq: Square, dir: Compass) -> u32 {
    let mut sq = sq;
    let mut squares = 0;
    while !board.is_walled(sq, dir) {
        sq = sq.step(dir);
        if board.is_off(sq) {
            break;
        }
        squares += 1;
    }
    squares
}

impl Reach {
    /// The reach of every square of `board`.
    pub(super) fn of(board: &Board) -> Reach {
        let (width, height) = board.size();
        let mut squares = Vec::with_capacity((width.max(0) * height.max(0) * 4) as usize);
        for y in 0..height {
            for x in 0..width {
                for dir in SIDES {
                    squares.push(walk(board, Square::new(x, y), dir));
                }
            }
        }
        Reach {
            width,
            height,
            squares,
        }
    }

    /// The squares a beam advances from `sq` toward `dir`.
    fn get(&self, board: &Board, sq: Square, dir: Compass) -> u32 {
        let side = match dir {
            Compass::N => 0,
            Compass::E => 1,
            Compass::S => 2,
            Compass::W => 3,
            _ => return walk(board, sq, dir),
        };
        let inside = sq.x >= 0 && sq.y >= 0 && sq.x < self.width && sq.y < self.height;
        if !inside {
            return walk(board, sq, dir);
        }
        self.squares[((sq.y * self.width + sq.x) * 4) as usize + side]
    }
}

/// How far ahead of `from` toward `dir` the square `to` lies, when it lies
/// on that line (0: `from` itself); `None` when it is off the line or
/// behind.
fn ahead(from: Square, dir: Compass, to: Square) -> Option<i32> {
    let (dx, dy) = dir.delta();
    let (ox, oy) = (to.x - from.x, to.y - from.y);
    let d = if dx != 0 { ox * dx } else { oy * dy };
    (d >= 0 && ox == d * dx && oy == d * dy).then_some(d)
}

impl Game {
    /// The lasers' step.
    pub(super) fn lasers(&mut self) {
        let mut hits = std::mem::take(&mut self.scratch.hits);
        hits.clear();
        for laser in self.board.lasers() {
            if self.board.is_off(laser.at) {
                continue;
            }
            // The first robots on the beam (virtual robots share a square).
            let nearest = self
                .robots
                .iter()
                .filter_map(|r| r.at.and_then(|to| ahead(laser.at, laser.to, to)))
                .min();
            let Some(d) = nearest else { continue };
            if d > self.reach.get(&self.board, laser.at, laser.to) as i32 {
                continue;
            }
            for (j, r) in self.robots.iter().enumerate() {
                if r.at.and_then(|to| ahead(laser.at, laser.to, to)) == Some(d) {
                    hits.push((j, Shooter::Board(laser.at), laser.beams));
                }
            }
        }
        for (i, r) in self.robots.iter().enumerate() {
            let Some(from) = r.at else { continue };
            if r.virtual_robot || r.powered_down {
                continue;
            }
            // The nearest real robot in line ahead, if the walls and the
            // board's edge let the beam get that far.
            let mut nearest: Option<(i32, usize)> = None;
            for (j, o) in self.robots.iter().enumerate() {
                let Some(to) = o.at else { continue };
                if j == i || o.virtual_robot {
                    continue;
                }
                match ahead(from, r.facing, to) {
                    Some(d) if d > 0 && nearest.is_none_or(|(n, _)| d < n) => {
                        nearest = Some((d, j));
                    }
                    _ => {}
                }
            }
            let Some((d, j)) = nearest else { continue };
            if d <= self.reach.get(&self.board, from, r.facing) as i32 {
                hits.push((j, Shooter::Robot(i), 1));
            }
        }
        for &(j, by, n) in &hits {
            self.events.push(Event::Shot(j, by, n));
            self.pending.push(Pending::Damage {
                robot: j,
                amount: n,
            });
        }
        self.scratch.hits = hits;
    }
}
