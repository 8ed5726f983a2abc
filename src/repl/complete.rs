//! What Tab completes and what the hint shows, from a snapshot of the
//! session: command names (the game's own too), colours, pieces, bots, the
//! answers of the decision asked, file names, and the words a game gives
//! for its own commands' arguments.
//!
//! [`Completions::candidates`] is plain data in, words out, so it is tested
//! without a terminal; [`ReplHelper`] plugs it into rustyline.

use std::borrow::Cow;
use std::cell::RefCell;
use std::rc::Rc;

use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::Validator;
use rustyline::{Context, Helper};

use super::command::{listed, CommandHelp};
use super::extension::ArgWords;
use super::session::Session;

/// What can be completed now.
#[derive(Clone, Debug, Default)]
pub struct Completions {
    /// Every command, the game's own too.
    pub commands: Vec<CommandHelp>,
    /// Pieces in play (`red.1`, ...): the first words of `where`.
    pub pieces: Vec<String>,
    /// Seated colours.
    pub colours: Vec<String>,
    /// The answers offered now.
    pub answers: Vec<String>,
    /// Words of the game's own commands' arguments.
    pub game_args: Vec<ArgWords>,
    /// The name of the game whose bots are offered (none: no bot files
    /// of a game, only `none` and those of the folder here).
    pub game: Option<&'static str>,
}

/// What an argument of a common command is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Arg {
    Piece,
    Colour,
    Bot,
    File,
    Command,
    Answer,
    ShowWho,
    UndoSpan,
    Nothing,
}

/// What the `n`-th argument (0-based) of the common `command` is.
fn argument(command: &str, n: usize) -> Arg {
    use Arg::*;
    let args: &[Arg] = match command {
        "where" => &[Piece],
        "bot" => &[Colour, Bot],
        "show" => &[ShowWho],
        "help" => &[Command],
        "save" | "load" | "export" => &[File],
        "answer" => &[Answer],
        "undo" | "redo" => &[UndoSpan],
        _ => &[],
    };
    args.get(n).copied().unwrap_or(Nothing)
}

impl Completions {
    /// A snapshot of `session`.
    pub fn of(session: &Session) -> Completions {
        let game = session.game();
        Completions {
            commands: listed(session.extension().commands()),
            pieces: game
                .where_lines()
                .iter()
                .filter_map(|l| l.split_whitespace().next().map(str::to_string))
                .collect(),
            colours: (0..game.seats()).map(|s| game.seat_name(s)).collect(),
            answers: session.offered_answers(),
            game_args: session.extension().completions(game),
            game: Some(session.game_type().name),
        }
    }

    /// The words that may complete `word`, the `index`-th word of a line
    /// whose first word is `command`; `None` when file names are wanted.
    pub fn candidates(&self, command: &str, index: usize, word: &str) -> Option<Vec<String>> {
        let names = || self.commands.iter().map(|c| c.name.to_string());
        let words: Vec<String> = if index == 0 {
            names().chain(self.answers.iter().cloned()).collect()
        } else if let Some(args) = self
            .game_args
            .iter()
            .find(|a| a.command == command && a.index == index - 1)
        {
            args.words.clone()
        } else {
            match argument(command, index - 1) {
                Arg::Piece => self.pieces.clone(),
                Arg::Colour => self.colours.clone(),
                Arg::Bot => {
                    // Bots by name (built in, the user's, `--bot-path`),
                    // `none`, and the bot files of the game's built-in
                    // folder here (`scripts/<game>/bots`).
                    let kind = crate::assets::Kind::Bot;
                    let mut bots: Vec<String> = match self.game {
                        Some(game) => crate::assets::Library::current()
                            .list(kind, game, None)
                            .into_iter()
                            .map(|listed| listed.found.name)
                            .collect(),
                        None => Vec::new(),
                    };
                    bots.push("none".to_string());
                    if let Some(game) = self.game {
                        bots.extend(lua_files(&kind.built_in_folder(game)));
                    }
                    bots
                }
                Arg::File => return None,
                Arg::Command => names().collect(),
                Arg::Answer => self.answers.clone(),
                Arg::ShowWho => std::iter::once("--all".to_string())
                    .chain(self.colours.iter().cloned())
                    .collect(),
                Arg::UndoSpan => vec!["turn".to_string()],
                Arg::Nothing => Vec::new(),
            }
        };
        Some(words.into_iter().filter(|w| w.starts_with(word)).collect())
    }

    /// The rest of a command's form, shown greyed after what was typed.
    pub fn hint(&self, line: &str) -> Option<String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let first = words.first()?;
        let help = self.commands.iter().find(|c| c.name == *first)?;
        if !line.ends_with(' ') {
            return None;
        }
        let usage: Vec<&str> = help.usage.split_whitespace().collect();
        let rest = usage.get(words.len()..)?;
        (!rest.is_empty()).then(|| rest.join(" "))
    }
}

/// The `.lua` files of a folder, as paths.
fn lua_files(folder: &str) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut files: Vec<String> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "lua"))
        .map(|p| p.display().to_string())
        .collect();
    files.sort();
    files
}

/// The rustyline helper: completion and hints from the shared snapshot.
pub struct ReplHelper {
    /// The snapshot, refreshed after every command.
    pub completions: Rc<RefCell<Completions>>,
    files: FilenameCompleter,
    /// With colour on, hints are drawn dim, not like typed text.
    colour: bool,
}

impl ReplHelper {
    /// A helper reading `completions`; hints are dim with `colour` on.
    pub fn new(completions: Rc<RefCell<Completions>>, colour: bool) -> ReplHelper {
        ReplHelper {
            completions,
            files: FilenameCompleter::new(),
            colour,
        }
    }
}

impl Completer for ReplHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let before = &line[..pos];
        let start = before.rfind(char::is_whitespace).map_or(0, |i| i + 1);
        let word = &before[start..];
        let index = before[..start].split_whitespace().count();
        let command = before.split_whitespace().next().unwrap_or("");
        match self.completions.borrow().candidates(command, index, word) {
            Some(words) => Ok((
                start,
                words
                    .into_iter()
                    .map(|w| Pair {
                        display: w.clone(),
                        replacement: format!("{w} "),
                    })
                    .collect(),
            )),
            None => self.files.complete(line, pos, ctx),
        }
    }
}

impl Hinter for ReplHelper {
    type Hint = String;

    fn hint(&self, line: &str, pos: usize, _: &Context<'_>) -> Option<String> {
        (pos == line.len())
            .then(|| self.completions.borrow().hint(line))
            .flatten()
    }
}

impl Highlighter for ReplHelper {
    fn highlight_hint<'h>(&self, hint: &'h str) -> Cow<'h, str> {
        if self.colour {
            // SGR 2: dim.
            Cow::Owned(format!("\x1b[2m{hint}\x1b[0m"))
        } else {
            Cow::Borrowed(hint)
        }
    }
}
impl Validator for ReplHelper {}
impl Helper for ReplHelper {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::GameOptions;

    fn snapshot() -> Completions {
        let game_type = crate::games::default_game();
        let options = GameOptions {
            players: Some(2),
            seed: 1,
            ..GameOptions::default()
        };
        let started = game_type.start(&options).expect("a standard game");
        let session =
            Session::started(&crate::games::registry(), game_type, started, 1).expect("a session");
        Completions::of(&session)
    }

    #[test]
    fn commands_colours_pieces_and_the_game_s_words_complete() {
        let c = snapshot();
        assert_eq!(c.candidates("", 0, "sh").unwrap(), ["show"]);
        assert_eq!(c.candidates("", 0, "ha").unwrap(), ["hand"]);
        assert_eq!(c.candidates("where", 1, "red").unwrap(), ["red.1", "red.2"]);
        assert_eq!(c.candidates("bot", 1, "bl").unwrap(), ["blue"]);
        assert!(c.candidates("save", 1, "").is_none(), "file names");
        assert_eq!(c.candidates("undo", 1, "t").unwrap(), ["turn"]);
        // The game's own words: Twin Tin Bots' `place <robot> <slot> <tile>`.
        assert_eq!(c.candidates("place", 1, "red").unwrap(), ["red.1", "red.2"]);
        assert_eq!(c.candidates("place", 2, "").unwrap(), ["1", "2", "3"]);
    }

    #[test]
    fn the_hint_shows_the_rest_of_the_form() {
        let c = snapshot();
        assert_eq!(
            c.hint("bot ").as_deref(),
            Some("<colour> <name | file.lua | none>")
        );
        assert_eq!(c.hint("place red.1 ").as_deref(), Some("<slot> <tile>"));
        assert_eq!(c.hint("place red.1 2 zap "), None);
        assert_eq!(c.hint("plac"), None);
    }
}
