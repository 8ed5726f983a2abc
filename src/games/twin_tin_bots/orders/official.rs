//! The rulebook's orders: what each built-in tile does, as primitives and
//! passive effects, with a one-line description. [`super::OrderBook::official`]
//! is built from this table; `scripts/twin-tin-bots/orders/official.lua` says the same in
//! Lua.

use super::{Passive, Primitive, Tile, ZapRange};

/// Steps, passive effects and description of a built-in tile.
/// `double_modification` is not an order: it runs nothing (it is played
/// from the hand, never placed).
pub(super) fn definition(tile: Tile) -> (&'static [Primitive], Passive, &'static str) {
    use Primitive::*;
    const SHORT: Primitive = Zap(ZapRange::Short);
    let none = Passive::NONE;
    match tile {
        Tile::FORWARD_1 => (&[Forward], none, "one step forward, pushing one piece"),
        Tile::FORWARD_2 => (
            &[Forward, Forward],
            none,
            "two steps forward, as far as it can",
        ),
        Tile::TURN_LEFT => (&[Turn(-1)], none, "turns one hex side counter-clockwise"),
        Tile::TURN_RIGHT => (&[Turn(1)], none, "turns one hex side clockwise"),
        Tile::LOAD => (
            &[Load],
            none,
            "loads the crystal in front, from the ground or a robot",
        ),
        Tile::UNLOAD => (&[Unload], none, "unloads the carried crystal in front"),
        Tile::ZAP => (
            &[SHORT],
            none,
            "zaps the first robot within two hexes in front",
        ),
        Tile::DOUBLE_MODIFICATION => (
            &[],
            none,
            "played from the hand: two changes in one turn, once a game",
        ),
        Tile::TURN_LEFT_2 => (&[Turn(-2)], none, "turns two hex sides counter-clockwise"),
        Tile::TURN_RIGHT_2 => (&[Turn(2)], none, "turns two hex sides clockwise"),
        Tile::ANTI_ZAP => (
            &[],
            Passive::ANTI_ZAP,
            "while in the program, opponent zaps have no effect",
        ),
        Tile::U_TURN => (&[Turn(3)], none, "turns three hex sides: a U-turn"),
        Tile::FORWARD_3 => (
            &[Forward, Forward, Forward],
            none,
            "three steps forward, as far as it can",
        ),
        Tile::FORWARD_LOAD => (&[Forward, Load], none, "one step forward, then loads"),
        Tile::FORWARD_ZAP => (&[Forward, SHORT], none, "one step forward, then zaps"),
        Tile::DASH => (
            &[Forward],
            Passive::DASH,
            "one step forward; while in the program, steps push whole rows",
        ),
        Tile::JUMP => (&[Jump(2)], none, "jumps two hexes ahead onto an empty hex"),
        Tile::BACK_UP => (&[Back], none, "one step backward, pushing one piece"),
        Tile::DOUBLE_ZAP => (&[SHORT, SHORT], none, "zaps twice in a row"),
        Tile::ANTI_THEFT => (
            &[],
            Passive::ANTI_THEFT,
            "while in the program, opponents cannot load its crystal",
        ),
        Tile::LONG_RANGE_ZAP => (
            &[Zap(ZapRange::Long)],
            none,
            "zaps the first non-empty hex in front, however far",
        ),
        _ => (&[], none, ""),
    }
}
