//! The variants' Lua hooks as the engine's [`Hooks`]: one sandbox per game
//! holding every variant script of the set, the hook functions looked up
//! once, and a game handle (`Game` in the API) lent the game for each call.
//!
//! A hook sees the game read-only through the handle; what it wants changed
//! (a robot's mark, a push) it asks for through the handle's methods, and
//! the engine applies it by the normal rules once the hook has returned.
//! Errors name the variant, the hook, the script and the line.

use std::cell::Cell;
use std::fmt;

use mlua::{Function, Lua, LuaString, Table, Value};

use super::game_handle::GameHandle;
use super::lua_values::{hex_value, piece_table};
use super::texts::Texts;
use crate::games::twin_tin_bots::game::{
    Effect, Game, HookError, HookSet, Hooks, StepKind, StepVerdict, Verdict, ZapHit,
};
use crate::games::twin_tin_bots::names::Name;
use crate::games::twin_tin_bots::pieces::{Crystal, Piece, PlayerId, RobotId};
use crate::games::twin_tin_bots::terrain::Thing;
use crate::grid::hex::{Direction, Hex};
use crate::script::hook_guard::Running;
use crate::script::text::quoted_value;
use crate::script::{HookGuard, Sandbox, ScriptId, HOOK_DEPTH};

/// The game-wide hooks a variant script may define.
pub const GAME_HOOKS: &[&str] = &["push", "deliver", "turn_ended", "game_over", "score"];
/// The hooks a variant script may define per kind of terrain, under `kinds`.
pub const KIND_HOOKS: &[&str] = &["entered", "before_step", "zapped"];
/// The hooks run while a standard game is set up (see `super::setup`).
pub const SETUP_HOOKS: &[&str] = &["seating", "teams", "setup"];

/// How many hooks one outermost hook may set off, counting itself: the
/// changes of a hook may set off hooks that ask for changes... The guard
/// bounds how deep such chains go ([`HOOK_DEPTH`]); this bounds how wide
/// they spread, so that hooks pushing two pieces each, thirty deep, cannot
/// ask for 2^30 hook calls in one answer.
pub const HOOK_CALLS_PER_CHAIN: usize = 10_000;

/// A `before_step` hook given as data rather than a function (`{ lose =
/// "reason", steps = { "forward", "back" } }`): a robot standing on the
/// kind loses a step of one of `steps` for `lose`, and the kind is then
/// done with it, as `game:done_with(event.robot)` says. The engine applies
/// it without calling into Lua: mud is this, and it is asked at every step
/// a robot takes out of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct LoseStep<R> {
    /// Why the step is lost (shown in the transcript).
    pub reason: R,
    /// Which steps are lost, in the order of [`STEP_NAMES`].
    pub steps: [bool; 3],
}

/// The step kinds a [`LoseStep`] names, as scripts write them.
const STEP_NAMES: [(&str, StepKind); 3] = [
    ("forward", StepKind::Forward),
    ("back", StepKind::Back),
    ("side", StepKind::Side),
];

impl<R> LoseStep<R> {
    /// Whether a step of this kind is lost.
    fn covers(&self, step: StepKind) -> bool {
        STEP_NAMES
            .iter()
            .zip(self.steps)
            .any(|((_, kind), lost)| lost && *kind == step)
    }
}

impl LoseStep<String> {
    /// Reads a `before_step` given as a table (read raw: no metamethod
    /// runs); the error says what is wrong in the script's terms.
    pub(super) fn read(table: &Table) -> Result<LoseStep<String>, String> {
        const SHAPE: &str = r#"a `before_step` given as data is { lose = "why", steps = { "forward", "back", "side" } } (`steps` optional: every step)"#;
        let mut lose = None;
        let mut steps = None;
        for pair in table.pairs::<Value, Value>() {
            let (key, value) = pair.map_err(|e| e.to_string())?;
            match (
                key.as_string().map(|k| k.to_string_lossy()).as_deref(),
                value,
            ) {
                (Some("lose"), Value::String(why)) => lose = Some(why.to_string_lossy()),
                (Some("steps"), Value::Table(list)) => {
                    let mut named = [false; 3];
                    for item in list.sequence_values::<Value>() {
                        let item = item.map_err(|e| e.to_string())?;
                        let i = item
                            .as_string()
                            .and_then(|s| {
                                let s = s.to_string_lossy();
                                STEP_NAMES.iter().position(|(n, _)| *n == s)
                            })
                            .ok_or_else(|| {
                                format!("`steps` has {}: {SHAPE}", quoted_value(&item))
                            })?;
                        named[i] = true;
                    }
                    steps = Some(named);
                }
                (Some(key @ ("lose" | "steps")), value) => {
                    return Err(format!("`{key}` is {}: {SHAPE}", quoted_value(&value)))
                }
                _ => return Err(format!("it has the key {}: {SHAPE}", quoted_value(&key))),
            }
        }
        match lose {
            Some(reason) if !reason.is_empty() => Ok(LoseStep {
                reason,
                steps: steps.unwrap_or([true; 3]),
            }),
            Some(_) => Err(format!("`lose` is empty: {SHAPE}")),
            None => Err(format!("`lose` is missing: {SHAPE}")),
        }
    }
}

/// What a hook is: a Lua function, or (`before_step` only) a step lost.
#[derive(Clone)]
enum Body {
    Function(Function),
    LoseStep(LoseStep<Name>),
}

/// One hook and where it comes from.
#[derive(Clone)]
struct Hook {
    variant: String,
    script: ScriptId,
    body: Body,
    /// The kind, for a kind hook.
    kind: Option<Name>,
    /// The kind's name as a Lua string, for a kind hook.
    kind_text: Option<LuaString>,
    /// What the hooks' guard calls it while it runs (`` `mud` before_step ``
    /// for a kind hook, the name for a game hook): made once, not at each
    /// call.
    label: String,
}

/// What the hooks' guard calls the hook `name` (of `kind`, for a kind hook).
fn hook_label(name: &str, kind: Option<Name>) -> String {
    match kind {
        Some(kind) => format!("`{kind}` {name}"),
        None => name.to_string(),
    }
}

/// The Lua hooks of a game's variants.
pub struct LuaHooks {
    sandbox: Sandbox,
    /// Game-wide hooks by name, in the order the variants apply.
    game_hooks: Vec<(&'static str, Hook)>,
    /// Kind hooks: (kind, hook name, hook).
    kind_hooks: Vec<(Name, &'static str, Hook)>,
    /// The `Game` object lent the game for each call.
    handle: GameHandle,
    /// Lua functions that build a kind hook's event table and call it:
    /// tables are made in Lua, several times faster than from Rust.
    shims: Shims,
    /// `event.marks` of a robot without marks: a read-only empty table,
    /// made once (marks are set with `game:set_mark`).
    no_marks: Table,
    /// The one guard of this game's hooks (shared by the game's copies: it
    /// is empty between answers).
    guard: HookGuard,
    /// The hooks the running outermost hook has set off, itself included.
    chain_calls: Cell<usize>,
}

/// The shims' script (see [`LuaHooks::shims`]).
const SHIMS: &str = r#"
return {
  entered = function(f, game, kind, pkind, id, owner, value, q, r)
    return f(game, { kind = kind, piece = { kind = pkind, id = id, owner = owner, value = value }, at = { q, r } })
  end,
  before_step = function(f, game, kind, robot, step, marks)
    return f(game, { kind = kind, robot = robot, step = step, marks = marks })
  end,
  zapped = function(f, game, kind, zapper, q, r)
    return f(game, { kind = kind, zapper = zapper, at = { q, r } })
  end,
}
"#;

struct Shims {
    entered: Function,
    before_step: Function,
    zapped: Function,
}

impl fmt::Debug for LuaHooks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.game_hooks.iter().map(|(n, _)| *n).collect();
        write!(
            f,
            "LuaHooks({names:?}, {} kind hooks)",
            self.kind_hooks.len()
        )
    }
}

/// A variant's script, loaded: its name and the table it returned.
pub(super) struct LoadedScript {
    pub variant: String,
    pub script: ScriptId,
    pub table: Table,
}

impl LoadedScript {
    /// The script's hook `name`, if it defines one. Read raw: a script's
    /// metamethods never run outside a budgeted call.
    pub fn hook(&self, name: &str) -> Option<Function> {
        self.table.raw_get::<Option<Function>>(name).ok().flatten()
    }
}

impl LuaHooks {
    /// Collects the hooks of loaded variant scripts (already checked by
    /// `super::check_hooks`). `None` when no script defines a game hook or
    /// a kind hook.
    pub(super) fn new(
        mut sandbox: Sandbox,
        scripts: &[LoadedScript],
    ) -> mlua::Result<Option<LuaHooks>> {
        let handle = GameHandle::new(&sandbox)?;
        let mut game_hooks = Vec::new();
        let mut kind_hooks = Vec::new();
        for s in scripts {
            for name in GAME_HOOKS {
                if let Some(function) = s.hook(name) {
                    let hook = Hook {
                        variant: s.variant.clone(),
                        script: s.script,
                        body: Body::Function(function),
                        kind: None,
                        kind_text: None,
                        label: hook_label(name, None),
                    };
                    game_hooks.push((*name, hook));
                }
            }
            if let Some(kinds) = s.table.raw_get::<Option<Table>>("kinds")? {
                for pair in kinds.pairs::<String, Table>() {
                    let (kind, table) = pair?;
                    for name in KIND_HOOKS {
                        let body = match table.raw_get::<Value>(*name)? {
                            Value::Function(function) => Body::Function(function),
                            Value::Table(data) if *name == "before_step" => {
                                let lose = LoseStep::read(&data).map_err(mlua::Error::external)?;
                                let reason = handle
                                    .texts()
                                    .name(&lose.reason)
                                    .map_err(mlua::Error::external)?;
                                Body::LoseStep(LoseStep {
                                    reason,
                                    steps: lose.steps,
                                })
                            }
                            _ => continue,
                        };
                        {
                            let interned = Name::intern(&kind);
                            let hook = Hook {
                                variant: s.variant.clone(),
                                script: s.script,
                                body,
                                kind: Some(interned),
                                kind_text: Some(sandbox.lua().create_string(&kind)?),
                                label: hook_label(name, Some(interned)),
                            };
                            kind_hooks.push((interned, *name, hook));
                        }
                    }
                }
            }
        }
        if game_hooks.is_empty() && kind_hooks.is_empty() {
            return Ok(None);
        }
        let no_marks = sandbox
            .read_only(sandbox.lua().create_table()?, "event.marks")
            .map_err(mlua::Error::external)?;
        let shims = sandbox
            .load_str("tinbots hook shims", SHIMS)
            .map_err(mlua::Error::external)?;
        let Value::Table(table) = sandbox.script_value(shims).clone() else {
            return Err(mlua::Error::external("the hook shims return a table"));
        };
        let shims = Shims {
            entered: table.get("entered")?,
            before_step: table.get("before_step")?,
            zapped: table.get("zapped")?,
        };
        Ok(Some(LuaHooks {
            sandbox,
            game_hooks,
            kind_hooks,
            handle,
            shims,
            no_marks,
            guard: HookGuard::new(),
            chain_calls: Cell::new(0),
        }))
    }

    fn lua(&self) -> &Lua {
        self.sandbox.lua()
    }

    /// Calls `hook` with the game lent to the handle, then collects the
    /// effects it asked for.
    fn call<R: mlua::FromLuaMulti>(
        &self,
        name: &str,
        hook: &Hook,
        game: &Game,
        args: impl mlua::IntoLuaMulti,
        effects: Option<&mut Vec<Effect>>,
    ) -> Result<R, HookError> {
        self.call_through(name, hook, None, game, args, effects)
    }

    /// Calls `hook` (through `shim` when given: `shim(hook, game, ...)`)
    /// with the game lent to the handle, then collects the effects it
    /// asked for.
    fn call_through<R: mlua::FromLuaMulti>(
        &self,
        name: &str,
        hook: &Hook,
        shim: Option<&Function>,
        game: &Game,
        args: impl mlua::IntoLuaMulti,
        effects: Option<&mut Vec<Effect>>,
    ) -> Result<R, HookError> {
        let Body::Function(function) = &hook.body else {
            return Err(self.refused(name, hook, "a hook given as data is not called"));
        };
        let object = self.handle.object();
        let result = self
            .handle
            .lend(game, hook.kind, || match shim {
                None => self
                    .sandbox
                    .call_function::<R>(hook.script, function, (object, args)),
                Some(shim) => {
                    self.sandbox
                        .call_function::<R>(hook.script, shim, (function, object, args))
                }
            })
            .map_err(|e| self.error(name, hook, e));
        if let (Ok(_), Some(out)) = (&result, effects) {
            self.handle.take_effects(out);
        }
        result
    }

    fn texts(&self) -> &Texts {
        self.handle.texts()
    }

    /// What a hook returned that may refuse something: nil or `true`
    /// allows, `false` or a reason refuses; anything else is the hook's
    /// error.
    fn verdict(
        &self,
        name: &str,
        hook: &Hook,
        value: Value,
        default_reason: &str,
    ) -> Result<Verdict, HookError> {
        match value {
            Value::Nil | Value::Boolean(true) => Ok(Verdict::Allow),
            Value::Boolean(false) => Ok(Verdict::Refuse(Name::intern(default_reason))),
            Value::String(s) => Ok(Verdict::Refuse(
                self.texts()
                    .reason(&s)
                    .map_err(|e| self.bad_return(name, hook, e))?,
            )),
            other => Err(self.bad_return(
                name,
                hook,
                format!(
                    "returned {}: a `{name}` hook returns nil or true (allow), or false or a reason (refuse)",
                    quoted_value(&other)
                ),
            )),
        }
    }

    fn error(&self, name: &str, hook: &Hook, e: impl fmt::Display) -> HookError {
        HookError(format!("variant `{}`, hook `{name}`: {e}", hook.variant))
    }

    /// An error of the hook `name` as a whole (not of one line of it): it
    /// names the variant, the hook and its script.
    fn refused(&self, name: &str, hook: &Hook, why: impl fmt::Display) -> HookError {
        let path = self.sandbox.script_path(hook.script);
        self.error(name, hook, format!("{path}: {why}"))
    }

    /// A hook returned something that cannot be used: the error names the
    /// script and the line where the hook is defined.
    fn bad_return(&self, name: &str, hook: &Hook, why: impl fmt::Display) -> HookError {
        let path = self.sandbox.script_path(hook.script);
        let line = match &hook.body {
            Body::Function(function) => function.info().line_defined,
            Body::LoseStep(_) => None,
        };
        let at = match line {
            Some(line) => format!("{path}:{line}"),
            None => path.to_string(),
        };
        self.error(name, hook, format!("{at}: {why}"))
    }

    /// What a hook that answers nothing (`entered`, `turn_ended`)
    /// returned: nil, or the hook's error.
    fn nothing(&self, name: &str, hook: &Hook, value: Value) -> Result<(), HookError> {
        match value {
            Value::Nil => Ok(()),
            other => Err(self.bad_return(
                name,
                hook,
                format!(
                    "returned {}: a `{name}` hook returns nothing (it asks for changes \
                     through `game`)",
                    quoted_value(&other)
                ),
            )),
        }
    }

    fn game_hooks(&self, name: &'static str) -> impl Iterator<Item = &Hook> {
        self.game_hooks
            .iter()
            .filter(move |(n, _)| *n == name)
            .map(|(_, h)| h)
    }

    fn kind_hook(&self, kind: Name, name: &'static str) -> Option<&Hook> {
        self.kind_hooks
            .iter()
            .find(|(k, n, _)| *k == kind && *n == name)
            .map(|(_, _, h)| h)
    }

    fn table(&self) -> Result<Table, HookError> {
        self.lua()
            .create_table()
            .map_err(|e| HookError(format!("cannot make a Lua table: {e}")))
    }
}

/// A score's number: an integer, or a float with a whole value in range
/// (not NaN, not infinite, not 1.5).
fn score_number(value: &Value) -> Option<i64> {
    match *value {
        Value::Integer(n) => Some(n),
        Value::Number(x) if x.fract() == 0.0 && x.abs() < 9.0e18 => Some(x as i64),
        _ => None,
    }
}

/// Why a table is not a score.
enum BadScore {
    /// Not one to four numbers.
    Length(usize),
    /// Keys other than 1, 2, ...: a record, or a list with holes.
    Keys,
    /// The item at this place is not a whole number.
    Item(usize, Value),
    /// Lua failed reading it.
    Lua(mlua::Error),
}

/// A score given as a list: one to four whole numbers, nothing else in the
/// table (read raw: no metamethod of the script runs here).
fn score_list(t: &Table) -> Result<[i64; 4], BadScore> {
    let len = t.raw_len();
    if !(1..=4).contains(&len) {
        return Err(BadScore::Length(len));
    }
    let mut entries = 0;
    for pair in t.pairs::<Value, Value>() {
        pair.map_err(BadScore::Lua)?;
        entries += 1;
        if entries > len {
            return Err(BadScore::Keys);
        }
    }
    let mut key = [0i64; 4];
    for (i, k) in key.iter_mut().take(len).enumerate() {
        let item: Value = t.raw_get(i + 1).map_err(BadScore::Lua)?;
        *k = score_number(&item).ok_or(BadScore::Item(i + 1, item))?;
    }
    Ok(key)
}

fn set<V: mlua::IntoLua>(t: &Table, key: &str, value: V) -> Result<(), HookError> {
    t.set(key, value)
        .map_err(|e| HookError(format!("cannot fill a Lua table: {e}")))
}

impl Hooks for LuaHooks {
    fn defines(&self) -> HookSet {
        let has = |n: &str| self.game_hooks.iter().any(|(h, _)| *h == n);
        HookSet {
            push: has("push"),
            deliver: has("deliver"),
            turn_ended: has("turn_ended"),
            game_over: has("game_over"),
            score: has("score"),
        }
    }

    fn enter(&self, name: &'static str, kind: Option<Name>) -> Result<Running<'_>, HookError> {
        let hook = match kind {
            Some(kind) => self.kind_hook(kind, name),
            None => self.game_hooks(name).next(),
        };
        let refused = |why: String| match hook {
            Some(hook) => self.refused(name, hook, why),
            None => HookError(why),
        };
        if self.guard.depth() == 0 {
            self.chain_calls.set(0);
        }
        let calls = self.chain_calls.get() + 1;
        self.chain_calls.set(calls);
        if calls > HOOK_CALLS_PER_CHAIN {
            return Err(refused(format!(
                "one hook set off more than {HOOK_CALLS_PER_CHAIN} hooks through the changes \
                 they asked for (docs/security.md)"
            )));
        }
        debug_assert!(self.guard.depth() <= HOOK_DEPTH);
        let entered = match hook {
            Some(hook) => self.guard.enter(&hook.label),
            None => self.guard.enter(&hook_label(name, kind)),
        };
        entered.map_err(|e| refused(e.to_string()))
    }

    fn entered(
        &self,
        game: &Game,
        kind: Name,
        piece: Piece,
        at: Hex,
        effects: &mut Vec<Effect>,
    ) -> Result<(), HookError> {
        let Some(hook) = self.kind_hook(kind, "entered") else {
            return Ok(());
        };
        let texts = self.texts();
        let (pkind, id, owner, value) = match piece {
            Piece::Robot(r) => (
                "robot".into(),
                Some(texts.robot(game, r)),
                Some(texts.colour(game.colours()[r / 2])),
                None,
            ),
            Piece::Crystal(c) => ("crystal".into(), None, None, Some(c.value())),
            Piece::Base(p) => (
                "base".into(),
                None,
                Some(texts.colour(game.colours()[p])),
                None,
            ),
            Piece::Thing(t) => (t.kind.as_str(), None, None, None),
        };
        let args = (
            hook.kind_text.as_ref(),
            &*pkind,
            id,
            owner,
            value,
            at.q,
            at.r,
        );
        let value: Value = self.call_through(
            "entered",
            hook,
            Some(&self.shims.entered),
            game,
            args,
            Some(effects),
        )?;
        self.nothing("entered", hook, value)
    }

    fn before_step(
        &self,
        game: &Game,
        kind: Name,
        robot: RobotId,
        step: StepKind,
        effects: &mut Vec<Effect>,
    ) -> Result<StepVerdict, HookError> {
        let Some(hook) = self.kind_hook(kind, "before_step") else {
            return Ok(StepVerdict::Allow);
        };
        if let Body::LoseStep(lose) = &hook.body {
            // Given as data: applied here, no Lua runs.
            if !lose.covers(step) {
                return Ok(StepVerdict::Allow);
            }
            effects.push(Effect::DoneWith { robot, kind });
            return Ok(StepVerdict::Skip(lose.reason));
        }
        // The robot's marks go in the event (`event.marks`), so that a
        // hook reads them without calling back into Rust.
        let mut marks = None;
        for (key, value) in game.marks_of(robot) {
            let table = match &marks {
                Some(t) => t,
                None => marks.insert(self.table()?),
            };
            set(table, &key.as_str(), value)?;
        }
        let marks = match marks {
            Some(t) => Some(
                self.sandbox
                    .read_only(t, "event.marks")
                    .map_err(|e| self.error("before_step", hook, e))?,
            ),
            None => None,
        };
        let texts = self.texts();
        let args = (
            hook.kind_text.as_ref(),
            texts.robot(game, robot),
            texts.step(step),
            marks.as_ref().unwrap_or(&self.no_marks),
        );
        let shim = Some(&self.shims.before_step);
        let value: Value =
            self.call_through("before_step", hook, shim, game, args, Some(effects))?;
        Ok(
            match self.verdict("before_step", hook, value, "a variant took the step away")? {
                Verdict::Allow => StepVerdict::Allow,
                Verdict::Refuse(why) => StepVerdict::Skip(why),
            },
        )
    }

    fn push(
        &self,
        game: &Game,
        pusher: Piece,
        row: &[(Hex, Piece)],
        dir: Direction,
    ) -> Result<Verdict, HookError> {
        for hook in self.game_hooks("push") {
            let lua = self.lua();
            let event = self.table()?;
            let err = |e| self.error("push", hook, e);
            set(
                &event,
                "pusher",
                piece_table(lua, game, pusher).map_err(err)?,
            )?;
            let pieces = self.table()?;
            for (i, (at, p)) in row.iter().enumerate() {
                let t = piece_table(lua, game, *p).map_err(err)?;
                set(&t, "at", hex_value(lua, *at).map_err(err)?)?;
                pieces.set(i + 1, t).map_err(err)?;
            }
            set(&event, "row", pieces)?;
            set(&event, "dir", dir.name())?;
            let value: Value = self.call("push", hook, game, event, None)?;
            if let Verdict::Refuse(why) =
                self.verdict("push", hook, value, "a variant forbids the push")?
            {
                return Ok(Verdict::Refuse(why));
            }
        }
        Ok(Verdict::Allow)
    }

    fn zapped(
        &self,
        game: &Game,
        zapper: RobotId,
        thing: Thing,
        at: Hex,
    ) -> Result<ZapHit, HookError> {
        let Some(hook) = self.kind_hook(thing.kind, "zapped") else {
            return Ok(ZapHit::Stop);
        };
        let args = (
            hook.kind_text.as_ref(),
            self.texts().robot(game, zapper),
            at.q,
            at.r,
        );
        let shim = Some(&self.shims.zapped);
        let value: Value = self.call_through("zapped", hook, shim, game, args, None)?;
        match &value {
            Value::Nil => Ok(ZapHit::Stop),
            Value::String(s) if s.as_bytes().as_ref() == b"stop" => Ok(ZapHit::Stop),
            Value::String(s) if s.as_bytes().as_ref() == b"push" => Ok(ZapHit::Push),
            other => Err(self.bad_return(
                "zapped",
                hook,
                format!(
                    "returned {}: a zapped hook returns \"push\", \"stop\" or nil",
                    quoted_value(other)
                ),
            )),
        }
    }

    fn deliver(
        &self,
        game: &Game,
        robot: RobotId,
        base_owner: PlayerId,
        crystal: Crystal,
    ) -> Result<Verdict, HookError> {
        for hook in self.game_hooks("deliver") {
            let event = self.table()?;
            set(&event, "robot", game.robot_name(robot))?;
            set(&event, "owner", game.colours()[robot / 2].name())?;
            set(&event, "base", game.colours()[base_owner].name())?;
            set(&event, "crystal", crystal.value())?;
            let value: Value = self.call("deliver", hook, game, event, None)?;
            if let Verdict::Refuse(why) =
                self.verdict("deliver", hook, value, "a variant forbids this delivery")?
            {
                return Ok(Verdict::Refuse(why));
            }
        }
        Ok(Verdict::Allow)
    }

    fn turn_ended(&self, game: &Game, effects: &mut Vec<Effect>) -> Result<(), HookError> {
        for hook in self.game_hooks("turn_ended") {
            let colour = game.colours()[game.active()].name();
            let value: Value = self.call("turn_ended", hook, game, colour, Some(effects))?;
            self.nothing("turn_ended", hook, value)?;
        }
        Ok(())
    }

    fn game_over(&self, game: &Game) -> Result<Option<Name>, HookError> {
        for hook in self.game_hooks("game_over") {
            let value: Value = self.call("game_over", hook, game, (), None)?;
            match value {
                Value::Nil | Value::Boolean(false) => {}
                Value::String(s) => {
                    let why = self.texts().reason(&s);
                    return why.map(Some).map_err(|e| self.bad_return("game_over", hook, e));
                }
                Value::Boolean(true) => return Ok(Some(Name::intern("a variant's end condition"))),
                other => {
                    return Err(self.bad_return(
                        "game_over",
                        hook,
                        format!(
                            "returned {}: `game_over` returns nil or false (the game goes on), or true or a reason (it ends)",
                            quoted_value(&other)
                        ),
                    ))
                }
            }
        }
        Ok(None)
    }

    fn score(&self, game: &Game, player: PlayerId) -> Result<Option<[i64; 4]>, HookError> {
        let mut score = None;
        for hook in self.game_hooks("score") {
            let colour = game.colours()[player].name();
            let value: Value = self.call("score", hook, game, colour, None)?;
            let bad = |what: String| {
                self.bad_return(
                    "score",
                    hook,
                    format!(
                        "returned {what}: a score is a whole number, or a list of one to four \
                         whole numbers compared in order (nil for the standard score)"
                    ),
                )
            };
            score = match value {
                Value::Nil => score,
                Value::Table(t) => Some(score_list(&t).map_err(|e| match e {
                    BadScore::Length(n) => bad(format!("a list of {n} numbers")),
                    BadScore::Keys => bad("a table that is not a list".into()),
                    BadScore::Item(i, item) => bad(format!("{} at [{i}]", quoted_value(&item))),
                    BadScore::Lua(e) => self.error("score", hook, e),
                })?),
                other => Some([
                    score_number(&other).ok_or_else(|| bad(quoted_value(&other)))?,
                    0,
                    0,
                    0,
                ]),
            };
        }
        Ok(score)
    }
}
