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

/// Where a robot stands, as a beam sees it: its square, and whether it
/// is real (robot lasers hit only real robots). Robots off the board are
/// left out.
#[derive(Clone, Copy, Debug)]
pub(super) struct Target {
    robot: usize,
    x: i32,
    y: i32,
    real: bool,
}

/// The distance of the targets nearest to `(x, y)` on the line toward
/// `(dx, dy)` (a cardinal direction), from `min_ahead` squares on, among
/// the real ones only when `only_real`; `None` when none is in line.
fn nearest(
    targets: &[Target],
    (x, y): (i32, i32),
    (dx, dy): (i32, i32),
    min_ahead: i32,
    only_real: bool,
) -> Option<i32> {
    let mut best = i32::MAX;
    for t in targets {
        let (ox, oy) = (t.x - x, t.y - y);
        // On the line when the offset across it is zero; `d` is how far
        // along it.
        let (d, across) = (ox * dx + oy * dy, ox * dy - oy * dx);
        if across == 0 && d >= min_ahead && (t.real || !only_real) {
            best = best.min(d);
        }
    }
    (best != i32::MAX).then_some(best)
}

impl Game {
    /// The lasers' step.
    pub(super) fn lasers(&mut self) {
        let mut hits = std::mem::take(&mut self.scratch.hits);
        let mut targets = std::mem::take(&mut self.scratch.targets);
        hits.clear();
        targets.clear();
        for (robot, r) in self.robots.iter().enumerate() {
            if let Some(at) = r.at {
                targets.push(Target {
                    robot,
                    x: at.x,
                    y: at.y,
                    real: !r.virtual_robot,
                });
            }
        }
        let on = |(x, y): (i32, i32)| move |t: &&Target| (t.x, t.y) == (x, y);
        for laser in self.board.lasers() {
            if self.board.is_off(laser.at) {
                continue;
            }
            // The first robots on the beam (virtual robots share a square).
            let origin = (laser.at.x, laser.at.y);
            let delta = laser.to.delta();
            let Some(d) = nearest(&targets, origin, delta, 0, false) else {
                continue;
            };
            if d > self.reach.get(&self.board, laser.at, laser.to) as i32 {
                continue;
            }
            let at = (origin.0 + d * delta.0, origin.1 + d * delta.1);
            for t in targets.iter().filter(on(at)) {
                hits.push((t.robot, Shooter::Board(laser.at), laser.beams));
            }
        }
        for shooter in &targets {
            let r = &self.robots[shooter.robot];
            if !shooter.real || r.powered_down {
                continue;
            }
            // The nearest real robot in line ahead, if the walls and the
            // board's edge let the beam get that far.
            let origin = (shooter.x, shooter.y);
            let delta = r.facing.delta();
            let Some(d) = nearest(&targets, origin, delta, 1, true) else {
                continue;
            };
            let from = Square::new(shooter.x, shooter.y);
            if d <= self.reach.get(&self.board, from, r.facing) as i32 {
                let at = (origin.0 + d * delta.0, origin.1 + d * delta.1);
                // Real robots never share a square.
                if let Some(t) = targets.iter().filter(on(at)).find(|t| t.real) {
                    hits.push((t.robot, Shooter::Robot(shooter.robot), 1));
                }
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
        self.scratch.targets = targets;
    }
}
