//! Variants' Lua runtime: the hooks a RoboRally variant's `variant.lua`
//! returns (`docs/roborally-variants.md`), run in the sandbox and with the
//! `game` handle the option cards use ([`super::option_lua::new_host`]),
//! plus a variant's own reads (`square`, `flags`, `colours`) and request
//! (`move_flag`).
//!
//! One runtime per game, made only when a variant's script defines a hook:
//! a game without variants (or with data-only variants) never enters Lua.
//! As for options, a hook changes nothing itself: what it asks for is
//! applied by the engine after the call ([`super::variant_play`]).

use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;

use mlua::{Function, Lua, Table, Value};

use crate::grid::square::{Compass, Square};
use crate::script::{host, located, Sandbox, ScriptId};

use super::option_lua::{
    call_lent, direction_arg, new_host, square_table, whole_arg, Effect, Lent, EFFECT_COST,
    ITEM_COST,
};
use super::Game;
use crate::games::roborally::board::Kind;
use crate::games::roborally::lua::variant_api::VARIANT_API;

/// The moments a variant's script may act, each a hook of its table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VariantHook {
    /// A damaged robot's player would be asked about a power down:
    /// `false` or a reason and the question is not asked.
    PowerDown,
    /// A belt step has moved the robots (`event.express`): the script may
    /// move flags (`game:move_flag`).
    Belts,
    /// Cards were dealt to a robot: returns how many of its registers its
    /// player fills; the others are filled at random from its hand.
    Programming,
    /// The turn ends (after repairs and the options' `turn_end`): the
    /// script may ask for effects (`game:damage`, ...).
    TurnEnd,
    /// A robot was destroyed (after its options' `destroyed`, before it
    /// loses an option): the script may ask for effects.
    Destroyed,
}

impl VariantHook {
    /// Every hook, in the order of their bits.
    pub const ALL: [VariantHook; 5] = [
        VariantHook::PowerDown,
        VariantHook::Belts,
        VariantHook::Programming,
        VariantHook::TurnEnd,
        VariantHook::Destroyed,
    ];

    /// The hook's name in a variant's table.
    pub fn name(self) -> &'static str {
        match self {
            VariantHook::PowerDown => "power_down",
            VariantHook::Belts => "belts",
            VariantHook::Programming => "programming",
            VariantHook::TurnEnd => "turn_end",
            VariantHook::Destroyed => "destroyed",
        }
    }

    /// Its bit in [`VariantRuntime::hooks`].
    pub fn bit(self) -> u8 {
        1 << (self as u8)
    }

    /// The hook named `name`, if there is one.
    pub fn named(name: &str) -> Option<VariantHook> {
        VariantHook::ALL.into_iter().find(|h| h.name() == name)
    }
}

/// A flag move a `belts` hook asked for: the flag's number and the way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlagMove {
    /// The flag.
    pub flag: u8,
    /// Where it goes, one square.
    pub dir: Compass,
}

/// A variant's hook failed: the variant, the hook and the script's message
/// (with its path and line).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("variant `{variant}`, hook `{hook}`: {message}")]
pub struct VariantHookError {
    /// The variant.
    pub variant: String,
    /// The hook.
    pub hook: &'static str,
    /// What went wrong, with the script's path and line.
    pub message: String,
}

/// One variant's script: its name, and its hooks by [`VariantHook::ALL`].
struct Script {
    variant: String,
    id: ScriptId,
    hooks: [Option<Function>; VariantHook::ALL.len()],
}

/// What a hook returned, with what it asked for.
pub(super) struct Called {
    /// The hook's value.
    pub value: Value,
    /// The option handle's requests (damage, counters, ...).
    pub effects: Vec<Effect>,
    /// The flags it moves.
    pub moves: Vec<FlagMove>,
}

/// The variants' scripts of one game.
pub struct VariantRuntime {
    sandbox: Sandbox,
    lent: Rc<Lent>,
    handle: Table,
    moves: Rc<RefCell<Vec<FlagMove>>>,
    scripts: Vec<Script>,
    hooks: u8,
}

impl fmt::Debug for VariantRuntime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.scripts.iter().map(|s| s.variant.as_str()).collect();
        write!(f, "VariantRuntime({})", names.join(", "))
    }
}

impl VariantRuntime {
    /// Loads the variants' scripts, in the order they apply: each is its
    /// variant's name, the script's name shown in errors, and its text.
    pub fn load(scripts: &[(String, String, String)]) -> Result<VariantRuntime, VariantHookError> {
        let fail = |variant: &str, e: &dyn fmt::Display| VariantHookError {
            variant: variant.to_string(),
            hook: "(loading)",
            message: e.to_string(),
        };
        let moves = Rc::new(RefCell::new(Vec::new()));
        let m = moves.clone();
        let (mut sandbox, lent, handle) =
            new_host(&|lua, methods, lent| add_methods(lua, methods, lent, &m))
                .map_err(|e| fail("(runtime)", &e))?;
        let mut loaded = Vec::new();
        let mut bits = 0;
        for (variant, shown, text) in scripts {
            let id = sandbox
                .load_str(shown, text)
                .map_err(|e| fail(variant, &e))?;
            let Value::Table(table) = sandbox.script_value(id).clone() else {
                return Err(fail(
                    variant,
                    &format!("{shown}: the script returns no table"),
                ));
            };
            let mut hooks: [Option<Function>; VariantHook::ALL.len()] = Default::default();
            for (slot, hook) in hooks.iter_mut().zip(VariantHook::ALL) {
                *slot = table
                    .raw_get::<Option<Function>>(hook.name())
                    .map_err(|e| fail(variant, &format!("{shown}: `{}`: {e}", hook.name())))?;
                if slot.is_some() {
                    bits |= hook.bit();
                }
            }
            loaded.push(Script {
                variant: variant.clone(),
                id,
                hooks,
            });
        }
        Ok(VariantRuntime {
            sandbox,
            lent,
            handle,
            moves,
            scripts: loaded,
            hooks: bits,
        })
    }

    /// The hooks some script defines, a bit each ([`VariantHook::bit`]).
    pub fn hooks(&self) -> u8 {
        self.hooks
    }

    /// A new table for an event.
    pub(super) fn table(&self) -> mlua::Result<Table> {
        self.sandbox.lua().create_table()
    }

    /// Calls hook `hook` of every script that defines it, in order, with
    /// the game lent and an event `fill` fills; what each returned.
    pub(super) fn call_all(
        &self,
        game: &Game,
        hook: VariantHook,
        fill: &dyn Fn(&Table) -> mlua::Result<()>,
    ) -> Result<Vec<Called>, VariantHookError> {
        let mut out = Vec::new();
        for script in &self.scripts {
            let Some(function) = &script.hooks[hook as usize] else {
                continue;
            };
            let error = |message: String| VariantHookError {
                variant: script.variant.clone(),
                hook: hook.name(),
                message,
            };
            let event = self
                .table()
                .and_then(|t| fill(&t).map(|()| t))
                .map_err(|e| error(e.to_string()))?;
            self.moves.borrow_mut().clear();
            let (value, effects) = call_lent(
                &self.sandbox,
                &self.lent,
                &self.handle,
                game,
                script.id,
                function,
                event,
            )
            .map_err(|e| error(e.to_string()))?;
            let moves = std::mem::take(&mut *self.moves.borrow_mut());
            out.push(Called {
                value,
                effects,
                moves,
            });
        }
        Ok(out)
    }

    /// The scripts defining `hook`, as the hook guard names them in a
    /// chain: each variant, the hook and the script.
    pub(super) fn label(&self, hook: VariantHook) -> String {
        self.scripts
            .iter()
            .filter(|s| s.hooks[hook as usize].is_some())
            .map(|s| {
                format!(
                    "variant `{}` hook `{}` ({})",
                    s.variant,
                    hook.name(),
                    self.sandbox.script_path(s.id)
                )
            })
            .collect::<Vec<_>>()
            .join(" + ")
    }

    /// An error for the `k`th script defining `hook` that returned what it
    /// may not, naming the script and the line the hook is defined on.
    pub(super) fn bad_return(&self, hook: VariantHook, k: usize, why: &str) -> VariantHookError {
        let script = self
            .scripts
            .iter()
            .filter(|s| s.hooks[hook as usize].is_some())
            .nth(k);
        let Some(script) = script else {
            return VariantHookError {
                variant: "(unknown)".into(),
                hook: hook.name(),
                message: why.to_string(),
            };
        };
        let path = self.sandbox.script_path(script.id);
        let line = script.hooks[hook as usize]
            .as_ref()
            .and_then(|f| f.info().line_defined);
        VariantHookError {
            variant: script.variant.clone(),
            hook: hook.name(),
            message: match line {
                Some(line) => format!("{path}:{line}: {why}"),
                None => format!("{path}: {why}"),
            },
        }
    }
}

/// A method's name, checked against the variant API's description.
fn method(name: &'static str) -> &'static str {
    VARIANT_API.method("RrVariantGame", name)
}

/// The name a square's kind has in Lua, and its direction if it has one.
fn kind_name(kind: Option<Kind>) -> (&'static str, Option<Compass>) {
    match kind {
        None => ("floor", None),
        Some(Kind::Pit) => ("pit", None),
        Some(Kind::Conveyor(d)) => ("conveyor", Some(d)),
        Some(Kind::Express(d)) => ("express", Some(d)),
        Some(Kind::Gear(_)) => ("gear", None),
        Some(Kind::Pusher { to, .. }) => ("pusher", Some(to)),
        Some(Kind::Crusher(_)) => ("crusher", None),
        Some(Kind::Repair(_)) => ("repair", None),
    }
}

/// Adds a variant's methods to the shared handle: `square`, `flags`,
/// `colours` (reads) and `move_flag` (a request kept in `moves`), each a
/// metered host function ([`host::host_function`]).
fn add_methods(
    lua: &Lua,
    methods: &Table,
    lent: &Rc<Lent>,
    moves: &Rc<RefCell<Vec<FlagMove>>>,
) -> mlua::Result<()> {
    let l = lent.clone();
    methods.raw_set(
        method("square"),
        host::host_function(lua, move |lua, (_, x, y): (Value, Value, Value)| {
            l.read(lua, |g| {
                let limit = i64::from(Square::LIMIT);
                let x = whole_arg(lua, &x, "x", -limit, limit)?;
                let y = whole_arg(lua, &y, "y", -limit, limit)?;
                let sq = Square::checked(x, y).map_err(|e| located(lua, e))?;
                let t = lua.create_table()?;
                if g.board.is_off(sq) {
                    t.raw_set("kind", "off")?;
                    return Ok(t);
                }
                let (kind, to) = kind_name(g.board.kind(sq));
                t.raw_set("kind", kind)?;
                t.raw_set("to", to.map(Compass::name))?;
                t.raw_set("flag", g.board.flag_at(sq))?;
                Ok(t)
            })
        })?,
    )?;
    let l = lent.clone();
    methods.raw_set(
        method("flags"),
        host::host_function(lua, move |lua, _: Value| {
            l.read(lua, |g| {
                host::charge(lua, ITEM_COST * g.board.flags().len() as u64)?;
                let list = lua.create_table()?;
                for f in g.board.flags() {
                    let t = lua.create_table()?;
                    t.raw_set("number", f.number)?;
                    t.raw_set("at", square_table(lua, f.at)?)?;
                    list.raw_push(t)?;
                }
                Ok(list)
            })
        })?,
    )?;
    let l = lent.clone();
    methods.raw_set(
        method("colours"),
        host::host_function(lua, move |lua, _: Value| {
            l.read(lua, |g| {
                host::charge(lua, ITEM_COST * g.robots.len() as u64)?;
                lua.create_sequence_from(g.robots.iter().map(|r| r.colour()))
            })
        })?,
    )?;
    let l = lent.clone();
    let m = moves.clone();
    methods.raw_set(
        method("move_flag"),
        host::host_function(lua, move |lua, (_, number, dir): (Value, Value, Value)| {
            l.read(lua, |g| {
                let flags = g.board.flags();
                let last = flags.last().map_or(0, |f| i64::from(f.number));
                let number = whole_arg(
                    lua,
                    &number,
                    "game:move_flag(number, side): number",
                    1,
                    last,
                )?;
                let flag = flags
                    .iter()
                    .find(|f| i64::from(f.number) == number)
                    .map(|f| f.number)
                    .ok_or_else(|| located(lua, format!("there is no flag {number}")))?;
                let dir = match &dir {
                    Value::String(s) => direction_arg(lua, &s.to_str()?)?,
                    _ => {
                        return Err(located(
                            lua,
                            "game:move_flag(number, side): side is N, E, S or W",
                        ))
                    }
                };
                host::charge(lua, EFFECT_COST)?;
                l.hold(lua, std::mem::size_of::<FlagMove>())?;
                m.borrow_mut().push(FlagMove { flag, dir });
                Ok(())
            })
        })?,
    )?;
    Ok(())
}
