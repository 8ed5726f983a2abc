//! The `tinbots` binary end to end: `play` is deterministic and its replay
//! reproduces the game; `check` passes the scenario suite and fails bad files.

use std::path::PathBuf;
use std::process::{Command, Output};

fn tinbots(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tinbots"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

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
        "player   score  base  carried  blue  green",
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
    std::fs::remove_file(path).ok();
}

#[test]
fn check_passes_the_scenario_suite() {
    let o = tinbots(&["check", "scripts/scenarios"]);
    let out = stdout(&o);
    assert!(o.status.success(), "{out}");
    assert!(
        out.lines().last().unwrap().ends_with(" passed, 0 failed"),
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
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("FAIL ") && out.contains("facing"), "{out}");
    assert!(
        out.contains(&format!("ERROR {}:", malformed.display())),
        "{out}"
    );
    assert!(out.contains("0 passed, 2 failed"), "{out}");
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

#[test]
fn verbose_play_prints_each_answer_then_its_events() {
    let o = tinbots(&["play", "-p", "2", "-s", "7", "-v", "--max-turns", "6"]);
    let out = stdout(&o);
    assert!(o.status.success());
    let body: Vec<&str> = out
        .lines()
        .take_while(|l| !l.starts_with("game over"))
        .collect();
    assert!(
        body[0].starts_with("turn    1  red     place red."),
        "{out}"
    );
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
        "scripts/orders/sidestep.lua",
        "--orders",
        "scripts/orders/magnet.lua",
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
        json.contains("\"version\": 3") && json.contains("\"magnet\""),
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
    let o = tinbots(&["orders", "scripts/orders/magnet.lua"]);
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
