//! Interned names: short strings that variants bring to the engine (kinds of
//! terrain, keys of robot marks, the reasons a hook gives for refusing
//! something), stored once per process and carried in game state as a
//! two-byte [`Name`], so that pieces, events and reasons stay `Copy`.
//!
//! Two names never share a slot: once the table is full,
//! [`Name::try_intern`] refuses a new name. Names a script makes while a
//! game runs go through [`Name::try_intern`] with a per-game quota and a
//! length limit (see `crate::variant`), and reading a mark by a key never
//! seen interns nothing ([`Name::lookup`]).

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::HashMap;
use std::fmt;
use std::sync::{OnceLock, RwLock};

/// How many distinct names a process may hold. Past it, [`Name::intern`]
/// returns [`Name::OVERFLOW`] (a script that makes a new reason string on
/// every call cannot exhaust memory).
const CAPACITY: usize = 4096;

/// The names by index, and the index of each name.
struct Table {
    names: Vec<&'static str>,
    index: HashMap<&'static str, u16>,
}

fn table() -> &'static RwLock<Table> {
    static TABLE: OnceLock<RwLock<Table>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let overflow = "(too many distinct names)";
        RwLock::new(Table {
            names: vec![overflow],
            index: HashMap::from([(overflow, 0)]),
        })
    })
}

/// Why a name could not be interned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("too many distinct names ({capacity}) in this process")]
pub struct NameError {
    /// How many names the table holds.
    pub capacity: usize,
}

/// An interned name.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Name(u16);

impl Name {
    /// The name returned once the table is full.
    pub const OVERFLOW: Name = Name(0);

    /// The name for `text`, if it was interned already.
    pub fn lookup(text: &str) -> Option<Name> {
        table()
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .index
            .get(text)
            .map(|&i| Name(i))
    }

    /// The name for `text`, interning it on first use; an error once the
    /// table holds [`CAPACITY`] names.
    pub fn try_intern(text: &str) -> Result<Name, NameError> {
        match Name::intern(text) {
            Name::OVERFLOW if text != Name::OVERFLOW.as_str() => {
                Err(NameError { capacity: CAPACITY })
            }
            name => Ok(name),
        }
    }

    /// The name for `text`, interning it on first use; [`Name::OVERFLOW`]
    /// once the table is full (for names from files, checked when loaded;
    /// names from scripts go through [`Name::try_intern`]).
    pub fn intern(text: &str) -> Name {
        if let Some(&i) = table()
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .index
            .get(text)
        {
            return Name(i);
        }
        let mut table = table().write().unwrap_or_else(|e| e.into_inner());
        if let Some(&i) = table.index.get(text) {
            return Name(i);
        }
        if table.names.len() >= CAPACITY {
            return Name::OVERFLOW;
        }
        let leaked: &'static str = Box::leak(text.to_string().into_boxed_str());
        let i = table.names.len() as u16;
        table.names.push(leaked);
        table.index.insert(leaked, i);
        Name(i)
    }

    /// The text.
    pub fn as_str(self) -> &'static str {
        table().read().unwrap_or_else(|e| e.into_inner()).names[self.0 as usize]
    }
}

impl fmt::Display for Name {
    /// The text, with control characters escaped (a name may come from a
    /// script or a file and reaches the terminal through this).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::script::text::escape(self.as_str()))
    }
}

impl fmt::Debug for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

impl Serialize for Name {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Name {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Ok(Name::intern(&text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_interned_once_and_reads_back() {
        let a = Name::intern("mud");
        assert_eq!(Name::intern("mud"), a);
        assert_ne!(Name::intern("rock"), a);
        assert_eq!(a.as_str(), "mud");
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(json, "\"mud\"");
        assert_eq!(serde_json::from_str::<Name>(&json).unwrap(), a);
        assert_eq!(Name::lookup("mud"), Some(a));
        assert_eq!(Name::lookup("never interned anywhere"), None);
        assert_eq!(Name::try_intern("mud"), Ok(a));
        assert_eq!(
            Name::intern("bad\u{1b}[2Jname\n").to_string(),
            "bad\\e[2Jname\\n"
        );
    }
}
