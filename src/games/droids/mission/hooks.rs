//! The Lua runtime of a mission's script: one sandbox per game (shared by
//! the game's copies, like Twin Tin Bots' variants), the script's hooks
//! looked up once, and the calls that lend a hook a picture of the game and
//! read back the changes it asks for ([`Effect`]), which the engine applies
//! by the normal rules once the hook has returned.
//!
//! A hook never holds the game: it gets a fresh `game` table each call, so
//! a game's copies (undo, simulation, `sample_hidden`) stay independent and
//! what a script keeps between calls lives in the game (`game:set`), not in
//! Lua. The die a hook rolls is the game's own, lent for the call.

use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;

use mlua::{Function, Lua, Table, Value};

use crate::engine::Seat;
use crate::grid::square::{Compass, Square};
use crate::script::{Sandbox, ScriptError, ScriptId};

use super::super::board::{Piece, Terrain, PLAYER_COLOURS};
use super::super::game::{Carried, Dice, Game, RobotId};

/// The hooks a mission script may define, in the order of [`Hook`].
pub const HOOKS: [&str; 4] = ["setup", "moved", "order_done", "round_ended"];

/// The library that wraps a hook's data into the `game` object.
const LIBRARY: &str = include_str!("library.lua");

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
    /// `robot` went from `from` to `to`; `pushed` when another pushed it.
    Moved {
        /// Which robot.
        robot: RobotId,
        /// Where from.
        from: Square,
        /// Where to.
        to: Square,
        /// Pushed rather than moving itself.
        pushed: bool,
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
    },
    /// Round `round` ended.
    RoundEnded {
        /// Its number.
        round: u32,
    },
}

impl HookEvent {
    fn hook(&self) -> Hook {
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

/// A mission's script, loaded.
pub struct MissionHooks {
    sandbox: Sandbox,
    script: ScriptId,
    call: Function,
    hooks: [Option<Function>; 4],
    /// The game's die, lent for a call.
    dice: Rc<RefCell<Option<Dice>>>,
    /// The setting given after the mission's name (`7:c`).
    setting: Option<String>,
}

impl fmt::Debug for MissionHooks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = HOOKS
            .iter()
            .zip(&self.hooks)
            .filter(|(_, h)| h.is_some())
            .map(|(n, _)| *n)
            .collect();
        write!(
            f,
            "MissionHooks({}, {names:?})",
            self.sandbox.script_path(self.script)
        )
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
        let library = sandbox
            .load_str("droids mission library", LIBRARY)
            .map_err(err)?;
        let dice: Rc<RefCell<Option<Dice>>> = Rc::default();
        let lent = dice.clone();
        let roll = sandbox
            .lua()
            .create_function(move |_, ()| {
                Ok(lent
                    .borrow_mut()
                    .as_mut()
                    .map_or(0, |d: &mut Dice| d.roll()))
            })
            .map_err(|e| LoadError(e.to_string()))?;
        let lib = match sandbox.script_value(library) {
            Value::Table(t) => t.clone(),
            _ => return Err(LoadError("the mission library returns no table".into())),
        };
        let lua_err = |e: mlua::Error| LoadError(format!("droids mission library: {e}"));
        let init: Function = lib.raw_get("init").map_err(lua_err)?;
        let call: Function = lib.raw_get("call").map_err(lua_err)?;
        sandbox
            .call_function::<()>(library, &init, roll)
            .map_err(err)?;
        let script = sandbox.load_str(file, text).map_err(err)?;
        let Value::Table(table) = sandbox.script_value(script).clone() else {
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
                other => format!("{other:?}"),
            };
            let Some(i) = HOOKS.iter().position(|h| *h == name) else {
                return Err(LoadError(format!(
                    "{file}: `{name}` is not a hook; the hooks are {}",
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
        Ok(MissionHooks {
            sandbox,
            script,
            call,
            hooks,
            dice,
            setting,
        })
    }

    /// Whether the script defines `hook`.
    pub fn has(&self, hook: Hook) -> bool {
        self.hooks[hook as usize].is_some()
    }

    /// Runs the hook of `event` on `game` (its die lent for the call) and
    /// returns the changes asked for; an error names the script, the line
    /// and the cause.
    pub fn run(&self, game: &mut Game, event: &HookEvent) -> Result<Vec<Effect>, String> {
        let Some(hook) = &self.hooks[event.hook() as usize] else {
            return Ok(Vec::new());
        };
        let lua = self.sandbox.lua();
        let data = self.game_table(lua, game).map_err(|e| e.to_string())?;
        let event_table = event_table(lua, event).map_err(|e| e.to_string())?;
        *self.dice.borrow_mut() = Some(game.dice.clone());
        let result: Result<Table, ScriptError> =
            self.sandbox
                .call_function(self.script, &self.call, (hook.clone(), data, event_table));
        if let Some(d) = self.dice.borrow_mut().take() {
            game.dice = d;
        }
        let effects = result.map_err(|e| e.to_string())?;
        let path = self.sandbox.script_path(self.script);
        effects
            .sequence_values::<Table>()
            .map(|t| {
                let t = t.map_err(|e| e.to_string())?;
                read_effect(&t).map_err(|why| {
                    format!("{path}: hook `{}`: {why}", HOOKS[event.hook() as usize])
                })
            })
            .collect()
    }

    /// The data of the `game` table a hook gets.
    fn game_table(&self, lua: &Lua, game: &Game) -> mlua::Result<Table> {
        let t = lua.create_table()?;
        let board = &game.mission.board;
        t.set("round", game.round)?;
        t.set("width", board.width)?;
        t.set("height", board.height)?;
        t.set("mission", game.mission.name.as_str())?;
        t.set("setting", self.setting.as_deref())?;
        let terrain: String = board
            .squares()
            .map(|at| match board.terrain(at) {
                Some(Terrain::Water) => '~',
                Some(Terrain::Fixed) => '#',
                _ => '.',
            })
            .collect();
        t.set("_terrain", terrain)?;
        let pieces = lua.create_table()?;
        for (i, p) in game.pieces.iter().enumerate() {
            if let Some(p) = p {
                pieces.raw_set(i, p.name())?;
            }
        }
        t.set("_pieces", pieces)?;
        let players = lua.create_table()?;
        let starts = lua.create_table()?;
        let out = lua.create_table()?;
        let free = lua.create_table()?;
        for (seat, p) in game.players.iter().enumerate() {
            let colour = PLAYER_COLOURS[seat];
            players.raw_set(seat + 1, colour)?;
            if let Some(at) = game.mission.starts[seat] {
                starts.set(colour, square_table(lua, at)?)?;
            }
            out.set(colour, p.out)?;
            free.set(colour, p.blocked.iter().filter(|b| !**b).count())?;
        }
        t.set("players", players)?;
        t.set("starts", starts)?;
        t.set("out", out)?;
        t.set("free_registers", free)?;
        let robots = lua.create_table()?;
        for r in &game.robots {
            let rt = lua.create_table()?;
            rt.set("name", r.id.to_string())?;
            if let Some(at) = r.at {
                rt.set("x", at.x)?;
                rt.set("y", at.y)?;
            }
            rt.set("carrying", r.carrying.map(carried_name))?;
            robots.set(r.id.to_string(), rt)?;
        }
        t.set("robots", robots)?;
        let vars = lua.create_table()?;
        for (k, v) in &game.vars {
            vars.set(k.as_str(), *v)?;
        }
        t.set("vars", vars)?;
        Ok(t)
    }
}

/// A carried thing's name in Lua.
fn carried_name(c: Carried) -> &'static str {
    match c {
        Carried::Piece(p) => p.name(),
        Carried::Statue => "statue",
    }
}

/// `{x = .., y = ..}`.
fn square_table(lua: &Lua, at: Square) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    t.set("x", at.x)?;
    t.set("y", at.y)?;
    Ok(t)
}

/// The `event` table of a hook.
fn event_table(lua: &Lua, event: &HookEvent) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    match event {
        HookEvent::Setup => {}
        HookEvent::Moved {
            robot,
            from,
            to,
            pushed,
        } => {
            t.set("robot", robot.to_string())?;
            t.set("from", square_table(lua, *from)?)?;
            t.set("to", square_table(lua, *to)?)?;
            t.set("pushed", *pushed)?;
        }
        HookEvent::OrderDone {
            seat,
            robot,
            tile,
            from,
        } => {
            t.set("player", PLAYER_COLOURS[*seat])?;
            t.set("robot", robot.to_string())?;
            t.set("tile", tile.as_str())?;
            if let Some(f) = from {
                t.set("from", square_table(lua, *f)?)?;
            }
        }
        HookEvent::RoundEnded { round } => t.set("round", *round)?,
    }
    Ok(t)
}

/// A colour's seat.
fn seat_of(colour: &str) -> Result<Seat, String> {
    PLAYER_COLOURS
        .iter()
        .position(|c| *c == colour)
        .ok_or_else(|| format!("`{colour}` is not a player's colour"))
}

/// Reads one change a hook asked for.
fn read_effect(t: &Table) -> Result<Effect, String> {
    let get_str = |k: &str| -> Result<String, String> {
        t.get::<Option<String>>(k)
            .map_err(|e| format!("`{k}`: {e}"))?
            .ok_or_else(|| format!("`{k}` is missing"))
    };
    let get_int = |k: &str| -> Result<i64, String> {
        t.get::<Option<i64>>(k)
            .map_err(|e| format!("`{k}`: {e}"))?
            .ok_or_else(|| format!("`{k}` is missing"))
    };
    let robot = |k: &str| -> Result<RobotId, String> {
        let name = get_str(k)?;
        RobotId::named(&name).ok_or_else(|| format!("`{name}` is not a robot"))
    };
    let dir = || -> Result<Compass, String> {
        let d = get_str("dir")?;
        d.parse::<Compass>()
            .map_err(|_| format!("`{d}` is not a direction (N, NE, E, ...)"))
    };
    let piece = |k: &str| -> Result<Option<Piece>, String> {
        match t
            .get::<Option<String>>(k)
            .map_err(|e| format!("`{k}`: {e}"))?
        {
            None => Ok(None),
            Some(n) => Piece::named(&n)
                .map(Some)
                .ok_or_else(|| format!("`{n}` is not a piece (obstacle, container, mine)")),
        }
    };
    let small = |n: i64, what: &str| -> Result<u8, String> {
        u8::try_from(n)
            .ok()
            .filter(|n| *n <= 99)
            .ok_or_else(|| format!("{what} {n}: from 0 to 99"))
    };
    let op = get_str("op")?;
    Ok(match op.as_str() {
        "block" => Effect::Block {
            seat: seat_of(&get_str("colour")?)?,
            n: small(get_int("n")?, "registers")?,
        },
        "set_piece" => Effect::SetPiece {
            at: Square::new(
                i32::try_from(get_int("x")?).map_err(|e| e.to_string())?,
                i32::try_from(get_int("y")?).map_err(|e| e.to_string())?,
            ),
            piece: piece("kind")?,
        },
        "set_carrying" => Effect::SetCarrying {
            robot: robot("robot")?,
            piece: piece("kind")?,
        },
        "set" => Effect::Set {
            key: get_str("key")?,
            value: get_int("value")?,
        },
        "finish" => {
            let winners: Option<Vec<String>> =
                t.get("winners").map_err(|e| format!("`winners`: {e}"))?;
            Effect::Finish {
                winners: winners
                    .unwrap_or_default()
                    .iter()
                    .map(|c| seat_of(c))
                    .collect::<Result<_, _>>()?,
                reason: get_str("reason")?,
            }
        }
        "drive" => Effect::Drive {
            robot: robot("robot")?,
            dir: dir()?,
            reach: match t.get::<Value>("reach").map_err(|e| e.to_string())? {
                Value::Integer(n) => Some(u32::from(small(n, "squares")?)),
                Value::String(s) if s.to_string_lossy() == "dash" => None,
                _ => return Err("`reach` is a number of squares or \"dash\"".into()),
            },
        },
        "shoot" => {
            let how: Table = t.get("how").map_err(|e| format!("`how`: {e}"))?;
            Effect::Shoot {
                robot: robot("robot")?,
                dir: dir()?,
                registers: small(
                    how.get::<Option<i64>>("registers")
                        .map_err(|e| format!("`how.registers`: {e}"))?
                        .unwrap_or(0),
                    "registers",
                )?,
                distance: how
                    .get::<Option<bool>>("distance")
                    .map_err(|e| format!("`how.distance`: {e}"))?
                    .unwrap_or(true),
                scrap: how
                    .get::<Option<bool>>("scrap")
                    .map_err(|e| format!("`how.scrap`: {e}"))?
                    .unwrap_or(false),
            }
        }
        "out" => Effect::Out {
            seat: seat_of(&get_str("colour")?)?,
        },
        "say" => Effect::Say(get_str("text")?),
        other => return Err(format!("`{other}` is no change a hook can ask for")),
    })
}
