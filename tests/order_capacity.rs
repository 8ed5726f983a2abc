//! The process-wide table of tile names is bounded: 11 tile kinds beyond
//! the 21 built-in ones (so that a set of kinds fits in 32 bits). Filling it
//! is an error naming the file, the order and the tiles already added. In a
//! test binary of its own: it fills the table of its process.

use tinbots::games::twin_tin_bots::lua::orders::{book_with, OrderFile};
use tinbots::games::twin_tin_bots::orders::{OrderBook, Tile};

#[test]
fn adding_more_tile_kinds_than_the_engine_holds_is_an_error() {
    let capacity = Tile::CAPACITY - Tile::COUNT;
    assert_eq!(capacity, 11);
    let orders: Vec<String> = (1..=capacity + 1)
        .map(|i| format!("{{ name = 'extra_{i}', steps = {{ orders.turn(1) }} }}"))
        .collect();
    let file = OrderFile::from_source("many.lua", &format!("return {{ {} }}", orders.join(", ")))
        .expect("the file itself is well formed");
    let e = book_with(&OrderBook::official(), &[file])
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("many.lua: order 12 (\"extra_12\"): name: cannot add the tile `extra_12`: the engine holds 11 tile kinds beyond the 21 built-in ones, and 11 are left for more new tiles than that (taken: none)"),
        "{e}"
    );
    assert!(
        "extra_1".parse::<Tile>().is_err(),
        "a failing file adds no name"
    );
    // One name less fits.
    let orders = &orders[..capacity - 1];
    let file = OrderFile::from_source("fewer.lua", &format!("return {{ {} }}", orders.join(", ")))
        .unwrap();
    assert_eq!(
        book_with(&OrderBook::official(), &[file])
            .unwrap()
            .added()
            .len(),
        10
    );
    let full: Vec<String> = (1..=2)
        .map(|i| format!("{{ name = 'more_{i}', steps = {{ orders.turn(1) }} }}"))
        .collect();
    let file =
        OrderFile::from_source("full.lua", &format!("return {{ {} }}", full.join(", "))).unwrap();
    let e = book_with(&OrderBook::official(), &[file])
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("full.lua: order 2 (\"more_2\"): name: cannot add the tile `more_2`: the engine holds 11 tile kinds beyond the 21 built-in ones, and 1 is left for more new tiles than that (taken: extra_1, "),
        "{e}"
    );
    // Once the last id is taken, no name can be added.
    let one = OrderFile::from_source(
        "one.lua",
        "return { { name = 'more_1', steps = { orders.load() } } }",
    )
    .unwrap();
    book_with(&OrderBook::official(), &[one]).unwrap();
    let e = Tile::register("more_3").unwrap_err().to_string();
    assert!(
        e.contains("built-in ones, and all are taken (extra_1, "),
        "{e}"
    );
    // The names added stay usable, and the same name is the same tile.
    let again = OrderFile::from_source(
        "again.lua",
        "return { { name = 'extra_3', steps = { orders.load() } } }",
    )
    .unwrap();
    let book = book_with(&OrderBook::official(), &[again]).unwrap();
    assert_eq!(book.added(), ["extra_3".parse::<Tile>().unwrap()]);
}
