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
use std::time::{Duration, Instant};

use mlua::{
    FromLuaMulti, Function, HookTriggers, IntoLuaMulti, Lua, LuaOptions, MultiValue, StdLib, Table,
    Thread, Value, VmState,
};

use mlua::state::{GcGenParams, GcMode};
use mlua::{chunk::ChunkMode, thread::ThreadStatus};

use super::error::{split_location, ScriptError};
use super::pattern_cost::pattern_cost;
use super::text::cut;
use crate::assets::{AssetFile, AssetFolder};
use crate::escape::{terminal, terminal_lines};

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
    /// Wall-clock time one call may take, a backstop behind the instruction
    /// budget (checked where the budget is: every 1000 instructions and
    /// whenever native work is charged; counted from the first check, so
    /// a short call never reads the clock).
    pub wall_clock: Duration,
}

impl Default for SandboxLimits {
    /// 10 million instructions a call, 64 MiB of Lua memory, 1 MiB of
    /// output, 10 seconds of wall-clock time a call.
    fn default() -> Self {
        SandboxLimits {
            instructions: 10_000_000,
            memory_bytes: 64 * 1024 * 1024,
            output_bytes: 1024 * 1024,
            wall_clock: Duration::from_secs(10),
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
    /// Its main chunk, compiled, to run again in a fresh environment
    /// ([`Sandbox::restart`]).
    chunk: Function,
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
    /// When this call must be over (the wall-clock backstop), once the
    /// call has been checked once.
    deadline: Cell<Option<Instant>>,
    /// The wall-clock time a call may take.
    wall_clock: Cell<Duration>,
    /// Whether the call was stopped by the deadline rather than the count.
    timed_out: Cell<bool>,
    /// The sandbox's memory limit, in bytes, for the library wrappers.
    memory_limit: Cell<usize>,
}

/// How many instructions pass between two readings of the clock for the
/// wall-clock deadline.
const CLOCK_EVERY: u64 = 16 * 1024;

impl Meter {
    /// Adds `instructions` to the call's count; whether the call may go on
    /// (within its budget and its deadline).
    fn spend(&self, instructions: u64) -> bool {
        let before = self.used.get();
        let used = before.saturating_add(instructions);
        self.used.set(used);
        if self.aborted.get() || used > self.budget.get() {
            return false;
        }
        // The clock is read only when the count passes a multiple of
        // CLOCK_EVERY instructions, and the deadline is set at the first
        // such reading: a short call (most hook calls, a bot's small string
        // calls) never reads it.
        if before / CLOCK_EVERY == used / CLOCK_EVERY {
            return true;
        }
        let now = Instant::now();
        match self.deadline.get() {
            None => self.deadline.set(now.checked_add(self.wall_clock.get())),
            Some(deadline) if now >= deadline => {
                self.timed_out.set(true);
                return false;
            }
            Some(_) => {}
        }
        true
    }

    /// Marks the call as being stopped, at `source` and `line` if it is not
    /// already.
    fn stop_at(&self, source: Option<String>, line: Option<u32>) {
        if !self.aborted.replace(true) {
            *self.stopped_at.borrow_mut() = (source, line);
        }
    }
}

/// The chunk name and line of the innermost script function on `lua`'s
/// stack (skipping the sandbox's own Rust and prelude functions).
fn script_location(lua: &Lua) -> (Option<String>, Option<u32>) {
    (0..64)
        .map_while(|level| {
            lua.inspect_stack(level, |d| {
                let source = d.source().source.map(|s| s.into_owned());
                (source, d.current_line())
            })
        })
        .find_map(|(source, line)| {
            let source = source.filter(|s| s.starts_with('@'))?;
            Some((Some(source), line.and_then(|l| u32::try_from(l).ok())))
        })
        .unwrap_or((None, None))
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
pub struct Charge(Rc<Meter>);

impl Charge {
    /// Adds `instructions` to the running call's count; the budget check at
    /// the next hook stops the call if it is spent.
    pub fn charge(&self, instructions: u64) {
        let meter = &self.0;
        if meter.active.get() {
            meter.spend(instructions);
        }
    }

    /// Adds `instructions` to the running call's count and stops the call
    /// at once, with the budget's error, if that spends its budget or
    /// passes its deadline (native work in a loop: the next hook may never
    /// come).
    pub fn charge_or_stop(&self, lua: &Lua, instructions: u64) -> mlua::Result<()> {
        charge_native(lua, &self.0, instructions)
    }

    /// The sandbox's memory limit, in bytes.
    pub(super) fn memory_limit(&self) -> usize {
        self.0.memory_limit.get()
    }
}

/// A restart collects garbage in full only when the memory used passes
/// the memory limit divided by this ([`Sandbox::restart`]).
const RESTART_COLLECT_SHARE: usize = 4;

/// The error that stops a call from inside a native function; the sandbox
/// reports the budget error the meter recorded.
const STOPPED: &str = "instruction budget exceeded";

/// Charges `instructions` of native work to the running call, and stops
/// the call (recording the script line that asked) if that spends its
/// budget or passes its deadline.
fn charge_native(lua: &Lua, meter: &Meter, instructions: u64) -> mlua::Result<()> {
    if !meter.active.get() || meter.spend(instructions) {
        return Ok(());
    }
    let (source, line) = script_location(lua);
    meter.stop_at(source, line);
    Err(mlua::Error::runtime(STOPPED))
}

/// A count the prelude passes (a Lua number, perhaps a float such as
/// `1e13`), as instructions: negative and NaN are 0.
fn count(n: f64) -> u64 {
    if n.is_nan() || n <= 0.0 {
        0
    } else {
        n as u64
    }
}

/// The prelude's `native` table: `charge(n)`, which charges `n`
/// instructions of work done in C, and `charge_match(subject, pattern,
/// init)`, which stops the call if a pattern match could backtrack past
/// what is left of its budget and charges a scan of the subject otherwise.
fn native_functions(lua: &Lua, meter: &Rc<Meter>) -> mlua::Result<Table> {
    let native = lua.create_table()?;
    let m = meter.clone();
    native.set(
        "charge",
        lua.create_function(move |lua, n: f64| charge_native(lua, &m, count(n)))?,
    )?;
    let m = meter.clone();
    native.set(
        "memory_limit",
        lua.create_function(move |_, ()| Ok(m.memory_limit.get()))?,
    )?;
    let m = meter.clone();
    native.set(
        "charge_match",
        lua.create_function(
            move |lua, (subject, pattern, init): (mlua::LuaString, mlua::LuaString, Option<f64>)| {
                let subject = subject.as_bytes();
                let len = subject.len() as f64;
                let start = match init {
                    Some(i) if i > 0.0 => i - 1.0,
                    Some(i) if i < 0.0 => (len + i).max(0.0),
                    _ => 0.0,
                };
                let cost = pattern_cost(&subject, &pattern.as_bytes(), count(start) as usize);
                let left = m.budget.get().saturating_sub(m.used.get());
                let scan = (subject.len() as u64 + pattern.as_bytes().len() as u64) / 8 + 1;
                charge_native(lua, &m, if cost > left { cost } else { scan })
            },
        )?,
    )?;
    Ok(native)
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
    /// `forget()` of the prelude.
    forget: Function,
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
            if out.borrow().truncated {
                return Ok(());
            }
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
            out.borrow_mut().push(&terminal_lines(&line));
            Ok(())
        })?;
        let m = meter.clone();
        let aborted = lua.create_function(move |_, ()| Ok(m.aborted.get()))?;
        let running: Rc<RefCell<String>> = Rc::default();
        let script = running.clone();
        let find_module = lua
            .create_function(move |lua, name: String| find_module(lua, &script.borrow(), &name))?;
        let native = native_functions(&lua, &meter)?;
        let (new_env, set_api, object, readonly, forget): (
            Function,
            Function,
            Function,
            Function,
            Function,
        ) = lua
            .load(PRELUDE)
            .set_name("=sandbox prelude")
            .set_mode(ChunkMode::Text)
            .call((print, aborted, find_module, native))?;

        // Host functions find the meter here ([`super::host`]).
        lua.set_app_data(Charge(meter.clone()));
        let mut sandbox = Sandbox {
            lua,
            limits,
            meter,
            output,
            new_env,
            set_api,
            object,
            readonly,
            forget,
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
        self.meter.memory_limit.set(limits.memory_bytes);
        self.meter.wall_clock.set(limits.wall_clock);
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
                if meter.spend(u64::from(meter.step.get())) {
                    return Ok(VmState::Continue);
                }
                if !meter.aborted.get() {
                    let source = debug.source().source.map(|s| s.into_owned());
                    let line = debug.current_line().and_then(|l| u32::try_from(l).ok());
                    meter.stop_at(source, line);
                }
                if meter.yield_tried.replace(true) {
                    Err(mlua::Error::runtime(STOPPED))
                } else {
                    Ok(VmState::Yield)
                }
            },
        )?;
        Ok(())
    }

    /// A handle that charges native work to the running call's budget.
    pub fn charge_handle(&self) -> Charge {
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
        let source = file.read().map_err(|e| ScriptError::Read {
            path: name.clone(),
            source: std::io::Error::other(e.reason()),
        })?;
        self.load_str(&name, &source)
    }

    /// Loads `source` as a script named `chunk_name` (errors read
    /// `chunk_name:line: ...`) into a fresh environment and runs its main
    /// chunk under the limits. Text only: precompiled chunks are refused. The
    /// first value the chunk returns is kept ([`Sandbox::script_value`]).
    pub fn load_str(&mut self, chunk_name: &str, source: &str) -> Result<ScriptId, ScriptError> {
        let (chunk, env) = self.compile_in_env(chunk_name, source)?;
        let value: Value = self.run(chunk_name, chunk.clone(), ())?;
        self.scripts.push(Script {
            path: chunk_name.to_string(),
            chunk,
            env,
            value,
        });
        Ok(ScriptId(self.scripts.len() - 1))
    }

    /// Starts `script` again as if loaded into a new sandbox, without
    /// compiling it again (a game reusing a mission's sandbox, a tournament
    /// worker's bot in its next game): its main chunk runs anew, under the
    /// limits, in a fresh environment (the globals it or its functions
    /// wrote are gone, its top-level locals are new), the modules every
    /// script `require`d run again when next required, the random
    /// generator starts from its seed, the captured output is dropped, and
    /// what the old run held is garbage, never counted against the limits
    /// (collected at once when the memory used passes a quarter of the
    /// limit, else by the collector's steps, or in full by an allocation
    /// the limit would refuse). The script's old functions must no
    /// longer be called. What a new sandbox would not share stays shared:
    /// the Lua state and the API tables set. Other scripts keep their
    /// environments. On an error (the chunk failed under the limits), the
    /// script keeps its old environment and value.
    ///
    /// Panics if `script` comes from another sandbox.
    pub fn restart(&mut self, script: ScriptId) -> Result<(), ScriptError> {
        self.forget.call::<()>(())?;
        let env: Table = self.new_env.call(())?;
        let entry = &self.scripts[script.0];
        let (path, chunk) = (entry.path.clone(), entry.chunk.clone());
        chunk
            .set_environment(env.clone())
            .map_err(|e| self.script_error(&path, e))?;
        let value: Value = self.run(&path, chunk, ())?;
        let entry = &mut self.scripts[script.0];
        entry.env = env;
        entry.value = value;
        self.take_output();
        // A full collection walks every live object (the libraries, the
        // API, the compiled scripts): most of a restart. It is needed only
        // when the garbage could crowd the limits; below a quarter of the
        // memory limit the collector's own steps free it as the next game
        // allocates, and an allocation the limit refuses collects in full
        // before it fails.
        if self.lua.used_memory() > self.limits.memory_bytes / RESTART_COLLECT_SHARE {
            self.lua.gc_collect()?;
        }
        Ok(())
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
        meter.timed_out.set(false);
        meter.deadline.set(None);
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
        let failed_at = match (&result, status) {
            (Err(_), ThreadStatus::Error) => failure_location(&thread),
            _ => None,
        };
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
            if meter.timed_out.get() {
                return Err(ScriptError::TimeLimit {
                    path,
                    line,
                    limit: self.limits.wall_clock,
                });
            }
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
            Err(e) => Err(self.script_error_at(path, e, failed_at)),
        }
    }

    /// The [`ScriptError`] for a Lua error while loading or running `path`.
    /// After a memory error, collects garbage so the state is usable again.
    fn script_error(&self, path: &str, error: mlua::Error) -> ScriptError {
        self.script_error_at(path, error, None)
    }

    /// [`Sandbox::script_error`], blaming `failed_at` (the script line
    /// running when the error was raised) when the message names no line.
    fn script_error_at(
        &self,
        path: &str,
        error: mlua::Error,
        failed_at: Option<(String, u32)>,
    ) -> ScriptError {
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
        let message = match cause {
            mlua::Error::SyntaxError { message, .. } => {
                let (line, message) = split_location(path, message);
                return ScriptError::Syntax {
                    path: path.to_string(),
                    line,
                    message: shown_message(&message),
                };
            }
            mlua::Error::RuntimeError(message) => raised_value_text(message),
            other => api_error_text(other),
        };
        let (line, message) = split_location(path, &message);
        let (path, line) = match (line, failed_at) {
            (None, Some((at, at_line))) => (at, Some(at_line)),
            (line, _) => (path.to_string(), line),
        };
        ScriptError::Runtime {
            path,
            line,
            message: shown_message(&message),
        }
    }
}

/// How many bytes of an error message are kept (a script may raise a
/// string of any size).
const MESSAGE_LIMIT: usize = 1000;

/// An error message from a script, cut and escaped for a terminal.
fn shown_message(message: &str) -> String {
    terminal(&cut(message, MESSAGE_LIMIT)).into_owned()
}

/// The text of an error a script raised: Lua gives a value that is not a
/// string as `tostring` shows it (its `__tostring`, run under the budget,
/// or `table: 0x...`); say what was raised instead of an address.
fn raised_value_text(message: &str) -> String {
    let value = match message.find("\nstack traceback:") {
        Some(end) => &message[..end],
        None => message,
    };
    for kind in ["table", "function", "thread", "userdata"] {
        let address = value
            .strip_prefix(kind)
            .and_then(|rest| rest.strip_prefix(": 0x"));
        if address.is_some_and(|a| !a.is_empty() && a.chars().all(|c| c.is_ascii_hexdigit())) {
            return format!(
                "a {kind} was raised as the error (give it a __tostring, or raise a string)"
            );
        }
    }
    if value == "nil" {
        return "error raised with nil (no message)".to_string();
    }
    value.to_string()
}

/// What a Lua type is, for a message about a Rust type a value was
/// converted to.
fn expectation(rust_type: &str) -> String {
    let inner = rust_type
        .strip_prefix("Option<")
        .and_then(|t| t.strip_suffix('>'));
    if let Some(inner) = inner {
        return format!("{} or nil", expectation(inner));
    }
    let whole = |max: u64| format!("a whole number from 0 to {max}");
    match rust_type {
        "u8" => whole(u8::MAX.into()),
        "u16" => whole(u16::MAX.into()),
        "u32" => whole(u32::MAX.into()),
        "u64" | "usize" => whole(u64::MAX),
        "i8" | "i16" | "i32" | "i64" | "isize" => "a whole number".to_string(),
        "f32" | "f64" => "a number".to_string(),
        "bool" => "a boolean".to_string(),
        t if t.contains("String") || t.contains("str") => "a string".to_string(),
        t if t.starts_with("Vec<") => "a list".to_string(),
        t if t.contains("Table") || t.contains("HashMap") => "a table".to_string(),
        t if t.contains("Function") => "a function".to_string(),
        t => format!("a {t}"),
    }
}

/// The text of an error the API gave a script: a bad argument says which
/// argument, to what, what was expected and what was given, in Lua's terms
/// rather than Rust's.
fn api_error_text(error: &mlua::Error) -> String {
    match error {
        mlua::Error::BadArgument {
            to,
            pos,
            name,
            cause,
        } => {
            let which = match name {
                Some(name) => format!("argument `{name}`"),
                None => format!("argument #{pos}"),
            };
            let to = to
                .as_deref()
                .map(|f| format!(" to `{f}`"))
                .unwrap_or_default();
            format!("bad {which}{to}: {}", api_error_text(cause))
        }
        mlua::Error::FromLuaConversionError { from, to, message } => {
            let detail = match message.as_deref() {
                Some(m) if !m.is_empty() && !m.starts_with("expected") => format!(" ({m})"),
                _ => String::new(),
            };
            format!("expected {}, got {from}{detail}", expectation(to))
        }
        mlua::Error::CallbackError { cause, .. } | mlua::Error::WithContext { cause, .. } => {
            api_error_text(cause)
        }
        mlua::Error::UserDataTypeMismatch => {
            "expected a game object, got another value".to_string()
        }
        other => other.to_string(),
    }
}

/// The innermost script line on the stack of `thread`, which has just
/// stopped with an error (Lua leaves the stack of a coroutine that failed
/// as it was, for the debug functions to read).
fn failure_location(thread: &Thread) -> Option<(String, u32)> {
    let state = thread.state();
    for level in 0..64 {
        // SAFETY: `state` is the stack of a coroutine of this sandbox's Lua
        // state, which is alive (the sandbox owns it) and not running (its
        // resume just returned); `lua_getstack` and `lua_getinfo` with
        // "Sl" only read its call frames, and `ar` is a plain C struct they
        // fill. The source string they point at belongs to a function on
        // that stack, and is copied before the next call.
        let found = unsafe {
            let mut ar: mlua::ffi::lua_Debug = std::mem::zeroed();
            if mlua::ffi::lua_getstack(state, level, &mut ar) == 0 {
                return None;
            }
            if mlua::ffi::lua_getinfo(state, c"Sl".as_ptr(), &mut ar) == 0 || ar.source.is_null() {
                continue;
            }
            let source = std::ffi::CStr::from_ptr(ar.source).to_string_lossy();
            source
                .strip_prefix('@')
                .filter(|_| ar.currentline > 0)
                .map(|path| (path.to_string(), ar.currentline as u32))
        };
        if found.is_some() {
            return found;
        }
    }
    None
}
