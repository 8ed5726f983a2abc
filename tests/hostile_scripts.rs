//! Hostile scripts through every Lua entry point the library and the binary
//! offer (bots, order files, variant hooks are in the library's own tests,
//! the REPL's `lua`): standard functions that loop in C are stopped by the
//! instruction budget with its error naming the script and the line, within
//! a bounded time, leaving the game unchanged and the sandbox usable; what
//! a script says is cut and escaped before it reaches a terminal.

use crate::common;

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use tinbots::games::twin_tin_bots::game::Game;
use tinbots::games::twin_tin_bots::lua::orders::OrderFile;
use tinbots::games::twin_tin_bots::lua::LuaBot;
use tinbots::games::twin_tin_bots::setup::Setup;
use tinbots::script::Sandbox;

/// Lua statements that each loop in C long past any budget.
const NATIVE_LOOPS: &[&str] = &[
    "local r = string.find(string.rep('a', 40), string.rep('a*', 30) .. 'b')",
    "local n = #string.rep('', 1e13)",
    "local r = table.move({}, 1, 1e13, 2)",
    "local t = {} for i = 1, 1e5 do table.insert(t, 1, i) end",
    "local r = ('a'):rep(40):gsub(('a-'):rep(30) .. 'b', '')",
    "local r = table.concat({}, '', 1, 1e13)",
];

/// How long any one hostile call may take before the test calls it a hang
/// (a hang detector, not a speed goal).
const HANG: Duration = Duration::from_secs(60);

const BUDGET_ERROR: &str = "instruction budget of 10000000 exceeded (a runaway loop?)";

fn game() -> Game {
    Game::new(&Setup::standard(2).unwrap().position(1)).unwrap()
}

/// A bot whose first `choose` runs `statement` at line 3, and whose later
/// ones answer the first legal answer.
fn bot(statement: &str) -> LuaBot {
    let source = format!(
        "local first = true\nreturn {{ choose = function(view, decision)\n  if first then first = false {statement} end\n  return 1\nend }}"
    );
    LuaBot::from_source("bots/hostile.lua", &source, Sandbox::new().unwrap()).unwrap()
}

#[test]
fn bots_looping_in_c_are_stopped_at_their_line() {
    for statement in NATIVE_LOOPS {
        let g = game();
        let before = format!("{:?}", g.position());
        let mut b = bot(statement);
        let start = Instant::now();
        let err = b.try_choose(&g).unwrap_err().to_string();
        assert!(start.elapsed() < HANG, "{statement}: {:?}", start.elapsed());
        assert!(
            err.contains(&format!("bots/hostile.lua:3: {BUDGET_ERROR}")),
            "{statement}: {err}"
        );
        assert_eq!(format!("{:?}", g.position()), before, "{statement}");
        // The same bot answers its next decision.
        b.try_choose(&g)
            .unwrap_or_else(|e| panic!("{statement}: unusable after: {e}"));
    }
}

#[test]
fn order_files_looping_in_c_are_stopped_at_their_line() {
    for statement in NATIVE_LOOPS {
        let start = Instant::now();
        let err = match OrderFile::from_source("orders/hostile.lua", &format!("\n{statement}\n")) {
            Ok(_) => panic!("{statement}: loaded"),
            Err(e) => e.to_string(),
        };
        assert!(start.elapsed() < HANG, "{statement}: {:?}", start.elapsed());
        assert!(
            err.contains(&format!("orders/hostile.lua:2: {BUDGET_ERROR}")),
            "{statement}: {err}"
        );
    }
}

#[test]
fn a_bot_s_huge_or_control_laden_answer_is_cut_and_escaped() {
    let g = game();
    let mut b = LuaBot::from_source(
        "bots/loud.lua",
        "return { choose = function() return string.rep('x', 24 * 1024 * 1024) end }",
        Sandbox::new().unwrap(),
    )
    .unwrap();
    let err = b.try_choose(&g).unwrap_err().to_string();
    assert!(err.len() < 1000, "{} bytes", err.len());
    assert!(
        err.contains("(25165824 bytes)"),
        "{}",
        &err[..200.min(err.len())]
    );
    let mut b = LuaBot::from_source(
        "bots/escape.lua",
        "return { choose = function() return 'red\\27[2J\\nnext' end }",
        Sandbox::new().unwrap(),
    )
    .unwrap();
    let err = b.try_choose(&g).unwrap_err().to_string();
    assert!(!err.contains('\u{1b}') && !err.contains('\n'), "{err:?}");
    assert!(err.contains("\"red\\e[2J\\nnext\""), "{err}");
}

#[test]
fn a_wrong_argument_to_the_api_says_which_what_and_where() {
    let g = game();
    let mut b = LuaBot::from_source(
        "bots/typo.lua",
        "return { choose = function(view)\n  view:rollout(-1)\n  return 1\nend }",
        Sandbox::new().unwrap(),
    )
    .unwrap();
    let err = b.try_choose(&g).unwrap_err().to_string();
    assert!(err.contains("bots/typo.lua:2: bad argument"), "{err}");
    assert!(
        err.contains("expected a whole number from 0 to 4294967295, got -1"),
        "{err}"
    );
    assert!(!err.contains("u32"), "{err}");
}

#[test]
fn a_raised_table_says_what_was_raised_and_where() {
    let g = game();
    let mut b = LuaBot::from_source(
        "bots/table.lua",
        "return { choose = function(view)\n  error({ code = 7 })\nend }",
        Sandbox::new().unwrap(),
    )
    .unwrap();
    let err = b.try_choose(&g).unwrap_err().to_string();
    assert!(
        err.contains("bots/table.lua:2: a table was raised as the error"),
        "{err}"
    );
    assert!(!err.contains("0x"), "{err}");
}

/// Runs `tinbots ARGS` with `input` on stdin (failing after
/// [`common::HANG`]): its exit status, stdout and stderr.
fn tinbots(args: &[&str], input: &str) -> (i32, String, String) {
    let out = common::run_with_input(
        Command::new(env!("CARGO_BIN_EXE_tinbots")).args(args),
        input.as_bytes(),
    );
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `tinbots repl` with `input` on stdin (see [`tinbots`]).
fn repl(input: &str) -> (i32, String, String) {
    tinbots(&["repl"], input)
}

/// A fresh folder for one test's files.
fn folder(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tinbots-hostile-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_replay_naming_an_order_file_that_loops_in_c_is_refused() {
    let dir = folder("replay-orders");
    let orders = dir.join("slow.lua");
    let saved = dir.join("game.json");
    const ORDERS: &str = "return { { name = \"slowpoke\", description = \"one step\", steps = { orders.forward() } } }\n";
    std::fs::write(&orders, ORDERS).unwrap();
    let (o, s) = (orders.to_str().unwrap(), saved.to_str().unwrap());
    let (code, _, stderr) = tinbots(
        &[
            "play",
            "-p",
            "2",
            "--max-turns",
            "3",
            "-q",
            "--orders",
            o,
            "--save",
            s,
        ],
        "",
    );
    assert_eq!(code, 0, "{stderr}");
    for statement in NATIVE_LOOPS {
        std::fs::write(&orders, format!("\n{statement}\n{ORDERS}")).unwrap();
        let (code, _, stderr) = tinbots(&["replay", s], "");
        assert_eq!(code, 2, "{statement}: {stderr}");
        assert!(
            stderr.contains(&format!("slow.lua:2: {BUDGET_ERROR}")),
            "{statement}: {stderr}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_repl_s_reload_of_a_bot_that_loops_in_c_is_refused_and_the_game_kept() {
    use std::io::{BufRead, BufReader};
    let dir = folder("reload");
    let bot = dir.join("bot.lua");
    for statement in NATIVE_LOOPS {
        std::fs::write(&bot, "return { choose = function() return 1 end }\n").unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_tinbots"))
            .args(["repl", "--echo"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        // The bot is seated and plays; once the REPL has said where red.1
        // is, the file turns hostile and `reload` reads it.
        writeln!(stdin, "bot red {}\nturn\nwhere red.1", bot.display()).unwrap();
        let mut line = String::new();
        while !line.starts_with("red.1 at") {
            line.clear();
            assert!(
                stdout.read_line(&mut line).unwrap() > 0,
                "the REPL ended early"
            );
        }
        let rewrite = format!("\n{statement}\nreturn {{ choose = function() return 1 end }}\n");
        std::fs::write(&bot, rewrite).unwrap();
        writeln!(stdin, "reload").unwrap();
        drop(stdin);
        let start = Instant::now();
        while child.try_wait().unwrap().is_none() {
            if start.elapsed() > HANG {
                let _ = child.kill();
                panic!("reload hung on: {statement}");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{statement}: {stderr}");
        assert!(
            stderr.contains("line 4: `reload`")
                && stderr.contains(&format!("bot.lua:2: {BUDGET_ERROR}")),
            "{statement}: {stderr}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_repl_s_lua_is_stopped_with_the_budget_error() {
    // Piped, the REPL stops at the first failing line, with a failure
    // status (which one is the REPL's business).
    for statement in NATIVE_LOOPS {
        let (code, stdout, stderr) = repl(&format!("lua {statement}\nlua return 6 * 7\n"));
        assert_ne!(code, 0, "{statement}: {stdout}{stderr}");
        assert!(
            stderr.contains(&format!("line 1: `lua {statement}`: lua:1: {BUDGET_ERROR}")),
            "{statement}: {stderr}"
        );
    }
    let (code, stdout, _) = repl("lua return 6 * 7\n");
    assert_eq!(code, 0);
    assert!(stdout.contains("42"), "{stdout}");
}

/// A rollout to the end of a game is charged turn by turn and stops as
/// soon as the budget is spent (before, it ran the whole game first, so a
/// game that never ends would never return); the bot stays usable.
#[test]
fn a_rollout_past_the_budget_is_stopped_by_it() {
    let g = game();
    let source = "local first = true\nreturn { choose = function(view, decision)\n  if first then first = false\n    view:rollout()\n  end\n  return 1\nend }";
    let limits = tinbots::script::SandboxLimits {
        instructions: 100_000,
        ..Default::default()
    };
    let sandbox = Sandbox::with_limits(limits).unwrap();
    let mut b = LuaBot::from_source("bots/endless.lua", source, sandbox).unwrap();
    let start = Instant::now();
    let err = b.try_choose(&g).unwrap_err().to_string();
    assert!(start.elapsed() < HANG, "{:?}", start.elapsed());
    assert!(
        err.contains("bots/endless.lua:4: instruction budget of 100000 exceeded"),
        "{err}"
    );
    assert!(
        b.try_choose(&g).is_ok(),
        "the bot answers its next decision"
    );
}
