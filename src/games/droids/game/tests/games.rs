//! Whole games with random answers, on mission 1 and on a board with
//! everything on it: the invariants after every answer (no two robots on a
//! square, every piece and tile accounted for), blocked registers stay
//! blocked until repaired, the same seed and answers give the same game,
//! a replay through the seam gives it again, re-dealing what a viewer
//! cannot see changes nothing the viewer sees, and the answers counted
//! and indexed are the listed ones.

use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{challenge, everything};
use crate::engine::{Describe, State};
use crate::games::droids::game::{Event, Game};

/// Plays with random answers (from `answers`) up to `rounds` rounds;
/// checks the invariants and the blocked registers after every answer;
/// returns the answers given and every event narrated.
pub(super) fn random_game(
    mut g: Game,
    answers: u64,
    rounds: u32,
) -> (Game, Vec<String>, Vec<String>) {
    let mut rng = ChaCha8Rng::seed_from_u64(answers);
    let mut given = Vec::new();
    let mut log = Vec::new();
    g.check_invariants().expect("invariants at the start");
    while g.to_decide().is_some() && g.turn() <= rounds {
        let n = g.legal_count();
        let i = rng.gen_range(0..n);
        let a = g.legal(i).expect("in range");
        // Counted and indexed as the full list has them.
        let listed = g.legal_answers();
        assert_eq!((n, Some(&a)), (listed.len(), listed.get(i)));
        let text = g.answer_text(a);
        assert_eq!(g.parse_answer(&text), Ok(a), "answers read back from text");
        let blocked_before: Vec<Vec<bool>> =
            g.players().iter().map(|p| p.blocked.clone()).collect();
        g.apply(a).expect("a legal answer applies");
        given.push(text.clone());
        log.push(text);
        log.extend(g.events().iter().map(|e| g.narrate(e)));
        if let Err(e) = g.check_invariants() {
            panic!("invariant broken: {e}\n{}", log.join("\n"));
        }
        for (seat, before) in blocked_before.iter().enumerate() {
            for (column, was) in before.iter().enumerate() {
                let repaired = g.events().iter().any(|e| {
                    matches!(e, Event::Unblocked { seat: s, column: c, .. } if *s == seat && usize::from(*c) == column)
                });
                assert!(
                    !*was || g.players()[seat].blocked[column] || repaired,
                    "register {column} of seat {seat} unblocked without a repair"
                );
            }
        }
    }
    (g, given, log)
}

#[test]
fn games_of_two_to_four_players_run_to_their_end() {
    let mut ended = 0;
    for players in 2..=4 {
        for seed in 0..10 {
            let (g, _, _) = random_game(challenge(players, seed), seed + 100, 200);
            ended += usize::from(g.is_over());
            let (g, _, _) = random_game(everything(players, seed), seed + 7, 200);
            ended += usize::from(g.is_over());
        }
    }
    assert_eq!(ended, 60, "every random game ends within 200 rounds");
}

#[test]
fn shots_pushes_blocks_and_water_happen_in_random_games() {
    let mut all = Vec::new();
    for seed in 0..300 {
        let (_, _, log) = random_game(everything(4, seed), seed, 200);
        all.extend(log);
    }
    for want in [
        "is pushed",
        "shoots",
        "is blocked, ",
        "picks up",
        "water stops it",
        "only a blue tile",
        "is the last player in the game and wins",
    ] {
        assert!(
            all.iter().any(|l| l.contains(want)),
            "some event says `{want}`"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn the_same_seed_and_answers_give_the_same_game(seed in 0u64..1000, answers in 0u64..1000, players in 2usize..=4) {
        let (a, given, log_a) = random_game(everything(players, seed), answers, 50);
        let (_, _, log_b) = random_game(everything(players, seed), answers, 50);
        prop_assert_eq!(&log_a, &log_b);
        // Replaying the answers as text from the start gives the same game.
        let mut again = everything(players, seed);
        for text in &given {
            let ans = again.parse_answer(text).expect("the same answers are legal");
            again.apply(ans).expect("and apply");
        }
        prop_assert_eq!(again.where_lines(), a.where_lines());
        prop_assert_eq!(again.picture(None, false), a.picture(None, false));
    }

    #[test]
    fn redealing_what_a_viewer_cannot_see_changes_nothing_it_sees(seed in 0u64..1000, answers in 0u64..1000, stop in 1usize..60) {
        let mut g = everything(3, seed);
        let mut rng = ChaCha8Rng::seed_from_u64(answers);
        for _ in 0..stop {
            if g.to_decide().is_none() { break; }
            let a = g.legal(rng.gen_range(0..g.legal_count())).expect("in range");
            g.apply(a).expect("legal");
        }
        for viewer in 0..3 {
            let s = g.sample_hidden(viewer, answers ^ 77);
            prop_assert_eq!(s.picture(Some(viewer), false), g.picture(Some(viewer), false));
            prop_assert_eq!(s.private_text(viewer), g.private_text(viewer));
            prop_assert_eq!(s.where_lines(), g.where_lines());
            if g.to_decide() == Some(viewer) {
                let mine = |x: &Game| (0..x.legal_count()).map(|i| x.legal(i)).collect::<Vec<_>>();
                prop_assert_eq!(mine(&s), mine(&g));
            }
            s.check_invariants().map_err(TestCaseError::fail)?;
        }
    }
}

#[test]
fn a_game_through_the_seam_replays_from_its_start_record() {
    use crate::engine::GameOptions;
    let ty = crate::games::droids::seam::TYPE;
    for seed in 1..=5 {
        let started = ty
            .start(&GameOptions {
                players: Some(3),
                seed,
                ..GameOptions::default()
            })
            .expect("mission 1 for 3");
        let mut game = started.game;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut answers = Vec::new();
        while !game.is_over() {
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
        assert_eq!(again.summary(), game.summary());
        assert_eq!(again.where_lines(), game.where_lines());
    }
}

#[test]
fn options_it_cannot_honour_are_refused_by_name() {
    use crate::engine::GameOptions;
    let ty = crate::games::droids::seam::TYPE;
    let e = ty
        .start(&GameOptions::default().with("course", "yard"))
        .err()
        .expect("refused");
    assert!(
        e.0.starts_with("--course: Droids takes no --course (its options: --mission, --colour;"),
        "{}",
        e.0
    );
    let e = ty
        .start(&GameOptions {
            players: Some(5),
            ..GameOptions::default()
        })
        .err()
        .expect("refused");
    assert!(e.0.contains("2 to 4 players, not 5"), "{}", e.0);
}

/// Plays the first round of a game of mission 1 for 4, laying by the
/// playout answer where `quiet` (and at random otherwise), every other
/// answer at random; how many players are out at its end.
fn out_after_the_first_round(seed: u64, quiet: bool) -> usize {
    let mut g = challenge(4, seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    while g.to_decide().is_some() && g.turn() <= 1 {
        let i = match g.playout_answer() {
            Some(i) if quiet => i,
            _ => rng.gen_range(0..g.legal_count()),
        };
        g.apply(g.legal(i).expect("in range"))
            .expect("a legal answer");
    }
    g.players().iter().filter(|p| p.out).count()
}

/// Seed lines 118 and 133: a tile is turned up only in its robot's column,
/// and a player who carries out no order in a round is out. The playout
/// answer lays a tile there and stops, so it keeps players in the game
/// where random lays lose most of them.
#[test]
fn the_playout_answer_lays_in_the_robots_column_and_keeps_players_in() {
    let (mut quiet_out, mut random_out) = (0, 0);
    for seed in 0..10 {
        quiet_out += out_after_the_first_round(seed, true);
        random_out += out_after_the_first_round(seed, false);
    }
    assert!(
        quiet_out * 4 < random_out,
        "{quiet_out} out against {random_out} at random"
    );
    // Outside laying, none: the search plays at random.
    let g = challenge(2, 1);
    assert!(g.playout_answer().is_none(), "placing obstacles: at random");
}
