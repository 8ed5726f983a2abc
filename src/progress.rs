//! Progress of long runs (a tournament's games, the turns of a headless
//! game or of the REPL's `auto`): a bar on stderr with the count done, the
//! rate and the time left when stderr is a terminal. When it is not (a
//! pipe or a file), a batch run (a tournament: [`Progress::batch`]) writes
//! a plain line every few seconds instead, for whoever watches a log; the
//! others write nothing at all.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How often a batch run not on a terminal says how far it is.
pub const LINE_EVERY: Duration = Duration::from_secs(5);

/// A progress bar, lines at intervals, or nothing. Cheap to share between
/// threads: [`Progress::advance`] takes `&self`.
#[derive(Debug)]
pub struct Progress {
    bar: Option<ProgressBar>,
    lines: Option<Lines>,
}

/// Progress as a line every so often (`120/400 games, 3.2/s, 1m 27s
/// left`), on a writer that is no terminal.
struct Lines {
    total: u64,
    unit: &'static str,
    every: Duration,
    start: Instant,
    state: Mutex<LinesState>,
}

/// What [`Lines`] changes as the run goes.
struct LinesState {
    done: u64,
    last: Instant,
    sink: Box<dyn Write + Send>,
}

impl std::fmt::Debug for Lines {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lines")
            .field("total", &self.total)
            .field("unit", &self.unit)
            .field("every", &self.every)
            .finish_non_exhaustive()
    }
}

impl Lines {
    /// Counts `done` as the steps done (`add`: on top of those before) and
    /// writes a line when `every` has passed since the last (or the start).
    fn count(&self, steps: u64, add: bool) {
        let Ok(mut state) = self.state.lock() else {
            return;
        };
        state.done = if add { state.done + steps } else { steps };
        let now = Instant::now();
        if now.duration_since(state.last) < self.every {
            return;
        }
        state.last = now;
        let line = self.line(state.done, now.duration_since(self.start));
        // A watcher's line that cannot be written changes nothing of the run.
        let _ = state.sink.write_all(line.as_bytes());
        let _ = state.sink.flush();
    }

    /// `done/total unit, rate/s, time left`, for `done` after `elapsed`.
    fn line(&self, done: u64, elapsed: Duration) -> String {
        let rate = done as f64 / elapsed.as_secs_f64().max(1e-9);
        let left = if done == 0 {
            "time left unknown".to_string()
        } else {
            let secs = (self.total.saturating_sub(done) as f64 / rate).round() as u64;
            format!("{} left", clock(secs))
        };
        format!("{done}/{} {}, {rate:.1}/s, {left}\n", self.total, self.unit)
    }
}

/// `secs` as `1h 02m`, `1m 27s` or `9s`.
fn clock(secs: u64) -> String {
    match (secs / 3600, secs % 3600 / 60, secs % 60) {
        (0, 0, s) => format!("{s}s"),
        (0, m, s) => format!("{m}m {s:02}s"),
        (h, m, _) => format!("{h}h {m:02}m"),
    }
}

impl Progress {
    /// Progress over `total` steps counted in `unit` (`games`, `turns`),
    /// drawn only when stderr is a terminal.
    pub fn new(total: u64, unit: &'static str) -> Progress {
        Progress::when(std::io::stderr().is_terminal(), total, unit)
    }

    /// Progress of a batch run (a tournament's games): a bar when stderr
    /// is a terminal, else a line on stderr every [`LINE_EVERY`].
    pub fn batch(total: u64, unit: &'static str) -> Progress {
        if std::io::stderr().is_terminal() {
            Progress::when(true, total, unit)
        } else {
            Progress::lines_to(Box::new(std::io::stderr()), total, unit, LINE_EVERY)
        }
    }

    /// Progress written to `sink` as a line every `every` (the first once
    /// `every` has passed), never as a bar.
    pub fn lines_to(
        sink: Box<dyn Write + Send>,
        total: u64,
        unit: &'static str,
        every: Duration,
    ) -> Progress {
        let start = Instant::now();
        Progress {
            bar: None,
            lines: Some(Lines {
                total,
                unit,
                every,
                start,
                state: Mutex::new(LinesState {
                    done: 0,
                    last: start,
                    sink,
                }),
            }),
        }
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
        Progress {
            bar: Some(bar),
            lines: None,
        }
    }

    /// No progress shown.
    pub fn hidden() -> Progress {
        Progress {
            bar: None,
            lines: None,
        }
    }

    /// Whether a bar is drawn (lines at intervals are not a bar).
    pub fn is_shown(&self) -> bool {
        self.bar.is_some()
    }

    /// `steps` more done.
    pub fn advance(&self, steps: u64) {
        if let Some(bar) = &self.bar {
            bar.inc(steps);
        }
        if let Some(lines) = &self.lines {
            lines.count(steps, true);
        }
    }

    /// `done` steps done in all.
    pub fn reach(&self, done: u64) {
        if let Some(bar) = &self.bar {
            bar.set_position(done);
        }
        if let Some(lines) = &self.lines {
            lines.count(done, false);
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

    /// A writer whose bytes a test reads back.
    #[derive(Clone, Default)]
    struct Shared(std::sync::Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_batch_run_off_a_terminal_writes_a_line_at_intervals() {
        let sink = Shared::default();
        let every_step = Progress::lines_to(Box::new(sink.clone()), 4, "games", Duration::ZERO);
        assert!(!every_step.is_shown());
        every_step.advance(1);
        every_step.reach(3);
        let text = String::from_utf8(sink.0.lock().unwrap().clone()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2, "{text}");
        assert!(lines[0].starts_with("1/4 games, "), "{text}");
        assert!(
            lines[1].starts_with("3/4 games, ") && lines[1].ends_with(" left"),
            "{text}"
        );
        // Within the interval, nothing is written.
        let quiet = Shared::default();
        let hourly = Progress::lines_to(Box::new(quiet.clone()), 4, "games", LINE_EVERY * 720);
        hourly.advance(4);
        assert!(quiet.0.lock().unwrap().is_empty());
        assert_eq!(clock(9), "9s");
        assert_eq!(clock(87), "1m 27s");
        assert_eq!(clock(3720), "1h 02m");
    }
}
