//! What the RoboRally benchmark and its example share: the table (a race
//! of 8 robots on the two-board course `crossing`, the native random bot in
//! every seat, through the seam) and playing whole turns on it.

use tinbots::assets::Library;
use tinbots::bot::{seat_seed, Bot, RandomBot};
use tinbots::engine::DynState;
use tinbots::games::roborally::courses;
use tinbots::games::roborally::game::Game;
use tinbots::play::play_one;

/// The robots of the race.
pub const ROBOTS: usize = 8;

/// The seed of the race and of its bots.
pub const SEED: u64 = 7;

/// A race and its bots, ready to play on.
pub struct Table {
    /// The race as it starts; a race that ends starts again from it.
    pub start: Game,
    /// The race being played.
    pub game: Game,
    /// One native random bot per seat, boxed as `play_one` takes them.
    pub bots: Vec<Box<dyn Bot>>,
}

impl Table {
    /// The race on `crossing` with 8 random robots, warmed up by 5 turns.
    pub fn new() -> Table {
        let course = courses::find("crossing", &Library::standard()).expect("a built-in course");
        let start = Game::race(&course, ROBOTS, SEED).expect("8 robots fit the start square");
        let mut table = Table {
            game: start.clone(),
            start,
            bots: (0..ROBOTS)
                .map(|s| Box::new(RandomBot::new(seat_seed(SEED, s))) as Box<dyn Bot>)
                .collect(),
        };
        table.play_turns(5, |_| {});
        table
    }

    /// Plays `turns` whole turns, starting again from the start when a
    /// race ends; `observe` sees the game after each answer.
    pub fn play_turns(&mut self, turns: u32, mut observe: impl FnMut(&Game)) -> u32 {
        let mut played = 0;
        while played < turns {
            let turn = DynState::turn(&self.game);
            let answered = play_one(&mut self.game, &mut self.bots, u32::MAX)
                .expect("random answers are legal")
                .is_some();
            if answered {
                observe(&self.game);
            }
            if !answered || DynState::is_over(&self.game) {
                self.game = self.start.clone();
            } else if DynState::turn(&self.game) != turn {
                played += 1;
            }
        }
        played
    }
}
