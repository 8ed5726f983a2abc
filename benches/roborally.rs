//! RoboRally throughput: one full turn (dealing, eight programs chosen at
//! random, five register phases with every board element and all lasers,
//! the end of the turn) with 8 random robots on the two-board course
//! `crossing` (24 × 12), through the seam with the native random bot.
//! Compared with the bare-bones loop of the design's `roborally-limit`
//! anchor, timed in the same sitting; figures go to BENCHMARKS.md.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use tinbots::assets::Library;
use tinbots::bot::{seat_seed, Bot, RandomBot};
use tinbots::engine::DynState;
use tinbots::games::roborally::courses;
use tinbots::games::roborally::game::Game;
use tinbots::play::play_one;

const TURNS_PER_ITER: u32 = 100;

/// Plays `turns` whole turns, starting again from `start` when a race ends.
fn play_turns(start: &Game, game: &mut Game, bots: &mut [Box<dyn Bot>], turns: u32) -> u32 {
    let mut played = 0;
    while played < turns {
        let turn = DynState::turn(game);
        if play_one(game, bots, u32::MAX)
            .expect("random answers are legal")
            .is_none()
            || DynState::is_over(game)
        {
            *game = start.clone();
        } else if DynState::turn(game) != turn {
            played += 1;
        }
    }
    played
}

fn turns_with_eight_robots(c: &mut Criterion) {
    let course = courses::find("crossing", &Library::standard()).expect("a built-in course");
    let start = Game::race(&course, 8, 7).expect("8 robots fit the start square");
    let mut game = start.clone();
    let mut bots: Vec<Box<dyn Bot>> = (0..8)
        .map(|s| Box::new(RandomBot::new(seat_seed(7, s))) as Box<dyn Bot>)
        .collect();
    play_turns(&start, &mut game, &mut bots, 5);
    let mut group = c.benchmark_group("roborally_turns");
    group.throughput(Throughput::Elements(u64::from(TURNS_PER_ITER)));
    group.bench_function("8_robots_crossing", |b| {
        b.iter(|| black_box(play_turns(&start, &mut game, &mut bots, TURNS_PER_ITER)))
    });
    group.finish();
}

criterion_group!(benches, turns_with_eight_robots);
criterion_main!(benches);
