//! Issue 29, item 4: every entry point of the binary that reads a file
//! reads it through the one door (`files::read_text`), with a bound. Each
//! is given a path that is, or links to, `/dev/zero`, `/dev/urandom`, a
//! FIFO and a folder, and must end quickly with exit status 2 and a
//! message naming the file: before the door, `/dev/zero` grew to
//! gigabytes and a FIFO blocked for ever. A run that does not end within
//! [`QUICK`] is killed and fails the test (it does not hang the suite).

#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// How long a refusal may take (a hang detector with room for a loaded
/// machine; each refusal takes milliseconds).
const QUICK: Duration = Duration::from_secs(20);

/// A folder of its own for a test, removed when dropped.
struct Temp(PathBuf);

impl Temp {
    fn new(name: &str) -> Temp {
        let dir = std::env::temp_dir().join(format!("tinbots-doors-{}-{name}", std::process::id()));
        std::fs::remove_dir_all(&dir).ok();
        std::fs::create_dir_all(&dir).unwrap();
        Temp(dir)
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

/// What a hostile path is.
#[derive(Clone, Copy, Debug)]
enum Hostile {
    /// A link to `/dev/zero`: endless zeros.
    Zero,
    /// A link to `/dev/urandom`: endless bytes, not text.
    Urandom,
    /// A FIFO nobody writes to: opening it blocks.
    Fifo,
    /// A folder.
    Folder,
}

const ALL: [Hostile; 4] = [
    Hostile::Zero,
    Hostile::Urandom,
    Hostile::Fifo,
    Hostile::Folder,
];

impl Hostile {
    /// Makes `path` this hostile thing (its parent folder made first).
    fn make(self, path: &Path) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        match self {
            Hostile::Zero => std::os::unix::fs::symlink("/dev/zero", path).unwrap(),
            Hostile::Urandom => std::os::unix::fs::symlink("/dev/urandom", path).unwrap(),
            Hostile::Fifo => {
                let made = Command::new("mkfifo").arg(path).status().unwrap();
                assert!(made.success(), "mkfifo {}", path.display());
            }
            Hostile::Folder => std::fs::create_dir(path).unwrap(),
        }
    }
}

/// Runs the binary in the repository with `args` and `stdin`, killed
/// (and the test failed) when it runs past [`QUICK`].
fn run(args: &[String], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tinbots"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    {
        use std::io::Write;
        let mut input = child.stdin.take().unwrap();
        let _ = input.write_all(stdin.as_bytes());
    }
    let started = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            return child.wait_with_output().unwrap();
        }
        if started.elapsed() > QUICK {
            child.kill().ok();
            let _ = child.wait();
            panic!("tinbots {args:?} still ran after {QUICK:?}: killed");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// An entry point: its name, the name the hostile file is given (its
/// extension tells some loaders what it is), and the command line (and
/// stdin) that reads it, given the folder and the hostile path.
struct Entry {
    name: &'static str,
    file: &'static str,
    command: fn(&Path, &Path) -> (Vec<String>, String),
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|a| a.to_string()).collect()
}

fn shown(p: &Path) -> String {
    p.display().to_string()
}

/// Every entry point that reads a file a user names (or a file names).
fn entries() -> Vec<Entry> {
    vec![
        Entry {
            name: "check",
            file: "scenario.toml",
            command: |_, p| (strings(&["check", &shown(p)]), String::new()),
        },
        Entry {
            name: "render a replay",
            file: "game.json",
            command: |d, p| {
                let out = shown(&d.join("out.svg"));
                (strings(&["render", &shown(p), "-o", &out]), String::new())
            },
        },
        Entry {
            name: "render a scenario",
            file: "position.toml",
            command: |d, p| {
                let out = shown(&d.join("out.svg"));
                (strings(&["render", &shown(p), "-o", &out]), String::new())
            },
        },
        Entry {
            name: "replay",
            file: "game.json",
            command: |_, p| (strings(&["replay", &shown(p)]), String::new()),
        },
        Entry {
            name: "replay --html",
            file: "game.json",
            command: |d, p| {
                let out = shown(&d.join("out.html"));
                (
                    strings(&["replay", &shown(p), "--html", &out]),
                    String::new(),
                )
            },
        },
        Entry {
            name: "repl --load a replay",
            file: "game.json",
            command: |_, p| (strings(&["repl", "--load", &shown(p)]), String::new()),
        },
        Entry {
            name: "repl --load a scenario",
            file: "position.toml",
            command: |_, p| (strings(&["repl", "--load", &shown(p)]), String::new()),
        },
        Entry {
            name: "the REPL's load",
            file: "game.json",
            command: |_, p| (strings(&["repl"]), format!("load {}\n", shown(p))),
        },
        Entry {
            name: "the REPL's bot",
            file: "bot.lua",
            command: |_, p| (strings(&["repl"]), format!("bot red {}\n", shown(p))),
        },
        Entry {
            name: "play --setup",
            file: "setup.toml",
            command: |_, p| {
                (
                    strings(&["play", "-q", "--setup", &shown(p)]),
                    String::new(),
                )
            },
        },
        Entry {
            name: "play --bot",
            file: "bot.lua",
            command: |_, p| {
                let bot = format!("red={}", shown(p));
                (strings(&["play", "-q", "--bot", &bot]), String::new())
            },
        },
        Entry {
            name: "tournament --bot",
            file: "bot.lua",
            command: |_, p| {
                let args = [
                    "tournament",
                    "--bot",
                    &shown(p),
                    "--bot",
                    "random",
                    "-g",
                    "1",
                ];
                (strings(&args), String::new())
            },
        },
        Entry {
            name: "play --orders",
            file: "orders.lua",
            command: |_, p| {
                (
                    strings(&["play", "-q", "--orders", &shown(p)]),
                    String::new(),
                )
            },
        },
        Entry {
            name: "orders",
            file: "orders.lua",
            command: |_, p| (strings(&["orders", &shown(p)]), String::new()),
        },
        Entry {
            name: "--course",
            file: "course.toml",
            command: |_, p| {
                let args = ["--game", "roborally", "play", "-q", "--course", &shown(p)];
                (strings(&args), String::new())
            },
        },
        Entry {
            name: "--mission",
            file: "mission.toml",
            command: |_, p| {
                let args = ["--game", "droids", "play", "-q", "--mission", &shown(p)];
                (strings(&args), String::new())
            },
        },
        Entry {
            name: "tournament merge",
            file: "part.json",
            command: |_, p| (strings(&["tournament", "merge", &shown(p)]), String::new()),
        },
        Entry {
            name: "a variant's manifest",
            file: "variants/evil/variant.toml",
            command: |d, _| {
                let path = shown(&d.join("variants"));
                let args = ["play", "-q", "--variant-path", &path, "--variant", "evil"];
                (strings(&args), String::new())
            },
        },
        Entry {
            name: "a RoboRally variant's manifest",
            file: "variants/evil/variant.toml",
            command: |d, _| {
                let path = shown(&d.join("variants"));
                let args = [
                    "--game",
                    "roborally",
                    "play",
                    "-q",
                    "--variant-path",
                    &path,
                    "--variant",
                    "evil",
                ];
                (strings(&args), String::new())
            },
        },
        Entry {
            name: "a variant's script",
            file: "variants/evil/variant.lua",
            command: |d, _| {
                let manifest = d.join("variants/evil/variant.toml");
                std::fs::write(
                    &manifest,
                    "name = \"evil\"\ndescription = \"hostile\"\nsource = \"a test\"\n",
                )
                .unwrap();
                let path = shown(&d.join("variants"));
                let args = ["play", "-q", "--variant-path", &path, "--variant", "evil"];
                (strings(&args), String::new())
            },
        },
        Entry {
            name: "a bot's require",
            file: "bots/module.lua",
            command: |d, _| {
                let bot = d.join("bots/requiring.lua");
                std::fs::write(
                    &bot,
                    "local m = require(\"module\")\nreturn { choose = function() return 1 end }\n",
                )
                .unwrap();
                let bot = format!("red={}", shown(&bot));
                (strings(&["play", "-q", "--bot", &bot]), String::new())
            },
        },
        Entry {
            name: "--bot-path",
            file: "bots/zed.lua",
            command: |d, _| {
                let path = shown(&d.join("bots"));
                let args = ["play", "-q", "--bot-path", &path, "--bot", "red=zed"];
                (strings(&args), String::new())
            },
        },
    ]
}

#[test]
fn every_entry_point_refuses_devices_fifos_and_folders_quickly_naming_the_file() {
    let mut wrong = Vec::new();
    for entry in entries() {
        for hostile in ALL {
            let dir = Temp::new(&format!(
                "{}-{hostile:?}",
                entry.name.replace([' ', '\'', '-'], "_")
            ));
            let target = dir.path(entry.file);
            hostile.make(&target);
            let (args, stdin) = (entry.command)(&dir.0, &target);
            let started = Instant::now();
            let o = run(&args, &stdin);
            let said = format!(
                "{}{}",
                String::from_utf8_lossy(&o.stdout),
                String::from_utf8_lossy(&o.stderr)
            );
            let case = format!("{} on {hostile:?}", entry.name);
            let why = [
                "not a regular file",
                "leads outside the script's folder",
                // `check` takes a folder for the scenarios in it.
                "a folder stands for the .toml files in it",
            ];
            if o.status.code() != Some(2) {
                wrong.push(format!("{case}: exit {:?}: {said}", o.status.code()));
            } else if said.contains("panicked") {
                wrong.push(format!("{case}: a panic: {said}"));
            } else if !said.contains(&shown(&target)) {
                wrong.push(format!("{case}: the file is not named: {said}"));
            } else if !why.iter().any(|w| said.contains(w)) {
                wrong.push(format!("{case}: not why: {said}"));
            } else if started.elapsed() > Duration::from_secs(5) {
                wrong.push(format!("{case}: took {:?}", started.elapsed()));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn devices_named_directly_are_refused() {
    for device in ["/dev/zero", "/dev/urandom"] {
        for args in [
            vec!["check", device],
            vec!["replay", device],
            vec!["tournament", "merge", device],
            vec!["repl", "--load", device],
        ] {
            let o = run(&strings(&args), "");
            let said = format!(
                "{}{}",
                String::from_utf8_lossy(&o.stdout),
                String::from_utf8_lossy(&o.stderr)
            );
            assert_eq!(o.status.code(), Some(2), "{args:?}: {said}");
            assert!(
                said.contains(&format!("{device}: a device, not a regular file")),
                "{args:?}: {said}"
            );
        }
    }
}
