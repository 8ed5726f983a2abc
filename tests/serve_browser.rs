//! The page of `tinbots serve` in a real browser: headless Chromium,
//! driven through its DevTools protocol by mouse clicks and key presses
//! (`common::cdp`), against the `tinbots serve` binary. A Twin Tin Bots
//! turn played by clicks moves the robots; a refused answer shows the
//! rule; `undo` goes back; a RoboRally register is stepped one card at a
//! time, each step saying what the REPL says; in Droids, a ruling
//! switched by keys changes who wins; a downloaded scenario passes
//! `tinbots check`. Without Chromium the tests pass skipped, saying what
//! to install (as `tests/browser.rs` does).

use crate::browser::browser;
use crate::common;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use common::cdp::{downloaded, Browser};
use serde_json::json;

/// A `tinbots serve` process, killed when dropped.
struct Serving {
    child: Child,
    url: String,
}

impl Drop for Serving {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `tinbots serve --port 0` with `args` in `dir`; its URL.
fn serve(dir: &Path, args: &[&str]) -> Serving {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tinbots"))
        .args(["serve", "--port", "0"])
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("tinbots serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("its stdout"))
        .read_line(&mut line)
        .expect("it prints its URL");
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://127.0.0.1:"))
        .unwrap_or_else(|| panic!("no URL in `{line}`"))
        .to_string();
    Serving { child, url }
}

/// A fresh folder for one test, with `downloads` in it.
fn folder(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("tinbots-serve-page-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("downloads")).expect("a temporary folder");
    dir
}

/// The browser on `url`, once the page shows its first question.
fn page(chromium: &Path, dir: &Path, url: &str) -> Browser {
    let mut browser = Browser::launch(chromium, &dir.join("profile"), &dir.join("downloads"));
    browser.open(url);
    browser.wait_for("document.getElementById('asked').textContent.length > 0");
    browser
}

/// The board's SVG as the page shows it.
fn board(browser: &mut Browser) -> String {
    browser
        .eval("document.getElementById('board').innerHTML")
        .as_str()
        .expect("a board")
        .to_string()
}

/// Types `line` into the command box and presses Enter; waits until the
/// narration has grown (it does on every answer, a refusal included).
fn type_line(browser: &mut Browser, line: &str) {
    let before = browser.text("#narration").len();
    browser.click("#line");
    browser.type_text(line);
    browser.press("Enter", 13);
    browser.wait_for(&format!(
        "document.getElementById('narration').textContent.length > {before}"
    ));
}

/// Clicks a button and waits until the narration has grown.
fn click_and_wait(browser: &mut Browser, within: &str, label: &str) {
    let before = browser.text("#narration").len();
    browser.click_button(within, label);
    browser.wait_for(&format!(
        "document.getElementById('narration').textContent.length > {before}"
    ));
}

#[test]
fn a_twin_tin_bots_turn_played_by_clicks_moves_the_robots() {
    let Some(chromium) = browser() else { return };
    let dir = folder("ttb");
    let served = serve(&dir, &["--players", "2"]);
    let mut browser = page(&chromium, &dir, &served.url);
    let start = board(&mut browser);
    // A click on a robot keeps the answers that name it.
    browser.click_on(
        "Array.from(document.querySelectorAll('#board title')).find(t => t.textContent.startsWith('red.1 ')).parentNode",
    );
    assert_eq!(
        browser.eval("document.getElementById('legal-filter').value"),
        json!("red.1")
    );
    let shown = browser
        .eval("Array.from(document.querySelectorAll('#legal button')).map(b => b.textContent)");
    let shown = shown.as_array().expect("answers");
    assert!(
        !shown.is_empty() && shown.iter().all(|a| a.as_str().unwrap().contains("red.1")),
        "{shown:?}"
    );
    // A refused answer shows the rule that forbids it.
    type_line(&mut browser, "place blue.1 1 zap");
    let error = browser.text("#error");
    assert!(
        error.contains("a player changes only his own programs (Twin Tin Bots rulebook"),
        "{error}"
    );
    // A line that is markup is refused, and shown as text.
    type_line(
        &mut browser,
        "<img src=x onerror=\"document.title='taken'\">",
    );
    assert!(browser.text("#error").contains("unknown command `<img`"));
    assert_eq!(
        browser.eval("document.querySelectorAll('#error *, #narration *').length"),
        json!(0)
    );
    assert_ne!(browser.eval("document.title"), json!("taken"));
    // Each of red's robots gets an order, by clicks (a player's first
    // turn asks one on each); then red's programs run.
    for piece in ["red.1", "red.2"] {
        browser.wait_for(&format!(
            "Array.from(document.querySelectorAll('#legal button')).some(b => b.textContent === 'place {piece} 1 forward_1')"
        ));
        click_and_wait(
            &mut browser,
            "#legal",
            &format!("place {piece} 1 forward_1"),
        );
    }
    assert_eq!(browser.text("#error"), "", "no refusal on the way");
    assert!(browser
        .text("#asked")
        .contains("red's programs: `step` or `run`"));
    let programmed = board(&mut browser);
    click_and_wait(&mut browser, "#controls", "run");
    let moved = board(&mut browser);
    assert_ne!(moved, programmed, "the robots moved");
    assert_ne!(moved, start);
    // `undo` goes back to the position before `run`.
    click_and_wait(&mut browser, "#controls", "undo");
    browser.wait_for("document.getElementById('board').innerHTML.length > 0");
    assert_eq!(board(&mut browser), programmed);
}

#[test]
fn a_roborally_register_steps_one_card_at_a_time() {
    let Some(chromium) = browser() else { return };
    let dir = folder("roborally");
    let served = serve(&dir, &["--game", "roborally", "--players", "2"]);
    let mut browser = page(&chromium, &dir, &served.url);
    // The same answers in a REPL session say the same.
    let games = tinbots::games::registry();
    let game_type = games.find("roborally").unwrap();
    let options = tinbots::engine::GameOptions {
        players: Some(2),
        seed: 1,
        ..Default::default()
    };
    let mut repl = tinbots::repl::session::Session::started(
        &games,
        game_type,
        game_type.start(&options).unwrap(),
        1,
    )
    .unwrap();
    let mut said = String::new();
    for _ in 0..10 {
        let first = browser.eval("document.querySelector('#answers button').textContent");
        let first = first.as_str().expect("an answer").to_string();
        click_and_wait(&mut browser, "#answers", &first);
        said.clear();
        repl.execute(&first, &mut said).unwrap();
    }
    assert!(browser.text("#asked").contains("`step` or `run`"));
    for _ in 0..2 {
        let before = browser.text("#narration");
        click_and_wait(&mut browser, "#controls", "step");
        let after = browser.text("#narration");
        said.clear();
        repl.execute("step", &mut said).unwrap();
        assert_eq!(&after[before.len()..], format!("> step\n{said}"));
        let cards = said
            .lines()
            .filter(|l| l.contains(" (") && l.trim_end().ends_with(')'))
            .count();
        assert!(cards <= 1, "one card a step at most: {said}");
    }
}

/// Seats random bots in both Droids seats, plays to the end with
/// `auto`, and reads who won from the narration.
fn winners(browser: &mut Browser) -> String {
    for line in ["bot red random", "bot yellow random", "auto"] {
        type_line(browser, line);
    }
    let narration = browser.text("#narration");
    narration
        .lines()
        .rev()
        .find(|l| l.starts_with("winners:"))
        .unwrap_or_else(|| panic!("no winners in {narration}"))
        .to_string()
}

#[test]
fn a_droids_ruling_switched_by_keys_changes_who_wins() {
    let Some(chromium) = browser() else { return };
    let dir = folder("droids");
    let served = serve(&dir, &["--game", "droids", "--players", "2", "--seed", "5"]);
    let mut browser = page(&chromium, &dir, &served.url);
    // A click on a square keeps the answers that name it.
    browser.wait_for("document.querySelector('#board [data-square=\"4,0\"]')");
    browser.click("#board [data-square=\"4,0\"]");
    assert_eq!(
        browser.eval("document.getElementById('legal-filter').value"),
        json!("4,0")
    );
    let shown = browser
        .eval("Array.from(document.querySelectorAll('#legal button')).map(b => b.textContent)");
    assert_eq!(shown, json!(["place 4,0"]));
    // Under the default reading (`counts`).
    assert_eq!(winners(&mut browser), "winners: red");
    // A new session (the page without its session), the ruling switched
    // with the keyboard on its list.
    browser.open(&served.url);
    browser.wait_for("document.querySelector('select[data-ruling=\"droids.void-order\"]')");
    browser.eval("document.querySelector('select[data-ruling=\"droids.void-order\"]').focus()");
    let before = browser.text("#narration").len();
    browser.press("ArrowDown", 40);
    browser.wait_for(&format!(
        "document.getElementById('narration').textContent.length > {before}"
    ));
    assert!(browser
        .text("#narration")
        .contains("droids.void-order = out from the next step on"));
    assert_eq!(winners(&mut browser), "winners: yellow");
    // The position, downloaded as a scenario, passes `tinbots check`.
    browser.click_on(
        "Array.from(document.querySelectorAll('summary')).find(s => s.textContent === 'files')",
    );
    browser.click("#download-scenario");
    let file = downloaded(&dir.join("downloads"));
    let check = common::run_with_input(
        Command::new(env!("CARGO_BIN_EXE_tinbots"))
            .arg("check")
            .arg(&file),
        b"",
    );
    assert!(
        check.status.success(),
        "{}{}",
        String::from_utf8_lossy(&check.stdout),
        String::from_utf8_lossy(&check.stderr)
    );
    assert!(String::from_utf8_lossy(&check.stdout).contains("1 passed"));
    // Chosen in the page's file box, it opens as `load` opens it.
    let name = file.file_name().unwrap().to_string_lossy().to_string();
    let before = browser.text("#narration").len();
    browser.choose_file("#open", &file);
    browser.wait_for(&format!(
        "document.getElementById('narration').textContent.length > {before}"
    ));
    let narration = browser.text("#narration");
    assert!(
        narration[before..].starts_with(&format!("> open {name}\nloaded {name}\n")),
        "{}",
        &narration[before..]
    );
    assert_eq!(browser.text("#error"), "");
}

#[test]
fn two_tabs_play_hot_seat_each_seeing_its_own_hand() {
    let Some(chromium) = browser() else { return };
    let dir = folder("hot-seat");
    let served = serve(
        &dir,
        &["--game", "roborally", "--players", "2", "--as", "red"],
    );
    let mut red = page(&chromium, &dir, &served.url);
    let session = red.eval("new URLSearchParams(location.search).get('session')");
    let session = session.as_str().expect("the page names its session");
    let blue_url = format!(
        "{}&session={session}",
        served.url.replace("as=red", "as=blue")
    );
    let blue_dir = dir.join("blue");
    std::fs::create_dir_all(blue_dir.join("downloads")).unwrap();
    let mut blue = page(&chromium, &blue_dir, &blue_url);
    assert_eq!(blue.text("#asked"), "waiting for red");
    assert_eq!(
        blue.eval("document.querySelector('#controls button').disabled"),
        json!(true)
    );
    // Each tab's board shows its own hand only: red's cards are not on
    // blue's board.
    let red_cards = red
        .eval("Array.from(document.querySelectorAll('#answers button')).map(b => b.textContent)");
    let blue_board = board(&mut blue);
    for card in red_cards.as_array().expect("red's cards") {
        let card = card.as_str().unwrap();
        assert!(!blue_board.contains(card), "blue sees red's {card}");
    }
    for _ in 0..5 {
        let first = red.eval("document.querySelector('#answers button').textContent");
        click_and_wait(&mut red, "#answers", first.as_str().expect("a card"));
    }
    assert_eq!(red.text("#asked"), "waiting for blue");
    // Blue's tab notices, by itself, that blue is at the table.
    blue.wait_for("document.querySelectorAll('#answers button').length > 0");
    for _ in 0..5 {
        let first = blue.eval("document.querySelector('#answers button').textContent");
        click_and_wait(&mut blue, "#answers", first.as_str().expect("a card"));
    }
    assert_eq!(blue.text("#error"), "");
    assert!(blue.text("#narration").contains("register phase 1"));
}
