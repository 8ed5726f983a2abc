//! Saving and loading games: a game is its order files, its start (a setup
//! and a seed, or a position) and its list of answers, written as versioned
//! JSON. Loading reloads the order files and replays every answer through
//! the rules, so a saved game reproduces exactly, and a tampered one is
//! refused at the first illegal answer.

use crate::engine::Rulings;
use crate::games::twin_tin_bots::game::{Answer, Game, Position, PositionError, Rules};
use crate::games::twin_tin_bots::lua::orders::{load_order_book, OrderFileError};
use crate::games::twin_tin_bots::orders::OrderBook;
use crate::games::twin_tin_bots::rulings::DISPUTES;
use crate::games::twin_tin_bots::setup::{Setup, SetupError};
use crate::games::twin_tin_bots::variant::{VariantError, VariantSet};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::Arc;

/// The replay format's name, written into every file.
pub const FORMAT: &str = "tinbots-replay";
/// The replay format's version written: 2 adds `orders`, 3 `variants`.
/// Older files are read too.
pub const VERSION: u32 = 3;
/// The oldest version read.
pub const OLDEST_VERSION: u32 = 1;

/// Where a game starts.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Start {
    /// A setup shuffled with a seed.
    Setup {
        /// The setup.
        setup: Box<Setup>,
        /// The seed for the special deck, the deals and the track.
        seed: u64,
    },
    /// A given position (for example a scenario's).
    Position(Box<Position>),
}

impl Start {
    /// The starting position.
    pub fn position(&self) -> Position {
        match self {
            Start::Setup { setup, seed } => setup.position(*seed),
            Start::Position(p) => (**p).clone(),
        }
    }
}

/// A game as its order files, its start and its answers, in the order given.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Replay {
    /// Always [`FORMAT`].
    pub format: String,
    /// The format version, [`VERSION`].
    pub version: u32,
    /// The order files the game was played with, applied in order over the
    /// official orders (paths as given to `play --orders`, read relative to
    /// the current folder); empty for the rulebook's orders.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub orders: Vec<String>,
    /// The variants the game was played with, by name (looked up as
    /// [`crate::assets`] says); empty for the standard rules.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variants: Vec<String>,
    /// The readings of disputed rules the game is played under, as an
    /// object of those not at their default (`{"ttb.dash-rows":
    /// "dash-only"}`); absent when all are.
    #[serde(
        default = "default_rulings",
        skip_serializing_if = "Rulings::all_default",
        serialize_with = "write_rulings",
        deserialize_with = "read_rulings"
    )]
    pub rulings: Rulings,
    /// Where the game starts.
    pub start: Start,
    /// Every answer, as text (DESIGN.md syntax).
    pub answers: Vec<String>,
    /// Whether the game was stopped at a turn limit after the last answer.
    #[serde(default)]
    pub stopped_at_turn_limit: bool,
    /// What every tile does: the official orders with `orders` applied.
    #[serde(skip, default = "OrderBook::official")]
    book: Arc<OrderBook>,
    /// The variants, loaded.
    #[serde(skip)]
    variant_set: VariantSet,
    /// The file it was read from, naming it in errors.
    #[serde(skip, default = "unsaved")]
    path: String,
}

fn unsaved() -> String {
    UNSAVED.to_string()
}

/// Every dispute at its default.
fn default_rulings() -> Rulings {
    Rulings::defaults(DISPUTES)
}

/// The rulings as [`Rulings::record`] writes them.
fn write_rulings<S: serde::Serializer>(rulings: &Rulings, out: S) -> Result<S::Ok, S::Error> {
    rulings.record().serialize(out)
}

/// The rulings a replay's `rulings` object names; an unknown id or
/// reading is an error naming what there is.
fn read_rulings<'de, D: serde::Deserializer<'de>>(input: D) -> Result<Rulings, D::Error> {
    let kept = serde_json::Value::deserialize(input)?;
    Rulings::from_record(DISPUTES, &serde_json::json!({ "rulings": kept }))
        .map_err(serde::de::Error::custom)
}

/// The first fields of a replay, read before the rest: the order files
/// must be loaded before tile names they add can be read.
#[derive(Deserialize)]
struct Header {
    format: String,
    version: u32,
    #[serde(default)]
    orders: Vec<String>,
    #[serde(default)]
    variants: Vec<String>,
}

/// Why a replay cannot be loaded. Every error names the file (as given
/// to [`Replay::load`] or [`Replay::from_json`]) and, when one is at
/// fault, the field, as a path such as `start.position.players[0].delivered`.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// The file could not be read or written.
    #[error("{source}")]
    Io {
        /// The file.
        path: String,
        /// The cause.
        source: crate::files::FileError,
    },
    /// Not valid replay JSON: a syntax error, a missing or unknown field,
    /// a value of the wrong type or out of range.
    #[error("{path}:{line}:{column}: {}not a tinbots replay: {message}", in_field(.field))]
    Json {
        /// The file.
        path: String,
        /// Line of the error.
        line: usize,
        /// Column of the error.
        column: usize,
        /// The field at fault, as a path; may be empty.
        field: String,
        /// What is wrong.
        message: String,
    },
    /// Another format or version.
    #[error("{path}: this is a `{format}` file version {version}; tinbots reads `{FORMAT}` versions {OLDEST_VERSION} to {VERSION}")]
    Version {
        /// The file.
        path: String,
        /// The format found.
        format: String,
        /// The version found.
        version: u32,
    },
    /// An order file of the replay cannot be loaded.
    #[error("{path}: in `orders`: the replay's order file {source}")]
    Orders {
        /// The replay file.
        path: String,
        /// Why the order file cannot be loaded.
        source: OrderFileError,
    },
    /// A variant of the replay cannot be loaded.
    #[error("{path}: in `variants`: {source}")]
    Variant {
        /// The replay file.
        path: String,
        /// Why the variants cannot be loaded.
        source: VariantError,
    },
    /// The start is not playable: its setup or its position is refused
    /// by the checks every loader shares.
    #[error("{path}: {}the replay's start is not playable: {message}", in_field(.field))]
    Start {
        /// The replay file.
        path: String,
        /// The field at fault (`start.setup.seat[0].base`, `start.position`).
        field: String,
        /// What is wrong.
        message: String,
    },
    /// An answer does not parse or is illegal.
    #[error("{path}: in `answers[{}]`: answer {index} (`{answer}`) cannot be replayed: {reason}", .index - 1)]
    Answer {
        /// The replay file.
        path: String,
        /// 1-based index of the answer.
        index: usize,
        /// The answer's text.
        answer: String,
        /// Why.
        reason: String,
    },
}

/// `in `field`: ` before a message, or nothing when no field is known.
fn in_field(field: &str) -> String {
    if field.is_empty() {
        String::new()
    } else {
        format!("in `{field}`: ")
    }
}

/// What a replay is called in errors when it was not read from a file.
const UNSAVED: &str = "the game's replay";

impl Replay {
    /// A replay with no answers yet, with the rulebook's orders.
    pub fn new(start: Start) -> Self {
        Replay::with_orders(start, vec![], OrderBook::official())
    }

    /// A replay with no answers yet, of a game played with `book`: the
    /// official orders with the order files at `orders` (as
    /// [`load_order_book`] builds it).
    pub fn with_orders(start: Start, orders: Vec<String>, book: Arc<OrderBook>) -> Self {
        Replay::with_variants(start, orders, book, VariantSet::none())
    }

    /// A replay with no answers yet, of a game played with `book` and
    /// `variants`.
    pub fn with_variants(
        start: Start,
        orders: Vec<String>,
        book: Arc<OrderBook>,
        variants: VariantSet,
    ) -> Self {
        Replay {
            format: FORMAT.to_string(),
            version: VERSION,
            orders,
            variants: variants.names(),
            rulings: default_rulings(),
            start,
            answers: vec![],
            stopped_at_turn_limit: false,
            book,
            variant_set: variants,
            path: unsaved(),
        }
    }

    /// The start of the game as the seam's replays keep it: the order
    /// files, the variants and the start, without the answers.
    pub fn start_record(&self) -> serde_json::Value {
        let mut record = serde_json::json!({
            "orders": self.orders,
            "variants": self.variants,
            "start": self.start,
        });
        if let (Some(fields), Some(kept)) = (record.as_object_mut(), self.rulings.record()) {
            fields.insert("rulings".into(), kept);
        }
        record
    }

    /// This replay played under `rulings`.
    pub fn with_rulings(self, rulings: Rulings) -> Self {
        Replay { rulings, ..self }
    }

    /// A replay with no answers from a [`Replay::start_record`], checked as
    /// a replay file is; errors name `source` and the field.
    pub fn from_start_record(
        source: &str,
        record: &serde_json::Value,
    ) -> Result<Replay, ReplayError> {
        let mut whole = record.clone();
        if let Some(fields) = whole.as_object_mut() {
            fields.insert("format".into(), FORMAT.into());
            fields.insert("version".into(), VERSION.into());
            fields.insert("answers".into(), serde_json::Value::Array(vec![]));
        }
        Replay::from_json(source, &whole.to_string())
    }

    /// The variants of the game.
    pub fn variant_set(&self) -> &VariantSet {
        &self.variant_set
    }

    /// The game's rules: its orders and its variants' terrain and hooks
    /// (a fresh Lua state for the hooks on every call).
    pub fn rules(&self) -> Result<Rules, ReplayError> {
        self.variant_set
            .rules(self.book.clone())
            .map_err(|source| ReplayError::Variant {
                path: self.path.clone(),
                source,
            })
    }

    /// What every tile of the game does.
    pub fn book(&self) -> &Arc<OrderBook> {
        &self.book
    }

    /// The game at its start, before any answer.
    pub fn start_game(&self) -> Result<Game, ReplayError> {
        let mut game = Game::with_rules(&self.start.position(), self.rules()?)
            .map_err(|e| self.position_error(&e))?;
        game.set_rulings(self.rulings.clone());
        Ok(game)
    }

    /// A refused start position, naming the file and the position.
    fn position_error(&self, e: &PositionError) -> ReplayError {
        let start = match &self.start {
            Start::Setup { .. } => "start.setup",
            Start::Position(_) => "start.position",
        };
        let field = match (&self.start, e.field()) {
            (Start::Position(_), Some(field)) => format!("{start}.{field}"),
            _ => start.to_string(),
        };
        ReplayError::Start {
            path: self.path.clone(),
            field,
            message: e.to_string(),
        }
    }

    /// Checks a setup start as a setup file is checked ([`Setup::validate`]);
    /// the position itself is checked ([`Position::validate`], through
    /// [`Game::with_rules`]) when [`Replay::game`] starts the game.
    fn check_start(&self) -> Result<(), ReplayError> {
        if let Start::Setup { setup, .. } = &self.start {
            setup.validate(&self.path).map_err(|e| match e {
                SetupError::Invalid { field, message, .. } => ReplayError::Start {
                    path: self.path.clone(),
                    field: if field.is_empty() {
                        "start.setup.setup".to_string()
                    } else {
                        format!("start.setup.setup.{field}")
                    },
                    message,
                },
                other => ReplayError::Start {
                    path: self.path.clone(),
                    field: "start.setup.setup".to_string(),
                    message: other.to_string(),
                },
            })?;
        }
        Ok(())
    }

    /// Records an answer just applied to `game` (call before applying, so
    /// that the text is read in the context of the decision it answers).
    pub fn record(&mut self, game: &Game, answer: Answer) {
        self.answers.push(game.answer_text(answer));
    }

    /// Replays every answer from the start.
    pub fn game(&self) -> Result<Game, ReplayError> {
        let mut game = self.start_game()?;
        for (i, text) in self.answers.iter().enumerate() {
            let fail = |reason: String| ReplayError::Answer {
                path: self.path.clone(),
                index: i + 1,
                answer: text.clone(),
                reason,
            };
            let answer = game.parse_answer(text).map_err(fail)?;
            game.apply(answer).map_err(|e| fail(e.to_string()))?;
        }
        if self.stopped_at_turn_limit {
            game.stop(crate::games::twin_tin_bots::game::EndReason::TurnLimit);
        }
        Ok(game)
    }

    /// The replay as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a replay always serializes")
    }

    /// Parses replay JSON, loads its order files and variants, checks its
    /// start as any loader's and replays its answers; `path` names the
    /// source in errors.
    pub fn from_json(path: &str, text: &str) -> Result<Replay, ReplayError> {
        let json = |e: serde_json::Error| ReplayError::Json {
            path: path.to_string(),
            line: e.line(),
            column: e.column(),
            field: json_field_path(text, e.line(), e.column()),
            message: strip_position(&e.to_string()),
        };
        let header: Header = serde_json::from_str(text).map_err(json)?;
        if header.format != FORMAT || !(OLDEST_VERSION..=VERSION).contains(&header.version) {
            return Err(ReplayError::Version {
                path: path.to_string(),
                format: header.format,
                version: header.version,
            });
        }
        let book = load_order_book(&header.orders).map_err(|source| ReplayError::Orders {
            path: path.to_string(),
            source,
        })?;
        let variant_set =
            VariantSet::load(&header.variants).map_err(|source| ReplayError::Variant {
                path: path.to_string(),
                source,
            })?;
        let mut replay: Replay = serde_json::from_str(text).map_err(json)?;
        replay.book = book;
        replay.variant_set = variant_set;
        replay.path = path.to_string();
        // Every answer is checked too, so that a loader replaying them on
        // its own (the REPL) meets none that is refused.
        replay.check_start()?;
        replay.game()?;
        Ok(replay)
    }

    /// The file the replay was read from (or a phrase naming an unsaved
    /// game's replay).
    pub fn path(&self) -> &str {
        &self.path
    }

    /// Writes the replay to a file.
    pub fn save(&self, path: &Path) -> Result<(), ReplayError> {
        crate::files::write_whole(
            path,
            (self.to_json()
                + "
")
            .as_bytes(),
        )
        .map_err(|source| ReplayError::Io {
            path: path.display().to_string(),
            source,
        })
    }

    /// Reads a replay file.
    pub fn load(path: &Path) -> Result<Replay, ReplayError> {
        let name = path.display().to_string();
        let text =
            crate::files::read_text(path, crate::files::FileKind::Replay).map_err(|source| {
                ReplayError::Io {
                    path: name.clone(),
                    source,
                }
            })?;
        Replay::from_json(&name, &text)
    }
}

/// A serde_json message without its own ` at line L column C` (the error
/// puts the place first).
fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(i) => message[..i].to_string(),
        None => message.to_string(),
    }
}

/// Where a scan of JSON text stands: in an object (at its current key, if
/// one was read) or in an array (at an element).
enum JsonFrame {
    Object { key: Option<String>, want_key: bool },
    Array(usize),
}

/// The field path (such as `start.position.players[0].delivered`) at a
/// 1-based line and column of JSON text: a light scan, good enough to name
/// the field of a parse error. Empty at the top level.
fn json_field_path(text: &str, line: usize, column: usize) -> String {
    let line_start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    // serde_json's column is that of the last character read, or of the
    // one after it: scan up to it, and let a comma count only once the
    // next element begins, so that an error just after an element names
    // that element.
    let end = (line_start + column).min(text.len());
    let b = text.as_bytes();
    let mut frames: Vec<JsonFrame> = vec![];
    let mut comma = false;
    let mut i = 0;
    while i < end {
        if comma && !b[i].is_ascii_whitespace() {
            comma = false;
            match frames.last_mut() {
                Some(JsonFrame::Array(n)) => *n += 1,
                Some(JsonFrame::Object { key, want_key }) => {
                    *key = None;
                    *want_key = true;
                }
                None => {}
            }
        }
        match b[i] {
            b'{' => frames.push(JsonFrame::Object {
                key: None,
                want_key: true,
            }),
            b'[' => frames.push(JsonFrame::Array(0)),
            b'}' | b']' => {
                frames.pop();
            }
            b',' => comma = true,
            b'"' => {
                let start = i + 1;
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                if let Some(JsonFrame::Object { key, want_key }) = frames.last_mut() {
                    if *want_key {
                        *key = text.get(start..i.min(b.len())).map(str::to_string);
                        *want_key = false;
                    }
                }
            }
            _ => {}
        }
        i += 1;
    }
    let mut path = String::new();
    for frame in &frames {
        match frame {
            JsonFrame::Object { key: Some(k), .. } => {
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(k);
            }
            JsonFrame::Object { key: None, .. } => {}
            JsonFrame::Array(n) => path.push_str(&format!("[{n}]")),
        }
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The path at the first occurrence of `needle` (its last character).
    fn path_at(text: &str, needle: &str) -> String {
        let end = text.find(needle).expect("needle") + needle.len();
        let before = &text[..end];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().unwrap().len();
        json_field_path(text, line, column)
    }

    #[test]
    fn json_paths_name_the_field_at_a_place() {
        let text = "{\n  \"start\": {\"position\": {\"robots\": [null, {\"at\": [1, 2]}],\n  \"crystals\": [[[0, 0], 2], [[5, 5], 3]]}},\n  \"answers\": [\"pass\", \"a, b\"]\n}";
        assert_eq!(path_at(text, "[1, 2]"), "start.position.robots[1].at");
        assert_eq!(path_at(text, "[5, 5]"), "start.position.crystals[1][0]");
        assert_eq!(path_at(text, "[5, 5],"), "start.position.crystals[1][0]");
        assert_eq!(path_at(text, "\"a, b\""), "answers[1]");
        assert_eq!(json_field_path(text, 1, 1), "");
        assert_eq!(json_field_path(text, 99, 99), "");
    }

    #[test]
    fn errors_name_the_file_and_the_field() {
        let replay = |start: &str| {
            format!(
                "{{\"format\": \"{FORMAT}\", \"version\": 3, \"start\": {start}, \"answers\": []}}"
            )
        };
        let mut position = Setup::standard(2).unwrap().position(1);
        let good = serde_json::to_string(&Start::Position(Box::new(position.clone()))).unwrap();
        assert!(Replay::from_json("g.json", &replay(&good)).is_ok());
        position.players[1].delivered.0[0] = u32::MAX;
        let bad = serde_json::to_string(&Start::Position(Box::new(position))).unwrap();
        let e = Replay::from_json("g.json", &replay(&bad))
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("g.json: in `start.position`: ") && e.contains("box holds only 6"),
            "{e}"
        );
        let e = Replay::from_json(
            "g.json",
            &replay(&good.replace("\"radius\":4", "\"radius\":100000")),
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.starts_with("g.json:1:")
                && e.contains("in `start.position.arena`")
                && e.contains("radius 100000"),
            "{e}"
        );
    }
}
