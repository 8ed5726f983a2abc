//! Text that comes from a script or a file, quoted in a message: long
//! values cut ([`cut`]), cut and escaped for the terminal at once
//! ([`shown`], with [`crate::escape::terminal`]), and Lua values quoted
//! ([`quoted_value`]). Every message that quotes script output or names
//! something a file chose goes through these.

use std::borrow::Cow;

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

/// `text` cut to [`QUOTE_LIMIT`] bytes and escaped: how a message shows a
/// value a script or a file chose.
pub fn shown(text: &str) -> String {
    crate::escape::terminal(&cut(text, QUOTE_LIMIT)).into_owned()
}

/// A Lua value as a message quotes it: strings in quotes (cut and
/// escaped), numbers and booleans as they are, `nil` as `nil`, anything
/// else by its type.
pub fn quoted_value(value: &mlua::Value) -> String {
    match value {
        mlua::Value::Nil => "nil".to_string(),
        mlua::Value::String(s) => format!("\"{}\"", shown(&s.to_string_lossy())),
        mlua::Value::Integer(n) => n.to_string(),
        // As Lua writes it, with an exponent when large or small (Rust
        // writes 1e300 with 301 digits).
        mlua::Value::Number(x) if *x != 0.0 && (x.abs() >= 1e16 || x.abs() < 1e-5) => {
            format!("{x:e}")
        }
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
    fn numbers_are_quoted_short() {
        assert_eq!(quoted_value(&mlua::Value::Number(1e300)), "1e300");
        assert_eq!(quoted_value(&mlua::Value::Number(-2.5)), "-2.5");
        assert_eq!(quoted_value(&mlua::Value::Number(1e-9)), "1e-9");
        assert_eq!(quoted_value(&mlua::Value::Integer(7)), "7");
    }
}
