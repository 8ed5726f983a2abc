//! Order tile identities, their names, and multisets of tiles (a hand).
//!
//! The 21 built-in kinds have fixed ids (`0..Tile::COUNT`). Order files
//! (see [`crate::script`]) add new kinds above them, up to
//! [`Tile::CAPACITY`] kinds in all; their names live in a process-wide,
//! append-only table ([`Tile::register`]), so that a new tile is named,
//! printed and parsed like a built-in one everywhere (scenario files,
//! program changes, replays, views).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use std::sync::{Mutex, OnceLock};

/// An order tile kind. The eight standard kinds come first, then the 13
/// special tiles, then the kinds that order files add.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tile(u8);

const NAMES: [&str; 21] = [
    "forward_1",
    "forward_2",
    "turn_left",
    "turn_right",
    "load",
    "unload",
    "zap",
    "double_modification",
    "turn_left_2",
    "turn_right_2",
    "anti_zap",
    "u_turn",
    "forward_3",
    "forward_load",
    "forward_zap",
    "dash",
    "jump",
    "back_up",
    "double_zap",
    "anti_theft",
    "long_range_zap",
];

/// How many kinds order files may add.
const ADDED: usize = Tile::CAPACITY - Tile::COUNT;

/// Names of the added kinds, by id minus [`Tile::COUNT`]; set once each,
/// in order, under [`REGISTERING`].
static ADDED_NAMES: [OnceLock<&'static str>; ADDED] = [const { OnceLock::new() }; ADDED];

/// Held while a name is added, so that two threads never take one slot.
static REGISTERING: Mutex<()> = Mutex::new(());

/// The longest name a new tile may have.
pub const MAX_NAME_LEN: usize = 32;

impl Tile {
    /// `forward_1`
    pub const FORWARD_1: Tile = Tile(0);
    /// `forward_2`
    pub const FORWARD_2: Tile = Tile(1);
    /// `turn_left`
    pub const TURN_LEFT: Tile = Tile(2);
    /// `turn_right`
    pub const TURN_RIGHT: Tile = Tile(3);
    /// `load`
    pub const LOAD: Tile = Tile(4);
    /// `unload`
    pub const UNLOAD: Tile = Tile(5);
    /// `zap`
    pub const ZAP: Tile = Tile(6);
    /// `double_modification`: played from the hand for two changes, once.
    pub const DOUBLE_MODIFICATION: Tile = Tile(7);
    /// `turn_left_2` (special)
    pub const TURN_LEFT_2: Tile = Tile(8);
    /// `turn_right_2` (special)
    pub const TURN_RIGHT_2: Tile = Tile(9);
    /// `anti_zap` (special)
    pub const ANTI_ZAP: Tile = Tile(10);
    /// `u_turn` (special)
    pub const U_TURN: Tile = Tile(11);
    /// `forward_3` (special)
    pub const FORWARD_3: Tile = Tile(12);
    /// `forward_load` (special)
    pub const FORWARD_LOAD: Tile = Tile(13);
    /// `forward_zap` (special)
    pub const FORWARD_ZAP: Tile = Tile(14);
    /// `dash` (special)
    pub const DASH: Tile = Tile(15);
    /// `jump` (special)
    pub const JUMP: Tile = Tile(16);
    /// `back_up` (special)
    pub const BACK_UP: Tile = Tile(17);
    /// `double_zap` (special)
    pub const DOUBLE_ZAP: Tile = Tile(18);
    /// `anti_theft` (special)
    pub const ANTI_THEFT: Tile = Tile(19);
    /// `long_range_zap` (special)
    pub const LONG_RANGE_ZAP: Tile = Tile(20);

    /// Number of built-in tile kinds (the rulebook's).
    pub const COUNT: usize = NAMES.len();

    /// Number of tile kinds in all, built-in and added: ids are below it, so
    /// that a set of kinds fits a `u32`.
    pub const CAPACITY: usize = 32;

    /// Every built-in tile kind, standard ones first.
    pub const ALL: [Tile; Tile::COUNT] = {
        let mut all = [Tile(0); Tile::COUNT];
        let mut i = 0;
        while i < Tile::COUNT {
            all[i] = Tile(i as u8);
            i += 1;
        }
        all
    };

    /// The 13 special tiles of the rulebook.
    pub fn specials() -> impl Iterator<Item = Tile> {
        Tile::ALL.into_iter().filter(|t| t.is_special())
    }

    /// Every tile kind known to this process: the built-in ones, then those
    /// added by order files, in the order they were added.
    pub fn known() -> impl Iterator<Item = Tile> {
        let added = ADDED_NAMES.iter().take_while(|n| n.get().is_some()).count();
        (0..Tile::COUNT + added).map(|i| Tile(i as u8))
    }

    /// How many more tile kinds can be added in this process.
    pub fn room() -> usize {
        Tile::CAPACITY - Tile::known().count()
    }

    /// Index into per-kind tables (`0..Tile::CAPACITY`).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The tile's name in files and commands.
    pub fn name(self) -> &'static str {
        match NAMES.get(self.index()) {
            Some(name) => name,
            None => ADDED_NAMES[self.index() - Tile::COUNT]
                .get()
                .copied()
                .unwrap_or("unnamed_tile"),
        }
    }

    /// Whether it is one of the rulebook's 21 kinds.
    pub const fn is_builtin(self) -> bool {
        self.index() < Tile::COUNT
    }

    /// Whether it is a special tile (grey face, blue back): one of the 13 of
    /// the rulebook, or one an order file added.
    pub const fn is_special(self) -> bool {
        self.0 >= Tile::TURN_LEFT_2.0
    }

    /// The tile of an index (`0..Tile::CAPACITY`).
    pub const fn from_index(i: usize) -> Tile {
        assert!(i < Tile::CAPACITY);
        Tile(i as u8)
    }

    /// Whether it can be placed in a program (every tile but Double
    /// Modification, which is played from the hand).
    pub const fn is_placeable(self) -> bool {
        self.0 != Tile::DOUBLE_MODIFICATION.0
    }

    /// The tile named `name`, adding it to the process-wide table of names
    /// if it is new: the same name always gives the same tile, a built-in
    /// name gives the built-in tile. A new name is lowercase ASCII letters,
    /// digits and `_`, starting with a letter, at most [`MAX_NAME_LEN`]
    /// long; at most `Tile::CAPACITY - Tile::COUNT` (11) names can be added
    /// in a process.
    pub fn register(name: &str) -> Result<Tile, TileRegisterError> {
        if let Some(t) = Tile::lookup(name) {
            return Ok(t);
        }
        check_tile_name(name)?;
        let _guard = REGISTERING.lock().unwrap_or_else(|e| e.into_inner());
        // Another thread may have added it meanwhile.
        if let Some(t) = Tile::lookup(name) {
            return Ok(t);
        }
        let free = ADDED_NAMES
            .iter()
            .position(|n| n.get().is_none())
            .ok_or_else(|| TileRegisterError::Full {
                name: name.to_string(),
                room: 0,
                added: Tile::known().skip(Tile::COUNT).map(Tile::name).collect(),
            })?;
        let leaked: &'static str = Box::leak(name.to_string().into_boxed_str());
        ADDED_NAMES[free]
            .set(leaked)
            .expect("a free slot, under the lock");
        Ok(Tile((Tile::COUNT + free) as u8))
    }

    /// The known tile of a name (built-in or added), ignoring ASCII case.
    fn lookup(name: &str) -> Option<Tile> {
        Tile::known().find(|t| t.name().eq_ignore_ascii_case(name))
    }
}

/// Checks the spelling of a new tile's name: lowercase ASCII letters,
/// digits and `_`, starting with a letter, at most [`MAX_NAME_LEN`] long.
pub fn check_tile_name(name: &str) -> Result<(), TileRegisterError> {
    let bad = |why: &str| {
        Err(TileRegisterError::BadName {
            name: name.to_string(),
            why: why.to_string(),
        })
    };
    if name.is_empty() {
        return bad("a name is needed");
    }
    if name.len() > MAX_NAME_LEN {
        return bad(&format!("at most {MAX_NAME_LEN} characters"));
    }
    if !name.starts_with(|c: char| c.is_ascii_lowercase()) {
        return bad("it must start with a lowercase letter");
    }
    if !name
        .chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
    {
        return bad("only lowercase letters, digits and `_` are allowed");
    }
    Ok(())
}

/// Why a new tile name cannot be added.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TileRegisterError {
    /// The name is not spelled like a tile name.
    #[error("`{}` cannot name a tile: {why}", crate::script::text::shown(.name))]
    BadName {
        /// The name.
        name: String,
        /// What is wrong with it.
        why: String,
    },
    /// Too few ids for added tiles are left.
    #[error(
        "cannot add the tile `{name}`: the engine holds {} tile kinds beyond the {} built-in ones, \
         and {}",
        Tile::CAPACITY - Tile::COUNT,
        Tile::COUNT,
        taken(*room, added)
    )]
    Full {
        /// The name that did not fit.
        name: String,
        /// How many ids were left for the names being added with it.
        room: usize,
        /// The names already added.
        added: Vec<&'static str>,
    },
}

/// What is left of the ids for added tiles, in words.
fn taken(room: usize, added: &[&str]) -> String {
    let added = if added.is_empty() {
        "none".to_string()
    } else {
        added.join(", ")
    };
    match room {
        0 => format!("all are taken ({added})"),
        1 => format!("1 is left for more new tiles than that (taken: {added})"),
        n => format!("{n} are left for more new tiles than that (taken: {added})"),
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Error parsing a tile name.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("`{shown}` is not an order tile (tiles: {list})", shown = crate::script::text::shown(.0), list = Tile::known().map(Tile::name).collect::<Vec<_>>().join(", "))]
pub struct TileParseError(pub String);

impl FromStr for Tile {
    type Err = TileParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        Tile::lookup(s).ok_or_else(|| TileParseError(s.to_string()))
    }
}

impl Serialize for Tile {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Tile {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// A multiset of tiles: how many of each kind (a hand, a stock). Keeps the
/// set of kinds present as a bit mask, so that the menu of legal changes
/// reads it at once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TileSet {
    counts: [u8; Tile::CAPACITY],
    /// Bit `i` is set when `counts[i] > 0`.
    kinds: u32,
}

impl TileSet {
    /// The empty set.
    pub const EMPTY: TileSet = TileSet {
        counts: [0; Tile::CAPACITY],
        kinds: 0,
    };

    /// How many tiles of a kind.
    #[inline]
    pub fn count(&self, t: Tile) -> u8 {
        self.counts[t.index()]
    }

    /// Whether at least one tile of the kind is in the set.
    #[inline]
    pub fn has(&self, t: Tile) -> bool {
        self.kinds & (1 << t.index()) != 0
    }

    /// The most tiles of one kind a set holds.
    pub const MOST_OF_A_KIND: u8 = u8::MAX;

    /// Adds a tile. The engine only moves a player's own tiles between
    /// hand and programs, and [`crate::games::twin_tin_bots::game::Position::validate`]
    /// holds a player's tiles of a kind to [`TileSet::MOST_OF_A_KIND`], so
    /// the count never passes it; tiles read from a file are added with
    /// [`TileSet::try_add`].
    #[inline]
    pub fn add(&mut self, t: Tile) {
        let c = &mut self.counts[t.index()];
        debug_assert!(
            *c < Self::MOST_OF_A_KIND,
            "a hand past {} {t}",
            Self::MOST_OF_A_KIND
        );
        *c = c.saturating_add(1);
        self.kinds |= 1 << t.index();
    }

    /// Adds a tile read from a file or given by a script, refused when the
    /// set already holds [`TileSet::MOST_OF_A_KIND`] of its kind (300 zaps
    /// used to wrap to 44, and 256 to none).
    pub fn try_add(&mut self, t: Tile) -> Result<(), TooManyOfAKind> {
        if self.count(t) == Self::MOST_OF_A_KIND {
            return Err(TooManyOfAKind(t));
        }
        self.add(t);
        Ok(())
    }

    /// Takes a tile out; `false` (and no change) if there is none.
    #[inline]
    pub fn take(&mut self, t: Tile) -> bool {
        let c = &mut self.counts[t.index()];
        if *c == 0 {
            return false;
        }
        *c -= 1;
        if *c == 0 {
            self.kinds &= !(1 << t.index());
        }
        true
    }

    /// Total number of tiles.
    pub fn len(&self) -> usize {
        self.counts.iter().map(|&c| c as usize).sum()
    }

    /// Whether the set holds no tile.
    pub fn is_empty(&self) -> bool {
        self.kinds == 0
    }

    /// The kinds present as a bit set: bit `i` for the tile of index `i`.
    #[inline]
    pub fn kinds_mask(&self) -> u32 {
        self.kinds
    }

    /// The kinds present (each once), in tile order.
    pub fn kinds(&self) -> impl Iterator<Item = Tile> + '_ {
        let mut mask = self.kinds;
        std::iter::from_fn(move || {
            (mask != 0).then(|| {
                let i = mask.trailing_zeros() as usize;
                mask &= mask - 1;
                Tile::from_index(i)
            })
        })
    }

    /// Every tile, repeated by count, in tile order.
    pub fn iter(&self) -> impl Iterator<Item = Tile> + '_ {
        self.kinds()
            .flat_map(move |t| std::iter::repeat_n(t, self.count(t) as usize))
    }
}

impl FromIterator<Tile> for TileSet {
    fn from_iter<I: IntoIterator<Item = Tile>>(iter: I) -> Self {
        let mut s = TileSet::EMPTY;
        for t in iter {
            s.add(t);
        }
        s
    }
}

impl Serialize for TileSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for TileSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let mut set = TileSet::EMPTY;
        for t in Vec::<Tile>::deserialize(d)? {
            set.try_add(t).map_err(serde::de::Error::custom)?;
        }
        Ok(set)
    }
}

/// A tile added to a set that holds [`TileSet::MOST_OF_A_KIND`] of its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("more than {most} `{tile}` tiles: a hand holds at most {most} tiles of a kind", tile = .0, most = TileSet::MOST_OF_A_KIND)]
pub struct TooManyOfAKind(pub Tile);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for t in Tile::ALL {
            assert_eq!(t.name().parse::<Tile>(), Ok(t));
            assert!(t.is_builtin());
        }
        assert!("warp".parse::<Tile>().is_err());
    }

    #[test]
    fn there_are_13_special_tiles() {
        // 000_f177823dad35ee93.txt: Components — "G : 13 Special Order tiles".
        assert_eq!(Tile::specials().count(), 13);
        assert!(!Tile::ZAP.is_special());
        assert!(Tile::LONG_RANGE_ZAP.is_special());
    }

    #[test]
    fn registering_a_name_gives_one_tile_for_good() {
        let t = Tile::register("unit_test_spin").unwrap();
        assert!(!t.is_builtin() && t.is_special() && t.is_placeable());
        assert_eq!(Tile::register("unit_test_spin"), Ok(t));
        assert_eq!(t.name(), "unit_test_spin");
        assert_eq!(t.to_string(), "unit_test_spin");
        assert_eq!("unit_test_spin".parse::<Tile>(), Ok(t));
        assert!(Tile::known().any(|k| k == t));
        // A built-in name is the built-in tile.
        assert_eq!(Tile::register("jump"), Ok(Tile::JUMP));
    }

    #[test]
    fn new_names_are_spelled_like_tile_names() {
        for bad in ["", "Spin", "9lives", "two words", "dash-2", &"x".repeat(33)] {
            assert!(
                matches!(Tile::register(bad), Err(TileRegisterError::BadName { .. })),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn tile_sets_count_and_keep_their_kinds() {
        let mut s: TileSet = [Tile::ZAP, Tile::ZAP, Tile::LOAD].into_iter().collect();
        assert_eq!(s.len(), 3);
        assert_eq!(s.kinds_mask(), (1 << 6) | (1 << 4));
        assert!(s.take(Tile::ZAP));
        assert!(!s.take(Tile::JUMP));
        assert_eq!(s.kinds().collect::<Vec<_>>(), [Tile::LOAD, Tile::ZAP]);
        assert!(s.take(Tile::ZAP));
        assert_eq!(s.kinds_mask(), 1 << 4);
        assert!(!s.has(Tile::ZAP));
        let last = Tile::from_index(Tile::CAPACITY - 1);
        s.add(last);
        assert_eq!(s.iter().collect::<Vec<_>>(), [Tile::LOAD, last]);
        assert!(s.take(Tile::LOAD) && s.take(last) && s.is_empty());
    }
}
