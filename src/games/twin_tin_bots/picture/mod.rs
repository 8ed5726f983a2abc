//! Text pictures of a position.
//!
//! [`text`] draws the board as a text hex map and the players' side of the
//! table (programs, hands, scores, the track and the countdown) as a panel
//! under it ([`panel`]): what the REPL's `show` and `where` commands print;
//! [`super::svg`] draws the same as an SVG picture.
//!
//! Every picture is a pure function of the game and the [`RenderOptions`]:
//! the same position gives the same text, byte for byte. ANSI colour codes
//! are emitted only when [`RenderOptions::colour`] is on, and they never move
//! anything: stripping them from a coloured picture gives the plain one.

pub mod panel;
pub mod text;

use crate::games::twin_tin_bots::pieces::{Colour, Crystal};
use std::ffi::OsStr;
use std::io::IsTerminal;

/// How to draw a picture.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RenderOptions {
    /// Emit ANSI colour codes (players' colours on robots and bases, crystal
    /// colours on crystals, a teleporter's pair colour and a colour per
    /// kind of terrain). Off, the picture is plain text.
    pub colour: bool,
    /// Draw a robot's facing as a Unicode arrow (`→ ↘ ↙ ← ↖ ↗`) instead of
    /// the ASCII compass letters (`e se sw w nw ne`). Either way a cell keeps
    /// its width, so the map still fits in 80 columns.
    pub unicode: bool,
}

impl RenderOptions {
    /// Plain ASCII, no colour: the form of golden tests and files.
    pub const PLAIN: RenderOptions = RenderOptions {
        colour: false,
        unicode: false,
    };

    /// The options for an output stream: colour only when it is a terminal
    /// and the `NO_COLOR` convention (<https://no-color.org>) does not
    /// forbid it, that is when `no_color` (the variable's value) is unset or
    /// empty. Never Unicode arrows: the caller opts in to those.
    pub fn for_terminal(is_terminal: bool, no_color: Option<&OsStr>) -> RenderOptions {
        RenderOptions {
            colour: is_terminal && no_color.is_none_or(OsStr::is_empty),
            unicode: false,
        }
    }

    /// [`RenderOptions::for_terminal`] for this process's standard output
    /// and its `NO_COLOR` variable.
    pub fn for_stdout() -> RenderOptions {
        let no_color = std::env::var_os("NO_COLOR");
        RenderOptions::for_terminal(std::io::stdout().is_terminal(), no_color.as_deref())
    }

    /// `text` wrapped in the ANSI SGR `code` when colour is on, else as is.
    pub(crate) fn paint(&self, text: &str, code: &str) -> String {
        if self.colour && !code.is_empty() {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }
}

/// The letter standing for a player's colour on the map: `R B Y G W K`
/// (K for black, as B is blue).
pub fn colour_letter(colour: Colour) -> char {
    match colour {
        Colour::Red => 'R',
        Colour::Blue => 'B',
        Colour::Yellow => 'Y',
        Colour::Green => 'G',
        Colour::White => 'W',
        Colour::Black => 'K',
    }
}

/// The ANSI SGR code of a player's colour. White and black get a
/// background so that they show on both dark and light terminals.
pub(crate) fn colour_code(colour: Colour) -> &'static str {
    match colour {
        Colour::Red => "1;31",
        Colour::Blue => "1;34",
        Colour::Yellow => "1;33",
        Colour::Green => "1;32",
        Colour::White => "1;30;47",
        Colour::Black => "1;97;40",
    }
}

/// The ANSI SGR code of a crystal: blue, green, pink (magenta).
pub(crate) fn crystal_code(crystal: Crystal) -> &'static str {
    match crystal.value() {
        2 => "34",
        3 => "32",
        _ => "95",
    }
}

/// The ANSI SGR code of secondary text (empty hexes, coordinates).
pub(crate) const DIM: &str = "2";

/// The columns every line of a picture, of `help` and of the panel fits in.
pub const WIDTH: usize = 80;

/// How a list is laid out over lines by [`wrap_list`].
pub(crate) struct ListStyle<'a> {
    /// Written after each item but the last (`,`), even at a line's end.
    pub after: &'a str,
    /// Between two items on the same line (` `, ` | `).
    pub between: &'a str,
    /// The start of every line after the first.
    pub indent: &'a str,
}

/// Writes `head` then `items` in lines of at most [`WIDTH`] visible
/// columns (colour codes do not count), breaking between items only; a
/// single item longer than a line is written whole.
pub(crate) fn wrap_list(out: &mut String, head: &str, items: &[String], style: &ListStyle) {
    let width = |s: &str| strip_ansi(s).chars().count();
    let mut line = head.to_string();
    for (i, item) in items.iter().enumerate() {
        let piece = if i + 1 < items.len() {
            format!("{item}{}", style.after)
        } else {
            item.clone()
        };
        if i > 0 && width(&line) + width(style.between) + width(&piece) > WIDTH {
            out.push_str(&line);
            out.push('\n');
            line = format!("{}{piece}", style.indent);
        } else {
            if i > 0 {
                line.push_str(style.between);
            }
            line.push_str(&piece);
        }
    }
    out.push_str(&line);
    out.push('\n');
}

/// Writes `text` after `head`, its words wrapped to [`WIDTH`] columns;
/// continuation lines start with `indent`.
pub fn wrap_words(out: &mut String, head: &str, text: &str, indent: &str) {
    let words: Vec<String> = text.split_whitespace().map(String::from).collect();
    let style = ListStyle {
        after: "",
        between: " ",
        indent,
    };
    wrap_list(out, head, &words, &style);
}

/// Removes ANSI SGR escape sequences (`ESC [ ... m`) from text: what a
/// coloured picture looks like as plain text.
pub fn strip_ansi(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            // Skip `[`, parameters, and the final letter.
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_only_on_a_terminal_without_no_color() {
        let on = RenderOptions::for_terminal(true, None);
        assert!(on.colour && !on.unicode);
        assert!(!RenderOptions::for_terminal(false, None).colour);
        assert!(!RenderOptions::for_terminal(true, Some(OsStr::new("1"))).colour);
        // NO_COLOR set but empty does not disable colour (no-color.org).
        assert!(RenderOptions::for_terminal(true, Some(OsStr::new(""))).colour);
    }

    #[test]
    fn paint_and_strip() {
        let plain = RenderOptions::PLAIN;
        assert_eq!(plain.paint("R1e", "31"), "R1e");
        let colour = RenderOptions {
            colour: true,
            ..plain
        };
        let painted = colour.paint("R1e", "1;31");
        assert_eq!(painted, "\x1b[1;31mR1e\x1b[0m");
        assert_eq!(strip_ansi(&painted), "R1e");
        assert_eq!(colour.paint("x", ""), "x");
    }

    #[test]
    fn colour_letters_are_distinct() {
        let mut letters: Vec<char> = Colour::ALL.iter().map(|c| colour_letter(*c)).collect();
        letters.sort();
        letters.dedup();
        assert_eq!(letters.len(), 6);
    }
}
