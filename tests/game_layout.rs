//! Every game folder has one layout (issue 31, item 3): the one written
//! in `docs/adding-a-game.md`, "The layout of a game folder". For every
//! game of [`tinbots::games::ALL`] (its folder `src/games/<name with - as
//! _>/`) this checks the required paths, the head of its `mod.rs`, that
//! `seam.rs` holds its `GameType` and the `State`, `Describe` and `Named`
//! impls and no other file of the game implements them, and that every
//! `.rs` file begins with a `//!` module doc; that no path under
//! `src/games/` climbs past its parent with `super::super` (one import
//! style: such a path starts at the game's root); and that the table
//! written down lists the paths checked here.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use tinbots::games::ALL;
use tinbots::registry::GameType;

/// The paths every game folder has, each a list of alternatives; a path
/// ending in `/` is a folder with its `mod.rs`. The rows marked
/// "required" in the documented table, in its order.
const REQUIRED: &[&[&str]] = &[
    &["mod.rs"],
    &["seam.rs"],
    &["game/"],
    &["game/narrate.rs"],
    &["game/answer.rs"],
    &["picture.rs", "picture/"],
    &["svg.rs"],
    &["lua/"],
    &["lua/api.rs"],
    &["scenario/"],
];

/// The traits of the seam whose impls live in `seam.rs` only.
const SEAM_TRAITS: [&str; 3] = ["State", "Describe", "Named"];

/// The page the layout is written down in, and its section.
const DOC: &str = "docs/adding-a-game.md";
const SECTION: &str = "## The layout of a game folder";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The folder of a game: `src/games/<name with - as _>/`.
fn folder(game: &GameType) -> PathBuf {
    root().join("src/games").join(game.name.replace('-', "_"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    fn walk(path: &Path, out: &mut Vec<PathBuf>) {
        if path.is_dir() {
            let entries =
                std::fs::read_dir(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            for entry in entries.flatten() {
                walk(&entry.path(), out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path.to_path_buf());
        }
    }
    let mut out = Vec::new();
    walk(dir, &mut out);
    out.sort();
    out
}

/// Whether the layout's `path` is in `dir` (`x/` is `x/mod.rs`).
fn present(dir: &Path, path: &str) -> bool {
    match path.strip_suffix('/') {
        Some(folder) => dir.join(folder).join("mod.rs").is_file(),
        None => dir.join(path).is_file(),
    }
}

/// The trait a line of code implements, if it is `impl [<..>] Path[<..>]
/// for ...`: the path's last segment (`engine::State` gives `State`).
/// What follows `//` is not code.
fn implemented_trait(line: &str) -> Option<&str> {
    let code = line.split("//").next().unwrap_or("");
    let rest = code.trim_start().strip_prefix("impl")?;
    if !rest.starts_with([' ', '<']) {
        return None;
    }
    let mut rest = rest.trim_start();
    if rest.starts_with('<') {
        rest = &rest[closing_angle(rest)?..];
    }
    let rest = rest.trim_start();
    let end = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
        .unwrap_or(rest.len());
    let (path, mut after) = rest.split_at(end);
    if after.starts_with('<') {
        after = &after[closing_angle(after)?..];
    }
    let after = after.trim_start();
    let is_for = after
        .strip_prefix("for")
        .is_some_and(|t| t.starts_with(char::is_whitespace));
    is_for.then(|| path.rsplit("::").next().unwrap_or(path))
}

/// The index after the `>` closing the `<` that `text` starts with.
fn closing_angle(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '<' => depth += 1,
            '>' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// The seam's traits implemented in `text`, with their line numbers.
fn seam_impls(text: &str) -> Vec<(usize, &str)> {
    text.lines()
        .enumerate()
        .filter_map(|(i, line)| implemented_trait(line).map(|t| (i + 1, t)))
        .filter(|(_, t)| SEAM_TRAITS.contains(t))
        .collect()
}

/// A path of a game folder as written in messages: `droids/game/mod.rs`.
fn shown(path: &Path) -> String {
    let games = root().join("src/games");
    path.strip_prefix(&games)
        .unwrap_or(path)
        .display()
        .to_string()
}

#[test]
fn every_game_has_its_folder_registered_from_its_seam_and_every_folder_is_a_game() {
    let registered = read(&root().join("src/games/mod.rs"));
    let mut folders = BTreeSet::new();
    for game in ALL {
        let dir = folder(game);
        assert!(dir.is_dir(), "{}: no folder {}", game.name, dir.display());
        let line = format!("&{}::seam::TYPE", game.name.replace('-', "_"));
        assert!(
            registered.contains(&line),
            "{}: src/games/mod.rs registers it as `{line}`",
            game.name
        );
        folders.insert(dir);
    }
    let entries = std::fs::read_dir(root().join("src/games")).expect("src/games");
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            assert!(
                folders.contains(&path),
                "{}: a folder under src/games/ that is no game of games::ALL",
                path.display()
            );
        }
    }
}

#[test]
fn every_game_folder_has_the_required_paths() {
    let mut missing = Vec::new();
    for game in ALL {
        let dir = folder(game);
        for alternatives in REQUIRED {
            if !alternatives.iter().any(|p| present(&dir, p)) {
                missing.push(format!("{}: {}", game.name, alternatives.join(" or ")));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "required paths missing ({DOC}, \"{}\"):\n{}",
        &SECTION[3..],
        missing.join("\n")
    );
}

#[test]
fn mod_rs_begins_with_the_game_s_title_and_its_rulebook() {
    for game in ALL {
        let path = folder(game).join("mod.rs");
        let head = format!("//! {} (rules: ", game.title);
        let text = read(&path);
        assert!(
            text.starts_with(&head),
            "{}: begins `{}`, not `{head}...`",
            shown(&path),
            text.lines().next().unwrap_or("")
        );
    }
}

#[test]
fn seam_rs_holds_the_game_type_and_the_seam_s_impls_and_no_other_file_does() {
    let mut wrong = Vec::new();
    for game in ALL {
        let dir = folder(game);
        let seam = dir.join("seam.rs");
        let text = read(&seam);
        if !text.contains("pub const TYPE: GameType") {
            wrong.push(format!("{}: no `pub const TYPE: GameType`", shown(&seam)));
        }
        let found: Vec<&str> = seam_impls(&text).into_iter().map(|(_, t)| t).collect();
        for t in SEAM_TRAITS {
            if found.iter().filter(|f| **f == t).count() != 1 {
                wrong.push(format!("{}: not one `impl {t} for`", shown(&seam)));
            }
        }
        for file in rust_files(&dir).into_iter().filter(|f| *f != seam) {
            for (line, t) in seam_impls(&read(&file)) {
                wrong.push(format!(
                    "{}:{line}: `impl {t} for` belongs in seam.rs",
                    shown(&file)
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_rust_file_of_a_game_begins_with_a_module_doc() {
    let mut undocumented = Vec::new();
    let mut count = 0;
    for game in ALL {
        for file in rust_files(&folder(game)) {
            count += 1;
            if !read(&file).starts_with("//!") {
                undocumented.push(shown(&file));
            }
        }
    }
    assert!(count > 100, "the games' files are found: {count}");
    assert!(
        undocumented.is_empty(),
        "files that do not begin with a `//!` doc saying what they are for:\n{}",
        undocumented.join("\n")
    );
}

#[test]
fn no_path_under_src_games_climbs_past_its_parent_with_super_super() {
    let files = rust_files(&root().join("src/games"));
    assert!(
        files.len() > 100,
        "the games' files are found: {}",
        files.len()
    );
    let mut found = Vec::new();
    for file in files {
        for (i, line) in read(&file).lines().enumerate() {
            if line.contains("super::super") {
                found.push(format!("{}:{}: {}", shown(&file), i + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "a path that leaves its parent starts at the game's root \
         (`crate::games::<game>::...`):\n{}",
        found.join("\n")
    );
}

/// The rows of the documented table marked required: the backquoted
/// paths of their first cell.
fn documented_required() -> Vec<Vec<String>> {
    let page = read(&root().join(DOC));
    let start = page
        .find(SECTION)
        .unwrap_or_else(|| panic!("{DOC} has no section `{SECTION}`"));
    let section = &page[start + SECTION.len()..];
    let section = &section[..section.find("\n## ").unwrap_or(section.len())];
    section
        .lines()
        .filter(|l| l.starts_with('|'))
        .filter_map(|row| {
            let cells: Vec<&str> = row.trim_matches('|').split('|').map(str::trim).collect();
            (cells.last() == Some(&"required")).then(|| {
                cells[0]
                    .split('`')
                    .skip(1)
                    .step_by(2)
                    .map(str::to_string)
                    .collect()
            })
        })
        .collect()
}

#[test]
fn the_layout_written_down_is_the_layout_checked() {
    let checked: Vec<Vec<String>> = REQUIRED
        .iter()
        .map(|alternatives| alternatives.iter().map(|p| p.to_string()).collect())
        .collect();
    assert_eq!(
        documented_required(),
        checked,
        "the required rows of {DOC}, \"{}\", and this test's REQUIRED differ",
        &SECTION[3..]
    );
}

#[test]
fn the_scanner_finds_impls_of_the_seam_s_traits_in_any_spelling() {
    for line in [
        "impl State for Game {",
        "impl engine::State for Game {",
        "impl crate::engine::Describe for Game {",
        "    impl<G: Clone> Named for Wrapper<G> {",
        "impl State<Answer> for Game",
    ] {
        let t = implemented_trait(line).unwrap_or_else(|| panic!("missed: {line}"));
        assert!(SEAM_TRAITS.contains(&t), "{line}: {t}");
    }
    for line in [
        "impl Game {",
        "impl DynState for Game {",
        "impl<G: Describe + Named> DynState for G {",
        "// impl State for Game {",
        "/// Lists `impl Named for` lines.",
        "implement State for Game",
        "impl fmt::Display for Event {",
    ] {
        let found = implemented_trait(line).filter(|t| SEAM_TRAITS.contains(t));
        assert_eq!(found, None, "{line}");
    }
}
