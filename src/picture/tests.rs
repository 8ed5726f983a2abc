//! Tests of the shared drawing helpers.

use super::geometry::{HexGrid, SquareGrid};
use super::palette::{paint, ROBOT_COLOURS};
use super::sheet::wrap;
use super::Sheet;

#[test]
fn the_eight_robot_colours_have_distinct_fills_and_letters() {
    let mut fills: Vec<&str> = ROBOT_COLOURS.iter().map(|c| paint(c).fill).collect();
    let mut letters: Vec<char> = ROBOT_COLOURS.iter().map(|c| paint(c).letter).collect();
    fills.sort();
    fills.dedup();
    letters.sort();
    letters.dedup();
    assert_eq!((fills.len(), letters.len()), (8, 8));
    assert_eq!(paint("black").letter, 'K');
    assert_eq!(paint("grey").letter, 'G');
}

#[test]
fn hex_neighbours_are_one_width_apart() {
    let grid = HexGrid {
        size: 10.0,
        origin: (100.0, 100.0),
    };
    assert_eq!(grid.centre(0, 0), (100.0, 100.0));
    // East: sqrt(3) * size; south-east: half that across, 1.5 * size down.
    assert_eq!(grid.centre(1, 0), (117.3, 100.0));
    assert_eq!(grid.centre(0, 1), (108.7, 115.0));
    assert_eq!(grid.outline(0, 0, 0.0).split(' ').count(), 6);
}

#[test]
fn square_sides_are_the_right_edges() {
    let grid = SquareGrid {
        size: 10.0,
        origin: (0.0, 0.0),
    };
    assert_eq!(grid.centre(1, 2), (15.0, 25.0));
    assert_eq!(grid.side(1, 2, 0.0), ((20.0, 20.0), (20.0, 30.0)));
    assert_eq!(grid.side(1, 2, 270.0), ((10.0, 20.0), (20.0, 20.0)));
    assert_eq!(grid.side(1, 2, 180.0), ((10.0, 20.0), (10.0, 30.0)));
    assert_eq!(grid.side(1, 2, 90.0), ((10.0, 30.0), (20.0, 30.0)));
}

#[test]
fn long_panel_lines_wrap_between_words() {
    assert_eq!(wrap("short line", 20), vec!["short line"]);
    assert_eq!(
        wrap("one two three four", 9),
        vec!["one two", "  three", "  four"]
    );
}

#[test]
fn a_sheet_escapes_text_and_sizes_itself_to_what_it_holds() {
    let mut sheet = Sheet::new("a <b> & c", 100.0, 50.0);
    sheet.block("red", Some("red"), vec!["hand: 2 < 3".into()]);
    let svg = sheet.finish();
    assert!(svg.starts_with("<svg"), "{svg}");
    assert!(svg.contains("a &lt;b&gt; &amp; c"), "{svg}");
    assert!(svg.contains("hand: 2 &lt; 3"), "{svg}");
    assert!(svg.contains(r##"fill="#d55e00""##), "{svg}");
}
