//! RoboRally (rules: the German rulebook named in `docs/rules.md`;
//! conventions and rulings fixed by the design's RoboRally page): the
//! program cards and their deck ([`cards`]), boards and courses read from
//! TOML ([`board`]), a position as plain data ([`position`]), the rules
//! engine ([`game`]; its events in words in `game/narrate.rs`, its
//! decisions and answers as text in `game/answer.rs`), scenario files and
//! their runner ([`scenario`]), the position drawn as text ([`picture`])
//! and as SVG ([`svg`]), the catalogue of courses and the checks of board
//! and course files ([`courses`]), what it adds to the REPL ([`repl`]),
//! the rules its text admits several readings of ([`rulings`]),
//! its Lua bots ([`lua`]), its variants ([`variant`]), the search bot's
//! estimate and playouts ([`heuristic`], [`playout`]), and the game
//! behind the seam ([`seam`]: its entry in the list of games and its
//! `State`, `Describe` and `Named` impls).

pub mod board;
pub mod cards;
pub mod courses;
pub mod game;
pub mod heuristic;
pub mod lua;
pub mod picture;
pub mod playout;
pub mod position;
pub mod repl;
pub mod rulebook;
pub mod rulings;
pub mod scenario;
pub mod seam;
pub mod svg;
pub mod variant;
