//! Building a game from a [`Position`]: the position is checked by the
//! one validator ([`super::validate`]), the program deck is the standard
//! deck less the cards in registers, shuffled from the seed.

use std::sync::Arc;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::engine::{Refusal, Rulings};

use super::validate::{validate, Names, Play, Setup};
use super::{Game, Hands, Pc, Scratch, Step};
use crate::games::roborally::board::Kind;
use crate::games::roborally::cards::{Card, Deck};
use crate::games::roborally::position::{Position, Stage};
use crate::games::roborally::rulings::DISPUTES;

/// How a format that is not a scenario names a position's fields in a
/// refusal: the start record's words.
pub const RECORD_NAMES: Names = Names {
    robots: "robots",
    hand: |i| format!("opened.hands[{i}]"),
};

impl Game {
    /// A game over a checked position, at the position's stage, not yet
    /// run.
    pub(super) fn build(
        position: Position,
        seed: u64,
        scenario: Option<u8>,
        play: Play,
        hands: Hands,
    ) -> Result<Game, Refusal> {
        validate(&Setup {
            position: &position,
            dealt: hands.dealt,
            held: hands.held,
            play,
        })
        .map_err(|e| Refusal::new(e.message(&RECORD_NAMES)))?;
        let start = Arc::new((position.clone(), seed));
        let n = position.robots.len();
        let mut pushers: Vec<_> = position
            .board
            .specials()
            .iter()
            .filter_map(|s| match s.kind {
                Kind::Pusher { to, registers } => Some((s.at, to, registers)),
                _ => None,
            })
            .collect();
        pushers.sort_by_key(|(at, _, _)| (at.y, at.x));
        let in_registers: Vec<_> = position
            .robots
            .iter()
            .flat_map(|r| r.program.iter().flatten().copied())
            .collect();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut deck: Vec<_> = Deck::standard()
            .cards()
            .iter()
            .copied()
            .filter(|c| !in_registers.contains(c))
            .collect();
        deck.shuffle(&mut rng);
        let pc = match position.stage {
            Stage::TurnStart => Pc::TurnStart,
            Stage::Registers => Pc::Phase(1, Step::Reveal),
        };
        let reach = Arc::new(super::lasers::Reach::of(&position.board));
        let mut game = Game {
            board: position.board,
            pushers: pushers.into(),
            reach,
            robots: position.robots,
            option_deck: position.option_deck,
            start,
            rng,
            deck,
            discard: Vec::new(),
            hands: vec![Vec::new(); n],
            kept: vec![0; n],
            returning: vec![false; n],
            revealed: 0,
            order: Vec::with_capacity(n),
            turn: position.turn.max(1),
            pc,
            pending: Vec::new(),
            decision: None,
            events: Vec::new(),
            stepping: false,
            step_done: false,
            steps: 0,
            outcome: None,
            destroyed_since_check: true,
            scenario,
            scratch: Scratch::default(),
            runtime: None,
            counters: Default::default(),
            asked: Vec::new(),
            arm_touch: Vec::new(),
            hook_error: None,
            variants: None,
            hook_guard: Default::default(),
            scenario_hands: None,
            variant_hooks: 0,
            chosen: Vec::new(),
            programmed: Default::default(),
            rulings: Rulings::defaults(DISPUTES),
        };
        if position.stage == Stage::TurnStart && scenario.is_none() {
            // Only locked registers keep a card into a new turn (ruling 7).
            for i in 0..n {
                game.clear_registers(i);
            }
        } else {
            for i in 0..n {
                let mut kept = 0u8;
                for r in 1..=super::LAST_REGISTER {
                    if game.is_locked(i, r) && game.card_in(i, r).is_some() {
                        kept |= 1 << r;
                    }
                }
                game.kept[i] = kept;
            }
        }
        game.need_runtime()
            .map_err(|e| Refusal::new(e.to_string()))?;
        Ok(game)
    }

    /// A scenario's hands, by seat order, taken from the deck: they are
    /// given instead of the deal. Refused when there is a hand per robot
    /// missing or a card is not in the deck (in a register, or twice).
    pub(super) fn give_hands(&mut self, hands: Vec<Vec<Card>>) -> Result<(), Refusal> {
        if hands.len() != self.robots.len() {
            return Err(Refusal::new(format!(
                "{} hands for {} robots",
                hands.len(),
                self.robots.len()
            )));
        }
        for card in hands.iter().flatten() {
            let Some(k) = self.deck.iter().position(|c| c == card) else {
                return Err(Refusal::new(format!(
                    "`{card}` is in a hand but not in the deck (in a register, or given twice)"
                )));
            };
            self.deck.remove(k);
        }
        self.scenario_hands = Some(hands);
        Ok(())
    }
}
