//! Lua bots against native ones: turns per second of random play for four
//! players with `scripts/twin-tin-bots/bots/random.lua` in every seat, and with the
//! built-in random bot in every seat. The ratio goes to BENCHMARKS.md (the
//! target: Lua at no less than a quarter of native).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use std::path::Path;
use tinbots::bot::{seat_seed, Bot, RandomBot};
use tinbots::games::twin_tin_bots::game::Game;
use tinbots::games::twin_tin_bots::lua::LuaBot;
use tinbots::games::twin_tin_bots::setup::Setup;

mod common;
use common::play_turns;

const TURNS_PER_ITER: u32 = 1000;
const PLAYERS: usize = 4;

fn lua_bots(seed: u64) -> Vec<Box<dyn Bot>> {
    (0..PLAYERS)
        .map(|seat| {
            let mut bot = LuaBot::load(Path::new("scripts/twin-tin-bots/bots/random.lua")).unwrap();
            bot.seed(seat_seed(seed, seat)).unwrap();
            Box::new(bot) as Box<dyn Bot>
        })
        .collect()
}

fn native_bots(seed: u64) -> Vec<Box<dyn Bot>> {
    (0..PLAYERS)
        .map(|seat| Box::new(RandomBot::new(seat_seed(seed, seat))) as Box<dyn Bot>)
        .collect()
}

fn random_lua_against_native(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_bot_turns");
    group.throughput(Throughput::Elements(TURNS_PER_ITER as u64));
    let start = Game::new(&Setup::standard(PLAYERS).unwrap().position(7)).unwrap();
    for (name, mut bots) in [("native", native_bots(7)), ("lua", lua_bots(7))] {
        let mut game = start.clone();
        play_turns(&start, &mut game, &mut bots, 50);
        group.bench_function(name, |b| {
            b.iter(|| black_box(play_turns(&start, &mut game, &mut bots, TURNS_PER_ITER)))
        });
    }
    group.finish();
}

criterion_group!(benches, random_lua_against_native);
criterion_main!(benches);
