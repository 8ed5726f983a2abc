//! Balance runs checked against their own games' rows.

use super::*;
use crate::engine::GameOptions;

fn balance(games: u32, flags: &[&str]) -> Balance {
    let flags: Vec<String> = flags.iter().map(|f| f.to_string()).collect();
    Balance {
        tournament: Tournament {
            game: crate::games::default_game(),
            options: GameOptions::default(),
            players: 2,
            games,
            seed: 3,
            max_turns: 40,
            threads: 2,
        },
        arms: Arm::from_flags(&flags),
    }
}

/// The length below which a share `q` of `turns` lie, counted here from
/// the sorted lengths (the `q`-th of them, rounded up).
fn quantile(turns: &[u32], q: f64) -> u32 {
    let mut sorted = turns.to_vec();
    sorted.sort_unstable();
    let at = ((q * sorted.len() as f64).ceil() as usize).max(1) - 1;
    sorted[at]
}

#[test]
fn the_base_game_comes_first_unless_none_places_it() {
    let labels = |flags: &[&str]| -> Vec<String> {
        balance(1, flags)
            .arms
            .into_iter()
            .map(|a| a.label)
            .collect()
    };
    assert_eq!(labels(&[]), ["base game"]);
    assert_eq!(labels(&["simplified"]), ["base game", "simplified"]);
    assert_eq!(labels(&["simplified", "none"]), ["simplified", "base game"]);
    let together = Arm::from_flags(&["simplified+no-score-victory".to_string()]);
    assert_eq!(together[1].variants, ["simplified", "no-score-victory"]);
}

#[test]
fn the_table_gives_the_figures_of_the_games_played() {
    let b = balance(6, &["simplified"]);
    let results = b.run(&[BotSpec::Random], false).unwrap();
    assert_eq!(results.len(), 2);
    let text = report(&b, &[BotSpec::Random], &results);
    for r in &results {
        assert_eq!(r.rows.len(), 6, "{}", r.arm.label);
        assert!(r.rows.iter().all(|row| row.variants == r.arm.variants));
        let s = &r.summary;
        let turns: Vec<u32> = r.rows.iter().map(|row| row.turns).collect();
        let mean = f64::from(turns.iter().sum::<u32>()) / 6.0;
        assert_eq!(s.games, 6);
        assert!((s.lengths.mean() - mean).abs() < 1e-9);
        assert_eq!(s.lengths.quantile(0.5), quantile(&turns, 0.5));
        assert_eq!(s.lengths.quantile(0.25), quantile(&turns, 0.25));
        let limit = r.rows.iter().filter(|row| row.turn_limit).count() as u64;
        assert_eq!(s.turn_limit, limit);
        // The first seat's wins, a shared win split, counted from the rows.
        let first: f64 = r
            .rows
            .iter()
            .filter(|row| row.winners.contains(&row.seats[0]))
            .map(|row| 1.0 / row.winners.len() as f64)
            .sum();
        let estimate = stats::wilson(first, 6.0);
        assert_eq!(s.first_seat(), Some(estimate));
        let block = format!(
            "{}\n  games            6\n  length           mean {mean:.1}, median {}, quartiles {}-{} turns\n  turn limit       {limit} of 6 games\n  first seat wins  {}",
            r.arm.label,
            quantile(&turns, 0.5),
            quantile(&turns, 0.25),
            quantile(&turns, 0.75),
            estimate.percent()
        );
        assert!(text.contains(&block), "no\n{block}\nin\n{text}");
        let ended: u64 = s.endings.iter().map(|(_, n)| n).sum();
        assert_eq!(ended, 6);
        let margins: Vec<i64> = r.rows.iter().filter_map(|row| row.margin).collect();
        match s.margin {
            Some((m, n)) => {
                assert_eq!(n as usize, margins.len());
                let mean = margins.iter().sum::<i64>() as f64 / margins.len() as f64;
                assert!((m - mean).abs() < 1e-9);
            }
            None => assert!(margins.is_empty()),
        }
    }
}

#[test]
fn an_unknown_variant_or_no_games_is_refused_before_playing() {
    let err = balance(2, &["no-such-variant"])
        .run(&[BotSpec::Random], false)
        .unwrap_err()
        .to_string();
    assert!(err.contains("--variant no-such-variant"), "{err}");
    let err = balance(0, &[]).run(&[BotSpec::Random], false).unwrap_err();
    assert!(matches!(err, TournamentError::NoGames), "{err}");
}

#[test]
fn endings_name_no_colour() {
    let seats = ["red".to_string(), "blue".to_string()];
    assert_eq!(
        ending("red and blue touched the last flag", &seats),
        "a player and a player touched the last flag"
    );
    assert_eq!(ending("the turn limit", &seats), "the turn limit");
}
