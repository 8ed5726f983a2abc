//! Bot tournaments: every pairing of bots plays a number of seeded games
//! with the seats rotated, in parallel, and the win rates are counted.
//!
//! In a game of a pairing the seats alternate between the two bots, and
//! the assignment turns one seat further each game (and the bots swap every
//! `players` games); the deal (the setup's seed) changes every `players`
//! games, so each deal is played with every rotation and neither bot gains
//! from the first seat or a good deal.
//! A shared victory counts as a fraction of a win for each winner; a game
//! nobody wins is a draw. [`report`] gives each figure with its 95 %
//! interval ([`stats`]) and says in words which differences the games
//! settle.

mod report;
pub mod stats;

pub use report::report;

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Mutex;

use crate::bot::{seat_seed, BotSpec};
use crate::engine::{GameOptions, GameType, Started};
use crate::play::{drive, PlayError};
use crate::progress::Progress;
use stats::{Estimate, Lengths};

/// How a tournament is played.
#[derive(Clone, Debug)]
pub struct Tournament {
    /// The game played.
    pub game: &'static GameType,
    /// How every game starts (its seed is each game's own): the variants,
    /// the course, ...
    pub options: GameOptions,
    /// Players per game.
    pub players: usize,
    /// Games per pairing.
    pub games: u32,
    /// The first deal's seed; game `g` deals with `seed + g / players`.
    pub seed: u64,
    /// Games are stopped (and scored) after this many turns.
    pub max_turns: u32,
    /// Worker threads (at least one).
    pub threads: usize,
}

/// Why a tournament could not be played.
#[derive(Debug, thiserror::Error)]
pub enum TournamentError {
    /// A bot script could not be loaded.
    #[error("{0}")]
    Bot(#[from] crate::script::BotError),
    /// A game stopped on a bot's failure.
    #[error("game {game} (seed {seed}): {message}")]
    Game {
        /// The game's number in its pairing.
        game: u32,
        /// Its deal's seed.
        seed: u64,
        /// What went wrong (a bot's failure names the bot and the cause).
        message: String,
    },
    /// The game cannot be started as asked (a variant refusing the
    /// player count, an unknown course).
    #[error("{0}")]
    Start(String),
    /// A tournament needs two bots at least.
    #[error("a tournament needs at least two bots (got {0})")]
    TooFewBots(usize),
    /// A tournament of no games says nothing.
    #[error("a tournament needs at least one game per pairing (--games 0 given)")]
    NoGames,
}

/// The result of one pairing.
#[derive(Clone, Debug, PartialEq)]
pub struct PairingResult {
    /// The two bots' places among the tournament's bots (from 0).
    pub bots: [usize; 2],
    /// The two bots' names.
    pub names: [String; 2],
    /// Games played.
    pub games: u32,
    /// Wins of each bot (a shared victory counts as a fraction).
    pub wins: [f64; 2],
    /// Wins of the first seat, whoever sat there.
    pub first_seat_wins: f64,
    /// Games stopped at the turn limit.
    pub turn_limit: u32,
    /// How long the games lasted, in turns.
    pub lengths: Lengths,
}

impl PairingResult {
    /// A bot's share of the wins, in percent of the games.
    pub fn win_rate(&self, bot: usize) -> f64 {
        100.0 * self.wins[bot] / f64::from(self.games.max(1))
    }

    /// Games nobody won (every robot out, or no winner at the turn limit).
    pub fn draws(&self) -> f64 {
        (f64::from(self.games) - self.wins[0] - self.wins[1]).max(0.0)
    }

    /// Bot A's score (a win 1, a draw half) as a share of the games, with
    /// its 95 % interval: above one half, A is the stronger.
    pub fn score(&self) -> Estimate {
        stats::wilson(self.wins[0] + self.draws() / 2.0, f64::from(self.games))
    }

    /// The first seat's share of the wins, with its 95 % interval.
    pub fn first_seat(&self) -> Estimate {
        stats::wilson(self.first_seat_wins, f64::from(self.games))
    }

    /// Mean length in turns.
    pub fn mean_turns(&self) -> f64 {
        self.lengths.mean()
    }
}

/// Why one game of a pairing failed (plain data, so it crosses threads).
#[derive(Debug)]
struct GameFailure {
    game: u32,
    seed: u64,
    message: String,
}

/// What one game of a pairing gave.
#[derive(Clone, Copy, Debug, Default)]
struct GameResult {
    wins: [f64; 2],
    first_seat: f64,
    turns: u32,
    turn_limit: bool,
}

impl Tournament {
    /// Which bot (0 or 1) plays `seat` in game `game`: seats alternate,
    /// the assignment turns one seat per game, and every `players` games
    /// the bots swap (with an odd number of seats, so that each has the
    /// extra seat as often).
    pub fn bot_of_seat(&self, game: u32, seat: usize) -> usize {
        let game = game as usize;
        let flip = (game / self.players) % 2;
        ((seat + game) % self.players % 2) ^ flip
    }

    /// Plays every pairing of `bots` (round robin), with a progress bar
    /// over all the games when stderr is a terminal.
    pub fn round_robin(&self, bots: &[BotSpec]) -> Result<Vec<PairingResult>, TournamentError> {
        if bots.len() < 2 {
            return Err(TournamentError::TooFewBots(bots.len()));
        }
        let pairings = bots.len() * (bots.len() - 1) / 2;
        let progress = Progress::new(pairings as u64 * u64::from(self.games), "games");
        let mut results = Vec::new();
        for i in 0..bots.len() {
            for j in i + 1..bots.len() {
                let mut result = self.pairing_counted(&bots[i], &bots[j], &progress)?;
                result.bots = [i, j];
                results.push(result);
            }
        }
        progress.finish();
        Ok(results)
    }

    /// Plays the games of one pairing, in parallel.
    pub fn pairing(&self, a: &BotSpec, b: &BotSpec) -> Result<PairingResult, TournamentError> {
        self.pairing_counted(a, b, &Progress::hidden())
    }

    /// Plays the games of one pairing, in parallel, advancing `progress`
    /// by one for each game played.
    fn pairing_counted(
        &self,
        a: &BotSpec,
        b: &BotSpec,
        progress: &Progress,
    ) -> Result<PairingResult, TournamentError> {
        if self.games == 0 {
            return Err(TournamentError::NoGames);
        }
        // Start one game up front, so that a bad variant fails here.
        self.start(self.seed).map_err(TournamentError::Start)?;
        // Find each bot once (games make theirs without looking again), and
        // load each script once up front, so that a broken one fails here.
        let (a, b) = (&a.resolved_for(self.game)?, &b.resolved_for(self.game)?);
        a.make_for(self.game, 0)?;
        b.make_for(self.game, 0)?;
        let next = AtomicU32::new(0);
        let results: Mutex<Vec<(u32, Result<GameResult, GameFailure>)>> = Mutex::new(Vec::new());
        std::thread::scope(|scope| {
            for _ in 0..self.threads.max(1) {
                scope.spawn(|| loop {
                    let game = next.fetch_add(1, Ordering::Relaxed);
                    if game >= self.games {
                        break;
                    }
                    let result = self.play([a, b], game);
                    let failed = result.is_err();
                    progress.advance(1);
                    results
                        .lock()
                        .expect("no worker panics")
                        .push((game, result));
                    if failed {
                        next.store(self.games, Ordering::Relaxed);
                    }
                });
            }
        });
        let mut sum = PairingResult {
            bots: [0, 1],
            names: [a.name(), b.name()],
            games: 0,
            wins: [0.0; 2],
            first_seat_wins: 0.0,
            turn_limit: 0,
            lengths: Lengths::default(),
        };
        // Summed in the games' order, not the order they finished in: the
        // same sums (shared wins are fractions) whatever the threads.
        let mut results = results.into_inner().expect("no worker panics");
        results.sort_by_key(|&(game, _)| game);
        for (_, r) in results {
            let r = r.map_err(|f| TournamentError::Game {
                game: f.game,
                seed: f.seed,
                message: f.message,
            })?;
            sum.games += 1;
            sum.wins[0] += r.wins[0];
            sum.wins[1] += r.wins[1];
            sum.first_seat_wins += r.first_seat;
            sum.turn_limit += u32::from(r.turn_limit);
            sum.lengths.add(r.turns);
        }
        Ok(sum)
    }

    /// A game dealt with `seed`, as the options say.
    fn start(&self, seed: u64) -> Result<Started, String> {
        let options = GameOptions {
            players: Some(self.players),
            seed,
            ..self.options.clone()
        };
        (self.game.new)(&options).map_err(|e| e.0)
    }

    /// Plays game `game` of a pairing.
    fn play(&self, bots: [&BotSpec; 2], game: u32) -> Result<GameResult, GameFailure> {
        let seed = self.seed + u64::from(game) / self.players as u64;
        let failed = |message: String| GameFailure {
            game,
            seed,
            message,
        };
        // With variants, one person may control several colours (seats):
        // bots are given to people, and a person's seats share its bot.
        let mut g = self.start(seed).map_err(failed)?.game;
        let controllers: Vec<usize> = (0..g.seats()).map(|seat| g.controller(seat)).collect();
        let mut seats = Vec::with_capacity(controllers.len());
        for (seat, &person) in controllers.iter().enumerate() {
            let spec = bots[self.bot_of_seat(game, person)];
            let bot = spec.make_for(self.game, seat_seed(seed ^ (u64::from(game) << 32), seat));
            seats.push(bot.map_err(|e| failed(e.to_string()))?);
        }
        drive(g.as_mut(), &mut seats, self.max_turns, |_, _| {})
            .map_err(|e: PlayError| failed(e.to_string()))?;
        let outcome = g.outcome().expect("a driven game is over");
        let mut winners: Vec<usize> = outcome.winners.iter().map(|&w| controllers[w]).collect();
        winners.sort_unstable();
        winners.dedup();
        let share = 1.0 / winners.len().max(1) as f64;
        let mut result = GameResult {
            turns: g.turns_played(),
            turn_limit: outcome.at_turn_limit,
            ..GameResult::default()
        };
        for &w in &winners {
            result.wins[self.bot_of_seat(game, w)] += share;
            if w == 0 {
                result.first_seat += share;
            }
        }
        Ok(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tournament(players: usize, games: u32) -> Tournament {
        Tournament {
            game: crate::games::default_game(),
            options: GameOptions::default(),
            players,
            games,
            seed: 1,
            max_turns: 300,
            threads: 2,
        }
    }

    #[test]
    fn seats_alternate_and_rotate_so_each_bot_has_each_seat_equally() {
        for players in 2..=6 {
            let t = tournament(players, 0);
            let games = 4 * players as u32;
            for seat in 0..players {
                let a = (0..games).filter(|&g| t.bot_of_seat(g, seat) == 0).count();
                assert_eq!(a * 2, games as usize, "{players} players, seat {seat}");
            }
            // Both bots play in every game.
            for g in 0..games {
                let a = (0..players).filter(|&s| t.bot_of_seat(g, s) == 0).count();
                assert!(a > 0 && a < players, "{players} players, game {g}");
            }
        }
    }

    #[test]
    fn a_pairing_counts_every_game_and_every_win() {
        let t = tournament(2, 8);
        let r = t.pairing(&BotSpec::Random, &BotSpec::Random).unwrap();
        assert_eq!(r.games, 8);
        assert!((r.wins[0] + r.wins[1] - 8.0).abs() < 1e-9, "{r:?}");
        assert!(r.mean_turns() > 2.0);
        // The same tournament gives the same figures, whatever the threads.
        let again = Tournament { threads: 1, ..t }.pairing(&BotSpec::Random, &BotSpec::Random);
        assert_eq!(again.unwrap(), r);
    }

    #[test]
    fn mean_turns_of_games_stopped_at_the_limit_is_the_limit() {
        let t = Tournament {
            max_turns: 5,
            ..tournament(2, 4)
        };
        let r = t.pairing(&BotSpec::Random, &BotSpec::Random).unwrap();
        assert_eq!(r.turn_limit, 4, "{r:?}");
        assert_eq!(r.mean_turns(), 5.0, "{r:?}");
        let text = report(&t, &[r]);
        assert!(
            text.contains("4 of 4 games stopped at the turn limit"),
            "{text}"
        );
    }

    #[test]
    fn no_games_is_refused() {
        let err = tournament(2, 0)
            .round_robin(&[BotSpec::Random, BotSpec::Random])
            .unwrap_err();
        assert!(matches!(err, TournamentError::NoGames), "{err}");
    }

    #[test]
    fn too_few_bots_or_a_missing_script_is_an_error() {
        let t = tournament(2, 2);
        assert!(matches!(
            t.round_robin(&[BotSpec::Random]),
            Err(TournamentError::TooFewBots(1))
        ));
        let missing = BotSpec::Lua("no/such/bot.lua".into());
        let err = t
            .pairing(&BotSpec::Random, &missing)
            .unwrap_err()
            .to_string();
        assert!(err.contains("no/such/bot.lua"), "{err}");
    }
}
