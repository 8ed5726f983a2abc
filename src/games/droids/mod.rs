//! Droids (rules: the Dutch summary `003_4ed30270cd5960fb.txt` of the
//! shared seeds; its English rendering, geometry and names in the design's
//! Droids page; our decisions where it is silent in `docs/droids.md`): the
//! order tiles and their mix ([`tiles`]), boards and missions read from TOML
//! ([`board`]), the rules as a state machine of decisions ([`game`]; its
//! events in words in `game/narrate.rs`, its answers as text in
//! `game/answer.rs`), the seven missions' layouts and Lua scripts
//! ([`mission`]), scenario files for `tinbots check` ([`scenario`]), the
//! position drawn as text ([`picture`]) and as SVG ([`svg`]), its Lua bots
//! ([`lua`]), its REPL commands ([`repl`]), the rules its text admits several readings
//! of ([`rulings`]), the search bot's estimate
//! ([`heuristic`]), and the game behind the seam ([`seam`]: its entry in
//! the list of games and its `State`, `Describe` and `Named` impls).

pub mod board;
pub mod game;
pub mod heuristic;
pub mod lua;
pub mod mission;
pub mod picture;
pub mod repl;
pub mod rulebook;
pub mod rulings;
pub mod scenario;
pub mod seam;
pub mod svg;
pub mod tiles;
