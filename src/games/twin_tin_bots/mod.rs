//! Twin Tin Bots (rules: the printed rulebook and the online rules named
//! in `docs/rules.md`; conventions fixed by the design): two robots a
//! player on a hex arena, programmed with order tiles, carrying crystals
//! to bases.
//!
//! - [`board`]: what stands where.
//! - [`pieces`]: players, colours, robots, crystals, bases.
//! - [`orders`]: order tiles, the primitives they are built from, and the
//!   book of what each tile of a game does.
//! - [`game`]: the game as a state machine of decisions, and every rule
//!   (its events in words in `game/narrate.rs`, its decisions and answers
//!   as text in `game/answer.rs`).
//! - [`heuristic`]: how well a seat stands, for the search bot.
//! - [`names`]: interned names its variants bring (kinds of terrain,
//!   keys of robot marks, reasons), carried in its state as two bytes.
//! - [`lua`]: its Lua API: what Lua bots see and may call (on the shared
//!   runtime [`crate::script::LuaBot`]), its description and stubs, and
//!   order files.
//! - [`setup`]: standard setups as data (TOML), shuffled with a seed.
//! - [`scenario`]: rule-dispute scenario files and their checks.
//! - [`picture`]: text pictures of a position (the REPL's `show` and
//!   `where`); [`svg`]: the SVG picture.
//! - [`repl`]: what it adds to the REPL (program changes, `lua`,
//!   `reload`, its pictures and scenario files).
//! - [`rulings`]: the rules whose text admits two readings (ids
//!   `ttb.<name>`), the readings in force, and the events they decide.
//! - [`replay`]: its replay files (formats 1 to 3: order files, variants,
//!   start, answers), still read.
//! - [`seam`]: the game behind the seam every game implements: its entry
//!   in the list of games and its `State`, `Describe` and `Named` impls.
//! - [`start`]: a game started from the command line's options.
//! - [`summary`]: the end-of-game summary and the seating line.
//! - [`variant`]: variants as folders of data and script, loaded by name.
//! - [`terrain`]: kinds of terrain (rocks, blobs, mud, teleporters) and
//!   their properties.

pub mod board;
pub mod game;
pub mod heuristic;
pub mod lua;
pub mod names;
pub mod orders;
pub mod picture;
pub mod pieces;
pub mod repl;
pub mod replay;
pub mod rulebook;
pub mod rulings;
pub mod scenario;
pub mod seam;
pub mod setup;
pub mod start;
pub mod summary;
pub mod svg;
pub mod terrain;
pub mod variant;
