//! The steps of one register phase, in the fixed order of the design's
//! RoboRally page (seed lines 117–145, 409–474): cards revealed, robots
//! move by priority, express belts, all belts, pushers, gears, crushers,
//! lasers, flags and archives.

use crate::engine::Outcome;

use super::narrate::{Cause, Event};
use super::option_lua::HookKind;
use super::Game;
use crate::games::roborally::board::Kind;
use crate::games::roborally::cards::{CardSet, Deck, MAX_DECK};

impl Game {
    /// The cards of phase `r` are revealed; the robots that play one
    /// (on the board, powered up, with a card there) are ordered by
    /// priority, highest first (ruling 2, seed line 125).
    pub(super) fn reveal(&mut self, r: u8) {
        self.revealed = r;
        self.events.push(Event::PhaseBegins(r));
        let mut order = std::mem::take(&mut self.order);
        order.clear();
        // One bit per card of the deck, and its robot: read from the
        // highest bit, the cards come out highest priority first.
        let deck = Deck::standard();
        let mut cards = CardSet::default();
        let mut robot_of = [0u8; MAX_DECK];
        let mut all_ranked = true;
        for (i, robot) in self.robots.iter().enumerate() {
            if robot.at.is_some() && !robot.powered_down {
                if let Some(card) = robot.program[usize::from(r) - 1] {
                    order.push((card, i));
                    match deck.rank(card) {
                        Some(place) if cards.insert(place) => robot_of[place] = i as u8,
                        _ => all_ranked = false,
                    }
                }
            }
        }
        if all_ranked {
            for (slot, place) in order.iter_mut().zip(cards.descending()) {
                *slot = (deck.cards()[place], usize::from(robot_of[place]));
            }
        } else {
            order.sort_by_key(|&(card, _)| std::cmp::Reverse(card.priority));
        }
        for &(card, i) in &order {
            self.events.push(Event::Revealed(i, card));
        }
        self.order = order;
        if self.runtime.is_some() && self.programmed.armed.any_mirrored() {
            self.mirror_order();
        }
    }

    /// The `k`th robot of the phase plays its card, if still on the board;
    /// `false` when an option's question stops the step (or a hook
    /// failed).
    pub(super) fn robot_step(&mut self, k: usize) -> bool {
        // The card of the order: a robot under Radio Control plays
        // another's.
        let (card, i) = self.order[k];
        if !self.on_board(i) {
            return true;
        }
        let mut squares = card.kind.squares().unsigned_abs();
        if self.runtime.is_some()
            && card.kind.quarter_turns() == 0
            && self.holds_hook(i, HookKind::Card)
        {
            match self.card_hooks(i, card, squares) {
                Ok(s) => squares = s,
                Err(()) => return false,
            }
        }
        self.play_card(i, card, squares);
        true
    }

    /// Active pushers push, in order of their square by `y` then `x`
    /// (ruling 5); every robot on the square, as a robot move pushes.
    pub(super) fn pushers(&mut self, r: u8) {
        let pushers = std::sync::Arc::clone(&self.pushers);
        for &(at, to, registers) in pushers.iter() {
            if !registers.contains(r) {
                continue;
            }
            for i in 0..self.robots.len() {
                if self.robots[i].at == Some(at) {
                    self.step_robot(i, to, Cause::Pusher(at));
                }
            }
        }
    }

    /// Gears turn the robots on them 90° (seed line 460).
    pub(super) fn gears(&mut self) {
        for i in 0..self.robots.len() {
            let Some(at) = self.robots[i].at else {
                continue;
            };
            if let Some(Kind::Gear(t)) = self.board.kind(at) {
                if self.runtime.is_some() && self.steady(i, "gear") {
                    continue;
                }
                let rb = &mut self.robots[i];
                rb.facing = rb.facing.turned_eighths(t.eighths());
                let f = rb.facing;
                self.events.push(Event::TurnedByGear(i, t, f));
            }
        }
    }

    /// Active crushers destroy the robots on them (seed line 462).
    pub(super) fn crushers(&mut self, r: u8) {
        for i in 0..self.robots.len() {
            let Some(at) = self.robots[i].at else {
                continue;
            };
            if self.board.crusher(at).is_some_and(|c| c.contains(r)) {
                self.events.push(Event::Crushed(i, at));
                self.destroy(i);
            }
        }
    }

    /// Robots alive on a flag or repair site move their archive there;
    /// the next flag in order counts; the first to touch the last flag
    /// wins at once, shared when several do in one phase (ruling 8).
    /// Powered-down robots touch nothing (ruling 12).
    pub(super) fn flags(&mut self) {
        let last = self.board.flags().len() as u8;
        let mut winners = Vec::new();
        for i in 0..self.robots.len() {
            let rb = &self.robots[i];
            let Some(at) = rb.at else { continue };
            if rb.powered_down {
                continue;
            }
            let flag = self.board.flag_at(at);
            let site = matches!(self.board.kind(at), Some(Kind::Repair(_)));
            // A robot reaching its next flag from beside it (Mechanical
            // Arm) touches it; its archive stays where it stands.
            let reached = !self.arm_touch.is_empty() && self.arm_touch.contains(&i);
            if reached {
                if rb.flags < last {
                    let f = rb.flags + 1;
                    self.robots[i].flags = f;
                    self.events.push(Event::FlagTouched(i, f));
                    if f == last {
                        winners.push(i);
                    }
                }
                continue;
            }
            if (flag.is_some() || site) && rb.archive != at {
                self.robots[i].archive = at;
                self.events.push(Event::ArchiveMoved(i, at));
            }
            if let Some(f) = flag {
                if f == self.robots[i].flags + 1 {
                    self.robots[i].flags = f;
                    self.events.push(Event::FlagTouched(i, f));
                    if f == last {
                        winners.push(i);
                    }
                }
            }
        }
        if !self.arm_touch.is_empty() {
            self.arm_touch.clear();
        }
        if !winners.is_empty() {
            for &w in &winners {
                self.events.push(Event::Won(w));
            }
            let names: Vec<&str> = winners.iter().map(|&w| self.name(w)).collect();
            self.outcome = Some(Outcome {
                reason: format!("{} touched the last flag", names.join(" and ")),
                winners,
                at_turn_limit: false,
            });
        }
    }
}
