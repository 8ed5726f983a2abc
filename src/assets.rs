//! The built-in files, and where variants, bots and the files a game
//! declares are found.
//!
//! Each game has its own folders, named after the game (its
//! [`crate::registry::GameType::name`]): `scripts/<game>/bots/` (with their
//! `lib/`), `variants/<game>/<name>/`, and a folder of
//! `scripts/<game>/` for each kind of file the game declares
//! ([`GameFiles`]: its noun, folder, extension, and whether the user data
//! folder has its own). Every folder of `scripts/<game>/` but its LuaLS
//! stubs (its scenarios included), the files directly in it, `setups/`
//! and the REPL command files of `docs/disputes/` are built into the
//! binary (`build.rs` lists them), so tinbots works from any folder and
//! after `cargo install`: a path that is not on disk but names a built-in
//! file is read from the built-in copy ([`stand_in`]). A [`Kind`] names no game: a lookup
//! is given the game's name, and a new game, or a new kind of file of a
//! game, needs no change here.
//!
//! A variant, bot or game's file named on the command line, in a scenario
//! or in a replay is looked up in these places, in this order; the first
//! that has the name wins:
//!
//! 1. the folders given with `--variant-path DIR` (variants, as
//!    `DIR/<name>/variant.toml`) or `--bot-path DIR` (bots, as
//!    `DIR/<name>.lua`), in the order given;
//! 2. for the variants of a scenario (`check`, the REPL's `load`): in the
//!    scenario's folder, then in each of the [`NEAR_LEVELS`] folders above
//!    it, nearest first, a `variants/<game>/` folder and then a plain
//!    `variants/` folder (at the same level, `variants/<game>/<name>/`
//!    wins over `variants/<name>/`);
//! 3. the user data folder, `$XDG_DATA_HOME/tinbots/` (else
//!    `~/.local/share/tinbots/`), with `<game>/variants/`, `<game>/bots/`
//!    and `<game>/<folder>/` for each kind of file whose declaration says
//!    so inside;
//! 4. the built-in ones. The built-in bot `random` is the native random
//!    bot (a game's `scripts/<game>/bots/random.lua` is its Lua twin, an
//!    example).
//!
//! A name found in two places, with different files there, gets a note on
//! stderr saying which one is used, once per name. A copy identical to
//! the one used (the repository's own `variants/<game>/` found near its
//! scenarios) is not a second place.
//!
//! Paths stay paths: a bot or a game's file given as a path (it ends with
//! its kind's extension or holds a `/`) is read from there. Only when no
//! such file exists and the path names an official file is the built-in
//! copy used, with a note: its path in the repository typed outside it
//! (`scripts/<game>/bots/<name>.lua`), or the path it had before each game
//! had its folder (`scripts/bots/<name>.lua`, and `scripts/<folder>/` for a
//! kind of file that says it was there; the note names the new path).
//!
//! A script's `require` reads from the script's own folder, a folder on
//! disk or a built-in one, with the same rules ([`AssetFolder::read_module`]).
//! Built-in files are named `<built-in>/variants/<game>/<name>/variant.lua`
//! in messages.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, RwLock};

use crate::files::{FileError, FileKind};

mod kind;
mod stand_in;
mod store {
    include!(concat!(env!("OUT_DIR"), "/built_in_files.rs"));
}

pub use kind::{GameFiles, Kind};
pub use stand_in::{
    built_in_copy, built_in_folder_files, built_in_pattern_files, built_in_scenarios,
};

/// How built-in files are named in messages:
/// `<built-in>/variants/<game>/<name>/variant.lua`.
pub const BUILT_IN: &str = "<built-in>";

/// How many folders above a scenario's folder are searched for a
/// `variants/` folder (a scenario in `scripts/<game>/scenarios/` finds the
/// repository's `variants/<game>/` three levels up).
pub const NEAR_LEVELS: usize = 3;

/// The most entries read from one folder when listing or comparing what
/// it holds.
const MAX_ENTRIES: usize = 1000;

/// The text of the built-in file at `path` (relative to the repository,
/// such as `variants/<game>/<name>/variant.lua`).
pub fn built_in(path: &str) -> Option<&'static str> {
    store::FILES
        .binary_search_by(|(p, _)| (*p).cmp(path))
        .ok()
        .map(|i| store::FILES[i].1)
}

/// Every built-in file: its path relative to the repository, and its text.
pub fn built_in_files() -> impl Iterator<Item = (&'static str, &'static str)> {
    store::FILES.iter().copied()
}

/// `relative` (`/`-separated) inside the built-in folder `dir`, with `.`
/// and `..` resolved as on disk (a game's file may name another by a path
/// relative to itself, `../<folder>/<name>.toml`); a `..` above the root stays, so that no
/// built-in file has that name.
fn built_in_join(dir: &str, relative: &str) -> String {
    let mut parts: Vec<&str> = dir.split('/').filter(|p| !p.is_empty()).collect();
    let mut above = 0;
    for part in relative.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                if parts.pop().is_none() {
                    above += 1;
                }
            }
            _ => parts.push(part),
        }
    }
    let mut path = vec![".."; above];
    path.extend(parts);
    path.join("/")
}

/// A file of a script or manifest: on disk, or built into the binary.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AssetFile {
    /// A file on disk, by its path as given.
    Disk(PathBuf),
    /// A built-in file, by its path relative to the repository.
    BuiltIn(String),
}

impl AssetFile {
    /// How messages name it: its path, or `<built-in>/path` for a
    /// built-in file.
    pub fn shown(&self) -> String {
        match self {
            AssetFile::Disk(path) => path.display().to_string(),
            AssetFile::BuiltIn(path) => format!("{BUILT_IN}/{path}"),
        }
    }

    /// What it is read as: a script (`.lua`) or a game's data.
    pub fn kind(&self) -> FileKind {
        let lua = match self {
            AssetFile::Disk(path) => path.extension().is_some_and(|e| e == "lua"),
            AssetFile::BuiltIn(path) => path.ends_with(".lua"),
        };
        if lua {
            FileKind::Script
        } else {
            FileKind::Data
        }
    }

    /// Its text, read through the one door for files ([`crate::files`]).
    pub fn read(&self) -> Result<String, FileError> {
        match self {
            AssetFile::Disk(path) => crate::files::read_text(path, self.kind()),
            AssetFile::BuiltIn(path) => {
                built_in(path)
                    .map(str::to_string)
                    .ok_or_else(|| FileError::Io {
                        path: PathBuf::from(self.shown()),
                        source: std::io::Error::from(std::io::ErrorKind::NotFound),
                    })
            }
        }
    }

    /// The folder it is in.
    pub fn folder(&self) -> AssetFolder {
        match self {
            AssetFile::Disk(path) => {
                AssetFolder::Disk(path.parent().map(Path::to_path_buf).unwrap_or_default())
            }
            AssetFile::BuiltIn(path) => {
                AssetFolder::BuiltIn(path.rsplit_once('/').map_or("", |(d, _)| d).to_string())
            }
        }
    }

    /// Its name without the folder and the extension.
    pub fn stem(&self) -> String {
        match self {
            AssetFile::Disk(path) => path.file_stem().map_or_else(
                || path.display().to_string(),
                |s| s.to_string_lossy().into(),
            ),
            AssetFile::BuiltIn(path) => {
                let name = path.rsplit('/').next().unwrap_or(path);
                match name.rsplit_once('.') {
                    Some((stem, _)) if !stem.is_empty() => stem.to_string(),
                    _ => name.to_string(),
                }
            }
        }
    }
}

impl fmt::Display for AssetFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.shown())
    }
}

/// A folder of scripts: on disk, or built into the binary.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AssetFolder {
    /// A folder on disk (the empty path is the current folder).
    Disk(PathBuf),
    /// A built-in folder, by its path relative to the repository.
    BuiltIn(String),
}

/// Why [`AssetFolder::read_module`] refused a file.
#[derive(Debug, thiserror::Error)]
pub enum ModuleError {
    /// No such file, or it cannot be read.
    #[error("cannot read {shown}: {source}")]
    Unreadable {
        /// The file, as messages name it.
        shown: String,
        /// Why.
        source: std::io::Error,
    },
    /// The file, or a folder on the way to it, is a symbolic link that
    /// leads out of the folder.
    #[error("{shown} leads outside the script's folder {folder} (through a symbolic link): only files inside it can be required")]
    Outside {
        /// The file, as messages name it.
        shown: String,
        /// The folder.
        folder: String,
    },
}

impl AssetFolder {
    /// The folder of the script a sandbox knows by `chunk_name` (the
    /// [`AssetFile::shown`] name it was loaded under): `<built-in>/...`
    /// is a built-in folder, anything else a path on disk.
    pub fn of_chunk(chunk_name: &str) -> AssetFolder {
        match chunk_name
            .strip_prefix(BUILT_IN)
            .and_then(|p| p.strip_prefix('/'))
        {
            Some(path) => AssetFile::BuiltIn(path.to_string()).folder(),
            None => AssetFile::Disk(PathBuf::from(chunk_name)).folder(),
        }
    }

    /// The file at `relative` (`/`-separated) in this folder.
    pub fn file(&self, relative: &str) -> AssetFile {
        match self {
            AssetFolder::Disk(dir) => AssetFile::Disk(dir.join(relative)),
            AssetFolder::BuiltIn(dir) => AssetFile::BuiltIn(built_in_join(dir, relative)),
        }
    }

    /// How messages name it.
    pub fn shown(&self) -> String {
        match self {
            AssetFolder::Disk(dir) => dir.display().to_string(),
            AssetFolder::BuiltIn(dir) => format!("{BUILT_IN}/{dir}"),
        }
    }

    /// Whether something is at `relative`: a file, or anything else
    /// (a folder, a FIFO, a link to a device, a broken link), which is then
    /// found and refused by the door with its reason and its name, rather
    /// than passed over as if nothing were there.
    pub fn has_file(&self, relative: &str) -> bool {
        match self.file(relative) {
            AssetFile::Disk(path) => path.symlink_metadata().is_ok(),
            AssetFile::BuiltIn(path) => built_in(&path).is_some(),
        }
    }

    /// The names of what the folder holds directly, with whether each is
    /// a folder; sorted, at most [`MAX_ENTRIES`].
    fn children(&self) -> Vec<(String, bool)> {
        let mut children: Vec<(String, bool)> = match self {
            AssetFolder::Disk(dir) => std::fs::read_dir(dir)
                .into_iter()
                .flatten()
                .flatten()
                .take(MAX_ENTRIES)
                .map(|e| {
                    (
                        e.file_name().to_string_lossy().into_owned(),
                        e.path().is_dir(),
                    )
                })
                .collect(),
            AssetFolder::BuiltIn(dir) => {
                let prefix = format!("{dir}/");
                let mut seen = BTreeMap::new();
                for (path, _) in built_in_files() {
                    if let Some(rest) = path.strip_prefix(&prefix) {
                        match rest.split_once('/') {
                            Some((folder, _)) => seen.insert(folder.to_string(), true),
                            None => seen.insert(rest.to_string(), false),
                        };
                    }
                }
                seen.into_iter().collect()
            }
        };
        children.sort();
        children
    }

    /// Every file under the folder (relative path and text), sorted; `None`
    /// when one cannot be read or there are too many to compare (more than
    /// [`MAX_ENTRIES`] entries seen in all, which also ends a walk through
    /// links that loop).
    fn all_files(&self) -> Option<Vec<(String, String)>> {
        let mut files = Vec::new();
        let mut pending = vec![String::new()];
        let mut seen = 0;
        while let Some(sub) = pending.pop() {
            let folder = if sub.is_empty() {
                self.clone()
            } else {
                match self.file(&sub) {
                    AssetFile::Disk(path) => AssetFolder::Disk(path),
                    AssetFile::BuiltIn(path) => AssetFolder::BuiltIn(path),
                }
            };
            for (name, is_dir) in folder.children() {
                let relative = if sub.is_empty() {
                    name
                } else {
                    format!("{sub}/{name}")
                };
                if is_dir {
                    pending.push(relative);
                } else {
                    files.push((relative.clone(), self.file(&relative).read().ok()?));
                }
                seen += 1;
                if seen > MAX_ENTRIES {
                    return None;
                }
            }
        }
        files.sort();
        Some(files)
    }

    /// Reads the module file at `relative` (`/`-separated words and a
    /// `.lua` ending, as `require` builds it) for a script of this
    /// folder. The same rule for a folder on disk and a built-in one: the
    /// file must be inside the folder. On disk that is checked on the real
    /// paths, after symbolic links: a link (to a file, or a folder on the
    /// way) that leads out of the folder is refused, one that stays inside
    /// is followed, and the folder itself may be reached through a link.
    /// Returns the file (named as the script would name it) and its text.
    pub fn read_module(&self, relative: &str) -> Result<(AssetFile, String), ModuleError> {
        let file = self.file(relative);
        let unreadable = |source| ModuleError::Unreadable {
            shown: file.shown(),
            source,
        };
        let dir = match self {
            AssetFolder::BuiltIn(dir) => {
                let inside = matches!(&file, AssetFile::BuiltIn(path)
                    if dir.is_empty() && !path.starts_with("..")
                        || path.strip_prefix(dir.as_str()).is_some_and(|rest| rest.starts_with('/')));
                if !inside {
                    return Err(ModuleError::Outside {
                        shown: file.shown(),
                        folder: self.shown(),
                    });
                }
                let text = file.read().map_err(|e| ModuleError::Unreadable {
                    shown: file.shown(),
                    source: std::io::Error::other(e.reason()),
                })?;
                return Ok((file, text));
            }
            AssetFolder::Disk(dir) => dir,
        };
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir.as_path()
        };
        let real_dir = std::fs::canonicalize(dir).map_err(unreadable)?;
        let real_file = std::fs::canonicalize(dir.join(relative)).map_err(unreadable)?;
        if !real_file.starts_with(&real_dir) {
            return Err(ModuleError::Outside {
                shown: file.shown(),
                folder: self.shown(),
            });
        }
        // Read what was checked, not the path again (which a link swapped
        // in between could redirect).
        let text = crate::files::read_text(&real_file, FileKind::Script).map_err(|e| {
            ModuleError::Unreadable {
                shown: file.shown(),
                source: std::io::Error::other(e.reason()),
            }
        })?;
        Ok((file, text))
    }
}

/// Where a variant, bot or game's file was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A folder given with `--variant-path` or `--bot-path`.
    SearchPath {
        /// The flag.
        flag: &'static str,
        /// The folder.
        dir: PathBuf,
    },
    /// A folder of variants (`variants/<game>/` or `variants/`) beside a
    /// scenario file or above it.
    NearScenario(PathBuf),
    /// The user data folder (its `<game>/variants/`, `<game>/bots/`...).
    UserFolder(PathBuf),
    /// Built into the binary.
    BuiltIn,
    /// A path given explicitly.
    Path,
}

impl Origin {
    /// A short label: `built-in`, `user folder`, `path`...
    pub fn label(&self) -> &'static str {
        match self {
            Origin::SearchPath { flag, .. } => flag,
            Origin::NearScenario(_) => "next to the scenario",
            Origin::UserFolder(_) => "user folder",
            Origin::BuiltIn => "built-in",
            Origin::Path => "path",
        }
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::SearchPath { flag, dir } => write!(f, "{flag} {}", dir.display()),
            Origin::NearScenario(dir) => write!(f, "next to the scenario, {}", dir.display()),
            Origin::UserFolder(dir) => write!(f, "user folder {}", dir.display()),
            Origin::BuiltIn | Origin::Path => f.write_str(self.label()),
        }
    }
}

/// What was found under a name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A file: a variant's manifest (its folder holds the rest), a bot's
    /// or a game's file.
    File(AssetFile),
    /// The native random bot.
    NativeRandom,
}

impl Entry {
    /// How messages name it: a variant by its folder, a script by its file.
    pub fn shown(&self, kind: Kind) -> String {
        match (self, kind) {
            (Entry::File(file), Kind::Variant) => file.folder().shown(),
            (Entry::File(file), _) => file.shown(),
            (Entry::NativeRandom, _) => "the native random bot".into(),
        }
    }

    /// Whether `self` and `other` hold the same files.
    fn same_as(&self, other: &Entry, kind: Kind) -> bool {
        match (self, other) {
            (Entry::File(a), Entry::File(b)) if kind == Kind::Variant => {
                let files = |f: &AssetFile| f.folder().all_files();
                matches!((files(a), files(b)), (Some(x), Some(y)) if x == y)
            }
            (Entry::File(a), Entry::File(b)) => {
                matches!((a.read(), b.read()), (Ok(x), Ok(y)) if x == y)
            }
            (Entry::NativeRandom, Entry::NativeRandom) => true,
            _ => false,
        }
    }
}

/// A variant, bot or game's file found by name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// Its name (or the path given).
    pub name: String,
    /// Where it was found.
    pub origin: Origin,
    /// What was found.
    pub entry: Entry,
}

/// One line of a listing ([`Library::list`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listed {
    /// The one used for its name.
    pub found: Found,
    /// The other places that have the name (hidden by the one used).
    pub hidden: Vec<Origin>,
}

/// A name that is not found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown {} `{}`{} (looked in: {}){}{}",
    kind.noun(),
    name.escape_debug(),
    crate::suggest::did_you_mean(&crate::suggest::closest(name, known.iter().map(String::as_str))),
    searched.join(", "),
    known_list(*kind, known),
    kind.path_hint()
)]
pub struct LookupError {
    /// What was looked up.
    pub kind: Kind,
    /// The name asked for.
    pub name: String,
    /// The places searched.
    pub searched: Vec<String>,
    /// The names that exist.
    pub known: Vec<String>,
}

fn known_list(kind: Kind, known: &[String]) -> String {
    if known.is_empty() {
        format!("; there are no {}", kind.plural())
    } else {
        format!("; {}: {}", kind.plural(), known.join(", "))
    }
}

/// Whether `text` can be a name: ASCII letters, digits, `-` and `_`, at
/// most 64 of them.
pub fn is_name(text: &str) -> bool {
    !text.is_empty()
        && text.len() <= 64
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// Whether a bot given as `arg` is a path (it ends with `.lua` or holds a
/// path separator) rather than a name to look up ([`Kind::is_path`]).
pub fn is_path(arg: &str) -> bool {
    Kind::Bot.is_path(arg)
}

/// The user data folder: `$XDG_DATA_HOME/tinbots` when that variable is an
/// absolute path, else `$HOME/.local/share/tinbots`; `None` without either.
pub fn user_data_folder() -> Option<PathBuf> {
    let from = |var: &str| {
        std::env::var_os(var)
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
    };
    from("XDG_DATA_HOME")
        .map(|d| d.join("tinbots"))
        .or_else(|| from("HOME").map(|h| h.join(".local/share/tinbots")))
}

/// The places searched and in which order (see the module's doc).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Library {
    /// Folders of variants (`--variant-path`), searched first.
    pub variant_paths: Vec<PathBuf>,
    /// Folders of bots (`--bot-path`), searched first.
    pub bot_paths: Vec<PathBuf>,
    /// The user data folder, if any.
    pub user_folder: Option<PathBuf>,
    /// Whether the built-in ones are searched (last).
    pub built_in: bool,
}

/// The library in force, once the command line set it.
static CURRENT: RwLock<Option<Library>> = RwLock::new(None);

/// The notes written already, so that each is written once.
static NOTED: Mutex<BTreeSet<String>> = Mutex::new(BTreeSet::new());

/// Writes `text` to stderr as a note, unless the note `key` was written.
fn note_once(key: String, text: impl FnOnce() -> String) {
    let first = NOTED
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .insert(key);
    if first {
        eprintln!("tinbots: note: {}", text());
    }
}

impl Library {
    /// The standard places: the user data folder and the built-in ones.
    pub fn standard() -> Library {
        Library {
            user_folder: user_data_folder(),
            built_in: true,
            ..Library::default()
        }
    }

    /// Only the built-in files (a game's catalogue of what it ships).
    pub fn built_in_only() -> Library {
        Library {
            built_in: true,
            ..Library::default()
        }
    }

    /// Only the folder `dir`, for variants and bots alike (tests, tools).
    pub fn only(dir: &Path) -> Library {
        Library {
            variant_paths: vec![dir.to_path_buf()],
            bot_paths: vec![dir.to_path_buf()],
            user_folder: None,
            built_in: false,
        }
    }

    /// The library in force: the one [`Library::make_current`] set, else
    /// [`Library::standard`].
    pub fn current() -> Library {
        CURRENT
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone()
            .unwrap_or_else(Library::standard)
    }

    /// Makes this the library every later lookup by name uses (the
    /// command line does it once, with its `--variant-path` and
    /// `--bot-path`).
    pub fn make_current(self) {
        *CURRENT
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(self);
    }

    /// The folders that may hold a `kind` of the game named `game` by
    /// name, in search order. `scenario`: the scenario file whose variants
    /// are looked up.
    pub fn shelves(
        &self,
        kind: Kind,
        game: &str,
        scenario: Option<&Path>,
    ) -> Vec<(Origin, AssetFolder)> {
        let mut shelves = Vec::new();
        let paths = match kind {
            Kind::Variant => &self.variant_paths[..],
            Kind::Bot => &self.bot_paths[..],
            Kind::Game(_) => &[],
        };
        for dir in paths {
            let flag = kind.path_flag().unwrap_or_default();
            let origin = Origin::SearchPath {
                flag,
                dir: dir.clone(),
            };
            shelves.push((origin, AssetFolder::Disk(dir.clone())));
        }
        if let (Kind::Variant, Some(scenario)) = (kind, scenario) {
            for dir in near_folders(game, scenario) {
                shelves.push((Origin::NearScenario(dir.clone()), AssetFolder::Disk(dir)));
            }
        }
        if let Some(user) = self
            .user_folder
            .as_ref()
            .filter(|_| kind.searches_user_folder())
        {
            let dir = user.join(kind.user_folder(game));
            shelves.push((Origin::UserFolder(dir.clone()), AssetFolder::Disk(dir)));
        }
        if self.built_in {
            let folder = AssetFolder::BuiltIn(kind.built_in_folder(game));
            shelves.push((Origin::BuiltIn, folder));
        }
        shelves
    }

    /// Finds the `kind` of the game named `game` named `name` (see the
    /// module's doc for the order). When another place has a different one
    /// of that name, a note on stderr (once per name) says which one is
    /// used.
    pub fn find(
        &self,
        kind: Kind,
        game: &str,
        name: &str,
        scenario: Option<&Path>,
    ) -> Result<Found, LookupError> {
        let shelves = self.shelves(kind, game, scenario);
        let mut hits = if is_name(name) {
            shelves
                .iter()
                .filter_map(|(origin, folder)| {
                    Some(Found {
                        name: name.to_string(),
                        origin: origin.clone(),
                        entry: entry_in(kind, origin, folder, name)?,
                    })
                })
                .collect()
        } else {
            Vec::new()
        };
        if hits.is_empty() {
            return Err(LookupError {
                kind,
                name: name.to_string(),
                searched: shelves.iter().map(|(o, f)| searched(o, f)).collect(),
                known: self
                    .list(kind, game, scenario)
                    .into_iter()
                    .map(|l| l.found.name)
                    .collect(),
            });
        }
        let used = hits.remove(0);
        let others: Vec<String> = hits
            .iter()
            .filter(|h| !h.entry.same_as(&used.entry, kind))
            .map(|h| format!("{} ({})", h.entry.shown(kind), h.origin))
            .collect();
        if !others.is_empty() {
            note_once(format!("{game} {} {name}", kind.plural()), || {
                format!(
                    "{} `{name}` is in {} places: using {} ({}), not {}",
                    kind.noun(),
                    others.len() + 1,
                    used.entry.shown(kind),
                    used.origin,
                    others.join(", ")
                )
            });
        }
        Ok(used)
    }

    /// Finds a bot or a game's file of the game named `game` given on the
    /// command line: a path (see [`Kind::is_path`]) is that file
    /// ([`resolve_path`]), anything else a name ([`Library::find`]).
    pub fn find_arg(&self, kind: Kind, game: &str, arg: &str) -> Result<Found, LookupError> {
        if !kind.is_path(arg) {
            return self.find(kind, game, arg, None);
        }
        let file = resolve_path(kind, game, Path::new(arg));
        let origin = match file {
            AssetFile::BuiltIn(_) => Origin::BuiltIn,
            AssetFile::Disk(_) => Origin::Path,
        };
        Ok(Found {
            name: arg.to_string(),
            origin,
            entry: Entry::File(file),
        })
    }

    /// Every `kind` of the game named `game` that can be named, sorted by
    /// name: for each, the one a lookup finds, and the places whose one it
    /// hides.
    pub fn list(&self, kind: Kind, game: &str, scenario: Option<&Path>) -> Vec<Listed> {
        let mut listed: BTreeMap<String, Listed> = BTreeMap::new();
        for (origin, folder) in self.shelves(kind, game, scenario) {
            let mut names: Vec<String> = folder
                .children()
                .iter()
                .filter_map(|(child, is_dir)| kind.name_of(child, *is_dir))
                .map(str::to_string)
                .collect();
            if kind.is_bot() && origin == Origin::BuiltIn {
                names.push("random".into());
            }
            for name in names {
                let Some(entry) = entry_in(kind, &origin, &folder, &name) else {
                    continue;
                };
                match listed.get_mut(&name) {
                    Some(first) => {
                        if first.found.origin != origin && !first.hidden.contains(&origin) {
                            first.hidden.push(origin.clone());
                        }
                    }
                    None => {
                        let found = Found {
                            name: name.clone(),
                            origin: origin.clone(),
                            entry,
                        };
                        listed.insert(
                            name,
                            Listed {
                                found,
                                hidden: Vec::new(),
                            },
                        );
                    }
                }
            }
        }
        listed.into_values().collect()
    }
}

/// How a place searched is named in an error.
fn searched(origin: &Origin, folder: &AssetFolder) -> String {
    match origin {
        Origin::BuiltIn => "built-in".into(),
        _ => folder.shown(),
    }
}

/// What `folder` holds under `name`, if anything. The built-in `random`
/// bot is the native one.
fn entry_in(kind: Kind, origin: &Origin, folder: &AssetFolder, name: &str) -> Option<Entry> {
    if kind.is_bot() && *origin == Origin::BuiltIn && name == "random" {
        return Some(Entry::NativeRandom);
    }
    let item = kind.item(name);
    folder
        .has_file(&item)
        .then(|| Entry::File(folder.file(&item)))
}

/// The folders of variants of the game named `game` near the scenario
/// file `scenario` that exist, nearest first: in the scenario's folder and
/// in each of the [`NEAR_LEVELS`] folders above it, `variants/<game>/`
/// (the repository's layout: `scripts/<game>/scenarios/` finds
/// `variants/<game>/` three levels up), then a plain `variants/` (a
/// user's own scenario beside their own `variants/<name>/`). None when
/// `scenario` is not a file.
fn near_folders(game: &str, scenario: &Path) -> Vec<PathBuf> {
    if !scenario.is_file() {
        return Vec::new();
    }
    let Ok(scenario) = std::path::absolute(scenario) else {
        return Vec::new();
    };
    let plain = Kind::Variant.folder_name();
    scenario
        .ancestors()
        .skip(1)
        .take(NEAR_LEVELS + 1)
        .flat_map(|dir| [dir.join(plain).join(game), dir.join(plain)])
        .filter(|dir| dir.is_dir())
        .collect()
}

/// The file a bot or game's file of the game named `game` given by its
/// `path` is read from: that path; but when no such file exists and the
/// path names an official file of `kind`, the built-in copy, with a note
/// on stderr ([`official_copy`]).
pub fn resolve_path(kind: Kind, game: &str, path: &Path) -> AssetFile {
    if path.exists() {
        return AssetFile::Disk(path.to_path_buf());
    }
    match official_copy(kind, game, path) {
        Some((file, note)) => {
            note_once(format!("path {game} {}", path.display()), || note);
            file
        }
        None => AssetFile::Disk(path.to_path_buf()),
    }
}

/// The built-in file of `kind` of the game named `game` that `path` names,
/// and the note saying it is used: `path` is the official file's path in
/// the repository (`scripts/<game>/bots/<name>.lua`, typed outside it),
/// or the path it had before each game had its folder
/// (`scripts/bots/<name>.lua`, or `scripts/<folder>/<name>.<extension>` for
/// a kind of file that was there; the note then names the new path). `None` for any other path.
fn official_copy(kind: Kind, game: &str, path: &Path) -> Option<(AssetFile, String)> {
    let text = path.to_str()?;
    let mut key = text;
    while let Some(rest) = key.strip_prefix("./") {
        key = rest;
    }
    let under = |folder: &str| {
        key.strip_prefix(folder)
            .and_then(|rest| rest.strip_prefix('/'))
            .map(str::to_string)
    };
    let folder = kind.built_in_folder(game);
    let (rest, moved) = match under(&folder) {
        Some(rest) => (rest, false),
        None => (under(&kind.former_built_in_folder()?)?, true),
    };
    let official = format!("{folder}/{rest}");
    built_in(&official)?;
    let file = AssetFile::BuiltIn(official.clone());
    let note = if moved {
        format!(
            "{text} has moved to {official}: using the built-in copy, {}",
            file.shown()
        )
    } else {
        format!(
            "{text} does not exist here: using the built-in copy, {}",
            file.shown()
        )
    };
    Some((file, note))
}

/// What a replay records for the file of `kind` of the game named `game`
/// given as `arg`, so that it replays from any folder: a name as given; a
/// path to an official file (or to a copy of one) by that file's name;
/// any other file by its absolute path.
pub fn file_reference(kind: Kind, game: &str, arg: &str) -> String {
    if !kind.is_path(arg) {
        return arg.to_string();
    }
    let file = resolve_path(kind, game, Path::new(arg));
    let AssetFile::Disk(path) = &file else {
        return file.stem();
    };
    let official = AssetFolder::BuiltIn(kind.built_in_folder(game));
    if let Ok(text) = file.read() {
        for (child, is_dir) in official.children() {
            let Some(name) = kind.name_of(&child, is_dir) else {
                continue;
            };
            if official.file(&child).read().is_ok_and(|t| t == text) {
                return name.to_string();
            }
        }
    }
    std::path::absolute(path).map_or_else(|_| arg.to_string(), |p| p.display().to_string())
}

/// [`file_reference`] of each argument.
pub fn file_references<P: AsRef<Path>>(kind: Kind, game: &str, args: &[P]) -> Vec<String> {
    args.iter()
        .map(|a| file_reference(kind, game, &a.as_ref().to_string_lossy()))
        .collect()
}

/// `text` on one line, safe for a terminal (control characters and
/// bidirectional overrides escaped), cut at `max` bytes.
fn one_line(text: &str, max: usize) -> String {
    crate::escape::terminal(&crate::script::text::cut(text.trim(), max)).into_owned()
}

/// Where a listed entry is, after its origin: nothing for a built-in one.
fn place(listed: &Listed, kind: Kind) -> String {
    let mut place = match listed.found.origin {
        Origin::BuiltIn => String::new(),
        _ => format!("  [{}]", one_line(&listed.found.entry.shown(kind), 200)),
    };
    if !listed.hidden.is_empty() {
        let hidden: Vec<&str> = listed.hidden.iter().map(Origin::label).collect();
        place.push_str(&format!("  (hides {})", hidden.join(", ")));
    }
    place
}

/// `tinbots bots`: every bot of the game named `game` that can be named,
/// one a line: its name, where it comes from, and the first sentence of
/// its script's opening comment ([`summary`]); last the native search bot `mcts` and its
/// settings.
pub fn bots_listing(library: &Library, game: &str) -> String {
    let kind = Kind::Bot;
    let mut text = String::new();
    for listed in library.list(kind, game, None) {
        let about = match &listed.found.entry {
            Entry::NativeRandom => {
                "The random bot, native: picks one of the legal answers uniformly.".into()
            }
            Entry::File(file) => file.read().map_or_else(
                |e| format!("? cannot read it: {}", e.reason()),
                |t| opening_comment(&t),
            ),
        };
        text.push_str(&listing_line(&listed, kind, &about, 300));
    }
    text.push_str(&format!(
        "{:<20} {:<12} {}\n",
        "mcts",
        Origin::BuiltIn.label(),
        crate::bot::mcts::MctsConfig::about()
    ));
    text
}

/// One line of a listing: the name, where it comes from, what it says
/// about itself (on one line, cut at `max` bytes), and where it is.
pub(crate) fn listing_line(listed: &Listed, kind: Kind, about: &str, max: usize) -> String {
    format!(
        "{:<20} {:<12} {}{}\n",
        listed.found.name,
        listed.found.origin.label(),
        one_line(about, max),
        place(listed, kind)
    )
}

/// `tinbots variants`: every variant of the game named `game` that can be
/// named, one a line: its name, where it comes from, and what `describe`
/// reads from its manifest (given the manifest as shown and its text), or
/// `?` and why when it cannot be read.
pub fn variant_listing(
    library: &Library,
    game: &str,
    describe: &dyn Fn(&str, &str) -> Result<String, String>,
) -> String {
    let mut text = String::new();
    for listed in library.list(Kind::Variant, game, None) {
        let Entry::File(manifest) = &listed.found.entry else {
            continue;
        };
        let about = manifest
            .read()
            .map_err(|e| format!("? cannot read {}: {}", manifest.shown(), e.reason()))
            .and_then(|t| describe(&manifest.shown(), &t).map_err(|e| format!("? {e}")))
            .unwrap_or_else(|e| e);
        text.push_str(&listing_line(&listed, Kind::Variant, &about, 300));
    }
    text
}

/// The summary of a script's opening `--` comment (its first paragraph,
/// [`summary`]), empty without one.
fn opening_comment(script: &str) -> String {
    let paragraph: Vec<&str> = script
        .lines()
        .map_while(|l| l.strip_prefix("--"))
        .map(|l| l.trim_start_matches('-').trim())
        .take_while(|l| !l.is_empty())
        .collect();
    summary(&paragraph.join(" "), LISTED_SUMMARY)
}

/// How long a listed script's summary may be before it is shortened to
/// its opening clause.
const LISTED_SUMMARY: usize = 120;

/// The first sentence of `text`; when longer than `max` bytes, the
/// sentence up to its last `: ` or `; ` outside brackets within `max`
/// (a summary then its detail, as the bots' comments write), ended with
/// a full stop. A sentence with no such place is left whole: a listing
/// shows a whole sentence, never half of one.
fn summary(text: &str, max: usize) -> String {
    let sentence = match text.find(". ") {
        Some(end) => &text[..=end],
        None => text,
    };
    if sentence.len() <= max {
        return sentence.to_string();
    }
    let mut depth = 0i32;
    let mut clause_end = None;
    for (at, c) in sentence.char_indices().take_while(|&(at, _)| at < max) {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            ':' | ';' if depth == 0 && sentence[at + 1..].starts_with(' ') => clause_end = Some(at),
            _ => {}
        }
    }
    match clause_end {
        Some(end) => format!("{}.", &sentence[..end]),
        None => sentence.to_string(),
    }
}

#[cfg(test)]
mod tests;
