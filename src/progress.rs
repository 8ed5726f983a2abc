//! Progress of long runs (a tournament's games, the turns of a headless
//! game or of the REPL's `auto`): a bar on stderr with the count done, the
//! rate and the time left when stderr is a terminal, and nothing at all
//! when it is not (a pipe or a file gets no byte from here).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use std::io::IsTerminal;

/// A progress bar, or nothing when there is no terminal to draw it on.
/// Cheap to share between threads: [`Progress::advance`] takes `&self`.
#[derive(Debug)]
pub struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    /// Progress over `total` steps counted in `unit` (`games`, `turns`),
    /// drawn only when stderr is a terminal.
    pub fn new(total: u64, unit: &'static str) -> Progress {
        Progress::when(std::io::stderr().is_terminal(), total, unit)
    }

    /// Progress drawn on stderr when `on_terminal`, else nothing: the
    /// decision of [`Progress::new`], with the terminal check given.
    pub fn when(on_terminal: bool, total: u64, unit: &'static str) -> Progress {
        if !on_terminal {
            return Progress::hidden();
        }
        let style =
            ProgressStyle::with_template("{wide_bar} {pos}/{len} {msg}, {rate}, {eta} left")
                .expect("a valid template")
                .with_key(
                    "rate",
                    |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                        let _ = write!(w, "{:.1}/s", state.per_sec());
                    },
                );
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr())
            .with_style(style)
            .with_message(unit);
        Progress { bar: Some(bar) }
    }

    /// No progress shown.
    pub fn hidden() -> Progress {
        Progress { bar: None }
    }

    /// Whether a bar is drawn.
    pub fn is_shown(&self) -> bool {
        self.bar.is_some()
    }

    /// `steps` more done.
    pub fn advance(&self, steps: u64) {
        if let Some(bar) = &self.bar {
            bar.inc(steps);
        }
    }

    /// `done` steps done in all.
    pub fn reach(&self, done: u64) {
        if let Some(bar) = &self.bar {
            bar.set_position(done);
        }
    }

    /// Removes the bar, leaving the terminal as it was.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        // An error ends a run early: the bar goes all the same.
        self.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bar_is_drawn_on_a_terminal_only() {
        let on_terminal = Progress::when(true, 10, "games");
        assert!(on_terminal.is_shown());
        on_terminal.advance(3);
        on_terminal.reach(7);
        assert_eq!(on_terminal.bar.as_ref().map(ProgressBar::position), Some(7));
        on_terminal.finish();
        let on_a_pipe = Progress::when(false, 10, "games");
        assert!(!on_a_pipe.is_shown());
        on_a_pipe.advance(3); // does nothing, and does not fail
        assert!(!Progress::hidden().is_shown());
    }
}
