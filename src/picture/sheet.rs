//! One page: a title, the board a game drew, a legend under it and the
//! players' panel beside it, written out as an SVG document.

use svg::node::element::{Circle, Group, Rectangle, Text};
use svg::node::{Blob, Node};
use svg::Document;

use super::palette::paint;
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

/// A page being drawn: the game draws its board in its own coordinates,
/// from `(0, 0)` to the size it gave, then adds legend lines and panel
/// blocks; [`Sheet::finish`] lays them out.
pub struct Sheet {
    title: String,
    board: Group,
    size: (f64, f64),
    legend: Vec<(Group, String)>,
    panel: Vec<Block>,
}

impl Sheet {
    /// A page titled `title` with a board `width` by `height`.
    pub fn new(title: impl Into<String>, width: f64, height: f64) -> Sheet {
        Sheet {
            title: title.into(),
            board: Group::new().set("class", "board"),
            size: (tenth(width), tenth(height)),
            legend: Vec::new(),
            panel: Vec::new(),
        }
    }

    /// Draws `node` on the board, written on one line of the SVG: equal
    /// parts of two pictures are equal lines, which the replay page keeps
    /// once.
    pub fn draw<T: Into<Box<dyn Node>>>(&mut self, node: T) {
        self.board.append(one_line(node));
    }

    /// Adds a legend line: `swatch` (drawn around `(0, 0)`, within 10 of
    /// it) and what it means. A meaning already in the legend is not
    /// added again.
    pub fn legend(&mut self, swatch: Group, meaning: impl Into<String>) {
        let meaning = meaning.into();
        if !self.legend.iter().any(|(_, m)| *m == meaning) {
            self.legend.push((swatch, meaning));
        }
    }

    /// Draws a square cell of the board, `size` wide with its top left
    /// corner at `corner`, filled with `fill`, and adds `fill` and its
    /// `meaning` to the legend.
    pub fn cell(&mut self, corner: (f64, f64), size: f64, fill: &str, meaning: &str) {
        self.draw(
            Rectangle::new()
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
        let mut legend = Group::new()
            .set("class", "legend")
            .set("transform", format!("translate({board_left},{legend_top})"));
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
            legend = legend.add(one_line(line));
        }
        let (panel, panel_height) = panel(&self.panel);
        let panel = panel.set("transform", format!("translate({panel_left},{board_top})"));
        let width = tenth(panel_left + PANEL_WIDTH + GAP);
        let height = tenth(legend_bottom.max(board_top + panel_height) + GAP);
        let document = Document::new()
            .set("viewBox", (0, 0, width, height))
            .set("width", width)
            .set("height", height)
            .set("font-family", "DejaVu Sans, Verdana, sans-serif")
            .add(
                Rectangle::new()
                    .set("width", "100%")
                    .set("height", "100%")
                    .set("fill", "#ffffff"),
            )
            .add(
                Text::new(self.title)
                    .set("x", GAP)
                    .set("y", GAP + 14.0)
                    .set("font-size", 18)
                    .set("font-weight", "bold")
                    .set("class", "title"),
            )
            .add(
                self.board
                    .set("transform", format!("translate({board_left},{board_top})")),
            )
            .add(legend)
            .add(panel);
        inert(document.to_string() + "\n")
    }
}

/// `svg` without the characters markup may not hold
/// ([`crate::escape::allowed_in_markup`]).
fn inert(svg: String) -> String {
    if svg.chars().all(crate::escape::allowed_in_markup) {
        svg
    } else {
        svg.chars()
            .filter(|&c| crate::escape::allowed_in_markup(c))
            .collect()
    }
}

/// The panel's blocks, and its height.
fn panel(blocks: &[Block]) -> (Group, f64) {
    let mut panel = Group::new().set("class", "panel");
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
            Text::new(block.heading.clone())
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
        panel = panel.add(one_line(group));
    }
    (panel, tenth(y))
}

/// `node` as SVG text on one line (the `svg` crate puts each child element
/// on a line of its own; no text drawn here holds a line break).
fn one_line<T: Into<Box<dyn Node>>>(node: T) -> Blob {
    let node: Box<dyn Node> = node.into();
    Blob::new(node.to_string().replace('\n', ""))
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
