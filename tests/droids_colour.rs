//! Mission 7's player chooses a colour (seed line 228: "kleur kiezen"),
//! the killer on the opposite start square (line 230), from every entry
//! point through the `tinbots` binary: `play` with a bot named for the
//! colour, its replay, the REPL, a tournament's rows, and the refusal
//! where a mission fixes its colours (line 215).

use crate::common;

use common::{stdout, tinbots};

use std::path::PathBuf;
use std::process::Command;

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!(
        "tinbots-droids-colour-{}-{name}",
        std::process::id()
    ))
}

/// `tinbots play --game droids --mission ARGS...`, which must be refused:
/// what it said on stderr.
fn refused_play(args: &[&str]) -> String {
    let mut all = vec!["play", "--game", "droids", "--mission"];
    all.extend_from_slice(args);
    let o = tinbots(&all);
    assert!(
        !o.status.success(),
        "tinbots {} was not refused",
        all.join(" ")
    );
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn a_game_as_yellow_with_a_bot_named_for_yellow_replays_to_the_same_transcript() {
    let path = temp("yellow.json");
    let p = path.to_str().expect("a path");
    let played = tinbots(&[
        "play",
        "--game",
        "droids",
        "--mission",
        "7",
        "--colour",
        "yellow",
        "--bot",
        "yellow=random",
        "--seed",
        "4",
        "-v",
        "--save",
        p,
    ]);
    let out = stdout(&played);
    assert!(
        played.status.success(),
        "{out}{}",
        String::from_utf8_lossy(&played.stderr)
    );
    assert!(out.contains("1 players, yellow first"), "{out}");
    assert!(out.contains("\n    yellow drew "), "{out}");
    assert!(out.contains("1. yellow: "), "{out}");
    let saved = std::fs::read_to_string(&path).expect("saved");
    let compact: String = saved.split_whitespace().collect();
    assert!(compact.contains(r#""colours":["yellow"]"#), "{saved}");
    let replayed = tinbots(&["replay", "-v", p]);
    assert!(
        replayed.status.success(),
        "{}",
        String::from_utf8_lossy(&replayed.stderr)
    );
    // The replay writes the game's transcript and summary, without the
    // preamble `play` writes first.
    let played_part = out.split("replay saved").next().expect("a transcript");
    let (preamble, game_part) = played_part.split_once('\n').expect("lines");
    assert_eq!(preamble, "mission 7 (killer): 1 players, yellow first");
    assert_eq!(stdout(&replayed), game_part);
    std::fs::remove_file(path).ok();
}

#[test]
fn a_bot_for_a_colour_nobody_chose_is_refused() {
    let err = refused_play(&["7", "--colour", "blue", "--bot", "red=random"]);
    assert!(err.contains("red is not playing (players: blue)"), "{err}");
}

#[test]
fn a_mission_that_fixes_its_colours_refuses_colour_naming_the_rule() {
    // Line 215: mission 6 puts red and yellow on the start squares.
    let err = refused_play(&["6", "--colour", "blue", "--colour", "green"]);
    assert!(
        err.contains("--colour: mission 6 (labyrinth) takes no choice of colour"),
        "{err}"
    );
    assert!(
        err.contains("(Droids rules, Mission 6, Duel in the labyrinth (line 215))"),
        "{err}"
    );
    assert!(
        !err.contains("seed"),
        "no seed file or seed line is named: {err}"
    );
    let o = tinbots(&["play", "--game", "roborally", "--colour", "blue"]);
    assert!(!o.status.success(), "RoboRally takes no --colour");
}

#[test]
fn the_repl_starts_mission_7_at_the_chosen_colour() {
    // Lines 228, 230: blue's robot on blue's start, the killer opposite.
    let mut command = Command::new(env!("CARGO_BIN_EXE_tinbots"));
    command
        .args([
            "--game",
            "droids",
            "repl",
            "--mission",
            "7",
            "--colour",
            "blue",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"));
    let o = common::run_with_input(&mut command, b"where\n");
    let (out, err) = (stdout(&o), String::from_utf8_lossy(&o.stderr));
    assert!(err.is_empty(), "{err}");
    assert!(out.contains("blue [9, 9]"), "{out}");
    assert!(out.contains("killer [0, 0]"), "{out}");
}

#[test]
fn a_tournament_s_rows_record_the_colour() {
    let file = temp("rows.json");
    let o = tinbots(&[
        "--game",
        "droids",
        "tournament",
        "--bot",
        "random",
        "--bot",
        "goal",
        "--players",
        "1",
        "--games",
        "2",
        "--mission",
        "7",
        "--colour",
        "green",
        "--output",
        file.to_str().expect("a path"),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let rows = std::fs::read_to_string(&file).expect("rows");
    assert!(rows.contains(r#""colour":["green"]"#), "{rows}");
    assert!(rows.contains(r#""seats":["green"]"#), "{rows}");
    std::fs::remove_file(file).ok();
}
