//! The numbers a mission keeps (`game:set(key, n)`, a scenario's `[vars]`):
//! part of the game, so that its copies and replays hold them, and held
//! outside Lua, so bounded here: at most [`MAX_VARS`] keys of at most
//! [`MAX_KEY_BYTES`] bytes each, their bytes counted as they are set (for
//! the script memory limit, `script::host::store`), each set a lookup in
//! a sorted map (never a scan of the others). The map is shared by a
//! game's copies (an undo point, a simulation, the picture lent to a hook)
//! until one of them sets a number.

use std::collections::BTreeMap;
use std::sync::Arc;

/// The most numbers a game keeps.
pub const MAX_VARS: usize = 1024;

/// The longest key, in bytes.
pub const MAX_KEY_BYTES: usize = 64;

/// What one kept number costs besides its key's bytes (the map's entry).
const ENTRY_BYTES: usize = 48;

/// The numbers a mission keeps, by key.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Vars {
    map: Arc<BTreeMap<String, i64>>,
    /// The bytes the keys and their entries hold.
    bytes: usize,
}

/// A number that cannot be kept: why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct VarsError(pub String);

impl Vars {
    /// No numbers.
    pub fn new() -> Vars {
        Vars::default()
    }

    /// Whether `key` may name a number: 1 to [`MAX_KEY_BYTES`] bytes of
    /// text without control characters.
    pub fn check_key(key: &str) -> Result<(), VarsError> {
        if key.is_empty() || key.len() > MAX_KEY_BYTES {
            return Err(VarsError(format!(
                "a key of {} bytes: a key is 1 to {MAX_KEY_BYTES} bytes",
                key.len()
            )));
        }
        if key.chars().any(char::is_control) {
            return Err(VarsError(format!(
                "the key \"{}\" holds a control character",
                crate::script::text::shown(key)
            )));
        }
        Ok(())
    }

    /// Sets `key` to `value`: refused for a bad key, or a new key past
    /// [`MAX_VARS`].
    pub fn set(&mut self, key: &str, value: i64) -> Result<(), VarsError> {
        match self.map.get(key) {
            Some(v) if *v == value => return Ok(()),
            Some(_) => {
                if let Some(v) = Arc::make_mut(&mut self.map).get_mut(key) {
                    *v = value;
                }
                return Ok(());
            }
            None => {}
        }
        Vars::check_key(key)?;
        if self.map.len() >= MAX_VARS {
            return Err(VarsError(format!(
                "a new key \"{}\" past the {MAX_VARS} numbers a game keeps",
                crate::script::text::shown(key)
            )));
        }
        self.bytes += key.len() + ENTRY_BYTES;
        Arc::make_mut(&mut self.map).insert(key.to_string(), value);
        Ok(())
    }

    /// The number kept under `key`.
    pub fn get(&self, key: &str) -> Option<&i64> {
        self.map.get(key)
    }

    /// Every key and number, by key.
    pub fn iter(&self) -> impl Iterator<Item = (&String, &i64)> {
        self.map.iter()
    }

    /// Whether no number is kept.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// How many numbers are kept.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// The bytes the numbers hold outside Lua.
    pub fn held_bytes(&self) -> usize {
        self.bytes
    }
}

impl<'a> IntoIterator for &'a Vars {
    type Item = (&'a String, &'a i64);
    type IntoIter = std::collections::btree_map::Iter<'a, String, i64>;
    fn into_iter(self) -> Self::IntoIter {
        self.map.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_bounded_in_length_and_number() {
        let mut v = Vars::new();
        v.set("delivered.red", 1).unwrap();
        v.set("delivered.red", 2).unwrap();
        assert_eq!(v.get("delivered.red"), Some(&2));
        assert_eq!(v.len(), 1);
        let e = v.set(&"k".repeat(65), 1).unwrap_err();
        assert!(e.0.contains("a key is 1 to 64 bytes"), "{e}");
        assert!(v.set("", 1).is_err());
        assert!(v.set("a\u{1b}[2J", 1).unwrap_err().0.contains("\\e[2J"));
        for i in 1..MAX_VARS {
            v.set(&format!("k{i}"), 0).unwrap();
        }
        let held = v.held_bytes();
        let e = v.set("one more", 0).unwrap_err();
        assert!(e.0.contains("past the 1024 numbers"), "{e}");
        // A known key may still change, and nothing more is held.
        v.set("k5", 9).unwrap();
        assert_eq!(v.held_bytes(), held);
    }
}
