//! The `orders` API table of order files: one constructor per primitive
//! (`orders.forward()`, `orders.turn(-1)`, `orders.zap("long")`...). Each
//! checks its argument at once, so a mistake is a Lua error at the line that
//! made it, and returns the primitive as an opaque value (userdata) that
//! prints as the call that made it.

use crate::games::twin_tin_bots::orders::{Passive, Primitive, ZapRange};
use crate::script::host::{add_host_meta_method, host_function};
use mlua::{Lua, MetaMethod, Table, UserData, UserDataMethods, Value};

/// A primitive made by a constructor of the `orders` table.
#[derive(Clone, Copy, Debug)]
pub(super) struct Step(pub Primitive);

impl UserData for Step {
    fn add_methods<M: UserDataMethods<Self>>(methods: &mut M) {
        add_host_meta_method(methods, MetaMethod::ToString, |_, step, ()| {
            Ok(format!("orders.{}", step.0))
        });
        add_host_meta_method(methods, MetaMethod::Eq, |_, step, other: Value| {
            Ok(match other {
                Value::UserData(u) => u.borrow::<Step>().is_ok_and(|o| o.0 == step.0),
                _ => false,
            })
        });
    }
}

/// The constructors, by name, with what their argument is.
const PRIMITIVES: [(&str, Arg); 9] = [
    ("forward", Arg::None),
    ("back", Arg::None),
    ("side", Arg::Number),
    ("turn", Arg::Number),
    ("jump", Arg::Number),
    ("load", Arg::None),
    ("unload", Arg::None),
    ("zap", Arg::Range),
    ("pull", Arg::Number),
];

/// What a constructor takes.
#[derive(Clone, Copy)]
enum Arg {
    /// Nothing.
    None,
    /// A whole number.
    Number,
    /// `"short"` (the default), `"long"` or a whole number of hexes.
    Range,
}

/// The names of the primitives, for messages.
pub(super) fn primitive_names() -> String {
    PRIMITIVES.map(|(n, _)| n).join(", ")
}

/// The names of the passive effects, for messages.
pub(super) fn passive_names() -> String {
    Passive::NAMED.map(|(_, n)| n).join(", ")
}

/// Builds the `orders` table: the constructors, and `orders.passives`, the
/// list of passive effect names. Reading any other field is an error.
pub(super) fn table(lua: &Lua) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    for (name, arg) in PRIMITIVES {
        let f = host_function(lua, move |lua, value: Value| {
            let primitive = primitive(lua, name, arg, value)?;
            primitive
                .check()
                .map_err(|e| located(lua, format!("orders.{e}")))?;
            Ok(Step(primitive))
        })?;
        t.raw_set(name, f)?;
    }
    let passives = lua.create_sequence_from(Passive::NAMED.map(|(_, n)| n))?;
    t.raw_set("passives", passives)?;
    let meta = lua.create_table()?;
    meta.raw_set(
        "__index",
        host_function(
            lua,
            |lua, (_, key): (Value, Value)| -> mlua::Result<Value> {
                let key = key.to_string().unwrap_or_else(|_| "?".to_string());
                Err(located(
                    lua,
                    format!(
                        "orders.{key} is not a primitive (primitives: {})",
                        primitive_names()
                    ),
                ))
            },
        )?,
    )?;
    t.set_metatable(Some(meta))?;
    Ok(t)
}

/// The primitive a constructor makes of its argument.
fn primitive(lua: &Lua, name: &str, arg: Arg, value: Value) -> mlua::Result<Primitive> {
    let bad = |expected: &str| {
        located(
            lua,
            format!("orders.{name}: expected {expected}, got {}", shown(&value)),
        )
    };
    let number = |value: &Value| match value {
        Value::Integer(n) => i32::try_from(*n).ok(),
        Value::Number(x) if x.fract() == 0.0 && x.abs() < 1e9 => Some(*x as i32),
        _ => None,
    };
    Ok(match arg {
        Arg::None if !value.is_nil() => {
            return Err(bad(
                "no argument (write the primitive twice to do it twice)",
            ))
        }
        Arg::None => match name {
            "forward" => Primitive::Forward,
            "back" => Primitive::Back,
            "load" => Primitive::Load,
            _ => Primitive::Unload,
        },
        Arg::Number => {
            let n = number(&value).ok_or_else(|| bad("a whole number"))?;
            match name {
                "side" => Primitive::Side(n),
                "turn" => Primitive::Turn(n),
                "jump" => Primitive::Jump(n),
                _ => Primitive::Pull(n),
            }
        }
        Arg::Range => Primitive::Zap(match &value {
            Value::Nil => ZapRange::Short,
            Value::String(s) if s.to_str().is_ok_and(|s| s == "short") => ZapRange::Short,
            Value::String(s) if s.to_str().is_ok_and(|s| s == "long") => ZapRange::Long,
            v => ZapRange::Hexes(
                number(v).ok_or_else(|| bad("\"short\", \"long\" or a whole number of hexes"))?,
            ),
        }),
    })
}

/// A Lua value as a message shows it: `nothing` for nil, else as every
/// message quotes a script's value (strings cut and escaped:
/// [`crate::script::text::quoted_value`]).
pub(super) fn shown(value: &Value) -> String {
    match value {
        Value::Nil => "nothing".to_string(),
        other => crate::script::text::quoted_value(other),
    }
}

/// A runtime error located at the line of the script that called into the
/// API (`path:line: message`), which the sandbox reports as the script's
/// own error at that line.
fn located(lua: &Lua, message: String) -> mlua::Error {
    let at = (1..16).find_map(|level| {
        lua.inspect_stack(level, |d| {
            let source = d.source();
            let script = source.source.as_deref()?.strip_prefix('@')?.to_string();
            let line = d.current_line()?;
            Some(format!("{script}:{line}"))
        })?
    });
    match at {
        Some(at) => mlua::Error::runtime(format!("{at}: {message}")),
        None => mlua::Error::runtime(message),
    }
}
