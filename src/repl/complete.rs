//! What Tab completes and what the hint shows, from a snapshot of the
//! session: command names, robots, slots, the tiles in the hand of the
//! player deciding (for `place`), colours, bots, the answers of the
//! decision asked, and file names.
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

use super::command::{help_of, COMMANDS};
use super::session::Session;
use crate::games::twin_tin_bots::game::Decision;
use crate::games::twin_tin_bots::render::{RenderOptions, DIM};

/// What can be completed now.
#[derive(Clone, Debug, Default)]
pub struct Completions {
    /// Robots in play (`red.1`, ...).
    pub robots: Vec<String>,
    /// Placeable tiles in the deciding player's hand.
    pub hand: Vec<String>,
    /// Seated colours.
    pub colours: Vec<String>,
    /// The answers of the decision asked, when it is not a program change.
    pub answers: Vec<String>,
}

/// What an argument of a command is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Arg {
    Robot,
    Slot,
    Tile,
    Colour,
    Bot,
    File,
    Command,
    Answer,
    ShowWho,
    UndoSpan,
    Nothing,
}

/// What the `n`-th argument (0-based) of `command` is.
fn argument(command: &str, n: usize) -> Arg {
    use Arg::*;
    let args: &[Arg] = match command {
        "place" => &[Robot, Slot, Tile],
        "swap" => &[Robot, Slot, Slot],
        "remove" => &[Robot, Slot],
        "reset" | "where" => &[Robot],
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
        let decider = game.decision().player().unwrap_or(game.active());
        let hand = match game.decision() {
            Decision::ProgramChange { .. } => game.players()[decider]
                .hand
                .kinds()
                .filter(|t| t.is_placeable())
                .map(|t| t.name().to_string())
                .collect(),
            _ => Vec::new(),
        };
        Completions {
            robots: game
                .robots()
                .iter()
                .flatten()
                .map(|r| game.robot_name(r.id))
                .collect(),
            hand,
            colours: game
                .colours()
                .iter()
                .map(|c| c.name().to_string())
                .collect(),
            answers: session.offered_answers(),
        }
    }

    /// The words that may complete `word`, the `index`-th word of a line
    /// whose first word is `command`; `None` when file names are wanted.
    pub fn candidates(&self, command: &str, index: usize, word: &str) -> Option<Vec<String>> {
        let words: Vec<String> = if index == 0 {
            COMMANDS
                .iter()
                .map(|c| c.name.to_string())
                .chain(self.answers.iter().cloned())
                .collect()
        } else {
            match argument(command, index - 1) {
                Arg::Robot => self.robots.clone(),
                Arg::Slot => ["1", "2", "3"].map(String::from).to_vec(),
                Arg::Tile => self.hand.clone(),
                Arg::Colour => self.colours.clone(),
                Arg::Bot => {
                    // Bots by name (built in, the user's, `--bot-path`),
                    // `none`, and the bot files of a `scripts/bots` here.
                    let mut bots: Vec<String> = crate::assets::Library::current()
                        .list(crate::assets::Kind::Bot, None)
                        .into_iter()
                        .map(|listed| listed.found.name)
                        .collect();
                    bots.push("none".to_string());
                    bots.extend(lua_files("scripts/bots"));
                    bots
                }
                Arg::File => return None,
                Arg::Command => COMMANDS.iter().map(|c| c.name.to_string()).collect(),
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
    pub fn hint(line: &str) -> Option<String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let ends_in_space = line.ends_with(' ');
        let first = words.first()?;
        let help = help_of(first)?;
        let typed = if ends_in_space {
            words.len()
        } else {
            return None;
        };
        let usage: Vec<&str> = help.usage.split_whitespace().collect();
        let rest = usage.get(typed..)?;
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
    options: RenderOptions,
}

impl ReplHelper {
    /// A helper reading `completions`; hints are dim when `options` has
    /// colour on.
    pub fn new(completions: Rc<RefCell<Completions>>, options: RenderOptions) -> ReplHelper {
        ReplHelper {
            completions,
            files: FilenameCompleter::new(),
            options,
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
            .then(|| Completions::hint(line))
            .flatten()
    }
}

impl Highlighter for ReplHelper {
    fn highlight_hint<'h>(&self, hint: &'h str) -> Cow<'h, str> {
        Cow::Owned(self.options.paint(hint, DIM))
    }
}
impl Validator for ReplHelper {}
impl Helper for ReplHelper {}

#[cfg(test)]
mod tests {
    use super::*;

    fn snapshot() -> Completions {
        let session = Session::standard(
            2,
            1,
            &crate::games::twin_tin_bots::variant::VariantSet::none(),
        )
        .unwrap();
        Completions::of(&session)
    }

    #[test]
    fn commands_robots_slots_and_tiles_in_hand_complete() {
        let c = snapshot();
        assert_eq!(c.candidates("", 0, "sh").unwrap(), ["show"]);
        assert_eq!(c.candidates("place", 1, "red").unwrap(), ["red.1", "red.2"]);
        assert_eq!(c.candidates("place", 2, "").unwrap(), ["1", "2", "3"]);
        let tiles = c.candidates("place", 3, "").unwrap();
        assert!(tiles.contains(&"forward_1".to_string()), "{tiles:?}");
        assert!(
            !tiles.contains(&"double_modification".to_string()),
            "not placeable"
        );
        // Only the tiles in hand: red holds one special, not all thirteen.
        let specials = tiles
            .iter()
            .filter(|t| {
                t.parse::<crate::games::twin_tin_bots::orders::Tile>()
                    .is_ok_and(|t| t.is_special())
            })
            .count();
        assert_eq!(specials, 1, "{tiles:?}");
        assert_eq!(c.candidates("bot", 1, "bl").unwrap(), ["blue"]);
        assert!(c.candidates("save", 1, "").is_none(), "file names");
        assert_eq!(c.candidates("undo", 1, "t").unwrap(), ["turn"]);
    }

    #[test]
    fn the_hint_shows_the_rest_of_the_form() {
        assert_eq!(
            Completions::hint("place ").as_deref(),
            Some("<robot> <slot> <tile>")
        );
        assert_eq!(
            Completions::hint("place red.1 ").as_deref(),
            Some("<slot> <tile>")
        );
        assert_eq!(Completions::hint("place red.1 2 zap "), None);
        assert_eq!(Completions::hint("plac"), None);
    }
}
