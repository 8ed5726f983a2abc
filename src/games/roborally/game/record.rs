//! The start record a replay resumes from: the board as the text of a
//! board file (every table it has), the robots with every field, the
//! option deck, the turn, the stage and the seed, as JSON.
//! [`resume`] reads it back (the board through [`Board::parse`], so a
//! hand-edited record is checked like a board file).

use std::fmt::Write as _;
use std::sync::Arc;

use serde_json::{json, Value};

use crate::engine::Refusal;
use crate::grid::square::{Compass, Square};

use super::super::board::{Board, Kind};
use super::super::cards::{Card, Deck, REGISTERS};
use super::super::position::{Position, RobotState, Stage, COLOURS};
use super::Game;

/// The record's version: a record of another version is refused.
const VERSION: u64 = 1;

/// A board as the text of a board file (the design's "Boards and courses
/// (TOML)"). Squares off a course's boards are not written: a course's
/// gaps read back as floor (a limitation of the record).
pub fn board_toml(board: &Board) -> String {
    let (w, h) = board.size();
    let mut s = String::new();
    let _ = writeln!(s, "name = {:?}\nsize = [{w}, {h}]", board.name());
    let sq = |s: &mut String, at: Square, kind: &str| {
        let _ = write!(
            s,
            "\n[[square]]\nat = [{}, {}]\nkind = \"{kind}\"\n",
            at.x, at.y
        );
    };
    let regs = |r: super::super::board::Registers| {
        r.phases()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    for sp in board.specials() {
        match sp.kind {
            Kind::Pit => sq(&mut s, sp.at, "pit"),
            Kind::Conveyor(d) => {
                sq(&mut s, sp.at, "conveyor");
                let _ = writeln!(s, "to = \"{d}\"");
            }
            Kind::Express(d) => {
                sq(&mut s, sp.at, "express");
                let _ = writeln!(s, "to = \"{d}\"");
            }
            Kind::Gear(t) => {
                sq(&mut s, sp.at, "gear");
                let _ = writeln!(s, "turn = \"{t}\"");
            }
            Kind::Pusher { to, registers } => {
                sq(&mut s, sp.at, "pusher");
                let _ = writeln!(s, "to = \"{to}\"\nregisters = [{}]", regs(registers));
            }
            Kind::Crusher(r) => {
                sq(&mut s, sp.at, "crusher");
                let _ = writeln!(s, "registers = [{}]", regs(r));
            }
            Kind::Repair(n) => {
                sq(&mut s, sp.at, "repair");
                let _ = writeln!(s, "wrenches = {n}");
            }
        }
    }
    for w in board.walls() {
        let _ = write!(
            s,
            "\n[[wall]]\nat = [{}, {}]\nside = \"{}\"\n",
            w.at.x, w.at.y, w.side
        );
    }
    for l in board.lasers() {
        let _ = write!(
            s,
            "\n[[laser]]\nat = [{}, {}]\nto = \"{}\"\nbeams = {}\n",
            l.at.x, l.at.y, l.to, l.beams
        );
    }
    for f in board.flags() {
        let _ = write!(
            s,
            "\n[[flag]]\nnumber = {}\nat = [{}, {}]\n",
            f.number, f.at.x, f.at.y
        );
    }
    s
}

/// The start record of a position and seed.
pub(super) fn start_value(position: &Position, seed: u64) -> Value {
    let robots: Vec<Value> = position
        .robots
        .iter()
        .map(|r| {
            json!({
                "id": r.colour(),
                "at": r.at.map(|a| [a.x, a.y]),
                "facing": r.facing.name(),
                "damage": r.damage,
                "lives": r.lives,
                "flags": r.flags,
                "archive": [r.archive.x, r.archive.y],
                "virtual": r.virtual_robot,
                "powered_down": r.powered_down,
                "power_down_announced": r.power_down_announced,
                "program": r.program.iter().map(|c| c.map_or(String::new(), |c| c.to_string())).collect::<Vec<_>>(),
                "options": r.options,
            })
        })
        .collect();
    json!({
        "version": VERSION,
        "board": board_toml(&position.board),
        "robots": robots,
        "option_deck": position.option_deck,
        "turn": position.turn,
        "stage": match position.stage { Stage::TurnStart => "turn_start", Stage::Registers => "registers" },
        "seed": seed,
    })
}

/// Reads a field of a JSON object, or says which is missing or wrong.
fn field<'a, T>(
    v: &'a Value,
    key: &str,
    read: impl Fn(&'a Value) -> Option<T>,
) -> Result<T, Refusal> {
    v.get(key)
        .and_then(read)
        .ok_or_else(|| Refusal::new(format!("start record: `{key}` is missing or malformed")))
}

fn square(v: &Value) -> Option<Square> {
    let a = v.as_array()?;
    let x = a.first()?.as_i64()?;
    let y = a.get(1)?.as_i64()?;
    Square::checked(x, y).ok().filter(|_| a.len() == 2)
}

fn small(v: &Value) -> Option<u8> {
    v.as_u64().and_then(|n| u8::try_from(n).ok())
}

fn robot(v: &Value) -> Result<RobotState, Refusal> {
    let id = field(v, "id", Value::as_str)?;
    let seat = COLOURS
        .iter()
        .position(|&c| c == id)
        .ok_or_else(|| Refusal::new(format!("start record: unknown colour `{id}`")))?;
    let facing: Compass = field(v, "facing", Value::as_str)?
        .parse()
        .map_err(|e: crate::grid::square::CompassParseError| Refusal::new(e.to_string()))?;
    let at = match v.get("at") {
        Some(Value::Null) | None => None,
        Some(a) => Some(square(a).ok_or_else(|| Refusal::new("start record: `at` is malformed"))?),
    };
    let mut program: [Option<Card>; REGISTERS] = [None; REGISTERS];
    let cards = field(v, "program", Value::as_array)?;
    for (slot, c) in program.iter_mut().zip(cards) {
        let text = c.as_str().unwrap_or("");
        if !text.is_empty() {
            *slot = Some(text.parse().map_err(|e: super::super::cards::CardError| {
                Refusal::new(format!("start record: {e}"))
            })?);
        }
    }
    let options = field(v, "options", Value::as_array)?
        .iter()
        .map(|o| o.as_str().map(str::to_string))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| Refusal::new("start record: `options` is malformed"))?;
    Ok(RobotState {
        seat,
        at,
        facing,
        damage: field(v, "damage", small)?,
        lives: field(v, "lives", small)?,
        flags: field(v, "flags", small)?,
        archive: field(v, "archive", square)?,
        virtual_robot: field(v, "virtual", Value::as_bool)?,
        powered_down: field(v, "powered_down", Value::as_bool)?,
        power_down_announced: field(v, "power_down_announced", Value::as_bool)?,
        program,
        options,
    })
}

/// Rebuilds a game from the start record [`crate::engine::Describe::start_record`]
/// wrote; the refusal names what is missing or wrong.
pub fn resume(record: &Value) -> Result<Game, Refusal> {
    resume_with(record, None)
}

/// [`resume`] with the variants the record names, loaded by the caller
/// (the record's own lives and positions already show their settings).
pub fn resume_with(
    record: &Value,
    variants: Option<std::rc::Rc<super::Variants>>,
) -> Result<Game, Refusal> {
    let version = field(record, "version", Value::as_u64)?;
    if version != VERSION {
        return Err(Refusal::new(format!(
            "start record version {version}: this tinbots reads version {VERSION}"
        )));
    }
    let text = field(record, "board", Value::as_str)?;
    let board =
        Board::parse("start record board", text).map_err(|e| Refusal::new(e.to_string()))?;
    let robots = field(record, "robots", Value::as_array)?
        .iter()
        .map(robot)
        .collect::<Result<Vec<_>, _>>()?;
    let option_deck = field(record, "option_deck", Value::as_array)?
        .iter()
        .map(|o| o.as_str().map(str::to_string))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| Refusal::new("start record: `option_deck` is malformed"))?;
    let stage = match field(record, "stage", Value::as_str)? {
        "turn_start" => Stage::TurnStart,
        "registers" => Stage::Registers,
        other => {
            return Err(Refusal::new(format!(
                "start record: unknown stage `{other}`"
            )))
        }
    };
    let turn = field(record, "turn", Value::as_u64)?;
    let seed = field(record, "seed", Value::as_u64)?;
    let position = Position {
        board: Arc::new(board),
        robots,
        option_deck,
        turn: u32::try_from(turn).unwrap_or(u32::MAX),
        stage,
    };
    match record.get("opened") {
        None => Game::new_with(position, seed, variants),
        Some(opened) => {
            let begin = field(opened, "begin", Value::as_bool)?;
            let hands = match opened.get("hands") {
                None => None,
                Some(hands) => Some(opened_hands(hands)?),
            };
            Game::opened_with(position, begin, variants, hands)
        }
    }
}

/// `record` naming the variants `names` (none: unchanged), which
/// [`crate::games::roborally::seam`] loads again on resuming.
pub fn with_variants(mut record: Value, names: &[String]) -> Value {
    if let (Some(fields), false) = (record.as_object_mut(), names.is_empty()) {
        fields.insert("variants".into(), names.into());
    }
    record
}

/// The start record of a scenario opened for stepping ([`Game::opened`]),
/// with the hands its turn is programmed from, if any.
pub fn opened_start(position: &Position, begin: bool, hands: Option<&[Vec<Card>]>) -> Value {
    let mut value = start_value(position, 0);
    if let Some(fields) = value.as_object_mut() {
        let mut opened = json!({ "begin": begin });
        if let (Some(hands), Some(o)) = (hands, opened.as_object_mut()) {
            let texts: Vec<Vec<String>> = hands
                .iter()
                .map(|hand| hand.iter().map(ToString::to_string).collect())
                .collect();
            o.insert("hands".into(), json!(texts));
        }
        fields.insert("opened".into(), opened);
    }
    value
}

/// The hands of an `opened` start record: a list per seat of card texts.
fn opened_hands(hands: &Value) -> Result<Vec<Vec<Card>>, Refusal> {
    let malformed = || Refusal::new("start record: `opened.hands` is malformed");
    hands
        .as_array()
        .ok_or_else(malformed)?
        .iter()
        .map(|hand| {
            hand.as_array()
                .ok_or_else(malformed)?
                .iter()
                .map(|card| {
                    let text = card.as_str().ok_or_else(malformed)?;
                    Deck::standard()
                        .parse_card(text)
                        .map_err(|e| Refusal::new(format!("start record: `opened.hands`: {e}")))
                })
                .collect()
        })
        .collect()
}
