//! tinbots: a rules sandbox for programmable-robot board games: Twin Tin
//! Bots (hexes), RoboRally (squares, option cards) and Droids (squares
//! with diagonals, missions).
//!
//! The library is the whole engine; the `tinbots` binary is a thin CLI over
//! it. Its modules stand in four layers, and imports only go down
//! (`tests/layers.rs` holds them to it):
//!
//! 1. **The seam**, [`engine`]: the traits every game implements
//!    ([`engine::State`], [`engine::Describe`]) and the object-safe form
//!    the tools use ([`engine::DynState`]), with plain data (options,
//!    outcomes, standings, refusals). It names nothing above it.
//! 2. **The machinery**, written once over the seam:
//!    - [`registry`]: what a game registers ([`registry::GameType`]) and
//!      the list of games a tool is handed ([`registry::Games`]);
//!    - [`play`], [`check`], [`replay`], [`render`], [`viewer`] (the
//!      replay page), [`tournament`], [`repl`], [`serve`] (the REPL as a
//!      local web page): the commands' work;
//!    - [`bot`] (the random bot, Lua bots by name, the search bot) and
//!      [`script`] (the Lua sandbox: one door, one guard, one meter);
//!    - [`picture`] (SVG shared by every game's drawing), [`grid`] (hexes
//!      and squares behind one interface), [`assets`] (built-in and user
//!      files found by name), [`files`] (the one door for files),
//!      [`escape`] (text made inert for where it goes), [`suggest`] ("did
//!      you mean"),
//!      [`toml_text`] (places in TOML text), [`progress`], [`wording`]
//!      (counts in words).
//! 3. **The games**, a folder each under [`games`]: Twin Tin Bots
//!    ([`games::twin_tin_bots`]), RoboRally ([`games::roborally`]) and
//!    Droids ([`games::droids`]). A game names no other game.
//! 4. **The top**: [`games::registry`], the one list where the games are
//!    registered, and the command line ([`cli`]), which is handed it.

#![warn(missing_docs)]

pub mod assets;
pub mod bot;
pub mod check;
pub mod cli;
pub mod dispute;
pub mod engine;
pub mod escape;
pub mod files;
pub mod games;
pub mod grid;
pub mod picture;
pub mod play;
pub mod progress;
pub mod registry;
pub mod render;
pub mod repl;
pub mod replay;
pub mod script;
pub mod serve;
pub mod suggest;
pub mod toml_text;
pub mod tournament;
pub mod viewer;
pub mod wording;

#[cfg(test)]
mod test_folder;
