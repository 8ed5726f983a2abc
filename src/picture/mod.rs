//! SVG pictures of positions, shared by every game: the robots' colours
//! ([`palette`]), square and pointy-top hex geometry ([`geometry`]), the
//! marks every game draws the same way (robots with their facing, labels,
//! [`marks`]) and the sheet that lays a board, its legend and the players'
//! panel out on one page ([`sheet`]).
//!
//! Each game draws its own position with these (`src/games/<game>/svg.rs`)
//! behind [`crate::engine::Describe::svg`]. The parts are written by
//! [`tag`] and the page around them by the `svg` crate; both escape text
//! and attributes and write attributes in a fixed order: the same position always gives the same text, which the
//! golden tests compare. Nothing here runs while a game is played: pictures
//! are drawn only when asked for.

pub mod geometry;
pub mod marks;
pub mod palette;
pub mod sheet;
pub mod tag;

pub use sheet::Sheet;

/// A length rounded to a tenth, so that pictures stay short and stable.
pub fn tenth(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

#[cfg(test)]
mod tests;
