//! Conveyor and express belts (rulings 3 and 4, seed lines 280–300,
//! 413–427): the moves of one belt step are planned from one position and
//! made together. A move is cancelled by a wall, by two robots landing on
//! one square, by a swap, or by a square held by a robot that does not
//! leave it by belt in this step (and so down a chain of cancellations).
//! Two robots carried onto one pit (or off the board onto one square) is
//! the dispute [`BELTS_INTO_PIT`]: both moves are cancelled (`cancel`), or
//! both robots fall (`fall`).
//! Belts never push. Virtual robots are carried but neither block nor are
//! blocked by robots (ruling 11). A robot carried onto a belt at a right
//! angle turns with the curve.

use crate::grid::square::{Compass, Square};

use super::narrate::{BeltBlock, Cause, Event};
use super::Game;
use crate::games::roborally::board::Turn;
use crate::games::roborally::cards::MAX_ROBOTS;
use crate::games::roborally::rulings::BELTS_INTO_PIT;

/// One robot's planned belt move.
#[derive(Clone, Copy, Debug)]
pub(super) struct Plan {
    robot: usize,
    from: Square,
    to: Square,
    dir: Compass,
    /// Why it is cancelled, once it is.
    cancelled: Option<BeltBlock>,
    /// The plan ends off the board or in a pit: it conflicts with nothing.
    deadly: bool,
    virtual_robot: bool,
}

impl Game {
    /// One belt step: the express belts alone (`express_only`), or every
    /// belt.
    pub(super) fn belts(&mut self, express_only: bool) {
        let mut plans = std::mem::take(&mut self.scratch.belt);
        plans.clear();
        for (i, r) in self.robots.iter().enumerate() {
            let Some(from) = r.at else { continue };
            let Some(dir) = self.board.kind(from).and_then(|k| k.belt(express_only)) else {
                continue;
            };
            let to = from.step(dir);
            let cancelled = self
                .board
                .is_walled(from, dir)
                .then_some(BeltBlock::Wall(dir));
            plans.push(Plan {
                robot: i,
                from,
                to,
                dir,
                cancelled,
                deadly: self.is_deadly(to),
                virtual_robot: r.virtual_robot,
            });
        }
        if plans.is_empty() {
            self.scratch.belt = plans;
            return;
        }
        // Same square and swaps, among real robots' live plans. Two onto
        // one deadly square: seed line 290, read as the rulings say.
        let cancel_into_pit = self.rulings.follows(&BELTS_INTO_PIT, "cancel");
        for a in 0..plans.len() {
            for b in 0..plans.len() {
                let (pa, pb) = (plans[a], plans[b]);
                let walled = |p: &Plan| matches!(p.cancelled, Some(BeltBlock::Wall(_)));
                if a == b
                    || pa.virtual_robot
                    || pb.virtual_robot
                    || pa.cancelled.is_some()
                    || walled(&pb)
                {
                    continue;
                }
                if pa.to == pb.to && !pa.deadly {
                    plans[a].cancelled = Some(BeltBlock::SameSquare(pb.robot));
                } else if pa.to == pb.to && cancel_into_pit {
                    plans[a].cancelled = Some(BeltBlock::SameDeadlySquare(pb.robot));
                } else if pa.to == pb.to {
                    // Told once, naming one of the others: it falls
                    // whoever else does.
                    self.events
                        .push(Event::FallTogether(pa.robot, pb.robot, pa.to));
                    break;
                } else if pa.to == pb.from && pb.to == pa.from {
                    plans[a].cancelled = Some(BeltBlock::Swap(pb.robot));
                }
            }
        }
        // A square held by a real robot that does not leave it by belt;
        // repeated until nothing changes (a chain of cancellations). Each
        // robot has one plan at most: its index, by robot.
        let mut plan_of = [usize::MAX; MAX_ROBOTS];
        for (k, p) in plans.iter().enumerate() {
            plan_of[p.robot] = k;
        }
        loop {
            let mut changed = false;
            for a in 0..plans.len() {
                let pa = plans[a];
                if pa.cancelled.is_some() || pa.virtual_robot || pa.deadly {
                    continue;
                }
                let holder = self.robots.iter().enumerate().find(|&(j, r)| {
                    j != pa.robot
                        && r.at == Some(pa.to)
                        && !r.virtual_robot
                        && plans.get(plan_of[j]).is_none_or(|p| p.cancelled.is_some())
                });
                if let Some((j, _)) = holder {
                    plans[a].cancelled = Some(BeltBlock::Held(j));
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let cause = Cause::Belt(express_only);
        for p in &plans {
            if let Some(why) = p.cancelled {
                self.events.push(Event::BeltCancelled(p.robot, why));
                continue;
            }
            self.robots[p.robot].at = Some(p.to);
            self.events.push(Event::Moved(p.robot, p.from, p.to, cause));
        }
        for p in &plans {
            if p.cancelled.is_some() {
                continue;
            }
            if self.check_fall(p.robot, p.to) {
                continue;
            }
            // Ruling 4: carried onto a belt at a right angle, it turns.
            if let Some(t) = Turn::by_belt(p.dir, self.board.kind(p.to)) {
                if self.runtime.is_some() && self.steady(p.robot, "belt") {
                    continue;
                }
                let r = &mut self.robots[p.robot];
                r.facing = r.facing.turned_eighths(t.eighths());
                let f = r.facing;
                self.events.push(Event::TurnedByBelt(p.robot, t, f));
            }
        }
        self.scratch.belt = plans;
    }
}
