//! The dispute page: every reading's play of one file side by side, one
//! slider stepping them together (`tinbots dispute FILE --html OUT`).
//!
//! As on the replay page, what a file or a script chose reaches the page
//! escaped for where it goes: labels and the verdict as HTML text
//! ([`crate::escape::markup`]), the plays as JSON inside a script element
//! ([`crate::escape::json_in_html`]) that the page's script puts on the
//! page as text, and the pictures' SVG, which escapes its own text.

use super::{Column, Disputed};
use crate::escape::{json_in_html, markup};

/// The page's script: the slider, buttons and arrow keys.
const SCRIPT: &str = include_str!("page.js");

/// The page's stylesheet.
const STYLE: &str = "body { font-family: \"DejaVu Sans\", Verdana, sans-serif; margin: 0.5em 1em; color: #111; background: #fafafa; }
h1 { font-size: 1.1em; margin: 0.3em 0; }
nav { display: flex; gap: 0.4em; align-items: center; flex-wrap: wrap; margin: 0.5em 0; }
#slider { flex: 1; min-width: 12em; }
main { display: flex; gap: 1em; align-items: flex-start; overflow-x: auto; }
section { flex: 1; min-width: 18em; }
h2 { font-size: 1em; margin: 0.2em 0; }
.picture svg { max-width: 100%; height: auto; border: 1px solid #ccc; background: #fff; }
.said { font-weight: bold; }
";

/// The whole page of a disputed file, its plays in `columns`.
pub fn html(disputed: &Disputed, columns: &[Column]) -> String {
    let data = json_in_html(columns).expect("labels, steps and pictures are strings and numbers");
    let title = format!(
        "tinbots dispute: {} ({})",
        disputed.file, disputed.game.title
    );
    let title = markup(&title);
    let verdict = disputed.verdict();
    let verdict = markup(&verdict);
    let last = columns
        .iter()
        .map(|c| c.replayed.steps.len().saturating_sub(1))
        .max()
        .unwrap_or(0);
    let nav = crate::viewer::nav(last);
    let sections: String = columns
        .iter()
        .enumerate()
        .map(|(i, c)| {
            format!(
                "<section id=\"reading-{i}\">\n<h2>{}</h2>\n<div class=\"picture\"></div>\n\
                 <p class=\"said\"></p>\n<ol class=\"narration\"></ol>\n</section>\n",
                markup(&c.label)
            )
        })
        .collect();
    let header = format!("<p id=\"verdict\">verdict: {verdict}</p>\n{nav}");
    crate::viewer::document(&crate::viewer::Document {
        title: &title,
        style: STYLE,
        header: &header,
        main: &sections,
        noscript: "The dispute page needs JavaScript to step through the plays.",
        data_id: "readings",
        data: &data,
        script: SCRIPT,
    })
}
