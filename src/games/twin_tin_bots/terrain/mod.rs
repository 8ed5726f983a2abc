//! Terrain: the kinds of thing a variant adds to the board, what each kind
//! does, and where terrain stands in a position.
//!
//! A kind lies on one of two layers. A **piece** kind (a rock, a blob)
//! occupies its hex as a robot or a crystal does: nothing else can stand
//! there. A **floor** kind (mud, a teleporter, a conveyor) lies under the
//! pieces. What a kind does is a handful of properties the engine applies
//! natively ([`Props`]); anything more is a variant's hooks
//! ([`crate::games::twin_tin_bots::game::Hooks`]), which the engine calls only for kinds whose
//! variant defines them (flags in [`Props`], so a plain game never asks).

use crate::games::twin_tin_bots::names::Name;
use crate::games::twin_tin_bots::pieces::Colour;
use crate::grid::hex::{Direction, Hex};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Which layer a kind lies on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Layer {
    /// It occupies the hex, as a robot or a crystal does.
    Piece,
    /// It lies under the pieces.
    Floor,
}

/// What a kind of terrain does, as bit flags.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Props(u16);

impl Props {
    /// A moving robot may push it (a piece kind), like a crystal.
    pub const PUSHABLE: Props = Props(1);
    /// A zap stops at it. A piece kind that does not block zaps lets them
    /// pass over it; a floor kind that does stops them on its hex.
    pub const BLOCKS_ZAP: Props = Props(1 << 1);
    /// No piece may enter its hex (a floor kind: a pit, a wall).
    pub const BLOCKS_MOVEMENT: Props = Props(1 << 2);
    /// A teleporter (a floor kind, in pairs of one colour): a piece moving in
    /// leaves from the hex beyond the partner, in the same direction
    /// (DESIGN.md decision 7). Zap, load and unload do not pass through it.
    pub const TELEPORTS: Props = Props(1 << 3);
    /// The variant's `entered` hook runs when a piece enters its hex.
    pub const HOOK_ENTERED: Props = Props(1 << 8);
    /// The variant's `before_step` hook runs before a robot standing on it
    /// steps.
    pub const HOOK_BEFORE_STEP: Props = Props(1 << 9);
    /// The variant's `zapped` hook runs when a zap hits it (a piece kind).
    pub const HOOK_ZAPPED: Props = Props(1 << 10);

    /// No property.
    pub const NONE: Props = Props(0);

    /// Whether every flag of `other` is set.
    #[inline]
    pub const fn contains(self, other: Props) -> bool {
        self.0 & other.0 == other.0
    }

    /// Both sets of flags.
    pub const fn with(self, other: Props) -> Props {
        Props(self.0 | other.0)
    }

    /// These flags, with `flag` set or cleared.
    pub const fn set(self, flag: Props, on: bool) -> Props {
        if on {
            Props(self.0 | flag.0)
        } else {
            Props(self.0 & !flag.0)
        }
    }
}

impl fmt::Debug for Props {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names = [
            (Props::PUSHABLE, "pushable"),
            (Props::BLOCKS_ZAP, "blocks_zap"),
            (Props::BLOCKS_MOVEMENT, "blocks_movement"),
            (Props::TELEPORTS, "teleports"),
            (Props::HOOK_ENTERED, "entered"),
            (Props::HOOK_BEFORE_STEP, "before_step"),
            (Props::HOOK_ZAPPED, "zapped"),
        ];
        let set: Vec<&str> = names
            .iter()
            .filter(|(p, _)| self.contains(*p))
            .map(|(_, n)| *n)
            .collect();
        write!(f, "[{}]", set.join(", "))
    }
}

/// A kind of terrain a variant defines (`[[piece]]` in its manifest).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KindDef {
    /// Its name (`rock`, `mud`, ...).
    pub name: Name,
    /// Its layer.
    pub layer: Layer,
    /// What it does.
    pub props: Props,
    /// The variant that defines it.
    pub variant: String,
    /// One character for text pictures of the board.
    pub symbol: char,
}

/// The kinds of terrain a game knows: those its variants define.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KindTable {
    kinds: Vec<KindDef>,
}

impl KindTable {
    /// No kinds: a game without terrain.
    pub fn none() -> KindTable {
        KindTable::default()
    }

    /// Adds a kind; a second definition of the same name replaces the first.
    pub fn define(&mut self, def: KindDef) {
        match self.kinds.iter_mut().find(|k| k.name == def.name) {
            Some(k) => *k = def,
            None => self.kinds.push(def),
        }
    }

    /// Sets or clears a flag of a kind (hooks are flagged after loading).
    pub fn flag(&mut self, name: Name, flag: Props, on: bool) {
        if let Some(k) = self.kinds.iter_mut().find(|k| k.name == name) {
            k.props = k.props.set(flag, on);
        }
    }

    /// The kind of that name.
    pub fn get(&self, name: Name) -> Option<&KindDef> {
        self.kinds.iter().find(|k| k.name == name)
    }

    /// Every kind, in definition order.
    pub fn iter(&self) -> impl Iterator<Item = &KindDef> {
        self.kinds.iter()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.kinds.is_empty()
    }

    /// The names, joined for messages (`none` when empty).
    pub fn names(&self) -> String {
        if self.kinds.is_empty() {
            return "none".into();
        }
        let names: Vec<std::sync::Arc<str>> = self.kinds.iter().map(|k| k.name.as_str()).collect();
        names.join(", ")
    }
}

/// A piece of terrain on the board (a piece-layer kind): a rock, a blob.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Thing {
    /// Its kind.
    pub kind: Name,
    /// What it does (copied from its kind, so that rules need no lookup).
    pub props: Props,
}

/// Terrain under the pieces of a hex (a floor-layer kind): mud, a
/// teleporter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Floor {
    /// Its kind.
    pub kind: Name,
    /// What it does.
    pub props: Props,
    /// A teleporter pair's colour (or any colour a variant gives it).
    pub colour: Option<Colour>,
    /// A direction, for kinds that have one (a conveyor).
    pub facing: Option<Direction>,
    /// A teleporter's partner.
    pub partner: Option<Hex>,
}

/// Terrain as a position lists it: a kind at a hex, with a colour
/// (teleporters) or a direction (conveyors) when the kind has one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Terrain {
    /// The kind's name.
    pub kind: Name,
    /// Where it stands.
    pub at: Hex,
    /// Its colour: a teleporter's pair.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<Colour>,
    /// Its direction, for kinds that have one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facing: Option<Direction>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn props_combine_and_clear() {
        let p = Props::PUSHABLE.with(Props::BLOCKS_ZAP);
        assert!(p.contains(Props::PUSHABLE) && p.contains(Props::BLOCKS_ZAP));
        assert!(!p.contains(Props::TELEPORTS));
        let q = p.set(Props::PUSHABLE, false);
        assert!(!q.contains(Props::PUSHABLE));
        assert_eq!(format!("{q:?}"), "[blocks_zap]");
    }
}
