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

pub mod balance;
pub mod plot;
mod report;
pub mod rows;
pub mod shard;
pub mod stats;
pub mod tally;
pub mod until;
mod verify;

pub use report::report;
pub use shard::{merge, Merged, Shard};

use std::io;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Condvar, Mutex};

use crate::bot::{seat_seed, Bot, BotSpec};
use crate::engine::{GameOptions, Started};
use crate::play::{drive, PlayError};
use crate::progress::Progress;
use crate::registry::GameType;
use rows::{GameRow, Header};
use stats::{Estimate, Lengths};
use tally::{GameScore, Tally, SHARE_UNIT};

/// The most games a pairing plays (`--games`, `--max-games`, and a rows
/// file's `games`).
pub const MAX_GAMES: u32 = 100_000;
/// The most bots one tournament pairs (their pairings grow with the
/// square of their number).
pub const MAX_BOTS: usize = 64;
/// The most turns a game is played before it is stopped and scored
/// (`--max-turns` of `play`, `tournament` and `balance`, and a rows file's
/// `max_turns`).
pub const MAX_TURNS: u32 = 10_000;
/// The most worker threads a tournament runs (`-j`).
pub const MAX_THREADS: usize = 256;

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
    /// A count is past its limit (games, turns, bots, players, seeds).
    #[error("{0}")]
    Limit(String),
    /// A game's row could not be written.
    #[error("writing the games' rows: {0}")]
    Output(#[from] io::Error),
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

/// What a run of a tournament gave.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// Each pairing's figures, in round-robin order.
    pub results: Vec<PairingResult>,
    /// Games played.
    pub played: u64,
    /// Games the run was to play.
    pub scheduled: u64,
    /// Stopped early (Ctrl-C): the figures are those of the games played.
    pub stopped: bool,
}

/// What a run does besides playing: which part of the schedule it plays,
/// what may stop it, where each game's row goes.
pub struct Run<'a> {
    /// The part of the schedule played.
    pub shard: Shard,
    /// Set (by a Ctrl-C handler) to stop taking new games; the games under
    /// way finish and count.
    pub stop: Option<&'a AtomicBool>,
    /// Draw a progress bar when stderr is a terminal.
    pub progress: bool,
    /// Given each game's row, in the schedule's order (whatever order the
    /// games finished in), as soon as the games before it are done; called
    /// on the thread that runs the tournament.
    pub rows: &'a mut dyn FnMut(&GameRow) -> io::Result<()>,
}

impl Run<'_> {
    /// A run of the whole schedule, without progress or rows.
    pub fn quiet(rows: &mut dyn FnMut(&GameRow) -> io::Result<()>) -> Run<'_> {
        Run {
            shard: Shard::WHOLE,
            stop: None,
            progress: false,
            rows,
        }
    }
}

/// Why one game failed (plain data, so it crosses threads).
#[derive(Debug)]
struct GameFailure {
    game: u32,
    seed: u64,
    message: String,
}

impl From<GameFailure> for TournamentError {
    fn from(f: GameFailure) -> TournamentError {
        TournamentError::Game {
            game: f.game,
            seed: f.seed,
            message: f.message,
        }
    }
}

/// The bots of a tournament, found and loaded once, with the pairings
/// they play.
pub(crate) struct Entrants {
    bots: Vec<BotSpec>,
    names: Vec<String>,
    pairings: Vec<[usize; 2]>,
}

impl Entrants {
    /// The round robin's pairings, in order.
    pub(crate) fn pairings(&self) -> &[[usize; 2]] {
        &self.pairings
    }

    /// The figures of every pairing from its tally.
    pub(crate) fn results(&self, tallies: &[Tally]) -> Vec<PairingResult> {
        self.pairings
            .iter()
            .zip(tallies)
            .map(|(&[i, j], tally)| {
                tally.result([i, j], [self.names[i].clone(), self.names[j].clone()])
            })
            .collect()
    }
}

/// The reorder buffer between finished games and the rows callback:
/// rows come out in the schedule's order.
struct InOrder {
    next: u64,
    waiting: std::collections::BTreeMap<u64, Option<GameRow>>,
}

/// What the workers share.
struct Shared {
    tallies: Vec<Tally>,
    played: u64,
    failure: Option<(u64, GameFailure)>,
    order: InOrder,
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

    /// The deal's seed of game `game` of a pairing (within the limits
    /// [`Tournament::check_limits`] checks, it does not overflow).
    pub fn deal_seed(&self, game: u32) -> u64 {
        self.seed
            .wrapping_add(u64::from(game) / self.players.max(1) as u64)
    }

    /// Refuses a tournament of `bots` bots whose games, numbered up to
    /// `games` (exclusive), pass a limit: games per pairing from 1 to
    /// [`MAX_GAMES`], turns from 1 to [`MAX_TURNS`], 2 to [`MAX_BOTS`]
    /// bots, the game's own player counts, and deal seeds that fit in 64
    /// bits. The message names the count, its value and its range.
    pub fn check_limits(&self, bots: usize, games: u32) -> Result<(), TournamentError> {
        let limit = |text: String| Err(TournamentError::Limit(text));
        if bots < 2 {
            return Err(TournamentError::TooFewBots(bots));
        }
        if bots > MAX_BOTS {
            return limit(format!(
                "{bots} bots: a tournament pairs 2 to {MAX_BOTS} bots"
            ));
        }
        if games == 0 {
            return Err(TournamentError::NoGames);
        }
        if games > MAX_GAMES {
            return limit(format!("{games} games per pairing: from 1 to {MAX_GAMES}"));
        }
        if !(1..=MAX_TURNS).contains(&self.max_turns) {
            return limit(format!(
                "a turn limit of {}: from 1 to {MAX_TURNS}",
                self.max_turns
            ));
        }
        let (lo, hi) = self.game.players;
        if !(lo..=hi).contains(&self.players) {
            return limit(format!(
                "a game of {} is for {}, not {}",
                self.game.title,
                crate::wording::players(lo, hi),
                self.players
            ));
        }
        let deals = u64::from(games - 1) / self.players as u64;
        if self.seed.checked_add(deals).is_none() {
            return limit(format!(
                "seed {}: its {games} games deal with seeds up to {deals} past it, past the largest seed {}",
                self.seed,
                u64::MAX
            ));
        }
        Ok(())
    }

    /// The header of this tournament's rows files, for `bots` and `shard`.
    pub fn header(&self, bots: &[BotSpec], shard: Shard) -> Header {
        Header {
            game: self.game.name.to_string(),
            bots: bots.iter().map(BotSpec::name).collect(),
            players: self.players,
            games: self.games,
            seed: self.seed,
            max_turns: self.max_turns,
            variants: self.options.variants.clone(),
            options: self.options.own.clone(),
            rulings: self.options.rulings.clone(),
            shard: shard.to_string(),
            version: rows::ROWS_VERSION,
        }
    }

    /// Plays every pairing of `bots` (round robin), with a progress bar
    /// over all the games when stderr is a terminal.
    pub fn round_robin(&self, bots: &[BotSpec]) -> Result<Vec<PairingResult>, TournamentError> {
        let mut no_rows = |_: &GameRow| Ok(());
        let mut run = Run {
            progress: true,
            ..Run::quiet(&mut no_rows)
        };
        Ok(self.run(bots, &mut run)?.results)
    }

    /// Plays the games of one pairing, in parallel.
    pub fn pairing(&self, a: &BotSpec, b: &BotSpec) -> Result<PairingResult, TournamentError> {
        let played = self.run(&[a.clone(), b.clone()], &mut Run::quiet(&mut |_| Ok(())))?;
        Ok(played
            .results
            .into_iter()
            .next()
            .expect("two bots make one pairing"))
    }

    /// Plays the part `run.shard` of the schedule (every pairing of
    /// `bots`, `games` games each), in parallel.
    pub fn run(&self, bots: &[BotSpec], run: &mut Run) -> Result<Played, TournamentError> {
        let entrants = self.entrants(bots)?;
        let scheduled = self.scheduled(&entrants, 0..self.games, run.shard);
        let progress = if run.progress {
            Progress::batch(scheduled, "games")
        } else {
            Progress::hidden()
        };
        let (tallies, played, stopped) =
            self.play_block(&entrants, 0..self.games, run, &progress)?;
        progress.finish();
        Ok(Played {
            results: entrants.results(&tallies),
            played,
            scheduled,
            stopped,
        })
    }

    /// Finds and loads `bots` once (games make theirs without looking
    /// again), so that a missing or broken script fails here, and starts
    /// one game, so that a bad variant fails here.
    pub(crate) fn entrants(&self, bots: &[BotSpec]) -> Result<Entrants, TournamentError> {
        self.check_limits(bots.len(), self.games)?;
        self.start(self.seed).map_err(TournamentError::Start)?;
        let mut found = Vec::with_capacity(bots.len());
        for bot in bots {
            let bot = bot.resolved_for(self.game)?;
            bot.make_for(self.game, 0)?;
            found.push(bot);
        }
        let mut pairings = Vec::new();
        for i in 0..bots.len() {
            for j in i + 1..bots.len() {
                pairings.push([i, j]);
            }
        }
        Ok(Entrants {
            bots: found,
            names: bots.iter().map(BotSpec::name).collect(),
            pairings,
        })
    }

    /// The place of game `game` of pairing `pairing` in the whole
    /// schedule, which shards split.
    fn schedule_index(&self, pairing: usize, game: u32) -> u64 {
        pairing as u64 * u64::from(self.games) + u64::from(game)
    }

    /// How many games of `games` (each pairing's) `shard` plays.
    fn scheduled(&self, entrants: &Entrants, games: Range<u32>, shard: Shard) -> u64 {
        (0..entrants.pairings.len())
            .flat_map(|p| games.clone().map(move |g| (p, g)))
            .filter(|&(p, g)| shard.holds(self.schedule_index(p, g)))
            .count() as u64
    }

    /// Plays games `games` of every pairing (those of `run.shard`), in
    /// parallel; returns each pairing's tally, the games played and
    /// whether `run.stop` cut the block short.
    pub(crate) fn play_block(
        &self,
        entrants: &Entrants,
        games: Range<u32>,
        run: &mut Run,
        progress: &Progress,
    ) -> Result<(Vec<Tally>, u64, bool), TournamentError> {
        let span = u64::from(games.end.saturating_sub(games.start));
        let total = entrants.pairings.len() as u64 * span;
        let next = AtomicU64::new(0);
        let halt = AtomicBool::new(false);
        let shared = Mutex::new(Shared {
            tallies: vec![Tally::default(); entrants.pairings.len()],
            played: 0,
            failure: None,
            order: InOrder {
                next: 0,
                waiting: Default::default(),
            },
        });
        let stop = run.stop;
        let shard = run.shard;
        let threads = self.threads.max(1);
        let working = AtomicU64::new(threads as u64);
        let ready = Condvar::new();
        let stopped = || stop.is_some_and(|s| s.load(Ordering::Relaxed));
        let mut output = None;
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    let mut kept = Kept::default();
                    loop {
                        if halt.load(Ordering::Relaxed) || stopped() {
                            break;
                        }
                        let q = next.fetch_add(1, Ordering::Relaxed);
                        if q >= total {
                            break;
                        }
                        let pairing = (q / span) as usize;
                        let game = games.start + (q % span) as u32;
                        let outcome = if shard.holds(self.schedule_index(pairing, game)) {
                            let [i, j] = entrants.pairings[pairing];
                            let bots = [&entrants.bots[i], &entrants.bots[j]];
                            let names = [entrants.names[i].as_str(), entrants.names[j].as_str()];
                            let result = self.play(bots, names, pairing, game, &mut kept);
                            progress.advance(1);
                            Some(result)
                        } else {
                            None
                        };
                        let mut shared = shared.lock().expect("no worker panics");
                        let row = match outcome {
                            None => None,
                            Some(Ok((score, row))) => {
                                shared.tallies[pairing].add(&score);
                                shared.played += 1;
                                Some(row)
                            }
                            Some(Err(failure)) => {
                                halt.store(true, Ordering::Relaxed);
                                if shared.failure.as_ref().is_none_or(|(first, _)| q < *first) {
                                    shared.failure = Some((q, failure));
                                }
                                None
                            }
                        };
                        shared.order.waiting.insert(q, row);
                        ready.notify_one();
                    }
                    let _shared = shared.lock().expect("no worker panics");
                    working.fetch_sub(1, Ordering::SeqCst);
                    ready.notify_one();
                });
            }
            // This thread writes the rows, in order, as they are ready (the
            // rows callback may hold what only this thread may touch, such
            // as a locked stdout).
            loop {
                let mut shared = shared.lock().expect("no worker panics");
                let mut due = shared.order.take_ready();
                let done = working.load(Ordering::SeqCst) == 0;
                if done {
                    // Stopped: every game taken has finished, so what waits
                    // is the schedule's next games in order, without gaps.
                    due.extend(
                        std::mem::take(&mut shared.order.waiting)
                            .into_values()
                            .flatten(),
                    );
                } else if due.is_empty() {
                    drop(ready.wait(shared).expect("no worker panics"));
                    continue;
                }
                drop(shared);
                for row in &due {
                    if output.is_none() {
                        if let Err(e) = (run.rows)(row) {
                            halt.store(true, Ordering::Relaxed);
                            output = Some(e);
                        }
                    }
                }
                if done {
                    break;
                }
            }
        });
        let shared = shared.into_inner().expect("no worker panics");
        if let Some((_, failure)) = shared.failure {
            return Err(failure.into());
        }
        if let Some(e) = output {
            return Err(e.into());
        }
        let cut_short = next.load(Ordering::Relaxed) < total;
        Ok((shared.tallies, shared.played, cut_short))
    }

    /// A game dealt with `seed`, as the options say.
    fn start(&self, seed: u64) -> Result<Started, String> {
        let options = GameOptions {
            players: Some(self.players),
            seed,
            ..self.options.clone()
        };
        self.game.start(&options).map_err(|e| e.0)
    }

    /// Plays game `game` of pairing `pairing` between `bots` named `names`,
    /// with bots the worker `kept` from its games before (renewed) where
    /// it has them; they are kept again for its next game.
    fn play(
        &self,
        bots: [&BotSpec; 2],
        names: [&str; 2],
        pairing: usize,
        game: u32,
        kept: &mut Kept,
    ) -> Result<(GameScore, GameRow), GameFailure> {
        let seed = self.deal_seed(game);
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
        let mut specs = Vec::with_capacity(controllers.len());
        for (seat, &person) in controllers.iter().enumerate() {
            let spec = bots[self.bot_of_seat(game, person)];
            let seed = seat_seed(seed ^ (u64::from(game) << 32), seat);
            let bot = kept.take(spec, self.game, seed);
            seats.push(bot.map_err(|e| failed(e.to_string()))?);
            specs.push(spec);
        }
        let driven = drive(g.as_mut(), &mut seats, self.max_turns, |_, _| {});
        for (spec, bot) in specs.into_iter().zip(seats) {
            kept.put(spec, bot);
        }
        driven.map_err(|e: PlayError| failed(e.to_string()))?;
        let outcome = g.outcome().expect("a driven game is over");
        let mut winners: Vec<usize> = outcome.winners.iter().map(|&w| controllers[w]).collect();
        winners.sort_unstable();
        winners.dedup();
        let share = SHARE_UNIT / winners.len().max(1) as u64;
        let mut score = GameScore {
            turns: g.turns_played(),
            turn_limit: outcome.at_turn_limit,
            ..GameScore::default()
        };
        for &w in &winners {
            score.wins[self.bot_of_seat(game, w)] += share;
            if w == 0 {
                score.first_seat += share;
            }
        }
        let seat_names: Vec<String> = (0..g.seats()).map(|s| g.seat_name(s)).collect();
        let winner_names: Vec<String> = outcome
            .winners
            .iter()
            .map(|&w| seat_names[w].clone())
            .collect();
        let result = match winner_names.len() {
            0 => format!("draw: {}", outcome.reason),
            1 => format!("{} won: {}", winner_names[0], outcome.reason),
            _ => format!(
                "{} shared the win: {}",
                winner_names.join(" and "),
                outcome.reason
            ),
        };
        let unit = SHARE_UNIT as f64;
        let row = GameRow {
            pairing,
            game,
            seed,
            bots: controllers
                .iter()
                .map(|&person| names[self.bot_of_seat(game, person)].to_string())
                .collect(),
            people: controllers,
            seats: seat_names,
            variants: self.options.variants.clone(),
            rulings: self.options.rulings.clone(),
            result,
            winners: winner_names,
            score: [score.wins[0] as f64 / unit, score.wins[1] as f64 / unit],
            first_seat: score.first_seat as f64 / unit,
            turns: score.turns,
            turn_limit: score.turn_limit,
            margin: winning_margin(&outcome.winners, &g.standings()),
            ending: outcome.reason,
        };
        Ok((score, row))
    }
}

/// The bots a worker made, kept from one of its games to the next: a bot
/// renewed for a new game ([`Bot::renew`]) plays as a new one would, and
/// costs far less (a Lua bot keeps its sandbox and compiled script).
#[derive(Default)]
struct Kept {
    /// Bots free for the next game, each with the bot it was made as.
    bots: Vec<(BotSpec, Box<dyn Bot>)>,
}

impl Kept {
    /// A bot of `spec` for a game of `game`, seeded with `seed`: one kept
    /// and renewed, else a new one.
    fn take(
        &mut self,
        spec: &BotSpec,
        game: &GameType,
        seed: u64,
    ) -> Result<Box<dyn Bot>, crate::script::BotError> {
        if let Some(i) = self.bots.iter().position(|(kept, _)| kept == spec) {
            let (_, mut bot) = self.bots.swap_remove(i);
            if bot.renew(seed) {
                return Ok(bot);
            }
        }
        spec.make_for(game, seed)
    }

    /// Keeps `bot`, made as `spec`, for the next game.
    fn put(&mut self, spec: &BotSpec, bot: Box<dyn Bot>) {
        self.bots.push((spec.clone(), bot));
    }
}

/// The lone winner's lead over the best other seat in the first figure
/// the standings rank by; `None` in a draw, a shared win, a game of one
/// seat or one whose standings have no figure.
fn winning_margin(winners: &[usize], standings: &[crate::engine::Standing]) -> Option<i64> {
    let [winner] = winners else {
        return None;
    };
    let figure = |s: &crate::engine::Standing| s.key.first().copied();
    let won = standings
        .iter()
        .find(|s| s.seat == *winner)
        .and_then(figure)?;
    let next = standings
        .iter()
        .filter(|s| s.seat != *winner)
        .filter_map(figure)
        .max()?;
    Some(won - next)
}

impl InOrder {
    /// Takes every row whose turn has come: the next in the schedule and
    /// those after it that are already done.
    fn take_ready(&mut self) -> Vec<GameRow> {
        let mut due = Vec::new();
        while let Some(row) = self.waiting.remove(&self.next) {
            self.next += 1;
            due.extend(row);
        }
        due
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
