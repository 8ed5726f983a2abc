//! The statistics a tournament reports, each with its 95 % interval, so
//! that a difference is only called one when the games settle it: a score
//! or a seat's share of the wins (Wilson's interval), ratings fitted to
//! every game (Bradley–Terry by maximum likelihood, on the Elo scale), and
//! game lengths kept as a histogram (exact quartiles, memory flat however
//! many games).

/// The normal quantile of a two-sided 95 % interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Elo points per unit of the Bradley–Terry strength (a strength lead of
/// 1 wins 73 % of the games; 400 Elo points win 91 %).
pub const ELO_PER_UNIT: f64 = 400.0 / std::f64::consts::LN_10;

/// The mean rating of the bots of a tournament.
pub const MEAN_RATING: f64 = 1500.0;

/// A figure and its 95 % interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The best estimate.
    pub value: f64,
    /// The interval's low end.
    pub low: f64,
    /// The interval's high end.
    pub high: f64,
}

impl Estimate {
    /// Whether the interval holds `x`: the figure is not told from `x` by
    /// the games played.
    pub fn holds(&self, x: f64) -> bool {
        self.low <= x && x <= self.high
    }

    /// The figure and its interval in percent: `52.3 % (45.4–59.1)`.
    pub fn percent(&self) -> String {
        format!(
            "{:.1} % ({:.1}–{:.1})",
            100.0 * self.value,
            100.0 * self.low,
            100.0 * self.high
        )
    }
}

/// The share `successes / trials` with Wilson's 95 % score interval, which
/// stays inside 0..=1 and behaves at 0 and at all (a wins-only pairing).
/// Fractions count: a shared win or a draw is part of a success. No trial:
/// the interval is all of 0..=1.
pub fn wilson(successes: f64, trials: f64) -> Estimate {
    if trials <= 0.0 {
        return Estimate {
            value: 0.5,
            low: 0.0,
            high: 1.0,
        };
    }
    let p = (successes / trials).clamp(0.0, 1.0);
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * trials)) / (1.0 + z2 / trials);
    let half =
        Z95 / (1.0 + z2 / trials) * (p * (1.0 - p) / trials + z2 / (4.0 * trials * trials)).sqrt();
    Estimate {
        value: p,
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

/// Game lengths in turns, as a histogram: how many games lasted each
/// number of turns.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Lengths {
    counts: Vec<u64>,
}

impl Lengths {
    /// Counts one game of `turns` turns.
    pub fn add(&mut self, turns: u32) {
        let t = turns as usize;
        if self.counts.len() <= t {
            self.counts.resize(t + 1, 0);
        }
        self.counts[t] += 1;
    }

    /// Adds another histogram's games.
    pub fn merge(&mut self, other: &Lengths) {
        if self.counts.len() < other.counts.len() {
            self.counts.resize(other.counts.len(), 0);
        }
        for (mine, theirs) in self.counts.iter_mut().zip(&other.counts) {
            *mine += theirs;
        }
    }

    /// The games counted.
    pub fn games(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The mean length (0 with no game).
    pub fn mean(&self) -> f64 {
        let games = self.games();
        if games == 0 {
            return 0.0;
        }
        let turns: u64 = self
            .counts
            .iter()
            .enumerate()
            .map(|(t, &n)| t as u64 * n)
            .sum();
        turns as f64 / games as f64
    }

    /// The length below which a share `q` (0..=1) of the games lie: the
    /// lowest length whose games, with the shorter ones, reach `q` of all
    /// (0 with no game).
    pub fn quantile(&self, q: f64) -> u32 {
        let games = self.games();
        let wanted = (q.clamp(0.0, 1.0) * games as f64).ceil().max(1.0) as u64;
        let mut seen = 0;
        for (t, &n) in self.counts.iter().enumerate() {
            seen += n;
            if seen >= wanted {
                return t as u32;
            }
        }
        0
    }
}

/// The games two bots played against each other, for the ratings:
/// `a`'s score counts a win 1, a draw or a shared win its part.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Meeting {
    /// One bot, by its index among the tournament's bots.
    pub a: usize,
    /// The other.
    pub b: usize,
    /// Games played.
    pub games: f64,
    /// `a`'s score over those games (`b`'s is `games - score`).
    pub score: f64,
}

/// Ratings of `bots` bots on the Elo scale (their mean is
/// [`MEAN_RATING`]) with 95 % intervals, fitted by maximum likelihood to
/// the Bradley–Terry model (a bot of strength `s` beats one of strength
/// `t` with odds `e^(s − t)`) over every meeting. Each pair of bots that
/// met is given one drawn game more than it played, a weak prior that
/// keeps a bot that won every game at a finite rating. The intervals come
/// from the fit's Fisher information (its inverse, under the constraint
/// that the strengths sum to zero).
pub fn ratings(bots: usize, meetings: &[Meeting]) -> Vec<Estimate> {
    if bots == 0 {
        return Vec::new();
    }
    let meetings: Vec<Meeting> = meetings
        .iter()
        .filter(|m| m.a != m.b && m.a < bots && m.b < bots && m.games > 0.0)
        .map(|m| Meeting {
            games: m.games + 1.0,
            score: m.score + 0.5,
            ..*m
        })
        .collect();
    let mut strength = vec![0.0; bots];
    let mut covariance = vec![vec![0.0; bots]; bots];
    for _ in 0..100 {
        let (gradient, information) = gradient_and_information(&strength, &meetings);
        covariance = constrained_inverse(&information);
        let step: Vec<f64> = (0..bots)
            .map(|i| (0..bots).map(|j| covariance[i][j] * gradient[j]).sum())
            .collect();
        let size = step.iter().fold(0.0f64, |m, s| m.max(s.abs()));
        for (s, d) in strength.iter_mut().zip(&step) {
            *s += d.clamp(-2.0, 2.0);
        }
        if size < 1e-10 {
            break;
        }
    }
    let (_, information) = gradient_and_information(&strength, &meetings);
    covariance = if meetings.is_empty() {
        covariance
    } else {
        constrained_inverse(&information)
    };
    (0..bots)
        .map(|i| {
            let value = MEAN_RATING + ELO_PER_UNIT * strength[i];
            let half = Z95 * ELO_PER_UNIT * covariance[i][i].max(0.0).sqrt();
            Estimate {
                value,
                low: value - half,
                high: value + half,
            }
        })
        .collect()
}

/// The log-likelihood's gradient and the Fisher information at
/// `strength` (a weighted graph Laplacian: its rows sum to zero).
fn gradient_and_information(strength: &[f64], meetings: &[Meeting]) -> (Vec<f64>, Vec<Vec<f64>>) {
    let n = strength.len();
    let mut gradient = vec![0.0; n];
    let mut information = vec![vec![0.0; n]; n];
    for m in meetings {
        let p = 1.0 / (1.0 + (strength[m.b] - strength[m.a]).exp());
        let surprise = m.score - m.games * p;
        gradient[m.a] += surprise;
        gradient[m.b] -= surprise;
        let w = m.games * p * (1.0 - p);
        information[m.a][m.a] += w;
        information[m.b][m.b] += w;
        information[m.a][m.b] -= w;
        information[m.b][m.a] -= w;
    }
    (gradient, information)
}

/// The inverse of a Laplacian-like information matrix on the strengths
/// that sum to zero: `(F + J/n)⁻¹ − J/n`, `J` all ones. Bots that met
/// nobody get a wide interval rather than a failure.
fn constrained_inverse(information: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let n = information.len();
    let k = 1.0 / n as f64;
    let mut m: Vec<Vec<f64>> = information
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let mut row: Vec<f64> = row.iter().map(|x| x + k).collect();
            // A bot that met nobody: a huge variance, not a singular matrix.
            if information[i][i] == 0.0 && n > 1 {
                row[i] += 1e-6;
            }
            row
        })
        .collect();
    let mut inverse = invert(&mut m);
    for row in &mut inverse {
        for x in row.iter_mut() {
            *x -= k;
        }
    }
    inverse
}

/// Gauss–Jordan inversion with partial pivoting of a small symmetric
/// positive matrix (it is: the information plus `J/n`).
fn invert(m: &mut [Vec<f64>]) -> Vec<Vec<f64>> {
    let n = m.len();
    let mut inv: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| f64::from(u8::from(i == j))).collect())
        .collect();
    for col in 0..n {
        let pivot = (col..n)
            .max_by(|&a, &b| m[a][col].abs().total_cmp(&m[b][col].abs()))
            .unwrap_or(col);
        m.swap(col, pivot);
        inv.swap(col, pivot);
        let p = m[col][col];
        if p.abs() < 1e-300 {
            continue;
        }
        for j in 0..n {
            m[col][j] /= p;
            inv[col][j] /= p;
        }
        for r in 0..n {
            if r != col {
                let f = m[r][col];
                if f != 0.0 {
                    for j in 0..n {
                        m[r][j] -= f * m[col][j];
                        inv[r][j] -= f * inv[col][j];
                    }
                }
            }
        }
    }
    inv
}

#[cfg(test)]
mod tests;
