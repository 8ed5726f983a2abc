//! The command line runs in process (`tinbots::cli::run`), on the games it
//! is given, writing to the console it is given: what it prints is what
//! the binary prints, byte for byte, and a list of games of a test's own
//! is played, listed and helped as the built-in list is.

use crate::common;

use common::{run_with_input, tinbots};

use std::process::{Command, ExitCode, Output};
use tinbots::games::{registry, ALL};
use tinbots::registry::{GameType, Games};

/// What an in-process run printed, and how it ended.
struct Ran {
    /// What went to the console's output.
    out: Vec<u8>,
    /// The exit status, or the error the binary would print.
    result: anyhow::Result<ExitCode>,
}

impl Ran {
    /// The output as text.
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.out).into_owned()
    }

    /// Asserts the run ended with exit status 0.
    fn succeeded(&self, what: &str) {
        match &self.result {
            Ok(code) => assert_eq!(*code, ExitCode::SUCCESS, "{what}: {}", self.text()),
            Err(e) => panic!("{what}: {e:#}"),
        }
    }
}

/// Runs `tinbots ARGS` in process on `games`, with `input` as the REPL's
/// commands (not a terminal).
fn in_process(games: &Games, args: &[&str], input: &str) -> Ran {
    let (out, result) = common::in_process(games, args, input);
    Ran { out, result }
}

/// Runs the binary with `input` on stdin.
fn binary(args: &[&str], input: &str) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tinbots"));
    command.args(args).current_dir(env!("CARGO_MANIFEST_DIR"));
    run_with_input(&mut command, input.as_bytes())
}

/// Asserts that `args` print the same in process (on the built-in games)
/// as the binary, and both succeed.
fn same_as_the_binary(args: &[&str], input: &str) {
    let what = format!("tinbots {}", args.join(" "));
    let ran = in_process(&registry(), args, input);
    ran.succeeded(&what);
    let bin = binary(args, input);
    assert!(
        bin.status.success(),
        "{what}: {}",
        String::from_utf8_lossy(&bin.stderr)
    );
    assert!(!ran.out.is_empty(), "{what} prints something");
    assert_eq!(
        ran.text(),
        String::from_utf8_lossy(&bin.stdout),
        "{what}: in process and the binary"
    );
    assert_eq!(ran.out, bin.stdout, "{what}: byte for byte");
}

#[test]
fn games_prints_what_the_binary_prints() {
    same_as_the_binary(&["games"], "");
}

#[test]
fn every_game_plays_as_the_binary_plays_it() {
    for game in ALL {
        same_as_the_binary(&["play", "--game", game.name, "--seed", "7", "--quiet"], "");
    }
}

#[test]
fn a_repl_script_is_read_from_the_console_s_input() {
    let script = "show\nlegal\nauto 3\nshow --all\nhistory\nundo\nwhere\nquit\n";
    for game in ALL {
        same_as_the_binary(&["repl", "--game", game.name, "--seed", "7"], script);
    }
    let echoed = in_process(&registry(), &["repl", "--echo"], "legal\n");
    echoed.succeeded("repl --echo");
    assert!(echoed.text().starts_with("> legal\n"), "{}", echoed.text());
}

#[test]
fn help_and_version_are_written_to_the_console_and_exit_0() {
    for args in [
        &["--help"][..],
        &["-h"],
        &["--version"],
        &["play", "--help"],
        &["help", "tournament"],
    ] {
        same_as_the_binary(args, "");
    }
}

#[test]
fn a_usage_error_is_clap_s_error_for_the_binary_to_print() {
    let ran = in_process(&registry(), &["play", "--max-turns", "0"], "");
    let e = ran.result.expect_err("--max-turns 0 is refused");
    let usage = e.downcast_ref::<clap::Error>().expect("a usage error");
    assert!(ran.out.is_empty(), "nothing printed to the console");
    let bin = binary(&["play", "--max-turns", "0"], "");
    assert_eq!(bin.status.code(), Some(2));
    assert_eq!(
        usage.render().to_string(),
        String::from_utf8_lossy(&bin.stderr)
    );
}

/// The games' names as `--game`'s help lists them: `a` (the default),
/// `b` or `c`.
fn one_of(games: &Games) -> String {
    let names: Vec<String> = games
        .all()
        .iter()
        .map(|g| {
            let default = g.name == games.default_game().name;
            format!(
                "`{}`{}",
                g.name,
                if default { " (the default)" } else { "" }
            )
        })
        .collect();
    match names.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, others)) => format!("{} or {last}", others.join(", ")),
        None => String::new(),
    }
}

/// The built-in game after `game`, the first after the last.
fn next_of(game: &GameType) -> &'static GameType {
    let i = ALL
        .iter()
        .position(|g| g.name == game.name)
        .expect("built in");
    ALL[(i + 1) % ALL.len()]
}

#[test]
fn the_games_given_are_those_listed_helped_and_played() {
    // The built-in games in the other order, the last one the default.
    let mut reversed: Vec<&'static GameType> = ALL.to_vec();
    reversed.reverse();
    let default = reversed[0];
    let games = Games::new(&reversed, default.name).expect("each game once");

    let listed = in_process(&games, &["games"], "");
    listed.succeeded("games");
    assert_eq!(listed.text(), games.listing());
    assert!(
        listed
            .text()
            .lines()
            .next()
            .is_some_and(|l| l.starts_with(default.name) && l.ends_with("(the default)")),
        "{}",
        listed.text()
    );

    let help = in_process(&games, &["--help"], "");
    help.succeeded("--help");
    let expected = format!("The game: {} (`tinbots games` lists them)", one_of(&games));
    let flat = help.text().split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains(&expected), "{expected}\n{flat}");

    // No --game: the default of the games given.
    let played = in_process(&games, &["play", "--seed", "7", "--quiet"], "");
    played.succeeded("play");
    let bin = tinbots(&["play", "--game", default.name, "--seed", "7", "--quiet"]);
    assert_eq!(played.out, bin.stdout);
}

#[test]
fn a_game_not_given_is_not_known() {
    let only = ALL[0];
    let other = next_of(only);
    let games = Games::only(only);
    let help = in_process(&games, &["--help"], "");
    help.succeeded("--help");
    let flat = help.text().split_whitespace().collect::<Vec<_>>().join(" ");
    let expected = format!(
        "The game: `{}` (the default) (`tinbots games` lists them)",
        only.name
    );
    assert!(flat.contains(&expected), "{expected}\n{flat}");
    let refused = in_process(&games, &["play", "--game", other.name], "");
    let e = refused.result.expect_err("a game not given");
    let said = e.to_string();
    assert!(
        said.starts_with(&format!("there is no game `{}`", other.name))
            && said.ends_with(&format!("the games are {}", only.name)),
        "{said}"
    );
    let listed = in_process(&games, &["games"], "");
    assert_eq!(listed.text().lines().count(), 1 + only.options.len());
}

#[test]
fn each_game_refuses_a_player_count_outside_its_own_range() {
    let mut refused = 0;
    for game in ALL {
        let (lo, hi) = game.players;
        for n in [lo.checked_sub(1), Some(hi + 1)].into_iter().flatten() {
            if !(1..=8).contains(&n) {
                continue; // refused by clap, as for every game
            }
            let n = n.to_string();
            let ran = in_process(&registry(), &["play", "--game", game.name, "-p", &n], "");
            let e = ran.result.expect_err("outside the game's range");
            assert_eq!(
                e.to_string(),
                format!(
                    "a game of {} is for {lo} to {hi} players, not {n}",
                    game.title
                )
            );
            refused += 1;
        }
    }
    assert!(refused > 0, "some game takes fewer than 8 or more than 1");
}

/// `render -o` writes what it says: `-o -` is stdout, and a name whose
/// extension is not `.svg` is refused before anything is drawn or written.
#[test]
fn render_writes_svg_to_stdout_or_to_an_svg_file_only() {
    let scenario = "scripts/twin-tin-bots/scenarios/030_forward_into_empty_hex.toml";
    let ran = in_process(&registry(), &["render", scenario, "-o", "-"], "");
    ran.succeeded("render -o -");
    let text = ran.text();
    assert!(
        text.starts_with("<svg") || text.starts_with("<?xml"),
        "{text}"
    );
    assert!(!std::path::Path::new("-").exists(), "no file named `-`");
    let dir = std::env::temp_dir().join(format!("tinbots-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let png = dir.join("x.png");
    let ran = in_process(
        &registry(),
        &["render", scenario, "-o", png.to_str().unwrap()],
        "",
    );
    let e = format!("{:#}", ran.result.unwrap_err());
    assert!(e.contains("render draws SVG, not .png"), "{e}");
    assert!(!png.exists(), "nothing written under a .png name");
    let svg = dir.join("x.SVG");
    in_process(
        &registry(),
        &["render", scenario, "-o", svg.to_str().unwrap()],
        "",
    )
    .succeeded("render -o x.SVG");
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A game named in another case is suggested ("did you mean `droids`").
#[test]
fn a_game_named_in_another_case_gets_a_hint() {
    let ran = in_process(&registry(), &["--game", "Droids", "play", "-p", "2"], "");
    let e = format!("{:#}", ran.result.unwrap_err());
    assert!(
        e.contains("there is no game `Droids`, did you mean `droids`?"),
        "{e}"
    );
}

/// One player reads "1 player", in listings and in refusals alike.
#[test]
fn one_player_is_said_in_the_singular() {
    let ran = in_process(&registry(), &["missions"], "");
    ran.succeeded("missions");
    assert!(ran.text().contains(" 1 player "), "{}", ran.text());
    assert!(!ran.text().contains("1-1") && !ran.text().contains("1 players"));
}
