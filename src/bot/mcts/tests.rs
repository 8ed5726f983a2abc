use super::*;
use crate::engine::GameOptions;

fn game(name: &str, players: usize, seed: u64) -> Box<dyn DynState> {
    let game_type = crate::games::find(name).expect("a registered game");
    let options = GameOptions {
        players: Some(players),
        seed,
        ..GameOptions::default()
    };
    game_type
        .start(&options)
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
        (
            "mcts:iterations=0",
            "iterations=0: a whole number from 1 to 1000000",
        ),
        (
            "mcts:iterations=many",
            "iterations=many: a whole number from 1 to 1000000",
        ),
        // Issue 29, item 15: the setting and its range, not Rust's words
        // (`invalid digit found in string`, `number too large to fit`).
        (
            "mcts:iterations=-1",
            "iterations=-1: a whole number from 1 to 1000000",
        ),
        (
            "mcts:iterations=99999999999",
            "iterations=99999999999: a whole number from 1 to 1000000",
        ),
        (
            "mcts:horizon=-2",
            "horizon=-2: a whole number from 0 to 100",
        ),
        ("mcts:depth=3", "`depth`: not a setting"),
        ("mcts:time=-1", "time=-1: seconds from 0 to 60"),
        ("mcts:time=0", "time=0: more than 0 and at most 60 seconds"),
        ("mcts:time=1e9", "time=1e9: seconds from 0 to 60"),
        (
            "mcts:exploration=nan",
            "exploration=nan: a number from 0 to 100",
        ),
        ("mcts:horizon", "`horizon`: expected KEY=VALUE"),
        ("mcts:quiet=2", "quiet=2: a share from 0 to 1"),
    ] {
        let err = MctsConfig::parse(bad).unwrap().unwrap_err();
        assert!(err.starts_with(says), "{bad}: {err}");
    }
}

#[test]
fn a_search_with_an_iteration_budget_is_the_same_every_time() {
    for name in crate::games::ALL.iter().map(|g| g.name) {
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
    for name in crate::games::ALL.iter().map(|g| g.name) {
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

/// At `g`'s decision (for `me`), when some answers win at once and others
/// do not: asserts that a search choosing by `choice` takes a winning one,
/// and says so; false at any other decision.
fn takes_a_winning_answer(
    g: &dyn DynState,
    me: Seat,
    choice: Choice,
    rng: &mut ChaCha8Rng,
    seed: u64,
) -> bool {
    let count = g.legal_count();
    if count < 2 {
        return false;
    }
    let winning: Vec<usize> = (0..count).filter(|&i| wins_at_once(g, me, i)).collect();
    if winning.is_empty() || winning.len() == count {
        return false;
    }
    let config = MctsConfig {
        iterations: 40 * count as u32,
        choice,
        ..MctsConfig::default()
    };
    let s = search(g, &config, rng).unwrap();
    assert!(
        winning.contains(&s.best),
        "{}, seed {seed}: {s:?} not in {winning:?}",
        g.game_name()
    );
    true
}

#[test]
fn search_finds_an_answer_that_wins_at_once() {
    // Random games, seeded, until a decision where some answers win at once
    // whatever is hidden and others do not: the search must take a winning
    // one. Random RoboRally and Droids games meet no such decision in
    // reach of a test: RoboRally's is found by driven races
    // (`search_finds_the_register_that_wins_the_race`), Droids' is built
    // by hand (`search_captures_at_once_in_droids_rather_than_be_captured`).
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
                if takes_a_winning_answer(g.as_ref(), me, Choice::Visits, &mut rng, seed) {
                    found += 1;
                    if found == 3 {
                        break 'games;
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
    for name in crate::games::ALL.iter().map(|g| g.name) {
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
            // The best single reward where the seat decides again this
            // turn, the mean where it does not.
            let me = g.to_decide().unwrap();
            let worth = |a: &RootAnswer| {
                if own_next(g.as_ref(), me, a.index).is_some() {
                    a.best
                } else {
                    a.value
                }
            };
            if let Some(top) = s.answers.first() {
                assert!(
                    s.answers.iter().all(|a| worth(a) <= worth(top)),
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
    for name in crate::games::ALL.iter().map(|g| g.name) {
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
    // Issue 29, item 15: a bad option is named with its range, in words,
    // not in Rust's or mlua's (`invalid digit found in string`, `error
    // converting Lua number to table`).
    for (call, says) in [
        (
            "view:search{ iterations = -1 }",
            "iterations=-1: a whole number from 1 to",
        ),
        (
            "view:search{ iterations = 1e300 }",
            "search: iterations is at most 100000",
        ),
        (
            "view:search{ iterations = 2.5 }",
            "iterations=2.5: a whole number from 1 to",
        ),
        (
            "view:search{ horizon = 4294967296 }",
            "horizon=4294967296: a whole number from 0 to 100",
        ),
        (
            "view:search{ time = 1e9 }",
            "search: time is at most 5 seconds",
        ),
        (
            "view:search(5)",
            "search: the options are a table (`{ iterations = 300 }`) or nothing, not 5",
        ),
    ] {
        let source = format!("return {{ choose = function(view) return {call}.index end }}");
        // Twin Tin Bots' view is a userdata whose `search` method is the
        // game's own binding (it reads its options itself).
        let games: &[&str] = if call.contains("(5)") {
            &["roborally", "droids"]
        } else {
            &["twin-tin-bots", "roborally", "droids"]
        };
        for &name in games {
            let g = game(name, 2, 5);
            let e = lua_bot(name, "bad", &source)
                .choose(g.as_ref())
                .unwrap_err();
            assert!(
                e.0.contains(":1:") && e.0.contains(says),
                "{name}: {call}: {e}"
            );
            assert!(!e.0.contains("invalid digit") && !e.0.contains("error converting"));
        }
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

#[test]
fn a_game_s_own_settings_come_under_those_of_the_name() {
    let ttb = game("twin-tin-bots", 2, 1);
    let own = MctsConfig::for_game(ttb.as_ref(), "mcts").unwrap();
    let mut expected = MctsConfig::default();
    expected.apply_settings(&ttb.search_settings()).unwrap();
    assert_eq!(own, expected);
    assert!(
        own != MctsConfig::default(),
        "Twin Tin Bots has settings of its own"
    );
    let named = MctsConfig::for_game(ttb.as_ref(), "mcts:horizon=1,quiet=0").unwrap();
    assert_eq!((named.horizon, named.quiet), (1, 0.0));
    assert_eq!(named.exploration, own.exploration, "the game's, not named");
    let err = MctsConfig::for_game(ttb.as_ref(), "mcts:quiet=x").unwrap_err();
    assert!(err.starts_with("quiet=x"), "{err}");
}

#[test]
fn a_game_s_own_settings_are_held_to_the_ranges_of_a_name_s() {
    let mut config = MctsConfig::default();
    let own = SearchSettings {
        iterations: Some(250),
        horizon: Some(3),
        quiet: Some(0.5),
        exploration: Some(2.0),
        choice: Some(Choice::Best),
    };
    config.apply_settings(&own).unwrap();
    assert_eq!(
        config,
        MctsConfig::parse("mcts:iterations=250,horizon=3,quiet=0.5,exploration=2,choice=best")
            .unwrap()
            .unwrap()
    );
    for (bad, says) in [
        (
            SearchSettings {
                iterations: Some(0),
                ..SearchSettings::NONE
            },
            "iterations=0: a whole number from 1 to 1000000",
        ),
        (
            SearchSettings {
                horizon: Some(MAX_HORIZON + 1),
                ..SearchSettings::NONE
            },
            "horizon=101: a whole number from 0 to 100",
        ),
        (
            SearchSettings {
                quiet: Some(1.5),
                ..SearchSettings::NONE
            },
            "quiet=1.5: a share from 0 to 1",
        ),
        (
            SearchSettings {
                exploration: Some(f64::NAN),
                ..SearchSettings::NONE
            },
            "exploration=NaN: a number from 0 to 100",
        ),
    ] {
        let err = MctsConfig::default().apply_settings(&bad).unwrap_err();
        assert_eq!(err, says);
    }
    let mut untouched = MctsConfig::default();
    untouched.apply_settings(&SearchSettings::NONE).unwrap();
    assert_eq!(untouched, MctsConfig::default());
}

#[test]
fn a_twin_tin_bots_playout_keeps_the_programs_by_passing() {
    // The first turn places tiles (no pass): random; later program
    // changes start with `pass`, the playout's usual answer.
    let mut g = game("twin-tin-bots", 2, 3);
    assert_eq!(g.playout_answer(), None);
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut passes = 0;
    while !g.is_over() && g.turn() < 12 {
        if let Some(i) = g.playout_answer() {
            if g.decision_text() == "change" {
                assert_eq!(g.legal_text(i).as_deref(), Some("pass"));
                passes += 1;
            }
        }
        let count = g.legal_count();
        g.apply_index(rng.gen_range(0..count)).unwrap();
    }
    assert!(passes > 0, "no program change after the first turn");
}

#[test]
fn a_subtree_keeps_the_nodes_under_its_root_and_their_statistics() {
    let g = game("roborally", 2, 4);
    let config = MctsConfig {
        iterations: 200,
        ..MctsConfig::default()
    };
    let (found, tree) = search_on(
        g.as_ref(),
        &config,
        &mut ChaCha8Rng::seed_from_u64(3),
        Vec::new(),
    )
    .unwrap();
    let child = tree[0].children[found.best] as usize;
    let sub = subtree(&tree, child);
    assert_eq!(sub[0].visits, tree[child].visits);
    assert_eq!(sub[0].reward, tree[child].reward);
    // Every node of the subtree is reached once from its root, and the
    // visits of a node's children add up to its own at most.
    let mut reached = vec![false; sub.len()];
    reached[0] = true;
    for node in &sub {
        let mut below = 0;
        for &c in node.children.iter().filter(|&&c| c != 0) {
            assert!(!reached[c as usize], "a node reached twice");
            reached[c as usize] = true;
            below += sub[c as usize].visits;
        }
        assert!(below <= node.visits);
    }
    assert!(reached.iter().all(|&r| r));
    assert!(sub.len() > 1 && sub.len() < tree.len());
}

#[test]
fn a_bot_goes_on_from_its_tree_through_a_seat_s_decisions_of_a_turn() {
    // RoboRally asks one robot its five registers in a row: after the
    // first, the bot keeps the tree under its answer, and the next
    // search starts with the iterations that went through it. Two bots
    // seeded alike answer alike all the way.
    let mut g = game("roborally", 2, 6);
    let me = g.to_decide().unwrap();
    let mut a = MctsBot::new("mcts:iterations=100", MctsConfig::default(), 5);
    let mut b = MctsBot::new("mcts:iterations=100", MctsConfig::default(), 5);
    let first = a.choose(g.as_ref()).unwrap();
    assert_eq!(b.choose(g.as_ref()).unwrap(), first);
    let kept = a.kept.as_ref().expect("the same robot decides next");
    let kept_visits = kept.tree[0].visits;
    assert!(kept_visits > 0);
    g.apply_index(first).unwrap();
    assert_eq!(g.to_decide(), Some(me));
    assert_eq!(kept.fingerprint, fingerprint(g.as_ref(), me));
    let second = a.choose(g.as_ref()).unwrap();
    assert_eq!(b.choose(g.as_ref()).unwrap(), second);
    let kept = a.kept.as_ref().expect("the same robot decides next again");
    assert!(kept.tree[0].visits > 0);
    // A bot given another position drops its tree.
    let other = game("roborally", 2, 7);
    let mut c = a.clone();
    c.choose(other.as_ref()).unwrap();
    assert_eq!(c.kept.as_ref().map(|k| k.tree[0].visits), {
        let mut fresh = MctsBot::new("mcts:iterations=100", MctsConfig::default(), 0);
        fresh.rng = a.rng.clone();
        fresh.choose(other.as_ref()).unwrap();
        fresh.kept.map(|k| k.tree[0].visits)
    });
}

#[test]
fn search_finds_the_register_that_wins_the_race() {
    // Two robots raced by a small search, seeded, until the fifth register
    // of the robot that programs last, where some cards end the turn on
    // its last flag and win whatever the other robot programmed while
    // others do not; the search must take a winning card (the race is won
    // on touching the last flag, 004_11511d35c714bcd0.txt:73).
    let mut found = 0;
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let driver = MctsConfig {
        iterations: 60,
        choice: Choice::Best,
        ..MctsConfig::default()
    };
    'games: for seed in 0..40 {
        let mut g = game("roborally", 2, seed);
        for _ in 0..400 {
            let Some(me) = g.to_decide() else {
                continue 'games;
            };
            if takes_a_winning_answer(g.as_ref(), me, Choice::Best, &mut rng, seed) {
                found += 1;
                if found == 3 {
                    break 'games;
                }
            }
            let answer = search(g.as_ref(), &driver, &mut rng).unwrap().best;
            g.apply_index(answer).unwrap();
        }
    }
    assert!(found > 0, "no register that wins at once was met");
}

#[test]
fn a_robot_racing_alone_reaches_its_flags() {
    // With no other robot the estimate is the robot's own progress (a
    // lead over nobody would say nothing): alone on the default course,
    // the search touches every flag well within the turn limit.
    let mut g = game("roborally", 1, 1);
    let config = MctsConfig {
        iterations: 300,
        ..MctsConfig::default()
    };
    let mut bot = MctsBot::new("mcts", config, 1);
    while !g.is_over() && g.turn() <= 20 {
        let answer = bot.choose(g.as_ref()).expect("an answer");
        g.apply_index(answer).expect("legal");
    }
    let outcome = g.outcome().expect("the race ends");
    assert_eq!(outcome.winners, vec![0], "turn {}", g.turn());
}

#[test]
fn a_power_down_is_weighed_by_its_mean_and_not_taken_at_little_damage() {
    // A power down costs the next turn's cards for the repair of all
    // damage (004_11511d35c714bcd0.txt:229): at one or two damage points
    // the lost turn is dearer. It is announced once the program is set,
    // so nothing of the seat's own follows it this turn and `choice=best`
    // (the game's own setting) weighs it by its mean; the search stops at
    // the end of this turn, before the lost turn, so the estimate must
    // count that turn.
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let driver = MctsConfig {
        iterations: 60,
        choice: Choice::Best,
        ..MctsConfig::default()
    };
    let (mut offered, mut little) = (0, 0);
    'games: for seed in 0..40 {
        let mut g = game("roborally", 2, seed);
        for _ in 0..400 {
            let Some(me) = g.to_decide() else {
                continue 'games;
            };
            let offers_power_down =
                (0..g.legal_count()).any(|i| g.legal_text(i).as_deref() == Some("power_down"));
            if offers_power_down {
                let damage = g
                    .where_lines()
                    .get(me)
                    .and_then(|line| line.split("damage ").nth(1))
                    .and_then(|rest| rest.split(' ').next())
                    .and_then(|d| d.parse::<u32>().ok());
                let config = MctsConfig::for_game(g.as_ref(), "mcts:iterations=2000").unwrap();
                assert_eq!(config.choice, Choice::Best);
                let found = search(g.as_ref(), &config, &mut rng).unwrap();
                let top = found.answers.iter().map(|a| a.value).fold(0.0, f64::max);
                assert_eq!(found.answers[0].value, top, "{:?}", found.answers);
                // Where the race is (nearly) won this turn, the next
                // turn hardly matters.
                if matches!(damage, Some(1 | 2)) && top < 0.9 {
                    assert_eq!(
                        g.legal_text(found.best).as_deref(),
                        Some("go"),
                        "seed {seed}, turn {}, damage {damage:?}: {:?}",
                        g.turn(),
                        found.answers
                    );
                    little += 1;
                }
                offered += 1;
                if offered >= 12 && little >= 3 {
                    break 'games;
                }
            }
            let answer = search(g.as_ref(), &driver, &mut rng).unwrap().best;
            g.apply_index(answer).unwrap();
        }
    }
    assert!(
        little > 0,
        "no power down offered at one or two damage points"
    );
}

#[test]
fn a_kept_tree_with_answers_past_the_legal_ones_never_chooses_them() {
    // A kept tree's root was reached in samples where another decision
    // may have come next, with more answers: those children are not
    // answers here (a match on the crossing, seed 16, once answered
    // `answer 4` to a decision of 2).
    let g = game("roborally", 2, 3);
    let count = g.legal_count();
    let seats = g.seats();
    let lucky = Node {
        children: Vec::new(),
        visits: 1000,
        reward: vec![1000.0; seats],
        best: 1.0,
    };
    let mut root = Node {
        children: vec![0; count + 3],
        visits: 1000,
        reward: vec![0.0; seats],
        best: 1.0,
    };
    root.children[count + 1] = 1;
    for choice in [Choice::Visits, Choice::Best] {
        let config = MctsConfig {
            iterations: 20,
            choice,
            ..MctsConfig::default()
        };
        let tree = vec![root.clone(), lucky.clone()];
        let (found, _) = search_on(g.as_ref(), &config, &mut ChaCha8Rng::seed_from_u64(1), tree)
            .expect("a search");
        assert!(found.best < count, "{choice:?}: {} of {count}", found.best);
        assert!(found.answers.iter().all(|a| a.index < count), "{choice:?}");
    }
}

#[test]
fn search_captures_at_once_in_droids_rather_than_be_captured() {
    // A hand-built labyrinth position (the file says how it is reached):
    // red turns up `up 2` and captures yellow, which wins at once (seed
    // 003_4ed30270cd5960fb.txt:214, 222), or `up 4`, after which yellow
    // captures red. Random Droids games meet no such decision in reach of
    // a test.
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src/bot/mcts/testdata/droids_capture_now_or_be_captured.toml");
    let after = crate::games::find("droids")
        .expect("a registered game")
        .scenario_after
        .expect("Droids plays scenario files");
    let g = after(&file, &[]).expect("the position loads");
    let me = g.to_decide().expect("a decision");
    assert_eq!(g.seat_name(me), "red");
    let answers: Vec<String> = (0..g.legal_count())
        .filter_map(|i| g.legal_text(i))
        .collect();
    assert_eq!(answers, ["up 2", "up 4"]);
    assert!(wins_at_once(g.as_ref(), me, 0));
    assert!(!wins_at_once(g.as_ref(), me, 1));
    for seed in 0..4 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for choice in [Choice::Visits, Choice::Best] {
            assert!(takes_a_winning_answer(
                g.as_ref(),
                me,
                choice,
                &mut rng,
                seed
            ));
        }
    }
    // The bot by name, with Droids' own settings.
    let mut bot = MctsBot::new("mcts", MctsConfig::default(), 1);
    let chosen = bot.choose(g.as_ref()).expect("an answer");
    assert_eq!(g.legal_text(chosen).as_deref(), Some("up 2"));
}
