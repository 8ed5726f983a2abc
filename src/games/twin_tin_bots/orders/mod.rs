//! Order tiles and what each order does, as a list of primitive actions.
//!
//! An order is data ([`OrderDef`]): a tile, the primitives it runs
//! ([`Primitive`]), the passive effects it has while it sits in a program
//! ([`Passive`]) and a one-line description. An [`OrderBook`] holds the
//! definition of every tile of a game: [`OrderBook::official`] is the
//! rulebook's; order files in Lua (`crate::games::twin_tin_bots::lua::orders`) redefine tiles
//! and add new ones ([`Tile::register`]). The engine runs the primitives one
//! by one, whoever defined them.

mod book;
mod official;
mod primitive;
mod tile;

pub use book::{OrderBook, OrderDef, OrderDefError, MAX_STEPS};
pub use primitive::{Passive, Primitive, ZapRange, MAX_DISTANCE};
pub use tile::{
    check_tile_name, Tile, TileParseError, TileRegisterError, TileSet, TooManyOfAKind, MAX_NAME_LEN,
};
