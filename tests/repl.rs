//! The REPL driven through stdin (the binary), through its session (the
//! library), and on a real terminal (tmux, when the machine has it).

use crate::common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use tinbots::games::twin_tin_bots::game::Game;
use tinbots::games::twin_tin_bots::scenario::Scenario;
use tinbots::repl::session::{Flow, Session};

/// The session's game, as Twin Tin Bots.
fn ttb(session: &Session) -> &Game {
    session.game_as::<Game>().expect("a game of Twin Tin Bots")
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tinbots-repl-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `tinbots repl ARGS` with `input` on stdin: exit code, stdout, stderr.
fn repl(args: &[&str], input: &str) -> (i32, String, String) {
    let out = common::run_with_input(
        Command::new(env!("CARGO_BIN_EXE_tinbots"))
            .arg("repl")
            .args(args),
        input.as_bytes(),
    );
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn ok(args: &[&str], input: &str) -> String {
    let (code, stdout, stderr) = repl(args, input);
    assert_eq!(code, 0, "stdout:\n{stdout}\nstderr:\n{stderr}");
    assert!(!stdout.contains('\u{1b}'), "no colours when piped");
    stdout
}

#[test]
fn looking_commands_help_show_where_history() {
    let out = ok(
        &["-p", "2", "-s", "1"],
        "help\nhelp place\nshow\nshow --all\nshow blue\nwhere\nwhere red.1\nhistory\n",
    );
    assert!(out.contains("place <robot> <slot> <tile>"), "{out}");
    assert!(out.contains("Example: place red.1 2 forward_2"), "{out}");
    assert!(out.contains("q=0\\"), "the map: {out}");
    assert!(
        out.contains("1 special tile (hidden)"),
        "show hides blue's special: {out}"
    );
    // where prints exactly one line per robot.
    assert!(out.contains("\nred.1 at 3,1 facing W carrying 0\nred.2 at 4,-1 facing W carrying 0\nblue.1 at -3,-1 facing E carrying 0\n"), "{out}");
    assert!(out.contains(">   0  turn 1    start"), "{out}");
    assert!(!out.contains("turn 1 red change>"), "no prompts when piped");
}

#[test]
fn changes_steps_undo_redo_goto() {
    let out = ok(
        &["-p", "2", "-s", "1"],
        "place red.1 1 forward_1\nplace red.2 1 zap\nstep\nwhere red.1\nundo\nwhere red.1\nredo\nwhere red.1\n\
         step\nplace blue.1 1 forward_2\nplace blue.2 1 turn_left\nrun\nhistory\ngoto 1\nwhere red.1\nundo turn\nredo turn\n",
    );
    assert!(out.contains("red.1 moves 3,1 -> 2,1"), "{out}");
    let wheres: Vec<&str> = out.lines().filter(|l| l.starts_with("red.1 at")).collect();
    assert_eq!(
        wheres,
        [
            "red.1 at 2,1 facing W carrying 0",
            "red.1 at 3,1 facing W carrying 0",
            "red.1 at 2,1 facing W carrying 0",
            "red.1 at 3,1 facing W carrying 0",
        ],
        "{out}"
    );
    assert!(out.contains("blue.1 moves"), "run runs the rest: {out}");
    assert!(out.contains("at 1: place red.1 1 forward_1"), "{out}");
    // Program changes in the middle of a turn are refused with the reason.
    let (code, _, stderr) = repl(
        &["-p", "2"],
        "place red.1 1 forward_1\nplace red.2 1 zap\nplace red.1 2 zap\n",
    );
    assert_eq!(code, 2);
    assert!(
        stderr.contains("line 3: `place red.1 2 zap`: the turn is running"),
        "{stderr}"
    );
}

#[test]
fn illegal_changes_say_which_rule_and_change_nothing() {
    let (code, stdout, stderr) = repl(&["-p", "2"], "place red.1 1 jump\n");
    assert_eq!(code, 2, "{stdout}");
    assert!(
        stderr.contains("line 1") && stderr.contains("not allowed"),
        "{stderr}"
    );
    let (code, _, stderr) = repl(&["-p", "2"], "shwo\n");
    assert_eq!(code, 2);
    assert!(
        stderr.contains("unknown command `shwo`, did you mean `show`?"),
        "{stderr}"
    );
    let (_, _, stderr) = repl(&["-p", "2"], "swap red.1 1\n");
    assert!(
        stderr.contains("expected: swap <robot> <slot> <slot>"),
        "{stderr}"
    );
}

#[test]
fn bots_turn_auto_lua_reload_save_load_export() {
    let dir = temp_dir("files");
    let save = dir.join("game.json");
    let export = dir.join("position.toml");
    let script = format!(
        "bot red random\nbot blue scripts/twin-tin-bots/bots/greedy.lua\nturn\nturn\nauto 4\nlua return #view.robots\nlua view.me\n\
         reload\nsave {save}\nload {save}\nhistory\nexport {export}\nbot blue none\nquit\nshow\n",
        save = save.display(),
        export = export.display()
    );
    let out = ok(&["-p", "2", "-s", "3"], &script);
    assert!(
        out.contains("blue is played by scripts/twin-tin-bots/bots/greedy.lua"),
        "{out}"
    );
    assert!(out.contains("turn 3, red:"), "auto plays turns: {out}");
    assert!(out.contains("\n4\n"), "lua sees the view: {out}");
    assert!(out.contains("saved ") && out.contains("loaded "), "{out}");
    assert!(!out.contains("q=0\\"), "quit stops before `show`: {out}");
    // The saved game replays, and the exported position is a scenario.
    let replay = Command::new(env!("CARGO_BIN_EXE_tinbots"))
        .args(["replay", &save.display().to_string()])
        .output()
        .unwrap();
    assert!(
        replay.status.success(),
        "{}",
        String::from_utf8_lossy(&replay.stderr)
    );
    let check = Command::new(env!("CARGO_BIN_EXE_tinbots"))
        .args(["check", &export.display().to_string()])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&check.stdout);
    assert!(check.status.success() && said.contains("PASS"), "{said}");
}

#[test]
fn zap_and_crystal_questions_are_asked_with_their_answers() {
    // 000_f177823dad35ee93.txt: Zap! — red.1 zaps blue.1 in front; red
    // chooses what blue.1 does, here by its number (2: turn_left).
    let out = ok(
        &[
            "--load",
            "scripts/twin-tin-bots/scenarios/080_zap_range_1_turn_left.toml",
        ],
        "pass\nrun\n2\nwhere blue.1\n",
    );
    assert!(
        out.contains("red: what does blue.1 do, zapped by red.1? 1) forward_1  2) turn_left"),
        "{out}"
    );
    assert!(
        out.contains("blue.1 at 1,0 facing NE carrying 0"),
        "turned left: {out}"
    );
    // FAQ Q1: yellow, who received the crystal, is asked where the new one
    // goes; `run` goes on after both answers, to the end of the turn.
    let out = ok(
        &[
            "--load",
            "scripts/twin-tin-bots/scenarios/134_faq_q1_zapped_into_a_third_base.toml",
        ],
        "pass\nrun\nunload\n-1,0\n",
    );
    assert!(
        out.contains("yellow: where does the new pink (4) go? 1) 0,1"),
        "{out}"
    );
    assert!(
        out.ends_with(
            "turn 2: blue to play\nblue to make a program change (`help place`), or `bot blue random`\n"
        ),
        "{out}"
    );
}

/// Plays `scenario`'s turn through a session, answering its changes and
/// choices at the prompt and stepping through the orders; returns the
/// session and every event line printed.
fn play_scenario(path: &Path) -> (Session, Scenario, Vec<String>) {
    let scenario = Scenario::load(path).unwrap();
    let mut session = Session::open(&tinbots::games::registry(), path, 1).unwrap();
    let mut events: Vec<String> = ttb(&session)
        .events()
        .iter()
        .map(|e| ttb(&session).describe(e))
        .collect();
    let (turn, active) = (ttb(&session).turn(), ttb(&session).active());
    let mut changes = scenario.changes().into_iter();
    let mut choices = scenario.choices().into_iter();
    let mut guard = 0;
    while !ttb(&session).is_over()
        && (ttb(&session).turn() == turn && ttb(&session).active() == active)
    {
        guard += 1;
        assert!(guard < 200, "{}: the turn does not end", path.display());
        let line = match ttb(&session).decision() {
            tinbots::games::twin_tin_bots::game::Decision::ProgramChange { .. } => {
                match changes.next() {
                    Some(c) => c,
                    None => "pass".to_string(),
                }
            }
            tinbots::games::twin_tin_bots::game::Decision::Continue { .. } => "step".to_string(),
            tinbots::games::twin_tin_bots::game::Decision::GameOver => break,
            _ => format!(
                "answer {}",
                choices.next().expect("a choice for each question")
            ),
        };
        let mut out = String::new();
        let flow = session
            .execute(&line, &mut out)
            .unwrap_or_else(|e| panic!("{}: `{line}`: {e}", path.display()));
        assert_eq!(flow, Flow::Go);
        events.extend(
            out.lines()
                .filter_map(|l| l.strip_prefix("  "))
                .map(str::to_string),
        );
    }
    (session, scenario, events)
}

#[test]
fn every_scenario_played_step_by_step_in_the_repl_meets_its_expectations() {
    let mut files: Vec<PathBuf> = std::fs::read_dir("scripts/twin-tin-bots/scenarios")
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    assert!(files.len() > 80, "{}", files.len());
    for file in &files {
        let (session, scenario, events) = play_scenario(file);
        let differences = scenario.differences(ttb(&session), &events).unwrap();
        assert!(
            differences.is_empty(),
            "{}: {differences:?}\nevents: {events:#?}",
            file.display()
        );
    }
}

#[test]
fn the_play_example_step_by_step() {
    // 000_f177823dad35ee93.txt: Play Example — robot A (red.1): Forward 1x,
    // Load, Turn right; robot B (red.2): Turn left, (empty), Load.
    let out = ok(
        &[
            "--load",
            "scripts/twin-tin-bots/scenarios/001_play_example.toml",
        ],
        "pass\nstep\nstep\nstep\nstep\nstep\n",
    );
    let steps: Vec<&str> = out.split("red's programs: `step` or `run`\n").collect();
    let expected: [&[&str]; 6] = [
        &["red changes: pass"],
        &[
            "red.1 slot 1: forward_1",
            "the blue crystal (2) is pushed 1,0 -> 2,0",
            "red.1 moves 0,0 -> 1,0",
        ],
        &[
            "red.1 slot 2: load",
            "red.1 loads the blue crystal (2) at 2,0",
        ],
        &["red.1 slot 3: turn_right", "red.1 turns E -> SE"],
        &[
            "red.2 slot 1: turn_left",
            "red.2 turns E -> NE",
            "red.2 slot 2: empty, skipped",
        ],
        &["red.2 slot 3: load", "red.2 load: ignored"],
    ];
    assert_eq!(steps.len(), 6, "{out}");
    for (i, (got, want)) in steps.iter().zip(expected).enumerate() {
        let lines: Vec<&str> = got
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        for w in want {
            assert!(
                lines.iter().any(|l| l.starts_with(w)),
                "step {i}: expected a line starting `{w}` in {lines:?}"
            );
        }
    }
}

/// A REPL running on a real terminal: a detached tmux session, killed
/// when dropped.
struct Terminal {
    session: String,
}

impl Terminal {
    /// Whether tmux is here to run the terminal tests.
    fn available() -> bool {
        let here = Command::new("tmux").arg("-V").output().is_ok();
        if !here {
            eprintln!("SKIPPED: tmux is not installed; the terminal test needs it");
        }
        here
    }

    /// Runs tmux on the session's own server (`-L`), so that tests
    /// running at once never share, or wait on, one server.
    fn tmux(session: &str, args: &[&str]) -> std::process::Output {
        Command::new("tmux")
            .args(["-L", session])
            .args(args)
            .output()
            .expect("tmux runs")
    }

    /// `tinbots repl ARGS` on a terminal `width` x `height`, with `env`
    /// (`NO_COLOR=1`, or nothing for colours).
    fn start(name: &str, width: u16, height: u16, env: &str, args: &str) -> Terminal {
        let session = format!("tinbots-test-{name}-{}", std::process::id());
        let home = temp_dir("home");
        let command = format!(
            "env HOME={} {env} {} repl {args}",
            home.display(),
            env!("CARGO_BIN_EXE_tinbots")
        );
        let (width, height) = (width.to_string(), height.to_string());
        let started = Terminal::tmux(
            &session,
            &[
                "new-session",
                "-d",
                "-s",
                &session,
                "-x",
                &width,
                "-y",
                &height,
                &command,
            ],
        );
        assert!(
            started.status.success(),
            "{}",
            String::from_utf8_lossy(&started.stderr)
        );
        Terminal { session }
    }

    /// The screen as text; with `escapes`, with its colour codes.
    fn screen_as(&self, escapes: bool) -> String {
        let mut args = vec!["capture-pane", "-p", "-t", &self.session];
        if escapes {
            args.push("-e");
        }
        String::from_utf8_lossy(&Terminal::tmux(&self.session, &args).stdout).into_owned()
    }

    fn screen(&self) -> String {
        self.screen_as(false)
    }

    /// Waits (5 s at most) until the screen shows `text`.
    fn wait_for(&self, text: &str) {
        self.wait_until(text, |screen| screen.contains(text));
    }

    /// Waits (5 s at most) until the screen satisfies `done`.
    fn wait_until(&self, what: &str, done: impl Fn(&str) -> bool) {
        for _ in 0..100 {
            if done(&self.screen()) {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        panic!("`{what}` never appeared:\n{}", self.screen());
    }

    /// Types `keys` (tmux key names, such as `Tab` and `Enter`).
    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", &self.session];
        args.extend(keys);
        Terminal::tmux(&self.session, &args);
    }

    /// Sends raw bytes, in hexadecimal.
    fn bytes(&self, hex: &[&str]) {
        let mut args = vec!["send-keys", "-t", &self.session, "-H"];
        args.extend(hex);
        Terminal::tmux(&self.session, &args);
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        let _ = Terminal::tmux(&self.session, &["kill-server"]);
    }
}

/// On a real terminal (tmux): the prompt, Tab completing a command and a
/// tile in hand, and a zap question asked at the prompt and answered with
/// Tab completion.
#[test]
fn on_a_terminal_tab_completes_tiles_and_answers_and_questions_are_asked() {
    if !Terminal::available() {
        return;
    }
    let term = Terminal::start("tab", 100, 50, "NO_COLOR=1", "-p 2 -s 1");
    term.wait_for("turn 1 red change>");
    // `pla<Tab> red.<Tab>` completes the command, then lists red's robots.
    term.keys(&["pla", "Tab"]);
    term.wait_for("turn 1 red change> place");
    // capture-pane drops trailing blanks: wait for what follows them.
    term.keys(&["red.1 1 turn_right_", "Tab", "Enter"]);
    term.wait_for("red changes: place red.1 1 turn_right_2");
    term.keys(&["quit", "Enter"]);
    drop(term);

    // A question at the prompt: the zap effect, completed by Tab.
    let term = Terminal::start(
        "zap",
        120,
        50,
        "NO_COLOR=1",
        "--load scripts/twin-tin-bots/scenarios/086_zap_unload_into_base_delivers.toml",
    );
    term.wait_for("turn 1 red change>");
    term.keys(&["pass", "Enter"]);
    term.wait_for("turn 1 red step>");
    term.keys(&["run", "Enter"]);
    term.wait_for("red: what does blue.1 do, zapped by red.1? 1) forward_1");
    term.wait_for("turn 1 red zap effect>");
    term.keys(&["unl", "Tab", "Enter"]);
    term.wait_for("blue.1 is made to unload");
    term.keys(&["quit", "Enter"]);
    drop(term);

    // A zapped blob (000_f177823dad35ee93.txt: Blobs): the directions are
    // asked at the prompt; Tab lists those that fit and completes one.
    let term = Terminal::start("blob", 120, 50, "NO_COLOR=1", &format!("--load {BLOB}"));
    term.wait_for("turn 1 red change>");
    term.keys(&["pass", "Enter"]);
    term.wait_for("turn 1 red step>");
    term.keys(&["run", "Enter"]);
    term.wait_for("red: where does red.1 push the zapped blob at 1,0? 1) E  2) SE");
    term.wait_for("turn 1 red push direction>");
    // The first Tab finds no longer common prefix; the second lists.
    term.keys(&["answer S", "Tab", "Tab"]);
    term.wait_for("SE  SW");
    term.keys(&["E", "Tab", "Enter"]);
    term.wait_for("the blob is pushed 1,0 -> 1,1");
    term.keys(&["quit", "Enter"]);
}

/// Issue 16, items 12 and 16 on an 80x24 terminal: `show` is compact and
/// fits the screen, `show --full` is the long form, the hint is dim, a line
/// that is not UTF-8 is refused and the session goes on, `clear` clears.
#[test]
fn on_an_80_by_24_terminal_show_fits_hints_are_dim_and_bad_lines_are_refused() {
    if !Terminal::available() {
        return;
    }
    let term = Terminal::start("compact", 80, 24, "", "-p 6 -s 2");
    term.wait_for("turn 1 red change>");
    term.keys(&["clear", "Enter"]);
    term.wait_until("a cleared screen", |s| {
        s.trim_start().starts_with("turn 1 red change>")
    });
    term.keys(&["show", "Enter"]);
    // The map's first line and the hand's last are on the screen together.
    term.wait_for("\nred's hand (17)");
    term.wait_until("the whole compact picture", |s| {
        s.contains("  r                 q=0\\") && s.contains("double_modification")
    });
    term.keys(&["show --full", "Enter"]);
    term.wait_for("  hand (17): forward_1 x2");
    // The hint after `place ` is drawn dim (SGR 2), not like typed text.
    term.keys(&["place "]);
    term.wait_for("place <robot> <slot> <tile>");
    let coloured = term.screen_as(true);
    assert!(
        coloured.contains("\u{1b}[2m<robot> <slot> <tile>"),
        "{coloured:?}"
    );
    term.keys(&["C-u"]);
    // A line with bytes that are not UTF-8: refused, and the REPL goes on.
    term.bytes(&["ff", "fe"]);
    term.wait_for("error: the line is not UTF-8 text: refused");
    term.keys(&["C-u", "where red.1", "Enter"]);
    term.wait_for("red.1 at ");
    term.keys(&["quit", "Enter"]);
}

#[test]
fn the_readme_transcript_is_real_output() {
    let readme = std::fs::read_to_string("docs/repl.md").unwrap();
    let command = "$ tinbots repl --load scripts/twin-tin-bots/scenarios/134_faq_q1_zapped_into_a_third_base.toml --echo --commands docs/disputes/faq-q1.txt\n";
    let start = readme
        .find(command)
        .expect("the transcript is in docs/repl.md")
        + command.len();
    let shown = &readme[start..start + readme[start..].find("```").unwrap()];
    let out = ok(
        &[
            "--load",
            "scripts/twin-tin-bots/scenarios/134_faq_q1_zapped_into_a_third_base.toml",
            "--echo",
            "--commands",
            "docs/disputes/faq-q1.txt",
        ],
        "",
    );
    assert_eq!(shown, out);
}

#[test]
fn reload_reads_changed_order_files_and_replays_the_game_with_them() {
    let dir = temp_dir("reload");
    let file = dir.join("orders.lua");
    let define = |steps: &str| {
        std::fs::write(
            &file,
            format!("return {{ {{ name = \"forward_1\", steps = {{ {steps} }} }} }}"),
        )
        .unwrap()
    };
    define("orders.turn(1)");
    let variants = tinbots::games::twin_tin_bots::variant::VariantSet::none();
    let orders = [file.display().to_string()];
    let mut session = Session::standard_with_orders(2, 1, &variants, &orders).unwrap();
    let run = |session: &mut Session, line: &str| {
        let mut out = String::new();
        session
            .execute(line, &mut out)
            .unwrap_or_else(|e| panic!("`{line}`: {e}"));
        out
    };
    run(&mut session, "place red.1 1 forward_1");
    run(&mut session, "place red.2 1 turn_left");
    run(&mut session, "run");
    assert_eq!(
        run(&mut session, "where red.1"),
        "red.1 at 3,1 facing NW carrying 0\n"
    );
    // The file now says what forward_1 says in the rulebook.
    define("orders.forward()");
    run(&mut session, "reload");
    assert_eq!(
        run(&mut session, "where red.1"),
        "red.1 at 2,1 facing W carrying 0\n"
    );
}

/// The map of the first `show` in a REPL transcript: from its header line to
/// the end of the legend (the blank line before the panel).
fn first_map(out: &str) -> &str {
    let start = out.find("  r ").expect("a map");
    let end = start + out[start..].find("\n\n").expect("the panel after the map");
    &out[start..end]
}

#[test]
fn variants_open_and_show_draws_their_terrain() {
    // Mud and teleporters lay their default layouts on a standard board
    // (their `setup` hooks): the game opens with their rules and terrain.
    let out = ok(
        &["--variant", "mud", "--variant", "teleporters", "-p", "2"],
        "show\n",
    );
    assert!(out.contains("q=0\\"), "{out}");
    assert!(
        out.contains("\nterrain: ~ mud | O teleporter (OB blue pair, OY yellow pair)\n")
            || out.contains("\nterrain: O teleporter (OB blue pair, OY yellow pair) | ~ mud\n"),
        "both kinds placed: {out}"
    );
    // The online "Advanced Game" (002_ae8ae07e801960f9.txt: Teleporters,
    // Rocks, Blobs and Mud setup) adds all four at setup: `show` draws them
    // and lists them under the map, on both arenas.
    for (players, seed) in [("2", "17"), ("6", "5")] {
        let out = ok(
            &[
                "--variant",
                "mud",
                "--variant",
                "teleporters",
                "--variant",
                "random-terrain",
                "-p",
                players,
                "-s",
                seed,
            ],
            "show\n",
        );
        let map = first_map(&out);
        // Kinds in the order the variants define them: mud first here.
        assert!(
            map.contains(
                "\nterrain: ~ mud | O teleporter (OB blue pair, OY yellow pair) | # rock | @ blob"
            ),
            "{players} players:\n{map}"
        );
        for cell in [" OB ", " OY ", " # ", " @ ", " ~ "] {
            assert!(map.contains(cell), "{cell:?} in\n{map}");
        }
        assert!(
            map.lines().all(|l| l.chars().count() <= 80),
            "80 columns: {map}"
        );
    }
}

const BLOB: &str = "scripts/twin-tin-bots/scenarios/328_blob_zapped_moved_to_empty_hex.toml";

#[test]
fn a_zapped_blob_is_asked_at_the_prompt_answered_by_text_or_number_and_undone() {
    // 000_f177823dad35ee93.txt: Blobs — "If a Robot Zaps a Blob, the player
    // may move that Blob to an adjacent empty hex".
    let question = "red: where does red.1 push the zapped blob at 1,0? \
                    1) E  2) SE  3) SW  4) W  5) NW  6) NE  7) nothing\n";
    // `run` stops at the question; `SE` answers it and the turn runs on.
    let out = ok(&["--load", BLOB], "pass\nrun\nSE\nwhere red.1\n");
    assert!(out.contains(question), "{out}");
    assert!(out.contains("  the blob is pushed 1,0 -> 1,1\n"), "{out}");
    assert!(out.contains("turn 2: blue to play"), "run goes on: {out}");
    // `step` to the question, answer by number (2: SE), undo over it and
    // answer again, lower case, another way.
    let out = ok(
        &["--load", BLOB],
        "pass\nstep\nshow\n2\nundo\nanswer nw\nshow\nundo\n7\nshow\n",
    );
    assert_eq!(
        out.matches(question).count(),
        3,
        "asked, and asked again after each undo: {out}"
    );
    assert!(
        out.contains("  red.1 zapped piece: ignored: the zapper chose no effect\n"),
        "{out}"
    );
    assert!(
        out.contains("deciding: red, where to push the blob at 1,0 zapped by red.1\n  answers: E SE SW W NW NE nothing\n"),
        "the panel: {out}"
    );
    let pushes: Vec<&str> = out
        .lines()
        .filter(|l| l.contains("the blob is pushed") || l.contains("back 1 to"))
        .collect();
    assert_eq!(
        pushes,
        [
            "  the blob is pushed 1,0 -> 1,1",
            "back 1 to 2: step",
            "  the blob is pushed 1,0 -> 1,-1",
            "back 1 to 2: step",
        ],
        "{out}"
    );
    // The maps: the blob at 1,0, on the line of row 0 right of red.1,
    // before; at 1,-1 after NW; still at 1,0 after `nothing`.
    let rows0: Vec<&str> = out.lines().filter(|l| l.starts_with("  0 ")).collect();
    assert_eq!(rows0.len(), 3, "{out}");
    assert!(rows0[0].contains("R1e    @"), "before: {}", rows0[0]);
    assert!(!rows0[1].contains('@'), "{out}");
    assert!(
        out.contains(" -1 q=-4\\   .     .     .     .     @"),
        "{out}"
    );
    assert!(rows0[2].contains("R1e    @"), "nothing: {}", rows0[2]);
    // Anything else is refused with the answers.
    let (code, _, stderr) = repl(&["--load", BLOB], "pass\nrun\n8\n");
    assert_eq!(code, 2);
    assert!(
        stderr.contains("answer 8: there are 7 answers: 1) E"),
        "{stderr}"
    );
}

#[test]
fn a_game_with_variants_is_saved_and_loaded_with_them() {
    let dir = temp_dir("variants-save");
    for (name, args, moves) in [
        (
            "random",
            vec!["--variant", "random-terrain", "-p", "2", "-s", "6"],
            "place red.1 1 forward_1\nplace red.2 1 turn_left\nrun\nplace blue.1 1 forward_2\nplace blue.2 1 turn_right\nrun\n",
        ),
        ("blob", vec!["--load", BLOB], "pass\nstep\nSE\nrun\n"),
    ] {
        let file = dir.join(format!("{name}.json"));
        let file = file.display().to_string();
        let out = ok(
            &args,
            &format!("{moves}show --all\nwhere\nsave {file}\nload {file}\nshow --all\nwhere\n"),
        );
        let (before, after) = out.split_once(&format!("loaded {file}\n")).unwrap();
        let picture = |text: &str| {
            let start = text.find("  r ").unwrap();
            text[start..].to_string()
        };
        let shown_before = picture(before);
        let shown_before = &shown_before[..shown_before.find("saved ").unwrap()];
        let shown_after = picture(after);
        assert_eq!(shown_before, shown_after, "{name}: the same position");
        assert!(shown_after.contains("\nterrain: "), "{name}: {shown_after}");
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        // A replay of format 4 keeps the variants in the game's start.
        let variants = json["start"]["variants"]
            .as_array()
            .expect("a `variants` key");
        let wanted = if name == "blob" { "blobs" } else { "random-terrain" };
        assert!(
            variants.iter().any(|v| v == wanted),
            "{name}: {variants:?}"
        );
    }
}

#[test]
fn the_readme_terrain_map_is_real_output() {
    let readme = std::fs::read_to_string("docs/repl.md").unwrap();
    let intro = "real output of `show` (the panel follows):\n\n```\n";
    let start = readme
        .find(intro)
        .expect("the terrain map is in docs/repl.md")
        + intro.len();
    let shown = &readme[start..start + readme[start..].find("```").unwrap()];
    let out = ok(
        &["-p", "2", "--seed", "6", "--variant", "random-terrain"],
        "show\n",
    );
    assert_eq!(shown, format!("{}\n", first_map(&out)));
}

/// Copies `from` (a folder of files) into `to`.
fn copy_folder(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
    }
}

#[test]
fn reload_reads_a_changed_variant_script() {
    // A folder of its own with a copy of the mud variant and of the
    // rulebook's mud example (000_f177823dad35ee93.txt: Mud, Example).
    let dir = temp_dir("variant-reload");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    copy_folder(
        &root.join("variants/twin-tin-bots/mud"),
        &dir.join("variants/mud"),
    );
    let scenario = "335_mud_example_1_forward_2_then_forward_1.toml";
    std::fs::copy(
        root.join("scripts/twin-tin-bots/scenarios").join(scenario),
        dir.join(scenario),
    )
    .unwrap();
    let script = dir.join("variants/mud/variant.lua");
    let original = std::fs::read_to_string(&script).unwrap();
    const SKID: &str = "it skids in the mud and loses the step";
    const SINK: &str = "it sinks in the mud and loses the step";
    assert!(original.contains(SKID));

    let mut child = Command::new(env!("CARGO_BIN_EXE_tinbots"))
        .args(["repl", "--load", scenario])
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut read_until = |text: &str| {
        let mut seen = String::new();
        loop {
            let mut line = String::new();
            let n = std::io::BufRead::read_line(&mut stdout, &mut line).unwrap();
            assert!(n > 0, "`{text}` never came:\n{seen}");
            seen.push_str(&line);
            if line.contains(text) {
                return seen;
            }
        }
    };
    stdin.write_all(b"pass\nstep\nstep\n").unwrap();
    let first = read_until(SKID);
    assert!(first.contains("red.1 moves 0,0 -> 1,0"), "{first}");
    // The variant's reason changes on disk; `reload` reads it, and the
    // game, back at the start of the turn, plays it.
    stdin.write_all(b"undo 3\n").unwrap();
    read_until("back 3 to 0: ");
    std::fs::write(&script, original.replace(SKID, SINK)).unwrap();
    stdin
        .write_all(b"reload\npass\nstep\nstep\nquit\n")
        .unwrap();
    let second = read_until(SINK);
    assert!(second.contains("reloaded"), "{second}");
    assert!(
        second.contains(&format!("red.1 forward_2: ignored: {SINK}")),
        "{second}"
    );
    drop(stdin);
    let status = child.wait().unwrap();
    assert!(status.success());
}

mod fuzz {
    use super::*;
    use proptest::prelude::*;

    /// Lines a user might type: commands with plausible and implausible
    /// arguments (no file commands: they would write files).
    fn line() -> impl Strategy<Value = String> {
        let word = prop::sample::select(vec![
            "red.1",
            "red.2",
            "blue.1",
            "blue.9",
            "1",
            "2",
            "3",
            "0",
            "-1",
            "forward_1",
            "zap",
            "jump",
            "turn_left",
            "load",
            "unload",
            "nothing",
            "0,0",
            "1,-1",
            "9,9",
            "turn",
            "red",
            "blue",
            "random",
            "none",
            "--all",
            "--full",
            "--compact",
            "x",
        ]);
        let command = prop::sample::select(vec![
            "show",
            "where",
            "pass",
            "place",
            "swap",
            "remove",
            "reset",
            "answer",
            "step",
            "run",
            "turn",
            "undo",
            "redo",
            "history",
            "goto",
            "bot",
            "auto",
            "help",
            "lua",
            "reload",
            "clear",
            "shwo",
            "",
            "forward_1",
            "turn_left",
            "0,-1",
            "2",
            "SE",
            "nw",
        ]);
        (command, prop::collection::vec(word, 0..4))
            .prop_map(|(c, args)| format!("{c} {}", args.join(" ")))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        /// REPL issue: "nothing a user types can panic the REPL or corrupt
        /// the game" — after every line, refused or not, the game keeps
        /// its invariants, and a refused line leaves it as it was.
        #[test]
        fn no_line_panics_the_session_or_corrupts_the_game(lines in prop::collection::vec(line(), 1..25)) {
            let mut session = Session::standard(2, 5, &tinbots::games::twin_tin_bots::variant::VariantSet::none()).unwrap();
            for line in &lines {
                // `auto` alone could play a thousand turns: keep it short.
                let line = if line.trim() == "auto" { "auto 2" } else { line.as_str() };
                let before = format!("{:?}", ttb(&session));
                let mut out = String::new();
                match session.execute(line, &mut out) {
                    Ok(_) => {}
                    Err(_) => prop_assert_eq!(&before, &format!("{:?}", ttb(&session)), "`{}` was refused but changed the game", line),
                }
                prop_assert!(session.game().check_invariants().is_ok(), "after `{}`", line);
            }
        }
    }
}

/// Runs `line` in `session`: what it said, and its error if refused.
fn said(session: &mut Session, line: &str) -> (String, Option<String>) {
    let mut out = String::new();
    let result = session.execute(line, &mut out);
    (out, result.err().map(|e| e.to_string()))
}

/// Issue 16, item 8: every `lua` result used to be kept for the whole
/// session (14,000 lines: 23 s). Memory after 2,000 lines is within a
/// small margin of memory after 100.
#[test]
fn lua_memory_stays_flat_however_many_lines_run() {
    let mut session = Session::standard(
        2,
        1,
        &tinbots::games::twin_tin_bots::variant::VariantSet::none(),
    )
    .unwrap();
    // Results of every kind, errors and output included.
    let lines = [
        "lua view",
        "lua #view.robots",
        "lua {1, 2, {3, 4}, x = string.rep('y', 1000)}",
        "lua t = {} for i = 1, 100 do t[i] = {i} end",
        "lua error('refused')",
        "lua no_such_function()",
        "lua print('printed')",
        "lua return 1 +",
    ];
    let run = |session: &mut Session, n: usize| {
        for i in 0..n {
            let _ = said(session, lines[i % lines.len()]);
        }
    };
    run(&mut session, 100);
    let after_100 = session.lua_memory();
    run(&mut session, 1900);
    let after_2000 = session.lua_memory();
    assert!(
        after_2000 <= after_100 + 16 * 1024,
        "after 100 lines: {after_100} bytes; after 2000: {after_2000} bytes"
    );
}

/// Issue 16, item 8: a line is compiled first and run once; what it
/// returns is printed in full (the read-only `view` too), within bounds.
#[test]
fn lua_runs_a_line_once_and_prints_tables_and_views() {
    let mut session = Session::standard(
        2,
        1,
        &tinbots::games::twin_tin_bots::variant::VariantSet::none(),
    )
    .unwrap();
    // A failing expression ran twice: as `return ...`, then as statements.
    let (out, error) = said(&mut session, "lua error(print('ran') or 'boom')");
    assert_eq!(out, "ran\n", "printed once");
    assert_eq!(error.as_deref(), Some("lua:1: boom"));
    let (out, error) = said(&mut session, "lua print('statement') x = 1");
    assert_eq!((out.as_str(), error), ("statement\n", None));
    // Tables are printed, read-only views through their fields.
    let (out, _) = said(&mut session, "lua view.robots");
    assert_eq!(out.matches("id = ").count(), 4, "{out}");
    assert!(out.contains("id = \"red.1\""), "{out}");
    assert!(out.contains("at = {3, 1}"), "{out}");
    let (out, _) = said(&mut session, "lua view");
    for field in ["robots = {", "hand = {", "turn = 1", "me = \"red\""] {
        assert!(out.contains(field), "{field} in {out}");
    }
    assert!(out.lines().all(|l| l.chars().count() <= 80), "{out}");
    let (out, _) = said(&mut session, "lua 1, nil, 'a', {x = true, [2] = 'b'}");
    assert_eq!(out, "1\tnil\ta\t{[2] = \"b\", x = true}\n");
    // Bounded: depth, entries, characters, cycles; control characters escaped.
    let (out, _) = said(
        &mut session,
        "lua local t = {} local c = t for i = 1, 50 do c.x = {} c = c.x end return t",
    );
    assert_eq!(out, "{x = {x = {x = {x = {...}}}}}\n");
    let (out, _) = said(
        &mut session,
        "lua local t = {} for i = 1, 1e5 do t[i] = i end return t",
    );
    assert!(out.contains(" 40, ...\n}") && out.len() < 400, "{out}");
    let (out, _) = said(&mut session, "lua string.rep('ab', 1e6)");
    assert!(out.len() < 9000, "{} bytes", out.len());
    let (out, _) = said(&mut session, "lua local t = {} t.me = t return t");
    assert_eq!(out, "{me = {<cycle>}}\n");
    let (out, _) = said(&mut session, "lua '\\27[31mred', {'\\27'}");
    assert!(!out.contains('\u{1b}'), "{out:?}");
    assert_eq!(out, "\\27[31mred\t{\"\\27\"}\n");
    // A printer reading a hostile table is stopped by the budget.
    let (_, error) = said(
        &mut session,
        "lua setmetatable({}, {__pairs = function() while true do end end})",
    );
    assert!(error.unwrap().contains("instruction budget"), "stopped");
    let (out, _) = said(
        &mut session,
        "lua setmetatable({}, {__tostring = function() return 'shown' end})",
    );
    assert_eq!(out, "shown\n");
}

/// Issue 16, item 12: a line that is not UTF-8 is refused with its number,
/// and the session stops as for any refused line.
#[test]
fn a_line_that_is_not_utf8_is_refused_with_its_number() {
    let out = common::run_with_input(
        Command::new(env!("CARGO_BIN_EXE_tinbots")).args(["repl", "-p", "2"]),
        b"where red.1\nplace red.1 1 \xff\xfe\nwhere red.2\n",
    );
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert_eq!(out.status.code(), Some(2), "{stdout}{stderr}");
    assert_eq!(stderr, "tinbots: line 2: not UTF-8\n");
    assert_eq!(stdout, "red.1 at 3,1 facing W carrying 0\n", "stops there");
}

/// Issue 16, item 16: what the REPL says is of use to a newcomer.
#[test]
fn the_repl_suggests_what_can_be_done_and_names_things_right() {
    let mut session = Session::standard(
        2,
        1,
        &tinbots::games::twin_tin_bots::variant::VariantSet::none(),
    )
    .unwrap();
    // No bot seated: no `turn`, but what can be done.
    assert_eq!(
        session.asked(),
        "red to make a program change (`help place`), or `bot red random`"
    );
    said(&mut session, "bot red random");
    assert_eq!(
        session.asked(),
        "red to make a program change (or `turn` for its bot)"
    );
    // Nothing to undo at the start, nothing to redo at the end.
    let (out, _) = said(&mut session, "undo");
    assert!(out.starts_with("nothing to undo: at 0, the start"), "{out}");
    let (out, _) = said(&mut session, "redo 3");
    assert!(out.starts_with("nothing to redo: at 0"), "{out}");
    // The step that ends a turn belongs to that turn in `history`.
    for line in ["place red.1 1 forward_1", "place red.2 1 zap", "run"] {
        assert_eq!(said(&mut session, line).1, None, "{line}");
    }
    let (out, _) = said(&mut session, "history");
    assert!(out.contains(">   3  turn 1    run\n"), "{out}");
    assert_eq!(session.game().turn(), 2);
    // Misspelled names get the closest.
    for (line, expected) in [
        (
            "place blue.1 1 forwrd_1",
            "`forwrd_1` is not an order tile, did you mean `forward_1`?",
        ),
        (
            "place bleu.1 1 forward_1",
            "`bleu.1` is not a robot, did you mean `blue.1`?",
        ),
        (
            "place blue.3 1 forward_1",
            "`blue.3` is not a robot, did you mean `blue.1` or `blue.2`?",
        ),
        (
            "where blu.2",
            "`blu.2` is not a robot, did you mean `blue.2`?",
        ),
        (
            "bot bleu random",
            "`bleu` is not a colour, did you mean `blue`?",
        ),
        ("show rde", "`rde` is not a colour, did you mean `red`?"),
    ] {
        let before = session.timeline().points().len();
        assert_eq!(said(&mut session, line).1.as_deref(), Some(expected));
        assert_eq!(session.timeline().points().len(), before, "nothing changed");
    }
    // `clear`: in help, completed, a note when reading a script.
    let (out, _) = said(&mut session, "help");
    assert!(out.contains("\n  clear "), "{out}");
    let completions = tinbots::repl::complete::Completions::of(&session);
    assert_eq!(completions.candidates("", 0, "cl").unwrap(), ["clear"]);
    let out = ok(&["-p", "2"], "clear\n");
    assert_eq!(out, "(clear: no screen to clear when reading a script)\n");
}

/// Issue 16, item 16: `help`, `show` (both forms) and `where` keep within 80
/// columns on both arenas and for 2 to 6 players.
#[test]
fn help_show_and_where_fit_in_80_columns() {
    let topics: String = tinbots::repl::command::COMMANDS
        .iter()
        .map(|c| format!("help {}\n", c.name))
        .collect();
    for players in ["2", "3", "4", "5", "6"] {
        for variants in [&[][..], &["--variant", "random-terrain"][..]] {
            let mut args = vec!["-p", players, "-s", "4"];
            args.extend(variants);
            let out = ok(
                &args,
                &format!(
                    "help\n{topics}show\nshow --compact\nshow --all\nwhere\n\
                     bot red random\nbot blue random\nturn\nturn\nshow\nshow --full\nwhere\n"
                ),
            );
            for line in out.lines() {
                assert!(line.chars().count() <= 80, "{players} {variants:?}: {line}");
            }
        }
    }
}

/// Issue 16, item 16: `reload` says what it read and plays the game again
/// to the same step.
#[test]
fn reload_says_what_it_read_and_replays_to_the_same_step() {
    let out = ok(
        &["--variant", "mud", "-p", "2", "-s", "1"],
        "reload\nbot red scripts/twin-tin-bots/bots/greedy.lua\nplace red.1 1 forward_1\nplace red.2 1 zap\nstep\nhistory\nreload\nhistory\n",
    );
    assert!(
        out.contains(
            "reloaded bot scripts: none\nreloaded order files: none\nreloaded variants: mud\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("reloaded bot scripts: red scripts/twin-tin-bots/bots/greedy.lua\n"),
        "{out}"
    );
    assert!(
        out.contains(
            "the game was replayed with them to the same step: point 3 of the history, turn 1\n"
        ),
        "{out}"
    );
    let histories: Vec<&str> = out.split("reloaded bot scripts").collect();
    let history = |text: &str| -> String {
        text.lines()
            .filter(|l| l.contains("  turn "))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(history(histories[1]), history(histories[2]), "{out}");
    assert!(
        history(histories[2]).contains(">   3  turn 1    step"),
        "{out}"
    );
    let out = ok(&["-p", "2"], "reload\n");
    assert_eq!(
        out,
        "nothing to reload: no bot script, order file or variant in this game\n"
    );
}
