use super::*;
use crate::engine::GameOptions;

fn game(name: &str, players: usize, seed: u64) -> Box<dyn DynState> {
    let game_type = crate::games::find(name).expect("a registered game");
    let options = GameOptions {
        players: Some(players),
        seed,
        ..GameOptions::default()
    };
    (game_type.new)(&options)
        .expect("a standard game starts")
        .game
}

#[test]
fn settings_are_read_from_the_name_and_bad_ones_named() {
    assert_eq!(MctsConfig::parse("mcts"), Some(Ok(MctsConfig::default())));
    assert_eq!(MctsConfig::parse("greedy"), None);
    assert_eq!(MctsConfig::parse("mctsx"), None);
    let c = MctsConfig::parse("mcts:iterations=20,horizon=3,exploration=1.5")
        .unwrap()
        .unwrap();
    assert_eq!((c.iterations, c.horizon, c.exploration), (20, 3, 1.5));
    let timed = MctsConfig::parse("mcts:time=0.25").unwrap().unwrap();
    assert_eq!(timed.time, Some(Duration::from_millis(250)));
    for (bad, says) in [
        ("mcts:iterations=0", "iterations=0: at least 1"),
        ("mcts:iterations=many", "iterations=many: invalid digit"),
        ("mcts:depth=3", "`depth`: not a setting"),
        ("mcts:time=-1", "time=-1: a positive number of seconds"),
        ("mcts:horizon", "`horizon`: expected KEY=VALUE"),
    ] {
        let err = MctsConfig::parse(bad).unwrap().unwrap_err();
        assert!(err.starts_with(says), "{bad}: {err}");
    }
}

#[test]
fn a_search_with_an_iteration_budget_is_the_same_every_time() {
    for name in ["twin-tin-bots", "roborally", "droids"] {
        let players = crate::games::find(name).unwrap().players.0.max(2);
        let g = game(name, players, 4);
        let config = MctsConfig {
            iterations: 60,
            ..MctsConfig::default()
        };
        let first = search(g.as_ref(), &config, &mut ChaCha8Rng::seed_from_u64(9)).unwrap();
        let again = search(g.as_ref(), &config, &mut ChaCha8Rng::seed_from_u64(9)).unwrap();
        assert_eq!(first, again, "{name}");
        assert!(first.best < g.legal_count(), "{name}");
        if g.legal_count() > 1 {
            assert_eq!(first.iterations, 60, "{name}");
            let visits: u32 = first.answers.iter().map(|a| a.visits).sum();
            assert_eq!(visits, 60, "{name}: every iteration passes one root answer");
            assert_eq!(first.answers[0].index, first.best, "{name}");
        }
    }
}

#[test]
fn a_finished_game_rewards_its_winners_and_an_unfinished_one_the_standings() {
    let mut g = game("twin-tin-bots", 3, 2);
    let r = rewards(g.as_ref());
    assert_eq!(r.len(), 3);
    // At the start every seat ties: each gets the mean place's reward.
    assert!(r.iter().all(|&x| (x - 0.5).abs() < 1e-12), "{r:?}");
    g.stop_at_turn_limit();
    let outcome = g.outcome().expect("stopped games have an outcome");
    let r = rewards(g.as_ref());
    if !outcome.winners.is_empty() && g.is_over() {
        let total: f64 = r.iter().sum();
        assert!((total - 1.0).abs() < 1e-12, "{r:?}");
    }
}

#[test]
fn search_beats_random_play_in_a_short_match() {
    // Six seeded games of Twin Tin Bots, MCTS against the random bot,
    // seats swapped: the search must win most (it would lose half by
    // chance alone).
    use crate::bot::BotSpec;
    use crate::tournament::{Run, Tournament};
    let t = Tournament {
        game: crate::games::default_game(),
        options: GameOptions::default(),
        players: 2,
        games: 6,
        seed: 11,
        max_turns: 60,
        threads: 2,
    };
    let played = t
        .run(
            &[BotSpec::parse("mcts:iterations=150"), BotSpec::Random],
            &mut Run::quiet(&mut |_| Ok(())),
        )
        .unwrap();
    let r = &played.results[0];
    assert!(r.wins[0] >= 5.0, "{r:?}");
}
