//! `tinbots games`, `tinbots rulings`, `tinbots variants` and `tinbots
//! bots`: what can be named on the command line, listed.

use anyhow::Result;
use std::io::Write;
use std::process::ExitCode;

use super::Given;
use crate::assets::{bots_listing, Library};
use crate::engine::rulings_listing;
use crate::escape::terminal_lines;

/// Lists the games given, the default marked, with their own options.
pub(super) fn games(given: &Given, out: &mut dyn Write) -> Result<ExitCode> {
    write!(out, "{}", given.games.listing())?;
    Ok(ExitCode::SUCCESS)
}

/// Lists the disputed readings of the game `--game` names, or of every
/// game given; a game without any says so.
pub(super) fn rulings(given: &Given, out: &mut dyn Write) -> Result<ExitCode> {
    let games = match given.asked_game()? {
        Some(game) => vec![game],
        None => given.games.all().to_vec(),
    };
    writeln!(
        out,
        "The readings each rule's text admits, the plainest first, marked as the default. Every \
         reading is played: choose one with --ruling ID=READING; `tinbots dispute FILE` plays a \
         file under each (docs/disputes.md).\n"
    )?;
    for game in games {
        if game.disputes.is_empty() {
            writeln!(out, "{} has no disputed readings", game.title)?;
        } else {
            write!(
                out,
                "{}",
                rulings_listing(game.title, game.disputes, game.rulebooks)
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Lists the variants of the game asked for that can be named: built in,
/// in the user data folder, in `--variant-path` folders.
pub(super) fn variants(given: &Given, out: &mut dyn Write) -> Result<ExitCode> {
    let game = given.game()?;
    match game.variant_listing {
        Some(listing) => write!(out, "{}", terminal_lines(&listing(&Library::current())))?,
        None => writeln!(out, "{} has no variants yet", game.title)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// Lists the bots of the game asked for that can be named: built in, in
/// the user data folder, in `--bot-path` folders.
pub(super) fn bots(given: &Given, out: &mut dyn Write) -> Result<ExitCode> {
    let game = given.game()?;
    let listed = bots_listing(&Library::current(), game.name);
    write!(out, "{}", terminal_lines(&listed))?;
    Ok(ExitCode::SUCCESS)
}
