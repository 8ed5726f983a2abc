//! The `tinbots` binary: see `tinbots --help`.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    match cli::run() {
        Ok(code) => code,
        Err(e) => {
            eprintln!("tinbots: {}", error_text(&e));
            ExitCode::from(2)
        }
    }
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
