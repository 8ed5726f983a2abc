//! Locating things in TOML text for error messages: the line and column of
//! a byte offset, and the key path (such as `seat[1].robots[0].facing`) at
//! an offset, found by a light scan of the text.

use std::collections::BTreeMap;

/// Where a TOML parse error of `text` (shown as `shown`) lies, for a
/// message: `shown:line:column`, and the reason, after the field at fault
/// when one is found (`` in `settings.lives`: ... ``).
pub fn located_error(shown: &str, text: &str, e: &toml::de::Error) -> (String, String) {
    let at = e.span().map_or(0, |s| s.start);
    let (line, column) = line_column(text, at);
    let field = field_path(text, at);
    let reason = e.message().trim();
    let message = if field.is_empty() {
        reason.to_string()
    } else {
        format!("in `{field}`: {reason}")
    };
    (format!("{shown}:{line}:{column}"), message)
}

/// The 1-based line and column (in characters) of a byte offset.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    (line, column)
}

/// Where a scan of TOML text stands: in a table (expecting a key, or after
/// one), or in an array at some element.
enum Frame {
    Table { key: Option<String>, want_key: bool },
    Array(usize),
}

fn is_bare_key_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'-'
}

/// Skips a string starting at `i` (a quote); returns the index after it and
/// its raw content.
fn skip_string(text: &str, i: usize) -> (usize, &str) {
    let b = text.as_bytes();
    let q = b[i];
    let triple = b.len() > i + 2 && b[i + 1] == q && b[i + 2] == q;
    let open = if triple { 3 } else { 1 };
    let mut j = i + open;
    while j < b.len() {
        if q == b'"' && b[j] == b'\\' {
            j += 2;
            continue;
        }
        if b[j] == q && (!triple || (b.len() > j + 2 && b[j + 1] == q && b[j + 2] == q)) {
            return (j + open, &text[i + open..j]);
        }
        if !triple && b[j] == b'\n' {
            break;
        }
        j += 1;
    }
    let j = j.min(b.len());
    (j, text.get(i + open..j).unwrap_or(""))
}

/// The key path at a byte offset of TOML text, such as
/// `seat[1].robots[0].facing` (array tables and array elements counted from
/// 0): a light scan, good enough to name the field of a parse error.
pub fn field_path(text: &str, offset: usize) -> String {
    let b = text.as_bytes();
    let mut header = String::new();
    let mut array_tables: BTreeMap<String, usize> = BTreeMap::new();
    let mut frames = vec![Frame::Table {
        key: None,
        want_key: true,
    }];
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let want_key = matches!(frames.last(), Some(Frame::Table { want_key: true, .. }));
        let at_header = want_key && c == b'[' && frames.len() == 1;
        let at_key = want_key && (is_bare_key_byte(c) || c == b'"' || c == b'\'');
        if i >= offset && !(at_header || at_key) {
            break;
        }
        let start = i;
        match c {
            b'#' => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'\n' => {
                if let [Frame::Table { want_key, .. }] = frames.as_mut_slice() {
                    *want_key = true;
                }
                i += 1;
            }
            _ if at_header => {
                let end = text[i..].find('\n').map_or(b.len(), |e| i + e);
                let line = &text[i..end];
                let name: Vec<&str> = line
                    .trim_start_matches('[')
                    .split(']')
                    .next()
                    .unwrap_or("")
                    .split('.')
                    .map(str::trim)
                    .collect();
                let name = name.join(".");
                header = if line.starts_with("[[") {
                    let n = array_tables.entry(name.clone()).or_insert(0);
                    *n += 1;
                    format!("{name}[{}]", *n - 1)
                } else {
                    name
                };
                frames = vec![Frame::Table {
                    key: None,
                    want_key: true,
                }];
                i = end;
            }
            _ if at_key => {
                let mut parts: Vec<&str> = vec![];
                loop {
                    while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
                        i += 1;
                    }
                    if i < b.len() && (b[i] == b'"' || b[i] == b'\'') {
                        let (end, part) = skip_string(text, i);
                        parts.push(part);
                        i = end;
                    } else {
                        let s = i;
                        while i < b.len() && is_bare_key_byte(b[i]) {
                            i += 1;
                        }
                        if s == i {
                            break;
                        }
                        parts.push(&text[s..i]);
                    }
                    while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
                        i += 1;
                    }
                    if i < b.len() && b[i] == b'.' {
                        i += 1;
                        continue;
                    }
                    break;
                }
                if i < b.len() && b[i] == b'=' {
                    i += 1;
                }
                if let Some(frame) = frames.last_mut() {
                    *frame = Frame::Table {
                        key: Some(parts.join(".")),
                        want_key: false,
                    };
                }
            }
            b'[' => {
                frames.push(Frame::Array(0));
                i += 1;
            }
            b'{' => {
                frames.push(Frame::Table {
                    key: None,
                    want_key: true,
                });
                i += 1;
            }
            b']' | b'}' => {
                if frames.len() > 1 {
                    frames.pop();
                }
                i += 1;
            }
            b',' => {
                match frames.last_mut() {
                    Some(Frame::Array(n)) => *n += 1,
                    Some(Frame::Table { key, want_key }) => {
                        *key = None;
                        *want_key = true;
                    }
                    None => {}
                }
                i += 1;
            }
            b'"' | b'\'' => i = skip_string(text, i).0,
            _ => i += 1,
        }
        if i == start {
            i += 1;
        }
        if start >= offset {
            break;
        }
    }
    let mut path = header;
    for frame in &frames {
        match frame {
            Frame::Table { key: Some(key), .. } => {
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(key);
            }
            Frame::Table { key: None, .. } => {}
            Frame::Array(n) => path.push_str(&format!("[{n}]")),
        }
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_paths_follow_tables_and_arrays() {
        let text = "a = 1\n[t]\nx = [1, { y = 2, z = [3, 4] }]\n[[s]]\n[[s]]\nk = 'v' # c\n";
        let at = |needle: &str| field_path(text, text.find(needle).unwrap());
        assert_eq!(at("1\n"), "a");
        assert_eq!(at("4]"), "t.x[1].z[1]");
        assert_eq!(at("y ="), "t.x[1].y");
        assert_eq!(at("'v'"), "s[1].k");
        assert_eq!(line_column(text, text.find("'v'").unwrap()), (6, 5));
    }
}

/// A fixed-length array read exactly (strict decoding at the edge): serde
/// reads `[T; N]` from the first `N` elements and ignores the rest, so
/// `at = [1, 1, 99]` passed for a square; this refuses it, as it refuses
/// too few, with serde's "invalid length 3, expected an array of 2".
pub fn exact_array<'de, D, T, const N: usize>(d: D) -> Result<[T; N], D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::Deserialize<'de>,
{
    d.deserialize_seq(ExactArray::<T, N>(std::marker::PhantomData))
}

/// [`exact_array`] as a type, for a field (`size: Exact<i64, 2>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exact<T, const N: usize>(pub [T; N]);

impl<'de, T: serde::Deserialize<'de>, const N: usize> serde::Deserialize<'de> for Exact<T, N> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        exact_array(d).map(Exact)
    }
}

/// The visitor of [`exact_array`].
struct ExactArray<T, const N: usize>(std::marker::PhantomData<T>);

impl<'de, T: serde::Deserialize<'de>, const N: usize> serde::de::Visitor<'de> for ExactArray<T, N> {
    type Value = [T; N];

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "an array of {N}")
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<[T; N], A::Error> {
        let mut items = Vec::with_capacity(N);
        while let Some(item) = seq.next_element::<T>()? {
            if items.len() == N {
                // Count the rest without keeping it, for the message.
                let mut len = N + 1;
                while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {
                    len += 1;
                }
                return Err(serde::de::Error::invalid_length(len, &self));
            }
            items.push(item);
        }
        let len = items.len();
        items
            .try_into()
            .map_err(|_| serde::de::Error::invalid_length(len, &self))
    }
}

#[cfg(test)]
mod exact_tests {
    use super::Exact;

    #[derive(serde::Deserialize, Debug)]
    struct Sized {
        size: Exact<i64, 2>,
    }

    #[test]
    fn an_array_is_read_with_exactly_its_length() {
        let ok: Sized = toml::from_str("size = [3, 4]").unwrap();
        assert_eq!(ok.size.0, [3, 4]);
        for (text, len) in [
            ("size = [3, 4, 99]", 3),
            ("size = [3]", 1),
            ("size = []", 0),
        ] {
            let e = toml::from_str::<Sized>(text).unwrap_err();
            assert!(
                e.message()
                    .contains(&format!("invalid length {len}, expected an array of 2")),
                "{text}: {e}"
            );
        }
    }
}
