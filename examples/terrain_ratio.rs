//! Terrain's cost measured as a ratio, on a shared machine: plays the plain
//! board and the mixed board (mud, teleporters, rocks and blobs with their
//! default layouts; the same game as `benches/terrain.rs`) in alternation,
//! in one process, and prints each round's turns per second and the median
//! ratio mixed / plain. Alternating in one process makes the ratio fair
//! when the machine's speed drifts between runs.
//!
//! `cargo run --release --example terrain_ratio [ROUNDS] [TURNS]`
//! (defaults: 9 rounds of 200,000 turns each). `plain [TURNS]` or
//! `mixed [TURNS]` plays one board alone (2,000,000 turns by default), for a
//! profiler. With `TERRAIN_RATIO_NO_HOOKS` set, the variants' Lua hooks are
//! left out (terrain only).

use std::time::Instant;
use tinbots::bot::{seat_seed, RandomBot};
use tinbots::games::twin_tin_bots::game::Game;

#[path = "../benches/common/mod.rs"]
mod common;
use common::{play_turns, terrain_game};

const PLAYERS: usize = 4;
const SEED: u64 = 7;
const MIXED: [&str; 4] = ["mud", "teleporters", "rocks", "blobs"];

/// A board and its bots, warmed up, ready to play on.
struct Table {
    start: Game,
    game: Game,
    /// Boxed, as `play_turns` takes them (the benchmark's own calls).
    #[allow(clippy::vec_box)]
    bots: Vec<Box<RandomBot>>,
}

impl Table {
    fn new(variants: &[&str]) -> Table {
        let hooks = std::env::var_os("TERRAIN_RATIO_NO_HOOKS").is_none();
        let start = terrain_game(variants, PLAYERS, SEED, hooks);
        let mut game = start.clone();
        let mut bots: Vec<Box<RandomBot>> = (0..PLAYERS)
            .map(|s| Box::new(RandomBot::new(seat_seed(SEED, s))))
            .collect();
        play_turns(&start, &mut game, &mut bots, 50);
        Table { start, game, bots }
    }

    /// Turns per second over `turns` turns.
    fn rate(&mut self, turns: u32) -> f64 {
        let clock = Instant::now();
        let played = play_turns(&self.start, &mut self.game, &mut self.bots, turns);
        played as f64 / clock.elapsed().as_secs_f64()
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(board @ ("plain" | "mixed")) = args.first().map(String::as_str) {
        let turns = args
            .get(1)
            .map_or(2_000_000, |a| a.parse().expect("a whole number"));
        let variants = if board == "plain" {
            &[][..]
        } else {
            &MIXED[..]
        };
        let rate = Table::new(variants).rate(turns);
        println!("{board}: {rate:.0} turns/s");
        return;
    }
    let number = |i: usize, default: u32| {
        args.get(i)
            .map(|a| a.parse().expect("a whole number"))
            .unwrap_or(default)
    };
    let (rounds, turns) = (number(0, 9), number(1, 200_000));
    let mut plain = Table::new(&[]);
    let mut mixed = Table::new(&MIXED);
    let mut ratios = Vec::new();
    for round in 1..=rounds {
        let (p, m) = (plain.rate(turns), mixed.rate(turns));
        ratios.push(m / p);
        println!(
            "round {round}: plain {:.2} M/s, mixed {:.2} M/s, ratio {:.2}",
            p / 1e6,
            m / 1e6,
            m / p
        );
    }
    ratios.sort_by(f64::total_cmp);
    println!(
        "median ratio {:.2} (min {:.2}, max {:.2})",
        ratios[ratios.len() / 2],
        ratios[0],
        ratios[ratios.len() - 1]
    );
}
