//! The command line: clap subcommands over the library, nothing else.

use anyhow::Result;
use clap::{Parser, Subcommand};
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use tinbots::assets::{bots_listing, Library};
use tinbots::bot::{seat_seed, Bot, BotSpec};
use tinbots::engine::{DynState, GameOptions};
use tinbots::escape::terminal_lines;
use tinbots::play::{play_with_transcript, write_answer_events, DEFAULT_MAX_TURNS};
use tinbots::progress::Progress;
use tinbots::registry::GameType;
use tinbots::replay::Record;
use tinbots::tournament::rows::{write_row, write_start, GameRow, RowFormat};
use tinbots::tournament::{report, Run, Shard, Tournament, MAX_GAMES, MAX_THREADS, MAX_TURNS};

/// tinbots: a rules sandbox for programmable-robot board games (Twin Tin
/// Bots, RoboRally, Droids).
#[derive(Parser, Debug)]
#[command(name = "tinbots", version, about, long_about = None)]
pub struct Cli {
    /// The game: `twin-tin-bots` (the default), `roborally` or `droids`
    /// (`tinbots games` lists them). A scenario or replay file names its own game,
    /// which a disagreeing --game cannot change.
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
    #[command(subcommand)]
    command: Option<Command>,
}

/// What `tournament` does besides playing.
#[derive(Subcommand, Debug)]
enum TournamentAction {
    /// Add up the JSON rows files of the shards of one tournament
    /// (`--shard I/N --output part-I.json`) and print the report one
    /// machine would have printed.
    Merge {
        /// The shards' rows files, one per shard, in any order.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
}

#[derive(Subcommand, Debug)]
enum Command {
    /// The REPL (also `tinbots` alone): set up or load a position, make
    /// program changes, step through the turn one order at a time, undo,
    /// save. Reads commands line by line when stdin is not a terminal.
    Repl {
        /// Number of players (Twin Tin Bots: 2 to 6, default 4; RoboRally:
        /// 1 to 8).
        #[arg(long, short = 'p', value_parser = player_count, allow_negative_numbers = true)]
        players: Option<usize>,
        /// Seed for the deal and the bots.
        #[arg(long, short = 's', default_value_t = 1, value_parser = seed_value, allow_negative_numbers = true)]
        seed: u64,
        /// Open a saved game (`.json`, of any game: its own game wins) or a
        /// scenario's position (`.toml`).
        #[arg(long)]
        load: Option<PathBuf>,
        /// When reading commands from stdin, write each one before its output.
        #[arg(long)]
        echo: bool,
        /// A variant to play (`tinbots variants` lists them), repeatable;
        /// for a standard game (a scenario names its own).
        #[arg(long = "variant", value_name = "NAME", conflicts_with = "load")]
        variants: Vec<String>,
    },
    /// Play a whole game headless, with the built-in random bots or bots in Lua.
    Play {
        /// Number of players (Twin Tin Bots: 2 to 6, default 4, and with
        /// --setup the setup's own count, which -p may only repeat;
        /// RoboRally: 1 to 8).
        #[arg(long, short = 'p', value_parser = player_count, allow_negative_numbers = true)]
        players: Option<usize>,
        /// Seed for the special deck, the track and the bots.
        #[arg(long, short = 's', default_value_t = 1, value_parser = seed_value, allow_negative_numbers = true)]
        seed: u64,
        /// Stop after this many turns (one player's turn each) and score
        /// the game as if it had ended; 1 to 10000.
        #[arg(long, default_value_t = DEFAULT_MAX_TURNS, value_parser = turn_count, allow_negative_numbers = true)]
        max_turns: u32,
        /// Write the replay (JSON) to this file.
        #[arg(long)]
        save: Option<PathBuf>,
        /// Print every event of every turn.
        #[arg(long, short = 'v')]
        verbose: bool,
        /// Print only the final summary.
        #[arg(long, short = 'q', conflicts_with = "verbose")]
        quiet: bool,
        /// A variant to play (`tinbots variants` lists them), repeatable:
        /// `simplified`, `no-score-victory`, ...
        #[arg(long = "variant", value_name = "NAME")]
        variants: Vec<String>,
        /// Who plays a colour: `COLOUR=NAME` (`random`, `greedy`,
        /// `lookahead`: `tinbots bots` lists them) or `COLOUR=path/to/bot.lua`.
        /// Repeatable, once per colour; `all=BOT` plays every colour not
        /// named; other colours play the game's own (`random`; RoboRally:
        /// `planner`, whose races reach repair sites and options). Where a variant gives a person several colours
        /// (`teams` with an odd count, the summary's `seating:` line), the
        /// bot plays all of that person's colours.
        #[arg(long = "bot", value_name = "COLOUR=BOT")]
        bots: Vec<String>,
    },
    /// Bot against bot: every pairing plays seeded games with the seats
    /// rotated, in parallel, and the win rates are printed with their
    /// intervals (docs/tournaments.md). Ctrl-C stops it with the results
    /// so far.
    #[command(subcommand_negates_reqs = true, args_conflicts_with_subcommands = true)]
    Tournament {
        /// `merge FILES...`: add up the JSON rows files of a sharded run.
        #[command(subcommand)]
        action: Option<TournamentAction>,
        /// A bot: a name (`tinbots bots` lists them), `mcts` (native tree
        /// search: `mcts:iterations=2000`) or the path to a Lua script.
        /// Two or more; every pair plays.
        #[arg(long = "bot", value_name = "BOT", required = true)]
        bots: Vec<String>,
        /// Write one row per game to this file as games finish (JSON
        /// lines unless --format or a `.csv`/`.txt` name says otherwise).
        #[arg(long, short = 'o', value_name = "FILE")]
        output: Option<PathBuf>,
        /// The rows' format: `text`, `json` or `csv`. Without --output the
        /// rows go to stdout and the report to stderr.
        #[arg(long, value_name = "FORMAT", value_parser = RowFormat::parse)]
        format: Option<RowFormat>,
        /// Play only the I-th of N disjoint parts of the schedule (`2/8`);
        /// `tournament merge` adds the parts' JSON rows up.
        #[arg(long, value_name = "I/N", value_parser = Shard::parse, conflicts_with = "until_significant")]
        shard: Option<Shard>,
        /// Play on in batches of --games games per pairing until the
        /// question (which bot is the stronger, or the strongest) is
        /// settled at 95 %, or --max-games run out.
        #[arg(long)]
        until_significant: bool,
        /// With --until-significant: the most games per pairing.
        #[arg(long, default_value_t = 2000, value_parser = game_count, allow_negative_numbers = true, requires = "until_significant")]
        max_games: u32,
        /// Players per game (seats alternate between the two bots).
        #[arg(long, short = 'p', default_value_t = 2, value_parser = player_count, allow_negative_numbers = true)]
        players: usize,
        /// Games per pairing, 1 to 100000.
        #[arg(long, short = 'g', default_value_t = 200, value_parser = game_count, allow_negative_numbers = true)]
        games: u32,
        /// Seed of the first deal.
        #[arg(long, short = 's', default_value_t = 1, value_parser = seed_value, allow_negative_numbers = true)]
        seed: u64,
        /// Stop a game after this many turns (scored as if it had ended);
        /// 1 to 10000.
        #[arg(long, default_value_t = DEFAULT_MAX_TURNS, value_parser = turn_count, allow_negative_numbers = true)]
        max_turns: u32,
        /// A variant to play (`tinbots variants` lists them), repeatable:
        /// `simplified`, `no-score-victory`, ...
        #[arg(long = "variant", value_name = "NAME")]
        variants: Vec<String>,
        /// Worker threads (default: one per core), 1 to 256.
        #[arg(long, short = 'j', value_parser = thread_count, allow_negative_numbers = true)]
        threads: Option<usize>,
    },
    /// Compare the base game and variants over the same seeded games with
    /// the same bots: a table of length, first-seat edge, margin and
    /// endings per variant, and an SVG report with plots
    /// (docs/tournaments.md).
    Balance {
        /// A bot (as for `tournament`); one bot plays against itself.
        #[arg(long = "bot", value_name = "BOT", required = true)]
        bots: Vec<String>,
        /// A variant to compare, repeatable; `a+b` plays two together,
        /// `none` is the base game (compared first unless placed).
        #[arg(long = "variant", value_name = "NAME")]
        variants: Vec<String>,
        /// Players per game.
        #[arg(long, short = 'p', default_value_t = 2, value_parser = player_count, allow_negative_numbers = true)]
        players: usize,
        /// Games per variant (per pairing of the bots), 1 to 100000.
        #[arg(long, short = 'g', default_value_t = 100, value_parser = game_count, allow_negative_numbers = true)]
        games: u32,
        /// Seed of the first deal.
        #[arg(long, short = 's', default_value_t = 1, value_parser = seed_value, allow_negative_numbers = true)]
        seed: u64,
        /// Stop a game after this many turns; 1 to 10000.
        #[arg(long, default_value_t = DEFAULT_MAX_TURNS, value_parser = turn_count, allow_negative_numbers = true)]
        max_turns: u32,
        /// Write the SVG report here.
        #[arg(long, short = 'o', value_name = "FILE.svg")]
        output: Option<PathBuf>,
        /// Worker threads (default: one per core), 1 to 256.
        #[arg(long, short = 'j', value_parser = thread_count, allow_negative_numbers = true)]
        threads: Option<usize>,
    },
    /// Run rule-dispute scenario files and print PASS or FAIL for each.
    Check {
        /// Scenario files (TOML).
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// List the games tinbots plays.
    Games,
    /// List the variants of the game (`--game`) that can be named:
    /// built-in, in the user data folder, in `--variant-path` folders.
    Variants,
    /// List the bots of the game (`--game`) that can be named: built-in,
    /// in the user data folder, in `--bot-path` folders.
    Bots,
    /// Replay a saved game and print its final summary; with --html, write
    /// a page that steps through it in a browser (docs/pictures.md).
    Replay {
        /// The replay file (JSON, from `play --save`).
        file: PathBuf,
        /// Print every event as it is replayed.
        #[arg(long, short = 'v')]
        verbose: bool,
        /// Write the replay page (one self-contained HTML file) here.
        #[arg(long, value_name = "FILE.html")]
        html: Option<PathBuf>,
        /// The page shows only what this player could see at each step.
        #[arg(long = "as", value_name = "COLOUR", requires = "html")]
        seen_as: Option<String>,
    },
    /// Draw a position as SVG: a saved game at a step, a scenario, a board
    /// or a course (docs/pictures.md).
    Render {
        /// A saved game (.json), a scenario, board or course file (.toml).
        file: PathBuf,
        /// Write the SVG here.
        #[arg(long, short = 'o', value_name = "FILE.svg")]
        output: PathBuf,
        /// A saved game's step, counted as the replay page counts them
        /// (0 is the start); the last by default.
        #[arg(long, value_name = "N", value_parser = step_number, allow_negative_numbers = true)]
        step: Option<usize>,
        /// A scenario's position after its turn (as `tinbots check` plays
        /// it) rather than before.
        #[arg(long, conflicts_with = "step")]
        after: bool,
        /// Show everything, hidden things too (the default shows what the
        /// player to decide sees).
        #[arg(long, conflicts_with = "seen_as")]
        all: bool,
        /// Show what this player sees.
        #[arg(long = "as", value_name = "COLOUR")]
        seen_as: Option<String>,
    },
}

/// The commands that set up a game, and so take every game's own options
/// ([`GameType::options`]), with the flag each option conflicts with.
const SETTING_UP: [(&str, Option<&'static str>); 4] = [
    ("repl", Some("load")),
    ("play", None),
    ("tournament", None),
    ("balance", None),
];

/// Parses the command line: the declared flags, and the game options the
/// registered games declare, offered as flags (`--course`) on every
/// command that sets up a game; each game refuses those it does not take
/// when it starts ([`GameType::start`]).
fn parse() -> Parsed {
    use clap::{CommandFactory, FromArgMatches};
    let mut command = Cli::command();
    for (name, conflicts_with) in SETTING_UP {
        command = command.mut_subcommand(name, |c| with_game_flags(c, conflicts_with));
    }
    for catalogue in catalogues() {
        command = command.subcommand(
            clap::Command::new(catalogue.name)
                .about(catalogue.about)
                .arg(
                    clap::Arg::new("files")
                        .value_name("FILE")
                        .help("Files the listing applies (order files), in order")
                        .value_parser(clap::value_parser!(PathBuf))
                        .action(clap::ArgAction::Append),
                ),
        );
    }
    let matches = command.get_matches();
    if let Some((name, sub)) = matches.subcommand() {
        if let Some(catalogue) = catalogues().into_iter().find(|c| c.name == name) {
            let files: Vec<PathBuf> = sub
                .get_many::<PathBuf>("files")
                .map(|f| f.cloned().collect())
                .unwrap_or_default();
            let paths = |id: &str| -> Vec<PathBuf> {
                matches
                    .get_many::<PathBuf>(id)
                    .map(|p| p.cloned().collect())
                    .unwrap_or_default()
            };
            return Parsed::Catalogue {
                name: catalogue.name,
                game: matches.get_one::<String>("game").cloned(),
                files,
                library: (paths("variant_paths"), paths("bot_paths")),
            };
        }
    }
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let mut own = std::collections::BTreeMap::new();
    if let Some((name, sub)) = matches.subcommand() {
        if SETTING_UP.iter().any(|(n, _)| *n == name) {
            for option in game_options() {
                if let Some(values) = sub.get_many::<String>(option.name) {
                    own.insert(option.name.to_string(), values.cloned().collect());
                }
            }
        }
    }
    Parsed::Command(cli, own)
}

/// What the command line asks.
enum Parsed {
    /// A declared command, with the game's own options given.
    Command(Cli, std::collections::BTreeMap<String, Vec<String>>),
    /// A catalogue's listing (`tinbots courses`): the game asked for, and
    /// the files given.
    Catalogue {
        /// The catalogue's name.
        name: &'static str,
        /// `--game`, when given.
        game: Option<String>,
        /// The files given.
        files: Vec<PathBuf>,
        /// The `--variant-path` and `--bot-path` folders given.
        library: (Vec<PathBuf>, Vec<PathBuf>),
    },
}

/// Every game's catalogues, each name once (the first game's help).
fn catalogues() -> Vec<&'static tinbots::registry::Catalogue> {
    let mut seen = std::collections::BTreeSet::new();
    tinbots::games::ALL
        .iter()
        .flat_map(|g| g.catalogues)
        .filter(|c| seen.insert(c.name))
        .collect()
}

/// Lists the catalogue `name` of `game`, else of every game that has one.
fn list_catalogue(name: &str, game: Option<&str>, files: &[PathBuf]) -> Result<ExitCode> {
    let games = match game {
        Some(game) => vec![chosen_game(Some(game))?],
        None => tinbots::games::ALL
            .iter()
            .copied()
            .filter(|g| g.catalogues.iter().any(|c| c.name == name))
            .collect(),
    };
    let mut out = io::stdout().lock();
    for g in games {
        let Some(catalogue) = g.catalogues.iter().find(|c| c.name == name) else {
            let has: Vec<&str> = g.catalogues.iter().map(|c| c.name).collect();
            anyhow::bail!(
                "{} has no {name} (it lists: {})",
                g.title,
                if has.is_empty() {
                    "nothing".to_string()
                } else {
                    has.join(", ")
                }
            );
        };
        let listed = (catalogue.list)(files).map_err(anyhow::Error::msg)?;
        write!(out, "{}", terminal_lines(&listed))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Every game's own options, each name once (the first game's help).
fn game_options() -> Vec<&'static tinbots::engine::GameOption> {
    let mut seen = std::collections::BTreeSet::new();
    tinbots::games::ALL
        .iter()
        .flat_map(|g| g.options)
        .filter(|o| seen.insert(o.name))
        .collect()
}

/// `command` with a flag for every game's own option.
fn with_game_flags(
    mut command: clap::Command,
    conflicts_with: Option<&'static str>,
) -> clap::Command {
    for option in game_options() {
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

/// Runs the command line.
pub fn run() -> Result<ExitCode> {
    let (cli, own) = match parse() {
        Parsed::Command(cli, own) => (cli, own),
        Parsed::Catalogue {
            name,
            game,
            files,
            library: (variant_paths, bot_paths),
        } => {
            library_of(&variant_paths, &bot_paths)?.make_current();
            return list_catalogue(name, game.as_deref(), &files);
        }
    };
    library(&cli)?.make_current();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    match cli.command {
        None => repl(
            cli.game.as_deref(),
            GameOptions {
                seed: 1,
                ..GameOptions::default()
            },
            None,
            false,
        ),
        Some(Command::Repl {
            players,
            seed,
            load,
            echo,
            variants,
        }) => repl(
            cli.game.as_deref(),
            GameOptions {
                players,
                seed,
                variants,
                own,
            },
            load,
            echo,
        ),
        Some(Command::Play {
            players,
            seed,
            max_turns,
            save,
            verbose,
            quiet,
            variants,
            bots: bot_args,
        }) => {
            let game_type = chosen_game(cli.game.as_deref())?;
            check_players(game_type, players)?;
            let options = GameOptions {
                players,
                seed,
                variants,
                own,
            };
            let started = game_type
                .start(&options)
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            let mut record = Record::new(game_type, started.start);
            let mut game = started.game;
            let mut bots = seat_bots(game_type, game.as_ref(), seed, &bot_args)?;
            // The bar would break the transcript's lines on a terminal.
            let progress = if quiet || !io::stdout().is_terminal() {
                Progress::new(u64::from(max_turns), "turns")
            } else {
                Progress::hidden()
            };
            let mut transcript: Box<dyn Write> = if quiet {
                Box::new(io::sink())
            } else {
                Box::new(&mut out)
            };
            if let Some(line) = game.preamble() {
                writeln!(transcript, "{line}")?;
            }
            play_with_transcript(
                game.as_mut(),
                &mut bots,
                max_turns,
                verbose,
                &mut transcript,
                |played| {
                    record.answers.push(played.answer.clone());
                    progress.reach(u64::from(played.turn.saturating_sub(1)));
                },
            )?;
            drop(transcript);
            progress.finish();
            record.stopped_at_turn_limit = game.outcome().is_some_and(|o| o.at_turn_limit);
            write!(out, "{}", terminal_lines(&game.summary()))?;
            if let Some(path) = save {
                record.save(&path)?;
                writeln!(out, "replay saved to {}", path.display())?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Tournament {
            action: Some(TournamentAction::Merge { files }),
            ..
        }) => {
            let merged = tinbots::tournament::merge(&tinbots::games::registry(), &files)?;
            // The bots' and variants' names come from the files.
            let text = report(&merged.tournament, &merged.results);
            write!(out, "{}", terminal_lines(&text))?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Tournament {
            action: None,
            bots,
            output,
            format,
            shard,
            until_significant,
            max_games,
            players,
            games,
            seed,
            max_turns,
            variants,
            threads,
        }) => {
            let game = chosen_game(cli.game.as_deref())?;
            check_players(game, Some(players))?;
            let tournament = Tournament {
                game,
                options: GameOptions {
                    variants,
                    own,
                    ..GameOptions::default()
                },
                players,
                games,
                seed,
                max_turns,
                threads: worker_threads(threads),
            };
            let specs = bot_specs(&bots);
            let plan = TournamentPlan {
                output,
                format,
                shard: shard.unwrap_or(Shard::WHOLE),
                until_significant: until_significant.then_some(max_games),
            };
            tournament_command(&tournament, &specs, &plan, &mut out)
        }
        Some(Command::Balance {
            bots,
            variants,
            players,
            games,
            seed,
            max_turns,
            output,
            threads,
        }) => {
            use tinbots::tournament::balance::{report as balance_report, Arm, Balance};
            let game = chosen_game(cli.game.as_deref())?;
            check_players(game, Some(players))?;
            let balance = Balance {
                tournament: Tournament {
                    game,
                    options: GameOptions {
                        own,
                        ..GameOptions::default()
                    },
                    players,
                    games,
                    seed,
                    max_turns,
                    threads: worker_threads(threads),
                },
                arms: Arm::from_flags(&variants),
            };
            let specs = bot_specs(&bots);
            let results = balance
                .run(&specs, true)
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            let table = balance_report(&balance, &specs, &results);
            write!(out, "{table}")?;
            if let Some(path) = output {
                let title = table.lines().next().unwrap_or_default();
                let svg = tinbots::tournament::plot::balance_svg(title, &results)?;
                tinbots::files::write_whole(&path, svg.as_bytes())?;
                writeln!(out, "report written to {}", path.display())?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Check { files }) => {
            // 1: a scenario's expectations do not hold; 2: a file could not
            // be checked, or nothing to check (an error, exit 2 in `main`).
            let asked = cli
                .game
                .as_deref()
                .map(tinbots::games::find)
                .transpose()
                .map_err(anyhow::Error::msg)?;
            let result =
                tinbots::check::check_paths(&tinbots::games::registry(), &files, asked, &mut out)?;
            Ok(ExitCode::from(result.exit_status()))
        }
        Some(Command::Games) => {
            write!(out, "{}", tinbots::games::registry().listing())?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Variants) => {
            let game = chosen_game(cli.game.as_deref())?;
            match game.variant_listing {
                Some(listing) => write!(out, "{}", terminal_lines(&listing(&Library::current())))?,
                None => writeln!(out, "{} has no variants yet", game.title)?,
            }
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Bots) => {
            let game = chosen_game(cli.game.as_deref())?.name;
            let listed = bots_listing(&Library::current(), game);
            write!(out, "{}", terminal_lines(&listed))?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Render {
            file,
            output,
            step,
            after,
            all,
            seen_as,
        }) => {
            use tinbots::render::{render, render_after, Seen};
            let seen = match (all, seen_as) {
                (true, _) => Seen::Everything,
                (false, Some(colour)) => Seen::Seat(colour),
                (false, None) => Seen::Deciding,
            };
            let svg = if after {
                render_after(&tinbots::games::registry(), &file, &seen)?
            } else {
                render(&tinbots::games::registry(), &file, step, &seen)?
            };
            tinbots::files::write_whole(&output, svg.as_bytes())?;
            writeln!(out, "picture written to {}", output.display())?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Replay {
            file,
            html: Some(page),
            seen_as,
            ..
        }) => {
            let shown = file.display().to_string();
            let record = Record::load(&tinbots::games::registry(), &file)?;
            let seen = seen_as.map_or(
                tinbots::render::Seen::Everything,
                tinbots::render::Seen::Seat,
            );
            let viewer = tinbots::render::viewer(
                record
                    .start_game(&tinbots::games::registry(), &shown)?
                    .as_ref(),
                &seen,
            )?;
            let replayed =
                tinbots::viewer::replay(&tinbots::games::registry(), &record, &shown, viewer)?;
            tinbots::files::write_whole(&page, tinbots::viewer::html(&replayed).as_bytes())?;
            writeln!(
                out,
                "replay page written to {} ({} steps)",
                page.display(),
                replayed.steps.len()
            )?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Replay { file, verbose, .. }) => {
            let record = Record::load(&tinbots::games::registry(), &file)?;
            let shown = file.display().to_string();
            let mut game = record.start_game(&tinbots::games::registry(), &shown)?;
            let mut heading = None;
            let mut failed = None;
            record.replay_each(&shown, &mut game, |step, played| {
                if verbose && failed.is_none() {
                    // The events narrate what scripts chose: escaped.
                    let mut said = Vec::new();
                    let written = write_answer_events(step, played, &mut heading, &mut said)
                        .and_then(|()| {
                            let said = String::from_utf8_lossy(&said);
                            out.write_all(terminal_lines(&said).as_bytes())
                        });
                    if let Err(e) = written {
                        failed = Some(e);
                    }
                }
            })?;
            if let Some(e) = failed {
                return Err(e.into());
            }
            write!(out, "{}", terminal_lines(&game.summary()))?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// How `tournament` plays and where its rows go.
struct TournamentPlan {
    output: Option<PathBuf>,
    format: Option<RowFormat>,
    shard: Shard,
    /// `--until-significant`, with its budget of games per pairing.
    until_significant: Option<u32>,
}

/// Set by Ctrl-C: the tournament takes no new game.
static STOP: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Plays a tournament: its rows streamed to `--output` (or to stdout with
/// `--format` alone, the report then going to stderr), the report at the
/// end, or at the first Ctrl-C with the games played so far (exit status
/// 130; a second Ctrl-C leaves at once).
fn tournament_command(
    tournament: &Tournament,
    specs: &[BotSpec],
    plan: &TournamentPlan,
    out: &mut dyn Write,
) -> Result<ExitCode> {
    use std::sync::atomic::Ordering;
    // `ctrlc` rather than signal-hook: one call, and it reuses the `nix`
    // that rustyline already builds.
    ctrlc::set_handler(|| {
        if STOP.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    })?;
    let format = plan
        .format
        .or_else(|| plan.output.as_deref().map(RowFormat::for_file));
    let mut sink: Box<dyn Write + '_> = match (&plan.output, format) {
        (Some(path), _) => Box::new(io::BufWriter::new(
            tinbots::files::create_stream(path).map_err(|e| anyhow::anyhow!("--output {e}"))?,
        )),
        (None, Some(_)) => Box::new(&mut *out),
        (None, None) => Box::new(io::sink()),
    };
    let rows_format = format.unwrap_or(RowFormat::Text);
    write_start(
        &mut sink,
        rows_format,
        &tournament.header(specs, plan.shard),
    )?;
    // A file is flushed a row at a time, so that a watcher (or a killed
    // run) sees every game finished.
    let flush_each = plan.output.is_some();
    let mut rows = |row: &GameRow| {
        write_row(&mut sink, rows_format, row)?;
        if flush_each {
            sink.flush()?;
        }
        Ok(())
    };
    let mut run = Run {
        shard: plan.shard,
        stop: Some(&STOP),
        progress: true,
        rows: &mut rows,
    };
    let mut text = String::new();
    let stopped = match plan.until_significant {
        Some(budget) => {
            let settled = tournament
                .until_significant(specs, budget, &mut run)
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            let shown = Tournament {
                games: settled.games,
                ..tournament.clone()
            };
            text += &report(&shown, &settled.played.results);
            text += &format!("{}\n", settled.verdict(budget));
            settled.played.stopped
        }
        None => {
            let played = tournament
                .run(specs, &mut run)
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            text += &report(tournament, &played.results);
            if plan.shard != Shard::WHOLE {
                text += &format!(
                    "shard {} of the schedule: {} of its {} games (`tournament merge` adds the shards up)\n",
                    plan.shard, played.played, played.scheduled
                );
            }
            if played.stopped {
                text += &format!(
                    "stopped by Ctrl-C after {} of {} games: the figures are those of the games played\n",
                    played.played, played.scheduled
                );
            }
            played.stopped
        }
    };
    sink.flush()?;
    drop(sink);
    if plan.output.is_none() && format.is_some() {
        eprint!("{text}");
    } else {
        write!(out, "{text}")?;
    }
    Ok(if stopped {
        ExitCode::from(130)
    } else {
        ExitCode::SUCCESS
    })
}

/// The places variants and bots are looked up in: the standard ones after
/// the command line's `--variant-path` and `--bot-path` folders, which
/// must exist.
fn library(cli: &Cli) -> Result<Library> {
    library_of(&cli.variant_paths, &cli.bot_paths)
}

/// The library with `--variant-path` and `--bot-path` folders first.
fn library_of(variant_paths: &[PathBuf], bot_paths: &[PathBuf]) -> Result<Library> {
    for (flag, dirs) in [("--variant-path", variant_paths), ("--bot-path", bot_paths)] {
        if let Some(dir) = dirs.iter().find(|d| !d.is_dir()) {
            anyhow::bail!("{flag} {}: no such folder", dir.display());
        }
    }
    Ok(Library {
        variant_paths: variant_paths.to_vec(),
        bot_paths: bot_paths.to_vec(),
        ..Library::standard()
    })
}

/// The bot of every seat: the `--bot COLOUR=BOT` choices, else the
/// `--bot all=BOT` choice, else the game's own ([`GameType::play_bot`]). A choice plays every colour of the person who plays that
/// colour (a variant may give one person several); two choices for one
/// person are refused, naming both.
fn seat_bots(
    game_type: &GameType,
    game: &dyn DynState,
    seed: u64,
    args: &[String],
) -> Result<Vec<Box<dyn Bot>>> {
    let seats = game.seats();
    let names: Vec<String> = (0..seats).map(|s| game.seat_name(s)).collect();
    // The `--bot` argument (and its bot) chosen for each seat.
    let mut chosen: Vec<Option<(&str, BotSpec)>> = vec![None; seats];
    // The `--bot all=BOT` argument, for the seats no other one chooses.
    let mut everyone: Option<(&str, BotSpec)> = None;
    for arg in args {
        let Some((colour, bot)) = arg.split_once('=') else {
            anyhow::bail!("--bot {arg}: expected COLOUR=BOT (or all=BOT), such as red=greedy, blue=random or red=path/to/bot.lua");
        };
        let colour = colour.trim().to_lowercase();
        if colour == "all" {
            if let Some((earlier, _)) = everyone {
                anyhow::bail!("--bot {earlier} and --bot {arg}: two bots for all; give one");
            }
            everyone = Some((arg, BotSpec::parse(bot)));
            continue;
        }
        let Some(seat) = names.iter().position(|n| *n == colour) else {
            anyhow::bail!(
                "--bot {arg}: {colour} is not playing (players: {})",
                names.join(", ")
            );
        };
        let person = game.controller(seat);
        for other in (0..seats).filter(|&s| game.controller(s) == person) {
            if let Some((earlier, _)) = &chosen[other] {
                let why = if other == seat {
                    format!("both choose the bot of {colour}")
                } else {
                    format!(
                        "{} and {colour} are played by one person, with one bot",
                        names[other]
                    )
                };
                anyhow::bail!("--bot {earlier} and --bot {arg}: {why}; give one --bot for them");
            }
            chosen[other] = Some((arg, BotSpec::parse(bot)));
        }
    }
    let own = BotSpec::parse(game_type.play_bot);
    chosen
        .into_iter()
        .enumerate()
        .map(|(seat, choice)| {
            let spec = choice.as_ref().or(everyone.as_ref()).map_or(&own, |c| &c.1);
            spec.make_for(game_type, seat_seed(seed, seat))
                .map_err(|e| anyhow::anyhow!("{e}"))
        })
        .collect()
}

/// The worker threads of a tournament or a balance report: as asked
/// (`-j`), else one per core.
fn worker_threads(asked: Option<usize>) -> usize {
    asked.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
}

/// The bots named by `--bot` arguments, in order.
fn bot_specs(bots: &[String]) -> Vec<BotSpec> {
    bots.iter().map(|b| BotSpec::parse(b)).collect()
}

/// The fewest players of any game.
const MIN_PLAYERS: usize = 1;
/// The most players of any game.
const MAX_PLAYERS: usize = 8;

/// The game `--game` names, or the default one.
fn chosen_game(name: Option<&str>) -> Result<&'static GameType> {
    match name {
        Some(name) => tinbots::games::find(name).map_err(anyhow::Error::msg),
        None => Ok(tinbots::games::default_game()),
    }
}

/// Refuses a player count the game is not for.
fn check_players(game: &GameType, players: Option<usize>) -> Result<()> {
    let (lo, hi) = game.players;
    match players {
        Some(n) if !(lo..=hi).contains(&n) => {
            anyhow::bail!(
                "a game of {} is for {lo} to {hi} players, not {n}",
                game.title
            )
        }
        _ => Ok(()),
    }
}

/// Parses `-p`: a count from 1 to 8, the most any game takes (clap reports
/// a refusal as a usage error, exit status 2); each game then checks its
/// own range.
fn player_count(text: &str) -> Result<usize, String> {
    let range = format!("a game is for {MIN_PLAYERS} to {MAX_PLAYERS} players");
    let n: usize = text
        .parse()
        .map_err(|_| format!("{range}; `{text}` is not a number"))?;
    if (MIN_PLAYERS..=MAX_PLAYERS).contains(&n) {
        Ok(n)
    } else {
        Err(format!("{range}, not {n}"))
    }
}

/// Parses a whole number from `lo` to `hi` (clap reports a refusal as a
/// usage error, exit status 2, naming the flag): the message gives the
/// range, whatever is wrong with the text.
fn count_in<T>(text: &str, lo: T, hi: T) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy,
{
    let range = format!("a whole number from {lo} to {hi}");
    match text.trim().parse::<T>() {
        Ok(n) if n >= lo && n <= hi => Ok(n),
        Ok(n) => Err(format!("{n} is out of range: {range}")),
        Err(_) => Err(format!(
            "`{}` is not {range}",
            tinbots::script::text::shown(text)
        )),
    }
}

/// Parses `--games` and `--max-games`: 1 to [`MAX_GAMES`] per pairing.
fn game_count(text: &str) -> Result<u32, String> {
    count_in(text, 1, MAX_GAMES)
}

/// Parses `--max-turns`: 1 to [`MAX_TURNS`].
fn turn_count(text: &str) -> Result<u32, String> {
    count_in(text, 1, MAX_TURNS)
}

/// Parses `--seed`: any 64-bit seed.
fn seed_value(text: &str) -> Result<u64, String> {
    count_in(text, 0, u64::MAX)
}

/// Parses `render --step`: a step of a replay (past its last is refused
/// once the replay is read, with the number of steps).
fn step_number(text: &str) -> Result<usize, String> {
    count_in(text, 0, usize::MAX)
}

/// Parses `-j`: 1 to [`MAX_THREADS`] worker threads.
fn thread_count(text: &str) -> Result<usize, String> {
    count_in(text, 1, MAX_THREADS)
}

/// The REPL on a terminal, or the commands of stdin when it is not one:
/// on `load` (a replay names its own game: a `--game` that disagrees is
/// refused), or on a new game of `game` started with `options`.
fn repl(
    game: Option<&str>,
    options: GameOptions,
    load: Option<PathBuf>,
    echo: bool,
) -> Result<ExitCode> {
    use tinbots::repl::{
        colour_on_stdout, run_interactive, run_script, session::Session, ScriptRunError,
    };
    let mut session = match &load {
        Some(path) => {
            let session = Session::open(&tinbots::games::registry(), path, options.seed)
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            let own = session.game_type();
            if let Some(asked) = game.map(|g| chosen_game(Some(g))).transpose()? {
                if asked.name != own.name {
                    anyhow::bail!(
                        "--game {} disagrees with --load {}, a game of {}",
                        asked.name,
                        path.display(),
                        own.name
                    );
                }
            }
            session
        }
        None => {
            let game_type = chosen_game(game)?;
            check_players(game_type, options.players)?;
            let started = game_type
                .start(&options)
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            Session::started(
                &tinbots::games::registry(),
                game_type,
                started,
                options.seed,
            )
            .map_err(|e| anyhow::anyhow!("{e}"))?
        }
    };
    if !io::stdin().is_terminal() {
        let stdout = io::stdout();
        let mut out = stdout.lock();
        return Ok(
            match run_script(&mut session, io::stdin().lock(), &mut out, echo) {
                Ok(()) => ExitCode::SUCCESS,
                // A reader that stopped reading (`| head`) is not an error.
                Err(ScriptRunError::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => {
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    out.flush()?;
                    eprintln!("tinbots: {e}");
                    ExitCode::from(2)
                }
            },
        );
    }
    session.set_colour(colour_on_stdout());
    let opened = match &load {
        Some(path) => format!("{}", path.display()),
        None => format!(
            "{} for {} players, seed {}",
            session.game_type().title,
            session.game().seats(),
            options.seed
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_counts_are_1_to_8_and_say_so() {
        assert_eq!(player_count("1"), Ok(1));
        assert_eq!(player_count("8"), Ok(8));
        assert_eq!(
            player_count("9"),
            Err("a game is for 1 to 8 players, not 9".into())
        );
        assert_eq!(
            player_count("seven"),
            Err("a game is for 1 to 8 players; `seven` is not a number".into())
        );
    }

    #[test]
    fn each_game_checks_its_own_player_count() {
        let ttb = tinbots::games::find("twin-tin-bots").expect("registered");
        let rr = tinbots::games::find("roborally").expect("registered");
        assert!(check_players(rr, Some(1)).is_ok());
        assert!(check_players(ttb, None).is_ok());
        let e = check_players(ttb, Some(1)).expect_err("1 is too few");
        assert_eq!(
            e.to_string(),
            "a game of Twin Tin Bots is for 2 to 6 players, not 1"
        );
    }

    #[test]
    fn counts_are_refused_outside_their_range_with_the_range() {
        assert_eq!(game_count("1"), Ok(1));
        assert_eq!(turn_count("10000"), Ok(10_000));
        assert_eq!(
            game_count("0"),
            Err("0 is out of range: a whole number from 1 to 100000".into())
        );
        assert_eq!(
            turn_count("4294967295"),
            Err("4294967295 is out of range: a whole number from 1 to 10000".into())
        );
        for text in ["-3", "4294967296", "1e9", "many"] {
            let e = turn_count(text).unwrap_err();
            assert!(
                e.ends_with("is not a whole number from 1 to 10000"),
                "{text}: {e}"
            );
        }
        assert!(thread_count("4000000000").unwrap_err().contains("1 to 256"));
    }
}
