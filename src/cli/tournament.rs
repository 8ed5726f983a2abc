//! `tinbots tournament`: bot against bot over seeded games, its rows
//! streamed as games finish and its report at the end; and `tinbots
//! tournament merge`, the report of a sharded run added up from its
//! shards' rows files.

use anyhow::Result;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::Ordering;

use super::flags::{
    bot_specs, game_count, player_count, seed_value, thread_count, turn_count, Schedule,
};
use super::interrupt::{stop_on_ctrl_c, STOP};
use super::Given;
use crate::bot::BotSpec;
use crate::escape::terminal_lines;
use crate::play::DEFAULT_MAX_TURNS;
use crate::tournament::rows::{write_row, write_start, GameRow, RowFormat};
use crate::tournament::{report, Run, Shard, Tournament};

/// Bot against bot: every pairing plays seeded games with the seats
/// rotated, in parallel, and the win rates are printed with their
/// intervals (docs/tournaments.md). Ctrl-C stops it with the results
/// so far.
#[derive(clap::Args, Debug)]
#[command(subcommand_negates_reqs = true, args_conflicts_with_subcommands = true)]
pub(super) struct Args {
    /// `merge FILES...`: add up the JSON rows files of a sharded run.
    #[command(subcommand)]
    action: Option<Action>,
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
    /// A variant to play (`tinbots variants` lists them); repeatable.
    #[arg(long = "variant", value_name = "NAME")]
    variants: Vec<String>,
    /// Worker threads (default: one per core), 1 to 256.
    #[arg(long, short = 'j', value_parser = thread_count, allow_negative_numbers = true)]
    threads: Option<usize>,
}

/// What `tournament` does besides playing.
#[derive(clap::Subcommand, Debug)]
enum Action {
    /// Add up the JSON rows files of the shards of one tournament
    /// (`--shard I/N --output part-I.json`) and print the report one
    /// machine would have printed.
    Merge {
        /// The shards' rows files, one per shard, in any order.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
}

/// Plays the tournament, or merges its shards' rows (`merge`).
pub(super) fn run(args: Args, given: Given, out: &mut dyn Write) -> Result<ExitCode> {
    if let Some(Action::Merge { files }) = args.action {
        return merge(&given, &files, out);
    }
    let schedule = Schedule {
        players: args.players,
        games: args.games,
        seed: args.seed,
        max_turns: args.max_turns,
        threads: args.threads,
    };
    let tournament = given.tournament(args.variants, schedule)?;
    let specs = bot_specs(&args.bots);
    let plan = Plan {
        output: args.output,
        format: args.format,
        shard: args.shard.unwrap_or(Shard::WHOLE),
        until_significant: args.until_significant.then_some(args.max_games),
    };
    play(&tournament, &specs, &plan, out)
}

/// The report of the shards' rows `files` added up: the bots' and
/// variants' names come from the files.
fn merge(given: &Given, files: &[PathBuf], out: &mut dyn Write) -> Result<ExitCode> {
    let merged = crate::tournament::merge(given.games, files)?;
    let text = report(&merged.tournament, &merged.results);
    write!(out, "{}", terminal_lines(&text))?;
    Ok(ExitCode::SUCCESS)
}

/// How `tournament` plays and where its rows go.
struct Plan {
    output: Option<PathBuf>,
    format: Option<RowFormat>,
    shard: Shard,
    /// `--until-significant`, with its budget of games per pairing.
    until_significant: Option<u32>,
}

/// Plays a tournament: its rows streamed to `--output` (or to `out` with
/// `--format` alone, the report then going to stderr), the report at the
/// end, or at the first Ctrl-C with the games played so far (exit status
/// 130; a second Ctrl-C leaves at once).
fn play(
    tournament: &Tournament,
    specs: &[BotSpec],
    plan: &Plan,
    out: &mut dyn Write,
) -> Result<ExitCode> {
    stop_on_ctrl_c()?;
    // A tournament stopped earlier in this process does not stop this one.
    STOP.store(false, Ordering::SeqCst);
    let format = plan
        .format
        .or_else(|| plan.output.as_deref().map(RowFormat::for_file));
    let mut sink: Box<dyn Write + '_> = match (&plan.output, format) {
        (Some(path), _) => Box::new(io::BufWriter::new(
            crate::files::create_stream(path).map_err(|e| anyhow::anyhow!("--output {e}"))?,
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
