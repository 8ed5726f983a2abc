//! `tinbots balance`: the base game and variants compared over the same
//! seeded games with the same bots, as a table and an SVG report.

use anyhow::Result;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use super::flags::{
    bot_specs, game_count, player_count, seed_value, thread_count, turn_count, Schedule,
};
use super::Given;
use crate::play::DEFAULT_MAX_TURNS;
use crate::tournament::balance::{report, Arm, Balance};

/// Compare the base game and variants over the same seeded games with
/// the same bots: a table of length, first-seat edge, margin and
/// endings per variant, and an SVG report with plots
/// (docs/tournaments.md).
#[derive(clap::Args, Debug)]
pub(super) struct Args {
    /// A bot (as for `tournament`); one bot plays against itself.
    #[arg(long = "bot", value_name = "BOT", required = true)]
    bots: Vec<String>,
    /// A variant to compare, repeatable; `a+b` plays two together,
    /// `none` is the base game (compared first unless placed).
    #[arg(long = "variant", value_name = "NAME")]
    variants: Vec<String>,
    /// Compare the readings of a disputed rule instead of variants: one
    /// arm per reading, the default first (`tinbots rulings` lists them).
    #[arg(long = "readings", value_name = "ID", conflicts_with = "variants")]
    readings: Option<String>,
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
}

/// Plays every variant's games and writes the table, and the SVG report
/// with `--output`.
pub(super) fn run(args: Args, given: Given, out: &mut dyn Write) -> Result<ExitCode> {
    let schedule = Schedule {
        players: args.players,
        games: args.games,
        seed: args.seed,
        max_turns: args.max_turns,
        threads: args.threads,
    };
    let tournament = given.tournament(Vec::new(), schedule)?;
    let arms = match &args.readings {
        Some(id) => {
            let rulings = tournament
                .game
                .rulings(&[])
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            let dispute = rulings
                .dispute(id)
                .map_err(|e| anyhow::anyhow!("--readings {e}"))?;
            Arm::readings(dispute)
        }
        None => Arm::from_flags(&args.variants),
    };
    let balance = Balance { tournament, arms };
    let specs = bot_specs(&args.bots);
    let results = balance
        .run(&specs, true)
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let table = report(&balance, &specs, &results);
    write!(out, "{table}")?;
    if let Some(path) = args.output {
        let title = table.lines().next().unwrap_or_default();
        let svg = crate::tournament::plot::balance_svg(title, &results)?;
        crate::files::write_whole(&path, svg.as_bytes())?;
        writeln!(out, "report written to {}", path.display())?;
    }
    Ok(ExitCode::SUCCESS)
}
