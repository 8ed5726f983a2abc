//! Droids end to end through the `tinbots` binary: the scenario suite
//! passes, the team games name the winning team, the REPL answers, undoes,
//! saves, exports and loads scenario files, and `--mission` is refused by
//! the games that have no missions.

mod common;

use common::{stdout, tinbots};

use std::path::PathBuf;
use std::process::Command;

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("tinbots-droids-{}-{name}", std::process::id()))
}

/// The Droids REPL fed `input`: its stdout and stderr.
fn repl(input: &str) -> (String, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tinbots"));
    command
        .args(["--game", "droids", "repl"])
        .current_dir(env!("CARGO_MANIFEST_DIR"));
    let o = common::run_with_input(&mut command, input.as_bytes());
    (stdout(&o), String::from_utf8_lossy(&o.stderr).into_owned())
}

#[test]
fn check_passes_the_droids_scenarios_and_missions() {
    for dir in ["scripts/droids/scenarios", "scripts/droids/missions"] {
        let o = tinbots(&["check", dir]);
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(o.status.success(), "{dir}: {out}");
        assert!(out.contains(" 0 failed"), "{out}");
    }
}

#[test]
fn a_team_game_names_the_winning_team() {
    // Seed lines 141, 150: two teams of two; the last team in wins.
    for mission in ["challenge-teams", "mines-teams"] {
        let o = tinbots(&[
            "play",
            "--game",
            "droids",
            "--mission",
            mission,
            "--seed",
            "1",
            "-q",
        ]);
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(o.status.success(), "{mission}: {out}");
        let over = out
            .lines()
            .find(|l| l.starts_with("over: "))
            .expect("an end");
        assert!(over.contains("is the last team in the game"), "{over}");
        let winners = out
            .lines()
            .find(|l| l.starts_with("winners: "))
            .expect("winners");
        assert!(
            winners == "winners: red, blue" || winners == "winners: yellow, green",
            "{winners}"
        );
    }
}

#[test]
fn mission_is_refused_by_the_games_without_missions() {
    for game in ["twin-tin-bots", "roborally"] {
        let o = tinbots(&["play", "--game", game, "--mission", "2", "-q"]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success(), "{game} took --mission");
        assert!(err.contains("--mission 2: "), "{err}");
        assert!(err.contains("has no missions"), "{err}");
    }
}

#[test]
fn the_repl_takes_an_answer_with_a_comma_and_a_number_from_a_long_list() {
    // 82 squares to place an obstacle on: more than the prompt lists, but
    // `legal` numbers them and `answer 1` picks the first.
    let (out, err) = repl("legal\nanswer 1\nplace 3,0\nhistory\nundo\nredo\nwhere red\n");
    assert!(err.is_empty(), "{err}");
    assert!(out.contains("  1) place 1,0"), "{out}");
    assert!(out.contains("placed a mobile obstacle on [1, 0]"), "{out}");
    assert!(out.contains("placed a mobile obstacle on [3, 0]"), "{out}");
    assert!(out.contains("back 1 to 1: place 1,0"), "{out}");
    assert!(out.contains("forward 1 to 2: place 3,0"), "{out}");
    assert!(out.contains("red [0, 0]"), "{out}");
}

#[test]
fn the_repl_saves_loads_exports_and_opens_scenarios() {
    let saved = temp("g.json");
    let exported = temp("p.toml");
    let scenario = "scripts/droids/scenarios/031_take_from_an_adjacent_robot.toml";
    let (out, err) = repl(&format!(
        "place 3,0\nsave {}\nload {}\nload {scenario}\nexport {}\n",
        saved.display(),
        saved.display(),
        exported.display()
    ));
    assert!(err.is_empty(), "{err}");
    assert!(out.contains("saved 1 answers"), "{out}");
    assert!(out.contains(&format!("loaded {scenario}")), "{out}");
    assert!(out.contains("red to answer: draw tiles?"), "{out}");
    let text = std::fs::read_to_string(&exported).expect("exported");
    // Yellow holds the obstacle of the scenario's `[[robot]]`.
    assert!(text.contains("\"RY..\""), "{text}");
    assert!(
        text.contains("id = \"yellow\"\ncarrying = \"obstacle\""),
        "{text}"
    );
    let o = tinbots(&["check", &exported.display().to_string()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stdout));
    // The saved game replays through the REPL's `load` again.
    let (out, err) = repl(&format!("load {}\nhistory\n", saved.display()));
    assert!(err.is_empty(), "{err}");
    assert!(out.contains("place 3,0"), "{out}");
    let _ = std::fs::remove_file(saved);
    let _ = std::fs::remove_file(exported);
}
