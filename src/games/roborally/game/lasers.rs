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
            let Some(mut sq) = r.at else { continue };
            if r.virtual_robot || r.powered_down {
                continue;
            }
            loop {
                if self.board.is_walled(sq, r.facing) {
                    break;
                }
                sq = sq.step(r.facing);
                if self.board.is_off(sq) {
                    break;
                }
                if let Some(j) = self.real_at(sq) {
                    hits.push((j, Shooter::Robot(i), 1));
                    break;
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
    }
}
