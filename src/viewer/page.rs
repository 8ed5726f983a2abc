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
    let Document {
        title,
        style,
        header,
        main,
        noscript,
        data_id,
        data,
        script,
    } = page;
    format!(
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
<script type="application/json" id="{data_id}">{data}</script>
<script>
{STEPS}{script}</script>
</body>
</html>
"#
    )
}

/// The whole page of a replayed game.
pub fn html(replayed: &Replayed) -> String {
    let data = json_in_html(replayed).expect("steps and pictures are strings and numbers");
    let title = format!(
        "tinbots replay: {}, {} steps, seen by {}",
        replayed.title,
        replayed.steps.len(),
        replayed.seen_by
    );
    document(&Document {
        title: &markup(&title),
        style: STYLE,
        header: &nav(replayed.steps.len().saturating_sub(1)),
        main: "<div id=\"picture\"></div>\n<aside>\n<p id=\"said\"></p>\n<ol id=\"narration\"></ol>\n</aside>\n",
        noscript: "The replay page needs JavaScript to step through the game.",
        data_id: "steps",
        data: &data,
        script: SCRIPT,
    })
}
