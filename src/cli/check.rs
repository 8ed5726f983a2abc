//! `tinbots check`: scenario and other game files checked by their game,
//! PASS or FAIL for each.

use anyhow::Result;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use super::Given;

/// Run rule-dispute scenario files and print PASS or FAIL for each.
#[derive(clap::Args, Debug)]
pub(super) struct Args {
    /// Scenario files (TOML).
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

/// Checks the files; the exit status is 1 when a scenario's expectations
/// do not hold, and an error (exit status 2 from the binary) when a file
/// could not be checked or there is nothing to check.
pub(super) fn run(args: Args, given: Given, out: &mut dyn Write) -> Result<ExitCode> {
    let asked = given.asked_game()?;
    let result = crate::check::check_paths(given.games, &args.files, asked, &given.rulings, out)?;
    Ok(ExitCode::from(result.exit_status()))
}
