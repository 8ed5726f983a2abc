//! How a game of Twin Tin Bots starts from the command line's options
//! (players, seed, a setup file, variants, order files): the checks that
//! refuse options that cannot go together, and the start a replay keeps.

use std::sync::Arc;

use crate::assets::file_references;
use crate::engine::{GameOption, GameOptions, Named, StartError};
use crate::games::twin_tin_bots::lua::orders::{load_order_book, ORDER_FILES};

use super::game::Game;
use super::orders::OrderBook;
use super::replay::{Replay, Start};
use super::setup::Setup;
use super::variant::{VariantError, VariantSet};

/// The fewest players of a standard game.
pub const MIN_PLAYERS: usize = 2;
/// The most players of a standard game.
pub const MAX_PLAYERS: usize = 6;

/// The players of a game when neither `--players` nor a setup file says.
pub const DEFAULT_PLAYERS: usize = 4;

/// The option naming a setup file (`--setup FILE`).
pub const SETUP: GameOption = GameOption {
    name: "setup",
    value_name: "FILE",
    help: "Use this setup file instead of the standard one (Twin Tin Bots; copy one of setups/); it seats its own count of players, which -p may only repeat",
    repeatable: false,
};

/// The option adding an order file (`--orders FILE`), repeatable.
pub const ORDERS: GameOption = GameOption {
    name: "orders",
    value_name: "FILE",
    help: "An order file (Lua, Twin Tin Bots), by path or by name (the official `sidestep`, \
           `magnet`, `overclock`, `official`): its new special tiles join the special deck and \
           its redefinitions replace the built-in orders; repeatable",
    repeatable: true,
};

/// The start of a game as `options` ask (`players`, `variants`, and its
/// own [`SETUP`] and [`ORDERS`]): a replay with no answer yet, which
/// holds the order book and the variants.
pub fn start(options: &GameOptions) -> Result<Replay, StartError> {
    let error = |e: &dyn std::fmt::Display| StartError(e.to_string());
    let players = options.players.unwrap_or(DEFAULT_PLAYERS);
    let seed = options.seed;
    // Order files first: a setup file may name the tiles they add.
    let orders = options.values(ORDERS.name);
    let book = load_order_book(orders).map_err(|e| error(&e))?;
    let variant_set = VariantSet::load(&options.variants).map_err(|e| error(&e))?;
    refuse_tiles_never_dealt(orders, &book, &variant_set)?;
    let start = match options.value(SETUP.name).map(std::path::Path::new) {
        Some(path) => {
            if variant_set.has_setup_hooks() {
                return Err(StartError(format!(
                    "--setup cannot be combined with variants that set up the game themselves ({})",
                    variant_set.names().join(", ")
                )));
            }
            let mut setup = Setup::from_file(path).map_err(|e| error(&e))?;
            if let Some(asked) = options.players.filter(|&p| p != setup.players) {
                return Err(StartError(format!(
                    "-p {asked} disagrees with --setup {}, a setup for {} players: leave out -p, or give the setup's count",
                    path.display(),
                    setup.players
                )));
            }
            setup.add_special_tiles(book.added());
            variant_set.apply_to_setup(&mut setup);
            Start::Setup {
                setup: Box::new(setup),
                seed,
            }
        }
        None if variant_set.is_empty() => {
            let mut setup = Setup::standard(players).map_err(|e| error(&e))?;
            setup.add_special_tiles(book.added());
            Start::Setup {
                setup: Box::new(setup),
                seed,
            }
        }
        None => Start::Position(Box::new(
            variant_set
                .standard_position(players, seed, book.added())
                .map_err(|e| player_count_refused(&variant_set, players, e))?,
        )),
    };
    let paths = file_references(ORDER_FILES, Game::NAME, orders);
    let rulings = variant_set
        .rulings()
        .map_err(|e| error(&e))?
        .pinned(&options.rulings)
        .map_err(|e| StartError(format!("--ruling {e}")))?;
    Ok(Replay::with_variants(start, paths, Arc::clone(&book), variant_set).with_rulings(rulings))
}

/// Refuses order files that add tiles when the variants deal no special
/// tiles (`simplified`): the new tiles could never be dealt.
fn refuse_tiles_never_dealt(
    files: &[impl AsRef<std::path::Path>],
    book: &OrderBook,
    variants: &VariantSet,
) -> Result<(), StartError> {
    if book.added().is_empty() || variants.settings().special_tiles != Some(false) {
        return Ok(());
    }
    // The settings of later variants win: the last one that says decides.
    let decider = variants
        .variants()
        .iter()
        .rev()
        .find(|v| v.manifest.settings.special_tiles.is_some())
        .map_or_else(String::new, |v| v.manifest.name.clone());
    let files: Vec<String> = files
        .iter()
        .map(|f| f.as_ref().display().to_string())
        .collect();
    let tiles: Vec<String> = book.added().iter().map(|t| t.to_string()).collect();
    Err(StartError(format!(
        "--orders {}: its new tiles ({}) join the special deck, but variant {decider} deals no special tiles, so they could never be played; drop --variant {decider} or the order file",
        files.join(", "),
        tiles.join(", ")
    )))
}

/// The error of a standard position the variants could not deal: when a
/// variant accepts other player counts but not `players` (its `seating`
/// refuses it), a usage error naming the counts it is for; else `error`.
fn player_count_refused(variants: &VariantSet, players: usize, error: VariantError) -> StartError {
    for variant in variants.variants() {
        let name = &variant.manifest.name;
        let Ok(alone) = VariantSet::load(std::slice::from_ref(name)) else {
            continue;
        };
        let accepted: Vec<usize> = (MIN_PLAYERS..=MAX_PLAYERS)
            .filter(|&n| alone.standard_position(n, 1, &[]).is_ok())
            .collect();
        if !accepted.is_empty() && !accepted.contains(&players) {
            return StartError(format!(
                "variant {name} is for {} players; -p {players} given",
                counts_text(&accepted)
            ));
        }
    }
    StartError(error.to_string())
}

/// Player counts in words: `2`, `2 to 4`, `2, 4 or 6`.
fn counts_text(counts: &[usize]) -> String {
    let words: Vec<String> = counts.iter().map(usize::to_string).collect();
    match counts {
        [] => String::new(),
        [one] => one.to_string(),
        [first, .., last] if last - first + 1 == counts.len() => format!("{first} to {last}"),
        [.., last] => format!("{} or {last}", words[..words.len() - 1].join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_counts_in_words() {
        assert_eq!(counts_text(&[2]), "2");
        assert_eq!(counts_text(&[2, 3, 4]), "2 to 4");
        assert_eq!(counts_text(&[2, 4, 6]), "2, 4 or 6");
    }
}
