//! One page: a title, the board a game drew, a legend under it and the
//! players' panel beside it, written out as an SVG document.

use std::fmt::Write as _;

use super::palette::paint;
use super::tag::{escape_into, Circle, Group, Rectangle, Tag, Text};
use super::tenth;

/// Space around and between the parts of the page.
const GAP: f64 = 16.0;
/// Height of the title line.
const TITLE: f64 = 28.0;
/// Height of one line of the legend.
const LEGEND_LINE: f64 = 22.0;
/// About the width of one character of the legend's text.
const LEGEND_CHARACTER: f64 = 7.0;
/// Height of one line of the panel.
const PANEL_LINE: f64 = 16.0;
/// Width of the panel.
const PANEL_WIDTH: f64 = 460.0;
/// The most characters on a line of the panel before it wraps.
const PANEL_COLUMNS: usize = 62;

/// One block of the panel: a seat (or the table) and its lines.
#[derive(Clone, Debug)]
pub struct Block {
    /// The heading (`red`, `the table`).
    pub heading: String,
    /// The colour the heading's disc is drawn in, when it is a seat's.
    pub colour: Option<String>,
    /// Its lines, wrapped when long.
    pub lines: Vec<String>,
}

/// What a sheet was given, in order: its board's lines and its legend
/// (see [`Sheet::recording`]).
#[derive(Clone, Debug, Default)]
pub struct Recording {
    board: Vec<String>,
    legend: Vec<(Tag, String)>,
}

/// A page being drawn: the game draws its board in its own coordinates,
/// from `(0, 0)` to the size it gave, then adds legend lines and panel
/// blocks; [`Sheet::finish`] lays them out.
pub struct Sheet {
    title: String,
    /// The board's parts, each written on a line of its own.
    board: Vec<String>,
    size: (f64, f64),
    legend: Vec<(Tag, String)>,
    panel: Vec<Block>,
}

impl Sheet {
    /// A page titled `title` with a board `width` by `height`.
    pub fn new(title: impl Into<String>, width: f64, height: f64) -> Sheet {
        Sheet {
            title: title.into(),
            board: Vec::new(),
            size: (tenth(width), tenth(height)),
            legend: Vec::new(),
            panel: Vec::new(),
        }
    }

    /// Draws `node` on the board, written on one line of the SVG: equal
    /// parts of two pictures are equal lines, which the replay page keeps
    /// once.
    pub fn draw(&mut self, node: Tag) {
        self.board.push(one_line(&node));
    }

    /// Draws a part already written on one line (a part the game keeps
    /// from an earlier picture of the same board).
    pub fn draw_written(&mut self, line: &str) {
        self.board.push(line.to_string());
    }

    /// What was drawn on the board and added to the legend so far, to be
    /// given again to another sheet by [`Sheet::replay`] (the parts of a
    /// board that are the same in every picture of it, drawn once).
    pub fn recording(self) -> Recording {
        Recording {
            board: self.board,
            legend: self.legend,
        }
    }

    /// Draws what `recording` holds on the board and adds its legend
    /// lines, as drawing and adding them again would.
    pub fn replay(&mut self, recording: &Recording) {
        self.board.extend(recording.board.iter().cloned());
        for (swatch, meaning) in &recording.legend {
            self.legend(swatch.clone(), meaning.as_str());
        }
    }

    /// Adds a legend line: `swatch` (drawn around `(0, 0)`, within 10 of
    /// it) and what it means. A meaning already in the legend is not
    /// added again.
    pub fn legend(&mut self, swatch: Tag, meaning: impl Into<String>) {
        let meaning = meaning.into();
        if !self.legend.iter().any(|(_, m)| *m == meaning) {
            self.legend.push((swatch, meaning));
        }
    }

    /// Draws a square cell of the board named `name` (as answers name it:
    /// `3,4`; a page clicked there picks the answers that name it), `size`
    /// wide with its top left corner at `corner`, filled with `fill`, and
    /// adds `fill` and its `meaning` to the legend.
    pub fn cell(&mut self, name: &str, corner: (f64, f64), size: f64, fill: &str, meaning: &str) {
        self.draw(
            Rectangle::new()
                .set("data-square", name)
                .set("x", corner.0)
                .set("y", corner.1)
                .set("width", size)
                .set("height", size)
                .set("fill", fill)
                .set("stroke", "#b0b0b0")
                .set("stroke-width", 0.5),
        );
        self.legend(super::marks::swatch(fill), meaning);
    }

    /// Adds a block to the panel.
    pub fn block(&mut self, heading: impl Into<String>, colour: Option<&str>, lines: Vec<String>) {
        self.panel.push(Block {
            heading: heading.into(),
            colour: colour.map(str::to_string),
            lines,
        });
    }

    /// The page as SVG text. What a file or a script chose (a title, a
    /// piece's name, a narration in the panel) is only ever element text,
    /// which the `svg` crate escapes (`&`, `<`, `>`); the control
    /// characters XML forbids (NUL, ESC) are dropped here, so that no text
    /// can make the document unreadable.
    pub fn finish(self) -> String {
        let (board_width, board_height) = self.size;
        let board_left = GAP;
        let board_top = GAP + TITLE;
        let legend_top = board_top + board_height + GAP;
        let legend_bottom = legend_top + self.legend.len() as f64 * LEGEND_LINE;
        let legend_width = 30.0
            + LEGEND_CHARACTER
                * self
                    .legend
                    .iter()
                    .map(|(_, m)| m.chars().count())
                    .max()
                    .unwrap_or(0) as f64;
        let panel_left = tenth(board_left + board_width.max(legend_width) + GAP * 2.0);
        let mut legend = Vec::with_capacity(self.legend.len());
        for (i, (swatch, meaning)) in self.legend.into_iter().enumerate() {
            let y = tenth(i as f64 * LEGEND_LINE + LEGEND_LINE / 2.0);
            let line = Group::new()
                .add(swatch.set("transform", format!("translate(12,{y})")))
                .add(
                    Text::new(meaning)
                        .set("x", 30)
                        .set("y", y)
                        .set("font-size", 13)
                        .set("dominant-baseline", "central"),
                );
            legend.push(one_line(&line));
        }
        let (panel, panel_height) = panel(&self.panel);
        let width = tenth(panel_left + PANEL_WIDTH + GAP);
        let height = tenth(legend_bottom.max(board_top + panel_height) + GAP);
        // Written as the `svg` crate wrote the document: attributes sorted
        // by name, each part on a line of its own.
        let parts = [&self.board, &legend, &panel];
        let size: usize = parts
            .iter()
            .flat_map(|p| p.iter())
            .map(|l| l.len() + 1)
            .sum();
        let mut out = String::with_capacity(size + 1024);
        // Writing to a String cannot fail.
        let _ = write!(
            out,
            "<svg font-family=\"DejaVu Sans, Verdana, sans-serif\" height=\"{height}\" \
             viewBox=\"0 0 {width} {height}\" width=\"{width}\" xmlns=\"http://www.w3.org/2000/svg\">\n\
             <rect fill=\"#ffffff\" height=\"100%\" width=\"100%\"/>\n\
             <text class=\"title\" font-size=\"18\" font-weight=\"bold\" x=\"{GAP}\" y=\"{}\">\n",
            GAP + 14.0
        );
        escape_into(&self.title, &mut out);
        out.push_str("\n</text>\n");
        layer(&mut out, "board", board_left, board_top, &self.board);
        layer(&mut out, "legend", board_left, legend_top, &legend);
        layer(&mut out, "panel", panel_left, board_top, &panel);
        out.push_str("</svg>\n");
        inert(out)
    }
}

/// `svg` without the characters markup may not hold
/// ([`crate::escape::allowed_in_markup`]).
fn inert(svg: String) -> String {
    // Printable ASCII and line ends, the whole of almost every picture,
    // are checked a byte at a time, without stopping (which vectorizes).
    let plain = |b: u8| (b' '..=b'~').contains(&b) || b == b'\n' || b == b'\t' || b == b'\r';
    let all_plain = svg.bytes().fold(true, |all, b| all & plain(b));
    if all_plain || svg.chars().all(crate::escape::allowed_in_markup) {
        svg
    } else {
        svg.chars()
            .filter(|&c| crate::escape::allowed_in_markup(c))
            .collect()
    }
}

/// `node` as SVG text on one line: a line break in a text a file chose
/// (a piece's name) is dropped, so that every part stays one line of the
/// picture.
fn one_line(node: &Tag) -> String {
    let text = node.to_string();
    if text.contains('\n') {
        text.replace('\n', "")
    } else {
        text
    }
}

/// Writes a part of the page (`board`, `legend`, `panel`) moved to
/// `(left, top)`, holding `lines`, each on a line of its own, and a line
/// break after it.
fn layer(out: &mut String, class: &str, left: f64, top: f64, lines: &[String]) {
    // Writing to a String cannot fail.
    let _ = write!(
        out,
        "<g class=\"{class}\" transform=\"translate({left},{top})\""
    );
    if lines.is_empty() {
        out.push_str("/>\n");
        return;
    }
    out.push('>');
    for line in lines {
        out.push('\n');
        out.push_str(line);
    }
    out.push_str("\n</g>\n");
}

/// The panel's blocks, each on a line, and its height.
fn panel(blocks: &[Block]) -> (Vec<String>, f64) {
    let mut panel = Vec::with_capacity(blocks.len());
    let mut y = 0.0;
    for block in blocks {
        let mut group = Group::new();
        y += PANEL_LINE;
        let mut heading_x = 0.0;
        if let Some(colour) = &block.colour {
            group = group.add(
                Circle::new()
                    .set("cx", 6)
                    .set("cy", tenth(y - 5.0))
                    .set("r", 6)
                    .set("fill", paint(colour).fill)
                    .set("stroke", "#000000"),
            );
            heading_x = 18.0;
        }
        group = group.add(
            Text::new(&block.heading)
                .set("x", heading_x)
                .set("y", tenth(y))
                .set("font-size", 14)
                .set("font-weight", "bold"),
        );
        for line in block.lines.iter().flat_map(|l| wrap(l, PANEL_COLUMNS)) {
            y += PANEL_LINE;
            group = group.add(
                Text::new(line)
                    .set("x", 8)
                    .set("y", tenth(y))
                    .set("font-size", 12)
                    .set("font-family", "DejaVu Sans Mono, monospace")
                    .set("xml:space", "preserve"),
            );
        }
        y += PANEL_LINE / 2.0;
        panel.push(one_line(&group));
    }
    (panel, tenth(y))
}

/// `line` cut into lines of at most `columns` characters, between words
/// where it can (a word longer than a line stays whole); continuation
/// lines are indented by two. A short line is kept as it is.
pub fn wrap(line: &str, columns: usize) -> Vec<String> {
    if line.chars().count() <= columns {
        return vec![line.to_string()];
    }
    let mut out: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in line.split(' ') {
        let width = current.chars().count();
        if width > 0 && width + 1 + word.chars().count() > columns && !current.trim().is_empty() {
            out.push(std::mem::take(&mut current));
            current.push_str("  ");
        } else if width > 0 {
            current.push(' ');
        }
        current.push_str(word);
    }
    out.push(current);
    out
}

/// A text picture written on a page as it is, in a fixed-width font: the
/// SVG of a game that draws no picture of its own.
pub fn text_page(picture: &str) -> String {
    let lines: Vec<&str> = picture.lines().collect();
    let columns = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let width = columns as f64 * 7.5;
    let height = lines.len() as f64 * PANEL_LINE;
    let mut sheet = Sheet::new("position", width, height);
    for (i, line) in lines.iter().enumerate() {
        sheet.draw(
            Text::new(*line)
                .set("x", 0)
                .set("y", tenth((i + 1) as f64 * PANEL_LINE))
                .set("font-size", 12)
                .set("font-family", "DejaVu Sans Mono, monospace")
                .set("xml:space", "preserve"),
        );
    }
    sheet.finish()
}
