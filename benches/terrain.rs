//! Terrain's cost: turns per second of random play (native random bots, one
//! thread, 4 players) on the plain board and on a board with mud,
//! teleporters, rocks and blobs together (the `random-terrain` variant,
//! whose mud and blob hooks are Lua), dealt with the same seeds. The issue's
//! goal: the mixed game at no less than half the plain game's speed.
//! Figures go to BENCHMARKS.md.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use tinbots::bot::{seat_seed, RandomBot};
use tinbots::game::{Game, Rules};
use tinbots::orders::OrderBook;
use tinbots::variant::VariantSet;

mod common;
use common::play_turns;

const TURNS_PER_ITER: u32 = 1000;
const PLAYERS: usize = 4;
const SEED: u64 = 7;

fn start(variants: &[&str]) -> Game {
    let set = VariantSet::load(variants).expect("the variants load");
    let position = set
        .standard_position(PLAYERS, SEED, &[])
        .expect("the variants deal a position");
    let rules: Rules = set.rules(OrderBook::official()).expect("the hooks load");
    Game::with_rules(&position, rules).expect("the position is playable")
}

fn turns(c: &mut Criterion) {
    let mut group = c.benchmark_group("terrain_turns");
    group.throughput(Throughput::Elements(TURNS_PER_ITER as u64));
    for (name, variants) in [("plain", &[][..]), ("mixed", &["random-terrain"][..])] {
        let start = start(variants);
        let mut game = start.clone();
        let mut bots: Vec<Box<RandomBot>> = (0..PLAYERS)
            .map(|s| Box::new(RandomBot::new(seat_seed(SEED, s))))
            .collect();
        play_turns(&start, &mut game, &mut bots, 50);
        group.bench_with_input(BenchmarkId::from_parameter(name), &name, |b, _| {
            b.iter(|| black_box(play_turns(&start, &mut game, &mut bots, TURNS_PER_ITER)))
        });
    }
    group.finish();
}

criterion_group!(benches, turns);
criterion_main!(benches);
