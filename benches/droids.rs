//! Droids throughput: rounds per second of random play (every decision
//! answered by a seeded random pick among the legal answers, through the
//! seam), on each of the seven missions with its script; a game that ends
//! is started again with the next seed. Figures go to BENCHMARKS.md.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;

use tinbots::engine::{DynState, GameOptions};
use tinbots::games::droids::seam::TYPE;

/// Rounds played in one iteration.
const ROUNDS_PER_ITER: u32 = 50;

/// A random table of one mission: the game, the bots' generator, the seed.
struct Table {
    mission: &'static str,
    game: Box<dyn DynState>,
    rng: ChaCha8Rng,
    seed: u64,
}

impl Table {
    fn new(mission: &'static str) -> Table {
        Table {
            mission,
            game: start(mission, 1),
            rng: ChaCha8Rng::seed_from_u64(1),
            seed: 1,
        }
    }

    /// Plays `rounds` rounds, starting a new game whenever one ends.
    fn play_rounds(&mut self, rounds: u32) -> u32 {
        let mut played = 0;
        while played < rounds {
            if self.game.is_over() {
                self.seed += 1;
                self.game = start(self.mission, self.seed);
            }
            let round = self.game.turn();
            let n = self.game.legal_count();
            self.game
                .apply_index(self.rng.gen_range(0..n))
                .expect("a legal answer");
            if self.game.is_over() || self.game.turn() != round {
                played += 1;
            }
        }
        played
    }
}

fn start(mission: &str, seed: u64) -> Box<dyn DynState> {
    TYPE.start(
        &GameOptions {
            seed,
            ..GameOptions::default()
        }
        .with("mission", mission),
    )
    .expect("a built-in mission")
    .game
}

fn rounds_of_every_mission(c: &mut Criterion) {
    let mut group = c.benchmark_group("droids_rounds");
    group.throughput(Throughput::Elements(u64::from(ROUNDS_PER_ITER)));
    for mission in [
        "challenge",
        "mines",
        "containers",
        "shelter",
        "statue",
        "labyrinth",
        "killer",
    ] {
        let mut table = Table::new(mission);
        group.bench_function(mission, |b| {
            b.iter(|| black_box(table.play_rounds(ROUNDS_PER_ITER)))
        });
    }
    group.finish();
}

criterion_group!(benches, rounds_of_every_mission);
criterion_main!(benches);
