//! Bots in Lua: the shipped random bot plays whole games, and a bot that
//! fails (an error, a runaway loop, an illegal answer) stops `tinbots play`
//! with exit status 2 and a message naming the bot, the script and the cause.

use std::path::{Path, PathBuf};
use std::process::Command;

use tinbots::games::twin_tin_bots::game::Game;
use tinbots::games::twin_tin_bots::lua::LuaBot;
use tinbots::games::twin_tin_bots::setup::Setup;
use tinbots::script::{BotError, Sandbox};

fn temp_file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tinbots-lua-bots-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn game(players: usize, seed: u64) -> Game {
    Game::new(&Setup::standard(players).unwrap().position(seed)).unwrap()
}

fn bot(name: &str, source: &str) -> LuaBot {
    LuaBot::from_source(name, source, Sandbox::new().unwrap()).unwrap_or_else(|e| panic!("{e}"))
}

/// Plays with `bots` by seat until the game ends or `max_turns` turns.
fn play(game: &mut Game, bots: &mut [LuaBot], max_turns: u32) -> Result<u32, BotError> {
    let mut decisions = 0;
    while !game.is_over() && game.turn() <= max_turns {
        let seat = game.decision().player().unwrap();
        let i = bots[seat].try_choose(game)?;
        let answer = game.legal_answer(i).expect("an index below the count");
        game.apply(answer).expect("a Lua bot's answer is legal");
        decisions += 1;
    }
    Ok(decisions)
}

#[test]
fn the_lua_random_bot_plays_whole_games_for_2_to_6_players() {
    for players in 2..=6 {
        for seed in 0..3 {
            let mut g = game(players, seed);
            let mut bots: Vec<LuaBot> = (0..players)
                .map(|_| LuaBot::load(Path::new("scripts/twin-tin-bots/bots/random.lua")).unwrap())
                .collect();
            let decisions = play(&mut g, &mut bots, 60).unwrap();
            assert!(decisions >= 60, "{players} players, seed {seed}");
            g.check_invariants().unwrap();
        }
    }
}

#[test]
fn a_bot_may_answer_with_an_index_and_sees_its_view() {
    let source = r#"
        return {
          name = "checker",
          choose = function(view, d)
            assert(view.me == d.player, "me")
            assert(view.decision.kind == d.kind, "kind")
            assert(view.arena_radius == 4, "radius")
            assert(#view.robots == 4 and #view.players == 2, "pieces")
            assert(view.robots[1].id == "red.1" and #view.robots[1].program == 3, "robot")
            assert(#view.hand > 0 and view.track_length > 0, "hand and track")
            assert(view.players[2].special_count >= 0, "special count")
            return #d.answers
          end,
        }"#;
    let mut g = game(2, 5);
    let mut bots = vec![bot("checker.lua", source), bot("checker.lua", source)];
    let last = g.legal_answer_count() - 1;
    assert_eq!(bots[0].try_choose(&g).unwrap(), last);
    play(&mut g, &mut bots, 30).unwrap();
}

#[test]
fn a_failing_bot_leaves_the_game_unchanged() {
    let g = game(3, 2);
    let before = format!("{g:?}");
    for (name, source, expect) in [
        (
            "boom.lua",
            "return { choose = function() error('boom') end }",
            "boom",
        ),
        (
            "loop.lua",
            "return { choose = function() while true do end end }",
            "instruction budget",
        ),
        (
            "jump.lua",
            "return { choose = function() return 'jump' end }",
            "answered \"jump\", which is not one of the",
        ),
    ] {
        let mut b = bot(name, source);
        let copy = g.clone();
        let err = b.try_choose(&copy).unwrap_err().to_string();
        assert!(err.starts_with(&format!("bot red ({name}): ")), "{err}");
        assert!(err.contains(expect), "{err}");
        assert_eq!(format!("{copy:?}"), before, "{name} changed the game");
    }
}

fn run_play(args: &[&str]) -> (i32, String, String) {
    run_tinbots(&[&["play"], args].concat())
}

/// Runs the binary: exit status, stdout, stderr.
fn run_tinbots(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tinbots"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn play_runs_lua_bots_next_to_built_in_ones() {
    const ARGS: [&str; 11] = [
        "-p",
        "3",
        "-s",
        "2",
        "--max-turns",
        "60",
        "-q",
        "--bot",
        "red=scripts/twin-tin-bots/bots/random.lua",
        "--bot",
        "blue=random",
    ];
    let (code, stdout, stderr) = run_play(&ARGS);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("game over"), "{stdout}");
    let again = run_play(&ARGS);
    assert_eq!(again.1, stdout, "the same game twice");
}

#[test]
fn play_stops_with_status_2_when_a_lua_bot_fails() {
    let cases = [
        (
            "boom.lua",
            "return { choose = function(view, decision)\n  error('boom')\nend }\n",
            ":2: boom".to_string(),
        ),
        (
            "forever.lua",
            "return { choose = function(view, decision)\n  while true do end\nend }\n",
            ":2: instruction budget of 10000000 exceeded".to_string(),
        ),
        (
            "illegal.lua",
            "return { choose = function() return 'jump' end }\n",
            "answered \"jump\", which is not one of the".to_string(),
        ),
    ];
    for (name, source, cause) in cases {
        let path = temp_file(name, source);
        let path = path.display().to_string();
        let (code, _, stderr) = run_play(&[
            "-p",
            "2",
            "-s",
            "1",
            "--max-turns",
            "20",
            "--bot",
            &format!("blue={path}"),
        ]);
        assert_eq!(code, 2, "{name}: {stderr}");
        assert!(
            stderr.contains(&format!("bot blue ({path}): ")) && stderr.contains(&cause),
            "{name}: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

#[test]
fn play_refuses_bad_bot_options_with_status_2() {
    let syntax = temp_file("syntax.lua", "return { choose = function() return end\n");
    let syntax = format!("red={}", syntax.display());
    for (arg, message) in [
        (
            "purple=random",
            "purple is not playing (players: red, blue)",
        ),
        ("yellow=random", "yellow is not playing"),
        ("red=no/such/bot.lua", "cannot read the script"),
        (syntax.as_str(), "syntax.lua:2:"),
        ("red", "expected COLOUR=BOT"),
    ] {
        let (code, _, stderr) = run_play(&["-p", "2", "--bot", arg]);
        assert_eq!(code, 2, "{arg}: {stderr}");
        assert!(stderr.contains(message), "{arg}: {stderr}");
    }
}

#[test]
fn the_greedy_and_lookahead_bots_play_whole_games_and_beat_the_weaker_bot() {
    use tinbots::bot::BotSpec;
    use tinbots::tournament::Tournament;
    // A small seeded tournament (the 200-game figures are in BENCHMARKS.md):
    // the same seeds give the same results, so this is not a flaky test.
    let t = Tournament {
        game: tinbots::games::default_game(),
        options: tinbots::engine::GameOptions::default(),
        players: 2,
        games: 6,
        seed: 11,
        max_turns: 300,
        threads: 2,
    };
    let greedy = BotSpec::parse("scripts/twin-tin-bots/bots/greedy.lua");
    let lookahead = BotSpec::parse("scripts/twin-tin-bots/bots/lookahead.lua");
    let r = t.pairing(&greedy, &BotSpec::Random).unwrap();
    assert_eq!(r.wins[0], 6.0, "greedy beats random every time: {r:?}");
    assert_eq!(r.turn_limit, 0, "{r:?}");
    let r = t.pairing(&lookahead, &greedy).unwrap();
    assert!(r.wins[0] >= 4.0, "lookahead beats greedy: {r:?}");
}

#[test]
fn play_shows_what_a_lua_bot_prints_and_finishes_with_greedy() {
    let chatty = temp_file(
        "chatty.lua",
        "return { choose = function(view, d)\n  if view.turn == 1 then print('thinking about ' .. #d .. ' answers') end\n  return 1\nend }\n",
    );
    let bot = format!("red={}", chatty.display());
    let (code, stdout, stderr) =
        run_play(&["-p", "2", "-s", "1", "--max-turns", "4", "--bot", &bot]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("[red] thinking about "), "{stdout}");
    // The issue's own example.
    let (code, stdout, stderr) = run_play(&[
        "--players",
        "3",
        "--seed",
        "2",
        "--bot",
        "red=scripts/twin-tin-bots/bots/greedy.lua",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("game over"), "{stdout}");
}

#[test]
fn the_tournament_command_prints_every_pairing() {
    let (code, stdout, stderr) = run_tinbots(&[
        "tournament",
        "--bot",
        "random",
        "--bot",
        "scripts/twin-tin-bots/bots/random.lua",
        "--bot",
        "random",
        "--games",
        "4",
        "--players",
        "3",
        "-j",
        "2",
        "--max-turns",
        "100",
    ]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stdout.starts_with("3 players, 4 games per pairing"),
        "{stdout}"
    );
    let pairings: Vec<&str> = stdout
        .lines()
        .filter(|l| l.contains(" vs ") && l.contains("% ("))
        .collect();
    assert_eq!(
        pairings.len(),
        3 * 3,
        "three pairings, each a row and two verdicts: {stdout}"
    );
    // Three bots rated, the ones named alike kept apart by their place.
    for bot in ["bot 1 random", "bot 2 random", "bot 3 random"] {
        assert!(stdout.contains(bot), "{bot}: {stdout}");
    }
    let (code, _, stderr) = run_tinbots(&[
        "tournament",
        "--bot",
        "random",
        "--bot",
        "no/such.lua",
        "-g",
        "2",
    ]);
    assert_eq!(code, 2);
    assert!(stderr.contains("no/such.lua"), "{stderr}");
}
