//! Tests of the text picture: the yard drawn exactly, the width of a
//! 12-wide board, colour only when asked, a symbol for every kind, robots
//! real, virtual, crowded, destroyed and out.

use super::*;
use crate::games::roborally::board::Course;
use std::path::Path;

fn scripts(file: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scripts/roborally")
        .join(file)
}

/// The grid and the legend of a picture (the grid has blank lines where
/// no wall runs between rows; the legend's lines start with two spaces).
fn parts(text: &str) -> (&str, &str) {
    let at = text.find("\n\n  ").expect("a legend");
    (&text[..at], &text[at + 2..])
}

fn robot(seat: usize, x: i32, y: i32, facing: Compass) -> RobotState {
    RobotState::new(seat, Square::new(x, y), facing)
}

/// The yard course with red at the start facing east and blue virtual on
/// [3, 4] facing north.
const YARD: &str = r#"
     0    1    2    3    4    5    6    7    8    9   10   11

 0  r2    .    .    .    .    .    .    .    .    .    .    .

 1   .    .    .    .F2  .    .    .    .    .    .    .    .

 2   .    .   >>   >>   >>   >>   >>XX >>   >>   vv    .    .

 3   .    .    .    .    .    .    .    .    .   vv    .    .

 4   .    .    .    .b^ g+    .    .    .    .   vv    .    .
   +                        +----+
 5 |p>    .    >    .    .  | .    .    .    .   vv    .    .
   +                        +         +
 6   .    .    ^    .    .    .    .  | .    .    .    .    .
                                 +----+         +              +
 7   .    .    ^    .    .    .    .    .    .  | .    .    .<1|
                                                +              +
 8   .    .    ^    .    .   #### ####  .    .    .    .    .

 9   .    .    ^    .    .    .    .   g-    .    .    .    .

10   .    .    ^    .    .    .    .    .    .F1  .   ####  .

11   .R>  .    .    .    .    .    .    .    .    .    .   r1

   .           open floor
  ##           pit
   >  ^        conveyor belt, toward the arrow: 1 square a phase
  >> vv        express belt, toward the arrows: 2 squares a phase
  g+ g-        gear turning right (+, clockwise) / left (-)
  r1 r2        repair site, 1 / 2 wrenches
  <1           laser emitter: the way it fires, its beams
  F1 F2        flag, touched in order
  | ----       walls, between squares or on the edge
  >>XX         crusher at [6, 2] on the belt: crushes in registers 2 4
  p>           pusher at [0, 5]: pushes E in registers 1 3 5
  R  red at [0, 11] facing E; damage 0, lives 3, flags 0
  b  blue at [3, 4] facing N, virtual; damage 0, lives 3, flags 0
"#;

fn yard_robots() -> Vec<RobotState> {
    let mut blue = robot(1, 3, 4, Compass::N);
    blue.virtual_robot = true;
    vec![robot(0, 0, 11, Compass::E), blue]
}

#[test]
fn the_yard_is_drawn_exactly() {
    let course = Course::load(&scripts("courses/yard.toml")).unwrap();
    let text = draw(&course.board, &yard_robots(), false);
    assert_eq!(text, &YARD[1..], "got:\n{text}");
    // Deterministic: the same again.
    assert_eq!(draw(&course.board, &yard_robots(), false), text);
}

#[test]
fn every_built_in_board_fits_in_80_columns() {
    for name in ["yard", "loop", "gauntlet", "hall", "maze"] {
        let path = scripts(&format!("boards/{name}.toml"));
        let text = std::fs::read_to_string(&path).unwrap();
        let board = Board::parse(name, &text).unwrap();
        let robots: Vec<RobotState> = (0..8)
            .map(|seat| robot(seat, seat as i32, 11, Compass::N))
            .collect();
        let picture = draw(&board, &robots, false);
        let widest = picture.lines().map(|l| l.chars().count()).max().unwrap();
        assert!(widest <= 80, "{name}: {widest} columns\n{picture}");
        // Nothing but printable ASCII without colour.
        assert!(
            picture
                .chars()
                .all(|c| c == '\n' || (' '..='~').contains(&c)),
            "{name}"
        );
    }
}

/// A board with every kind of square, walls, lasers of 1, 2 and 3 beams
/// and flags.
const EVERY: &str = r#"size = [6, 4]
[[square]]
at = [0, 0]
kind = "pit"
[[square]]
at = [1, 0]
kind = "conveyor"
to = "E"
[[square]]
at = [2, 0]
kind = "express"
to = "S"
[[square]]
at = [3, 0]
kind = "gear"
turn = "right"
[[square]]
at = [4, 0]
kind = "gear"
turn = "left"
[[square]]
at = [5, 0]
kind = "pusher"
to = "W"
registers = [2, 4]
[[square]]
at = [0, 1]
kind = "crusher"
registers = [1, 5]
[[square]]
at = [1, 1]
kind = "conveyor"
to = "N"
[[square]]
at = [1, 1]
kind = "crusher"
registers = [3]
[[square]]
at = [2, 1]
kind = "repair"
wrenches = 1
[[square]]
at = [3, 1]
kind = "repair"
wrenches = 2
[[wall]]
at = [4, 1]
side = "E"
[[wall]]
at = [4, 2]
side = "N"
[[laser]]
at = [0, 3]
to = "E"
beams = 1
[[laser]]
at = [5, 3]
to = "N"
beams = 2
[[laser]]
at = [5, 2]
to = "W"
beams = 3
[[flag]]
number = 1
at = [3, 3]
[[flag]]
number = 2
at = [2, 2]
"#;

#[test]
fn every_kind_has_its_symbol_in_the_grid_and_the_legend() {
    let board = Board::parse("every.toml", EVERY).unwrap();
    let text = draw(&board, &[], false);
    let (grid, legend) = parts(&text);
    let row = |y: usize| grid.lines().nth(2 + 2 * y).unwrap();
    assert_eq!(row(0), " 0  ####  >   vv   g+   g-   p<");
    assert_eq!(row(1), " 1  XX    ^XX r1   r2    .  | .");
    assert_eq!(row(2), " 2   .    .    .F2  .    .    .<3");
    assert_eq!(row(3), " 3   .>1  .    .    .F1  .    .^2");
    // The wall north of [4, 2], with corners at its ends and at the east
    // wall of [4, 1] above.
    assert_eq!(
        grid.lines().nth(5).unwrap(),
        "                       +----+"
    );
    for line in [
        "  ##           pit",
        "   >  ^        conveyor belt, toward the arrow: 1 square a phase",
        "  vv           express belt, toward the arrows: 2 squares a phase",
        "  g+ g-        gear turning right (+, clockwise) / left (-)",
        "  r1 r2        repair site, 1 / 2 wrenches",
        "  <3 >1 ^2     laser emitter: the way it fires, its beams",
        "  F1 F2        flag, touched in order",
        "  | ----       walls, between squares or on the edge",
        "  p<           pusher at [5, 0]: pushes W in registers 2 4",
        "  XX           crusher at [0, 1]: crushes in registers 1 5",
        "   ^XX         crusher at [1, 1] on the belt: crushes in registers 3",
    ] {
        assert!(
            legend.lines().any(|l| l == line),
            "no `{line}` in\n{legend}"
        );
    }
    // Only what is used: no robots, nothing off the board.
    assert!(!legend.contains("off the course") && !legend.contains("several robots"));
}

#[test]
fn robots_show_their_letter_and_facing_and_the_list_says_the_rest() {
    let board = Board::parse("every.toml", EVERY).unwrap();
    let mut yellow = robot(2, 4, 3, Compass::W);
    yellow.virtual_robot = true;
    let mut green = robot(3, 4, 3, Compass::S);
    green.virtual_robot = true;
    let mut white = robot(4, 0, 2, Compass::N);
    white.at = None;
    white.archive = Square::new(2, 1);
    let mut black = robot(5, 0, 2, Compass::N);
    black.at = None;
    black.lives = 0;
    let robots = vec![
        robot(0, 2, 1, Compass::S),
        robot(1, 3, 3, Compass::E),
        yellow,
        green,
        white,
        black,
        robot(6, 1, 2, Compass::W),
        robot(7, 0, 2, Compass::N),
    ];
    let text = draw(&board, &robots, false);
    let (grid, legend) = parts(&text);
    let lines: Vec<&str> = grid.lines().collect();
    // A robot hides a flag under it, not the floor (r1 under red).
    assert_eq!(lines[4], " 1  XX    ^XX r1Rv r2    .  | .");
    assert_eq!(lines[6], " 2   .P^  .O<  .F2  .    .    .<3");
    assert_eq!(lines[8], " 3   .>1  .    .    .B>  .y+  .^2");
    for line in [
        "  y+           several robots on one square (see the list)",
        "  R  red at [2, 1] facing S; damage 0, lives 3, flags 0",
        "  y  yellow at [4, 3] facing W, virtual; damage 0, lives 3, flags 0",
        "  g  green at [4, 3] facing S, virtual; damage 0, lives 3, flags 0",
        "  W  white destroyed, back at [2, 1] next turn; damage 0, lives 3, flags 0",
        "  K  black out of the race; damage 0, lives 0, flags 0",
        "  P  purple at [0, 2] facing N; damage 0, lives 3, flags 0",
    ] {
        assert!(
            legend.lines().any(|l| l == line),
            "no `{line}` in\n{legend}"
        );
    }
}

#[test]
fn colour_only_when_asked() {
    let course = Course::load(&scripts("courses/yard.toml")).unwrap();
    let plain = draw(&course.board, &yard_robots(), false);
    assert!(!plain.contains('\x1b'));
    let coloured = draw(&course.board, &yard_robots(), true);
    // Red in red, blue in blue, pits dim, flags bold.
    assert!(coloured.contains("\x1b[1;31mR>\x1b[0m"), "{coloured}");
    assert!(coloured.contains("\x1b[1;34mb^\x1b[0m"));
    assert!(coloured.contains("\x1b[2m####\x1b[0m"));
    assert!(coloured.contains("\x1b[1mF1\x1b[0m"));
    // Without the escapes, the same picture.
    let mut stripped = String::new();
    let mut rest = coloured.as_str();
    while let Some(i) = rest.find('\x1b') {
        stripped.push_str(&rest[..i]);
        let end = rest[i..].find('m').unwrap();
        rest = &rest[i + end + 1..];
    }
    stripped.push_str(rest);
    assert_eq!(stripped, plain);
}

#[test]
fn squares_off_a_course_are_blank() {
    let dir = std::env::temp_dir().join(format!("tinbots-picture-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("a.toml"), "size = [2, 2]\n").unwrap();
    std::fs::write(
        dir.join("c.toml"),
        "name = \"gap\"\nplayers = [1, 2]\n[[board]]\nfile = \"a.toml\"\noffset = [0, 0]\nstart = [0, 0]\n[[board]]\nfile = \"a.toml\"\noffset = [2, 2]\n[[flag]]\nnumber = 1\nat = [1, 1]\n",
    )
    .unwrap();
    let course = Course::load(&dir.join("c.toml")).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    let text = draw(&course.board, &[], false);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[2], " 0   .    .");
    assert_eq!(lines[6], " 2             .    .");
    assert!(
        text.contains("  (blank)      off the course (a pit)"),
        "{text}"
    );
}
