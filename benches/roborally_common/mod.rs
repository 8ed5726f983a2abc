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
//! On [`ANCHOR_COURSE`] the robots start as the anchor's do: each on its
//! own square of the west edge (the course's start and the seven squares
//! below it), facing east, real, with its archive there; on another
//! course, all on its start, virtual, as a race starts. With one shared
//! start they would come back virtual on it again and again, and virtual
//! robots neither fire nor are hit by robot lasers (ruling 11): a turn
//! would hold less of the anchor's damage.
//!
//! The anchor has no lives: its robots always come back, for as long as
//! it runs, and over the first thousand turns or so their archives creep
//! from the west edge to repair sites and flags, where they are shot more
//! and fall less (the anchor's own figures, from its start: 9.3 damage a
//! turn over its first 200 turns, 11.1 over 1,000, 11.8 from then on). So
//! the bench's robots keep theirs: after every turn their lives are
//! restored to [`LIVES`] ([`Game::restore_lives`], within the limit the
//! position validator keeps, seed lines 50-57), and the table is warmed
//! up by [`WARM_UP`] turns before anything is timed. A race that ends (a
//! robot touched the last flag) starts again from the warmed-up position.
//! For the same reason the bots never power down
//! ([`Table::answer_one`]): the anchor has no power down, and a random
//! answer would leave half the damaged robots idle for a turn.

use std::sync::Arc;
use tinbots::assets::Library;
use tinbots::bot::seat_seed;
use tinbots::engine::State;
use tinbots::games::roborally::courses;
use tinbots::games::roborally::game::{Answer, Decision, Game};
use tinbots::games::roborally::position::{Position, RobotState, Stage};
use tinbots::grid::square::{Compass, Square};

/// The robots of the race.
pub const ROBOTS: usize = 8;

/// The seed of the race and of its bots.
pub const SEED: u64 = 7;

/// The course laid out as the design's `roborally-limit` anchor's map.
pub const ANCHOR_COURSE: &str = "proving";

/// The lives each robot has at the start of every turn: the most a
/// position may give (a variant's settings, seed lines 50-57); fewer
/// would do, since they are restored after each turn.
pub const LIVES: u8 = 11;

/// Turns played before anything is timed: by then the robots' archives
/// have spread over the course as the anchor's have (see the module's
/// comment).
pub const WARM_UP: u32 = 5_000;

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

/// A race and its bots, ready to play on.
pub struct Table {
    /// The race after the warm-up; a race that ends starts again from it.
    pub start: Game,
    /// The race being played.
    pub game: Game,
    /// One random number generator per seat: its random bot.
    pub bots: Vec<WyRand>,
}

impl Table {
    /// The race on the built-in `course` with 8 random robots from the
    /// anchor's start squares, warmed up by [`WARM_UP`] turns (see the
    /// module's comment).
    pub fn new(course: &str) -> Table {
        let course = courses::find(course, &Library::standard()).expect("a built-in course");
        let column: Vec<Square> = (0..ROBOTS)
            .map(|seat| Square::new(course.start.x, course.start.y + seat as i32))
            .collect();
        // The anchor's squares where the course has them (plain floor, as
        // on `proving`); elsewhere (`crossing`) every robot starts virtual
        // on the course's start, as a race does.
        let spread = column
            .iter()
            .all(|&sq| !course.board.is_off(sq) && course.board.kind(sq).is_none());
        let robots = column
            .iter()
            .enumerate()
            .map(|(seat, &below)| {
                let mut robot = if spread {
                    RobotState::new(seat, below, Compass::E)
                } else {
                    let mut robot = RobotState::new(seat, course.start, Compass::N);
                    robot.virtual_robot = true;
                    robot
                };
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
        let start = Game::new(position, SEED).expect("8 robots fit the start squares");
        let mut table = Table {
            game: start.clone(),
            start,
            bots: (0..ROBOTS).map(|s| WyRand(seat_seed(SEED, s))).collect(),
        };
        table.play_turns(WARM_UP, |_| {});
        table.start = table.game.clone();
        table
    }

    /// Plays `turns` whole turns, restoring the robots' lives after each
    /// and starting again from the start when a race ends; `observe` sees
    /// the game after each answer.
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
                self.game
                    .restore_lives(LIVES)
                    .expect("LIVES is within the limit");
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
