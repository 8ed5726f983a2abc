//! The fuzz harness (docs/security.md): hostile inputs built from every
//! format and every place a script runs, asserting that tinbots refuses
//! them cleanly: no panic, no abort, no hang, a refusal that names the
//! file, and nothing accepted that breaks a game's invariants.
//!
//! - **Game files** (every scenario, board, course and mission of
//!   `scripts/<game>/`), mutated ([`mutate`]: numbers at type bounds, extra
//!   and missing array elements and keys, values of another type, control
//!   characters, markup and huge strings, cut text), checked and drawn in
//!   this process.
//! - **Replays** of a short game of every registered game, mutated alike,
//!   loaded and replayed in this process.
//! - **Setups and variant manifests**, mutated, through the binary.
//! - **Hostile scripts** (`tests/fuzz/hostile.lua`): a body that calls
//!   every function it can reach with hostile arguments (the names come
//!   from every game's LuaLS stubs), then allocates without end, loops
//!   inside a native function, stores a million keys or loops forever; run
//!   through the binary as a bot of every game and in every hook of the
//!   hosts in `tests/fuzz/hosts/` (a variant, a mission: one folder each).
//!
//! `cargo test --release` runs a few cases of each (what CI runs);
//! `TINBOTS_FUZZ_CASES=2000 cargo test --release --test suite fuzz::` runs many
//! more. A failing case prints the input that failed, and proptest keeps
//! it in `tests/fuzz.proptest-regressions` to run first next time.

use crate::common;
#[path = "fuzz/mutate.rs"]
mod mutate;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use proptest::prelude::*;
use tinbots::engine::{DynState, GameOptions};
use tinbots::replay::Record;

/// How long one case may take before it counts as a hang (a hang
/// detector, not a speed goal).
const SLOW: Duration = Duration::from_secs(30);

/// Cases per property: `TINBOTS_FUZZ_CASES`, else `default`.
fn cases(default: u32) -> u32 {
    std::env::var("TINBOTS_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

fn config(default: u32) -> ProptestConfig {
    ProptestConfig {
        cases: cases(default),
        max_shrink_iters: 64,
        ..ProptestConfig::default()
    }
}

/// A copy of the repository's `scripts/`, `variants/` and `setups/` that
/// mutated files are written into, so that what they name (boards next to
/// courses, scripts next to missions, variants near scenarios) resolves.
fn workspace() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("fuzz-workspace");
        std::fs::remove_dir_all(&dir).ok();
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        for folder in ["scripts", "variants", "setups", "tests/fuzz/hosts"] {
            copy_tree(&root.join(folder), &dir.join(folder));
        }
        dir
    })
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            copy_tree(&path, &to.join(entry.file_name()));
        } else {
            std::fs::copy(&path, to.join(entry.file_name())).unwrap();
        }
    }
}

/// Every file of the workspace under `scripts/<game>/<folder>/` with the
/// extension `ext`, for the folders given, sorted.
fn game_files(folders: &[&str], ext: &str) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let scripts = workspace().join("scripts");
    for game in std::fs::read_dir(&scripts).unwrap().flatten() {
        for folder in folders {
            let Ok(entries) = std::fs::read_dir(game.path().join(folder)) else {
                continue;
            };
            for e in entries.flatten() {
                let p = e.path();
                let name = e.file_name().to_string_lossy().into_owned();
                if p.extension().is_some_and(|x| x == ext) && !name.starts_with("fuzz-") {
                    files.push(p);
                }
            }
        }
    }
    files.sort();
    files
}

/// A file that removes itself when dropped.
struct Written(PathBuf);

impl Drop for Written {
    fn drop(&mut self) {
        std::fs::remove_file(&self.0).ok();
    }
}

/// Writes `text` beside `seed` under a name of its own for this case.
fn write_beside(seed: &Path, text: &str) -> Written {
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let name = format!(
        "fuzz-{}-{n}-{}",
        std::process::id(),
        seed.file_name().unwrap().to_string_lossy()
    );
    let path = seed.with_file_name(name);
    std::fs::write(&path, text).unwrap();
    Written(path)
}

/// Runs `f`, failing the case (with `input` shown) on a panic or when it
/// takes longer than [`SLOW`].
fn clean<T>(input: &str, f: impl FnOnce() -> T) -> Result<T, TestCaseError> {
    let start = Instant::now();
    let result = catch_unwind(AssertUnwindSafe(f));
    let took = start.elapsed();
    let shown = tinbots::script::text::cut(input, 2000);
    match result {
        Err(_) => Err(TestCaseError::fail(format!("panicked on:\n{shown}"))),
        Ok(_) if took > SLOW => Err(TestCaseError::fail(format!("took {took:?} on:\n{shown}"))),
        Ok(v) => Ok(v),
    }
}

/// Fails the case unless `message` names the file `path`.
fn names_file(message: &str, path: &Path, input: &str) -> Result<(), TestCaseError> {
    let name = path.file_name().unwrap().to_string_lossy();
    prop_assert!(
        message.contains(&*name),
        "the refusal does not name {name}: {message}\non:\n{}",
        tinbots::script::text::cut(input, 2000)
    );
    Ok(())
}

/// Fails the case when a game that was accepted breaks its invariants.
fn sound(game: &dyn DynState, input: &str) -> Result<(), TestCaseError> {
    if let Err(e) = game.check_invariants() {
        return Err(TestCaseError::fail(format!(
            "accepted, but the game breaks its invariants ({e}) on:\n{}",
            tinbots::script::text::cut(input, 2000)
        )));
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(48))]

    /// A mutated scenario, board, course or mission is checked and drawn
    /// cleanly, or refused naming the file.
    #[test]
    fn mutated_game_files_are_refused_or_sound(pick in any::<usize>(), m in mutate::mutation()) {
        let seeds = game_files(&["scenarios", "boards", "courses", "missions"], "toml");
        let seed = &seeds[pick % seeds.len()];
        let text = std::fs::read_to_string(seed).unwrap();
        let Some(mutated) = mutate::toml_text(&text, &m) else { return Ok(()) };
        let file = write_beside(seed, &mutated);
        let input = format!("{} ({m:?}):\n{mutated}", seed.display());
        let checked = clean(&input, || tinbots::check::check_file(&tinbots::games::registry(), &file.0, None, &[]))?;
        if let Err(e) = &checked {
            names_file(e, &file.0, &input)?;
        }
        let drawn = clean(&input, || tinbots::render::position(&tinbots::games::registry(), &file.0, &[]))?;
        match drawn {
            Ok(game) => {
                sound(game.as_ref(), &input)?;
                clean(&input, || game.svg(None))?;
            }
            Err(e) => names_file(&e.to_string(), &file.0, &input)?,
        }
    }
}

/// The files the mutations start from are sound themselves: each
/// scenario, course and mission opens (as `render` and the REPL's `load`
/// open it) into a game that keeps its invariants. (A board alone has no
/// start: `render` refuses it, naming it.)
#[test]
fn every_built_in_game_file_opens_into_a_sound_game() {
    let mut broken = Vec::new();
    for file in game_files(&["scenarios", "courses", "missions"], "toml") {
        match tinbots::render::position(&tinbots::games::registry(), &file, &[]) {
            Err(e) => broken.push(format!("{}: refused: {e}", file.display())),
            Ok(game) => {
                if let Err(e) = game.check_invariants() {
                    broken.push(format!("{}: {e}", file.display()));
                }
            }
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

/// A short game of every registered game, as replay JSON.
fn replays() -> &'static [String] {
    static REPLAYS: OnceLock<Vec<String>> = OnceLock::new();
    REPLAYS.get_or_init(|| {
        tinbots::games::ALL
            .iter()
            .map(|game_type| {
                let options = GameOptions {
                    seed: 5,
                    ..GameOptions::default()
                };
                let started = game_type.start(&options).unwrap();
                let mut game = started.game;
                let mut record = Record::new(game_type, started.start);
                let mut state = 7u64;
                for _ in 0..60 {
                    let n = game.legal_count();
                    if n == 0 {
                        break;
                    }
                    state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
                    let i = (state >> 33) as usize % n;
                    let text = game.legal_text(i).unwrap();
                    game.apply_index(i).unwrap();
                    record.answers.push(text);
                }
                record.to_json()
            })
            .collect()
    })
}

proptest! {
    #![proptest_config(config(48))]

    /// A mutated replay of any game is replayed soundly, or refused naming
    /// the file.
    #[test]
    fn mutated_replays_are_refused_or_sound(pick in any::<usize>(), m in mutate::mutation()) {
        let all = replays();
        let text = &all[pick % all.len()];
        let Some(mutated) = mutate::json_text(text, &m) else { return Ok(()) };
        let dir = workspace().join("replays");
        std::fs::create_dir_all(&dir).unwrap();
        let file = write_beside(&dir.join("replay.json"), &mutated);
        let input = format!("replay ({m:?}):\n{mutated}");
        let shown = file.0.display().to_string();
        let played = clean(&input, || Record::load(&tinbots::games::registry(), &file.0).and_then(|r| r.game(&tinbots::games::registry(), &shown)))?;
        match played {
            Ok(game) => sound(game.as_ref(), &input)?,
            Err(e) => names_file(&e.to_string(), &file.0, &input)?,
        }
    }
}

/// Runs the binary in `dir` with `args`; the case fails on a panic, an
/// abort or a signal, on an exit status other than 0 and 2, and on a
/// refusal (2) that does not name `names` (when given).
fn binary_refuses_cleanly(
    args: &[String],
    names: Option<&str>,
    input: &str,
) -> Result<(), TestCaseError> {
    let start = Instant::now();
    let out = common::run_with_input(
        Command::new(env!("CARGO_BIN_EXE_tinbots"))
            .args(args)
            .current_dir(workspace()),
        b"",
    );
    let took = start.elapsed();
    let err = String::from_utf8_lossy(&out.stderr);
    let shown = tinbots::script::text::cut(input, 2000);
    prop_assert!(
        !err.contains("panicked"),
        "{args:?} panicked: {err}\non:\n{shown}"
    );
    prop_assert!(took < SLOW * 2, "{args:?} took {took:?}\non:\n{shown}");
    match out.status.code() {
        Some(0) => Ok(()),
        Some(2) => {
            if let Some(name) = names {
                prop_assert!(
                    err.contains(name),
                    "{args:?}: the refusal does not name {name}: {err}\non:\n{shown}"
                );
            }
            Ok(())
        }
        other => Err(TestCaseError::fail(format!(
            "{args:?} ended with {other:?} (a crash?): {err}\non:\n{shown}"
        ))),
    }
}

proptest! {
    #![proptest_config(config(12))]

    /// A mutated setup or variant manifest given to `play` is played or
    /// refused cleanly, naming the file.
    #[test]
    fn mutated_setups_and_manifests_are_refused_cleanly(
        pick in any::<usize>(),
        m in mutate::mutation(),
        seed in 0u64..1000,
    ) {
        let ws = workspace();
        let mut seeds: Vec<PathBuf> = std::fs::read_dir(ws.join("setups"))
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        for game in std::fs::read_dir(ws.join("variants")).unwrap().flatten() {
            for v in std::fs::read_dir(game.path()).unwrap().flatten() {
                let manifest = v.path().join("variant.toml");
                if manifest.is_file() {
                    seeds.push(manifest);
                }
            }
        }
        seeds.sort();
        let seed_file = &seeds[pick % seeds.len()];
        let text = std::fs::read_to_string(seed_file).unwrap();
        let Some(mutated) = mutate::toml_text(&text, &m) else { return Ok(()) };
        let input = format!("{} ({m:?}):\n{mutated}", seed_file.display());
        let seed_text = seed.to_string();
        if seed_file.file_name().is_some_and(|n| n == "variant.toml") {
            // A variant folder of its own, beside the original.
            let original = seed_file.parent().unwrap();
            let game = original.parent().unwrap();
            let name = format!("fuzz-{}-{seed}", std::process::id());
            let folder = game.join(&name);
            copy_tree(original, &folder);
            let manifest = mutated.replacen(
                &format!("name = \"{}\"", original.file_name().unwrap().to_string_lossy()),
                &format!("name = \"{name}\""),
                1,
            );
            std::fs::write(folder.join("variant.toml"), &manifest).unwrap();
            let game_name = game.file_name().unwrap().to_string_lossy().into_owned();
            let args: Vec<String> = [
                "--game", &game_name, "play", "-s", &seed_text, "--variant-path",
                &game.display().to_string(), "--variant", &name, "--max-turns", "3", "--quiet",
            ]
            .iter()
            .map(|s| s.to_string())
            .collect();
            let result = binary_refuses_cleanly(&args, None, &input);
            std::fs::remove_dir_all(&folder).ok();
            result?;
        } else {
            let file = write_beside(seed_file, &mutated);
            let name = file.0.file_name().unwrap().to_string_lossy().into_owned();
            let args: Vec<String> = [
                "play", "-s", &seed_text, "--setup", &file.0.display().to_string(),
                "--max-turns", "3", "--quiet",
            ]
            .iter()
            .map(|s| s.to_string())
            .collect();
            binary_refuses_cleanly(&args, Some(&name), &input)?;
        }
    }
}

/// Every method and function name in the games' LuaLS stubs: what the
/// hostile body tries on every object it reaches.
fn api_names() -> &'static [String] {
    static NAMES: OnceLock<Vec<String>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let mut names = std::collections::BTreeSet::new();
        let scripts = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts");
        for game in std::fs::read_dir(scripts).unwrap().flatten() {
            let Ok(stubs) = std::fs::read_dir(game.path().join("api")) else {
                continue;
            };
            for stub in stubs.flatten() {
                let text = std::fs::read_to_string(stub.path()).unwrap();
                for line in text.lines() {
                    let Some(rest) = line.strip_prefix("function ") else {
                        continue;
                    };
                    let head = rest.split('(').next().unwrap_or("");
                    if let Some(name) = head.rsplit([':', '.']).next() {
                        if !name.is_empty() && head.contains([':', '.']) {
                            names.insert(name.to_string());
                        }
                    }
                }
            }
        }
        names.into_iter().collect()
    })
}

/// The hostile body with its settings.
fn hostile_body(mode: &str, seed: u64, big: usize, repeats: u32) -> String {
    let names: Vec<String> = api_names().iter().map(|n| format!("{n:?}")).collect();
    format!(
        "local FUZZ = {{ mode = {mode:?}, seed = {seed}, big = {big}, repeats = {repeats}, names = {{ {} }} }}\n{}",
        names.join(", "),
        include_str!("fuzz/hostile.lua")
    )
}

/// Where hostile scripts run: (its name, the game, the folder to copy or
/// none for a bot, the file the body goes in, the arguments).
struct Host {
    name: String,
    folder: Option<PathBuf>,
    script: String,
    args: Vec<String>,
}

/// A bot of every registered game, and every host of `tests/fuzz/hosts/`.
fn hosts() -> Vec<Host> {
    let mut hosts: Vec<Host> = tinbots::games::ALL
        .iter()
        .map(|g| Host {
            name: format!("{} bot", g.name),
            folder: None,
            script: "hostile-bot.lua".into(),
            args: [
                "--game",
                g.name,
                "play",
                "-s",
                "{seed}",
                "--bot",
                "all={dir}/hostile-bot.lua",
                "--max-turns",
                "3",
                "--quiet",
            ]
            .iter()
            .map(|s| s.to_string())
            .collect(),
        })
        .collect();
    let dir = workspace().join("tests/fuzz/hosts");
    let mut folders: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    folders.sort();
    for folder in folders {
        let host: toml::Table = std::fs::read_to_string(folder.join("host.toml"))
            .unwrap()
            .parse()
            .unwrap();
        hosts.push(Host {
            name: folder.file_name().unwrap().to_string_lossy().into_owned(),
            script: host["script"].as_str().unwrap().to_string(),
            args: host["args"]
                .as_array()
                .unwrap()
                .iter()
                .map(|a| a.as_str().unwrap().to_string())
                .collect(),
            folder: Some(folder),
        });
    }
    hosts
}

proptest! {
    #![proptest_config(config(10))]

    /// A hostile script in any host is stopped by the sandbox, naming the
    /// script, or ends: never a crash or a hang.
    #[test]
    fn hostile_scripts_are_stopped_cleanly(
        pick in any::<usize>(),
        mode in prop::sample::select(vec!["walk", "allocate", "native", "store", "loop"]),
        seed in 0u64..1000,
        big in prop::sample::select(vec![0usize, 1000, 1 << 20]),
        repeats in 1u32..4,
    ) {
        let all = hosts();
        let host = &all[pick % all.len()];
        let body = hostile_body(mode, seed, big, repeats);
        let case = workspace().join(format!("hostile-{}-{seed}-{pick}", std::process::id()));
        std::fs::remove_dir_all(&case).ok();
        match &host.folder {
            Some(folder) => copy_tree(folder, &case),
            None => std::fs::create_dir_all(&case).unwrap(),
        }
        let script = case.join(&host.script);
        let text = match &host.folder {
            Some(_) => std::fs::read_to_string(&script).unwrap().replace("--[[HOSTILE]]", &body),
            None => format!(
                "{body}\nreturn {{ choose = function(view, decision) hostile(view, decision) return 1 end }}\n"
            ),
        };
        std::fs::write(&script, &text).unwrap();
        let args: Vec<String> = host
            .args
            .iter()
            .map(|a| a.replace("{dir}", &case.display().to_string()).replace("{seed}", &seed.to_string()))
            .collect();
        let input = format!("{} in {mode} mode (seed {seed}, big {big}, repeats {repeats})", host.name);
        let name = Path::new(&host.script).file_name().unwrap().to_string_lossy().into_owned();
        let result = binary_refuses_cleanly(&args, Some(&name), &input);
        std::fs::remove_dir_all(&case).ok();
        result?;
    }
}
