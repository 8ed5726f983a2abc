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
        let report = check_file(&f).unwrap_or_else(|e| panic!("{e}"));
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
    match check_file(&path) {
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
    let report = check_file(&path).expect("it plays");
    assert_eq!(
        report.differences,
        vec!["red: expected at [2, 0], found Some([1, 0])".to_string()]
    );
}
