//! Hostile RoboRally files and scripts through the binary (issue 29):
//! variant hooks that ask the host for unbounded work or re-enter the
//! engine, through `play`, `check`, `replay` and the REPL. Each ends with
//! a clear refusal (exit 2, the file and line named, the game as it was)
//! or, where the rules give an answer, with that answer: never a crash or
//! a hang.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// How long a hostile command may take before the test calls it a hang
/// (a hang detector, not a speed goal).
const HANG: Duration = Duration::from_secs(60);

/// Runs `tinbots ARGS` in `dir` with `input` on stdin: its exit status,
/// stdout and stderr; fails when it runs past [`HANG`].
fn tinbots_in(dir: &Path, args: &[&str], input: &str) -> (i32, String, String) {
    let start = Instant::now();
    let out = common::run_with_input(
        Command::new(env!("CARGO_BIN_EXE_tinbots"))
            .args(args)
            .current_dir(dir),
        input.as_bytes(),
    );
    assert!(start.elapsed() < HANG, "{args:?}: {:?}", start.elapsed());
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A fresh folder for one test's files, holding `files` (relative path,
/// text); removed when dropped.
struct Folder(PathBuf);

impl Folder {
    fn new(name: &str, files: &[(&str, &str)]) -> Folder {
        let dir = std::env::temp_dir().join(format!("tinbots-rr-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for (path, text) in files {
            let path = dir.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        std::fs::create_dir_all(&dir).unwrap();
        Folder(dir)
    }

    fn path(&self, relative: &str) -> String {
        self.0.join(relative).display().to_string()
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A variant's manifest and script, as files of a folder of variants.
fn variant(name: &str, script: &str) -> [(String, String); 2] {
    [
        (
            format!("variants/roborally/{name}/variant.toml"),
            format!("name = \"{name}\"\ndescription = \"hostile\"\nsource = \"house rule\"\n"),
        ),
        (
            format!("variants/roborally/{name}/variant.lua"),
            script.to_string(),
        ),
    ]
}

fn folder_with(name: &str, variants: &[[(String, String); 2]], files: &[(&str, &str)]) -> Folder {
    let mut all: Vec<(&str, &str)> = files.to_vec();
    for v in variants {
        for (path, text) in v {
            all.push((path, text));
        }
    }
    Folder::new(name, &all)
}

// ---------------------------------------------------------------------------
// Item 3 of the issue: native work a hook asks for is charged.

const COUNTERS: &str = "return {\n  turn_end = function(game, event)\n    for i = 1, 1e6 do\n      game:set_counter('red', 'k' .. i, 1)\n    end\n  end,\n}\n";

const BIG_KEY: &str = "return {\n  turn_end = function(game, event)\n    local key = string.rep('k', 10 * 1024 * 1024)\n    game:set_counter('red', key, 1)\n  end,\n}\n";

#[test]
fn a_turn_end_hook_storing_a_million_counters_or_a_huge_key_is_stopped_in_play() {
    // Before: 1e6 new keys ran for minutes (the store was quadratic and
    // nothing was charged); a 10 MB key stalled too.
    let dir = folder_with(
        "counters",
        &[variant("counters", COUNTERS), variant("bigkey", BIG_KEY)],
        &[],
    );
    let variants = dir.path("variants/roborally");
    for (name, said) in [
        (
            "counters",
            "counters/variant.lua:4: instruction budget of 10000000 exceeded",
        ),
        (
            "bigkey",
            "bigkey/variant.lua:4: a counter's key is at most 64 bytes; this one has 10485760",
        ),
    ] {
        let start = Instant::now();
        let (code, _, stderr) = tinbots_in(
            &dir.0,
            &[
                "--game",
                "roborally",
                "play",
                "-p",
                "2",
                "--max-turns",
                "3",
                "--bot",
                "all=random",
                "--variant-path",
                &variants,
                "--variant",
                name,
            ],
            "",
        );
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "{name}: {:?}",
            start.elapsed()
        );
        assert_eq!(code, 2, "{name}: {stderr}");
        assert!(
            stderr.contains(&format!("variant `{name}`, hook `turn_end`")),
            "{name}: {stderr}"
        );
        assert!(stderr.contains(said), "{name}: {stderr}");
    }
}

// ---------------------------------------------------------------------------
// Item 1 of the issue: hooks re-entering the engine. A `destroyed` hook
// that pushes a robot asks the engine for a move, and a move that
// destroys a robot ran that robot's `destroyed` hooks inside it: a hook
// inside a hook, and inside a push chain the engine was still moving.
// The hooks now run from the driver's queue once the step is done: no
// hook runs inside another.

/// Pushes the robot of the next seat south, whoever is destroyed.
const DOMINO: &str = "return {\n  destroyed = function(game, event)\n    local order = game:colours()\n    for k, c in ipairs(order) do\n      if c == event.robot and order[k + 1] then game:push(order[k + 1], 'S') end\n    end\n  end,\n}\n";

/// When yellow is destroyed, pushes blue south.
const NUDGE: &str = "return {\n  destroyed = function(game, event)\n    if event.robot == 'yellow' then game:push('blue', 'S') end\n  end,\n}\n";

/// Red pushes blue and yellow east; yellow falls into a pit while blue,
/// still to be pushed, is pushed south by the hook.
const CHAIN: &str = r#"game = "roborally"
title = "A destroyed hook pushes a robot of the chain being pushed"
source = "004_11511d35c714bcd0.txt:170 (pushing), 395 (pits)"
variants = ["nudge"]
[board]
size = [5, 3]
[[board.square]]
at = [3, 0]
kind = "pit"
[[board.square]]
at = [2, 2]
kind = "pit"
[[robot]]
id = "red"
at = [0, 0]
facing = "E"
program = ["move_1 490"]
[[robot]]
id = "blue"
at = [1, 0]
facing = "N"
[[robot]]
id = "yellow"
at = [2, 0]
facing = "N"
[expect]
[[expect.robot]]
id = "red"
at = [1, 0]
[[expect.robot]]
id = "blue"
at = [2, 1]
[[expect.robot]]
id = "yellow"
destroyed = true
"#;

/// Eight robots above a row of pits; red falls, and each destruction's
/// hook pushes the next robot into its pit: a chain of eight hooks.
fn domino_scenario() -> String {
    let colours = [
        "red", "blue", "yellow", "green", "white", "black", "orange", "purple",
    ];
    let mut s = String::from(
        "game = \"roborally\"\ntitle = \"Each destruction's hook destroys the next robot\"\nvariants = [\"domino\"]\n[board]\nsize = [8, 2]\n",
    );
    for x in 0..8 {
        s.push_str(&format!(
            "[[board.square]]\nat = [{x}, 1]\nkind = \"pit\"\n"
        ));
    }
    for (x, c) in colours.iter().enumerate() {
        s.push_str(&format!(
            "[[robot]]\nid = \"{c}\"\nat = [{x}, 0]\nfacing = \"S\"\n"
        ));
        if x == 0 {
            s.push_str("program = [\"move_1 490\"]\n");
        }
    }
    s.push_str("[expect]\n");
    for c in colours {
        s.push_str(&format!(
            "[[expect.robot]]\nid = \"{c}\"\ndestroyed = true\nlives = 2\n"
        ));
    }
    s
}

#[test]
fn a_destroyed_hook_pushing_a_robot_of_a_push_chain_is_played_by_the_rules_in_check() {
    // Before: the engine panicked ("a robot of the chain stands on the
    // board", exit 101): the hook ran inside the push chain and moved a
    // robot the chain was about to push.
    let domino = domino_scenario();
    let dir = folder_with(
        "chain",
        &[variant("nudge", NUDGE), variant("domino", DOMINO)],
        &[("chain.toml", CHAIN), ("domino.toml", &domino)],
    );
    let (code, stdout, stderr) = tinbots_in(&dir.0, &["check", "chain.toml", "domino.toml"], "");
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.contains("2 passed, 0 failed"), "{stdout}");
}

#[test]
fn the_repl_steps_through_a_re_entering_hook_and_a_refused_step_keeps_the_game() {
    let broken = "return {\n  destroyed = function(game, event)\n    error('boom')\n  end,\n}\n";
    let dir = folder_with(
        "repl-chain",
        &[variant("nudge", NUDGE), variant("broken", broken)],
        &[
            ("chain.toml", CHAIN),
            ("broken.toml", &CHAIN.replace("[\"nudge\"]", "[\"broken\"]")),
        ],
    );
    let (code, stdout, stderr) = tinbots_in(
        &dir.0,
        &["--game", "roborally", "repl"],
        "load chain.toml\nstep\nstep\nwhere\n",
    );
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stdout.contains("blue is pushed from 2,0 to 2,1 by a beam"),
        "{stdout}"
    );
    assert!(stdout.contains("blue at 2,1 facing N"), "{stdout}");
    assert!(stdout.contains("yellow destroyed archive 2,0"), "{stdout}");
    // A failing destroyed hook refuses the step: the game is as before it,
    // and the session goes on.
    let mut session = tinbots::repl::session::Session::open(
        &tinbots::games::registry(),
        &dir.0.join("broken.toml"),
        1,
    )
    .expect("it loads");
    let mut before = String::new();
    session.execute("where", &mut before).expect("where");
    let mut out = String::new();
    let refused = session
        .execute("step", &mut out)
        .expect_err("the hook fails")
        .to_string();
    assert!(
        refused.contains("variant `broken`, hook `destroyed`")
            && refused.contains("broken/variant.lua:3: boom"),
        "{refused}"
    );
    let mut after = String::new();
    session.execute("where", &mut after).expect("where");
    assert_eq!(before, after);
    assert!(after.contains("yellow at 2,0"), "{after}");
}

#[test]
fn a_race_with_a_re_entering_hook_plays_and_replays_exactly() {
    let dir = folder_with("race-chain", &[variant("domino", DOMINO)], &[]);
    let variants = dir.path("variants/roborally");
    let saved = dir.path("race.json");
    let args = |seed: &'static str| {
        vec![
            "--game",
            "roborally",
            "play",
            "-p",
            "6",
            "-s",
            seed,
            "--max-turns",
            "12",
            "--bot",
            "all=random",
            "--variant-path",
            "VARIANTS",
            "--variant",
            "domino",
            "--save",
            "SAVED",
        ]
    };
    let mut args = args("3");
    for a in args.iter_mut() {
        if *a == "VARIANTS" {
            *a = &variants;
        } else if *a == "SAVED" {
            *a = &saved;
        }
    }
    let (code, played, stderr) = tinbots_in(&dir.0, &args, "");
    assert_eq!(code, 0, "{stderr}");
    let record = std::fs::read_to_string(&saved).unwrap();
    let record: serde_json::Value = serde_json::from_str(&record).expect("JSON");
    assert_eq!(
        record["start"]["variants"],
        serde_json::json!(["domino"]),
        "the replay names its variants (their scripts are found by name)"
    );
    let (code, replayed, stderr) =
        tinbots_in(&dir.0, &["replay", &saved, "--variant-path", &variants], "");
    assert_eq!(code, 0, "{stderr}");
    let summary = |s: &str| {
        s.lines()
            .skip_while(|l| !l.starts_with("game over"))
            .filter(|l| !l.starts_with("replay saved"))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert!(!summary(&played).is_empty(), "{played}");
    assert_eq!(summary(&played), summary(&replayed), "{played}\n{replayed}");
}

// ---------------------------------------------------------------------------
// Items 8, 9, 7/15 of the issue: strict decoding at the edge, and one
// validator of positions for scenarios, replays and the REPL's `load`.

/// A saved two-robot race (seed 1, two turns), as JSON.
fn saved_race(dir: &Folder) -> serde_json::Value {
    let saved = dir.path("race.json");
    let (code, _, stderr) = tinbots_in(
        &dir.0,
        &[
            "--game",
            "roborally",
            "play",
            "-p",
            "2",
            "--max-turns",
            "2",
            "--quiet",
            "--save",
            &saved,
        ],
        "",
    );
    assert_eq!(code, 0, "{stderr}");
    serde_json::from_str(&std::fs::read_to_string(&saved).unwrap()).unwrap()
}

/// Writes `replay` with `change` made to its start record, and runs
/// `tinbots replay` and the REPL's `load` on it: both must refuse it
/// (exit 2) with `said`.
fn refused_replay(
    dir: &Folder,
    replay: &serde_json::Value,
    name: &str,
    said: &str,
    change: impl Fn(&mut serde_json::Value),
) {
    let mut bad = replay.clone();
    change(&mut bad["start"]);
    let file = dir.path(&format!("{name}.json"));
    std::fs::write(&file, serde_json::to_string_pretty(&bad).unwrap()).unwrap();
    let (code, stdout, stderr) = tinbots_in(&dir.0, &["replay", &file], "");
    assert_eq!(code, 2, "{name}: {stdout}{stderr}");
    assert!(
        stderr.contains(&format!("{name}.json: in `start`: ")),
        "{name}: {stderr}"
    );
    assert!(stderr.contains(said), "{name}: {stderr}");
    let (code, _, stderr) = tinbots_in(&dir.0, &["repl"], &format!("load {file}\n"));
    assert_eq!(code, 2, "{name}: {stderr}");
    assert!(stderr.contains(said), "{name}: {stderr}");
}

#[test]
fn a_replay_s_start_is_read_strictly_and_checked_by_the_validator() {
    let dir = Folder::new("replays", &[]);
    let race = saved_race(&dir);
    let (code, _, stderr) = tinbots_in(&dir.0, &["replay", &dir.path("race.json")], "");
    assert_eq!(code, 0, "the race itself replays: {stderr}");
    // Arrays of the wrong length (item 8).
    refused_replay(
        &dir,
        &race,
        "long-at",
        "in `robots[0].at`: a square is [x, y]",
        |s| {
            s["robots"][0]["at"] = serde_json::json!([1, 1, 99]);
        },
    );
    refused_replay(
        &dir,
        &race,
        "six-registers",
        "in `robots[0].program`: 6 registers: a program has exactly 5",
        |s| {
            s["robots"][0]["program"] = serde_json::json!(["", "", "", "", "", ""]);
        },
    );
    refused_replay(
        &dir,
        &race,
        "long-size",
        "start record board:2:8: in `size`: invalid length 3, expected an array of 2",
        |s| {
            let board = s["board"]
                .as_str()
                .unwrap()
                .replace("size = [12, 12]", "size = [12, 12, 3]");
            s["board"] = serde_json::json!(board);
        },
    );
    // Numbers at their types' bounds (items 7, 15).
    refused_replay(
        &dir,
        &race,
        "last-turn",
        "in `turn`: 18446744073709551615: a whole number from 1 to 4294967295 is expected",
        |s| {
            s["turn"] = serde_json::json!(u64::MAX);
        },
    );
    refused_replay(
        &dir,
        &race,
        "damage-300",
        "in `robots[0].damage`: 300: a whole number from 0 to 9 is expected",
        |s| {
            s["robots"][0]["damage"] = serde_json::json!(300);
        },
    );
    refused_replay(
        &dir,
        &race,
        "lives-256",
        "in `robots[1].lives`: 256: a whole number from 0 to 11 is expected",
        |s| {
            s["robots"][1]["lives"] = serde_json::json!(256);
        },
    );
    refused_replay(
        &dir,
        &race,
        "unknown-field",
        "in `robots[0]`: unknown field `dmg`",
        |s| {
            s["robots"][0]["dmg"] = serde_json::json!(1);
        },
    );
    // Positions that break the rules (item 9).
    refused_replay(
        &dir,
        &race,
        "option-twice",
        "in `robots[0].options[1]`: option `shield` is given twice (first held by red)",
        |s| {
            s["robots"][0]["options"] = serde_json::json!(["shield", "shield"]);
            s["option_deck"] = serde_json::json!([]);
        },
    );
    refused_replay(
        &dir,
        &race,
        "option-shared",
        "in `robots[1].options[0]`: option `brakes` is given twice (first held by red)",
        |s| {
            s["robots"][0]["options"] = serde_json::json!(["brakes"]);
            s["robots"][1]["options"] = serde_json::json!(["brakes"]);
            s["option_deck"] = serde_json::json!([]);
        },
    );
    refused_replay(
        &dir,
        &race,
        "option-in-deck",
        "option `brakes` is given twice (first held by red)",
        |s| {
            s["robots"][0]["options"] = serde_json::json!(["brakes"]);
            s["option_deck"] = serde_json::json!(["brakes"]);
        },
    );
    refused_replay(&dir, &race, "no-flags", "in `board`: the board has no flag: a race is won by touching its flags in order (RoboRally rules (German), Turn sequence overview (lines 67-73))", |s| {
        let board: String = s["board"]
            .as_str()
            .unwrap()
            .split("\n\n")
            .filter(|table| !table.starts_with("[[flag]]"))
            .collect::<Vec<_>>()
            .join("\n\n");
        s["board"] = serde_json::json!(board);
        s["robots"][0]["flags"] = serde_json::json!(0);
        s["robots"][1]["flags"] = serde_json::json!(0);
    });
    refused_replay(
        &dir,
        &race,
        "all-flags",
        "in `robots[1].flags`: blue has touched all 2 flags: it won the race",
        |s| {
            s["robots"][1]["flags"] = serde_json::json!(2);
        },
    );
    refused_replay(
        &dir,
        &race,
        "no-life",
        "in `robots[0].lives`: red is on the board with no life left",
        |s| {
            s["robots"][0]["lives"] = serde_json::json!(0);
        },
    );
    refused_replay(
        &dir,
        &race,
        "hand-of-20",
        "in `opened.hands[0]`: red holds 20 cards with 0 damage: a hand is at most 9",
        |s| {
            let cards: Vec<String> = (0..20)
                .map(|k| format!("move_1 {}", 490 + 10 * (k % 18)))
                .collect();
            let mut hand: Vec<String> = cards
                .into_iter()
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect();
            hand.extend(["u_turn 10", "u_turn 20"].map(String::from));
            s["opened"] = serde_json::json!({ "begin": false, "hands": [hand, []] });
            s["stage"] = serde_json::json!("registers");
        },
    );
    refused_replay(
        &dir,
        &race,
        "card-twice",
        "in `opened.hands[1][0]`: `move_1 490` is given twice",
        |s| {
            s["opened"] =
                serde_json::json!({ "begin": false, "hands": [["move_1 490"], ["move_1 490"]] });
            s["stage"] = serde_json::json!("registers");
        },
    );
}

/// A one-robot scenario on a 3x3 board with `robots` (TOML tables after
/// the board) and `rest` (more tables).
fn scenario(robots: &str) -> String {
    format!(
        "game = \"roborally\"\ntitle = \"hostile\"\n[board]\nsize = [3, 3]\n[[board.flag]]\nnumber = 1\nat = [2, 2]\n{robots}"
    )
}

#[test]
fn scenarios_and_boards_are_read_strictly_and_checked_by_the_validator() {
    let red = "[[robot]]\nid = \"red\"\nat = [0, 0]\nfacing = \"N\"\n";
    let blue = "[[robot]]\nid = \"blue\"\nat = [1, 0]\nfacing = \"N\"\n";
    let hand20: Vec<String> = (0..18)
        .map(|k| format!("\"move_1 {}\"", 490 + 10 * k))
        .chain(["\"u_turn 10\"".into(), "\"u_turn 20\"".into()])
        .collect();
    let cases: Vec<(&str, String, &str)> = vec![
        // Arrays of the wrong length (item 8).
        ("size", scenario(red).replace("size = [3, 3]", "size = [3, 3, 3]"), "size.toml:4:8: in `size`: invalid length 3, expected an array of 2"),
        ("at", scenario(&red.replace("at = [0, 0]", "at = [0, 0, 7]")), "at.toml:10:6: in `robot[0].at`: invalid length 3, expected an array of 2"),
        ("flag-at", scenario(red).replace("at = [2, 2]", "at = [2, 2, 2]"), "in `flag[0].at`: invalid length 3, expected an array of 2"),
        // Numbers at their bounds (items 7, 15).
        ("damage", scenario(&format!("{red}damage = 300\n")), "in `robot[0].damage`: damage 300: it is 0 to 9"),
        ("lives", scenario(&format!("{red}lives = 9223372036854775807\n")), "lives 9223372036854775807: it is 0 to 11"),
        ("beams", scenario(&format!("[[board.laser]]\nat = [0, 1]\nto = \"E\"\nbeams = 256\n{red}")), "in `laser[0].beams`: beams 256: a laser has 1 to 9 beams"),
        ("registers", scenario(&format!("[[board.square]]\nat = [0, 1]\nkind = \"pusher\"\nto = \"E\"\nregisters = [257]\n{red}")), "register 257 is outside 1..5"),
        // Positions that break the rules (item 9).
        ("option-twice", scenario(&format!("{red}options = [\"shield\", \"shield\"]\n")), "in `robot[0].options[1]`: option `shield` is given twice (first held by red)"),
        ("option-shared", scenario(&format!("{red}options = [\"brakes\"]\n{blue}options = [\"brakes\"]\n")), "in `robot[1].options[0]`: option `brakes` is given twice (first held by red)"),
        ("option-in-deck", format!("option_deck = [\"brakes\"]\n{}", scenario(&format!("{red}options = [\"brakes\"]\n"))).replacen("option_deck = [\"brakes\"]\ngame", "game", 1).replacen("title = \"hostile\"\n", "title = \"hostile\"\noption_deck = [\"brakes\"]\n", 1), "in `option_deck[0]`: option `brakes` is given twice (first held by red)"),
        ("hand-of-20", scenario(&format!("{red}hand = [{}]\n", hand20.join(", "))), "in `robot[0].hand`: red holds 20 cards with 0 damage: a hand is at most 9"),
        ("held-too-many", scenario(&format!("{red}damage = 4\nprogram = [\"move_1 490\", \"move_1 500\", \"move_1 510\"]\nhand = [\"move_1 520\", \"move_1 530\", \"move_1 540\"]\n")), "red holds 6 cards (held, and programmed this turn; Extra Memory adds one, line 504) with 4 damage: a hand is at most 5"),
        ("hand-and-register", scenario(&format!("{red}program = [\"move_1 490\"]\nhand = [\"move_1 490\"]\n")), "in `robot[0].hand[0]`: `move_1 490` is given twice"),
        ("no-life", scenario(&format!("{red}lives = 0\n")), "in `robot[0].lives`: red is on the board with no life left"),
    ];
    let files: Vec<(String, String)> = cases
        .iter()
        .map(|(name, text, _)| (format!("{name}.toml"), text.clone()))
        .collect();
    let refs: Vec<(&str, &str)> = files
        .iter()
        .map(|(p, t)| (p.as_str(), t.as_str()))
        .collect();
    let dir = Folder::new("scenarios", &refs);
    for (name, _, said) in &cases {
        let file = format!("{name}.toml");
        let (code, stdout, stderr) = tinbots_in(&dir.0, &["check", &file], "");
        assert_eq!(code, 2, "{name}: {stdout}{stderr}");
        assert!(
            stderr.contains(&format!("ERROR {file}:")),
            "{name}: {stdout}{stderr}"
        );
        assert!(stderr.contains(said), "{name}: {stderr}");
        // The REPL's `load` refuses it the same way.
        let (code, _, stderr) = tinbots_in(&dir.0, &["repl"], &format!("load {file}\n"));
        assert_eq!(code, 2, "{name}: {stderr}");
        assert!(stderr.contains(said), "{name}: {stderr}");
    }
}

#[test]
fn a_course_s_arrays_are_exact() {
    let board = "name = \"b\"\nsize = [3, 3]\n[[flag]]\nnumber = 1\nat = [2, 2]\n";
    let course = "name = \"c\"\nplayers = [2, 4]\n[[board]]\nfile = \"b.toml\"\noffset = [0, 0]\nstart = [0, 0]\n";
    for (name, text, said) in [
        (
            "players",
            course.replace("[2, 4]", "[2, 4, 99]"),
            "players.toml:2:11: in `players`: invalid length 3, expected an array of 2",
        ),
        (
            "offset",
            course.replace("offset = [0, 0]", "offset = [0, 0, 5]"),
            "offset.toml:5:10: in `board[0].offset`: invalid length 3, expected an array of 2",
        ),
        (
            "start",
            course.replace("start = [0, 0]", "start = [0, 0, 0]"),
            "in `board[0].start`: invalid length 3, expected an array of 2",
        ),
    ] {
        let file = format!("{name}.toml");
        let dir = Folder::new(
            &format!("course-{name}"),
            &[("b.toml", board), (&file, &text)],
        );
        let (code, _, stderr) = tinbots_in(
            &dir.0,
            &[
                "--game",
                "roborally",
                "play",
                "--course",
                &file,
                "-p",
                "2",
                "--max-turns",
                "1",
            ],
            "",
        );
        assert_eq!(code, 2, "{name}: {stderr}");
        assert!(stderr.contains(said), "{name}: {stderr}");
    }
}

// ---------------------------------------------------------------------------
// Item 14 of the issue: what a file chose reaches the terminal inert.

#[test]
fn titles_names_and_words_a_file_chose_reach_the_terminal_escaped() {
    let esc = "\\u001b[2J\\u0000";
    let board =
        format!("name = \"b{esc}<svg>\"\nsize = [3, 3]\n[[flag]]\nnumber = 1\nat = [2, 2]\n");
    let course = format!("name = \"c{esc}\"\ndescription = \"d{esc}\"\nplayers = [1, 1]\n[[board]]\nfile = \"b.toml\"\noffset = [0, 0]\nstart = [0, 0]\n");
    let titled = scenario("[[robot]]\nid = \"red\"\nat = [0, 0]\nfacing = \"N\"\n")
        .replace("title = \"hostile\"", &format!("title = \"t{esc}\""));
    let card = scenario(&format!(
        "[[robot]]\nid = \"red\"\nat = [0, 0]\nfacing = \"N\"\nprogram = [\"mo{esc}ve 490\"]\n"
    ));
    let dir = Folder::new(
        "escapes",
        &[
            ("b.toml", &board),
            ("c.toml", &course),
            ("titled.toml", &titled),
            ("card.toml", &card),
        ],
    );
    let (_, stdout, stderr) = tinbots_in(
        &dir.0,
        &["check", "titled.toml", "card.toml", "b.toml", "c.toml"],
        "",
    );
    let all = format!("{stdout}{stderr}");
    assert!(!all.contains('\u{1b}') && !all.contains('\0'), "{all:?}");
    assert!(
        stdout.contains("PASS titled.toml: t\\e[2J\\u{0}"),
        "{stdout}"
    );
    assert!(
        stderr.contains("unknown card `mo\\e[2J\\u{0}ve`"),
        "{stderr}"
    );
    assert!(stdout.contains("board `b\\e[2J\\u{0}<svg>`"), "{stdout}");
    assert!(stdout.contains("course `c\\e[2J\\u{0}`"), "{stdout}");
    let (code, _, stderr) = tinbots_in(
        &dir.0,
        &[
            "--game",
            "roborally",
            "play",
            "--course",
            "c.toml",
            "-p",
            "2",
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(
        stderr.contains("course c\\e[2J\\u{0} is made for 1 player;"),
        "{stderr}"
    );
    // The game's refusal of an answer quotes it escaped (the REPL's own
    // echo of the line is the REPL's).
    let (code, _, stderr) = tinbots_in(&dir.0, &["repl"], "load titled.toml\nanswer \u{1b}[2Jx\n");
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("`\\e[2Jx` does not answer this decision"),
        "{stderr:?}"
    );
    // A picture of the course holds nothing the files chose that could
    // bend it: the names are not drawn, and no control character is.
    let svg = dir.path("c.svg");
    let (code, _, stderr) = tinbots_in(
        &dir.0,
        &["--game", "roborally", "render", "c.toml", "-o", &svg],
        "",
    );
    assert_eq!(code, 0, "{stderr}");
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(
        !picture.contains("<svg>") && !picture.contains('\u{1b}'),
        "{picture}"
    );
}

/// Found by `tests/fuzz.rs`: a course whose board cannot be read was
/// refused naming the board alone, so `check` of a folder of courses did
/// not say which course was at fault. The course's line and field are
/// named first, then the board's own place.
#[test]
fn a_course_whose_board_cannot_be_read_is_refused_naming_the_course() {
    let course = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/roborally/courses/gauntlet.toml"),
    )
    .unwrap()
    .replace("file = \"../boards/hall.toml\"", "file = \"nowhere.toml\"");
    let hall = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/roborally/boards/gauntlet.toml"),
    )
    .unwrap();
    let dir = Folder::new(
        "course-board",
        &[
            ("courses/broken.toml", &course),
            ("boards/gauntlet.toml", &hall),
        ],
    );
    let (code, _, out) = tinbots_in(&dir.0.join("courses"), &["check", "broken.toml"], "");
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains("broken.toml:20:8: in `board[1].file`: nowhere.toml: cannot read"),
        "{out}"
    );
    let (code, _, err) = tinbots_in(
        &dir.0.join("courses"),
        &["play", "--game", "roborally", "--course", "broken.toml"],
        "",
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("broken.toml:20:8: in `board[1].file`"),
        "{err}"
    );
}
