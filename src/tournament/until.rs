//! `--until-significant`: a tournament that plays on, in seeded batches
//! of `--games` games per pairing, until its question is settled at 95 %
//! or a budget of games per pairing runs out. With two bots the question
//! is which is the stronger (A's score interval leaves out 50 %); with
//! more, which is the strongest (the top rating's interval clear of the
//! second's). Each batch continues the one schedule (game numbers go on),
//! so a run is given by its seed and settles at the same game every time.
//!
//! Looking after every batch is a mild form of optional stopping: a
//! difference called after many looks is a little less sure than 95 %
//! (docs/tournaments.md says how much).

use super::report::bot_ratings;
use super::stats::Estimate;
use super::tally::Tally;
use super::{PairingResult, Played, Run, Tournament, TournamentError};
use crate::bot::BotSpec;
use crate::progress::Progress;

/// Where an open-ended tournament stopped, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Settled {
    /// The figures of every game played.
    pub played: Played,
    /// Games played per pairing.
    pub games: u32,
    /// The answer, when the games settle it.
    pub answer: Option<String>,
}

impl Settled {
    /// The closing line: what was settled after how many games, or that
    /// the budget ran out first.
    pub fn verdict(&self, budget: u32) -> String {
        match &self.answer {
            Some(answer) => format!(
                "settled at 95 % after {} games per pairing: {answer}",
                self.games
            ),
            None if self.played.stopped => format!(
                "not settled: stopped after {} games per pairing",
                self.games
            ),
            None => format!(
                "not settled: the budget of {budget} games per pairing ran out (more games may tell)"
            ),
        }
    }
}

/// The question's answer, if the results settle it: the stronger of two
/// bots, or the strongest of several.
pub fn answer(results: &[PairingResult]) -> Option<String> {
    if let [r] = results {
        let score = r.score();
        return if score.low > 0.5 {
            Some(format!("{} is stronger than {}", r.names[0], r.names[1]))
        } else if score.high < 0.5 {
            Some(format!("{} is stronger than {}", r.names[1], r.names[0]))
        } else {
            None
        };
    }
    let (names, rated) = bot_ratings(results);
    let mut order: Vec<usize> = (0..rated.len()).collect();
    order.sort_by(|&a, &b| rated[b].value.total_cmp(&rated[a].value));
    let (top, second): (Estimate, Estimate) = (rated[*order.first()?], rated[*order.get(1)?]);
    (top.low > second.high).then(|| {
        format!(
            "bot {} {} is the strongest (its rating's interval lies above every other's)",
            order[0] + 1,
            names[order[0]]
        )
    })
}

impl Tournament {
    /// Plays batches of `self.games` games per pairing until [`answer`]
    /// settles the question, `max_games` per pairing are played, or
    /// `run.stop` is set. `run.shard` must be the whole schedule (a
    /// stopping rule needs every game).
    pub fn until_significant(
        &self,
        bots: &[BotSpec],
        max_games: u32,
        run: &mut Run,
    ) -> Result<Settled, TournamentError> {
        let budget = max_games.max(self.games);
        self.check_limits(bots.len(), budget)?;
        let entrants = self.entrants(bots)?;
        let pairings = entrants.pairings().len();
        // One schedule of `budget` games: a game's seat rotation and deal
        // are the same whatever the batches.
        let whole = Tournament {
            games: budget,
            ..self.clone()
        };
        let progress = if run.progress {
            Progress::batch(pairings as u64 * u64::from(budget), "games")
        } else {
            Progress::hidden()
        };
        let mut tallies = vec![Tally::default(); pairings];
        let (mut done, mut played, mut stopped) = (0u32, 0u64, false);
        let mut answer_found = None;
        while done < budget && !stopped {
            let next = done.saturating_add(self.games).min(budget);
            let (batch, count, cut) = whole.play_block(&entrants, done..next, run, &progress)?;
            for (sum, part) in tallies.iter_mut().zip(&batch) {
                sum.merge(part);
            }
            played += count;
            stopped = cut;
            done = next;
            answer_found = answer(&entrants.results(&tallies));
            if answer_found.is_some() {
                break;
            }
        }
        progress.finish();
        let results = entrants.results(&tallies);
        let games = results.iter().map(|r| r.games).max().unwrap_or(0);
        Ok(Settled {
            played: Played {
                results,
                played,
                scheduled: pairings as u64 * u64::from(budget),
                stopped,
            },
            games,
            answer: answer_found,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::GameOptions;

    fn tournament(games: u32) -> Tournament {
        Tournament {
            game: crate::games::default_game(),
            options: GameOptions::default(),
            players: 2,
            games,
            seed: 3,
            max_turns: 200,
            threads: 2,
        }
    }

    #[test]
    fn a_clear_difference_settles_early_and_the_same_every_time() {
        let bots = [BotSpec::Named("greedy".into()), BotSpec::Random];
        let t = tournament(8);
        let settled = t
            .until_significant(&bots, 400, &mut Run::quiet(&mut |_| Ok(())))
            .unwrap();
        let answer = settled.answer.clone().expect("greedy beats random");
        assert_eq!(answer, "greedy is stronger than random");
        assert!(
            settled.games < 400 && settled.games.is_multiple_of(8),
            "{}",
            settled.games
        );
        assert!(settled.verdict(400).starts_with("settled at 95 % after"));
        // The batches are one schedule: the same games as one run of as
        // many, and the same stop with another thread count.
        let once = Tournament {
            games: settled.games,
            threads: 1,
            ..t.clone()
        }
        .run(&bots, &mut Run::quiet(&mut |_| Ok(())))
        .unwrap();
        assert_eq!(once.results, settled.played.results);
    }

    #[test]
    fn equal_bots_run_out_of_budget_and_say_so() {
        let bots = [BotSpec::Random, BotSpec::Random];
        let settled = tournament(6)
            .until_significant(&bots, 12, &mut Run::quiet(&mut |_| Ok(())))
            .unwrap();
        assert_eq!(settled.games, 12);
        assert_eq!(settled.answer, None);
        assert_eq!(
            settled.verdict(12),
            "not settled: the budget of 12 games per pairing ran out (more games may tell)"
        );
    }
}
