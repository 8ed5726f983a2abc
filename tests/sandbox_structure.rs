//! The sandbox's structure holds (DESIGN.md principle 9; docs/security.md):
//! outside the one door (`src/files.rs`), no code opens or writes a file
//! itself, and outside the sandbox (`src/script/sandbox.rs`) and the one
//! meter (`src/script/host.rs`), no code makes a function that Lua scripts
//! can call. So a new game, or a new host function, inherits the bounds
//! and the charges by construction; this test names any place that goes
//! around them.

use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, test files (`tests.rs`, `tests/`) aside.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if name != "tests" {
                sources(&path, out);
            }
        } else if name.ends_with(".rs") && name != "tests.rs" && name != "test_folder.rs" {
            out.push(path);
        }
    }
}

/// The lines of the library's and binary's sources (before any
/// `#[cfg(test)]` module) holding one of `needles`, outside the files
/// `allowed` (paths relative to `src/`).
fn offenders(needles: &[&str], allowed: &[&str]) -> Vec<String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    files.sort();
    let mut found = Vec::new();
    for file in files {
        let relative = file
            .strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if allowed.contains(&relative.as_str()) {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap();
        for (i, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("#[cfg(test)]") {
                break;
            }
            let code = line.split("//").next().unwrap_or("");
            if needles.iter().any(|n| code.contains(n)) {
                found.push(format!("src/{relative}:{}: {}", i + 1, line.trim()));
            }
        }
    }
    found
}

#[test]
fn every_file_is_read_and_written_through_the_one_door() {
    let found = offenders(
        &[
            "read_to_string(",
            "fs::read(",
            "File::open(",
            "fs::write(",
            "File::create(",
            "OpenOptions",
        ],
        &[
            // The door itself.
            "files.rs",
            // The LuaLS stubs' check, a developer's tool run by a test
            // (TINBOTS_BLESS rewrites the stubs in the repository).
            "script/api.rs",
        ],
    );
    assert!(
        found.is_empty(),
        "files opened around `tinbots::files` (read with files::read_text, write with files::write_whole):\n{}",
        found.join("\n")
    );
}

#[test]
fn every_function_a_script_can_call_is_metered() {
    let found = offenders(
        &[
            "create_function(",
            "create_function_mut(",
            "create_async_function(",
            "add_method(",
            "add_method_mut(",
            "add_function(",
            "add_function_mut(",
            "add_async_method(",
            "add_meta_method(",
            "add_meta_method_mut(",
            "add_meta_function(",
            "add_field_method_get(",
            "add_field_function_get(",
            "add_field_method_set(",
        ],
        &["script/sandbox.rs", "script/host.rs"],
    );
    assert!(
        found.is_empty(),
        "functions scripts can call made around the meter (use script::host: host_function, add_host_method, add_host_meta_method, add_host_field):\n{}",
        found.join("\n")
    );
}

/// The value column of `docs/security.md`'s row of limits whose first
/// column starts with `limit`.
fn documented(table: &str, limit: &str) -> String {
    table
        .lines()
        .filter_map(|line| line.strip_prefix("| "))
        .find(|row| row.starts_with(limit))
        .and_then(|row| row.split(" | ").nth(1))
        .unwrap_or_else(|| panic!("docs/security.md has no row for `{limit}`"))
        .to_string()
}

#[test]
fn the_limits_documented_are_the_limits_in_the_code() {
    use tinbots::files::FileKind;
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/security.md");
    let table = std::fs::read_to_string(path).unwrap();
    let limits = tinbots::script::SandboxLimits::default();
    let mib = |bytes: u64| format!("{} MiB", bytes / (1024 * 1024));
    let expected = [
        (
            "Lua instructions per call",
            format!("{} million", limits.instructions / 1_000_000),
        ),
        ("Lua memory per sandbox", mib(limits.memory_bytes as u64)),
        (
            "wall clock per call",
            format!("{} s", limits.wall_clock.as_secs()),
        ),
        ("`print` output kept", mib(limits.output_bytes as u64)),
        (
            "hooks re-entering the engine",
            format!("{} deep", tinbots::script::HOOK_DEPTH),
        ),
        ("a script (", mib(FileKind::Script.limit())),
        ("a game data file", mib(FileKind::Data.limit())),
        ("a scenario", mib(FileKind::Scenario.limit())),
        ("a replay", mib(FileKind::Replay.limit())),
        ("a tournament's rows file", mib(FileKind::Rows.limit())),
        ("a REPL line", format!("{} bytes", tinbots::repl::MAX_LINE)),
        ("`--max-turns`", tinbots::tournament::MAX_TURNS.to_string()),
        ("`--games`", tinbots::tournament::MAX_GAMES.to_string()),
        (
            "bots in one tournament",
            tinbots::tournament::MAX_BOTS.to_string(),
        ),
        (
            "`-j` worker threads",
            tinbots::tournament::MAX_THREADS.to_string(),
        ),
    ];
    let wrong: Vec<String> = expected
        .iter()
        .filter_map(|(limit, value)| {
            let shown = documented(&table, limit);
            (!shown.starts_with(value.as_str()))
                .then(|| format!("`{limit}`: the docs say `{shown}`, the code `{value}`"))
        })
        .collect();
    assert!(wrong.is_empty(), "docs/security.md:\n{}", wrong.join("\n"));
}
