//! Tests of scenario files: the fixtures in `testdata/` (two rules that
//! pass, a failing expectation, and every kind of malformed input, each
//! placed by file, line and column).

use std::path::{Path, PathBuf};

use super::{check_file, load, parse};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src/games/roborally/scenario/testdata")
        .join(name)
}

/// The error of a malformed fixture, as `place: message`, with the
/// folder cut off.
fn error(name: &str) -> String {
    let e = load(&fixture(name)).map(|_| ()).expect_err("malformed");
    let folder = fixture("").display().to_string();
    e.to_string().replace(&folder, "")
}

#[test]
fn belts_feeding_one_square_pass() {
    let report = check_file(&fixture("belts_feed_one_square.toml"), &[]).expect("runs");
    assert!(report.passed(), "{:?}", report);
    assert!(report.events.contains(
        &"blue's belt move is cancelled: red would land on the same square (ruling 3)".to_string()
    ));
    assert_eq!(
        report.title,
        "Two belts feeding one square: neither robot moves"
    );
}

#[test]
fn a_board_file_and_option_choices_pass() {
    let report = check_file(&fixture("push_into_pit.toml"), &[]).expect("runs");
    assert!(report.passed(), "{:?}", report);
}

#[test]
fn failing_expectations_are_listed() {
    let report = check_file(&fixture("wrong_expectation.toml"), &[]).expect("runs");
    assert_eq!(
        report.differences,
        vec![
            "red: expected at 2,0 but it is at 1,0",
            "red: expected locked [5] but it is []",
        ]
    );
    assert!(!report.passed());
    assert_eq!(
        report.title,
        "A failing expectation is a difference, not an error"
    );
    assert!(report
        .events
        .contains(&"red moves from 0,0 to 1,0 (move_1 490)".to_string()));
}

#[test]
fn malformed_files_name_file_line_and_reason() {
    assert_eq!(
        error("bad_priority.toml"),
        "bad_priority.toml:11:12: in `robot[0].program[0]`: 500 is a move_1, not a move_2"
    );
    assert_eq!(error("card_twice.toml"), "card_twice.toml:17:16: in `robot[1].program[1]`: `move_1 490` is given twice: the deck has one card of each priority, in one place");
    assert!(
        error("unknown_field.toml")
            .starts_with("unknown_field.toml:11:1: in `robot[0].speed`: unknown field `speed`"),
        "{}",
        error("unknown_field.toml")
    );
    assert_eq!(
        error("off_board.toml"),
        "off_board.toml:9:6: in `robot[0].at`: red at 3,0 is off the 3x1 board, which destroys a robot (RoboRally rules (German), Board elements always active (line 395))"
    );
    assert_eq!(error("shared_square.toml"), "shared_square.toml:14:6: in `robot[1].at`: blue and red both stand on 1,0: only virtual robots share a square (RoboRally rules (German), Virtual robots (line 115))");
    assert_eq!(error("unknown_colour.toml"), "unknown_colour.toml:8:6: in `robot[0].id`: unknown robot `rde`: robots are named by colour, did you mean `red`?");
    assert!(
        error("bad_inline_board.toml").starts_with("bad_inline_board.toml:8:8: "),
        "{}",
        error("bad_inline_board.toml")
    );
    assert!(error("bad_inline_board.toml").contains("unknown variant `trampoline`"));
    assert!(
        error("malformed.toml").starts_with("malformed.toml:4:"),
        "{}",
        error("malformed.toml")
    );
    assert_eq!(
        error("duplicate_robot.toml"),
        "duplicate_robot.toml:13:6: in `robot[1].id`: red is given twice"
    );
}

#[test]
fn choices_missing_or_left_over_are_errors() {
    let s = load(&fixture("reentry_choice.toml")).expect("reads");
    let e = s.run().expect_err("a choice left over");
    assert!(
        e.to_string()
            .contains(":16:17: in `turn.choices[1]`: choice `E` is left over"),
        "{e}"
    );
    let text = std::fs::read_to_string(fixture("reentry_choice.toml")).expect("fixture");
    let s = parse(
        "r.toml",
        &text.replace("choices = [\"S\", \"E\"]", "choices = []"),
        Path::new(""),
    )
    .expect("reads");
    let e = s.run().expect_err("a choice missing");
    assert_eq!(e.to_string(), "r.toml: the game asks (red: comes back at 1,0, facing N | E | S | W) but `turn.choices` has no answer left");
    let s = parse(
        "r.toml",
        &text.replace("choices = [\"S\", \"E\"]", "choices = [\"up\"]"),
        Path::new(""),
    )
    .expect("reads");
    let e = s.run().expect_err("a choice refused");
    assert!(e.to_string().contains("choice `up` is refused"), "{e}");
}

#[test]
fn a_scenario_not_for_roborally_is_refused() {
    let e = parse(
        "x.toml",
        "game = \"droids\"\ntitle = \"t\"\n",
        Path::new(""),
    )
    .map(|_| ())
    .expect_err("wrong game");
    assert!(
        e.to_string()
            .starts_with("x.toml:1:8: in `game`: game `droids`"),
        "{e}"
    );
}

/// The fixture of two belts onto one square with `rulings` first.
fn with_rulings(rulings: &str) -> String {
    let text = std::fs::read_to_string(fixture("belts_feed_one_square.toml")).expect("fixture");
    format!("{rulings}\n{text}")
}

#[test]
fn a_scenario_s_rulings_are_kept_and_pins_go_over_them() {
    let s = parse(
        "r.toml",
        &with_rulings(r#"rulings = { "roborally.belts-into-pit" = "fall" }"#),
        Path::new(""),
    )
    .expect("reads");
    assert_eq!(s.rulings.pins(), ["roborally.belts-into-pit=fall"]);
    let s = s
        .pinned(&["roborally.belts-into-pit=cancel".into()])
        .expect("a reading of the game");
    assert!(s.rulings.all_default());
    let e = s
        .pinned(&["roborally.belts-into-pit=drop".into()])
        .map(|_| ())
        .expect_err("no such reading");
    assert!(
        e.to_string().starts_with(
            "r.toml: --ruling roborally.belts-into-pit=drop: `roborally.belts-into-pit` has no \
             reading `drop`"
        ),
        "{e}"
    );
}

#[test]
fn a_scenario_s_bad_rulings_name_file_line_and_field() {
    let error = |rulings: &str| {
        parse("r.toml", &with_rulings(rulings), Path::new(""))
            .map(|_| ())
            .expect_err("refused")
            .to_string()
    };
    let e = error("rulings = { \"roborally.belts-into-pits\" = \"fall\" }");
    assert!(e.starts_with("r.toml:1:"), "{e}");
    assert!(
        e.contains(
            "there is no dispute `roborally.belts-into-pits`, did you mean \
             `roborally.belts-into-pit`?"
        ),
        "{e}"
    );
    let e = error("rulings = { \"roborally.belts-into-pit\" = \"fal\" }");
    assert!(e.starts_with("r.toml:1:"), "{e}");
    assert!(
        e.contains("`roborally.belts-into-pit` has no reading `fal`, did you mean `fall`?"),
        "{e}"
    );
    let e = error("rulings = { \"roborally.belts-into-pit\" = 2 }");
    assert!(e.starts_with("r.toml:1:"), "{e}");
    assert!(e.contains("a reading is a string"), "{e}");
    let e = error("rulings = 3");
    assert!(e.starts_with("r.toml:1:"), "{e}");
    assert!(e.contains("rulings"), "{e}");
}
