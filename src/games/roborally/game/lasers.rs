//! Lasers (ruling 6, seed lines 133–139, 441–445): board lasers and robot
//! lasers fire together, worked out from one position. A board beam starts
//! on its emitter's square and hits the first robot on its way (virtual or
//! not), stopped by walls. A robot fires forward at the first real robot
//! in line, not through walls or robots; virtual robots neither fire nor
//! are hit by robot lasers (ruling 11); powered-down robots do not fire
//! (ruling 12). All hits are dealt after they are all known.

use super::narrate::{Event, Shooter};
use super::{Game, Pending};

impl Game {
    /// The lasers' step.
    pub(super) fn lasers(&mut self) {
        let mut hits = std::mem::take(&mut self.scratch.hits);
        hits.clear();
        for laser in self.board.lasers() {
            let mut sq = laser.at;
            loop {
                if self.board.is_off(sq) {
                    break;
                }
                let mut hit = false;
                for (j, r) in self.robots.iter().enumerate() {
                    if r.at == Some(sq) {
                        hits.push((j, Shooter::Board(laser.at), laser.beams));
                        hit = true;
                    }
                }
                if hit || self.board.is_walled(sq, laser.to) {
                    break;
                }
                sq = sq.step(laser.to);
            }
        }
        for (i, r) in self.robots.iter().enumerate() {
            let Some(from) = r.at else { continue };
            if r.virtual_robot || r.powered_down {
                continue;
            }
            // The nearest real robot in line ahead, then the walls and
            // gaps between: no walk past the target, no scan per square.
            let (dx, dy) = r.facing.delta();
            let mut nearest: Option<(i32, usize)> = None;
            for (j, o) in self.robots.iter().enumerate() {
                let Some(to) = o.at else { continue };
                if j == i || o.virtual_robot {
                    continue;
                }
                let (ox, oy) = (to.x - from.x, to.y - from.y);
                let d = ox * dx + oy * dy;
                let in_line = if dx != 0 { oy == 0 } else { ox == 0 };
                if in_line && d > 0 && nearest.is_none_or(|(n, _)| d < n) {
                    nearest = Some((d, j));
                }
            }
            let Some((d, j)) = nearest else { continue };
            let mut sq = from;
            let mut clear = true;
            for _ in 0..d {
                if self.board.is_walled(sq, r.facing) {
                    clear = false;
                    break;
                }
                sq = sq.step(r.facing);
                if self.board.is_off(sq) {
                    clear = false;
                    break;
                }
            }
            if clear {
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
