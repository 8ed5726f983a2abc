//! The game as a variant hook sees it (`Game` in the Lua API): a read-only
//! object lent the game for the length of one hook call, whose methods read
//! the game and *ask* for changes (marks, pushes), which the engine applies
//! by the normal rules once the hook has returned.
//!
//! The object is a sandbox object ([`Sandbox::object`]): its methods are
//! Rust functions found with one table lookup, so a hook that calls
//! `game:done_with(event.robot)` pays for one native call and nothing else.
//! Its fields (`game.turn`, `game.active`, `game.colours`,
//! `game.arena_radius`) are computed when read.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use mlua::{FromLuaMulti, IntoLuaMulti, Lua, LuaString, Table, Value};

use super::lua_values::{hex_arg, hex_value, piece_table, robot_table};
use super::texts::Texts;
use crate::games::twin_tin_bots::game::{Effect, Game, Standing};
use crate::games::twin_tin_bots::lua::api;
use crate::games::twin_tin_bots::lua::numbers::whole_number;
use crate::games::twin_tin_bots::names::Name;
use crate::games::twin_tin_bots::pieces::{Colour, PlayerId, RobotId};
use crate::grid::hex::Direction;
use crate::script::host::{charge, host_function, store};
use crate::script::{located, Borrowed, Sandbox};

/// Instructions a hook pays for asking a push: applying it runs the push
/// rules (the row ahead, the edge, the terrain) and may set off the hooks
/// of the hex the piece enters (which pay for themselves).
pub const PUSH_COST: u64 = 100;

/// Instructions a hook pays for asking any other change (a mark, a kind
/// done with a robot): applying it is one look through the robot's marks.
pub const CHANGE_COST: u64 = 20;

/// Instructions a hook pays for each change it asked for that reading a
/// mark looks through (the last one asked for wins over the game's).
pub const CHANGES_READ_PER_INSTRUCTION: u64 = 8;

/// The game handle of a game's hooks: the Lua object and what it is lent.
pub(super) struct GameHandle {
    lent: Rc<Lent>,
    object: Table,
}

/// What the handle's functions share: the game lent for the running call,
/// the kind whose hook is running, the effects asked for so far.
struct Lent {
    game: Borrowed<Game>,
    /// The kind whose hook is running, for a kind hook.
    kind: Cell<Option<Name>>,
    effects: RefCell<Vec<Effect>>,
    texts: Texts,
    /// Robot names and mark keys already parsed, so that a hook's calls do
    /// not parse and intern the same text again (robot names by colour, so
    /// valid in any game).
    seen: RefCell<Vec<(Box<str>, Seen)>>,
}

/// What a text read from a hook stood for.
#[derive(Clone, Copy)]
enum Seen {
    Robot(Colour, usize),
    Key(Name),
}

impl GameHandle {
    /// Makes the `Game` object in `sandbox`.
    pub fn new(sandbox: &Sandbox) -> mlua::Result<GameHandle> {
        let lua = sandbox.lua();
        let lent = Rc::new(Lent {
            game: Borrowed::new("the game is only reachable during the hook call it was lent for"),
            kind: Cell::new(None),
            effects: RefCell::new(Vec::new()),
            texts: Texts::new(lua, sandbox.limits().memory_bytes)?,
            seen: RefCell::new(Vec::new()),
        });
        let methods = lua.create_table()?;
        let object = sandbox
            .object("Game", methods.clone())
            .map_err(mlua::Error::external)?;
        let handle = GameHandle { lent, object };
        handle.add_methods(lua, &methods)?;
        methods.set_metatable(Some(handle.fields(lua)?))?;
        Ok(handle)
    }

    /// The Lua object, to pass to hooks.
    pub fn object(&self) -> &Table {
        &self.object
    }

    /// The strings made once for this game's hooks.
    pub fn texts(&self) -> &Texts {
        &self.lent.texts
    }

    /// Lends `game` for `call`, a call of a hook (of `kind`, for a kind
    /// hook), with no effect asked for yet.
    pub fn lend<R>(&self, game: &Game, kind: Option<Name>, call: impl FnOnce() -> R) -> R {
        self.lent.kind.set(kind);
        self.lent.effects.borrow_mut().clear();
        self.lent.game.lend(game, call)
    }

    /// Moves the effects the hook asked for to `out`.
    pub fn take_effects(&self, out: &mut Vec<Effect>) {
        out.append(&mut self.lent.effects.borrow_mut());
    }

    /// Adds the method `name` (listed in the API table): `f` gets the lent
    /// game and the arguments after the object, which must be this object
    /// (`game:name(...)`, not `game.name(...)`).
    fn add<A, R>(
        &self,
        lua: &Lua,
        methods: &Table,
        name: &'static str,
        f: impl Fn(&Lua, &Lent, &Game, A) -> mlua::Result<R> + 'static,
    ) -> mlua::Result<()>
    where
        A: FromLuaMulti,
        R: IntoLuaMulti,
    {
        let lent = self.lent.clone();
        let me = self.object.to_pointer() as usize;
        let function = host_function(lua, move |lua, (this, args): (Value, A)| {
            if this.to_pointer() as usize != me {
                return Err(located(
                    lua,
                    format!("call it as game:{name}(...), with a colon"),
                ));
            }
            lent.game.read(lua, |game| f(lua, &lent, game, args))
        })?;
        methods.raw_set(api::method("Game", name), function)
    }

    /// The metatable of the methods table: its `__index` computes the
    /// fields.
    fn fields(&self, lua: &Lua) -> mlua::Result<Table> {
        let lent = self.lent.clone();
        let index = host_function(lua, move |lua, (_, key): (Value, LuaString)| {
            lent.game.read(lua, |g| {
                Ok(match &*key.as_bytes() {
                    b"turn" => Value::Integer(i64::from(g.turn())),
                    b"active" => Value::String(lent.texts.colour(g.colours()[g.active()]).clone()),
                    b"colours" => Value::Table(
                        lua.create_sequence_from(g.colours().iter().map(|c| c.name()))?,
                    ),
                    b"arena_radius" => Value::Integer(i64::from(g.board().arena().radius())),
                    _ => Value::Nil,
                })
            })
        })?;
        let meta = lua.create_table()?;
        meta.raw_set("__index", index)?;
        Ok(meta)
    }

    fn add_methods(&self, lua: &Lua, m: &Table) -> mlua::Result<()> {
        self.add(lua, m, "robot", |lua, _, g, name: String| {
            robot_table(lua, g, robot_arg(lua, g, &name)?)
        })?;
        self.add(lua, m, "robots", |lua, _, g, ()| {
            let list = lua.create_table()?;
            for r in g.robots().iter().flatten() {
                list.push(robot_table(lua, g, r.id)?)?;
            }
            Ok(list)
        })?;
        self.add(lua, m, "piece", |lua, _, g, at: Value| {
            match g.board().at(hex_arg(lua, &at)?) {
                Some(p) => Ok(Value::Table(piece_table(lua, g, p)?)),
                None => Ok(Value::Nil),
            }
        })?;
        self.add(lua, m, "floor", |lua, _, g, at: Value| {
            match g.board().floor(hex_arg(lua, &at)?) {
                Some(f) => {
                    let t = lua.create_table()?;
                    t.set("kind", &*f.kind.as_str())?;
                    t.set("colour", f.colour.map(|c| c.name()))?;
                    t.set("facing", f.facing.map(|d| d.name()))?;
                    Ok(Value::Table(t))
                }
                None => Ok(Value::Nil),
            }
        })?;
        self.add(lua, m, "on_board", |lua, _, g, at: Value| {
            Ok(g.board().contains(hex_arg(lua, &at)?))
        })?;
        self.add(lua, m, "terrain", |lua, _, g, ()| {
            let terrain = g.position().terrain;
            charge(lua, 10 * terrain.len() as u64)?;
            let list = lua.create_table()?;
            for t in terrain {
                let item = lua.create_table()?;
                item.set("kind", &*t.kind.as_str())?;
                item.set("at", hex_value(lua, t.at)?)?;
                item.set("colour", t.colour.map(|c| c.name()))?;
                item.set("facing", t.facing.map(|d| d.name()))?;
                list.push(item)?;
            }
            Ok(list)
        })?;
        self.add(
            lua,
            m,
            "mark",
            |lua, lent, g, (robot, key): (LuaString, LuaString)| {
                let id = lent.robot(lua, g, &robot)?;
                // A key never made has no mark: reading interns nothing.
                let Some(key) = lent.known_key(&key.to_str()?) else {
                    return Ok(0);
                };
                let asked = lent.effects.borrow().len() as u64;
                charge(lua, asked / CHANGES_READ_PER_INSTRUCTION)?;
                let pending = lent.effects.borrow().iter().rev().find_map(|e| match *e {
                    Effect::Mark {
                        robot,
                        key: k,
                        value,
                    } if robot == id && k == key => Some(value),
                    _ => None,
                });
                Ok(pending.unwrap_or_else(|| g.mark(id, key)))
            },
        )?;
        self.add(
            lua,
            m,
            "set_mark",
            |lua, lent, g, (robot, key, value): (LuaString, LuaString, Value)| {
                let robot = lent.robot(lua, g, &robot)?;
                let key = lent.key(&key.to_str()?).map_err(|e| located(lua, e))?;
                let value =
                    whole_number(lua, &value, "`value` to `set_mark`", i64::MIN..=i64::MAX)?;
                lent.ask(lua, CHANGE_COST, Effect::Mark { robot, key, value })
            },
        )?;
        self.add(lua, m, "done_with", |lua, lent, g, robot: LuaString| {
            let robot = lent.robot(lua, g, &robot)?;
            let Some(kind) = lent.kind.get() else {
                return Err(located(lua, "done_with is for kind hooks (under `kinds`)"));
            };
            lent.ask(lua, CHANGE_COST, Effect::DoneWith { robot, kind })
        })?;
        self.add(
            lua,
            m,
            "push",
            |lua, lent, g, (at, dir): (Value, String)| {
                let at = hex_arg(lua, &at)?;
                if !g.board().contains(at) {
                    return Err(located(lua, format!("{at} is off the board")));
                }
                let dir: Direction = dir.parse().map_err(|e| located(lua, e))?;
                lent.ask(lua, PUSH_COST, Effect::Push { at, dir })
            },
        )?;
        self.add(lua, m, "team", |lua, _, g, colour: String| {
            Ok(g.sides().team(colour_arg(lua, g, &colour)?) + 1)
        })?;
        self.add(lua, m, "teammates", |lua, _, g, colour: String| {
            let team = g.sides().team(colour_arg(lua, g, &colour)?);
            lua.create_sequence_from(teammates(g, team).map(|p| g.colours()[p].name()))
        })?;
        self.add(lua, m, "standing", |lua, _, g, colour: String| {
            standing_table(lua, [g.standard_standing(colour_arg(lua, g, &colour)?)])
        })?;
        self.add(lua, m, "team_standing", |lua, _, g, colour: String| {
            let team = g.sides().team(colour_arg(lua, g, &colour)?);
            standing_table(lua, teammates(g, team).map(|p| g.standard_standing(p)))
        })?;
        Ok(())
    }
}

impl Lent {
    /// Queues a change the hook asks for, charged `cost` instructions (in
    /// proportion to what applying it costs), the changes queued held to
    /// the script memory limit.
    fn ask(&self, lua: &Lua, cost: u64, effect: Effect) -> mlua::Result<()> {
        charge(lua, cost)?;
        let marks = self.game.read(lua, |g| Ok(g.marks_bytes()))?;
        let mut effects = self.effects.borrow_mut();
        store(
            lua,
            marks + (effects.len() + 1) * std::mem::size_of::<Effect>(),
        )?;
        effects.push(effect);
        Ok(())
    }

    /// A robot in play named by a hook (`red.1`): a name the engine gave
    /// the hook is known at once; another is parsed once and remembered.
    fn robot(&self, lua: &Lua, game: &Game, name: &LuaString) -> mlua::Result<RobotId> {
        let id = match self.texts.robot_named(game, name) {
            Some(id) => id,
            None => {
                let text = name.to_str()?;
                match self.seen(&text, true) {
                    Some(Seen::Robot(colour, n)) => {
                        crate::games::twin_tin_bots::pieces::seat_of(game.colours(), colour)
                            .map(|seat| seat * 2 + n)
                            .map_err(|e| located(lua, e))?
                    }
                    _ => {
                        let id =
                            crate::games::twin_tin_bots::game::parse_robot(game.colours(), &text)
                                .map_err(|e| located(lua, e))?;
                        self.remember(&text, Seen::Robot(game.colours()[id / 2], id % 2));
                        id
                    }
                }
            }
        };
        match game.robot(id) {
            Some(_) => Ok(id),
            None => Err(located(lua, format!("{} is not in play", name.display()))),
        }
    }

    /// A mark's key, made a name if it is new (see [`Texts::name`]).
    fn key(&self, key: &str) -> Result<Name, String> {
        match self.seen(key, false) {
            Some(Seen::Key(name)) => Ok(name),
            _ => {
                let name = self.texts.name(key)?;
                self.remember(key, Seen::Key(name));
                Ok(name)
            }
        }
    }

    /// A mark's key if it is a name already (reading makes no name).
    fn known_key(&self, key: &str) -> Option<Name> {
        match self.seen(key, false) {
            Some(Seen::Key(name)) => Some(name),
            _ => {
                let name = Name::lookup(key)?;
                self.remember(key, Seen::Key(name));
                Some(name)
            }
        }
    }

    /// What `text` stood for when last read, if it was read before.
    fn seen(&self, text: &str, robot: bool) -> Option<Seen> {
        self.seen
            .borrow()
            .iter()
            .find(|(t, s)| &**t == text && matches!(s, Seen::Robot(..)) == robot)
            .map(|(_, s)| *s)
    }

    fn remember(&self, text: &str, seen: Seen) {
        let mut all = self.seen.borrow_mut();
        if all.len() < 64 {
            all.push((text.into(), seen));
        }
    }
}

/// The seats of `team`.
fn teammates(game: &Game, team: usize) -> impl Iterator<Item = PlayerId> + '_ {
    (0..game.colours().len()).filter(move |&p| game.sides().team(p) == team)
}

fn colour_arg(lua: &Lua, game: &Game, name: &str) -> mlua::Result<PlayerId> {
    let colour: Colour = name.parse().map_err(|e| located(lua, e))?;
    crate::games::twin_tin_bots::pieces::seat_of(game.colours(), colour)
        .map_err(|e| located(lua, e))
}

fn robot_arg(lua: &Lua, game: &Game, name: &str) -> mlua::Result<RobotId> {
    let id = crate::games::twin_tin_bots::game::parse_robot(game.colours(), name)
        .map_err(|e| located(lua, e))?;
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
        blue += s.blue_counted();
        green += s.green_counted();
    }
    let t = lua.create_table()?;
    t.set("total", total)?;
    t.set("base", base)?;
    t.set("carried", carried)?;
    t.set("blue", blue)?;
    t.set("green", green)?;
    Ok(t)
}
