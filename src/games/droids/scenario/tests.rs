//! The scenario suite of `scripts/droids/scenarios/` (each file one rule,
//! citing the seed's line), and malformed files refused with their file,
//! line and reason.

use std::path::{Path, PathBuf};

use super::check_file;

fn folder(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(relative)
}

#[test]
fn every_scenario_of_the_suite_passes() {
    let dir = folder("scripts/droids/scenarios");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the scenario folder")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    assert!(files.len() >= 30, "{} scenarios", files.len());
    for f in files {
        let report = check_file(&f, &[]).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            report.differences.is_empty(),
            "{}: {:?}\n{}",
            f.display(),
            report.differences,
            report.events.join("\n")
        );
        let text = std::fs::read_to_string(&f).expect("readable");
        assert!(
            text.contains("source = \"003_4ed30270cd5960fb.txt:"),
            "{} cites the seed",
            f.display()
        );
    }
}

/// The error reading a file of `testdata/`.
fn error(name: &str) -> String {
    let path = folder("src/games/droids/scenario/testdata").join(name);
    match check_file(&path, &[]) {
        Err(e) => e.to_string(),
        Ok(r) => panic!("{name} was read: {r:?}"),
    }
}

#[test]
fn malformed_files_are_refused_with_file_line_and_reason() {
    for (name, line, reason) in [
        (
            "unknown_robot.toml",
            7,
            "in `order[0].robot`: `purple` is not a robot",
        ),
        ("bad_row.toml", 6, "in `rows[1]`: `?` is not a square"),
        ("short_row.toml", 6, "row 1 has 3 squares, the first row 4"),
        ("bad_tile.toml", 8, "`move2` goes along a row or column"),
        (
            "missing_block.toml",
            9,
            "the order leaves 3 registers to block (3 of yellow's): give them in `block`",
        ),
        ("unknown_field.toml", 5, "unknown field `speed`"),
        ("robots_out_of_order.toml", 4, "in seat order"),
        (
            "carried_statue_not_drawn.toml",
            8,
            "the statue must be drawn",
        ),
    ] {
        let e = error(name);
        assert!(
            e.contains(&format!("{name}:{line}:")),
            "{name}: the line {line} in {e}"
        );
        assert!(e.contains(reason), "{name}: {e}");
    }
}

#[test]
fn a_wrong_expectation_is_a_difference() {
    let path = folder("src/games/droids/scenario/testdata/wrong_expectation.toml");
    let report = check_file(&path, &[]).expect("it plays");
    assert_eq!(
        report.differences,
        vec!["red: expected at [2, 0], found Some([1, 0])".to_string()]
    );
}

/// The head of an inline scenario (its rows come next, at line 4).
const HEAD: &str = "game = \"droids\"\ntitle = \"t\"\nsource = \"003_4ed30270cd5960fb.txt:6\"\n";

/// The refusal of the scenario `body` (after [`HEAD`]), named `s.toml`.
fn text_error(body: &str) -> String {
    match super::check_text("s.toml", &format!("{HEAD}{body}"), &[]) {
        Err(e) => e.to_string(),
        Ok(r) => panic!("read: {r:?}"),
    }
}

#[test]
fn squares_and_registers_are_read_strictly() {
    // Before, `[0, 0, 99]` was read as `[0, 0]`, a register blocked twice
    // or a robot listed twice were taken.
    let e = text_error("rows = [\"R.Y\"]\n[[expect.robot]]\nid = \"red\"\nat = [0, 0, 99]\n");
    assert!(e.starts_with("s.toml:7:"), "{e}");
    assert!(e.contains("a square is two numbers `[x, y]`, not 3"), "{e}");
    let e = text_error("rows = [\"R.Y\"]\n[[expect.piece]]\nat = [1]\nkind = \"none\"\n");
    assert!(e.contains("a square is two numbers `[x, y]`, not 1"), "{e}");
    let e = text_error("rows = [\"R.Y\"]\n[[expect.robot]]\nid = \"red\"\nblocked = [300]\n");
    assert!(e.contains("a register column from 0 to 2"), "{e}");
    let e = text_error("rows = [\"R.Y\"]\n[[robot]]\nid = \"red\"\nblocked = [1, 1]\n");
    assert!(e.starts_with("s.toml:7:"), "{e}");
    assert!(e.contains("register 1 is given twice"), "{e}");
    let e = text_error("rows = [\"R.Y\"]\n[[robot]]\nid = \"red\"\n[[robot]]\nid = \"red\"\n");
    assert!(e.contains("red is listed twice in `[[robot]]`"), "{e}");
    let e = text_error(&format!(
        "rows = [\"R.Y\"]\n[vars]\n{} = 1\n",
        "k".repeat(65)
    ));
    assert!(
        e.contains("a key of 65 bytes: a key is 1 to 64 bytes"),
        "{e}"
    );
}

#[test]
fn a_position_the_rules_cannot_reach_is_refused_by_one_validator() {
    // Two robots carrying the one statue: checked for a scenario, for the
    // REPL's `load` and for a replay that starts from a scenario alike.
    let body = "rows = [\"RXY\"]\n[[robot]]\nid = \"red\"\ncarrying = \"statue\"\n[[robot]]\nid = \"yellow\"\ncarrying = \"statue\"\n";
    let want = "s.toml:4:8: in `rows`: the position breaks a rule: statue is off the board and not carried once";
    assert!(text_error(body).starts_with(want), "{}", text_error(body));
    let text = format!("{HEAD}{body}");
    let e = super::position_text("s.toml", &text, &[]).expect_err("the REPL's load");
    assert!(e.to_string().starts_with(want), "{e}");
    let record = crate::games::droids::game::record::scenario_value(
        "s.toml",
        &text,
        &crate::engine::Rulings::default(),
    );
    let e = crate::games::droids::game::record::resume(&record).expect_err("a replay's start");
    assert!(e.message.contains("the position breaks a rule"), "{e}");
}

#[test]
fn numbers_are_read_into_their_range_in_the_game_s_words() {
    // Before: "invalid value: integer `-1`, expected u64".
    let e = text_error("seed = -1\nrows = [\"R.Y\"]\n");
    assert!(
        e.starts_with("s.toml:4:8: in `seed`: a seed is a whole number from 0"),
        "{e}"
    );
    let e = text_error("rows = [\"R.Y\"]\n[expect]\nround = 0\n");
    assert!(e.contains("a round is a whole number from 1"), "{e}");
    let e = text_error("rows = [\"R.Y\"]\nrolls = [10]\n");
    assert!(e.contains("a roll of the die, from 0 to 9"), "{e}");
}

#[test]
fn a_scenario_naming_a_mission_has_only_the_tiles_the_mission_plays() {
    // Mission 1 plays no grey tiles (seed line 147), mission 5 no shooting
    // (line 200), mission 6 no diagonals (line 221), mission 7 no red
    // (line 236).
    for (mission, tile, out) in [
        (
            "challenge",
            "gmove N",
            "mission challenge leaves the grey tiles out",
        ),
        (
            "statue",
            "shoot E",
            "mission statue leaves the shoot tiles out",
        ),
        (
            "labyrinth",
            "diag SE",
            "mission labyrinth leaves the diagonal tiles out",
        ),
        (
            "killer",
            "steer N E",
            "mission killer leaves the red tiles out",
        ),
    ] {
        let rows = if mission == "killer" {
            "R...K"
        } else {
            "R...Y"
        };
        let e = text_error(&format!(
            "mission = \"{mission}\"\nrows = [\"{rows}\"]\n[[order]]\nrobot = \"red\"\ntile = \"{tile}\"\n"
        ));
        assert!(e.starts_with("s.toml:8:"), "{e}");
        assert!(e.contains(out), "{e}");
        let colour = tile_colour(tile);
        let e = text_error(&format!(
            "mission = \"{mission}\"\nrows = [\"{rows}\"]\n[stacks]\n{colour} = [\"{tile}\"]\n"
        ));
        assert!(e.starts_with("s.toml:7:"), "{e}");
        assert!(e.contains(out), "{e}");
    }
    let e = text_error("set_up = true\nrows = [\"R...Y\"]\n");
    assert!(e.starts_with("s.toml:4:"), "{e}");
    assert!(e.contains("a set-up is a mission's"), "{e}");
}

/// The stack of a tile written as text.
fn tile_colour(tile: &str) -> &'static str {
    match tile.split(' ').next() {
        Some("gmove") => "grey",
        Some("shoot" | "steer") => "red",
        _ => "purple",
    }
}

#[test]
fn a_choice_of_colour_is_a_mission_s_and_is_refused_where_it_fixes_them() {
    // Seed line 228: mission 7's player chooses a colour; line 215:
    // mission 6 puts red and yellow.
    let e =
        text_error("mission = \"labyrinth\"\ncolours = [\"blue\", \"green\"]\nrows = [\"B.G\"]\n");
    assert!(e.starts_with("s.toml:5:"), "{e}");
    assert!(
        e.contains("in `colours`: mission 6 (labyrinth) takes no choice"),
        "{e}"
    );
    assert!(
        e.contains("(Droids rules, Mission 6, Duel in the labyrinth (line 215))"),
        "{e}"
    );
    let e = text_error("colours = [\"yellow\"]\nrows = [\"Y..\"]\n");
    assert!(e.starts_with("s.toml:4:"), "{e}");
    assert!(e.contains("a choice of colour is a mission's"), "{e}");
    let e = text_error("mission = \"killer\"\ncolours = [\"yellow\"]\nrows = [\"R.K\"]\n");
    assert!(
        e.contains("the rows draw the robots R but `colours` seats Y"),
        "{e}"
    );
    let e = text_error("mission = \"killer\"\ncolours = [\"pink\"]\nrows = [\"R.K\"]\n");
    assert!(
        e.contains("`pink` is not a colour of mission 7 (killer)"),
        "{e}"
    );
}
