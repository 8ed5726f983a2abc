//! What a game adds to the REPL: the one place where the REPL, written once
//! over the seam ([`crate::engine::DynState`]), lets a game plug in its own
//! commands, words and pictures.
//!
//! Every method has a default that works for any game, so a game with no
//! extras uses [`NoExtras`]. The session shares its extension (an `Rc`),
//! so that a game's command can call back into the session, whose answers
//! and questions go through the same extension. Each game names its
//! extension in its [`crate::registry::GameType::repl`]. An extension that needs the game's
//! concrete type reaches it with [`crate::engine::DynState::as_any`].

use std::any::Any;
use std::path::Path;

use super::command::{Command, CommandError, CommandHelp};
use super::session::{ReplError, Session};
use crate::engine::{DynState, Refusal, Seat};

/// A command a game adds, and where `help` lists it.
#[derive(Clone, Copy, Debug)]
pub struct GameCommand {
    /// The common command it is listed after in `help` (`"where"`).
    pub after: &'static str,
    /// Its help.
    pub help: CommandHelp,
}

/// What a game's scenario file opens: the position, the record of its
/// start (what `save` writes as the replay's `start`), and the history's
/// first label.
pub struct Opened {
    /// The game at the scenario's position.
    pub game: Box<dyn DynState>,
    /// Its start, as the game's [`crate::registry::GameType::resume`] reads it.
    pub start: serde_json::Value,
    /// The label of the history's first point (`scenario FILE: title`).
    pub label: String,
}

/// The kind of an argument Tab completes, for a game's own commands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArgWords {
    /// The command.
    pub command: &'static str,
    /// The argument, from 0.
    pub index: usize,
    /// The words it may be.
    pub words: Vec<String>,
}

/// A game's additions to the REPL. Every method has a default for a game
/// with nothing to add.
pub trait GameRepl: Any {
    /// The commands the game adds (listed by `help`, completed by Tab).
    fn commands(&self) -> &'static [GameCommand] {
        &[]
    }

    /// Reads a line whose first word is `head` (as typed) and the rest
    /// `rest`, before the common commands are tried: `None` when the game
    /// has nothing to say about it. A game's own command is returned as
    /// [`Command::Game`].
    fn parse(&self, head: &str, rest: &str) -> Option<Result<Command, CommandError>> {
        let _ = (head, rest);
        None
    }

    /// Whether a line that is no command is taken as an answer (true by
    /// default). A game that reads its answer words in [`GameRepl::parse`]
    /// says false, and other lines are unknown commands.
    fn bare_answers(&self) -> bool {
        true
    }

    /// Whether a line of answers separated by commas is a chain of answers
    /// applied in order (true by default; false for a game whose answers
    /// hold commas, such as hexes `q,r`).
    fn comma_chains(&self) -> bool {
        true
    }

    /// Runs a game's own command `name` with its arguments `args`. The
    /// extension is shared with the session it serves (what it keeps
    /// that changes is behind a cell).
    fn run(
        &self,
        session: &mut Session,
        name: &'static str,
        args: &str,
        out: &mut String,
    ) -> Result<(), ReplError> {
        let _ = (session, args, out);
        Err(ReplError::new(format!(
            "`{name}` is not a command of this game"
        )))
    }

    /// Reads the answer typed (`answer X`, or a line that is an answer) as
    /// the text to apply, or refuses it with the game's own words; `None`
    /// for the common reading (a number picks an offered answer).
    fn answer(&self, session: &Session, text: &str) -> Option<Result<String, ReplError>> {
        let _ = (session, text);
        None
    }

    /// The error for an answer the game refused.
    fn refused(&self, session: &Session, text: &str, refusal: &Refusal) -> ReplError {
        let _ = session;
        ReplError::new(format!("`{text}` is not allowed: {refusal}"))
    }

    /// What is asked now, as a line; `None` for the common wording.
    fn asked(&self, session: &Session) -> Option<String> {
        let _ = session;
        None
    }

    /// The answers offered at the prompt (listed, numbered, completed by
    /// Tab); `None` for the common choice (every legal answer when there
    /// are few, none at a stepping pause).
    fn offered_answers(&self, game: &dyn DynState) -> Option<Vec<String>> {
        let _ = game;
        None
    }

    /// The picture `show` draws for `viewer` (`None`: everything), in the
    /// form asked (`full`: `--full` or `--compact`, else `compact` when the
    /// session prefers the short form); `None` for the game's
    /// [`DynState::picture`].
    fn show(
        &self,
        game: &dyn DynState,
        viewer: Option<Seat>,
        full: Option<bool>,
        compact: bool,
        colour: bool,
    ) -> Option<String> {
        let _ = (game, viewer, full, compact, colour);
        None
    }

    /// `where <piece>`: the piece's line or an error naming the closest
    /// pieces; `None` for the common reading (the line of
    /// [`DynState::where_lines`] that starts with the name).
    fn where_piece(&self, game: &dyn DynState, name: &str) -> Option<Result<String, ReplError>> {
        let _ = (game, name);
        None
    }

    /// What a piece is called in messages (`"a piece"`).
    fn piece_word(&self) -> &'static str {
        "a piece"
    }

    /// Words Tab completes for the game's own commands' arguments.
    fn completions(&self, game: &dyn DynState) -> Vec<ArgWords> {
        let _ = game;
        Vec::new()
    }

    /// `export FILE`: the position as the game's scenario file (what it
    /// said, or why not); `None` when the game writes no scenario files.
    fn export(&self, session: &Session, file: &str) -> Option<Result<String, ReplError>> {
        let _ = (session, file);
        None
    }

    /// Opens a scenario file of this game at its position, ready for its
    /// turn (a game whose programs are in the file plays it with `run`);
    /// `None` when the game has no scenario files in the REPL.
    fn load_scenario(&mut self, path: &Path) -> Option<Result<Opened, ReplError>> {
        let _ = path;
        None
    }

    /// Called when a session starts from `start` (a new game or a replay),
    /// for an extension that keeps what the start says; a refusal stops
    /// the session from opening.
    fn started(&mut self, start: &serde_json::Value) -> Result<(), ReplError> {
        let _ = start;
        Ok(())
    }

    /// The last line of `help`.
    fn help_tail(&self) -> &'static str {
        "`help <command>` for more; Tab completes commands, colours and answers."
    }

    /// The extension as [`Any`], for its own session methods.
    fn as_any(&self) -> &dyn Any;
}

/// The extension of a game with nothing to add.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoExtras;

impl GameRepl for NoExtras {
    fn as_any(&self) -> &dyn Any {
        self
    }
}
