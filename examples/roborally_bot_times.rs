//! How long a RoboRally bot takes to decide: plays races of one bot
//! against another on a course (the two seats rotated from one game to
//! the next) and prints the mean, the median, the 95th percentile and the
//! longest thread CPU time of the first bot's decisions (CPU, not wall:
//! the machine's load does not count), all of them and its first card
//! decision of each turn (where a planning bot plans) apart, and how it
//! answered the option
//! cards' questions (drawn on two-wrench sites): run-time options used or
//! skipped, weapons chosen over the main laser, options given up for a
//! damage point.
//!
//! `cargo run --release --example roborally_bot_times [BOT] [OTHER] [COURSE] [GAMES] [ARMED]`
//! (defaults: `planner racer yard 20 0`; a bot is a name or a `.lua`
//! path, a course a name or a file; ARMED option cards are dealt to each
//! robot from the top of the race's shuffled option deck before the
//! race). Games are seeded 1, 2, ...; one thread. It also prints how many
//! races the first bot won.

use std::collections::BTreeMap;
use std::time::Duration;

use tinbots::assets::Library;
use tinbots::bot::{seat_seed, Bot, BotFailure, BotSpec};
use tinbots::engine::DynState;
use tinbots::games::roborally::board::Course;
use tinbots::games::roborally::game::options::shuffled_option_deck;
use tinbots::games::roborally::position::{Position, RobotState, Stage};
use tinbots::games::roborally::{courses, game::Game, seam::TYPE};
use tinbots::grid::square::Compass;

#[path = "../benches/common/mod.rs"]
#[allow(dead_code)] // the example reads only the clock
mod common;
use common::CpuClock;

/// A two-robot race on `course` as [`Game::race`] deals it, each robot
/// holding `armed` option cards from the top of the option deck.
fn armed_race(
    course: &Course,
    seed: u64,
    armed: usize,
) -> Result<Game, Box<dyn std::error::Error>> {
    if armed == 0 {
        return Ok(Game::race(course, 2, seed)?);
    }
    let mut deck = shuffled_option_deck(seed);
    let robots = (0..2)
        .map(|seat| {
            let mut r = RobotState::new(seat, course.start, Compass::N);
            r.virtual_robot = true;
            let take = armed.min(deck.len());
            r.options = deck.drain(..take).collect();
            r
        })
        .collect();
    let position = Position {
        board: std::sync::Arc::new(course.board.clone()),
        robots,
        option_deck: deck,
        turn: 1,
        stage: Stage::TurnStart,
    };
    Ok(Game::new(position, seed)?)
}

/// A bot whose decisions are timed when `timed`.
struct Timed {
    bot: Box<dyn Bot>,
    timed: bool,
    /// (time, whether it was the first card decision of a turn).
    times: Vec<(Duration, bool)>,
    /// The last turn a card decision was timed in.
    last_turn: u32,
    /// Its answers to option questions: (kind, answer) -> count.
    options: BTreeMap<(String, String), u32>,
}

/// What an option question was about (`brakes`, `weapon`, `damage
/// point`, `program shield`, `lose an option`) and the answer, read from
/// the question's text; nil for the other decisions.
fn option_answer(question: &str, answer: &str) -> Option<(String, String)> {
    let after = |mark: &str| {
        question
            .split_once(mark)
            .and_then(|(_, rest)| rest.split_whitespace().next())
            .map(str::to_string)
    };
    let about = if question.ends_with("(use | skip)") {
        after(": use ")?
    } else if question.contains(": program ") {
        format!("program {}", after(": program ")?)
    } else if question.contains("optional weapon") {
        "weapon".into()
    } else if question.contains("a damage point") {
        "damage point".into()
    } else if question.contains("loses an option") {
        "lose an option".into()
    } else {
        return None;
    };
    Some((about, answer.to_string()))
}

impl Bot for Timed {
    fn name(&self) -> &str {
        self.bot.name()
    }
    fn choose(&mut self, game: &dyn DynState) -> Result<usize, BotFailure> {
        let clock = CpuClock::thread();
        let answer = self.bot.choose(game);
        let spent = Duration::from_nanos(clock.elapsed_ns());
        if let (true, Ok(i)) = (self.timed, &answer) {
            let question = game.decision_text();
            let text = game.legal_text(*i).unwrap_or_default();
            if let Some(key) = option_answer(&question, &text) {
                *self.options.entry(key).or_default() += 1;
            }
        }
        if self.timed {
            let card = game.decision_text().contains("the card for register");
            let first = card && game.turn() != self.last_turn;
            if card {
                self.last_turn = game.turn();
            }
            self.times.push((spent, first));
        }
        answer
    }
}

/// `times` summed up in milliseconds: `mean .. ms, median .. ms, 95th
/// percentile .. ms, max .. ms` (a percentile is the time that share of
/// the decisions took at most).
fn summary(times: &[Duration]) -> String {
    let mut ms: Vec<f64> = times.iter().map(|t| t.as_secs_f64() * 1e3).collect();
    ms.sort_by(f64::total_cmp);
    let mean = ms.iter().sum::<f64>() / ms.len().max(1) as f64;
    let percentile = |share: f64| {
        let rank = (share * ms.len() as f64).ceil() as usize;
        ms.get(rank.saturating_sub(1)).copied().unwrap_or(0.0)
    };
    format!(
        "mean {mean:.2} ms, median {:.2} ms, 95th percentile {:.2} ms, max {:.2} ms",
        percentile(0.5),
        percentile(0.95),
        percentile(1.0)
    )
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or_else(|| default.into());
    let (bot, other) = (
        BotSpec::parse(&arg(0, "planner")),
        BotSpec::parse(&arg(1, "racer")),
    );
    let course = courses::find(&arg(2, "yard"), &Library::standard())?;
    let games: u64 = arg(3, "20").parse()?;
    let armed: usize = arg(4, "0").parse()?;
    let mut won = 0;
    let mut all = Vec::new();
    let mut options: BTreeMap<(String, String), u32> = BTreeMap::new();
    for seed in 1..=games {
        let mut game = armed_race(&course, seed, armed)?;
        let timed_seat = (seed % 2) as usize;
        let mut bots: Vec<Box<Timed>> = (0..2)
            .map(|seat| {
                let spec = if seat == timed_seat { &bot } else { &other };
                Ok(Box::new(Timed {
                    bot: spec.make_for(&TYPE, seat_seed(seed, seat))?,
                    timed: seat == timed_seat,
                    times: Vec::new(),
                    last_turn: 0,
                    options: BTreeMap::new(),
                }))
            })
            .collect::<Result<_, tinbots::script::BotError>>()?;
        tinbots::play::drive(&mut game, &mut bots, 100, |_, _| {})?;
        if DynState::outcome(&game).is_some_and(|o| o.winners == [timed_seat]) {
            won += 1;
        }
        let timed = bots.swap_remove(timed_seat);
        for (key, n) in timed.options {
            *options.entry(key).or_default() += n;
        }
        all.extend(timed.times);
    }
    let every: Vec<Duration> = all.iter().map(|t| t.0).collect();
    let planning: Vec<Duration> = all.iter().filter(|t| t.1).map(|t| t.0).collect();
    println!("{} decisions: {}", every.len(), summary(&every));
    println!(
        "{} first card decisions of a turn: {}",
        planning.len(),
        summary(&planning)
    );
    println!("{won} of {games} races won");
    for ((kind, answer), n) in &options {
        println!("{kind}: {answer} {n}");
    }
    Ok(())
}
