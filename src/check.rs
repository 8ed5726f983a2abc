//! `tinbots check`: rule-dispute scenarios (and a game's other files, such
//! as RoboRally's boards and courses) checked by the game each file
//! belongs to, with one report and one exit status for them all.
//!
//! What `check` writes: `PASS` and `FAIL` lines (a failure with its
//! differences and the turn's events) and the summary on stdout; `ERROR`
//! lines, for a file that could not be checked at all, on stderr. A file
//! or folder that is not on disk but names a built-in one is checked from
//! the built-in copy ([`crate::assets::built_in_copy`]), and so is a shell
//! pattern nothing on disk matched.
//!
//! A file says its game (`game = "roborally"`); a file without one belongs
//! to the game that claims it by its tables ([`GameType::claims`]), else to
//! the default game (Twin Tin Bots). The file's own game wins: a `--game`
//! that disagrees is an error for that file.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::engine::Checked;
use crate::escape::{terminal, terminal_lines};
use crate::registry::{GameType, Games};
use crate::script::text::shown;

/// How many files passed, failed and could not be checked: each file
/// counts once, in one of the three.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CheckSummary {
    /// Files whose expectations all held.
    pub passed: usize,
    /// Files checked whose expectations did not all hold.
    pub failed: usize,
    /// Files that could not be checked at all: not readable, not a
    /// scenario, or a position or turn that cannot be played (the game's
    /// scenario errors).
    pub errors: usize,
}

impl CheckSummary {
    /// Whether every file was checked and passed.
    pub fn all_passed(&self) -> bool {
        self.failed == 0 && self.errors == 0
    }

    /// The summary line: `N passed, M failed, K errors`.
    pub fn line(&self) -> String {
        let errors = match self.errors {
            1 => "1 error".to_string(),
            n => format!("{n} errors"),
        };
        format!("{} passed, {} failed, {errors}", self.passed, self.failed)
    }

    /// The exit status of `tinbots check`: 0 when every scenario passed, 1
    /// when a scenario's expectations do not hold, 2 when a file could not
    /// be checked (whatever else happened).
    pub fn exit_status(&self) -> u8 {
        if self.errors > 0 {
            2
        } else if self.failed > 0 {
            1
        } else {
            0
        }
    }
}

/// Why `tinbots check` could not run at all.
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    /// A folder given holds no scenario, or a pattern matches no built-in
    /// file (a usage mistake: nothing would be checked).
    #[error("no scenario files in {}: a folder stands for the .toml files in it", .0.display())]
    NoScenarioFiles(PathBuf),
    /// A shell pattern the shell left as typed matches no built-in file
    /// either.
    #[error("no file matches {}, on disk or among the built-in files", .0.display())]
    NoMatch(PathBuf),
    /// The report could not be written.
    #[error("writing the check report: {0}")]
    Write(#[from] std::io::Error),
}

/// Checks scenario files, and whatever else a game can check (a directory
/// stands for the `.toml` files in it, in name order), under the rulings
/// `pins` choose (`ID=READING`, over each file's own), each by its game
/// ([`file_game`]) and writes `PASS <file>: <title>`, or
/// `FAIL <file>: <title>` with the differences and the turn's events
/// indented below, to `out`, or `ERROR <file>:<line>:<col>: <reason>` to
/// `err`; then [`CheckSummary::line`] to `out`. A folder without any
/// `.toml` file is refused before anything runs
/// ([`CheckError::NoScenarioFiles`]).
pub fn check_paths(
    games: &Games,
    paths: &[PathBuf],
    asked: Option<&'static GameType>,
    pins: &[String],
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<CheckSummary, CheckError> {
    let mut summary = CheckSummary::default();
    let mut expanded = Vec::with_capacity(paths.len());
    for path in paths {
        let files = expand(path);
        if matches!(&files, Ok(f) if f.is_empty()) {
            if path.symlink_metadata().is_err() {
                return Err(CheckError::NoMatch(path.clone()));
            }
            return Err(CheckError::NoScenarioFiles(path.clone()));
        }
        expanded.push((path, files));
    }
    for (path, files) in expanded {
        let files = match files {
            Ok(files) => files,
            Err(e) => {
                writeln!(
                    err,
                    "ERROR {}: cannot read the directory: {e}",
                    terminal(&path.display().to_string())
                )?;
                summary.errors += 1;
                continue;
            }
        };
        for file in files {
            // What a file chose (its name, title, the events its scripts
            // narrate) is escaped for the terminal; a title is cut too.
            let name = terminal(&file.display().to_string()).into_owned();
            match check_file(games, &file, asked, pins) {
                Ok(report) if report.differences.is_empty() => {
                    writeln!(out, "PASS {name}: {}", shown(&report.title))?;
                    summary.passed += 1;
                }
                Ok(report) => {
                    writeln!(out, "FAIL {name}: {}", shown(&report.title))?;
                    for d in &report.differences {
                        writeln!(out, "  {}", terminal(d))?;
                    }
                    writeln!(out, "  events of the turn:")?;
                    for e in &report.events {
                        writeln!(out, "    {}", terminal(e))?;
                    }
                    summary.failed += 1;
                }
                Err(e) => {
                    writeln!(err, "ERROR {}", terminal_lines(&e))?;
                    summary.errors += 1;
                }
            }
        }
    }
    writeln!(out, "{}", summary.line())?;
    Ok(summary)
}

/// A file as itself; a directory as its `.toml` files, sorted. A path not
/// on disk that names a built-in folder stands for the built-in `.toml`
/// files in it, and a shell pattern nothing on disk matched for the
/// built-in files it matches ([`crate::assets`]).
fn expand(path: &Path) -> std::io::Result<Vec<PathBuf>> {
    if path.symlink_metadata().is_err() {
        let built_in = crate::assets::built_in_folder_files(path, "toml")
            .or_else(|| crate::assets::built_in_pattern_files(path));
        if let Some(files) = built_in {
            return Ok(files);
        }
    }
    if !path.is_dir() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut files = vec![];
    for entry in std::fs::read_dir(path)? {
        let p = entry?.path();
        if p.extension().is_some_and(|e| e == "toml") && p.is_file() {
            files.push(p);
        }
    }
    files.sort();
    Ok(files)
}

/// The game a file belongs to: its `game` key, else the game that claims
/// it, else the default one; an error when its `game` is unknown or
/// disagrees with `asked` (the `--game` given).
pub fn file_game(
    games: &Games,
    path: &Path,
    text: &str,
    asked: Option<&'static GameType>,
) -> Result<&'static GameType, String> {
    let shown = path.display();
    let table: Option<toml::Table> = toml::from_str(text).ok();
    let named = table.as_ref().and_then(|t| t.get("game"));
    let own = match named {
        Some(toml::Value::String(name)) => Some(
            games
                .find(name)
                .map_err(|e| format!("{shown}: in `game`: {e}"))?,
        ),
        Some(other) => {
            return Err(format!(
                "{shown}: in `game`: expected the name of a game, found {}",
                other.type_str()
            ))
        }
        None => table
            .as_ref()
            .and_then(|t| games.all().iter().copied().find(|g| (g.claims)(t))),
    };
    match (own, asked) {
        (Some(own), Some(asked)) if own.name != asked.name => Err(format!(
            "{shown}: a file of {} (`{}`), but --game {} was given",
            own.title, own.name, asked.name
        )),
        (Some(own), _) => Ok(own),
        (None, Some(asked)) => Ok(asked),
        (None, None) => Ok(games.default_game()),
    }
}

/// Checks one file by its game ([`file_game`]), under the rulings pinned
/// (`ID=READING`, over the file's own).
pub fn check_file(
    games: &Games,
    path: &Path,
    asked: Option<&'static GameType>,
    pins: &[String],
) -> Result<Checked, String> {
    let text = crate::files::read_text(path, crate::files::FileKind::Scenario)
        .map_err(|e| e.to_string())?;
    let game = file_game(games, path, &text, asked)?;
    (game.check)(path, pins)
}
