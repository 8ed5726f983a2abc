//! The binary away from the repository: every command runs in a fresh
//! temporary folder (with its own empty user data folder), as after
//! `cargo install`, and finds the built-in variants, bots and order files;
//! user ones are found in the user data folder and `--variant-path`, and a
//! name found in two places says which one it used.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository (where the scenarios are).
fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A fresh folder for one test, removed when dropped.
struct Temp(PathBuf);

impl Temp {
    fn new(name: &str) -> Temp {
        let dir =
            std::env::temp_dir().join(format!("tinbots-assets-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("home")).unwrap();
        std::fs::create_dir_all(dir.join("work")).unwrap();
        Temp(dir)
    }

    /// Writes `text` at `path` under the folder.
    fn write(&self, path: &str, text: &str) -> PathBuf {
        let path = self.0.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        path
    }

    /// The user data folder the binary is given (`$XDG_DATA_HOME`).
    fn data(&self) -> PathBuf {
        self.0.join("data")
    }

    /// The binary with `args`, run in `work/` under the folder, with its
    /// own home and user data folder.
    fn command(&self, args: &[&str]) -> Command {
        self.command_in("work", args)
    }

    fn command_in(&self, folder: &str, args: &[&str]) -> Command {
        let dir = self.0.join(folder);
        std::fs::create_dir_all(&dir).unwrap();
        let mut command = Command::new(env!("CARGO_BIN_EXE_tinbots"));
        command
            .args(args)
            .current_dir(dir)
            .env("HOME", self.0.join("home"))
            .env("XDG_DATA_HOME", self.data());
        command
    }

    fn run(&self, args: &[&str]) -> Run {
        Run(self.command(args).output().expect("the binary runs"))
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

struct Run(Output);

impl Run {
    fn out(&self) -> String {
        String::from_utf8_lossy(&self.0.stdout).into_owned()
    }

    fn err(&self) -> String {
        String::from_utf8_lossy(&self.0.stderr).into_owned()
    }

    fn code(&self) -> Option<i32> {
        self.0.status.code()
    }

    /// Asserts a success with nothing on stderr, and returns stdout.
    fn ok(&self) -> String {
        assert_eq!(self.code(), Some(0), "{}\n{}", self.out(), self.err());
        assert_eq!(self.err(), "", "nothing on stderr");
        self.out()
    }
}

#[test]
fn check_runs_the_scenario_suite_from_another_folder() {
    let t = Temp::new("check");
    let scenarios = repo().join("scripts/twin-tin-bots/scenarios");
    let out = t.run(&["check", scenarios.to_str().unwrap()]).ok();
    assert!(out.ends_with(" passed, 0 failed, 0 errors\n"), "{out}");
    assert!(!out.contains("FAIL"), "{out}");
}

/// How many `.toml` files the repository's `folder` holds directly.
fn tomls_in(folder: &str) -> usize {
    std::fs::read_dir(repo().join(folder))
        .unwrap()
        .filter(|e| {
            let path = e.as_ref().unwrap().path();
            path.extension().is_some_and(|x| x == "toml")
        })
        .count()
}

#[test]
fn a_repository_path_not_on_disk_is_checked_from_the_built_in_copy() {
    let t = Temp::new("check-built-in");
    // A folder: every built-in scenario in it, with one note.
    let run = t.run(&["check", "scripts/droids/scenarios"]);
    assert_eq!(run.code(), Some(0), "{}\n{}", run.out(), run.err());
    let count = tomls_in("scripts/droids/scenarios");
    assert!(
        run.out()
            .ends_with(&format!("{count} passed, 0 failed, 0 errors\n")),
        "{}",
        run.out()
    );
    assert_eq!(
        run.err(),
        "tinbots: note: scripts/droids/scenarios does not exist here: using the built-in copy, \
         <built-in>/scripts/droids/scenarios\n"
    );
    // A shell pattern nothing on disk matched (the shell passes it on).
    let run = t.run(&["check", "scripts/twin-tin-bots/scenarios/33[5-9]_*.toml"]);
    assert_eq!(run.code(), Some(0), "{}\n{}", run.out(), run.err());
    assert!(
        run.out().ends_with("5 passed, 0 failed, 0 errors\n"),
        "{}",
        run.out()
    );
    let run = t.run(&["check", "scripts/twin-tin-bots/scenarios/9[5-9][5-9]*.toml"]);
    assert_eq!(run.code(), Some(2), "{}", run.out());
    assert!(
        run.err()
            .contains("no file matches scripts/twin-tin-bots/scenarios/9[5-9][5-9]*.toml"),
        "{}",
        run.err()
    );
    // A file of one's own in the folder wins over the built-in copy.
    t.write("work/scripts/droids/scenarios/mine.toml", "title = 1\n");
    let run = t.run(&["check", "scripts/droids/scenarios"]);
    assert_eq!(run.code(), Some(2), "{}", run.out());
    assert_eq!(run.out(), "0 passed, 0 failed, 1 error\n");
    assert!(
        run.err()
            .starts_with("ERROR scripts/droids/scenarios/mine.toml:"),
        "{}",
        run.err()
    );
}

#[test]
fn check_builtin_checks_every_game_s_built_in_scenarios_from_any_folder() {
    let t = Temp::new("check-builtin");
    let every = tomls_in("scripts/twin-tin-bots/scenarios")
        + tomls_in("scripts/roborally/scenarios")
        + tomls_in("scripts/droids/scenarios");
    let out = t.run(&["check", "--builtin"]).ok();
    assert!(
        out.ends_with(&format!("{every} passed, 0 failed, 0 errors\n")),
        "{out}"
    );
    assert!(
        out.contains("PASS <built-in>/scripts/roborally/scenarios/"),
        "{out}"
    );
    let droids = tomls_in("scripts/droids/scenarios");
    for args in [
        &["check", "--builtin", "droids"][..],
        &["--game", "droids", "check", "--builtin"][..],
    ] {
        let out = t.run(args).ok();
        assert!(
            out.ends_with(&format!("{droids} passed, 0 failed, 0 errors\n")),
            "{args:?}: {out}"
        );
    }
    // Whatever is on disk: a broken copy in the folder is not read.
    t.write("work/scripts/droids/scenarios/mine.toml", "title = 1\n");
    t.run(&["check", "--builtin", "droids"]).ok();
    let run = t.run(&["check", "--builtin", "droid"]);
    assert_eq!(run.code(), Some(2), "an unknown game");
    assert!(
        run.err().contains("`droids`"),
        "did you mean: {}",
        run.err()
    );
    let run = t.run(&["check", "--builtin", "droids", "scripts/droids/scenarios"]);
    assert_eq!(run.code(), Some(2), "a game name and a file do not mix");
}

#[test]
fn play_finds_built_in_variants_bots_and_order_files_by_name() {
    let t = Temp::new("play");
    let out = t
        .run(&[
            "play",
            "-p",
            "2",
            "--max-turns",
            "10",
            "-q",
            "--variant",
            "mud",
        ])
        .ok();
    assert!(out.contains("turns: 10"), "{out}");
    let out = t
        .run(&[
            "play",
            "-p",
            "2",
            "--max-turns",
            "6",
            "-q",
            "--bot",
            "red=greedy",
        ])
        .ok();
    assert!(out.contains("turns: 6"), "{out}");
    let out = t
        .run(&[
            "play",
            "-p",
            "2",
            "--max-turns",
            "6",
            "-q",
            "--bot",
            "red=lookahead",
            "--bot",
            "blue=random",
            "--orders",
            "sidestep",
        ])
        .ok();
    assert!(out.contains("turns: 6"), "{out}");
    let out = t.run(&["orders", "magnet"]).ok();
    assert!(out.lines().any(|l| l.starts_with("magnet ")), "{out}");
}

#[test]
fn an_unknown_bot_lists_the_bots_and_says_a_path_works_too() {
    let t = Temp::new("unknown-bot");
    let run = t.run(&["play", "-p", "2", "--bot", "red=greedyy"]);
    assert_eq!(run.code(), Some(2));
    let err = run.err();
    assert!(
        err.starts_with("tinbots: unknown bot `greedyy`, did you mean `greedy`? (looked in: ")
            && err.contains("bots: greedy, lookahead, random")
            && err.contains("a bot can also be given as the path to a .lua file"),
        "{err}"
    );
    let run = t.run(&["play", "-p", "2", "--variant", "mudd"]);
    assert_eq!(run.code(), Some(2));
    assert!(
        run.err()
            .starts_with("tinbots: unknown variant `mudd`, did you mean `mud`? (looked in: "),
        "{}",
        run.err()
    );
    // A path that is not there: named once.
    let run = t.run(&["play", "-p", "2", "--bot", "red=mine.lua"]);
    assert_eq!(run.code(), Some(2));
    let err = run.err();
    assert_eq!(err.matches("mine.lua").count(), 1, "{err}");
    assert!(err.contains("cannot read the script"), "{err}");
    let run = t.run(&["play", "--variant-path", "no/such/folder"]);
    assert_eq!(run.code(), Some(2));
    assert!(run
        .err()
        .contains("--variant-path no/such/folder: no such folder"));
}

#[test]
fn an_official_path_typed_outside_the_repository_is_the_built_in_copy() {
    let t = Temp::new("official-path");
    let run = t.run(&[
        "play",
        "-p",
        "2",
        "--max-turns",
        "4",
        "-q",
        "--bot",
        "red=scripts/twin-tin-bots/bots/greedy.lua",
    ]);
    assert_eq!(run.code(), Some(0), "{}", run.err());
    assert_eq!(
        run.err(),
        "tinbots: note: scripts/twin-tin-bots/bots/greedy.lua does not exist here: using the built-in copy, \
         <built-in>/scripts/twin-tin-bots/bots/greedy.lua\n"
    );
}

#[test]
fn a_path_of_before_each_game_had_its_folder_names_the_new_one() {
    let t = Temp::new("former-path");
    let run = t.run(&[
        "play",
        "-p",
        "2",
        "--max-turns",
        "4",
        "-q",
        "--bot",
        "red=scripts/bots/greedy.lua",
        "--orders",
        "scripts/orders/magnet.lua",
    ]);
    assert_eq!(run.code(), Some(0), "{}", run.err());
    assert_eq!(
        run.err(),
        "tinbots: note: scripts/orders/magnet.lua has moved to scripts/twin-tin-bots/orders/magnet.lua: \
         using the built-in copy, <built-in>/scripts/twin-tin-bots/orders/magnet.lua\n\
         tinbots: note: scripts/bots/greedy.lua has moved to scripts/twin-tin-bots/bots/greedy.lua: \
         using the built-in copy, <built-in>/scripts/twin-tin-bots/bots/greedy.lua\n"
    );
}

#[test]
fn a_tournament_of_built_in_bots_runs_anywhere() {
    let t = Temp::new("tournament");
    let out = t
        .run(&[
            "tournament",
            "--bot",
            "greedy",
            "--bot",
            "random",
            "--games",
            "2",
            "--max-turns",
            "8",
        ])
        .ok();
    assert!(out.contains("greedy vs random"), "{out}");
}

#[test]
fn variants_and_bots_list_what_can_be_named_and_where_it_comes_from() {
    let t = Temp::new("lists");
    let out = t.run(&["variants"]).ok();
    assert_eq!(out.lines().count(), 12, "{out}");
    let mud = out.lines().find(|l| l.starts_with("mud ")).unwrap();
    assert!(mud.contains("built-in") && mud.contains("Mud: "), "{mud}");
    let out = t.run(&["bots"]).ok();
    let names: Vec<&str> = out.lines().map(|l| l.split(' ').next().unwrap()).collect();
    assert_eq!(names, ["greedy", "lookahead", "random", "mcts"], "{out}");
    assert!(out.lines().all(|l| l.contains("built-in")), "{out}");

    // The user's own, and what they hide.
    t.write(
        "data/tinbots/twin-tin-bots/bots/mine.lua",
        "-- Mine: always the first answer.\nreturn { choose = function() return 1 end }\n",
    );
    t.write(
        "data/tinbots/twin-tin-bots/variants/bog/variant.toml",
        "name = \"bog\"\ndescription = \"A bog.\"\nsource = \"house rule\"\n",
    );
    t.write(
        "data/tinbots/twin-tin-bots/variants/bog/variant.lua",
        "return {}\n",
    );
    let mud = t.write(
        "data/tinbots/twin-tin-bots/variants/mud/variant.toml",
        &std::fs::read_to_string(repo().join("variants/twin-tin-bots/mud/variant.toml")).unwrap(),
    );
    std::fs::write(mud.with_file_name("variant.lua"), "return {}\n").unwrap();
    let out = t.run(&["bots"]).ok();
    let mine = out.lines().find(|l| l.starts_with("mine ")).unwrap();
    assert!(
        mine.contains("user folder") && mine.contains("Mine: always the first answer."),
        "{mine}"
    );
    let out = t.run(&["variants"]).ok();
    let bog = out.lines().find(|l| l.starts_with("bog ")).unwrap();
    assert!(
        bog.contains("user folder") && bog.contains("A bog."),
        "{bog}"
    );
    let mud = out.lines().find(|l| l.starts_with("mud ")).unwrap();
    assert!(
        mud.contains("user folder") && mud.contains("(hides built-in)"),
        "{mud}"
    );
    // A user bot by name.
    let out = t
        .run(&[
            "play",
            "-p",
            "2",
            "--max-turns",
            "4",
            "-q",
            "--bot",
            "red=mine",
        ])
        .ok();
    assert!(out.contains("turns: 4"), "{out}");
}

/// A copy of the built-in `mud` whose reason for a lost step is `reason`.
fn mud_saying(t: &Temp, folder: &str, reason: &str) {
    let lua =
        std::fs::read_to_string(repo().join("variants/twin-tin-bots/mud/variant.lua")).unwrap();
    const SKID: &str = "it skids in the mud and loses the step";
    assert!(lua.contains(SKID));
    let toml =
        std::fs::read_to_string(repo().join("variants/twin-tin-bots/mud/variant.toml")).unwrap();
    t.write(&format!("{folder}/mud/variant.toml"), &toml);
    t.write(
        &format!("{folder}/mud/variant.lua"),
        &lua.replace(SKID, reason),
    );
}

/// The REPL in `work/` on the scenario 335 (mud), run through its first
/// steps: stdout, stderr.
fn mud_scenario(t: &Temp, scenario: &Path, extra: &[&str]) -> (String, String) {
    let mut args = extra.to_vec();
    args.extend(["repl", "--load", scenario.to_str().unwrap()]);
    let out = common::run_with_input(&mut t.command(&args), b"pass\nstep\nstep\n");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_user_variant_overrides_the_built_in_one_with_a_note_once() {
    let t = Temp::new("override");
    let scenario = repo()
        .join("scripts/twin-tin-bots/scenarios/335_mud_example_1_forward_2_then_forward_1.toml");
    // The repository's own variants/ beside its scenarios is a copy of
    // the built-in one: no note.
    let (out, err) = mud_scenario(&t, &scenario, &[]);
    assert!(out.contains("it skids in the mud"), "{out}");
    assert_eq!(err, "");

    mud_saying(
        &t,
        "data/tinbots/twin-tin-bots/variants",
        "it sinks in the user's mud",
    );
    let run = t.run(&[
        "play",
        "-p",
        "2",
        "--max-turns",
        "2",
        "-q",
        "--variant",
        "mud",
        "--variant",
        "rocks",
    ]);
    assert_eq!(run.code(), Some(0), "{}", run.err());
    let user_mud = t.data().join("tinbots/twin-tin-bots/variants/mud");
    assert_eq!(
        run.err(),
        format!(
            "tinbots: note: variant `mud` is in 2 places: using {} (user folder {}), not <built-in>/variants/twin-tin-bots/mud (built-in)\n",
            user_mud.display(),
            t.data().join("tinbots/twin-tin-bots/variants").display()
        )
    );
    // A scenario beside the repository's variants/ finds those first.
    let (out, err) = mud_scenario(&t, &scenario, &[]);
    assert!(out.contains("it skids in the mud"), "{out}");
    assert!(
        err.contains("using ") && err.contains("next to the scenario"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "once per name: {err}");
    // A scenario elsewhere gets the user's.
    let copy = t.0.join("elsewhere/335.toml");
    std::fs::create_dir_all(copy.parent().unwrap()).unwrap();
    std::fs::copy(&scenario, &copy).unwrap();
    let (out, _) = mud_scenario(&t, &copy, &[]);
    assert!(out.contains("it sinks in the user's mud"), "{out}");
    let check = t.run(&["check", copy.to_str().unwrap()]);
    assert_eq!(
        check.code(),
        Some(1),
        "the expectation names the built-in reason"
    );
}

#[test]
fn variant_path_comes_first() {
    let t = Temp::new("variant-path");
    mud_saying(
        &t,
        "data/tinbots/twin-tin-bots/variants",
        "it sinks in the user's mud",
    );
    mud_saying(&t, "mine", "it sticks in my mud");
    let scenario = repo()
        .join("scripts/twin-tin-bots/scenarios/335_mud_example_1_forward_2_then_forward_1.toml");
    let mine = t.0.join("mine");
    let (out, err) = mud_scenario(&t, &scenario, &["--variant-path", mine.to_str().unwrap()]);
    assert!(out.contains("it sticks in my mud"), "{out}");
    assert!(err.contains("(--variant-path "), "{err}");
    // On every command that takes --variant, before or after it.
    let out = t.run(&[
        "play",
        "-p",
        "2",
        "--max-turns",
        "2",
        "-q",
        "--variant",
        "mud",
        "--variant-path",
        mine.to_str().unwrap(),
    ]);
    assert_eq!(out.code(), Some(0), "{}", out.err());
    let out = t
        .run(&["--variant-path", mine.to_str().unwrap(), "variants"])
        .out();
    let mud = out.lines().find(|l| l.starts_with("mud ")).unwrap();
    assert!(
        mud.contains("--variant-path") && mud.contains("hides user folder, built-in"),
        "{mud}"
    );
}

#[test]
fn a_replay_saved_in_one_folder_replays_from_another() {
    let t = Temp::new("replay");
    let own = t.write(
        "work/mine/orders.lua",
        "return { { name = 'hop', steps = { orders.jump(1) } } }\n",
    );
    let save = t.0.join("work/game.json");
    let played = t.run(&[
        "play",
        "-p",
        "2",
        "-s",
        "3",
        "--max-turns",
        "30",
        "-q",
        "--variant",
        "mud",
        "--orders",
        "scripts/twin-tin-bots/orders/sidestep.lua",
        "--orders",
        "magnet",
        "--orders",
        "mine/orders.lua",
        "--bot",
        "red=greedy",
        "--save",
        save.to_str().unwrap(),
    ]);
    assert_eq!(played.code(), Some(0), "{}", played.err());
    let json = std::fs::read_to_string(&save).unwrap();
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        value["start"]["orders"],
        serde_json::json!(["sidestep", "magnet", own.display().to_string()]),
        "official order files by name, others by absolute path"
    );
    assert_eq!(value["start"]["variants"], serde_json::json!(["mud"]));
    let replayed = Run(t
        .command_in("elsewhere", &["replay", save.to_str().unwrap()])
        .output()
        .unwrap());
    let summary = played.out();
    let summary = summary.split("replay saved").next().unwrap();
    assert_eq!(replayed.ok(), summary);

    // A replay saved in the repository (paths relative to it) too, even
    // one from before each game had its folder.
    let old = t.write(
        "work/old.json",
        &json.replace("\"sidestep\"", "\"scripts/orders/sidestep.lua\""),
    );
    let replayed = Run(t
        .command_in("elsewhere", &["replay", old.to_str().unwrap()])
        .output()
        .unwrap());
    assert_eq!(replayed.code(), Some(0), "{}", replayed.err());
    assert_eq!(replayed.out(), summary);
}

#[test]
fn the_repl_seats_a_built_in_bot_by_name() {
    let t = Temp::new("repl-bot");
    let out = common::run_with_input(
        &mut t.command(&["repl", "-p", "2"]),
        b"bot red greedy\nbot blue nobody\n",
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stdout.contains("red is played by greedy"), "{stdout}");
    assert!(
        stderr.contains("unknown bot `nobody`")
            && stderr.contains("bots: greedy, lookahead, random"),
        "{stderr}"
    );
}

#[test]
fn listings_escape_what_a_user_file_says() {
    let t = Temp::new("escapes");
    t.write(
        "data/tinbots/twin-tin-bots/variants/loud/variant.toml",
        "name = \"loud\"\ndescription = \"Clears \\u001b[2J the screen\\nand a second line \\u202e backwards\"\nsource = \"house rule\"\n",
    );
    t.write(
        "data/tinbots/twin-tin-bots/variants/loud/variant.lua",
        "return {}\n",
    );
    t.write(
        "data/tinbots/twin-tin-bots/bots/shouty.lua",
        "-- Shouty: \u{1b}[31mred\u{1b}[0m\nreturn { choose = function() return 1 end }\n",
    );
    for listing in [t.run(&["variants"]).ok(), t.run(&["bots"]).ok()] {
        assert!(
            !listing.contains('\u{1b}') && !listing.contains('\u{202e}'),
            "{listing:?}"
        );
    }
    let variants = t.run(&["variants"]).ok();
    let loud = variants.lines().find(|l| l.starts_with("loud ")).unwrap();
    assert!(
        loud.contains("Clears \\e[2J the screen\\nand a second line \\u{202e} backwards"),
        "{loud}"
    );
    let bots = t.run(&["bots"]).ok();
    assert!(bots.contains("\\e[31mred\\e[0m"), "{bots}");
}
