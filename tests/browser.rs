//! The replay page in a real browser: headless Chromium (the
//! distribution's `chromium` package) opens the page made by `tinbots
//! replay --html` at `#step=N` and dumps the DOM its script built
//! (`--dump-dom`), which must show that step's picture, narration and
//! answer; a screenshot (`--screenshot`) must have the window's size and
//! hold far more than a blank page. No WebDriver: only the browser's own
//! flags. Without `chromium` on the PATH, the tests pass skipped and the
//! file says so once on stderr, uncaptured, with what to install
//! (`.ci/run` installs it).

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::run_with_input;
use tinbots::replay::Record;

/// The browser, if installed.
fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| ["chromium", "chromium-browser"].map(|name| dir.join(name)))
        .find(|p| p.is_file())
}

/// What a run without Chromium says, once, where `cargo test` shows it.
const SKIPPED: &str = "browser tests skipped: they need Chromium on the PATH; \
install the distribution's `chromium` package (apt-get install chromium)\n";

/// The browser, or `None` after saying what to install. The notice goes
/// straight to the process's stderr, not through `eprintln!`, which the
/// test harness captures and shows only for a failing test: a plain
/// `cargo test` prints it once for the whole file.
pub(crate) fn browser() -> Option<PathBuf> {
    static SAID: std::sync::Once = std::sync::Once::new();
    let found = chromium();
    if found.is_none() {
        SAID.call_once(|| {
            use std::io::Write;
            // A notice that cannot be written changes nothing the test checks.
            let _ = std::io::stderr().write_all(SKIPPED.as_bytes());
        });
    }
    found
}

/// A fresh folder for one test's files.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tinbots-browser-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

/// Runs tinbots with `args` in `dir`, which must succeed.
fn tinbots(dir: &Path, args: &[&str]) {
    let output = run_with_input(
        Command::new(env!("CARGO_BIN_EXE_tinbots"))
            .args(args)
            .current_dir(dir),
        b"",
    );
    assert!(
        output.status.success(),
        "tinbots {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// Runs the browser headless on `url` with `flags`; returns its stdout.
fn headless(browser: &Path, dir: &Path, flags: &[&str], url: &str) -> String {
    let profile = dir.join("profile");
    let output = run_with_input(
        Command::new(browser)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--hide-scrollbars",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .args(flags)
            .arg(url),
        b"",
    );
    assert!(
        output.status.success(),
        "{} {flags:?} {url}: {}",
        browser.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Plays and saves a game (`args`: the command line up to `play`'s own
/// options), writes its page, and returns the page's path with its steps.
fn page(dir: &Path, args: &[&str]) -> (PathBuf, tinbots::viewer::Replayed) {
    let mut play = args.to_vec();
    play.extend(["--seed", "1", "--save", "g.json"]);
    tinbots(dir, &play);
    tinbots(dir, &["replay", "g.json", "--html", "g.html"]);
    let record =
        Record::load(&tinbots::games::registry(), &dir.join("g.json")).expect("the saved game");
    let replayed = tinbots::viewer::replay(&tinbots::games::registry(), &record, "g.json", None)
        .expect("it replays");
    (dir.join("g.html"), replayed)
}

/// The text a DOM dump shows for `text` (HTML-escaped as the browser
/// serializes it).
fn as_dumped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Opens `page` at a step with events and checks the DOM shows its
/// counter, who answered what, its narration and its picture.
fn shows_a_step(browser: &Path, dir: &Path, page: &Path, replayed: &tinbots::viewer::Replayed) {
    let n = replayed
        .steps
        .iter()
        .rposition(|s| !s.events.is_empty() && s.said.contains(" decided "))
        .expect("a step with an answer and events");
    let step = &replayed.steps[n];
    let url = format!("file://{}#step={n}", page.display());
    let dom = headless(browser, dir, &["--dump-dom"], &url);
    let last = replayed.steps.len() - 1;
    assert!(
        dom.contains(&format!("step {n} of {last}, turn {}", step.turn)),
        "the counter of step {n} in:\n{}",
        &dom[..dom.len().min(3000)]
    );
    assert!(
        dom.contains(&as_dumped(&step.said)),
        "who answered: {}",
        step.said
    );
    for event in &step.events {
        assert!(dom.contains(&as_dumped(event)), "the narration `{event}`");
    }
    assert!(
        dom.contains("<div id=\"picture\"><svg"),
        "the picture is shown"
    );
    assert!(dom.contains("class=\"board\""), "the picture has its board");
}

#[test]
fn the_twin_tin_bots_page_shows_the_step_of_its_url_and_a_screenshot() {
    let Some(browser) = browser() else { return };
    let dir = folder("ttb");
    let (page, replayed) = page(&dir, &["play", "--players", "4", "--max-turns", "30"]);
    shows_a_step(&browser, &dir, &page, &replayed);
    let shot = dir.join("shot.png");
    let blank = dir.join("blank.png");
    let size = "--window-size=1200,900";
    let url = format!("file://{}#step=5", page.display());
    headless(
        &browser,
        &dir,
        &[size, &format!("--screenshot={}", shot.display())],
        &url,
    );
    headless(
        &browser,
        &dir,
        &[size, &format!("--screenshot={}", blank.display())],
        "about:blank",
    );
    let png = std::fs::read(&shot).expect("the screenshot");
    let empty = std::fs::read(&blank).expect("the blank page's screenshot");
    assert_eq!(&png[1..4], b"PNG");
    // IHDR: the width and height, big-endian, at bytes 16 and 20.
    let width = u32::from_be_bytes([png[16], png[17], png[18], png[19]]);
    let height = u32::from_be_bytes([png[20], png[21], png[22], png[23]]);
    assert_eq!((width, height), (1200, 900));
    assert!(
        png.len() > 5 * empty.len(),
        "the screenshot ({} bytes) is hardly more than a blank page ({} bytes)",
        png.len(),
        empty.len()
    );
}

#[test]
fn the_roborally_page_shows_the_step_of_its_url() {
    let Some(browser) = browser() else { return };
    let dir = folder("roborally");
    let (page, replayed) = page(&dir, &["--game", "roborally", "play"]);
    shows_a_step(&browser, &dir, &page, &replayed);
}

#[test]
fn the_droids_page_shows_the_step_of_its_url() {
    let Some(browser) = browser() else { return };
    let dir = folder("droids");
    let (page, replayed) = page(&dir, &["--game", "droids", "play"]);
    shows_a_step(&browser, &dir, &page, &replayed);
}

/// Issue 29, item 6: a narration holding `<!--<script>`, `</script>`,
/// `]]>` and quotes (here a Twin Tin Bots variant's `game_over` reason,
/// narrated at the end) used to stop the page: the data element embedded
/// it with only `</` escaped, and `<!--<script>` bent the element. Now the
/// data element holds no `<`, the page reads back every narration, and in
/// a browser (when Chromium is installed) the page still steps and shows
/// the narration as text.
#[test]
fn a_hostile_narration_leaves_the_page_working() {
    let dir = folder("hostile");
    let hostile = r#"<!--<script>alert(1)</script>]]> "quoted" 'single' & done"#;
    let variant = dir.join("variants/evil");
    std::fs::create_dir_all(&variant).expect("a variant folder");
    std::fs::write(
        variant.join("variant.toml"),
        "name = \"evil\"\ndescription = \"hostile narration\"\nsource = \"a test\"\n",
    )
    .expect("the manifest");
    std::fs::write(
        variant.join("variant.lua"),
        format!("return {{ game_over = function(game) return [==[{hostile}]==] end }}\n"),
    )
    .expect("the script");
    let path = dir.join("variants").display().to_string();
    tinbots(
        &dir,
        &[
            "play",
            "-p",
            "2",
            "--seed",
            "1",
            "--variant-path",
            &path,
            "--variant",
            "evil",
            "--save",
            "g.json",
        ],
    );
    tinbots(
        &dir,
        &[
            "replay",
            "g.json",
            "--html",
            "g.html",
            "--variant-path",
            &path,
        ],
    );
    let page = std::fs::read_to_string(dir.join("g.html")).expect("the page");
    let open = r#"<script type="application/json" id="steps">"#;
    let start = page.find(open).expect("the data element") + open.len();
    let data = &page[start..start + page[start..].find("</script>").expect("its end")];
    assert!(!data.contains('<'), "a raw `<` in the data element");
    let back: serde_json::Value = serde_json::from_str(data).expect("the data is JSON");
    let narrated = back["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .flat_map(|s| s["events"].as_array().expect("events").iter())
        .filter_map(|e| e.as_str())
        .any(|e| e.contains(hostile));
    assert!(narrated, "the narration reads back whole");
    assert_eq!(
        page.matches("<script").count(),
        2,
        "only the page's own scripts"
    );
    let Some(browser) = browser() else { return };
    let last = back["steps"].as_array().expect("steps").len() - 1;
    let url = format!("file://{}#step={last}", dir.join("g.html").display());
    let dom = headless(&browser, &dir, &["--dump-dom"], &url);
    assert!(
        dom.contains(&format!("step {last} of {last}")),
        "the page steps: {}",
        &dom[..dom.len().min(3000)]
    );
    assert!(
        dom.contains(&as_dumped(hostile)),
        "the narration shown as text"
    );
    assert!(
        dom.contains("<div id=\"picture\"><svg"),
        "the picture is shown"
    );
}

#[test]
fn the_dispute_page_shows_every_reading_side_by_side() {
    let Some(browser) = browser() else { return };
    let dir = folder("dispute");
    let scenario = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scripts/droids/scenarios/ruling.steer-water.enter.toml");
    tinbots(
        &dir,
        &[
            "dispute",
            &scenario.display().to_string(),
            "--html",
            "d.html",
        ],
    );
    let url = format!("file://{}", dir.join("d.html").display());
    let dom = headless(&browser, &dir, &["--dump-dom"], &url);
    assert!(
        dom.contains("step 0 of 1"),
        "the counter: {}",
        &dom[..dom.len().min(3000)]
    );
    assert_eq!(
        dom.matches("<div class=\"picture\"><svg").count(),
        2,
        "both readings' pictures are shown"
    );
    assert!(
        dom.contains("<h2>as asked (under its own rulings)</h2>")
            && dom.contains("<h2>droids.steer-water = stop-before</h2>")
            && dom.contains("the scenario's position"),
        "each play is labelled and says what its step is"
    );
}
