//! Property tests: random legal games keep the invariants (DESIGN.md decision
//! 8) and are deterministic; the legal-answer list and `apply` agree.

use proptest::prelude::*;
use tinbots::bot::{seat_seed, Bot, RandomBot};
use tinbots::games::twin_tin_bots::game::{Answer, Change, Decision, EndReason, Game};
use tinbots::games::twin_tin_bots::orders::Tile;
use tinbots::games::twin_tin_bots::replay::{Replay, Start};
use tinbots::games::twin_tin_bots::setup::Setup;
use tinbots::play::{drive, drive_shown, play_one};

fn new_game(players: usize, seed: u64) -> (Start, Game, Vec<Box<dyn Bot>>) {
    let start = Start::Setup {
        setup: Box::new(Setup::standard(players).unwrap()),
        seed,
    };
    let game = Game::new(&start.position()).unwrap();
    let bots = (0..players)
        .map(|s| Box::new(RandomBot::new(seat_seed(seed, s))) as Box<dyn Bot>)
        .collect();
    (start, game, bots)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// No two pieces on a hex except a carried crystal, robots on the board,
    /// every crystal accounted for (18 in all), each player's tiles all in
    /// hand or program — after every single answer.
    #[test]
    fn random_games_keep_the_invariants(players in 2usize..=6, seed in any::<u64>()) {
        let (_, mut game, mut bots) = new_game(players, seed);
        game.check_invariants().map_err(TestCaseError::fail)?;
        while play_one(&mut game, &mut bots, 300).unwrap().is_some() {
            game.check_invariants().map_err(TestCaseError::fail)?;
            for r in game.robots().iter().flatten() {
                prop_assert!(game.board().contains(r.at));
            }
        }
    }

    /// Counting and indexing the legal answers agrees with listing them, at
    /// every decision of a random game.
    #[test]
    fn indexed_legal_answers_match_the_list(players in 2usize..=6, seed in any::<u64>()) {
        let (_, mut game, mut bots) = new_game(players, seed);
        let mut list = Vec::new();
        loop {
            game.legal_answers(&mut list);
            prop_assert_eq!(game.legal_answer_count(), list.len());
            for (i, a) in list.iter().enumerate() {
                prop_assert_eq!(game.legal_answer(i), Some(*a));
            }
            prop_assert_eq!(game.legal_answer(list.len()), None);
            if play_one(&mut game, &mut bots, 120).unwrap().is_none() {
                break;
            }
        }
    }

    /// Same setup, seed and answers: the same game, and its replay file
    /// reproduces it exactly.
    #[test]
    fn games_are_deterministic_and_replay_exactly(players in 2usize..=6, seed in any::<u64>()) {
        let run = || {
            let (start, mut game, mut bots) = new_game(players, seed);
            let mut replay = Replay::new(start);
            drive_shown(&mut game, &mut bots, 150, |_, p| replay.answers.push(p.answer.clone())).unwrap();
            replay.stopped_at_turn_limit = matches!(game.outcome(), Some(o) if o.reason == EndReason::TurnLimit);
            (game, replay)
        };
        let (a, replay_a) = run();
        let (b, replay_b) = run();
        prop_assert_eq!(&replay_a.answers, &replay_b.answers);
        prop_assert_eq!(format!("{:?}", a.robots()), format!("{:?}", b.robots()));
        let json = replay_a.to_json();
        let loaded = Replay::from_json("mem", &json).unwrap();
        let c = loaded.game().unwrap();
        prop_assert_eq!(format!("{:?}", a.robots()), format!("{:?}", c.robots()));
        prop_assert_eq!(format!("{:?}", a.players()), format!("{:?}", c.players()));
        prop_assert_eq!(a.track(), c.track());
        prop_assert_eq!(a.standings(), c.standings());
    }

    /// Every program change is accepted exactly when it is in the legal list,
    /// and a refused one changes nothing.
    #[test]
    fn legal_answers_and_apply_agree(
        players in 2usize..=6,
        seed in any::<u64>(),
        warmup in 0u32..40,
        probes in proptest::collection::vec((0usize..12, 0u8..4, 0u8..4, 0usize..Tile::COUNT, 0u8..5), 1..40),
    ) {
        let (_, mut game, mut bots) = new_game(players, seed);
        while game.turn() <= warmup && play_one(&mut game, &mut bots, u32::MAX).unwrap().is_some() {}
        prop_assume!(matches!(game.decision(), Decision::ProgramChange { .. }));
        let legal = game.legal_answer_list();
        for (robot, a, b, tile, kind) in probes {
            let change = match kind {
                0 => Change::Pass,
                1 => Change::Place { robot, slot: a, tile: Tile::ALL[tile] },
                2 => Change::Swap { robot, a, b },
                3 => Change::Remove { robot, slot: a },
                _ => Change::Reset { robot },
            };
            let answer = Answer::Change(change);
            let mut probe = game.clone();
            let result = probe.apply(answer);
            // Swaps are listed once per pair of slots, lowest first.
            let listed = legal.contains(&answer)
                || matches!(change, Change::Swap { robot, a, b } if legal.contains(&Answer::Change(Change::Swap { robot, a: b, b: a })));
            prop_assert_eq!(result.is_ok(), listed, "{:?}: {:?}", change, result);
            if result.is_err() {
                prop_assert_eq!(format!("{:?}", probe.robots()), format!("{:?}", game.robots()));
                prop_assert_eq!(format!("{:?}", probe.players()), format!("{:?}", game.players()));
            }
        }
    }
}

/// The variant mixes the terrain property tests play: every kind of
/// terrain and every hook kind (kind hooks, push, turn_ended, team score).
const VARIANT_MIXES: &[&[&str]] = &[
    &["random-terrain"],
    &["random-terrain", "conveyors", "heavy-crystals"],
    &["teams", "mud", "blobs"],
];

/// A standard game with `variants`, and its replay start.
fn variant_game(
    variants: &[&str],
    players: usize,
    seed: u64,
) -> (
    tinbots::games::twin_tin_bots::variant::VariantSet,
    Start,
    Game,
    Vec<Box<dyn Bot>>,
) {
    let set = tinbots::games::twin_tin_bots::variant::VariantSet::load(variants).unwrap();
    let position = set.standard_position(players, seed, &[]).unwrap();
    let start = Start::Position(Box::new(position));
    let rules = set
        .rules(tinbots::games::twin_tin_bots::orders::OrderBook::official())
        .unwrap();
    let game = Game::with_rules(&start.position(), rules).unwrap();
    let bots = (0..game.players().len())
        .map(|s| Box::new(RandomBot::new(seat_seed(seed, s))) as Box<dyn Bot>)
        .collect();
    (set, start, game, bots)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// With terrain and hooks too: the invariants hold after every answer
    /// (terrain counts as a piece: no hex holds two, and floors never move),
    /// and the same seed and answers give the same game, which its replay
    /// (recording the variants) reproduces.
    #[test]
    fn variant_games_keep_the_invariants_and_replay(
        mix in 0usize..VARIANT_MIXES.len(),
        players in 2usize..=6,
        seed in any::<u64>(),
    ) {
        let variants = VARIANT_MIXES[mix];
        let (set, start, mut game, mut bots) = variant_game(variants, players, seed);
        let floors: Vec<_> = game.board().floors().collect();
        let things = |g: &Game| {
            let mut kinds: Vec<_> = g
                .board()
                .pieces()
                .filter_map(|(_, p)| match p {
                    tinbots::games::twin_tin_bots::pieces::Piece::Thing(t) => Some(t.kind),
                    _ => None,
                })
                .collect();
            kinds.sort();
            kinds
        };
        let before = things(&game);
        let mut replay = Replay::with_variants(
            start,
            vec![],
            tinbots::games::twin_tin_bots::orders::OrderBook::official(),
            set,
        );
        game.check_invariants().map_err(TestCaseError::fail)?;
        let mut broken = Ok(());
        drive_shown(&mut game, &mut bots, 120, |g, p| {
            replay.answers.push(p.answer.clone());
            if broken.is_ok() {
                broken = g.check_invariants();
            }
        })
        .unwrap();
        broken.map_err(TestCaseError::fail)?;
        prop_assert_eq!(game.board().floors().collect::<Vec<_>>(), floors);
        prop_assert_eq!(things(&game), before, "rocks and blobs are never lost");
        let (_, _, mut again, mut bots) = variant_game(variants, players, seed);
        drive(&mut again, &mut bots, 120, |_, _| {}).unwrap();
        prop_assert_eq!(again.position(), game.position());
        replay.stopped_at_turn_limit =
            matches!(game.outcome(), Some(o) if o.reason == EndReason::TurnLimit);
        let loaded = Replay::from_json("mem", &replay.to_json()).unwrap();
        prop_assert_eq!(loaded.game().unwrap().position(), game.position());
    }
}
