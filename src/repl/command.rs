//! The REPL's command language: what a line says, before anything is done.
//!
//! [`parse`] turns a line into a [`Command`] or a [`CommandError`] that says
//! what was expected (`` `swap` expects: swap <robot> <slot> <slot> ``) or
//! suggests the command meant ("unknown command `shwo`, did you mean
//! `show`?"). Names of robots, tiles and colours are checked later, against
//! the game, by the session. [`COMMANDS`] is the table behind `help`, the
//! suggestions and Tab completion.

use std::fmt;

use super::extension::{GameCommand, GameRepl, NoExtras};

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

/// Every common command, in the order `help` lists them (a game's own
/// commands are listed after the one they name, see
/// [`super::extension::GameCommand`]).
pub const COMMANDS: &[CommandHelp] = &[
    CommandHelp {
        name: "help",
        usage: "help [command]",
        summary: "list the commands, or explain one",
        details: "",
    },
    CommandHelp {
        name: "show",
        usage: "show [--full | --compact | --svg FILE] [--all | <colour>]",
        summary: "the position as the player deciding sees it (or <colour>)",
        details: "On a terminal `show` is compact, to fit 80x24, where the game has a compact \
                  form; `show --full` is the long form, the default when the REPL reads a \
                  script, where `show --compact` gives the short one. `show --all` shows \
                  everything, hidden things too. A bot's hand is never shown to the others. \
                  `show --svg FILE` writes the picture as SVG instead (docs/pictures.md).",
    },
    CommandHelp {
        name: "where",
        usage: "where [<piece>]",
        summary: "where a piece is: `red.1 at 1,0 facing E carrying 0`; every piece without one",
        details: "",
    },
    CommandHelp {
        name: "hand",
        usage: "hand",
        summary: "what the player deciding holds hidden from the others (cards, tiles)",
        details: "Never the hand of a seat a bot plays, when people play other seats.",
    },
    CommandHelp {
        name: "answer",
        usage: "answer <answer | number>",
        summary: "answer the decision asked, by its text or its number in the list",
        details: "A line that is no command is an answer too. Where a decision is a chain of \
                  small ones (a card for each register), several answers may be given on one \
                  line separated by commas: they are applied in order, all or none.",
    },
    CommandHelp {
        name: "legal",
        usage: "legal",
        summary: "list the legal answers to the decision asked, numbered",
        details: "",
    },
    CommandHelp {
        name: "step",
        usage: "step [n]",
        summary: "run the next step of the turn (an order, a card, a board element), n times",
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
        details: "A step is an answer or one step of the turn run; `undo turn` goes back to the \
                  first answer of the current turn, or of the previous one when already there.",
    },
    CommandHelp {
        name: "redo",
        usage: "redo [n | turn]",
        summary: "go forward again after undo",
        details: "",
    },
    CommandHelp {
        name: "rulings",
        usage: "rulings",
        summary: "the reading in force of each disputed rule of the game",
        details: "`tinbots rulings` lists each dispute, its rulebook lines and what every \
                  reading says (docs/disputes.md).",
    },
    CommandHelp {
        name: "ruling",
        usage: "ruling <id> <reading>",
        summary: "read a disputed rule another way from the next step on (`undo` goes back)",
        details: "Every event a disputed rule decides names the ruling it applied, at its end: \
                  `[ruling ID: READING]`. A game saved after a ruling changed plays \
                  under the new one from its start, so `save` refuses a change made after an \
                  answer (undo to before it, or start again with `--ruling`).",
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
    /// `show --svg FILE [--all | <colour>]`: the picture written as SVG.
    ShowSvg {
        /// The file to write.
        file: String,
        /// `None` for the player to move, `Some("--all")` or a colour.
        who: Option<String>,
    },
    /// `where [piece]`.
    Where(Option<String>),
    /// `hand`.
    Hand,
    /// `answer <text>`, or an answer word a game reads alone.
    Answer(String),
    /// A line that is no command, taken as an answer.
    Bare(String),
    /// `legal`.
    Legal,
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
    /// `rulings`.
    Rulings,
    /// `ruling <id> <reading>`.
    Ruling {
        /// The dispute's id.
        id: String,
        /// The reading chosen.
        reading: String,
    },
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
    /// A command of the game's own ([`super::extension::GameRepl`]).
    Game {
        /// The command's name.
        name: &'static str,
        /// What follows it.
        args: String,
    },
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

/// The help of the common command `name`.
pub fn help_of(name: &str) -> Option<&'static CommandHelp> {
    COMMANDS.iter().find(|c| c.name == name)
}

/// The help of `name`, a common command or one of `extra` (a game's).
pub fn help_among(name: &str, extra: &[GameCommand]) -> Option<CommandHelp> {
    help_of(name)
        .copied()
        .or_else(|| extra.iter().map(|g| g.help).find(|c| c.name == name))
}

/// Every command in the order `help` lists them: the common ones, each of
/// a game's `extra` after the one it names (at the end when none).
pub fn listed(extra: &[GameCommand]) -> Vec<CommandHelp> {
    let mut all: Vec<CommandHelp> = Vec::with_capacity(COMMANDS.len() + extra.len());
    for c in COMMANDS {
        if c.name == "clear" {
            // The game's commands with no place of their own come before
            // `clear` and `quit`.
            let orphans = extra
                .iter()
                .filter(|g| !COMMANDS.iter().any(|c| c.name == g.after));
            all.extend(orphans.map(|g| g.help));
        }
        all.push(*c);
        all.extend(extra.iter().filter(|g| g.after == c.name).map(|g| g.help));
    }
    all
}

pub use crate::suggest::{closest, did_you_mean};

/// The commands closest to `word`: within two edits, or starting with it.
pub fn suggestions(word: &str) -> Vec<&'static str> {
    suggestions_among(word, &[])
}

/// The commands, common or of `extra`, closest to `word`.
pub fn suggestions_among(word: &str, extra: &[GameCommand]) -> Vec<&'static str> {
    closest(
        word,
        COMMANDS
            .iter()
            .map(|c| c.name)
            .chain(extra.iter().map(|g| g.help.name))
            .chain(["exit"]),
    )
}

/// The error of an unknown command `word`, with the closest of the common
/// commands and `extra`.
pub fn unknown(word: &str, extra: &[GameCommand]) -> CommandError {
    CommandError::Unknown {
        word: word.to_string(),
        suggestions: suggestions_among(word, extra),
    }
}

/// The usage error of the command `command` (its form from `extra` when
/// it is a game's).
pub fn usage_among(
    command: &'static str,
    extra: &[GameCommand],
    problem: impl Into<String>,
) -> CommandError {
    CommandError::Usage {
        command,
        usage: help_among(command, extra).map_or(command, |h| h.usage),
        problem: problem.into(),
    }
}

/// Reads `show --svg FILE [--all | <colour>]`, its words in any order.
fn show_svg(words: &[&str]) -> Result<Command, CommandError> {
    let mut file = None;
    let mut who = None;
    let mut rest = words.iter();
    while let Some(word) = rest.next() {
        match *word {
            "--svg" => match rest.next() {
                Some(f) if file.is_none() => file = Some(f.to_string()),
                Some(_) => return Err(usage("show", "two files to write")),
                None => return Err(usage("show", "--svg needs the file to write")),
            },
            w if !w.starts_with("--") || w == "--all" => {
                if who.replace(w.to_string()).is_some() {
                    return Err(usage("show", "two players to see the game as"));
                }
            }
            w => return Err(usage("show", format!("unknown option `{w}` with --svg"))),
        }
    }
    let file = file.ok_or_else(|| usage("show", "--svg needs the file to write"))?;
    Ok(Command::ShowSvg { file, who })
}

fn usage(command: &'static str, problem: impl Into<String>) -> CommandError {
    usage_among(command, &[], problem)
}

/// Checks that `words` holds `min` to `max` arguments of `command`.
pub fn arity(
    command: &'static str,
    extra: &[GameCommand],
    words: &[&str],
    min: usize,
    max: usize,
) -> Result<(), CommandError> {
    if words.len() < min {
        Err(usage_among(command, extra, "missing arguments"))
    } else if words.len() > max {
        Err(usage_among(
            command,
            extra,
            format!("too many arguments (`{}`)", words[max..].join(" ")),
        ))
    } else {
        Ok(())
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

/// Splits a line into its first word, as typed, and the rest; `None` for
/// an empty line or a comment.
pub fn head_and_rest(line: &str) -> Option<(&str, &str)> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return None;
    }
    let (head, rest) = match line.split_once(char::is_whitespace) {
        Some((h, r)) => (h, r.trim()),
        None => (line, ""),
    };
    Some((head, rest))
}

/// Parses a line for a game with no commands of its own: a line that is
/// no command is an unknown command.
pub fn parse(line: &str) -> Result<Command, CommandError> {
    parse_with(line, &NoExtras).and_then(|c| match c {
        Command::Bare(text) => {
            let head = text.split_whitespace().next().unwrap_or_default();
            Err(unknown(head, &[]))
        }
        c => Ok(c),
    })
}

/// Parses a line: the game's own reading first ([`GameRepl::parse`]),
/// then the common commands, then an answer ([`Command::Bare`]) when the
/// game takes lines that are no command as answers.
pub fn parse_with(line: &str, game: &dyn GameRepl) -> Result<Command, CommandError> {
    let Some((head, rest)) = head_and_rest(line) else {
        return Ok(Command::Nothing);
    };
    if let Some(command) = game.parse(head, rest) {
        return command;
    }
    let head_lower = head.to_lowercase();
    let words: Vec<&str> = rest.split_whitespace().collect();
    let arity =
        |command: &'static str, min: usize, max: usize| arity(command, &[], &words, min, max);
    let one = |command: &'static str| -> Result<String, CommandError> {
        arity(command, 1, 1)?;
        Ok(words[0].to_string())
    };
    let command = match head_lower.as_str() {
        "help" | "?" => {
            arity("help", 0, 1)?;
            Command::Help(words.first().map(|w| w.to_string()))
        }
        "show" if words.contains(&"--svg") => show_svg(&words)?,
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
        "hand" => {
            arity("hand", 0, 0)?;
            Command::Hand
        }
        "answer" => {
            if words.is_empty() {
                return Err(usage("answer", "missing the answer"));
            }
            Command::Answer(rest.to_string())
        }
        "legal" => {
            arity("legal", 0, 0)?;
            Command::Legal
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
        "rulings" => {
            arity("rulings", 0, 0)?;
            Command::Rulings
        }
        "ruling" => {
            arity("ruling", 2, 2)?;
            Command::Ruling {
                id: words[0].to_string(),
                reading: words[1].to_string(),
            }
        }
        "goto" => {
            arity("goto", 1, 1)?;
            match words[0].parse::<usize>() {
                Ok(n) => Command::Goto(n),
                Err(_) => return Err(usage("goto", format!("`{}` is not a number", words[0]))),
            }
        }
        "save" => Command::Save(one("save")?),
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
            Command::Auto(match words.first() {
                None => None,
                Some(w) => match w.parse::<u32>() {
                    Ok(n) if (1..=crate::tournament::MAX_TURNS).contains(&n) => Some(n),
                    _ => {
                        return Err(usage(
                            "auto",
                            format!(
                                "`{w}` is not a number of turns from 1 to {}",
                                crate::tournament::MAX_TURNS
                            ),
                        ))
                    }
                },
            })
        }
        "clear" => {
            arity("clear", 0, 0)?;
            Command::Clear
        }
        "quit" | "exit" => {
            arity("quit", 0, 0)?;
            Command::Quit
        }
        _ if game.bare_answers() => Command::Bare(line.trim().to_string()),
        _ => return Err(unknown(head, game.commands())),
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
            ("load game.json", Command::Load("game.json".into())),
            ("answer 1,2", Command::Answer("1,2".into())),
            ("hand", Command::Hand),
            ("legal", Command::Legal),
            ("step", Command::Step(1)),
            ("step 4", Command::Step(4)),
            ("undo", Command::Undo(Span::Steps(1))),
            ("undo turn", Command::Undo(Span::Turn)),
            ("redo 2", Command::Redo(Span::Steps(2))),
            ("goto 0", Command::Goto(0)),
            (
                "bot red scripts/twin-tin-bots/bots/greedy.lua",
                Command::Bot {
                    colour: "red".into(),
                    bot: "scripts/twin-tin-bots/bots/greedy.lua".into(),
                },
            ),
            ("auto", Command::Auto(None)),
            ("auto 10", Command::Auto(Some(10))),
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
    fn show_svg_takes_a_file_and_a_viewer_in_any_order() {
        assert_eq!(
            parse("show --svg out.svg --all"),
            Ok(Command::ShowSvg {
                file: "out.svg".into(),
                who: Some("--all".into())
            })
        );
        assert_eq!(
            parse("show blue --svg b.svg"),
            Ok(Command::ShowSvg {
                file: "b.svg".into(),
                who: Some("blue".into())
            })
        );
        let missing = parse("show --svg").expect_err("no file");
        assert!(
            missing.to_string().contains("--svg needs the file"),
            "{missing}"
        );
        let other = parse("show --svg a.svg --full").expect_err("not with --full");
        assert!(
            other.to_string().contains("unknown option `--full`"),
            "{other}"
        );
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
            message("bot red"),
            "bot: missing arguments; expected: bot <colour> <name | file.lua | none>"
        );
        assert_eq!(
            message("step many"),
            "step: `many` is not a positive number; expected: step [n]"
        );
        assert_eq!(
            message("run now"),
            "run: too many arguments (`now`); expected: run"
        );
        assert!(message("hnd").contains("did you mean `hand`?"));
    }

    #[test]
    fn a_line_that_is_no_command_is_an_answer_where_the_game_says_so() {
        assert_eq!(
            parse_with("move_2 670, u_turn 10", &NoExtras),
            Ok(Command::Bare("move_2 670, u_turn 10".into()))
        );
        assert!(matches!(
            parse("move_2 670"),
            Err(CommandError::Unknown { .. })
        ));
    }

    #[test]
    fn a_game_s_commands_are_listed_after_the_one_they_name() {
        const EXTRA: &[GameCommand] = &[
            GameCommand {
                after: "where",
                help: CommandHelp {
                    name: "place",
                    usage: "place <card>",
                    summary: "s",
                    details: "",
                },
            },
            GameCommand {
                after: "nowhere",
                help: CommandHelp {
                    name: "lua",
                    usage: "lua <code>",
                    summary: "s",
                    details: "",
                },
            },
        ];
        let names: Vec<&str> = listed(EXTRA).iter().map(|c| c.name).collect();
        let at = |name: &str| names.iter().position(|n| *n == name).unwrap();
        assert_eq!(at("place"), at("where") + 1);
        assert_eq!(at("lua") + 1, at("clear"));
        assert_eq!(names.len(), COMMANDS.len() + 2);
        assert_eq!(suggestions_among("plac", EXTRA), ["place"]);
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
