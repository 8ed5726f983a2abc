//! The Lua runtime of a mission's script: one sandbox per game (shared by
//! the game's copies, like Twin Tin Bots' variants; a game started after
//! another on the same thread may get the sandbox the other no longer
//! holds, its script started anew: [`super::pool`]), the script's hooks
//! looked up once, and the calls that lend a hook a picture of the game and
//! read back the changes it asks for ([`Effect`], through the methods of
//! [`super::api`]), which the engine applies by the normal rules once the
//! hook has returned.
//!
//! Every hook runs under the one guard ([`MissionHooks::enter`],
//! DESIGN.md principle 9), held while its changes are applied too: a
//! change may move a robot, whose `moved` hook may ask for a change...
//! Past the guard's depth, or past [`HOOK_CALLS_PER_CHAIN`] hooks for one,
//! the hook fails, naming the script and the chain.
//!
//! A hook never holds the game: it gets a fresh `game` table each call, so
//! a game's copies (undo, simulation, `sample_hidden`) stay independent and
//! what a script keeps between calls lives in the game (`game:set`), not in
//! Lua. The die a hook rolls is the game's own, lent for the call.

use std::cell::{Cell, RefCell};
use std::fmt;
use std::rc::Rc;

use mlua::{Function, Lua, LuaString, MultiValue, Table, Value};

use crate::engine::Seat;
use crate::grid::square::{Compass, Square};
use crate::script::hook_guard::Running;
use crate::script::{HookGuard, Sandbox, ScriptError, ScriptId};

use super::api::{self, Asked, Lent, Shared};
use crate::games::droids::board::Piece;
use crate::games::droids::game::{Carried, Game, RobotId};

/// The hooks a mission script may define, in the order of [`Hook`].
pub const HOOKS: [&str; 4] = ["setup", "moved", "order_done", "round_ended"];

/// When a hook runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hook {
    /// Once, when the game starts, before the set-up's obstacles.
    Setup,
    /// A robot entered a square, by its own move or pushed.
    Moved,
    /// A turned-up tile has been carried out.
    OrderDone,
    /// A round ended (after the players who ran nothing are out).
    RoundEnded,
}

/// What happened, for the hook's `event` table.
#[derive(Clone, Debug)]
pub enum HookEvent {
    /// The game starts.
    Setup,
    /// `robot` went from `from` to `to`; `pushed` when another pushed it,
    /// `steered` when another's red tile steered it.
    Moved {
        /// Which robot.
        robot: RobotId,
        /// Where from.
        from: Square,
        /// Where to.
        to: Square,
        /// Pushed rather than moving itself.
        pushed: bool,
        /// Steered by another robot (seed lines 74-76) rather than moving
        /// by its own order.
        steered: bool,
    },
    /// `seat` turned up `tile` and `robot` carried it out, from `from`.
    OrderDone {
        /// Whose order.
        seat: Seat,
        /// The robot that carried it out.
        robot: RobotId,
        /// The tile, as text.
        tile: String,
        /// Where the robot stood before.
        from: Option<Square>,
        /// Every robot that left its square during the order (the one
        /// that carried it out, those it pushed or steered), with the
        /// square it stood on before, in the game's order of robots.
        moved: Vec<(RobotId, Square)>,
    },
    /// Round `round` ended.
    RoundEnded {
        /// Its number.
        round: u32,
    },
}

impl HookEvent {
    /// The hook it calls.
    pub fn hook(&self) -> Hook {
        match self {
            HookEvent::Setup => Hook::Setup,
            HookEvent::Moved { .. } => Hook::Moved,
            HookEvent::OrderDone { .. } => Hook::OrderDone,
            HookEvent::RoundEnded { .. } => Hook::RoundEnded,
        }
    }
}

/// A change a hook asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// The player blocks `n` registers of their choice (seed line 158).
    Block {
        /// Who.
        seat: Seat,
        /// How many.
        n: u8,
    },
    /// A piece is put on (or taken off) a square.
    SetPiece {
        /// The square.
        at: Square,
        /// The piece, or none.
        piece: Option<Piece>,
    },
    /// What a robot carries is set.
    SetCarrying {
        /// Which robot.
        robot: RobotId,
        /// The piece it carries, or nothing.
        piece: Option<Piece>,
    },
    /// A number the mission keeps is set.
    Set {
        /// Its name.
        key: String,
        /// Its value.
        value: i64,
    },
    /// The game ends.
    Finish {
        /// Who wins (none: nobody, or a draw).
        winners: Vec<Seat>,
        /// Why.
        reason: String,
    },
    /// A robot moves as a tile moves it.
    Drive {
        /// Which robot.
        robot: RobotId,
        /// Which way.
        dir: Compass,
        /// Squares, or `None` to the next obstacle.
        reach: Option<u32>,
    },
    /// A robot shoots.
    Shoot {
        /// Which robot.
        robot: RobotId,
        /// Which way.
        dir: Compass,
        /// Registers a hit blocks.
        registers: u8,
        /// Whether the die and the distance decide (seed line 48).
        distance: bool,
        /// A hit puts the player out (seed line 254).
        scrap: bool,
    },
    /// A player is out.
    Out {
        /// Who.
        seat: Seat,
    },
    /// A line for the transcript.
    Say(String),
}

/// The most hooks one hook's changes may run, all depths together (a
/// hook whose changes run hooks whose changes run hooks...): the guard
/// bounds how deep such a chain goes, this how wide.
pub const HOOK_CALLS_PER_CHAIN: usize = 128;

/// A mission's script, loaded.
pub struct MissionHooks {
    sandbox: Sandbox,
    script: ScriptId,
    hooks: [Option<Function>; 4],
    /// The metatable of the `game` tables: the methods ([`api`]).
    meta: Table,
    /// [`GAME_TABLE`], compiled once.
    make_game: Function,
    /// The game lent to the hook running.
    lent: Shared,
    /// The setting given after the mission's name (`7:c`).
    setting: Option<String>,
    /// The hooks running, and the changes they asked for being applied.
    guard: HookGuard,
    /// The hooks run in the chain running.
    chain_calls: Cell<usize>,
    /// The outermost hook of the chain running.
    chain_root: Cell<Hook>,
    /// The fixed texts of the `game` and `event` tables, made once.
    texts: Texts,
}

/// The Lua function that makes a hook's `game` table from its fields
/// given in order, in one call (`game_table.lua`).
const GAME_TABLE: &str = include_str!("game_table.lua");

/// The most texts [`Texts`] keeps: the tables' keys, the colours, the
/// robots' and pieces' names, the mission's name and setting fit many
/// times over.
const MAX_TEXTS: usize = 64;

/// The texts the `game` and `event` tables are built of (keys such as
/// `"robots"` or `"x"`, colours, robots' names) as Lua strings, each made
/// once per sandbox: making a Lua string from Rust is a protected call
/// into Lua, and a `game` table holds a few dozen. Only texts the engine
/// names go here (a mission's kept numbers' keys, which a script chooses,
/// are made each time); past [`MAX_TEXTS`] a text is made each time too.
#[derive(Default)]
struct Texts(RefCell<Vec<(String, LuaString)>>);

impl Texts {
    /// `text` as a Lua string.
    fn get(&self, lua: &Lua, text: &str) -> mlua::Result<LuaString> {
        if let Some((_, made)) = self.0.borrow().iter().find(|(t, _)| t == text) {
            return Ok(made.clone());
        }
        let made = lua.create_string(text)?;
        let mut texts = self.0.borrow_mut();
        if texts.len() < MAX_TEXTS {
            texts.push((text.to_string(), made.clone()));
        }
        Ok(made)
    }
}

impl fmt::Debug for MissionHooks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = HOOKS
            .iter()
            .zip(&self.hooks)
            .filter(|(_, h)| h.is_some())
            .map(|(n, _)| *n)
            .collect();
        write!(f, "MissionHooks({}, {names:?})", self.path())
    }
}

/// Why a mission script could not be loaded.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct LoadError(pub String);

impl MissionHooks {
    /// Loads the script `text`, named `file` in errors; refuses a script
    /// that does not return a table, or whose table holds a key that is no
    /// hook (a misspelt hook would be silently ignored).
    pub fn load(
        file: &str,
        text: &str,
        setting: Option<String>,
    ) -> Result<MissionHooks, LoadError> {
        let err = |e: ScriptError| LoadError(e.to_string());
        let mut sandbox = Sandbox::new().map_err(err)?;
        let lent: Shared = Rc::default();
        let meta = api::metatable(sandbox.lua(), &lent)
            .map_err(|e| LoadError(format!("{file}: the mission runtime: {e}")))?;
        let make_game = sandbox
            .lua()
            .load(GAME_TABLE)
            .set_name("=mission game table")
            .eval()
            .map_err(|e| LoadError(format!("{file}: the mission runtime: {e}")))?;
        let script = sandbox.load_str(file, text).map_err(err)?;
        let hooks = hooks_of(file, sandbox.script_value(script))?;
        Ok(MissionHooks {
            sandbox,
            script,
            hooks,
            meta,
            make_game,
            lent,
            setting,
            guard: HookGuard::new(),
            chain_calls: Cell::new(0),
            chain_root: Cell::new(Hook::Setup),
            texts: Texts::default(),
        })
    }

    /// Makes the script new for another game, as [`MissionHooks::load`]
    /// would, without building a sandbox or compiling it again: its main
    /// chunk runs anew in a fresh environment ([`Sandbox::restart`]), so
    /// nothing the script kept in Lua (globals, top-level locals, required
    /// modules, the random generator's state) passes from one game to the
    /// next. Only for a script no game holds any more.
    pub fn restart(&mut self) -> Result<(), LoadError> {
        let file = self.path().to_string();
        self.sandbox
            .restart(self.script)
            .map_err(|e| LoadError(e.to_string()))?;
        self.hooks = hooks_of(&file, self.sandbox.script_value(self.script))?;
        self.lent.borrow_mut().take();
        self.chain_calls.set(0);
        self.chain_root.set(Hook::Setup);
        Ok(())
    }

    /// The script's file, as shown.
    pub fn path(&self) -> &str {
        self.sandbox.script_path(self.script)
    }

    /// Whether the script defines `hook`.
    pub fn has(&self, hook: Hook) -> bool {
        self.hooks[hook as usize].is_some()
    }

    /// Enters `hook` under the guard, held while the hook runs and while
    /// the changes it asked for are applied (which may run hooks again).
    /// Refused, naming the script and the chain of hooks, past
    /// [`crate::script::HOOK_DEPTH`] hooks deep or past
    /// [`HOOK_CALLS_PER_CHAIN`] hooks run for one outermost hook.
    pub fn enter(&self, hook: Hook) -> Result<Running<'_>, String> {
        if self.guard.depth() == 0 {
            self.chain_calls.set(0);
            self.chain_root.set(hook);
        }
        let calls = self.chain_calls.get() + 1;
        self.chain_calls.set(calls);
        let running = self
            .guard
            .enter(HOOKS[hook as usize])
            .map_err(|e| format!("{}: {e}", self.path()))?;
        if calls > HOOK_CALLS_PER_CHAIN {
            return Err(format!(
                "{}: the changes hook `{}` asked for ran more than {HOOK_CALLS_PER_CHAIN} hooks, \
                 the last `{}` (docs/security.md)",
                self.path(),
                HOOKS[self.chain_root.get() as usize],
                HOOKS[hook as usize]
            ));
        }
        Ok(running)
    }

    /// A change that could not be applied, at the line that asked for it.
    pub fn refused(&self, hook: Hook, line: Option<u32>, why: &str) -> String {
        let at = match line {
            Some(line) => format!("{}:{line}", self.path()),
            None => self.path().to_string(),
        };
        format!("{at}: hook `{}`: {why}", HOOKS[hook as usize])
    }

    /// Runs the hook of `event` on `game` (lent for the call: its die, a
    /// picture, its kept numbers) and returns the changes asked for; an
    /// error names the script, the line and the cause.
    pub fn run(&self, game: &mut Game, event: &HookEvent) -> Result<Vec<Asked>, String> {
        let Some(hook) = &self.hooks[event.hook() as usize] else {
            return Ok(Vec::new());
        };
        let lua = self.sandbox.lua();
        let runtime = |e: mlua::Error| format!("{}: the mission runtime: {e}", self.path());
        let data = self.game_table(lua, game).map_err(runtime)?;
        let event_table = event_table(lua, &self.texts, game, event).map_err(runtime)?;
        *self.lent.borrow_mut() = Some(Lent::of(game));
        let result: Result<(), ScriptError> =
            self.sandbox
                .call_function(self.script, hook, (data, event_table));
        let lent = self
            .lent
            .borrow_mut()
            .take()
            .expect("the game is lent for the call");
        game.dice = lent.dice;
        result.map_err(|e| e.to_string())?;
        Ok(lent.asked)
    }

    /// The `game` table a hook gets: the data, with the methods of
    /// [`api`] in its (hidden) metatable; made by [`GAME_TABLE`] in one
    /// call.
    fn game_table(&self, lua: &Lua, game: &Game) -> mlua::Result<Table> {
        let text = |t: &str| self.texts.get(lua, t).map(Value::String);
        let int = Value::Integer;
        let board = &game.mission.board;
        let setting = match self.setting.as_deref() {
            Some(setting) => text(setting)?,
            None => Value::Nil,
        };
        let mut args = MultiValue::with_capacity(8 + 4 * (game.players.len() + game.robots.len()));
        args.extend([
            int(game.players.len() as i64),
            int(game.robots.len() as i64),
            int(game.vars.iter().count() as i64),
            int(i64::from(game.round)),
            int(i64::from(board.width)),
            int(i64::from(board.height)),
            text(game.mission.name.as_str())?,
            setting,
        ]);
        for (seat, p) in game.players.iter().enumerate() {
            args.push_back(text(game.colour(seat))?);
            args.extend(square_values(game.mission.starts[game.colours[seat]]));
            args.push_back(int(p.blocked.iter().filter(|b| !**b).count() as i64));
        }
        for r in &game.robots {
            args.push_back(text(&r.id.to_string())?);
            args.extend(square_values(r.at));
            args.push_back(match r.carrying {
                Some(c) => text(carried_name(c))?,
                None => Value::Nil,
            });
        }
        for (k, v) in &game.vars {
            args.push_back(Value::String(lua.create_string(k.as_str())?));
            args.push_back(int(*v));
        }
        let t: Table = self.make_game.call(args)?;
        t.set_metatable(Some(self.meta.clone()))?;
        Ok(t)
    }
}

/// A square's `x` and `y` as arguments of [`GAME_TABLE`] (nil and nil for
/// none).
fn square_values(at: Option<Square>) -> [Value; 2] {
    match at {
        Some(at) => [
            Value::Integer(i64::from(at.x)),
            Value::Integer(i64::from(at.y)),
        ],
        None => [Value::Nil, Value::Nil],
    }
}

/// The hooks of the table a mission script returned (`value`): refused,
/// naming `file`, unless a table whose every key is a hook and every
/// value a function (a misspelt hook would be silently ignored).
fn hooks_of(file: &str, value: &Value) -> Result<[Option<Function>; 4], LoadError> {
    let Value::Table(table) = value else {
        return Err(LoadError(format!(
            "{file}: a mission script returns a table of hooks ({})",
            HOOKS.join(", ")
        )));
    };
    let mut hooks: [Option<Function>; 4] = Default::default();
    for pair in table.pairs::<Value, Value>() {
        let (key, value) = pair.map_err(|e| LoadError(format!("{file}: {e}")))?;
        let name = match &key {
            Value::String(s) => s.to_string_lossy(),
            other => crate::script::text::quoted_value(other),
        };
        let Some(i) = HOOKS.iter().position(|h| *h == name) else {
            return Err(LoadError(format!(
                "{file}: `{}` is not a hook; the hooks are {}",
                crate::script::text::shown(&name),
                HOOKS.join(", ")
            )));
        };
        match value {
            Value::Function(f) => hooks[i] = Some(f),
            _ => {
                return Err(LoadError(format!(
                    "{file}: hook `{name}` is not a function"
                )))
            }
        }
    }
    Ok(hooks)
}

/// A carried thing's name in Lua.
fn carried_name(c: Carried) -> &'static str {
    match c {
        Carried::Piece(p) => p.name(),
        Carried::Statue => "statue",
    }
}

/// `{x = .., y = ..}`.
fn square_table(lua: &Lua, texts: &Texts, at: Square) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    t.set(texts.get(lua, "x")?, at.x)?;
    t.set(texts.get(lua, "y")?, at.y)?;
    Ok(t)
}

/// The `event` table of a hook in `game`.
fn event_table(lua: &Lua, texts: &Texts, game: &Game, event: &HookEvent) -> mlua::Result<Table> {
    let text = |t: &str| texts.get(lua, t);
    let t = lua.create_table()?;
    match event {
        HookEvent::Setup => {}
        HookEvent::Moved {
            robot,
            from,
            to,
            pushed,
            steered,
        } => {
            t.set(text("robot")?, text(&robot.to_string())?)?;
            t.set(text("from")?, square_table(lua, texts, *from)?)?;
            t.set(text("to")?, square_table(lua, texts, *to)?)?;
            t.set(text("pushed")?, *pushed)?;
            t.set(text("steered")?, *steered)?;
        }
        HookEvent::OrderDone {
            seat,
            robot,
            tile,
            from,
            moved,
        } => {
            t.set(text("player")?, text(game.colour(*seat))?)?;
            t.set(text("robot")?, text(&robot.to_string())?)?;
            t.set(text("tile")?, tile.as_str())?;
            if let Some(f) = from {
                t.set(text("from")?, square_table(lua, texts, *f)?)?;
            }
            let list = lua.create_table()?;
            for (i, (r, f)) in moved.iter().enumerate() {
                let entry = lua.create_table()?;
                entry.set(text("robot")?, text(&r.to_string())?)?;
                entry.set(text("from")?, square_table(lua, texts, *f)?)?;
                list.raw_set(i + 1, entry)?;
            }
            t.set(text("moved")?, list)?;
        }
        HookEvent::RoundEnded { round } => t.set(text("round")?, *round)?,
    }
    Ok(t)
}
