//! `tinbots render`: a file's position drawn as SVG (a saved game at a
//! step, or whatever a game's own files set up).

use anyhow::Result;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use super::flags::step_number;
use super::Given;
use crate::render::{render, render_after, Seen};

/// Draw a position as SVG: a saved game at a step, a scenario, or another
/// file its game draws (docs/pictures.md).
#[derive(clap::Args, Debug)]
pub(super) struct Args {
    /// A saved game (.json), or a scenario or another file of a game
    /// (.toml).
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
}

/// Draws the position and writes the picture to `--output`.
pub(super) fn run(args: Args, given: Given, out: &mut dyn Write) -> Result<ExitCode> {
    let seen = match (args.all, args.seen_as) {
        (true, _) => Seen::Everything,
        (false, Some(colour)) => Seen::Seat(colour),
        (false, None) => Seen::Deciding,
    };
    let svg = if args.after {
        render_after(given.games, &args.file, &seen, &given.rulings)?
    } else {
        render(given.games, &args.file, args.step, &seen, &given.rulings)?
    };
    crate::files::write_whole(&args.output, svg.as_bytes())?;
    writeln!(out, "picture written to {}", args.output.display())?;
    Ok(ExitCode::SUCCESS)
}
