//! Where the engine calls the option cards' hooks ([`super::option_lua`])
//! and what it does with their answers: damage prevented (ruling 13), a
//! card's squares changed, a laser's beam changed, a run-time option's
//! question (`use` | `skip`), and the effects a hook asked for.
//!
//! A question is asked by a hook returning `"ask"`: the step stops with a
//! [`Decision::UseOption`]; once answered, the step runs again from its
//! start and the hook gets `event.answer` (`"use"` or `"skip"`). Hooks are
//! functions of the game and the event, so the second run sees what the
//! first saw; nothing any hook asked for on the run that asked is applied.

use std::rc::Rc;

use mlua::{Table, Value};

use super::answer::Decision;
use super::narrate::{Event, Shooter};
use super::option_lua::{Effect, HookError, HookKind, OptionRuntime};
use super::options::event_name;
use super::{Game, Pending};
use crate::grid::square::Compass;

/// How a laser's beam is changed by the options of its robot (the
/// `laser` hook's answer, merged over its options).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct BeamSpec {
    /// Damage per hit (at least 1).
    pub damage: u8,
    /// Walls or robots the beam goes through (a robot gone through is hit).
    pub pierce: u8,
    /// A second beam fires backward.
    pub rear: bool,
    /// The way the main beam fires, when not the robot's facing (Turret).
    pub facing: Option<Compass>,
}

/// The key of a robot's counter that makes its next copy come back clean.
const CLEAN_RETURN: &str = "clean_return";

impl Game {
    /// Loads the option scripts if a robot holds an option and they are
    /// not loaded yet.
    pub(super) fn need_runtime(&mut self) -> Result<(), HookError> {
        if self.runtime.is_none() && self.robots.iter().any(|r| !r.options.is_empty()) {
            self.runtime = Some(Rc::new(OptionRuntime::load()?));
        }
        Ok(())
    }

    /// Robot `i`'s counter `key` (0 when never set).
    pub(super) fn counter(&self, i: usize, key: &str) -> i64 {
        self.counters.get(i, key)
    }

    /// The bytes the counters keep for scripts (held to the script memory
    /// limit).
    pub(super) fn counter_bytes(&self) -> usize {
        self.counters.held_bytes()
    }

    fn set_counter(&mut self, i: usize, key: &str, value: i64) {
        self.counters.set(i, key, value);
    }

    /// Whether robot `i` holds an option with hook `kind` (never true in
    /// a game without options: no Lua is entered).
    #[inline]
    pub(super) fn holds_hook(&self, i: usize, kind: HookKind) -> bool {
        match &self.runtime {
            None => false,
            Some(rt) => self.robots[i].options.iter().any(|o| rt.has(o, kind)),
        }
    }

    /// Calls hook `kind` of each option robot `i` holds that has it, with
    /// an event filled by `fill` (plus `robot`, and `answer` when its
    /// player answered this option's question in this step). Returns the
    /// options' names and values; the effects are applied, except for a
    /// hook that returned `"ask"`. `Err(())` when a hook failed (the error
    /// is kept in `hook_error`).
    pub(super) fn call_hooks(
        &mut self,
        i: usize,
        kind: HookKind,
        only: Option<&'static str>,
        fill: &dyn Fn(&Table) -> mlua::Result<()>,
    ) -> Result<Vec<(u8, &'static str, Value)>, ()> {
        let Some(rt) = self.runtime.clone() else {
            return Ok(Vec::new());
        };
        let names: Vec<(u8, &'static str)> = self.robots[i]
            .options
            .iter()
            .enumerate()
            .filter(|(_, o)| rt.has(o, kind) && only.is_none_or(|n| n == o.as_str()))
            .map(|(k, o)| (k as u8, event_name(o)))
            .collect();
        if names.is_empty() {
            return Ok(Vec::new());
        }
        // The hooks and the changes they ask for run under the game's one
        // hook guard (a backstop: hooks run from the driver, never inside
        // another hook's changes).
        let label = names
            .iter()
            .map(|&(_, name)| rt.label(name, kind))
            .collect::<Vec<_>>()
            .join(" + ");
        let guard = self.hook_guard.clone();
        let _running = match guard.enter(&label) {
            Ok(running) => running,
            Err(too_deep) => return self.too_deep(too_deep),
        };
        let mut out = Vec::with_capacity(names.len());
        let mut asked = false;
        let mut all_effects = Vec::new();
        for (k, name) in names {
            let answer = self.asked.iter().find(|a| a.0 == i && a.1 == k).map(|a| {
                if a.2 {
                    "use"
                } else {
                    "skip"
                }
            });
            let event = rt.table().and_then(|t| {
                t.raw_set("robot", self.robots[i].colour())?;
                t.raw_set("option", name)?;
                t.raw_set("answer", answer)?;
                fill(&t)?;
                Ok(t)
            });
            let event = match event {
                Ok(t) => t,
                Err(e) => return self.fail(name, kind, e.to_string()),
            };
            match rt.call(self, name, kind, event) {
                Ok(Some((value, effects))) => {
                    let asks = matches!(&value, Value::String(s) if s.as_bytes() == b"ask");
                    if asks && answer.is_some() {
                        return self.fail_with(rt.bad_return(
                            name,
                            kind,
                            "returned \"ask\" again after its question was answered",
                        ));
                    }
                    asked |= asks;
                    all_effects.extend(effects);
                    out.push((k, name, value));
                }
                Ok(None) => {}
                Err(e) => return self.fail_with(e),
            }
        }
        // A step that asks runs again once answered: nothing of this run
        // is kept.
        if !asked {
            self.apply_effects(all_effects);
        }
        Ok(out)
    }

    fn fail<T>(&mut self, option: &'static str, kind: HookKind, message: String) -> Result<T, ()> {
        self.fail_with(HookError {
            option,
            hook: kind.name(),
            message,
        })
    }

    /// A hook chain went past the guard's depth: kept as the hook error
    /// (the answer that ran it is refused).
    pub(super) fn too_deep<T>(&mut self, e: crate::script::TooDeep) -> Result<T, ()> {
        if self.hook_error.is_none() {
            self.hook_error = Some(Box::new(e));
        }
        Err(())
    }

    pub(super) fn fail_with<T>(&mut self, e: HookError) -> Result<T, ()> {
        if self.hook_error.is_none() {
            self.hook_error = Some(Box::new(e));
        }
        Err(())
    }

    /// Applies what hooks asked for.
    pub(super) fn apply_effects(&mut self, effects: Vec<Effect>) {
        for e in effects {
            match e {
                Effect::SetCounter(i, key, value) => self.set_counter(i, &key, value),
                Effect::Discard(i, name) => {
                    if let Some(k) = self.robots[i].options.iter().position(|o| o == name) {
                        self.robots[i].options.remove(k);
                        self.set_counter(i, name, 0);
                        self.events.push(Event::OptionSpent(i, name));
                    }
                }
                Effect::CleanReturn(i) => {
                    self.set_counter(i, CLEAN_RETURN, 1);
                    self.events.push(Event::CleanReturn(i));
                }
                Effect::Damage(i, n) => self.pending.push(Pending::Damage {
                    robot: i,
                    amount: n,
                    hooked: !self.holds_hook(i, HookKind::Damage),
                    from: None,
                }),
                Effect::TouchFlag(i) => {
                    if !self.arm_touch.contains(&i) {
                        self.arm_touch.push(i);
                    }
                }
                Effect::Draw(..)
                | Effect::Redeal(_)
                | Effect::TakeHeld(..)
                | Effect::PlayHeld(..)
                | Effect::DropHeld(..)
                | Effect::CardFromDeck(_)
                | Effect::Push(..)
                | Effect::Mirror(..)
                | Effect::Scramble(_) => self.apply_card_effect(e),
                Effect::PowerDown(i) => {
                    if !self.robots[i].power_down_announced && self.robots[i].at.is_some() {
                        self.robots[i].power_down_announced = true;
                        self.events.push(Event::PowerDownAnnounced(i));
                    }
                }
            }
        }
    }

    /// The first hook of `values` that asks a question not answered yet:
    /// sets the decision; `true` when one was asked.
    pub(super) fn ask_first(&mut self, i: usize, values: &[(u8, &'static str, Value)]) -> bool {
        for (k, _, v) in values {
            if matches!(v, Value::String(s) if s.as_bytes() == b"ask") {
                self.decision = Some(Decision::UseOption {
                    seat: i,
                    option: *k,
                });
                return true;
            }
        }
        false
    }

    /// Records the answer to a [`Decision::UseOption`].
    pub(super) fn answer_use(&mut self, seat: usize, option: u8, used: bool) {
        self.asked.push((seat, option, used));
        let name = event_name(&self.robots[seat].options[usize::from(option)]);
        self.events.push(if used {
            Event::OptionUsed(seat, name)
        } else {
            Event::OptionSkipped(seat, name)
        });
    }

    /// The options of robot `i` that prevent damage by themselves act on
    /// `amount` points (ruling 13); returns what is left.
    pub(super) fn damage_hooks(
        &mut self,
        i: usize,
        amount: u8,
        from: Option<Compass>,
    ) -> Result<u8, ()> {
        let mut left = amount;
        if !self.holds_hook(i, HookKind::Damage) {
            return Ok(left);
        }
        let rt = self.runtime.clone().expect("holds a hook: loaded");
        // One option after the other, each seeing what is left.
        let names: Vec<String> = self.robots[i].options.clone();
        for name in names {
            if left == 0 {
                break;
            }
            let name = event_name(&name);
            if !rt.has(name, HookKind::Damage) || !self.robots[i].options.iter().any(|o| o == name)
            {
                continue;
            }
            let powered_down = self.robots[i].powered_down;
            let values = self.call_one(i, name, HookKind::Damage, &|t| {
                t.raw_set("amount", left)?;
                t.raw_set("from", from.map(Compass::name))?;
                t.raw_set("powered_down", powered_down)
            })?;
            let prevented = match values {
                Value::Nil => 0,
                Value::Integer(n) if (0..=i64::from(left)).contains(&n) => n as u8,
                other => {
                    return self.fail_with(rt.bad_return(
                        name,
                        HookKind::Damage,
                        &format!(
                            "returned {other:?}: a damage hook returns the points it prevents, 0 to {left}"
                        ),
                    ))
                }
            };
            if prevented > 0 {
                left -= prevented;
                self.events.push(Event::DamagePrevented(i, name, prevented));
            }
        }
        Ok(left)
    }

    /// Calls one option's hook (see [`Game::call_hooks`]); its value.
    pub(super) fn call_one(
        &mut self,
        i: usize,
        name: &'static str,
        kind: HookKind,
        fill: &dyn Fn(&Table) -> mlua::Result<()>,
    ) -> Result<Value, ()> {
        let values = self.call_hooks(i, kind, Some(name), fill)?;
        Ok(values
            .into_iter()
            .find(|(_, n, _)| *n == name)
            .map_or(Value::Nil, |v| v.2))
    }

    /// The squares robot `i` moves with `card` (`squares` by the card),
    /// as its options' `card` hooks say; `Err(())` when a question was
    /// asked or a hook failed.
    pub(super) fn card_hooks(
        &mut self,
        i: usize,
        card: crate::games::roborally::cards::Card,
        squares: u8,
    ) -> Result<u8, ()> {
        let name = card.kind.name();
        let values = self.call_hooks(i, HookKind::Card, None, &|t| {
            t.raw_set("card", name)?;
            t.raw_set("priority", card.priority)?;
            t.raw_set("squares", squares)
        })?;
        if self.ask_first(i, &values) {
            return Err(());
        }
        let mut out = squares;
        for (_, option, v) in values {
            match v {
                Value::Nil => {}
                Value::Integer(n) if (0..=5).contains(&n) => out = n as u8,
                other => {
                    let rt = self.runtime.clone().expect("a hook ran");
                    return self.fail_with(rt.bad_return(
                        option,
                        HookKind::Card,
                        &format!(
                            "returned {other:?}: a card hook returns nil, \"ask\" or the squares (0 to 5)"
                        ),
                    ));
                }
            }
        }
        Ok(out)
    }

    /// How robot `i`'s options change its laser.
    pub(super) fn laser_hooks(&mut self, i: usize) -> Result<BeamSpec, ()> {
        let values = self.call_hooks(i, HookKind::Laser, None, &|_| Ok(()))?;
        let mut spec = BeamSpec {
            damage: 1,
            ..BeamSpec::default()
        };
        for (_, option, v) in values {
            let t = match v {
                Value::Nil => continue,
                Value::Table(t) => t,
                other => {
                    let rt = self.runtime.clone().expect("a hook ran");
                    return self.fail_with(rt.bad_return(
                        option,
                        HookKind::Laser,
                        &format!("returned {other:?}: a laser hook returns nil or a table {{ damage, pierce, rear }}"),
                    ));
                }
            };
            let read = |key: &str| t.raw_get::<Option<u8>>(key);
            let rear = t.raw_get::<Option<bool>>("rear");
            let facing = t.raw_get::<Option<String>>("facing").and_then(|f| match f {
                None => Ok(None),
                Some(f) => [Compass::N, Compass::E, Compass::S, Compass::W]
                    .into_iter()
                    .find(|c| c.name() == f)
                    .map(Some)
                    .ok_or_else(|| {
                        mlua::Error::runtime(format!("facing `{f}` is no direction (N, E, S or W)"))
                    }),
            });
            match (
                read("damage"),
                read("pierce"),
                rear.and_then(|r| facing.map(|f| (r, f))),
            ) {
                (Ok(d), Ok(p), Ok((r, f))) => {
                    spec.facing = f.or(spec.facing);
                    spec.damage = spec.damage.max(d.unwrap_or(1)).min(9);
                    spec.pierce = spec.pierce.saturating_add(p.unwrap_or(0)).min(9);
                    spec.rear |= r.unwrap_or(false);
                }
                (d, p, r) => {
                    let why = [d.err(), p.err(), r.err()]
                        .into_iter()
                        .flatten()
                        .map(|e| e.to_string())
                        .collect::<Vec<_>>()
                        .join("; ");
                    let rt = self.runtime.clone().expect("a hook ran");
                    return self.fail_with(rt.bad_return(
                        option,
                        HookKind::Laser,
                        &format!("a laser table's damage and pierce are numbers 0 to 255, rear a boolean, facing a direction: {why}"),
                    ));
                }
            }
        }
        Ok(spec)
    }

    /// Robot `i` fires its laser as `spec` says: forward, and backward
    /// when `rear`; each hit is noted in `hits`.
    pub(super) fn fire_modified(
        &self,
        i: usize,
        spec: BeamSpec,
        hits: &mut Vec<(usize, Shooter, u8)>,
    ) {
        let facing = self.robots[i].facing;
        let mut dirs = vec![spec.facing.unwrap_or(facing)];
        if spec.rear {
            dirs.push(facing.turned_eighths(4));
        }
        for dir in dirs {
            for j in self.beam(i, dir, spec.pierce) {
                hits.push((j, Shooter::Robot(i), spec.damage));
            }
        }
    }

    /// The real robots a beam from robot `i` toward `dir` hits, going
    /// through up to `pierce` walls or robots (each robot it goes through
    /// is hit).
    pub(super) fn beam(&self, i: usize, dir: Compass, pierce: u8) -> Vec<usize> {
        let mut hit = Vec::new();
        let Some(mut sq) = self.robots[i].at else {
            return hit;
        };
        let mut pierce = pierce;
        loop {
            if self.board.is_walled(sq, dir) {
                if pierce == 0 {
                    break;
                }
                pierce -= 1;
            }
            sq = sq.step(dir);
            if self.board.is_off(sq) {
                break;
            }
            if let Some(j) = self.real_at(sq) {
                hit.push(j);
                if pierce == 0 {
                    break;
                }
                pierce -= 1;
            }
        }
        hit
    }

    /// The hooks of phase ends (Mechanical Arm): `Err(())` when a question
    /// was asked or a hook failed.
    pub(super) fn phase_end_hooks(&mut self) -> Result<(), ()> {
        if self.runtime.is_none() {
            return Ok(());
        }
        for i in 0..self.robots.len() {
            if !self.on_board(i)
                || self.robots[i].powered_down
                || !self.holds_hook(i, HookKind::PhaseEnd)
            {
                continue;
            }
            let register = self.revealed;
            let values = self.call_hooks(i, HookKind::PhaseEnd, None, &|t| {
                t.raw_set("register", register)
            })?;
            if self.ask_first(i, &values) {
                return Err(());
            }
        }
        Ok(())
    }

    /// Runs hook `kind` (no answer expected) for robot `i`'s options.
    pub(super) fn plain_hooks(
        &mut self,
        i: usize,
        kind: HookKind,
        fill: &dyn Fn(&Table) -> mlua::Result<()>,
    ) {
        if self.holds_hook(i, kind) {
            // A failure is kept in `hook_error`: the driver stops.
            let _ = self.call_hooks(i, kind, None, fill);
        }
    }

    /// The side of robot `j` a shot by `by` comes from: toward the
    /// shooter's square, or (a board laser's emitter on the robot's own
    /// square) the side the beam enters by.
    pub(super) fn shot_side(&self, j: usize, by: Shooter) -> Option<Compass> {
        let at = self.robots[j].at?;
        let source = match by {
            Shooter::Robot(s) => self.robots[s].at?,
            Shooter::Board(sq) => sq,
        };
        if source == at {
            let laser = self.board.lasers().iter().find(|l| l.at == at)?;
            return Some(laser.to.turned_eighths(4));
        }
        let (dx, dy) = (source.x - at.x, source.y - at.y);
        Some(match (dx.signum(), dy.signum()) {
            (0, -1) => Compass::N,
            (1, 0) => Compass::E,
            (0, 1) => Compass::S,
            (-1, 0) => Compass::W,
            _ => return None,
        })
    }

    /// Whether robot `i` comes back without damage (and forgets it).
    pub(super) fn take_clean_return(&mut self, i: usize) -> bool {
        let clean = self.counter(i, CLEAN_RETURN) != 0;
        if clean {
            self.set_counter(i, CLEAN_RETURN, 0);
        }
        clean
    }

    /// Robot `i` rammed robot `j` with its move: its `ram` hooks.
    pub(super) fn ram_hooks(&mut self, i: usize, j: usize) {
        if !self.holds_hook(i, HookKind::Ram) {
            return;
        }
        let target = self.robots[j].colour();
        let Ok(values) = self.call_hooks(i, HookKind::Ram, None, &|t| t.raw_set("target", target))
        else {
            return;
        };
        for (_, name, _) in values {
            self.events.push(Event::Rammed(i, j, name));
        }
    }
}
