//! What the RoboRally benchmark and its example share: the table (a race
//! of 8 robots on a two-board course, a random bot in every seat) and
//! playing whole turns on it.
//!
//! The game is driven through the seam's [`State`] trait, statically, as
//! native bots and benchmarks do (`docs/adding-a-game.md`): each answer is
//! `legal_count`, `legal(i)` and `apply_legal`. The `play` driver's own
//! bookkeeping (turn limits, transcripts, bots behind `dyn`) is not part of
//! a turn's cost.
//!
//! The course to compare with the anchor is [`ANCHOR_COURSE`], `proving`:
//! the anchor's own map (the same squares, walls, lasers, pushers, crushers
//! and flags), so that the ratio compares the same game.
//!
//! The robots have [`LIVES`] lives, not 3: the anchor's robots always come
//! back, so that every turn it times has 8 robots on the board; with 3
//! lives, random programs would soon leave few robots to move, and the
//! turns timed would hold less work than the anchor's. For the same
//! reason the bots never power down ([`Table::answer_one`]): the anchor has
//! no power down, and a random answer would leave half the damaged robots
//! idle for a turn.

use std::sync::Arc;
use tinbots::assets::Library;
use tinbots::bot::seat_seed;
use tinbots::engine::State;
use tinbots::games::roborally::courses;
use tinbots::games::roborally::game::{Answer, Decision, Game};
use tinbots::games::roborally::position::{Position, RobotState, Stage};
use tinbots::grid::square::Compass;

/// The robots of the race.
pub const ROBOTS: usize = 8;

/// The seed of the race and of its bots.
pub const SEED: u64 = 7;

/// The course laid out as the design's `roborally-limit` anchor's map.
pub const ANCHOR_COURSE: &str = "proving";

/// The lives each robot starts with: the most a position may give (a
/// variant's settings, seed line 50-57), so that they keep coming back for
/// many turns, as the anchor's do; the race starts again when one has none
/// left.
pub const LIVES: u8 = 11;

/// The bots' random numbers: wyrand, the generator the anchor's random
/// programs draw from (one 64 × 64 → 128-bit multiply a number), so that
/// the bots cost what the anchor's choices cost and the ratio measures the
/// game. The game's own shuffles keep its seeded ChaCha generator.
pub struct WyRand(pub u64);

impl WyRand {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0xa076_1d64_78bd_642f);
        let t = u128::from(self.0) * u128::from(self.0 ^ 0xe703_7ed1_a0b4_28db);
        (t >> 64) as u64 ^ t as u64
    }

    /// A number below `n` (multiply and shift; the bias, below n / 2^32,
    /// does not matter to a benchmark's bot).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }
}

/// Turns played before timing, and after which a race starts again: by
/// then the robots have left the start square, as the anchor's are spread
/// over its map.
pub const WARM_UP: u32 = 8;

/// A race and its bots, ready to play on.
pub struct Table {
    /// The race as it starts; a race that ends starts again from it.
    pub start: Game,
    /// The race being played.
    pub game: Game,
    /// One random number generator per seat: its random bot.
    pub bots: Vec<WyRand>,
}

impl Table {
    /// The race on the built-in `course` with 8 random robots, warmed up
    /// by [`WARM_UP`] turns.
    pub fn new(course: &str) -> Table {
        let course = courses::find(course, &Library::standard()).expect("a built-in course");
        let robots = (0..ROBOTS)
            .map(|seat| {
                let mut robot = RobotState::new(seat, course.start, Compass::N);
                robot.virtual_robot = true;
                robot.lives = LIVES;
                robot
            })
            .collect();
        let position = Position {
            board: Arc::new(course.board.clone()),
            robots,
            option_deck: Vec::new(),
            turn: 1,
            stage: Stage::TurnStart,
        };
        let start = Game::new(position, SEED).expect("8 robots fit the start square");
        let mut table = Table {
            game: start.clone(),
            start,
            bots: (0..ROBOTS).map(|s| WyRand(seat_seed(SEED, s))).collect(),
        };
        table.play_turns(WARM_UP, |_| {});
        // Races start again from here, the robots spread over the course
        // with all their lives, not from the start square.
        table.start = table.game.clone();
        table
    }

    /// Plays `turns` whole turns, starting again from the start when a
    /// race ends or a robot has no life left; `observe` sees the game
    /// after each answer.
    pub fn play_turns(&mut self, turns: u32, mut observe: impl FnMut(&Game)) -> u32 {
        let mut played = 0;
        while played < turns {
            let turn = State::turn(&self.game);
            let answered = self.answer_one();
            if answered {
                observe(&self.game);
            }
            if !answered || State::is_over(&self.game) {
                self.game = self.start.clone();
            } else if State::turn(&self.game) != turn {
                played += 1;
                // The anchor's robots always come back: once one has no
                // life left, the race starts again, so that every turn
                // timed has 8 robots.
                if self.game.robots().iter().any(|r| r.lives == 0) {
                    self.game = self.start.clone();
                }
            }
        }
        played
    }

    /// The seat to decide answers at random, except that a power down is
    /// always answered `go`; `false` when nobody decides.
    pub fn answer_one(&mut self) -> bool {
        let Some(seat) = State::to_decide(&self.game) else {
            return false;
        };
        let answer = if let Some(Decision::PowerDown { .. }) = self.game.decision() {
            Answer::Go
        } else {
            let count = State::legal_count(&self.game);
            let i = self.bots[seat].below(count);
            State::legal(&self.game, i).expect("an index below the count")
        };
        State::apply_legal(&mut self.game, answer).expect("a legal answer");
        true
    }
}
