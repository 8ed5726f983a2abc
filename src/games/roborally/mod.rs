//! RoboRally (rules: the German rulebook named in `docs/rules.md`;
//! conventions and rulings fixed by the design's RoboRally page): the
//! program cards and their deck ([`cards`]), boards and courses read from
//! TOML ([`board`]), a position as plain data ([`position`]), the rules
//! engine ([`game`]), scenario files and their runner ([`scenario`]), and
//! the position drawn as text ([`picture`]).

pub mod board;
pub mod cards;
pub mod game;
pub mod picture;
pub mod position;
pub mod scenario;
