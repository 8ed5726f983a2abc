//! What a viewer cannot see, dealt anew for search (DESIGN: "hidden things
//! are re-dealt for search"), and the invariants property tests check.
//!
//! Hidden from a viewer: the deck's order, the other seats' hand cards,
//! and the cards the other seats placed this turn in registers not yet
//! revealed (a register's card is shown when its phase starts; a card
//! kept locked from the last turn was shown then), and the cards the
//! other seats laid face down on options (Flywheel, Conditional). The
//! discard pile is public.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::{Game, Pc, LAST_REGISTER};
use crate::games::roborally::cards::{locked_registers, Card, Deck};
use crate::games::roborally::position::DESTROYING_DAMAGE;

impl Game {
    /// Whether register `r` of robot `i` holds a card other seats cannot
    /// see now.
    fn hidden_register(&self, i: usize, r: u8) -> bool {
        r > self.revealed && self.kept[i] & (1 << r) == 0 && self.card_in(i, r).is_some()
    }

    /// A copy with everything `viewer` cannot see dealt anew from `seed`,
    /// the counts kept.
    pub(crate) fn resample(&self, viewer: usize, seed: u64) -> Game {
        let mut g = self.clone();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut pool: Vec<Card> = g.deck.clone();
        for i in 0..g.robots.len() {
            if i == viewer {
                continue;
            }
            pool.extend(g.hands[i].iter().copied());
            pool.extend(g.programmed.held_cards().filter(|h| h.0 == i).map(|h| h.1));
            for r in 1..=LAST_REGISTER {
                if g.hidden_register(i, r) {
                    pool.extend(g.card_in(i, r));
                }
            }
        }
        pool.shuffle(&mut rng);
        let mut next = pool.into_iter();
        for c in g.deck.iter_mut() {
            *c = next
                .next()
                .expect("the pool holds as many cards as it gave");
        }
        for i in 0..g.robots.len() {
            if i == viewer {
                continue;
            }
            for c in g.hands[i].iter_mut() {
                *c = next
                    .next()
                    .expect("the pool holds as many cards as it gave");
            }
            Deck::standard().sort(&mut g.hands[i]);
            for (_, c) in g.programmed.held_cards_mut().filter(|h| h.0 == i) {
                *c = next
                    .next()
                    .expect("the pool holds as many cards as it gave");
            }
            for r in 1..=LAST_REGISTER {
                if self.hidden_register(i, r) {
                    g.robots[i].program[usize::from(r) - 1] = Some(
                        next.next()
                            .expect("the pool holds as many cards as it gave"),
                    );
                }
            }
        }
        // The option deck is face down too: its order is dealt anew
        // (options held are face up and stay).
        g.option_deck.shuffle(&mut rng);
        g.rng = rng;
        g
    }

    /// The first broken invariant: every card of the deck is in exactly
    /// one place (deck, discard, a hand, a register); no two real robots
    /// share a square; robots stand on the board (not in a pit) or are
    /// destroyed; damage 0..=9; while programming, hands hold no more than
    /// the damage allows and locked registers are not being programmed;
    /// no option card is in two places (the option deck, robots' hands).
    pub(crate) fn invariants(&self) -> Result<(), String> {
        let held = self.robots.iter().flat_map(|r| r.options.iter());
        let mut options: Vec<&String> = self.option_deck.iter().chain(held).collect();
        options.sort();
        if let Some(w) = options.windows(2).find(|w| w[0] == w[1]) {
            return Err(format!("option `{}` is in two places", w[0]));
        }
        let deck = Deck::standard();
        let mut seen = vec![false; usize::from(deck.cards().last().map_or(0, |c| c.priority)) + 1];
        let mut count = 0usize;
        let mut mark = |c: &Card, place: &str| -> Result<(), String> {
            if deck.card(c.priority) != Some(*c) {
                return Err(format!("`{c}` in {place} is not a card of the deck"));
            }
            let slot = &mut seen[usize::from(c.priority)];
            if *slot {
                return Err(format!("`{c}` is in two places (one is {place})"));
            }
            *slot = true;
            count += 1;
            Ok(())
        };
        for c in &self.deck {
            mark(c, "the deck")?;
        }
        for c in &self.discard {
            mark(c, "the discard pile")?;
        }
        for (i, h) in self.hands.iter().enumerate() {
            for c in h {
                mark(c, &format!("{}'s hand", self.name(i)))?;
            }
        }
        // A scenario's hands wait beside the deck until its deal gives
        // them (then they are the hands above).
        if let (Some(hands), Pc::TurnStart | Pc::Deal) = (&self.scenario_hands, self.pc) {
            for (i, h) in hands.iter().enumerate() {
                for c in h {
                    mark(c, &format!("{}'s hand to be dealt", self.name(i)))?;
                }
            }
        }
        for r in &self.robots {
            for c in r.program.iter().flatten() {
                mark(c, &format!("{}'s registers", r.colour()))?;
            }
        }
        for (i, c) in self.programmed.held_cards() {
            mark(&c, &format!("{}'s options", self.name(i)))?;
        }
        if count != deck.len() {
            return Err(format!(
                "{count} cards are accounted for, not {}",
                deck.len()
            ));
        }
        for (i, r) in self.robots.iter().enumerate() {
            let name = r.colour();
            if r.damage >= DESTROYING_DAMAGE {
                return Err(format!("{name} has {} damage", r.damage));
            }
            // Options may add cards to a hand (Extra Memory, Flywheel) or
            // damage after the deal (Recompile).
            if matches!(self.pc, super::Pc::Program(..))
                && r.options.is_empty()
                && self.hands[i].len() > crate::games::roborally::cards::hand_size(r.damage)
            {
                return Err(format!(
                    "{name} holds {} cards with {} damage",
                    self.hands[i].len(),
                    r.damage
                ));
            }
            if matches!(self.pc, super::Pc::Program(..)) {
                for reg in 1..=LAST_REGISTER {
                    if self.kept[i] & (1 << reg) != 0 && !self.is_locked(i, reg) {
                        return Err(format!(
                            "{name} kept a card in register {reg}, which its damage does not lock"
                        ));
                    }
                }
            }
            if let Some(super::Decision::Card { seat, register }) = self.decision {
                if seat == i && locked_registers(r.damage).contains(&usize::from(register)) {
                    return Err(format!("{name} is asked for locked register {register}"));
                }
            }
            if let Some(at) = r.at {
                if self.is_deadly(at) {
                    return Err(format!("{name} stands on {at}, a pit or off the board"));
                }
                if !r.virtual_robot {
                    if let Some(o) = self.robots[..i]
                        .iter()
                        .find(|o| o.at == Some(at) && !o.virtual_robot)
                    {
                        return Err(format!("{name} and {} share {at}", o.colour()));
                    }
                }
            } else if r.damage != 0 {
                return Err(format!("{name} is destroyed with {} damage", r.damage));
            }
        }
        Ok(())
    }
}
