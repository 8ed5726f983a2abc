//! Whole races on the yard course (`scripts/roborally/courses/yard.toml`)
//! played with random legal answers: the invariants hold after every
//! answer, the same seed and answers give the same events, and
//! re-dealing hidden cards never changes what the viewer sees.

use std::path::Path;

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::engine::{Describe, State};
use crate::games::roborally::board::Course;
use crate::games::roborally::game::Game;

fn yard() -> Course {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/roborally/courses/yard.toml");
    Course::load(&path).expect("the yard course loads")
}

/// Plays up to `turns` turns with random answers from `answers`; checks
/// the invariants after every answer; returns every event narrated.
fn random_race(players: usize, seed: u64, answers: u64, turns: u32) -> (Game, Vec<String>) {
    let mut g = Game::race(&yard(), players, seed).expect("a race");
    let mut rng = ChaCha8Rng::seed_from_u64(answers);
    let mut log = Vec::new();
    g.check_invariants().expect("invariants at the start");
    while g.to_decide().is_some() && g.turn() <= turns {
        let n = g.legal_count();
        assert!(n > 0, "a decision has answers: {}", g.decision_text());
        let a = g.legal(rng.gen_range(0..n)).expect("in range");
        let text = g.answer_text(a);
        assert_eq!(g.parse_answer(&text), Ok(a), "answers read back from text");
        g.apply(a).expect("a legal answer applies");
        log.push(text);
        log.extend(g.events().iter().map(|e| g.narrate(e)));
        if let Err(e) = g.check_invariants() {
            panic!(
                "invariant broken after `{}`: {e}\n{}",
                log.len(),
                log.join("\n")
            );
        }
    }
    (g, log)
}

#[test]
fn races_of_2_to_8_players_run_with_random_answers() {
    for players in 2..=8 {
        let (g, log) = random_race(players, players as u64, 7, 6);
        assert!(
            g.turn() > 1 || g.is_over(),
            "{players} players played a turn"
        );
        assert!(log.iter().any(|l| l.contains("register phase 5")));
        if players == 8 && g.turn() > 2 {
            // 72 cards dealt a turn: the second deal empties the deck.
            assert!(log.iter().any(|l| l.contains("shuffled into it")));
        }
    }
}

#[test]
fn the_first_turn_deals_nine_cards_and_asks_in_seat_order() {
    let g = Game::race(&yard(), 3, 1).expect("a race");
    assert_eq!(g.hand(0).len(), 9, "seed 189: no damage, 9 cards");
    assert_eq!(g.hand(2).len(), 9);
    assert_eq!(
        g.decision_text(),
        "red: the card for register 1 (9 in hand)"
    );
    assert_eq!(g.deck().len(), 84 - 27);
    assert!(
        g.robots().iter().all(|r| r.virtual_robot),
        "ruling 11: all start virtual"
    );
}

#[test]
fn stepping_pauses_between_steps() {
    let mut g = Game::race(&yard(), 2, 3).expect("a race");
    g.set_stepping(true);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut pauses = 0;
    while g.turn() == 1 && g.to_decide().is_some() {
        if g.decision() == Some(crate::games::roborally::game::Decision::Continue) {
            assert_eq!(g.legal_count(), 1);
            assert_eq!(
                g.parse_answer("continue"),
                Ok(crate::games::roborally::game::Answer::Continue)
            );
            pauses += 1;
        }
        let a = g
            .legal(rng.gen_range(0..g.legal_count()))
            .expect("in range");
        g.apply(a).expect("legal");
    }
    // Each phase pauses after each of its eight board steps (and each
    // robot's card), and the turn's end pauses once.
    assert!(pauses > 5 * 8, "{pauses} pauses");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn invariants_hold_and_races_are_deterministic(players in 2usize..=8, seed in 0u64..1000, answers in 0u64..1000) {
        let (a, log_a) = random_race(players, seed, answers, 3);
        let (b, log_b) = random_race(players, seed, answers, 3);
        prop_assert_eq!(log_a, log_b);
        prop_assert_eq!(a.where_lines(), b.where_lines());
    }

    #[test]
    fn sampling_hidden_cards_keeps_what_the_viewer_sees(players in 2usize..=8, seed in 0u64..1000, steps in 0usize..60, sample in 0u64..1000) {
        let mut g = Game::race(&yard(), players, seed).expect("a race");
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x55);
        for _ in 0..steps {
            if g.to_decide().is_none() { break; }
            let a = g.legal(rng.gen_range(0..g.legal_count())).expect("in range");
            g.apply(a).expect("legal");
        }
        let viewer = (seed as usize) % players;
        let s = g.sample_hidden(viewer, sample);
        prop_assert_eq!(s.check_invariants(), Ok(()));
        prop_assert_eq!(s.hand(viewer), g.hand(viewer));
        prop_assert_eq!(&s.robots()[viewer], &g.robots()[viewer]);
        prop_assert_eq!(s.where_lines(), g.where_lines());
        prop_assert_eq!(s.discard(), g.discard());
        prop_assert_eq!(s.deck().len(), g.deck().len());
        for i in 0..players {
            prop_assert_eq!(s.hand(i).len(), g.hand(i).len());
        }
        prop_assert_eq!(s.decision(), g.decision());
        let sorted = |deck: &[String]| { let mut d = deck.to_vec(); d.sort(); d };
        prop_assert_eq!(sorted(s.option_deck()), sorted(g.option_deck()));
    }
}

#[test]
fn a_race_starts_with_the_26_options_shuffled_and_samples_hide_their_order() {
    let g = Game::race(&yard(), 2, 5).expect("a race");
    assert_eq!(g.option_deck().len(), 26);
    assert_eq!(
        Game::race(&yard(), 2, 5).unwrap().option_deck(),
        g.option_deck()
    );
    // A viewer's sample deals the option deck anew: some sample differs.
    let differs = (0..4).any(|seed| g.sample_hidden(0, seed).option_deck() != g.option_deck());
    assert!(differs, "the option deck's order is hidden");
}

/// `restore_lives` (for the benchmark, whose robots must keep coming back
/// as the anchor's do): lives go back up for robots in the race, an out
/// robot stays out, and more than a position may give (seed lines 50-57:
/// 3 lives and up to 2 more, 11 with a variant's settings) is refused.
#[test]
fn restored_lives_keep_robots_in_a_long_race_and_stay_within_the_limit() {
    let mut g = Game::race(&yard(), 4, 5).expect("a race");
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut lowest = u8::MAX;
    while g.to_decide().is_some() && g.turn() <= 60 {
        let turn = g.turn();
        let a = g
            .legal(rng.gen_range(0..g.legal_count()))
            .expect("in range");
        g.apply(a).expect("a legal answer applies");
        if g.turn() != turn {
            lowest = lowest.min(g.robots().iter().map(|r| r.lives).min().unwrap_or(0));
            g.restore_lives(3).expect("3 lives is within the limit");
            g.check_invariants()
                .expect("invariants after restoring lives");
        }
    }
    assert!(lowest < 3, "some robot lost a life in 60 turns");
    assert!(
        g.robots().iter().all(|r| !r.out()),
        "nobody ran out of lives"
    );
    assert!(g.restore_lives(12).is_err(), "12 lives is above the limit");
    assert!(g.restore_lives(0).is_err(), "0 lives is no life");
}
