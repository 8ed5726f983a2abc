//! The replay page's HTML: the steps and pictures as JSON in the page,
//! the stylesheet and the script beside this file, all in one file.
//!
//! Everything a file or a script chose reaches the page escaped for where
//! it goes: the title as HTML text ([`crate::escape::markup`]), the steps
//! (narrations, answers) and pictures as JSON inside a script element
//! ([`crate::escape::json_in_html`], no `<` in it at all), which the
//! page's script puts on the page as text (`textContent`), and the
//! pictures' SVG, whose text the pictures escape themselves
//! ([`crate::picture`]).

use super::Replayed;
use crate::escape::{json_in_html, markup};
use std::io::Write;

/// The page's stylesheet.
const STYLE: &str = include_str!("page.css");

/// The page's script: buttons, slider, arrow keys and `#step=N`.
const SCRIPT: &str = include_str!("page.js");

/// What every page of steps shares: decoding the pictures
/// ([`super::Replayed::pictures`]), listing a step's lines, and the
/// controls [`nav`] lays out.
pub const STEPS: &str = include_str!("steps.js");

/// The controls of a page of steps, `last` the last step: first, back,
/// the slider, forward, last, and the counter.
pub fn nav(last: usize) -> String {
    format!(
        r#"<nav>
<button id="first" title="the first step (Home)">|&#x25C0; first</button>
<button id="back" title="the step before (left arrow)">&#x25C0; back</button>
<input id="slider" type="range" min="0" max="{last}" value="0" aria-label="step">
<button id="forward" title="the next step (right arrow)">forward &#x25B6;</button>
<button id="last" title="the last step (End)">last &#x25B6;|</button>
<span id="counter"></span>
</nav>"#
    )
}

/// A self-contained page of steps, as [`document`] writes it. Every field
/// is already escaped for where it goes.
pub struct Document<'a> {
    /// The title, as HTML text: the window's title and the heading.
    pub title: &'a str,
    /// The stylesheet.
    pub style: &'a str,
    /// What the header holds under the heading: the controls ([`nav`]).
    pub header: &'a str,
    /// What `<main>` holds.
    pub main: &'a str,
    /// What a browser without JavaScript shows.
    pub noscript: &'a str,
    /// The id of the script element holding the data.
    pub data_id: &'a str,
    /// The data, as JSON made safe inside a script element.
    pub data: &'a str,
    /// The page's script, after [`STEPS`].
    pub script: &'a str,
}

/// The HTML of `page`: what the replay page and the dispute page share.
pub fn document(page: &Document) -> String {
    let (head, tail) = around_data(page);
    format!("{head}{}{tail}", page.data)
}

/// The HTML of `page` before its data (up to the data element's opening
/// tag) and after it; `page.data` is not used.
fn around_data(page: &Document) -> (String, String) {
    let Document {
        title,
        style,
        header,
        main,
        noscript,
        data_id,
        data: _,
        script,
    } = page;
    let head = format!(
        r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title}</title>
<style>
{style}</style>
</head>
<body>
<header>
<h1>{title}</h1>
{header}
</header>
<main>
{main}</main>
<noscript>{noscript}</noscript>
<script type="application/json" id="{data_id}">"#
    );
    let tail = format!(
        r#"</script>
<script>
{STEPS}{script}</script>
</body>
</html>
"#
    );
    (head, tail)
}

/// Writes `page` to `out`, its data written by `data` in its place: a
/// page too big to hold (a long game's) is written as it is made.
pub fn write_document(
    page: &Document,
    out: &mut dyn Write,
    data: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let (head, tail) = around_data(page);
    out.write_all(head.as_bytes())?;
    data(out)?;
    out.write_all(tail.as_bytes())
}

/// The replay page's title (as HTML text) and its header's controls, for
/// a game `steps` long.
fn replay_frame(title: &str, seen_by: &str, steps: usize) -> (String, String) {
    let title = format!("tinbots replay: {title}, {steps} steps, seen by {seen_by}");
    (markup(&title).into_owned(), nav(steps.saturating_sub(1)))
}

/// The replay page titled `title`, with `header` over it, holding `data`.
fn replay_document<'a>(title: &'a str, header: &'a str, data: &'a str) -> Document<'a> {
    Document {
        title,
        style: STYLE,
        header,
        main: "<div id=\"picture\"></div>\n<aside>\n<p id=\"said\"></p>\n<ol id=\"narration\"></ol>\n</aside>\n",
        noscript: "The replay page needs JavaScript to step through the game.",
        data_id: "steps",
        data,
        script: SCRIPT,
    }
}

/// Writes the replay page of a game `steps` long to `out` as it is made:
/// the frame, then the data ([`super::Replayed`] as JSON) written by
/// `data`.
pub fn write_replay(
    title: &str,
    seen_by: &str,
    steps: usize,
    out: &mut dyn Write,
    data: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let (title, header) = replay_frame(title, seen_by, steps);
    write_document(&replay_document(&title, &header, ""), out, data)
}

/// The whole page of a replayed game.
pub fn html(replayed: &Replayed) -> String {
    let data = json_in_html(replayed).expect("steps and pictures are strings and numbers");
    let (title, header) = replay_frame(&replayed.title, &replayed.seen_by, replayed.steps.len());
    document(&replay_document(&title, &header, &data))
}
