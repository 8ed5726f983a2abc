//! Every rule-dispute scenario in `scripts/twin-tin-bots/scenarios/` must pass against the
//! engine: one scenario per rule of the base game, and scenarios of the new
//! orders in `scripts/twin-tin-bots/orders/`.

use std::path::{Path, PathBuf};
use tinbots::check::check_paths;
use tinbots::games::twin_tin_bots::scenario::check_file;

fn scenario_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/twin-tin-bots/scenarios");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
}

#[test]
fn there_is_a_scenario_suite() {
    let n = scenario_files().len();
    assert!(
        n >= 40,
        "only {n} scenarios in scripts/twin-tin-bots/scenarios (at least 40 expected)"
    );
}

#[test]
fn every_scenario_passes() {
    let mut failures = vec![];
    for file in scenario_files() {
        match check_file(&file) {
            Ok(report) if report.passed() => {}
            Ok(report) => {
                let mut text = format!("FAIL {}: {}", file.display(), report.title);
                for d in &report.differences {
                    text.push_str(&format!("\n  {d}"));
                }
                text.push_str("\n  events of the turn:");
                for e in &report.events {
                    text.push_str(&format!("\n    {e}"));
                }
                failures.push(text);
            }
            Err(e) => failures.push(format!("ERROR {e}")),
        }
    }
    assert!(
        failures.is_empty(),
        "{} scenario(s) do not pass:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_scenario_cites_its_rule_and_has_a_numbered_name() {
    for file in scenario_files() {
        let name = file.file_name().unwrap().to_string_lossy().to_string();
        // A disputed reading's scenario is named for the dispute and the
        // reading (`ruling.<name>.<reading>.toml`).
        let numbered = name.len() > 4
            && name[..3].chars().all(|c| c.is_ascii_digit())
            && name.as_bytes()[3] == b'_';
        assert!(
            numbered || name.starts_with("ruling."),
            "{name}: scenario file names start with a three-digit group number"
        );
        let text = std::fs::read_to_string(&file).unwrap();
        let value: toml::Value = toml::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let source = value.get("source").and_then(|s| s.as_str()).unwrap_or("");
        let rulebook = source.contains("000_f177823dad35ee93.txt")
            || source.contains("002_ae8ae07e801960f9.txt");
        // A scenario of orders not in the rulebook cites the order file
        // that defines them.
        let order_files: Vec<&str> = value
            .get("orders")
            .and_then(|o| o.as_array())
            .map(|a| a.iter().filter_map(|f| f.as_str()).collect())
            .unwrap_or_default();
        let cites_order_file = order_files.iter().any(|f| {
            let cited = f.trim_start_matches("../");
            source.contains(&format!("/{cited}"))
        });
        assert!(
            rulebook || cites_order_file,
            "{name}: `source` must cite the rulebook file and section, or the order file the scenario loads, not {source:?}"
        );
    }
}

#[test]
fn check_paths_summarises_the_suite() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/twin-tin-bots/scenarios");
    let mut out = Vec::new();
    let mut err = Vec::new();
    let summary = check_paths(
        &tinbots::games::registry(),
        &[dir],
        None,
        &[],
        &mut out,
        &mut err,
    )
    .unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(
        summary.passed + summary.failed + summary.errors,
        scenario_files().len()
    );
    let last = text.lines().last().unwrap();
    assert_eq!(
        last,
        format!(
            "{} passed, {} failed, {} errors",
            summary.passed, summary.failed, summary.errors
        )
    );
}

/// RoboRally's suite: every scenario of `scripts/roborally/scenarios/`
/// passes (each cites the seed's line), and every board and course file
/// shipped is valid, as `tinbots check` says.
#[test]
fn roborally_scenarios_boards_and_courses_all_pass() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/roborally");
    for (folder, at_least) in [("scenarios", 90), ("boards", 5), ("courses", 5)] {
        let mut out = Vec::new();
        let mut out_of_errors = Vec::new();
        let summary = check_paths(
            &tinbots::games::registry(),
            &[root.join(folder)],
            None,
            &[],
            &mut out,
            &mut out_of_errors,
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap() + &String::from_utf8(out_of_errors).unwrap();
        assert_eq!(summary.failed + summary.errors, 0, "{folder}:\n{text}");
        assert!(summary.passed >= at_least, "{folder}: {text}");
    }
    for entry in std::fs::read_dir(root.join("scenarios")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            let text = std::fs::read_to_string(&path).unwrap();
            assert!(
                text.contains("source = \"004_11511d35c714bcd0.txt"),
                "{}: cites the seed",
                path.display()
            );
        }
    }
}

/// A RoboRally scenario checked with `--game twin-tin-bots` is refused:
/// the file's own game wins.
#[test]
fn a_disagreeing_game_is_refused_for_that_file() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scripts/roborally/scenarios/010_move_1_one_square.toml");
    let ttb = tinbots::games::find("twin-tin-bots").unwrap();
    let mut out = Vec::new();
    let summary = check_paths(
        &tinbots::games::registry(),
        &[file],
        Some(ttb),
        &[],
        &mut Vec::new(),
        &mut out,
    )
    .unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(summary.errors, 1, "{text}");
    assert!(
        text.contains("a file of RoboRally (`roborally`), but --game twin-tin-bots was given"),
        "{text}"
    );
}
