//! Where the engine calls the variants' hooks ([`super::variant_lua`]) and
//! what it does with their answers: a power down not offered, the
//! registers filled at random when a player's time runs out, flags moved
//! after a belt step, the effects asked at a turn's end or a robot's
//! destruction. Each is a cold function behind one test of
//! [`Game::variant_hooks`]: a game without variants pays that test only.

use std::rc::Rc;

use rand::Rng;

use crate::grid::square::Square;

use super::narrate::Event;
use super::variant_lua::{FlagMove, VariantHook, VariantHookError, VariantRuntime};
use super::Game;

/// The variants a game is played with.
#[derive(Debug)]
pub struct Variants {
    /// Their names, in the order they apply (recorded in replays).
    pub names: Vec<String>,
    /// Their scripts' runtime, when a script defines a hook.
    pub runtime: Option<VariantRuntime>,
}

impl Game {
    /// Plays the game with `variants` (before it runs).
    pub(super) fn attach(&mut self, variants: Option<Rc<Variants>>) {
        self.variant_hooks = variants
            .as_ref()
            .and_then(|v| v.runtime.as_ref())
            .map_or(0, VariantRuntime::hooks);
        self.variants = variants;
    }

    /// The names of the variants played, in order.
    pub fn variant_names(&self) -> &[String] {
        self.variants.as_ref().map_or(&[], |v| v.names.as_slice())
    }

    /// Whether a variant defines `hook`.
    #[inline]
    pub(super) fn variant_has(&self, hook: VariantHook) -> bool {
        self.variant_hooks & hook.bit() != 0
    }

    /// Keeps a hook's failure: the driver stops, and the answer that ran
    /// it is refused.
    fn variant_failed(&mut self, e: VariantHookError) {
        if self.hook_error.is_none() {
            self.hook_error = Some(Box::new(e));
        }
    }

    /// Calls `hook` of every variant defining it; applies the option
    /// handle's requests; the values, with the flags asked to move.
    fn call_variants(
        &mut self,
        hook: VariantHook,
        fill: &dyn Fn(&mlua::Table) -> mlua::Result<()>,
    ) -> Option<(Rc<Variants>, Vec<mlua::Value>, Vec<FlagMove>)> {
        let variants = self.variants.clone()?;
        let runtime = variants.runtime.as_ref()?;
        // The hooks and the changes they ask for run under the game's one
        // hook guard.
        let guard = self.hook_guard.clone();
        let _running = match guard.enter(&runtime.label(hook)) {
            Ok(running) => running,
            Err(too_deep) => {
                let _ = self.too_deep::<()>(too_deep);
                return None;
            }
        };
        match runtime.call_all(self, hook, fill) {
            Ok(called) => {
                let mut values = Vec::new();
                let mut moves = Vec::new();
                for c in called {
                    self.apply_effects(c.effects);
                    values.push(c.value);
                    moves.extend(c.moves);
                }
                Some((variants, values, moves))
            }
            Err(e) => {
                self.variant_failed(e);
                None
            }
        }
    }

    /// Whether a variant's `power_down` hook bars robot `i` from powering
    /// down (its player is then not asked).
    #[cold]
    #[inline(never)]
    pub(super) fn power_down_barred(&mut self, i: usize) -> bool {
        let colour = self.robots[i].colour();
        let Some((variants, values, _)) =
            self.call_variants(VariantHook::PowerDown, &|t| t.raw_set("robot", colour))
        else {
            return false;
        };
        let mut barred = false;
        for (k, value) in values.iter().enumerate() {
            match value {
                mlua::Value::Nil | mlua::Value::Boolean(true) => {}
                mlua::Value::Boolean(false) | mlua::Value::String(_) => barred = true,
                other => {
                    let runtime = variants.runtime.as_ref().expect("a hook ran");
                    self.variant_failed(runtime.bad_return(
                        VariantHook::PowerDown,
                        k,
                        &format!(
                            "returned {}: a power_down hook returns nil, true, false or a reason",
                            crate::script::text::quoted_value(other)
                        ),
                    ));
                    return false;
                }
            }
        }
        if barred {
            self.events.push(Event::PowerDownBarred(i));
        }
        barred
    }

    /// After the deal: each dealt robot's `programming` hooks say how many
    /// registers its player fills this turn (the fewest of their answers).
    #[cold]
    #[inline(never)]
    pub(super) fn programming_hooks(&mut self) {
        self.chosen.clear();
        for i in 0..self.robots.len() {
            let mut chosen = super::LAST_REGISTER;
            if self.on_board(i) && !self.robots[i].powered_down {
                let colour = self.robots[i].colour();
                let Some((variants, values, _)) =
                    self.call_variants(VariantHook::Programming, &|t| t.raw_set("robot", colour))
                else {
                    return;
                };
                for (k, value) in values.iter().enumerate() {
                    match value {
                        mlua::Value::Nil => {}
                        mlua::Value::Integer(n) if (0..=5).contains(n) => {
                            chosen = chosen.min(*n as u8);
                        }
                        other => {
                            let runtime = variants.runtime.as_ref().expect("a hook ran");
                            self.variant_failed(runtime.bad_return(
                                VariantHook::Programming,
                                k,
                                &format!(
                                    "returned {}: a programming hook returns nil or the registers its player fills, 0 to 5",
                                    crate::script::text::quoted_value(other)
                                ),
                            ));
                            return;
                        }
                    }
                }
                if chosen < super::LAST_REGISTER {
                    self.events.push(Event::TimeRunsOut(i, chosen));
                }
            }
            self.chosen.push(chosen);
        }
    }

    /// The registers robot `i`'s player fills this turn, from the first:
    /// 5, or fewer when a variant's `programming` hook says so.
    pub fn chosen_registers(&self, i: usize) -> u8 {
        self.chosen.get(i).copied().unwrap_or(super::LAST_REGISTER)
    }

    /// Whether register `r` (1..=5) of robot `i` is filled at random this
    /// turn (its player's time ran out).
    #[inline]
    pub(super) fn filled_at_random(&self, i: usize, r: u8) -> bool {
        self.chosen.get(i).is_some_and(|&n| r > n)
    }

    /// Fills register `r` of robot `i` with a card of its hand drawn with
    /// the game's random numbers.
    #[cold]
    #[inline(never)]
    pub(super) fn fill_at_random(&mut self, i: usize, r: u8) {
        let hand = &mut self.hands[i];
        let k = self.rng.gen_range(0..hand.len());
        let card = hand.remove(k);
        self.robots[i].program[usize::from(r) - 1] = Some(card);
        self.events.push(Event::FilledAtRandom(i, r));
    }

    /// The turn ends: the `turn_end` hooks (`event.turn`), and what they
    /// ask for.
    #[cold]
    #[inline(never)]
    pub(super) fn turn_end_variants(&mut self) {
        let turn = self.turn;
        self.call_variants(VariantHook::TurnEnd, &|t| t.raw_set("turn", turn));
    }

    /// Robot `i` was destroyed: the `destroyed` hooks (`event.robot`),
    /// and what they ask for.
    #[cold]
    #[inline(never)]
    pub(super) fn destroyed_variants(&mut self, i: usize) {
        let colour = self.robots[i].colour();
        self.call_variants(VariantHook::Destroyed, &|t| t.raw_set("robot", colour));
    }

    /// After a belt step (`express`: the express belts' first move): the
    /// `belts` hooks, and the flags they move.
    #[cold]
    #[inline(never)]
    pub(super) fn belt_hooks(&mut self, express: bool) {
        let Some((_, _, moves)) =
            self.call_variants(VariantHook::Belts, &|t| t.raw_set("express", express))
        else {
            return;
        };
        if !moves.is_empty() {
            self.move_flags(&moves);
        }
    }

    /// Moves flags one square each, planned from the same position: a
    /// wall on the way keeps a flag; a flag carried off the board or into a
    /// pit goes back to its square at the start of the race (kept where it
    /// is when another flag stands there); two flags bound for one square,
    /// or a flag bound for a square whose flag stays, are kept (and a flag
    /// behind a kept one too).
    fn move_flags(&mut self, moves: &[FlagMove]) {
        // (flag, from, to, returned); the first request for a flag counts.
        let mut plans: Vec<(u8, Square, Square, bool)> = Vec::new();
        for m in moves {
            if plans.iter().any(|p| p.0 == m.flag) {
                continue;
            }
            let Some(from) = self
                .board
                .flags()
                .iter()
                .find(|f| f.number == m.flag)
                .map(|f| f.at)
            else {
                continue;
            };
            if self.board.is_walled(from, m.dir) {
                self.events.push(Event::FlagHeld(m.flag, from));
                continue;
            }
            let to = from.step(m.dir);
            if self.is_deadly(to) {
                let home = self
                    .start
                    .0
                    .board
                    .flags()
                    .iter()
                    .find(|f| f.number == m.flag)
                    .map(|f| f.at);
                plans.push((m.flag, from, home.unwrap_or(from), true));
            } else {
                plans.push((m.flag, from, to, false));
            }
        }
        // Cancel conflicts until none is left.
        loop {
            let kept = plans.iter().position(|&(flag, from, to, _)| {
                let shared = plans.iter().any(|p| p.0 != flag && p.2 == to);
                let occupied = self
                    .board
                    .flag_at(to)
                    .is_some_and(|other| other != flag && !plans.iter().any(|p| p.0 == other));
                to != from && (shared || occupied)
            });
            let Some(k) = kept else { break };
            let (flag, from, _, _) = plans.remove(k);
            self.events.push(Event::FlagHeld(flag, from));
        }
        let board = std::sync::Arc::make_mut(&mut self.board);
        let placed: Vec<(u8, Square)> = plans.iter().map(|p| (p.0, p.2)).collect();
        if let Err(e) = board.move_flags(&placed) {
            self.variant_failed(VariantHookError {
                variant: "(engine)".into(),
                hook: VariantHook::Belts.name(),
                message: e,
            });
            return;
        }
        for (flag, from, to, returned) in plans {
            self.events.push(if returned {
                Event::FlagReturned(flag, from, to)
            } else {
                Event::FlagCarried(flag, from, to)
            });
        }
    }
}
