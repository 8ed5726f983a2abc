//! One command for every speed figure of `BENCHMARKS.md`: the argument
//! names a figure, the runs are printed as they come, and the last line is
//! `<figure> <value>`.
//!
//! `cargo run --release --example perf -- FIGURE [RUNS]` (`list` names the
//! figures). Times are CPU time (the thread's for a loop, the process's for
//! a tournament), the least of `RUNS` runs (default 7; 3 for tournaments):
//! on a shared machine the least disturbed run is the truest. Ratios are
//! of two workloads alternated in the same process, so the machine's drift
//! touches both alike.
//!
//! - `ttb-turn-2`, `ttb-turn-4`, `ttb-turn-6`: ns a turn of Twin Tin Bots,
//!   random bots, the work of `../shared/anchors/twin-tin-bots-limit` (one
//!   random program change and both robots' programs).
//! - `rr-turn`: ns a turn of RoboRally, 8 random robots on `proving`, the
//!   work of `../shared/anchors/roborally-limit` (`benches/roborally.rs`).
//! - `lua-ttb`, `lua-roborally`, `lua-droids`: turns a second of a
//!   tournament of the game's `random.lua` in every seat, divided by the
//!   same tournament with the native random bot.
//! - `terrain`: Twin Tin Bots turns a second on the mixed terrain board
//!   (mud, teleporters, rocks, blobs, with their Lua hooks) divided by the
//!   plain board's.
//! - `droids-rounds-challenge`, `droids-rounds-mines`,
//!   `droids-rounds-shelter`: Droids rounds a second of random play on the
//!   mission, games started again as they end (`benches/droids.rs`'s
//!   table).

use std::io::Write;
use tinbots::bot::{seat_seed, BotSpec, RandomBot};
use tinbots::engine::GameOptions;
use tinbots::games::twin_tin_bots::game::Game;
use tinbots::games::twin_tin_bots::setup::Setup;
use tinbots::tournament::{Run, Tournament};

#[path = "../benches/common/mod.rs"]
mod common;
use common::{play_turns, terrain_game, CpuClock};

#[path = "../benches/roborally_common/mod.rs"]
mod roborally_common;

#[path = "../benches/droids_common/mod.rs"]
mod droids_common;

/// The figures, each with what it measures.
const FIGURES: &[(&str, &str)] = &[
    ("ttb-turn-2", "ns a Twin Tin Bots turn, 2 players"),
    ("ttb-turn-4", "ns a Twin Tin Bots turn, 4 players"),
    ("ttb-turn-6", "ns a Twin Tin Bots turn, 6 players"),
    ("rr-turn", "ns a RoboRally turn, 8 robots on proving"),
    (
        "lua-ttb",
        "Twin Tin Bots: Lua random bot / native, turns a second",
    ),
    (
        "lua-roborally",
        "RoboRally: Lua random bot / native, turns a second",
    ),
    (
        "lua-droids",
        "Droids: Lua random bot / native, turns a second",
    ),
    (
        "terrain",
        "Twin Tin Bots: mixed terrain / plain, turns a second",
    ),
    (
        "droids-rounds-challenge",
        "Droids: rounds a second, random play, mission 1",
    ),
    (
        "droids-rounds-mines",
        "Droids: rounds a second, random play, mission 2",
    ),
    (
        "droids-rounds-shelter",
        "Droids: rounds a second, random play, mission 4",
    ),
];

/// The seed of every deal.
const SEED: u64 = 7;

/// Turns a timed run of a turn loop plays.
const LOOP_TURNS: u32 = 200_000;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let figure = args.first().map_or("list", String::as_str);
    let runs = |default: u32| {
        args.get(1)
            .and_then(|a| a.parse().ok())
            .filter(|&n| n > 0)
            .unwrap_or(default)
    };
    let value = match figure {
        "ttb-turn-2" => ttb_turn(2, runs(7)),
        "ttb-turn-4" => ttb_turn(4, runs(7)),
        "ttb-turn-6" => ttb_turn(6, runs(7)),
        "rr-turn" => rr_turn(runs(7)),
        "lua-ttb" => lua_ratio("twin-tin-bots", 200, runs(3)),
        "lua-roborally" => lua_ratio("roborally", 200, runs(3)),
        "lua-droids" => lua_ratio("droids", 2000, runs(3)),
        "terrain" => terrain(runs(7)),
        "droids-rounds-challenge" => droids_rounds("challenge", runs(7)),
        "droids-rounds-mines" => droids_rounds("mines", runs(7)),
        "droids-rounds-shelter" => droids_rounds("shelter", runs(7)),
        _ => {
            let mut out = std::io::stdout().lock();
            for (name, what) in FIGURES {
                let _ = writeln!(out, "{name:<24} {what}");
            }
            if figure != "list" {
                eprintln!("perf: no figure `{figure}` (the list above)");
                std::process::exit(2);
            }
            return;
        }
    };
    say(&format!("{figure} {value}"));
}

/// Prints a line; a closed pipe ends the output, not the program.
fn say(line: &str) {
    let _ = writeln!(std::io::stdout().lock(), "{line}");
}

/// The least of some figures.
fn least(figures: impl IntoIterator<Item = f64>) -> f64 {
    figures.into_iter().fold(f64::INFINITY, f64::min)
}

/// Thread CPU ns a turn of Twin Tin Bots with random bots, `players`
/// players, the least of `runs` runs.
fn ttb_turn(players: usize, runs: u32) -> String {
    let setup = Setup::standard(players).expect("a standard setup");
    let start = Game::new(&setup.position(SEED)).expect("the standard position plays");
    let mut game = start.clone();
    let mut bots: Vec<Box<RandomBot>> = (0..players)
        .map(|s| Box::new(RandomBot::new(seat_seed(SEED, s))))
        .collect();
    play_turns(&start, &mut game, &mut bots, 50);
    let per_turn = least((0..runs).map(|run| {
        let clock = CpuClock::thread();
        let played = play_turns(&start, &mut game, &mut bots, LOOP_TURNS);
        let ns = clock.elapsed_ns() as f64 / f64::from(played);
        say(&format!("run {}: {ns:.0} ns a turn", run + 1));
        ns
    }));
    format!("{per_turn:.0}")
}

/// Thread CPU ns a RoboRally turn with 8 random robots on the anchor's
/// course, the least of `runs` runs.
fn rr_turn(runs: u32) -> String {
    let mut table = roborally_common::Table::new(roborally_common::ANCHOR_COURSE);
    let turns = LOOP_TURNS / 5;
    let per_turn = least((0..runs).map(|run| {
        let clock = CpuClock::thread();
        let played = table.play_turns(turns, |_| {});
        let ns = clock.elapsed_ns() as f64 / f64::from(played);
        say(&format!("run {}: {ns:.0} ns a turn", run + 1));
        ns
    }));
    format!("{per_turn:.0}")
}

/// Turns a second of a two-player tournament of `games` games of `game`
/// with `bot` in both seats, by the process's CPU time.
fn tournament_rate(game: &'static str, bot: &BotSpec, games: u32) -> f64 {
    let tournament = Tournament {
        game: tinbots::games::find(game).expect("a registered game"),
        options: GameOptions::default(),
        players: 2,
        games,
        seed: SEED,
        max_turns: 200,
        threads: 1,
    };
    let mut turns = 0u64;
    let clock = CpuClock::process();
    tournament
        .run(
            &[bot.clone(), bot.clone()],
            &mut Run::quiet(&mut |row| {
                turns += u64::from(row.turns);
                Ok(())
            }),
        )
        .expect("the tournament plays");
    turns as f64 * 1e9 / clock.elapsed_ns() as f64
}

/// The game's `random.lua` against its native random bot: turns a second
/// of each, alternated `runs` times, the best of each, as a ratio.
fn lua_ratio(game: &'static str, games: u32, runs: u32) -> String {
    let lua = BotSpec::Lua(format!("scripts/{game}/bots/random.lua").into());
    let (mut best_lua, mut best_native) = (0f64, 0f64);
    for run in 1..=runs {
        let native = tournament_rate(game, &BotSpec::Random, games);
        let scripted = tournament_rate(game, &lua, games);
        say(&format!(
            "run {run}: native {native:.0} turns/s, random.lua {scripted:.0} turns/s"
        ));
        best_native = best_native.max(native);
        best_lua = best_lua.max(scripted);
    }
    format!("{:.3}", best_lua / best_native)
}

/// Twin Tin Bots on the mixed terrain board against the plain one, 4
/// players, alternated `runs` times: the best rates' ratio.
fn terrain(runs: u32) -> String {
    let boards = [&[][..], &["mud", "teleporters", "rocks", "blobs"][..]];
    let mut tables: Vec<(Game, Game, Vec<Box<RandomBot>>)> = boards
        .iter()
        .map(|variants| {
            let start = terrain_game(variants, 4, SEED, true);
            let mut game = start.clone();
            let mut bots: Vec<Box<RandomBot>> = (0..4)
                .map(|s| Box::new(RandomBot::new(seat_seed(SEED, s))))
                .collect();
            play_turns(&start, &mut game, &mut bots, 50);
            (start, game, bots)
        })
        .collect();
    let mut best = [0f64; 2];
    for run in 1..=runs {
        let mut rates = [0f64; 2];
        for (board, (start, game, bots)) in tables.iter_mut().enumerate() {
            let clock = CpuClock::thread();
            let played = play_turns(start, game, bots, LOOP_TURNS);
            rates[board] = f64::from(played) * 1e9 / clock.elapsed_ns() as f64;
            best[board] = best[board].max(rates[board]);
        }
        say(&format!(
            "run {run}: plain {:.0} turns/s, mixed {:.0} turns/s",
            rates[0], rates[1]
        ));
    }
    format!("{:.3}", best[1] / best[0])
}

/// Droids rounds a second of random play on `mission`, by the thread's
/// CPU time, the best of `runs` runs.
fn droids_rounds(mission: &'static str, runs: u32) -> String {
    let mut table = droids_common::Table::new(mission);
    // About a tenth of a second a run, whatever the mission's speed.
    let rounds = match mission {
        "challenge" => 4000,
        _ => 400,
    };
    table.play_rounds(rounds / 10);
    let best = (1..=runs).fold(0f64, |best, run| {
        let clock = CpuClock::thread();
        let played = table.play_rounds(rounds);
        let rate = f64::from(played) * 1e9 / clock.elapsed_ns() as f64;
        say(&format!("run {run}: {rate:.0} rounds/s"));
        best.max(rate)
    });
    format!("{best:.0}")
}
