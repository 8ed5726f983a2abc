//! The flags several commands share: their values checked as clap parses
//! them (player counts, game and turn counts, seeds, threads: a refusal
//! is a usage error that names the flag and the range), and what they
//! resolve to once parsed (the library of variants and bots, the bots
//! named, the worker threads, a game's own range of players).

use anyhow::Result;
use std::path::PathBuf;

use crate::assets::Library;
use crate::bot::BotSpec;
use crate::registry::GameType;
use crate::tournament::{MAX_GAMES, MAX_THREADS, MAX_TURNS};

/// The fewest players of any game.
const MIN_PLAYERS: usize = 1;
/// The most players of any game.
const MAX_PLAYERS: usize = 8;

/// Parses `-p`: a count from 1 to 8, the most any game takes (clap reports
/// a refusal as a usage error, exit status 2); each game then checks its
/// own range ([`check_players`]).
pub(super) fn player_count(text: &str) -> Result<usize, String> {
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
            crate::script::text::shown(text)
        )),
    }
}

/// Parses `--games` and `--max-games`: 1 to [`MAX_GAMES`] per pairing.
pub(super) fn game_count(text: &str) -> Result<u32, String> {
    count_in(text, 1, MAX_GAMES)
}

/// Parses `--max-turns`: 1 to [`MAX_TURNS`].
pub(super) fn turn_count(text: &str) -> Result<u32, String> {
    count_in(text, 1, MAX_TURNS)
}

/// Parses `--seed`: any 64-bit seed.
pub(super) fn seed_value(text: &str) -> Result<u64, String> {
    count_in(text, 0, u64::MAX)
}

/// Parses `render --step`: a step of a replay (past its last is refused
/// once the replay is read, with the number of steps).
pub(super) fn step_number(text: &str) -> Result<usize, String> {
    count_in(text, 0, usize::MAX)
}

/// Parses `-j`: 1 to [`MAX_THREADS`] worker threads.
pub(super) fn thread_count(text: &str) -> Result<usize, String> {
    count_in(text, 1, MAX_THREADS)
}

/// Refuses a player count the game is not for.
pub(super) fn check_players(game: &GameType, players: Option<usize>) -> Result<()> {
    let (lo, hi) = game.players;
    match players {
        Some(n) if !(lo..=hi).contains(&n) => {
            anyhow::bail!(
                "a game of {} is for {}, not {n}",
                game.title,
                crate::wording::players(lo, hi)
            )
        }
        _ => Ok(()),
    }
}

/// The places variants and bots are looked up in: the standard ones after
/// the command line's `--variant-path` and `--bot-path` folders, which
/// must exist.
pub(super) fn library(variant_paths: &[PathBuf], bot_paths: &[PathBuf]) -> Result<Library> {
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

/// The bots named by `--bot` arguments, in order.
pub(super) fn bot_specs(bots: &[String]) -> Vec<BotSpec> {
    bots.iter().map(|b| BotSpec::parse(b)).collect()
}

/// The worker threads of a tournament or a balance report: as asked
/// (`-j`), else one per core.
pub(super) fn worker_threads(asked: Option<usize>) -> usize {
    asked.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
}

/// The games a tournament's flags ask for: players per game, games per
/// pairing, the first seed, the turn limit and the worker threads.
pub(super) struct Schedule {
    /// Players per game.
    pub players: usize,
    /// Games per pairing (or per variant).
    pub games: u32,
    /// The seed of the first deal.
    pub seed: u64,
    /// The turn limit.
    pub max_turns: u32,
    /// Worker threads asked for (`None`: one per core).
    pub threads: Option<usize>,
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
