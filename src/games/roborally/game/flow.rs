//! The driver: runs the game from one decision to the next. The start of
//! the turn (destroyed robots come back, power downs, the deal), the
//! programming, the five register phases and the end of the turn (seed
//! lines 75–111, 403–407), and what each answer does.

use rand::seq::SliceRandom;

use crate::engine::{Outcome, Refusal};

use super::answer::{Answer, Decision};
use super::narrate::Event;
use super::option_lua::HookKind;
use super::options::event_name;
use super::variant_lua::VariantHook;
use super::{Game, Pc, Pending, Step, LAST_REGISTER, REENTRY_DAMAGE};
use crate::games::roborally::board::Kind;
use crate::games::roborally::cards::{hand_size, locked_registers, Deck, REGISTERS};
use crate::games::roborally::rulings::WAKE_EMPTY_LOCKED;

impl Game {
    /// Runs until a decision is asked, the game is over, or a scenario's
    /// turn is done.
    pub(super) fn run(&mut self) {
        self.decision = None;
        loop {
            if !self.pending.is_empty() {
                if let Some(d) = self.next_pending() {
                    self.decision = Some(d);
                    return;
                }
                // A damage hook may have failed: the game stops there.
                if self.hook_error.is_some() {
                    return;
                }
            }
            if self.step_done {
                self.step_done = false;
                self.steps += 1;
                if self.stepping && !matches!(self.pc, Pc::Over | Pc::Paused) {
                    self.decision = Some(Decision::Continue);
                    return;
                }
            }
            if self.outcome.is_some() {
                self.pc = Pc::Over;
            } else if std::mem::take(&mut self.destroyed_since_check)
                && self.robots.iter().all(|r| r.out())
            {
                self.events.push(Event::NoLivesLeft);
                self.outcome = Some(Outcome {
                    winners: Vec::new(),
                    reason: "no robot has a life left".into(),
                    at_turn_limit: false,
                });
                self.pc = Pc::Over;
            }
            if !self.advance() {
                return;
            }
        }
    }

    /// Does one unit of work at the program counter; `false` when the game
    /// waits (a decision is set, or it is over or paused).
    fn advance(&mut self) -> bool {
        match self.pc {
            Pc::Over | Pc::Paused => return false,
            Pc::TurnStart => {
                self.events.push(Event::TurnBegins(self.turn));
                self.steps = 0;
                self.revealed = 0;
                self.pc = Pc::Reenter(0);
            }
            Pc::Reenter(i) => {
                if i >= self.robots.len() {
                    self.pc = Pc::PlaceReentered;
                } else if self.robots[i].at.is_none() && self.robots[i].lives > 0 {
                    self.decision = Some(Decision::Facing { seat: i });
                    return false;
                } else {
                    self.pc = Pc::Reenter(i + 1);
                }
            }
            Pc::PlaceReentered => {
                self.place_returning();
                self.pc = Pc::StayWake(0);
                if self.hook_error.is_some() {
                    return false;
                }
            }
            Pc::StayWake(i) => {
                if i >= self.robots.len() {
                    self.pc = Pc::PowerDowns;
                } else if self.on_board(i) && self.robots[i].powered_down {
                    self.decision = Some(Decision::StayOrWake { seat: i });
                    return false;
                } else {
                    self.pc = Pc::StayWake(i + 1);
                }
            }
            Pc::PowerDowns => {
                for i in 0..self.robots.len() {
                    let r = &mut self.robots[i];
                    if r.at.is_some() && r.power_down_announced {
                        r.power_down_announced = false;
                        r.powered_down = true;
                        let repaired = std::mem::take(&mut r.damage);
                        self.events.push(Event::PowerDownBegins(i, repaired));
                        self.clear_registers(i);
                    }
                }
                self.locked_empty_registers();
                self.pc = if !self.programs_given() {
                    Pc::Deal
                } else if self.runtime.is_some() {
                    // A scenario deals nothing, but its options act on
                    // hands and are programmed (`option_turn`).
                    Pc::Hand(0)
                } else {
                    self.first_phase()
                };
            }
            Pc::Deal => {
                match &self.scenario_hands {
                    Some(hands) => self.hands = hands.clone(),
                    None => self.deal(),
                }
                self.pc = self.programming_of(0);
                if self.variant_has(VariantHook::Programming) {
                    self.programming_hooks();
                    if self.hook_error.is_some() {
                        return false;
                    }
                }
            }
            Pc::Hand(i) => return self.hand_step(i),
            Pc::Program(i, reg) => return self.program_step(i, reg),
            Pc::Phase(r, step) => return self.phase_step(r, step),
            Pc::EndRepair(i) => {
                if i >= self.robots.len() {
                    self.pc = Pc::EndClear;
                    return true;
                }
                self.pc = Pc::EndRepair(i + 1);
                let rb = &self.robots[i];
                let Some(at) = rb.at else { return true };
                if rb.powered_down {
                    return true;
                }
                match self.board.kind(at) {
                    Some(Kind::Repair(2)) if !self.option_deck.is_empty() => {
                        self.pc = Pc::EndRepair(i);
                        self.decision = Some(Decision::TwoWrench { seat: i });
                        return false;
                    }
                    Some(Kind::Repair(n)) => self.repair(i, n),
                    _ if self.board.flag_at(at).is_some() => self.repair(i, 1),
                    _ => {}
                }
            }
            Pc::EndClear => {
                if (self.runtime.is_some() || self.variant_has(VariantHook::TurnEnd))
                    && !self.turn_end_hooks()
                {
                    return false;
                }
                for i in 0..self.robots.len() {
                    let r = &self.robots[i];
                    if let (Some(at), true) = (r.at, r.virtual_robot) {
                        let alone = !self
                            .robots
                            .iter()
                            .enumerate()
                            .any(|(j, o)| j != i && o.at == Some(at));
                        if alone {
                            self.robots[i].virtual_robot = false;
                            self.events.push(Event::BecameReal(i, at));
                        }
                    }
                }
                for i in 0..self.robots.len() {
                    self.clear_registers(i);
                    // Appended, not taken: the hand keeps its room for the
                    // next deal.
                    self.discard.append(&mut self.hands[i]);
                }
                self.revealed = 0;
                self.programmed.end_turn();
                self.step_done = true;
                if self.scenario.is_some() {
                    self.pc = Pc::Paused;
                } else {
                    self.turn += 1;
                    self.pc = Pc::TurnStart;
                }
            }
        }
        true
    }

    /// The turn ends: the `turn_end` hooks of the options of the robots
    /// on the board, then the variants'; false when one failed.
    #[cold]
    #[inline(never)]
    fn turn_end_hooks(&mut self) -> bool {
        if self.runtime.is_some() {
            for i in 0..self.robots.len() {
                if self.on_board(i) {
                    self.plain_hooks(i, HookKind::TurnEnd, &|_| Ok(()));
                }
            }
        }
        if self.hook_error.is_none() && self.variant_has(VariantHook::TurnEnd) {
            self.turn_end_variants();
        }
        self.hook_error.is_none()
    }

    /// The phase a turn's registers start with.
    pub(super) fn first_phase(&self) -> Pc {
        match self.scenario {
            Some(0) => Pc::Paused,
            _ => Pc::Phase(1, Step::Reveal),
        }
    }

    /// Discards the cards of robot `i`'s registers that are not locked
    /// (all of them when it is off the board), and notes the kept ones.
    pub(super) fn clear_registers(&mut self, i: usize) {
        let robot = &mut self.robots[i];
        // Registers lock from the fifth down: the first locked one, past
        // the last when none is (or the robot is off the board).
        let first_locked = if robot.at.is_none() {
            REGISTERS + 1
        } else {
            *locked_registers(robot.damage).start()
        };
        let mut kept = 0u8;
        for (slot, card) in robot.program.iter_mut().enumerate() {
            let r = slot + 1;
            if r >= first_locked {
                if card.is_some() {
                    kept |= 1 << r;
                }
            } else if let Some(c) = card.take() {
                self.discard.push(c);
            }
        }
        self.kept[i] = kept;
    }

    /// The locked registers that hold no card, of the robots on the board
    /// and powered up, before the deal: a robot that took its damage
    /// powered down has no card to keep there (seed lines 195, 215-217,
    /// 227-239). Read as the rulings say ([`WAKE_EMPTY_LOCKED`]): such a
    /// register does nothing this turn (`idle`), or it gets the deck's
    /// top card, face up, kept while the register stays locked
    /// (`from-deck`).
    fn locked_empty_registers(&mut self) {
        let from_deck = self.rulings.follows(&WAKE_EMPTY_LOCKED, "from-deck");
        for i in 0..self.robots.len() {
            if !self.on_board(i) || self.robots[i].powered_down {
                continue;
            }
            for r in locked_registers(self.robots[i].damage) {
                let r = r as u8;
                if self.card_in(i, r).is_some() {
                    continue;
                }
                if !from_deck {
                    self.events.push(Event::LockedEmpty(i, r));
                    continue;
                }
                let card = self.draw_card();
                if let Some(card) = card {
                    self.robots[i].program[usize::from(r) - 1] = Some(card);
                    // Face up: public, as a card kept locked is.
                    self.kept[i] |= 1 << r;
                }
                self.events.push(Event::LockedFromDeck(i, r, card));
            }
        }
    }

    /// The robots that chose a facing come back at their archives with 2
    /// damage; virtual when another robot stands there or another comes
    /// back to the same square (ruling 10, seed lines 251–253).
    fn place_returning(&mut self) {
        for i in 0..self.robots.len() {
            if !self.returning[i] {
                continue;
            }
            let at = self.robots[i].archive;
            let shared = self.robots.iter().enumerate().any(|(j, o)| {
                j != i && (o.at == Some(at) || (self.returning[j] && o.archive == at))
            });
            // Options act as the copy comes back (Superior Archive Copy).
            self.plain_hooks(i, HookKind::Returned, &|_| Ok(()));
            let clean = self.take_clean_return(i);
            let r = &mut self.robots[i];
            r.at = Some(at);
            r.damage = if clean { 0 } else { REENTRY_DAMAGE };
            r.virtual_robot = shared;
            let facing = r.facing;
            self.events.push(Event::Reentered {
                seat: i,
                at,
                facing,
                virtual_robot: shared,
                damage: if clean { 0 } else { REENTRY_DAMAGE },
            });
        }
        for r in &mut self.returning {
            *r = false;
        }
        // Falling back on a deadly archive cannot happen: archives are
        // board squares a robot stood on alive.
    }

    /// Deals `hand_size(damage)` cards to each robot on the board and
    /// powered up, reshuffling the discard when the deck runs out.
    fn deal(&mut self) {
        for i in 0..self.robots.len() {
            if !self.on_board(i) || self.robots[i].powered_down {
                continue;
            }
            let n = hand_size(self.robots[i].damage);
            for _ in 0..n {
                let Some(card) = self.draw_card() else { break };
                self.hands[i].push(card);
            }
            Deck::standard().sort(&mut self.hands[i]);
            let dealt = self.hands[i].len();
            self.events.push(Event::Dealt(i, dealt));
        }
    }

    /// The top card of the program deck, the discard shuffled in when the
    /// deck is empty; `None` when both are.
    pub(super) fn draw_card(&mut self) -> Option<crate::games::roborally::cards::Card> {
        if self.deck.is_empty() {
            if self.discard.is_empty() {
                return None;
            }
            std::mem::swap(&mut self.deck, &mut self.discard);
            self.deck.shuffle(&mut self.rng);
            self.events.push(Event::Reshuffled(self.deck.len()));
        }
        self.deck.pop()
    }

    /// Whether the programs are given (a scenario that does not program
    /// its turn from hands): nothing is dealt, no card is asked for and
    /// no power down.
    fn programs_given(&self) -> bool {
        self.scenario.is_some() && self.scenario_hands.is_none()
    }

    /// Programming: asks robot `i` for register `reg + 1`, or (reg 5) a
    /// damaged robot for its power down, or (reg 6 + k) its option `k`
    /// when turn-programmed. A scenario's registers are given, and it
    /// asks no power down.
    fn program_step(&mut self, i: usize, reg: u8) -> bool {
        if i >= self.robots.len() {
            self.pc = self.first_phase();
            return true;
        }
        let skip = !self.on_board(i) || self.robots[i].powered_down;
        if skip {
            self.pc = self.programming_of(i + 1);
            return true;
        }
        if reg > LAST_REGISTER {
            return self.program_option_step(i, usize::from(reg - LAST_REGISTER - 1));
        }
        if reg < LAST_REGISTER {
            let r = reg + 1;
            if self.is_locked(i, r)
                || self.hands[i].is_empty()
                || self.card_in(i, r).is_some()
                || self.programs_given()
            {
                self.pc = Pc::Program(i, reg + 1);
                return true;
            }
            if self.filled_at_random(i, r) {
                self.fill_at_random(i, r);
                self.pc = Pc::Program(i, reg + 1);
                return true;
            }
            self.decision = Some(Decision::Card {
                seat: i,
                register: r,
            });
            return false;
        }
        let may_ask = self.robots[i].damage > 0
            && !self.robots[i].power_down_announced
            && !self.programs_given();
        let barred =
            may_ask && self.variant_has(VariantHook::PowerDown) && self.power_down_barred(i);
        if may_ask && !barred {
            self.decision = Some(Decision::PowerDown { seat: i });
            return false;
        }
        if self.hook_error.is_some() {
            return false;
        }
        self.pc = self.after_power_down(i);
        true
    }

    /// Where robot `i`'s programming goes after its power-down answer: its
    /// turn-programmed options when any robot holds options, else the next
    /// robot at once.
    fn after_power_down(&self, i: usize) -> Pc {
        if self.runtime.is_some() {
            Pc::Program(i, LAST_REGISTER + 1)
        } else {
            Pc::Program(i + 1, 0)
        }
    }

    /// Where robot `i`'s programming starts: its options' `hand` hooks
    /// first when any robot holds options; else (no option can act) its
    /// first register at once, saving the driver two empty steps a robot.
    fn programming_of(&self, i: usize) -> Pc {
        if self.runtime.is_some() {
            Pc::Hand(i)
        } else {
            Pc::Program(i, 0)
        }
    }

    /// One step of register phase `r`; `false` when the game waits (an
    /// option's question, or a failed hook).
    #[inline(always)]
    fn phase_step(&mut self, r: u8, step: Step) -> bool {
        let next = match step {
            Step::Reveal => {
                if self.runtime.is_some() && self.reveal_hooks(r).is_err() {
                    return false;
                }
                self.reveal(r);
                if self.order.is_empty() {
                    Step::Express
                } else {
                    Step::Robot(0)
                }
            }
            Step::Robot(k) => {
                if !self.robot_step(usize::from(k)) {
                    return false;
                }
                if usize::from(k) + 1 < self.order.len() {
                    Step::Robot(k + 1)
                } else {
                    Step::Express
                }
            }
            Step::Express => {
                self.belts(true);
                if self.variant_has(VariantHook::Belts) {
                    self.belt_hooks(true);
                }
                Step::Belts
            }
            Step::Belts => {
                self.belts(false);
                if self.variant_has(VariantHook::Belts) {
                    self.belt_hooks(false);
                }
                Step::Pushers
            }
            Step::Pushers => {
                self.pushers(r);
                Step::Gears
            }
            Step::Gears => {
                self.gears();
                Step::Crushers
            }
            Step::Crushers => {
                self.crushers(r);
                Step::Lasers
            }
            Step::Lasers => {
                if self.runtime.is_some() && self.weapon_choices().is_err() {
                    return false;
                }
                self.lasers();
                Step::Flags
            }
            Step::Flags => {
                if self.phase_end_hooks().is_err() {
                    return false;
                }
                self.flags();
                if !self.asked.is_empty() {
                    self.asked.clear();
                }
                self.step_done = step != Step::Reveal;
                self.pc = if self.outcome.is_some() {
                    Pc::Over
                } else if self.scenario == Some(r) && r < LAST_REGISTER {
                    Pc::Paused
                } else if r < LAST_REGISTER {
                    Pc::Phase(r + 1, Step::Reveal)
                } else {
                    Pc::EndRepair(0)
                };
                return self.hook_error.is_none();
            }
        };
        if !self.asked.is_empty() {
            self.asked.clear();
        }
        self.step_done = step != Step::Reveal;
        self.pc = Pc::Phase(r, next);
        // A hook of the step (destroyed, ram, a variant's belts) may have
        // failed.
        self.hook_error.is_none()
    }

    /// Answers the current decision, once checked legal, and runs on.
    pub(crate) fn answer(&mut self, answer: Answer) -> Result<(), Refusal> {
        if self.decision.is_none() {
            return Err(Refusal::new(self.describe_decision()));
        }
        if !self.is_legal(answer) {
            return Err(Refusal::new(format!(
                "`{}` is not an answer to this decision: {}",
                self.write_answer(answer),
                self.describe_decision()
            )));
        }
        self.answer_legal(answer)
    }

    /// Answers the current decision with `answer`, known to be one of its
    /// legal answers, and runs on. A failing option hook refuses the
    /// answer and leaves the game as it was before it.
    pub(crate) fn answer_legal(&mut self, answer: Answer) -> Result<(), Refusal> {
        // Only a game with options or variants' hooks can fail: only it is
        // kept to go back to.
        if self.runtime.is_none()
            && self.variant_hooks == 0
            && !matches!(self.decision, Some(Decision::TwoWrench { .. }))
        {
            self.answer_inner(answer);
            return Ok(());
        }
        self.answer_kept(answer)
    }

    /// [`Game::answer_legal`] in a game that may hold options: a copy is
    /// kept to go back to when a hook fails.
    #[cold]
    #[inline(never)]
    fn answer_kept(&mut self, answer: Answer) -> Result<(), Refusal> {
        let before = self.clone();
        self.answer_inner(answer);
        match self.hook_error.take() {
            None => Ok(()),
            Some(e) => {
                *self = before;
                Err(Refusal::new(e.to_string()))
            }
        }
    }

    /// [`Game::answer_legal`] without the undo.
    fn answer_inner(&mut self, answer: Answer) {
        let d = self.decision.expect("a legal answer answers a decision");
        self.events.clear();
        match (d, answer) {
            (Decision::Card { seat, register }, Answer::Card(card)) => {
                let hand = &mut self.hands[seat];
                let at = hand
                    .iter()
                    .position(|&c| c == card)
                    .expect("legal: in hand");
                hand.remove(at);
                self.robots[seat].program[usize::from(register) - 1] = Some(card);
                self.pc = Pc::Program(seat, register);
            }
            (Decision::PowerDown { seat }, a) => {
                if a == Answer::PowerDown {
                    self.robots[seat].power_down_announced = true;
                    self.events.push(Event::PowerDownAnnounced(seat));
                }
                self.pc = self.after_power_down(seat);
            }
            (Decision::Facing { seat }, Answer::Facing(f)) => {
                self.robots[seat].facing = f;
                self.returning[seat] = true;
                self.pc = Pc::Reenter(seat + 1);
            }
            (Decision::StayOrWake { seat }, a) => {
                if a == Answer::Stay {
                    let repaired = std::mem::take(&mut self.robots[seat].damage);
                    self.events.push(Event::StaysDown(seat, repaired));
                } else {
                    self.robots[seat].powered_down = false;
                    self.events.push(Event::Wakes(seat));
                }
                self.pc = Pc::StayWake(seat + 1);
            }
            (Decision::TwoWrench { seat }, a) => {
                if a == Answer::DrawOption && !self.option_deck.is_empty() {
                    let o = self.option_deck.remove(0);
                    self.events.push(Event::OptionDrawn(seat, event_name(&o)));
                    self.robots[seat].options.push(o);
                    if let Err(e) = self.need_runtime() {
                        self.hook_error = Some(Box::new(e));
                    }
                } else {
                    self.repair(seat, 2);
                }
                self.pc = Pc::EndRepair(seat + 1);
            }
            (Decision::DamageOption { .. }, Answer::Option(o)) => {
                self.answer_damage(Some(usize::from(o)))
            }
            (Decision::DamageOption { .. }, _) => self.answer_damage(None),
            (Decision::LoseOption { .. }, Answer::Option(o)) => {
                self.answer_lose_option(usize::from(o))
            }
            (Decision::UseOption { seat, option }, a) => {
                self.answer_use(seat, option, a == Answer::Use)
            }
            (Decision::ProgramOption { seat, option }, Answer::Setting(k)) => {
                self.answer_setting(seat, option, k)
            }
            (Decision::Weapon { seat }, Answer::Weapon(k)) => self.answer_weapon(seat, k),
            (Decision::Continue, _) => {}
            _ => unreachable!("a legal answer fits its decision"),
        }
        // A damage point answered may have left the queue's head spent.
        if let Some(Pending::Damage { amount: 0, .. }) = self.pending.first() {
            self.pending.remove(0);
        }
        self.resume();
    }

    /// Runs on after an answer. A card answer mostly leads to the same
    /// robot's next register: that question is asked at once, without the
    /// driver's loop, whose setup costs more than the question (nothing
    /// can be pending, done or over between two registers of one robot).
    /// Anything else goes round [`Game::run`].
    #[inline]
    fn resume(&mut self) {
        if let Pc::Program(i, reg) = self.pc {
            if self.pending.is_empty()
                && !self.step_done
                && self.outcome.is_none()
                && !self.destroyed_since_check
            {
                self.decision = None;
                if !self.program_step(i, reg) {
                    return;
                }
            }
        }
        self.run();
    }
}
