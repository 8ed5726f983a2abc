//! What the RoboRally benchmark and its example share: the table (a race
//! of 8 robots on a two-board course, the native random bot in every seat,
//! through the seam) and playing whole turns on it.
//!
//! The course to compare with the anchor is [`ANCHOR_COURSE`], `proving`:
//! the anchor's own map (the same squares, walls, lasers, pushers, crushers
//! and flags), so that the ratio compares the same game.
//!
//! The robots have [`LIVES`] lives, not 3: the anchor's robots always come
//! back, so that every turn it times has 8 robots on the board; with 3
//! lives, random programs would soon leave few robots to move, and the
//! turns timed would hold less work than the anchor's. For the same
//! reason the bots never power down ([`NeverPowerDown`]): the anchor has
//! no power down, and a random answer would leave half the damaged robots
//! idle for a turn.

use std::sync::Arc;
use tinbots::assets::Library;
use tinbots::bot::{seat_seed, Bot, BotFailure, RandomBot};
use tinbots::engine::{DynState, State};
use tinbots::games::roborally::courses;
use tinbots::games::roborally::game::{Answer, Decision, Game};
use tinbots::games::roborally::position::{Position, RobotState, Stage};
use tinbots::grid::square::Compass;
use tinbots::play::play_one;

/// The robots of the race.
pub const ROBOTS: usize = 8;

/// The seed of the race and of its bots.
pub const SEED: u64 = 7;

/// The course laid out as the design's `roborally-limit` anchor's map.
pub const ANCHOR_COURSE: &str = "proving";

/// The lives each robot starts with: enough that they keep coming back for
/// hundreds of turns, as the anchor's do.
pub const LIVES: u8 = 200;

/// The native random bot, except that it always answers `go` to a power
/// down, as the anchor's robots never power down.
pub struct NeverPowerDown(RandomBot);

impl Bot for NeverPowerDown {
    fn name(&self) -> &str {
        "random, never powering down"
    }

    fn choose(&mut self, game: &dyn DynState) -> Result<usize, BotFailure> {
        // A power down has two answers: only then is the game looked at.
        let two = game.legal_count() == 2;
        if let Some(rr) = game.as_any().downcast_ref::<Game>().filter(|_| two) {
            if let Some(Decision::PowerDown { .. }) = rr.decision() {
                let go =
                    (0..State::legal_count(rr)).find(|&i| State::legal(rr, i) == Some(Answer::Go));
                if let Some(go) = go {
                    return Ok(go);
                }
            }
        }
        self.0.choose(game)
    }
}

/// A race and its bots, ready to play on.
pub struct Table {
    /// The race as it starts; a race that ends starts again from it.
    pub start: Game,
    /// The race being played.
    pub game: Game,
    /// One random bot per seat ([`NeverPowerDown`]), boxed as `play_one`
    /// takes them.
    pub bots: Vec<Box<dyn Bot>>,
}

impl Table {
    /// The race on the built-in `course` with 8 random robots, warmed up
    /// by 5 turns.
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
            bots: (0..ROBOTS)
                .map(|s| {
                    Box::new(NeverPowerDown(RandomBot::new(seat_seed(SEED, s)))) as Box<dyn Bot>
                })
                .collect(),
        };
        table.play_turns(5, |_| {});
        table
    }

    /// Plays `turns` whole turns, starting again from the start when a
    /// race ends or a robot has no life left; `observe` sees the game
    /// after each answer.
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
}
