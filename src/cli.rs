//! The command line: clap subcommands over the library, nothing else.

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use tinbots::assets::{bots_listing, order_file_references, variants_listing, Library};
use tinbots::bot::{seat_seed, Bot, BotSpec, RandomBot};
use tinbots::game::Game;
use tinbots::pieces::Colour;
use tinbots::play::{play_with_transcript, summary, DEFAULT_MAX_TURNS};
use tinbots::replay::{Replay, Start};
use tinbots::scenario::check_paths;
use tinbots::script::orders::load_order_book;
use tinbots::setup::Setup;
use tinbots::tournament::{report, Tournament};
use tinbots::variant::VariantSet;

/// tinbots: a rules sandbox for Twin Tin Bots.
#[derive(Parser, Debug)]
#[command(name = "tinbots", version, about, long_about = None)]
pub struct Cli {
    /// A folder of variants (`DIR/<NAME>/variant.toml`), searched before
    /// the user data folder and the built-in ones. Repeatable.
    #[arg(long = "variant-path", value_name = "DIR", global = true)]
    variant_paths: Vec<PathBuf>,
    /// A folder of bots (`DIR/<NAME>.lua`), searched before the user data
    /// folder and the built-in ones. Repeatable.
    #[arg(long = "bot-path", value_name = "DIR", global = true)]
    bot_paths: Vec<PathBuf>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// The REPL (also `tinbots` alone): set up or load a position, make
    /// program changes, step through the turn one order at a time, undo,
    /// save. Reads commands line by line when stdin is not a terminal.
    Repl {
        /// Number of players of the standard game, 2 to 6.
        #[arg(long, short = 'p', default_value_t = 4)]
        players: usize,
        /// Seed for the deal and the bots.
        #[arg(long, short = 's', default_value_t = 1)]
        seed: u64,
        /// Open a saved game (`.json`) or a scenario's position (`.toml`).
        #[arg(long)]
        load: Option<PathBuf>,
        /// When reading commands from stdin, write each one before its output.
        #[arg(long)]
        echo: bool,
        /// A variant to play (`tinbots variants` lists them), repeatable;
        /// for a standard game (a scenario names its own).
        #[arg(long = "variant", value_name = "NAME", conflicts_with = "load")]
        variants: Vec<String>,
        /// An order file (Lua), repeatable, for a standard game: its new
        /// tiles join the special deck; `reload` reads it again.
        #[arg(long, value_name = "FILE.lua", conflicts_with = "load")]
        orders: Vec<String>,
    },
    /// Play a whole game headless, with the built-in random bots or bots in Lua.
    Play {
        /// Number of players, 2 to 6.
        #[arg(long, short = 'p', default_value_t = 4)]
        players: usize,
        /// Seed for the special deck, the track and the bots.
        #[arg(long, short = 's', default_value_t = 1)]
        seed: u64,
        /// Stop after this many turns (one player's turn each) and score
        /// the game as if it had ended.
        #[arg(long, default_value_t = DEFAULT_MAX_TURNS)]
        max_turns: u32,
        /// Write the replay (JSON) to this file.
        #[arg(long)]
        save: Option<PathBuf>,
        /// Use this setup file instead of the standard one.
        #[arg(long)]
        setup: Option<PathBuf>,
        /// Print every event of every turn.
        #[arg(long, short = 'v')]
        verbose: bool,
        /// Print only the final summary.
        #[arg(long, short = 'q', conflicts_with = "verbose")]
        quiet: bool,
        /// An order file (Lua), by path or by name (the official `sidestep`,
        /// `magnet`, `overclock`, `official`): its new special tiles join
        /// the special deck and its redefinitions replace the built-in
        /// orders. Repeatable.
        #[arg(long = "orders", value_name = "FILE")]
        orders: Vec<PathBuf>,
        /// A variant to play (`tinbots variants` lists them), repeatable:
        /// `simplified`, `no-score-victory`, ...
        #[arg(long = "variant", value_name = "NAME")]
        variants: Vec<String>,
        /// Who plays a colour: `COLOUR=NAME` (`random`, `greedy`,
        /// `lookahead`: `tinbots bots` lists them) or `COLOUR=path/to/bot.lua`.
        /// Repeatable; other colours play the built-in random bot.
        #[arg(long = "bot", value_name = "COLOUR=BOT")]
        bots: Vec<String>,
    },
    /// Bot against bot: every pairing plays seeded games with the seats
    /// rotated, in parallel, and the win rates are printed.
    Tournament {
        /// A bot: a name (`tinbots bots` lists them) or the path to a Lua
        /// script. Two or more; every pair plays.
        #[arg(long = "bot", value_name = "BOT", required = true)]
        bots: Vec<String>,
        /// Players per game, 2 to 6 (seats alternate between the two bots).
        #[arg(long, short = 'p', default_value_t = 2)]
        players: usize,
        /// Games per pairing.
        #[arg(long, short = 'g', default_value_t = 200)]
        games: u32,
        /// Seed of the first deal.
        #[arg(long, short = 's', default_value_t = 1)]
        seed: u64,
        /// Stop a game after this many turns (scored as if it had ended).
        #[arg(long, default_value_t = DEFAULT_MAX_TURNS)]
        max_turns: u32,
        /// A variant to play (`tinbots variants` lists them), repeatable:
        /// `simplified`, `no-score-victory`, ...
        #[arg(long = "variant", value_name = "NAME")]
        variants: Vec<String>,
        /// Worker threads (default: one per core).
        #[arg(long, short = 'j')]
        threads: Option<usize>,
    },
    /// List the orders of a game: the official ones, with the order files
    /// given applied (their new tiles marked `new`).
    Orders {
        /// Order files (Lua), applied in order.
        files: Vec<PathBuf>,
    },
    /// Run rule-dispute scenario files and print PASS or FAIL for each.
    Check {
        /// Scenario files (TOML).
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// List the variants that can be named: built-in, in the user data
    /// folder, in `--variant-path` folders.
    Variants,
    /// List the bots that can be named: built-in, in the user data folder,
    /// in `--bot-path` folders.
    Bots,
    /// Replay a saved game and print its final summary.
    Replay {
        /// The replay file (JSON, from `play --save`).
        file: PathBuf,
        /// Print every event as it is replayed.
        #[arg(long, short = 'v')]
        verbose: bool,
    },
}

/// Runs the command line.
pub fn run() -> Result<ExitCode> {
    let cli = Cli::parse();
    library(&cli)?.make_current();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    match cli.command {
        None => repl(4, 1, None, false, &[], &[]),
        Some(Command::Repl {
            players,
            seed,
            load,
            echo,
            variants,
            orders,
        }) => repl(players, seed, load, echo, &variants, &orders),
        Some(Command::Play {
            players,
            seed,
            max_turns,
            save,
            setup,
            verbose,
            quiet,
            orders,
            variants,
            bots: bot_args,
        }) => {
            // Order files first: a setup file may name the tiles they add.
            let book = load_order_book(&orders)?;
            let variant_set = VariantSet::load(&variants).map_err(|e| anyhow::anyhow!("{e}"))?;
            let start = match setup {
                Some(path) => {
                    if variant_set.has_setup_hooks() {
                        anyhow::bail!(
                            "--setup cannot be combined with variants that set up the game themselves ({})",
                            variant_set.names().join(", ")
                        );
                    }
                    let mut setup = Setup::from_file(&path)?;
                    setup.add_special_tiles(book.added());
                    variant_set.apply_to_setup(&mut setup);
                    Start::Setup {
                        setup: Box::new(setup),
                        seed,
                    }
                }
                None if variant_set.is_empty() => {
                    let mut setup = Setup::standard(players)?;
                    setup.add_special_tiles(book.added());
                    Start::Setup {
                        setup: Box::new(setup),
                        seed,
                    }
                }
                None => Start::Position(Box::new(
                    variant_set
                        .standard_position(players, seed, book.added())
                        .map_err(|e| anyhow::anyhow!("{e}"))?,
                )),
            };
            let rules = variant_set
                .rules(book.clone())
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            let mut game = Game::with_rules(&start.position(), rules)?;
            let paths = order_file_references(&orders);
            let mut replay = Replay::with_variants(start, paths, book, variant_set);
            let mut bots = seat_bots(&game, seed, &bot_args)?;
            let mut transcript: Box<dyn Write> = if quiet {
                Box::new(io::sink())
            } else {
                Box::new(&mut out)
            };
            play_with_transcript(
                &mut game,
                &mut bots,
                max_turns,
                verbose,
                &mut transcript,
                |g, a| replay.record(g, a),
            )?;
            drop(transcript);
            replay.stopped_at_turn_limit = matches!(game.outcome(), Some(o) if o.reason == tinbots::game::EndReason::TurnLimit);
            write!(out, "{}", summary(&game))?;
            if let Some(path) = save {
                replay.save(&path)?;
                writeln!(out, "replay saved to {}", path.display())?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Tournament {
            bots,
            players,
            games,
            seed,
            max_turns,
            variants,
            threads,
        }) => {
            let tournament = Tournament {
                players,
                games,
                seed,
                max_turns,
                variants: VariantSet::load(&variants).map_err(|e| anyhow::anyhow!("{e}"))?,
                threads: threads
                    .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from)),
            };
            let specs: Vec<BotSpec> = bots.iter().map(|b| BotSpec::parse(b)).collect();
            let results = tournament
                .round_robin(&specs)
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            write!(out, "{}", report(&tournament, &results))?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Orders { files }) => {
            write!(out, "{}", load_order_book(&files)?.listing())?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Check { files }) => {
            let result = check_paths(&files, &mut out).context("writing the check report")?;
            Ok(if result.failed == 0 {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            })
        }
        Some(Command::Variants) => {
            write!(out, "{}", variants_listing(&Library::current()))?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Bots) => {
            write!(out, "{}", bots_listing(&Library::current()))?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Replay { file, verbose }) => {
            let replay = Replay::load(&file)?;
            let game = replay.game()?;
            if verbose {
                let mut step = replay.start_game()?;
                for text in &replay.answers {
                    let answer = step.parse_answer(text).map_err(anyhow::Error::msg)?;
                    step.apply(answer)?;
                    writeln!(out, "{text}")?;
                    for e in step.events() {
                        writeln!(out, "    {}", step.describe(e))?;
                    }
                }
            }
            write!(out, "{}", summary(&game))?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// The places variants and bots are looked up in: the standard ones after
/// the command line's `--variant-path` and `--bot-path` folders, which
/// must exist.
fn library(cli: &Cli) -> Result<Library> {
    for (flag, dirs) in [
        ("--variant-path", &cli.variant_paths),
        ("--bot-path", &cli.bot_paths),
    ] {
        if let Some(dir) = dirs.iter().find(|d| !d.is_dir()) {
            anyhow::bail!("{flag} {}: no such folder", dir.display());
        }
    }
    Ok(Library {
        variant_paths: cli.variant_paths.clone(),
        bot_paths: cli.bot_paths.clone(),
        ..Library::standard()
    })
}

/// The bot of every seat: the `--bot COLOUR=BOT` choices, else the built-in
/// random bot.
fn seat_bots(game: &Game, seed: u64, args: &[String]) -> Result<Vec<Box<dyn Bot>>> {
    let mut bots: Vec<Box<dyn Bot>> = (0..game.players().len())
        .map(|seat| Box::new(RandomBot::new(seat_seed(seed, seat))) as Box<dyn Bot>)
        .collect();
    for arg in args {
        let Some((colour, bot)) = arg.split_once('=') else {
            anyhow::bail!("--bot {arg}: expected COLOUR=BOT, such as red=scripts/bots/random.lua or blue=random");
        };
        let colour: Colour = colour
            .parse()
            .map_err(|e| anyhow::anyhow!("--bot {arg}: {e}"))?;
        let seat = tinbots::pieces::seat_of(game.colours(), colour)
            .map_err(|e| anyhow::anyhow!("--bot {arg}: {e}"))?;
        bots[seat] = BotSpec::parse(bot)
            .make(seat_seed(seed, seat))
            .map_err(|e| anyhow::anyhow!("{e}"))?;
    }
    Ok(bots)
}

/// The REPL on a terminal, or the commands of stdin when it is not one.
fn repl(
    players: usize,
    seed: u64,
    load: Option<PathBuf>,
    echo: bool,
    variants: &[String],
    orders: &[String],
) -> Result<ExitCode> {
    use std::io::IsTerminal;
    use tinbots::render::RenderOptions;
    use tinbots::repl::{run_interactive, run_script, session::Session};
    let mut session = match &load {
        Some(path) => Session::open(path, seed),
        None => VariantSet::load(variants)
            .map_err(|e| tinbots::repl::session::ReplError(e.to_string()))
            .and_then(|v| {
                Session::standard_with_orders(players, seed, &v, &order_file_references(orders))
            }),
    }
    .map_err(|e| anyhow::anyhow!("{e}"))?;
    if !io::stdin().is_terminal() {
        let stdout = io::stdout();
        let mut out = stdout.lock();
        return Ok(
            match run_script(&mut session, io::stdin().lock(), &mut out, echo) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    out.flush()?;
                    eprintln!("tinbots: {e}");
                    ExitCode::FAILURE
                }
            },
        );
    }
    session.set_render_options(RenderOptions::for_stdout());
    let opened = match &load {
        Some(path) => format!("{}", path.display()),
        None => format!("a standard game for {players} players, seed {seed}"),
    };
    run_interactive(
        &mut session,
        &format!(
            "tinbots REPL on {opened}. `help` lists the commands, Tab completes, `quit` leaves."
        ),
    )?;
    Ok(ExitCode::SUCCESS)
}
