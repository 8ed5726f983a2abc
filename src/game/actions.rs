//! The primitive actions: step with pushing, turn, jump, load, unload, zap,
//! pull, and what follows a delivery (special tile, next crystal, score
//! victory). Built-in orders, orders from order files and zap effects are
//! all made of these.

use super::answer::{Decision, ZapEffect};
use super::end::EndReason;
use super::event::{Action, Event, Reason};
use super::{Game, Pending};
use crate::hex::Hex;
use crate::orders::{Passive, ZapRange};
use crate::pieces::{owner_of, Crystal, Piece, PlayerId, RobotId};

impl Game {
    pub(super) fn ignore(&mut self, robot: RobotId, action: Action, reason: Reason) {
        self.events.push(Event::Ignored {
            robot,
            action,
            reason,
        });
    }

    fn bot(&self, id: RobotId) -> &super::Robot {
        self.robots[id].as_ref().expect("a robot in play")
    }

    fn bot_mut(&mut self, id: RobotId) -> &mut super::Robot {
        self.robots[id].as_mut().expect("a robot in play")
    }

    /// One step to the adjacent hex `sides` hex sides clockwise from the
    /// facing (0 forward, 3 backward), keeping the facing, with the push
    /// rules: pushed pieces move in the direction of the step. Returns
    /// whether the robot moved.
    ///
    /// 000_f177823dad35ee93.txt: Forward 1x — "If the hex contains a Robot or
    /// Crystal and the hex behind it is empty, the Robot moves Forward,
    /// pushing the obstacle ... no object can be moved outside the board, be
    /// pushed into a Base or a non-empty hex, and Bases cannot be pushed."
    /// Dash lifts the one-object limit while it sits in the program.
    pub(super) fn step_robot(&mut self, robot: RobotId, sides: i32, action: Action) -> bool {
        let r = self.bot(robot);
        let dir = match sides {
            0 => r.facing,
            _ => r.facing.turned(sides),
        };
        let from = r.at;
        let limit = if r.has(Passive::DASH, &self.orders) {
            usize::MAX
        } else {
            1
        };
        // Find the row of pushable pieces ahead and the free hex behind it.
        let mut pushed = 0usize;
        let mut last = None;
        let mut end = from.step(dir);
        loop {
            if !self.board.contains(end) {
                let reason = last.map_or(Reason::EdgeOfBoard, Reason::PushOffBoard);
                self.ignore(robot, action, reason);
                return false;
            }
            match self.board.at(end) {
                None => break,
                Some(p) if p.pushable() => {
                    if pushed == limit {
                        let behind = last.expect("a pushed piece before the limit");
                        self.ignore(robot, action, Reason::HexBehindNotEmpty(behind));
                        return false;
                    }
                    pushed += 1;
                    last = Some(p);
                    end = end.step(dir);
                }
                Some(_) => {
                    let reason = last.map_or(Reason::BaseCannotBePushed, Reason::PushIntoBase);
                    self.ignore(robot, action, reason);
                    return false;
                }
            }
        }
        for i in (1..=pushed as i32).rev() {
            let at = from.step_by(dir, i);
            let to = from.step_by(dir, i + 1);
            self.move_piece(at, to);
            let piece = self.board.at(to).expect("just moved");
            self.events.push(Event::Pushed {
                piece,
                from: at,
                to,
            });
        }
        let to = from.step(dir);
        self.move_piece(from, to);
        self.events.push(Event::Moved { robot, from, to });
        true
    }

    /// Moves whatever stands on `from` to the free hex `to`.
    fn move_piece(&mut self, from: Hex, to: Hex) {
        let piece = self.board.set(from, None);
        self.board.set(to, piece);
        if let Some(Piece::Robot(id)) = piece {
            self.bot_mut(id).at = to;
        }
    }

    /// Turns a robot by `sides` hex sides clockwise (negative: counter-clockwise).
    pub(super) fn turn_robot(&mut self, robot: RobotId, sides: i32) {
        let r = self.bot_mut(robot);
        let from = r.facing;
        r.facing = from.turned(sides);
        let to = r.facing;
        self.events.push(Event::Turned { robot, from, to });
    }

    /// 000_f177823dad35ee93.txt: Jump — "The middle hex can be non-empty, but
    /// the destination hex must be empty (or the Order is ignored). Robot
    /// orientation remains unchanged."
    pub(super) fn jump(&mut self, robot: RobotId, distance: i32, action: Action) {
        let r = self.bot(robot);
        let from = r.at;
        let to = from.step_by(r.facing, distance);
        if !self.board.contains(to) {
            return self.ignore(robot, action, Reason::EdgeOfBoard);
        }
        if let Some(p) = self.board.at(to) {
            return self.ignore(robot, action, Reason::LandingNotEmpty(p));
        }
        self.move_piece(from, to);
        self.events.push(Event::Jumped { robot, from, to });
    }

    /// 000_f177823dad35ee93.txt: Load Crystal — from the ground or from
    /// another robot; never from a base; never when loaded. Anti theft
    /// protects a robot's crystal from opponents.
    pub(super) fn load(&mut self, robot: RobotId, action: Action) {
        let r = self.bot(robot);
        if r.carrying.is_some() {
            return self.ignore(robot, action, Reason::AlreadyCarrying);
        }
        let front = r.at.step(r.facing);
        let (crystal, taken_from) = match self.board.at(front) {
            Some(Piece::Crystal(c)) => {
                self.board.set(front, None);
                (c, None)
            }
            Some(Piece::Robot(other)) => {
                let o = self.bot(other);
                let Some(c) = o.carrying else {
                    return self.ignore(robot, action, Reason::NoCrystalInFront);
                };
                if Game::opponents(robot, other) && o.has(Passive::ANTI_THEFT, &self.orders) {
                    return self.ignore(robot, action, Reason::AntiTheft(other));
                }
                self.bot_mut(other).carrying = None;
                (c, Some(other))
            }
            Some(Piece::Base(_)) => return self.ignore(robot, action, Reason::CrystalsInBaseStay),
            None => return self.ignore(robot, action, Reason::NoCrystalInFront),
        };
        self.bot_mut(robot).carrying = Some(crystal);
        self.events.push(Event::Loaded {
            robot,
            crystal,
            from: front,
            taken_from,
        });
    }

    /// 000_f177823dad35ee93.txt: Unload Crystal — on an empty hex, on any
    /// base, on an empty robot; never off the board, on a crystal or on a
    /// loaded robot.
    pub(super) fn unload(&mut self, robot: RobotId, action: Action) {
        let r = self.bot(robot);
        let Some(crystal) = r.carrying else {
            return self.ignore(robot, action, Reason::NotCarrying);
        };
        let front = r.at.step(r.facing);
        if !self.board.contains(front) {
            return self.ignore(robot, action, Reason::EdgeOfBoard);
        }
        match self.board.at(front) {
            None => {
                self.bot_mut(robot).carrying = None;
                self.board.set(front, Some(Piece::Crystal(crystal)));
                self.events.push(Event::Unloaded {
                    robot,
                    crystal,
                    to: front,
                    onto: None,
                });
            }
            Some(Piece::Crystal(_)) => self.ignore(robot, action, Reason::CrystalInFront),
            Some(Piece::Robot(other)) => {
                if self.bot(other).carrying.is_some() {
                    return self.ignore(robot, action, Reason::LoadedRobotInFront(other));
                }
                self.bot_mut(robot).carrying = None;
                self.bot_mut(other).carrying = Some(crystal);
                self.events.push(Event::Unloaded {
                    robot,
                    crystal,
                    to: front,
                    onto: Some(other),
                });
            }
            Some(Piece::Base(owner)) => {
                self.bot_mut(robot).carrying = None;
                self.deliver(robot, crystal, owner);
            }
        }
    }

    /// A crystal unloaded on a base: it scores for the base owner, a blue one
    /// draws a special tile, and the next crystal enters play.
    fn deliver(&mut self, robot: RobotId, crystal: Crystal, owner: PlayerId) {
        self.players[owner].delivered.add(crystal);
        let points = self.players[owner].delivered.points();
        self.events.push(Event::Delivered {
            robot,
            crystal,
            base_owner: owner,
            points,
        });
        if self
            .score_to_win
            .is_some_and(|target| self.players[owner].delivered.points() >= target)
        {
            return self.finish(EndReason::ScoreVictory { player: owner });
        }
        if crystal == Crystal::BLUE {
            match self.special_deck.get(self.deck_next).copied() {
                Some(tile) => {
                    self.deck_next += 1;
                    self.players[owner].hand.add(tile);
                    self.owned[owner].add(tile);
                    self.events.push(Event::SpecialDrawn { player: owner });
                }
                None => self.ignore(robot, Action::Delivery, Reason::NoSpecialTileLeft),
            }
        }
        let Some(&next) = self.track.get(self.track_next) else {
            return self.ignore(robot, Action::Delivery, Reason::TrackEmpty);
        };
        if self.board.is_free(Hex::CENTRE) {
            return self.place_entering_crystal(next, Hex::CENTRE);
        }
        let options = self.board.free_hexes_closest_to_centre();
        match options.as_slice() {
            [] => self.ignore(robot, Action::Delivery, Reason::NoFreeHex),
            [only] => self.place_entering_crystal(next, *only),
            _ => {
                // 002_ae8ae07e801960f9.txt: FAQ Q1 — "Always done by player
                // that received the crystal."
                self.pending = Pending::Decide(Decision::CrystalPlacement {
                    player: owner,
                    crystal: next,
                });
            }
        }
    }

    /// Puts the next track crystal on a hex; the last one starts the end phase.
    pub(super) fn place_entering_crystal(&mut self, crystal: Crystal, at: Hex) {
        self.track_next += 1;
        self.board.set(at, Some(Piece::Crystal(crystal)));
        self.events.push(Event::CrystalEntered { crystal, at });
        if self.track_next == self.track.len() {
            self.countdown.end_phase = true;
            self.events.push(Event::LastCrystalEntered);
        }
    }

    /// 000_f177823dad35ee93.txt: Zap! — the hex in front, and the second if
    /// the first is empty; crystals and bases block it. Long range: the first
    /// non-empty hex in front. Anti-Zap shields from opponents.
    pub(super) fn zap(&mut self, robot: RobotId, range: ZapRange, action: Action) {
        let r = self.bot(robot);
        let (facing, mut at) = (r.facing, r.at);
        let mut target = None;
        for _ in 0..range.reach() {
            at = at.step(facing);
            if !self.board.contains(at) {
                break;
            }
            match self.board.at(at) {
                None => continue,
                Some(Piece::Robot(t)) => {
                    target = Some(t);
                    break;
                }
                Some(p) => return self.ignore(robot, action, Reason::ZapBlocked(p)),
            }
        }
        let Some(target) = target else {
            return self.ignore(robot, action, Reason::ZapFizzled(range));
        };
        self.events.push(Event::Zapped { robot, target });
        if Game::opponents(robot, target) && self.bot(target).has(Passive::ANTI_ZAP, &self.orders) {
            return self.ignore(robot, action, Reason::AntiZap(target));
        }
        self.pending = Pending::Decide(Decision::ZapEffect {
            player: owner_of(robot),
            zapper: robot,
            target,
        });
    }

    /// Crystal magnet: the first piece in line in front within `range` hexes,
    /// if it is a loose crystal, is pulled one hex toward the robot (into a
    /// hex that is empty, as the crystal is the first piece in line). A
    /// robot or a base in line stops the pull; a crystal right in front
    /// stays where it is. Not a rule of the rulebook: order files use it.
    pub(super) fn pull(&mut self, robot: RobotId, range: i32, action: Action) {
        let r = self.bot(robot);
        let (facing, from) = (r.facing, r.at);
        for d in 1..=range {
            let at = from.step_by(facing, d);
            if !self.board.contains(at) {
                break;
            }
            match self.board.at(at) {
                None => continue,
                Some(Piece::Crystal(_)) if d == 1 => {
                    return self.ignore(robot, action, Reason::CrystalAlreadyInFront)
                }
                Some(Piece::Crystal(crystal)) => {
                    let to = from.step_by(facing, d - 1);
                    self.move_piece(at, to);
                    self.events.push(Event::Pulled {
                        robot,
                        crystal,
                        from: at,
                        to,
                    });
                    return;
                }
                Some(p) => return self.ignore(robot, action, Reason::PullBlocked(p)),
            }
        }
        self.ignore(robot, action, Reason::NoCrystalInRange(range));
    }

    /// The zapped robot performs the zapper's choice at once.
    pub(super) fn zap_effect(&mut self, target: RobotId, effect: ZapEffect) {
        self.events.push(Event::ZapEffectChosen { target, effect });
        let action = Action::Zapped(effect);
        match effect {
            ZapEffect::Forward1 => {
                self.step_robot(target, 0, action);
            }
            ZapEffect::TurnLeft => self.turn_robot(target, -1),
            ZapEffect::TurnRight => self.turn_robot(target, 1),
            ZapEffect::Load => self.load(target, action),
            ZapEffect::Unload => self.unload(target, action),
            ZapEffect::Nothing => self.ignore(target, action, Reason::ZapperChoseNothing),
        }
    }
}
