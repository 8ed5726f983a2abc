//! From what an order file returns to order specifications: the list of
//! orders, each a table `{ name, description, steps, passives }`. Every
//! mistake is a [`Problem`] naming the place (`order 2 ("magnet"):
//! steps[1]`). Tables are read raw, so no script code runs here.

use super::api::{passive_names, shown, Step};
use super::OrderSpec;
use crate::games::twin_tin_bots::orders::Passive;
use mlua::{Table, Value};

/// A mistake in the returned data: where, and what is wrong.
#[derive(Debug)]
pub(super) struct Problem {
    /// Such as `order 2 ("magnet"): steps[1]`; empty for the whole value.
    pub place: String,
    /// What is wrong.
    pub reason: String,
}

fn problem(place: impl Into<String>, reason: impl Into<String>) -> Problem {
    Problem {
        place: place.into(),
        reason: reason.into(),
    }
}

/// The fields an order table may have.
const FIELDS: &str = "name, description, steps, passives";

/// The orders of the list an order file returned.
pub(super) fn specs(value: &Value) -> Result<Vec<OrderSpec>, Problem> {
    const SHAPE: &str = "return { { name = \"...\", description = \"...\", steps = { orders.forward(), ... } }, ... }";
    let Value::Table(list) = value else {
        return Err(problem(
            "",
            format!(
                "the file must return a list of orders, such as {SHAPE}; it returned {}",
                shown(value)
            ),
        ));
    };
    if !matches!(list.raw_get::<Value>("name"), Ok(Value::Nil)) {
        return Err(problem(
            "",
            format!("the file returned one order, not a list of orders: wrap it, {SHAPE}"),
        ));
    }
    let items = sequence(list).map_err(|key| {
        problem(
            "",
            format!("the list of orders has the key {key}: it must be a list, {SHAPE}"),
        )
    })?;
    if items.is_empty() {
        return Err(problem("", "the list of orders is empty"));
    }
    items
        .iter()
        .enumerate()
        .map(|(i, v)| spec(i + 1, v))
        .collect()
}

/// The items of a list (keys 1..n), or the first other key, as shown.
fn sequence(t: &Table) -> Result<Vec<Value>, String> {
    let n = t.raw_len();
    for pair in t.pairs::<Value, Value>() {
        let (k, _) = pair.map_err(|e| e.to_string())?;
        let in_range = match k {
            Value::Integer(i) => i >= 1 && (i as usize) <= n,
            _ => false,
        };
        if !in_range {
            return Err(shown(&k));
        }
    }
    (1..=n)
        .map(|i| t.raw_get::<Value>(i).map_err(|e| e.to_string()))
        .collect()
}

/// One order table.
fn spec(index: usize, value: &Value) -> Result<OrderSpec, Problem> {
    let mut place = format!("order {index}");
    let Value::Table(t) = value else {
        return Err(problem(
            place,
            format!(
                "expected a table {{ name = ..., steps = ... }}, got {}",
                shown(value)
            ),
        ));
    };
    let name = match t.raw_get::<Value>("name") {
        Ok(Value::String(s)) => s.to_string_lossy(),
        Ok(v) => {
            return Err(problem(
                format!("{place}: name"),
                format!("expected the tile's name as a string, got {}", shown(&v)),
            ))
        }
        Err(e) => return Err(problem(place, e.to_string())),
    };
    place = format!("{place} (\"{name}\")");
    for pair in t.pairs::<Value, Value>() {
        let (k, _) = pair.map_err(|e| problem(place.clone(), e.to_string()))?;
        let known = matches!(&k, Value::String(s) if FIELDS.split(", ").any(|f| s.to_str().is_ok_and(|s| s == f)));
        if !known {
            return Err(problem(
                place,
                format!("unknown field {} (fields: {FIELDS})", shown(&k)),
            ));
        }
    }
    let description = match t.raw_get::<Value>("description") {
        Ok(Value::Nil) => String::new(),
        Ok(Value::String(s)) => s.to_string_lossy(),
        Ok(v) => {
            return Err(problem(
                format!("{place}: description"),
                format!("expected a string, got {}", shown(&v)),
            ))
        }
        Err(e) => return Err(problem(place, e.to_string())),
    };
    let steps = list_field(t, "steps", &place)?
        .iter()
        .enumerate()
        .map(|(i, v)| {
            step(v).map_err(|reason| problem(format!("{place}: steps[{}]", i + 1), reason))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut passive = Passive::NONE;
    for (i, v) in list_field(t, "passives", &place)?.iter().enumerate() {
        let at = || format!("{place}: passives[{}]", i + 1);
        let found = match v {
            Value::String(s) => Passive::from_name(&s.to_string_lossy()),
            _ => None,
        };
        let p = found.ok_or_else(|| {
            problem(
                at(),
                format!(
                    "{} is not a passive effect (passives: {})",
                    shown(v),
                    passive_names()
                ),
            )
        })?;
        passive = passive.union(p);
    }
    Ok(OrderSpec {
        name,
        steps,
        passive,
        description,
    })
}

/// A field that holds a list (absent: empty).
fn list_field(t: &Table, field: &str, place: &str) -> Result<Vec<Value>, Problem> {
    let at = || format!("{place}: {field}");
    match t.raw_get::<Value>(field) {
        Ok(Value::Nil) => Ok(vec![]),
        Ok(Value::Table(list)) => sequence(&list)
            .map_err(|key| problem(at(), format!("expected a list, but it has the key {key}"))),
        Ok(v) => Err(problem(at(), format!("expected a list, got {}", shown(&v)))),
        Err(e) => Err(problem(at(), e.to_string())),
    }
}

/// One step: a value made by a constructor of the `orders` table.
fn step(value: &Value) -> Result<crate::games::twin_tin_bots::orders::Primitive, String> {
    if let Value::UserData(u) = value {
        if let Ok(step) = u.borrow::<Step>() {
            return Ok(step.0);
        }
    }
    let hint = match value {
        Value::Function(_) => {
            " (a constructor not called? write orders.forward(), with the parentheses)"
        }
        Value::String(_) => " (write orders.forward(), not \"forward\")",
        _ => "",
    };
    Err(format!(
        "expected a primitive made by the orders table, such as orders.forward(), got {}{hint}",
        shown(value)
    ))
}
