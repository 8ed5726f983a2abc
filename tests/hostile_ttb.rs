//! Hostile Twin Tin Bots variants, scenarios, setups and replays (issue 29):
//! hooks that re-enter the engine without end, hooks that ask the host for
//! unbounded work, numbers past their types, arrays too long, hook results
//! that cannot be used, text with control characters, positions that break
//! a rule. Each is refused with exit 2 and a message naming the file (and
//! the line, the field or the script), and nothing of the game is changed.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use tinbots::games::twin_tin_bots::game::Game;
use tinbots::repl::session::Session;

/// Runs `tinbots ARGS` (in the repository) with nothing on stdin: its exit
/// status, stdout and stderr.
fn tinbots(args: &[&str]) -> (i32, String, String) {
    let out = common::run_with_input(
        Command::new(env!("CARGO_BIN_EXE_tinbots"))
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR")),
        b"",
    );
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A fresh folder for one test's files.
fn folder(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("tinbots-hostile-ttb-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn text(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// The manifest of a variant `name` defining the floor kind `spring`.
fn spring_manifest(name: &str) -> String {
    format!(
        "name = \"{name}\"\ndescription = \"A spring floor.\"\nsource = \"a test\"\n\n\
         [[piece]]\nname = \"spring\"\nlayer = \"floor\"\nsymbol = \"%\"\n\
         description = \"A spring.\"\n"
    )
}

/// Writes the variant `name` (the `spring` floor, every free hex of a
/// standard game covered with it) with `entered` as the spring's `entered`
/// hook, into `dir/variants/name/`; returns the folder of variants.
fn spring_variant(dir: &Path, name: &str, entered: &str) -> PathBuf {
    let variants = dir.join("variants");
    let folder = variants.join(name);
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("variant.toml"), spring_manifest(name)).unwrap();
    let script = format!(
        "return {{\n\
         \x20 setup = function(s)\n\
         \x20   for _, h in ipairs(s:hexes()) do\n\
         \x20     if s:at(h) == nil then s:place(\"spring\", h) end\n\
         \x20   end\n\
         \x20 end,\n\
         \x20 kinds = {{ spring = {{ entered = function(game, event)\n{entered}\nend }} }},\n\
         }}\n"
    );
    std::fs::write(folder.join("variant.lua"), script).unwrap();
    variants
}

/// The hook of DESIGN.md's hostile example: a piece entering a spring is
/// pushed east from an even column, west from an odd one, so it bounces
/// between two springs for ever.
const BOUNCE: &str =
    "if event.at[1] % 2 == 0 then game:push(event.at, 'E') else game:push(event.at, 'W') end";

/// A scenario with the variant `bounce`: red.1 steps onto a spring at
/// 0,0 (a spring at 1,0 beside it).
const BOUNCE_SCENARIO: &str = r#"title = "bounce"
arena = "small"
players = ["red", "blue"]
variants = ["bounce"]

[[robot]]
id = "red.1"
at = [-1, 0]
facing = "E"
program = ["forward_1", "", ""]

[[robot]]
id = "blue.1"
at = [-3, 2]
facing = "E"

[[terrain]]
kind = "spring"
at = [0, 0]

[[terrain]]
kind = "spring"
at = [1, 0]

[turn]
changes = ["pass"]

[expect]
events = []
"#;

/// What every refusal of the bouncing hook says: the variant, the hook,
/// the script and the chain.
fn assert_bounce_refused(stderr: &str) {
    assert!(
        stderr.contains("variant `bounce`, hook `entered`")
            && stderr.contains("bounce/variant.lua")
            && stderr.contains("more than 32 deep")
            && stderr.contains("`spring` entered ×33"),
        "{stderr}"
    );
    assert!(!stderr.contains("overflow"), "{stderr}");
}

/// Issue 29, item 1: a hook re-entering the engine without end overflowed
/// the native stack (abort, exit 134). Through `check`, the scenario naming
/// the variant is refused, naming the chain.
#[test]
fn a_self_recursive_hook_in_a_checked_scenario_is_refused() {
    let dir = folder("bounce-check");
    spring_variant(&dir, "bounce", BOUNCE);
    let scenario = dir.join("bounce.toml");
    std::fs::write(&scenario, BOUNCE_SCENARIO).unwrap();
    let (code, stdout, stderr) = tinbots(&["check", text(&scenario)]);
    assert_eq!(code, 2, "{stdout}{stderr}");
    assert_bounce_refused(&format!("{stdout}{stderr}"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 29, item 1, through `play` and `replay`: a game played with a
/// harmless `bounce` and saved (the replay names its variants) is refused
/// at the answer that sets the chain off once `bounce` bounces; playing
/// with it is refused the same way.
#[test]
fn a_self_recursive_hook_is_refused_in_play_and_in_a_replay() {
    let dir = folder("bounce-play");
    let variants = spring_variant(&dir, "bounce", "return");
    let saved = dir.join("game.json");
    let play = |save: Option<&Path>| {
        let mut args = vec![
            "--variant-path",
            text(&variants),
            "play",
            "-p",
            "2",
            "--variant",
            "bounce",
            "--max-turns",
            "20",
            "--quiet",
        ];
        if let Some(save) = save {
            args.extend(["--save", text(save)]);
        }
        tinbots(&args)
    };
    let (code, _, stderr) = play(Some(&saved));
    assert_eq!(code, 0, "{stderr}");
    spring_variant(&dir, "bounce", BOUNCE);
    let (code, _, stderr) = play(None);
    assert_eq!(code, 2, "{stderr}");
    assert_bounce_refused(&stderr);
    let (code, _, stderr) = tinbots(&["--variant-path", text(&variants), "replay", text(&saved)]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("cannot be replayed"), "{stderr}");
    assert_bounce_refused(&stderr);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 29, item 1, in the REPL: the line that sets the chain off is
/// refused and the game is exactly as before it.
#[test]
fn a_self_recursive_hook_leaves_the_repl_s_game_unchanged() {
    let dir = folder("bounce-repl");
    spring_variant(&dir, "bounce", BOUNCE);
    let scenario = dir.join("bounce.toml");
    std::fs::write(&scenario, BOUNCE_SCENARIO).unwrap();
    let mut session = Session::open(&tinbots::games::registry(), &scenario, 1).unwrap();
    let mut out = String::new();
    session.execute("pass", &mut out).unwrap();
    let game = |s: &Session| format!("{:?}", s.game_as::<Game>().unwrap());
    let before = game(&session);
    let e = session.execute("run", &mut out).unwrap_err().to_string();
    assert_bounce_refused(&e);
    assert_eq!(before, game(&session), "the refused line changed the game");
    // The session goes on: the same line is refused again, the same way.
    let again = session.execute("run", &mut out).unwrap_err().to_string();
    assert_eq!(e, again);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 29, item 1, in a tournament: games run on worker threads (2 MiB
/// of stack), and a chain 32 hooks deep fits there too.
#[test]
fn a_self_recursive_hook_is_refused_on_a_tournament_s_threads() {
    let dir = folder("bounce-tournament");
    let variants = spring_variant(&dir, "bounce", BOUNCE);
    let (code, _, stderr) = tinbots(&[
        "--variant-path",
        text(&variants),
        "tournament",
        "--bot",
        "random",
        "--bot",
        "random",
        "-g",
        "2",
        "-j",
        "2",
        "--max-turns",
        "30",
        "--variant",
        "bounce",
    ]);
    assert_eq!(code, 2, "{stderr}");
    assert_bounce_refused(&stderr);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 29, item 3: an `entered` hook asking a million pushes took 29 s
/// per 100 turns; it is stopped by the budget at once, naming the script
/// and the line.
#[test]
fn a_hook_asking_a_million_pushes_is_stopped_quickly() {
    let dir = folder("million");
    let variants = spring_variant(
        &dir,
        "million",
        "for i = 1, 1e6 do game:push({4, -4}, 'E') end",
    );
    let start = std::time::Instant::now();
    let (code, _, stderr) = tinbots(&[
        "--variant-path",
        text(&variants),
        "play",
        "-p",
        "2",
        "--variant",
        "million",
        "--max-turns",
        "100",
        "--quiet",
    ]);
    assert!(
        start.elapsed() < std::time::Duration::from_secs(20),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("million/variant.lua:8: instruction budget of 10000000 exceeded"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A scenario of the repository whose text is edited for a test.
fn scenario_text() -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scripts/twin-tin-bots/scenarios/347_mud_other_orders_work_normally.toml"),
    )
    .unwrap()
}

/// `tinbots check` of `text` written to `dir/name`: exit status and output.
fn check(dir: &Path, name: &str, text: &str) -> (i32, String) {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    let (code, stdout, stderr) = tinbots(&["check", text_of(&path)]);
    (code, format!("{stdout}{stderr}"))
}

fn text_of(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// `n` tiles named `tile`, as a TOML list's items.
fn tiles(tile: &str, n: usize) -> String {
    vec![format!("\"{tile}\""); n].join(", ")
}

/// Issue 29, item 7: a hand of 300 zaps was read as 44, and 256 as none
/// (the counts are bytes). The file is refused at the list, naming the
/// limit; a hand within the limit that the programs' tiles would push past
/// it is refused by the position's validator.
#[test]
fn a_hand_past_what_a_hand_holds_is_refused() {
    let dir = folder("hand");
    for n in [256, 300] {
        let text = format!(
            "{}\n[[hand]]\nplayer = \"red\"\ntiles = [{}]\n",
            scenario_text(),
            tiles("zap", n)
        );
        let (code, out) = check(&dir, "hand.toml", &text);
        assert_eq!(code, 2, "{n}: {out}");
        assert!(
            out.contains("hand.toml:68:")
                && out.contains("`hand.tiles`: more than 255 `zap` tiles: a hand holds at most 255 tiles of a kind"),
            "{n}: {out}"
        );
    }
    // 255 in hand and one zap in red.2's program.
    let text = format!(
        "{}\n[[hand]]\nplayer = \"red\"\ntiles = [{}]\n",
        scenario_text(),
        tiles("zap", 255)
    );
    let (code, out) = check(&dir, "hand.toml", &text);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains("red could hold 256 `zap` tiles (hand, programs and the special deck): a hand holds at most 255"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 29, item 7: the same through a replay, whose hands are JSON lists
/// of tiles: past 255 of a kind they are refused naming the field; a deck
/// of standard tiles (drawn into a hand as blue crystals are delivered) is
/// refused by the validator.
#[test]
fn a_replay_s_hand_past_what_a_hand_holds_is_refused() {
    let dir = folder("replay-hand");
    // A replay starting from the scenario's position, saved by the REPL.
    let scenario = dir.join("s.toml");
    std::fs::write(&scenario, scenario_text()).unwrap();
    let from_position = dir.join("position.json");
    let input = format!(
        "load {}\nsave {}\n",
        text_of(&scenario),
        text_of(&from_position)
    );
    let out = common::run_with_input(
        Command::new(env!("CARGO_BIN_EXE_tinbots")).arg("repl"),
        input.as_bytes(),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&from_position).unwrap()).unwrap();
    let refused = |name: &str, change: &dyn Fn(&mut serde_json::Value)| {
        let mut edited = record.clone();
        change(&mut edited["start"]["start"]["position"]);
        let path = dir.join(name);
        std::fs::write(&path, edited.to_string()).unwrap();
        let (code, _, stderr) = tinbots(&["replay", text_of(&path)]);
        assert_eq!(code, 2, "{name}: {stderr}");
        stderr
    };
    let stderr = refused("300.json", &|p| {
        p["players"][0]["hand"] = serde_json::json!(vec!["zap"; 300]);
    });
    assert!(
        stderr.contains("300.json")
            && stderr.contains("start.position.players[0]")
            && stderr.contains("more than 255 `zap` tiles"),
        "{stderr}"
    );
    let stderr = refused("deck.json", &|p| {
        p["special_deck"] = serde_json::json!(["jump", "zap"]);
    });
    assert!(
        stderr.contains("start.position.special_deck[1]")
            && stderr.contains("`zap` (at 1), which is not a special tile"),
        "{stderr}"
    );
    let stderr = refused("deck-255.json", &|p| {
        p["players"][1]["hand"] = serde_json::json!(vec!["jump"; 200]);
        p["special_deck"] = serde_json::json!(vec!["jump"; 100]);
    });
    assert!(
        stderr.contains("start.position.players[1].hand")
            && stderr.contains("could hold 300 `jump` tiles"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 29, item 8: a program is three slots, exactly, in `[[robot]]` and
/// `[[expect.robot]]` (a short one was filled with empty slots).
#[test]
fn a_program_is_exactly_three_slots() {
    let dir = folder("program");
    for (from, to) in [
        ("program = [\"zap\", \"\", \"\"]", "program = [\"zap\"]"),
        (
            "program = [\"zap\", \"\", \"\"]",
            "program = [\"zap\", \"\", \"\", \"\"]",
        ),
    ] {
        let text = scenario_text().replace(from, to);
        let (code, out) = check(&dir, "program.toml", &text);
        assert_eq!(code, 2, "{to}: {out}");
        assert!(
            out.contains("program.toml:20:11: `program`: a program has 3 slots"),
            "{to}: {out}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 29, items 14 and 15: what a file chose reaches the terminal
/// escaped: an order file's description in `tinbots orders`, a scenario's
/// title and a refused answer in `check`.
#[test]
fn text_a_file_chose_reaches_the_terminal_escaped() {
    let dir = folder("escape");
    let orders = dir.join("esc.lua");
    std::fs::write(
        &orders,
        "return { { name = \"slowpoke\", description = \"one \\27[2J step\\r\\0end\", steps = { orders.forward() } } }\n",
    )
    .unwrap();
    let (code, stdout, stderr) = tinbots(&["orders", text_of(&orders)]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("one \\e[2J step\\r\\u{0}end"), "{stdout}");
    assert!(!stdout.contains('\u{1b}') && !stdout.contains('\r') && !stdout.contains('\0'));

    let text = scenario_text().replace(
        "title = \"Mud: Load, Turn, Unload and Zap work normally in mud\"",
        "title = \"Mud\\u001b[2J\\r\"",
    );
    let (code, out) = check(&dir, "title.toml", &text);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("title.toml: Mud\\e[2J\\r"), "{out}");
    let text = scenario_text().replace("choices = [\"forward_1\"]", "choices = [\"\\u001b[2J\"]");
    let (code, out) = check(&dir, "choice.toml", &text);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("`\\e[2J` is not a zap effect"), "{out}");
    assert!(!out.contains('\u{1b}') && !out.contains('\r'), "{out:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
