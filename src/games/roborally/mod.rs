//! RoboRally (rules: the German rulebook named in `docs/rules.md`;
//! conventions and rulings fixed by the design's RoboRally page): being
//! built. So far its data: the program cards and their deck ([`cards`]),
//! boards and courses read from TOML ([`board`]), the catalogue of
//! courses and the checks of board and course files ([`courses`]), a
//! position ([`position`]) and its text picture ([`picture`]). Not yet
//! playable.

pub mod board;
pub mod cards;
pub mod courses;
pub mod picture;
pub mod position;
