//! `tinbots replay`: a saved game replayed to its final summary (every
//! event with `--verbose`), or written as a page that steps through it.

use anyhow::Result;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use super::Given;
use crate::escape::terminal_lines;
use crate::play::write_answer_events;
use crate::render::Seen;
use crate::replay::Record;

/// Replay a saved game and print its final summary; with --html, write
/// a page that steps through it in a browser (docs/pictures.md).
#[derive(clap::Args, Debug)]
pub(super) struct Args {
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
}

/// Replays the file: the page with `--html`, else the summary.
pub(super) fn run(args: Args, given: Given, out: &mut dyn Write) -> Result<ExitCode> {
    match args.html {
        Some(page) => write_page(&given, &args.file, &page, args.seen_as, out),
        None => summary(&given, &args.file, args.verbose, out),
    }
}

/// Writes the replay page of `file` to `page`, as `seen_as` saw it (or
/// everything).
fn write_page(
    given: &Given,
    file: &Path,
    page: &Path,
    seen_as: Option<String>,
    out: &mut dyn Write,
) -> Result<ExitCode> {
    let shown = file.display().to_string();
    let record = Record::load(given.games, file)?.pinned(given.games, &given.rulings, &shown)?;
    let seen = seen_as.map_or(Seen::Everything, Seen::Seat);
    let viewer = crate::render::viewer(record.start_game(given.games, &shown)?.as_ref(), &seen)?;
    let steps = crate::viewer::write_page(given.games, &record, &shown, viewer, page)?;
    writeln!(
        out,
        "replay page written to {} ({steps} steps)",
        page.display()
    )?;
    Ok(ExitCode::SUCCESS)
}

/// Replays `file` and writes its summary, after every event with
/// `verbose`.
fn summary(given: &Given, file: &Path, verbose: bool, out: &mut dyn Write) -> Result<ExitCode> {
    let shown = file.display().to_string();
    let record = Record::load(given.games, file)?.pinned(given.games, &given.rulings, &shown)?;
    let mut game = record.start_game(given.games, &shown)?;
    let mut heading = None;
    let mut failed = None;
    record.replay_each(&shown, &mut game, |step, played| {
        if verbose && failed.is_none() {
            // The events narrate what scripts chose: escaped.
            let mut said = Vec::new();
            let written =
                write_answer_events(step, played, &mut heading, &mut said).and_then(|()| {
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
