//! Turn flow: program changes, running both robots' programs order by order,
//! the countdown at the start of the first player's turn, and the end.

use super::actions::Step;
use super::answer::{ChangeStep, Decision};
use super::change::Change;
use super::end::{rank, EndReason};
use super::error::RuleError;
use super::event::{Action, Event, Reason};
use super::state::SLOTS;
use super::{Cursor, Game, Outcome, Pending};
use crate::games::twin_tin_bots::orders::{Primitive, Tile};
use crate::games::twin_tin_bots::pieces::{robot_of, PlayerId};
use crate::games::twin_tin_bots::rulings::{FirstTurn, Ruled};

impl Game {
    pub(super) fn start_turn(&mut self) {
        let player = self.active;
        self.marks.clear();
        self.done_with.clear();
        self.events.push(Event::TurnStarted {
            player,
            turn: self.turn,
        });
        if player == 0 && self.countdown.end_phase && self.countdown.counters > 0 {
            // 000_f177823dad35ee93.txt: Crystal attrition — "the first player
            // discards a Countdown counter each time he is about to play".
            self.events.push(Event::CountdownDiscarded {
                counter: self.countdown.counters,
            });
            self.countdown.counters -= 1;
        }
        let step = if self.players[player].first_turn {
            ChangeStep::FirstTurn { placed: None }
        } else {
            ChangeStep::Only
        };
        self.pending = Pending::Decide(Decision::ProgramChange { player, step });
    }

    fn own_robots(&self, player: PlayerId) -> impl Iterator<Item = usize> + '_ {
        (0..2)
            .map(move |n| robot_of(player, n))
            .filter(|&id| self.robot(id).is_some())
    }

    fn can_place_on(&self, player: PlayerId, robot: usize) -> bool {
        self.robot(robot).is_some() && self.players[player].hand.kinds().any(Tile::is_placeable)
    }

    /// Whether a first-turn placement is still possible on a robot other than `placed`.
    fn first_turn_placement_left(&self, player: PlayerId, placed: Option<usize>) -> bool {
        self.own_robots(player)
            .any(|r| Some(r) != placed && self.can_place_on(player, r))
    }

    pub(super) fn double_modification_available(&self, player: PlayerId) -> bool {
        let p = &self.players[player];
        !p.double_modification_used && p.hand.has(Tile::DOUBLE_MODIFICATION)
    }

    pub(super) fn check_change(
        &self,
        player: PlayerId,
        step: ChangeStep,
        change: Change,
    ) -> Result<(), RuleError> {
        if let ChangeStep::FirstTurn { placed } = step {
            match change {
                // 000_f177823dad35ee93.txt:130 "he places an Order on each
                // Robot on step 1": required, or allowed (ttb.first-turn).
                Change::Pass
                    if self.readings.first_turn == FirstTurn::Optional
                        || !self.first_turn_placement_left(player, placed) =>
                {
                    return Ok(())
                }
                Change::Pass => return Err(RuleError::FirstTurnMustPlace),
                Change::Place { robot, .. } if Some(robot) == placed => {
                    return Err(RuleError::FirstTurnOneEach)
                }
                Change::Place { .. } => {}
                _ => return Err(RuleError::FirstTurnPlacesOnly),
            }
        }
        change.check(&self.colours, player, &self.players[player], &self.robots)
    }

    /// Makes a checked change and moves to the next decision.
    pub(super) fn make_change(&mut self, player: PlayerId, step: ChangeStep, change: Change) {
        let is_pass = change == Change::Pass;
        if step == ChangeStep::Second && !is_pass {
            let p = &mut self.players[player];
            p.hand.take(Tile::DOUBLE_MODIFICATION);
            p.double_modification_used = true;
            self.events.push(Event::DoubleModificationUsed { player });
        }
        self.apply_change_to_programs(player, change);
        if let (ChangeStep::FirstTurn { placed }, true) = (step, is_pass) {
            if self.first_turn_placement_left(player, placed) {
                // The pass was the ruling's to allow: a placement was possible.
                self.events.push(Event::Ruled(Ruled::FirstTurnPass {
                    player,
                    reading: self.readings.first_turn,
                }));
            }
        }
        let next = match step {
            ChangeStep::FirstTurn { placed: None } if !is_pass => {
                let placed = change.robot();
                self.first_turn_placement_left(player, placed)
                    .then_some(ChangeStep::FirstTurn { placed })
            }
            ChangeStep::Only if !is_pass && self.double_modification_available(player) => {
                Some(ChangeStep::Second)
            }
            _ => None,
        };
        match next {
            Some(step) => self.pending = Pending::Decide(Decision::ProgramChange { player, step }),
            None => {
                self.players[player].first_turn = false;
                self.cursor = Cursor::default();
                self.pending = Pending::Running;
                self.resume();
            }
        }
    }

    fn apply_change_to_programs(&mut self, player: PlayerId, change: Change) {
        self.events.push(Event::ChangeMade { player, change });
        let Some(robot) = change.robot() else { return };
        let Some(r) = self.robots[robot].as_mut() else {
            return;
        };
        let hand = &mut self.players[player].hand;
        match change {
            Change::Pass => {}
            Change::Place { slot, tile, .. } => {
                hand.take(tile);
                if let Some(old) = r.program[slot as usize].replace(tile) {
                    hand.add(old);
                }
            }
            Change::Swap { a, b, .. } => r.program.swap(a as usize, b as usize),
            Change::Remove { slot, .. } => {
                if let Some(old) = r.program[slot as usize].take() {
                    hand.add(old);
                }
            }
            Change::Reset { .. } => {
                for t in r.program.iter_mut().filter_map(Option::take) {
                    hand.add(t);
                }
            }
        }
    }

    /// Goes on running after an answer: at once, or, in stepping mode, after
    /// a pause ([`Decision::Continue`]).
    pub(super) fn resume(&mut self) {
        if self.stepping && self.pending == Pending::Running {
            self.pending = Pending::Decide(Decision::Continue {
                player: self.active,
            });
        } else {
            self.run();
        }
    }

    /// Runs the active player's programs from the cursor until a decision
    /// is needed or the turn ends; in stepping mode, until the next
    /// primitive after the first one run.
    pub(super) fn run(&mut self) {
        let mut performed = false;
        while self.pending == Pending::Running {
            let c = self.cursor;
            if c.robot >= 2 {
                self.end_turn();
                return;
            }
            let robot = robot_of(self.active, c.robot as usize);
            let Some(r) = self.robot(robot) else {
                self.next_robot();
                continue;
            };
            if c.slot as usize >= SLOTS {
                self.next_robot();
                continue;
            }
            let Some(tile) = r.program[c.slot as usize] else {
                self.events.push(Event::EmptySlot {
                    robot,
                    slot: c.slot + 1,
                });
                self.next_slot();
                continue;
            };
            // Stepping: one order start or one primitive per `continue`.
            if self.stepping {
                let acts = c.step == 0 || (c.step as usize) < self.orders.steps(tile).len();
                if acts && performed {
                    self.pending = Pending::Decide(Decision::Continue {
                        player: self.active,
                    });
                    return;
                }
                performed |= acts;
            }
            let steps = self.orders.steps(tile);
            let (no_steps, next) = (steps.is_empty(), steps.get(c.step as usize).copied());
            if c.step == 0 {
                self.events.push(Event::OrderStarted {
                    robot,
                    slot: c.slot + 1,
                    tile,
                });
                if no_steps {
                    self.events.push(Event::NoAction { robot, tile });
                }
            }
            let Some(primitive) = next else {
                self.next_slot();
                continue;
            };
            self.cursor.step += 1;
            if c.move_blocked && primitive.is_movement() {
                // 000_f177823dad35ee93.txt: Forward 1x / Forward 2x — "the Robot
                // moves as far as it can and the rest is ignored".
                self.ignore(
                    robot,
                    Action::Order(tile, primitive),
                    Reason::RestOfMoveDropped,
                );
                continue;
            }
            if self.perform(robot, tile, primitive) == Step::Blocked {
                self.cursor.move_blocked = true;
            }
            // The order's last primitive: on to the next slot now, as the
            // next round would find (in stepping mode, that round pauses
            // first).
            let done = usize::from(self.cursor.step) >= self.orders.steps(tile).len();
            if done && !self.stepping && self.pending == Pending::Running {
                self.next_slot();
            }
        }
    }

    /// Performs one primitive of an order; says whether a step was blocked
    /// ([`Step::Moved`] for the primitives that are not steps).
    fn perform(&mut self, robot: usize, tile: Tile, primitive: Primitive) -> Step {
        let action = Action::Order(tile, primitive);
        match primitive {
            Primitive::Forward => return self.step_robot(robot, 0, action),
            Primitive::Back => return self.step_robot(robot, 3, action),
            Primitive::Side(sides) => return self.step_robot(robot, sides, action),
            Primitive::Turn(sides) => self.turn_robot(robot, sides),
            Primitive::Jump(distance) => self.jump(robot, distance, action),
            Primitive::Load => self.load(robot, action),
            Primitive::Unload => self.unload(robot, action),
            Primitive::Zap(range) => self.zap(robot, range, action),
            Primitive::Pull(range) => self.pull(robot, range, action),
        }
        Step::Moved
    }

    fn next_slot(&mut self) {
        self.cursor.slot += 1;
        self.cursor.step = 0;
        self.cursor.move_blocked = false;
    }

    fn next_robot(&mut self) {
        self.cursor = Cursor {
            robot: self.cursor.robot + 1,
            ..Cursor::default()
        };
    }

    fn end_turn(&mut self) {
        if self.hooks.is_some() {
            if let Some(why) = self.turn_over_hooks() {
                self.finish(EndReason::Variant(why));
                return;
            }
        }
        let last_seat = self.players.len() - 1;
        if self.countdown.last_round() && self.active == last_seat {
            self.finish(EndReason::CrystalAttrition);
            return;
        }
        self.active = (self.active + 1) % self.players.len();
        self.turn += 1;
        self.start_turn();
    }

    /// Ends the game: final standings and winners.
    pub(super) fn finish(&mut self, reason: EndReason) {
        let mut standings = match self.try_unranked_standings() {
            Ok(standings) => standings,
            Err(e) => {
                // The answer being applied fails with the hook's error
                // (the hook is not asked a second time).
                self.failed(e);
                self.standard_standings()
            }
        };
        let ranked_winners = rank(&mut standings);
        let winners = match reason {
            // 000_f177823dad35ee93.txt: By score victory — "the game ends
            // immediately and that player wins".
            // With teams, the player's whole team wins.
            EndReason::ScoreVictory { player } => (0..self.players.len())
                .filter(|&p| self.sides.team(p) == self.sides.team(player))
                .collect(),
            _ => ranked_winners,
        };
        // Disputed (ttb.tiebreak): a tie on points is ranked by the
        // crystals the tiebreakers count.
        let tied = standings
            .windows(2)
            .any(|w| w[0].variant.is_none() && w[0].total() == w[1].total());
        if tied && !matches!(reason, EndReason::ScoreVictory { .. }) {
            self.events.push(Event::Ruled(Ruled::Tiebreak {
                reading: self.readings.tiebreak,
            }));
        }
        self.events.push(Event::GameEnded { how: reason });
        self.outcome = Some(Outcome {
            reason,
            winners,
            standings,
        });
        self.pending = Pending::Decide(Decision::GameOver);
    }
}
