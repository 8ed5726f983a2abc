//! The seam and the machinery above it name no game's vocabulary (issue
//! 31): a game's own options (`--course`, `--mission`, `--setup`,
//! `--orders`) and catalogues (`tinbots courses`, `tinbots missions`) are
//! declared in the game's folder ([`tinbots::engine::GameOption`],
//! [`tinbots::registry::Catalogue`]) and handled by name elsewhere, so a new
//! game's options need no edit outside its folder. Likewise the kinds of
//! file a game looks up by name (order files, courses, missions) are
//! declared in its folder ([`tinbots::assets::GameFiles`]), and `build.rs`
//! ships every folder of a game's scripts. This test names any line of the
//! seam, the command line, tournaments, replays, checks, plays, pictures,
//! the asset library or `build.rs` that spells one of them in code
//! (comments aside), and any line of the asset library that names a game.

use crate::common;

use std::path::{Path, PathBuf};

/// The words only some games have.
const GAME_WORDS: [&str; 6] = [
    "course", "courses", "mission", "missions", "setup", "orders",
];

/// The shared code held to it, relative to `src/` (a folder: every `.rs`
/// in it).
const SHARED: [&str; 10] = [
    "engine",
    "cli",
    "tournament",
    "render.rs",
    "check.rs",
    "play.rs",
    "replay.rs",
    "viewer",
    "assets.rs",
    "assets",
];

/// The shared code held to it outside `src/`, relative to the package.
const SHARED_OUTSIDE_SRC: [&str; 1] = ["build.rs"];

/// The asset library's own code (its tests aside, which look at the
/// games' built-in files), relative to the package: it names no game, and
/// no kind of file of a game.
const ASSET_LIBRARY: [&str; 3] = ["src/assets.rs", "src/assets/kind.rs", "build.rs"];

/// Words of one game's files besides [`GAME_WORDS`].
const GAME_FILE_WORDS: [&str; 2] = ["order file", "order files"];

/// Whether `code` holds `word` as a whole word.
fn has_word(code: &str, word: &str) -> bool {
    code.match_indices(word).any(|(i, _)| {
        let before = code[..i].chars().next_back();
        let after = code[i + word.len()..].chars().next();
        let part = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        !part(before) && !part(after)
    })
}

#[test]
fn the_seam_and_the_machinery_name_no_game_s_options_or_catalogues() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for shared in SHARED {
        common::rust_files(&root.join("src").join(shared), &mut files);
    }
    for shared in SHARED_OUTSIDE_SRC {
        common::rust_files(&root.join(shared), &mut files);
    }
    files.sort();
    assert!(files.len() > 10, "the shared files are found: {files:?}");
    for shared in ["src/assets.rs", "src/assets/kind.rs", "build.rs"] {
        assert!(files.contains(&root.join(shared)), "{shared} is checked");
    }
    let words: Vec<String> = GAME_WORDS.iter().map(|w| w.to_string()).collect();
    let found: Vec<String> = files.iter().flat_map(|f| lines_naming(f, &words)).collect();
    assert!(
        found.is_empty(),
        "a game's word outside its folder (declare it as a GameOption or a Catalogue):\n{}",
        found.join("\n")
    );
}

/// `file` from the repository's folder, for messages.
fn relative(file: &Path) -> std::path::Display<'_> {
    file.strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .unwrap_or(file)
        .display()
}

/// The lines of `file` that spell one of `words` in code (comments
/// aside, so a doc comment that is a flag's help may name a game), as
/// `file:line: word: text`; `words` are matched as whole words, ignoring
/// case.
fn lines_naming(file: &Path, words: &[String]) -> Vec<String> {
    let shown = relative(file);
    let text = std::fs::read_to_string(file).unwrap();
    let mut found = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("").to_lowercase();
        if let Some(word) = words.iter().find(|w| has_word(&code, &w.to_lowercase())) {
            found.push(format!("{shown}:{}: `{word}`: {}", i + 1, line.trim()));
        }
    }
    found
}

/// The command line is given its games (`tinbots::cli::run(&games, ..)`):
/// no file of it, a new command's module included, names a game (its
/// name, module or title) or a word only some games have, or reaches
/// for the built-in games (`games::registry()`, `games::ALL`).
#[test]
fn the_command_line_names_no_game_and_no_game_s_word() {
    let cli = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/cli");
    let mut files = Vec::new();
    common::rust_files(&cli, &mut files);
    files.sort();
    assert!(
        files.len() >= 10 && files.contains(&cli.join("mod.rs")),
        "one module per command under src/cli/: {files:?}"
    );
    let mut words: Vec<String> = GAME_WORDS.iter().map(|w| w.to_string()).collect();
    for game in tinbots::games::ALL {
        words.push(game.name.to_string());
        words.push(game.name.replace('-', "_"));
        words.push(game.title.to_string());
    }
    let mut found: Vec<String> = files.iter().flat_map(|f| lines_naming(f, &words)).collect();
    // Its doc comments are the commands' help: they name no game either
    // (a help that must, such as `-p`'s counts, is made from the games).
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (i, line) in text.lines().enumerate() {
            let Some(doc) = line.trim_start().strip_prefix("///") else {
                continue;
            };
            let doc = doc.to_lowercase();
            if let Some(word) = words.iter().find(|w| has_word(&doc, &w.to_lowercase())) {
                found.push(format!(
                    "{}:{}: help names `{word}`: {}",
                    relative(file),
                    i + 1,
                    line.trim()
                ));
            }
        }
    }
    // The built-in list is the binary's to give, not the command line's
    // to reach for.
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (i, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            if code.contains("crate::games") || code.contains("tinbots::games") {
                found.push(format!("{}:{}: {}", relative(file), i + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "the command line names a game or a game's word (look it up in the games given, or declare it in the game):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_asset_library_names_no_game_and_no_game_s_kind_of_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files: Vec<PathBuf> = ASSET_LIBRARY.iter().map(|f| root.join(f)).collect();
    let mut words: Vec<String> = GAME_FILE_WORDS.iter().map(|w| w.to_string()).collect();
    for game in tinbots::games::ALL {
        words.push(game.name.to_string());
        words.push(game.name.replace('-', "_"));
    }
    let found: Vec<String> = files.iter().flat_map(|f| lines_naming(f, &words)).collect();
    assert!(
        found.is_empty(),
        "a game's name or kind of file in the asset library (declare it as GameFiles in the game's folder):\n{}",
        found.join("\n")
    );
}

#[test]
fn whole_words_are_told_from_parts_of_words() {
    assert!(has_word("let course = 1;", "course"));
    assert!(has_word("\"--course\"", "course"));
    assert!(!has_word("let of_course_x = 1;", "course"));
    assert!(!has_word("discourse", "course"));
    assert!(has_word("find(\"twin-tin-bots\")", "twin-tin-bots"));
    assert!(has_word("games::roborally::seam", "roborally"));
}
