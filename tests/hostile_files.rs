//! Hostile files through every loader of the binary: setup files
//! (`play --setup`), replays (`tinbots replay`, `repl --load`, the REPL's
//! `load`), scenarios (`check`, the REPL's `load`) and variant manifests
//! (`play --variant`). Each must be refused with exit status 2 and a
//! message naming the file and the field, and never panic; saved replays
//! of every format version still load.

use crate::common;

use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use tinbots::games::twin_tin_bots::variant::VariantSet;
use tinbots::repl::session::Session;

/// A coordinate whose absolute value does not fit an `i32`.
const MIN: i64 = -2_147_483_648;

/// A folder of its own for a test, removed when dropped.
struct Temp(PathBuf);

impl Temp {
    fn new(name: &str) -> Temp {
        let dir =
            std::env::temp_dir().join(format!("tinbots-hostile-{}-{name}", std::process::id()));
        std::fs::remove_dir_all(&dir).ok();
        std::fs::create_dir_all(&dir).unwrap();
        Temp(dir)
    }

    /// Writes a file in the folder (creating its parent folders).
    fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.0.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        path
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

/// Runs the binary in `dir` with `stdin` as its input.
fn run_in(dir: &Path, args: &[&str], stdin: &str) -> Output {
    common::run_with_input(
        Command::new(env!("CARGO_BIN_EXE_tinbots"))
            .args(args)
            .current_dir(dir),
        stdin.as_bytes(),
    )
}

/// Runs the binary in the repository (where `variants/` and `setups/` are).
fn tinbots(args: &[&str]) -> Output {
    run_in(Path::new(env!("CARGO_MANIFEST_DIR")), args, "")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Asserts that nothing panicked and that stderr holds every needle.
fn says(o: &Output, needles: &[&str]) {
    let err = stderr(o);
    assert!(!err.contains("panicked at"), "a panic:\n{err}");
    for n in needles {
        assert!(err.contains(n), "missing {n:?} in:\n{err}");
    }
}

/// Asserts a refusal: exit status 2, every needle in stderr, no panic.
fn refused(o: &Output, needles: &[&str]) {
    says(o, needles);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(o));
}

/// A game played and saved: started from a setup, or (`position`) from a
/// position, then with no answers and no variants.
fn saved_replay(dir: &Temp, position: bool) -> Value {
    let path = dir.0.join(if position { "p.json" } else { "s.json" });
    let p = path.to_str().unwrap();
    let mut args = vec!["play", "-p", "2", "-s", "3", "--max-turns", "8", "-q"];
    if position {
        // A variant's game starts from a position.
        args.extend(["--variant", "no-score-victory"]);
    }
    args.extend(["--save", p]);
    let o = tinbots(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let saved: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    // Saved as format 4 (the game, its start record, the answers); these
    // tests edit the older format 3, whose reader still checks every field.
    assert_eq!(saved["version"], 4);
    let mut v = json!({
        "format": saved["format"],
        "version": 3,
        "orders": saved["start"]["orders"],
        "variants": saved["start"]["variants"],
        "start": saved["start"]["start"],
        "answers": saved["answers"],
        "stopped_at_turn_limit": saved["stopped_at_turn_limit"],
    });
    if position {
        assert!(v.pointer("/start/position").is_some());
        let replay = v.as_object_mut().unwrap();
        replay.remove("variants");
        replay.insert("answers".into(), json!([]));
    } else {
        assert!(v.pointer("/start/setup/setup").is_some());
    }
    v
}

/// `base` with the value at a JSON pointer replaced or added (or, for a
/// pointer ending in `/-`, pushed onto the array).
fn edited(base: &Value, pointer: &str, value: Value) -> Value {
    let mut v = base.clone();
    if let Some(array) = pointer.strip_suffix("/-") {
        v.pointer_mut(array)
            .and_then(Value::as_array_mut)
            .unwrap_or_else(|| panic!("no array at {array}"))
            .push(value);
    } else if let Some(slot) = v.pointer_mut(pointer) {
        *slot = value;
    } else {
        // A field left out of the file (`terrain`, `sides`): added.
        let (parent, key) = pointer.rsplit_once('/').unwrap();
        v.pointer_mut(parent)
            .and_then(Value::as_object_mut)
            .unwrap_or_else(|| panic!("no object at {parent}"))
            .insert(key.to_string(), value);
    }
    v
}

/// Checks that a replay file is refused by each loader of replays, with
/// the file and every needle in the message.
fn every_replay_loader_refuses(dir: &Temp, name: &str, text: &str, needles: &[&str]) {
    let path = dir.write(name, text);
    let p = path.to_str().unwrap();
    let mut all = vec![p];
    all.extend_from_slice(needles);
    refused(&tinbots(&["replay", p]), &all);
    refused(&tinbots(&["repl", "--load", p]), &all);
    // The REPL's `load` line: refused, named, no panic (the REPL's exit
    // status for a failing line is its own).
    let o = run_in(
        Path::new(env!("CARGO_MANIFEST_DIR")),
        &["repl"],
        &format!("load {p}\n"),
    );
    says(&o, &all);
    assert!(!o.status.success());
}

#[test]
fn replays_with_far_coordinates_or_arenas_are_refused_by_every_loader() {
    let dir = Temp::new("replay-geometry");
    let setup = saved_replay(&dir, false);
    let position = saved_replay(&dir, true);
    let far = json!([MIN, 0]);
    let cases: Vec<(&Value, &str, Value, Vec<&str>)> = vec![
        (
            &setup,
            "/start/setup/setup/seat/0/base",
            far.clone(),
            vec!["in `start.setup.setup.seat[0].base`", "far off any arena"],
        ),
        (
            &setup,
            "/start/setup/setup/seat/1/robots/0/at",
            json!([0, MIN]),
            vec!["in `start.setup.setup.seat[1].robots[0].at`", "far off"],
        ),
        (
            &setup,
            "/start/setup/setup/crystals/0/at",
            far.clone(),
            vec!["in `start.setup.setup.crystals[0].at`", "far off"],
        ),
        (
            &setup,
            "/start/setup/setup/seat/0/base",
            json!([9, 0]),
            vec!["in `start.setup.setup.seat[0].base`", "off the small arena"],
        ),
        (
            &setup,
            "/start/setup/setup/seat/0/base",
            json!([0, 0, 99]),
            vec!["in `start.setup.setup.seat[0].base`", "not 3 of them"],
        ),
        (
            &position,
            "/start/position/robots/0/at",
            far.clone(),
            vec!["in `start.position.robots[0].at`", "far off any arena"],
        ),
        (
            &position,
            "/start/position/crystals/0/0",
            far.clone(),
            vec!["in `start.position.crystals[0][0]`", "far off"],
        ),
        (
            &position,
            "/start/position/terrain",
            json!([{ "kind": "mud", "at": far }]),
            vec!["in `start.position.terrain[0]", "far off"],
        ),
        (
            &position,
            "/start/position/robots/0/at",
            json!([9, 0]),
            vec!["in `start.position`", "off the small arena"],
        ),
        (
            &position,
            "/start/position/arena/radius",
            json!(4_294_967_295u64),
            vec!["in `start.position.arena`", "radius 4294967295 is not one"],
        ),
        (
            &position,
            "/start/position/arena/radius",
            json!(100_000),
            vec!["in `start.position.arena`", "radius 100000 is not one"],
        ),
        (
            &position,
            "/start/position/arena/radius",
            json!(0),
            vec!["in `start.position.arena`", "radius 0 is not one"],
        ),
    ];
    for (i, (base, pointer, value, needles)) in cases.into_iter().enumerate() {
        let text = serde_json::to_string_pretty(&edited(base, pointer, value)).unwrap();
        every_replay_loader_refuses(&dir, &format!("geometry{i}.json"), &text, &needles);
    }
}

#[test]
fn edited_replays_go_through_the_position_checks() {
    let dir = Temp::new("replay-edited");
    let setup = saved_replay(&dir, false);
    let position = saved_replay(&dir, true);
    let robot = json!({ "id": 4, "at": [0, 2], "facing": "E", "carrying": null, "program": [null, null, null] });
    let cases: Vec<(&Value, &str, Value, Vec<&str>)> = vec![
        (
            &position,
            "/start/position/players/0/delivered",
            json!([4_294_967_295u64, 0, 0]),
            vec![
                "in `start.position`",
                "blue crystals in play but the box holds only 6",
            ],
        ),
        (
            &position,
            "/start/position/sides",
            json!({ "teams": [0, 99], "controllers": [0, 1] }),
            vec!["in `start.position.sides.teams[1]`", "is 99"],
        ),
        (
            &position,
            "/start/position/sides",
            json!({ "teams": [0, 1], "controllers": [99, 1] }),
            vec!["in `start.position.sides.controllers[0]`", "is 99"],
        ),
        (
            &position,
            "/start/position/robots/-",
            robot,
            vec!["in `start.position.robots`", "has 5 entries"],
        ),
        (
            &setup,
            "/start/setup/setup/seat/0/robots/-",
            json!({ "at": [0, 2], "facing": "E" }),
            vec![
                "in `start.setup.setup.seat[0].robots`",
                "1 or 2 robots, not 3",
            ],
        ),
        (
            &position,
            "/start/position/robots/0/program",
            json!(["double_modification", null, null]),
            vec![
                "in `start.position.robots[0].program`",
                "never placed in a program",
            ],
        ),
        (
            &position,
            "/start/position/players",
            json!([]),
            vec!["in `start.position.players`", "1 to 6 players, not 0"],
        ),
        (
            &setup,
            "/start/setup/setup/players",
            json!(0),
            vec!["in `start.setup.setup.players`", "1 to 6 players, not 0"],
        ),
        (
            &position,
            "/start/position/active",
            json!(7),
            vec!["in `start.position.active`", "seat 7"],
        ),
        (
            &position,
            "/answers",
            json!(["fly away"]),
            vec!["in `answers[0]`", "`fly away`"],
        ),
        (&position, "/version", json!(99), vec!["version 99"]),
        (
            &setup,
            "/start/setup/setup/arena",
            json!("huge"),
            vec!["in `start.setup.setup.arena`", "huge"],
        ),
    ];
    for (i, (base, pointer, value, needles)) in cases.into_iter().enumerate() {
        let text = serde_json::to_string_pretty(&edited(base, pointer, value)).unwrap();
        every_replay_loader_refuses(&dir, &format!("edited{i}.json"), &text, &needles);
    }
    let mut orders = position.clone();
    orders["orders"] = json!(["no-such-file.lua"]);
    every_replay_loader_refuses(
        &dir,
        "orders.json",
        &orders.to_string(),
        &["in `orders`", "no-such-file.lua"],
    );
    let mut variants = position.clone();
    variants["variants"] = json!(["no-such-variant"]);
    every_replay_loader_refuses(
        &dir,
        "variants.json",
        &variants.to_string(),
        &["in `variants`", "no-such-variant"],
    );
    every_replay_loader_refuses(
        &dir,
        "garbage.json",
        "{ not json",
        &["not a tinbots replay"],
    );
}

#[test]
fn a_refused_load_leaves_the_repl_session_as_it_was() {
    let dir = Temp::new("repl-state");
    let position = saved_replay(&dir, true);
    let bad = edited(&position, "/start/position/robots/0/at", json!([MIN, 0]));
    let path = dir.write("bad.json", &bad.to_string());
    let mut session = Session::standard(2, 5, &VariantSet::none()).unwrap();
    let mut before = String::new();
    session.execute("show", &mut before).unwrap();
    let mut said = String::new();
    let e = session
        .execute(&format!("load {}", path.display()), &mut said)
        .unwrap_err();
    assert!(e.to_string().contains("start.position.robots[0].at"), "{e}");
    let mut after = String::new();
    session.execute("show", &mut after).unwrap();
    assert_eq!(before, after);
}

#[test]
fn replays_of_every_version_still_load() {
    let dir = Temp::new("replay-versions");
    let setup = saved_replay(&dir, false);
    assert_eq!(setup["version"], 3);
    let current = dir.write("v3.json", &setup.to_string());
    let want = tinbots(&["replay", current.to_str().unwrap()]);
    assert!(want.status.success(), "{}", stderr(&want));
    assert!(stdout(&want).contains("turns: 8"), "{}", stdout(&want));
    for version in [1, 2] {
        // Version 1 had no order files, version 2 no variants.
        let mut old = setup.clone();
        old["version"] = json!(version);
        old.as_object_mut().unwrap().remove("variants");
        if version == 1 {
            old.as_object_mut().unwrap().remove("orders");
        }
        let path = dir.write(&format!("v{version}.json"), &old.to_string());
        let got = tinbots(&["replay", path.to_str().unwrap()]);
        assert!(got.status.success(), "version {version}: {}", stderr(&got));
        assert_eq!(got.stdout, want.stdout, "version {version}");
    }
    let position = saved_replay(&dir, true);
    let path = dir.write("position.json", &position.to_string());
    let o = tinbots(&["replay", path.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
}

/// The built-in two-player setup with one edit.
fn setup_with(from: &str, to: &str) -> String {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("setups/2p.toml"))
            .unwrap();
    assert!(text.contains(from), "{from}");
    text.replacen(from, to, 1)
}

#[test]
fn setup_files_with_far_or_off_arena_coordinates_are_refused() {
    let dir = Temp::new("setups");
    for (i, (from, to, needles)) in [
        (
            "base = [4, 0]",
            "base = [-2147483648, 0]",
            ["in `seat[0].base`", "far off any arena"],
        ),
        (
            "{ at = [3, 1]",
            "{ at = [-2147483648, 1]",
            ["in `seat[0].robots[0].at`", "far off"],
        ),
        (
            "{ at = [0, 0], value",
            "{ at = [0, -2147483648], value",
            ["in `crystals[0].at`", "far off"],
        ),
        (
            "base = [4, 0]",
            "base = [2147483647, 2147483647]",
            ["in `seat[0].base`", "far off"],
        ),
        (
            "base = [4, 0]",
            "base = [9, 0]",
            ["in `seat[0].base`", "off the small arena"],
        ),
        (
            "base = [4, 0]",
            "base = [4, 0, 99]",
            ["in `seat[0].base`", "not 3 of them"],
        ),
        (
            "players = 2",
            "players = 0",
            ["in `players`", "1 to 6 players, not 0"],
        ),
        (
            "track = { green = 3, pink = 4 }",
            "track = { blue = 4294967295, green = 3, pink = 4 }",
            ["in `crystals, track`", "the box holds only 6 blue crystals"],
        ),
        (
            "specials_dealt = 1",
            "specials_dealt = 9223372036854775807",
            ["in `specials_dealt`", "special_tiles has"],
        ),
    ]
    .into_iter()
    .enumerate()
    {
        let path = dir.write(&format!("setup{i}.toml"), &setup_with(from, to));
        let p = path.to_str().unwrap();
        let o = tinbots(&["play", "--setup", p, "-q"]);
        let mut all = vec![p];
        all.extend(needles);
        refused(&o, &all);
    }
}

#[test]
fn play_players_must_agree_with_the_setup() {
    // An explicit -p that disagrees with the setup is a usage error.
    let o = tinbots(&["play", "-p", "4", "--setup", "setups/2p.toml", "-q"]);
    refused(
        &o,
        &[
            "-p 4 disagrees with --setup setups/2p.toml",
            "for 2 players",
        ],
    );
    // Without -p, or with the same count, the setup's count rules.
    for args in [
        &[
            "play",
            "--setup",
            "setups/2p.toml",
            "-q",
            "--max-turns",
            "4",
        ][..],
        &[
            "play",
            "-p",
            "2",
            "--setup",
            "setups/2p.toml",
            "-q",
            "--max-turns",
            "4",
        ][..],
    ] {
        let o = tinbots(args);
        assert!(o.status.success(), "{}", stderr(&o));
        let out = stdout(&o);
        assert!(out.contains("\nred ") && out.contains("\nblue "), "{out}");
        assert!(!out.contains("\nyellow "), "two players: {out}");
    }
}

/// A scenario that passes: red.1 steps east.
const SCENARIO: &str = r#"title = "a step east"
players = ["red", "blue"]

[[robot]]
id = "red.1"
at = [0, 0]
facing = "E"
program = ["forward_1", "", ""]

[turn]
changes = ["pass"]

[[expect.robot]]
id = "red.1"
at = [1, 0]
"#;

#[test]
fn check_exit_status_tells_failures_from_unreadable_files() {
    let dir = Temp::new("check");
    let pass = dir.write("pass/a.toml", SCENARIO);
    let o = tinbots(&["check", pass.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));

    let fail = dir.write(
        "fail/a.toml",
        &SCENARIO.replace("at = [1, 0]", "at = [2, 0]"),
    );
    let o = tinbots(&["check", fail.to_str().unwrap()]);
    assert_eq!(
        o.status.code(),
        Some(1),
        "expectations fail: {}",
        stdout(&o)
    );
    assert!(stdout(&o).contains("FAIL "), "{}", stdout(&o));

    let broken = dir.write("broken/a.toml", "title = \"t\"\nplayers = [\n");
    let o = tinbots(&["check", broken.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "unparseable: {}", stdout(&o));

    // A failure and an unreadable file: the file wins.
    dir.write(
        "mixed/a.toml",
        &SCENARIO.replace("at = [1, 0]", "at = [2, 0]"),
    );
    dir.write("mixed/b.toml", "title = 1\n");
    let o = tinbots(&["check", dir.0.join("mixed").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(
        stdout(&o).ends_with("0 passed, 1 failed, 1 error\n"),
        "{}",
        stdout(&o)
    );

    let missing = dir.0.join("no-such.toml");
    let o = tinbots(&["check", missing.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(!stderr(&o).contains("panicked at"));
}

#[test]
fn check_on_a_folder_without_scenarios_is_an_error() {
    let dir = Temp::new("check-empty");
    let empty = dir.0.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    dir.write("empty/notes.txt", "not a scenario");
    let e = empty.to_str().unwrap();
    let o = tinbots(&["check", e]);
    refused(&o, &[&format!("no scenario files in {e}")]);
    assert!(!stdout(&o).contains("0 passed"), "{}", stdout(&o));
    // Even next to a good file: nothing runs.
    let good = dir.write("good.toml", SCENARIO);
    let o = tinbots(&["check", good.to_str().unwrap(), e]);
    refused(&o, &["no scenario files in"]);
}

#[test]
fn scenario_coordinates_are_two_numbers_within_the_limit() {
    let dir = Temp::new("scenario-hex");
    for (name, from, to, needle) in [
        (
            "three.toml",
            "at = [0, 0]",
            "at = [0, 0, 99]",
            "not 3 of them",
        ),
        (
            "far.toml",
            "at = [0, 0]",
            "at = [-2147483648, 0]",
            "far off any arena",
        ),
        (
            "expect.toml",
            "at = [1, 0]",
            "at = [1, 0, 0]",
            "not 3 of them",
        ),
    ] {
        let path = dir.write(name, &SCENARIO.replacen(from, to, 1));
        let p = path.to_str().unwrap();
        let line = SCENARIO[..SCENARIO.find(from).unwrap()]
            .matches('\n')
            .count()
            + 1;
        let o = tinbots(&["check", p]);
        assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
        let out = stderr(&o);
        assert!(
            out.contains(&format!("{p}:{line}:")) && out.contains(needle),
            "{out}"
        );
        // The REPL's `load` of the same scenario.
        let o = run_in(&dir.0, &["repl"], &format!("load {p}\n"));
        says(&o, &[&format!("{p}:{line}:"), needle]);
        assert!(!o.status.success());
        refused(
            &tinbots(&["repl", "--load", p]),
            &[&format!("{p}:{line}:"), needle],
        );
    }
}

/// A variant `x` in `dir/variants/x` with the manifest's `[[piece]]` text.
fn variant(dir: &Temp, pieces: &str) -> PathBuf {
    let manifest = format!("name = \"x\"\ndescription = \"d\"\nsource = \"house rule\"\n{pieces}");
    dir.write("variants/x/variant.lua", "return {}\n");
    dir.write("variants/x/variant.toml", &manifest)
}

fn piece(name: &str, symbol: &str) -> String {
    format!("[[piece]]\nname = \"{name}\"\nlayer = \"floor\"\nsymbol = \"{symbol}\"\n")
}

#[test]
fn manifests_refuse_repeated_pieces_and_bad_symbols() {
    let dir = Temp::new("manifests");
    let play = |dir: &Temp| {
        run_in(
            &dir.0,
            &[
                "--variant-path",
                "variants",
                "play",
                "--variant",
                "x",
                "-q",
                "--max-turns",
                "2",
            ],
            "",
        )
    };
    variant(&dir, &format!("{}{}", piece("tar", "t"), piece("tar", "u")));
    refused(
        &play(&dir),
        &[
            "variant.toml:9:",
            "in `piece[1].name`",
            "`tar` is already the name of piece[0]",
        ],
    );
    for (symbol, reason) in [
        (".", "already drawn on the map"),
        ("R", "already drawn on the map"),
        ("B", "already drawn on the map"),
        (" ", "not a space or a control character"),
        ("\\n", "not a space or a control character"),
        ("\\u0000", "not a space or a control character"),
        ("\\u001b", "not a space or a control character"),
    ] {
        variant(&dir, &piece("tar", symbol));
        let o = play(&dir);
        refused(&o, &["variant.toml:7:", "in `piece[0].symbol`", reason]);
        assert!(
            !stderr(&o).contains('\u{1b}'),
            "ESC printed raw: {:?}",
            stderr(&o)
        );
    }
    variant(&dir, &piece("tar", "t"));
    let o = play(&dir);
    assert!(o.status.success(), "{}", stderr(&o));
}
