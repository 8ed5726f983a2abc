//! The fourth game: Line Race (`tests/line_race/`), a game the library does
//! not know, registered by one line below and played through the tools
//! written once over the seam.

mod line_race;

use std::path::PathBuf;

use tinbots::registry::Games;

/// The built-in games and Line Race: the one line that registers it.
fn games() -> Games {
    tinbots::games::registry()
        .with(&line_race::TYPE)
        .expect("line-race is a new name")
}

fn folder() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/line_race")
}

#[test]
fn its_scenarios_check() {
    let mut out = Vec::new();
    let summary =
        tinbots::check::check_paths(&games(), &[folder().join("scenarios")], None, &mut out)
            .expect("checked");
    let text = String::from_utf8(out).expect("text");
    assert_eq!((summary.passed, summary.failed), (2, 0), "{text}");
}
