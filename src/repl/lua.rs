//! A sandbox for a game's `lua` command in the REPL: a line of Lua run in
//! a sandbox of the session's own, with `view` (the game as the player to
//! move sees it: any serializable view a game gives).
//!
//! A line is compiled first, as an expression (`return <line>`) and, only
//! if that does not compile, as statements; then it runs once. What it
//! returns is printed by `format.lua` inside the sandbox, under the same
//! budget (tables through their `__pairs`, so the read-only `view` shows
//! its fields), bounded in depth, entries and characters. Nothing of a
//! line outlives it: the chunk is not kept as a loaded script, its
//! environment and results are garbage once the line is done, so memory
//! stays flat however many lines a session runs.

use mlua::{Function, LuaSerdeExt, MultiValue};

use crate::script::{Sandbox, ScriptError};

/// The printer of results (see its header).
const PRINTER: &str = include_str!("format.lua");

/// The chunk name of a line: errors read `lua:1: ...`.
const CHUNK: &str = "lua";

/// Tables nested deeper than this print as `{...}`.
pub const MAX_DEPTH: u32 = 4;
/// Entries of one table printed before `...`.
pub const MAX_ITEMS: u32 = 40;
/// Characters of a line's result printed before `...`.
pub const MAX_CHARS: u32 = 8000;

/// The Lua of a REPL session.
pub struct LuaConsole {
    sandbox: Sandbox,
    printer: Function,
}

/// What a line printed, and how it ended.
pub struct LuaOutcome {
    /// What `print` wrote, then the results, one line.
    pub said: String,
    /// The line's error, if it failed (what it printed is in `said`).
    pub error: Option<ScriptError>,
}

impl LuaConsole {
    /// A fresh sandbox with the printer loaded.
    pub fn new() -> Result<LuaConsole, ScriptError> {
        let sandbox = Sandbox::new()?;
        let chunk = sandbox.compile("repl printer", PRINTER)?;
        let printer = sandbox.run_function("repl printer", &chunk, ())?;
        Ok(LuaConsole { sandbox, printer })
    }

    /// Compiles `code` as an expression if it is one, else as statements;
    /// the error is the statements' when neither compiles.
    fn compile(&self, code: &str) -> Result<Function, ScriptError> {
        match self.sandbox.compile(CHUNK, &format!("return {code}")) {
            Ok(chunk) => Ok(chunk),
            Err(_) => self.sandbox.compile(CHUNK, code),
        }
    }

    /// Runs `code` once with `view` as the global `view`; what it said is
    /// escaped for the terminal ([`crate::escape::terminal_lines`]).
    pub fn run(&mut self, code: &str, view: &impl serde::Serialize) -> LuaOutcome {
        let result = self.run_and_format(code, view);
        let mut said = crate::escape::terminal_lines(&self.sandbox.take_output()).into_owned();
        match result {
            Ok(shown) => {
                if !shown.is_empty() {
                    said.push_str(&crate::escape::terminal_lines(&shown));
                    said.push('\n');
                }
                LuaOutcome { said, error: None }
            }
            Err(error) => LuaOutcome {
                said,
                error: Some(error),
            },
        }
    }

    fn run_and_format(
        &mut self,
        code: &str,
        view: &impl serde::Serialize,
    ) -> Result<String, ScriptError> {
        let view = self.sandbox.lua().to_value(view)?;
        let mlua::Value::Table(view) = view else {
            return Err(ScriptError::Sandbox(mlua::Error::runtime(
                "the view is not a table",
            )));
        };
        self.sandbox.set_api_table("view", view)?;
        let chunk = self.compile(code)?;
        let results: MultiValue = self.sandbox.run_function(CHUNK, &chunk, ())?;
        if results.is_empty() {
            return Ok(String::new());
        }
        let mut args: Vec<mlua::Value> = [MAX_DEPTH, MAX_ITEMS, MAX_CHARS]
            .into_iter()
            .map(|n| mlua::Value::Integer(n.into()))
            .collect();
        args.extend(results);
        self.sandbox
            .run_function(CHUNK, &self.printer, MultiValue::from_vec(args))
    }

    /// Bytes the sandbox holds once everything unreachable is collected.
    pub fn used_memory(&self) -> usize {
        // Best effort: a failed collection leaves the count as it is.
        let _ = self.sandbox.lua().gc_collect();
        self.sandbox.used_memory()
    }
}
