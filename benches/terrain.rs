//! Terrain's cost: turns per second of random play (native random bots, one
//! thread, 4 players) on the plain board and on a board with mud,
//! teleporters, rocks and blobs together (the four variants with their
//! default layouts: three mud hexes, two teleporter pairs, two rocks, two
//! blobs; mud and blob hooks are Lua), dealt with the same seed. The issue's
//! goal: the mixed game at no less than half the plain game's speed.
//! Figures go to BENCHMARKS.md.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use tinbots::bot::{seat_seed, RandomBot};

mod common;
use common::{play_turns, terrain_game};

const TURNS_PER_ITER: u32 = 1000;
const PLAYERS: usize = 4;
const SEED: u64 = 7;

fn turns(c: &mut Criterion) {
    let mut group = c.benchmark_group("terrain_turns");
    group.throughput(Throughput::Elements(TURNS_PER_ITER as u64));
    let mixed = &["mud", "teleporters", "rocks", "blobs"][..];
    for (name, variants) in [("plain", &[][..]), ("mixed", mixed)] {
        let start = terrain_game(variants, PLAYERS, SEED, true);
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
