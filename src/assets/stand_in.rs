//! Paths that are not on disk but name a file built into the binary: the
//! one rule every file-taking flag and command follows (`check`,
//! `dispute`, `repl --load`, `--setup`, `--orders`, `--bot`, a file a
//! scenario names), so that every command of the README and the docs runs
//! from any folder after `cargo install`.
//!
//! A path is read from disk when it is there. When it is not, and it is a
//! relative path that names a built-in file (its path in the repository,
//! `./` and `..` resolved, such as `scripts/droids/scenarios/x.toml` or
//! `setups/2p.toml`), the built-in copy is read instead, with a note on
//! stderr, once per folder. A path that starts with `<built-in>/` names the
//! built-in copy itself (what `tinbots check --builtin` checks, and how
//! messages name built-in files), read without a note. A folder given to
//! `check`, and a shell pattern the shell left as typed because nothing on
//! disk matched it (`scripts/twin-tin-bots/scenarios/0[3-4]*.toml`), are
//! matched against the built-in files the same way.
//!
//! The text still goes through the one door's bound ([`crate::files`]):
//! a built-in file larger than its kind's limit is refused as one on disk.

use std::path::{Path, PathBuf};

use super::{built_in, built_in_files, built_in_join, note_once, BUILT_IN};

/// Where the built-in scenarios of the game named `game` are, as a path
/// naming the built-in copy (`<built-in>/scripts/<game>/scenarios`).
pub fn built_in_scenarios(game: &str) -> PathBuf {
    PathBuf::from(format!("{BUILT_IN}/scripts/{game}/scenarios"))
}

/// The built-in path `path` names, and whether it names it explicitly
/// (`<built-in>/...`): a relative path, `./` and `..` resolved, that stays
/// inside the repository. `None` for an absolute path or one that leaves.
fn built_in_key(path: &Path) -> Option<(String, bool)> {
    let text = path.to_str()?;
    let (rest, explicit) = match text
        .strip_prefix(BUILT_IN)
        .and_then(|r| r.strip_prefix('/'))
    {
        Some(rest) => (rest, true),
        None if path.is_relative() => (text, false),
        None => return None,
    };
    let key = built_in_join("", rest);
    (!key.is_empty() && key != ".." && !key.starts_with("../")).then_some((key, explicit))
}

/// The text of the built-in file `path` names, when no file is at `path`
/// on disk (see the module's doc); a note on stderr says so, once per
/// folder, unless the path names the built-in copy explicitly.
pub fn built_in_copy(path: &Path) -> Option<&'static str> {
    let (key, explicit) = built_in_key(path)?;
    let text = built_in(&key)?;
    if !explicit {
        let folder = key.rsplit_once('/').map_or("", |(dir, _)| dir);
        note_once(format!("stand-in {folder}"), || {
            format!("{folder} does not exist here: using the built-in copy, {BUILT_IN}/{folder}")
        });
    }
    Some(text)
}

/// The files directly in the built-in folder `path` names whose names end
/// with `.{extension}`, sorted, each as `path` joined with its name; `None`
/// when `path` names no built-in folder (or names one on disk).
pub fn built_in_folder_files(path: &Path, extension: &str) -> Option<Vec<PathBuf>> {
    let (key, _) = built_in_key(path)?;
    let names = names_in(&key)?;
    let ending = format!(".{extension}");
    Some(
        names
            .into_iter()
            .filter(|name| name.ends_with(&ending))
            .map(|name| path.join(name))
            .collect(),
    )
}

/// The built-in files a shell pattern left as typed matches (`*`, `?` and
/// `[...]` in its last part, as the shell reads them; see [`matches`]),
/// sorted, each as the pattern's folder joined with its name; `None` when
/// `pattern` has none of those in its last part or its folder names no
/// built-in folder.
pub fn built_in_pattern_files(pattern: &Path) -> Option<Vec<PathBuf>> {
    let last = pattern.file_name()?.to_str()?;
    if !last.contains(['*', '?', '[']) {
        return None;
    }
    let folder = pattern.parent().unwrap_or(Path::new(""));
    let (key, _) = built_in_key(folder)?;
    let names = names_in(&key)?;
    Some(
        names
            .into_iter()
            .filter(|name| matches(last, name))
            .map(|name| folder.join(name))
            .collect(),
    )
}

/// The names of the files directly in the built-in folder `key`, sorted;
/// `None` when no built-in file is under it.
fn names_in(key: &str) -> Option<Vec<String>> {
    let prefix = format!("{key}/");
    let mut under = false;
    let names: Vec<String> = built_in_files()
        .filter_map(|(p, _)| p.strip_prefix(&prefix))
        .inspect(|_| under = true)
        .filter(|rest| !rest.contains('/'))
        .map(str::to_string)
        .collect();
    under.then_some(names)
}

/// Whether `name` matches the shell pattern `pattern`: `*` any run of
/// characters, `?` one character, `[abc]`, `[a-z]` and `[!a-z]` (or
/// `[^a-z]`) one character of the set or not of it; a `[` that is not
/// closed is itself. A leading `.` is matched by a `.` only, as the shell
/// does.
pub fn matches(pattern: &str, name: &str) -> bool {
    if name.starts_with('.') && !pattern.starts_with('.') {
        return false;
    }
    let pattern: Vec<char> = pattern.chars().collect();
    let name: Vec<char> = name.chars().collect();
    matches_from(&pattern, &name)
}

/// [`matches`] on characters.
fn matches_from(pattern: &[char], name: &[char]) -> bool {
    match pattern.first() {
        None => name.is_empty(),
        Some('*') => (0..=name.len()).any(|skip| matches_from(&pattern[1..], &name[skip..])),
        Some('?') => !name.is_empty() && matches_from(&pattern[1..], &name[1..]),
        Some('[') => match (name.first(), in_set(&pattern[1..], name.first().copied())) {
            (Some(_), Some((fits, used))) => fits && matches_from(&pattern[1 + used..], &name[1..]),
            (None, Some(_)) => false,
            (Some('['), None) => matches_from(&pattern[1..], &name[1..]),
            (_, None) => false,
        },
        Some(&c) => name.first() == Some(&c) && matches_from(&pattern[1..], &name[1..]),
    }
}

/// Whether `c` is in the set a `[...]` opens (`pattern` starts after the
/// `[`; no character is in no set), and how many characters of `pattern`
/// the set uses, its `]` included; `None` when it is not closed.
fn in_set(pattern: &[char], c: Option<char>) -> Option<(bool, usize)> {
    let negated = matches!(pattern.first(), Some('!' | '^'));
    let start = usize::from(negated);
    // A `]` first in the set is a member, as in the shell.
    let close = pattern
        .iter()
        .enumerate()
        .skip(start + 1)
        .find(|(_, c)| **c == ']')
        .map(|(at, _)| at)?;
    let members = &pattern[start..close];
    let mut found = false;
    let mut at = 0;
    while at < members.len() {
        let (lo, hi, width) = if at + 2 < members.len() && members[at + 1] == '-' {
            (members[at], members[at + 2], 3)
        } else {
            (members[at], members[at], 1)
        };
        found |= c.is_some_and(|c| (lo..=hi).contains(&c));
        at += width;
    }
    Some((found != negated, close + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_match_as_the_shell_does() {
        assert!(matches("33[5-9]_*.toml", "335_a.toml"));
        assert!(matches("33[5-9]_*.toml", "339_.toml"));
        assert!(!matches("33[5-9]_*.toml", "334_a.toml"));
        assert!(!matches("33[5-9]_*.toml", "335_a.lua"));
        assert!(matches("0[3-4]*.toml", "040_x.toml"));
        assert!(!matches("0[3-4]*.toml", "050_x.toml"));
        assert!(matches("[!a]?", "bc"));
        assert!(!matches("[!a]?", "ac"));
        assert!(matches("[]]", "]"));
        assert!(matches("a[b", "a[b"), "an unclosed [ is itself");
        assert!(
            !matches("*", ".hidden"),
            "a leading dot is matched by a dot"
        );
        assert!(matches("*", ""));
    }

    #[test]
    fn a_missing_relative_path_names_the_built_in_copy() {
        let scenario = "scripts/droids/scenarios/ruling.steer-water.enter.toml";
        let text = std::fs::read_to_string(scenario).unwrap();
        assert_eq!(built_in_copy(Path::new(scenario)), Some(text.as_str()));
        assert_eq!(
            built_in_copy(Path::new(
                "./scripts/droids/bots/../scenarios/ruling.steer-water.enter.toml"
            )),
            Some(text.as_str()),
            "./ and .. are resolved"
        );
        assert_eq!(
            built_in_copy(&built_in_scenarios("droids").join("ruling.steer-water.enter.toml")),
            Some(text.as_str())
        );
        assert_eq!(
            built_in_copy(Path::new("/setups/2p.toml")),
            None,
            "absolute"
        );
        assert_eq!(
            built_in_copy(Path::new("../setups/2p.toml")),
            None,
            "outside"
        );
        assert_eq!(
            built_in_copy(Path::new("scripts/droids/scenarios")),
            None,
            "a folder"
        );
        assert!(built_in_copy(Path::new("setups/2p.toml")).is_some());
        assert!(built_in_copy(Path::new("docs/disputes/faq-q1.txt")).is_some());
    }

    #[test]
    fn folders_and_patterns_list_the_built_in_files() {
        let folder = built_in_folder_files(Path::new("scripts/droids/scenarios"), "toml").unwrap();
        let on_disk = std::fs::read_dir("scripts/droids/scenarios")
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .path()
                    .extension()
                    .is_some_and(|x| x == "toml")
            })
            .count();
        assert_eq!(folder.len(), on_disk);
        assert!(folder[0].starts_with("scripts/droids/scenarios"));
        assert_eq!(
            built_in_folder_files(Path::new("scripts/nothing"), "toml"),
            None
        );
        let some =
            built_in_pattern_files(Path::new("scripts/twin-tin-bots/scenarios/33[5-9]_*.toml"))
                .unwrap();
        assert!(!some.is_empty());
        for file in &some {
            let name = file.file_name().unwrap().to_str().unwrap();
            assert!(("335".."340").contains(&&name[..3]), "{name}");
        }
        assert_eq!(
            built_in_pattern_files(Path::new("scripts/twin-tin-bots/scenarios/x.toml")),
            None
        );
    }
}
