//! The `tinbots` binary: see `tinbots --help`. The command line itself is
//! the library's [`tinbots::cli`]; this is its edge: the built-in games,
//! stdout and stdin, and errors printed.

use std::io::{self, IsTerminal};
use std::process::ExitCode;
use tinbots::cli::Console;

fn main() -> ExitCode {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    // Unlocked: stdin is read only by the REPL's script, a line at a time.
    let mut input = io::BufReader::new(io::stdin());
    let mut err = io::stderr();
    let mut console = Console {
        out: &mut out,
        err: &mut err,
        input: &mut input,
        interactive: io::stdin().is_terminal(),
        out_is_terminal: io::stdout().is_terminal(),
    };
    let result = tinbots::cli::run(
        &tinbots::games::registry(),
        std::env::args_os(),
        &mut console,
    );
    drop(out);
    match result {
        Ok(code) => code,
        Err(e) => match e.downcast::<clap::Error>() {
            // A usage error: printed as clap prints it, exit status 2.
            Ok(usage) => usage.exit(),
            // A reader that stopped reading (`tinbots play | head`) is not an error.
            Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
            Err(e) => {
                // Errors quote files and scripts: escaped, so that none can
                // drive the terminal.
                eprintln!(
                    "tinbots: {}",
                    tinbots::escape::terminal_lines(&error_text(&e))
                );
                ExitCode::from(2)
            }
        },
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// The error and its causes, each cause once: library errors already
/// quote their cause in their own message.
fn error_text(e: &anyhow::Error) -> String {
    let mut text = e.to_string();
    for cause in e.chain().skip(1) {
        let cause = cause.to_string();
        if !text.contains(&cause) {
            text = format!("{text}: {cause}");
        }
    }
    text
}
