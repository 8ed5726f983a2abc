//! Tests of the sandbox: what scripts can't reach, isolation, limits, errors.

use std::time::{Duration, Instant};

use super::{Sandbox, SandboxLimits, ScriptError, ScriptId};

fn sandbox() -> Sandbox {
    Sandbox::new().expect("sandbox")
}

fn load(sb: &mut Sandbox, name: &str, source: &str) -> ScriptId {
    sb.load_str(name, source)
        .unwrap_or_else(|e| panic!("loading {name}: {e}"))
}

/// A script whose `run()` evaluates `body`, loaded and called.
fn eval<R: mlua::FromLuaMulti>(sb: &mut Sandbox, body: &str) -> Result<R, ScriptError> {
    let id = load(
        sb,
        "scripts/eval.lua",
        &format!("function run()\n{body}\nend"),
    );
    sb.call(id, "run", ())
}

/// After any error, the sandbox still runs a good script.
fn assert_usable(sb: &mut Sandbox) {
    let id = load(
        sb,
        "scripts/good.lua",
        "return { add = function(a, b) return a + b end }",
    );
    let sum: i64 = sb
        .call(id, "add", (2, 3))
        .expect("good call after an error");
    assert_eq!(sum, 5);
}

/// Runs `source` as a script whose `run()` must be stopped by the budget,
/// within a second.
fn assert_budget_stops(name: &str, source: &str) {
    let mut sb = sandbox();
    let id = load(&mut sb, name, source);
    let start = Instant::now();
    let err = sb.call::<()>(id, "run", ()).unwrap_err();
    let elapsed = start.elapsed();
    assert!(
        elapsed < Duration::from_secs(1),
        "{name}: stopped after {elapsed:?}"
    );
    assert!(
        matches!(err, ScriptError::Budget { .. }),
        "{name}: not a budget error: {err}"
    );
    let text = err.to_string();
    assert!(
        text.starts_with(&format!("{name}:"))
            && text.contains("instruction budget of 10000000 exceeded (a runaway loop?)"),
        "{name}: {text}"
    );
    assert_usable(&mut sb);
}

#[test]
fn forbidden_globals_are_nil() {
    let mut sb = sandbox();
    for name in [
        "io",
        "os",
        "debug",
        "package",
        "dofile",
        "loadfile",
        "load",
        "loadstring",
        "warn",
        "string.dump",
    ] {
        let kind: String = eval(&mut sb, &format!("return type({name})")).unwrap();
        assert_eq!(kind, "nil", "{name} is visible to scripts");
    }
    // Not through the string metatable either.
    let kind: String = eval(&mut sb, "return type(('').dump)").unwrap();
    assert_eq!(kind, "nil");
    let mt: String = eval(&mut sb, "return getmetatable('')").unwrap();
    assert_eq!(mt, "string", "the shared string metatable is reachable");
}

#[test]
fn safe_libraries_are_there() {
    let mut sb = sandbox();
    let got: String = eval(
        &mut sb,
        "local co = coroutine.wrap(function() coroutine.yield(utf8.char(72)) end)
         return string.format('%s%d', co(), math.max(1, 2)) .. table.concat({'a', 'b'}) .. ('x'):rep(2)",
    )
    .unwrap();
    assert_eq!(got, "H2abxx");
}

#[test]
fn collectgarbage_only_counts() {
    let mut sb = sandbox();
    let kb: f64 = eval(&mut sb, "return collectgarbage('count')").unwrap();
    assert!(kb > 0.0);
    let err = eval::<()>(&mut sb, "collectgarbage()").unwrap_err();
    assert!(
        err.to_string().contains("only collectgarbage(\"count\")"),
        "{err}"
    );
}

#[test]
fn gc_metamethods_are_refused() {
    let mut sb = sandbox();
    let err = eval::<()>(&mut sb, "setmetatable({}, { __gc = function() end })").unwrap_err();
    assert!(err.to_string().contains("__gc"), "{err}");
}

#[test]
fn binary_chunks_are_refused() {
    let mut sb = sandbox();
    let err = sb
        .load_str("scripts/bin.lua", "\x1bLua\x54\x00junk")
        .unwrap_err();
    assert!(matches!(err, ScriptError::Syntax { .. }), "{err}");
    assert!(err.to_string().contains("binary"), "{err}");
}

#[test]
fn globals_do_not_leak_between_scripts() {
    let mut sb = sandbox();
    let a = load(
        &mut sb,
        "scripts/a.lua",
        "secret = 42
         string.upper = function() return 'hacked' end
         table = nil
         function get() return secret end",
    );
    let b = load(
        &mut sb,
        "scripts/b.lua",
        "function get() return secret end
         function upper(s) return string.upper(s) end
         function has_table() return table ~= nil end",
    );
    assert_eq!(sb.call::<i64>(a, "get", ()).unwrap(), 42);
    assert_eq!(sb.call::<Option<i64>>(b, "get", ()).unwrap(), None);
    assert_eq!(sb.call::<String>(b, "upper", "ok").unwrap(), "OK");
    assert!(sb.call::<bool>(b, "has_table", ()).unwrap());
}

#[test]
fn api_tables_are_read_only() {
    let mut sb = sandbox();
    let api = sb.lua().create_table().unwrap();
    api.set("answer", 42).unwrap();
    let inner = sb.lua().create_table().unwrap();
    inner.set("x", 1).unwrap();
    api.set("inner", inner).unwrap();
    // A script loaded before the API table sees it too.
    let early = load(
        &mut sb,
        "scripts/early.lua",
        "function get() return game.answer end",
    );
    sb.set_api_table("game", api.clone()).unwrap();
    assert_eq!(sb.call::<i64>(early, "get", ()).unwrap(), 42);

    for (what, body) in [
        ("assignment", "game.answer = 1"),
        ("new field", "game.new = 1"),
        ("nested table", "game.inner.x = 2"),
        ("rawset", "rawset(game, 'answer', 1)"),
        ("setmetatable", "setmetatable(game, nil)"),
        ("table.insert", "table.insert(game, 1)"),
    ] {
        let err = eval::<()>(&mut sb, body).unwrap_err();
        let text = err.to_string();
        assert!(
            text.contains("is read-only") || text.contains("protected metatable"),
            "{what}: {text}"
        );
        // Through a C function (table.insert) Lua knows no line.
        let at = if what == "table.insert" {
            "scripts/eval.lua:"
        } else {
            "scripts/eval.lua:2:"
        };
        assert!(text.starts_with(at), "{what}: {text}");
    }
    assert!(eval::<String>(&mut sb, "game.answer = 1")
        .unwrap_err()
        .to_string()
        .ends_with("API table `game` is read-only"));
    // Reading works, pairs included, and nothing changed.
    let got: i64 = eval(
        &mut sb,
        "local n = 0 for k, v in pairs(game) do n = n + 1 end
         return game.answer + game.inner.x * 100 + n * 1000",
    )
    .unwrap();
    assert_eq!(got, 2142);
    assert_eq!(api.get::<i64>("answer").unwrap(), 42);
    assert_eq!(api.get::<Option<i64>>("new").unwrap(), None);
}

#[test]
fn infinite_loop_is_stopped() {
    assert_budget_stops(
        "scripts/twin-tin-bots/bots/loop.lua",
        "function run()\n  while true do end\nend",
    );
}

#[test]
fn budget_error_names_the_line() {
    let mut sb = sandbox();
    let id = load(
        &mut sb,
        "scripts/twin-tin-bots/bots/loop.lua",
        "function run()\n  local x = 0\n  while true do x = x + 1 end\nend",
    );
    let err = sb.call::<()>(id, "run", ()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "scripts/twin-tin-bots/bots/loop.lua:3: instruction budget of 10000000 exceeded (a runaway loop?)"
    );
}

#[test]
fn loop_inside_pcall_is_stopped() {
    assert_budget_stops(
        "scripts/twin-tin-bots/bots/pcall_loop.lua",
        "function run() pcall(function() while true do end end) end",
    );
}

#[test]
fn loop_of_pcalls_is_stopped() {
    assert_budget_stops(
        "scripts/twin-tin-bots/bots/pcalls.lua",
        "function run()
           while true do
             pcall(function() while true do end end)
             xpcall(function() local t = {} for i = 1, 100 do t[i] = i end end, print)
           end
         end",
    );
}

#[test]
fn loop_in_a_non_yieldable_callback_is_stopped() {
    // Lua cannot yield inside table.sort's comparator: the hook's error must
    // get through the pcall anyway.
    assert_budget_stops(
        "scripts/twin-tin-bots/bots/sort.lua",
        "function run()
           while true do
             pcall(table.sort, {3, 2, 1}, function(a, b) while true do end end)
           end
         end",
    );
}

#[test]
fn loop_in_nested_coroutines_is_stopped() {
    assert_budget_stops(
        "scripts/twin-tin-bots/bots/co.lua",
        "function run()
           while true do
             local co = coroutine.create(function() while true do end end)
             coroutine.resume(co)
             pcall(coroutine.wrap(function() while true do end end))
           end
         end",
    );
}

#[test]
fn loop_in_the_main_chunk_is_stopped() {
    let mut sb = sandbox();
    let err = sb
        .load_str("scripts/twin-tin-bots/bots/top.lua", "while true do end")
        .unwrap_err();
    assert!(matches!(err, ScriptError::Budget { .. }), "{err}");
    assert!(
        err.to_string()
            .starts_with("scripts/twin-tin-bots/bots/top.lua:1: "),
        "{err}"
    );
    assert_usable(&mut sb);
}

#[test]
fn budget_is_per_call_and_configurable() {
    let limits = SandboxLimits {
        instructions: 100_000,
        ..SandboxLimits::default()
    };
    let mut sb = Sandbox::with_limits(limits).unwrap();
    let id = load(
        &mut sb,
        "scripts/count.lua",
        "function count(n) local x = 0 for i = 1, n do x = x + i end return x end",
    );
    // Many small calls never add up to the budget.
    for _ in 0..100 {
        assert_eq!(sb.call::<i64>(id, "count", 1000).unwrap(), 500_500);
    }
    let err = sb.call::<i64>(id, "count", 1_000_000).unwrap_err();
    assert!(
        err.to_string()
            .contains("instruction budget of 100000 exceeded"),
        "{err}"
    );
}

#[test]
fn deep_recursion_is_a_clean_error() {
    let mut sb = sandbox();
    let id = load(
        &mut sb,
        "scripts/twin-tin-bots/bots/deep.lua",
        "function run()\n  local function f() return 1 + f() end\n  return f()\nend",
    );
    let start = Instant::now();
    let err = sb.call::<i64>(id, "run", ()).unwrap_err();
    assert!(
        start.elapsed() < Duration::from_secs(1),
        "{:?}",
        start.elapsed()
    );
    assert!(matches!(err, ScriptError::Runtime { .. }), "{err}");
    assert_eq!(
        err.to_string(),
        "scripts/twin-tin-bots/bots/deep.lua:2: stack overflow (more than 100000 nested calls)"
    );
    assert_usable(&mut sb);
    // The same inside pcall: caught like any error, and the script goes on.
    let ok: bool = eval(
        &mut sb,
        "local function f() return 1 + f() end\nreturn not pcall(f)",
    )
    .unwrap();
    assert!(ok);
}

#[test]
fn memory_hog_is_stopped() {
    let mut sb = sandbox();
    let id = load(
        &mut sb,
        "scripts/twin-tin-bots/bots/hog.lua",
        "function run()\n  local t = {} for i = 1, 1e9 do t[i] = string.rep('x', 1000) .. i end\nend",
    );
    let err = sb.call::<()>(id, "run", ()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "scripts/twin-tin-bots/bots/hog.lua: memory limit of 64 MiB exceeded"
    );
    assert!(sb.used_memory() < 16 * 1024 * 1024, "{}", sb.used_memory());
    assert_usable(&mut sb);
}

#[test]
fn memory_hog_inside_pcall_is_stopped() {
    let mut sb = sandbox();
    let err = eval::<()>(
        &mut sb,
        "pcall(function() local t = {} for i = 1, 1e9 do t[i] = string.rep('x', 1000) .. i end end)
         while true do end",
    )
    .unwrap_err();
    assert!(matches!(err, ScriptError::Memory { .. }), "{err}");
    assert_usable(&mut sb);
}

#[test]
fn runtime_error_names_path_and_line() {
    let mut sb = sandbox();
    let id = load(
        &mut sb,
        "scripts/twin-tin-bots/bots/bad.lua",
        "function run()\n  local x\n  return x.y\nend",
    );
    let err = sb.call::<()>(id, "run", ()).unwrap_err();
    assert_eq!(err.line(), Some(3));
    assert_eq!(
        err.to_string(),
        "scripts/twin-tin-bots/bots/bad.lua:3: attempt to index a nil value (local 'x')"
    );
    assert_usable(&mut sb);
}

#[test]
fn an_error_raised_without_location_is_given_the_line() {
    let mut sb = sandbox();
    let err = eval::<()>(&mut sb, "error('plain', 0)").unwrap_err();
    assert_eq!(err.to_string(), "scripts/eval.lua:2: plain");
}

#[test]
fn long_paths_are_named_whole() {
    let mut sb = sandbox();
    let path = format!("scripts/{}/bad.lua", "very_long_folder".repeat(6));
    let id = load(&mut sb, &path, "function run()\n  error('boom')\nend");
    let err = sb.call::<()>(id, "run", ()).unwrap_err();
    assert_eq!(err.to_string(), format!("{path}:2: boom"));
}

#[test]
fn syntax_error_names_the_line() {
    let mut sb = sandbox();
    let err = sb
        .load_str(
            "scripts/twin-tin-bots/bots/syntax.lua",
            "local a = 1\nlocal b = = 2\n",
        )
        .unwrap_err();
    assert!(matches!(err, ScriptError::Syntax { .. }), "{err}");
    assert_eq!(err.line(), Some(2));
    assert!(
        err.to_string()
            .starts_with("scripts/twin-tin-bots/bots/syntax.lua:2: unexpected symbol"),
        "{err}"
    );
    assert_usable(&mut sb);
}

#[test]
fn load_script_reads_a_file() {
    let dir = std::env::temp_dir().join(format!("tinbots-script-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bot.lua");
    std::fs::write(
        &path,
        "local M = {}\nfunction M.hello(n)\n  return 'hi ' .. n\nend\nreturn M\n",
    )
    .unwrap();
    let mut sb = sandbox();
    let id = sb.load_script(&path).unwrap();
    assert!(matches!(sb.script_value(id), mlua::Value::Table(_)));
    assert_eq!(sb.call::<String>(id, "hello", "bob").unwrap(), "hi bob");
    let missing = sb.load_script(&dir.join("missing.lua")).unwrap_err();
    assert!(matches!(missing, ScriptError::Read { .. }), "{missing}");
    let err = sb.call::<()>(id, "nope", ()).unwrap_err();
    assert!(matches!(err, ScriptError::MissingFunction { .. }), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn print_is_captured() {
    let mut sb = sandbox();
    let id = load(
        &mut sb,
        "scripts/print.lua",
        "print('loading')\nfunction run(n) print('n =', n, nil, true) end",
    );
    sb.call::<()>(id, "run", 7).unwrap();
    assert_eq!(sb.take_output(), "loading\nn =\t7\tnil\ttrue\n");
    assert_eq!(sb.take_output(), "");
}

#[test]
fn print_output_is_capped() {
    let limits = SandboxLimits {
        output_bytes: 100,
        ..SandboxLimits::default()
    };
    let mut sb = Sandbox::with_limits(limits).unwrap();
    eval::<()>(&mut sb, "for i = 1, 1000 do print(string.rep('x', 50)) end").unwrap();
    let out = sb.take_output();
    assert!(
        out.ends_with("[output truncated]\n") && out.len() < 200,
        "{out}"
    );
}

#[test]
fn top_level_yield_is_an_error() {
    let mut sb = sandbox();
    let err = eval::<()>(&mut sb, "coroutine.yield(1)").unwrap_err();
    assert!(matches!(err, ScriptError::Yielded { .. }), "{err}");
    assert_usable(&mut sb);
}

#[test]
fn a_value_of_the_wrong_type_is_an_error_naming_the_script() {
    let mut sb = sandbox();
    let err = eval::<i64>(&mut sb, "return 'seven'").unwrap_err();
    let text = err.to_string();
    assert!(
        matches!(&err, ScriptError::Runtime { path, .. } if path == "scripts/eval.lua"),
        "{text}"
    );
    assert!(text.contains("unexpected return values"), "{text}");
    assert_usable(&mut sb);
}

#[test]
fn random_is_deterministic() {
    let draw = || {
        let mut sb = sandbox();
        eval::<Vec<i64>>(
            &mut sb,
            "local t = {} for i = 1, 5 do t[i] = math.random(1000) end return t",
        )
        .unwrap()
    };
    assert_eq!(draw(), draw());
}

use crate::test_folder::Folder;

#[test]
fn require_loads_modules_next_to_the_script_once_each() {
    let folder = Folder::new(
        "require",
        &[
            (
                "bot.lua",
                "local util = require('lib.util')\nlocal again = require('lib.util')\nreturn { value = util.double(21), same = util == again, runs = util.runs() }",
            ),
            (
                "lib/util.lua",
                "local runs = 0\nruns = runs + 1\nlocal M = {}\nfunction M.double(x) return 2 * x end\nfunction M.runs() return runs end\nreturn M",
            ),
        ],
    );
    let mut sb = sandbox();
    let id = sb.load_script(&folder.0.join("bot.lua")).unwrap();
    let mlua::Value::Table(t) = sb.script_value(id).clone() else {
        panic!("not a table");
    };
    assert_eq!(t.get::<i64>("value").unwrap(), 42);
    assert!(t.get::<bool>("same").unwrap(), "a module runs once");
    assert_eq!(t.get::<i64>("runs").unwrap(), 1);
}

#[test]
fn require_cannot_leave_the_script_folder_and_names_the_line() {
    let folder = Folder::new(
        "require-bad",
        &[
            ("up.lua", "\nlocal m = require('../secret')\nreturn m"),
            ("abs.lua", "local m = require('/etc/passwd')\nreturn m"),
            (
                "missing.lua",
                "\n\nlocal m = require('nothing.here')\nreturn m",
            ),
            ("cycle.lua", "return require('cycle')"),
            ("broken.lua", "return require('lib.broken')"),
            ("lib/broken.lua", "local x = \nerror('module failed')"),
        ],
    );
    let cases = [
        (
            "up.lua",
            "up.lua:2: require \"../secret\": a module name is words separated by dots",
        ),
        (
            "abs.lua",
            "abs.lua:1: require \"/etc/passwd\": a module name",
        ),
        (
            "missing.lua",
            "missing.lua:3: require \"nothing.here\": cannot read",
        ),
        ("cycle.lua", "requires itself"),
        ("broken.lua", "lib/broken.lua:2: module failed"),
    ];
    for (file, expected) in cases {
        let mut sb = sandbox();
        let err = sb
            .load_script(&folder.0.join(file))
            .unwrap_err()
            .to_string();
        assert!(err.contains(expected), "{file}: {err}\nwanted: {expected}");
        assert_usable(&mut sb);
    }
}

/// Runs `body` as line 2 of `scripts/hostile.lua` (its `run()`), which
/// must be stopped by the budget at that line, well within the test's
/// bound; the sandbox stays usable.
fn assert_native_loop_stopped(body: &str) {
    let mut sb = sandbox();
    let id = load(
        &mut sb,
        "scripts/hostile.lua",
        &format!("function run()\n{body}\nend"),
    );
    let start = Instant::now();
    let err = sb.call::<mlua::Value>(id, "run", ()).unwrap_err();
    let elapsed = start.elapsed();
    assert!(elapsed < Duration::from_secs(5), "{body}: took {elapsed:?}");
    assert!(
        matches!(err, ScriptError::Budget { .. }),
        "{body}: not a budget error: {err}"
    );
    assert_eq!(
        err.to_string(),
        "scripts/hostile.lua:2: instruction budget of 10000000 exceeded (a runaway loop?)",
        "{body}"
    );
    assert_usable(&mut sb);
}

#[test]
fn a_backtracking_pattern_is_stopped_by_the_budget() {
    for call in ["find", "match", "gmatch", "gsub"] {
        let extra = if call == "gsub" { ", ''" } else { "" };
        assert_native_loop_stopped(&format!(
            "local r = string.{call}(string.rep('a', 40), string.rep('a*', 30) .. 'b'{extra})"
        ));
    }
    // Through the string metatable too (`s:find`), and inside a pcall.
    assert_native_loop_stopped("local s = ('a'):rep(40) local r = s:find(('a*'):rep(30) .. 'b')");
    assert_native_loop_stopped(
        "local ok = pcall(string.match, ('a'):rep(40), ('a*'):rep(30) .. 'b')",
    );
}

#[test]
fn repeating_an_empty_string_a_trillion_times_is_stopped() {
    assert_native_loop_stopped("local n = #string.rep('', 1e13)");
    assert_native_loop_stopped("local n = #(''):rep(1e13, '')");
}

#[test]
fn huge_table_ranges_are_stopped() {
    assert_native_loop_stopped("local r = table.move({}, 1, 1e13, 2)");
    assert_native_loop_stopped(
        "local r = table.concat(setmetatable({}, { __index = function() return '' end }), '', 1, 1e13)",
    );
    assert_native_loop_stopped(
        "local r = table.insert(setmetatable({}, { __len = function() return 1e13 end }), 1, 0)",
    );
    assert_native_loop_stopped(
        "local r = table.remove(setmetatable({}, { __len = function() return 1e13 end }), 1)",
    );
}

#[test]
fn quadratic_inserts_at_the_front_are_paid_for() {
    assert_native_loop_stopped("local t = {} for i = 1, 1e5 do table.insert(t, 1, i) end");
}

#[test]
fn ordinary_library_use_is_not_refused() {
    let mut sb = sandbox();
    let value: String = eval(
        &mut sb,
        "local t = {}
         for i = 1, 1000 do table.insert(t, i) end
         table.insert(t, 1, 0) table.remove(t, 1) table.sort(t, function(a, b) return a > b end)
         local words = {}
         for w in string.gmatch('speed = 12, name = red.1', '%w+') do words[#words + 1] = w end
         local k, v = ('speed = 12'):match('^(%w+)%s*=%s*(%d+)$')
         return table.concat(words, ' ') .. '|' .. k .. v .. '|' .. #t .. '|' ..
           string.format('%5.1f', 2.25) .. '|' .. ('x'):rep(3, ',') .. '|' .. utf8.char(72, 105)
           .. '|' .. select(2, ('aXb'):gsub('X', '-')) .. '|' .. tostring(tonumber('0x10'))",
    )
    .unwrap();
    assert_eq!(
        value,
        "speed 12 name red 1|speed12|1000|  2.2|x,x,x|Hi|1|16"
    );
}

#[test]
fn a_library_error_names_the_function_argument_and_line() {
    let mut sb = sandbox();
    let err = eval::<()>(&mut sb, "string.rep('x', 'many')").unwrap_err();
    let text = err.to_string();
    assert!(
        text.starts_with("scripts/eval.lua:2: bad argument #2 to 'string.rep'"),
        "{text}"
    );
    assert_usable(&mut sb);
}

#[test]
fn the_wall_clock_limit_stops_a_call_the_count_does_not_see() {
    let limits = SandboxLimits {
        wall_clock: Duration::from_millis(200),
        instructions: u64::MAX,
        ..SandboxLimits::default()
    };
    let mut sb = Sandbox::with_limits(limits).unwrap();
    let id = load(
        &mut sb,
        "scripts/slow.lua",
        "function run()\nwhile true do end\nend",
    );
    let start = Instant::now();
    let err = sb.call::<()>(id, "run", ()).unwrap_err();
    assert!(start.elapsed() < Duration::from_secs(5));
    assert!(matches!(err, ScriptError::TimeLimit { .. }), "{err}");
    assert_eq!(
        err.to_string(),
        "scripts/slow.lua:2: time limit of 0.2 s exceeded (a runaway loop?)"
    );
    assert_usable(&mut sb);
}

#[test]
fn a_table_raised_as_an_error_is_described_with_its_line() {
    let mut sb = sandbox();
    let err = eval::<()>(&mut sb, "error({ code = 1 })").unwrap_err();
    assert_eq!(
        err.to_string(),
        "scripts/eval.lua:2: a table was raised as the error (give it a __tostring, or raise a string)"
    );
    let err = eval::<()>(&mut sb, "error(nil)").unwrap_err();
    assert_eq!(
        err.to_string(),
        "scripts/eval.lua:2: error raised with nil (no message)"
    );
    let err = eval::<()>(
        &mut sb,
        "error(setmetatable({}, { __tostring = function() return 'out of fuel' end }))",
    )
    .unwrap_err();
    assert_eq!(err.to_string(), "scripts/eval.lua:2: out of fuel");
    // A __tostring that loops is stopped, not run forever.
    let start = Instant::now();
    let err = eval::<()>(
        &mut sb,
        "error(setmetatable({}, { __tostring = function() while true do end end }))",
    )
    .unwrap_err();
    assert!(start.elapsed() < Duration::from_secs(5), "{err}");
    assert!(err.to_string().starts_with("scripts/eval.lua:"), "{err}");
    assert_usable(&mut sb);
}

#[test]
fn a_long_or_control_laden_error_is_cut_and_escaped() {
    let mut sb = sandbox();
    let err = eval::<()>(&mut sb, "error(string.rep('x', 1e7) .. '\\27[2J')").unwrap_err();
    let text = err.to_string();
    assert!(text.len() < 1200, "{} bytes", text.len());
    assert!(
        text.starts_with("scripts/eval.lua:2: xxxx"),
        "{}",
        &text[..40]
    );
    assert!(
        text.ends_with("(10000004 bytes)"),
        "{}",
        &text[text.len() - 40..]
    );
    let err = eval::<()>(&mut sb, "error('a\\27[31mred\\nline')").unwrap_err();
    assert_eq!(err.to_string(), "scripts/eval.lua:2: a\\e[31mred\\nline");
    assert_usable(&mut sb);
}

#[test]
fn printed_control_characters_are_escaped() {
    let mut sb = sandbox();
    eval::<()>(&mut sb, "print('a\\27[2Jb\\nc')").unwrap();
    assert_eq!(sb.take_output(), "a\\e[2Jb\nc\n");
}
