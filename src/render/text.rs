//! The position as text: the hex map ([`board`]), the players' panel
//! ([`panel`]), both together ([`show`]), and robots' whereabouts
//! ([`where_line`], [`where_all`]).
//!
//! # The map
//!
//! Pointy-top hexes in offset rows: row `r` is one text line, and each row
//! is shifted half a cell (3 columns) right of the row above, so that a
//! hex's six neighbours are where they are on the board: E and W on the same
//! line, 6 columns away; NE and NW on the line above, SE and SW on the line
//! below, 3 columns right or left. The start of the 4-player game:
//!
//! ```text
//!   r              q=0\  q=1\  q=2\  q=3\  q=4\
//!  -4          q=-1\   .     .   G2sw   [G]  G1sw
//!  -3       q=-2\   .     .     .     .     .     .
//!  -2    q=-3\  Y1e    .     .     .     .     .     .
//!  -1 q=-4\  [Y]    .     .     2     2     .     .     .
//!   0     Y2e    .     .     2     3     2     .     .    R2w
//!   1         .     .     .     2     2     .     .    [R]   \q=4
//!   2            .     .     .     .     .     .    R1w   \q=3
//!   3               .     .     .     .     .     .    \q=2
//!   4                B1ne   [B]  B2ne    .     .    \q=1
//!                        \q=-4 \q=-3 \q=-2 \q=-1 \q=0
//! R1se3: red.1 facing SE, carrying a 3 (R1se: carrying nothing)
//! [R]: red's base | 2 3 4: crystals by value | .: empty hex
//! facing: e E, se SE, sw SW, w W, nw NW, ne NE
//! colours: R red, B blue, Y yellow, G green
//! hex q,r: r is the number at the left of a line; q grows by 1 to the right and
//! stays the same down each \ diagonal, labelled at both ends: q=-1\ ... \q=-1
//! ```
//!
//! Each hex is a cell of at most five characters, centred in a 6-column slot:
//!
//! | cell | meaning |
//! |---|---|
//! | `.` | an empty hex |
//! | `2` `3` `4` | a loose crystal, by value |
//! | `[R]` | red's base (the colour's letter, see [`colour_letter`]) |
//! | `R1se` | `red.1` facing SE, carrying nothing |
//! | `R1se3` | `red.1` facing SE, carrying a 3 |
//!
//! A robot is its colour's letter (`R B Y G W K`, K for black), its number
//! (1 or 2), its facing in lower-case compass letters (`e se sw w nw ne`,
//! the names of DESIGN.md) or, with [`RenderOptions::unicode`], an arrow
//! (`→ ↘ ↙ ← ↖ ↗`), then the value of the crystal it carries, if any.
//!
//! Coordinates: the number at the left of a line is its `r`. `q` grows by
//! one from each hex to the next on a line; it is the same along each `\`
//! diagonal (a hex and its SE neighbour), and each diagonal is labelled
//! `q=...` at both ends, just outside the arena. The centre hex is `0,0`.
//!
//! Multi-line pictures end with a newline; [`where_line`] has none.

use super::{colour_code, colour_letter, crystal_code, RenderOptions, DIM};
use crate::game::Game;
use crate::hex::{Direction, Hex};
use crate::pieces::{owner_of, Crystal, Piece, PlayerId, RobotId};
use std::fmt::Write;

pub use super::panel::panel;

/// Text columns from one hex to the next on a line (a cell's slot).
pub const CELL: i32 = 6;

/// Text columns a line is shifted right of the line above: half a cell.
const HALF: i32 = CELL / 2;

/// Width a cell's text is centred in (one column of the slot stays blank).
const INNER: usize = CELL as usize - 1;

/// Width of the row-number margin at the left of each line.
const MARGIN: usize = 4;

/// A robot's facing as it is drawn in a cell: lower-case compass letters,
/// or an arrow with [`RenderOptions::unicode`].
pub fn facing_glyph(facing: Direction, options: &RenderOptions) -> &'static str {
    match (facing, options.unicode) {
        (Direction::E, false) => "e",
        (Direction::SE, false) => "se",
        (Direction::SW, false) => "sw",
        (Direction::W, false) => "w",
        (Direction::NW, false) => "nw",
        (Direction::NE, false) => "ne",
        (Direction::E, true) => "→",
        (Direction::SE, true) => "↘",
        (Direction::SW, true) => "↙",
        (Direction::W, true) => "←",
        (Direction::NW, true) => "↖",
        (Direction::NE, true) => "↗",
    }
}

/// The text of a hex's cell without colour (see the module documentation),
/// `None` off the board.
pub fn cell_text(game: &Game, hex: Hex, options: &RenderOptions) -> Option<String> {
    let plain = RenderOptions {
        colour: false,
        ..*options
    };
    game.board().contains(hex).then(|| cell(game, hex, &plain))
}

/// A hex's cell, coloured when `options.colour` is on.
fn cell(game: &Game, hex: Hex, options: &RenderOptions) -> String {
    match game.board().at(hex) {
        None => options.paint(".", DIM),
        Some(Piece::Crystal(c)) => options.paint(&c.value().to_string(), crystal_code(c)),
        Some(Piece::Base(p)) => {
            let colour = game.colours()[p];
            options.paint(&format!("[{}]", colour_letter(colour)), colour_code(colour))
        }
        Some(Piece::Robot(id)) => robot_cell(game, id, options),
        Some(Piece::Thing(t)) => options.paint(&terrain_symbol(game, t.kind).to_string(), DIM),
    }
}

fn robot_cell(game: &Game, id: RobotId, options: &RenderOptions) -> String {
    let colour = game.colours()[owner_of(id)];
    let Some(robot) = game.robot(id) else {
        return options.paint("?", colour_code(colour));
    };
    let body = format!(
        "{}{}{}",
        colour_letter(colour),
        id % 2 + 1,
        facing_glyph(robot.facing, options)
    );
    let mut text = options.paint(&body, colour_code(colour));
    if let Some(c) = robot.carrying {
        text.push_str(&options.paint(&c.value().to_string(), crystal_code(c)));
    }
    text
}

/// Something drawn on a line of the map: at text column `x` (from the
/// canvas's left edge), `width` characters wide once colour is stripped.
struct Item {
    x: i32,
    width: usize,
    text: String,
}

/// The map's geometry for an arena of radius `radius`.
struct Layout {
    radius: i32,
}

impl Layout {
    /// The text column where the slot of `(q, r)` starts, counted so that
    /// the leftmost q label (`(-radius, -1)`) starts at column 0.
    fn x(&self, q: i32, r: i32) -> i32 {
        CELL * q + HALF * r + CELL * self.radius + HALF
    }

    /// The first and last row of the diagonal of hexes with this `q`.
    fn diagonal(&self, q: i32) -> (i32, i32) {
        let n = self.radius;
        ((-n).max(-n - q), n.min(n - q))
    }

    /// What is drawn on line `r` (`-radius - 1 ..= radius + 1`): the hexes
    /// of row `r`, and the q labels at the ends of diagonals.
    fn items(&self, game: &Game, r: i32, options: &RenderOptions) -> Vec<Item> {
        let n = self.radius;
        let mut items = vec![];
        let centred = |x: i32, width: usize, text: String| Item {
            x: x + ((INNER.saturating_sub(width)) / 2) as i32,
            width,
            text,
        };
        for q in -n..=n {
            let hex = Hex::new(q, r);
            let (first, last) = self.diagonal(q);
            if game.board().contains(hex) {
                let plain = cell_text(game, hex, options).unwrap_or_default();
                let width = plain.chars().count();
                items.push(centred(self.x(q, r), width, cell(game, hex, options)));
            } else if r == first - 1 {
                // Right-aligned, so that the `\` points at the diagonal's
                // first hex, down and to the right.
                let label = format!("q={q}\\");
                let x = self.x(q, r) + INNER.saturating_sub(label.len()) as i32;
                items.push(Item {
                    x,
                    width: label.len(),
                    text: options.paint(&label, DIM),
                });
            } else if r == last + 1 {
                // Left-aligned, just below and right of the last hex.
                let label = format!("\\q={q}");
                items.push(Item {
                    x: self.x(q, r) + 1,
                    width: label.len(),
                    text: options.paint(&label, DIM),
                });
            }
        }
        items
    }
}

/// Joins a line's items, padding with spaces; no trailing spaces.
fn join(items: &[Item]) -> String {
    let mut line = String::new();
    let mut col = 0;
    for item in items {
        let x = item.x.max(0) as usize;
        if x > col {
            line.extend(std::iter::repeat_n(' ', x - col));
            col = x;
        }
        line.push_str(&item.text);
        col += item.width;
    }
    line
}

/// The board as a text hex map with a legend under it (see the module
/// documentation): every hex of the arena, robots with their facing and
/// what they carry, crystals by value, bases by colour, and coordinates.
/// At most 80 columns wide for arenas up to radius 5.
pub fn board(game: &Game, options: &RenderOptions) -> String {
    let layout = Layout {
        radius: game.board().arena().radius() as i32,
    };
    let n = layout.radius;
    let mut out = String::new();
    for r in -n - 1..=n + 1 {
        let margin = if r < -n {
            "r".to_string()
        } else if r > n {
            String::new()
        } else {
            r.to_string()
        };
        let pad = " ".repeat((MARGIN - 1).saturating_sub(margin.len()));
        let line = join(&layout.items(game, r, options));
        let line = format!("{pad}{} {line}", options.paint(&margin, DIM));
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push_str(&legend(game, options));
    out
}

/// The lines under the map that explain it.
fn legend(game: &Game, options: &RenderOptions) -> String {
    let glyph = |d| facing_glyph(d, options);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "R1{se}3: red.1 facing SE, carrying a 3 (R1{se}: carrying nothing)",
        se = glyph(Direction::SE)
    );
    out.push_str("[R]: red's base | 2 3 4: crystals by value | .: empty hex\n");
    let facings: Vec<String> = Direction::ALL
        .iter()
        .map(|d| format!("{} {}", glyph(*d), d.name()))
        .collect();
    let _ = writeln!(out, "facing: {}", facings.join(", "));
    let colours: Vec<String> = game
        .colours()
        .iter()
        .map(|c| format!("{} {c}", colour_letter(*c)))
        .collect();
    let _ = writeln!(out, "colours: {}", colours.join(", "));
    out.push_str(
        "hex q,r: r is the number at the left of a line; q grows by 1 to the right and\n\
         stays the same down each \\ diagonal, labelled at both ends: q=-1\\ ... \\q=-1\n",
    );
    out
}

/// Where a robot is, in the REPL's `where` format, exactly
/// `red.1 at 1,0 facing E carrying 0` (carrying: the crystal's value, or 0).
/// `None` if the robot is not in play.
pub fn where_line(game: &Game, robot: RobotId) -> Option<String> {
    let r = game.robot(robot)?;
    Some(format!(
        "{} at {} facing {} carrying {}",
        game.robot_name(robot),
        r.at,
        r.facing,
        r.carrying.map_or(0, Crystal::value)
    ))
}

/// [`where_line`] for every robot in play, in robot id order (seating
/// order, then `.1` before `.2`), one per line, each ending with a newline.
pub fn where_all(game: &Game) -> String {
    let mut out = String::new();
    for id in 0..game.robots().len() {
        if let Some(line) = where_line(game, id) {
            out.push_str(&line);
            out.push('\n');
        }
    }
    out
}

/// What the REPL's `show` prints: the [`board`], a blank line, then the
/// [`panel`] as `viewer` may see it (`None`: everything, `show --all`).
pub fn show(game: &Game, viewer: Option<PlayerId>, options: &RenderOptions) -> String {
    format!("{}\n{}", board(game, options), panel(game, viewer, options))
}

/// The one-character symbol of a kind of terrain (its manifest's `symbol`).
pub(crate) fn terrain_symbol(game: &Game, kind: crate::names::Name) -> char {
    game.kinds().get(kind).map_or('?', |k| k.symbol)
}
