//! Optional weapons (seed lines 311–317: fired instead of the main
//! laser, "either the weapon or the laser"): before the lasers' step a
//! robot whose options offer a weapon against the robot its main laser
//! would hit (the `weapon` hook) is asked which it fires (the weapon's
//! name or `laser`, [`Decision::Weapon`]; a weapon whose hook names aims
//! is offered once per aim, `fire_control shield`); a weapon fired calls
//! its `fire` hook (with the aim chosen), which asks for damage, pushes
//! (Pressor Beam, Tractor Beam, Mini Howitzer), a program replaced (Radio
//! Control), the next card replaced (Scrambler) or an option destroyed
//! (Fire Control).

use mlua::Value;

use crate::grid::square::Compass;

use super::answer::Decision;
use super::narrate::{Cause, Event};
use super::option_lua::HookKind;
use super::Game;

/// The word for the main laser among a weapon question's answers.
pub(super) const MAIN_LASER: &str = "laser";

/// One answer of a weapon question: a weapon (or [`MAIN_LASER`]) and,
/// when its `weapon` hook named aims, the one this answer takes (Fire
/// Control: the target's option it destroys).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Offered {
    weapon: &'static str,
    aim: Option<String>,
}

impl Offered {
    /// The answer's text: the weapon's name, then its aim.
    fn text(&self) -> String {
        match &self.aim {
            Some(aim) => format!("{} {aim}", self.weapon),
            None => self.weapon.to_string(),
        }
    }
}

/// The optional weapons' state: the choices of this lasers' step, the
/// question asked now, and the robots whose program another robot's
/// Radio Control replaced for the rest of the turn.
#[derive(Clone, Debug, Default)]
pub(super) struct Armed {
    /// (robot, answer) chosen in this lasers' step.
    chosen: Vec<(usize, Offered)>,
    /// The answers of the weapon question asked now, [`MAIN_LASER`] last.
    offer: Vec<Offered>,
    /// (robot, the robot whose cards it plays) for the rest of the turn.
    mirrored: Vec<(usize, usize)>,
}

impl Armed {
    /// How many answers the weapon question asked now has.
    pub(super) fn offer_len(&self) -> usize {
        self.offer.len()
    }

    /// The text of answer `k` of the weapon question asked now.
    pub(super) fn offer_text(&self, k: usize) -> Option<String> {
        self.offer.get(k).map(Offered::text)
    }

    /// The answers of the weapon question asked now, as text.
    pub(super) fn offer_texts(&self) -> Vec<String> {
        self.offer.iter().map(Offered::text).collect()
    }

    /// Which answer of the weapon question asked now `word` is.
    pub(super) fn offer_position(&self, word: &str) -> Option<usize> {
        self.offer.iter().position(|o| o.text() == word)
    }

    /// Whether robot `i` fires an optional weapon in this step (not its
    /// main laser).
    pub(super) fn fires_weapon(&self, i: usize) -> bool {
        self.chosen
            .iter()
            .any(|c| c.0 == i && c.1.weapon != MAIN_LASER)
    }

    /// Whether some robot plays another's cards this turn.
    #[inline]
    pub(super) fn any_mirrored(&self) -> bool {
        !self.mirrored.is_empty()
    }

    /// The turn is over: programs are a robot's own again.
    pub(super) fn end_turn(&mut self) {
        self.mirrored.clear();
    }
}

/// What a `weapon` hook's return offers: nothing (nil or false), the
/// weapon once (true), or the weapon once per aim (a list of strings);
/// `Err` says what else it returned.
fn weapon_aims(v: Value) -> Result<Vec<Option<String>>, String> {
    match v {
        Value::Nil | Value::Boolean(false) => Ok(Vec::new()),
        Value::Boolean(true) => Ok(vec![None]),
        Value::Table(t) => t
            .sequence_values::<Value>()
            .map(|aim| match aim {
                Ok(Value::String(s)) => s
                    .to_str()
                    .map(|s| Some(s.to_string()))
                    .map_err(|_| "an aim that is not UTF-8".to_string()),
                Ok(other) => Err(format!("an aim {other:?}")),
                Err(e) => Err(e.to_string()),
            })
            .collect(),
        other => Err(format!("{other:?}")),
    }
}

impl Game {
    /// The robot robot `i`'s main laser would hit now: the robot, the
    /// way the beam goes, and how many squares away it stands.
    pub(super) fn main_target(&self, i: usize) -> Option<(usize, Compass, i32)> {
        let at = self.robots[i].at?;
        let dir = self.robots[i].facing;
        let j = *self.beam(i, dir, 0).first()?;
        let to = self.robots[j].at?;
        Some((j, dir, (to.x - at.x).abs() + (to.y - at.y).abs()))
    }

    /// Before the lasers fire, each robot that could fire an optional
    /// weapon at its main laser's target is asked which it fires;
    /// `Err(())` while a question waits or when a hook failed.
    pub(super) fn weapon_choices(&mut self) -> Result<(), ()> {
        for i in 0..self.robots.len() {
            let r = &self.robots[i];
            if r.at.is_none()
                || r.virtual_robot
                || r.powered_down
                || self.programmed.armed.chosen.iter().any(|c| c.0 == i)
                || !self.holds_hook(i, HookKind::Weapon)
            {
                continue;
            }
            let Some((j, dir, distance)) = self.main_target(i) else {
                continue;
            };
            let target = self.name(j);
            let values = self.call_hooks(i, HookKind::Weapon, None, &|t| {
                t.raw_set("target", target)?;
                t.raw_set("direction", dir.name())?;
                t.raw_set("distance", distance)
            })?;
            let mut offer = Vec::new();
            for (_, weapon, v) in values {
                match weapon_aims(v) {
                    Ok(aims) => offer.extend(aims.into_iter().map(|aim| Offered { weapon, aim })),
                    Err(what) => {
                        let rt = self.runtime.clone().expect("a hook ran");
                        return self.fail_with(rt.bad_return(
                            weapon,
                            HookKind::Weapon,
                            &format!("returned {what}: a weapon hook returns true (it can fire), a list of aims (strings: one answer each) or nil"),
                        ));
                    }
                }
            }
            if offer.is_empty() {
                continue;
            }
            offer.push(Offered {
                weapon: MAIN_LASER,
                aim: None,
            });
            self.programmed.armed.offer = offer;
            self.decision = Some(Decision::Weapon { seat: i });
            return Err(());
        }
        Ok(())
    }

    /// Robot `seat` fires answer `k` of its weapon question.
    pub(super) fn answer_weapon(&mut self, seat: usize, k: u8) {
        let armed = &mut self.programmed.armed;
        let k = usize::from(k);
        if k >= armed.offer.len() {
            return;
        }
        let chosen = armed.offer.swap_remove(k);
        armed.offer.clear();
        self.events.push(Event::WeaponChosen(seat, chosen.weapon));
        armed.chosen.push((seat, chosen));
    }

    /// The optional weapons chosen in this step fire at their targets
    /// (all found before any fires); the choices are forgotten.
    pub(super) fn fire_weapons(&mut self) {
        let chosen = std::mem::take(&mut self.programmed.armed.chosen);
        let shots: Vec<_> = chosen
            .into_iter()
            .filter(|c| c.1.weapon != MAIN_LASER)
            .filter_map(|(i, shot)| self.main_target(i).map(|t| (i, shot, t)))
            .collect();
        for (i, shot, (j, dir, distance)) in shots {
            if !self.on_board(i) || !self.on_board(j) {
                continue;
            }
            let target = self.name(j);
            let fired = self.call_one(i, shot.weapon, HookKind::Fire, &|t| {
                t.raw_set("target", target)?;
                t.raw_set("direction", dir.name())?;
                t.raw_set("distance", distance)?;
                t.raw_set("aim", shot.aim.as_deref())
            });
            if fired.is_err() {
                return;
            }
        }
    }

    /// An option's beam pushes robot `i` one square toward `dir`, as a
    /// pusher does (a chain; a wall stops it).
    pub(super) fn beam_push(&mut self, i: usize, dir: Compass) {
        if self.on_board(i) {
            self.step_robot(i, dir, Cause::Beam);
        }
    }

    /// Robot `target` plays robot `source`'s cards for the rest of the
    /// turn, right after it (Radio Control).
    pub(super) fn mirror(&mut self, target: usize, source: usize) {
        let armed = &mut self.programmed.armed;
        armed.mirrored.retain(|m| m.0 != target);
        armed.mirrored.push((target, source));
        self.events.push(Event::Mirrored(target, source));
    }

    /// The next register's card of robot `i` is replaced by a card drawn
    /// from the deck (Scrambler); nothing after the fifth phase.
    pub(super) fn scramble(&mut self, i: usize) {
        let r = self.revealed + 1;
        if !(1..=super::LAST_REGISTER).contains(&r) || self.card_in(i, r).is_none() {
            return;
        }
        if let Some(c) = self.draw_card() {
            self.replace_register(i, r, c);
            self.events.push(Event::Scrambled(i, r));
        }
    }

    /// The phase's order once Radio Control's robots play their
    /// controllers' cards: a controlled robot's own card is not played;
    /// it plays its controller's, right after it.
    #[cold]
    #[inline(never)]
    pub(super) fn mirror_order(&mut self) {
        let mirrored = self.programmed.armed.mirrored.clone();
        for (target, source) in mirrored {
            self.order.retain(|e| e.1 != target);
            if !self.on_board(target) || self.robots[target].powered_down {
                continue;
            }
            if let Some(at) = self.order.iter().position(|e| e.1 == source) {
                let card = self.order[at].0;
                self.order.insert(at + 1, (card, target));
                self.events.push(Event::PlaysCardOf(target, source, card));
            }
        }
    }
}
