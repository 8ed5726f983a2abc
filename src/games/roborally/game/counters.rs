//! The counters option cards and variants keep for robots
//! (`game:set_counter(robot, key, value)`): what a hook remembers from one
//! call to the next lives in the game, never in Lua, so that a copy of the
//! game (a bot's sample, a replay) behaves as the game.
//!
//! Scripts choose the keys, so the store is built for hostile use: a
//! sorted map (a look-up or a change costs the logarithm of the counters
//! kept, and the order never depends on anything but the keys: games stay
//! deterministic), shared by the game's copies until one of them changes
//! it (a copy costs one reference), with a key of at most
//! [`MAX_KEY_BYTES`] bytes and the bytes it keeps counted
//! ([`Counters::held_bytes`]) for the script memory limit
//! (`docs/security.md`).

use std::collections::BTreeMap;
use std::sync::Arc;

/// The longest key a counter may have, in bytes (a card's own name by
/// custom: the longest built-in key has 17).
pub const MAX_KEY_BYTES: usize = 64;

/// The bytes a counter is counted for beside its key: the map's node
/// share, the robot and the value.
pub const ENTRY_BYTES: usize = 64;

/// Robots' counters: robot → key → value; a counter at 0 is not kept.
#[derive(Clone, Debug, Default)]
pub(super) struct Counters {
    map: Arc<BTreeMap<usize, BTreeMap<Box<str>, i64>>>,
    held: usize,
}

/// Why a key cannot name a counter.
pub fn key_refusal(key: &[u8]) -> Option<String> {
    (key.len() > MAX_KEY_BYTES).then(|| {
        format!(
            "a counter's key is at most {MAX_KEY_BYTES} bytes; this one has {}",
            key.len()
        )
    })
}

/// The bytes a counter named `key` is counted for.
pub fn entry_bytes(key: &str) -> usize {
    ENTRY_BYTES + key.len()
}

impl Counters {
    /// Robot `robot`'s counter `key` (0 when never set).
    pub(super) fn get(&self, robot: usize, key: &str) -> i64 {
        self.map
            .get(&robot)
            .and_then(|keys| keys.get(key))
            .copied()
            .unwrap_or(0)
    }

    /// Sets robot `robot`'s counter `key` to `value` (0 forgets it).
    pub(super) fn set(&mut self, robot: usize, key: &str, value: i64) {
        if value == 0 {
            if self.get(robot, key) == 0 {
                return;
            }
            let map = Arc::make_mut(&mut self.map);
            if let Some(keys) = map.get_mut(&robot) {
                keys.remove(key);
                if keys.is_empty() {
                    map.remove(&robot);
                }
            }
            self.held -= entry_bytes(key);
            return;
        }
        let keys = Arc::make_mut(&mut self.map).entry(robot).or_default();
        match keys.get_mut(key) {
            Some(kept) => *kept = value,
            None => {
                keys.insert(Box::from(key), value);
                self.held += entry_bytes(key);
            }
        }
    }

    /// The bytes the counters keep, as the memory limit counts them.
    pub(super) fn held_bytes(&self) -> usize {
        self.held
    }

    /// How many counters are kept.
    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.map.values().map(BTreeMap::len).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counters_are_set_read_and_forgotten_at_zero() {
        let mut c = Counters::default();
        assert_eq!(c.get(0, "shield"), 0);
        c.set(0, "shield", 12);
        c.set(1, "shield", 3);
        assert_eq!((c.get(0, "shield"), c.get(1, "shield")), (12, 3));
        assert_eq!(c.held_bytes(), 2 * entry_bytes("shield"));
        c.set(0, "shield", 0);
        c.set(0, "never", 0);
        assert_eq!((c.get(0, "shield"), c.len()), (0, 1));
        assert_eq!(c.held_bytes(), entry_bytes("shield"));
    }

    #[test]
    fn a_copy_shares_the_store_until_it_changes() {
        let mut a = Counters::default();
        a.set(0, "k", 1);
        let mut b = a.clone();
        assert!(Arc::ptr_eq(&a.map, &b.map));
        b.set(0, "k", 2);
        assert_eq!((a.get(0, "k"), b.get(0, "k")), (1, 2));
    }

    #[test]
    fn a_hundred_thousand_new_keys_take_no_quadratic_time() {
        // The store was a list searched and filtered at every change:
        // 1e5 keys took 20 s. A sorted map takes well under a second.
        let started = std::time::Instant::now();
        let mut c = Counters::default();
        for i in 0..100_000 {
            c.set(0, &format!("k{i}"), 1);
        }
        assert_eq!(c.len(), 100_000);
        assert!(started.elapsed().as_secs() < 5, "{:?}", started.elapsed());
    }

    #[test]
    fn a_key_past_the_limit_is_refused_with_the_limit() {
        assert_eq!(key_refusal(&[b'k'; MAX_KEY_BYTES]), None);
        let why = key_refusal(&[b'k'; MAX_KEY_BYTES + 1]).unwrap();
        assert_eq!(why, "a counter's key is at most 64 bytes; this one has 65");
    }
}
