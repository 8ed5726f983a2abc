//! The text picture of a RoboRally board or course and its robots: a grid
//! of squares with the walls between them, and a legend below naming the
//! symbols it uses and the robots.
//!
//! Each square is four characters: two for its floor (open floor, pit,
//! belt, gear, pusher, crusher, repair site) and two for what stands on it
//! (a robot, a flag, a laser's emitter, a crusher on a belt), in that
//! order of precedence. Walls are `|` between squares of a row and `----`
//! between rows, with `+` where walls meet. A 12-wide board is 64 columns
//! wide. ANSI colour (robots in their colour, pits dim, flags bold) only
//! when asked; the same board and robots always give the same text.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::grid::square::{Compass, Square};

use super::board::{Board, Kind, Registers, Turn};
use super::position::RobotState;

/// The ANSI escape that ends a colour.
const RESET: &str = "\x1b[0m";

/// The one-letter names of the colours, in `COLOURS` order (`black` is
/// `K`, as in printing).
const LETTERS: [char; 8] = ['R', 'B', 'Y', 'G', 'W', 'K', 'O', 'P'];

/// The ANSI colours of the robots, in `COLOURS` order (black is drawn
/// grey, to be seen on a dark terminal).
const ANSI: [&str; 8] = [
    "\x1b[1;31m",
    "\x1b[1;34m",
    "\x1b[1;33m",
    "\x1b[1;32m",
    "\x1b[1;37m",
    "\x1b[1;90m",
    "\x1b[1;38;5;208m",
    "\x1b[1;35m",
];

/// Dim, for pits.
const DIM: &str = "\x1b[2m";

/// Bold, for flags.
const BOLD: &str = "\x1b[1m";

/// The arrow of a direction.
fn arrow(dir: Compass) -> char {
    match dir {
        Compass::N => '^',
        Compass::E => '>',
        Compass::S => 'v',
        _ => '<',
    }
}

/// The compass letter of a direction.
fn letter(dir: Compass) -> &'static str {
    match dir {
        Compass::N => "N",
        Compass::E => "E",
        Compass::S => "S",
        _ => "W",
    }
}

/// The order of the legend's lines: one per category of symbol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Topic {
    Floor,
    Off,
    Pit,
    Conveyor,
    Express,
    Gear,
    Repair,
    Laser,
    Flag,
    Crowd,
    Walls,
}

impl Topic {
    fn about(self) -> &'static str {
        match self {
            Topic::Floor => "open floor",
            Topic::Off => "off the course (a pit)",
            Topic::Pit => "pit",
            Topic::Conveyor => "conveyor belt, toward the arrow: 1 square a phase",
            Topic::Express => "express belt, toward the arrows: 2 squares a phase",
            Topic::Gear => "gear turning right (+, clockwise) / left (-)",
            Topic::Repair => "repair site, 1 / 2 wrenches",
            Topic::Laser => "laser emitter: the way it fires, its beams",
            Topic::Flag => "flag, touched in order",
            Topic::Crowd => "several robots on one square (see the list)",
            Topic::Walls => "walls, between squares or on the edge",
        }
    }
}

/// What the legend will say: the symbols used, by topic, and one line per
/// pusher and crusher (their registers).
#[derive(Default)]
struct Legend {
    symbols: BTreeMap<Topic, Vec<String>>,
    items: Vec<(Square, String)>,
}

impl Legend {
    fn saw(&mut self, topic: Topic, symbol: &str) {
        let symbols = self.symbols.entry(topic).or_default();
        if !symbols.iter().any(|s| s == symbol) {
            symbols.push(symbol.to_string());
        }
    }
}

/// `1 3 5`.
fn phases(registers: Registers) -> String {
    registers
        .phases()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The floor of `sq` (two characters), noting what it used.
fn floor(board: &Board, sq: Square, legend: &mut Legend) -> String {
    if board.is_off(sq) {
        legend.saw(Topic::Off, "  ");
        return "  ".into();
    }
    let crusher = board.crusher(sq);
    let text = match board.kind(sq) {
        None if crusher.is_some() => "XX".to_string(),
        None => {
            legend.saw(Topic::Floor, " .");
            " .".to_string()
        }
        Some(Kind::Pit) => {
            legend.saw(Topic::Pit, "##");
            "##".to_string()
        }
        Some(Kind::Conveyor(d)) => {
            let s = format!(" {}", arrow(d));
            legend.saw(Topic::Conveyor, &s);
            s
        }
        Some(Kind::Express(d)) => {
            let s = format!("{0}{0}", arrow(d));
            legend.saw(Topic::Express, &s);
            s
        }
        Some(Kind::Gear(turn)) => {
            let s = if turn == Turn::Right { "g+" } else { "g-" };
            legend.saw(Topic::Gear, s);
            s.to_string()
        }
        Some(Kind::Pusher { to, registers }) => {
            let s = format!("p{}", arrow(to));
            let about = format!(
                "pusher at [{}, {}]: pushes {} in registers {}",
                sq.x,
                sq.y,
                letter(to),
                phases(registers)
            );
            legend.items.push((sq, format!("{s:<12} {about}")));
            s
        }
        Some(Kind::Repair(n)) => {
            let s = format!("r{n}");
            legend.saw(Topic::Repair, &s);
            s
        }
        Some(Kind::Crusher(_)) => "XX".to_string(),
    };
    if let Some(registers) = crusher {
        let (symbol, on) = if board.kind(sq).is_some_and(Kind::is_belt) {
            (format!("{text}XX"), " on the belt")
        } else {
            ("XX".to_string(), "")
        };
        let about = format!(
            "crusher at [{}, {}]{on}: crushes in registers {}",
            sq.x,
            sq.y,
            phases(registers)
        );
        legend.items.push((sq, format!("{symbol:<12} {about}")));
    }
    text
}

/// What stands on `sq` (two characters, and whether it is a robot's
/// colour index): a robot, else a flag, else a laser's emitter, else a
/// crusher on a belt.
fn overlay(
    board: &Board,
    sq: Square,
    robots: &[&RobotState],
    legend: &mut Legend,
) -> (String, Option<usize>) {
    let here: Vec<&&RobotState> = robots.iter().filter(|r| r.at == Some(sq)).collect();
    if let Some(first) = here.first() {
        let seat = first.seat.min(LETTERS.len() - 1);
        let mut name = LETTERS[seat];
        if first.virtual_robot {
            name = name.to_ascii_lowercase();
        }
        if here.len() > 1 {
            let s = format!("{name}+");
            legend.saw(Topic::Crowd, &s);
            return (s, Some(seat));
        }
        return (format!("{name}{}", arrow(first.facing)), Some(seat));
    }
    if let Some(n) = board.flag_at(sq) {
        let s = if n < 10 {
            format!("F{n}")
        } else {
            format!("{:>2}", n.min(99))
        };
        legend.saw(Topic::Flag, &s);
        return (s, None);
    }
    if let Some(l) = board.lasers().iter().find(|l| l.at == sq) {
        let s = format!("{}{}", arrow(l.to), l.beams);
        legend.saw(Topic::Laser, &s);
        return (s, None);
    }
    if board.crusher(sq).is_some() && board.kind(sq).is_some_and(Kind::is_belt) {
        return ("XX".into(), None);
    }
    ("  ".into(), None)
}

/// The line of walls above row `y` (`y = height`: below the last row).
fn wall_line(board: &Board, y: i32, legend: &mut Legend) -> String {
    let (width, height) = board.size();
    // Whether a wall runs along the top of (x, y), and down the west side
    // of (x, y) or (x, y - 1) from the corner at their top-left.
    let across = |x: i32| (0..width).contains(&x) && board.is_walled(Square::new(x, y), Compass::N);
    // (x == width: the east side of the last square; off the board,
    // `is_walled` asks the neighbour.)
    let down = |x: i32, row: i32| {
        (0..height).contains(&row) && board.is_walled(Square::new(x, row), Compass::W)
    };
    let mut line = String::from("   ");
    for x in 0..=width {
        let corner = across(x - 1) || across(x) || down(x, y - 1) || down(x, y);
        line.push(if corner { '+' } else { ' ' });
        if x < width {
            line.push_str(if across(x) { "----" } else { "    " });
        }
    }
    if line.contains('+') {
        legend.saw(Topic::Walls, "| ----");
    }
    line.trim_end().to_string()
}

/// Wraps `text` in `code` when colouring.
fn paint(text: &str, code: &str, colour: bool) -> String {
    if colour {
        format!("{code}{text}{RESET}")
    } else {
        text.to_string()
    }
}

/// Draws `board` with `robots` on it: the grid (row numbers on the left,
/// column numbers above), then the legend of the symbols used and a line
/// per robot. ANSI colour only when `colour` is true.
pub fn draw(
    board: &Board,
    robots: &[crate::games::roborally::position::RobotState],
    colour: bool,
) -> String {
    let (width, height) = board.size();
    let robots: Vec<&RobotState> = robots.iter().collect();
    let mut legend = Legend::default();
    let mut out = String::from("   ");
    for x in 0..width {
        let _ = write!(out, " {x:>2}  ");
    }
    out = out.trim_end().to_string();
    out.push('\n');
    for y in 0..height {
        out.push_str(&wall_line(board, y, &mut legend));
        out.push('\n');
        let mut row = format!("{y:>2} ");
        for x in 0..width {
            let sq = Square::new(x, y);
            row.push(if board.is_walled(sq, Compass::W) {
                '|'
            } else {
                ' '
            });
            let floor = floor(board, sq, &mut legend);
            let (top, seat) = overlay(board, sq, &robots, &mut legend);
            let cell = if floor == "##" && top == "  " {
                paint("####", DIM, colour)
            } else {
                let floor = if floor == "##" {
                    paint(&floor, DIM, colour)
                } else {
                    floor
                };
                let top = match seat {
                    Some(seat) => paint(&top, ANSI[seat], colour),
                    None if board.flag_at(sq).is_some() => paint(&top, BOLD, colour),
                    None => top,
                };
                format!("{floor}{top}")
            };
            row.push_str(&cell);
        }
        if board.is_walled(Square::new(width - 1, y), Compass::E) {
            row.push('|');
        }
        out.push_str(row.trim_end());
        out.push('\n');
    }
    out.push_str(&wall_line(board, height, &mut legend));
    out = out.trim_end().to_string();
    out.push_str("\n\n");
    write_legend(&mut out, legend, &robots, colour);
    out
}

/// The legend: a line per topic used (its symbols and what they are), a
/// line per pusher and crusher, a line per robot.
fn write_legend(out: &mut String, mut legend: Legend, robots: &[&RobotState], colour: bool) {
    for (topic, symbols) in &mut legend.symbols {
        // Flags by number (`F9` before ` 10`), the others by their text.
        symbols.sort_by_key(|s| {
            let number: String = s.chars().filter(char::is_ascii_digit).collect();
            let number = number.parse::<u32>().ok().filter(|_| *topic == Topic::Flag);
            (number, s.clone())
        });
        let symbols = match topic {
            Topic::Off => "(blank)".to_string(),
            _ => symbols.join(" "),
        };
        let _ = writeln!(out, "  {symbols:<12} {}", topic.about());
    }
    legend.items.sort_by_key(|(sq, _)| (sq.y, sq.x));
    for (_, line) in &legend.items {
        let _ = writeln!(out, "  {line}");
    }
    for r in robots {
        let seat = r.seat.min(LETTERS.len() - 1);
        let name = if r.virtual_robot {
            LETTERS[seat].to_ascii_lowercase()
        } else {
            LETTERS[seat]
        };
        let place = match r.at {
            Some(at) => format!("at [{}, {}] facing {}", at.x, at.y, letter(r.facing)),
            None if r.lives == 0 => "out of the race".to_string(),
            None => format!(
                "destroyed, back at [{}, {}] next turn",
                r.archive.x, r.archive.y
            ),
        };
        let virtual_note = if r.virtual_robot { ", virtual" } else { "" };
        let line = format!(
            "{name}  {} {place}{virtual_note}; damage {}, lives {}, flags {}",
            r.colour(),
            r.damage,
            r.lives,
            r.flags
        );
        let _ = writeln!(out, "  {}", paint(&line, ANSI[seat], colour));
    }
}

#[cfg(test)]
mod tests;
