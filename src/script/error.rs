//! Errors of scripts: each names the script, the line when known, and why.

use std::fmt;

/// Why a script could not be loaded or a call into it failed.
///
/// The Display form is `path:line: cause`, or `path: cause` when the line is
/// unknown. Whatever the error, the [`Sandbox`](super::Sandbox) that reported
/// it is usable again.
#[derive(Debug, thiserror::Error)]
pub enum ScriptError {
    /// The script file could not be read.
    #[error("{path}: cannot read the script: {source}")]
    Read {
        /// The script's path.
        path: String,
        /// Why reading failed.
        source: std::io::Error,
    },
    /// The script does not compile.
    #[error("{}: {message}", Loc(path, *line))]
    Syntax {
        /// The script's path.
        path: String,
        /// The line of the error, when Lua gave one.
        line: Option<u32>,
        /// Lua's message, without its `path:line:` prefix.
        message: String,
    },
    /// The script raised an error while running.
    #[error("{}: {message}", Loc(path, *line))]
    Runtime {
        /// The script's path.
        path: String,
        /// The line of the error, when Lua gave one.
        line: Option<u32>,
        /// Lua's message, without its `path:line:` prefix.
        message: String,
    },
    /// The call ran more Lua instructions than its budget allows.
    #[error(
        "{}: instruction budget of {instructions} exceeded (a runaway loop?)",
        Loc(path, *line)
    )]
    Budget {
        /// The script's path (of the function running when it was stopped).
        path: String,
        /// The line running when it was stopped, when known.
        line: Option<u32>,
        /// The budget, in instructions.
        instructions: u64,
    },
    /// The call ran longer than its wall-clock limit (a backstop behind the
    /// instruction budget, for work the count does not see).
    #[error(
        "{}: time limit of {} exceeded (a runaway loop?)",
        Loc(path, *line),
        Seconds(*limit)
    )]
    TimeLimit {
        /// The script's path (of the function running when it was stopped).
        path: String,
        /// The line running when it was stopped, when known.
        line: Option<u32>,
        /// The limit.
        limit: std::time::Duration,
    },
    /// Lua's memory grew past the limit.
    #[error("{path}: memory limit of {} exceeded", Bytes(*limit_bytes))]
    Memory {
        /// The script's path.
        path: String,
        /// The limit, in bytes.
        limit_bytes: usize,
    },
    /// The script has no function of that name.
    #[error("{path}: the script has no function `{name}`")]
    MissingFunction {
        /// The script's path.
        path: String,
        /// The name asked for.
        name: String,
    },
    /// The script called `coroutine.yield` outside any coroutine of its own.
    #[error("{path}: coroutine.yield called outside a coroutine")]
    Yielded {
        /// The script's path.
        path: String,
    },
    /// The sandbox itself failed (setting up the Lua state, converting a
    /// value on the Rust side): not the script's fault.
    #[error("script sandbox: {0}")]
    Sandbox(mlua::Error),
}

impl ScriptError {
    /// The path of the script the error is about, if it is about one.
    pub fn path(&self) -> Option<&str> {
        match self {
            ScriptError::Read { path, .. }
            | ScriptError::Syntax { path, .. }
            | ScriptError::Runtime { path, .. }
            | ScriptError::Budget { path, .. }
            | ScriptError::TimeLimit { path, .. }
            | ScriptError::Memory { path, .. }
            | ScriptError::MissingFunction { path, .. }
            | ScriptError::Yielded { path } => Some(path),
            ScriptError::Sandbox(_) => None,
        }
    }

    /// The line the error is at, when known.
    pub fn line(&self) -> Option<u32> {
        match self {
            ScriptError::Syntax { line, .. }
            | ScriptError::Runtime { line, .. }
            | ScriptError::Budget { line, .. }
            | ScriptError::TimeLimit { line, .. } => *line,
            _ => None,
        }
    }
}

impl From<mlua::Error> for ScriptError {
    fn from(error: mlua::Error) -> Self {
        ScriptError::Sandbox(error)
    }
}

/// `path:line` or `path`.
struct Loc<'a>(&'a str, Option<u32>);

impl fmt::Display for Loc<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.1 {
            Some(line) => write!(f, "{}:{line}", self.0),
            None => f.write_str(self.0),
        }
    }
}

/// A duration in seconds, as `10 s` or `0.5 s`.
struct Seconds(std::time::Duration);

impl fmt::Display for Seconds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} s", self.0.as_secs_f64())
    }
}

/// A byte count in MiB when it is a whole number of them, else in bytes.
struct Bytes(usize);

impl fmt::Display for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const MIB: usize = 1024 * 1024;
        if self.0 >= MIB && self.0.is_multiple_of(MIB) {
            write!(f, "{} MiB", self.0 / MIB)
        } else {
            write!(f, "{} bytes", self.0)
        }
    }
}

/// Splits Lua's `source:line: message` into the line and the message, when
/// `source` is this script's `path` as Lua shows it (Lua shortens long paths
/// to `...` and their end). Anything else is kept whole, with no line.
pub(crate) fn split_location(path: &str, message: &str) -> (Option<u32>, String) {
    let message = match message.find("\nstack traceback:") {
        Some(end) => &message[..end],
        None => message,
    };
    for (i, _) in message.match_indices(':') {
        let source = &message[..i];
        let same = source == path
            || source
                .strip_prefix("...")
                .is_some_and(|tail| path.ends_with(tail));
        if !same {
            continue;
        }
        let rest = &message[i + 1..];
        let Some((line, rest)) = rest.split_once(':') else {
            break;
        };
        if let Ok(line) = line.parse::<u32>() {
            return (
                Some(line),
                rest.strip_prefix(' ').unwrap_or(rest).to_string(),
            );
        }
    }
    (None, message.to_string())
}

/// An error raised from Rust (a native function a script called),
/// located at the script line that called in.
pub fn located(lua: &mlua::Lua, message: impl fmt::Display) -> mlua::Error {
    let at = lua.inspect_stack(1, |d| {
        let source = d.source();
        let line = d.current_line();
        match (source.short_src, line) {
            (Some(src), Some(line)) if line > 0 => Some(format!("{src}:{line}: ")),
            _ => None,
        }
    });
    mlua::Error::runtime(format!("{}{message}", at.flatten().unwrap_or_default()))
}
