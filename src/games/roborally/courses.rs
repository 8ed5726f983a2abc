//! RoboRally's catalogue of courses: finding one by name or by file,
//! listing those that can be named, and checking a board or course file.
//!
//! A course named on the command line (`yard`, `factory`) is looked up as
//! bots are ([`crate::assets`]): the user data folder's
//! `roborally/courses/<name>.toml`, then the built-in
//! `scripts/roborally/courses/`. A course given as a path (it ends with
//! `.toml` or holds a `/`) is read from there. A course names its boards by
//! paths relative to itself (`../boards/loop.toml`); a built-in course's
//! boards are the built-in boards.

use std::path::Path;
use std::sync::{Arc, Mutex};

use crate::assets::{
    listing_line, AssetFile, Entry, GameFiles, Kind, Library, Listed, LookupError,
};

use super::board::{Board, BoardError, Course};
use super::game::Game;
use crate::engine::Named;
use crate::script::text::shown;
use crate::wording::count;

/// Why a course cannot be had.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CourseError {
    /// No course has that name (the message lists the places searched,
    /// the courses there, and the closest names).
    #[error(transparent)]
    Unknown(#[from] LookupError),
    /// The course, or one of its boards, cannot be read.
    #[error(transparent)]
    Bad(#[from] BoardError),
}

/// One course of the catalogue ([`list`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CourseEntry {
    /// Its name, where it comes from (its file) and the places it hides.
    pub listed: Listed,
    /// What it is, as read: `Ok((fewest, most players), description)`, or
    /// why it cannot be read.
    pub about: Result<((u8, u8), String), BoardError>,
}

impl CourseEntry {
    /// The name it is found by.
    pub fn name(&self) -> &str {
        &self.listed.found.name
    }
}

/// Courses, as the asset library finds them: `<name>.toml` in the user
/// data folder's `roborally/courses/`, then in the built-in
/// `scripts/roborally/courses/`.
pub const COURSES: Kind = Kind::Game(&GameFiles {
    noun: "course",
    article: "a",
    plural: "courses",
    folder: "courses",
    extension: "toml",
    user_folder: true,
    had_shared_folder: false,
});

/// The file of the course `name_or_path`: a path as given (it ends with
/// `.toml` or holds a path separator, [`Kind::is_path`]; a
/// repository path such as `scripts/roborally/courses/yard.toml` typed
/// elsewhere is the built-in copy), a name looked up in `library`.
pub fn locate(name_or_path: &str, library: &Library) -> Result<AssetFile, CourseError> {
    match library.find_arg(COURSES, Game::NAME, name_or_path)?.entry {
        Entry::File(file) => Ok(file),
        Entry::NativeRandom => unreachable!("only bots are native"),
    }
}

/// Finds and reads the course `name_or_path` (see [`locate`]): an unknown
/// name is refused with the courses there are and the closest to it.
///
/// A course read before in this process, from the same texts (its file,
/// its boards', each read again and compared), is not parsed again: a
/// tournament starts every game on its course ([`read`]).
pub fn find(name_or_path: &str, library: &Library) -> Result<Course, CourseError> {
    let file = locate(name_or_path, library)?;
    Ok(read(&file)?)
}

/// A course this process has read: the files it tried, each with its text
/// (`None`: it could not be read), and the course made from them.
struct ReadCourse {
    texts: Vec<(AssetFile, Option<String>)>,
    course: Course,
}

impl ReadCourse {
    /// Whether every file it was made from reads as it did.
    fn is_current(&self) -> bool {
        self.texts
            .iter()
            .all(|(file, text)| file.read().ok().as_ref() == text.as_ref())
    }
}

/// The most courses [`read`] keeps; a new one past them forgets the oldest.
const COURSES_KEPT: usize = 16;

/// The courses read in this process, by their course file, oldest first.
static READ: Mutex<Vec<(AssetFile, Arc<ReadCourse>)>> = Mutex::new(Vec::new());

/// Reads the course `file` ([`Course::load_file`]), or gives a copy of the
/// one read before from the same texts: the course file and every board
/// file it named are read again and compared (reading is cheap beside
/// parsing and checking them). Courses that cannot be read are not kept.
fn read(file: &AssetFile) -> Result<Course, BoardError> {
    let known = lock_read()
        .iter()
        .find(|(course_file, _)| course_file == file)
        .map(|(_, course)| Arc::clone(course));
    if let Some(known) = known.filter(|known| known.is_current()) {
        return Ok(known.course.clone());
    }
    let mut texts = Vec::new();
    let course = Course::load_reading(file, &mut |file| {
        let text = file.read();
        texts.push((file.clone(), text.as_ref().ok().cloned()));
        text
    })?;
    let mut read = lock_read();
    read.retain(|(course_file, _)| course_file != file);
    if read.len() >= COURSES_KEPT {
        read.remove(0);
    }
    let fresh = ReadCourse {
        texts,
        course: course.clone(),
    };
    read.push((file.clone(), Arc::new(fresh)));
    Ok(course)
}

/// The courses read, locked (a thread that panicked holding them left
/// them whole: an entry is pushed or removed in one step).
fn lock_read() -> std::sync::MutexGuard<'static, Vec<(AssetFile, Arc<ReadCourse>)>> {
    READ.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Every course that can be named in `library`, sorted by name, each read
/// for its player counts and description.
pub fn list(library: &Library) -> Vec<CourseEntry> {
    library
        .list(COURSES, Game::NAME, None)
        .into_iter()
        .filter_map(|listed| {
            let Entry::File(file) = &listed.found.entry else {
                return None;
            };
            let about = Course::load_file(file).map(|c| (c.players, c.description));
            Some(CourseEntry { listed, about })
        })
        .collect()
}

/// `tinbots courses`: one line a course: its name, where it comes from,
/// the players it is made for and its description (`?` and why, when it
/// cannot be read), and where it is when not built in.
pub fn listing(library: &Library) -> String {
    let mut text = String::new();
    for entry in list(library) {
        let about = match &entry.about {
            Ok(((lo, hi), description)) => {
                let players = if lo == hi {
                    format!("{lo}")
                } else {
                    format!("{lo}-{hi}")
                };
                format!("{players:<5} {description}")
            }
            Err(e) => format!("?     {e}"),
        };
        text.push_str(&listing_line(&entry.listed, COURSES, &about, 300));
    }
    text
}

/// What a RoboRally data file is, told by its fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// A board: it has `size`.
    Board,
    /// A course: it has `players` or `[[board]]`.
    Course,
}

/// Whether `text` is a board or a course file (`None`: neither, or not
/// TOML).
pub fn file_kind(text: &str) -> Option<FileKind> {
    let table: toml::Table = text.parse().ok()?;
    if table.contains_key("players") || table.contains_key("board") {
        Some(FileKind::Course)
    } else if table.contains_key("size") {
        Some(FileKind::Board)
    } else {
        None
    }
}

/// `tinbots check FILE` for a board or course file: reads it fully (a
/// course with its boards) and returns a summary line, or the first error
/// with its file, line, column, field and reason. A course's flags are
/// numbered 1 to n, on the course, not on pits, and each can be reached
/// from the start; its start is on a board and not on a pit; its players
/// are 1 to 8.
pub fn check_file(path: &Path) -> Result<String, BoardError> {
    let shown = path.display().to_string();
    let text =
        crate::files::read_text(path, crate::files::FileKind::Data).map_err(|e| BoardError {
            place: shown.clone(),
            message: format!("cannot read: {}", e.reason()),
        })?;
    match file_kind(&text) {
        Some(FileKind::Course) => {
            let course = Course::load(path)?;
            Ok(course_summary(&course, &text))
        }
        Some(FileKind::Board) => Ok(board_summary(&Board::parse(&shown, &text)?)),
        None => {
            let neither = BoardError {
                place: shown.clone(),
                message:
                    "neither a board (it has no `size`) nor a course (no `players`, no `[[board]]`)"
                        .into(),
            };
            // Not TOML at all: the board reader places the syntax error.
            let syntax = text
                .parse::<toml::Table>()
                .err()
                .and_then(|_| Board::parse(&shown, &text).err());
            Err(syntax.unwrap_or(neither))
        }
    }
}

fn board_summary(board: &Board) -> String {
    let (w, h) = board.size();
    format!(
        "board `{}`: {w} x {h}, {}, {}, {}, {}",
        shown(board.name()),
        count(board.specials().len(), "special square"),
        count(board.walls().len(), "wall"),
        count(board.lasers().len(), "laser"),
        count(board.flags().len(), "flag")
    )
}

fn course_summary(course: &Course, text: &str) -> String {
    let boards = text
        .parse::<toml::Table>()
        .ok()
        .and_then(|t| t.get("board").and_then(|b| b.as_array()).map(Vec::len))
        .unwrap_or(0);
    let (w, h) = course.board.size();
    let (lo, hi) = course.players;
    format!(
        "course `{}`: {}, {}, {w} x {h}, start [{}, {}], {}",
        shown(&course.name),
        crate::wording::players(lo.into(), hi.into()),
        count(boards, "board"),
        course.start.x,
        course.start.y,
        count(course.board.flags().len(), "flag")
    )
}

#[cfg(test)]
mod tests;
