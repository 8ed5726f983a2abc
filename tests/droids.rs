//! Droids end to end through the `tinbots` binary: the scenario suite
//! passes, the team games name the winning team, the REPL answers, undoes,
//! saves, exports and loads scenario files, and `--mission` is refused by
//! the games that have no missions.

use crate::common;

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
        assert!(err.contains("--mission: "), "{err}");
        assert!(err.contains("takes no --mission (its options: "), "{err}");
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

/// Issue 31: a tournament's rows record the game's own options, so shards
/// of two missions are told apart when they are merged.
#[test]
fn a_tournament_s_rows_record_the_mission_and_shards_of_two_missions_do_not_merge() {
    let shard = |mission: &str, part: &str, file: &PathBuf| {
        let o = tinbots(&[
            "--game",
            "droids",
            "tournament",
            "--bot",
            "random",
            "--bot",
            "goal",
            "--games",
            "2",
            "--mission",
            mission,
            "--shard",
            part,
            "--output",
            file.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    };
    let (one, two) = (temp("mission-2.json"), temp("mission-3.json"));
    shard("2", "1/2", &one);
    shard("3", "2/2", &two);
    let header = std::fs::read_to_string(&one).unwrap();
    assert!(
        header
            .lines()
            .next()
            .unwrap()
            .contains(r#""options":{"mission":["2"]}"#),
        "{header}"
    );
    let o = tinbots(&[
        "tournament",
        "merge",
        one.to_str().unwrap(),
        two.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success(), "two missions merged");
    assert!(err.contains("options"), "{err}");
    let listed = stdout(&tinbots(&["games"]));
    assert!(
        listed.contains("--mission N|NAME|FILE: The mission"),
        "{listed}"
    );
    std::fs::remove_file(one).ok();
    std::fs::remove_file(two).ok();
}

/// Issue 31: a game's catalogues are commands made from its declaration:
/// `tinbots missions` lists Droids' missions, and a game without a
/// catalogue says what it lists instead.
#[test]
fn missions_are_listed_and_a_catalogue_a_game_lacks_is_refused() {
    let listed = stdout(&tinbots(&["missions"]));
    assert_eq!(listed.lines().count(), 9, "{listed}");
    assert!(
        listed.contains(
            "7   killer            1 player        scripts/droids/missions/7-killer.toml"
        ),
        "{listed}"
    );
    let o = tinbots(&["--game", "droids", "courses"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("Droids has no courses; it has `tinbots --game droids missions`"),
        "{err}"
    );
    let o = tinbots(&["missions", "extra.toml"]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("`tinbots missions` takes no files"));
}

#[test]
fn max_turns_reports_the_rounds_played() {
    // Issue 30: `--max-turns 1` reported 2 rounds (the round the limit
    // stopped had begun). The goal bot keeps both players in, so the
    // game reaches the limit.
    for turns in ["1", "3"] {
        let o = tinbots(&[
            "play",
            "--game",
            "droids",
            "--max-turns",
            turns,
            "--seed",
            "1",
            "--bot",
            "all=scripts/droids/bots/goal.lua",
            "-q",
        ]);
        let out = stdout(&o);
        assert!(o.status.success(), "{out}");
        assert!(out.contains("over: the turn limit"), "{out}");
        assert!(out.contains(&format!("\nrounds: {turns}\n")), "{out}");
    }
}

#[test]
fn a_scenario_s_bad_rulings_are_refused_with_file_and_line() {
    let head = "game = \"droids\"\ntitle = \"t\"\nsource = \"003_4ed30270cd5960fb.txt:76\"\n";
    let cases = [
        (
            "rulings = { \"droids.steer-watter\" = \"enter\" }",
            "there is no dispute `droids.steer-watter`, did you mean `droids.steer-water`?",
        ),
        (
            "rulings = { \"droids.steer-water\" = \"swim\" }",
            "`droids.steer-water` has no reading `swim`",
        ),
        (
            "rulings = { \"droids.steer-water\" = 3 }",
            "a reading is a string",
        ),
    ];
    for (i, (line, want)) in cases.iter().enumerate() {
        let path = temp(&format!("bad-rulings-{i}.toml"));
        std::fs::write(&path, format!("{head}{line}\nrows = [\"RY\"]\n")).unwrap();
        let o = tinbots(&["check", path.to_str().unwrap()]);
        let err = format!("{}{}", stdout(&o), String::from_utf8_lossy(&o.stderr));
        let _ = std::fs::remove_file(&path);
        assert!(!o.status.success(), "{line}: {err}");
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        assert!(err.contains(&format!("{name}:4:")), "{line}: {err}");
        assert!(err.contains(want), "{line}: {err}");
    }
}

#[test]
fn a_ruling_pin_over_a_scenario_plays_the_other_reading() {
    // Seed line 76: the steer-water pair parts on one position; each file
    // passes under its own reading and fails pinned to the other.
    let dir = "scripts/droids/scenarios";
    for (file, other) in [
        ("ruling.steer-water.stop-before.toml", "enter"),
        ("ruling.steer-water.enter.toml", "stop-before"),
    ] {
        let path = format!("{dir}/{file}");
        let o = tinbots(&["check", &path]);
        assert!(o.status.success(), "{file}: {}", stdout(&o));
        let pin = format!("droids.steer-water={other}");
        let o = tinbots(&["check", &path, "--ruling", &pin]);
        let out = stdout(&o);
        assert!(!o.status.success(), "{file} under {other}: {out}");
        assert!(out.starts_with("FAIL "), "{out}");
    }
}
