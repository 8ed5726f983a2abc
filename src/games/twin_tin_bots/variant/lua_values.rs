//! Game things as Lua values for variant hooks: hexes as `{q, r}`, robots
//! and pieces as small tables.

use mlua::{Lua, Table, Value};

use crate::games::twin_tin_bots::game::Game;
use crate::games::twin_tin_bots::pieces::{Piece, RobotId};
use crate::grid::hex::Hex;
use crate::script::located;

/// A hex as `{q, r}`.
pub(super) fn hex_value(lua: &Lua, h: Hex) -> mlua::Result<Table> {
    lua.create_sequence_from([h.q, h.r])
}

/// A hex from `{q, r}`, refusing anything else (and absurd coordinates).
pub(super) fn hex_arg(lua: &Lua, v: &Value) -> mlua::Result<Hex> {
    const FAR: i64 = 1000;
    if let Value::Table(t) = v {
        if t.raw_len() == 2 {
            if let (Ok(Value::Integer(q)), Ok(Value::Integer(r))) =
                (t.raw_get::<Value>(1), t.raw_get::<Value>(2))
            {
                if q.abs() <= FAR && r.abs() <= FAR {
                    return Ok(Hex::new(q as i32, r as i32));
                }
            }
        }
    }
    Err(located(lua, "a hex is a table {q, r} of two whole numbers"))
}

/// A robot: `{id, owner, at, facing, carrying}`.
pub(super) fn robot_table(lua: &Lua, game: &Game, id: RobotId) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    t.set("id", game.robot_name(id))?;
    t.set("owner", game.colours()[id / 2].name())?;
    if let Some(r) = game.robot(id) {
        t.set("at", hex_value(lua, r.at)?)?;
        t.set("facing", r.facing.name())?;
        t.set("carrying", r.carrying.map_or(0, |c| c.value()))?;
    }
    Ok(t)
}

/// What stands on a hex: `{kind = "robot", id, owner}`, `{kind = "crystal",
/// value}`, `{kind = "base", owner}`, or `{kind = <terrain kind>}`.
pub(super) fn piece_table(lua: &Lua, game: &Game, piece: Piece) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    match piece {
        Piece::Robot(id) => {
            t.set("kind", "robot")?;
            t.set("id", game.robot_name(id))?;
            t.set("owner", game.colours()[id / 2].name())?;
        }
        Piece::Crystal(c) => {
            t.set("kind", "crystal")?;
            t.set("value", c.value())?;
        }
        Piece::Base(owner) => {
            t.set("kind", "base")?;
            t.set("owner", game.colours()[owner].name())?;
        }
        Piece::Thing(thing) => t.set("kind", &*thing.kind.as_str())?,
    }
    Ok(t)
}
