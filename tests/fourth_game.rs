//! The fourth game: Line Race (`tests/line_race/`), a game the library does
//! not know, registered by the one line of [`games`] and played through
//! every command written once over the seam (`tinbots::cli::run`, in
//! process): listed, played by its Lua bot, saved and replayed, checked,
//! rendered, stepped in the REPL, and played in a tournament whose rows
//! merge. The last test holds that nothing outside its folder names it, so
//! a shared file that had to learn about it would fail here.

use crate::common;
#[path = "line_race/mod.rs"]
mod line_race;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};

use tinbots::registry::Games;

/// The built-in games and Line Race: the one line that registers it.
fn games() -> Games {
    tinbots::games::registry()
        .with(&line_race::TYPE)
        .expect("line-race is a new name")
}

/// The game's folder.
fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/line_race")
}

/// A path of the game's folder, as text for a command line.
fn file(relative: &str) -> String {
    folder().join(relative).display().to_string()
}

/// A scratch folder of its own (tests run side by side).
fn scratch(name: &str) -> PathBuf {
    static MADE: AtomicUsize = AtomicUsize::new(0);
    let n = MADE.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!(
        "tinbots-line-race-{}-{name}-{n}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// Runs `tinbots ARGS` in process on [`games`] with `input` as the REPL's
/// lines: what it printed, or the error the binary would print.
fn run(args: &[&str], input: &str) -> Result<String, String> {
    let (out, said, result) = common::in_process_said(&games(), args, input);
    let text = String::from_utf8(out).expect("text");
    let said = String::from_utf8(said).expect("text");
    match result {
        Ok(code) if code == ExitCode::SUCCESS => Ok(text),
        Ok(code) => Err(format!("{code:?}: {said}{text}")),
        Err(e) => Err(format!("{e:#}")),
    }
}

/// `tinbots render ARGS --output F`: the picture written.
fn render(args: &[&str]) -> String {
    let dir = scratch("render");
    let svg = dir.join("picture.svg").display().to_string();
    let mut all = vec!["render"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--output", &svg]);
    ok(&all, "");
    std::fs::read_to_string(&svg).expect("the picture")
}

/// [`run`], which must succeed.
fn ok(args: &[&str], input: &str) -> String {
    run(args, input).unwrap_or_else(|e| panic!("tinbots {}: {e}", args.join(" ")))
}

#[test]
fn it_is_listed_with_its_option_and_its_catalogue() {
    let games = ok(&["games"], "");
    assert!(
        games.contains("line-race       Line Race       1 to 4 players, everything seen"),
        "{games}"
    );
    assert!(
        games.contains("--pit SQUARE: Line Race: the square of the pit"),
        "{games}"
    );
    let tiles = ok(&["tiles", "--game", "line-race"], "");
    assert!(tiles.starts_with("forward  1 square on\njump"), "{tiles}");
    assert!(
        ok(&["--help"], "").contains("tiles"),
        "the catalogue is a command"
    );
    let refused = run(&["play", "--game", "roborally", "--pit", "3"], "").unwrap_err();
    assert!(
        refused.contains("pit"),
        "another game refuses Line Race's option: {refused}"
    );
}

#[test]
fn its_lua_bot_plays_a_game_that_is_saved_replayed_and_drawn() {
    let dir = scratch("play");
    let saved = dir.join("race.json").display().to_string();
    let runner = format!("red={}", file("bots/runner.lua"));
    let played = ok(
        &[
            "play",
            "--game",
            "line-race",
            "--bot",
            &runner,
            "--bot",
            "blue=random",
            "--seed",
            "3",
            "--save",
            &saved,
        ],
        "",
    );
    // The runner puts a jump in a slot a turn: it is first to the finish.
    assert!(
        played.contains("turn    1  red     slot 1 jump"),
        "{played}"
    );
    assert!(played.contains("red reached the finish after"), "{played}");
    let replayed = ok(&["replay", &saved], "");
    let summary = |text: &str| {
        text.lines()
            .skip_while(|l| !l.contains("reached the finish"))
            .take(3)
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(
        summary(&replayed),
        summary(&played),
        "the replay ends as the game did"
    );
    let page = dir.join("race.html").display().to_string();
    ok(&["replay", &saved, "--html", &page], "");
    let html = std::fs::read_to_string(&page).expect("the page");
    assert!(
        html.contains("<title>tinbots replay: Line Race, 11 steps") && html.contains("\\u003csvg"),
        "a replay page of Line Race, its pictures in its data"
    );
    let step = render(&[&saved, "--step", "2"]);
    assert!(step.starts_with("<svg"), "{step}");
    // Its own option, generically offered, moves the pit.
    let moved = ok(
        &[
            "play",
            "--game",
            "line-race",
            "--pit",
            "2",
            "--seed",
            "3",
            "--verbose",
        ],
        "",
    );
    assert!(moved.contains("the pit at 2"), "{moved}");
    let refused = run(&["play", "--game", "line-race", "--pit", "9"], "").unwrap_err();
    assert!(
        refused.contains("--pit 9: the pit is a square from 1 to 8"),
        "{refused}"
    );
}

#[test]
fn its_scenarios_check_and_render() {
    let checked = ok(&["check", &file("scenarios")], "");
    assert!(
        checked.ends_with("4 passed, 0 failed, 0 errors\n"),
        "{checked}"
    );
    let before = render(&[&file("scenarios/pit.toml")]);
    let after = render(&["--after", &file("scenarios/pit.toml")]);
    assert!(before.starts_with("<svg") && after.starts_with("<svg"));
    assert_ne!(before, after, "the turn moved the robots");
    // A scenario that expects the wrong squares fails, naming them.
    let dir = scratch("check");
    let wrong = dir.join("wrong.toml");
    let text = std::fs::read_to_string(folder().join("scenarios/pit.toml")).expect("the scenario");
    std::fs::write(&wrong, text.replace("at = [2, 3]", "at = [4, 3]")).expect("written");
    let failed = run(&["check", &wrong.display().to_string()], "").unwrap_err();
    assert!(
        failed.contains("expected the robots at [4, 3], found [2, 3]"),
        "{failed}"
    );
    assert!(
        failed.contains("falls back to 0 (rule 5)"),
        "the events are shown: {failed}"
    );
}

#[test]
fn the_repl_steps_it_one_order_at_a_time_and_loads_its_scenarios() {
    let said = ok(
        &["repl", "--game", "line-race", "--players", "1"],
        "show\nslot 1 jump\nstep\nwhere\nundo\nwhere\nquit\n",
    );
    assert!(
        said.contains("red    R....o...."),
        "the track is drawn: {said}"
    );
    assert!(said.contains("red puts jump in slot 1 (rule 3)"), "{said}");
    assert!(
        said.contains("red's robot moves from 0 to 2: slot 1 holds jump (rule 4)"),
        "{said}"
    );
    assert!(
        said.contains("red at 2, program jump forward forward"),
        "{said}"
    );
    assert!(
        said.contains("red at 0, program jump forward forward"),
        "undo goes back a step: {said}"
    );
    let loaded = ok(
        &["repl", "--game", "line-race"],
        &format!(
            "load {}\nwhere\nkeep\nkeep\nstep\nwhere\n",
            file("scenarios/pit.toml")
        ),
    );
    assert!(
        loaded.contains("red at 3, program jump forward forward"),
        "{loaded}"
    );
    assert!(
        loaded.contains("stops on the pit at 5 and falls back to 0 (rule 5)"),
        "{loaded}"
    );
}

#[test]
fn a_tournament_of_its_lua_bot_is_played_and_its_rows_merge() {
    let dir = scratch("tournament");
    let rows = dir.join("rows.json").display().to_string();
    let runner = file("bots/runner.lua");
    ok(
        &[
            "tournament",
            "--game",
            "line-race",
            "--bot",
            &runner,
            "--bot",
            "random",
            "--games",
            "6",
            "--seed",
            "2",
            "--threads",
            "1",
            "--format",
            "json",
            "--output",
            &rows,
            "--pit",
            "4",
        ],
        "",
    );
    let text = std::fs::read_to_string(&rows).expect("rows");
    assert!(
        text.lines()
            .next()
            .is_some_and(|l| l.contains(r#""options":{"pit":["4"]}"#)),
        "{text}"
    );
    assert_eq!(text.lines().count(), 7, "a header and six games: {text}");
    let merged = ok(&["tournament", "merge", &rows], "");
    assert!(merged.contains("runner"), "{merged}");
}

#[test]
fn its_disputed_reading_is_listed_chosen_checked_and_disputed() {
    let listed = ok(&["rulings", "--game", "line-race"], "");
    assert!(
        listed.contains(
            "line-race.jump-pit  (Line Race)\n  a jump passes over the pit\n  text: rules 4, 5\n"
        ) && listed.contains("    over  (the default): a jump goes over"),
        "{listed}"
    );
    // Each scenario of the pair passes under its reading, fails under the
    // other.
    let over = file("scenarios/ruling.jump-pit.over.toml");
    let into = file("scenarios/ruling.jump-pit.into.toml");
    ok(&["check", &over, &into], "");
    let flipped = run(&["check", &over, "--ruling", "line-race.jump-pit=into"], "").unwrap_err();
    assert!(
        flipped.contains("expected the robots at [6, 0], found [0, 0]")
            && flipped
                .contains("falls in and back to 0 (rule 4) [ruling line-race.jump-pit: into]"),
        "the event names the ruling applied: {flipped}"
    );
    // An unknown id or reading is refused with what there is (`check`
    // writes the refusal beside its results, and counts it).
    let refused = run(
        &["check", &over, "--ruling", "line-race.jump-pitt=into"],
        "",
    )
    .unwrap_err();
    assert!(
        refused.contains("did you mean `line-race.jump-pit`?")
            && refused.ends_with("0 passed, 0 failed, 1 error\n"),
        "{refused}"
    );
    let refused = run(
        &[
            "play",
            "--game",
            "line-race",
            "--ruling",
            "line-race.jump-pit=in",
        ],
        "",
    )
    .unwrap_err();
    assert!(
        refused.contains("has no reading `in`") && refused.contains("(its readings: over, into)"),
        "{refused}"
    );
    // `dispute` plays the scenario under each reading and says where they
    // part.
    let disputed = ok(&["dispute", &over], "");
    assert!(
        disputed.contains("  over (the default): its expectations hold\n")
            && disputed.contains("  into: its expectations fail")
            && disputed.contains("over and into part at event 4 (the scenario's turn):")
            && disputed.contains(
                "verdict: the readings part at event 4 (the scenario's turn), where line-race.jump-pit decides"
            ),
        "{disputed}"
    );
    let plain = ok(&["dispute", &file("scenarios/finish.toml")], "");
    assert!(
        plain.contains("verdict: no disputed rule decided anything here"),
        "{plain}"
    );
    let dir = scratch("dispute");
    let page = dir.join("dispute.html").display().to_string();
    let wrote = ok(&["dispute", &over, "--html", &page], "");
    assert!(wrote.contains("(2 plays side by side)"), "{wrote}");
    let html = std::fs::read_to_string(&page).expect("the page");
    assert!(
        html.contains("<h2>line-race.jump-pit = into</h2>") && html.contains("\\u003csvg"),
        "a page with both readings' pictures"
    );
    // A game played under a reading records it and replays under it, byte
    // for byte; `replay --ruling` plays its answers under another.
    let saved = dir.join("race.json").display().to_string();
    let runner = format!("red={}", file("bots/runner.lua"));
    let args = [
        "play",
        "--game",
        "line-race",
        "--bot",
        &runner,
        "--seed",
        "3",
        "--verbose",
    ];
    let played = ok(
        &[
            &args[..],
            &["--ruling", "line-race.jump-pit=into", "--save", &saved],
        ]
        .concat(),
        "",
    );
    let record = std::fs::read_to_string(&saved).expect("saved");
    assert!(
        record.contains(r#""line-race.jump-pit": "into""#),
        "{record}"
    );
    let replayed = ok(&["replay", &saved, "--verbose"], "");
    let events = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.starts_with("    "))
            .map(String::from)
            .collect()
    };
    assert_eq!(
        events(&replayed),
        events(&played),
        "the replay tells the same story"
    );
    let default = ok(&args, "");
    assert_ne!(
        events(&default),
        events(&played),
        "the reading changed the game"
    );
    // The REPL shows the rulings in force, switches one, and undoes it.
    let said = ok(
        &["repl", "--game", "line-race", "--players", "1"],
        "rulings\nruling line-race.jump-pit into\nrulings\nundo\nrulings\nquit\n",
    );
    assert!(
        said.contains("line-race.jump-pit = over  (the default)")
            && said.contains("line-race.jump-pit = into from the next step on")
            && said.contains("line-race.jump-pit = into  (chosen; the default is over)")
            && said.ends_with("line-race.jump-pit = over  (the default)\n    a jump goes over the square between: the robot never touches the pit\n"),
        "{said}"
    );
    // A tournament's rows record the rulings; balance compares the readings.
    let rows = dir.join("rows.json").display().to_string();
    ok(
        &[
            "tournament",
            "--game",
            "line-race",
            "--bot",
            "random",
            "--bot",
            "random",
            "--games",
            "2",
            "--threads",
            "1",
            "--format",
            "json",
            "--output",
            &rows,
            "--ruling",
            "line-race.jump-pit=into",
        ],
        "",
    );
    let text = std::fs::read_to_string(&rows).expect("rows");
    assert!(
        text.lines()
            .all(|l| l.contains(r#""rulings":["line-race.jump-pit=into"]"#)),
        "{text}"
    );
    let balance = ok(
        &[
            "balance",
            "--game",
            "line-race",
            "--bot",
            "random",
            "--games",
            "4",
            "--threads",
            "1",
            "--readings",
            "line-race.jump-pit",
        ],
        "",
    );
    assert!(
        balance.contains("line-race.jump-pit=over") && balance.contains("line-race.jump-pit=into"),
        "{balance}"
    );
}

#[test]
fn nothing_outside_its_folder_names_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    let mut stack = vec![
        root.join("src"),
        root.join("scripts"),
        root.join("benches"),
        root.join("build.rs"),
    ];
    while let Some(path) = stack.pop() {
        if path.is_dir() {
            stack.extend(
                std::fs::read_dir(&path)
                    .expect("a folder")
                    .flatten()
                    .map(|e| e.path()),
            );
        } else if let Ok(text) = std::fs::read_to_string(&path) {
            if ["line-race", "line_race", "Line Race", "LineRace"]
                .iter()
                .any(|w| text.contains(w))
            {
                found.push(path.display().to_string());
            }
        }
    }
    assert!(
        found.is_empty(),
        "shared files that name the fourth game: {found:?}"
    );
    let tests: Vec<String> = std::fs::read_dir(root.join("tests"))
        .expect("tests")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| {
            std::fs::read_to_string(root.join("tests").join(name))
                .is_ok_and(|t| t.contains("line_race::TYPE"))
        })
        .collect();
    assert_eq!(
        tests,
        vec!["fourth_game.rs"],
        "one registration line, in one file"
    );
}
