//! Order definitions and the book of them a game plays with.

use super::{official, Passive, Primitive, Tile};
use std::sync::{Arc, OnceLock};

/// The most primitives one order may run.
pub const MAX_STEPS: usize = 8;

/// What an order tile does when it runs, and while it sits in a program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderDef {
    /// The tile.
    pub tile: Tile,
    /// The primitives it runs, in order.
    pub steps: Vec<Primitive>,
    /// Effects while the tile is in a robot's program.
    pub passive: Passive,
    /// What it does, in one line.
    pub description: String,
}

impl OrderDef {
    /// The tile's name.
    pub fn name(&self) -> &'static str {
        self.tile.name()
    }

    /// Whether both play the same (steps and passive effects; the
    /// description does not count).
    pub fn same_rules(&self, other: &OrderDef) -> bool {
        self.steps == other.steps && self.passive == other.passive
    }

    /// Checks the rules of an order, whatever its tile: it does something
    /// (steps or passive effects), has at most [`MAX_STEPS`] steps, and each
    /// primitive's argument is in range ([`Primitive::check`]).
    pub fn check_rules(steps: &[Primitive], passive: Passive) -> Result<(), OrderDefError> {
        if steps.is_empty() && passive == Passive::NONE {
            return Err(OrderDefError::DoesNothing);
        }
        if steps.len() > MAX_STEPS {
            return Err(OrderDefError::TooManySteps(steps.len()));
        }
        for (i, step) in steps.iter().enumerate() {
            step.check().map_err(|reason| OrderDefError::BadStep {
                index: i + 1,
                reason,
            })?;
        }
        Ok(())
    }

    /// The rules in order-file words: `forward(), load(); passive: dash`.
    pub fn rules_text(&self) -> String {
        let steps: Vec<String> = self.steps.iter().map(|p| p.to_string()).collect();
        let passives: Vec<&str> = self.passive.names().collect();
        match (steps.is_empty(), passives.is_empty()) {
            (_, true) => steps.join(", "),
            (true, false) => format!("passive: {}", passives.join(", ")),
            (false, false) => format!("{}; passive: {}", steps.join(", "), passives.join(", ")),
        }
    }
}

/// Why a definition cannot go into an [`OrderBook`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OrderDefError {
    /// Double Modification is played from the hand, never run.
    #[error(
        "double_modification is not an order (it is played from the hand) and cannot be defined"
    )]
    DoubleModification,
    /// No step and no passive effect.
    #[error("the order does nothing: give it steps, passives, or both")]
    DoesNothing,
    /// More steps than [`MAX_STEPS`].
    #[error("{0} steps is too many: an order has at most {MAX_STEPS}")]
    TooManySteps(usize),
    /// A primitive with an argument out of range.
    #[error("step {index}: {reason}")]
    BadStep {
        /// 1-based index of the step.
        index: usize,
        /// What is wrong.
        reason: String,
    },
}

/// A tile's steps, as the engine reads them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Run {
    /// How many of `steps` the order has.
    len: u8,
    /// Its steps, then padding.
    steps: [Primitive; MAX_STEPS],
}

impl Run {
    /// No step (a tile the book does not define).
    const NONE: Run = Run {
        len: 0,
        steps: [Primitive::Forward; MAX_STEPS],
    };

    /// The run of checked steps (at most [`MAX_STEPS`]).
    fn of(steps: &[Primitive]) -> Run {
        let mut run = Run {
            len: steps.len() as u8,
            ..Run::NONE
        };
        run.steps[..steps.len()].copy_from_slice(steps);
        run
    }
}

/// What every tile of a game does: the official definitions, possibly with
/// some redefined and new tiles added (by order files). Shared by `Arc`: a
/// game carries one and clones share it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderBook {
    /// By tile index; `None` for a tile this book does not define.
    defs: Vec<Option<OrderDef>>,
    /// Each tile's steps, by tile index, inline: no pointer to follow from
    /// the book to a tile's steps.
    run: [Run; Tile::CAPACITY],
    /// Each tile's passive effects, by tile index, together in one cache
    /// line (read at every step and zap).
    passives: [Passive; Tile::CAPACITY],
    /// The tiles added to the built-in ones, in the order they were defined.
    added: Vec<Tile>,
}

impl OrderBook {
    /// The rulebook's orders, every built-in tile and nothing else.
    pub fn official() -> Arc<OrderBook> {
        static OFFICIAL: OnceLock<Arc<OrderBook>> = OnceLock::new();
        OFFICIAL
            .get_or_init(|| {
                let mut book = OrderBook {
                    defs: vec![None; Tile::CAPACITY],
                    run: [Run::NONE; Tile::CAPACITY],
                    passives: [Passive::NONE; Tile::CAPACITY],
                    added: vec![],
                };
                for tile in Tile::ALL {
                    let (steps, passive, description) = official::definition(tile);
                    book.put(OrderDef {
                        tile,
                        steps: steps.to_vec(),
                        passive,
                        description: description.to_string(),
                    });
                }
                Arc::new(book)
            })
            .clone()
    }

    /// Puts a definition in, replacing the tile's old one.
    fn put(&mut self, def: OrderDef) {
        let i = def.tile.index();
        self.run[i] = Run::of(&def.steps);
        self.passives[i] = def.passive;
        self.defs[i] = Some(def);
    }

    /// Defines a tile: a built-in one is redefined, a new one added (and so
    /// belongs in the special deck, see [`OrderBook::added`]). Refused for
    /// Double Modification, an order that does nothing, too many steps or
    /// a primitive out of range.
    pub fn define(&mut self, def: OrderDef) -> Result<(), OrderDefError> {
        if def.tile == Tile::DOUBLE_MODIFICATION {
            return Err(OrderDefError::DoubleModification);
        }
        OrderDef::check_rules(&def.steps, def.passive)?;
        if !def.tile.is_builtin() && !self.added.contains(&def.tile) {
            self.added.push(def.tile);
        }
        self.put(def);
        Ok(())
    }

    /// The definition of a tile, if this book has one.
    pub fn get(&self, tile: Tile) -> Option<&OrderDef> {
        self.defs[tile.index()].as_ref()
    }

    /// Whether this book defines the tile.
    pub fn defines(&self, tile: Tile) -> bool {
        self.get(tile).is_some()
    }

    /// The primitives a tile runs (none for a tile the book does not define).
    #[inline]
    pub fn steps(&self, tile: Tile) -> &[Primitive] {
        let run = &self.run[tile.index()];
        &run.steps[..usize::from(run.len)]
    }

    /// A tile's passive effects.
    #[inline]
    pub fn passive(&self, tile: Tile) -> Passive {
        self.passives[tile.index()]
    }

    /// The passive effects of the tiles in a program.
    #[inline]
    pub fn program_passive(&self, program: &[Option<Tile>]) -> Passive {
        program
            .iter()
            .flatten()
            .fold(Passive::NONE, |acc, t| acc.union(self.passive(*t)))
    }

    /// Every definition, in tile order.
    pub fn orders(&self) -> impl Iterator<Item = &OrderDef> {
        self.defs.iter().flatten()
    }

    /// The tiles this book adds to the built-in ones, in the order they were
    /// defined: new special tiles, for the special deck.
    pub fn added(&self) -> &[Tile] {
        &self.added
    }

    /// Every order, one line each: the tile, its kind (`standard`,
    /// `special`, or `new` for a tile added by an order file), its rules in
    /// order-file words and its description.
    pub fn listing(&self) -> String {
        let mut out = String::new();
        for d in self.orders() {
            let kind = match d.tile {
                t if !t.is_builtin() => "new",
                t if t.is_special() => "special",
                _ => "standard",
            };
            // An order file's description is its author's text: escaped
            // for the terminal, where the listing goes.
            let line = format!(
                "{:<20} {kind:<8}  {:<36}  {}",
                d.name(),
                d.rules_text(),
                crate::escape::terminal(&d.description)
            );
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }

    /// The tiles whose rules differ between the two books (or that only one
    /// defines), each as `tile: <rules here> / <rules there>`.
    pub fn differences(&self, other: &OrderBook) -> Vec<String> {
        let text = |d: Option<&OrderDef>| d.map_or("undefined".to_string(), OrderDef::rules_text);
        (0..Tile::CAPACITY)
            .map(Tile::from_index)
            .filter(|&t| match (self.get(t), other.get(t)) {
                (Some(a), Some(b)) => !a.same_rules(b),
                (a, b) => a.is_some() != b.is_some(),
            })
            .map(|t| format!("{t}: {} / {}", text(self.get(t)), text(other.get(t))))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::twin_tin_bots::orders::ZapRange;

    #[test]
    fn the_official_book_defines_the_21_built_in_tiles() {
        let book = OrderBook::official();
        assert_eq!(book.orders().count(), Tile::COUNT);
        assert!(book.added().is_empty());
        for t in Tile::ALL {
            let d = book.get(t).expect("every built-in tile");
            let does = !d.steps.is_empty() || d.passive != Passive::NONE;
            assert_eq!(does, t != Tile::DOUBLE_MODIFICATION, "{t}");
            assert!(!d.description.is_empty(), "{t}");
        }
        assert!(book.differences(&book).is_empty());
        let listing = book.listing();
        assert_eq!(listing.lines().count(), Tile::COUNT);
        assert!(listing.starts_with(
            "forward_1            standard  forward()                             one step forward"
        ));
        assert!(listing.contains(
            "\ndash                 special   forward(); passive: dash              one step forward;"
        ));
    }

    #[test]
    fn compound_orders_are_in_the_rulebook_sequence() {
        let book = OrderBook::official();
        // 000_f177823dad35ee93.txt: Forward then Load — "The sequence cannot be changed".
        assert_eq!(
            book.steps(Tile::FORWARD_LOAD),
            [Primitive::Forward, Primitive::Load]
        );
        // 000_f177823dad35ee93.txt: Forward then Zap.
        assert_eq!(
            book.steps(Tile::FORWARD_ZAP),
            [Primitive::Forward, Primitive::Zap(ZapRange::Short)]
        );
        // 000_f177823dad35ee93.txt: Dash — "This is a 'Forward 1x' Order".
        assert_eq!(book.steps(Tile::DASH), [Primitive::Forward]);
        assert!(book.passive(Tile::DASH).contains(Passive::DASH));
        // 000_f177823dad35ee93.txt: Anti-Zap — "It has no other effect".
        assert!(book.steps(Tile::ANTI_ZAP).is_empty());
    }

    #[test]
    fn a_book_redefines_and_adds_tiles() {
        let mut book = (*OrderBook::official()).clone();
        let spin = Tile::register("unit_test_spin").unwrap();
        let def = |tile, steps: Vec<Primitive>, passive| OrderDef {
            tile,
            steps,
            passive,
            description: String::new(),
        };
        book.define(def(
            spin,
            vec![Primitive::Turn(3), Primitive::Turn(3)],
            Passive::NONE,
        ))
        .unwrap();
        book.define(def(Tile::LOAD, vec![Primitive::Pull(3)], Passive::DASH))
            .unwrap();
        assert_eq!(book.added(), [spin]);
        assert_eq!(book.passive(Tile::LOAD), Passive::DASH);
        assert_eq!(
            book.program_passive(&[Some(Tile::LOAD), None, Some(Tile::ANTI_ZAP)]),
            Passive::DASH.union(Passive::ANTI_ZAP)
        );
        let diff = book.differences(&OrderBook::official());
        assert_eq!(
            diff,
            [
                "load: pull(3); passive: dash / load()".to_string(),
                "unit_test_spin: turn(3), turn(3) / undefined".to_string()
            ]
        );
    }

    #[test]
    fn a_book_refuses_what_is_not_an_order() {
        let mut book = (*OrderBook::official()).clone();
        let def = |tile, steps: Vec<Primitive>| OrderDef {
            tile,
            steps,
            passive: Passive::NONE,
            description: String::new(),
        };
        assert_eq!(
            book.define(def(Tile::DOUBLE_MODIFICATION, vec![Primitive::Load])),
            Err(OrderDefError::DoubleModification)
        );
        assert_eq!(
            book.define(def(Tile::LOAD, vec![])),
            Err(OrderDefError::DoesNothing)
        );
        assert_eq!(
            book.define(def(Tile::LOAD, vec![Primitive::Load; 9])),
            Err(OrderDefError::TooManySteps(9))
        );
        let bad = book.define(def(Tile::LOAD, vec![Primitive::Load, Primitive::Turn(0)]));
        assert!(
            matches!(&bad, Err(OrderDefError::BadStep { index: 2, reason }) if reason.contains("turn(0)")),
            "{bad:?}"
        );
        assert!(Primitive::Pull(1).check().is_err());
        assert!(Primitive::Zap(ZapRange::Hexes(0)).check().is_err());
        assert!(Primitive::Jump(11).check().is_err());
        assert!(Primitive::Side(-5).check().is_ok());
        assert_eq!(
            book,
            *OrderBook::official(),
            "refused definitions change nothing"
        );
    }
}
