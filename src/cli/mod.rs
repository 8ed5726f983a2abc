//! The command line of `tinbots`: the flags every command shares, the
//! parse, and a short dispatch to one module per command.
//!
//! This is the binary's edge, kept in the library so that it runs in
//! process: [`run`] is given the list of games ([`Games`]), the
//! arguments, and a [`Console`] to write its output to and read the
//! REPL's commands from, so that a test runs any command on games of its
//! own and reads what it printed. Like a binary, and unlike the rest of
//! the library, it returns its errors as [`anyhow::Error`], for the
//! binary to print; a usage error is a [`clap::Error`] in it
//! (`clap::Error::exit` prints it as clap does, exit status 2).
//!
//! No code here names a game or what only some games have: the games are
//! given, `--game`'s help names them, each game's own options
//! ([`GameType::options`]) become flags of the commands that start a
//! game, and each kind of thing a game lists ([`GameType::catalogues`])
//! a command of its own. (The help of a few shared flags, written as doc
//! comments, still gives the built-in games' figures as examples.)

mod balance;
mod catalogue;
mod check;
mod dispute;
mod flags;
mod interrupt;
mod listings;
mod play;
mod render;
mod repl;
mod replay;
mod serve;
mod tournament;

use anyhow::Result;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::collections::{BTreeMap, BTreeSet};
use std::ffi::OsString;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use crate::engine::{GameOption, GameOptions};
use crate::registry::{GameType, Games};
use crate::tournament::Tournament;

/// Where a run of the command line writes and reads: the binary's stdout
/// and stdin, or a test's buffers.
///
/// Everything the commands print to stdout goes to `out`, the help and
/// the version included; what goes to stderr (errors of a REPL script,
/// progress bars, a tournament's report when its rows go to stdout)
/// stays on stderr. The interactive REPL is the exception: line-edited,
/// it reads and writes the terminal itself.
pub struct Console<'a> {
    /// Where the commands' output goes.
    pub out: &'a mut dyn Write,
    /// Where what is said beside the output goes (stderr): `check`'s
    /// refusals of single files, while its results go to `out`.
    pub err: &'a mut dyn Write,
    /// The REPL's commands, line by line, when not [`Console::interactive`].
    pub input: &'a mut dyn BufRead,
    /// Whether stdin is a terminal: the REPL is then line-edited on the
    /// terminal rather than reading `input`.
    pub interactive: bool,
    /// Whether `out` is a terminal: `play` then draws no progress bar
    /// (it would break the transcript's lines), and the help is styled as
    /// clap styles it.
    pub out_is_terminal: bool,
}

/// The flags every command shares, and the command.
#[derive(Parser, Debug)]
#[command(name = "tinbots", version, about, long_about = None)]
struct Cli {
    // The game; its help names the games given ([`game_help`]).
    #[arg(long, value_name = "GAME", global = true)]
    game: Option<String>,
    /// A folder of variants (`DIR/<NAME>/variant.toml`) of the game
    /// played, searched before the user data folder and the built-in ones.
    /// Repeatable.
    #[arg(long = "variant-path", value_name = "DIR", global = true)]
    variant_paths: Vec<PathBuf>,
    /// A folder of bots (`DIR/<NAME>.lua`) of the game played, searched
    /// before the user data folder and the built-in ones. Repeatable.
    #[arg(long = "bot-path", value_name = "DIR", global = true)]
    bot_paths: Vec<PathBuf>,
    /// Play a disputed rule under one of its readings, over the defaults
    /// and what a file or variant fixes (`tinbots rulings` lists each
    /// dispute's id and readings; docs/disputes.md). Repeatable.
    #[arg(long = "ruling", value_name = "ID=READING", global = true)]
    rulings: Vec<String>,
    #[command(subcommand)]
    command: Option<Command>,
}

/// The commands declared here; the catalogue commands are made from the
/// games ([`catalogue::commands`]).
#[derive(Subcommand, Debug)]
enum Command {
    Repl(repl::Args),
    Serve(serve::Args),
    Play(play::Args),
    Tournament(tournament::Args),
    Balance(balance::Args),
    Check(check::Args),
    Dispute(dispute::Args),
    /// List the games tinbots plays.
    Games,
    /// List the disputed readings of the game asked for (`--game`), or of
    /// every game: each rule whose text admits several readings, its
    /// rulebook sections and lines and its readings, the default first.
    Rulings,
    /// List the variants of the game (`--game`) that can be named:
    /// built-in, in the user data folder, in `--variant-path` folders.
    Variants,
    /// List the bots of the game (`--game`) that can be named: built-in,
    /// in the user data folder, in `--bot-path` folders.
    Bots,
    Replay(replay::Args),
    Render(render::Args),
}

/// The commands that start a game, and so take every game's own options
/// ([`GameType::options`]) as flags, with the flag each option conflicts
/// with.
const STARTING_A_GAME: [(&str, Option<&'static str>); 5] = [
    ("repl", Some("load")),
    ("serve", Some("load")),
    ("play", None),
    ("tournament", None),
    ("balance", None),
];

/// What the command line asks.
enum Parsed {
    /// A declared command, with the game's own options given.
    Command(Cli, BTreeMap<String, Vec<String>>),
    /// A catalogue's listing (`tinbots <catalogue> FILES`).
    Catalogue {
        /// The catalogue's command.
        name: &'static str,
        /// `--game`, when given.
        game: Option<String>,
        /// The files given.
        files: Vec<PathBuf>,
        /// The `--variant-path` and `--bot-path` folders given.
        library: (Vec<PathBuf>, Vec<PathBuf>),
    },
}

/// What a command is given besides its own flags.
struct Given<'a> {
    /// The games there are.
    games: &'a Games,
    /// `--game`, when given.
    game: Option<String>,
    /// The game's own options given as flags, by name, with their values
    /// in order.
    own: BTreeMap<String, Vec<String>>,
    /// The readings chosen (`--ruling ID=READING`), as given, in order.
    rulings: Vec<String>,
}

impl Given<'_> {
    /// The game `--game` names, or the default one.
    fn game(&self) -> Result<&'static GameType> {
        match self.asked_game()? {
            Some(game) => Ok(game),
            None => Ok(self.games.default_game()),
        }
    }

    /// The tournament of the game `--game` names (or the default one) that
    /// `schedule` describes, played with `variants` and the game's own
    /// options given; the player count is checked against the game's.
    fn tournament(&self, variants: Vec<String>, schedule: flags::Schedule) -> Result<Tournament> {
        let game = self.game()?;
        flags::check_players(game, Some(schedule.players))?;
        Ok(Tournament {
            game,
            options: GameOptions {
                variants,
                own: self.own.clone(),
                rulings: self.rulings.clone(),
                ..GameOptions::default()
            },
            players: schedule.players,
            games: schedule.games,
            seed: schedule.seed,
            max_turns: schedule.max_turns,
            threads: flags::worker_threads(schedule.threads),
        })
    }

    /// The game `--game` names, if it is given.
    fn asked_game(&self) -> Result<Option<&'static GameType>> {
        self.game
            .as_deref()
            .map(|name| self.games.find(name))
            .transpose()
            .map_err(anyhow::Error::msg)
    }
}

/// Runs the command line `args` (the program's name first) on `games`,
/// writing to and reading from `console`; the exit status is the
/// command's. `--help` and `--version` are written to the console (exit
/// status 0); a usage error comes back as a [`clap::Error`].
pub fn run<I, T>(games: &Games, args: I, console: &mut Console) -> Result<ExitCode>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let parsed = match parse(games, args) {
        Ok(parsed) => parsed,
        // The help and the version are answers, not errors.
        Err(e) if !e.use_stderr() => {
            let text = e.render();
            if help_is_styled(console.out_is_terminal) {
                write!(console.out, "{}", text.ansi())?;
            } else {
                write!(console.out, "{text}")?;
            }
            return Ok(ExitCode::SUCCESS);
        }
        Err(e) => return Err(e.into()),
    };
    let (cli, own) = match parsed {
        Parsed::Command(cli, own) => (cli, own),
        Parsed::Catalogue {
            name,
            game,
            files,
            library: (variant_paths, bot_paths),
        } => {
            flags::library(&variant_paths, &bot_paths)?.make_current();
            return catalogue::list(games, name, game.as_deref(), &files, console.out);
        }
    };
    flags::library(&cli.variant_paths, &cli.bot_paths)?.make_current();
    let given = Given {
        games,
        game: cli.game,
        own,
        rulings: cli.rulings,
    };
    match cli.command {
        None => repl::run(repl::Args::alone(), given, console),
        Some(Command::Repl(args)) => repl::run(args, given, console),
        Some(Command::Serve(args)) => serve::run(args, given, console.out),
        Some(Command::Play(args)) => play::run(args, given, console),
        Some(Command::Tournament(args)) => tournament::run(args, given, console.out),
        Some(Command::Balance(args)) => balance::run(args, given, console.out),
        Some(Command::Check(args)) => check::run(args, given, console.out, console.err),
        Some(Command::Dispute(args)) => dispute::run(args, given, console.out),
        Some(Command::Games) => listings::games(&given, console.out),
        Some(Command::Rulings) => listings::rulings(&given, console.out),
        Some(Command::Variants) => listings::variants(&given, console.out),
        Some(Command::Bots) => listings::bots(&given, console.out),
        Some(Command::Replay(args)) => replay::run(args, given, console.out),
        Some(Command::Render(args)) => render::run(args, given, console.out),
    }
}

/// Parses the command line: the declared flags, `--game` helped with the
/// names of the games, the games' own options offered as flags on every
/// command that starts a game (each game refuses those it does not take
/// when it starts: [`GameType::start`]), and a command per catalogue.
fn parse<I, T>(games: &Games, args: I) -> Result<Parsed, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let mut command = Cli::command().mut_arg("game", |arg| arg.help(game_help(games)));
    for (name, conflicts_with) in STARTING_A_GAME {
        command = command.mut_subcommand(name, |c| with_game_flags(games, c, conflicts_with));
    }
    for name in ["repl", "play"] {
        command = command.mut_subcommand(name, |c| {
            c.mut_arg("players", |arg| arg.help(players_help(games)))
        });
    }
    command = command.mut_subcommand("play", |c| {
        c.mut_arg("bots", |arg| arg.help(play_bots_help(games)))
    });
    command = command.subcommands(catalogue::commands(games));
    let matches = command.try_get_matches_from(args)?;
    if let Some((name, sub)) = matches.subcommand() {
        if let Some(catalogue) = catalogue::named(games, name) {
            let paths = |id: &str| -> Vec<PathBuf> {
                matches
                    .get_many::<PathBuf>(id)
                    .map(|p| p.cloned().collect())
                    .unwrap_or_default()
            };
            return Ok(Parsed::Catalogue {
                name: catalogue.name,
                game: matches.get_one::<String>("game").cloned(),
                files: catalogue::files(sub),
                library: (paths("variant_paths"), paths("bot_paths")),
            });
        }
    }
    let cli = Cli::from_arg_matches(&matches)?;
    let mut own = BTreeMap::new();
    if let Some((name, sub)) = matches.subcommand() {
        if STARTING_A_GAME.iter().any(|(n, _)| *n == name) {
            for option in game_options(games) {
                if let Some(values) = sub.get_many::<String>(option.name) {
                    own.insert(option.name.to_string(), values.cloned().collect());
                }
            }
        }
    }
    Ok(Parsed::Command(cli, own))
}

/// `--game`'s help: the games' names, the default marked.
fn game_help(games: &Games) -> String {
    let default = games.default_game().name;
    let names: Vec<String> = games
        .all()
        .iter()
        .map(|g| match g.name == default {
            true => format!("`{}` (the default)", g.name),
            false => format!("`{}`", g.name),
        })
        .collect();
    let listed = match names.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, others)) => format!("{} or {last}", others.join(", ")),
        None => String::new(),
    };
    format!(
        "The game: {listed} (`tinbots games` lists them). A scenario or replay file names its \
         own game, which a disagreeing --game cannot change"
    )
}

/// `-p`'s help: each game's player counts, from the games given.
fn players_help(games: &Games) -> String {
    let counts: Vec<String> = games
        .all()
        .iter()
        .map(|g| {
            let (lo, hi) = g.players;
            format!("{} {lo} to {hi}, default {}", g.name, g.default_players)
        })
        .collect();
    format!(
        "Number of players ({}; a game's own option may fix it, as its help says)",
        counts.join("; ")
    )
}

/// `play --bot`'s help: who plays a colour no `--bot` names, each game's
/// own bot, from the games given.
fn play_bots_help(games: &Games) -> String {
    let own: Vec<String> = games
        .all()
        .iter()
        .map(|g| format!("{} `{}`", g.name, g.play_bot))
        .collect();
    format!(
        "Who plays a colour: `COLOUR=NAME` (`tinbots bots` lists them) or \
         `COLOUR=path/to/bot.lua`. Repeatable, once per colour; `all=BOT` plays every colour \
         not named; other colours play the game's own ({}). Where a variant gives a person \
         several colours (`teams` with an odd count, the summary's `seating:` line), the bot \
         plays all of that person's colours",
        own.join(", ")
    )
}

/// Every game's own options, each name once (the first game's help).
fn game_options(games: &Games) -> Vec<&'static GameOption> {
    let mut seen = BTreeSet::new();
    games
        .all()
        .iter()
        .flat_map(|g| g.options)
        .filter(|o| seen.insert(o.name))
        .collect()
}

/// `command` with a flag for every game's own option.
fn with_game_flags(
    games: &Games,
    mut command: clap::Command,
    conflicts_with: Option<&'static str>,
) -> clap::Command {
    for option in game_options(games) {
        let mut arg = clap::Arg::new(option.name)
            .long(option.name)
            .value_name(option.value_name)
            .help(option.help)
            .action(if option.repeatable {
                clap::ArgAction::Append
            } else {
                clap::ArgAction::Set
            });
        if let Some(other) = conflicts_with {
            arg = arg.conflicts_with(other);
        }
        command = command.arg(arg);
    }
    command
}

/// Whether the help is written styled (ANSI): clap's own choice when it
/// prints the help to stdout itself (`anstream`'s automatic choice), for
/// an output that is a terminal or not.
fn help_is_styled(out_is_terminal: bool) -> bool {
    let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty());
    let clicolor = std::env::var_os("CLICOLOR").map(|v| v != "0");
    let term_has_colour = std::env::var_os("TERM").is_some_and(|t| t != "dumb");
    if set("NO_COLOR") {
        false
    } else if set("CLICOLOR_FORCE") {
        true
    } else if clicolor == Some(false) {
        false
    } else {
        out_is_terminal
            && (term_has_colour || clicolor == Some(true) || std::env::var_os("CI").is_some())
    }
}
