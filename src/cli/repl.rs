//! `tinbots repl` (and `tinbots` alone): the REPL on a new game or a
//! loaded one, line-edited on a terminal, else reading its commands from
//! the console's input.

use anyhow::Result;
use std::io;
use std::path::PathBuf;
use std::process::ExitCode;

use super::flags::{check_players, player_count, seed_value};
use super::{Console, Given};
use crate::engine::GameOptions;
use crate::repl::session::Session;
use crate::repl::{colour_on_stdout, run_interactive, run_script, ScriptRunError};

/// The REPL (also `tinbots` alone): set up or load a position, make
/// program changes, step through the turn one order at a time, undo,
/// save. Reads commands line by line when stdin is not a terminal.
#[derive(clap::Args, Debug)]
pub(super) struct Args {
    #[command(flatten)]
    flags: SessionFlags,
    /// When reading commands from stdin, write each one before its output.
    #[arg(long)]
    echo: bool,
    /// Read the commands from FILE, as from stdin when it is not a
    /// terminal (a dispute written down as commands; a path not on disk
    /// that names a file built into tinbots, such as
    /// `docs/disputes/faq-q1.txt`, reads the built-in copy).
    #[arg(long, value_name = "FILE")]
    commands: Option<PathBuf>,
}

/// What a session starts on: a new game's players, seed and variants, or
/// a file to load. The REPL's flags, and `serve`'s.
#[derive(clap::Args, Clone, Debug)]
pub(super) struct SessionFlags {
    // Number of players: its help names the games' counts
    // ([`super::players_help`]).
    #[arg(long, short = 'p', value_parser = player_count, allow_negative_numbers = true)]
    players: Option<usize>,
    /// Seed for the deal and the bots.
    #[arg(long, short = 's', default_value_t = 1, value_parser = seed_value, allow_negative_numbers = true)]
    pub(super) seed: u64,
    /// Open a saved game (`.json`, of any game: its own game wins) or a
    /// scenario's position (`.toml`).
    #[arg(long)]
    pub(super) load: Option<PathBuf>,
    /// A variant to play (`tinbots variants` lists them), repeatable;
    /// for a standard game (a scenario names its own).
    #[arg(long = "variant", value_name = "NAME", conflicts_with = "load")]
    variants: Vec<String>,
}

impl Args {
    /// `tinbots` alone: `tinbots repl` with no flag.
    pub(super) fn alone() -> Args {
        Args {
            flags: SessionFlags {
                players: None,
                seed: 1,
                load: None,
                variants: Vec::new(),
            },
            echo: false,
            commands: None,
        }
    }
}

/// The REPL on a terminal ([`Console::interactive`]), or the commands of
/// `--commands FILE`, or of the console's input when it is not a terminal: on `--load` (a replay names
/// its own game: a `--game` that disagrees is refused), or on a new game
/// of the game asked for, started with the options given.
pub(super) fn run(args: Args, given: Given, console: &mut Console) -> Result<ExitCode> {
    let mut session = session(&args.flags, &given)?;
    let file_commands = match &args.commands {
        Some(path) => Some(crate::files::read_text(
            path,
            crate::files::FileKind::Scenario,
        )?),
        None => None,
    };
    if !console.interactive || file_commands.is_some() {
        let input: &mut dyn io::BufRead = match &file_commands {
            Some(text) => &mut text.as_bytes(),
            None => &mut *console.input,
        };
        return Ok(
            match run_script(&mut session, input, console.out, args.echo) {
                Ok(()) => ExitCode::SUCCESS,
                // A reader that stopped reading (`| head`) is not an error.
                Err(ScriptRunError::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => {
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    console.out.flush()?;
                    let from = args.commands.as_ref().map_or_else(String::new, |path| {
                        format!("{}: ", crate::escape::terminal(&path.display().to_string()))
                    });
                    eprintln!("tinbots: {from}{e}");
                    ExitCode::from(2)
                }
            },
        );
    }
    session.set_colour(colour_on_stdout());
    let opened = match &args.flags.load {
        Some(path) => format!("{}", path.display()),
        None => format!(
            "{} for {} players, seed {}",
            session.game_type().title,
            session.game().seats(),
            args.flags.seed
        ),
    };
    run_interactive(
        &mut session,
        &format!(
            "tinbots REPL on {opened}. `help` lists the commands, Tab completes, `quit` leaves."
        ),
    )?;
    Ok(ExitCode::SUCCESS)
}

/// The session `flags` ask for: the file `--load` opens, else a new
/// game of the game `given` names, with its options.
pub(super) fn session(flags: &SessionFlags, given: &Given) -> Result<Session> {
    let options = GameOptions {
        players: flags.players,
        seed: flags.seed,
        variants: flags.variants.clone(),
        own: given.own.clone(),
        rulings: given.rulings.clone(),
    };
    match &flags.load {
        Some(path) => {
            let session = Session::open_under(given.games, path, options.seed, &options.rulings)
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            let own = session.game_type();
            if let Some(asked) = given.asked_game()? {
                if asked.name != own.name {
                    anyhow::bail!(
                        "--game {} disagrees with --load {}, a game of {}",
                        asked.name,
                        path.display(),
                        own.name
                    );
                }
            }
            Ok(session)
        }
        None => {
            let game_type = given.game()?;
            check_players(game_type, options.players)?;
            let started = game_type
                .start(&options)
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            Session::started(given.games, game_type, started, options.seed)
                .map_err(|e| anyhow::anyhow!("{e}"))
        }
    }
}
