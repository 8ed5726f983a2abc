//! Splitting a tournament between machines: `--shard I/N` plays the
//! games of the schedule whose place modulo `N` is `I - 1` (the parts are
//! disjoint, cover the schedule and are of sizes within one of each
//! other), and [`merge`] adds the shards' JSON rows files back into the
//! figures one machine would have found. The sums are exact (see
//! [`super::tally`]), so the merged report is the single run's, byte for
//! byte.

use crate::registry::Games;
use std::collections::{BTreeMap, HashSet};
use std::fmt;
use std::path::PathBuf;

use super::rows::{GameRow, Header};
use super::tally::Tally;
use super::verify;
use super::{PairingResult, Tournament};

/// The part `index` (from 1) of `count` of a schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which part, from 1.
    pub index: u32,
    /// Of how many.
    pub count: u32,
}

impl Shard {
    /// The whole schedule: part 1 of 1.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// `I/N`, with `1 <= I <= N`.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let wrong =
            || format!("`{text}`: expected I/N, the I-th part of N (1 <= I <= N), such as 2/8");
        let (i, n) = text.split_once('/').ok_or_else(wrong)?;
        let index: u32 = i.trim().parse().map_err(|_| wrong())?;
        let count: u32 = n.trim().parse().map_err(|_| wrong())?;
        if index == 0 || index > count {
            return Err(wrong());
        }
        Ok(Shard { index, count })
    }

    /// Whether the game at place `k` of the schedule is this part's.
    pub fn holds(&self, k: u64) -> bool {
        k % u64::from(self.count) == u64::from(self.index - 1)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Why shard files could not be merged: each names the file, and the
/// line where one is to blame.
#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    /// A file could not be read.
    #[error("{file}: {cause}")]
    Read {
        /// The file.
        file: String,
        /// Why.
        cause: std::io::Error,
    },
    /// A line is not what a rows file holds.
    #[error("{file}:{line}: {cause}")]
    Line {
        /// The file.
        file: String,
        /// The line, from 1.
        line: usize,
        /// What is wrong with it.
        cause: String,
    },
    /// The files do not make up one whole tournament.
    #[error("{0}")]
    Mismatch(String),
}

/// The tournament that shard files make up, and its figures.
#[derive(Debug)]
pub struct Merged {
    /// The tournament, as its headers say (one thread).
    pub tournament: Tournament,
    /// Each pairing's figures, as the single run would have found them.
    pub results: Vec<PairingResult>,
}

/// Adds up the JSON rows files of the shards of one tournament (written
/// with `--shard I/N --format json`), checking that they come from the
/// same tournament, that every shard is there once, that every game of
/// the schedule is there once, and that every row is the game of the
/// schedule it claims to be and adds up ([`super::verify`]). Nothing is
/// sized from a header before its counts are checked, and what is kept
/// grows with the rows read, not with the counts a header claims.
pub fn merge(games: &Games, files: &[PathBuf]) -> Result<Merged, MergeError> {
    let mut first: Option<Opened> = None;
    // The shards given, by index, with the file that gave each.
    let mut shards_seen: BTreeMap<u32, (String, PathBuf)> = BTreeMap::new();
    let mut tallies: Vec<Tally> = Vec::new();
    // The places in the schedule of the games read.
    let mut seen: HashSet<u64> = HashSet::new();
    for path in files {
        let shown = crate::escape::terminal(&path.display().to_string()).into_owned();
        let at = |line: usize, cause: String| MergeError::Line {
            file: shown.clone(),
            line,
            cause,
        };
        let text = crate::files::read_text(path, crate::files::FileKind::Rows).map_err(|e| {
            MergeError::Read {
                file: shown.clone(),
                cause: std::io::Error::other(e.reason()),
            }
        })?;
        let mut lines = text.lines();
        let header_text = lines.next().ok_or_else(|| {
            at(
                1,
                "empty: expected the tournament line of a JSON rows file (--format json)".into(),
            )
        })?;
        let header = verify::read_header(header_text).map_err(|e| at(1, e))?;
        let shard = Shard::parse(&header.shard).map_err(|e| at(1, format!("shard: {e}")))?;
        let opened = match &first {
            None => {
                let tournament = verify::tournament_of(games, &header).map_err(|e| at(1, e))?;
                let n = header.bots.len();
                let pairings: Vec<[usize; 2]> = (0..n)
                    .flat_map(|i| (i + 1..n).map(move |j| [i, j]))
                    .collect();
                tallies = vec![Tally::default(); pairings.len()];
                first.insert(Opened {
                    header: header.clone(),
                    file: shown.clone(),
                    tournament,
                    pairings,
                    shards: shard.count,
                })
            }
            Some(opened) => {
                let from = &opened.file;
                if let Some(field) = differing_field(&opened.header, &header) {
                    return Err(MergeError::Mismatch(format!(
                        "{shown} and {from} come from different tournaments: their {field} differ"
                    )));
                }
                if opened.shards != shard.count {
                    return Err(MergeError::Mismatch(format!(
                        "{shown} is a shard of {} parts, {from} of {}",
                        shard.count, opened.shards
                    )));
                }
                opened
            }
        };
        if let Some((earlier, earlier_path)) = shards_seen.get(&shard.index) {
            let also = if same_file(earlier_path, path) {
                format!("{earlier} is the same file")
            } else {
                format!("{earlier} claims it too")
            };
            return Err(MergeError::Mismatch(format!(
                "{shown}: shard {shard} is given twice ({also})"
            )));
        }
        shards_seen.insert(shard.index, (shown.clone(), path.clone()));
        let schedule = verify::Schedule {
            tournament: &opened.tournament,
            bots: &opened.header.bots,
            pairings: &opened.pairings,
        };
        for (n, line) in lines.enumerate() {
            let line_no = n + 2;
            if line.trim().is_empty() {
                continue;
            }
            let row: GameRow =
                serde_json::from_str(line).map_err(|e| at(line_no, e.to_string()))?;
            let k = schedule.place(&row).map_err(|e| at(line_no, e))?;
            if !shard.holds(k) {
                return Err(at(
                    line_no,
                    format!(
                        "pairing {} game {}: not a game of shard {shard}",
                        row.pairing, row.game
                    ),
                ));
            }
            let score = schedule.check(&row).map_err(|e| at(line_no, e))?;
            if !seen.insert(k) {
                return Err(at(
                    line_no,
                    format!("pairing {} game {}: given twice", row.pairing, row.game),
                ));
            }
            tallies[row.pairing].add(&score);
        }
    }
    let Some(opened) = first else {
        return Err(MergeError::Mismatch("no shard file given".into()));
    };
    // The first index missing is at most one past the shards given.
    if let Some(missing) = (1..=opened.shards).find(|i| !shards_seen.contains_key(i)) {
        return Err(MergeError::Mismatch(format!(
            "shard {missing}/{} is missing",
            opened.shards
        )));
    }
    let games = u64::from(opened.tournament.games);
    let scheduled = opened.pairings.len() as u64 * games;
    // Every game read is in the schedule and was read once: they are all
    // there when they are as many; else the first missing is at most one
    // past the games read.
    if (seen.len() as u64) < scheduled {
        let k = (0..scheduled)
            .find(|k| !seen.contains(k))
            .expect("fewer games read than scheduled");
        return Err(MergeError::Mismatch(format!(
            "pairing {} game {} is in no file: was a shard stopped early?",
            k / games,
            k % games
        )));
    }
    let header = &opened.header;
    let results = opened
        .pairings
        .iter()
        .zip(&tallies)
        .map(|(&[i, j], t)| t.result([i, j], [header.bots[i].clone(), header.bots[j].clone()]))
        .collect();
    Ok(Merged {
        tournament: opened.tournament,
        results,
    })
}

/// The first file of a merge: its header, the tournament it describes
/// and the schedule's pairings.
struct Opened {
    header: Header,
    /// How messages name it.
    file: String,
    tournament: Tournament,
    pairings: Vec<[usize; 2]>,
    /// Of how many shards.
    shards: u32,
}

/// Whether two paths name one file (under two names, or through a link).
fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// The first field (apart from the shard) in which two headers differ.
fn differing_field(a: &Header, b: &Header) -> Option<&'static str> {
    [
        ("version", a.version == b.version),
        ("game", a.game == b.game),
        ("bots", a.bots == b.bots),
        ("players", a.players == b.players),
        ("games", a.games == b.games),
        ("seed", a.seed == b.seed),
        ("max_turns", a.max_turns == b.max_turns),
        ("variants", a.variants == b.variants),
        ("options", a.options == b.options),
    ]
    .into_iter()
    .find(|(_, same)| !same)
    .map(|(field, _)| field)
}

#[cfg(test)]
mod tests;
