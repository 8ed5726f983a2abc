//! The methods of the `game` object a mission's hook gets
//! (`docs/droids.md`, "Mission scripts"): host functions
//! ([`crate::script::host`]), made once per sandbox, that read the game
//! lent for the call ([`Lent`]) and queue the changes the hook asks for
//! ([`Asked`]), each checked when it is asked: an error names the
//! script's line that asked, and the cause in the game's words.
//!
//! Each call is charged by the meter; a change is charged too
//! ([`CHANGE_COST`]), and a drive or a shot for the squares it may walk
//! ([`SQUARE_COST`]). What the changes and the kept numbers hold outside
//! Lua counts against the script memory limit.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use mlua::{Function, Lua, LuaString, MultiValue, Table, Value};

use crate::engine::{Rulings, Seat};
use crate::grid::square::{Compass, Square};
use crate::script::host;
use crate::script::located;
use crate::script::text::quoted_value;

use super::hooks::Effect;
use super::vars::Vars;
use crate::games::droids::board::{Mission, Piece, Terrain, MAX_SIDE, PLAYER_COLOURS};
use crate::games::droids::game::{Carried, Dice, Game, Robot, RobotId};

/// Instructions one change asked for costs besides its call: applying it
/// and the event it leaves.
pub const CHANGE_COST: u64 = 50;

/// Instructions a drive or a shot costs for each square it may walk (its
/// reach, at most the board's longest side).
pub const SQUARE_COST: u64 = 20;

/// The longest text a hook may give (`game:say`, `game:finish`'s reason),
/// in bytes.
pub const MAX_TEXT_BYTES: usize = 1000;

/// What a hook's call borrows from the game: a picture to read (changed
/// by the changes asked so far that the script would expect to see), the
/// die, the kept numbers, and the changes asked.
pub(crate) struct Lent {
    mission: Arc<Mission>,
    pieces: Vec<Option<Piece>>,
    robots: Vec<Robot>,
    /// The colour of each seat (a place in `PLAYER_COLOURS`).
    colours: Vec<usize>,
    /// Which players are out, by seat.
    outs: Vec<bool>,
    /// The game's die, given back after the call.
    pub(crate) dice: Dice,
    vars: Vars,
    /// The readings of disputed rules the game is played under
    /// (`game:ruling`).
    rulings: Rulings,
    /// The changes asked, in order.
    pub asked: Vec<Asked>,
    /// What the changes asked hold, in bytes.
    asked_bytes: usize,
}

impl Lent {
    /// What `game` lends a hook.
    pub(crate) fn of(game: &Game) -> Lent {
        Lent {
            mission: game.mission.clone(),
            pieces: game.pieces.clone(),
            robots: game.robots.clone(),
            colours: game.colours.clone(),
            outs: game.players.iter().map(|p| p.out).collect(),
            dice: game.dice.clone(),
            vars: game.vars.clone(),
            rulings: game.rulings.clone(),
            asked: Vec::new(),
            asked_bytes: 0,
        }
    }

    fn index(&self, at: Square) -> Option<usize> {
        self.mission.board.index(at)
    }

    fn piece(&self, at: Square) -> Option<Piece> {
        self.index(at).and_then(|i| self.pieces[i])
    }

    fn robot_at(&self, at: Square) -> Option<&Robot> {
        self.robots.iter().find(|r| r.at == Some(at))
    }

    /// Queues `effect`, asked at `line`, holding `extra` bytes of text.
    fn ask(
        &mut self,
        lua: &Lua,
        effect: Effect,
        line: Option<u32>,
        extra: usize,
    ) -> mlua::Result<()> {
        self.asked.push(Asked { effect, line });
        self.asked_bytes += std::mem::size_of::<Asked>() + extra;
        host::charge(lua, CHANGE_COST)?;
        host::store(lua, self.asked_bytes + self.vars.held_bytes())
    }
}

/// A change a hook asked for, and the line of the script that asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Asked {
    /// The change.
    pub effect: Effect,
    /// The script's line.
    pub line: Option<u32>,
}

/// The lent game, shared by the methods and the runtime.
pub(crate) type Shared = Rc<RefCell<Option<Lent>>>;

/// What the methods give back made once per sandbox: the names they give
/// back most (terrains, pieces) as Lua strings, since making a Lua string
/// from Rust is a protected call into Lua, dearer than the rest of a
/// method like `game:terrain`; and a Lua function that makes a list of its
/// arguments, since filling a table from Rust is a protected call for each
/// entry where the list's constructor is one call.
struct Made {
    names: Vec<(&'static str, LuaString)>,
    /// `function(...) return { ... } end`.
    list: Function,
}

impl Made {
    /// The terrains' and the pieces' names, and the list's constructor, in
    /// `lua`.
    fn new(lua: &Lua) -> mlua::Result<Made> {
        let terrains = [Terrain::Ground, Terrain::Water, Terrain::Fixed].map(terrain_name);
        let pieces = Piece::ALL.map(Piece::name);
        let names = terrains
            .into_iter()
            .chain(pieces)
            .map(|text| Ok((text, lua.create_string(text)?)))
            .collect::<mlua::Result<_>>()?;
        let list = lua
            .load("return function(...) return { ... } end")
            .set_name("=mission list")
            .eval()?;
        Ok(Made { names, list })
    }

    /// `text` as a Lua string: the one made once if it is one of the
    /// names, else a new one.
    fn name(&self, lua: &Lua, text: &'static str) -> mlua::Result<Value> {
        match self.names.iter().find(|(name, _)| *name == text) {
            Some((_, made)) => Ok(Value::String(made.clone())),
            None => lua.create_string(text).map(Value::String),
        }
    }

    /// A new table of `items` at 1, 2, ... (a nil leaves its place empty).
    fn list(&self, items: MultiValue) -> mlua::Result<Value> {
        self.list.call(items)
    }
}

/// One call of a method: its name and arguments, for the checks.
struct Call<'a> {
    lua: &'a Lua,
    /// What the methods give back made once ([`Made`]).
    made: &'a Made,
    name: &'static str,
    usage: &'static str,
    /// The `game` table (`self`).
    game: Table,
    /// The arguments after the game.
    args: MultiValue,
}

impl<'a> Call<'a> {
    /// Reads `game:name(...)`'s arguments: the game first (a call with a
    /// colon), then at most `most` others.
    fn new(
        lua: &'a Lua,
        made: &'a Made,
        (name, usage, most): (&'static str, &'static str, usize),
        args: MultiValue,
    ) -> mlua::Result<Call<'a>> {
        let mut args = args;
        // The game is taken from the arguments, not copied (a copy of a
        // table handle is a push onto Lua's stack, and its drop another).
        let game = match args.pop_front() {
            Some(Value::Table(t)) => t,
            _ => {
                return Err(located(
                    lua,
                    format!(
                    "game:{name}({usage}) is a method: call it with a colon, `game:{name}(...)`"
                ),
                ))
            }
        };
        let call = Call {
            lua,
            made,
            name,
            usage,
            game,
            args,
        };
        if call.args.len() > most {
            return Err(call.fail(format!(
                "takes {most} argument{}, {} given",
                if most == 1 { "" } else { "s" },
                call.args.len()
            )));
        }
        Ok(call)
    }

    /// An error at the script's line, naming the method.
    fn fail(&self, why: impl std::fmt::Display) -> mlua::Error {
        located(
            self.lua,
            format!("game:{}({}): {why}", self.name, self.usage),
        )
    }

    /// The script's line that called.
    fn line(&self) -> Option<u32> {
        self.lua
            .inspect_stack(1, |d| d.current_line())
            .flatten()
            .and_then(|l| u32::try_from(l).ok())
    }

    fn arg(&self, i: usize) -> &Value {
        self.args.get(i).unwrap_or(&Value::Nil)
    }

    /// Argument `i`, a whole number.
    fn int(&self, i: usize, what: &str) -> mlua::Result<i64> {
        match self.arg(i) {
            Value::Integer(n) => Ok(*n),
            Value::Number(x) if x.fract() == 0.0 && x.abs() < 9.0e15 => Ok(*x as i64),
            other => Err(self.fail(format!("{what} is {}: a whole number", quoted_value(other)))),
        }
    }

    /// Argument `i`, text.
    fn text(&self, i: usize, what: &str) -> mlua::Result<String> {
        match self.arg(i) {
            Value::String(s) => Ok(s.to_string_lossy()),
            other => Err(self.fail(format!("{what} is {}: text", quoted_value(other)))),
        }
    }

    /// Argument `i`, text or nil.
    fn optional_text(&self, i: usize, what: &str) -> mlua::Result<Option<String>> {
        match self.arg(i) {
            Value::Nil => Ok(None),
            _ => self.text(i, what).map(Some),
        }
    }

    /// Arguments `i` and `i + 1`, a square's `x` and `y` (any whole
    /// numbers; far off the board too).
    fn square(&self, i: usize) -> mlua::Result<Option<Square>> {
        let x = self.int(i, "x")?;
        let y = self.int(i + 1, "y")?;
        Ok(match (i32::try_from(x), i32::try_from(y)) {
            (Ok(x), Ok(y)) => Some(Square::new(x, y)),
            _ => None,
        })
    }

    /// Argument `i`, a seated player's colour.
    fn seat(&self, i: usize, lent: &Lent) -> mlua::Result<Seat> {
        let colour = self.text(i, "the colour")?;
        seat_of(&colour, &lent.colours).map_err(|why| self.fail(why))
    }

    /// Argument `i`, a robot of this game.
    fn robot(&self, i: usize, lent: &Lent) -> mlua::Result<(usize, RobotId)> {
        let name = self.text(i, "the robot")?;
        let id = RobotId::named(&name).ok_or_else(|| {
            self.fail(format!(
                "\"{}\" is not a robot (red, yellow, blue, green, grey.1, grey.2, statue, killer)",
                crate::script::text::shown(&name)
            ))
        })?;
        let i = lent
            .robots
            .iter()
            .position(|r| r.id == id)
            .ok_or_else(|| self.fail(format!("{id} is not in this game")))?;
        Ok((i, id))
    }

    /// Argument `i`, a direction.
    fn dir(&self, i: usize) -> mlua::Result<Compass> {
        let d = self.text(i, "the direction")?;
        d.parse::<Compass>().map_err(|_| {
            self.fail(format!(
                "\"{}\" is not a direction (N, NE, E, SE, S, SW, W, NW)",
                crate::script::text::shown(&d)
            ))
        })
    }

    /// Argument `i`, a piece's kind or nil.
    fn kind(&self, i: usize) -> mlua::Result<Option<Piece>> {
        match self.optional_text(i, "the kind")? {
            None => Ok(None),
            Some(k) => Piece::named(&k).map(Some).ok_or_else(|| {
                self.fail(format!(
                    "\"{}\" is not a piece (obstacle, container, mine, or nil for none)",
                    crate::script::text::shown(&k)
                ))
            }),
        }
    }

    /// Argument `i`, text for the transcript: at most [`MAX_TEXT_BYTES`].
    fn narration(&self, i: usize, what: &str) -> mlua::Result<String> {
        let text = self.text(i, what)?;
        if text.len() > MAX_TEXT_BYTES {
            return Err(self.fail(format!(
                "{what} is {} bytes long: at most {MAX_TEXT_BYTES}",
                text.len()
            )));
        }
        Ok(text)
    }
}

/// A seated player's colour's seat; `colours` is each seat's colour.
fn seat_of(colour: &str, colours: &[usize]) -> Result<Seat, String> {
    let seated: Vec<&str> = colours.iter().map(|c| PLAYER_COLOURS[*c]).collect();
    match PLAYER_COLOURS.iter().position(|c| *c == colour) {
        Some(c) => colours.iter().position(|s| *s == c).ok_or_else(|| {
            format!(
                "{colour} is not seated: the players are {}",
                seated.join(", ")
            )
        }),
        None => Err(format!(
            "\"{}\" is not a player's colour ({})",
            crate::script::text::shown(colour),
            seated.join(", ")
        )),
    }
}

/// A terrain's name in Lua.
fn terrain_name(t: Terrain) -> &'static str {
    match t {
        Terrain::Ground => "ground",
        Terrain::Water => "water",
        Terrain::Fixed => "fixed",
    }
}

/// The squares a reach may walk, for the charge.
fn walk_cost(reach: Option<u32>) -> u64 {
    let side = u64::try_from(MAX_SIDE).unwrap_or(u64::MAX);
    SQUARE_COST * reach.map_or(side, |r| u64::from(r).min(side))
}

/// What a method does with its call and the lent game.
type Method = fn(&Call<'_>, &mut Lent) -> mlua::Result<Value>;

/// The methods: name, usage, most arguments, body.
const METHODS: &[(&str, &str, usize, Method)] = &[
    ("terrain", "x, y", 2, terrain),
    ("piece", "x, y", 2, piece),
    ("terrains", "", 0, terrains),
    ("pieces", "", 0, pieces),
    ("count", "kind", 1, count),
    ("robot_at", "x, y", 2, robot_at),
    ("free", "x, y", 2, free),
    ("roll", "", 0, roll),
    ("is_out", "colour", 1, is_out),
    ("ruling", "id", 1, ruling),
    ("set", "key, n", 2, set),
    ("block", "colour, n", 2, block),
    ("set_piece", "x, y, kind", 3, set_piece),
    ("set_carrying", "robot, kind", 2, set_carrying),
    ("drive", "robot, dir, reach", 3, drive),
    ("shoot", "robot, dir, how", 3, shoot),
    ("out", "colour", 1, out),
    ("say", "text", 1, say),
    ("finish", "winners, reason", 2, finish),
];

/// The metatable of the `game` tables: the methods, each a host function
/// reading `lent`; the metatable itself hidden from scripts.
pub(crate) fn metatable(lua: &Lua, lent: &Shared) -> mlua::Result<Table> {
    let methods = lua.create_table()?;
    let made = Rc::new(Made::new(lua)?);
    for &(name, usage, most, body) in METHODS {
        let lent = lent.clone();
        let made = made.clone();
        let f = host::host_function(lua, move |lua, args: MultiValue| {
            let call = Call::new(lua, &made, (name, usage, most), args)?;
            let mut borrowed = lent.borrow_mut();
            let lent = borrowed
                .as_mut()
                .ok_or_else(|| call.fail("is called while no hook runs"))?;
            body(&call, lent)
        })?;
        methods.raw_set(name, f)?;
    }
    let meta = lua.create_table()?;
    meta.raw_set("__index", methods)?;
    meta.raw_set("__metatable", false)?;
    Ok(meta)
}

fn name(call: &Call<'_>, text: &'static str) -> mlua::Result<Value> {
    call.made.name(call.lua, text)
}

fn terrain(call: &Call<'_>, lent: &mut Lent) -> mlua::Result<Value> {
    match call
        .square(0)?
        .and_then(|at| lent.mission.board.terrain(at))
    {
        Some(t) => name(call, terrain_name(t)),
        None => Ok(Value::Nil),
    }
}

fn piece(call: &Call<'_>, lent: &mut Lent) -> mlua::Result<Value> {
    match call.square(0)?.and_then(|at| lent.piece(at)) {
        Some(p) => name(call, p.name()),
        None => Ok(Value::Nil),
    }
}

/// The board's squares read by one whole-board method: charged one
/// instruction a square (the table it fills).
fn charge_board(call: &Call<'_>, lent: &Lent) -> mlua::Result<()> {
    host::charge(
        call.lua,
        u64::try_from(lent.pieces.len()).unwrap_or(u64::MAX),
    )
}

/// Every square's terrain, a list by square number (`y * width + x + 1`,
/// row by row): one call where a script would call `terrain` for each
/// square.
fn terrains(call: &Call<'_>, lent: &mut Lent) -> mlua::Result<Value> {
    charge_board(call, lent)?;
    let board = &lent.mission.board;
    let items = board
        .squares()
        .map(|at| match board.terrain(at) {
            Some(t) => name(call, terrain_name(t)),
            None => Ok(Value::Nil),
        })
        .collect::<mlua::Result<MultiValue>>()?;
    call.made.list(items)
}

/// The pieces lying on the board, by square number (`y * width + x + 1`;
/// nil where none): one call where a script would call `piece` for each
/// square.
fn pieces(call: &Call<'_>, lent: &mut Lent) -> mlua::Result<Value> {
    charge_board(call, lent)?;
    let items = lent
        .pieces
        .iter()
        .map(|p| match p {
            Some(p) => name(call, p.name()),
            None => Ok(Value::Nil),
        })
        .collect::<mlua::Result<MultiValue>>()?;
    call.made.list(items)
}

/// How many pieces of `kind` lie on the board; charged for the squares
/// read.
fn count(call: &Call<'_>, lent: &mut Lent) -> mlua::Result<Value> {
    let kind = call
        .kind(0)?
        .ok_or_else(|| call.fail("the kind is nil: obstacle, container or mine"))?;
    let squares = u64::try_from(lent.pieces.len()).unwrap_or(u64::MAX);
    host::charge(call.lua, squares / 8)?;
    let n = lent.pieces.iter().filter(|p| **p == Some(kind)).count();
    Ok(Value::Integer(i64::try_from(n).unwrap_or(i64::MAX)))
}

fn robot_at(call: &Call<'_>, lent: &mut Lent) -> mlua::Result<Value> {
    match call.square(0)?.and_then(|at| lent.robot_at(at)) {
        Some(r) => call.lua.create_string(r.id.to_string()).map(Value::String),
        None => Ok(Value::Nil),
    }
}

/// On the board, no fixed obstacle, no piece that stops robots, no robot.
fn free(call: &Call<'_>, lent: &mut Lent) -> mlua::Result<Value> {
    let free = call.square(0)?.is_some_and(|at| {
        matches!(
            lent.mission.board.terrain(at),
            Some(Terrain::Ground | Terrain::Water)
        ) && !lent.piece(at).is_some_and(Piece::stops_robots)
            && lent.robot_at(at).is_none()
    });
    Ok(Value::Boolean(free))
}

fn roll(_: &Call<'_>, lent: &mut Lent) -> mlua::Result<Value> {
    Ok(Value::Integer(i64::from(lent.dice.roll())))
}

fn is_out(call: &Call<'_>, lent: &mut Lent) -> mlua::Result<Value> {
    let seat = call.seat(0, lent)?;
    Ok(Value::Boolean(lent.outs[seat]))
}

/// The reading the game follows for the disputed rule `id`
/// (`"droids.statue-home"` -> `"set-down"`); an id the game lacks is an
/// error listing the game's.
fn ruling(call: &Call<'_>, lent: &mut Lent) -> mlua::Result<Value> {
    let id = call.text(0, "the id")?;
    let dispute = lent.rulings.dispute(&id).map_err(|e| call.fail(e))?;
    name(call, lent.rulings.reading(dispute).name)
}

fn set(call: &Call<'_>, lent: &mut Lent) -> mlua::Result<Value> {
    let key = call.text(0, "the key")?;
    let value = call.int(1, "the number")?;
    lent.vars.set(&key, value).map_err(|e| call.fail(e))?;
    // The script sees what it set.
    if let Value::Table(vars) = call.game.raw_get::<Value>("vars")? {
        vars.raw_set(key.as_str(), value)?;
    }
    let extra = key.len();
    lent.ask(call.lua, Effect::Set { key, value }, call.line(), extra)?;
    Ok(Value::Nil)
}

fn block(call: &Call<'_>, lent: &mut Lent) -> mlua::Result<Value> {
    let seat = call.seat(0, lent)?;
    let registers = lent.mission.board.width;
    let n = call.int(1, "the count")?;
    let n = u8::try_from(n)
        .ok()
        .filter(|n| i32::from(*n) <= registers)
        .ok_or_else(|| call.fail(format!("{n} registers: from 0 to {registers}")))?;
    lent.ask(call.lua, Effect::Block { seat, n }, call.line(), 0)?;
    Ok(Value::Nil)
}

fn set_piece(call: &Call<'_>, lent: &mut Lent) -> mlua::Result<Value> {
    let x = call.int(0, "x")?;
    let y = call.int(1, "y")?;
    let board = &lent.mission.board;
    let (w, h) = (board.width, board.height);
    let at = call
        .square(0)?
        .filter(|at| board.contains(*at))
        .ok_or_else(|| {
            call.fail(format!(
                "[{x}, {y}] is off the board, whose squares are [0, 0] to [{}, {}]",
                w - 1,
                h - 1
            ))
        })?;
    if board.terrain(at) == Some(Terrain::Fixed) {
        return Err(call.fail(format!(
            "[{x}, {y}] is a fixed obstacle: no piece lies on it (seed line 11)"
        )));
    }
    let piece = call.kind(2)?;
    if let (Some(p), Some(r)) = (piece, lent.robot_at(at)) {
        if p.stops_robots() {
            return Err(call.fail(format!(
                "{} stands on [{x}, {y}]: a{} {} would stop it where it stands",
                r.id,
                if p == Piece::Obstacle { "n" } else { "" },
                p.name()
            )));
        }
    }
    if let Some(i) = lent.index(at) {
        lent.pieces[i] = piece;
    }
    lent.ask(call.lua, Effect::SetPiece { at, piece }, call.line(), 0)?;
    Ok(Value::Nil)
}

fn set_carrying(call: &Call<'_>, lent: &mut Lent) -> mlua::Result<Value> {
    let (i, robot) = call.robot(0, lent)?;
    let piece = call.kind(1)?;
    if robot == RobotId::Statue {
        return Err(call.fail("the statue carries nothing (seed line 201)"));
    }
    if lent.robots[i].carrying == Some(Carried::Statue) {
        return Err(call.fail(format!(
            "{robot} carries the statue, and one thing at a time (seed line 70)"
        )));
    }
    lent.robots[i].carrying = piece.map(Carried::Piece);
    // The script sees what it set.
    if let Value::Table(robots) = call.game.raw_get::<Value>("robots")? {
        if let Value::Table(r) = robots.raw_get::<Value>(robot.to_string())? {
            r.raw_set("carrying", piece.map(Piece::name))?;
        }
    }
    lent.ask(
        call.lua,
        Effect::SetCarrying { robot, piece },
        call.line(),
        0,
    )?;
    Ok(Value::Nil)
}

fn drive(call: &Call<'_>, lent: &mut Lent) -> mlua::Result<Value> {
    let (_, robot) = call.robot(0, lent)?;
    let dir = call.dir(1)?;
    let reach = match call.arg(2) {
        Value::String(s) if s.as_bytes() == b"dash".as_slice() => None,
        Value::Integer(_) | Value::Number(_) => {
            let n = call.int(2, "the reach")?;
            Some(
                u32::try_from(n)
                    .ok()
                    .filter(|n| i64::from(*n) <= i64::from(MAX_SIDE))
                    .ok_or_else(|| {
                        call.fail(format!(
                            "a reach of {n}: from 0 to {MAX_SIDE} squares, or \"dash\""
                        ))
                    })?,
            )
        }
        other => {
            return Err(call.fail(format!(
                "the reach is {}: a number of squares or \"dash\"",
                quoted_value(other)
            )))
        }
    };
    host::charge(call.lua, walk_cost(reach))?;
    lent.ask(
        call.lua,
        Effect::Drive { robot, dir, reach },
        call.line(),
        0,
    )?;
    Ok(Value::Nil)
}

fn shoot(call: &Call<'_>, lent: &mut Lent) -> mlua::Result<Value> {
    let (_, robot) = call.robot(0, lent)?;
    let dir = call.dir(1)?;
    let (mut registers, mut distance, mut scrap) = (0u8, true, false);
    match call.arg(2) {
        Value::Nil => {}
        Value::Table(how) => {
            for pair in how.clone().pairs::<Value, Value>() {
                let (key, value) = pair?;
                let key = match &key {
                    Value::String(s) => s.to_string_lossy(),
                    other => quoted_value(other),
                };
                let flag = |v: &Value| match v {
                    Value::Boolean(b) => Ok(*b),
                    other => Err(call.fail(format!(
                        "`how.{key}` is {}: true or false",
                        quoted_value(other)
                    ))),
                };
                match key.as_str() {
                    "registers" => {
                        let n = match value {
                            Value::Integer(n) => Some(n),
                            Value::Number(x) if x.fract() == 0.0 && x.abs() < 9.0e15 => {
                                Some(x as i64)
                            }
                            _ => None,
                        };
                        registers = n
                            .and_then(|n| u8::try_from(n).ok())
                            .filter(|n| i32::from(*n) <= MAX_SIDE)
                            .ok_or_else(|| {
                                call.fail(format!(
                                    "`how.registers` is {}: 0 (by the die) to {MAX_SIDE}",
                                    quoted_value(&value)
                                ))
                            })?;
                    }
                    "distance" => distance = flag(&value)?,
                    "scrap" => scrap = flag(&value)?,
                    _ => {
                        return Err(call.fail(format!(
                            "`how.{}` is not a way to shoot (registers, distance, scrap)",
                            crate::script::text::shown(&key)
                        )))
                    }
                }
            }
        }
        other => {
            return Err(call.fail(format!(
                "`how` is {}: a table {{registers, distance, scrap}} or nil",
                quoted_value(other)
            )))
        }
    }
    host::charge(call.lua, walk_cost(None))?;
    let effect = Effect::Shoot {
        robot,
        dir,
        registers,
        distance,
        scrap,
    };
    lent.ask(call.lua, effect, call.line(), 0)?;
    Ok(Value::Nil)
}

fn out(call: &Call<'_>, lent: &mut Lent) -> mlua::Result<Value> {
    let seat = call.seat(0, lent)?;
    lent.outs[seat] = true;
    lent.ask(call.lua, Effect::Out { seat }, call.line(), 0)?;
    Ok(Value::Nil)
}

fn say(call: &Call<'_>, lent: &mut Lent) -> mlua::Result<Value> {
    let text = call.narration(0, "the text")?;
    let extra = text.len();
    lent.ask(call.lua, Effect::Say(text), call.line(), extra)?;
    Ok(Value::Nil)
}

fn finish(call: &Call<'_>, lent: &mut Lent) -> mlua::Result<Value> {
    let mut winners: Vec<Seat> = Vec::new();
    match call.arg(0) {
        Value::Nil => {}
        Value::Table(list) => {
            let n = list.raw_len();
            if list.clone().pairs::<Value, Value>().count() != n {
                return Err(call.fail("the winners are a list of colours, `{\"red\"}`"));
            }
            for colour in list.clone().sequence_values::<Value>() {
                let colour = match colour? {
                    Value::String(s) => s.to_string_lossy(),
                    other => {
                        return Err(
                            call.fail(format!("a winner is {}: a colour", quoted_value(&other)))
                        )
                    }
                };
                let seat = seat_of(&colour, &lent.colours).map_err(|why| call.fail(why))?;
                if winners.contains(&seat) {
                    return Err(call.fail(format!("{colour} is named twice among the winners")));
                }
                winners.push(seat);
            }
        }
        other => {
            return Err(call.fail(format!(
                "the winners are {}: a list of colours (`{{}}`: nobody wins)",
                quoted_value(other)
            )))
        }
    }
    let reason = call.narration(1, "the reason")?;
    let extra = reason.len();
    lent.ask(
        call.lua,
        Effect::Finish { winners, reason },
        call.line(),
        extra,
    )?;
    Ok(Value::Nil)
}
