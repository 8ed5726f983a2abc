//! The sandbox: one Lua state, scripts loaded into their own environments,
//! calls under an instruction budget and a memory limit.
//!
//! How a runaway script is stopped: every call (a script's main chunk too)
//! runs in a fresh Lua thread (coroutine). A count hook, installed as mlua's
//! global hook so that coroutines the script creates inherit it, adds up the
//! instructions run. Once the budget is spent, the hook first *yields* the
//! running coroutine, which no `pcall` can catch; the sandbox then drops the
//! thread unfinished and reports the budget error. If the yield could not
//! happen (Lua cannot yield inside a C call such as a `table.sort`
//! comparator) or only stopped a coroutine of the script's own, every later
//! hook raises an error instead, and the script's `pcall`, `xpcall`,
//! `coroutine.resume` and `coroutine.close` (wrappers, see `prelude.lua`)
//! re-raise any error once the call is being stopped, so it reaches the top.
//! `__gc` metamethods are refused, as finalizers run with hooks off.

use std::cell::{Cell, RefCell};
use std::path::Path;
use std::rc::Rc;

use mlua::{
    FromLuaMulti, Function, HookTriggers, IntoLuaMulti, Lua, LuaOptions, MultiValue, StdLib, Table,
    Thread, Value, VmState,
};

use mlua::state::{GcGenParams, GcMode};
use mlua::{chunk::ChunkMode, thread::ThreadStatus};

use super::error::{split_location, ScriptError};
use crate::assets::{AssetFile, AssetFolder};

/// The Lua code that builds script environments (see its header).
const PRELUDE: &str = include_str!("prelude.lua");

/// The hook runs every this many instructions (fewer if the budget is
/// smaller), so a call may overrun its budget by up to this much.
const HOOK_STEP: u32 = 1000;

/// Deepest Lua call nesting allowed once the state holds more than half its
/// memory limit. Lua's own limit (about a million frames) would run out of
/// memory first, and a memory error would hide the real cause.
const MAX_DEPTH: usize = 100_000;

/// What a call may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SandboxLimits {
    /// Lua VM instructions one call may run (a script's main chunk counts as
    /// a call), its coroutines included. Checked every 1000 instructions.
    pub instructions: u64,
    /// Bytes the whole Lua state may hold: every loaded script and its data
    /// together, not one call's share.
    pub memory_bytes: usize,
    /// Bytes of captured `print` output kept until [`Sandbox::take_output`];
    /// past it the output ends with `[output truncated]`.
    pub output_bytes: usize,
}

impl Default for SandboxLimits {
    /// 10 million instructions a call, 64 MiB of Lua memory, 1 MiB of output.
    fn default() -> Self {
        SandboxLimits {
            instructions: 10_000_000,
            memory_bytes: 64 * 1024 * 1024,
            output_bytes: 1024 * 1024,
        }
    }
}

/// A script loaded into a [`Sandbox`]; valid for that sandbox only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ScriptId(usize);

/// A loaded script.
struct Script {
    /// Its path, or the chunk name given to [`Sandbox::load_str`].
    path: String,
    /// Its global table.
    env: Table,
    /// The first value its main chunk returned (often a table of functions).
    value: Value,
}

/// The instruction meter the hook and the call share.
#[derive(Default)]
struct Meter {
    /// Whether a call is running (the hook ignores everything else).
    active: Cell<bool>,
    /// Instructions run in this call.
    used: Cell<u64>,
    /// This call's budget.
    budget: Cell<u64>,
    /// Instructions between two runs of the hook.
    step: Cell<u32>,
    /// Whether this call is being stopped.
    aborted: Cell<bool>,
    /// Whether the hook already tried to yield in this call.
    yield_tried: Cell<bool>,
    /// Chunk name (`@path`) and line running when the budget ran out.
    stopped_at: RefCell<(Option<String>, Option<u32>)>,
}

/// Finds the module a script `require`s: `name` is dot-separated words
/// (`lib.util`), the file `lib/util.lua` in the folder of the script being
/// run (`running`, the bot, order file or variant the sandbox called into),
/// on disk or built in. Nothing outside that folder can be named: no `..`,
/// no absolute paths, and no symbolic link that leads out of it
/// ([`AssetFolder::read_module`]). Returns the module's name (as errors
/// show it) and source.
fn find_module(lua: &Lua, running: &str, name: &str) -> mlua::Result<(String, String)> {
    // The nearest caller that is a script file (the prelude's `require` is
    // not), and the line that called.
    let (requirer, line) = (1..64)
        .map_while(|level| {
            lua.inspect_stack(level, |d| {
                let source = d.source().source.map(|s| s.into_owned());
                (source, d.current_line().unwrap_or(0))
            })
        })
        .find_map(|(s, line)| Some((s?.strip_prefix('@')?.to_string(), line)))
        .map_or((None, 0), |(s, line)| (Some(s), line));
    let at = match &requirer {
        Some(path) if line > 0 => format!("{path}:{line}: "),
        _ => String::new(),
    };
    let words_ok = !name.is_empty()
        && name.split('.').all(|w| {
            !w.is_empty()
                && w.chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        });
    if !words_ok {
        return Err(mlua::Error::runtime(format!(
            "{at}require {name:?}: a module name is words separated by dots, such as \"lib.util\" (lib/util.lua next to the script)"
        )));
    }
    let relative = format!("{}.lua", name.replace('.', "/"));
    match AssetFolder::of_chunk(running).read_module(&relative) {
        Ok((file, source)) => Ok((file.shown(), source)),
        Err(e) => Err(mlua::Error::runtime(format!("{at}require {name:?}: {e}"))),
    }
}

/// A handle on a sandbox's instruction meter, so that native work done
/// for a script (a simulated game) is paid for in its budget.
#[derive(Clone)]
pub(crate) struct Charge(Rc<Meter>);

impl Charge {
    /// Adds `instructions` to the running call's count; the budget check at
    /// the next hook stops the call if it is spent.
    pub(crate) fn charge(&self, instructions: u64) {
        let meter = &self.0;
        if meter.active.get() {
            meter
                .used
                .set(meter.used.get().saturating_add(instructions));
        }
    }
}

/// Captured `print` output.
#[derive(Default)]
struct Output {
    text: String,
    cap: usize,
    truncated: bool,
}

impl Output {
    fn push(&mut self, line: &str) {
        if self.truncated {
            return;
        }
        if self.text.len() + line.len() > self.cap {
            self.truncated = true;
            self.text.push_str("[output truncated]\n");
        } else {
            self.text.push_str(line);
        }
    }
}

/// One sandboxed Lua 5.4 state in which scripts are loaded and called.
///
/// The state and its environments are set up once, in [`Sandbox::new`];
/// loading a script costs one environment table, a call one Lua thread.
/// Not reentrant: a Rust function called from a script must not call back
/// into the same sandbox.
pub struct Sandbox {
    lua: Lua,
    limits: SandboxLimits,
    meter: Rc<Meter>,
    output: Rc<RefCell<Output>>,
    /// `new_env()` of the prelude.
    new_env: Function,
    /// `set_api(name, table)` of the prelude.
    set_api: Function,
    /// `object(name, methods)` of the prelude.
    object: Function,
    /// `readonly(table, name)` of the prelude.
    readonly: Function,
    scripts: Vec<Script>,
    /// The path of the script being called, whose folder `require` searches.
    running: Rc<RefCell<String>>,
    /// A finished thread kept for the next call.
    spare_thread: RefCell<Option<Thread>>,
}

impl Sandbox {
    /// A sandbox with the default [`SandboxLimits`].
    pub fn new() -> Result<Sandbox, ScriptError> {
        Sandbox::with_limits(SandboxLimits::default())
    }

    /// A sandbox with the given limits.
    pub fn with_limits(limits: SandboxLimits) -> Result<Sandbox, ScriptError> {
        let libs = StdLib::STRING | StdLib::TABLE | StdLib::MATH | StdLib::UTF8 | StdLib::COROUTINE;
        let lua = Lua::new_with(libs, LuaOptions::new())?;
        // Bots make short-lived garbage on every call (the view, answers):
        // the generational collector frees it young, at a fraction of the
        // cost of incremental cycles over the whole state.
        lua.gc_set_mode(GcMode::Generational(GcGenParams::default()));
        let meter = Rc::new(Meter::default());
        let output = Rc::new(RefCell::new(Output::default()));

        let out = output.clone();
        let print = lua.create_function(move |_, args: MultiValue| {
            let mut line = String::new();
            for (i, value) in args.iter().enumerate() {
                if i > 0 {
                    line.push('\t');
                }
                match value {
                    Value::String(s) => line.push_str(&s.to_string_lossy()),
                    other => line.push_str(&other.to_string()?),
                }
            }
            line.push('\n');
            out.borrow_mut().push(&line);
            Ok(())
        })?;
        let m = meter.clone();
        let aborted = lua.create_function(move |_, ()| Ok(m.aborted.get()))?;
        let running: Rc<RefCell<String>> = Rc::default();
        let script = running.clone();
        let find_module = lua
            .create_function(move |lua, name: String| find_module(lua, &script.borrow(), &name))?;
        let (new_env, set_api, object, readonly): (Function, Function, Function, Function) = lua
            .load(PRELUDE)
            .set_name("=sandbox prelude")
            .set_mode(ChunkMode::Text)
            .call((print, aborted, find_module))?;

        let mut sandbox = Sandbox {
            lua,
            limits,
            meter,
            output,
            new_env,
            set_api,
            object,
            readonly,
            scripts: Vec::new(),
            running,
            spare_thread: RefCell::new(None),
        };
        sandbox.set_limits(limits)?;
        Ok(sandbox)
    }

    /// The limits in force.
    pub fn limits(&self) -> SandboxLimits {
        self.limits
    }

    /// Changes the limits, for the calls to come.
    pub fn set_limits(&mut self, limits: SandboxLimits) -> Result<(), ScriptError> {
        self.limits = limits;
        self.lua.set_memory_limit(limits.memory_bytes)?;
        self.output.borrow_mut().cap = limits.output_bytes;
        let step = limits.instructions.clamp(1, u64::from(HOOK_STEP)) as u32;
        self.meter.step.set(step);
        let meter = self.meter.clone();
        let half_memory = limits.memory_bytes / 2;
        self.lua.set_global_hook(
            HookTriggers::new().every_nth_instruction(step),
            move |lua, debug| {
                if !meter.active.get() {
                    return Ok(VmState::Continue);
                }
                // Runaway recursion: walking the stack costs its depth, so
                // only when memory runs high.
                if lua.used_memory() > half_memory && lua.inspect_stack(MAX_DEPTH, |_| ()).is_some()
                {
                    let source = debug.source();
                    let at = source.short_src.as_deref().unwrap_or("?");
                    let line = debug.current_line().unwrap_or(0);
                    return Err(mlua::Error::runtime(format!(
                        "{at}:{line}: stack overflow (more than {MAX_DEPTH} nested calls)"
                    )));
                }
                let used = meter.used.get().saturating_add(u64::from(meter.step.get()));
                meter.used.set(used);
                if used <= meter.budget.get() && !meter.aborted.get() {
                    return Ok(VmState::Continue);
                }
                if !meter.aborted.replace(true) {
                    let source = debug.source().source.map(|s| s.into_owned());
                    let line = debug.current_line().and_then(|l| u32::try_from(l).ok());
                    *meter.stopped_at.borrow_mut() = (source, line);
                }
                if meter.yield_tried.replace(true) {
                    Err(mlua::Error::runtime("instruction budget exceeded"))
                } else {
                    Ok(VmState::Yield)
                }
            },
        )?;
        Ok(())
    }

    /// A handle that charges native work to the running call's budget.
    pub(crate) fn charge_handle(&self) -> Charge {
        Charge(self.meter.clone())
    }

    /// The Lua state, to build API tables and values with. Scripts must only
    /// be run through [`Sandbox::call`] and friends, which apply the limits.
    pub fn lua(&self) -> &Lua {
        &self.lua
    }

    /// Makes `table` visible, read-only, as the global `name` of every
    /// script, those loaded already and those to come. Scripts get a proxy:
    /// assigning a field of it (or of a table inside it, or `rawset` on it)
    /// raises "API table `name` is read-only"; reading, `pairs`, `ipairs`
    /// and `#` work. The engine may still change `table` itself.
    pub fn set_api_table(&mut self, name: &str, table: Table) -> Result<(), ScriptError> {
        self.set_api.call::<()>((name, table))?;
        Ok(())
    }

    /// A read-only object for scripts, of class `name`, with the functions
    /// of `methods` (called as `object:f(...)`; each gets the object first)
    /// and, through `methods`' own metatable if it has one, computed fields.
    /// Scripts cannot change it: assigning a field of it raises "`name` is
    /// read-only" (`rawset` on it, "API table `name` is read-only"), and
    /// its metatable is hidden. Reading a method costs one table lookup and
    /// runs no script code.
    pub fn object(&self, name: &str, methods: Table) -> Result<Table, ScriptError> {
        Ok(self.object.call((name, methods))?)
    }

    /// A read-only view of `table` for scripts, named `name` in errors:
    /// reading, `pairs`, `ipairs` and `#` see the table (tables in it are
    /// views too); assigning a field or `rawset` raises "API table `name`
    /// is read-only". The engine may still change `table` itself.
    pub fn read_only(&self, table: Table, name: &str) -> Result<Table, ScriptError> {
        Ok(self.readonly.call((table, name))?)
    }

    /// Loads the script at `path` (read as UTF-8 text) into a fresh
    /// environment and runs its main chunk; see [`Sandbox::load_str`].
    pub fn load_script(&mut self, path: &Path) -> Result<ScriptId, ScriptError> {
        self.load_file(&AssetFile::Disk(path.to_path_buf()))
    }

    /// Loads the script `file`, on disk or built in, into a fresh
    /// environment and runs its main chunk; see [`Sandbox::load_str`]. It
    /// is named [`AssetFile::shown`] in errors, and `require` reads from
    /// its folder.
    pub fn load_file(&mut self, file: &AssetFile) -> Result<ScriptId, ScriptError> {
        let name = file.shown();
        let source = file.read().map_err(|source| ScriptError::Read {
            path: name.clone(),
            source,
        })?;
        self.load_str(&name, &source)
    }

    /// Loads `source` as a script named `chunk_name` (errors read
    /// `chunk_name:line: ...`) into a fresh environment and runs its main
    /// chunk under the limits. Text only: precompiled chunks are refused. The
    /// first value the chunk returns is kept ([`Sandbox::script_value`]).
    pub fn load_str(&mut self, chunk_name: &str, source: &str) -> Result<ScriptId, ScriptError> {
        let (function, env) = self.compile_in_env(chunk_name, source)?;
        let value: Value = self.run(chunk_name, function, ())?;
        self.scripts.push(Script {
            path: chunk_name.to_string(),
            env,
            value,
        });
        Ok(ScriptId(self.scripts.len() - 1))
    }

    /// Compiles `source` as a chunk named `chunk_name` (text only) in a
    /// fresh environment, without running it and without keeping anything:
    /// the chunk is not a loaded script, and once the caller drops it the
    /// collector frees it and its environment. Run it with
    /// [`Sandbox::run_function`].
    pub fn compile(&self, chunk_name: &str, source: &str) -> Result<Function, ScriptError> {
        Ok(self.compile_in_env(chunk_name, source)?.0)
    }

    /// [`Sandbox::compile`], with the chunk's environment.
    fn compile_in_env(
        &self,
        chunk_name: &str,
        source: &str,
    ) -> Result<(Function, Table), ScriptError> {
        let env: Table = self.new_env.call(())?;
        let function = self
            .lua
            .load(source)
            .set_name(format!("@{chunk_name}"))
            .set_mode(ChunkMode::Text)
            .set_environment(env.clone())
            .into_function()
            .map_err(|e| self.script_error(chunk_name, e))?;
        Ok((function, env))
    }

    /// Calls `function` (a chunk from [`Sandbox::compile`], or a function
    /// one returned) with `args` under the limits, blaming errors without a
    /// location on `chunk_name`, and converts what it returns. The sandbox
    /// keeps nothing of the call.
    pub fn run_function<R: FromLuaMulti>(
        &self,
        chunk_name: &str,
        function: &Function,
        args: impl IntoLuaMulti,
    ) -> Result<R, ScriptError> {
        self.run(chunk_name, function.clone(), args)
    }

    /// The path (or chunk name) of a loaded script.
    ///
    /// Panics if `script` comes from another sandbox.
    pub fn script_path(&self, script: ScriptId) -> &str {
        &self.scripts[script.0].path
    }

    /// The first value the script's main chunk returned (`nil` if none).
    ///
    /// Panics if `script` comes from another sandbox.
    pub fn script_value(&self, script: ScriptId) -> &Value {
        &self.scripts[script.0].value
    }

    /// The script's function `name`: a field of the table the script
    /// returned, else a global of the script. Fields are read raw (no
    /// metamethods), so no script code runs outside a call.
    ///
    /// Panics if `script` comes from another sandbox.
    pub fn function(&self, script: ScriptId, name: &str) -> Option<Function> {
        let script = &self.scripts[script.0];
        let from = |table: &Table| match table.raw_get::<Value>(name) {
            Ok(Value::Function(f)) => Some(f),
            _ => None,
        };
        match &script.value {
            Value::Table(t) => from(t),
            _ => None,
        }
        .or_else(|| from(&script.env))
    }

    /// Calls the script's function `name` (see [`Sandbox::function`]) with
    /// `args`, under the limits, and converts what it returns.
    ///
    /// Panics if `script` comes from another sandbox.
    pub fn call<R: FromLuaMulti>(
        &self,
        script: ScriptId,
        name: &str,
        args: impl IntoLuaMulti,
    ) -> Result<R, ScriptError> {
        let function = self
            .function(script, name)
            .ok_or_else(|| ScriptError::MissingFunction {
                path: self.script_path(script).to_string(),
                name: name.to_string(),
            })?;
        self.call_function(script, &function, args)
    }

    /// Calls `function` with `args` under the limits, blaming errors without
    /// a location on `script`, and converts what it returns.
    ///
    /// Panics if `script` comes from another sandbox.
    pub fn call_function<R: FromLuaMulti>(
        &self,
        script: ScriptId,
        function: &Function,
        args: impl IntoLuaMulti,
    ) -> Result<R, ScriptError> {
        self.run(self.script_path(script), function.clone(), args)
    }

    /// Takes the output `print` captured since the last take.
    pub fn take_output(&self) -> String {
        let mut output = self.output.borrow_mut();
        output.truncated = false;
        std::mem::take(&mut output.text)
    }

    /// Bytes the Lua state uses now.
    pub fn used_memory(&self) -> usize {
        self.lua.used_memory()
    }

    /// Runs `function` in a fresh thread under the limits, and converts
    /// what it returns.
    fn run<R: FromLuaMulti>(
        &self,
        path: &str,
        function: Function,
        args: impl IntoLuaMulti,
    ) -> Result<R, ScriptError> {
        let meter = &self.meter;
        if meter.active.get() {
            return Err(ScriptError::Runtime {
                path: path.to_string(),
                line: None,
                message: "a script call inside a script call (not supported)".to_string(),
            });
        }
        path.clone_into(&mut self.running.borrow_mut());
        meter.used.set(0);
        meter.budget.set(self.limits.instructions);
        meter.aborted.set(false);
        meter.yield_tried.set(false);
        *meter.stopped_at.borrow_mut() = (None, None);

        // A thread whose last call finished is reset and reused: creating
        // one per call is most of the cost of a small call.
        let spare = self.spare_thread.borrow_mut().take();
        let thread = match spare {
            Some(thread) => thread.reset(function).map(|()| thread),
            None => self.lua.create_thread(function),
        };
        let thread = match thread {
            Ok(thread) => thread,
            Err(e) => return Err(self.script_error(path, e)),
        };
        meter.active.set(true);
        let result = thread.resume::<R>(args);
        meter.active.set(false);
        let status = thread.status();
        if status == ThreadStatus::Finished && result.is_ok() {
            *self.spare_thread.borrow_mut() = Some(thread);
        } else {
            // An unfinished thread is simply dropped: its to-be-closed
            // variables are not closed, so no more script code runs.
            drop(thread);
        }

        if meter.aborted.get() {
            let (source, line) = meter.stopped_at.borrow().clone();
            let (path, line) = match source.as_deref().and_then(|s| s.strip_prefix('@')) {
                Some(source) => (source.to_string(), line),
                None => (path.to_string(), None),
            };
            return Err(ScriptError::Budget {
                path,
                line,
                instructions: self.limits.instructions,
            });
        }
        match result {
            Ok(_) if status == ThreadStatus::Resumable => Err(ScriptError::Yielded {
                path: path.to_string(),
            }),
            Ok(values) => Ok(values),
            Err(e @ mlua::Error::FromLuaConversionError { .. }) => Err(ScriptError::Runtime {
                path: path.to_string(),
                line: None,
                message: format!("unexpected return values: {e}"),
            }),
            Err(e) => Err(self.script_error(path, e)),
        }
    }

    /// The [`ScriptError`] for a Lua error while loading or running `path`.
    /// After a memory error, collects garbage so the state is usable again.
    fn script_error(&self, path: &str, error: mlua::Error) -> ScriptError {
        let mut cause = &error;
        while let mlua::Error::CallbackError { cause: inner, .. }
        | mlua::Error::WithContext { cause: inner, .. } = cause
        {
            cause = inner;
        }
        let memory = match cause {
            mlua::Error::MemoryError(_) => true,
            mlua::Error::RuntimeError(message) => message == "not enough memory",
            _ => false,
        };
        if memory {
            // Best effort: if even this fails, the next call reports it.
            let _ = self.lua.gc_collect();
            return ScriptError::Memory {
                path: path.to_string(),
                limit_bytes: self.limits.memory_bytes,
            };
        }
        let path = path.to_string();
        match cause {
            mlua::Error::SyntaxError { message, .. } => {
                let (line, message) = split_location(&path, message);
                ScriptError::Syntax {
                    path,
                    line,
                    message,
                }
            }
            mlua::Error::RuntimeError(message) => {
                let (line, message) = split_location(&path, message);
                ScriptError::Runtime {
                    path,
                    line,
                    message,
                }
            }
            other => {
                let (line, message) = split_location(&path, &other.to_string());
                ScriptError::Runtime {
                    path,
                    line,
                    message,
                }
            }
        }
    }
}
