//! Engine throughput: turns per second of random play (one turn = the
//! program change and both robots' programs, with every decision in it) for
//! 2, 4 and 6 players on one thread, and full games per second with a fixed
//! turn limit. Figures go to BENCHMARKS.md.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use tinbots::bot::{seat_seed, Bot, BotFailure, RandomBot};
use tinbots::engine::DynState;
use tinbots::games::twin_tin_bots::game::{Answer, Change, Decision, Game};
use tinbots::games::twin_tin_bots::setup::Setup;
use tinbots::play::play_one;

mod common;
use common::play_turns;

const TURNS_PER_ITER: u32 = 1000;

#[allow(clippy::vec_box)] // play_one takes bots as boxes, like the CLI's trait objects
fn bots(players: usize, seed: u64) -> Vec<Box<RandomBot>> {
    (0..players)
        .map(|s| Box::new(RandomBot::new(seat_seed(seed, s))))
        .collect()
}

fn turns_per_second(c: &mut Criterion) {
    let mut group = c.benchmark_group("turns");
    group.throughput(Throughput::Elements(TURNS_PER_ITER as u64));
    for players in [2, 4, 6] {
        let setup = Setup::standard(players).unwrap();
        let start = Game::new(&setup.position(7)).unwrap();
        let mut game = start.clone();
        let mut bots = bots(players, 7);
        // Play past the first turns so that programs are full, as in a real game.
        play_turns(&start, &mut game, &mut bots, 50);
        group.bench_with_input(BenchmarkId::from_parameter(players), &players, |b, _| {
            b.iter(|| black_box(play_turns(&start, &mut game, &mut bots, TURNS_PER_ITER)))
        });
    }
    group.finish();
}

/// Answers `pass` to every program change after the first turn (random
/// answers elsewhere): the programs run unchanged turn after turn, which
/// isolates the cost of running them from the cost of random changes.
struct PassingBot(RandomBot);

impl Bot for PassingBot {
    fn name(&self) -> &str {
        "passing"
    }

    fn choose(&mut self, state: &dyn DynState) -> Result<usize, BotFailure> {
        let game = state
            .as_any()
            .downcast_ref::<Game>()
            .expect("the benchmark plays Twin Tin Bots");
        match game.decision() {
            Decision::ProgramChange { player, .. } if !game.players()[player].first_turn => {
                let pass = Answer::Change(Change::Pass);
                Ok((0..game.legal_answer_count())
                    .find(|&i| game.legal_answer(i) == Some(pass))
                    .expect("pass is always legal"))
            }
            _ => self.0.choose(state),
        }
    }
}

fn turns_with_fixed_programs(c: &mut Criterion) {
    let mut group = c.benchmark_group("turns_fixed_programs");
    group.throughput(Throughput::Elements(TURNS_PER_ITER as u64));
    let players = 4;
    let setup = Setup::standard(players).unwrap();
    let start = Game::new(&setup.position(7)).unwrap();
    // Programs filled by 50 turns of random play, then kept.
    let mut warm = start.clone();
    play_turns(&start, &mut warm, &mut bots(players, 7), 50);
    let mut passing: Vec<Box<PassingBot>> = (0..players)
        .map(|s| Box::new(PassingBot(RandomBot::new(seat_seed(7, s)))))
        .collect();
    let mut game = warm.clone();
    group.bench_function(BenchmarkId::from_parameter(players), |b| {
        b.iter(|| {
            let mut played = 0;
            while played < TURNS_PER_ITER {
                let turn = game.turn();
                if play_one(&mut game, &mut passing, u32::MAX)
                    .unwrap()
                    .is_none()
                    || game.is_over()
                {
                    game.clone_from(&warm);
                }
                played += u32::from(game.turn() != turn);
            }
            black_box(played)
        })
    });
    group.finish();
}

fn games_per_second(c: &mut Criterion) {
    const LIMIT: u32 = 200;
    let mut group = c.benchmark_group("games_200_turns");
    group.throughput(Throughput::Elements(1));
    for players in [2, 4, 6] {
        let setup = Setup::standard(players).unwrap();
        let mut seed = 0u64;
        group.bench_with_input(BenchmarkId::from_parameter(players), &players, |b, _| {
            b.iter(|| {
                seed += 1;
                let mut game = Game::new(&setup.position(seed)).unwrap();
                let mut bots = bots(players, seed);
                while play_one(&mut game, &mut bots, LIMIT).unwrap().is_some() {}
                black_box(game.turn())
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(3));
    targets = turns_per_second, turns_with_fixed_programs, games_per_second
}
criterion_main!(benches);
