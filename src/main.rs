//! The `tinbots` binary: see `tinbots --help`.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    match cli::run() {
        Ok(code) => code,
        Err(e) => {
            eprintln!("tinbots: {e:#}");
            ExitCode::from(2)
        }
    }
}
