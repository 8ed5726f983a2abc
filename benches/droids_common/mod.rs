//! What the Droids benchmark and the `perf` example share: a table of
//! random play on one mission (every decision answered by a seeded random
//! pick among the legal answers, through the seam), and playing a number
//! of rounds on it. A game that ends is started again with the next seed,
//! and its last round counts: random games are short (about 2 rounds), so
//! a round here includes starting a game (for missions 2 to 7, the
//! mission's script and its `setup` hook).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use tinbots::engine::{DynState, GameOptions};
use tinbots::games::droids::seam::TYPE;

/// The missions, by name, in the order of section III.
#[allow(dead_code)] // the example times only some of them
pub const MISSIONS: [&str; 7] = [
    "challenge",
    "mines",
    "containers",
    "shelter",
    "statue",
    "labyrinth",
    "killer",
];

/// A random table of one mission: the game, the bots' generator, the seed.
pub struct Table {
    mission: &'static str,
    game: Box<dyn DynState>,
    rng: ChaCha8Rng,
    seed: u64,
}

impl Table {
    /// The table of `mission` (a built-in mission's name), at seed 1.
    pub fn new(mission: &'static str) -> Table {
        Table {
            mission,
            game: start(mission, 1),
            rng: ChaCha8Rng::seed_from_u64(1),
            seed: 1,
        }
    }

    /// Plays `rounds` rounds, starting a new game whenever one ends.
    pub fn play_rounds(&mut self, rounds: u32) -> u32 {
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

/// The built-in `mission` at `seed`, with its default players.
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
