//! Droids throughput: rounds per second of random play on each of the
//! seven missions with its script (the table: `droids_common`). Figures
//! go to BENCHMARKS.md; `perf droids-rounds-MISSION` times the same table
//! in CPU time.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

mod droids_common;
use droids_common::{Table, MISSIONS};

/// Rounds played in one iteration.
const ROUNDS_PER_ITER: u32 = 50;

fn rounds_of_every_mission(c: &mut Criterion) {
    let mut group = c.benchmark_group("droids_rounds");
    group.throughput(Throughput::Elements(u64::from(ROUNDS_PER_ITER)));
    for mission in MISSIONS {
        let mut table = Table::new(mission);
        group.bench_function(mission, |b| {
            b.iter(|| black_box(table.play_rounds(ROUNDS_PER_ITER)))
        });
    }
    group.finish();
}

criterion_group!(benches, rounds_of_every_mission);
criterion_main!(benches);
