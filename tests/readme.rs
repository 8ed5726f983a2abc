//! The README and the user pages of `docs/` show only what is true: every
//! command in their shell blocks runs with the built binary, every REPL
//! transcript they show is the REPL's real output, every relative link
//! points at a file of the repository, and the README stays a short page.
//!
//! Commands run one after the other as an installed binary is used: a
//! copy of the binary, run in an empty folder with an empty HOME (no copy
//! of the repository's folders: a file a command names comes from the
//! binary's built-in copies), so that `--save game.json` and a later
//! `replay game.json` meet, and nothing is written into the checkout. Set
//! `TINBOTS_BLESS_README=1` to rewrite the shown transcripts with the real
//! output instead of comparing (then read the diff).

use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// The pages whose commands and transcripts are checked: the README and
/// every page of `docs/` that shows commands to run. (`docs/lua-api.md`
/// and `docs/variants.md` are reference pages with tests of their own,
/// and their commands run here too.)
const PAGES: &[&str] = &[
    "README.md",
    "docs/repl.md",
    "docs/serve.md",
    "docs/rules.md",
    "docs/formats.md",
    "docs/orders.md",
    "docs/bots.md",
    "docs/architecture.md",
    "docs/testing.md",
    "docs/disputes.md",
    "docs/lua-api.md",
    "docs/variants.md",
];

/// Shown commands that cannot run inside a test, each with the reason.
const NOT_RUN: &[(&str, &str)] = &[
    (
        "cargo run --release",
        "opens the interactive REPL; its commands are checked as `tinbots repl`",
    ),
    (
        "cargo test --release",
        "runs the whole test suite, this test included",
    ),
    (
        "cargo run --release -- serve",
        "serves pages until Ctrl-C; tests/serve_browser.rs drives `tinbots serve` in Chromium",
    ),
    (
        "tinbots serve --game droids --players 2 --seed 5",
        "serves pages until Ctrl-C; tests/serve_browser.rs drives this very setup in Chromium",
    ),
    (
        "cargo test --release --test suite scenarios::",
        "runs a test target of this same suite",
    ),
    (
        "cargo install --path . --locked",
        "builds and installs into the user's ~/.cargo/bin",
    ),
];

/// Shown commands whose documented exit status is not 0.
const EXIT_STATUS: &[(&str, i32)] = &[(
    "tinbots check scripts/droids/scenarios/ruling.steer-water.enter.toml --ruling droids.steer-water=stop-before",
    1,
)];

/// How long one shown command may take before the test calls it a hang.
const TIME_LIMIT: Duration = Duration::from_secs(600);

/// The most lines the README may have: a user's page, not a manual.
const README_MAX_LINES: usize = 260;

/// A fenced block of a page.
struct Block {
    /// The page it is in.
    page: &'static str,
    /// The line of the page (0-based) just after the opening fence.
    first_line: usize,
    /// Whether the fence names a shell (`sh`, `bash`, `shell`, `console`).
    shell: bool,
    /// The lines between the fences.
    lines: Vec<String>,
}

/// Every fenced block of `page`, whose text is `text`.
fn blocks(page: &'static str, text: &str) -> Vec<Block> {
    let mut found = Vec::new();
    let mut open: Option<Block> = None;
    for (number, line) in text.lines().enumerate() {
        let fence = line.trim_start();
        match open.take() {
            None if fence.starts_with("```") => {
                let info = fence.trim_start_matches('`').trim();
                open = Some(Block {
                    page,
                    first_line: number + 1,
                    shell: matches!(info, "sh" | "bash" | "shell" | "console"),
                    lines: Vec::new(),
                });
            }
            None => {}
            Some(block) if fence.starts_with("```") => found.push(block),
            Some(mut block) => {
                block.lines.push(line.to_string());
                open = Some(block);
            }
        }
    }
    assert!(open.is_none(), "{page}: a fenced block is never closed");
    found
}

/// A shell line without its trailing `# comment`, trimmed.
fn without_comment(line: &str) -> &str {
    let line = line.trim();
    if line.starts_with('#') {
        return "";
    }
    match line.find(" #") {
        Some(at) => line[..at].trim_end(),
        None => line,
    }
}

/// The arguments of a shown command that runs the binary (`tinbots ...` or
/// `cargo run --release -- ...`), as shell text; `None` for any other line.
fn binary_arguments(command: &str) -> Option<&str> {
    if command == "tinbots" {
        return Some("");
    }
    command
        .strip_prefix("tinbots ")
        .or_else(|| command.strip_prefix("cargo run --release -- "))
}

/// Every shown command of the shell blocks of the pages, in page order,
/// with its page.
fn shown_commands(pages: &[(&'static str, String)]) -> Vec<(&'static str, String)> {
    let mut commands = Vec::new();
    for (page, text) in pages {
        for block in blocks(page, text).into_iter().filter(|b| b.shell) {
            for line in &block.lines {
                let command = without_comment(line);
                if !command.is_empty() {
                    commands.push((*page, command.to_string()));
                }
            }
        }
    }
    commands
}

/// A REPL transcript shown in a page: a block opening with `$ tinbots ...`.
struct Transcript {
    /// Where it is shown.
    block: Block,
    /// The command after `$ `.
    command: String,
    /// The output shown: every line after the command.
    shown: String,
}

/// Every transcript of the pages. A `$ ` line anywhere but at the top of a
/// block is refused, so no shown command escapes the test.
fn transcripts(pages: &[(&'static str, String)]) -> Vec<Transcript> {
    let mut found = Vec::new();
    for (page, text) in pages {
        for block in blocks(page, text).into_iter().filter(|b| !b.shell) {
            for (at, line) in block.lines.iter().enumerate().skip(1) {
                assert!(
                    !line.starts_with("$ "),
                    "{page}:{}: a `$ ` command inside a block is neither run nor listed",
                    block.first_line + at + 1
                );
            }
            let Some(command) = block.lines.first().and_then(|l| l.strip_prefix("$ ")) else {
                continue;
            };
            let command = command.to_string();
            let shown: String = block.lines[1..].iter().map(|l| format!("{l}\n")).collect();
            found.push(Transcript {
                block,
                command,
                shown,
            });
        }
    }
    found
}

/// The pages, read from the repository.
fn read_pages() -> Vec<(&'static str, String)> {
    PAGES
        .iter()
        .map(|page| {
            let path = repository().join(page);
            let text =
                fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (*page, text)
        })
        .collect()
}

/// The repository's folder.
fn repository() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A fresh scratch folder named `name`, as a user who installed tinbots
/// has: `bin/tinbots` (a copy of the built binary, away from the
/// repository), an empty `work/` folder the commands run in, and an empty
/// `home/`.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tinbots-readme-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    for folder in ["bin", "work", "home"] {
        fs::create_dir_all(dir.join(folder)).unwrap();
    }
    fs::copy(env!("CARGO_BIN_EXE_tinbots"), installed(&dir)).unwrap();
    dir
}

/// The installed binary of the scratch folder `dir`.
fn installed(dir: &Path) -> PathBuf {
    dir.join("bin/tinbots")
}

/// What a finished command gave.
struct Outcome {
    /// The exit status (`None`: killed by a signal).
    status: Option<i32>,
    /// Everything written to stdout.
    stdout: String,
    /// Everything written to stderr.
    stderr: String,
}

/// Runs the installed binary of the scratch folder `dir` with `arguments`
/// (shell text: globs and `<` work) in its empty `work/` folder, with its
/// empty `home/` as HOME and no XDG folders set, `input` on stdin, within
/// [`TIME_LIMIT`].
fn run(dir: &Path, arguments: &str, input: &str) -> Outcome {
    let script = format!("'{}' {arguments}", installed(dir).display());
    let stdout_path = dir.join("stdout");
    let stderr_path = dir.join("stderr");
    let stdin_path = dir.join("stdin");
    fs::write(&stdin_path, input).unwrap();
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(&script)
        .current_dir(dir.join("work"))
        .env("HOME", dir.join("home"))
        .env_remove("XDG_DATA_HOME")
        .env_remove("XDG_CONFIG_HOME")
        .env_remove("XDG_CACHE_HOME")
        .env("NO_COLOR", "1")
        .stdin(File::open(&stdin_path).unwrap())
        .stdout(File::create(&stdout_path).unwrap())
        .stderr(File::create(&stderr_path).unwrap())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > TIME_LIMIT {
            let _ = child.kill();
            panic!("`tinbots {arguments}` still runs after {TIME_LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Outcome {
        status: status.code(),
        stdout: fs::read_to_string(&stdout_path).unwrap(),
        stderr: fs::read_to_string(&stderr_path).unwrap(),
    }
}

/// Checks that `listed` (from one of the lists above) is shown somewhere.
fn assert_shown(listed: &str, list: &str, shown: &[(&str, String)]) {
    assert!(
        shown.iter().any(|(_, command)| command == listed),
        "{list} lists `{listed}`, which no page shows any more: remove it"
    );
}

#[test]
fn every_shown_command_runs() {
    let pages = read_pages();
    let shown = shown_commands(&pages);
    for (command, _) in NOT_RUN {
        assert_shown(command, "NOT_RUN", &shown);
    }
    for (command, _) in EXIT_STATUS {
        assert_shown(command, "EXIT_STATUS", &shown);
    }
    let dir = scratch("commands");
    let mut ran = 0;
    for (page, command) in &shown {
        if NOT_RUN.iter().any(|(listed, _)| listed == command) {
            continue;
        }
        let Some(arguments) = binary_arguments(command) else {
            panic!(
                "{page} shows `{command}`, which this test neither runs nor lists in NOT_RUN \
                 (with the reason it cannot run)"
            );
        };
        let outcome = run(&dir, arguments, "");
        let report = format!(
            "{page}: `{command}`: exit status {:?}\nstdout:\n{}\nstderr:\n{}",
            outcome.status, outcome.stdout, outcome.stderr
        );
        let expected = EXIT_STATUS
            .iter()
            .find(|(listed, _)| listed == command)
            .map_or(0, |(_, status)| *status);
        assert_eq!(outcome.status, Some(expected), "{report}");
        ran += 1;
    }
    assert!(
        ran >= 20,
        "only {ran} shown commands ran: is the parsing broken?"
    );
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn every_shown_transcript_is_real_output() {
    let pages = read_pages();
    let found = transcripts(&pages);
    let bless = std::env::var_os("TINBOTS_BLESS_README").is_some();
    let dir = scratch("transcripts");
    let mut blessed: Vec<(&'static str, usize, usize, String)> = Vec::new();
    for transcript in &found {
        let place = format!(
            "{}:{}: `$ {}`",
            transcript.block.page, transcript.block.first_line, transcript.command
        );
        let arguments = binary_arguments(&transcript.command)
            .unwrap_or_else(|| panic!("{place}: a transcript must run tinbots"));
        // A transcript either reads its commands from a file (`< FILE`,
        // `--commands FILE`), or shows them after `> `: then they are fed on
        // stdin and echoed.
        let (arguments, input) = if arguments.contains(" < ") || arguments.contains("--commands ") {
            (arguments.to_string(), String::new())
        } else {
            let input: String = transcript
                .shown
                .lines()
                .filter_map(|line| line.strip_prefix("> "))
                .map(|command| format!("{command}\n"))
                .collect();
            (format!("{arguments} --echo"), input)
        };
        let outcome = run(&dir, &arguments, &input);
        assert_eq!(
            outcome.status,
            Some(0),
            "{place}\nstdout:\n{}\nstderr:\n{}",
            outcome.stdout,
            outcome.stderr
        );
        if bless {
            let block = &transcript.block;
            let end = block.first_line + block.lines.len();
            blessed.push((block.page, block.first_line + 1, end, outcome.stdout));
        } else {
            assert_eq!(
                transcript.shown, outcome.stdout,
                "{place}: the shown output (left) is not the real output (right); \
                 TINBOTS_BLESS_README=1 rewrites it"
            );
        }
    }
    assert!(
        found
            .iter()
            .any(|t| t.block.page == "README.md" && t.command.starts_with("tinbots repl")),
        "the README's quick start shows a REPL transcript"
    );
    // Rewrite from the bottom of each page up, so earlier line numbers hold.
    blessed.sort_by_key(|(page, from, _, _)| (*page, std::cmp::Reverse(*from)));
    for (page, from, to, output) in blessed {
        let path = repository().join(page);
        let text = fs::read_to_string(&path).unwrap();
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        lines.splice(from..to, output.lines().map(str::to_string));
        fs::write(&path, lines.join("\n") + "\n").unwrap();
    }
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn every_relative_link_points_at_a_file_of_the_repository() {
    for (page, text) in read_pages() {
        let folder = repository().join(page).parent().unwrap().to_path_buf();
        for (number, line) in text.lines().enumerate() {
            for target in line
                .split("](")
                .skip(1)
                .filter_map(|rest| rest.split(')').next())
            {
                if target.contains("://") || target.starts_with('#') {
                    continue;
                }
                let file = target.split('#').next().unwrap();
                assert!(
                    folder.join(file).exists(),
                    "{page}:{}: the link `{target}` points at no file of the repository",
                    number + 1
                );
                assert!(
                    folder
                        .join(file)
                        .canonicalize()
                        .unwrap()
                        .starts_with(repository().canonicalize().unwrap()),
                    "{page}:{}: the link `{target}` leaves the repository",
                    number + 1
                );
            }
        }
    }
}

#[test]
fn the_readme_is_a_short_page() {
    let readme = fs::read_to_string(repository().join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(
        lines <= README_MAX_LINES,
        "README.md has {lines} lines: move details to a page of docs/ (at most {README_MAX_LINES})"
    );
}

#[test]
fn the_parsing_finds_commands_comments_and_transcripts() {
    let page = "```sh\ntinbots check scripts/twin-tin-bots/scenarios      # a folder\n# a comment line\n\ncargo run --release -- play -p 2\n```\n\n```\n$ tinbots repl -p 2\n> where\nred.1 at 3,1\n```\n";
    let pages = vec![("README.md", page.to_string())];
    let shown = shown_commands(&pages);
    let commands: Vec<&str> = shown.iter().map(|(_, c)| c.as_str()).collect();
    assert_eq!(
        commands,
        [
            "tinbots check scripts/twin-tin-bots/scenarios",
            "cargo run --release -- play -p 2"
        ]
    );
    assert_eq!(binary_arguments(commands[1]), Some("play -p 2"));
    assert_eq!(binary_arguments("cargo build"), None);
    let found = transcripts(&pages);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].command, "tinbots repl -p 2");
    assert_eq!(found[0].shown, "> where\nred.1 at 3,1\n");
}
