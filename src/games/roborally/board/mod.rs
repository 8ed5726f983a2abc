//! RoboRally boards and courses, read from the TOML format fixed by the
//! design's RoboRally page ("Boards and courses (TOML)").
//!
//! A [`Board`] holds what is not open floor: per square at most one kind
//! ([`Kind`]: pit, conveyor, express, gear, pusher, repair), plus a crusher
//! that may stand alone or on a conveyor or express belt; walls by square
//! and side; lasers; flags. Lookups by square index a flat `Vec` (`y *
//! width + x`) and allocate nothing. A wall is stored on both squares it
//! separates, so "can I leave A toward D" and "can I leave A's neighbour
//! back toward A" are each one lookup.
//!
//! [`Board::parse`] reads a board file (serde, unknown kinds and fields
//! refused) and validates it (no flag on a pit); [`Course::load`] (a file
//! on disk) and [`Course::load_file`] (on disk or built in) read a course
//! file and the boards it names into one combined board, and refuse a
//! start on a pit and a flag that cannot be reached from the start.
//! Errors ([`BoardError`]) name the file, line and column, the field and
//! the reason. Off the course is a pit (seed line 395): [`Board::is_off`].

use std::fmt;
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use crate::assets::{AssetFile, AssetFolder};
use crate::engine::Named;
use crate::escape;
use crate::files::FileError;
use crate::games::roborally::game::Game;
use crate::grid::square::{Compass, Square};
use crate::toml_text::{line_column, Exact};

mod memo;
use memo::TerrainMemo;

/// The largest width and height of one board file.
pub const MAX_SIDE: i32 = 100;

/// The largest width and height of a combined course.
pub const MAX_COURSE_SIDE: i32 = 400;

/// A board or course file that cannot be read: where (`file:line:column`,
/// or just the file) and why (naming the field). Shown with whatever the
/// file wrote in it made inert for a terminal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}: {}", escape::terminal(place), escape::terminal_lines(message))]
pub struct BoardError {
    /// `file:line:column`, or the file alone when there is no place.
    pub place: String,
    /// The reason, starting with the field (`in \`square[2].to\`: ...`).
    pub message: String,
}

/// The way a gear turns a robot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Turn {
    /// Clockwise.
    Right,
    /// Counter-clockwise.
    Left,
}

impl Turn {
    /// The turn in eighths of a circle, clockwise (a quarter turn: ±2).
    pub fn eighths(self) -> i32 {
        match self {
            Turn::Right => 2,
            Turn::Left => -2,
        }
    }

    /// How a robot carried toward `carried` onto a belt of `onto` turns:
    /// with the belt where it runs at a right angle (ruling 4), else not.
    pub fn by_belt(carried: Compass, onto: Option<Kind>) -> Option<Turn> {
        let next = onto?.belt(false)?;
        if next == carried.turned_eighths(2) {
            Some(Turn::Right)
        } else if next == carried.turned_eighths(-2) {
            Some(Turn::Left)
        } else {
            None
        }
    }
}

/// A set of register phases 1..=5 (a pusher's or crusher's active phases).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Registers(u8);

impl Registers {
    /// The empty set.
    pub const NONE: Registers = Registers(0);

    /// The set of the given phases; `None` if one is outside 1..=5.
    pub fn of(phases: &[u8]) -> Option<Registers> {
        let mut bits = 0u8;
        for &p in phases {
            if !(1..=5).contains(&p) {
                return None;
            }
            bits |= 1 << p;
        }
        Some(Registers(bits))
    }

    /// Whether phase `register` (1..=5) is in the set.
    pub fn contains(self, register: u8) -> bool {
        register <= 5 && self.0 & (1 << register) != 0
    }

    /// The phases in the set, in order.
    pub fn phases(self) -> impl Iterator<Item = u8> {
        (1..=5).filter(move |&p| self.contains(p))
    }
}

/// The kind of a special square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A pit: a robot on it is destroyed.
    Pit,
    /// A conveyor belt carrying a robot one square toward `to` a phase.
    Conveyor(Compass),
    /// An express belt: two squares a phase (express and conveyors moving).
    Express(Compass),
    /// A gear turning a robot on it.
    Gear(Turn),
    /// A pusher pushing a robot on it one square toward `to` in the given
    /// register phases.
    Pusher {
        /// The direction it pushes.
        to: Compass,
        /// The phases it is active in.
        registers: Registers,
    },
    /// A crusher destroying a robot on it in the given phases. It may share
    /// a square with a conveyor or express belt.
    Crusher(Registers),
    /// A repair site with one or two wrenches.
    Repair(u8),
}

impl Kind {
    /// Whether it is a conveyor or express belt.
    pub fn is_belt(self) -> bool {
        matches!(self, Kind::Conveyor(_) | Kind::Express(_))
    }

    /// The direction it carries a robot, if a belt of the kinds asked (an
    /// express belt only where `express_only`).
    pub fn belt(self, express_only: bool) -> Option<Compass> {
        match self {
            Kind::Express(d) => Some(d),
            Kind::Conveyor(d) if !express_only => Some(d),
            _ => None,
        }
    }
}

/// One special square of a board's table, as read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Special {
    /// Its square.
    pub at: Square,
    /// Its kind.
    pub kind: Kind,
}

/// A wall, on side `side` of square `at`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wall {
    /// The square.
    pub at: Square,
    /// The side (N, E, S or W).
    pub side: Compass,
}

/// A board laser: the emitter's square (which the beam covers) and the way
/// the beam goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Laser {
    /// The emitter's square.
    pub at: Square,
    /// The direction of the beam.
    pub to: Compass,
    /// Damage per robot hit, at least 1.
    pub beams: u8,
}

/// A flag: its number (touched in order 1, 2, ...) and square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flag {
    /// 1, 2, ..., n.
    pub number: u8,
    /// Its square.
    pub at: Square,
}

/// What one square holds: its floor kind (never a crusher), its crusher,
/// its walls (a bit per side), whether it lies on a board, its flag.
#[derive(Clone, Copy, Debug, Default)]
struct Cell {
    on: bool,
    kind: Option<Kind>,
    crusher: Option<Registers>,
    walls: u8,
    flag: u8,
}

fn side_bit(dir: Compass) -> u8 {
    match dir {
        Compass::N => 1,
        Compass::E => 2,
        Compass::S => 4,
        Compass::W => 8,
        _ => 0,
    }
}

fn opposite(dir: Compass) -> Compass {
    dir.turned_eighths(4)
}

/// A board, or a course's boards combined into one: the tables it was read
/// from and a per-square index of them.
#[derive(Clone, Debug)]
pub struct Board {
    name: String,
    width: i32,
    height: i32,
    cells: Vec<Cell>,
    specials: Vec<Special>,
    walls: Vec<Wall>,
    lasers: Vec<Laser>,
    flags: Vec<Flag>,
    /// Tables derived from the terrain, per target square ([`Board::terrain_table`]).
    memo: TerrainMemo,
}

impl Board {
    /// An empty board of open floor, every square on it.
    fn empty(name: String, width: i32, height: i32, on: bool) -> Board {
        let cell = Cell {
            on,
            ..Cell::default()
        };
        Board {
            name,
            width,
            height,
            cells: vec![cell; (width * height) as usize],
            specials: Vec::new(),
            walls: Vec::new(),
            lasers: Vec::new(),
            flags: Vec::new(),
            memo: TerrainMemo::new((width * height).max(0) as usize),
        }
    }

    /// The index of `sq` in the grid's row-major order (`y * width + x`),
    /// `None` outside the grid: for tables with one entry per square.
    pub fn index(&self, sq: Square) -> Option<usize> {
        // One unsigned comparison per axis: a negative coordinate wraps
        // past any width or height.
        ((sq.x as u32) < self.width as u32 && (sq.y as u32) < self.height as u32)
            .then(|| (sq.y * self.width + sq.x) as usize)
    }

    fn cell(&self, sq: Square) -> Option<&Cell> {
        self.index(sq).map(|i| &self.cells[i]).filter(|c| c.on)
    }

    /// Adds a wall to both squares it separates (those on the board).
    fn add_wall(&mut self, wall: Wall) {
        if let Some(i) = self.index(wall.at) {
            self.cells[i].walls |= side_bit(wall.side);
        }
        if let Some(i) = self.index(wall.at.step(wall.side)) {
            self.cells[i].walls |= side_bit(opposite(wall.side));
        }
        self.walls.push(wall);
    }

    /// Parses a board's text; `path` names the file in errors.
    pub fn parse(path: &str, text: &str) -> Result<Board, BoardError> {
        let raw: RawBoard = from_toml(path, text)?;
        let err = |offset: usize, field: String, reason: String| {
            located(path, text, offset, &field, reason)
        };
        let Exact([w, h]) = *raw.size.get_ref();
        if !(1..=i64::from(MAX_SIDE)).contains(&w) || !(1..=i64::from(MAX_SIDE)).contains(&h) {
            return Err(err(
                raw.size.span().start,
                "size".into(),
                format!("size [{w}, {h}]: width and height are 1 to {MAX_SIDE}"),
            ));
        }
        let side = |n: i64| i32::try_from(n).expect("checked: 1 to MAX_SIDE");
        let mut board = Board::empty(raw.name.unwrap_or_default(), side(w), side(h), true);
        let on_board = |board: &Board, at: &Spanned<Square>, field: String| {
            if board.index(*at.get_ref()).is_none() {
                Err(err(
                    at.span().start,
                    field,
                    format!(
                        "square [{}, {}] is off the {}x{} board",
                        at.get_ref().x,
                        at.get_ref().y,
                        board.width,
                        board.height
                    ),
                ))
            } else {
                Ok(*at.get_ref())
            }
        };
        for (i, s) in raw.square.iter().enumerate() {
            let at = on_board(&board, &s.at, format!("square[{i}].at"))?;
            let kind = s.kind(i, &err)?;
            let idx = board.index(at).expect("checked");
            let cell = &mut board.cells[idx];
            let clash = match kind {
                Kind::Crusher(r) => {
                    let ok = cell.crusher.is_none() && cell.kind.is_none_or(Kind::is_belt);
                    if ok {
                        cell.crusher = Some(r);
                    }
                    !ok
                }
                k => {
                    let ok = cell.kind.is_none() && (cell.crusher.is_none() || k.is_belt());
                    if ok {
                        cell.kind = Some(k);
                    }
                    !ok
                }
            };
            if clash {
                return Err(err(
                    s.kind.span().start,
                    format!("square[{i}].kind"),
                    format!(
                        "square [{}, {}] already has a kind; a square has one, except a crusher on a conveyor or express belt",
                        at.x, at.y
                    ),
                ));
            }
            board.specials.push(Special { at, kind });
        }
        for (i, wl) in raw.wall.iter().enumerate() {
            let at = on_board(&board, &wl.at, format!("wall[{i}].at"))?;
            let side = Dir::compass(&wl.side);
            board.add_wall(Wall { at, side });
        }
        for (i, l) in raw.laser.iter().enumerate() {
            let at = on_board(&board, &l.at, format!("laser[{i}].at"))?;
            let to = Dir::compass(&l.to);
            let given = *l.beams.get_ref();
            let Some(beams) = u8::try_from(given).ok().filter(|b| (1..=9).contains(b)) else {
                return Err(err(
                    l.beams.span().start,
                    format!("laser[{i}].beams"),
                    format!("beams {given}: a laser has 1 to 9 beams"),
                ));
            };
            board.lasers.push(Laser { at, to, beams });
        }
        let mut flags = Vec::new();
        for (i, f) in raw.flag.iter().enumerate() {
            let at = on_board(&board, &f.at, format!("flag[{i}].at"))?;
            flags.push((f.number.clone(), at, format!("flag[{i}].number")));
        }
        board.set_flags(flags, &err)?;
        Ok(board)
    }

    /// Checks flag numbers are 1..n, each once, and indexes them.
    fn set_flags(
        &mut self,
        flags: Vec<(Spanned<i64>, Square, String)>,
        err: &dyn Fn(usize, String, String) -> BoardError,
    ) -> Result<(), BoardError> {
        // Flag numbers are stored as u8 (0: no flag): at most 255 flags.
        let n = u8::try_from(flags.len()).unwrap_or(u8::MAX);
        let mut seen = vec![false; flags.len()];
        for (number, at, field) in &flags {
            let given = *number.get_ref();
            let Some(k) = u8::try_from(given).ok().filter(|k| (1..=n).contains(k)) else {
                return Err(err(
                    number.span().start,
                    field.clone(),
                    format!("flag number {given}: flags are numbered 1 to {n} without gaps"),
                ));
            };
            let slot = usize::from(k - 1);
            let reason = if seen[slot] {
                format!("flag number {k} is given twice")
            } else if self.kind(*at) == Some(Kind::Pit) {
                format!(
                    "flag {k} at [{}, {}] is on a pit: no robot could touch it",
                    at.x, at.y
                )
            } else {
                seen[slot] = true;
                let idx = self.index(*at).expect("checked on the board");
                if self.cells[idx].flag != 0 {
                    format!(
                        "square [{}, {}] already has flag {}",
                        at.x, at.y, self.cells[idx].flag
                    )
                } else {
                    self.cells[idx].flag = k;
                    self.flags.push(Flag { number: k, at: *at });
                    continue;
                }
            };
            return Err(err(number.span().start, field.clone(), reason));
        }
        self.flags.sort_by_key(|f| f.number);
        Ok(())
    }

    /// Which squares a robot on `from` could reach by moving (index `y *
    /// width + x`): across sides without a wall, onto squares on the board
    /// that are not pits. Belts, gears and pushers only add ways; they
    /// cannot cross a wall either.
    fn reachable_from(&self, from: Square) -> Vec<bool> {
        let mut seen = vec![false; self.cells.len()];
        let open = |sq: Square| !self.is_off(sq) && self.kind(sq) != Some(Kind::Pit);
        let mut pending = Vec::new();
        if let Some(i) = self.index(from).filter(|_| open(from)) {
            seen[i] = true;
            pending.push(from);
        }
        while let Some(sq) = pending.pop() {
            for dir in Compass::ORTHOGONAL {
                let next = sq.step(dir);
                if self.is_walled(sq, dir) || !open(next) {
                    continue;
                }
                let i = self.index(next).expect("open squares are on the board");
                if !seen[i] {
                    seen[i] = true;
                    pending.push(next);
                }
            }
        }
        seen
    }

    /// A table derived from the terrain alone (walls, pits, squares off the
    /// board) for target square `to`, made by `compute` the first time it
    /// is asked for and kept for the board's life (terrain never changes
    /// once a board is built; only flags move). One kind of table per
    /// board: the first `compute` for a square wins. `None` when `to` is
    /// outside the grid.
    pub fn terrain_table(&self, to: Square, compute: impl FnOnce() -> Vec<u32>) -> Option<&[u32]> {
        self.memo.get_or_compute(self.index(to)?, compute)
    }

    /// The board's name (empty if the file gives none).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// `(width, height)`.
    pub fn size(&self) -> (i32, i32) {
        (self.width, self.height)
    }

    /// Whether `sq` is off the board (or, for a course, off every board):
    /// such a square is a pit.
    pub fn is_off(&self, sq: Square) -> bool {
        self.cell(sq).is_none()
    }

    /// Whether `sq` destroys a robot that enters it: a pit, or off the
    /// board (seed line 395); one look at the square.
    pub fn is_deadly(&self, sq: Square) -> bool {
        self.cell(sq).is_none_or(|c| c.kind == Some(Kind::Pit))
    }

    /// The kind of `sq` other than a crusher (`None`: open floor, or off).
    pub fn kind(&self, sq: Square) -> Option<Kind> {
        self.cell(sq).and_then(|c| c.kind)
    }

    /// The phases of the crusher on `sq`, if there is one.
    pub fn crusher(&self, sq: Square) -> Option<Registers> {
        self.cell(sq).and_then(|c| c.crusher)
    }

    /// Whether a wall stands on side `dir` of `sq` (blocking a move or a
    /// beam from `sq` toward `dir`, and from that neighbour back). A square
    /// off the board asks its neighbour.
    pub fn is_walled(&self, sq: Square, dir: Compass) -> bool {
        match self.index(sq) {
            Some(i) => self.cells[i].walls & side_bit(dir) != 0,
            None => self
                .index(sq.step(dir))
                .is_some_and(|i| self.cells[i].walls & side_bit(opposite(dir)) != 0),
        }
    }

    /// The number of the flag on `sq`, if any.
    pub fn flag_at(&self, sq: Square) -> Option<u8> {
        self.cell(sq).map(|c| c.flag).filter(|&f| f != 0)
    }

    /// The special squares as read (a crusher on a belt is two entries).
    pub fn specials(&self) -> &[Special] {
        &self.specials
    }

    /// The walls as read.
    pub fn walls(&self) -> &[Wall] {
        &self.walls
    }

    /// The lasers.
    pub fn lasers(&self) -> &[Laser] {
        &self.lasers
    }

    /// The flags, by number.
    pub fn flags(&self) -> &[Flag] {
        &self.flags
    }

    /// Moves flags, all at once (a variant's moving flags): each
    /// `(number, to)`. Refused, with nothing moved, when a flag does not
    /// exist, a square is off the board or a pit, two flags would share a
    /// square, or a square holds a flag that does not move.
    pub fn move_flags(&mut self, moves: &[(u8, Square)]) -> Result<(), String> {
        let mut targets = Vec::with_capacity(moves.len());
        for (n, &(number, to)) in moves.iter().enumerate() {
            let Some(k) = self.flags.iter().position(|f| f.number == number) else {
                return Err(format!("there is no flag {number}"));
            };
            let Some(target) = self.index(to).filter(|_| !self.is_off(to)) else {
                return Err(format!("flag {number}: {to} is off the board"));
            };
            if self.cells[target].kind == Some(Kind::Pit) {
                return Err(format!("flag {number}: {to} is a pit"));
            }
            let there = self.cells[target].flag;
            if there != 0 && !moves.iter().any(|m| m.0 == there) {
                return Err(format!("flag {number}: {to} already has flag {there}"));
            }
            if moves[..n].iter().any(|m| m.1 == to) {
                return Err(format!("two flags would stand on {to}"));
            }
            targets.push((k, target, to));
        }
        for &(k, _, _) in &targets {
            if let Some(source) = self.index(self.flags[k].at) {
                self.cells[source].flag = 0;
            }
        }
        for &(k, target, to) in &targets {
            self.cells[target].flag = self.flags[k].number;
            self.flags[k].at = to;
        }
        Ok(())
    }
}

/// A course: its boards combined into one [`Board`], the start square and
/// the player counts it is made for.
#[derive(Clone, Debug)]
pub struct Course {
    /// The course's name.
    pub name: String,
    /// What it is for, on one line (`description = "..."`, optional: empty
    /// when not given).
    pub description: String,
    /// The fewest and most players it is made for (`players = [min, max]`).
    pub players: (u8, u8),
    /// Every robot starts here (the first archive marker).
    pub start: Square,
    /// How many boards it combines (the seed's extra life above four,
    /// `004_11511d35c714bcd0.txt:55`).
    pub boards: usize,
    /// The boards combined, flags included; squares between or beside them
    /// are off the course.
    pub board: Board,
}

impl Course {
    /// Reads a course file on disk and the boards it names (paths
    /// relative to the course file).
    pub fn load(path: &Path) -> Result<Course, BoardError> {
        Course::load_file(&AssetFile::Disk(path.to_path_buf()))
    }

    /// Reads a course file, on disk or built in, and the boards it names
    /// (paths relative to the course file, in the same place: a built-in
    /// course's `../boards/x.toml` is the built-in board). A board that a
    /// course on disk names but that is not there is the built-in board
    /// of that name, if there is one (`../boards/loop.toml` beside a
    /// course in the user data folder).
    pub fn load_file(file: &AssetFile) -> Result<Course, BoardError> {
        Course::load_reading(file, &mut AssetFile::read)
    }

    /// [`Course::load_file`], reading every file it tries (the course,
    /// each board, a board's built-in copy) through `read`, so that a
    /// caller can tell which texts the course was made from
    /// ([`super::courses::find`] keeps courses read by them).
    pub(crate) fn load_reading(
        file: &AssetFile,
        read: &mut dyn FnMut(&AssetFile) -> Result<String, FileError>,
    ) -> Result<Course, BoardError> {
        let text = read(file).map_err(|e| cannot_read(file, e))?;
        let folder = file.folder();
        let built_in = AssetFolder::BuiltIn(super::courses::COURSES.built_in_folder(Game::NAME));
        Course::parse(&file.shown(), &text, |name| {
            let board = folder.file(name);
            let (board, text) = match read(&board) {
                Ok(text) => (board, text),
                Err(e) => {
                    let copy = built_in.file(name);
                    let absent = matches!(&board, AssetFile::Disk(path) if !path.exists());
                    match absent.then(|| read(&copy)) {
                        Some(Ok(text)) => (copy, text),
                        _ => return Err(cannot_read(&board, e)),
                    }
                }
            };
            Board::parse(&board.shown(), &text)
        })
    }

    /// Parses a course's text; `load_board` reads the board a `file` names.
    fn parse(
        path: &str,
        text: &str,
        mut load_board: impl FnMut(&str) -> Result<Board, BoardError>,
    ) -> Result<Course, BoardError> {
        if let Some(super::courses::FileKind::Board) = super::courses::file_kind(text) {
            return Err(BoardError {
                place: path.to_string(),
                message:
                    "a board, not a course: a course places its boards, the start and \
                          the flags (docs/roborally-boards.md); `tinbots check` reads a board alone"
                        .into(),
            });
        }
        let raw: RawCourse = from_toml(path, text)?;
        let err = |offset: usize, field: String, reason: String| {
            located(path, text, offset, &field, reason)
        };
        let Exact([lo, hi]) = *raw.players.get_ref();
        if !(1..=8).contains(&lo) || !(lo..=8).contains(&hi) {
            return Err(err(
                raw.players.span().start,
                "players".into(),
                format!("players [{lo}, {hi}]: the fewest and most, 1 to 8"),
            ));
        }
        if raw.board.is_empty() {
            return Err(BoardError {
                place: path.into(),
                message: "a course has at least one [[board]]".into(),
            });
        }
        let mut boards = Vec::new();
        for (i, b) in raw.board.iter().enumerate() {
            // A board that cannot be read or is wrong is refused at the
            // course's line that names it, then the board's own place.
            let board = load_board(b.file.get_ref()).map_err(|e| {
                err(
                    b.file.span().start,
                    format!("board[{i}].file"),
                    format!("{}: {}", e.place, e.message),
                )
            })?;
            let off = *b.offset.get_ref();
            let (w, h) = board.size();
            if off.x < 0 || off.y < 0 || off.x + w > MAX_COURSE_SIDE || off.y + h > MAX_COURSE_SIDE
            {
                return Err(err(
                    b.offset.span().start,
                    format!("board[{i}].offset"),
                    format!(
                        "offsets are from 0, and a course at most {MAX_COURSE_SIDE} squares a side"
                    ),
                ));
            }
            for (j, (o, other)) in boards.iter().enumerate() {
                let (o, other): (&Square, &Board) = (o, other);
                let (ow, oh) = other.size();
                if off.x < o.x + ow && o.x < off.x + w && off.y < o.y + oh && o.y < off.y + h {
                    return Err(err(
                        b.offset.span().start,
                        format!("board[{i}].offset"),
                        format!("board `{}` overlaps board[{j}]", b.file.get_ref()),
                    ));
                }
            }
            boards.push((off, board));
        }
        let width = boards.iter().map(|(o, b)| o.x + b.width).max().unwrap_or(1);
        let height = boards
            .iter()
            .map(|(o, b)| o.y + b.height)
            .max()
            .unwrap_or(1);
        let mut course = Board::empty(raw.name.clone(), width, height, false);
        let shift = |o: Square, s: Square| Square::new(o.x + s.x, o.y + s.y);
        let mut flags = Vec::new();
        for (i, (o, b)) in boards.iter().enumerate() {
            for y in 0..b.height {
                for x in 0..b.width {
                    let from = b.cells[(y * b.width + x) as usize];
                    let to = course.index(shift(*o, Square::new(x, y))).expect("inside");
                    course.cells[to] = Cell {
                        walls: 0,
                        flag: 0,
                        ..from
                    };
                }
            }
            for s in &b.specials {
                course.specials.push(Special {
                    at: shift(*o, s.at),
                    ..*s
                });
            }
            for l in &b.lasers {
                course.lasers.push(Laser {
                    at: shift(*o, l.at),
                    ..*l
                });
            }
            for f in &b.flags {
                flags.push((f.number, shift(*o, f.at), i));
            }
        }
        for (o, b) in &boards {
            for w in &b.walls {
                course.add_wall(Wall {
                    at: shift(*o, w.at),
                    side: w.side,
                });
            }
        }
        let on = |course: &Board, at: &Spanned<Square>, field: String| {
            if course.is_off(*at.get_ref()) {
                Err(err(
                    at.span().start,
                    field,
                    format!(
                        "square [{}, {}] is off every board of the course",
                        at.get_ref().x,
                        at.get_ref().y
                    ),
                ))
            } else {
                Ok(*at.get_ref())
            }
        };
        let mut start = None;
        for (i, b) in raw.board.iter().enumerate() {
            if let Some(s) = &b.start {
                let field = format!("board[{i}].start");
                if start.is_some() {
                    return Err(err(
                        s.span().start,
                        field,
                        "a course has one start; it is given twice".into(),
                    ));
                }
                let local = *s.get_ref();
                let global = Spanned::new(s.span(), shift(*b.offset.get_ref(), local));
                let (ow, oh) = boards[i].1.size();
                if local.x < 0 || local.y < 0 || local.x >= ow || local.y >= oh {
                    return Err(err(
                        s.span().start,
                        field,
                        format!(
                            "start [{}, {}] is off its board (given in the board's own squares)",
                            local.x, local.y
                        ),
                    ));
                }
                let at = on(&course, &global, field.clone())?;
                if course.kind(at) == Some(Kind::Pit) {
                    return Err(err(
                        s.span().start,
                        field,
                        format!(
                            "start [{}, {}] is on a pit: every robot would fall at once",
                            local.x, local.y
                        ),
                    ));
                }
                start = Some(at);
            }
        }
        let Some(start) = start else {
            return Err(BoardError {
                place: path.into(),
                message: "in `board`: no board gives a `start`".into(),
            });
        };
        // Flags: those of the boards (already checked there) and the
        // course's own, numbered together 1..n.
        let mut all: Vec<(Spanned<i64>, Square, String)> = Vec::new();
        for (number, at, i) in flags {
            // A board's flag is blamed on the course line naming the board.
            let file = &raw.board[i].file;
            all.push((
                Spanned::new(file.span(), i64::from(number)),
                at,
                format!("board[{i}].file"),
            ));
        }
        for (i, f) in raw.flag.iter().enumerate() {
            let at = on(&course, &f.at, format!("flag[{i}].at"))?;
            all.push((f.number.clone(), at, format!("flag[{i}].number")));
        }
        if all.is_empty() {
            return Err(BoardError {
                place: path.into(),
                message: "in `flag`: the course has no flags, on its boards or its own".into(),
            });
        }
        course.set_flags(all.clone(), &err)?;
        let reachable = course.reachable_from(start);
        for (number, at, field) in &all {
            let i = course.index(*at).expect("flags are on the course");
            if !reachable[i] {
                return Err(err(
                    number.span().start,
                    field.clone(),
                    format!(
                        "flag {} at [{}, {}] cannot be reached from the start [{}, {}]: walls, pits and the course's edge close it off",
                        number.get_ref(),
                        at.x,
                        at.y,
                        start.x,
                        start.y
                    ),
                ));
            }
        }
        Ok(Course {
            name: raw.name,
            description: raw.description.unwrap_or_default(),
            players: (
                u8::try_from(lo).expect("checked: 1 to 8"),
                u8::try_from(hi).expect("checked: 1 to 8"),
            ),
            start,
            boards: raw.board.len(),
            board: course,
        })
    }
}

/// The error of a course or board file that cannot be read.
fn cannot_read(file: &AssetFile, e: FileError) -> BoardError {
    BoardError {
        place: file.shown(),
        message: format!("cannot read: {}", e.reason()),
    }
}

/// Deserializes TOML, placing a serde error by line, column and field.
fn from_toml<T: serde::de::DeserializeOwned>(path: &str, text: &str) -> Result<T, BoardError> {
    toml::from_str(text).map_err(|e| {
        let at = e.span().map(|s| s.start).unwrap_or(0);
        let field = crate::toml_text::field_path(text, at);
        located(path, text, at, &field, e.message().trim().to_string())
    })
}

fn located(path: &str, text: &str, offset: usize, field: &str, reason: String) -> BoardError {
    let (line, column) = line_column(text, offset);
    let message = if field.is_empty() {
        reason
    } else {
        format!("in `{field}`: {reason}")
    };
    BoardError {
        place: format!("{path}:{line}:{column}"),
        message,
    }
}

/// A direction as a board file writes it: only N, E, S or W (so a
/// diagonal is refused by serde, with the four listed).
#[derive(Deserialize, Clone, Copy, Debug)]
enum Dir {
    N,
    E,
    S,
    W,
}

impl Dir {
    fn compass(dir: &Spanned<Dir>) -> Compass {
        match dir.get_ref() {
            Dir::N => Compass::N,
            Dir::E => Compass::E,
            Dir::S => Compass::S,
            Dir::W => Compass::W,
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBoard {
    name: Option<String>,
    size: Spanned<Exact<i64, 2>>,
    #[serde(default)]
    square: Vec<RawSquare>,
    #[serde(default)]
    wall: Vec<RawWall>,
    #[serde(default)]
    laser: Vec<RawLaser>,
    #[serde(default)]
    flag: Vec<RawFlag>,
}

#[derive(Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
enum RawKind {
    Pit,
    Conveyor,
    Express,
    Gear,
    Pusher,
    Crusher,
    Repair,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSquare {
    at: Spanned<Square>,
    kind: Spanned<RawKind>,
    to: Option<Spanned<Dir>>,
    turn: Option<Spanned<Turn>>,
    registers: Option<Spanned<Vec<i64>>>,
    wrenches: Option<Spanned<i64>>,
}

impl RawSquare {
    /// The kind, with its fields checked: those it needs present and valid,
    /// no others.
    fn kind(
        &self,
        i: usize,
        err: &dyn Fn(usize, String, String) -> BoardError,
    ) -> Result<Kind, BoardError> {
        let kind = *self.kind.get_ref();
        let name = format!("{kind:?}").to_lowercase();
        let fields: [(&str, Option<usize>); 4] = [
            ("to", self.to.as_ref().map(|s| s.span().start)),
            ("turn", self.turn.as_ref().map(|s| s.span().start)),
            ("registers", self.registers.as_ref().map(|s| s.span().start)),
            ("wrenches", self.wrenches.as_ref().map(|s| s.span().start)),
        ];
        let wants: &[&str] = match kind {
            RawKind::Pit => &[],
            RawKind::Conveyor | RawKind::Express => &["to"],
            RawKind::Gear => &["turn"],
            RawKind::Pusher => &["to", "registers"],
            RawKind::Crusher => &["registers"],
            RawKind::Repair => &["wrenches"],
        };
        for (field, at) in fields {
            match (wants.contains(&field), at) {
                (false, Some(at)) => {
                    return Err(err(
                        at,
                        format!("square[{i}].{field}"),
                        format!("a {name} square has no `{field}`"),
                    ))
                }
                (true, None) => {
                    return Err(err(
                        self.kind.span().start,
                        format!("square[{i}].kind"),
                        format!("a {name} square needs `{field}`"),
                    ))
                }
                _ => {}
            }
        }
        let to = || Dir::compass(self.to.as_ref().expect("checked"));
        let registers = || {
            let r = self.registers.as_ref().expect("checked");
            let field = format!("square[{i}].registers");
            let mut phases = Vec::new();
            for &given in r.get_ref() {
                let phase = u8::try_from(given).ok().filter(|p| (1..=5).contains(p));
                let reason = match phase {
                    None => format!("register {given} is outside 1..5"),
                    Some(p) if phases.contains(&p) => format!("register {p} is given twice"),
                    Some(p) => {
                        phases.push(p);
                        continue;
                    }
                };
                return Err(err(r.span().start, field, reason));
            }
            if phases.is_empty() {
                return Err(err(
                    r.span().start,
                    field,
                    "at least one register, 1..5".into(),
                ));
            }
            Ok(Registers::of(&phases).expect("checked 1..5"))
        };
        Ok(match kind {
            RawKind::Pit => Kind::Pit,
            RawKind::Conveyor => Kind::Conveyor(to()),
            RawKind::Express => Kind::Express(to()),
            RawKind::Gear => Kind::Gear(*self.turn.as_ref().expect("checked").get_ref()),
            RawKind::Pusher => Kind::Pusher {
                to: to(),
                registers: registers()?,
            },
            RawKind::Crusher => Kind::Crusher(registers()?),
            RawKind::Repair => {
                let w = self.wrenches.as_ref().expect("checked");
                let given = *w.get_ref();
                let Some(n) = u8::try_from(given).ok().filter(|n| (1..=2).contains(n)) else {
                    return Err(err(
                        w.span().start,
                        format!("square[{i}].wrenches"),
                        format!("wrenches {given}: a repair site has 1 or 2"),
                    ));
                };
                Kind::Repair(n)
            }
        })
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWall {
    at: Spanned<Square>,
    side: Spanned<Dir>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLaser {
    at: Spanned<Square>,
    to: Spanned<Dir>,
    beams: Spanned<i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFlag {
    number: Spanned<i64>,
    at: Spanned<Square>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCourse {
    name: String,
    description: Option<String>,
    players: Spanned<Exact<i64, 2>>,
    #[serde(default)]
    board: Vec<RawCourseBoard>,
    #[serde(default)]
    flag: Vec<RawFlag>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCourseBoard {
    file: Spanned<String>,
    offset: Spanned<Square>,
    start: Option<Spanned<Square>>,
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Turn::Right => "right",
            Turn::Left => "left",
        })
    }
}

#[cfg(test)]
mod tests;
