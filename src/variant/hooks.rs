//! The variants' Lua hooks as the engine's [`Hooks`]: one sandbox per game
//! holding every variant script of the set, the hook functions looked up
//! once, and a game handle (`Game` in the API) lent the game for each call.
//!
//! A hook sees the game read-only through the handle; what it wants changed
//! (a robot's mark, a push) it asks for through the handle's methods, and
//! the engine applies it by the normal rules once the hook has returned.
//! Errors name the variant, the hook, the script and the line.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::fmt;

use mlua::{
    AnyUserData, Function, Lua, LuaString, Table, UserData, UserDataFields, UserDataMethods, Value,
};

use super::lua_values::{hex_arg, hex_value, piece_table, robot_table};
use crate::game::{
    Effect, Game, HookError, HookSet, Hooks, Standing, StepKind, StepVerdict, Verdict, ZapHit,
};
use crate::hex::{Direction, Hex};
use crate::names::Name;
use crate::pieces::{Colour, Crystal, Piece, PlayerId, RobotId};
use crate::script::{api, located, Sandbox, ScriptId};
use crate::terrain::Thing;

/// The game-wide hooks a variant script may define.
pub const GAME_HOOKS: &[&str] = &["push", "deliver", "turn_ended", "game_over", "score"];
/// The hooks a variant script may define per kind of terrain, under `kinds`.
pub const KIND_HOOKS: &[&str] = &["entered", "before_step", "zapped"];
/// The hooks run while a standard game is set up (see `super::setup`).
pub const SETUP_HOOKS: &[&str] = &["seating", "teams", "setup"];

/// One hook function and where it comes from.
#[derive(Clone)]
struct Hook {
    variant: String,
    script: ScriptId,
    function: Function,
    /// The kind, for a kind hook.
    kind: Option<Name>,
}

/// The Lua hooks of a game's variants.
pub struct LuaHooks {
    sandbox: Sandbox,
    /// Game-wide hooks by name, in the order the variants apply.
    game_hooks: Vec<(&'static str, Hook)>,
    /// Kind hooks: (kind, hook name, hook).
    kind_hooks: Vec<(Name, &'static str, Hook)>,
    /// The handle lent the game for each call.
    handle: AnyUserData,
    /// Lua functions that build a kind hook's event table and call it:
    /// tables are made in Lua, several times faster than from Rust.
    shims: Shims,
    /// Lua strings made once: robot names, kinds, colours, step names.
    strings: RefCell<HashMap<Text, mlua::LuaString>>,
}

/// The shims' script (see [`LuaHooks::shims`]).
const SHIMS: &str = r#"
return {
  entered = function(f, game, kind, pkind, id, owner, value, q, r)
    return f(game, { kind = kind, piece = { kind = pkind, id = id, owner = owner, value = value }, at = { q, r } })
  end,
  before_step = function(f, game, kind, robot, step, ...)
    local marks = {}
    for i = 1, select('#', ...), 2 do
      local key, value = select(i, ...)
      marks[key] = value
    end
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

/// A string made into a Lua string once per game.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Text {
    Robot(RobotId),
    Name(Name),
    Static(&'static str),
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
    /// The script's hook `name`, if it defines one.
    pub fn hook(&self, name: &str) -> Option<Function> {
        self.table.get::<Option<Function>>(name).ok().flatten()
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
        let mut game_hooks = Vec::new();
        let mut kind_hooks = Vec::new();
        for s in scripts {
            for name in GAME_HOOKS {
                if let Some(function) = s.table.get::<Option<Function>>(*name)? {
                    let hook = Hook {
                        variant: s.variant.clone(),
                        script: s.script,
                        function,
                        kind: None,
                    };
                    game_hooks.push((*name, hook));
                }
            }
            if let Some(kinds) = s.table.get::<Option<Table>>("kinds")? {
                for pair in kinds.pairs::<String, Table>() {
                    let (kind, table) = pair?;
                    for name in KIND_HOOKS {
                        if let Some(function) = table.get::<Option<Function>>(*name)? {
                            let kind = Name::intern(&kind);
                            let hook = Hook {
                                variant: s.variant.clone(),
                                script: s.script,
                                function,
                                kind: Some(kind),
                            };
                            kind_hooks.push((kind, *name, hook));
                        }
                    }
                }
            }
        }
        if game_hooks.is_empty() && kind_hooks.is_empty() {
            return Ok(None);
        }
        let handle = sandbox.lua().create_userdata(GameHandle::default())?;
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
            strings: RefCell::new(HashMap::new()),
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
        let handle = self
            .handle
            .borrow::<GameHandle>()
            .map_err(|e| self.error(name, hook, e))?;
        handle.game.set(game);
        handle.kind.set(hook.kind);
        handle.effects.borrow_mut().clear();
        let _loan = Loan(&handle);
        let result = match shim {
            None => {
                self.sandbox
                    .call_function::<R>(hook.script, &hook.function, (&self.handle, args))
            }
            Some(shim) => self.sandbox.call_function::<R>(
                hook.script,
                shim,
                (&hook.function, &self.handle, args),
            ),
        }
        .map_err(|e| HookError(format!("variant `{}`, hook `{name}`: {e}", hook.variant)));
        if let (Ok(_), Some(out)) = (&result, effects) {
            out.append(&mut handle.effects.borrow_mut());
        }
        result
    }

    /// A Lua string for `text`, made once.
    fn text(&self, game: &Game, text: Text) -> Result<mlua::LuaString, HookError> {
        if let Some(s) = self.strings.borrow().get(&text) {
            return Ok(s.clone());
        }
        let made = match text {
            Text::Robot(id) => self.lua().create_string(game.robot_name(id)),
            Text::Name(n) => self.lua().create_string(n.as_str()),
            Text::Static(s) => self.lua().create_string(s),
        }
        .map_err(|e| HookError(format!("cannot make a Lua string: {e}")))?;
        self.strings.borrow_mut().insert(text, made.clone());
        Ok(made)
    }

    fn error(&self, name: &str, hook: &Hook, e: impl fmt::Display) -> HookError {
        HookError(format!("variant `{}`, hook `{name}`: {e}", hook.variant))
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

/// Clears a handle's loan when the call is over.
struct Loan<'a>(&'a GameHandle);

impl Drop for Loan<'_> {
    fn drop(&mut self) {
        self.0.game.set(std::ptr::null());
    }
}

/// What a hook returned that refuses something: `false` or a reason.
fn verdict(value: Value, default_reason: &str) -> Verdict {
    match value {
        Value::Nil | Value::Boolean(true) => Verdict::Allow,
        Value::String(s) => Verdict::Refuse(match s.to_str() {
            Ok(text) => Name::intern(&text),
            Err(_) => Name::intern(&s.to_string_lossy()),
        }),
        _ => Verdict::Refuse(Name::intern(default_reason)),
    }
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
        let (pkind, id, owner, value) = match piece {
            Piece::Robot(r) => (
                Text::Static("robot"),
                Some(self.text(game, Text::Robot(r))?),
                Some(self.text(game, Text::Static(game.colours()[r / 2].name()))?),
                None,
            ),
            Piece::Crystal(c) => (Text::Static("crystal"), None, None, Some(c.value())),
            Piece::Base(p) => (
                Text::Static("base"),
                None,
                Some(self.text(game, Text::Static(game.colours()[p].name()))?),
                None,
            ),
            Piece::Thing(t) => (Text::Name(t.kind), None, None, None),
        };
        let args = (
            self.text(game, Text::Name(kind))?,
            self.text(game, pkind)?,
            id,
            owner,
            value,
            at.q,
            at.r,
        );
        self.call_through::<()>(
            "entered",
            hook,
            Some(&self.shims.entered),
            game,
            args,
            Some(effects),
        )
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
        // The robot's marks go in the event (`event.marks`), so that a
        // hook reads them without calling back into Rust.
        let mut marks = mlua::Variadic::new();
        for (key, value) in game.marks_of(robot) {
            marks.push(Value::String(self.text(game, Text::Name(key))?));
            marks.push(Value::Integer(value));
        }
        let args = (
            self.text(game, Text::Name(kind))?,
            self.text(game, Text::Robot(robot))?,
            self.text(game, Text::Static(step.name()))?,
            marks,
        );
        let shim = Some(&self.shims.before_step);
        let value: Value =
            self.call_through("before_step", hook, shim, game, args, Some(effects))?;
        Ok(match verdict(value, "a variant took the step away") {
            Verdict::Allow => StepVerdict::Allow,
            Verdict::Refuse(why) => StepVerdict::Skip(why),
        })
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
            if let Verdict::Refuse(why) = verdict(value, "a variant forbids the push") {
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
            self.text(game, Text::Name(thing.kind))?,
            self.text(game, Text::Robot(zapper))?,
            at.q,
            at.r,
        );
        let shim = Some(&self.shims.zapped);
        let value: Option<String> = self.call_through("zapped", hook, shim, game, args, None)?;
        match value.as_deref() {
            None | Some("stop") => Ok(ZapHit::Stop),
            Some("push") => Ok(ZapHit::Push),
            Some(other) => Err(self.error(
                "zapped",
                hook,
                format!("returned \"{other}\": a zapped hook returns \"push\", \"stop\" or nil"),
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
            if let Verdict::Refuse(why) = verdict(value, "a variant forbids this delivery") {
                return Ok(Verdict::Refuse(why));
            }
        }
        Ok(Verdict::Allow)
    }

    fn turn_ended(&self, game: &Game, effects: &mut Vec<Effect>) -> Result<(), HookError> {
        for hook in self.game_hooks("turn_ended") {
            let colour = game.colours()[game.active()].name();
            self.call::<()>("turn_ended", hook, game, colour, Some(effects))?;
        }
        Ok(())
    }

    fn game_over(&self, game: &Game) -> Result<Option<Name>, HookError> {
        for hook in self.game_hooks("game_over") {
            let value: Value = self.call("game_over", hook, game, (), None)?;
            match value {
                Value::Nil | Value::Boolean(false) => {}
                Value::String(s) => return Ok(Some(Name::intern(&s.to_string_lossy()))),
                _ => return Ok(Some(Name::intern("a variant's end condition"))),
            }
        }
        Ok(None)
    }

    fn score(&self, game: &Game, player: PlayerId) -> Result<Option<[i64; 4]>, HookError> {
        let mut score = None;
        for hook in self.game_hooks("score") {
            let colour = game.colours()[player].name();
            let value: Value = self.call("score", hook, game, colour, None)?;
            score = match value {
                Value::Nil => score,
                Value::Integer(n) => Some([n, 0, 0, 0]),
                Value::Number(n) => Some([n as i64, 0, 0, 0]),
                Value::Table(t) => {
                    let mut key = [0i64; 4];
                    for (i, k) in key.iter_mut().enumerate() {
                        *k = t
                            .get::<Option<i64>>(i + 1)
                            .map_err(|e| self.error("score", hook, e))?
                            .unwrap_or(0);
                    }
                    Some(key)
                }
                other => {
                    return Err(self.error(
                        "score",
                        hook,
                        format!(
                            "returned a {}: a score is a number or a list of up to four numbers",
                            other.type_name()
                        ),
                    ))
                }
            };
        }
        Ok(score)
    }
}

/// The game as a hook sees it (`Game` in the API): read-only, lent for
/// the length of one call, with the effects the hook asks for.
pub(super) struct GameHandle {
    game: Cell<*const Game>,
    /// The kind whose hook is running, for a kind hook.
    kind: Cell<Option<Name>>,
    effects: RefCell<Vec<Effect>>,
    /// Robot names and mark keys already read, so that a hook's calls do
    /// not parse and intern the same text again (a per-game cache: the
    /// colours of a game never change).
    seen: RefCell<Vec<(Box<str>, Seen)>>,
}

/// What a text read from a hook stood for.
#[derive(Clone, Copy)]
enum Seen {
    Robot(RobotId),
    Key(Name),
}

impl Default for GameHandle {
    fn default() -> Self {
        GameHandle {
            game: Cell::new(std::ptr::null()),
            kind: Cell::new(None),
            effects: RefCell::new(Vec::new()),
            seen: RefCell::new(Vec::new()),
        }
    }
}

impl GameHandle {
    /// What `text` stood for when last read, if it was read before.
    fn seen(&self, text: &str, robot: bool) -> Option<Seen> {
        self.seen
            .borrow()
            .iter()
            .find(|(t, s)| &**t == text && matches!(s, Seen::Robot(_)) == robot)
            .map(|(_, s)| *s)
    }

    fn remember(&self, text: &str, seen: Seen) {
        let mut all = self.seen.borrow_mut();
        if all.len() < 64 {
            all.push((text.into(), seen));
        }
    }

    /// A robot in play named by a hook (`red.1`).
    fn robot(&self, lua: &Lua, game: &Game, name: &str) -> mlua::Result<RobotId> {
        let id = match self.seen(name, true) {
            Some(Seen::Robot(id)) => id,
            _ => {
                let id =
                    crate::game::parse_robot(game.colours(), name).map_err(|e| located(lua, e))?;
                self.remember(name, Seen::Robot(id));
                id
            }
        };
        match game.robot(id) {
            Some(_) => Ok(id),
            None => Err(located(lua, format!("{name} is not in play"))),
        }
    }

    /// A mark's key.
    fn key(&self, key: &str) -> Name {
        match self.seen(key, false) {
            Some(Seen::Key(name)) => name,
            _ => {
                let name = Name::intern(key);
                self.remember(key, Seen::Key(name));
                name
            }
        }
    }

    fn game(&self, lua: &Lua) -> mlua::Result<&Game> {
        let game = self.game.get();
        if game.is_null() {
            return Err(located(
                lua,
                "the game is only reachable during the hook call it was lent for",
            ));
        }
        // SAFETY: the pointer is set only by `LuaHooks::call` from a `&Game`
        // that outlives the call, and cleared (by `Loan`) before that borrow
        // ends. Lua code runs only inside that call (scripts cannot run
        // `__gc` finalizers; unfinished threads are dropped unrun), so a
        // non-null pointer points at the lent game, which nothing mutates
        // during the call.
        Ok(unsafe { &*game })
    }
}

fn colour_arg(lua: &Lua, game: &Game, name: &str) -> mlua::Result<PlayerId> {
    let colour: Colour = name.parse().map_err(|e| located(lua, e))?;
    crate::pieces::seat_of(game.colours(), colour).map_err(|e| located(lua, e))
}

fn robot_arg(lua: &Lua, game: &Game, name: &str) -> mlua::Result<RobotId> {
    let id = crate::game::parse_robot(game.colours(), name).map_err(|e| located(lua, e))?;
    match game.robot(id) {
        Some(_) => Ok(id),
        None => Err(located(lua, format!("{name} is not in play"))),
    }
}

/// Standings summed, as a `StandingInfo` table.
fn standing_table(lua: &Lua, standings: impl IntoIterator<Item = Standing>) -> mlua::Result<Table> {
    let (mut total, mut base, mut carried, mut blue, mut green) = (0, 0, 0, 0, 0);
    for s in standings {
        total += s.total();
        base += s.base_points;
        carried += s.carried_points;
        blue += s.blue_in_base;
        green += s.green_in_base;
    }
    let t = lua.create_table()?;
    t.set("total", total)?;
    t.set("base", base)?;
    t.set("carried", carried)?;
    t.set("blue", blue)?;
    t.set("green", green)?;
    Ok(t)
}

impl UserData for GameHandle {
    fn add_fields<F: UserDataFields<Self>>(fields: &mut F) {
        fields.add_field_method_get("turn", |lua, this| Ok(this.game(lua)?.turn()));
        fields.add_field_method_get("active", |lua, this| {
            let g = this.game(lua)?;
            Ok(g.colours()[g.active()].name())
        });
        fields.add_field_method_get("colours", |lua, this| {
            let g = this.game(lua)?;
            lua.create_sequence_from(g.colours().iter().map(|c| c.name()))
        });
        fields.add_field_method_get("arena_radius", |lua, this| {
            Ok(this.game(lua)?.board().arena().radius())
        });
    }

    fn add_methods<M: UserDataMethods<Self>>(methods: &mut M) {
        methods.add_method(api::method("Game", "robot"), |lua, this, name: String| {
            let g = this.game(lua)?;
            let id = robot_arg(lua, g, &name)?;
            robot_table(lua, g, id)
        });
        methods.add_method(api::method("Game", "robots"), |lua, this, ()| {
            let g = this.game(lua)?;
            let list = lua.create_table()?;
            for r in g.robots().iter().flatten() {
                list.push(robot_table(lua, g, r.id)?)?;
            }
            Ok(list)
        });
        methods.add_method(api::method("Game", "piece"), |lua, this, at: Value| {
            let g = this.game(lua)?;
            let at = hex_arg(lua, &at)?;
            match g.board().at(at) {
                Some(p) => Ok(Value::Table(piece_table(lua, g, p)?)),
                None => Ok(Value::Nil),
            }
        });
        methods.add_method(api::method("Game", "floor"), |lua, this, at: Value| {
            let g = this.game(lua)?;
            let at = hex_arg(lua, &at)?;
            match g.board().floor(at) {
                Some(f) => {
                    let t = lua.create_table()?;
                    t.set("kind", f.kind.as_str())?;
                    t.set("colour", f.colour.map(|c| c.name()))?;
                    t.set("facing", f.facing.map(|d| d.name()))?;
                    Ok(Value::Table(t))
                }
                None => Ok(Value::Nil),
            }
        });
        methods.add_method(api::method("Game", "on_board"), |lua, this, at: Value| {
            let g = this.game(lua)?;
            Ok(g.board().contains(hex_arg(lua, &at)?))
        });
        methods.add_method(api::method("Game", "terrain"), |lua, this, ()| {
            let g = this.game(lua)?;
            let list = lua.create_table()?;
            for t in g.position().terrain {
                let item = lua.create_table()?;
                item.set("kind", t.kind.as_str())?;
                item.set("at", hex_value(lua, t.at)?)?;
                item.set("colour", t.colour.map(|c| c.name()))?;
                item.set("facing", t.facing.map(|d| d.name()))?;
                list.push(item)?;
            }
            Ok(list)
        });
        methods.add_method(
            api::method("Game", "mark"),
            |lua, this, (robot, key): (LuaString, LuaString)| {
                let g = this.game(lua)?;
                let id = this.robot(lua, g, &robot.to_str()?)?;
                let key = this.key(&key.to_str()?);
                let pending = this.effects.borrow().iter().rev().find_map(|e| match *e {
                    Effect::Mark {
                        robot,
                        key: k,
                        value,
                    } if robot == id && k == key => Some(value),
                    _ => None,
                });
                Ok(pending.unwrap_or_else(|| g.mark(id, key)))
            },
        );
        methods.add_method(
            api::method("Game", "set_mark"),
            |lua, this, (robot, key, value): (LuaString, LuaString, i64)| {
                let g = this.game(lua)?;
                let id = this.robot(lua, g, &robot.to_str()?)?;
                let key = this.key(&key.to_str()?);
                this.effects.borrow_mut().push(Effect::Mark {
                    robot: id,
                    key,
                    value,
                });
                Ok(())
            },
        );
        methods.add_method(
            api::method("Game", "done_with"),
            |lua, this, robot: LuaString| {
                let g = this.game(lua)?;
                let robot = this.robot(lua, g, &robot.to_str()?)?;
                let Some(kind) = this.kind.get() else {
                    return Err(located(lua, "done_with is for kind hooks (under `kinds`)"));
                };
                this.effects
                    .borrow_mut()
                    .push(Effect::DoneWith { robot, kind });
                Ok(())
            },
        );
        methods.add_method(
            api::method("Game", "push"),
            |lua, this, (at, dir): (Value, String)| {
                let g = this.game(lua)?;
                let at = hex_arg(lua, &at)?;
                if !g.board().contains(at) {
                    return Err(located(lua, format!("{at} is off the board")));
                }
                let dir: Direction = dir.parse().map_err(|e| located(lua, e))?;
                this.effects.borrow_mut().push(Effect::Push { at, dir });
                Ok(())
            },
        );
        methods.add_method(api::method("Game", "team"), |lua, this, colour: String| {
            let g = this.game(lua)?;
            let seat = colour_arg(lua, g, &colour)?;
            Ok(g.sides().team(seat) + 1)
        });
        methods.add_method(
            api::method("Game", "teammates"),
            |lua, this, colour: String| {
                let g = this.game(lua)?;
                let seat = colour_arg(lua, g, &colour)?;
                let team = g.sides().team(seat);
                lua.create_sequence_from(
                    (0..g.colours().len())
                        .filter(|&p| g.sides().team(p) == team)
                        .map(|p| g.colours()[p].name()),
                )
            },
        );
        methods.add_method(
            api::method("Game", "standing"),
            |lua, this, colour: String| {
                let g = this.game(lua)?;
                let seat = colour_arg(lua, g, &colour)?;
                standing_table(lua, [g.standard_standing(seat)])
            },
        );
        methods.add_method(
            api::method("Game", "team_standing"),
            |lua, this, colour: String| {
                let g = this.game(lua)?;
                let team = g.sides().team(colour_arg(lua, g, &colour)?);
                standing_table(
                    lua,
                    (0..g.colours().len())
                        .filter(|&p| g.sides().team(p) == team)
                        .map(|p| g.standard_standing(p)),
                )
            },
        );
    }
}
