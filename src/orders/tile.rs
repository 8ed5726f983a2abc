//! Order tile identities, their names, and multisets of tiles (a hand).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// An order tile kind. The eight standard kinds come first, then the 13
/// special tiles.
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

    /// Number of tile kinds.
    pub const COUNT: usize = NAMES.len();

    /// Every tile kind, standard ones first.
    pub const ALL: [Tile; Tile::COUNT] = {
        let mut all = [Tile(0); Tile::COUNT];
        let mut i = 0;
        while i < Tile::COUNT {
            all[i] = Tile(i as u8);
            i += 1;
        }
        all
    };

    /// The 13 special tiles.
    pub fn specials() -> impl Iterator<Item = Tile> {
        Tile::ALL.into_iter().filter(|t| t.is_special())
    }

    /// Index into per-kind tables.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The tile's name in files and commands.
    pub const fn name(self) -> &'static str {
        NAMES[self.0 as usize]
    }

    /// Whether it is one of the 13 special tiles (grey face, blue back).
    pub const fn is_special(self) -> bool {
        self.0 >= Tile::TURN_LEFT_2.0
    }

    /// The tile of an index (`0..Tile::COUNT`).
    pub const fn from_index(i: usize) -> Tile {
        assert!(i < Tile::COUNT);
        Tile(i as u8)
    }

    /// Whether it can be placed in a program (every tile but Double
    /// Modification, which is played from the hand).
    pub const fn is_placeable(self) -> bool {
        self.0 != Tile::DOUBLE_MODIFICATION.0
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Error parsing a tile name.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("`{0}` is not an order tile (tiles: {list})", list = NAMES.join(", "))]
pub struct TileParseError(pub String);

impl FromStr for Tile {
    type Err = TileParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        NAMES
            .iter()
            .position(|n| n.eq_ignore_ascii_case(s))
            .map(|i| Tile(i as u8))
            .ok_or_else(|| TileParseError(s.to_string()))
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

/// A multiset of tiles: how many of each kind (a hand, a stock).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TileSet([u8; Tile::COUNT]);

impl TileSet {
    /// The empty set.
    pub const EMPTY: TileSet = TileSet([0; Tile::COUNT]);

    /// How many tiles of a kind.
    #[inline]
    pub fn count(&self, t: Tile) -> u8 {
        self.0[t.index()]
    }

    /// Whether at least one tile of the kind is in the set.
    #[inline]
    pub fn has(&self, t: Tile) -> bool {
        self.count(t) > 0
    }

    /// Adds a tile.
    #[inline]
    pub fn add(&mut self, t: Tile) {
        self.0[t.index()] += 1;
    }

    /// Takes a tile out; `false` (and no change) if there is none.
    #[inline]
    pub fn take(&mut self, t: Tile) -> bool {
        let c = &mut self.0[t.index()];
        if *c == 0 {
            return false;
        }
        *c -= 1;
        true
    }

    /// Total number of tiles.
    pub fn len(&self) -> usize {
        self.0.iter().map(|&c| c as usize).sum()
    }

    /// Whether the set holds no tile.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&c| c == 0)
    }

    /// The kinds present as a bit set: bit `i` for the tile of index `i`.
    #[inline]
    pub fn kinds_mask(&self) -> u32 {
        self.0
            .iter()
            .enumerate()
            .fold(0, |mask, (i, &c)| mask | (u32::from(c > 0) << i))
    }

    /// The kinds present (each once), in tile order.
    pub fn kinds(&self) -> impl Iterator<Item = Tile> + '_ {
        Tile::ALL.into_iter().filter(|t| self.has(*t))
    }

    /// Every tile, repeated by count, in tile order.
    pub fn iter(&self) -> impl Iterator<Item = Tile> + '_ {
        Tile::ALL
            .into_iter()
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
        Ok(Vec::<Tile>::deserialize(d)?.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for t in Tile::ALL {
            assert_eq!(t.name().parse::<Tile>(), Ok(t));
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
    fn tile_sets_count() {
        let mut s: TileSet = [Tile::ZAP, Tile::ZAP, Tile::LOAD].into_iter().collect();
        assert_eq!(s.len(), 3);
        assert!(s.take(Tile::ZAP));
        assert!(!s.take(Tile::JUMP));
        assert_eq!(s.kinds().collect::<Vec<_>>(), [Tile::LOAD, Tile::ZAP]);
    }
}
