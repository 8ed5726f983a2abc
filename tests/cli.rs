//! The `tinbots` binary end to end: `play` is deterministic and its replay
//! reproduces the game; `check` passes the scenario suite and fails bad files.

use crate::common;

use common::{stdout, tinbots};

use std::path::PathBuf;
use std::process::Command;

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("tinbots-cli-{}-{name}", std::process::id()))
}

#[test]
fn play_is_the_same_byte_for_byte_for_the_same_seed() {
    const GAME: [&str; 7] = [
        "play",
        "--players",
        "4",
        "--seed",
        "1",
        "--max-turns",
        "300",
    ];
    let a = tinbots(&GAME);
    let b = tinbots(&GAME);
    assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
    assert_eq!(a.stdout, b.stdout);
    let out = stdout(&a);
    assert!(out.starts_with("turn    1  red     place red."), "{out}");
    for line in [
        "game over: ",
        "turns: ",
        "player   score  base  carried  2s in base  3s in base",
    ] {
        assert!(out.contains(line), "missing {line:?} in\n{out}");
    }
    let c = tinbots(&[
        "play",
        "--players",
        "4",
        "--seed",
        "2",
        "--max-turns",
        "300",
    ]);
    assert_ne!(a.stdout, c.stdout, "another seed, another game");
}

#[test]
fn a_saved_game_replays_to_the_same_summary() {
    let path = temp("replay.json");
    let p = path.to_str().unwrap();
    let played = tinbots(&[
        "play",
        "-p",
        "3",
        "-s",
        "11",
        "--max-turns",
        "200",
        "--bot",
        "all=random",
        "-q",
        "--save",
        p,
    ]);
    assert!(played.status.success());
    let replayed = tinbots(&["replay", p]);
    assert!(
        replayed.status.success(),
        "{}",
        String::from_utf8_lossy(&replayed.stderr)
    );
    let summary = stdout(&played);
    let summary = summary.split("replay saved").next().unwrap();
    assert_eq!(stdout(&replayed), summary);
    assert!(
        summary.contains("stopped at the turn limit\nturns: 200\n"),
        "{summary}"
    );
    assert!(
        summary.contains("(scored at the turn limit)")
            || summary.contains(", scored at the turn limit)"),
        "a winner at the limit says so: {summary}"
    );
    std::fs::remove_file(path).ok();
}

#[test]
fn check_passes_the_scenario_suite() {
    let o = tinbots(&["check", "scripts/twin-tin-bots/scenarios"]);
    let out = stdout(&o);
    assert!(o.status.success(), "{out}");
    assert!(
        out.lines()
            .last()
            .unwrap()
            .ends_with(" passed, 0 failed, 0 errors"),
        "{out}"
    );
}

#[test]
fn check_fails_on_a_wrong_expectation_and_names_a_malformed_file() {
    let wrong = temp("wrong.toml");
    std::fs::write(
        &wrong,
        r#"title = "wrong on purpose"
players = ["red", "blue"]
[[robot]]
id = "red.1"
at = [0, 0]
facing = "E"
program = ["turn_left", "", ""]
[turn]
changes = ["pass"]
[[expect.robot]]
id = "red.1"
facing = "SE"
"#,
    )
    .unwrap();
    let malformed = temp("malformed.toml");
    std::fs::write(&malformed, "title = \"x\"\nplayers = [\"red\"\n").unwrap();
    let o = tinbots(&[
        "check",
        wrong.to_str().unwrap(),
        malformed.to_str().unwrap(),
    ]);
    let out = stdout(&o);
    // 1 for a failed expectation, but 2 as soon as a file cannot be read.
    assert_eq!(o.status.code(), Some(2), "{out}");
    assert!(out.contains("FAIL ") && out.contains("facing"), "{out}");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!out.contains("ERROR"), "errors go to stderr: {out}");
    assert!(
        err.contains(&format!("ERROR {}:", malformed.display())),
        "{err}"
    );
    assert!(
        out.ends_with("0 passed, 1 failed, 1 error\n"),
        "an error is counted apart from the failures: {out}"
    );
    std::fs::remove_file(wrong).ok();
    std::fs::remove_file(malformed).ok();
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let o = tinbots(&["play", "--players", "7"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("2 to 6 players"), "{err}");
    let o = tinbots(&["replay", "Cargo.toml"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("not a tinbots replay"));
}

/// Checks that every change of a verbose transcript is written once: the
/// lines naming a change are exactly its `COLOUR changes: ...` events.
fn assert_each_change_once(out: &str) {
    let lines: Vec<&str> = out.lines().collect();
    let mut changes = 0;
    for line in &lines {
        let Some((_, change)) = line.split_once(" changes: ") else {
            continue;
        };
        changes += 1;
        let naming = lines.iter().filter(|l| l.contains(change)).count();
        let events = lines
            .iter()
            .filter(|l| l.ends_with(&format!(" changes: {change}")))
            .count();
        assert_eq!(naming, events, "{change:?} written twice in\n{out}");
    }
    assert!(changes > 0, "no change in\n{out}");
}

#[test]
fn verbose_play_heads_each_turn_then_writes_each_event_once() {
    let o = tinbots(&["play", "-p", "2", "-s", "7", "-v", "--max-turns", "6"]);
    let out = stdout(&o);
    assert!(o.status.success());
    let body: Vec<&str> = out
        .lines()
        .take_while(|l| !l.starts_with("game over"))
        .collect();
    assert_eq!(body[0], "turn    1  red", "{out}");
    assert!(body[1].starts_with("    red changes: place red."), "{out}");
    for line in &body {
        assert!(
            line.starts_with("turn ") || line.starts_with("    "),
            "{line:?} in\n{out}"
        );
    }
    assert!(
        body.iter().any(|l| l.contains("slot 1: empty, skipped")),
        "{out}"
    );
    assert_each_change_once(&out);
    // `replay -v` writes the same transcript.
    let path = temp("verbose.json");
    let p = path.to_str().unwrap();
    let saved = tinbots(&[
        "play",
        "-p",
        "2",
        "-s",
        "7",
        "-q",
        "--max-turns",
        "6",
        "--save",
        p,
    ]);
    assert!(saved.status.success());
    let replayed = stdout(&tinbots(&["replay", "-v", p]));
    assert_each_change_once(&replayed);
    assert_eq!(replayed, out, "play -v and replay -v agree");
    std::fs::remove_file(path).ok();
}

#[test]
fn play_with_order_files_deals_their_tiles_and_replays() {
    let path = temp("orders-replay.json");
    let p = path.to_str().unwrap();
    let args = [
        "play",
        "-p",
        "4",
        "-s",
        "2",
        "--max-turns",
        "300",
        "--orders",
        "scripts/twin-tin-bots/orders/sidestep.lua",
        "--orders",
        "scripts/twin-tin-bots/orders/magnet.lua",
        "--bot",
        "all=random",
        "-v",
        "--save",
        p,
    ];
    let played = tinbots(&args);
    assert!(
        played.status.success(),
        "{}",
        String::from_utf8_lossy(&played.stderr)
    );
    let out = stdout(&played);
    assert!(
        out.contains(": strafe") || out.contains(": sidestep_") || out.contains(": magnet"),
        "a new order runs in this game:\n{out}"
    );
    assert_eq!(
        tinbots(&args).stdout,
        played.stdout,
        "the same byte for byte"
    );
    let json = std::fs::read_to_string(&path).unwrap();
    assert!(
        json.contains("\"version\": 4") && json.contains("\"magnet\""),
        "{json}"
    );
    let replayed = tinbots(&["replay", p]);
    assert!(
        replayed.status.success(),
        "{}",
        String::from_utf8_lossy(&replayed.stderr)
    );
    let summary = &out[out.find("game over").unwrap()..];
    let summary = summary.split("replay saved").next().unwrap();
    assert_eq!(stdout(&replayed), summary);
    std::fs::remove_file(path).ok();
}

#[test]
fn orders_lists_the_orders_of_a_game() {
    let o = tinbots(&["orders", "scripts/twin-tin-bots/orders/magnet.lua"]);
    let out = stdout(&o);
    assert!(o.status.success(), "{out}");
    assert_eq!(out.lines().count(), 22, "{out}");
    assert!(
        out.starts_with("forward_1            standard  forward()"),
        "{out}"
    );
    assert!(
        out.lines()
            .any(|l| l.starts_with("magnet               new       pull(3), pull(3)")),
        "{out}"
    );
}

#[test]
fn orders_and_courses_of_a_game_without_them_are_a_clear_error() {
    for (args, message) in [
        (
            &["--game", "roborally", "orders"][..],
            "RoboRally has no orders; it has `tinbots --game roborally courses`",
        ),
        (
            &["--game", "droids", "courses"][..],
            "Droids has no courses; it has `tinbots --game droids missions`",
        ),
    ] {
        let o = tinbots(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err}");
    }
    // Without `--game`, `courses` lists every game's that has them.
    let o = tinbots(&["courses"]);
    assert!(o.status.success());
    assert!(stdout(&o).lines().any(|l| l.starts_with("crossing ")));
}

#[test]
fn a_bad_order_file_exits_2_naming_the_file_and_the_cause() {
    let bad = temp("bad-orders.lua");
    std::fs::write(
        &bad,
        "return {\n  { name = 'warp', steps = { orders.teleport(3) } },\n}\n",
    )
    .unwrap();
    let o = tinbots(&["play", "-p", "2", "--orders", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.starts_with(&format!(
            "tinbots: {}:2: orders.teleport is not a primitive",
            bad.display()
        )),
        "{err}"
    );
    std::fs::write(
        &bad,
        "return { { name = 'warp', steps = { 'forward' } } }\n",
    )
    .unwrap();
    let o = tinbots(&["play", "-p", "2", "--orders", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains(&format!(
            "{}: order 1 (\"warp\"): steps[1]: expected a primitive",
            bad.display()
        )),
        "{err}"
    );
    let o = tinbots(&["play", "-p", "2", "--orders", "no/such/file.lua"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("no/such/file.lua: cannot read the script"),
        "{err}"
    );
    std::fs::remove_file(bad).ok();
}

#[test]
fn play_with_variants_and_refuses_an_unknown_one() {
    let out = Command::new(env!("CARGO_BIN_EXE_tinbots"))
        .args(["play", "-p", "3", "-s", "2", "--max-turns", "50", "-v"])
        .args(["--variant", "simplified", "--variant", "no-score-victory"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // 000_f177823dad35ee93.txt: Simplified rules — a single robot each.
    assert!(
        stdout.contains("red.1") && !stdout.contains("red.2"),
        "{stdout}"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_tinbots"))
        .args(["play", "--variant", "quicksand"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("unknown variant `quicksand`") && stderr.contains("simplified"),
        "{stderr}"
    );
}

/// Runs the binary and returns its exit status and stderr, asserting that
/// it refused (exit 2).
fn refused(args: &[&str]) -> String {
    let o = tinbots(args);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert!(o.stdout.is_empty(), "{args:?} wrote {}", stdout(&o));
    assert!(!err.contains("panicked"), "{err}");
    err
}

#[test]
fn a_second_bot_for_one_colour_or_one_person_is_refused_naming_both() {
    let err = refused(&[
        "play",
        "-p",
        "2",
        "--bot",
        "red=random",
        "--bot",
        "red=x.lua",
    ]);
    assert_eq!(
        err,
        "tinbots: --bot red=random and --bot red=x.lua: both choose the bot of red; give one --bot for them\n"
    );
    // teams with 3 people: blue and green are one person's.
    let err = refused(&[
        "play",
        "-p",
        "3",
        "--variant",
        "teams",
        "--bot",
        "blue=random",
        "--bot",
        "green=random",
    ]);
    assert!(
        err.contains(
            "--bot blue=random and --bot green=random: blue and green are played by one person"
        ),
        "{err}"
    );
}

#[test]
fn bot_all_plays_every_colour_not_named() {
    let base = ["play", "-p", "3", "--seed", "4", "--max-turns", "6"];
    let run = |bots: &[&str]| {
        let args: Vec<&str> = base.iter().chain(bots).copied().collect();
        let o = tinbots(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        stdout(&o)
    };
    let with_all = run(&["--bot", "all=greedy", "--bot", "red=random"]);
    let named = run(&[
        "--bot",
        "red=random",
        "--bot",
        "blue=greedy",
        "--bot",
        "yellow=greedy",
    ]);
    assert_eq!(with_all, named);
    assert_ne!(with_all, run(&[]), "greedy plays otherwise than random");
    let err = refused(&["play", "--bot", "all=greedy", "--bot", "all=random"]);
    assert!(err.contains("two bots for all"), "{err}");
}

/// Issue 12's race: `tinbots play --game roborally --players 8 --seed 3`
/// with no `--bot` seats RoboRally's own bot (`planner`: random robots
/// seldom live to reach a two-wrench site), and in it option cards are
/// drawn on a two-wrench site instead of repairing
/// (`004_11511d35c714bcd0.txt:225`, 406) and used.
#[test]
fn roborally_play_seats_its_planner_and_its_race_draws_and_uses_options() {
    let race = [
        "play",
        "--game",
        "roborally",
        "--players",
        "8",
        "--seed",
        "3",
        "-v",
    ];
    let o = tinbots(&race);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    let drawn = out.matches("takes the option card").count();
    assert!(drawn >= 2, "options drawn: {drawn}\n{out}");
    for (used, how) in [
        ("prevents 1 damage", "an option prevents damage"),
        (
            "programs its shield",
            "a turn-programmed option is programmed",
        ),
    ] {
        assert!(out.contains(used), "{how}: {out}");
    }
    let args: Vec<&str> = race
        .iter()
        .copied()
        .chain(["--bot", "all=planner"])
        .collect();
    assert_eq!(out, stdout(&tinbots(&args)), "the default is the planner");
    let random: Vec<&str> = race
        .iter()
        .copied()
        .chain(["--bot", "all=random"])
        .collect();
    assert_ne!(out, stdout(&tinbots(&random)));
}

#[test]
fn teams_with_an_odd_count_says_who_plays_which_colours() {
    let o = tinbots(&["play", "-p", "3", "--variant", "teams", "--max-turns", "4"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = stdout(&o);
    let seating = "seating: 3 people for 4 colours: red | blue + green | yellow\n";
    assert!(out.starts_with(seating), "{out}");
    let summary = &out[out.find("game over").unwrap()..];
    assert!(summary.contains(seating), "{summary}");
    // Every person plays one colour: nothing to say.
    let o = tinbots(&["play", "-p", "4", "--variant", "teams", "--max-turns", "4"]);
    assert!(!stdout(&o).contains("seating:"), "{}", stdout(&o));
}

#[test]
fn order_files_adding_tiles_are_refused_with_a_variant_that_deals_none() {
    for command in ["play", "repl"] {
        let err = refused(&[
            command,
            "-p",
            "2",
            "--variant",
            "simplified",
            "--orders",
            "scripts/twin-tin-bots/orders/magnet.lua",
        ]);
        assert!(
            err.contains(
                "--orders scripts/twin-tin-bots/orders/magnet.lua: its new tiles (magnet)"
            ) && err.contains("variant simplified deals no special tiles"),
            "{command}: {err}"
        );
    }
}

#[test]
fn a_player_count_a_variant_refuses_is_a_usage_error_said_once() {
    for args in [
        &["play", "--variant", "two-player-advanced", "-p", "4"][..],
        &["repl", "--variant", "two-player-advanced", "-p", "4"],
        &[
            "tournament",
            "--bot",
            "random",
            "--bot",
            "random",
            "--variant",
            "two-player-advanced",
            "-p",
            "4",
        ],
    ] {
        let err = refused(args);
        assert_eq!(
            err, "tinbots: variant two-player-advanced is for 2 players; -p 4 given\n",
            "{args:?}"
        );
    }
}

#[test]
fn counts_out_of_range_are_usage_errors() {
    let err = refused(&["repl", "--players", "1"]);
    assert!(
        err.contains("a game of Twin Tin Bots is for 2 to 6 players, not 1"),
        "{err}"
    );
    assert!(!err.contains("1 players"), "{err}");
    let err = refused(&["play", "--max-turns", "0"]);
    assert!(
        err.contains(
            "'--max-turns <MAX_TURNS>': 0 is out of range: a whole number from 1 to 10000"
        ),
        "{err}"
    );
    let err = refused(&[
        "tournament",
        "--bot",
        "random",
        "--bot",
        "random",
        "--games",
        "0",
    ]);
    assert!(
        err.contains("'--games <GAMES>': 0 is out of range: a whole number from 1 to 100000"),
        "{err}"
    );
}

/// Issue 29, items 5 and 15: every count flag is bounded at parse time
/// and refused with its range, in words (not `invalid digit found in
/// string` or `number too large to fit in target type`), before anything
/// is played: `--max-turns 4294967295` with a variant that never lets a
/// race end ran for ever.
#[test]
fn count_flags_are_refused_past_their_range_at_parse_time() {
    let bots = ["tournament", "--bot", "random", "--bot", "random"];
    let cases: Vec<(Vec<&str>, &str)> =
        vec![
        (
            vec!["--game", "roborally", "play", "--max-turns", "4294967295"],
            "'--max-turns <MAX_TURNS>': 4294967295 is out of range: a whole number from 1 to 10000",
        ),
        (
            vec!["play", "--max-turns", "-1"],
            "'--max-turns <MAX_TURNS>': `-1` is not a whole number from 1 to 10000",
        ),
        (
            [&bots[..], &["--games", "4000000000"]].concat(),
            "'--games <GAMES>': 4000000000 is out of range: a whole number from 1 to 100000",
        ),
        (
            [&bots[..], &["--games", "99999999999"]].concat(),
            "'--games <GAMES>': `99999999999` is not a whole number from 1 to 100000",
        ),
        (
            [&bots[..], &["--until-significant", "--max-games", "1000000"]].concat(),
            "'--max-games <MAX_GAMES>': 1000000 is out of range: a whole number from 1 to 100000",
        ),
        (
            [&bots[..], &["-j", "100000"]].concat(),
            "'--threads <THREADS>': 100000 is out of range: a whole number from 1 to 256",
        ),
        (
            vec!["play", "--players", "-3"],
            "'--players <PLAYERS>': a game is for 1 to 8 players; `-3` is not a number",
        ),
        (
            vec!["play", "--seed", "-1"],
            "'--seed <SEED>': `-1` is not a whole number from 0 to 18446744073709551615",
        ),
        (
            vec!["balance", "--bot", "random", "--max-turns", "10001"],
            "'--max-turns <MAX_TURNS>': 10001 is out of range: a whole number from 1 to 10000",
        ),
        (
            vec!["tournament", "--bot", "mcts:iterations=-1", "--bot", "random", "-g", "1"],
            "bot mcts:iterations=-1: iterations=-1: a whole number from 1 to 1000000",
        ),
        (
            vec![
                "tournament",
                "--bot",
                "mcts:horizon=99999999999",
                "--bot",
                "random",
                "-g",
                "1",
            ],
            "horizon=99999999999: a whole number from 0 to 100",
        ),
        (
            [&bots[..], &["-g", "4", "-s", "18446744073709551615"]].concat(),
            "seed 18446744073709551615: its 4 games deal with seeds up to 1 past it",
        ),
    ];
    for (args, needle) in cases {
        let started = std::time::Instant::now();
        let err = refused(&args);
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("invalid digit") && !err.contains("too large to fit"));
        assert!(
            started.elapsed() < std::time::Duration::from_secs(10),
            "{args:?} took {:?}",
            started.elapsed()
        );
    }
}

#[test]
fn tournament_and_play_count_the_turns_of_a_game_at_the_limit_alike() {
    let o = tinbots(&["play", "-p", "2", "-q", "--max-turns", "30"]);
    assert!(stdout(&o).contains("turns: 30\n"), "{}", stdout(&o));
    let o = tinbots(&[
        "tournament",
        "--bot",
        "random",
        "--bot",
        "random",
        "-g",
        "2",
        "--max-turns",
        "30",
    ]);
    let out = stdout(&o);
    assert!(o.status.success(), "{out}");
    assert!(
        out.contains(" 30.0, 30 (30–30); 2 of 2 games stopped at the turn limit"),
        "{out}"
    );
}

#[test]
fn no_progress_is_written_when_stderr_is_not_a_terminal() {
    // Here stderr is a pipe: the long runs write not one byte to it, and
    // their output is the same as ever.
    let args = [
        "tournament",
        "--bot",
        "random",
        "--bot",
        "random",
        "-g",
        "4",
        "--max-turns",
        "50",
    ];
    let a = tinbots(&args);
    assert_eq!(a.stderr, b"", "{}", String::from_utf8_lossy(&a.stderr));
    assert_eq!(a.stdout, tinbots(&args).stdout);
    let o = tinbots(&["play", "-p", "3", "-q", "--max-turns", "50"]);
    assert_eq!(o.stderr, b"", "{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).starts_with("game over: "), "{}", stdout(&o));
    let o = common::run_with_input(
        Command::new(env!("CARGO_BIN_EXE_tinbots"))
            .args(["repl", "-p", "2"])
            .current_dir(env!("CARGO_MANIFEST_DIR")),
        b"bot red random\nbot blue random\nauto 20\n",
    );
    assert_eq!(o.stderr, b"", "{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).contains("turn 20, blue:"), "{}", stdout(&o));
}

/// Runs the binary with its stdout a pipe whose reader is already gone
/// (as `| head` leaves it) and returns its exit status and stderr.
fn into_a_closed_pipe(args: &[&str], input: &[u8]) -> (Option<i32>, String) {
    use std::io::Write;
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let mut child = Command::new(env!("CARGO_BIN_EXE_tinbots"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(std::process::Stdio::piped())
        .stdout(writer)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().unwrap().write_all(input).ok();
    let o = child.wait_with_output().unwrap();
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn a_reader_that_stops_reading_ends_tinbots_quietly() {
    let path = temp("pipe.json");
    let p = path.to_str().unwrap();
    assert!(
        tinbots(&["play", "-p", "2", "-q", "--max-turns", "40", "--save", p])
            .status
            .success()
    );
    let runs: [&[&str]; 7] = [
        &["play", "--players", "4", "--seed", "1"],
        &["play", "-p", "2", "-v", "--max-turns", "20"],
        &[
            "tournament",
            "--bot",
            "random",
            "--bot",
            "random",
            "-g",
            "2",
            "--max-turns",
            "20",
        ],
        &["replay", p],
        &["replay", "-v", p],
        &["check", "scripts/twin-tin-bots/scenarios"],
        &["repl", "-p", "2"],
    ];
    for args in runs {
        let (code, err) = into_a_closed_pipe(args, b"show\nshow\n");
        assert_eq!((code, err.as_str()), (Some(0), ""), "{args:?}");
    }
    std::fs::remove_file(path).ok();
}

/// A transcript line is one seat's turn; an answer another seat gives on
/// it (a destroyed robot's facing as it comes back) names that seat, and
/// the line's own seat's asides stay unnamed.
#[test]
fn another_seats_aside_on_a_transcript_line_names_its_colour() {
    // Random robots: their only asides are facings (no option is drawn).
    let out = tinbots(&[
        "--game",
        "roborally",
        "play",
        "-p",
        "8",
        "--seed",
        "1",
        "--bot",
        "all=random",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let mut named = 0;
    for line in text.lines().filter(|l| l.starts_with("turn ")) {
        let seat = line
            .split_whitespace()
            .nth(2)
            .expect("a colour after the turn");
        for aside in line.split(" [").skip(1) {
            let first = aside.split_whitespace().next().unwrap_or_default();
            if first == "facing:" {
                continue;
            }
            assert_ne!(first, seat, "the line's own seat is not named: {line}");
            let colours = [
                "red", "blue", "yellow", "green", "white", "black", "orange", "purple",
            ];
            assert!(
                colours.contains(&first),
                "an aside without its colour: {line}"
            );
            named += 1;
        }
    }
    assert!(named > 0, "no other seat's aside in:\n{text}");
}

/// Whether `text` holds a character that could drive a terminal.
fn raw_control(text: &str) -> bool {
    text.chars()
        .any(|c| c.is_control() && c != '\n' && c != '\t')
}

/// Issue 29, item 14: what files and scripts chose reaches the terminal
/// escaped: a scenario's and a course's title printed by `check`, a
/// replay's refused answer, REPL refusals; and a refused 5 MB REPL line is
/// refused with its length, not echoed.
#[test]
fn text_files_chose_reaches_the_terminal_escaped() {
    let dir = temp("escaped");
    std::fs::create_dir_all(&dir).unwrap();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let hostile = r#"evil \u001b[2J\r\u0000 end"#;
    let scenario =
        std::fs::read_to_string(root.join("scripts/twin-tin-bots/scenarios/001_play_example.toml"))
            .unwrap()
            .replacen(
                "title = \"Play example",
                &format!("title = \"{hostile} Play example"),
                1,
            );
    let course = std::fs::read_to_string(root.join("scripts/roborally/courses/crossing.toml"))
        .unwrap()
        .replacen("name = \"crossing\"", &format!("name = \"{hostile}\""), 1);
    let scenario_path = dir.join("scenario.toml");
    let course_path = dir.join("course.toml");
    std::fs::write(&scenario_path, scenario).unwrap();
    std::fs::write(&course_path, course).unwrap();
    let o = tinbots(&[
        "check",
        scenario_path.to_str().unwrap(),
        course_path.to_str().unwrap(),
    ]);
    let out = stdout(&o);
    assert!(o.status.success(), "{out}");
    assert!(!raw_control(&out), "{out:?}");
    assert_eq!(out.matches(r"evil \e[2J\r\u{0} end").count(), 2, "{out}");
    // A replay whose answer holds control characters: refused, escaped.
    let saved = dir.join("saved.json");
    let o = tinbots(&["play", "-p", "2", "-q", "--save", saved.to_str().unwrap()]);
    assert!(o.status.success());
    let mut replay: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&saved).unwrap()).unwrap();
    replay["answers"][0] = serde_json::json!("place \u{1b}[2J\r\0 red.1");
    std::fs::write(&saved, replay.to_string()).unwrap();
    let err = refused(&["replay", saved.to_str().unwrap()]);
    assert!(!raw_control(&err), "{err:?}");
    assert!(
        err.contains(r"answer 1 (`place \e[2J\r\u{0} red.1`)"),
        "{err}"
    );
    // The REPL: a refused line with control characters, a 5 MB line.
    let repl = |input: &[u8]| {
        common::run_with_input(
            Command::new(env!("CARGO_BIN_EXE_tinbots")).args(["repl", "-p", "2"]),
            input,
        )
    };
    let o = repl(b"where \x1b]0;owned\x07red.1\r\0\n");
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(!raw_control(&err), "{err:?}");
    assert!(err.contains(r"\e]0;owned\u{7}red.1"), "{err}");
    let mut huge = vec![b'x'; 5_000_000];
    huge.extend_from_slice(b"\nwhere red.1\n");
    let o = repl(&huge);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(
        err,
        "tinbots: line 1: a line of 5000000 bytes: longer than the 65536 bytes a line may hold, refused\n"
    );
    assert!(o.stdout.is_empty(), "nothing run, nothing echoed");
    std::fs::remove_dir_all(&dir).ok();
}
