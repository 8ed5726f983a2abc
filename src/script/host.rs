//! The one meter on host functions (DESIGN.md principle 9): every Rust
//! function a script can call is made by [`host_function`] (a function or
//! a table's method) or [`add_host_method`], [`add_host_method_mut`],
//! [`add_host_meta_method`] and [`add_host_field`] (a userdata's method,
//! metamethod or field), which charge the running call's instruction budget
//! for the call itself and for every byte of string it is given or gives
//! back, before and after the work. A function whose work grows with its
//! arguments (squares walked, games simulated, effects asked for) charges
//! that work too, with [`charge`]; what it keeps for the script outside
//! Lua (a game's counters, its marks) is held to the script memory limit
//! with [`store`].
//!
//! So no script can ask the host for unbounded work: a million calls, or
//! one call with a ten-megabyte string, spends the budget and is stopped
//! like a loop in Lua. The meter is found in the Lua state (the sandbox
//! puts its [`Charge`] there), so a host function needs nothing but the
//! `lua` it is given. `tests/sandbox_structure.rs` checks that no Lua
//! function is made any other way outside the sandbox itself.

use mlua::{
    FromLuaMulti, Function, IntoLua, IntoLuaMulti, Lua, MetaMethod, MultiValue, UserDataFields,
    UserDataMethods, Value,
};

use super::Charge;

/// Instructions one call of a host function costs, whatever it does: about
/// what a short Lua function costs.
pub const CALL_COST: u64 = 20;

/// Bytes of string a host function reads or makes for one instruction.
pub const BYTES_PER_INSTRUCTION: u64 = 8;

/// The instructions `values`' strings cost to copy.
fn string_cost(values: &MultiValue) -> u64 {
    let bytes: u64 = values
        .iter()
        .map(|v| match v {
            Value::String(s) => s.as_bytes().len() as u64,
            _ => 0,
        })
        .sum();
    bytes / BYTES_PER_INSTRUCTION
}

/// Charges `instructions` of work a host function does for a script
/// (squares walked, effects asked for, games simulated) to the running
/// call, and stops the call with the budget's error if that spends its
/// budget. Outside a sandbox's call it charges nothing.
pub fn charge(lua: &Lua, instructions: u64) -> mlua::Result<()> {
    let meter = lua.app_data_ref::<Charge>().map(|c| c.clone());
    match meter {
        Some(meter) => meter.charge_or_stop(lua, instructions),
        None => Ok(()),
    }
}

/// Holds what the host keeps for scripts outside Lua to the script memory
/// limit: refuses, with the sandbox's memory error, when `held_bytes` (all
/// the host keeps for this game's scripts once the call is done) and Lua's
/// own memory together pass the limit.
pub fn store(lua: &Lua, held_bytes: usize) -> mlua::Result<()> {
    let Some(limit) = lua.app_data_ref::<Charge>().map(|c| c.memory_limit()) else {
        return Ok(());
    };
    if lua.used_memory().saturating_add(held_bytes) > limit {
        return Err(mlua::Error::MemoryError(format!(
            "what the game keeps for scripts ({held_bytes} bytes) and the scripts' own \
             memory pass the limit of {limit} bytes"
        )));
    }
    Ok(())
}

/// The meter of the sandbox whose Lua state `lua` is, if it is one: looked
/// up once, when a host function is made, rather than at each call (the
/// lookup costs more than the charge).
fn meter_of(lua: &Lua) -> Option<Charge> {
    lua.app_data_ref::<Charge>().map(|c| c.clone())
}

/// [`charge`], on `meter` when the host function found its sandbox's meter
/// when it was made, else on the meter `lua` holds now (if any).
fn charge_on(lua: &Lua, meter: Option<&Charge>, instructions: u64) -> mlua::Result<()> {
    match meter {
        Some(meter) => meter.charge_or_stop(lua, instructions),
        None => charge(lua, instructions),
    }
}

/// Runs `f` on `args` with the call and its strings charged (to `meter`,
/// see [`charge_on`]). The arguments are read as Lua numbers them (`first`
/// is the position of the first, 2 after a method's object), so that a
/// wrong one is refused as `bad argument #2 to 'name'`.
fn metered<A: FromLuaMulti, R: IntoLuaMulti>(
    lua: &Lua,
    meter: Option<&Charge>,
    args: MultiValue,
    first: usize,
    name: Option<&str>,
    f: impl FnOnce(A) -> mlua::Result<R>,
) -> mlua::Result<MultiValue> {
    charge_on(lua, meter, CALL_COST + string_cost(&args))?;
    let out = f(A::from_lua_args(args, first, name, lua)?)?.into_lua_multi(lua)?;
    charge_on(lua, meter, string_cost(&out))?;
    Ok(out)
}

/// A Lua function that runs `f` for scripts, charged to the running
/// call's budget: [`CALL_COST`] and its string arguments before `f` runs
/// (so a call refused for its budget does no work), the strings it
/// returns after.
pub fn host_function<A, R, F>(lua: &Lua, f: F) -> mlua::Result<Function>
where
    A: FromLuaMulti,
    R: IntoLuaMulti,
    F: Fn(&Lua, A) -> mlua::Result<R> + 'static,
{
    let meter = meter_of(lua);
    lua.create_function(move |lua, args: MultiValue| {
        metered(lua, meter.as_ref(), args, 1, None, |a| f(lua, a))
    })
}

/// Adds the method `name` to a userdata's methods, charged as
/// [`host_function`] charges.
pub fn add_host_method<T, M, A, R, F>(methods: &mut M, name: impl Into<String>, f: F)
where
    T: 'static,
    M: UserDataMethods<T>,
    A: FromLuaMulti,
    R: IntoLuaMulti,
    F: Fn(&Lua, &T, A) -> mlua::Result<R> + 'static,
{
    let name = name.into();
    let shown = name.clone();
    methods.add_method(name, move |lua, this, args: MultiValue| {
        metered(lua, None, args, 2, Some(&shown), |a| f(lua, this, a))
    });
}

/// Adds the method `name`, which may change the userdata, charged as
/// [`host_function`] charges.
pub fn add_host_method_mut<T, M, A, R, F>(methods: &mut M, name: impl Into<String>, f: F)
where
    T: 'static,
    M: UserDataMethods<T>,
    A: FromLuaMulti,
    R: IntoLuaMulti,
    F: Fn(&Lua, &mut T, A) -> mlua::Result<R> + 'static,
{
    let name = name.into();
    let shown = name.clone();
    methods.add_method_mut(name, move |lua, this, args: MultiValue| {
        metered(lua, None, args, 2, Some(&shown), |a| f(lua, this, a))
    });
}

/// Adds the metamethod `meta` (`__index`, `__len`, `__tostring`, ...) to
/// a userdata, charged as [`host_function`] charges: a field read through
/// `__index` pays for the call and for the strings it makes.
pub fn add_host_meta_method<T, M, A, R, F>(methods: &mut M, meta: MetaMethod, f: F)
where
    T: 'static,
    M: UserDataMethods<T>,
    A: FromLuaMulti,
    R: IntoLuaMulti,
    F: Fn(&Lua, &T, A) -> mlua::Result<R> + 'static,
{
    let shown = meta.name().to_string();
    methods.add_meta_method(meta, move |lua, this, args: MultiValue| {
        metered(lua, None, args, 2, Some(&shown), |a| f(lua, this, a))
    });
}

/// Adds the read-only field `name` to a userdata, computed when read and
/// charged as [`host_function`] charges.
pub fn add_host_field<T, F, R, G>(fields: &mut F, name: &'static str, get: G)
where
    T: 'static,
    F: UserDataFields<T>,
    R: IntoLua,
    G: Fn(&Lua, &T) -> mlua::Result<R> + 'static,
{
    fields.add_field_method_get(name, move |lua, this| {
        charge(lua, CALL_COST)?;
        let value = get(lua, this)?.into_lua(lua)?;
        if let Value::String(s) = &value {
            charge(lua, s.as_bytes().len() as u64 / BYTES_PER_INSTRUCTION)?;
        }
        Ok(value)
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::{Sandbox, SandboxLimits, ScriptError};

    /// A sandbox with `f` as the global `host` and a script calling it.
    fn run_with_host(
        limits: SandboxLimits,
        body: &str,
        make: impl FnOnce(&Lua) -> mlua::Result<Function>,
    ) -> Result<(), ScriptError> {
        let mut sandbox = Sandbox::with_limits(limits).unwrap();
        let host = make(sandbox.lua()).unwrap();
        let api = sandbox.lua().create_table().unwrap();
        api.set("call", host).unwrap();
        sandbox.set_api_table("host", api).unwrap();
        let script = sandbox
            .load_str("hostile.lua", &format!("return function() {body} end"))
            .unwrap();
        let f = match sandbox.script_value(script) {
            Value::Function(f) => f.clone(),
            _ => unreachable!(),
        };
        sandbox.call_function::<()>(script, &f, ())
    }

    #[test]
    fn a_million_cheap_calls_spend_the_budget() {
        let limits = SandboxLimits::default();
        let e = run_with_host(limits, "for i = 1, 1e9 do host.call(i) end", |lua| {
            host_function(lua, |_, _: i64| Ok(()))
        })
        .unwrap_err();
        assert!(matches!(e, ScriptError::Budget { .. }), "{e}");
        assert!(e.to_string().starts_with("hostile.lua:1:"), "{e}");
    }

    #[test]
    fn long_strings_are_charged_by_their_length() {
        // A 16 MiB string costs 2 million instructions a call: one call is
        // within a budget of 10 million, five are not.
        let limits = SandboxLimits::default();
        let calls = |n: usize| {
            let body = format!(
                "local s = string.rep('x', 16 << 20) {}",
                "host.call(s) ".repeat(n)
            );
            run_with_host(limits, &body, |lua| {
                host_function(lua, |_, _: mlua::LuaString| Ok(()))
            })
        };
        calls(1).unwrap();
        let e = calls(5).unwrap_err();
        assert!(matches!(e, ScriptError::Budget { .. }), "{e}");
    }

    #[test]
    fn what_the_host_keeps_counts_against_the_memory_limit() {
        let limits = SandboxLimits::default();
        let e = run_with_host(limits, "host.call()", |lua| {
            host_function(lua, |lua, ()| store(lua, 80 << 20))
        })
        .unwrap_err();
        assert!(matches!(e, ScriptError::Memory { .. }), "{e}");
    }
}
