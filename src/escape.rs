//! Text made inert for where it goes (DESIGN.md principle 9): one
//! function per destination, used for every text a file or a script chose
//! (a title, a name, a narration, a reason, a script's output).
//!
//! - the terminal: [`terminal`] (one line) and [`terminal_lines`] (lines
//!   and tabs kept): control characters such as ESC, CR and NUL, and the
//!   bidirectional overrides, written as visible escapes;
//! - SVG and HTML, text and attribute values alike: [`markup`];
//! - JSON placed inside an HTML page's `<script>` element: [`json_in_html`],
//!   whose `<`, `>`, `&` and line separators are `\u` escapes, so that no
//!   `</script>` or `<!--` can end or bend the element.

use std::borrow::Cow;
use std::fmt::Write;

/// Whether `c` must be escaped before it reaches a terminal.
fn is_unsafe_on_terminal(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{2028}' | '\u{2029}' | '\u{200e}' | '\u{200f}')
        || ('\u{202a}'..='\u{202e}').contains(&c)
        || ('\u{2066}'..='\u{2069}').contains(&c)
}

/// `text` for a terminal, as one line: control characters (ESC, newlines,
/// tabs, NUL, and the bidirectional overrides) written as escapes (`\e`,
/// `\n`, `\t`, `\u{0}`), so that it cannot drive the terminal.
pub fn terminal(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_unsafe_on_terminal) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{1b}' => out.push_str("\\e"),
            c if is_unsafe_on_terminal(c) => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// `text` for a terminal, its lines and tabs kept (a script's printed
/// output, a narration of several lines): every other control character
/// escaped as [`terminal`] does.
pub fn terminal_lines(text: &str) -> Cow<'_, str> {
    if !text
        .chars()
        .any(|c| c != '\n' && c != '\t' && is_unsafe_on_terminal(c))
    {
        return Cow::Borrowed(text);
    }
    let lines: Vec<String> = text
        .split('\n')
        .map(|line| {
            let cells: Vec<Cow<str>> = line.split('\t').map(terminal).collect();
            cells.join("\t")
        })
        .collect();
    Cow::Owned(lines.join("\n"))
}

/// Whether `c` may stand in SVG or HTML at all: not one of the control
/// characters XML forbids (NUL, ESC, ...; line ends and tabs may).
pub fn allowed_in_markup(c: char) -> bool {
    !c.is_control() || matches!(c, '\n' | '\t' | '\r')
}

/// `text` for SVG or HTML, as element text or a quoted attribute value:
/// `&`, `<`, `>`, `"` and `'` written as character references, and the
/// control characters XML forbids dropped (NUL cannot be written at all).
pub fn markup(text: &str) -> Cow<'_, str> {
    let forbidden = |c: char| !allowed_in_markup(c);
    if !text
        .chars()
        .any(|c| matches!(c, '&' | '<' | '>' | '"' | '\'') || forbidden(c))
    {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if forbidden(c) => {}
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// `value` as JSON text to place inside an HTML `<script>` element: the
/// same JSON, with `<`, `>` and `&` (which only occur inside strings)
/// and the line separators U+2028 and U+2029 written as `\u` escapes.
pub fn json_in_html<T: serde::Serialize + ?Sized>(value: &T) -> Result<String, serde_json::Error> {
    let json = serde_json::to_string(value)?;
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_for_the_terminal() {
        assert_eq!(
            terminal("red\u{1b}[2J\nx\t\0\r"),
            "red\\e[2J\\nx\\t\\u{0}\\r"
        );
        assert_eq!(terminal("plain"), "plain");
        assert_eq!(terminal_lines("a\nb\u{1b}c\n"), "a\nb\\ec\n");
        assert_eq!(terminal("\u{202e}txt"), "\\u{202e}txt");
    }

    #[test]
    fn markup_is_inert_in_text_and_attributes() {
        assert_eq!(
            markup(r#"<script>a&b"c'd</script>"#),
            "&lt;script&gt;a&amp;b&quot;c&#39;d&lt;/script&gt;"
        );
        assert_eq!(markup("a\0b\u{1b}c\nd"), "abc\nd");
        assert_eq!(markup("plain"), "plain");
    }

    #[test]
    fn json_in_a_page_cannot_end_its_script_element() {
        let text = "<!--<script></script>&\u{2028}";
        let json = json_in_html(&serde_json::json!({ "said": text })).unwrap();
        assert!(!json.contains('<') && !json.contains('>') && !json.contains('&'));
        assert!(!json.contains('\u{2028}'));
        // The same value reads back.
        let back: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(back["said"], text);
    }
}
