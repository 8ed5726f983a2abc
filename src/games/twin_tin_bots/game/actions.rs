//! The primitive actions: step with pushing, turn, jump, load, unload, zap,
//! pull, and what follows a delivery (special tile, next crystal, score
//! victory). Built-in orders, orders from order files and zap effects are
//! all made of these.

use super::answer::{Decision, ZapEffect};
use super::end::EndReason;
use super::event::{Action, Event, Reason};
use super::hooks::{StepKind, StepVerdict, Verdict, ZapHit};
use super::terrain::Landing;
use super::{Game, Pending};
use crate::games::twin_tin_bots::names::Name;
use crate::games::twin_tin_bots::orders::{Passive, ZapRange};
use crate::games::twin_tin_bots::pieces::{owner_of, Crystal, Piece, PlayerId, RobotId};
use crate::games::twin_tin_bots::rulings::{CrystalPlacer, DashRows, Ruled};
use crate::games::twin_tin_bots::terrain::{Props, Thing};
use crate::grid::hex::{Direction, Hex};

/// The longest row of pieces a push moves (Dash's unlimited row, through
/// teleporters): a longer one does not move, as if the hex behind were
/// taken. No straight row on the big arena is half as long.
const MAX_ROW: usize = 16;

/// The kind of a piece that stops a row: terrain (only terrain neither
/// pushes nor is a base).
fn obstacle_kind(p: Piece) -> Name {
    match p {
        Piece::Thing(t) => t.kind,
        _ => Name::intern("obstacle"),
    }
}

/// What became of a robot's step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Step {
    /// It moved.
    Moved,
    /// The push rules stopped it: the rest of the order's movement is dropped.
    Blocked,
    /// A variant took the step away (mud): the order goes on.
    Lost,
}

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
    /// rules: pushed pieces move in the direction of the step.
    ///
    /// 000_f177823dad35ee93.txt: Forward 1x — "If the hex contains a Robot or
    /// Crystal and the hex behind it is empty, the Robot moves Forward,
    /// pushing the obstacle ... no object can be moved outside the board, be
    /// pushed into a Base or a non-empty hex, and Bases cannot be pushed."
    /// Dash lifts the one-object limit while it sits in the program (or,
    /// under `ttb.dash-rows=dash-only`, for the Dash order's own step
    /// only). A variant's `before_step` hook (mud) may make the robot lose
    /// the step.
    pub(super) fn step_robot(&mut self, robot: RobotId, sides: i32, action: Action) -> Step {
        let r = self.bot(robot);
        let dir = match sides {
            0 => r.facing,
            _ => r.facing.turned(sides),
        };
        let from = r.at;
        // 000_f177823dad35ee93.txt: Dash — "as long as this Order is in
        // his program, the Robot can push any number of Robots/Crystals":
        // disputed for the robot's steps that are not Dash's own
        // (ttb.dash-rows).
        let own_dash = matches!(action, Action::Order(tile, _)
            if self.orders.passive(tile).contains(Passive::DASH));
        let disputed = !own_dash && r.has(Passive::DASH, &self.orders);
        let rows = own_dash || (disputed && self.readings.dash_rows == DashRows::InProgram);
        let limit = if rows { usize::MAX } else { 1 };
        if self.board.has_floor() {
            let kind = match sides {
                0 => StepKind::Forward,
                3 => StepKind::Back,
                _ => StepKind::Side,
            };
            if let StepVerdict::Skip(why) = self.before_step(robot, from, kind) {
                self.ignore(robot, action, Reason::Variant(why));
                return Step::Lost;
            }
        }
        let mark = self.events.len();
        let shoved = self.shove(from, dir, limit, true);
        if disputed {
            self.cite_dash_row(robot, mark, &shoved);
        }
        match shoved {
            Ok(()) => Step::Moved,
            Err(reason) => {
                self.ignore(robot, action, reason);
                Step::Blocked
            }
        }
    }

    /// Where Dash's reach decided a step that is not Dash's own (the
    /// step's events start at `mark`): it pushed a row of two or more
    /// (`in-program`), or it met two in a row and pushed nothing
    /// (`dash-only`); the ruling goes before the step's events.
    fn cite_dash_row(&mut self, robot: RobotId, mark: usize, shoved: &Result<(), Reason>) {
        let reading = self.readings.dash_rows;
        let decided = match (reading, shoved) {
            (DashRows::InProgram, Ok(())) => {
                self.events[mark..]
                    .iter()
                    .filter(|e| matches!(e, Event::Pushed { .. }))
                    .count()
                    > 1
            }
            (DashRows::DashOnly, Err(Reason::HexBehindNotEmpty(_))) => true,
            _ => false,
        };
        if decided {
            self.events
                .insert(mark, Event::Ruled(Ruled::DashRow { robot, reading }));
        }
    }

    /// Moves the piece on `from` one hex toward `dir`, pushing the row of at
    /// most `limit` pushable pieces ahead of it into the free hex behind
    /// (through teleporters, DESIGN.md decision 7). `moving_robot`: the
    /// piece is a robot moving by itself (a `Moved` event), not pushed.
    /// Nothing moves if the push rules forbid it; the reason is returned.
    pub(super) fn shove(
        &mut self,
        from: Hex,
        dir: Direction,
        limit: usize,
        moving_robot: bool,
    ) -> Result<(), Reason> {
        if !self.board.has_floor() {
            return self.shove_on_bare_floor(from, dir, limit, moving_robot);
        }
        let mover = self.board.at(from).expect("a piece to move");
        // First pass: count the pieces pushed (`n`), and check the row can
        // move. Nothing is stored: where each piece lands depends on the
        // floors only, which never move, so the second pass walks again.
        let mut n: usize = 0;
        let mut last = None;
        let mut at = from;
        // Where the mover lands: the only hop of the usual step, kept.
        let mut first = None;
        loop {
            let (next, via) = match self.landing(at, dir) {
                Landing::At(next, via) => (next, via),
                Landing::Blocked(reason) => return Err(reason),
            };
            first.get_or_insert((next, via));
            // Through teleporters a row can come back onto itself (the
            // mover's hex or a piece already in it): the hex behind is
            // taken, so nothing moves (and Dash's unlimited row does not go
            // round forever).
            let looped = || self.board.has_floor() && self.in_row(from, dir, n, next);
            match self.row_continues(next, n, limit, last, mover, looped)? {
                None => break,
                Some(p) => {
                    n += 1;
                    last = Some(p);
                    at = next;
                }
            }
        }
        self.variant_allows_push(mover, dir, n, |game, i| game.row_hex(from, dir, i))?;
        // Second pass: move the farthest piece first.
        let first = first.expect("the first pass made a hop");
        for i in (0..=n).rev() {
            let (src, (to, via)) = if i == 0 {
                (from, first)
            } else {
                let src = self.row_hex(from, dir, i);
                let Landing::At(to, via) = self.landing(src, dir) else {
                    unreachable!("the first pass found every landing")
                };
                (src, (to, via))
            };
            let piece = self.board.at(src).expect("a piece in the row");
            if let Some(entered) = via {
                self.teleported(piece, entered);
            }
            self.move_piece(src, to);
            self.events
                .push(shoved_event(piece, src, to, i == 0 && moving_robot));
        }
        if self.board.has_floor() {
            for i in (0..=n).rev() {
                let to = if i == 0 {
                    first.0
                } else {
                    self.row_hex(from, dir, i + 1)
                };
                let piece = self.board.at(to).expect("the piece just moved");
                self.entered(piece, to, i == 0 && moving_robot);
            }
        }
        Ok(())
    }

    /// [`Game::shove`] on a board without floor terrain (every standard
    /// game): each piece lands on the next hex, so the row is a straight
    /// line, walked once to check it and once to move it, with no landing
    /// to look up and no `entered` hook to call. The same rules, reasons
    /// and events as the general case, in the same order.
    fn shove_on_bare_floor(
        &mut self,
        from: Hex,
        dir: Direction,
        limit: usize,
        moving_robot: bool,
    ) -> Result<(), Reason> {
        let mover = self.board.at(from).expect("a piece to move");
        let mut n: usize = 0;
        let mut last = None;
        let mut at = from;
        loop {
            let next = at.step(dir);
            match self.row_continues(next, n, limit, last, mover, || false)? {
                None => break,
                Some(p) => {
                    n += 1;
                    last = Some(p);
                    at = next;
                }
            }
        }
        self.variant_allows_push(mover, dir, n, |_, i| from.step_by(dir, i as i32))?;
        // Move the farthest piece first; `at` is the last piece's hex.
        for i in (0..=n).rev() {
            let to = at.step(dir);
            let piece = self.board.at(at).expect("a piece in the row");
            self.move_piece(at, to);
            self.events
                .push(shoved_event(piece, at, to, i == 0 && moving_robot));
            at = at.step_by(dir, -1);
        }
        Ok(())
    }

    /// What the row of a push finds on `next`, after `n` pieces pushed of
    /// at most `limit` (`last` the farthest of them): `None`, an empty hex,
    /// where the row ends; a pushable piece, one more in the row; or the
    /// reason nothing moves (the board's edge, a base, an obstacle, a row
    /// too long or `looped` back onto itself).
    fn row_continues(
        &self,
        next: Hex,
        n: usize,
        limit: usize,
        last: Option<Piece>,
        mover: Piece,
        looped: impl FnOnce() -> bool,
    ) -> Result<Option<Piece>, Reason> {
        if !self.board.contains(next) {
            return Err(last.map_or(Reason::EdgeOfBoard, Reason::PushOffBoard));
        }
        match self.board.at(next) {
            None => Ok(None),
            Some(p) if p.pushable() => {
                if n == limit || n == MAX_ROW || looped() {
                    return Err(Reason::HexBehindNotEmpty(last.unwrap_or(mover)));
                }
                Ok(Some(p))
            }
            Some(Piece::Base(_)) => {
                Err(last.map_or(Reason::BaseCannotBePushed, Reason::PushIntoBase))
            }
            Some(p) => Err(match last {
                None => Reason::CannotBePushed(p),
                Some(q) => Reason::PushIntoObstacle(q, obstacle_kind(p)),
            }),
        }
    }

    /// Whether a variant's push rule lets `mover` push the `n` pieces of
    /// its row toward `dir`; the `i`-th of them (from 1) stands on
    /// `hex_of(game, i)`.
    fn variant_allows_push(
        &mut self,
        mover: Piece,
        dir: Direction,
        n: usize,
        hex_of: impl Fn(&Self, usize) -> Hex,
    ) -> Result<(), Reason> {
        if !self.defined.push || n == 0 {
            return Ok(());
        }
        let row: Vec<(Hex, Piece)> = (1..=n)
            .map(|i| {
                let h = hex_of(self, i);
                (h, self.board.at(h).expect("a piece in the row"))
            })
            .collect();
        match self.push_allowed(mover, &row, dir) {
            Verdict::Refuse(why) => Err(Reason::Variant(why)),
            Verdict::Allow => Ok(()),
        }
    }

    /// The hex of the `i`-th piece of the row that leaves `from` toward
    /// `dir` (0: `from` itself), following landings through teleporters.
    /// Before the row moves; `i` is at most the row's length.
    fn row_hex(&self, from: Hex, dir: Direction, i: usize) -> Hex {
        let mut at = from;
        for _ in 0..i {
            at = match self.landing(at, dir) {
                Landing::At(next, _) => next,
                Landing::Blocked(_) => break,
            };
        }
        at
    }

    /// Whether `hex` is already in the first `n` pieces of the row (or is
    /// `from`): a row that teleports back onto itself.
    fn in_row(&self, from: Hex, dir: Direction, n: usize, hex: Hex) -> bool {
        (0..=n).any(|i| self.row_hex(from, dir, i) == hex)
    }

    /// Pushes a zapped piece of terrain toward the direction the zapper
    /// chose, by the normal push rules (000_f177823dad35ee93.txt: Blobs).
    pub(super) fn zap_push(&mut self, zapper: RobotId, at: Hex, dir: Option<Direction>) {
        let action = Action::ZapPush(dir);
        let Some(dir) = dir else {
            return self.ignore(zapper, action, Reason::ZapperChoseNothing);
        };
        // A kind that is not pushable stays, whatever its hook said.
        let result = match self.board.at(at) {
            Some(p) if p.pushable() => self.shove(at, dir, 1, false),
            Some(p) => Err(Reason::CannotBePushed(p)),
            None => Err(Reason::ZapFizzled(ZapRange::Hexes(1))),
        };
        if let Err(reason) = result {
            self.ignore(zapper, action, reason);
        }
    }

    /// Says that `piece` went through the teleporter at `entered`.
    fn teleported(&mut self, piece: Piece, entered: Hex) {
        let partner = self
            .board
            .floor(entered)
            .and_then(|f| f.partner)
            .unwrap_or(entered);
        self.events.push(Event::Teleported {
            piece,
            entered,
            partner,
        });
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
        let facing = r.facing;
        // The landing: the hex `distance` ahead, or beyond a teleporter's
        // partner if it lands on a teleporter.
        let (to, via) = match self.landing(from.step_by(facing, distance - 1), facing) {
            Landing::At(to, via) => (to, via),
            Landing::Blocked(reason) => return self.ignore(robot, action, reason),
        };
        if !self.board.contains(to) {
            return self.ignore(robot, action, Reason::EdgeOfBoard);
        }
        if let Some(p) = self.board.at(to) {
            return self.ignore(robot, action, Reason::LandingNotEmpty(p));
        }
        if let Some(entered) = via {
            self.teleported(Piece::Robot(robot), entered);
        }
        self.move_piece(from, to);
        self.events.push(Event::Jumped { robot, from, to });
        if self.board.has_floor() {
            // A jump is no drive on caterpillars (ttb.mud-entered).
            self.entered(Piece::Robot(robot), to, false);
        }
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
        if self.teleporter_at(front) {
            return self.ignore(robot, action, Reason::ThroughTeleporter);
        }
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
                if self.opponents(robot, other) && o.has(Passive::ANTI_THEFT, &self.orders) {
                    return self.ignore(robot, action, Reason::AntiTheft(other));
                }
                self.bot_mut(other).carrying = None;
                (c, Some(other))
            }
            Some(Piece::Base(_)) => return self.ignore(robot, action, Reason::CrystalsInBaseStay),
            Some(Piece::Thing(_)) | None => {
                return self.ignore(robot, action, Reason::NoCrystalInFront)
            }
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
        if self.teleporter_at(front) {
            return self.ignore(robot, action, Reason::ThroughTeleporter);
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
            Some(p @ Piece::Thing(_)) => self.ignore(robot, action, Reason::LandingNotEmpty(p)),
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
                if let Verdict::Refuse(why) = self.delivery_allowed(robot, owner, crystal) {
                    return self.ignore(robot, action, Reason::Variant(why));
                }
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
            .is_some_and(|target| self.team_base_points(owner) >= target)
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
        if self.board.can_hold(Hex::CENTRE) {
            return self.place_entering_crystal(next, Hex::CENTRE);
        }
        let options = self.board.free_hexes_closest_to_centre();
        match options.as_slice() {
            [] => self.ignore(robot, Action::Delivery, Reason::NoFreeHex),
            [only] => self.place_entering_crystal(next, *only),
            _ => {
                // Disputed (ttb.crystal-placer): 002_ae8ae07e801960f9.txt,
                // FAQ Q1 — "Always done by player that received the
                // crystal."; 000_f177823dad35ee93.txt: Unload Crystal —
                // "the player places it", read as the active player.
                let reading = self.readings.crystal_placer;
                let player = match reading {
                    CrystalPlacer::BaseOwner => owner,
                    CrystalPlacer::ActivePlayer => self.active,
                };
                self.events
                    .push(Event::Ruled(Ruled::CrystalPlacer { player, reading }));
                self.pending = Pending::Decide(Decision::CrystalPlacement {
                    player,
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
            if self.teleporter_at(at) {
                return self.ignore(robot, action, Reason::ThroughTeleporter);
            }
            match self.board.at(at) {
                None => continue,
                Some(Piece::Robot(t)) => {
                    target = Some(t);
                    break;
                }
                Some(Piece::Thing(t)) if t.props.contains(Props::HOOK_ZAPPED) => {
                    return self.zap_thing(robot, t, at);
                }
                Some(p) if p.blocks_zap() => {
                    return self.ignore(robot, action, Reason::ZapBlocked(p))
                }
                Some(_) => continue,
            }
        }
        let Some(target) = target else {
            return self.ignore(robot, action, Reason::ZapFizzled(range));
        };
        self.events.push(Event::Zapped { robot, target });
        if self.opponents(robot, target) && self.bot(target).has(Passive::ANTI_ZAP, &self.orders) {
            return self.ignore(robot, action, Reason::AntiZap(target));
        }
        self.pending = Pending::Decide(Decision::ZapEffect {
            player: owner_of(robot),
            zapper: robot,
            target,
        });
    }

    /// A zap hit a piece of terrain whose kind has a `zapped` hook (a blob):
    /// the hook says whether the zapper may push it.
    fn zap_thing(&mut self, robot: RobotId, thing: Thing, at: Hex) {
        self.events.push(Event::ZappedPiece {
            robot,
            piece: Piece::Thing(thing),
            at,
        });
        if self.zap_hit(robot, thing, at) == ZapHit::Push {
            self.pending = Pending::Decide(Decision::ZapPush {
                player: owner_of(robot),
                zapper: robot,
                at,
            });
        }
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
            if self.teleporter_at(at) {
                return self.ignore(robot, action, Reason::ThroughTeleporter);
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
            ZapEffect::Nothing => {
                // Only ttb.zap-optional=optional lets a zapper answer this.
                self.events.push(Event::Ruled(Ruled::ZapNothing {
                    target,
                    reading: self.readings.zap_optional,
                }));
                self.ignore(target, action, Reason::ZapperChoseNothing)
            }
        }
    }
}

/// The event of a piece moved by a push from `from` to `to`: `Moved` for
/// the robot that moves by itself (`leads`), `Pushed` for the rest.
fn shoved_event(piece: Piece, from: Hex, to: Hex, leads: bool) -> Event {
    match piece {
        Piece::Robot(robot) if leads => Event::Moved { robot, from, to },
        _ => Event::Pushed { piece, from, to },
    }
}
