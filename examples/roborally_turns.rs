//! RoboRally turns for a profiler and for timing against the design's
//! `roborally-limit` anchor: plays the benchmark's race (8 random robots on
//! `proving`, the anchor's map, through the seam; `benches/roborally.rs`)
//! for a number of
//! whole turns, then prints the time a turn took and what a turn held, in
//! the anchor's terms (robot-squares moved, damage, robots destroyed), so
//! that the two can be seen to do the same work.
//!
//! `cargo run --release --example roborally_turns [TURNS] [RUNS] [COURSE]`
//! (defaults: 7 runs of 100,000 turns on `proving`; the median and range
//! of the thread's CPU time per turn are printed, and the median wall
//! time).
//! With `RUNS` 0 it plays `TURNS` turns once, untimed and uncounted, for a
//! profiler: under `valgrind --tool=callgrind`, run it with two turn
//! counts; the difference of the instruction counts over the difference
//! of the turns is the cost of a turn, without the set-up. Build it with
//! `--profile profiling` for the line tables a profiler reads.

use std::io::Write;
use std::time::Instant;

use tinbots::engine::State;
use tinbots::games::roborally::game::{Cause, Event, Game};

#[path = "../benches/common/mod.rs"]
mod common;
use common::CpuClock;

#[path = "../benches/roborally_common/mod.rs"]
mod roborally_common;
use roborally_common::{Table, ANCHOR_COURSE};

/// What the turns held, summed.
#[derive(Default)]
struct Held {
    moved: u64,
    carried: u64,
    damage: u64,
    fell: u64,
    crushed: u64,
    destroyed: u64,
    flags: u64,
    wins: u64,
}

impl Held {
    fn count(&mut self, game: &Game) {
        for e in game.events() {
            match *e {
                Event::Moved(_, _, _, Cause::Belt(_)) => self.carried += 1,
                Event::Moved(..) | Event::Pushed { .. } => self.moved += 1,
                Event::Damaged(_, n, _) => self.damage += u64::from(n),
                Event::FellInPit(..) | Event::LeftBoard(..) => self.fell += 1,
                Event::Crushed(..) => self.crushed += 1,
                Event::Destroyed(..) => self.destroyed += 1,
                Event::FlagTouched(..) => self.flags += 1,
                Event::Won(_) => self.wins += 1,
                _ => {}
            }
        }
    }
}

/// The median, lowest and highest of some figures.
fn spread(mut v: Vec<f64>) -> (f64, f64, f64) {
    v.sort_by(f64::total_cmp);
    (v[v.len() / 2], v[0], v[v.len() - 1])
}

fn arg(n: usize, default: u32) -> u32 {
    std::env::args()
        .nth(n)
        .map_or(default, |a| a.parse().expect("a whole number"))
}

fn main() {
    let turns = arg(1, 100_000);
    let runs = arg(2, 7);
    let course = std::env::args().nth(3);
    let mut table = Table::new(course.as_deref().unwrap_or(ANCHOR_COURSE));
    if runs == 0 {
        table.play_turns(turns, |_| {});
        return;
    }
    let (mut cpu, mut wall) = (Vec::new(), Vec::new());
    for _ in 0..runs {
        let (c, t) = (CpuClock::thread(), Instant::now());
        table.play_turns(turns, |_| {});
        wall.push(t.elapsed().as_nanos() as f64 / f64::from(turns));
        cpu.push(c.elapsed_ns() as f64 / f64::from(turns));
    }
    let ((c, lo, hi), (w, _, _)) = (spread(cpu), spread(wall));
    // Written, not printed: a closed pipe (`| head`) ends the output, not
    // the program with a panic.
    let mut out = std::io::stdout().lock();
    let _ = writeln!(
        out,
        "{runs} runs of {turns} turns: {c:.0} ns/turn of thread CPU time (median; {lo:.0} – {hi:.0}), {w:.0} ns wall"
    );
    let mut held = Held::default();
    let counted = table.play_turns(turns.min(100_000), |g| held.count(g));
    let per = |n: u64| n as f64 / f64::from(counted);
    let shot = held.destroyed - held.fell - held.crushed;
    let _ = writeln!(
        out,
        "a turn holds: {:.2} robot-squares moved by cards and pushers, {:.2} carried by belts, \
         {:.2} damage; destroyed: {:.3} fell, {:.3} shot, {:.3} crushed; {:.4} flags touched, {:.5} wins",
        per(held.moved),
        per(held.carried),
        per(held.damage),
        per(held.fell),
        per(shot),
        per(held.crushed),
        per(held.flags),
        per(held.wins)
    );
}
