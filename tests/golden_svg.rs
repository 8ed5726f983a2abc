//! Golden tests of the SVG pictures: a few positions of every game are
//! drawn (`tinbots render --all`) and compared, as text, with the files in
//! `tests/golden/svg/`. After a deliberate change to the drawing, rewrite
//! them with
//!
//! ```text
//! TINBOTS_BLESS=1 cargo test --release --test suite golden_svg::
//! ```
//!
//! and look at the new pictures before committing them. Also: every
//! scenario in `scripts/` can be drawn.

use std::path::{Path, PathBuf};

use tinbots::render::{render, render_after, Seen};

/// The repository's root.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The positions drawn, and the golden file of each.
const POSITIONS: &[(&str, &str)] = &[
    (
        "scripts/twin-tin-bots/scenarios/001_play_example.toml",
        "ttb_play_example",
    ),
    (
        "scripts/twin-tin-bots/scenarios/311_teleporter_pairs_by_colour.toml",
        "ttb_teleporters",
    ),
    (
        "scripts/twin-tin-bots/scenarios/347_mud_other_orders_work_normally.toml",
        "ttb_mud",
    ),
    (
        "scripts/roborally/scenarios/040_seed_example_turn.toml",
        "roborally_seed_example",
    ),
    (
        "scripts/roborally/scenarios/099_virtual_robot_and_lasers.toml",
        "roborally_virtual_and_lasers",
    ),
    (
        "scripts/roborally/scenarios/070_pusher_active_register.toml",
        "roborally_pusher",
    ),
    (
        "scripts/roborally/courses/factory.toml",
        "roborally_factory_course",
    ),
    (
        "scripts/droids/scenarios/035_statue_carried_one_square_a_move.toml",
        "droids_statue",
    ),
    (
        "scripts/droids/scenarios/034_mobile_obstacle_stops_a_move.toml",
        "droids_obstacle",
    ),
];

#[test]
fn every_registered_game_has_golden_pictures() {
    for game in tinbots::games::ALL {
        let folder = format!("scripts/{}/", game.name);
        assert!(
            POSITIONS.iter().any(|(path, _)| path.starts_with(&folder)),
            "no golden picture of {} (add a position of {folder} to POSITIONS)",
            game.title
        );
    }
}

#[test]
fn pictures_match_their_golden_files() {
    let bless = std::env::var_os("TINBOTS_BLESS").is_some();
    let golden = root().join("tests/golden/svg");
    let mut differ = Vec::new();
    for (file, name) in POSITIONS {
        let svg = render(
            &tinbots::games::registry(),
            &root().join(file),
            None,
            &Seen::Everything,
            &[],
        )
        .unwrap_or_else(|e| panic!("{file}: {e}"));
        let path = golden.join(format!("{name}.svg"));
        if bless {
            std::fs::create_dir_all(&golden).expect("the golden folder can be made");
            std::fs::write(&path, &svg).expect("the golden file can be written");
            continue;
        }
        match std::fs::read_to_string(&path) {
            Ok(expected) if expected == svg => {}
            Ok(_) => differ.push(format!("{file}: differs from {}", path.display())),
            Err(e) => differ.push(format!("{}: {e}", path.display())),
        }
    }
    assert!(
        differ.is_empty(),
        "{}\n(after a deliberate change: TINBOTS_BLESS=1 cargo test --release --test suite golden_svg::)",
        differ.join("\n")
    );
}

/// Every `.toml` file under `dir`, sorted.
fn scenario_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "toml"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

#[test]
fn every_scenario_in_scripts_is_drawn() {
    let mut drawn = 0;
    for game in ["twin-tin-bots", "roborally", "droids"] {
        for file in scenario_files(&root().join("scripts").join(game).join("scenarios")) {
            let svg = render(
                &tinbots::games::registry(),
                &file,
                None,
                &Seen::Deciding,
                &[],
            )
            .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            assert!(
                svg.starts_with("<svg") && svg.contains("class=\"board\""),
                "{}",
                file.display()
            );
            drawn += 1;
        }
    }
    assert!(drawn > 100, "only {drawn} scenarios found");
}

#[test]
fn a_seat_that_is_not_in_the_game_is_refused_naming_the_seats() {
    let file = root().join(POSITIONS[3].0);
    let err = render(
        &tinbots::games::registry(),
        &file,
        None,
        &Seen::Seat("pink".into()),
        &[],
    )
    .expect_err("no pink robot");
    assert!(
        err.to_string()
            .starts_with("--as pink: no seat of that colour; the seats are "),
        "{err}"
    );
    let err = render(
        &tinbots::games::registry(),
        &file,
        Some(3),
        &Seen::Everything,
        &[],
    )
    .expect_err("a scenario has no steps");
    assert!(
        err.to_string().contains("--step is for saved games"),
        "{err}"
    );
}

/// A scenario of each game whose robot moves: the file, the robot's
/// picture title before its turn and after it (as the scenario expects).
const MOVES: &[(&str, &str, &str)] = &[
    (
        // red.1 moves 0,0 -> 1,0 and turns E -> SE (its `[expect]`).
        "scripts/twin-tin-bots/scenarios/001_play_example.toml",
        "red.1 at 0, 0 facing E",
        "red.1 at 1, 0 facing SE",
    ),
    (
        // move_1: [0,0] -> [1,0], still facing E (004_11511d35c714bcd0.txt:127).
        "scripts/roborally/scenarios/010_move_1_one_square.toml",
        "red at 0, 0 facing E",
        "red at 1, 0 facing E",
    ),
    (
        // grab E, then move2 S takes the statue one square (003_4ed30270cd5960fb.txt:208).
        "scripts/droids/scenarios/035_statue_carried_one_square_a_move.toml",
        "red at 0, 0",
        "red at 0, 1",
    ),
];

#[test]
fn after_draws_each_game_at_the_position_its_turn_reaches() {
    for (file, before, after) in MOVES {
        let path = root().join(file);
        let start = render(
            &tinbots::games::registry(),
            &path,
            None,
            &Seen::Everything,
            &[],
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let end = render_after(&tinbots::games::registry(), &path, &Seen::Everything, &[])
            .unwrap_or_else(|e| panic!("{e}"));
        assert_ne!(start, end, "{file}");
        let title = |t: &str| format!("<title>{t}");
        assert!(start.contains(&title(before)), "{file}: no {before} before");
        assert!(!start.contains(&title(after)), "{file}: {after} before");
        assert!(end.contains(&title(after)), "{file}: no {after} after");
        assert!(!end.contains(&title(before)), "{file}: {before} after");
    }
}

#[test]
fn after_is_refused_for_a_file_without_a_turn() {
    let course = root().join("scripts/roborally/courses/factory.toml");
    let err = render_after(&tinbots::games::registry(), &course, &Seen::Everything, &[])
        .expect_err("a course has no turn");
    assert_eq!(
        err.to_string(),
        format!(
            "{}: a course file has no turn to play: --after is for scenarios",
            course.display()
        )
    );
}

#[test]
fn a_mission_file_is_drawn_at_its_start_and_a_board_alone_is_refused() {
    // A mission file is a Droids game's start: its board and its robots.
    let mission = root().join("scripts/droids/missions/1-challenge.toml");
    let svg = render(
        &tinbots::games::registry(),
        &mission,
        None,
        &Seen::Everything,
        &[],
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(svg.starts_with("<svg") && svg.contains("<title>"), "{svg}");
    let err = render_after(
        &tinbots::games::registry(),
        &mission,
        &Seen::Everything,
        &[],
    )
    .expect_err("a mission has no turn");
    assert!(
        err.to_string().ends_with(
            "1-challenge.toml: a mission file has no turn to play: draw its start without --after"
        ),
        "{err}"
    );
    // A RoboRally board has no start: it is refused, naming the board.
    let board = root().join("scripts/roborally/boards/maze.toml");
    let err = render(
        &tinbots::games::registry(),
        &board,
        None,
        &Seen::Everything,
        &[],
    )
    .expect_err("a board has no start");
    assert!(
        err.to_string().contains("maze.toml: a board, not a course"),
        "{err}"
    );
}
