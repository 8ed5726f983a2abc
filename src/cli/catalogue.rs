//! The catalogue commands: one command per kind of thing a game names and
//! lists ([`Catalogue`]), made from the games given, each listing the
//! catalogue of `--game`, or of every game that has one.

use anyhow::Result;
use std::collections::BTreeSet;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::escape::terminal_lines;
use crate::registry::{Catalogue, Games};

/// Every game's catalogues, each name once (the first game's help).
fn catalogues(games: &Games) -> Vec<&'static Catalogue> {
    let mut seen = BTreeSet::new();
    games
        .all()
        .iter()
        .flat_map(|g| g.catalogues)
        .filter(|c| seen.insert(c.name))
        .collect()
}

/// The command of every catalogue of the games, taking files to apply.
pub(super) fn commands(games: &Games) -> Vec<clap::Command> {
    catalogues(games)
        .into_iter()
        .map(|catalogue| {
            clap::Command::new(catalogue.name)
                .about(catalogue.about)
                .arg(
                    clap::Arg::new("files")
                        .value_name("FILE")
                        .help("Files the listing applies (order files), in order")
                        .value_parser(clap::value_parser!(PathBuf))
                        .action(clap::ArgAction::Append),
                )
        })
        .collect()
}

/// The catalogue whose command is `name`, if one of the games has it.
pub(super) fn named(games: &Games, name: &str) -> Option<&'static Catalogue> {
    catalogues(games).into_iter().find(|c| c.name == name)
}

/// The files given to a catalogue's command.
pub(super) fn files(matches: &clap::ArgMatches) -> Vec<PathBuf> {
    matches
        .get_many::<PathBuf>("files")
        .map(|f| f.cloned().collect())
        .unwrap_or_default()
}

/// Lists the catalogue `name` of the game `game`, else of every game
/// that has one, with `files` applied.
pub(super) fn list(
    games: &Games,
    name: &str,
    game: Option<&str>,
    files: &[PathBuf],
    out: &mut dyn Write,
) -> Result<ExitCode> {
    let listed = match game {
        Some(game) => vec![games.find(game).map_err(anyhow::Error::msg)?],
        None => games
            .all()
            .iter()
            .copied()
            .filter(|g| g.catalogues.iter().any(|c| c.name == name))
            .collect(),
    };
    for g in listed {
        let Some(catalogue) = g.catalogues.iter().find(|c| c.name == name) else {
            // Point at the command that lists what the game has instead
            // (Droids' missions play the part of RoboRally's courses).
            let has: Vec<String> = g
                .catalogues
                .iter()
                .map(|c| format!("`tinbots --game {} {}`", g.name, c.name))
                .collect();
            match has.is_empty() {
                true => anyhow::bail!("{} has no {name}, nor any other list", g.title),
                false => anyhow::bail!("{} has no {name}; it has {}", g.title, has.join(" or ")),
            }
        };
        let listing = (catalogue.list)(files).map_err(anyhow::Error::msg)?;
        write!(out, "{}", terminal_lines(&listing))?;
    }
    Ok(ExitCode::SUCCESS)
}
