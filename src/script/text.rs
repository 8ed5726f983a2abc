//! Text that comes from a script or a file, made safe to show on a
//! terminal: long values cut ([`cut`]), control characters such as ESC and
//! newlines escaped ([`escape`]), both at once ([`shown`]), and Lua values
//! quoted in messages ([`quoted_value`]). Every message that quotes script
//! output or names something a file chose goes through these.

use std::borrow::Cow;
use std::fmt::Write;

/// How many bytes of a value a message quotes before cutting it.
pub const QUOTE_LIMIT: usize = 200;

/// `text` cut to at most `limit` bytes (at a character boundary), with how
/// long it was when it was cut: `aaaa… (33554432 bytes)`.
pub fn cut(text: &str, limit: usize) -> Cow<'_, str> {
    if text.len() <= limit {
        return Cow::Borrowed(text);
    }
    let mut end = limit;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    Cow::Owned(format!("{}… ({} bytes)", &text[..end], text.len()))
}

/// Whether `c` must be escaped before it reaches a terminal.
fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{2028}' | '\u{2029}' | '\u{200e}' | '\u{200f}')
        || ('\u{202a}'..='\u{202e}').contains(&c)
        || ('\u{2066}'..='\u{2069}').contains(&c)
}

/// `text` with control characters (ESC, newlines, tabs, NUL, and the
/// bidirectional overrides) written as escapes (`\e`, `\n`, `\t`,
/// `\u{0}`), so that it shows as one line and cannot drive the terminal.
pub fn escape(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_unsafe) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{1b}' => out.push_str("\\e"),
            c if is_unsafe(c) => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// Output a script printed, safe for a terminal: its lines and tabs kept,
/// every other control character escaped.
pub fn escape_output(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| c != '\n' && c != '\t' && is_unsafe(c)) {
        return Cow::Borrowed(text);
    }
    let lines: Vec<String> = text
        .split('\n')
        .map(|line| {
            let cells: Vec<Cow<str>> = line.split('\t').map(escape).collect();
            cells.join("\t")
        })
        .collect();
    Cow::Owned(lines.join("\n"))
}

/// `text` cut to [`QUOTE_LIMIT`] bytes and escaped: how a message shows a
/// value a script or a file chose.
pub fn shown(text: &str) -> String {
    escape(&cut(text, QUOTE_LIMIT)).into_owned()
}

/// A Lua value as a message quotes it: strings in quotes (cut and
/// escaped), numbers and booleans as they are, `nil` as `nil`, anything
/// else by its type.
pub fn quoted_value(value: &mlua::Value) -> String {
    match value {
        mlua::Value::Nil => "nil".to_string(),
        mlua::Value::String(s) => format!("\"{}\"", shown(&s.to_string_lossy())),
        mlua::Value::Integer(n) => n.to_string(),
        mlua::Value::Number(x) => x.to_string(),
        mlua::Value::Boolean(b) => b.to_string(),
        other => format!("a {}", other.type_name()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_cut_with_its_length() {
        let long = "x".repeat(1 << 20);
        let c = cut(&long, 10);
        assert_eq!(c, format!("xxxxxxxxxx… ({} bytes)", 1 << 20));
        assert_eq!(cut("short", 10), "short");
        // Never inside a character.
        assert_eq!(cut("ééé", 3), "é… (6 bytes)");
    }

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(escape("red\u{1b}[2J\nx\t\0"), "red\\e[2J\\nx\\t\\u{0}");
        assert_eq!(escape("plain"), "plain");
        assert_eq!(escape_output("a\nb\u{1b}c\n"), "a\nb\\ec\n");
        assert_eq!(escape("\u{202e}txt"), "\\u{202e}txt");
    }
}
