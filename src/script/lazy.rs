//! Tables whose fields are built when a script first reads them: the
//! `view` and `decision` a game gives its Lua bots for each decision, so
//! that a bot pays only for what it reads (`random.lua` reads
//! `#decision.answers` and nothing of the view).
//!
//! A [`LazyTables`] is made once per bot with the names of the fields and
//! a function that builds one field from the game being decided. For every
//! decision, [`LazyTables::fresh`] gives a new, empty table whose shared
//! metatable builds a field on its first read and keeps it in the table
//! (raw), so a second read costs what a plain table's does; `pairs` builds
//! every field first, so it sees them all. Only the table of the decision
//! being asked answers: a script that kept one in a global and reads a
//! field not built yet in a later decision gets an error at its line
//! saying the table is stale, never another decision's data. Scripts
//! cannot reach or change the shared metatable (`getmetatable` gives the
//! table's kind, `setmetatable` on it fails), so nothing a script does to
//! one decision's table reaches the next one's.

use std::cell::Cell;
use std::rc::Rc;

use mlua::{Function, Lua, Table, Value};

use super::{host_function, located};

/// The tables of one kind (a game's `view`, or its `decision`) a bot is
/// given, one for each decision, filled on demand.
pub struct LazyTables {
    /// The metatable every table of this kind shares.
    metatable: Table,
    /// The address of the table of the decision being asked.
    current: Rc<Cell<usize>>,
}

impl LazyTables {
    /// Tables named `kind` in errors (`"view"`), with the fields `keys`;
    /// `build(lua, key)` builds the field `key` (one of `keys`) of the
    /// table of the decision being asked (it reads the game lent for it;
    /// `nil` leaves the field out).
    pub fn new(
        lua: &Lua,
        kind: &'static str,
        keys: &'static [&'static str],
        build: impl Fn(&Lua, &str) -> mlua::Result<Value> + 'static,
    ) -> mlua::Result<LazyTables> {
        let current = Rc::new(Cell::new(0usize));
        let answered = current.clone();
        let field = Rc::new(move |lua: &Lua, table: &Table, key: &str| {
            if table.to_pointer() as usize != answered.get() {
                return Err(located(
                    lua,
                    format!(
                        "this {kind} is stale: it was given for an earlier decision, and is only read during the choose it was given to"
                    ),
                ));
            }
            let value = build(lua, key)?;
            table.raw_set(key, &value)?;
            Ok(value)
        });
        let read = field.clone();
        let index = host_function(lua, move |lua, (table, key): (Table, Value)| {
            let Value::String(key) = key else {
                return Ok(Value::Nil);
            };
            let key = key.to_string_lossy();
            match keys.iter().find(|k| **k == key) {
                Some(key) => read(lua, &table, key),
                None => Ok(Value::Nil),
            }
        })?;
        let next: Function = lua.globals().get("next")?;
        let pairs = host_function(lua, move |lua, table: Table| {
            for key in keys {
                if table.raw_get::<Value>(*key)?.is_nil() {
                    field(lua, &table, key)?;
                }
            }
            Ok((next.clone(), table, Value::Nil))
        })?;
        let metatable = lua.create_table()?;
        metatable.raw_set("__index", index)?;
        metatable.raw_set("__pairs", pairs)?;
        metatable.raw_set("__metatable", kind)?;
        Ok(LazyTables { metatable, current })
    }

    /// A new, empty table of this kind, for the decision asked now: it is
    /// the one that answers from now on.
    pub fn fresh(&self, lua: &Lua) -> mlua::Result<Table> {
        let table = lua.create_table()?;
        table.set_metatable(Some(self.metatable.clone()))?;
        self.current.set(table.to_pointer() as usize);
        Ok(table)
    }
}
