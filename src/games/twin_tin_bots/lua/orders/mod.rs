//! Order files: special orders written in Lua.
//!
//! An order file returns a list of orders, each a table:
//!
//! ```lua
//! return {
//!   {
//!     name = "sidestep_right",                 -- the tile's name
//!     description = "steps to the front-right hex, keeping its facing",
//!     steps = { orders.side(1) },              -- primitives, run in order
//!     passives = {},                           -- "anti_zap", "anti_theft", "dash"
//!   },
//! }
//! ```
//!
//! The primitives come from the read-only `orders` table (see `api.rs`):
//! `forward()`, `back()`, `side(n)`, `turn(n)`, `jump(n)`, `load()`,
//! `unload()`, `zap("short" | "long" | n)` and `pull(n)`; `orders.passives`
//! lists the passive effects. A name that is not a built-in tile adds a new
//! special tile ([`Tile::register`]); a built-in name redefines that tile
//! (that is how `scripts/twin-tin-bots/orders/official.lua` restates the rulebook).
//!
//! The file runs once, in its own [`Sandbox`], when it is loaded; the orders
//! become plain [`OrderDef`]s in an [`OrderBook`], which the engine runs at
//! native speed. Every mistake is an [`OrderFileError`] naming the file, the
//! line when Lua knows it, and the order and field.

mod api;
mod convert;

use crate::assets::{AssetFile, Entry, GameFiles, Kind, Library, LookupError};
use crate::engine::Named;
use crate::games::twin_tin_bots::game::Game;
use crate::games::twin_tin_bots::orders::{
    OrderBook, OrderDef, OrderDefError, Passive, Primitive, Tile, TileRegisterError,
};
use crate::script::{Sandbox, ScriptError, ScriptId};
use std::path::Path;
use std::sync::Arc;

/// Order files, as the asset library finds them: `<name>.lua` in the user
/// data folder's `twin-tin-bots/orders/`, then in the built-in
/// `scripts/twin-tin-bots/orders/`; a path of `scripts/orders/`, where
/// they were before each game had its folder, is the built-in file.
pub const ORDER_FILES: Kind = Kind::Game(&GameFiles {
    noun: "order file",
    article: "an",
    plural: "order files",
    folder: "orders",
    extension: "lua",
    user_folder: true,
    had_shared_folder: true,
});

/// One order as an order file gives it, before its tile is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderSpec {
    /// The tile's name: a built-in one (a redefinition) or a new one.
    pub name: String,
    /// The primitives it runs, in order.
    pub steps: Vec<Primitive>,
    /// Its passive effects.
    pub passive: Passive,
    /// What it does, in one line (may be empty).
    pub description: String,
}

/// An order file, loaded and checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderFile {
    /// Its path, as given (errors name it so).
    pub path: String,
    /// Its orders, in the file's order.
    pub orders: Vec<OrderSpec>,
}

/// Why an order file cannot be used. The Display form starts with the
/// file's path (and the line, when Lua gave one), then the order and the
/// field: `scripts/twin-tin-bots/orders/mine.lua: order 2 ("magnet"): steps[1]: ...`.
#[derive(Debug, thiserror::Error)]
pub enum OrderFileError {
    /// The file cannot be read, does not compile, or failed while running
    /// (a bad argument to a primitive, an unknown primitive...): the
    /// script's error, which starts with the path and line.
    #[error("{message}")]
    Script {
        /// The file.
        path: String,
        /// The line, when Lua gave one.
        line: Option<u32>,
        /// The script's error in words (`path:line: cause`).
        message: String,
    },
    /// No order file of that name.
    #[error(transparent)]
    Unknown(#[from] LookupError),
    /// The file ran, but what it returned is not a valid list of orders.
    #[error("{path}: {}{reason}", prefix(place))]
    Invalid {
        /// The file.
        path: String,
        /// The order and field, such as `order 2 ("magnet"): steps[1]`.
        place: String,
        /// What is wrong.
        reason: String,
    },
}

impl From<ScriptError> for OrderFileError {
    fn from(e: ScriptError) -> Self {
        OrderFileError::Script {
            path: e.path().unwrap_or_default().to_string(),
            line: e.line(),
            message: e.to_string(),
        }
    }
}

impl OrderFileError {
    /// The order file the error is about.
    pub fn path(&self) -> &str {
        match self {
            OrderFileError::Script { path, .. } | OrderFileError::Invalid { path, .. } => path,
            OrderFileError::Unknown(e) => &e.name,
        }
    }

    /// The line, when Lua gave one.
    pub fn line(&self) -> Option<u32> {
        match self {
            OrderFileError::Script { line, .. } => *line,
            OrderFileError::Invalid { .. } | OrderFileError::Unknown(_) => None,
        }
    }
}

fn prefix(place: &str) -> String {
    if place.is_empty() {
        String::new()
    } else {
        format!("{place}: ")
    }
}

impl OrderFile {
    /// Loads and checks the order file at `path`.
    pub fn load(path: &Path) -> Result<OrderFile, OrderFileError> {
        OrderFile::load_file(&AssetFile::Disk(path.to_path_buf()))
    }

    /// Loads and checks the order file `file`, on disk or built in.
    pub fn load_file(file: &AssetFile) -> Result<OrderFile, OrderFileError> {
        let mut sandbox = OrderFile::sandbox()?;
        let id = sandbox.load_file(file)?;
        OrderFile::read(&sandbox, id)
    }

    /// Loads and checks the order file given on the command line (or in a
    /// replay) as `arg`: a path, or the name of an official or user one
    /// (see [`crate::assets`]).
    pub fn load_arg(arg: &str) -> Result<OrderFile, OrderFileError> {
        let found = Library::current().find_arg(ORDER_FILES, Game::NAME, arg)?;
        match found.entry {
            Entry::File(file) => OrderFile::load_file(&file),
            Entry::NativeRandom => unreachable!("only bots are native"),
        }
    }

    /// Loads and checks an order file given as text; `path` names it.
    pub fn from_source(path: &str, source: &str) -> Result<OrderFile, OrderFileError> {
        let mut sandbox = OrderFile::sandbox()?;
        let id = sandbox.load_str(path, source)?;
        OrderFile::read(&sandbox, id)
    }

    /// A sandbox with the `orders` table.
    fn sandbox() -> Result<Sandbox, ScriptError> {
        let mut sandbox = Sandbox::new()?;
        let table = api::table(sandbox.lua())?;
        sandbox.set_api_table("orders", table)?;
        Ok(sandbox)
    }

    /// The orders the loaded script returned, each checked on its own
    /// (names unique in the file; the rules of [`OrderBook::define`]).
    fn read(sandbox: &Sandbox, id: ScriptId) -> Result<OrderFile, OrderFileError> {
        let path = sandbox.script_path(id).to_string();
        let invalid = |place: String, reason: String| OrderFileError::Invalid {
            path: path.clone(),
            place,
            reason,
        };
        let orders =
            convert::specs(sandbox.script_value(id)).map_err(|p| invalid(p.place, p.reason))?;
        for (i, spec) in orders.iter().enumerate() {
            let place = format!("order {} (\"{}\")", i + 1, spec.name);
            if let Some(j) = orders[..i].iter().position(|o| o.name == spec.name) {
                return Err(invalid(
                    format!("{place}: name"),
                    format!("`{}` is already order {} of this file", spec.name, j + 1),
                ));
            }
            spec.check().map_err(|reason| invalid(place, reason))?;
        }
        Ok(OrderFile { path, orders })
    }
}

impl OrderSpec {
    /// Checks what can be checked before the tile exists: the name's
    /// spelling and the rules of [`OrderBook::define`].
    fn check(&self) -> Result<(), String> {
        let existing: Option<Tile> = self.name.parse().ok();
        if existing.is_none() {
            crate::games::twin_tin_bots::orders::check_tile_name(&self.name)
                .map_err(|e| format!("name: {e}"))?;
        }
        if existing == Some(Tile::DOUBLE_MODIFICATION) {
            return Err(OrderDefError::DoubleModification.to_string());
        }
        OrderDef::check_rules(&self.steps, self.passive).map_err(|e| e.to_string())
    }
}

/// `base` with the orders of `files`, in order: a built-in name redefines
/// the tile, a new name adds a special tile (see [`OrderBook::added`]).
/// A tile is defined at most once across the files, and a tile `base`
/// already adds cannot be defined again.
/// When the new names do not all fit in the table of tile names, no name
/// is added.
pub fn book_with(base: &OrderBook, files: &[OrderFile]) -> Result<OrderBook, OrderFileError> {
    check_room(files)?;
    let mut book = base.clone();
    let mut defined: Vec<(Tile, &str)> = vec![];
    for file in files {
        for (i, spec) in file.orders.iter().enumerate() {
            let invalid = |reason: String| OrderFileError::Invalid {
                path: file.path.clone(),
                place: format!("order {} (\"{}\"): name", i + 1, spec.name),
                reason,
            };
            let tile = Tile::register(&spec.name).map_err(|e| invalid(e.to_string()))?;
            if let Some((_, by)) = defined.iter().find(|(t, _)| *t == tile) {
                return Err(invalid(format!("`{tile}` is already defined by {by}")));
            }
            if base.added().contains(&tile) {
                return Err(invalid(format!(
                    "`{tile}` is already defined by another order file of this game"
                )));
            }
            book.define(OrderDef {
                tile,
                steps: spec.steps.clone(),
                passive: spec.passive,
                description: spec.description.clone(),
            })
            .map_err(|e| invalid(e.to_string()))?;
            defined.push((tile, &file.path));
        }
    }
    Ok(book)
}

/// Checks that the new names of `files` fit in the table of tile names
/// ([`Tile::room`]); else the error names the first order that does not fit.
fn check_room(files: &[OrderFile]) -> Result<(), OrderFileError> {
    let mut new: Vec<&str> = vec![];
    for file in files {
        for (i, spec) in file.orders.iter().enumerate() {
            if spec.name.parse::<Tile>().is_ok() || new.contains(&spec.name.as_str()) {
                continue;
            }
            if new.len() == Tile::room() {
                let added = Tile::known().skip(Tile::COUNT).map(Tile::name).collect();
                return Err(OrderFileError::Invalid {
                    path: file.path.clone(),
                    place: format!("order {} (\"{}\"): name", i + 1, spec.name),
                    reason: TileRegisterError::Full {
                        name: spec.name.clone(),
                        room: new.len(),
                        added,
                    }
                    .to_string(),
                });
            }
            new.push(&spec.name);
        }
    }
    Ok(())
}

/// The official orders with the order files `args`, in order (see
/// [`book_with`]); the official book itself when there are none. Each is a
/// path or a name ([`OrderFile::load_arg`]).
pub fn load_order_book<P: AsRef<Path>>(args: &[P]) -> Result<Arc<OrderBook>, OrderFileError> {
    if args.is_empty() {
        return Ok(OrderBook::official());
    }
    let files = args
        .iter()
        .map(|p| match p.as_ref().to_str() {
            Some(arg) => OrderFile::load_arg(arg),
            None => OrderFile::load(p.as_ref()),
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Arc::new(book_with(&OrderBook::official(), &files)?))
}

#[cfg(test)]
mod tests;
