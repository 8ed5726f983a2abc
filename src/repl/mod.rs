//! The REPL: step through a turn one order at a time, read why each thing
//! happened, undo, try the other reading, save the position.
//!
//! Written once over the seam ([`crate::engine::DynState`]) for every
//! game; what one game adds is its [`extension::GameRepl`].
//!
//! - [`command`]: what a line says (parsing, the table of commands);
//! - [`help`]: `help`, laid out;
//! - [`session`]: what each command does to the game and its history;
//! - [`timeline`]: the history behind `undo`, `redo`, `history`, `goto`;
//! - [`complete`]: Tab completion and hints for rustyline;
//! - [`extension`]: what a game adds (commands, words, pictures,
//!   scenario files);
//! - [`lua`]: a sandbox and printer for a game's `lua` command.
//!
//! [`run_interactive`] reads a terminal with rustyline (completion, hints,
//! a history file, colours unless `NO_COLOR`); [`run_script`] reads lines
//! from any reader (stdin that is not a terminal): no prompts, no colours,
//! it stops at the first error. In a game with hidden information and
//! several people at one terminal, the terminal is cleared and the next
//! player named before their hand is shown ([`session::Session::handoff`]).

pub mod command;
pub mod complete;
pub mod extension;
pub mod help;
pub mod lua;
pub mod session;
pub mod timeline;

#[cfg(test)]
mod tests;

use std::cell::RefCell;
use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::rc::Rc;

use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::{CompletionType, Config, Editor};

use complete::{Completions, ReplHelper};
use session::{Flow, ReplError, Session};

/// The longest line the REPL reads, in bytes: a longer one is refused
/// with its length, unread (from a pipe, read to its end in bounded
/// memory).
pub const MAX_LINE: usize = 64 * 1024;

/// Why a line longer than [`MAX_LINE`] is refused.
pub fn too_long(length: usize) -> String {
    format!("a line of {length} bytes: longer than the {MAX_LINE} bytes a line may hold, refused")
}

/// How a scripted run ended. Its message shows the line cut and escaped
/// for the terminal ([`crate::script::text::shown`]), and the reason
/// escaped ([`crate::escape::terminal_lines`]).
#[derive(Debug, thiserror::Error)]
pub enum ScriptRunError {
    /// A line was refused.
    #[error("line {line}: `{}`: {}", crate::script::text::shown(.text), crate::escape::terminal_lines(&.error.0))]
    Line {
        /// The line's number, from 1.
        line: usize,
        /// The line.
        text: String,
        /// Why.
        error: ReplError,
    },
    /// A line is longer than [`MAX_LINE`].
    #[error("line {line}: {}", too_long(*.length))]
    TooLong {
        /// The line's number, from 1.
        line: usize,
        /// Its length in bytes.
        length: usize,
    },
    /// A line is not UTF-8 text.
    #[error("line {line}: not UTF-8")]
    NotUtf8 {
        /// The line's number, from 1.
        line: usize,
    },
    /// Reading or writing failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// Runs the lines of `input` (no prompts, no colours), writing what they
/// say to `out`, escaped for the terminal ([`crate::escape::terminal_lines`]:
/// a narration or a script's output cannot drive it); with `echo`, each
/// line is written first after `> `, escaped too. Lines are read with a
/// bound ([`MAX_LINE`]). Stops at the first refused line.
pub fn run_script(
    session: &mut Session,
    input: impl BufRead,
    out: &mut dyn Write,
    echo: bool,
) -> Result<(), ScriptRunError> {
    for (i, line) in crate::files::BoundedLines::new(input, MAX_LINE).enumerate() {
        let number = i + 1;
        let line = match line? {
            crate::files::Line::Text(text) => text,
            crate::files::Line::NotUtf8 { .. } => {
                return Err(ScriptRunError::NotUtf8 { line: number })
            }
            crate::files::Line::TooLong { length, .. } => {
                return Err(ScriptRunError::TooLong {
                    line: number,
                    length,
                })
            }
        };
        if echo {
            writeln!(out, "> {}", crate::escape::terminal(&line))?;
        }
        let mut said = String::new();
        let result = session.execute(&line, &mut said);
        out.write_all(crate::escape::terminal_lines(&said).as_bytes())?;
        match result {
            Ok(Flow::Go) => {}
            Ok(Flow::Clear) => writeln!(out, "(clear: no screen to clear when reading a script)")?,
            Ok(Flow::Quit) => break,
            Err(error) => {
                return Err(ScriptRunError::Line {
                    line: number,
                    text: line,
                    error,
                })
            }
        }
    }
    Ok(())
}

/// When the decision passed to another person in a game with hidden
/// information: clears the screen (what the last player saw of their own
/// goes), writes again what the last line `said` (the events, which all
/// may see), names the next player and waits for Enter, then clears the
/// screen again and shows that player's hand and the question.
fn hand_over(
    session: &mut Session,
    editor: &mut Editor<ReplHelper, DefaultHistory>,
    said: &str,
    say: &dyn Fn(&str) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let Some(line) = session.handoff() else {
        return Ok(());
    };
    let to_io = |e: ReadlineError| std::io::Error::other(e.to_string());
    editor.clear_screen().map_err(to_io)?;
    say(said)?;
    match editor.readline(&format!("{line} ")) {
        Ok(_) | Err(ReadlineError::Interrupted) => {}
        Err(ReadlineError::Eof) => return Ok(()),
        Err(e) => return Err(to_io(e)),
    }
    editor.clear_screen().map_err(to_io)?;
    say(&session.handed_over())
}

/// Where the history of lines typed is kept: the user data folder.
fn history_file() -> Option<PathBuf> {
    crate::assets::user_data_folder().map(|folder| folder.join("history"))
}

/// Whether this process's standard output takes colours: a terminal, and
/// the `NO_COLOR` convention (<https://no-color.org>) does not forbid it.
pub fn colour_on_stdout() -> bool {
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// Runs the REPL on a terminal until `quit` or end of input.
pub fn run_interactive(session: &mut Session, banner: &str) -> Result<(), ReadlineError> {
    let config = Config::builder()
        .completion_type(CompletionType::List)
        .auto_add_history(true)
        .build();
    let mut editor: Editor<ReplHelper, DefaultHistory> = Editor::with_config(config)?;
    let completions = Rc::new(RefCell::new(Completions::of(session)));
    editor.set_helper(Some(ReplHelper::new(
        completions.clone(),
        colour_on_stdout(),
    )));
    let history = history_file();
    if let Some(path) = &history {
        let _ = editor.load_history(path);
    }
    session.set_compact_show(true);
    // Written with `write!`, not `println!`: a reader of stdout that went
    // away (`tinbots repl | head`) ends the session instead of a panic.
    let stdout = std::io::stdout();
    let say = |text: &str| -> std::io::Result<()> {
        let mut out = stdout.lock();
        out.write_all(text.as_bytes())?;
        out.flush()
    };
    let mut result = say(&format!("{banner}\n{}\n", session.asked()));
    while result.is_ok() {
        result = match editor.readline(&session.prompt()) {
            Ok(line) => {
                let mut said = String::new();
                let outcome = session.execute(&line, &mut said);
                // Without colours, nothing on the screen is meant to drive
                // the terminal; with them, the pictures' colours do.
                if !session.colour() {
                    said = crate::escape::terminal_lines(&said).into_owned();
                }
                *completions.borrow_mut() = Completions::of(session);
                match outcome {
                    Ok(Flow::Quit) => {
                        say(&said).ok();
                        break;
                    }
                    Ok(Flow::Go) => say(&said),
                    Ok(Flow::Clear) => {
                        let written = say(&said);
                        editor.clear_screen()?;
                        written
                    }
                    Err(e) => say(&format!(
                        "{said}error: {}\n",
                        crate::escape::terminal_lines(&e.0)
                    )),
                }
                .and_then(|()| hand_over(session, &mut editor, &said, &say))
            }
            Err(ReadlineError::Interrupted) => say("(Ctrl-C: `quit` or Ctrl-D to leave)\n"),
            // An invalid UTF-8 sequence typed or pasted: refuse the line.
            Err(ReadlineError::Io(e)) if e.kind() == std::io::ErrorKind::InvalidData => {
                say("error: the line is not UTF-8 text: refused\n")
            }
            Err(ReadlineError::Eof) => break,
            Err(e) => return Err(e),
        };
    }
    if let Err(e) = result {
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            return Err(ReadlineError::Io(e));
        }
    }
    if let Some(path) = &history {
        if let Some(dir) = path.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        let _ = editor.save_history(path);
    }
    Ok(())
}
