//! `tinbots dispute`: a scenario or a saved game played under each reading
//! of every disputed rule it touches, and where the readings part.

use anyhow::Result;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use super::Given;

/// Play a scenario or a saved game under each reading of every disputed
/// rule it touches and say where the readings part (docs/disputes.md).
#[derive(clap::Args, Debug)]
pub(super) struct Args {
    /// A scenario (.toml, a REPL export too) or a saved game (.json).
    file: PathBuf,
    /// Also write one page with the readings side by side, stepping
    /// together.
    #[arg(long, value_name = "FILE.html")]
    html: Option<PathBuf>,
}

/// Writes the report, and the page with `--html`.
pub(super) fn run(args: Args, given: Given, out: &mut dyn Write) -> Result<ExitCode> {
    let disputed = crate::dispute::dispute(given.games, &args.file, &given.rulings)?;
    write!(out, "{}", disputed.text())?;
    if let Some(page) = args.html {
        let columns = disputed.columns(given.games, &args.file)?;
        let html = crate::dispute::html(&disputed, &columns);
        crate::files::write_whole(&page, html.as_bytes())?;
        writeln!(
            out,
            "dispute page written to {} ({} plays side by side)",
            page.display(),
            columns.len()
        )?;
    }
    Ok(ExitCode::SUCCESS)
}
