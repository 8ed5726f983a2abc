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
//!
//! A [`LazyList`] is the same for a list (a decision's answers, which may
//! be hundreds of texts): `#list` is its length without building an item,
//! `list[i]` builds item `i`, `ipairs` and `pairs` see every item; like a
//! table's fields, its length and the items not built yet are read only in
//! the decision it was given for.

use std::cell::Cell;
use std::rc::Rc;

use mlua::{Function, Lua, LuaString, Table, Value};

use super::{host_function, located};

/// Which table of a kind answers: the one given for the decision being
/// asked (by its address; none between decisions).
#[derive(Clone)]
struct Current {
    /// The address of the table that answers (0: none).
    at: Rc<Cell<usize>>,
    /// The tables' name in errors (`view`, `answers list`).
    what: Rc<str>,
}

impl Current {
    /// No table of those named `what` answers yet.
    fn new(what: &str) -> Current {
        Current {
            at: Rc::new(Cell::new(0)),
            what: what.into(),
        }
    }

    /// `table` answers from now on.
    fn make(&self, table: &Table) {
        self.at.set(table.to_pointer() as usize);
    }

    /// No table answers until the next [`Current::make`].
    fn retire(&self) {
        self.at.set(0);
    }

    /// Refuses, at the script's line, a `table` that is not the one
    /// answering.
    fn check(&self, lua: &Lua, table: &Table) -> mlua::Result<()> {
        if table.to_pointer() as usize == self.at.get() {
            return Ok(());
        }
        Err(located(
            lua,
            format!(
                "this {} is stale: it was given for an earlier decision, and is only read during the choose it was given to",
                self.what
            ),
        ))
    }
}

/// The tables of one kind (a game's `view`, or its `decision`) a bot is
/// given, one for each decision, filled on demand.
pub struct LazyTables {
    /// The metatable every table of this kind shares.
    metatable: Table,
    /// The table of the decision being asked.
    current: Current,
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
        let current = Current::new(kind);
        let answering = current.clone();
        // The keys as Lua strings, made once: a field is stored under them.
        let names = keys
            .iter()
            .map(|key| lua.create_string(key))
            .collect::<mlua::Result<Vec<LuaString>>>()?;
        let field = Rc::new(move |lua: &Lua, table: &Table, at: usize| {
            answering.check(lua, table)?;
            let value = build(lua, keys[at])?;
            table.raw_set(&names[at], &value)?;
            Ok(value)
        });
        let read = field.clone();
        let index = host_function(lua, move |lua, (table, key): (Table, Value)| {
            let Value::String(key) = key else {
                return Ok(Value::Nil);
            };
            let key = key.as_bytes();
            match keys.iter().position(|k| k.as_bytes() == &*key) {
                Some(at) => read(lua, &table, at),
                None => Ok(Value::Nil),
            }
        })?;
        let next: Function = lua.globals().get("next")?;
        let pairs = host_function(lua, move |lua, table: Table| {
            for (at, key) in keys.iter().enumerate() {
                if table.raw_get::<Value>(*key)?.is_nil() {
                    field(lua, &table, at)?;
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
        self.current.make(&table);
        Ok(table)
    }
}

/// Lists of one kind (a decision's `answers`), one for each decision,
/// whose items are built when first read. A clone makes and answers the
/// same lists.
#[derive(Clone)]
pub struct LazyList {
    /// The metatable every list of this kind shares.
    metatable: Table,
    /// The list of the decision being asked.
    current: Current,
    /// Its length.
    length: Rc<Cell<usize>>,
}

impl LazyList {
    /// Lists named `kind` in errors (`"answers"`); `item(lua, i)` builds
    /// item `i` (from 0, below the length given to [`LazyList::fresh`]) of
    /// the list of the decision being asked (it reads the game lent for
    /// it).
    pub fn new(
        lua: &Lua,
        kind: &'static str,
        item: impl Fn(&Lua, usize) -> mlua::Result<Value> + 'static,
    ) -> mlua::Result<LazyList> {
        let current = Current::new(&format!("{kind} list"));
        let length = Rc::new(Cell::new(0usize));
        let build = {
            let (current, length) = (current.clone(), length.clone());
            Rc::new(move |lua: &Lua, list: &Table, i: i64| {
                current.check(lua, list)?;
                match usize::try_from(i - 1).ok().filter(|&at| at < length.get()) {
                    Some(at) => {
                        let value = item(lua, at)?;
                        list.raw_set(i, &value)?;
                        Ok(value)
                    }
                    None => Ok(Value::Nil),
                }
            })
        };
        let read = build.clone();
        let index = host_function(lua, move |lua, (list, key): (Table, Value)| match key {
            Value::Integer(i) => read(lua, &list, i),
            Value::Number(n) if n.fract() == 0.0 && n.abs() < 1e15 => read(lua, &list, n as i64),
            _ => Ok(Value::Nil),
        })?;
        let len = {
            let (current, length) = (current.clone(), length.clone());
            host_function(lua, move |lua, list: Table| {
                current.check(lua, &list)?;
                Ok(length.get())
            })?
        };
        let next: Function = lua.globals().get("next")?;
        let pairs = {
            let (current, length) = (current.clone(), length.clone());
            host_function(lua, move |lua, list: Table| {
                current.check(lua, &list)?;
                for i in 1..=length.get() as i64 {
                    if list.raw_get::<Value>(i)?.is_nil() {
                        build(lua, &list, i)?;
                    }
                }
                Ok((next.clone(), list, Value::Nil))
            })?
        };
        let metatable = lua.create_table()?;
        metatable.raw_set("__index", index)?;
        metatable.raw_set("__len", len)?;
        metatable.raw_set("__pairs", pairs)?;
        metatable.raw_set("__metatable", kind)?;
        Ok(LazyList {
            metatable,
            current,
            length,
        })
    }

    /// A new, empty list of `length` items of this kind, for the decision
    /// asked now: it is the one that answers until the next is made or
    /// [`LazyList::retire`].
    pub fn fresh(&self, lua: &Lua, length: usize) -> mlua::Result<Table> {
        let list = lua.create_table()?;
        list.set_metatable(Some(self.metatable.clone()))?;
        self.current.make(&list);
        self.length.set(length);
        Ok(list)
    }

    /// No list answers any more (a new decision is asked, whose list is
    /// not made yet): a list kept from before is stale.
    pub fn retire(&self) {
        self.current.retire();
    }
}
