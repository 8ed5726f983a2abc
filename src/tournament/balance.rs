//! `tinbots balance`: does a variant change the game? The base game and
//! each variant asked for (an arm each) play the same seeded tournament
//! with the same bots ([`Tournament::run`], so the schedule, the seats'
//! rotation and the pool are the tournament's), and each arm's games are
//! summed up: their length, how many hit the turn limit, each seat's share
//! of the wins with its 95 % interval (the first seat's edge), the
//! winner's margin where the game keeps a score, and how the games ended.
//! [`super::plot`] draws the same figures as an SVG report.

use std::fmt::Write as _;

use super::rows::GameRow;
use super::stats::{self, Estimate, Lengths};
use super::{Run, Tournament, TournamentError};
use crate::bot::BotSpec;

/// What `--variant none` names: the game without variants.
pub const BASE: &str = "none";

/// One arm of a comparison: the game with these variants, or under this
/// reading of a disputed rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arm {
    /// As shown: `base game`, the variants joined by `+`, or a reading's
    /// pin (`droids.killer-pace=per-round`).
    pub label: String,
    /// The variants played (none for the base game).
    pub variants: Vec<String>,
    /// The readings chosen (`ID=READING`) over those every arm plays.
    pub rulings: Vec<String>,
}

impl Arm {
    /// The arms `--variant` asks for, in order: each value is a variant,
    /// several played together joined by `+` (`a+b`), or `none` for the
    /// base game. The base game comes first unless `none` places it.
    pub fn from_flags(given: &[String]) -> Vec<Arm> {
        let mut arms: Vec<Arm> = given
            .iter()
            .map(|v| {
                let variants: Vec<String> = v
                    .split('+')
                    .map(str::trim)
                    .filter(|n| !n.is_empty() && *n != BASE)
                    .map(String::from)
                    .collect();
                Arm::of(variants)
            })
            .collect();
        if !arms.iter().any(|a| a.variants.is_empty()) {
            arms.insert(0, Arm::of(vec![]));
        }
        arms
    }

    /// An arm per reading of `dispute`, the default first (`balance
    /// --readings ID`): does the reading change who wins?
    pub fn readings(dispute: &crate::engine::Dispute) -> Vec<Arm> {
        dispute
            .readings
            .iter()
            .map(|r| {
                let pin = format!("{}={}", dispute.id, r.name);
                Arm {
                    label: pin.clone(),
                    variants: Vec::new(),
                    rulings: vec![pin],
                }
            })
            .collect()
    }

    fn of(variants: Vec<String>) -> Arm {
        let label = if variants.is_empty() {
            "base game".to_string()
        } else {
            variants.join("+")
        };
        Arm {
            label,
            variants,
            rulings: Vec::new(),
        }
    }
}

/// A comparison: the tournament every arm plays (its options' variants
/// are replaced by the arm's) and the arms.
#[derive(Clone, Debug)]
pub struct Balance {
    /// The games each arm plays: bots, players, games, seed, turn limit.
    pub tournament: Tournament,
    /// The arms compared, in order.
    pub arms: Vec<Arm>,
}

/// One arm's games and their figures.
#[derive(Clone, Debug, PartialEq)]
pub struct ArmResult {
    /// The arm.
    pub arm: Arm,
    /// Every game's row, in the schedule's order.
    pub rows: Vec<GameRow>,
    /// The figures of those games.
    pub summary: Summary,
}

/// The figures of one arm's games.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// Games played.
    pub games: u64,
    /// Their lengths in turns.
    pub lengths: Lengths,
    /// Games stopped at the turn limit.
    pub turn_limit: u64,
    /// Each seat, by colour in seat order, with its share of the wins (a
    /// shared win split between the winners) and its 95 % interval.
    pub seats: Vec<(String, Estimate)>,
    /// The winner's mean margin over the games that have one (see
    /// [`GameRow::margin`]), and how many did.
    pub margin: Option<(f64, u64)>,
    /// How the games ended (colours replaced by `a player`), with how
    /// many ended so, the most frequent first.
    pub endings: Vec<(String, u64)>,
}

impl Summary {
    /// The figures of `rows`.
    pub fn of(rows: &[GameRow]) -> Summary {
        let mut lengths = Lengths::default();
        let seat_names: Vec<String> = rows.first().map(|r| r.seats.clone()).unwrap_or_default();
        let mut wins = vec![0.0; seat_names.len()];
        let mut margins = (0i64, 0u64);
        let mut endings: Vec<(String, u64)> = Vec::new();
        for row in rows {
            lengths.add(row.turns);
            let winners: Vec<usize> = row
                .winners
                .iter()
                .filter_map(|w| row.seats.iter().position(|s| s == w))
                .collect();
            for &w in &winners {
                if let Some(share) = wins.get_mut(w) {
                    *share += 1.0 / winners.len() as f64;
                }
            }
            if let Some(m) = row.margin {
                margins.0 += m;
                margins.1 += 1;
            }
            let ending = ending(&row.ending, &row.seats);
            match endings.iter_mut().find(|(e, _)| *e == ending) {
                Some((_, n)) => *n += 1,
                None => endings.push((ending, 1)),
            }
        }
        endings.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        let games = rows.len() as u64;
        Summary {
            games,
            turn_limit: rows.iter().filter(|r| r.turn_limit).count() as u64,
            seats: seat_names
                .into_iter()
                .zip(wins)
                .map(|(name, w)| (name, stats::wilson(w, games as f64)))
                .collect(),
            margin: (margins.1 > 0).then(|| (margins.0 as f64 / margins.1 as f64, margins.1)),
            endings,
            lengths,
        }
    }

    /// The first seat's share of the wins, with its interval.
    pub fn first_seat(&self) -> Option<Estimate> {
        self.seats.first().map(|(_, e)| *e)
    }
}

/// How a game ended, in words shared by every seat: each seat's colour in
/// `reason` (a whole word) becomes `a player`.
fn ending(reason: &str, seats: &[String]) -> String {
    let words: Vec<&str> = reason
        .split(' ')
        .map(|word| {
            let bare = word.trim_end_matches([',', '.', ':', ';']);
            if seats.iter().any(|s| s == bare) {
                "a player"
            } else {
                word
            }
        })
        .collect();
    words.join(" ")
}

impl Balance {
    /// Plays every arm's games with `bots` (one bot plays against itself),
    /// after checking that every arm's game can start, so that an unknown
    /// variant is refused before any game is played.
    pub fn run(&self, bots: &[BotSpec], progress: bool) -> Result<Vec<ArmResult>, TournamentError> {
        let bots: Vec<BotSpec> = match bots {
            [one] => vec![one.clone(), one.clone()],
            _ => bots.to_vec(),
        };
        if self.tournament.games == 0 {
            return Err(TournamentError::NoGames);
        }
        let tournaments: Vec<Tournament> = self.arms.iter().map(|a| self.of_arm(a)).collect();
        for (arm, t) in self.arms.iter().zip(&tournaments) {
            t.start(t.seed).map_err(|e| {
                let flag = if arm.rulings.is_empty() {
                    "--variant"
                } else {
                    "--readings"
                };
                TournamentError::Start(format!("{flag} {}: {e}", arm.label))
            })?;
        }
        let mut results = Vec::with_capacity(self.arms.len());
        for (arm, t) in self.arms.iter().zip(&tournaments) {
            let mut rows = Vec::new();
            let mut keep = |row: &GameRow| {
                rows.push(row.clone());
                Ok(())
            };
            let mut run = Run {
                progress,
                ..Run::quiet(&mut keep)
            };
            t.run(&bots, &mut run)?;
            let summary = Summary::of(&rows);
            results.push(ArmResult {
                arm: arm.clone(),
                rows,
                summary,
            });
        }
        Ok(results)
    }

    /// The tournament an arm plays: this one with the arm's variants, and
    /// its readings over the rulings every arm plays.
    fn of_arm(&self, arm: &Arm) -> Tournament {
        let mut t = self.tournament.clone();
        t.options.variants = arm.variants.clone();
        t.options.rulings.extend(arm.rulings.iter().cloned());
        t
    }
}

/// The terminal table: what was played, then one block per arm.
pub fn report(balance: &Balance, bots: &[BotSpec], results: &[ArmResult]) -> String {
    let t = &balance.tournament;
    let names: Vec<String> = bots.iter().map(BotSpec::name).collect();
    let mut out = format!(
        "Balance of {}: {}, {} players, {} games per pairing (seed {}, turn limit {})\n",
        t.game.title,
        names.join(" vs "),
        t.players,
        t.games,
        t.seed,
        t.max_turns
    );
    for r in results {
        let s = &r.summary;
        let l = &s.lengths;
        // Writing to a String cannot fail.
        let _ = writeln!(out, "\n{}", r.arm.label);
        let _ = writeln!(out, "  games            {}", s.games);
        let _ = writeln!(
            out,
            "  length           mean {:.1}, median {}, quartiles {}-{} turns",
            l.mean(),
            l.quantile(0.5),
            l.quantile(0.25),
            l.quantile(0.75)
        );
        let _ = writeln!(
            out,
            "  turn limit       {} of {} games",
            s.turn_limit, s.games
        );
        if let Some(first) = s.first_seat() {
            let settled = if first.holds(1.0 / s.seats.len() as f64) {
                "not told from an even share"
            } else {
                "a real edge"
            };
            let _ = writeln!(out, "  first seat wins  {} ({settled})", first.percent());
        }
        let seats: Vec<String> = s
            .seats
            .iter()
            .map(|(name, e)| format!("{name} {}", e.percent()))
            .collect();
        let _ = writeln!(out, "  seat wins        {}", seats.join(", "));
        let margin = match s.margin {
            Some((mean, games)) => format!("mean {mean:.1} over {games} games"),
            None => "none (no lone winner with a score)".to_string(),
        };
        let _ = writeln!(out, "  winner's margin  {margin}");
        let endings: Vec<String> = s.endings.iter().map(|(e, n)| format!("{n} {e}")).collect();
        let _ = writeln!(out, "  endings          {}", endings.join("; "));
    }
    out
}

#[cfg(test)]
mod tests;
