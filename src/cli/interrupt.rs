//! Ctrl-C for the commands that run until stopped (`tournament`,
//! `serve`): the first asks them to stop ([`STOP`]), a second leaves at
//! once.

use anyhow::Result;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set by Ctrl-C: the command running stops at its next chance.
pub(super) static STOP: AtomicBool = AtomicBool::new(false);

/// Makes Ctrl-C set [`STOP`]; a second Ctrl-C leaves at once. Set once
/// per process: a process may run several commands (a test running
/// commands in process).
pub(super) fn stop_on_ctrl_c() -> Result<()> {
    static HANDLER: std::sync::OnceLock<Result<(), String>> = std::sync::OnceLock::new();
    let set = HANDLER.get_or_init(|| {
        // `ctrlc` rather than signal-hook: one call, and it reuses the
        // `nix` that rustyline already builds.
        ctrlc::set_handler(|| {
            if STOP.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
            }
        })
        .map_err(|e| e.to_string())
    });
    set.clone().map_err(anyhow::Error::msg)
}
