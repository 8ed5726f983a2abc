//! The REPL's command language: what a line says, before anything is done.
//!
//! [`parse`] turns a line into a [`Command`] or a [`CommandError`] that says
//! what was expected (`` `swap` expects: swap <robot> <slot> <slot> ``) or
//! suggests the command meant ("unknown command `shwo`, did you mean
//! `show`?"). Names of robots, tiles and colours are checked later, against
//! the game, by the session. [`COMMANDS`] is the table behind `help`, the
//! suggestions and Tab completion.

use std::fmt;

/// One command's help: its name, its form, a line, and details.
#[derive(Clone, Copy, Debug)]
pub struct CommandHelp {
    /// The command's name, as typed.
    pub name: &'static str,
    /// Its form, such as `place <robot> <slot> <tile>`.
    pub usage: &'static str,
    /// One line: what it does.
    pub summary: &'static str,
    /// More, for `help <command>`.
    pub details: &'static str,
}

/// Every command, in the order `help` lists them.
pub const COMMANDS: &[CommandHelp] = &[
    CommandHelp {
        name: "help",
        usage: "help [command]",
        summary: "list the commands, or explain one",
        details: "",
    },
    CommandHelp {
        name: "show",
        usage: "show [--full | --compact] [--all | <colour>]",
        summary: "the board as a hex map, the players' scores and programs, and the hand",
        details: "On a terminal `show` is compact, to fit 80x24: the map, one line per player \
                  and the hand of the player deciding (or of <colour>). `show --full` adds the \
                  legend, the bases, every hand (others' special tiles hidden) and the \
                  countdown; it is the default when the REPL reads a script, where \
                  `show --compact` gives the short one. `show --all` is the full form with \
                  every hand shown.",
    },
    CommandHelp {
        name: "where",
        usage: "where [<robot>]",
        summary: "where a robot is: `red.1 at 1,0 facing E carrying 0`; every robot without one",
        details: "",
    },
    CommandHelp {
        name: "pass",
        usage: "pass",
        summary: "make no program change this turn",
        details: "",
    },
    CommandHelp {
        name: "place",
        usage: "place <robot> <slot> <tile>",
        summary:
            "place a tile from the hand in a slot (1-3); a tile already there goes back to the hand",
        details: "Example: place red.1 2 forward_2",
    },
    CommandHelp {
        name: "swap",
        usage: "swap <robot> <slot> <slot>",
        summary: "swap two slots of a robot's program",
        details: "Example: swap red.1 1 3",
    },
    CommandHelp {
        name: "remove",
        usage: "remove <robot> <slot>",
        summary: "take a tile out of a program, back to the hand",
        details: "Example: remove red.2 1",
    },
    CommandHelp {
        name: "reset",
        usage: "reset <robot>",
        summary: "take every tile out of a robot's program",
        details: "Example: reset red.1",
    },
    CommandHelp {
        name: "answer",
        usage: "answer <answer | number>",
        summary:
            "answer the decision asked (a zap effect, a hex), by its text or its number in the list",
        details: "A zap effect (forward_1, turn_left, turn_right, load, unload, nothing), a hex \
                  (q,r), a direction to push a zapped piece (E SE SW W NW NE, or nothing) or a \
                  number may also be typed alone.",
    },
    CommandHelp {
        name: "step",
        usage: "step [n]",
        summary: "run the next order (or the next part of a compound order), n times",
        details: "Each step prints its events with the reasons.",
    },
    CommandHelp {
        name: "run",
        usage: "run",
        summary: "run the rest of the turn",
        details: "Stops at a decision to ask it.",
    },
    CommandHelp {
        name: "turn",
        usage: "turn",
        summary: "let the bot of the player to move make its changes and play the whole turn",
        details: "",
    },
    CommandHelp {
        name: "undo",
        usage: "undo [n | turn]",
        summary: "go back one step (or n steps, or to the start of the turn)",
        details: "A step is an answer or one order run; `undo turn` goes back to the start of \
                  the current turn, or of the previous one when already there.",
    },
    CommandHelp {
        name: "redo",
        usage: "redo [n | turn]",
        summary: "go forward again after undo",
        details: "",
    },
    CommandHelp {
        name: "history",
        usage: "history",
        summary: "list what happened, numbered",
        details: "",
    },
    CommandHelp {
        name: "goto",
        usage: "goto <n>",
        summary: "jump to point n of the history",
        details: "",
    },
    CommandHelp {
        name: "save",
        usage: "save <file.json>",
        summary: "save the game as a replay",
        details: "A replay holds the answers: saved in the middle of a turn, it replays to the \
                  end of that turn's running.",
    },
    CommandHelp {
        name: "load",
        usage: "load <file.json | file.toml>",
        summary: "load a saved game, or a scenario's position",
        details: "",
    },
    CommandHelp {
        name: "export",
        usage: "export <file.toml>",
        summary: "write the current position as a scenario file",
        details: "",
    },
    CommandHelp {
        name: "bot",
        usage: "bot <colour> <name | file.lua | none>",
        summary: "let a bot play a colour (`none`: you play it)",
        details: "",
    },
    CommandHelp {
        name: "auto",
        usage: "auto [n]",
        summary: "let the bots play n turns (without n: to the end, at most 1000 turns)",
        details: "Stops at the first colour without a bot.",
    },
    CommandHelp {
        name: "lua",
        usage: "lua <code>",
        summary: "run Lua in the sandbox with `view`, the game as the player to move sees it",
        details: "The line is an expression (its values are printed, tables in full, within \
                  limits) or statements; each line is a chunk of its own (locals and globals \
                  do not carry over). Example: lua #view.robots",
    },
    CommandHelp {
        name: "reload",
        usage: "reload",
        summary: "read changed bot, order and variant scripts again, keeping the game",
        details: "Says which bot scripts, order files and variants it read; with order files \
                  or variants, the game is played again with them to the same step.",
    },
    CommandHelp {
        name: "clear",
        usage: "clear",
        summary: "clear the screen (on a terminal; nothing when reading a script)",
        details: "",
    },
    CommandHelp {
        name: "quit",
        usage: "quit",
        summary: "leave (also `exit`, or Ctrl-D)",
        details: "",
    },
];

/// What `undo` and `redo` move by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Span {
    /// This many steps.
    Steps(usize),
    /// To a turn's start.
    Turn,
}

/// A command, as typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `help [command]`.
    Help(Option<String>),
    /// `show [--full | --compact] [--all | <colour>]`.
    Show {
        /// `Some(true)` for `--full`, `Some(false)` for `--compact`, `None`
        /// for the session's default form.
        full: Option<bool>,
        /// `None` for the player to move, `Some("--all")` or a colour.
        who: Option<String>,
    },
    /// `where [robot]`.
    Where(Option<String>),
    /// A program change, in DESIGN.md syntax (`place red.1 2 zap`).
    Change(String),
    /// An answer to a zap or crystal decision: its text or number.
    Answer(String),
    /// `step [n]`.
    Step(usize),
    /// `run`.
    Run,
    /// `turn`.
    Turn,
    /// `undo`.
    Undo(Span),
    /// `redo`.
    Redo(Span),
    /// `history`.
    History,
    /// `goto <n>`.
    Goto(usize),
    /// `save <file>`.
    Save(String),
    /// `load <file>`.
    Load(String),
    /// `export <file>`.
    Export(String),
    /// `bot <colour> <bot>`.
    Bot {
        /// The colour.
        colour: String,
        /// `random`, `none`, or a script path.
        bot: String,
    },
    /// `auto [n]`.
    Auto(Option<u32>),
    /// `lua <code>`.
    Lua(String),
    /// `reload`.
    Reload,
    /// `clear`.
    Clear,
    /// `quit` or `exit`.
    Quit,
    /// An empty line or a comment (`# ...`).
    Nothing,
}

/// Why a line is not a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// The first word is no command.
    Unknown {
        /// The word.
        word: String,
        /// The closest commands, best first.
        suggestions: Vec<&'static str>,
    },
    /// A command with the wrong arguments.
    Usage {
        /// The command.
        command: &'static str,
        /// Its form.
        usage: &'static str,
        /// What was wrong.
        problem: String,
    },
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Unknown { word, suggestions } => {
                write!(f, "unknown command `{word}`")?;
                match suggestions.as_slice() {
                    [] => write!(f, " (`help` lists the commands)"),
                    some => write!(f, "{}", did_you_mean(some)),
                }
            }
            CommandError::Usage {
                command,
                usage,
                problem,
            } => write!(f, "{command}: {problem}; expected: {usage}"),
        }
    }
}

impl std::error::Error for CommandError {}

/// The help of `name`.
pub fn help_of(name: &str) -> Option<&'static CommandHelp> {
    COMMANDS.iter().find(|c| c.name == name)
}

/// The zap effects, which may be typed alone as answers.
const ZAP_EFFECTS: [&str; 6] = [
    "forward_1",
    "turn_left",
    "turn_right",
    "load",
    "unload",
    "nothing",
];

/// Whether `word` looks like a hex (`q,r`), a possible answer alone.
fn looks_like_hex(word: &str) -> bool {
    let mut parts = word.split(',');
    let mut number = || {
        parts
            .next()
            .is_some_and(|p| p.trim().parse::<i32>().is_ok())
    };
    number() && number() && parts.next().is_none()
}

pub use crate::suggest::{closest, did_you_mean};

/// The commands closest to `word`: within two edits, or starting with it.
pub fn suggestions(word: &str) -> Vec<&'static str> {
    closest(word, COMMANDS.iter().map(|c| c.name).chain(["exit"]))
}

fn usage(command: &'static str, problem: impl Into<String>) -> CommandError {
    CommandError::Usage {
        command,
        usage: help_of(command).map_or(command, |h| h.usage),
        problem: problem.into(),
    }
}

fn count(command: &'static str, word: Option<&str>) -> Result<Option<usize>, CommandError> {
    match word {
        None => Ok(None),
        Some(w) => match w.parse::<usize>() {
            Ok(n) if n > 0 => Ok(Some(n)),
            _ => Err(usage(command, format!("`{w}` is not a positive number"))),
        },
    }
}

fn span(command: &'static str, word: Option<&str>) -> Result<Span, CommandError> {
    match word {
        Some("turn") => Ok(Span::Turn),
        w => Ok(Span::Steps(count(command, w)?.unwrap_or(1))),
    }
}

/// Parses a line.
pub fn parse(line: &str) -> Result<Command, CommandError> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(Command::Nothing);
    }
    let (head, rest) = match line.split_once(char::is_whitespace) {
        Some((h, r)) => (h, r.trim()),
        None => (line, ""),
    };
    let words: Vec<&str> = rest.split_whitespace().collect();
    let arity = |command: &'static str, min: usize, max: usize| {
        if words.len() < min {
            Err(usage(command, "missing arguments"))
        } else if words.len() > max {
            Err(usage(
                command,
                format!("too many arguments (`{}`)", words[max..].join(" ")),
            ))
        } else {
            Ok(())
        }
    };
    let one = |command: &'static str| -> Result<String, CommandError> {
        arity(command, 1, 1)?;
        Ok(words[0].to_string())
    };
    let head_lower = head.to_lowercase();
    let command = match head_lower.as_str() {
        "help" | "?" => {
            arity("help", 0, 1)?;
            Command::Help(words.first().map(|w| w.to_string()))
        }
        "show" => {
            arity("show", 0, 2)?;
            let mut full = None;
            let mut who = None;
            for word in &words {
                match *word {
                    "--full" | "--compact" if full.is_none() => full = Some(*word == "--full"),
                    w if !w.starts_with("--") || w == "--all" => {
                        if who.replace(w.to_string()).is_some() {
                            return Err(usage("show", "two players to see the game as"));
                        }
                    }
                    w => return Err(usage("show", format!("unknown option `{w}`"))),
                }
            }
            Command::Show { full, who }
        }
        "where" => {
            arity("where", 0, 1)?;
            Command::Where(words.first().map(|w| w.to_string()))
        }
        "pass" => {
            arity("pass", 0, 0)?;
            Command::Change("pass".into())
        }
        "place" | "swap" | "remove" | "reset" => {
            let (name, n) = match head_lower.as_str() {
                "place" => ("place", 3),
                "swap" => ("swap", 3),
                "remove" => ("remove", 2),
                _ => ("reset", 1),
            };
            arity(name, n, n)?;
            Command::Change(format!("{name} {}", words.join(" ")))
        }
        "answer" => {
            if words.is_empty() {
                return Err(usage("answer", "missing the answer"));
            }
            Command::Answer(rest.to_string())
        }
        "step" => {
            arity("step", 0, 1)?;
            Command::Step(count("step", words.first().copied())?.unwrap_or(1))
        }
        "run" => {
            arity("run", 0, 0)?;
            Command::Run
        }
        "turn" => {
            arity("turn", 0, 0)?;
            Command::Turn
        }
        "undo" => {
            arity("undo", 0, 1)?;
            Command::Undo(span("undo", words.first().copied())?)
        }
        "redo" => {
            arity("redo", 0, 1)?;
            Command::Redo(span("redo", words.first().copied())?)
        }
        "history" => {
            arity("history", 0, 0)?;
            Command::History
        }
        "goto" => {
            arity("goto", 1, 1)?;
            match words[0].parse::<usize>() {
                Ok(n) => Command::Goto(n),
                Err(_) => return Err(usage("goto", format!("`{}` is not a number", words[0]))),
            }
        }
        "save" => Command::Save(one("save")?),
        // `load` alone is the zap effect, not the command.
        "load" if words.is_empty() => Command::Answer("load".into()),
        "load" => Command::Load(one("load")?),
        "export" => Command::Export(one("export")?),
        "bot" => {
            arity("bot", 2, 2)?;
            Command::Bot {
                colour: words[0].to_string(),
                bot: words[1].to_string(),
            }
        }
        "auto" => {
            arity("auto", 0, 1)?;
            Command::Auto(count("auto", words.first().copied())?.map(|n| n as u32))
        }
        "lua" => {
            if rest.is_empty() {
                return Err(usage("lua", "missing the code"));
            }
            Command::Lua(rest.to_string())
        }
        "reload" => {
            arity("reload", 0, 0)?;
            Command::Reload
        }
        "clear" => {
            arity("clear", 0, 0)?;
            Command::Clear
        }
        "quit" | "exit" => {
            arity("quit", 0, 0)?;
            Command::Quit
        }
        _ if rest.is_empty()
            && (ZAP_EFFECTS.contains(&head_lower.as_str())
                || looks_like_hex(head)
                || head.parse::<crate::grid::hex::Direction>().is_ok()
                || head.parse::<usize>().is_ok()) =>
        {
            Command::Answer(head.to_string())
        }
        _ => {
            return Err(CommandError::Unknown {
                word: head.to_string(),
                suggestions: suggestions(head),
            })
        }
    };
    Ok(command)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn commands_parse_with_their_arguments() {
        let cases = [
            (
                "show",
                Command::Show {
                    full: None,
                    who: None,
                },
            ),
            (
                "show --all",
                Command::Show {
                    full: None,
                    who: Some("--all".into()),
                },
            ),
            (
                "show --full blue",
                Command::Show {
                    full: Some(true),
                    who: Some("blue".into()),
                },
            ),
            (
                "show --compact",
                Command::Show {
                    full: Some(false),
                    who: None,
                },
            ),
            ("  where red.1 ", Command::Where(Some("red.1".into()))),
            (
                "place red.1 2 forward_2",
                Command::Change("place red.1 2 forward_2".into()),
            ),
            (
                "swap  red.1 1   3",
                Command::Change("swap red.1 1 3".into()),
            ),
            ("pass", Command::Change("pass".into())),
            ("turn_left", Command::Answer("turn_left".into())),
            ("load", Command::Answer("load".into())),
            ("load game.json", Command::Load("game.json".into())),
            ("0,-1", Command::Answer("0,-1".into())),
            ("3", Command::Answer("3".into())),
            ("SE", Command::Answer("SE".into())),
            ("nw", Command::Answer("nw".into())),
            ("answer 1,2", Command::Answer("1,2".into())),
            ("step", Command::Step(1)),
            ("step 4", Command::Step(4)),
            ("undo", Command::Undo(Span::Steps(1))),
            ("undo turn", Command::Undo(Span::Turn)),
            ("redo 2", Command::Redo(Span::Steps(2))),
            ("goto 0", Command::Goto(0)),
            (
                "bot red scripts/bots/greedy.lua",
                Command::Bot {
                    colour: "red".into(),
                    bot: "scripts/bots/greedy.lua".into(),
                },
            ),
            ("auto", Command::Auto(None)),
            ("auto 10", Command::Auto(Some(10))),
            ("lua return 1 + 1", Command::Lua("return 1 + 1".into())),
            ("# a comment", Command::Nothing),
            ("", Command::Nothing),
            ("EXIT", Command::Quit),
            ("clear", Command::Clear),
        ];
        for (line, expected) in cases {
            assert_eq!(parse(line), Ok(expected), "{line:?}");
        }
    }

    #[test]
    fn a_typo_gets_a_suggestion_and_a_bad_argument_the_expected_form() {
        let message = |line: &str| parse(line).unwrap_err().to_string();
        assert_eq!(
            message("shwo"),
            "unknown command `shwo`, did you mean `show`?"
        );
        assert_eq!(
            message("udno"),
            "unknown command `udno`, did you mean `undo`?"
        );
        assert_eq!(
            message("xyzzy"),
            "unknown command `xyzzy` (`help` lists the commands)"
        );
        assert_eq!(
            message("swap red.1 1"),
            "swap: missing arguments; expected: swap <robot> <slot> <slot>"
        );
        assert_eq!(
            message("step many"),
            "step: `many` is not a positive number; expected: step [n]"
        );
        assert_eq!(
            message("run now"),
            "run: too many arguments (`now`); expected: run"
        );
        assert!(message("plce red.1 1 zap").contains("did you mean `place`?"));
    }

    #[test]
    fn every_command_has_help_and_is_parsed() {
        for c in COMMANDS {
            assert!(
                !c.summary.is_empty() && c.usage.starts_with(c.name),
                "{}",
                c.name
            );
            let parsed = parse(c.name);
            let known = !matches!(parsed, Err(CommandError::Unknown { .. }));
            assert!(known, "{} is in the table but not parsed", c.name);
        }
    }

    #[test]
    fn names_closest_to_a_misspelling_are_suggested() {
        let tiles = ["forward_1", "forward_2", "turn_left", "zap"];
        assert_eq!(closest("forwrd_1", tiles), ["forward_1"]);
        assert_eq!(closest("forward_9", tiles), ["forward_1", "forward_2"]);
        assert_eq!(closest("ZAP", tiles), Vec::<&str>::new(), "the name itself");
        assert_eq!(closest("xyzzy", tiles), Vec::<&str>::new());
        assert_eq!(did_you_mean(&["a", "b"]), ", did you mean `a` or `b`?");
        assert_eq!(did_you_mean(&[]), "");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        /// REPL issue: "nothing a user types can panic the REPL".
        #[test]
        fn any_line_parses_or_errs_without_panicking(line in "\\PC{0,60}") {
            let _ = parse(&line).map_err(|e| e.to_string());
        }

        #[test]
        fn command_like_lines_never_panic(
            head in prop::sample::select(COMMANDS.iter().map(|c| c.name).collect::<Vec<_>>()),
            args in prop::collection::vec("[a-z0-9.,_-]{0,8}|-?[0-9]{1,20}", 0..5),
        ) {
            let line = format!("{head} {}", args.join(" "));
            let _ = parse(&line).map_err(|e| e.to_string());
        }
    }
}
