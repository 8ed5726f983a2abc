//! Lasers (ruling 6, seed lines 133–139, 441–445): board lasers and robot
//! lasers fire together, worked out from one position. A board beam starts
//! on its emitter's square and hits the first robot on its way (virtual or
//! not), stopped by walls. A robot fires forward at the first real robot
//! in line, not through walls or robots; virtual robots neither fire nor
//! are hit by robot lasers (ruling 11); powered-down robots do not fire
//! (ruling 12). All hits are dealt after they are all known. A board
//! beam reaching a square several robots share is the dispute
//! [`VIRTUAL_STACK_LASER`]: each is hit (`all`), or the lowest seat only
//! (`first`).
//!
//! Walls and the board's edge never change in a game, so how far a beam
//! gets from each square in each direction is worked out once ([`Reach`]);
//! a shot is then the nearest robot in line, checked against that reach,
//! with no walk square by square.

use crate::grid::square::{Compass, Square};

use super::narrate::{Event, Shooter};
use super::option_lua::HookKind;
use super::{Game, Pending};
use crate::games::roborally::board::Board;
use crate::games::roborally::cards::MAX_ROBOTS;
use crate::games::roborally::rulings::VIRTUAL_STACK_LASER;

/// How many squares a beam advances from each square of a board, in each
/// of the four directions, before a wall or the board's edge stops it.
#[derive(Debug)]
pub(super) struct Reach {
    width: i32,
    height: i32,
    /// Four entries per square (N, E, S, W), row by row.
    squares: Vec<u32>,
    /// The reach of each board laser's beam from its emitter, in the
    /// order of [`Board::lasers`].
    beams: Vec<i32>,
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
        let mut reach = Reach {
            width,
            height,
            squares,
            beams: Vec::new(),
        };
        reach.beams = board
            .lasers()
            .iter()
            .map(|l| reach.get(board, l.at, l.to) as i32)
            .collect();
        reach
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

/// Where a robot stands, as a beam sees it: its square, whether it is
/// real (robot lasers hit only real robots), and whether it fires, which
/// way. Robots off the board are left out.
#[derive(Clone, Copy, Debug)]
pub(super) struct Target {
    robot: usize,
    x: i32,
    y: i32,
    real: bool,
    /// Real and powered up: it fires its laser (rulings 11 and 12).
    fires: bool,
    /// The way it faces, as a step.
    facing: (i32, i32),
}

impl Target {
    /// How far ahead of `self`, in the way it faces, `other` stands, when
    /// it stands on that line.
    fn ahead_of(&self, other: &Target) -> Option<i32> {
        let (ox, oy) = (other.x - self.x, other.y - self.y);
        let (dx, dy) = self.facing;
        let (d, across) = (ox * dx + oy * dy, ox * dy - oy * dx);
        (across == 0 && d > 0).then_some(d)
    }
}

/// The distance of the targets nearest to `(x, y)` on the line toward
/// `(dx, dy)` (a cardinal direction), from `(x, y)` itself to `reach`
/// squares on; `None` when none is in reach.
fn nearest(
    targets: &[Target],
    (x, y): (i32, i32),
    (dx, dy): (i32, i32),
    reach: i32,
) -> Option<i32> {
    // The coordinate across the line must match; the one along it, signed
    // by the way the beam goes, is the distance.
    let along =
        |on_line: bool, offset: i32| (on_line && (0..=reach).contains(&offset)).then_some(offset);
    if dx == 0 {
        targets
            .iter()
            .filter_map(|t| along(t.x == x, (t.y - y) * dy))
            .min()
    } else {
        targets
            .iter()
            .filter_map(|t| along(t.y == y, (t.x - x) * dx))
            .min()
    }
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
                    fires: !r.virtual_robot && !r.powered_down,
                    facing: r.facing.delta(),
                });
            }
        }
        let on = |(x, y): (i32, i32)| move |t: &&Target| (t.x, t.y) == (x, y);
        for (laser, &reach) in self.board.lasers().iter().zip(&self.reach.beams) {
            if self.board.is_off(laser.at) {
                continue;
            }
            // The first robots on the beam (virtual robots share a square).
            let origin = (laser.at.x, laser.at.y);
            let delta = laser.to.delta();
            let Some(d) = nearest(&targets, origin, delta, reach) else {
                continue;
            };
            let at = (origin.0 + d * delta.0, origin.1 + d * delta.1);
            // Seed lines 113-115 and 135, read as the rulings say:
            // targets are in seat order.
            let stacked = targets.iter().filter(on(at)).nth(1).is_some();
            let first_only = stacked && self.rulings.follows(&VIRTUAL_STACK_LASER, "first");
            let hit = if first_only { 1 } else { usize::MAX };
            for t in targets.iter().filter(on(at)).take(hit) {
                hits.push((t.robot, Shooter::Board(laser.at), laser.beams));
            }
            if stacked {
                let first = targets.iter().find(on(at)).map(|t| t.robot);
                self.events.push(Event::StackInBeam {
                    laser: laser.at,
                    at: Square::new(at.0, at.1),
                    only: first.filter(|_| first_only),
                });
            }
        }
        // Robot lasers: the nearest real robot in line ahead of each robot
        // that fires. Only two robots on one row or column can see each
        // other, so pairs are tried once each.
        let mut seen = [None::<(i32, usize)>; MAX_ROBOTS];
        for (a, ta) in targets.iter().enumerate() {
            for (b, tb) in targets.iter().enumerate().skip(a + 1) {
                if ta.x != tb.x && ta.y != tb.y {
                    continue;
                }
                for (s, shooter, target) in [(a, ta, tb), (b, tb, ta)] {
                    if !shooter.fires || !target.real {
                        continue;
                    }
                    if let Some(d) = shooter.ahead_of(target) {
                        if seen[s].is_none_or(|(n, _)| d < n) {
                            seen[s] = Some((d, target.robot));
                        }
                    }
                }
            }
        }
        // Robots whose options change their laser fire apart.
        let mut modified = [false; MAX_ROBOTS];
        let options = self.runtime.is_some();
        for (shooter, seen) in targets.iter().zip(seen) {
            // An optional weapon fires instead of the main laser.
            if options && self.programmed.armed.fires_weapon(shooter.robot) {
                continue;
            }
            if options && shooter.fires && self.holds_hook(shooter.robot, HookKind::Laser) {
                modified[shooter.robot] = true;
                continue;
            }
            let Some((d, j)) = seen else { continue };
            // The walls and the board's edge must let the beam get that
            // far.
            let from = Square::new(shooter.x, shooter.y);
            let facing = self.robots[shooter.robot].facing;
            if d <= self.reach.get(&self.board, from, facing) as i32 {
                hits.push((j, Shooter::Robot(shooter.robot), 1));
            }
        }
        if options {
            for (i, _) in modified.iter().enumerate().filter(|(_, &m)| m) {
                match self.laser_hooks(i) {
                    Ok(spec) => self.fire_modified(i, spec, &mut hits),
                    Err(()) => break,
                }
            }
        }
        for &(j, by, n) in &hits {
            self.events.push(Event::Shot(j, by, n));
            self.pending.push(Pending::Damage {
                robot: j,
                amount: n,
                // Without options no hook can act: nothing to run first.
                hooked: !options,
                from: if options { self.shot_side(j, by) } else { None },
            });
        }
        self.scratch.hits = hits;
        self.scratch.targets = targets;
        if options {
            self.fire_weapons();
        }
    }
}
