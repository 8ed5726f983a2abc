//! What a RoboRally bot sees, as plain Lua tables built for each decision:
//! the robots, the board (with a native `square(x, y)` look-up), its own
//! hand and registers, the other seats' registers only once revealed; and
//! the decision with its legal answers as text. Never another seat's hand,
//! its unrevealed registers or the deck.

use mlua::{Function, IntoLua, Lua, MultiValue, Table, Value};

use crate::engine::State;
use crate::grid::square::{Compass, Square};
use crate::script::host_function;
use crate::script::simulation::simulate_function;

use super::simulate::RULES;
use super::Context;
use crate::games::roborally::board::{Board, Kind, Registers, Turn};
use crate::games::roborally::cards::{locked_registers, Card, REGISTERS};
use crate::games::roborally::game::{Decision, Game};
use crate::games::roborally::position::RobotState;

/// The native functions the view carries, made once per bot.
pub(super) struct Natives {
    /// `view:simulate(answers)`.
    simulate: Function,
    /// `view.board:square(x, y)`.
    square: Function,
}

impl Natives {
    /// Makes them in `lua`.
    pub(super) fn new(lua: &Lua) -> mlua::Result<Natives> {
        Ok(Natives {
            simulate: simulate_function(lua, &RULES, |lua, answers, args| {
                // `view:simulate(answers [, phases [, standing]])`.
                let phases = match args.next() {
                    None | Some(Value::Nil) => None,
                    Some(v) => match phase_count(&v) {
                        Some(p) => Some(p),
                        None => {
                            return Err(crate::script::located(
                                lua,
                                "simulate's phases is a whole number from 1 to 5: view:simulate(answers, 2)",
                            ))
                        }
                    },
                };
                let standing = match args.next() {
                    None | Some(Value::Nil) => None,
                    Some(Value::Table(t)) => Some(t),
                    Some(_) => {
                        return Err(crate::script::located(
                            lua,
                            "simulate's standing answers are a table: view:simulate(answers, nil, { brakes = \"skip\" })",
                        ))
                    }
                };
                super::simulate::simulate(lua, answers, phases, standing.as_ref())
            })?,
            square: host_function(lua, |lua, args: MultiValue| {
                // Whole numbers, a leading board table skipped; a number
                // past any board's coordinates reads as off the board.
                let mut numbers = args.into_iter().filter_map(|v| match v {
                    Value::Integer(i) => Some(i),
                    // Integral and within 2^53: the conversion is exact.
                    Value::Number(n) if n.fract() == 0.0 && n.abs() <= 9_007_199_254_740_992.0 => {
                        Some(n as i64)
                    }
                    Value::Number(n) if n.fract() == 0.0 => {
                        Some(if n < 0.0 { i64::MIN } else { i64::MAX })
                    }
                    _ => None,
                });
                let (Some(x), Some(y)) = (numbers.next(), numbers.next()) else {
                    return Err(crate::script::located(
                        lua,
                        "square takes whole numbers x and y: view.board:square(x, y)",
                    ));
                };
                let far = i64::from(Square::LIMIT) + 1;
                let clamp = |n: i64| i32::try_from(n.clamp(-far, far)).expect("within i32");
                Context::read_game(lua, "RoboRally", |game| {
                    square(lua, game.board(), Square::new(clamp(x), clamp(y)))
                })
            })?,
        })
    }
}

/// A phase count of `view:simulate` (1 to 5), as an integer or an
/// integral float.
fn phase_count(v: &Value) -> Option<u8> {
    match v {
        Value::Integer(n) => u8::try_from(*n).ok().filter(|n| (1..=5).contains(n)),
        Value::Number(n) => (1u8..=5).find(|&p| f64::from(p) == *n),
        _ => None,
    }
}

/// A compass point's name (`N`, `E`, `S`, `W`).
fn facing(c: Compass) -> &'static str {
    c.name()
}

/// A card as `{ kind = "move_2", priority = 670, text = "move_2 670" }`.
fn card(lua: &Lua, c: Card) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    t.set("kind", c.kind.name())?;
    t.set("priority", c.priority)?;
    t.set("text", c.to_string())?;
    Ok(t)
}

/// `{ x = .., y = .. }`.
fn point(lua: &Lua, sq: Square) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    t.set("x", sq.x)?;
    t.set("y", sq.y)?;
    Ok(t)
}

/// A set of register phases as a list.
fn phases(lua: &Lua, registers: Registers) -> mlua::Result<Table> {
    lua.create_sequence_from(registers.phases())
}

/// What the square `sq` of `board` holds: `{ kind = "floor" | "pit" |
/// "off" | "conveyor" | "express" | "gear" | "pusher" | "repair", to =
/// "E" (belts, pushers), turn = "left" | "right" (gears), wrenches = 1 | 2,
/// registers = {..} (pushers), crusher = {..} (its phases), walls = { N =
/// true, .. }, flag = n }`.
fn square(lua: &Lua, board: &Board, sq: Square) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    if board.is_off(sq) {
        t.set("kind", "off")?;
        return Ok(t);
    }
    match board.kind(sq) {
        None => t.set("kind", "floor")?,
        Some(Kind::Pit) => t.set("kind", "pit")?,
        Some(Kind::Conveyor(to)) => {
            t.set("kind", "conveyor")?;
            t.set("to", facing(to))?;
        }
        Some(Kind::Express(to)) => {
            t.set("kind", "express")?;
            t.set("to", facing(to))?;
        }
        Some(Kind::Gear(turn)) => {
            t.set("kind", "gear")?;
            t.set(
                "turn",
                match turn {
                    Turn::Left => "left",
                    Turn::Right => "right",
                },
            )?;
        }
        Some(Kind::Pusher { to, registers }) => {
            t.set("kind", "pusher")?;
            t.set("to", facing(to))?;
            t.set("registers", phases(lua, registers)?)?;
        }
        // A crusher is read with `crusher` below; `kind` never holds one.
        Some(Kind::Crusher(_)) => t.set("kind", "floor")?,
        Some(Kind::Repair(wrenches)) => {
            t.set("kind", "repair")?;
            t.set("wrenches", wrenches)?;
        }
    }
    if let Some(registers) = board.crusher(sq) {
        t.set("crusher", phases(lua, registers)?)?;
    }
    let walls = lua.create_table()?;
    for side in [Compass::N, Compass::E, Compass::S, Compass::W] {
        if board.is_walled(sq, side) {
            walls.set(facing(side), true)?;
        }
    }
    t.set("walls", walls)?;
    if let Some(flag) = board.flag_at(sq) {
        t.set("flag", flag)?;
    }
    Ok(t)
}

/// Whether register `r` (1..=5) of another seat is shown now: its phase
/// is past its first step, the reveal (the design's order of a register
/// phase), or the turn is ending (every phase ran). Cautious: a card kept
/// locked from the last turn is shown only once its phase comes.
fn revealed(game: &Game, r: u8) -> bool {
    let (_, phase, label, _) = game.turn_phase();
    match phase {
        Some(p) => r < p || (r == p && label != "reveal"),
        None => label == "end of the turn",
    }
}

/// A robot as the viewer `me` sees it; its registers are all shown when it
/// is `me`'s, else only the revealed ones.
fn robot(lua: &Lua, game: &Game, r: &RobotState, me: usize) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    t.set("colour", r.colour())?;
    t.set("seat", r.seat + 1)?;
    if let Some(at) = r.at {
        t.set("x", at.x)?;
        t.set("y", at.y)?;
    }
    t.set("facing", facing(r.facing))?;
    t.set("damage", r.damage)?;
    t.set("lives", r.lives)?;
    t.set("flags", r.flags)?;
    t.set("virtual", r.virtual_robot)?;
    t.set("powered_down", r.powered_down)?;
    t.set("power_down_announced", r.power_down_announced)?;
    t.set("destroyed", r.destroyed())?;
    t.set("archive", point(lua, r.archive)?)?;
    t.set(
        "options",
        lua.create_sequence_from(r.options.iter().cloned())?,
    )?;
    t.set("registers", registers(lua, game, r, r.seat == me)?)?;
    Ok(t)
}

/// Registers 1..5 as a list whose entries are cards, or `false` (empty,
/// or not shown).
fn registers(lua: &Lua, game: &Game, r: &RobotState, all: bool) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    for (i, c) in r.program.iter().enumerate() {
        let shown = all || revealed(game, i as u8 + 1);
        match c {
            Some(c) if shown => t.raw_set(i + 1, card(lua, *c)?)?,
            _ => t.raw_set(i + 1, false)?,
        }
    }
    Ok(t)
}

/// The fields of the view (see `docs/roborally-bots.md`).
pub(super) const VIEW_FIELDS: &[&str] = &[
    "me",
    "seat",
    "turn",
    "phase",
    "step",
    "robots",
    "board",
    "hand",
    "registers",
    "locked",
    "chosen",
    "simulate",
];

/// The field `key` (one of [`VIEW_FIELDS`]) of the view of seat `me`:
/// `nil` where the view has none.
pub(super) fn view_field(
    lua: &Lua,
    game: &Game,
    me: usize,
    natives: &Natives,
    key: &str,
) -> mlua::Result<Value> {
    let (turn, phase, step, _) = game.turn_phase();
    let mine = game.robots().get(me);
    match key {
        "me" => game.seat_name(me).into_lua(lua),
        "seat" => (me + 1).into_lua(lua),
        "turn" => turn.into_lua(lua),
        "phase" => phase.into_lua(lua),
        "step" => step.into_lua(lua),
        "robots" => {
            let robots = lua.create_table()?;
            for r in game.robots() {
                robots.raw_push(robot(lua, game, r, me)?)?;
            }
            Ok(Value::Table(robots))
        }
        "board" => board(lua, game, me, natives).map(Value::Table),
        "hand" => {
            let hand = lua.create_table()?;
            for c in game.hand(me) {
                hand.raw_push(card(lua, *c)?)?;
            }
            Ok(Value::Table(hand))
        }
        "registers" => match mine {
            Some(r) => registers(lua, game, r, true).map(Value::Table),
            None => lua.create_table().map(Value::Table),
        },
        "locked" => match mine {
            Some(r) => lua
                .create_sequence_from(locked_registers(r.damage).filter(|&i| i <= REGISTERS))
                .map(Value::Table),
            None => lua.create_table().map(Value::Table),
        },
        "chosen" => match mine {
            Some(_) => game.chosen_registers(me).into_lua(lua),
            None => Ok(Value::Nil),
        },
        "simulate" => Ok(Value::Function(natives.simulate.clone())),
        _ => Ok(Value::Nil),
    }
}

/// The board as seat `me` sees it: `{ name, width, height, flags,
/// next_flag, square }`.
fn board(lua: &Lua, game: &Game, me: usize, natives: &Natives) -> mlua::Result<Table> {
    let board = game.board();
    let b = lua.create_table()?;
    let (width, height) = board.size();
    b.set("name", board.name())?;
    b.set("width", width)?;
    b.set("height", height)?;
    let flags = lua.create_table()?;
    for f in board.flags() {
        let flag = point(lua, f.at)?;
        flag.set("number", f.number)?;
        flags.raw_push(flag.clone())?;
        let mine = game.robots().get(me).map_or(0, |r| r.flags);
        if f.number == mine + 1 {
            b.set("next_flag", flag)?;
        }
    }
    b.set("flags", flags)?;
    b.set("square", natives.square.clone())?;
    Ok(b)
}

/// The fields of the decision.
pub(super) const DECISION_FIELDS: &[&str] = &[
    "kind", "option", "register", "seat", "colour", "text", "answers",
];

/// The field `key` (one of [`DECISION_FIELDS`]) of the decision: `{ kind,
/// option (option decisions), register (card decisions), seat, colour,
/// text }`; `nil` where it has none. Its `answers` (`{ "move_2 670", ...
/// }`) are a list built on demand ([`answer`]).
pub(super) fn decision_field(lua: &Lua, game: &Game, key: &str) -> mlua::Result<Value> {
    match key {
        "kind" => decision_kind(game).0.into_lua(lua),
        "option" => decision_kind(game).1.into_lua(lua),
        "register" => match game.decision() {
            Some(Decision::Card { register, .. }) => register.into_lua(lua),
            _ => Ok(Value::Nil),
        },
        "seat" => game.to_decide().map(|s| s + 1).into_lua(lua),
        "colour" => game.to_decide().map(|s| game.seat_name(s)).into_lua(lua),
        "text" => game.decision_text().into_lua(lua),
        // `answers` is a list built on demand ([`answer`]).
        _ => Ok(Value::Nil),
    }
}

/// The text of legal answer `i` (from 0) of the decision, an item of the
/// decision's `answers`.
pub(super) fn answer(lua: &Lua, game: &Game, i: usize) -> mlua::Result<Value> {
    game.legal(i).map(|a| game.answer_text(a)).into_lua(lua)
}

/// The kind of the decision asked (`card`, `use_option`, `weapon`, ...,
/// as a bot's decision names it) and, for `use_option` and
/// `program_option`, the option it is about.
pub(super) fn decision_kind(game: &Game) -> (&'static str, Option<&str>) {
    let option_of = |seat: usize, option: u8| {
        game.robots()
            .get(seat)
            .and_then(|r| r.options.get(usize::from(option)))
            .map(String::as_str)
    };
    match game.decision() {
        Some(Decision::Card { .. }) => ("card", None),
        Some(Decision::PowerDown { .. }) => ("power_down", None),
        Some(Decision::Facing { .. }) => ("facing", None),
        Some(Decision::StayOrWake { .. }) => ("stay_or_wake", None),
        Some(Decision::TwoWrench { .. }) => ("two_wrench", None),
        Some(Decision::DamageOption { .. }) => ("damage_option", None),
        Some(Decision::LoseOption { .. }) => ("lose_option", None),
        Some(Decision::UseOption { seat, option }) => ("use_option", option_of(seat, option)),
        Some(Decision::ProgramOption { seat, option }) => {
            ("program_option", option_of(seat, option))
        }
        Some(Decision::Weapon { .. }) => ("weapon", None),
        Some(Decision::Continue) | None => ("continue", None),
    }
}
