//! Builds the list of files shipped inside the binary: the official
//! variants of every game (`variants/<game>/<name>/`), the setups
//! (`setups/`), the command files the docs feed the REPL
//! (`docs/disputes/`), and what each game has in `scripts/<game>/`: every
//! folder but those of [`NOT_SHIPPED`] (its bots with their `lib/`, its
//! scenarios, and the folders of the files it declares), and the files
//! directly in it. So every file a command of the README or the docs
//! names is in an installed binary too. A game is a folder of `scripts/`, and a
//! kind of file a folder of the game's, so a new game, or a new kind of
//! file, needs no change here. It writes `built_in_files.rs` into
//! `OUT_DIR`, a sorted table of `(path, include_str!(...))` that
//! `src/assets.rs` includes, and tells cargo to run again when a file or
//! folder among them is added, removed or changed.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The folders shipped whole, relative to the package's root: the
/// variants, the setups, and the REPL command files the docs use.
const WHOLE: [&str; 3] = ["variants", "setups", "docs/disputes"];

/// The folder of the games' scripts, one folder per game.
const SCRIPTS: &str = "scripts";

/// The folders of a game's scripts that are not shipped: its LuaLS stubs
/// (for editors, read from a checkout).
const NOT_SHIPPED: [&str; 1] = ["api"];

/// The kinds of file shipped: scripts, manifests and scenarios, and the
/// REPL's command files.
const EXTENSIONS: [&str; 3] = ["lua", "toml", "txt"];

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let mut files = Vec::new();
    for folder in WHOLE {
        collect(&root, &root.join(folder), &[], &mut files);
    }
    let scripts = root.join(SCRIPTS);
    println!("cargo:rerun-if-changed={}", scripts.display());
    let mut games: Vec<PathBuf> = std::fs::read_dir(&scripts)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    games.sort();
    for game in games {
        collect(&root, &game, &NOT_SHIPPED, &mut files);
    }
    files.sort();
    let mut table = String::from(
        "/// Every built-in file: its path relative to the repository, and its text; sorted by path.\n\
         pub(crate) static FILES: &[(&str, &str)] = &[\n",
    );
    for (relative, absolute) in &files {
        writeln!(table, "    ({relative:?}, include_str!({absolute:?})),")
            .expect("writing a String");
    }
    table.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it"));
    std::fs::write(out.join("built_in_files.rs"), table).expect("OUT_DIR is writable");
}

/// Adds the shipped files under `dir` (recursively, but not in its
/// folders named in `skip`) to `files` as (path relative to `root` with
/// `/` separators, absolute path), and asks cargo to watch every folder
/// and file seen.
fn collect(root: &Path, dir: &Path, skip: &[&str], files: &mut Vec<(String, String)>) {
    // A folder that does not exist is not watched: cargo would count it as
    // changed at every build and compile the crate again each time (a new
    // folder is seen through `scripts/`, which is watched).
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    println!("cargo:rerun-if-changed={}", dir.display());
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name.starts_with('.') {
            continue;
        }
        if path.is_dir() {
            if !skip.contains(&name.as_ref()) {
                collect(root, &path, &[], files);
            }
            continue;
        }
        let shipped = path
            .extension()
            .is_some_and(|e| EXTENSIONS.iter().any(|x| e == *x));
        if !shipped {
            continue;
        }
        println!("cargo:rerun-if-changed={}", path.display());
        let relative = path
            .strip_prefix(root)
            .expect("a file under the root")
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join("/");
        files.push((relative, path.display().to_string()));
    }
}
