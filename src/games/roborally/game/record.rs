//! The start record a replay resumes from: the board as the text of a
//! board file (every table it has), the robots with every field, the
//! option deck, the turn, the stage and the seed, as JSON.
//! [`resume`] reads it back (the board through [`Board::parse`], so a
//! hand-edited record is checked like a board file).

use std::fmt::Write as _;
use std::sync::Arc;

use serde_json::{json, Value};

use crate::engine::{Refusal, Rulings};
use crate::grid::square::{Compass, Square};

use super::validate::{Play, MAX_LIVES};
use super::Game;
use crate::games::roborally::board::{Board, Kind};
use crate::games::roborally::cards::{Card, Deck, REGISTERS};
use crate::games::roborally::position::{Position, RobotState, Stage, COLOURS, DESTROYING_DAMAGE};
use crate::games::roborally::rulings::DISPUTES;
use crate::script::text::shown;

/// The record's version: a record of another version is refused.
const VERSION: u64 = 1;

/// A board as the text of a board file (the design's "Boards and courses
/// (TOML)"). Squares off a course's boards are not written: a course's
/// gaps read back as floor (a limitation of the record).
pub fn board_toml(board: &Board) -> String {
    let (w, h) = board.size();
    let mut s = String::new();
    // The name as a TOML string (a Rust `{:?}` writes `\u{1b}`, which
    // TOML does not read back).
    let name = toml::Value::String(board.name().to_string());
    let _ = writeln!(s, "name = {name}\nsize = [{w}, {h}]");
    let sq = |s: &mut String, at: Square, kind: &str| {
        let _ = write!(
            s,
            "\n[[square]]\nat = [{}, {}]\nkind = \"{kind}\"\n",
            at.x, at.y
        );
    };
    let regs = |r: crate::games::roborally::board::Registers| {
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

impl Game {
    /// The record of this game's start, from which [`resume`] rebuilds it
    /// (a replay's `start`): with the variants and the rulings it is
    /// played under.
    pub fn start_record(&self) -> serde_json::Value {
        let record = with_variants(
            start_value(&self.start.0, self.start.1),
            self.variant_names(),
        );
        with_rulings(record, &self.rulings)
    }
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

/// A JSON object of the start record being read, with its path for
/// messages (`robots[1]`); every read is strict: a key not known, a
/// missing or malformed one, a number outside its range, an array of the
/// wrong length are each refused naming the field.
struct Fields<'a> {
    map: &'a serde_json::Map<String, Value>,
    path: String,
}

/// A refusal naming the start record's field `path`.
fn refused(path: &str, why: impl std::fmt::Display) -> Refusal {
    if path.is_empty() {
        Refusal::new(format!("start record: {why}"))
    } else {
        Refusal::new(format!("in `{path}`: {why}"))
    }
}

impl<'a> Fields<'a> {
    /// `value` as an object at `path`, whose keys are all in `known`.
    fn of(value: &'a Value, path: String, known: &[&str]) -> Result<Fields<'a>, Refusal> {
        let map = value
            .as_object()
            .ok_or_else(|| refused(&path, "an object is expected"))?;
        if let Some(key) = map.keys().find(|k| !known.contains(&k.as_str())) {
            return Err(refused(
                &path,
                format!(
                    "unknown field `{}`: the fields are {}",
                    shown(key),
                    known.join(", ")
                ),
            ));
        }
        Ok(Fields { map, path })
    }

    /// The path of `key`.
    fn at(&self, key: &str) -> String {
        if self.path.is_empty() {
            key.to_string()
        } else {
            format!("{}.{key}", self.path)
        }
    }

    /// The value of `key`, which must be given.
    fn get(&self, key: &str) -> Result<&'a Value, Refusal> {
        self.map
            .get(key)
            .ok_or_else(|| refused(&self.at(key), "missing"))
    }

    fn text(&self, key: &str) -> Result<&'a str, Refusal> {
        self.get(key)?
            .as_str()
            .ok_or_else(|| refused(&self.at(key), "a text is expected"))
    }

    fn flag(&self, key: &str) -> Result<bool, Refusal> {
        self.get(key)?
            .as_bool()
            .ok_or_else(|| refused(&self.at(key), "true or false is expected"))
    }

    fn list(&self, key: &str) -> Result<&'a Vec<Value>, Refusal> {
        self.get(key)?
            .as_array()
            .ok_or_else(|| refused(&self.at(key), "a list is expected"))
    }

    /// A whole number of `key` in `lo..=hi`, read into its type.
    fn whole<T: TryFrom<u64>>(&self, key: &str, lo: u64, hi: u64) -> Result<T, Refusal> {
        whole(self.get(key)?, &self.at(key), lo, hi)
    }

    /// A list of texts.
    fn texts(&self, key: &str) -> Result<Vec<String>, Refusal> {
        let path = self.at(key);
        self.list(key)?
            .iter()
            .enumerate()
            .map(|(k, v)| {
                v.as_str()
                    .map(str::to_string)
                    .ok_or_else(|| refused(&format!("{path}[{k}]"), "a text is expected"))
            })
            .collect()
    }
}

/// A whole number in `lo..=hi` read into its type, or a refusal naming
/// `path` and the range.
fn whole<T: TryFrom<u64>>(v: &Value, path: &str, lo: u64, hi: u64) -> Result<T, Refusal> {
    let out_of_range = || {
        refused(
            path,
            format!("{v}: a whole number from {lo} to {hi} is expected"),
        )
    };
    let n = v.as_u64().ok_or_else(out_of_range)?;
    if !(lo..=hi).contains(&n) {
        return Err(out_of_range());
    }
    T::try_from(n).map_err(|_| out_of_range())
}

/// A square `[x, y]`: exactly two whole numbers within [`Square::LIMIT`].
fn square(v: &Value, path: &str) -> Result<Square, Refusal> {
    let malformed = || {
        refused(
            path,
            format!(
                "a square is [x, y], two whole numbers from -{limit} to {limit}",
                limit = Square::LIMIT
            ),
        )
    };
    let a = v
        .as_array()
        .filter(|a| a.len() == 2)
        .ok_or_else(malformed)?;
    let (Some(x), Some(y)) = (a[0].as_i64(), a[1].as_i64()) else {
        return Err(malformed());
    };
    Square::checked(x, y).map_err(|_| malformed())
}

/// The keys of a robot in the record.
const ROBOT_KEYS: [&str; 12] = [
    "id",
    "at",
    "facing",
    "damage",
    "lives",
    "flags",
    "archive",
    "virtual",
    "powered_down",
    "power_down_announced",
    "program",
    "options",
];

fn robot(v: &Value, path: String) -> Result<RobotState, Refusal> {
    let f = Fields::of(v, path, &ROBOT_KEYS)?;
    let id = f.text("id")?;
    let seat = COLOURS.iter().position(|&c| c == id).ok_or_else(|| {
        refused(
            &f.at("id"),
            format!(
                "unknown colour `{}`: robots are named {}",
                shown(id),
                COLOURS.join(", ")
            ),
        )
    })?;
    let facing: Compass = f
        .text("facing")?
        .parse()
        .map_err(|e: crate::grid::square::CompassParseError| refused(&f.at("facing"), e))?;
    let at = match f.get("at")? {
        Value::Null => None,
        a => Some(square(a, &f.at("at"))?),
    };
    let mut program: [Option<Card>; REGISTERS] = [None; REGISTERS];
    let cards = f.list("program")?;
    if cards.len() != REGISTERS {
        return Err(refused(
            &f.at("program"),
            format!(
                "{} registers: a program has exactly {REGISTERS} (\"\" for an empty one)",
                cards.len()
            ),
        ));
    }
    for (k, (slot, c)) in program.iter_mut().zip(cards).enumerate() {
        let path = format!("{}[{k}]", f.at("program"));
        let text = c
            .as_str()
            .ok_or_else(|| refused(&path, "a card's text is expected (\"\" for none)"))?;
        if !text.is_empty() {
            *slot = Some(
                Deck::standard()
                    .parse_card(text)
                    .map_err(|e| refused(&path, e))?,
            );
        }
    }
    Ok(RobotState {
        seat,
        at,
        facing,
        damage: f.whole("damage", 0, u64::from(DESTROYING_DAMAGE) - 1)?,
        lives: f.whole("lives", 0, u64::from(MAX_LIVES))?,
        flags: f.whole("flags", 0, u64::from(u8::MAX))?,
        archive: square(f.get("archive")?, &f.at("archive"))?,
        virtual_robot: f.flag("virtual")?,
        powered_down: f.flag("powered_down")?,
        power_down_announced: f.flag("power_down_announced")?,
        program,
        options: f.texts("options")?,
    })
}

/// Rebuilds a game from the start record [`crate::engine::Describe::start_record`]
/// wrote; the refusal names what is missing or wrong.
pub fn resume(record: &Value) -> Result<Game, Refusal> {
    resume_with(record, None)
}

/// The keys of a start record.
const RECORD_KEYS: [&str; 10] = [
    "version",
    "board",
    "robots",
    "option_deck",
    "turn",
    "stage",
    "seed",
    "opened",
    "variants",
    "rulings",
];

/// [`resume`] with the variants the record names, loaded by the caller
/// (the record's own lives and positions already show their settings),
/// under the rulings the record keeps (those alone: a variant's rulings
/// were recorded when the game started, and a ruling pinned over them
/// since must not be undone). The position is checked by the one validator ([`super::validate`]):
/// a race's (a record not `opened`) must have flags to race to.
pub fn resume_with(
    record: &Value,
    variants: Option<std::rc::Rc<super::Variants>>,
) -> Result<Game, Refusal> {
    let f = Fields::of(record, String::new(), &RECORD_KEYS)?;
    let rulings = Rulings::from_record(DISPUTES, record).map_err(|e| refused("", e))?;
    let version: u64 = f.whole("version", 0, u64::MAX)?;
    if version != VERSION {
        return Err(Refusal::new(format!(
            "start record version {version}: this tinbots reads version {VERSION}"
        )));
    }
    let text = f.text("board")?;
    let board =
        Board::parse("start record board", text).map_err(|e| Refusal::new(e.to_string()))?;
    let robots = f
        .list("robots")?
        .iter()
        .enumerate()
        .map(|(i, r)| robot(r, format!("robots[{i}]")))
        .collect::<Result<Vec<_>, _>>()?;
    let option_deck = f.texts("option_deck")?;
    let stage = match f.text("stage")? {
        "turn_start" => Stage::TurnStart,
        "registers" => Stage::Registers,
        other => {
            return Err(refused(
                "stage",
                format!("unknown stage `{}`: turn_start or registers", shown(other)),
            ))
        }
    };
    let turn: u32 = f.whole("turn", 1, u64::from(u32::MAX))?;
    let seed: u64 = f.whole("seed", 0, u64::MAX)?;
    let position = Position {
        board: Arc::new(board),
        robots,
        option_deck,
        turn,
        stage,
    };
    match record.get("opened") {
        None => Game::begin(position, seed, variants, rulings, Play::Race),
        Some(opened) => {
            let o = Fields::of(opened, "opened".into(), &["begin", "hands"])?;
            let begin = o.flag("begin")?;
            let hands = match opened.get("hands") {
                None => None,
                Some(hands) => Some(opened_hands(hands)?),
            };
            Game::opened_with(position, begin, variants, hands, rulings)
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

/// `record` keeping `rulings` under `rulings` when one is not at its
/// default (all at their default: unchanged), which [`resume_with`] reads
/// back.
pub fn with_rulings(mut record: Value, rulings: &Rulings) -> Value {
    if let (Some(fields), Some(kept)) = (record.as_object_mut(), rulings.record()) {
        fields.insert("rulings".into(), kept);
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
    let list = |v: &Value, path: &str| {
        v.as_array()
            .ok_or_else(|| refused(path, "a list is expected"))
            .map(|a| a.to_vec())
    };
    list(hands, "opened.hands")?
        .iter()
        .enumerate()
        .map(|(i, hand)| {
            let path = format!("opened.hands[{i}]");
            list(hand, &path)?
                .iter()
                .enumerate()
                .map(|(k, card)| {
                    let path = format!("{path}[{k}]");
                    let text = card
                        .as_str()
                        .ok_or_else(|| refused(&path, "a card's text is expected"))?;
                    Deck::standard()
                        .parse_card(text)
                        .map_err(|e| refused(&path, e))
                })
                .collect()
        })
        .collect()
}
