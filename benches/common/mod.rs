//! What the benchmarks share: playing a number of turns with any bots.

use tinbots::bot::Bot;
use tinbots::games::twin_tin_bots::game::{Game, Position, Rules};
use tinbots::games::twin_tin_bots::orders::OrderBook;
use tinbots::games::twin_tin_bots::variant::VariantSet;
use tinbots::play::play_one;

/// Plays `turns` turns from `start`, restarting from it whenever a game ends.
#[allow(dead_code)] // not every user plays Twin Tin Bots
pub fn play_turns<B: Bot + ?Sized>(
    start: &Game,
    game: &mut Game,
    bots: &mut [Box<B>],
    turns: u32,
) -> u32 {
    let mut played = 0;
    while played < turns {
        let turn = game.turn();
        match play_one(game, bots, u32::MAX).expect("the bots answer legally") {
            Some(_) if game.turn() != turn || game.is_over() => played += 1,
            Some(_) => {}
            None => game.clone_from(start),
        }
        if game.is_over() {
            game.clone_from(start);
        }
    }
    played
}

/// The standard game for `players` with `variants`, dealt from the first
/// seed from `seed` whose board holds every kind of terrain of `variants`
/// (the setup rule may leave no room for one). With `hooks` false, the
/// variants' Lua hooks are left out (terrain only).
#[allow(dead_code)] // not every benchmark plays variants
pub fn terrain_game(variants: &[&str], players: usize, seed: u64, hooks: bool) -> Game {
    let set = VariantSet::load(variants).expect("the variants load");
    let kinds = |p: &Position| {
        let mut kinds: Vec<std::sync::Arc<str>> =
            p.terrain.iter().map(|t| t.kind.as_str()).collect();
        kinds.sort();
        kinds.dedup();
        kinds.len()
    };
    let position = (seed..)
        .map(|seed| {
            set.standard_position(players, seed, &[])
                .expect("the variants deal a position")
        })
        .find(|p| kinds(p) == variants.len())
        .expect("a seed with every kind");
    let mut rules: Rules = set.rules(OrderBook::official()).expect("the hooks load");
    if !hooks {
        rules.hooks = None;
    }
    Game::with_rules(&position, rules).expect("the position is playable")
}

/// A CPU-time clock (`clock_gettime`): a thread's, as the anchors measure
/// a loop, or the whole process's, for work spread over threads. On a
/// machine shared with other work, wall time would also count the time
/// spent waiting for a core.
#[allow(dead_code)] // not every benchmark reads a clock
pub struct CpuClock {
    clock: i32,
    start: u64,
}

#[allow(dead_code)]
impl CpuClock {
    /// Started now, counting this thread's CPU time.
    pub fn thread() -> CpuClock {
        const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
        CpuClock::start(CLOCK_THREAD_CPUTIME_ID)
    }

    /// Started now, counting the CPU time of every thread of the process.
    pub fn process() -> CpuClock {
        const CLOCK_PROCESS_CPUTIME_ID: i32 = 2;
        CpuClock::start(CLOCK_PROCESS_CPUTIME_ID)
    }

    fn start(clock: i32) -> CpuClock {
        CpuClock {
            clock,
            start: cpu_ns(clock),
        }
    }

    /// CPU nanoseconds since the clock started.
    pub fn elapsed_ns(&self) -> u64 {
        cpu_ns(self.clock) - self.start
    }
}

/// The CPU time of `clock` in ns.
fn cpu_ns(clock: i32) -> u64 {
    #[repr(C)]
    struct Timespec {
        sec: i64,
        nsec: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, ts: *mut Timespec) -> i32;
    }
    let mut ts = Timespec { sec: 0, nsec: 0 };
    // SAFETY: `ts` is a valid, writable timespec for the call's duration.
    let status = unsafe { clock_gettime(clock, &mut ts) };
    assert_eq!(status, 0, "no CPU clock {clock}");
    ts.sec as u64 * 1_000_000_000 + ts.nsec as u64
}
