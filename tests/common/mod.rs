//! What the integration tests share: running a command with input on its
//! stdin, reading all it writes, and failing (instead of hanging the test
//! run) when it does not end within [`HANG`]; and a browser driven
//! through its DevTools protocol ([`cdp`]); a plain HTTP client
//! ([`http`]).

pub mod cdp;
pub mod http;

use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// How long a command may run before the test calls it a hang (a hang
/// detector, not a speed goal).
pub const HANG: Duration = Duration::from_secs(120);

/// Runs `command` with `input` on stdin and stdout and stderr captured;
/// panics, naming the command, when it runs past [`HANG`].
pub fn run_with_input(command: &mut Command, input: &[u8]) -> Output {
    let shown = format!("{command:?}");
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{shown} does not start: {e}"));
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_vec();
    // Written on its own thread: a command may stop reading (and exit)
    // before it has read everything.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let (done, finished) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = done.send(child.wait_with_output());
    });
    let output = finished
        .recv_timeout(HANG)
        .unwrap_or_else(|_| panic!("{shown} hung: still running after {HANG:?}"))
        .unwrap_or_else(|e| panic!("{shown}: {e}"));
    let _ = writer.join();
    output
}

/// Runs the `tinbots` binary in the repository (where `scripts/`,
/// `variants/` and `setups/` are) with `args` and nothing on stdin.
#[allow(dead_code)] // not every test crate that shares this module runs it
pub fn tinbots(args: &[&str]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tinbots"));
    command.args(args).current_dir(env!("CARGO_MANIFEST_DIR"));
    run_with_input(&mut command, b"")
}

/// What a command wrote to stdout, as text.
#[allow(dead_code)] // not every test crate that shares this module reads it
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Runs `tinbots ARGS` in process (`tinbots::cli::run`) on `games`, with
/// `input` as the REPL's commands (not a terminal): what it wrote to its
/// output, and how it ended.
#[allow(dead_code)] // not every test crate that shares this module runs it
pub fn in_process(
    games: &tinbots::registry::Games,
    args: &[&str],
    input: &str,
) -> (Vec<u8>, anyhow::Result<std::process::ExitCode>) {
    let (out, _, result) = in_process_said(games, args, input);
    (out, result)
}

/// [`in_process`], with what it wrote beside its output (stderr) too.
#[allow(dead_code)] // not every test crate that shares this module runs it
pub fn in_process_said(
    games: &tinbots::registry::Games,
    args: &[&str],
    input: &str,
) -> (Vec<u8>, Vec<u8>, anyhow::Result<std::process::ExitCode>) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut input = input.as_bytes();
    let mut console = tinbots::cli::Console {
        out: &mut out,
        err: &mut err,
        input: &mut input,
        interactive: false,
        out_is_terminal: false,
    };
    let argv = std::iter::once("tinbots").chain(args.iter().copied());
    let result = tinbots::cli::run(games, argv, &mut console);
    (out, err, result)
}

/// Every `.rs` file under `path` (itself, when it is one), in the order
/// the folders list them.
#[allow(dead_code)] // not every test crate that shares this module reads sources
pub fn rust_files(path: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    if path.is_dir() {
        for entry in std::fs::read_dir(path).unwrap().flatten() {
            rust_files(&entry.path(), out);
        }
    } else if path.extension().is_some_and(|e| e == "rs") {
        out.push(path.to_path_buf());
    }
}
