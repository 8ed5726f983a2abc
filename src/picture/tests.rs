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

/// Issue 29, item 6: text a file or a script chose (a title, a legend,
/// a panel's heading and lines, a robot's label and hover title) is inert
/// in the SVG: no element it could open, no control character that makes
/// the document unreadable.
#[test]
fn chosen_text_is_inert_in_the_picture() {
    use super::marks::{robot, RobotLook};
    let hostile = "<!--<script>alert(1)</script>]]>\"'&\u{0}\u{1b}[2J\r";
    let mut sheet = Sheet::new(hostile, 40.0, 40.0);
    sheet.draw(robot(
        (20.0, 20.0),
        10.0,
        &RobotLook {
            colour: hostile.into(),
            label: hostile.into(),
            title: hostile.into(),
            ..RobotLook::default()
        },
    ));
    sheet.cell(hostile, (0.0, 0.0), 10.0, "#ffffff", hostile);
    sheet.block(hostile, Some(hostile), vec![hostile.into()]);
    let svg = sheet.finish();
    assert!(!svg.contains("<script") && !svg.contains("<!--"), "{svg}");
    assert!(!svg.contains("]]>"), "{svg}");
    assert!(
        svg.chars().all(crate::escape::allowed_in_markup),
        "a control character in {svg:?}"
    );
    assert!(svg.contains("&lt;!--&lt;script&gt;alert(1)&lt;/script&gt;]]&gt;"));
}
