//! Missions 2 to 7 (seed section III) with their scripts: random games of
//! every mission keep the invariants and end (or reach the round limit);
//! the same seed and answers give the same game, and a replay through the
//! seam gives it again; the tiles a mission leaves out are out.

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::games::random_game;
use super::mission_game;
use crate::engine::{Describe, GameOptions, State};
use crate::games::droids::tiles::Colour;

/// Every mission with the player counts it takes (7 with each model).
const MISSIONS: &[(&str, &[usize])] = &[
    ("1", &[2, 3, 4]),
    ("2", &[2, 3, 4]),
    ("3", &[2, 3, 4]),
    ("4", &[2, 3, 4]),
    ("5", &[2, 3]),
    ("6", &[2]),
    ("7", &[1]),
    ("7:b", &[1]),
    ("7:c", &[1]),
    ("7:d", &[1]),
    ("7:e", &[1]),
    ("7:f", &[1]),
];

#[test]
fn random_games_of_every_mission_keep_the_invariants_and_end() {
    for (name, counts) in MISSIONS {
        for players in *counts {
            for seed in 0..6 {
                let (g, _, log) = random_game(mission_game(name, *players, seed), seed + 31, 300);
                assert!(
                    g.is_over(),
                    "mission {name} for {players}, seed {seed}: over in 300 rounds"
                );
                let reason = g.outcome().map(|o| o.reason).unwrap_or_default();
                assert!(
                    !reason.contains("script failed"),
                    "mission {name}: {reason}\n{}",
                    log.join("\n")
                );
            }
        }
    }
}

#[test]
fn missions_leave_out_the_tiles_the_seed_takes_out() {
    let all = |name: &str, players| {
        let g = mission_game(name, players, 1);
        g.stacks.iter().flatten().copied().collect::<Vec<_>>()
    };
    // Line 200: no shooting in mission 5.
    assert!(!all("statue", 2).iter().any(|t| t.word() == "shoot"));
    assert!(all("statue", 2).iter().any(|t| t.word() == "grab"));
    // Lines 220-221: no diagonal moves and no grey tiles in mission 6.
    let six = all("labyrinth", 2);
    assert!(!six
        .iter()
        .any(|t| t.is_diagonal() || t.colour() == Colour::Grey));
    assert!(six.iter().any(|t| t.word() == "swim"));
    // Line 236: no red tiles in mission 7.
    assert!(!all("killer", 1).iter().any(|t| t.colour() == Colour::Red));
}

#[test]
fn containers_are_dealt_three_a_player() {
    // Seed line 174: 6, 9 or 12 containers for 2, 3 or 4 players.
    for players in 2..=4 {
        let g = mission_game("containers", players, 1);
        assert_eq!(g.piece_totals[1], 3 * players, "{players} players");
    }
}

#[test]
fn a_bad_killer_model_is_refused_naming_the_script_line() {
    let (mission, hooks) = crate::games::droids::mission::Chosen::find("7:z")
        .and_then(|c| c.load())
        .expect("the script loads");
    let e = crate::games::droids::game::Game::with_rules(
        mission,
        1,
        1,
        crate::games::droids::tiles::TileMix::standard(),
        hooks,
    )
    .expect_err("refused");
    assert!(e.message.contains("7-killer.lua:"), "{}", e.message);
    assert!(e.message.contains("killer model `z`"), "{}", e.message);
}

#[test]
fn every_mission_starts_through_the_seam_and_replays() {
    let ty = crate::games::droids::seam::TYPE;
    for n in 1..=7 {
        let started = ty
            .start(
                &GameOptions {
                    seed: 3,
                    ..GameOptions::default()
                }
                .with("mission", n.to_string()),
            )
            .unwrap_or_else(|e| panic!("mission {n}: {e}"));
        let mut game = started.game;
        let mut rng = ChaCha8Rng::seed_from_u64(n);
        let mut answers = Vec::new();
        while !game.is_over() && game.turn() <= 100 {
            let text = game
                .legal_text(rng.gen_range(0..game.legal_count()))
                .expect("an answer");
            game.apply_text(&text).expect("legal");
            answers.push(text);
        }
        let mut again = (ty.resume)(&started.start).expect("its own start");
        for text in &answers {
            again.apply_text(text).expect("the same answers replay");
        }
        assert_eq!(again.summary(), game.summary(), "mission {n}");
        assert_eq!(again.where_lines(), game.where_lines(), "mission {n}");
    }
}

#[test]
fn an_unknown_mission_is_refused_with_the_list() {
    let e = crate::games::droids::mission::Chosen::find("8").expect_err("refused");
    assert!(e.contains("7 (killer)"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn every_mission_is_deterministic_and_replays_exactly(which in 0usize..12, seed in 0u64..1000, answers in 0u64..1000) {
        let (name, counts) = MISSIONS[which];
        let players = counts[(seed as usize) % counts.len()];
        let (a, given, log_a) = random_game(mission_game(name, players, seed), answers, 60);
        let (_, _, log_b) = random_game(mission_game(name, players, seed), answers, 60);
        prop_assert_eq!(&log_a, &log_b);
        let mut again = mission_game(name, players, seed);
        for text in &given {
            let ans = again.parse_answer(text).expect("the same answers are legal");
            again.apply(ans).expect("and apply");
        }
        prop_assert_eq!(again.where_lines(), a.where_lines());
        prop_assert_eq!(again.vars.clone(), a.vars.clone());
    }
}
