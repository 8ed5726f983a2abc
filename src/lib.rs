//! tinbots: a rules sandbox for programmable-robot board games, starting with
//! Twin Tin Bots.
//!
//! The library is the whole engine; the `tinbots` binary is a thin CLI over it.
//!
//! - [`grid`]: geometry behind one interface: hexes and arenas
//!   ([`grid::hex`]), squares with four or eight directions
//!   ([`grid::square`]).
//! - [`board`]: what stands where.
//! - [`pieces`]: players, colours, robots, crystals, bases.
//! - [`orders`]: order tiles, the primitives they are built from, and the
//!   book of what each tile of a game does.
//! - [`engine`]: the seam every game implements ([`engine::State`]) and
//!   the object-safe form the tools use ([`engine::DynState`]).
//! - [`games`]: the games being built in folders of their own (RoboRally).
//! - [`game`]: the game as a state machine of decisions, and every rule.
//! - [`suggest`]: "did you mean": the known names closest to a typed word.
//! - [`setup`]: standard setups as data (TOML), shuffled with a seed.
//! - [`scenario`]: rule-dispute scenario files and their checks.
//! - [`render`]: text pictures of a position (the REPL's `show` and `where`).
//! - [`repl`]: the interactive REPL (and its scripted form).
//! - [`replay`]: saving and loading a game as its setup, seed and answers.
//! - [`bot`]: the built-in random bot.
//! - [`play`]: headless games.
//! - [`script`]: the sandboxed Lua runtime that scripts run in.
//! - [`tournament`]: bot against bot over many seeded games, seats rotated.
//! - [`variant`]: variants as folders of data and script, loaded by name.
//! - [`assets`]: the built-in variants, bots and order files, and where
//!   user ones are found by name.
//! - [`terrain`]: kinds of terrain (rocks, blobs, mud, teleporters) and
//!   their properties.
//! - [`names`]: interned names that variants bring (kinds, marks, reasons).
//! - [`toml_text`]: line, column and key path of a place in TOML text, for errors.

#![warn(missing_docs)]

pub mod assets;
pub mod board;
pub mod bot;
pub mod engine;
pub mod game;
pub mod games;
pub mod grid;
pub mod names;
pub mod orders;
pub mod pieces;
pub mod play;
pub mod progress;
pub mod render;
pub mod repl;
pub mod replay;
pub mod scenario;
pub mod script;
pub mod setup;
pub mod suggest;
pub mod terrain;
pub mod toml_text;
pub mod tournament;
pub mod variant;

#[cfg(test)]
mod test_folder;
