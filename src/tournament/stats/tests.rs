use super::*;

fn close(a: f64, b: f64, tolerance: f64) -> bool {
    (a - b).abs() <= tolerance
}

#[test]
fn wilson_intervals_match_the_textbook_values() {
    // Wilson's 95 % interval: 0 of 10 is 0–27.75 %; 5 of 10 is
    // 23.66–76.34 %; 200 of 200 is 98.12–100 %.
    let e = wilson(0.0, 10.0);
    assert_eq!((e.value, e.low), (0.0, 0.0));
    assert!(close(e.high, 0.2775, 1e-4), "{e:?}");
    let e = wilson(5.0, 10.0);
    assert!(
        close(e.low, 0.2366, 1e-4) && close(e.high, 0.7634, 1e-4),
        "{e:?}"
    );
    let e = wilson(200.0, 200.0);
    assert!(close(e.low, 0.9812, 1e-4) && e.high == 1.0, "{e:?}");
    assert!(e.holds(1.0) && !e.holds(0.5));
    // Fractions (shared wins, draws) count; no game says nothing.
    let e = wilson(2.5, 5.0);
    assert!(close(e.value, 0.5, 1e-12) && e.holds(0.5));
    assert_eq!((wilson(0.0, 0.0).low, wilson(0.0, 0.0).high), (0.0, 1.0));
    assert_eq!(wilson(5.0, 10.0).percent(), "50.0 % (23.7–76.3)");
}

#[test]
fn lengths_give_mean_median_and_quartiles_exactly() {
    let mut l = Lengths::default();
    for t in 1..=9 {
        l.add(t);
    }
    assert_eq!(l.games(), 9);
    assert!(close(l.mean(), 5.0, 1e-12));
    assert_eq!(
        (l.quantile(0.25), l.quantile(0.5), l.quantile(0.75)),
        (3, 5, 7)
    );
    assert_eq!((l.quantile(0.0), l.quantile(1.0)), (1, 9));
    let mut other = Lengths::default();
    other.add(30);
    l.merge(&other);
    assert_eq!((l.games(), l.quantile(1.0)), (10, 30));
    let empty = Lengths::default();
    assert_eq!(
        (empty.games(), empty.mean(), empty.quantile(0.5)),
        (0, 0.0, 0)
    );
}

#[test]
fn two_bots_are_rated_by_their_score_with_the_prior_draw() {
    // 60 to 40 over 100 games, with the prior's drawn game 60.5 to 40.5:
    // the odds 60.5 / 40.5 make 400 log10(60.5 / 40.5) = 69.7 Elo points.
    let r = ratings(
        2,
        &[Meeting {
            a: 0,
            b: 1,
            games: 100.0,
            score: 60.0,
        }],
    );
    let gap = r[0].value - r[1].value;
    assert!(close(gap, 400.0 * (60.5f64 / 40.5).log10(), 0.01), "{r:?}");
    assert!(close((r[0].value + r[1].value) / 2.0, MEAN_RATING, 1e-6));
    // The interval: about ±35 points for each (a gap's SE of ~35 split).
    let half = r[0].high - r[0].value;
    assert!(half > 20.0 && half < 50.0, "{r:?}");
    assert!(close(r[0].value - r[0].low, half, 1e-9));
}

#[test]
fn a_bot_that_won_every_game_gets_a_finite_rating() {
    let r = ratings(
        2,
        &[Meeting {
            a: 0,
            b: 1,
            games: 200.0,
            score: 200.0,
        }],
    );
    assert!(
        r.iter().all(|e| e.value.is_finite() && e.low.is_finite()),
        "{r:?}"
    );
    assert!(r[0].low > r[1].high, "a clear difference: {r:?}");
}

#[test]
fn three_bots_are_ordered_and_equal_ones_are_not_told_apart() {
    let m = |a, b, score| Meeting {
        a,
        b,
        games: 100.0,
        score,
    };
    let r = ratings(3, &[m(0, 1, 70.0), m(1, 2, 70.0), m(0, 2, 85.0)]);
    assert!(r[0].value > r[1].value && r[1].value > r[2].value, "{r:?}");
    let mean = r.iter().map(|e| e.value).sum::<f64>() / 3.0;
    assert!(close(mean, MEAN_RATING, 1e-6));
    let even = ratings(2, &[m(0, 1, 50.0)]);
    assert!(close(even[0].value, even[1].value, 1e-9) && even[0].holds(even[1].value));
}

#[test]
fn bots_that_met_nobody_stay_at_the_mean_with_no_failure() {
    assert!(ratings(0, &[]).is_empty());
    let r = ratings(3, &[]);
    assert!(
        r.iter()
            .all(|e| e.value == MEAN_RATING && e.low.is_finite()),
        "{r:?}"
    );
    let r = ratings(
        3,
        &[Meeting {
            a: 0,
            b: 1,
            games: 10.0,
            score: 5.0,
        }],
    );
    assert!(
        r.iter().all(|e| e.value.is_finite() && e.high.is_finite()),
        "{r:?}"
    );
    assert!(
        r[2].high - r[2].low > r[0].high - r[0].low,
        "the stranger is less known: {r:?}"
    );
}
