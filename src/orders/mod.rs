//! Order tiles and what each order does, as a list of primitive actions.
//!
//! An order is data: a name and the primitives it is built from
//! ([`Primitive`]), plus passive effects that act while the tile sits in a
//! program ([`Passive`]). The engine runs the primitives one by one; the
//! Lua-defined orders of a later issue are built from the same primitives.

mod primitive;
mod tile;

pub use primitive::{Passive, Primitive, ZapRange};
pub use tile::{Tile, TileParseError, TileSet};

/// What an order tile does when it runs, and while it sits in a program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OrderDef {
    /// The tile.
    pub tile: Tile,
    /// The primitives it runs, in order.
    pub steps: &'static [Primitive],
    /// Effects while the tile is in a robot's program.
    pub passive: Passive,
}

/// The definition of a built-in order tile. `double_modification` is not an
/// order: it runs nothing (it is played from the hand, never placed).
pub fn definition(tile: Tile) -> OrderDef {
    use Primitive::*;
    let none = Passive::NONE;
    let (steps, passive): (&'static [Primitive], Passive) = match tile {
        Tile::FORWARD_1 => (&[Forward], none),
        Tile::FORWARD_2 => (&[Forward, Forward], none),
        Tile::TURN_LEFT => (&[Turn(-1)], none),
        Tile::TURN_RIGHT => (&[Turn(1)], none),
        Tile::LOAD => (&[Load], none),
        Tile::UNLOAD => (&[Unload], none),
        Tile::ZAP => (&[Zap(ZapRange::Short)], none),
        Tile::TURN_LEFT_2 => (&[Turn(-2)], none),
        Tile::TURN_RIGHT_2 => (&[Turn(2)], none),
        Tile::ANTI_ZAP => (&[], Passive::ANTI_ZAP),
        Tile::U_TURN => (&[Turn(3)], none),
        Tile::FORWARD_3 => (&[Forward, Forward, Forward], none),
        Tile::FORWARD_LOAD => (&[Forward, Load], none),
        Tile::FORWARD_ZAP => (&[Forward, Zap(ZapRange::Short)], none),
        Tile::DASH => (&[Forward], Passive::DASH),
        Tile::JUMP => (&[Jump(2)], none),
        Tile::BACK_UP => (&[Back], none),
        Tile::DOUBLE_ZAP => (&[Zap(ZapRange::Short), Zap(ZapRange::Short)], none),
        Tile::ANTI_THEFT => (&[], Passive::ANTI_THEFT),
        Tile::LONG_RANGE_ZAP => (&[Zap(ZapRange::Long)], none),
        _ => (&[], none),
    };
    OrderDef {
        tile,
        steps,
        passive,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_order_tile_but_double_modification_does_something() {
        for t in Tile::ALL {
            let d = definition(t);
            let does = !d.steps.is_empty() || d.passive != Passive::NONE;
            assert_eq!(does, t != Tile::DOUBLE_MODIFICATION, "{t}");
        }
    }

    #[test]
    fn compound_orders_are_in_the_rulebook_sequence() {
        // 000_f177823dad35ee93.txt: Forward then Load — "The sequence cannot be changed".
        assert_eq!(
            definition(Tile::FORWARD_LOAD).steps,
            [Primitive::Forward, Primitive::Load]
        );
        // 000_f177823dad35ee93.txt: Forward then Zap.
        assert_eq!(
            definition(Tile::FORWARD_ZAP).steps,
            [Primitive::Forward, Primitive::Zap(ZapRange::Short)]
        );
        // 000_f177823dad35ee93.txt: Dash — "This is a 'Forward 1x' Order".
        assert_eq!(definition(Tile::DASH).steps, [Primitive::Forward]);
        assert!(definition(Tile::DASH).passive.contains(Passive::DASH));
    }
}
