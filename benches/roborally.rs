//! RoboRally throughput: one full turn (dealing, eight programs chosen at
//! random, five register phases with every board element and all lasers,
//! the end of the turn) with 8 random robots on two two-board courses
//! (24 × 12): `proving`, the anchor's map, and `crossing`, through the seam
//! with the native random bot.
//! Compared with the bare-bones loop of the design's `roborally-limit`
//! anchor, timed in the same sitting; figures go to BENCHMARKS.md.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

mod roborally_common;
use roborally_common::{Table, ANCHOR_COURSE};

const TURNS_PER_ITER: u32 = 100;

fn turns_with_eight_robots(c: &mut Criterion) {
    let mut group = c.benchmark_group("roborally_turns");
    group.throughput(Throughput::Elements(u64::from(TURNS_PER_ITER)));
    for course in [ANCHOR_COURSE, "crossing"] {
        let mut table = Table::new(course);
        group.bench_function(format!("8_robots_{course}"), |b| {
            b.iter(|| black_box(table.play_turns(TURNS_PER_ITER, |_| {})))
        });
    }
    group.finish();
}

criterion_group!(benches, turns_with_eight_robots);
criterion_main!(benches);
