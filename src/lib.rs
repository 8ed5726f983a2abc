//! tinbots: a rules sandbox for programmable-robot board games, Twin Tin Bots
//! and RoboRally.
//!
//! The library is the whole engine; the `tinbots` binary is a thin CLI over it.
//!
//! - [`grid`]: geometry behind one interface: hexes and arenas
//!   ([`grid::hex`]), squares with four or eight directions
//!   ([`grid::square`]).
//! - [`engine`]: the seam every game implements ([`engine::State`]) and
//!   the object-safe form the tools use ([`engine::DynState`]).
//! - [`games`]: the games, a folder each, listed in one place
//!   ([`games::ALL`]): Twin Tin Bots ([`games::twin_tin_bots`]), RoboRally
//!   ([`games::roborally`]) and Droids ([`games::droids`]).
//! - [`suggest`]: "did you mean": the known names closest to a typed word.
//! - [`check`]: `tinbots check`: scenario and game files checked by their
//!   game.
//! - [`repl`]: the interactive REPL (and its scripted form).
//! - [`replay`]: saving and loading any game as its start and answers.
//! - [`bot`]: bots by name: the random bot, Lua bots, the search bot.
//! - [`play`]: headless games.
//! - [`script`]: the sandboxed Lua runtime that scripts run in.
//! - [`tournament`]: bot against bot over many seeded games, seats rotated.
//! - [`assets`]: the built-in variants, bots and order files, and where
//!   user ones are found by name.
//! - [`names`]: interned names that variants bring (kinds, marks, reasons).
//! - [`picture`]: SVG pictures of positions, shared by every game's
//!   drawing; [`render`]: `tinbots render`, a file's position as SVG.
//! - [`viewer`]: the replay page, a saved game as one HTML file.
//! - [`progress`]: the progress bar of long runs (nothing on a pipe).
//! - [`toml_text`]: line, column and key path of a place in TOML text, for errors.
//! - [`files`]: the one door for files: every file read with a bound,
//!   every output written whole.
//! - [`escape`]: text made inert for where it goes (terminal, SVG and
//!   HTML, JSON in a page).

#![warn(missing_docs)]

pub mod assets;
pub mod bot;
pub mod check;
pub mod cli;
pub mod engine;
pub mod escape;
pub mod files;
pub mod games;
pub mod grid;
pub mod names;
pub mod picture;
pub mod play;
pub mod progress;
pub mod registry;
pub mod render;
pub mod repl;
pub mod replay;
pub mod script;
pub mod suggest;
pub mod toml_text;
pub mod tournament;
pub mod viewer;

#[cfg(test)]
mod test_folder;
