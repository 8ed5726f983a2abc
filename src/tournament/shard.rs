//! Splitting a tournament between machines: `--shard I/N` plays the
//! games of the schedule whose place modulo `N` is `I - 1` (the parts are
//! disjoint, cover the schedule and are of sizes within one of each
//! other), and [`merge`] adds the shards' JSON rows files back into the
//! figures one machine would have found. The sums are exact (see
//! [`super::tally`]), so the merged report is the single run's, byte for
//! byte.

use std::fmt;
use std::path::PathBuf;

use super::rows::{GameRow, Header, HeaderLine};
use super::tally::{units_of, GameScore, Tally};
use super::{PairingResult, Tournament};
use crate::engine::GameOptions;

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
/// same tournament, that every shard is there once and that every game of
/// the schedule is there once.
pub fn merge(files: &[PathBuf]) -> Result<Merged, MergeError> {
    let mut first: Option<(Header, String)> = None;
    let mut shards_seen: Vec<bool> = Vec::new();
    let mut tallies: Vec<Tally> = Vec::new();
    let mut seen: Vec<bool> = Vec::new();
    let mut pairings: Vec<[usize; 2]> = Vec::new();
    for path in files {
        let shown = path.display().to_string();
        let read = |cause| MergeError::Read {
            file: shown.clone(),
            cause,
        };
        let at = |line: usize, cause: String| MergeError::Line {
            file: shown.clone(),
            line,
            cause,
        };
        let text = crate::files::read_text(path, crate::files::FileKind::Rows)
            .map_err(|e| read(std::io::Error::other(e.reason())))?;
        let mut lines = text.lines();
        let header_text = lines.next().ok_or_else(|| {
            at(
                1,
                "empty: expected the tournament line of a JSON rows file (--format json)".into(),
            )
        })?;
        let header: Header = serde_json::from_str::<HeaderLine>(header_text)
            .map_err(|e| {
                at(
                    1,
                    format!(
                        "expected the tournament line of a JSON rows file (--format json): {e}"
                    ),
                )
            })?
            .tournament;
        let shard = Shard::parse(&header.shard).map_err(|e| at(1, format!("shard: {e}")))?;
        match &first {
            None => {
                let n = header.bots.len();
                for i in 0..n {
                    for j in i + 1..n {
                        pairings.push([i, j]);
                    }
                }
                tallies = vec![Tally::default(); pairings.len()];
                seen = vec![false; pairings.len() * header.games as usize];
                shards_seen = vec![false; shard.count as usize];
                first = Some((header.clone(), shown.clone()));
            }
            Some((h, from)) => {
                if let Some(field) = differing_field(h, &header) {
                    return Err(MergeError::Mismatch(format!(
                        "{shown} and {from} come from different tournaments: their {field} differ"
                    )));
                }
                if shards_seen.len() != shard.count as usize {
                    return Err(MergeError::Mismatch(format!(
                        "{shown} is a shard of {} parts, {from} of {}",
                        shard.count,
                        shards_seen.len()
                    )));
                }
            }
        }
        let slot = &mut shards_seen[shard.index as usize - 1];
        if *slot {
            return Err(MergeError::Mismatch(format!(
                "{shown}: shard {shard} is given twice"
            )));
        }
        *slot = true;
        for (n, line) in lines.enumerate() {
            let line_no = n + 2;
            if line.trim().is_empty() {
                continue;
            }
            let row: GameRow =
                serde_json::from_str(line).map_err(|e| at(line_no, e.to_string()))?;
            let games = header.games;
            if row.pairing >= pairings.len() || row.game >= games {
                return Err(at(
                    line_no,
                    format!(
                        "pairing {} game {}: not in the schedule ({} pairings of {games} games)",
                        row.pairing,
                        row.game,
                        pairings.len()
                    ),
                ));
            }
            let k = row.pairing as u64 * u64::from(games) + u64::from(row.game);
            if !shard.holds(k) {
                return Err(at(
                    line_no,
                    format!(
                        "pairing {} game {}: not a game of shard {shard}",
                        row.pairing, row.game
                    ),
                ));
            }
            if std::mem::replace(&mut seen[k as usize], true) {
                return Err(at(
                    line_no,
                    format!("pairing {} game {}: given twice", row.pairing, row.game),
                ));
            }
            tallies[row.pairing].add(&GameScore {
                wins: [units_of(row.score[0]), units_of(row.score[1])],
                first_seat: units_of(row.first_seat),
                turns: row.turns,
                turn_limit: row.turn_limit,
            });
        }
    }
    let Some((header, _)) = first else {
        return Err(MergeError::Mismatch("no shard file given".into()));
    };
    if let Some(missing) = shards_seen.iter().position(|s| !s) {
        return Err(MergeError::Mismatch(format!(
            "shard {}/{} is missing",
            missing + 1,
            shards_seen.len()
        )));
    }
    if let Some(k) = seen.iter().position(|s| !s) {
        let games = header.games as usize;
        return Err(MergeError::Mismatch(format!(
            "pairing {} game {} is in no file: was a shard stopped early?",
            k / games,
            k % games
        )));
    }
    let tournament = tournament_of(&header).map_err(MergeError::Mismatch)?;
    let results = pairings
        .iter()
        .zip(&tallies)
        .map(|(&[i, j], t)| t.result([i, j], [header.bots[i].clone(), header.bots[j].clone()]))
        .collect();
    Ok(Merged {
        tournament,
        results,
    })
}

/// The first field (apart from the shard) in which two headers differ.
fn differing_field(a: &Header, b: &Header) -> Option<&'static str> {
    [
        ("game", a.game == b.game),
        ("bots", a.bots == b.bots),
        ("players", a.players == b.players),
        ("games", a.games == b.games),
        ("seed", a.seed == b.seed),
        ("max_turns", a.max_turns == b.max_turns),
        ("variants", a.variants == b.variants),
        ("course", a.course == b.course),
    ]
    .into_iter()
    .find(|(_, same)| !same)
    .map(|(field, _)| field)
}

/// The tournament a header describes.
fn tournament_of(header: &Header) -> Result<Tournament, String> {
    Ok(Tournament {
        game: crate::games::find(&header.game)?,
        options: GameOptions {
            variants: header.variants.clone(),
            course: header.course.clone(),
            ..GameOptions::default()
        },
        players: header.players,
        games: header.games,
        seed: header.seed,
        max_turns: header.max_turns,
        threads: 1,
    })
}

#[cfg(test)]
mod tests;
