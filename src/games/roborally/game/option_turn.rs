//! Options that act on program cards and on the turn's programming
//! (`docs/roborally-options.md`): the `hand` hook (after the deal, before
//! the robot is programmed: Extra Memory, Recompile, Flywheel), the
//! `program` hook (a turn-programmed option's question after the power
//! down, seed lines 335–341: Shield, Turret, Gyroscopic Stabilizer,
//! Flywheel, Conditional), the `reveal` hook (before a register's cards
//! are revealed: Conditional, Abort Switch), the `turned` hook (a gear or
//! a turning belt about to turn the holder: Gyroscopic Stabilizer), and
//! the program cards that lie on options.

use mlua::Value;

use super::answer::Decision;
use super::narrate::Event;
use super::option_lua::{Effect, HookKind};
use super::options::event_name;
use super::{Game, Pc, LAST_REGISTER};
use crate::games::roborally::cards::{Card, Deck};

/// Most answers a turn-programmed option may offer.
const MOST_ANSWERS: usize = 32;

/// The turn-programmed options' answers for the turn, and the program
/// cards lying on options.
#[derive(Clone, Debug, Default)]
pub(super) struct Programmed {
    /// (robot, option, answer) for this turn.
    settings: Vec<(usize, &'static str, String)>,
    /// Program cards lying on options: (robot, option, card). Cards there
    /// are out of the deck, the hands and the registers.
    held: Vec<(usize, &'static str, Card)>,
    /// The option being programmed now and the answers it offers.
    offered: Option<(&'static str, Vec<String>)>,
    /// The optional weapons' choices and effects.
    pub(super) armed: super::option_weapons::Armed,
}

impl Programmed {
    /// The number of answers offered now.
    pub(super) fn offered_len(&self) -> usize {
        self.offered.as_ref().map_or(0, |o| o.1.len())
    }

    /// The option being programmed now.
    pub(super) fn offered_option(&self) -> &'static str {
        self.offered.as_ref().map_or("an option", |o| o.0)
    }

    /// The answers offered now.
    pub(super) fn offered_words(&self) -> &[String] {
        self.offered.as_ref().map_or(&[], |o| o.1.as_slice())
    }

    /// The turn is over: the answers are forgotten (cards on options
    /// stay).
    pub(super) fn end_turn(&mut self) {
        if !self.settings.is_empty() {
            self.settings.clear();
        }
        self.armed.end_turn();
    }

    /// Robot `i`'s answer for `option` this turn.
    pub(super) fn setting(&self, i: usize, option: &str) -> Option<&str> {
        self.settings
            .iter()
            .find(|s| s.0 == i && s.1 == option)
            .map(|s| s.2.as_str())
    }

    /// The card lying on robot `i`'s `option`.
    pub(super) fn held(&self, i: usize, option: &str) -> Option<Card> {
        self.held
            .iter()
            .find(|h| h.0 == i && h.1 == option)
            .map(|h| h.2)
    }

    /// Every card lying on an option, with its robot.
    pub(super) fn held_cards(&self) -> impl Iterator<Item = (usize, Card)> + '_ {
        self.held.iter().map(|h| (h.0, h.2))
    }

    /// The cards lying on options, to deal anew (a bot's sample).
    pub(super) fn held_cards_mut(&mut self) -> impl Iterator<Item = (usize, &mut Card)> + '_ {
        self.held.iter_mut().map(|h| (h.0, &mut h.2))
    }

    fn take_held(&mut self, i: usize, option: &str) -> Option<Card> {
        let at = self.held.iter().position(|h| h.0 == i && h.1 == option)?;
        Some(self.held.remove(at).2)
    }
}

impl Game {
    /// Answer `k` of the option being programmed, as text: `shield S`.
    pub(super) fn setting_text(&self, k: u8) -> String {
        let words = self.programmed.offered_words();
        match words.get(usize::from(k)) {
            Some(w) => format!("{} {w}", self.programmed.offered_option()),
            None => format!("answer {}", k + 1),
        }
    }

    /// Reads an answer to the option being programmed: `shield S`, or the
    /// card's word alone (`S`).
    pub(super) fn read_setting(&self, text: &str) -> Option<u8> {
        let option = self.programmed.offered_option();
        let word = text
            .strip_prefix(option)
            .map_or(text, |rest| rest.trim_start());
        self.programmed
            .offered_words()
            .iter()
            .position(|w| w == word)
            .map(|k| k as u8)
    }

    /// Robot `i`'s options act on its hand before it is programmed; then
    /// its registers are asked (`false` while a question waits).
    pub(super) fn hand_step(&mut self, i: usize) -> bool {
        if i >= self.robots.len() {
            self.pc = self.first_phase();
            return true;
        }
        if self.runtime.is_some()
            && self.on_board(i)
            && !self.robots[i].powered_down
            && self.holds_hook(i, HookKind::Hand)
        {
            let Ok(values) = self.call_hooks(i, HookKind::Hand, None, &|_| Ok(())) else {
                return false;
            };
            if self.ask_first(i, &values) || self.only_nil_or_ask(HookKind::Hand, &values).is_err()
            {
                return false;
            }
            self.asked.clear();
        }
        self.pc = Pc::Program(i, 0);
        true
    }

    /// A hook's values that may only be nil or `"ask"`: an error for any
    /// other.
    fn only_nil_or_ask(
        &mut self,
        kind: HookKind,
        values: &[(u8, &'static str, Value)],
    ) -> Result<(), ()> {
        for (_, option, v) in values {
            if !matches!(v, Value::Nil) {
                let rt = self.runtime.clone().expect("a hook ran");
                return self.fail_with(rt.bad_return(
                    option,
                    kind,
                    &format!("returned {v:?}: this hook returns nil or \"ask\""),
                ));
            }
        }
        Ok(())
    }

    /// Programming robot `i`'s option `k` (after its power down): its
    /// `program` hook offers the answers, or nothing to ask.
    pub(super) fn program_option_step(&mut self, i: usize, k: usize) -> bool {
        let Some(rt) = self.runtime.clone() else {
            self.pc = Pc::Hand(i + 1);
            return true;
        };
        let Some(name) = self.robots[i].options.get(k).map(|o| event_name(o)) else {
            self.pc = Pc::Hand(i + 1);
            return true;
        };
        self.pc = Pc::Program(i, LAST_REGISTER + 2 + k as u8);
        if !rt.has(name, HookKind::Program) {
            return true;
        }
        let hand: Vec<String> = self.hands[i].iter().map(Card::to_string).collect();
        let Ok(value) = self.call_one(i, name, HookKind::Program, &|t| {
            t.raw_set("hand", hand.clone())
        }) else {
            return false;
        };
        let words = match value {
            Value::Nil => return true,
            Value::Table(t) => t
                .sequence_values::<String>()
                .collect::<mlua::Result<Vec<String>>>()
                .map_err(|e| e.to_string())
                .and_then(|w| {
                    let distinct = w.iter().enumerate().all(|(n, a)| !w[..n].contains(a));
                    if w.len() > MOST_ANSWERS || !distinct || w.iter().any(|a| a.trim().is_empty())
                    {
                        Err(format!(
                            "{} answers: at most {MOST_ANSWERS}, distinct, none empty",
                            w.len()
                        ))
                    } else {
                        Ok(w)
                    }
                }),
            other => Err(format!("returned {other:?}")),
        };
        match words {
            Ok(w) if w.is_empty() => true,
            Ok(w) => {
                self.pc = Pc::Program(i, LAST_REGISTER + 1 + k as u8);
                self.programmed.offered = Some((name, w));
                self.decision = Some(Decision::ProgramOption {
                    seat: i,
                    option: k as u8,
                });
                false
            }
            Err(why) => {
                let _: Result<(), ()> = self.fail_with(rt.bad_return(
                    name,
                    HookKind::Program,
                    &format!("{why}: a program hook returns nil or a list of answers (words)"),
                ));
                false
            }
        }
    }

    /// Robot `seat` programs its option `option` with offered answer `k`:
    /// kept for the turn; an answer that is a card of its hand lays that
    /// card on the option (a card already there is discarded).
    pub(super) fn answer_setting(&mut self, seat: usize, option: u8, k: u8) {
        let Some((name, words)) = self.programmed.offered.take() else {
            return;
        };
        let Some(word) = words.into_iter().nth(usize::from(k)) else {
            return;
        };
        let card = Deck::standard()
            .parse_card(&word)
            .ok()
            .filter(|c| self.hands[seat].contains(c));
        self.programmed
            .settings
            .retain(|s| !(s.0 == seat && s.1 == name));
        self.programmed.settings.push((seat, name, word));
        self.events.push(Event::OptionProgrammed(seat, name));
        if let Some(card) = card {
            self.hands[seat].retain(|c| *c != card);
            if let Some(old) = self.programmed.take_held(seat, name) {
                self.discard.push(old);
            }
            self.programmed.held.push((seat, name, card));
            self.events.push(Event::CardOnOption(seat, name));
        }
        self.pc = Pc::Program(seat, LAST_REGISTER + 2 + option);
    }

    /// Before the cards of phase `r` are revealed, the `reveal` hooks of
    /// the robots that play one; `Err(())` while a question waits or when
    /// a hook failed.
    pub(super) fn reveal_hooks(&mut self, r: u8) -> Result<(), ()> {
        self.revealed = r;
        for i in 0..self.robots.len() {
            if !self.on_board(i)
                || self.robots[i].powered_down
                || !self.holds_hook(i, HookKind::Reveal)
            {
                continue;
            }
            let Some(card) = self.card_in(i, r) else {
                continue;
            };
            let text = card.to_string();
            let values = self.call_hooks(i, HookKind::Reveal, None, &|t| {
                t.raw_set("register", r)?;
                t.raw_set("card", text.clone())
            })?;
            if self.ask_first(i, &values) {
                return Err(());
            }
            self.only_nil_or_ask(HookKind::Reveal, &values)?;
        }
        Ok(())
    }

    /// Whether an option keeps robot `i` from being turned by a gear or a
    /// turning belt (`by`: "gear" or "belt").
    pub(super) fn steady(&mut self, i: usize, by: &'static str) -> bool {
        if !self.holds_hook(i, HookKind::Turned) {
            return false;
        }
        let Ok(values) = self.call_hooks(i, HookKind::Turned, None, &|t| t.raw_set("by", by))
        else {
            return false;
        };
        let mut steady = None;
        for (_, option, v) in values {
            match v {
                Value::Nil | Value::Boolean(false) => {}
                Value::Boolean(true) => steady = steady.or(Some(option)),
                other => {
                    let rt = self.runtime.clone().expect("a hook ran");
                    let _: Result<(), ()> = self.fail_with(rt.bad_return(
                        option,
                        HookKind::Turned,
                        &format!(
                            "returned {other:?}: a turned hook returns true (not turned) or nil"
                        ),
                    ));
                    return false;
                }
            }
        }
        match steady {
            Some(option) => {
                self.events.push(Event::NotTurned(i, option));
                true
            }
            None => false,
        }
    }

    /// Applies an effect on program cards (the others are applied by
    /// `option_play`).
    pub(super) fn apply_card_effect(&mut self, effect: Effect) {
        match effect {
            Effect::Draw(i, n) => {
                let mut drawn = 0;
                for _ in 0..n {
                    let Some(c) = self.draw_card() else { break };
                    self.hands[i].push(c);
                    drawn += 1;
                }
                Deck::standard().sort(&mut self.hands[i]);
                self.events.push(Event::CardsDrawn(i, drawn));
            }
            Effect::Redeal(i) => {
                let n = self.hands[i].len();
                self.discard.append(&mut self.hands[i]);
                for _ in 0..n {
                    let Some(c) = self.draw_card() else { break };
                    self.hands[i].push(c);
                }
                Deck::standard().sort(&mut self.hands[i]);
                let dealt = self.hands[i].len();
                self.events.push(Event::Redealt(i, dealt));
            }
            Effect::TakeHeld(i, option) => {
                if let Some(c) = self.programmed.take_held(i, option) {
                    self.hands[i].push(c);
                    Deck::standard().sort(&mut self.hands[i]);
                    self.events.push(Event::CardToHand(i, option));
                }
            }
            Effect::PlayHeld(i, option) => {
                let r = self.revealed;
                if (1..=LAST_REGISTER).contains(&r) {
                    if let Some(c) = self.programmed.take_held(i, option) {
                        self.replace_register(i, r, c);
                        self.events.push(Event::CardPlayedFrom(i, option, c));
                    }
                }
            }
            Effect::DropHeld(i, option) => {
                if let Some(c) = self.programmed.take_held(i, option) {
                    self.discard.push(c);
                }
            }
            Effect::CardFromDeck(i) => {
                let r = self.revealed;
                if (1..=LAST_REGISTER).contains(&r) {
                    if let Some(c) = self.draw_card() {
                        self.replace_register(i, r, c);
                        self.events.push(Event::CardFromDeck(i, c));
                    }
                }
            }
            Effect::Push(i, dir) => self.beam_push(i, dir),
            Effect::Mirror(target, source) => self.mirror(target, source),
            Effect::Scramble(i) => self.scramble(i),
            _ => unreachable!("option_play applies the other effects"),
        }
    }

    /// Puts `card` in robot `i`'s register `r`; the card there is
    /// discarded.
    pub(super) fn replace_register(&mut self, i: usize, r: u8, card: Card) {
        if let Some(old) = self.robots[i].program[usize::from(r) - 1].replace(card) {
            self.discard.push(old);
        }
    }
}
