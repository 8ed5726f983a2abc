//! Saving and loading games: a game is its start (a setup and a seed, or a
//! position) and its list of answers, written as versioned JSON. Loading
//! replays every answer through the rules, so a saved game reproduces
//! exactly, and a tampered one is refused at the first illegal answer.

use crate::game::{Answer, Game, Position, PositionError};
use crate::setup::Setup;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The replay format's name, written into every file.
pub const FORMAT: &str = "tinbots-replay";
/// The replay format's version.
pub const VERSION: u32 = 1;

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

/// A game as its start and its answers, in the order given.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Replay {
    /// Always [`FORMAT`].
    pub format: String,
    /// The format version, [`VERSION`].
    pub version: u32,
    /// Where the game starts.
    pub start: Start,
    /// Every answer, as text (DESIGN.md syntax).
    pub answers: Vec<String>,
    /// Whether the game was stopped at a turn limit after the last answer.
    #[serde(default)]
    pub stopped_at_turn_limit: bool,
}

/// Why a replay cannot be loaded.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The cause.
        source: std::io::Error,
    },
    /// Not valid replay JSON.
    #[error("{path}:{line}:{column}: not a tinbots replay: {message}")]
    Json {
        /// The file.
        path: String,
        /// Line of the error.
        line: usize,
        /// Column of the error.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// Another format or version.
    #[error("{path}: this is a `{format}` file version {version}; tinbots reads `{FORMAT}` version {VERSION}")]
    Version {
        /// The file.
        path: String,
        /// The format found.
        format: String,
        /// The version found.
        version: u32,
    },
    /// The start position is not playable.
    #[error("the replay's start position is not playable: {0}")]
    Position(#[from] PositionError),
    /// An answer does not parse or is illegal.
    #[error("answer {index} (`{answer}`) cannot be replayed: {reason}")]
    Answer {
        /// 1-based index of the answer.
        index: usize,
        /// The answer's text.
        answer: String,
        /// Why.
        reason: String,
    },
}

impl Replay {
    /// A replay with no answers yet.
    pub fn new(start: Start) -> Self {
        Replay {
            format: FORMAT.to_string(),
            version: VERSION,
            start,
            answers: vec![],
            stopped_at_turn_limit: false,
        }
    }

    /// Records an answer just applied to `game` (call before applying, so
    /// that the text is read in the context of the decision it answers).
    pub fn record(&mut self, game: &Game, answer: Answer) {
        self.answers.push(game.answer_text(answer));
    }

    /// Replays every answer from the start.
    pub fn game(&self) -> Result<Game, ReplayError> {
        let mut game = Game::new(&self.start.position())?;
        for (i, text) in self.answers.iter().enumerate() {
            let fail = |reason: String| ReplayError::Answer {
                index: i + 1,
                answer: text.clone(),
                reason,
            };
            let answer = game.parse_answer(text).map_err(fail)?;
            game.apply(answer).map_err(|e| fail(e.to_string()))?;
        }
        if self.stopped_at_turn_limit {
            game.stop(crate::game::EndReason::TurnLimit);
        }
        Ok(game)
    }

    /// The replay as pretty JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a replay always serializes")
    }

    /// Parses replay JSON; `path` names the source in errors.
    pub fn from_json(path: &str, text: &str) -> Result<Replay, ReplayError> {
        let replay: Replay = serde_json::from_str(text).map_err(|e| ReplayError::Json {
            path: path.to_string(),
            line: e.line(),
            column: e.column(),
            message: e.to_string(),
        })?;
        if replay.format != FORMAT || replay.version != VERSION {
            return Err(ReplayError::Version {
                path: path.to_string(),
                format: replay.format,
                version: replay.version,
            });
        }
        Ok(replay)
    }

    /// Writes the replay to a file.
    pub fn save(&self, path: &Path) -> Result<(), ReplayError> {
        std::fs::write(path, self.to_json() + "\n").map_err(|source| ReplayError::Io {
            path: path.display().to_string(),
            source,
        })
    }

    /// Reads a replay file.
    pub fn load(path: &Path) -> Result<Replay, ReplayError> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|source| ReplayError::Io {
            path: name.clone(),
            source,
        })?;
        Replay::from_json(&name, &text)
    }
}
