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
    let best = MctsConfig::parse("mcts:choice=best").unwrap().unwrap();
    assert_eq!(best.choice, Choice::Best);
    for (bad, says) in [
        ("mcts:choice=most", "choice=most: visits or best"),
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
fn a_finished_game_rewards_its_winners_and_an_unfinished_one_the_heuristic() {
    for name in ["twin-tin-bots", "roborally", "droids"] {
        let mut g = game(name, 2, 2);
        let r = rewards(g.as_ref());
        assert_eq!(r.len(), 2, "{name}");
        for (seat, &x) in r.iter().enumerate() {
            assert_eq!(x, g.heuristic(seat).clamp(0.0, 1.0), "{name}");
            assert!((0.0..=1.0).contains(&x), "{name}: {x}");
        }
        // Play to the end at random: the winners share 1.
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        while !g.is_over() && g.turn() < 400 {
            let count = g.legal_count();
            g.apply_index(rng.gen_range(0..count)).unwrap();
        }
        g.stop_at_turn_limit();
        let outcome = g.outcome().expect("a stopped game has an outcome");
        let r = rewards(g.as_ref());
        if !outcome.winners.is_empty() {
            let total: f64 = r.iter().sum();
            assert!((total - 1.0).abs() < 1e-12, "{name}: {r:?}");
            for w in outcome.winners {
                assert!(r[w] > 0.0, "{name}: {r:?}");
            }
        }
    }
}

/// Whether answer `i` of `g` ends the game at once with `seat` among the
/// winners in every one of a few deals of what `seat` cannot see.
fn wins_at_once(g: &dyn DynState, seat: Seat, i: usize) -> bool {
    (0..6).all(|deal| {
        let mut s = g.boxed_sample(seat, deal);
        s.apply_index(i).is_ok() && s.is_over() && s.outcome().is_some_and(|o| o.winners == [seat])
    })
}

#[test]
fn search_finds_an_answer_that_wins_at_once() {
    // Random games, seeded, until a decision where some answers win at once
    // whatever is hidden and others do not: the search must take a winning
    // one. Random RoboRally and Droids games meet no such decision in
    // reach of a test (a race is won at the end of a turn of both robots'
    // programs), so Twin Tin Bots stands for them.
    for name in ["twin-tin-bots"] {
        let mut found = 0;
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        'games: for seed in 0..60 {
            let mut g = game(name, 2, seed);
            for _ in 0..3000 {
                let Some(me) = g.to_decide() else {
                    continue 'games;
                };
                let count = g.legal_count();
                if count > 1 {
                    let winning: Vec<usize> = (0..count)
                        .filter(|&i| wins_at_once(g.as_ref(), me, i))
                        .collect();
                    if !winning.is_empty() && winning.len() < count {
                        let config = MctsConfig {
                            iterations: 40 * count as u32,
                            ..MctsConfig::default()
                        };
                        let s = search(g.as_ref(), &config, &mut rng).unwrap();
                        assert!(
                            winning.contains(&s.best),
                            "{name}, seed {seed}: {s:?} not in {winning:?}"
                        );
                        found += 1;
                        if found == 3 {
                            break 'games;
                        }
                    }
                }
                g.apply_index(rng.gen_range(0..count)).unwrap();
            }
        }
        assert!(
            found > 0,
            "{name}: no position with a winning answer was met"
        );
    }
}

#[test]
fn every_answer_a_search_gives_is_legal_and_the_best_choice_too() {
    for name in ["twin-tin-bots", "roborally", "droids"] {
        let mut g = game(name, 2, 8);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let config = MctsConfig {
            iterations: 30,
            choice: Choice::Best,
            ..MctsConfig::default()
        };
        for _ in 0..25 {
            if g.is_over() {
                break;
            }
            let s = search(g.as_ref(), &config, &mut rng).unwrap();
            assert!(s.best < g.legal_count(), "{name}");
            if let Some(top) = s.answers.first() {
                assert!(
                    s.answers.iter().all(|a| a.best <= top.best),
                    "{name}: {s:?}"
                );
                assert!(
                    s.answers.iter().all(|a| (0.0..=1.0).contains(&a.value)),
                    "{name}"
                );
            }
            g.apply_index(s.best).unwrap();
        }
    }
}

/// A Lua bot of `game_name` from `source`, through the game's loader.
fn lua_bot(game_name: &str, file: &str, source: &str) -> Box<dyn Bot> {
    let dir = std::env::temp_dir().join(format!("tinbots-mcts-{}-{file}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{game_name}.lua"));
    std::fs::write(&path, source).unwrap();
    let game_type = crate::games::find(game_name).unwrap();
    (game_type.lua_bot)(&crate::assets::AssetFile::Disk(path), 7).unwrap()
}

#[test]
fn lua_bots_of_every_game_search_natively_with_view_search() {
    let source = r#"
return {
  name = "searcher",
  choose = function(view, decision)
    local found = view:search{ iterations = 40, choice = "visits" }
    assert(found.iterations == 40 or #found.answers == 0)
    assert(found.answers[1] == nil or found.answers[1].index == found.index)
    assert(type(found.best) == "string")
    return found.index
  end,
}
"#;
    for name in ["twin-tin-bots", "roborally", "droids"] {
        let g = game(name, 2, 5);
        let mut a = lua_bot(name, "ok", source);
        let mut b = lua_bot(name, "ok", source);
        let first = a
            .choose(g.as_ref())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(first < g.legal_count(), "{name}");
        // Seeded alike, the same answer; and it is the native search's.
        assert_eq!(b.choose(g.as_ref()).unwrap(), first, "{name}");
        let config = MctsConfig {
            iterations: 40,
            ..MctsConfig::default()
        };
        let native = search(g.as_ref(), &config, &mut ChaCha8Rng::seed_from_u64(7)).unwrap();
        assert_eq!(native.best, first, "{name}");
    }
    let bad = r#"return { choose = function(view) return view:search{ depth = 3 }.index end }"#;
    let g = game("roborally", 2, 5);
    let e = lua_bot("roborally", "bad", bad)
        .choose(g.as_ref())
        .unwrap_err();
    assert!(
        e.0.contains(":1:") && e.0.contains("`depth`: not a setting"),
        "{e}"
    );
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
