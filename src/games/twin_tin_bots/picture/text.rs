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
//! With a variant's terrain (its manifest's `symbol` per kind):
//!
//! | cell | meaning |
//! |---|---|
//! | `#` `@` | a piece of terrain: a rock, a blob |
//! | `~` | a floor on an empty hex: mud |
//! | `OY` | a teleporter, then its pair's colour letter (yellow) |
//! | `=se` | a conveyor, then where it points (SE) |
//! | `~R1e` `~2` | a floor under a piece: its symbol, then the piece |
//!
//! A floor under a five-character robot (`~G2sw4`) takes the blank column
//! left of its slot, so that the robot stays where it always is. The legend
//! then lists the kinds present (`terrain: # rock | ~ mud | O teleporter
//! (OY yellow pair)`) and, as a floor under a piece shows only its symbol,
//! each such floor in full with its hex (`under pieces, drawn before them:
//! ~ at 1,0 | =se at -4,0`). A board without terrain has no such lines.
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

use super::{colour_code, colour_letter, crystal_code, wrap_list, ListStyle, RenderOptions, DIM};
use crate::games::twin_tin_bots::game::Game;
use crate::games::twin_tin_bots::names::Name;
use crate::games::twin_tin_bots::pieces::{owner_of, Colour, Crystal, Piece, PlayerId, RobotId};
use crate::games::twin_tin_bots::terrain::{Floor, Layer};
use crate::grid::hex::{Direction, Hex};
use std::fmt::Write;

pub use super::panel::{compact_panel, panel};

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

/// A hex's cell, coloured when `options.colour` is on: the piece, after
/// the symbol of the floor under it if any; a floor alone on an empty hex
/// ([`floor_text`]).
fn cell(game: &Game, hex: Hex, options: &RenderOptions) -> String {
    let floor = game.board().floor(hex);
    let piece = match game.board().at(hex) {
        None => {
            return match floor {
                Some(f) => floor_text(game, &f, options),
                None => options.paint(".", DIM),
            }
        }
        Some(Piece::Crystal(c)) => options.paint(&c.value().to_string(), crystal_code(c)),
        Some(Piece::Base(p)) => {
            let colour = game.colours()[p];
            options.paint(&format!("[{}]", colour_letter(colour)), colour_code(colour))
        }
        Some(Piece::Robot(id)) => robot_cell(game, id, options),
        Some(Piece::Thing(t)) => options.paint(
            &terrain_symbol(game, t.kind).to_string(),
            terrain_code(t.kind, None),
        ),
    };
    match floor {
        Some(f) => {
            let symbol = terrain_symbol(game, f.kind).to_string();
            options.paint(&symbol, terrain_code(f.kind, f.colour)) + &piece
        }
        None => piece,
    }
}

/// A floor as it is drawn on an empty hex: its kind's symbol, then its
/// colour's letter if it has one (a teleporter's pair: `OY`), then its
/// direction if it has one (a conveyor: `=se`, or `=↘` with Unicode).
pub fn floor_text(game: &Game, floor: &Floor, options: &RenderOptions) -> String {
    let mut text = terrain_symbol(game, floor.kind).to_string();
    if let Some(c) = floor.colour {
        text.push(colour_letter(c));
    }
    if let Some(d) = floor.facing {
        text.push_str(facing_glyph(d, options));
    }
    options.paint(&text, terrain_code(floor.kind, floor.colour))
}

/// The ANSI SGR code of a kind of terrain: a coloured floor (a teleporter)
/// in its colour; mud brown (yellow), conveyors cyan, blobs magenta, rocks
/// and anything else dim.
fn terrain_code(kind: Name, colour: Option<Colour>) -> &'static str {
    if let Some(c) = colour {
        return colour_code(c);
    }
    match &*kind.as_str() {
        "mud" => "33",
        "conveyor" => "36",
        "blob" => "35",
        _ => DIM,
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
                let text = cell(game, hex, options);
                if width > INNER {
                    // A floor's symbol before a five-character robot takes
                    // the blank column at the left of the slot.
                    let x = self.x(q, r) - (width - INNER) as i32;
                    items.push(Item { x, width, text });
                } else {
                    items.push(centred(self.x(q, r), width, text));
                }
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
    let mut out = map(game, options);
    out.push_str(&legend(game, options));
    out
}

/// The hex map alone: its rows and the q labels, without the legend.
fn map(game: &Game, options: &RenderOptions) -> String {
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
    out.push_str(&terrain_legend(game, options));
    out
}

/// The legend lines of the terrain on the board, none without any: each
/// kind present with its symbol (teleporter pairs by colour, a conveyor's
/// direction), then the floors hidden under pieces, where they are.
fn terrain_legend(game: &Game, options: &RenderOptions) -> String {
    let board = game.board();
    let kinds = terrain_present(game);
    if kinds.is_empty() {
        return String::new();
    }
    let floors: Vec<(Hex, Floor)> = board.floors().collect();
    let mut entries = vec![];
    for kind in kinds {
        let symbol = terrain_symbol(game, kind);
        let on_floor: Vec<&Floor> = floors
            .iter()
            .filter(|(_, f)| f.kind == kind)
            .map(|(_, f)| f)
            .collect();
        let layer = game.kinds().get(kind).map(|k| k.layer);
        let mut entry = format!("{symbol} {kind}");
        if layer == Some(Layer::Floor) || !on_floor.is_empty() {
            let colours: Vec<String> = Colour::ALL
                .iter()
                .filter(|c| on_floor.iter().any(|f| f.colour == Some(**c)))
                .map(|c| format!("{symbol}{} {c}", colour_letter(*c)))
                .collect();
            if !colours.is_empty() {
                let _ = write!(entry, " ({} pair)", colours.join(" pair, "));
            }
            if let Some(d) = on_floor.iter().find_map(|f| f.facing) {
                let _ = write!(
                    entry,
                    ", then where it points ({symbol}{}: {d})",
                    facing_glyph(d, options)
                );
            }
        }
        entries.push(entry);
    }
    let mut out = String::new();
    wrap_items(&mut out, "terrain: ", &entries);
    let under: Vec<String> = floors
        .iter()
        .filter(|(h, _)| board.at(*h).is_some())
        .map(|(h, f)| {
            let plain = RenderOptions {
                colour: false,
                ..*options
            };
            format!("{} at {h}", floor_text(game, f, &plain))
        })
        .collect();
    if !under.is_empty() {
        wrap_items(&mut out, "under pieces, drawn before them: ", &under);
    }
    out
}

/// The kinds of terrain on the board, pieces and floors, in the order the
/// rules define them (then any other, in board order).
fn terrain_present(game: &Game) -> Vec<Name> {
    let board = game.board();
    let on_board: Vec<Name> = board
        .pieces()
        .filter_map(|(_, p)| match p {
            Piece::Thing(t) => Some(t.kind),
            _ => None,
        })
        .chain(board.floors().map(|(_, f)| f.kind))
        .collect();
    let mut kinds: Vec<Name> = game
        .kinds()
        .iter()
        .map(|k| k.name)
        .filter(|k| on_board.contains(k))
        .collect();
    for kind in on_board {
        if !kinds.contains(&kind) {
            kinds.push(kind);
        }
    }
    kinds
}

/// Writes `items` after `head`, separated by ` | `, in lines of at most
/// 80 columns; continuation lines are indented by two spaces.
pub(crate) fn wrap_items(out: &mut String, head: &str, items: &[String]) {
    let style = ListStyle {
        after: "",
        between: " | ",
        indent: "  ",
    };
    wrap_list(out, head, items, &style);
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

/// What the REPL's `show --full` prints: the [`board`], a blank line, then
/// the [`panel`] as `viewer` may see it (`None`: everything, `show --all`).
pub fn show(game: &Game, viewer: Option<PlayerId>, options: &RenderOptions) -> String {
    format!("{}\n{}", board(game, options), panel(game, viewer, options))
}

/// Lines the compact `show` keeps to: a 24-line terminal, less the prompt.
pub const COMPACT_LINES: usize = 23;

/// What the REPL's `show` prints on a terminal, made to fit 80 columns
/// and, with the prompt, 24 lines ([`COMPACT_LINES`]): the map without its
/// legend, the kinds of terrain on it (`terrain: # rock | ~ mud`, none
/// without terrain), then the [`compact_panel`] with `viewer`'s hand.
pub fn show_compact(game: &Game, viewer: PlayerId, options: &RenderOptions) -> String {
    let mut out = map(game, options);
    let kinds: Vec<String> = terrain_present(game)
        .into_iter()
        .map(|k| format!("{} {k}", terrain_symbol(game, k)))
        .collect();
    if !kinds.is_empty() {
        wrap_items(&mut out, "terrain: ", &kinds);
    }
    let lines_left = COMPACT_LINES.saturating_sub(out.lines().count());
    out.push_str(&compact_panel(game, viewer, options, lines_left));
    out
}

/// The one-character symbol of a kind of terrain (its manifest's `symbol`).
pub(crate) fn terrain_symbol(game: &Game, kind: Name) -> char {
    game.kinds().get(kind).map_or('?', |k| k.symbol)
}

/// What stands on a hex, in a few words for questions: the kind of a piece
/// of terrain (`blob`), a robot's name, `crystal`, `base`, or `piece` for
/// an empty hex.
pub fn piece_name(game: &Game, hex: Hex) -> String {
    match game.board().at(hex) {
        Some(Piece::Thing(t)) => t.kind.to_string(),
        Some(Piece::Robot(id)) => game.robot_name(id),
        Some(Piece::Crystal(_)) => "crystal".to_string(),
        Some(Piece::Base(_)) => "base".to_string(),
        None => "piece".to_string(),
    }
}
