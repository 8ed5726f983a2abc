//! Hostile Droids missions through the binary and the REPL's session: a
//! mission hook re-entering the engine without end (a `moved` hook driving
//! its robot east and back) is refused, naming the script and the chain,
//! by `check`, `play`, `replay` (a shared replay carries its mission's
//! script) and the REPL (the game unchanged); a mission script failing in
//! play is an error (exit 2) with the transcript so far kept; a replay
//! whose mission's script is not in it is refused; what a script says is
//! escaped before it reaches the terminal.

use crate::common;

use std::path::{Path, PathBuf};

use common::{stdout, tinbots};
use tinbots::repl::session::Session;

/// The `moved` hook that drives its robot one square east and one back:
/// each drive runs it again. Before the guard, the native stack overflowed
/// (exit 134, no message).
const PING_PONG: &str = "return {\n  moved = function(game, event)\n    game:drive(event.robot, 'E', 1)\n    game:drive(event.robot, 'W', 1)\n  end,\n}\n";

/// What the refusal ends with: the chain of hooks (after the script).
const CHAIN: &str =
    "hooks called the engine and were called again more than 32 deep (docs/security.md): moved ×33";

/// A folder of test files, removed when dropped.
struct Folder(PathBuf);

impl Folder {
    fn new(name: &str) -> Folder {
        let dir = std::env::temp_dir().join(format!(
            "tinbots-hostile-droids-{}-{name}",
            std::process::id()
        ));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        Folder(dir)
    }

    /// Writes `name` and returns its path, as text.
    fn file(&self, name: &str, text: &str) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, text).expect("written");
        path.display().to_string()
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A mission of red and yellow whose rules are in `loop.lua` (`script`).
fn mission(folder: &Folder, script: &str) -> String {
    folder.file("loop.lua", script);
    folder.file(
        "m.toml",
        "game = \"droids\"\nmission = 9\nname = \"loop\"\nplayers = [2, 2]\nscript = \"loop.lua\"\nrows = [\"R.........\", \"..........\", \".........Y\"]\n",
    )
}

/// A scenario on a row of five squares with `mission`, every purple tile
/// `move1 E`, and `more` after.
fn scenario(folder: &Folder, mission: &str, more: &str) -> String {
    let purple = ["\"move1 E\""; 14].join(", ");
    folder.file(
        "s.toml",
        &format!(
            "game = \"droids\"\ntitle = \"ping-pong\"\nsource = \"003_4ed30270cd5960fb.txt:7\"\nmission = \"{mission}\"\nrows = [\"R...Y\"]\n[stacks]\npurple = [{purple}]\n{more}"
        ),
    )
}

fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn check_refuses_a_scenario_whose_mission_hook_re_enters_without_end() {
    let folder = Folder::new("check");
    let m = mission(&folder, PING_PONG);
    let s = scenario(
        &folder,
        &m,
        "[[order]]\nrobot = \"red\"\ntile = \"move1 E\"\n",
    );
    let o = tinbots(&["check", &s]);
    assert_eq!(o.status.code(), Some(2), "{}{}", stdout(&o), stderr(&o));
    let out = stderr(&o);
    assert!(
        out.contains("s.toml:10:8: in `order[0].tile`: the mission script failed: "),
        "{out}"
    );
    assert!(out.contains(&format!("loop.lua: {CHAIN}")), "{out}");
    // A mission file is checked by starting it, its `setup` hook run.
    let setup = PING_PONG.replace(
        "return {",
        "return {\n  setup = function(game) game:drive('red', 'E', 1) end,",
    );
    let m = mission(&folder, &setup);
    let o = tinbots(&["check", &m]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(
        stderr(&o).contains(
            "m.toml: with 2 players: the mission script failed, so the game does not start: "
        ),
        "{}",
        stderr(&o)
    );
    assert!(stderr(&o).contains("setup → moved ×32"), "{}", stderr(&o));
}

/// `tinbots play --game droids --mission M` with `more` arguments.
fn play_mission(m: &str, more: &[&str]) -> std::process::Output {
    let mut args = vec!["play", "--game", "droids", "--mission", m];
    args.extend_from_slice(more);
    tinbots(&args)
}

#[test]
fn play_refuses_the_answer_and_the_start_whose_hooks_re_enter_without_end() {
    let folder = Folder::new("play");
    let m = mission(&folder, PING_PONG);
    // The goal bot moves red in its first round.
    let o = play_mission(&m, &["--bot", "all=goal"]);
    assert_eq!(o.status.code(), Some(2), "{}{}", stdout(&o), stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains(
            "could not be applied: the mission script failed, so the answer was not applied: "
        ),
        "{err}"
    );
    assert!(err.contains(&format!("loop.lua: {CHAIN}")), "{err}");
    // The transcript so far is kept.
    assert!(stdout(&o).contains("turn    1  "), "{}", stdout(&o));
    // A `setup` hook starting the chain: the game does not start.
    let setup = PING_PONG.replace(
        "return {",
        "return {\n  setup = function(game) game:drive('red', 'E', 1) end,",
    );
    let m = mission(&folder, &setup);
    let o = play_mission(&m, &[]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("the mission script failed, so the game does not start: "),
        "{}",
        stderr(&o)
    );
    assert!(stderr(&o).contains("setup → moved ×32"), "{}", stderr(&o));
}

#[test]
fn a_shared_replay_carrying_a_re_entering_hook_is_refused_by_whoever_opens_it() {
    let folder = Folder::new("replay");
    // A game played with a harmless `moved` hook, saved...
    let m = mission(&folder, "return { moved = function(game, event) end }\n");
    let saved = folder.0.join("r.json").display().to_string();
    let o = play_mission(&m, &["--bot", "all=goal", "--save", &saved, "-q"]);
    assert!(o.status.success(), "{}", stderr(&o));
    // ...and shared with the ping-pong hook in its place.
    let text = std::fs::read_to_string(&saved).expect("saved");
    let mut record: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    record["start"]["script"] = serde_json::json!(PING_PONG);
    std::fs::write(&saved, record.to_string()).expect("written");
    let o = tinbots(&["replay", &saved]);
    assert_eq!(o.status.code(), Some(2), "{}{}", stdout(&o), stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("r.json: answer "), "{err}");
    assert!(err.contains(&format!("loop.lua): {CHAIN}")), "{err}");
    // The REPL's `load` of it is refused the same way.
    let e = Session::open(&tinbots::games::registry(), Path::new(&saved), 1)
        .err()
        .expect("refused");
    assert!(e.to_string().contains(CHAIN), "{e}");
}

#[test]
fn the_repl_refuses_the_line_and_keeps_the_game() {
    let folder = Folder::new("repl");
    let m = mission(&folder, PING_PONG);
    let s = scenario(&folder, &m, "");
    let mut session =
        Session::open(&tinbots::games::registry(), Path::new(&s), 1).expect("the position opens");
    let mut out = String::new();
    for line in [
        "draw purple 7",
        "draw purple 7",
        "lay move1 E at 0",
        "stop",
        "stop",
    ] {
        session
            .execute(line, &mut out)
            .unwrap_or_else(|e| panic!("{line}: {e}"));
    }
    let (where_before, points_before) = (
        session.game().where_lines(),
        session.timeline().points().len(),
    );
    let picture = session.game().picture(None, false);
    let e = session.execute("up 0", &mut out).expect_err("refused");
    assert!(e.to_string().contains(CHAIN), "{e}");
    assert_eq!(session.game().where_lines(), where_before);
    assert_eq!(session.game().picture(None, false), picture);
    assert_eq!(session.timeline().points().len(), points_before);
    assert_eq!(session.game().legal_text(0).as_deref(), Some("up 0"));
}

#[test]
fn a_mission_script_failing_in_play_exits_2_naming_its_line() {
    // Before, the game ended "with no winner" and play exited 0.
    let folder = Folder::new("fails");
    let m = mission(
        &folder,
        "return {\n  order_done = function(game, event)\n    error('the rules fail')\n  end,\n}\n",
    );
    let o = play_mission(&m, &["--bot", "all=goal"]);
    assert_eq!(o.status.code(), Some(2), "{}{}", stdout(&o), stderr(&o));
    assert!(
        stderr(&o).contains("loop.lua:3: the rules fail"),
        "{}",
        stderr(&o)
    );
    assert!(stdout(&o).contains("turn    1  "), "{}", stdout(&o));
    assert!(!stdout(&o).contains("winners:"), "{}", stdout(&o));
}

#[test]
fn a_replay_whose_mission_script_is_not_in_it_is_refused() {
    // Before, the game replayed without the mission's rules.
    let folder = Folder::new("no-script");
    let m = mission(&folder, "return { moved = function(game, event) end }\n");
    let saved = folder.0.join("r.json").display().to_string();
    let o = play_mission(&m, &["--save", &saved, "-q"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&saved).expect("saved");
    let mut record: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let start = record["start"].as_object_mut().expect("a start");
    start.remove("script");
    start.remove("script_file");
    std::fs::write(&saved, record.to_string()).expect("written");
    let o = tinbots(&["replay", &saved]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    let err = stderr(&o);
    assert!(
        err.contains("r.json: in `start`: start record mission ("),
        "{err}"
    );
    assert!(
        err.contains("m.toml): in `script`: the mission's rules are in \"loop.lua\""),
        "{err}"
    );
}

#[test]
fn what_a_mission_says_reaches_the_terminal_escaped() {
    let folder = Folder::new("say");
    let m = mission(
        &folder,
        "return { order_done = function(game)\n  game:say('red\\27[2J\\rwins\\0')\n  game:finish({'red'}, 'over\\27[31m')\nend }\n",
    );
    let o = play_mission(&m, &["--bot", "all=goal", "-v"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        !out.contains('\u{1b}') && !out.contains('\r') && !out.contains('\0'),
        "{out:?}"
    );
    assert!(out.contains("mission: red\\e[2J\\rwins\\u{0}"), "{out}");
    assert!(out.contains("over: over\\e[31m"), "{out}");
    // A scenario's title, chosen by its file, is escaped by `check`.
    let s = folder.file(
        "t.toml",
        "game = \"droids\"\ntitle = \"t\\u001b]0;owned\\u0007\"\nsource = \"003_4ed30270cd5960fb.txt:7\"\nrows = [\"R.Y\"]\n",
    );
    let o = tinbots(&["check", &s]);
    let out = stdout(&o);
    assert!(o.status.success(), "{out}");
    assert!(!out.contains('\u{1b}') && !out.contains('\u{7}'), "{out:?}");
    assert!(out.contains("t\\e]0;owned\\u{7}"), "{out}");
}
