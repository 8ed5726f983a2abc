//! The crate's layers, and the imports between them (issue 31): no import
//! circle among the seam, the machinery and the games.
//!
//! - **the seam** (`src/engine/`) names nothing else of the crate;
//! - **the machinery** (everything else under `src/` but the games and
//!   the command line: the registry, bots, scripts, the REPL, pictures,
//!   assets, tournaments, play, check, replay, render, the viewer...)
//!   names neither the games nor the command line: the list of games is
//!   passed in (`registry::Games`);
//! - **the games** (`src/games/<game>/`) name no other game and not the
//!   command line;
//! - **the top** (`src/main.rs`, `src/lib.rs`, `src/cli*`, and
//!   `src/games/mod.rs`, the registration) may name everything;
//! - **the leaves** ([`LEAVES`]: "did you mean", escaping text for where
//!   it goes) name nothing of the crate, and every layer may name them.
//!
//! Imports then only go down (top → games → machinery → seam), so none can
//! close a circle. Test code (a `tests.rs`, a `tests/` folder, an inline
//! `#[cfg(test)] mod tests { ... }`) and comments are not held to it:
//! tests may reach for the built-in games.

use crate::common;

use std::path::Path;

/// The layer of a file of `src/`, by its path relative to `src/`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layer {
    Seam,
    Machinery,
    Game,
    Top,
}

/// The modules every layer may name, which name nothing of the crate.
const LEAVES: [&str; 2] = ["suggest", "escape"];

fn layer(relative: &str) -> Layer {
    if relative.starts_with("engine/") {
        Layer::Seam
    } else if relative == "games/mod.rs"
        || relative == "main.rs"
        || relative == "lib.rs"
        || relative.starts_with("cli")
    {
        Layer::Top
    } else if relative.starts_with("games/") {
        Layer::Game
    } else {
        Layer::Machinery
    }
}

/// Whether a file is test code as a whole.
fn is_test_file(relative: &str) -> bool {
    relative.ends_with("/tests.rs")
        || relative.contains("/tests/")
        || relative.ends_with("_tests.rs")
}

/// The lines of `text` that are code, numbered from 1: comments dropped,
/// and an inline test module (`#[cfg(test)]` then `mod NAME {`) dropped
/// with everything after it.
fn code_lines(text: &str) -> Vec<(usize, &str)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("#[cfg(test)]") {
            let next = lines.get(i + 1).map_or("", |l| l.trim());
            if next.starts_with("mod ") && next.ends_with('{') {
                break;
            }
        }
        if trimmed.starts_with("//") {
            continue;
        }
        let code = line.split("//").next().unwrap_or("");
        out.push((i + 1, code));
    }
    out
}

/// The top-level modules of the crate a line of code names
/// (`crate::games::...` names `games`).
fn crate_modules(code: &str) -> Vec<String> {
    code.match_indices("crate::")
        .filter(|(i, _)| {
            // `tinbots::crate::` cannot be; `foocrate::` is another name.
            code[..*i]
                .chars()
                .next_back()
                .is_none_or(|c| !(c.is_alphanumeric() || c == '_'))
        })
        .map(|(i, m)| {
            code[i + m.len()..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect()
        })
        .collect()
}

/// The game folder a path of `src/` is in (`games/roborally/x.rs` →
/// `roborally`).
fn game_of(relative: &str) -> Option<&str> {
    let rest = relative.strip_prefix("games/")?;
    let (game, _) = rest.split_once('/')?;
    Some(game)
}

/// Every import of `relative`'s `text` its layer forbids, as
/// `file:line: why`.
fn forbidden(relative: &str, text: &str, games: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    if is_test_file(relative) {
        return out;
    }
    let own_layer = layer(relative);
    for (line, code) in code_lines(text) {
        for module in crate_modules(code) {
            let leaf = relative
                .strip_suffix(".rs")
                .is_some_and(|m| LEAVES.contains(&m));
            let why = match (own_layer, module.as_str()) {
                (_, _) if leaf => Some(format!("the leaf {relative} names `crate::{module}`")),
                (_, m) if LEAVES.contains(&m) => None,
                (Layer::Seam, "engine") => None,
                (Layer::Seam, other) => Some(format!("the seam names `crate::{other}`")),
                (Layer::Machinery, "games" | "cli") => {
                    Some(format!("the machinery names `crate::{module}`"))
                }
                (Layer::Game, "cli") => Some("a game names the command line".to_string()),
                _ => None,
            };
            out.extend(why.map(|why| format!("src/{relative}:{line}: {why}: {}", code.trim())));
        }
        if let Some(own) = game_of(relative) {
            for other in games.iter().filter(|g| g.as_str() != own) {
                if code.contains(&format!("games::{other}")) {
                    out.push(format!(
                        "src/{relative}:{line}: the game `{own}` names the game `{other}`: {}",
                        code.trim()
                    ));
                }
            }
        }
        if own_layer == Layer::Seam && code.contains("super::super") {
            out.push(format!(
                "src/{relative}:{line}: the seam reaches out with super::super"
            ));
        }
    }
    out
}

/// The crate's `src/` folder and every `.rs` file under it, sorted.
fn sources() -> (std::path::PathBuf, Vec<std::path::PathBuf>) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    common::rust_files(&src, &mut files);
    files.sort();
    (src, files)
}

#[test]
fn imports_only_go_down_from_the_top_to_the_games_the_machinery_and_the_seam() {
    let (src, files) = sources();
    let games: Vec<String> = std::fs::read_dir(src.join("games"))
        .unwrap()
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(games.len() >= 3, "the game folders are found: {games:?}");
    let mut layers_seen = [false; 4];
    let mut found = Vec::new();
    for file in &files {
        let relative = file
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        layers_seen[layer(&relative) as usize] = true;
        let text = std::fs::read_to_string(file).unwrap();
        found.extend(forbidden(&relative, &text, &games));
    }
    assert_eq!(layers_seen, [true; 4], "every layer has files");
    assert!(
        found.is_empty(),
        "imports against the layers (top → games → machinery → seam):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_check_sees_what_it_forbids_and_lets_tests_and_comments_be() {
    let games = vec!["alpha".to_string(), "beta".to_string()];
    let seam = "use crate::bot::Bot;\nuse crate::engine::State;\nuse crate::suggest::closest;\n";
    assert_eq!(forbidden("engine/mod.rs", seam, &games).len(), 1);
    assert_eq!(
        forbidden("suggest.rs", "use crate::engine::State;\n", &games).len(),
        1
    );
    let machinery = "fn f() { crate::games::ALL; }\n// crate::games in a comment\n";
    assert_eq!(forbidden("repl/session.rs", machinery, &games).len(), 1);
    let game =
        "use crate::games::beta::Thing;\nuse crate::games::alpha::Own;\nuse crate::cli::run;\n";
    assert_eq!(forbidden("games/alpha/x.rs", game, &games).len(), 2);
    let inline_test = "fn f() {}\n#[cfg(test)]\nmod tests {\n    use crate::games::ALL;\n}\n";
    assert!(forbidden("repl/session.rs", inline_test, &games).is_empty());
    assert!(forbidden("repl/tests.rs", machinery, &games).is_empty());
    assert!(forbidden("cli/play.rs", machinery, &games).is_empty());
    assert_eq!(crate_modules("x(crate::a::b, crate::c)"), vec!["a", "c"]);
}

/// The words only some games have (their options and catalogues).
const GAME_WORDS: [&str; 6] = [
    "course", "courses", "mission", "missions", "setup", "orders",
];

/// Every line of code (tests and comments aside) of `relative` that names
/// one of `words` as a whole word, ignoring case.
fn naming(relative: &str, text: &str, words: &[String]) -> Vec<String> {
    if is_test_file(relative) {
        return Vec::new();
    }
    code_lines(text)
        .into_iter()
        .filter_map(|(line, code)| {
            let lower = code.to_lowercase();
            words
                .iter()
                .find(|w| {
                    lower.match_indices(w.as_str()).any(|(i, _)| {
                        let part =
                            |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
                        !part(lower[..i].chars().next_back())
                            && !part(lower[i + w.len()..].chars().next())
                    })
                })
                .map(|w| format!("src/{relative}:{line}: `{w}`: {}", code.trim()))
        })
        .collect()
}

/// Outside the games' folders and their registration, no code names a
/// game (its name, module or title) or a word only some games have: what
/// differs from game to game is declared in the game and reached through
/// the seam and the registry.
#[test]
fn no_code_outside_the_games_names_a_game_or_a_game_s_word() {
    let (src, files) = sources();
    let mut words: Vec<String> = GAME_WORDS.iter().map(|w| w.to_string()).collect();
    for game in tinbots::games::ALL {
        words.push(game.name.to_string());
        words.push(game.name.replace('-', "_"));
        words.push(game.title.to_lowercase());
    }
    let mut found = Vec::new();
    let mut read = 0;
    for file in &files {
        let relative = file
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if matches!(layer(&relative), Layer::Game) || relative == "games/mod.rs" {
            continue;
        }
        read += 1;
        found.extend(naming(
            &relative,
            &std::fs::read_to_string(file).unwrap(),
            &words,
        ));
    }
    assert!(read > 50, "the shared files are read: {read}");
    assert!(
        found.is_empty(),
        "shared code naming a game:\n{}",
        found.join("\n")
    );
}

#[test]
fn naming_sees_whole_words_in_code_only() {
    let words = vec!["course".to_string(), "roborally".to_string()];
    assert_eq!(naming("x.rs", "let course = 1;\n", &words).len(), 1);
    assert_eq!(naming("x.rs", "let RoboRally = 1;\n", &words).len(), 1);
    assert!(naming("x.rs", "// a course\nlet discourse = 1;\n", &words).is_empty());
    assert!(naming("x/tests.rs", "let course = 1;\n", &words).is_empty());
}
