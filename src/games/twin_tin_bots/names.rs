//! Interned names: short strings that variants bring to the engine (kinds of
//! terrain, keys of robot marks, the reasons a hook gives for refusing
//! something), stored once and carried in game state as a two-byte
//! [`Name`], so that pieces, events and reasons stay `Copy`.
//!
//! Names come from two places, and live as long as what brought them:
//! - names from files and from the program itself ([`Name::intern`]: kinds
//!   of a manifest, fixed reasons) are kept for the life of the process;
//! - names a script makes while a game runs (mark keys, reasons, end texts)
//!   are made in that game's [`NameScope`] and freed when the last game
//!   that made them is dropped, so nothing a script does outlives its game.
//!
//! Two names never share a slot: a slot is reused only once no game holds
//! it, and once the table is full a new name is refused ([`NameError`]).
//! Reading a mark by a key never seen interns nothing ([`Name::lookup`]).

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::{HashMap, HashSet, VecDeque};
use std::fmt;
use std::sync::{Arc, OnceLock, RwLock};

/// How many distinct names the process may hold at once. Past it a new
/// name is refused ([`Name::try_intern`], [`NameScope::intern`]), or is
/// [`Name::OVERFLOW`] ([`Name::intern`], for names from files, which
/// their loaders bound).
const CAPACITY: usize = 4096;

/// The text of a slot that no game holds any more (a name kept past the
/// game that made it reads as this, never as another name's text).
const FREED: &str = "(a name of a game that has ended)";

/// A slot of the table: its text, and who holds it.
struct Slot {
    text: Arc<str>,
    /// The scopes holding it, or `None` when it is kept for the process.
    scopes: Option<u32>,
}

/// The names by index, the index of each name, and the slots free again
/// (reused oldest first).
struct Table {
    slots: Vec<Option<Slot>>,
    index: HashMap<Arc<str>, u16>,
    free: VecDeque<u16>,
}

impl Table {
    /// The slot for `text`, new if need be, held as `scopes` says (`None`:
    /// for the process). `None` when the table is full.
    fn slot_for(&mut self, text: &str, scopes: Option<u32>) -> Option<u16> {
        let text: Arc<str> = Arc::from(text);
        let slot = Slot {
            text: text.clone(),
            scopes,
        };
        let i = match self.free.pop_front() {
            Some(i) => {
                self.slots[i as usize] = Some(slot);
                i
            }
            None if self.slots.len() < CAPACITY => {
                self.slots.push(Some(slot));
                (self.slots.len() - 1) as u16
            }
            None => return None,
        };
        self.index.insert(text, i);
        Some(i)
    }
}

fn table() -> &'static RwLock<Table> {
    static TABLE: OnceLock<RwLock<Table>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let overflow: Arc<str> = Arc::from("(too many distinct names)");
        RwLock::new(Table {
            slots: vec![Some(Slot {
                text: overflow.clone(),
                scopes: None,
            })],
            index: HashMap::from([(overflow, 0)]),
            free: VecDeque::new(),
        })
    })
}

fn read() -> std::sync::RwLockReadGuard<'static, Table> {
    table().read().unwrap_or_else(|e| e.into_inner())
}

fn write() -> std::sync::RwLockWriteGuard<'static, Table> {
    table().write().unwrap_or_else(|e| e.into_inner())
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

    /// The name for `text`, if it is interned now.
    pub fn lookup(text: &str) -> Option<Name> {
        read().index.get(text).map(|&i| Name(i))
    }

    /// The name for `text`, kept for the life of the process; an error
    /// once the table holds [`CAPACITY`] names.
    pub fn try_intern(text: &str) -> Result<Name, NameError> {
        // One read guard at a time: a second `read()` while the first is
        // held could wait forever behind a queued writer.
        let kept = {
            let table = read();
            table.index.get(text).copied().filter(|&i| {
                table.slots[i as usize]
                    .as_ref()
                    .is_some_and(|s| s.scopes.is_none())
            })
        };
        if let Some(i) = kept {
            return Ok(Name(i));
        }
        let mut table = write();
        if let Some(&i) = table.index.get(text) {
            // Made by a game, now wanted for the process: keep it.
            if let Some(slot) = table.slots[i as usize].as_mut() {
                slot.scopes = None;
            }
            return Ok(Name(i));
        }
        table
            .slot_for(text, None)
            .map(Name)
            .ok_or(NameError { capacity: CAPACITY })
    }

    /// The name for `text`, kept for the life of the process;
    /// [`Name::OVERFLOW`] once the table is full (for names from files and
    /// from the program, bounded by their loaders; names from scripts are
    /// made in a [`NameScope`]).
    pub fn intern(text: &str) -> Name {
        Name::try_intern(text).unwrap_or(Name::OVERFLOW)
    }

    /// The text (a shared copy: the table may free a game's names).
    pub fn as_str(self) -> Arc<str> {
        read().slots[self.0 as usize]
            .as_ref()
            .map_or_else(|| Arc::from(FREED), |slot| slot.text.clone())
    }
}

/// The names one game's scripts made: they stay while the scope does (a
/// game and its copies share one), and are freed with it unless another
/// scope, or the process, holds them too.
#[derive(Default)]
pub struct NameScope {
    held: std::sync::Mutex<HashSet<u16>>,
    bytes: std::sync::atomic::AtomicUsize,
}

impl NameScope {
    /// A scope holding nothing.
    pub fn new() -> NameScope {
        NameScope::default()
    }

    /// The name for `text`, held by this scope until it is dropped.
    pub fn intern(&self, text: &str) -> Result<Name, NameError> {
        let mut held = self.held.lock().unwrap_or_else(|e| e.into_inner());
        let mut table = write();
        let name = match table.index.get(text) {
            Some(&i) => {
                if !held.contains(&i) {
                    if let Some(Slot {
                        scopes: Some(n), ..
                    }) = table.slots[i as usize].as_mut()
                    {
                        *n += 1;
                    }
                }
                i
            }
            None => table
                .slot_for(text, Some(1))
                .ok_or(NameError { capacity: CAPACITY })?,
        };
        if held.insert(name) {
            self.bytes
                .fetch_add(text.len(), std::sync::atomic::Ordering::Relaxed);
        }
        Ok(Name(name))
    }

    /// Whether this scope holds `name`.
    pub fn holds(&self, name: Name) -> bool {
        self.held
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .contains(&name.0)
    }

    /// How many names this scope holds.
    pub fn len(&self) -> usize {
        self.held.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The bytes of text of the names it holds.
    pub fn bytes(&self) -> usize {
        self.bytes.load(std::sync::atomic::Ordering::Relaxed)
    }
}

impl Drop for NameScope {
    fn drop(&mut self) {
        let held = std::mem::take(self.held.get_mut().unwrap_or_else(|e| e.into_inner()));
        if held.is_empty() {
            return;
        }
        let mut table = write();
        for i in held {
            let freed = match table.slots[i as usize].as_mut() {
                Some(Slot {
                    scopes: Some(n), ..
                }) => {
                    *n -= 1;
                    *n == 0
                }
                _ => false,
            };
            if freed {
                if let Some(slot) = table.slots[i as usize].take() {
                    table.index.remove(&slot.text);
                }
                table.free.push_back(i);
            }
        }
    }
}

impl fmt::Display for Name {
    /// The text, with control characters escaped (a name may come from a
    /// script or a file and reaches the terminal through this).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::escape::terminal(&self.as_str()))
    }
}

impl fmt::Debug for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", &*self.as_str())
    }
}

impl Serialize for Name {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.as_str())
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
        assert_eq!(&*a.as_str(), "mud");
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

    #[test]
    fn a_scope_s_names_are_freed_when_the_last_scope_holding_them_goes() {
        let kept = Name::intern("scope-test-kept");
        let (a, b) = (NameScope::new(), NameScope::new());
        let shared = a.intern("scope-test-shared").unwrap();
        assert_eq!(b.intern("scope-test-shared"), Ok(shared));
        let own = a.intern("scope-test-own").unwrap();
        assert_eq!(a.intern("scope-test-kept"), Ok(kept));
        assert!(a.holds(own) && !b.holds(own));
        assert_eq!(a.len(), 3);
        assert_eq!(
            a.bytes(),
            "scope-test-shared".len() + "scope-test-own".len() + "scope-test-kept".len()
        );
        drop(a);
        assert_eq!(Name::lookup("scope-test-own"), None, "freed with its scope");
        assert_eq!(
            Name::lookup("scope-test-shared"),
            Some(shared),
            "b holds it"
        );
        assert_eq!(
            Name::lookup("scope-test-kept"),
            Some(kept),
            "kept for the process"
        );
        drop(b);
        assert_eq!(Name::lookup("scope-test-shared"), None);
        assert_eq!(&*kept.as_str(), "scope-test-kept");
    }
}
