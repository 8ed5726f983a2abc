//! Whole numbers a script gives the host (a rollout's turns, a mark's
//! value, a count of terrain to scatter): read from any Lua number with a
//! whole value and range-checked into their real type, refused otherwise
//! in the project's words, naming what the number is and the range
//! allowed (never mlua's `error converting Lua number to i64`).

use std::ops::RangeInclusive;

use mlua::{Lua, Value};

use crate::script::located;
use crate::script::text::quoted_value;

/// The whole number `value`, the argument `what` (``"`turns` to `rollout`"``),
/// within `range` and converted to `T`; a float counts when its value is
/// whole (`3.0`).
pub(crate) fn whole_number<T: TryFrom<i64>>(
    lua: &Lua,
    value: &Value,
    what: &str,
    range: RangeInclusive<i64>,
) -> mlua::Result<T> {
    let n = match *value {
        Value::Integer(n) => Some(n),
        // Checked to be whole and within i64 before the conversion.
        Value::Number(x) if x.fract() == 0.0 && x.abs() < 9.0e18 => Some(x as i64),
        _ => None,
    };
    match n
        .filter(|n| range.contains(n))
        .and_then(|n| T::try_from(n).ok())
    {
        Some(n) => Ok(n),
        None => Err(located(
            lua,
            format!(
                "bad argument {what}: expected a whole number from {} to {}, got {}",
                range.start(),
                range.end(),
                quoted_value(value)
            ),
        )),
    }
}

/// [`whole_number`] of an optional argument: `None` for nil.
pub(crate) fn optional_whole_number<T: TryFrom<i64>>(
    lua: &Lua,
    value: &Value,
    what: &str,
    range: RangeInclusive<i64>,
) -> mlua::Result<Option<T>> {
    match value {
        Value::Nil => Ok(None),
        value => whole_number(lua, value, what, range).map(Some),
    }
}
