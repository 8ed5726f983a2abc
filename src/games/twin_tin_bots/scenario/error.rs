//! Why a scenario file cannot be checked, and where in the file the problem
//! is: the file name, and the line and column when they are known.

use crate::games::twin_tin_bots::game::PositionError;
use std::fmt;
use std::ops::Range;

/// A place in a scenario file: the file's name and, when known, the line and
/// column (both counted from 1; the column counts characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    /// The file's name as given to the checker.
    pub file: String,
    /// Line and column, when the problem can be tied to a place in the text.
    pub line_col: Option<(usize, usize)>,
}

impl Location {
    /// A location in `text` (named `file`) at the byte offset `offset`.
    pub fn at_offset(file: &str, text: &str, offset: usize) -> Location {
        Location {
            file: file.to_string(),
            line_col: Some(crate::toml_text::line_column(text, offset)),
        }
    }

    /// A location at the start of a byte span, if there is one.
    pub fn at_span(file: &str, text: &str, span: Option<Range<usize>>) -> Location {
        match span {
            Some(s) => Location::at_offset(file, text, s.start),
            None => Location::file_only(file),
        }
    }

    /// The whole file, with no line.
    pub fn file_only(file: &str) -> Location {
        Location {
            file: file.to_string(),
            line_col: None,
        }
    }

    /// The line, if known.
    pub fn line(&self) -> Option<usize> {
        self.line_col.map(|(l, _)| l)
    }

    /// The column, if known.
    pub fn column(&self) -> Option<usize> {
        self.line_col.map(|(_, c)| c)
    }
}

impl fmt::Display for Location {
    /// `file:line:col`, or just `file` when the line is unknown.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line_col {
            Some((l, c)) => write!(f, "{}:{l}:{c}", self.file),
            None => f.write_str(&self.file),
        }
    }
}

/// Why a scenario could not be checked. Its `Display` is
/// `<file>:<line>:<col>: <reason>` (or `<file>: <reason>` when no line
/// applies). A scenario that runs but whose expectations do not hold is not
/// an error: it is a report ([`crate::engine::Checked`]) with differences.
#[derive(Debug, thiserror::Error)]
pub enum ScenarioError {
    /// The file could not be read.
    #[error("{source}")]
    Read {
        /// The file.
        at: Location,
        /// Why it was not read.
        source: crate::files::FileError,
    },
    /// Not valid TOML, or not the scenario format: a syntax error, a missing
    /// or unknown key, a value of the wrong type.
    #[error("{at}: malformed scenario: {reason}")]
    Malformed {
        /// Where.
        at: Location,
        /// What is wrong.
        reason: String,
    },
    /// Well-formed TOML naming something that does not exist: an unknown
    /// colour, robot, tile, direction, crystal value, or a variant the engine
    /// does not have.
    #[error("{at}: {reason}")]
    Invalid {
        /// Where.
        at: Location,
        /// What is wrong.
        reason: String,
    },
    /// The position cannot be played (two pieces on one hex, a piece off the
    /// board, too many crystals).
    #[error("{at}: impossible position: {source}")]
    Position {
        /// Where.
        at: Location,
        /// The engine's reason.
        source: PositionError,
    },
    /// The turn cannot be played as written: an illegal change or answer, too
    /// many or too few answers.
    #[error("{at}: illegal turn: {reason}")]
    Turn {
        /// Where.
        at: Location,
        /// What is wrong.
        reason: String,
    },
}

impl ScenarioError {
    /// Where the problem is.
    pub fn location(&self) -> &Location {
        match self {
            ScenarioError::Read { at, .. }
            | ScenarioError::Malformed { at, .. }
            | ScenarioError::Invalid { at, .. }
            | ScenarioError::Position { at, .. }
            | ScenarioError::Turn { at, .. } => at,
        }
    }
}

/// The text being checked and its name: turns spans into [`Location`]s and
/// builds errors that point at them.
#[derive(Clone, Copy)]
pub(super) struct Source<'a> {
    /// The file's name.
    pub name: &'a str,
    /// The whole text.
    pub text: &'a str,
}

impl Source<'_> {
    /// The location of a byte span (or of the file when there is none).
    pub fn loc(&self, span: Option<Range<usize>>) -> Location {
        Location::at_span(self.name, self.text, span)
    }

    /// An [`ScenarioError::Invalid`] at a span.
    pub fn invalid(&self, span: Option<Range<usize>>, reason: impl Into<String>) -> ScenarioError {
        ScenarioError::Invalid {
            at: self.loc(span),
            reason: reason.into(),
        }
    }

    /// An [`ScenarioError::Turn`] at a span.
    pub fn turn(&self, span: Option<Range<usize>>, reason: impl Into<String>) -> ScenarioError {
        ScenarioError::Turn {
            at: self.loc(span),
            reason: reason.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_become_lines_and_columns() {
        let text = "a = 1\nbé = 2\nc = 3";
        assert_eq!(Location::at_offset("f", text, 0).to_string(), "f:1:1");
        assert_eq!(Location::at_offset("f", text, 6).to_string(), "f:2:1");
        // `=` on line 2 follows the two characters "bé" and a space.
        let eq = text.find("= 2").unwrap();
        assert_eq!(Location::at_offset("f", text, eq).to_string(), "f:2:4");
        assert_eq!(Location::at_offset("f", text, 999).line(), Some(3));
        assert_eq!(Location::file_only("f").to_string(), "f");
    }
}
