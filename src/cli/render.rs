//! `tinbots render`: a file's position drawn as SVG (a saved game at a
//! step, or whatever a game's own files set up).

use anyhow::Result;
use std::io::Write;
use std::path::{Path, PathBuf};
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
    /// Write the SVG here (`-` for stdout). A picture is SVG: another
    /// extension (`x.png`) is refused rather than given SVG under its name.
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

/// What `-o` names for stdout.
const STDOUT: &str = "-";

/// Draws the position and writes the picture to `--output`, or to `out`
/// for `-o -`.
pub(super) fn run(args: Args, given: Given, out: &mut dyn Write) -> Result<ExitCode> {
    let to_stdout = args.output.as_os_str() == STDOUT;
    if !to_stdout {
        svg_name(&args.output)?;
    }
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
    if to_stdout {
        out.write_all(svg.as_bytes())?;
    } else {
        crate::files::write_whole(&args.output, svg.as_bytes())?;
        writeln!(out, "picture written to {}", args.output.display())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Refuses an output file whose extension is not `.svg` (any case): the
/// picture is SVG whatever the name says. A name without an extension is
/// taken as it is.
fn svg_name(output: &Path) -> Result<()> {
    match output.extension() {
        Some(ext) if !ext.eq_ignore_ascii_case("svg") => anyhow::bail!(
            "-o {}: render draws SVG, not .{}; name the file .svg, or give `-o -` for stdout",
            crate::escape::terminal(&output.display().to_string()),
            crate::escape::terminal(&ext.to_string_lossy())
        ),
        _ => Ok(()),
    }
}
