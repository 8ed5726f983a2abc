//! A tournament's results in words and figures: one line per pairing (its
//! wins, draws, A's score and the first seat's share with their 95 %
//! intervals, the games' lengths), the bots' ratings, and what the games
//! settle, said in words: a difference whose interval holds the even
//! figure is called not significant.

use super::stats::{ratings, Estimate, Meeting};
use super::{PairingResult, Tournament};

/// The results as a table, one line per pairing, then the ratings and the
/// verdicts.
pub fn report(t: &Tournament, results: &[PairingResult]) -> String {
    let mut s = format!(
        "{}, {} games per pairing, seats rotated, deals from seed {}{}{}\n",
        crate::wording::count(t.players, "player"),
        t.games,
        t.seed,
        if t.options.variants.is_empty() {
            String::new()
        } else {
            format!(", variants {}", t.options.variants.join(", "))
        },
        if t.options.rulings.is_empty() {
            String::new()
        } else {
            format!(", rulings {}", t.options.rulings.join(", "))
        }
    );
    s += &format!(
        "{:<28} {:>13} {:>6}  {:<22} {:<22} {}\n",
        "pairing (A vs B)",
        "wins A - B",
        "draws",
        "A's score (95 %)",
        "first seat (95 %)",
        "turns: mean, median (quartiles)"
    );
    for r in results {
        let l = &r.lengths;
        s += &format!(
            "{:<28} {:>6.1} - {:<5.1} {:>6}  {:<22} {:<22} {:.1}, {} ({}–{}){}\n",
            format!("{} vs {}", r.names[0], r.names[1]),
            r.wins[0],
            r.wins[1],
            trim(r.draws()),
            r.score().percent(),
            r.first_seat().percent(),
            l.mean(),
            l.quantile(0.5),
            l.quantile(0.25),
            l.quantile(0.75),
            if r.turn_limit > 0 {
                format!(
                    "; {} of {} games stopped at the turn limit",
                    r.turn_limit, r.games
                )
            } else {
                String::new()
            }
        );
    }
    s += &ratings_section(results);
    s += "what the games settle (95 %):\n";
    for r in results {
        s += &format!("  {}\n", verdict(r));
        s += &format!("  {}\n", seat_verdict(r, t.players));
    }
    s
}

/// A count of games to one decimal, with none when it is whole: `3`,
/// `2.5` (shared wins leave sums like 2.9999999).
fn trim(x: f64) -> String {
    // `+ 0.0` turns a negative zero (a sum a hair below 0) into 0.
    let tenths = (x * 10.0).round() / 10.0 + 0.0;
    if tenths.fract() == 0.0 {
        format!("{tenths:.0}")
    } else {
        format!("{tenths:.1}")
    }
}

/// Every bot's name (by its place among the tournament's bots) and
/// rating over every pairing.
pub(crate) fn bot_ratings(results: &[PairingResult]) -> (Vec<&str>, Vec<Estimate>) {
    let mut names: Vec<&str> = Vec::new();
    for r in results {
        for (k, &b) in r.bots.iter().enumerate() {
            if names.len() <= b {
                names.resize(b + 1, "?");
            }
            names[b] = &r.names[k];
        }
    }
    let meetings: Vec<Meeting> = results
        .iter()
        .map(|r| Meeting {
            a: r.bots[0],
            b: r.bots[1],
            games: f64::from(r.games),
            score: r.wins[0] + r.draws() / 2.0,
        })
        .collect();
    let rated = ratings(names.len(), &meetings);
    (names, rated)
}

/// The bots' ratings over every pairing, best first.
fn ratings_section(results: &[PairingResult]) -> String {
    let (names, rated) = bot_ratings(results);
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_by(|&a, &b| rated[b].value.total_cmp(&rated[a].value));
    let width = names.iter().map(|n| n.len()).max().unwrap_or(0);
    let mut s = String::from(
        "ratings (Bradley–Terry fitted to every game, Elo scale, mean 1500; 95 % intervals):\n",
    );
    for (place, &b) in order.iter().enumerate() {
        let e = rated[b];
        s += &format!(
            "  {:>2}. bot {} {:<width$} {:>5.0} ({:.0}–{:.0})\n",
            place + 1,
            b + 1,
            names[b],
            e.value,
            e.low,
            e.high
        );
    }
    s
}

/// Which bot of a pairing the games show to be the stronger, or that
/// they do not tell.
fn verdict(r: &PairingResult) -> String {
    let score = r.score();
    let [a, b] = [&r.names[0], &r.names[1]];
    if score.low > 0.5 {
        format!(
            "{a} vs {b}: {a} is the stronger (its score, {}, lies above 50 %)",
            score.percent()
        )
    } else if score.high < 0.5 {
        format!(
            "{a} vs {b}: {b} is the stronger ({a}'s score, {}, lies below 50 %)",
            score.percent()
        )
    } else {
        format!(
            "{a} vs {b}: not significant: {a}'s score, {}, holds 50 % (more games may tell)",
            score.percent()
        )
    }
}

/// Whether the first seat wins more (or less) than its share.
fn seat_verdict(r: &PairingResult, players: usize) -> String {
    let even = 1.0 / players.max(1) as f64;
    let seat = r.first_seat();
    let [a, b] = [&r.names[0], &r.names[1]];
    let even_text = format!("{:.1} %, one seat's share of {players}", 100.0 * even);
    if seat.holds(even) {
        format!(
            "{a} vs {b}: the first seat has no significant edge (its wins, {}, hold {even_text})",
            seat.percent()
        )
    } else {
        let way = if seat.low > even {
            "an edge"
        } else {
            "a handicap"
        };
        format!(
            "{a} vs {b}: the first seat has {way} (its wins, {}, against {even_text})",
            seat.percent()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::trim;

    #[test]
    fn game_counts_show_no_needless_decimals() {
        assert_eq!(trim(3.0 - 2.7 - 0.3), "0");
        assert_eq!(trim(2.5), "2.5");
        assert_eq!(trim(7.0), "7");
        assert_eq!(trim(1.0 / 3.0), "0.3");
    }
}
