//! Saving and loading any game: its name, its start (the record its
//! factory kept, [`crate::engine::Started::start`]) and its answers as
//! text, written as versioned JSON (format 4). Loading starts the game
//! again and replays every answer through the rules, so a saved game
//! reproduces exactly, and a tampered one is refused at the first illegal
//! answer.
//!
//! Files of formats 1 to 3 (written when there was one game: no `game`
//! field) are still read, through the reader of the game that has one
//! ([`crate::registry::GameType::legacy_replay`]).

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::engine::DynState;
use crate::play::Played;
use crate::registry::{GameType, Games};

/// The replay format's name, written into every file.
pub const FORMAT: &str = "tinbots-replay";
/// The format written: 4 names the game and keeps its start as the game
/// records it.
pub const VERSION: u32 = 4;

/// A game as its name, its start and its answers.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// Always [`FORMAT`].
    pub format: String,
    /// [`VERSION`].
    pub version: u32,
    /// The game's registered name (`roborally`).
    pub game: String,
    /// Its start, as its factory recorded it.
    pub start: serde_json::Value,
    /// Every answer, as text, in the order given.
    pub answers: Vec<String>,
    /// Whether the game was stopped at a turn limit after the last answer.
    #[serde(default)]
    pub stopped_at_turn_limit: bool,
}

/// Why a replay cannot be loaded or saved; every error names the file.
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
    /// Not JSON, or not a replay: where and why.
    #[error("{path}:{line}:{column}: not a tinbots replay: {message}")]
    Json {
        /// The file.
        path: String,
        /// Line, from 1.
        line: usize,
        /// Column, from 1.
        column: usize,
        /// Why.
        message: String,
    },
    /// A field is wrong.
    #[error("{path}: in `{field}`: {message}")]
    Field {
        /// The file.
        path: String,
        /// The field.
        field: String,
        /// Why.
        message: String,
    },
    /// An answer is illegal where it stands.
    #[error("{path}: answer {index} (`{}`) cannot be replayed: {reason}", crate::script::text::shown(.answer))]
    Answer {
        /// The file.
        path: String,
        /// Which answer, from 1.
        index: usize,
        /// The answer.
        answer: String,
        /// Why.
        reason: String,
    },
    /// A replay of the formats before files named their game (1 to 3)
    /// that its game's reader refuses; the error names the file and field.
    #[error(transparent)]
    Legacy(crate::registry::LegacyReplayError),
}

/// The first fields of any replay file.
#[derive(Deserialize)]
struct Header {
    format: String,
    version: u32,
    #[serde(default)]
    game: Option<String>,
}

impl Record {
    /// A record of a game just started, with no answers yet.
    pub fn new(game: &GameType, start: serde_json::Value) -> Record {
        Record {
            format: FORMAT.into(),
            version: VERSION,
            game: game.name.into(),
            start,
            answers: Vec::new(),
            stopped_at_turn_limit: false,
        }
    }

    /// The record played under `pins` (`ID=READING`, `--ruling`) over the
    /// rulings it was played under; `path` names the file in errors.
    pub fn pinned(
        mut self,
        games: &Games,
        pins: &[String],
        path: &str,
    ) -> Result<Record, ReplayError> {
        if pins.is_empty() {
            return Ok(self);
        }
        let field = |field: &str, message: String| ReplayError::Field {
            path: path.to_string(),
            field: field.to_string(),
            message,
        };
        let game_type = self.game_type(games).map_err(|m| field("game", m))?;
        self.start = game_type
            .pinned_start(&self.start, pins)
            .map_err(|e| field("start", e.0))?;
        Ok(self)
    }

    /// The game it records, one of `games`.
    pub fn game_type(&self, games: &Games) -> Result<&'static GameType, String> {
        games.find(&self.game)
    }

    /// The game at its start, before any answer; `path` names the file in
    /// errors.
    pub fn start_game(&self, games: &Games, path: &str) -> Result<Box<dyn DynState>, ReplayError> {
        let field = |field: &str, message: String| ReplayError::Field {
            path: path.to_string(),
            field: field.to_string(),
            message,
        };
        let game_type = self.game_type(games).map_err(|m| field("game", m))?;
        (game_type.resume)(&self.start).map_err(|e| field("start", e.0))
    }

    /// The game with every answer replayed; `path` names the file in
    /// errors.
    pub fn game(&self, games: &Games, path: &str) -> Result<Box<dyn DynState>, ReplayError> {
        let mut game = self.start_game(games, path)?;
        self.replay_each(path, &mut game, |_, _| {})?;
        Ok(game)
    }

    /// Replays every answer on `game` (at its start), calling `after` with
    /// the game after each and what was played; then stops it at the turn
    /// limit if it was.
    pub fn replay_each(
        &self,
        path: &str,
        game: &mut Box<dyn DynState>,
        mut after: impl FnMut(&dyn DynState, &Played),
    ) -> Result<(), ReplayError> {
        for (i, text) in self.answers.iter().enumerate() {
            let (turn, part) = (game.turn(), game.transcript_part());
            let seat = game.to_decide().unwrap_or_default();
            let answer = game.apply_text(text).map_err(|e| ReplayError::Answer {
                path: path.to_string(),
                index: i + 1,
                answer: text.clone(),
                reason: e.message,
            })?;
            let played = Played {
                seat,
                turn,
                part,
                answer,
            };
            after(game.as_ref(), &played);
        }
        if self.stopped_at_turn_limit && !game.is_over() {
            game.stop_at_turn_limit();
        }
        Ok(())
    }

    /// The record as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a record always serializes")
    }

    /// Reads a replay of any format; `path` names the source in errors.
    /// A file of formats 1 to 3 is read and checked by the reader of the
    /// game that has one, and kept as a record of that game.
    pub fn from_json(games: &Games, path: &str, text: &str) -> Result<Record, ReplayError> {
        let json = |e: serde_json::Error| ReplayError::Json {
            path: path.to_string(),
            line: e.line(),
            column: e.column(),
            message: e.to_string(),
        };
        let header: Header = serde_json::from_str(text).map_err(json)?;
        if header.format != FORMAT {
            return Err(ReplayError::Field {
                path: path.into(),
                field: "format".into(),
                message: format!(
                    "`{}` is not `{FORMAT}`",
                    crate::script::text::shown(&header.format)
                ),
            });
        }
        if header.version < VERSION && header.game.is_none() {
            let legacy = games
                .all()
                .iter()
                .find_map(|game| game.legacy_replay.map(|read| (game, read)));
            if let Some((game, read)) = legacy {
                let old = read(path, text).map_err(ReplayError::Legacy)?;
                let mut record = Record::new(game, old.start);
                record.answers = old.answers;
                record.stopped_at_turn_limit = old.stopped_at_turn_limit;
                return Ok(record);
            }
        }
        if header.version != VERSION {
            return Err(ReplayError::Field {
                path: path.into(),
                field: "version".into(),
                message: format!(
                    "version {} is not one this tinbots reads (1 to {VERSION})",
                    header.version
                ),
            });
        }
        let record: Record = serde_json::from_str(text).map_err(json)?;
        record
            .game_type(games)
            .map_err(|message| ReplayError::Field {
                path: path.into(),
                field: "game".into(),
                message,
            })?;
        Ok(record)
    }

    /// Reads a replay file.
    pub fn load(games: &Games, path: &Path) -> Result<Record, ReplayError> {
        let shown = path.display().to_string();
        let text =
            crate::files::read_text(path, crate::files::FileKind::Replay).map_err(|source| {
                ReplayError::Io {
                    path: shown.clone(),
                    source,
                }
            })?;
        Record::from_json(games, &shown, &text)
    }

    /// Writes the record to a file.
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::GameOptions;

    /// The game these tests play: the default one, from the registry.
    fn game_type() -> &'static GameType {
        crate::games::default_game()
    }

    fn played(answers: usize) -> (Record, Box<dyn DynState>) {
        let options = GameOptions {
            players: Some(2),
            seed: 9,
            ..GameOptions::default()
        };
        let started = game_type().start(&options).expect("a standard game");
        let mut record = Record::new(game_type(), started.start);
        let mut game = started.game;
        for _ in 0..answers {
            let text = game.legal_text(0).expect("a legal answer");
            game.apply_text(&text).expect("legal");
            record.answers.push(text);
        }
        (record, game)
    }

    #[test]
    fn a_record_replays_to_the_same_game() {
        let (record, game) = played(40);
        let again = Record::from_json(&crate::games::registry(), "mem", &record.to_json())
            .expect("its own JSON")
            .game(&crate::games::registry(), "mem")
            .expect("replays");
        assert_eq!(again.where_lines(), game.where_lines());
        assert_eq!(again.turn(), game.turn());
    }

    #[test]
    fn a_tampered_answer_is_refused_naming_its_place() {
        let (mut record, _) = played(5);
        record.answers[3] = "place red.1 1 jump".into();
        let Err(err) = record.game(&crate::games::registry(), "saved.json") else {
            panic!("a tampered answer is refused")
        };
        let err = err.to_string();
        assert!(
            err.starts_with("saved.json: answer 4 (`place red.1 1 jump`) cannot be replayed: "),
            "{err}"
        );
    }

    #[test]
    fn an_unknown_game_or_version_is_refused_naming_the_field() {
        let (mut record, _) = played(0);
        record.game = "chess".into();
        let err = Record::from_json(&crate::games::registry(), "x.json", &record.to_json())
            .expect_err("refused")
            .to_string();
        assert!(
            err.starts_with("x.json: in `game`: there is no game `chess`"),
            "{err}"
        );
        let err = Record::from_json(
            &crate::games::registry(),
            "y.json",
            r#"{"format": "tinbots-replay", "version": 9, "game": "roborally"}"#,
        )
        .expect_err("refused")
        .to_string();
        assert!(err.starts_with("y.json: in `version`: version 9"), "{err}");
    }
}
