//! The one door for files (DESIGN.md principle 9): every file a user
//! names, or a file names, is read here, and every file tinbots writes is
//! written here.
//!
//! Reading ([`read_text`]): only regular files are read; a folder, a FIFO,
//! a device or a socket is refused before it is opened (so that a FIFO
//! cannot block and `/dev/zero` cannot fill the memory). A symbolic link is
//! followed and judged like the file it leads to. Each [`FileKind`] has a
//! size limit, and a file is read with that bound, never past it, so that
//! a file that grows while it is read (or a `/proc` file that says it is
//! empty) is cut off at the bound and refused. Text must be UTF-8; a file
//! that is not is refused with the line where the first bad byte is. A
//! relative path with nothing on disk that names a file built into the
//! binary (`scripts/droids/scenarios/x.toml`, `setups/2p.toml`) reads the
//! built-in copy, with a note, under the same bound
//! ([`crate::assets::built_in_copy`]).
//!
//! Writing ([`write_whole`]): a file is written to a temporary file beside
//! it and renamed over the target once complete, so that a refused or
//! failed output never leaves a file half-written.

use std::fmt;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// What a file is, for its size limit and for messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FileKind {
    /// A Lua script: a bot, an order file, a variant's script, an option
    /// card, a mission script, a module a script `require`s.
    Script,
    /// A game's data in TOML: a setup, a board, a course, a mission, a
    /// tile mix, a variant's manifest.
    Data,
    /// A scenario, or a position a REPL saved.
    Scenario,
    /// A saved game (JSON).
    Replay,
    /// A tournament's rows (JSON lines).
    Rows,
}

impl FileKind {
    /// Every kind, in the order the docs list them.
    pub const ALL: [FileKind; 5] = [
        FileKind::Script,
        FileKind::Data,
        FileKind::Scenario,
        FileKind::Replay,
        FileKind::Rows,
    ];

    /// The most bytes a file of this kind may hold.
    pub const fn limit(self) -> u64 {
        const MIB: u64 = 1024 * 1024;
        match self {
            FileKind::Script => MIB,
            FileKind::Data => MIB,
            FileKind::Scenario => MIB,
            FileKind::Replay => 64 * MIB,
            FileKind::Rows => 256 * MIB,
        }
    }

    /// Its name in messages and in the docs' table ("a replay").
    pub const fn noun(self) -> &'static str {
        match self {
            FileKind::Script => "a script",
            FileKind::Data => "a data file",
            FileKind::Scenario => "a scenario",
            FileKind::Replay => "a replay",
            FileKind::Rows => "a file of tournament rows",
        }
    }
}

/// Why a file was not read or not written. Every message names the file.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// The file could not be opened or read (missing, no permission).
    #[error("{}: {source}", shown(path))]
    Io {
        /// The file, as given.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The path names something that is not a regular file.
    #[error(
        "{}: {what}, not a regular file: only files are read or written",
        shown(path)
    )]
    NotAFile {
        /// The file, as given.
        path: PathBuf,
        /// What it is instead (`"a folder"`, `"a FIFO"`, `"a device"`), and
        /// where a link leads when the path is one.
        what: String,
    },
    /// The file is larger than its kind allows.
    #[error("{}: larger than {} bytes, the most {} may hold (docs/security.md)", shown(path), kind.limit(), kind.noun())]
    TooLarge {
        /// The file, as given.
        path: PathBuf,
        /// What it was read as.
        kind: FileKind,
    },
    /// The file is not UTF-8 text.
    #[error("{}:{line}: not UTF-8 text (a bad byte on this line)", shown(path))]
    NotText {
        /// The file, as given.
        path: PathBuf,
        /// The line of the first bad byte, from 1.
        line: usize,
    },
}

impl FileError {
    /// The file the error is about.
    pub fn path(&self) -> &Path {
        match self {
            FileError::Io { path, .. }
            | FileError::NotAFile { path, .. }
            | FileError::TooLarge { path, .. }
            | FileError::NotText { path, .. } => path,
        }
    }

    /// What is wrong, without the file's name: for a message that names
    /// the file already (`"larger than 1048576 bytes, ..."`).
    pub fn reason(&self) -> String {
        let whole = self.to_string();
        let name = shown(self.path());
        match whole.strip_prefix(&name) {
            Some(rest) => rest
                .trim_start_matches(|c: char| c == ':' || c.is_ascii_digit())
                .trim_start()
                .to_string(),
            None => whole,
        }
    }

    /// Whether the file does not exist (a lookup may try another place).
    pub fn is_not_found(&self) -> bool {
        matches!(self, FileError::Io { source, .. } if source.kind() == std::io::ErrorKind::NotFound)
    }
}

/// A path as messages show it: control characters escaped.
fn shown(path: &Path) -> String {
    crate::escape::terminal(&path.display().to_string()).into_owned()
}

/// What a file type is, in words, when it is not a regular file.
fn kind_of(file_type: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if file_type.is_char_device() || file_type.is_block_device() {
            return "a device";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    if file_type.is_dir() {
        "a folder"
    } else {
        "not a regular file"
    }
}

/// Checks that `path` (followed through links) is a regular file no
/// larger than `kind` allows, without opening it.
fn check_regular(path: &Path, kind: FileKind) -> Result<(), FileError> {
    let io = |source| FileError::Io {
        path: path.to_path_buf(),
        source,
    };
    let meta = std::fs::metadata(path).map_err(io)?;
    if !meta.is_file() {
        let mut what = kind_of(&meta.file_type()).to_string();
        if let Ok(target) = std::fs::read_link(path) {
            what = format!("a link to {}, {what}", shown(&target));
        }
        return Err(FileError::NotAFile {
            path: path.to_path_buf(),
            what,
        });
    }
    if meta.len() > kind.limit() {
        return Err(FileError::TooLarge {
            path: path.to_path_buf(),
            kind,
        });
    }
    Ok(())
}

/// The bytes of the file at `path`, read as `kind` (see the module's
/// doc): a regular file no larger than the kind's limit.
pub fn read_bytes(path: &Path, kind: FileKind) -> Result<Vec<u8>, FileError> {
    check_regular(path, kind)?;
    let io = |source| FileError::Io {
        path: path.to_path_buf(),
        source,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    // Judged again once open: the path may have been swapped in between.
    if !file.metadata().map_err(io)?.is_file() {
        return Err(FileError::NotAFile {
            path: path.to_path_buf(),
            what: "no longer a regular file once opened".to_string(),
        });
    }
    let mut bytes = Vec::new();
    file.take(kind.limit() + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > kind.limit() {
        return Err(FileError::TooLarge {
            path: path.to_path_buf(),
            kind,
        });
    }
    Ok(bytes)
}

/// The text of the file at `path`, read as `kind` (see the module's doc):
/// a regular file no larger than the kind's limit, in UTF-8. When nothing
/// is at `path` and it names a file built into the binary, the built-in
/// copy is read, with a note ([`crate::assets::built_in_copy`]).
pub fn read_text(path: &Path, kind: FileKind) -> Result<String, FileError> {
    let bytes = match read_bytes(path, kind) {
        Err(e) if e.is_not_found() => {
            let Some(text) = crate::assets::built_in_copy(path) else {
                return Err(e);
            };
            if text.len() as u64 > kind.limit() {
                return Err(FileError::TooLarge {
                    path: path.to_path_buf(),
                    kind,
                });
            }
            return Ok(text.to_string());
        }
        read => read?,
    };
    String::from_utf8(bytes).map_err(|e| {
        let good = e.utf8_error().valid_up_to();
        let line = 1 + e.as_bytes()[..good].iter().filter(|&&b| b == b'\n').count();
        FileError::NotText {
            path: path.to_path_buf(),
            line,
        }
    })
}

/// Writes `bytes` to `path` whole or not at all: to a temporary file in
/// the same folder, renamed over `path` once written. An existing file at
/// `path` is replaced; a failure leaves it as it was.
pub fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    write_whole_with(path, |file| file.write_all(bytes))
}

/// Writes a file as [`write_whole`] does, its bytes written by `write` (a
/// page written as it is made, never held whole), buffered.
pub fn write_whole_with(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), FileError> {
    let io = |source| FileError::Io {
        path: path.to_path_buf(),
        source,
    };
    refuse_other_than_file(path)?;
    let name = path
        .file_name()
        .ok_or_else(|| io(std::io::Error::other("names no file")))?;
    let mut temporary = name.to_os_string();
    temporary.push(format!(".{}.partial", std::process::id()));
    let temporary = path.with_file_name(temporary);
    let written = (|| {
        let mut file = std::io::BufWriter::new(std::fs::File::create(&temporary)?);
        write(&mut file)?;
        file.into_inner()
            .map_err(std::io::IntoInnerError::into_error)?;
        std::fs::rename(&temporary, path)
    })();
    written.map_err(|source| {
        std::fs::remove_file(&temporary).ok();
        io(source)
    })
}

/// Opens `path` to write a stream to (a tournament's rows, a row at a
/// time): a regular file is created or emptied. A folder is refused. A
/// pipe or a device is written to as it is: a stream is the user's own
/// output (`--output /dev/stdout`, `--output >(gzip > rows.gz)`), and,
/// unlike [`write_whole`], cannot be written to a temporary file first.
pub fn create_stream(path: &Path) -> Result<std::fs::File, FileError> {
    if std::fs::metadata(path).is_ok_and(|meta| meta.is_dir()) {
        return Err(FileError::NotAFile {
            path: path.to_path_buf(),
            what: "a folder".to_string(),
        });
    }
    std::fs::File::create(path).map_err(|source| FileError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// Refuses to write over anything at `path` that is not a regular file
/// (a folder, a FIFO, a device, or a link to one).
fn refuse_other_than_file(path: &Path) -> Result<(), FileError> {
    match std::fs::metadata(path) {
        Ok(meta) if !meta.is_file() => Err(FileError::NotAFile {
            path: path.to_path_buf(),
            what: kind_of(&meta.file_type()).to_string(),
        }),
        _ => Ok(()),
    }
}

/// A reader of lines with a bound on each line, for input read as a
/// stream (the REPL's commands from a pipe): a longer line is read to its
/// end but kept only up to the bound, and reported as too long.
pub struct BoundedLines<R> {
    reader: R,
    limit: usize,
}

/// One line of a [`BoundedLines`] reader.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A line within the bound, without its line end.
    Text(String),
    /// A line within the bound that is not UTF-8 text, with its length.
    NotUtf8 {
        /// Its length in bytes.
        length: usize,
    },
    /// A line longer than the bound: its first bytes (up to the bound, at a
    /// character boundary) and its length.
    TooLong {
        /// The line's beginning.
        start: String,
        /// Its length in bytes.
        length: usize,
    },
}

impl<R: std::io::BufRead> BoundedLines<R> {
    /// Lines of `reader`, each kept up to `limit` bytes.
    pub fn new(reader: R, limit: usize) -> BoundedLines<R> {
        BoundedLines { reader, limit }
    }
}

impl<R: std::io::BufRead> Iterator for BoundedLines<R> {
    type Item = std::io::Result<Line>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut kept = Vec::new();
        let mut length = 0usize;
        let mut any = false;
        loop {
            let buffer = match self.reader.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Some(Err(e)),
            };
            if buffer.is_empty() {
                break;
            }
            any = true;
            let (chunk, done) = match buffer.iter().position(|&b| b == b'\n') {
                Some(i) => (&buffer[..i], Some(i + 1)),
                None => (buffer, None),
            };
            let room = (self.limit + 1).saturating_sub(kept.len());
            kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
            length = length.saturating_add(chunk.len());
            let used = done.unwrap_or(chunk.len());
            self.reader.consume(used);
            if done.is_some() {
                break;
            }
        }
        if !any {
            return None;
        }
        if kept.last() == Some(&b'\r') && length <= self.limit {
            kept.pop();
            length -= 1;
        }
        if length > self.limit {
            kept.truncate(self.limit);
            let start = String::from_utf8_lossy(&kept);
            let start = start.trim_end_matches('\u{fffd}').to_string();
            return Some(Ok(Line::TooLong { start, length }));
        }
        Some(Ok(match String::from_utf8(kept) {
            Ok(text) => Line::Text(text),
            Err(_) => Line::NotUtf8 { length },
        }))
    }
}

impl fmt::Display for FileKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.noun())
    }
}

#[cfg(test)]
mod tests;
