//! The session written once over the seam, tried on a toy game: a counter
//! two seats add to, each turn a chain of two small decisions (`add N`
//! twice, the second differing from the first), then run in two steps;
//! each seat holds a hidden number. Save and load are tried on the default
//! game (a replay needs a registered game).

use std::fmt::Write as _;

use super::extension::NoExtras;
use super::session::{Flow, Session};
use crate::engine::{
    Describe, DynState, GameOptions, Information, Named, Outcome, Refusal, Seat, Standing,
    StartError, Started, State, TranscriptPart,
};
use crate::registry::GameType;

/// An answer of the toy game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answer {
    Add(u32),
    Continue,
}

/// The toy game: a counter; the seat of the turn (red on odd turns) adds
/// two different numbers from 1 to 3, which are then added one step at a
/// time. Reaching 20 wins.
#[derive(Clone, Debug)]
struct Counter {
    counter: u32,
    turn: u32,
    chosen: Vec<u32>,
    /// Steps of the turn still to run.
    to_run: Vec<u32>,
    stepping: bool,
    events: Vec<String>,
    hands: [u32; 2],
}

impl Counter {
    fn new() -> Counter {
        Counter {
            counter: 0,
            turn: 1,
            chosen: Vec::new(),
            to_run: Vec::new(),
            stepping: false,
            events: Vec::new(),
            hands: [3, 5],
        }
    }

    fn seat(&self) -> Seat {
        usize::from(self.turn.is_multiple_of(2))
    }

    /// Runs one step of the turn, or the whole turn without stepping.
    fn run_steps(&mut self) {
        while let Some(n) = self.to_run.first().copied() {
            self.to_run.remove(0);
            let before = self.counter;
            self.counter += n;
            self.events
                .push(format!("counter {before} -> {}", self.counter));
            if self.counter >= 20 {
                self.to_run.clear();
                self.events.push("the counter reached 20".into());
                return;
            }
            if self.stepping && !self.to_run.is_empty() {
                return;
            }
        }
        self.turn += 1;
        self.chosen.clear();
        self.events.push(format!("turn {}", self.turn));
    }
}

impl Named for Counter {
    const NAME: &'static str = "counter";
}

impl State for Counter {
    type Answer = Answer;
    type Event = String;

    fn seats(&self) -> usize {
        2
    }
    fn seat_name(&self, seat: Seat) -> &str {
        ["red", "blue"][seat]
    }
    fn to_decide(&self) -> Option<Seat> {
        (self.counter < 20).then(|| self.seat())
    }
    fn decision_text(&self) -> String {
        match (self.counter >= 20, self.to_run.is_empty()) {
            (true, _) => "game over".into(),
            (false, true) => "add".into(),
            (false, false) => "step".into(),
        }
    }
    fn legal_count(&self) -> usize {
        (0..10).take_while(|&i| self.legal(i).is_some()).count()
    }
    fn legal(&self, i: usize) -> Option<Answer> {
        if self.counter >= 20 {
            return None;
        }
        if !self.to_run.is_empty() {
            return (i == 0).then_some(Answer::Continue);
        }
        (1..=3)
            .filter(|n| !self.chosen.contains(n))
            .nth(i)
            .map(Answer::Add)
    }
    fn apply(&mut self, answer: Answer) -> Result<(), Refusal> {
        if !(0..State::legal_count(self)).any(|i| self.legal(i) == Some(answer)) {
            return Err(match answer {
                Answer::Add(n) if self.chosen.contains(&n) => {
                    Refusal::new(format!("add {n} twice: the second add differs (rule 2)"))
                }
                _ => Refusal::new("not now (rule 1)"),
            });
        }
        self.events.clear();
        match answer {
            Answer::Add(n) => {
                self.chosen.push(n);
                self.events
                    .push(format!("{} adds {n}", State::seat_name(self, self.seat())));
                if self.chosen.len() == 2 {
                    self.to_run = self.chosen.clone();
                    if !self.stepping {
                        self.run_steps();
                    }
                }
            }
            Answer::Continue => self.run_steps(),
        }
        Ok(())
    }
    fn events(&self) -> &[String] {
        &self.events
    }
    fn narrate(&self, event: &String) -> String {
        event.clone()
    }
    fn answer_text(&self, answer: Answer) -> String {
        match answer {
            Answer::Add(n) => format!("add {n}"),
            Answer::Continue => "continue".into(),
        }
    }
    fn parse_answer(&self, text: &str) -> Result<Answer, Refusal> {
        match text.split_whitespace().collect::<Vec<_>>().as_slice() {
            ["continue"] => Ok(Answer::Continue),
            ["add", n] => n
                .parse()
                .map(Answer::Add)
                .map_err(|_| Refusal::new(format!("`{n}` is not a number"))),
            _ => Err(Refusal::new(format!("`{text}` is not an answer"))),
        }
    }
    fn turn(&self) -> u32 {
        self.turn
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.counter >= 20).then(|| Outcome {
            winners: vec![self.seat()],
            reason: "the counter reached 20".into(),
            at_turn_limit: false,
        })
    }
    fn stop_at_turn_limit(&mut self) {}
    fn standings(&self) -> Vec<Standing> {
        Vec::new()
    }
    fn set_stepping(&mut self, on: bool) {
        self.stepping = on;
    }
    fn sample_hidden(&self, _: Seat, _: u64) -> Counter {
        self.clone()
    }
}

impl Describe for Counter {
    fn svg(&self, viewer: Option<Seat>) -> String {
        crate::picture::sheet::text_page(&Describe::picture(self, viewer, false))
    }
    fn picture(&self, viewer: Option<Seat>, _: bool) -> String {
        let mut out = format!("counter {}\n", self.counter);
        for seat in 0..2 {
            let name = State::seat_name(self, seat);
            if viewer.is_none_or(|v| v == seat) {
                let _ = writeln!(out, "{name} holds {}", self.hands[seat]);
            } else {
                let _ = writeln!(out, "{name} holds ?");
            }
        }
        out
    }
    fn where_lines(&self) -> Vec<String> {
        vec![format!("counter at {}", self.counter)]
    }
    fn private_text(&self, viewer: Seat) -> String {
        format!(
            "{} holds {}\n",
            State::seat_name(self, viewer),
            self.hands[viewer]
        )
    }
    fn transcript_part(&self) -> TranscriptPart {
        TranscriptPart::Main
    }
    fn summary(&self) -> String {
        "over\n".into()
    }
    fn check_invariants(&self) -> Result<(), String> {
        Ok(())
    }
}

fn toy_new(_: &GameOptions) -> Result<Started, StartError> {
    Ok(Started {
        game: Box::new(Counter::new()),
        start: serde_json::json!({}),
    })
}

fn toy_resume(_: &serde_json::Value) -> Result<Box<dyn DynState>, StartError> {
    Ok(Box::new(Counter::new()))
}

/// The toy game's entry (not in the list of games).
static TOY: GameType = GameType {
    name: "counter",
    title: "Counter",
    players: (2, 2),
    default_players: 2,
    information: Information::Imperfect,
    options: &[],
    new: toy_new,
    resume: toy_resume,
    claims: |_| false,
    repl: || Box::new(NoExtras),
    check: |path, _| Err(format!("{}: the toy game has no files", path.display())),
    lua_bot: |file, _| {
        Err(crate::script::BotError::Load {
            path: file.shown(),
            cause: "the toy game has no Lua bots".into(),
        })
    },
    play_bot: "random",
    legacy_replay: None,
    scenario_position: None,
    scenario_after: None,
    variant_listing: None,
    catalogues: &[],
    disputes: &[],
    rulebooks: &[],
};

fn toy() -> Session {
    let started = toy_new(&GameOptions::default()).expect("the toy starts");
    Session::new(
        &crate::registry::Games::only(&TOY),
        &TOY,
        started.start,
        started.game,
        Box::new(NoExtras),
        1,
        "start",
    )
}

/// Runs `line`: what it said, or the refusal.
fn said(session: &mut Session, line: &str) -> Result<String, String> {
    let mut out = String::new();
    session
        .execute(line, &mut out)
        .map(|_| out)
        .map_err(|e| e.to_string())
}

fn ok(session: &mut Session, line: &str) -> String {
    said(session, line).unwrap_or_else(|e| panic!("`{line}`: {e}"))
}

fn counter(session: &Session) -> u32 {
    session.game_as::<Counter>().expect("the toy").counter
}

#[test]
fn the_prompt_names_the_turn_the_seat_and_the_decision() {
    let mut s = toy();
    assert_eq!(s.prompt(), "turn 1 red add> ");
    assert_eq!(
        s.asked(),
        "red to answer: add? 1) add 1  2) add 2  3) add 3"
    );
    ok(&mut s, "add 1, add 2");
    assert_eq!(s.prompt(), "turn 1 red step> ");
    assert_eq!(s.asked(), "red: `step` or `run`");
}

#[test]
fn a_comma_chain_is_applied_all_or_nothing() {
    let mut s = toy();
    let refused = said(&mut s, "add 2, add 2").expect_err("the second add must differ");
    assert_eq!(
        refused,
        "`add 2` is not allowed: add 2 twice: the second add differs (rule 2) \
         (answer 2 of 2: none of the line was applied)"
    );
    assert_eq!(s.timeline().points().len(), 1, "the first add was undone");
    assert_eq!(s.game().legal_count(), 3, "red still chooses the first add");
    let out = ok(&mut s, "add 2, add 3");
    assert!(out.starts_with("  red adds 2\n  red adds 3\n"), "{out}");
    let answers = s.timeline().current().answers.to_vec();
    assert_eq!(answers, ["add 2", "add 3"], "one point per answer");
    assert_eq!(s.timeline().points().len(), 3);
    // A number picks an offered answer; a line that is no command and no
    // answer close to a command is taken for a typo.
    let mut s = toy();
    ok(&mut s, "3");
    assert_eq!(s.timeline().current().answers.to_vec(), ["add 3"]);
    assert_eq!(
        said(&mut s, "shwo").expect_err("a typo"),
        "unknown command `shwo`, did you mean `show`?"
    );
    assert_eq!(
        said(&mut s, "add 9").expect_err("no such add"),
        "`add 9` is not allowed: not now (rule 1)"
    );
}

#[test]
fn step_runs_one_step_and_run_the_rest_of_the_turn() {
    let mut s = toy();
    ok(&mut s, "add 1, add 3");
    let out = ok(&mut s, "step");
    assert_eq!(out, "  counter 0 -> 1\nred: `step` or `run`\n");
    let out = ok(&mut s, "run");
    assert_eq!(
        out,
        "  counter 1 -> 4\n  turn 2\nblue to answer: add? 1) add 1  2) add 2  3) add 3\n"
    );
    assert_eq!(counter(&s), 4);
    let labels: Vec<&str> = s
        .timeline()
        .points()
        .iter()
        .map(|p| p.label.as_str())
        .collect();
    assert_eq!(labels, ["start", "add 1", "add 3", "step", "run"]);
    assert_eq!(
        said(&mut s, "step").expect_err("a decision, not a pause"),
        "nothing to step: blue to answer: add? 1) add 1  2) add 2  3) add 3"
    );
}

#[test]
fn undo_and_redo_go_by_answer_and_by_turn() {
    let mut s = toy();
    ok(&mut s, "add 1, add 2");
    let out = ok(&mut s, "undo");
    assert!(out.starts_with("back 1 to 1: add 1\n"), "{out}");
    assert_eq!(s.game().legal_count(), 2, "the second add is asked again");
    ok(&mut s, "redo");
    ok(&mut s, "run");
    ok(&mut s, "add 3");
    assert_eq!(s.game().turn(), 2);
    // Back to the first answer of turn 2, then of turn 1.
    let out = ok(&mut s, "undo turn");
    assert!(out.starts_with("back 1 to 3: run\n"), "{out}");
    assert_eq!((s.game().turn(), counter(&s)), (2, 3));
    let out = ok(&mut s, "undo turn");
    assert!(out.starts_with("back 3 to 0: start\n"), "{out}");
    ok(&mut s, "redo turn");
    assert_eq!(s.game().turn(), 2);
    ok(&mut s, "redo turn");
    assert_eq!(s.timeline().position(), 4, "the last point");
    // Something new after an undo drops what was ahead.
    ok(&mut s, "undo 4");
    ok(&mut s, "add 2, add 3");
    assert_eq!(s.timeline().current().answers.to_vec(), ["add 2", "add 3"]);
}

#[test]
fn only_the_deciding_seat_s_hand_is_shown_and_never_a_bot_s() {
    let mut s = toy();
    assert_eq!(ok(&mut s, "hand"), "red holds 3\n");
    let shown = ok(&mut s, "show");
    assert!(
        shown.contains("red holds 3") && shown.contains("blue holds ?"),
        "{shown}"
    );
    assert!(ok(&mut s, "show --all").contains("blue holds 5"));
    assert!(ok(&mut s, "show blue").contains("red holds ?"));
    // The decision passes to blue: with two people at the table, blue is
    // named on a cleared screen before the hand is shown.
    assert_eq!(s.handoff(), None, "red sat down first");
    ok(&mut s, "add 1, add 2");
    ok(&mut s, "run");
    assert_eq!(s.handoff().as_deref(), Some("blue to add: press Enter"));
    let handed = s.handed_over();
    assert!(handed.starts_with("blue holds 5\n"), "{handed}");
    assert_eq!(s.handoff(), None, "blue is at the terminal");
    // A bot's seat is never shown to the person at the table.
    ok(&mut s, "bot blue random");
    assert_eq!(
        said(&mut s, "hand").expect_err("a bot's hand"),
        "blue is played by a bot: its hand is not shown to the others"
    );
    let shown = ok(&mut s, "show");
    assert!(
        shown.contains("blue holds ?") && shown.contains("red holds 3"),
        "{shown}"
    );
    assert_eq!(s.handoff(), None, "one person: nobody to hand over to");
}

#[test]
fn bots_play_a_turn_and_auto_plays_to_the_end() {
    let mut s = toy();
    ok(&mut s, "bot red random");
    ok(&mut s, "bot blue random");
    let out = ok(&mut s, "turn");
    assert!(out.starts_with("red: add "), "{out}");
    assert_eq!(s.game().turn(), 2);
    let out = ok(&mut s, "auto");
    assert!(out.ends_with("over\n"), "the game's summary: {out}");
    assert!(s.game().is_over());
    assert_eq!(said(&mut s, "add 1").expect_err("over"), "the game is over");
}

#[test]
fn a_game_saved_in_the_middle_of_a_turn_loads_to_the_same_point() {
    let dir = std::env::temp_dir().join(format!("tinbots-session-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let file = dir.join("saved.json");
    let game_type = crate::games::default_game();
    let options = GameOptions {
        players: Some(2),
        seed: 3,
        ..GameOptions::default()
    };
    let started = game_type.start(&options).expect("a standard game");
    let mut s =
        Session::started(&crate::games::registry(), game_type, started, 3).expect("a session");
    // Two answers, a step: a replay keeps the answers only.
    let first = s.game().legal_text(0).expect("an answer");
    ok(&mut s, &first);
    let text = s.game().legal_text(0).expect("an answer");
    assert!(
        said(&mut s, &format!("answer {text}")).is_err(),
        "Twin Tin Bots reads program changes as commands, not answers to a question"
    );
    ok(&mut s, &text);
    ok(&mut s, "step");
    ok(&mut s, &format!("save {}", file.display()));
    let record = crate::replay::Record::load(&crate::games::registry(), &file).expect("a replay");
    assert_eq!((record.version, record.game.as_str()), (4, game_type.name));
    assert_eq!(record.answers, [first.clone(), text.clone()]);
    // Replayed without stepping, the last answer runs its turn to the end.
    let loaded = Session::open(&crate::games::registry(), &file, 3).expect("it opens");
    assert_eq!(loaded.timeline().current().answers.to_vec(), record.answers);
    assert_eq!(loaded.prompt(), "turn 2 blue change> ");
    ok(&mut s, "run");
    assert_eq!(loaded.game().where_lines(), s.game().where_lines());
    assert_eq!(loaded.record().answers, s.record().answers);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(
        said(&mut s, "load /no/such/file.json").expect_err("no file"),
        "/no/such/file.json: No such file or directory (os error 2)"
    );
}

#[test]
fn quit_and_clear_are_flows() {
    let mut s = toy();
    let mut out = String::new();
    assert_eq!(s.execute("clear", &mut out).ok(), Some(Flow::Clear));
    assert_eq!(s.execute("quit", &mut out).ok(), Some(Flow::Quit));
    assert_eq!(s.execute("# a comment", &mut out).ok(), Some(Flow::Go));
    let help = ok(&mut s, "help");
    assert!(
        help.contains("\n  hand ") && help.contains("\n  legal "),
        "{help}"
    );
    assert!(
        !help.contains("place"),
        "no game's own commands here: {help}"
    );
    assert!(help.lines().all(|l| l.chars().count() <= 80), "{help}");
    assert_eq!(ok(&mut s, "legal"), "  1) add 1\n  2) add 2\n  3) add 3\n");
    assert_eq!(ok(&mut s, "where counter"), "counter at 0\n");
    assert_eq!(
        said(&mut s, "where countr").expect_err("a typo"),
        "`countr` is not a piece, did you mean `counter`?"
    );
}

/// Everything a line could change in a session, as text: where the user
/// stands, the whole history (what `undo` and `redo` reach), the prompt,
/// the game.
fn state(session: &Session) -> String {
    let points: Vec<String> = session
        .timeline()
        .points()
        .iter()
        .map(|p| format!("{} {:?} {:?}", p.label, p.answers, p.game().where_lines()))
        .collect();
    format!(
        "at {} of {:?}\n{}\n{:?}",
        session.timeline().position(),
        points,
        session.prompt(),
        session.game().where_lines()
    )
}

/// Issue 29, item 7: a refused line leaves the session exactly as it was
/// (the game, the history, where the user stands in it) and says nothing
/// but why: a huge line, control characters, a `load` of a device or a
/// folder.
#[test]
fn hostile_lines_leave_the_session_as_it_was() {
    let mut s = toy();
    ok(&mut s, "add 1, add 2");
    ok(&mut s, "step");
    ok(&mut s, "undo");
    let before = state(&s);
    let folder = std::env::temp_dir();
    let huge = format!("add {}", "9".repeat(5 << 20));
    let hostile = [
        huge.as_str(),
        "add 1\u{1b}[2J\r\0",
        "\u{1b}]0;title\u{7}",
        "load /dev/zero",
        "load /dev/urandom",
        &format!("load {}", folder.display()),
        "goto 99",
        "bot red no/such/bot.lua",
    ];
    for line in hostile {
        let mut out = String::new();
        let refused = s.execute(line, &mut out);
        let shown = crate::script::text::shown(line);
        assert!(refused.is_err(), "`{shown}` is refused");
        assert_eq!(out, "", "`{shown}` says only why");
        assert_eq!(state(&s), before, "`{shown}` changed the session");
    }
    let mut out = String::new();
    let e = s.execute(&huge, &mut out).unwrap_err().to_string();
    assert_eq!(
        e,
        format!(
            "a line of {} bytes: longer than the 65536 bytes a line may hold, refused",
            huge.len()
        )
    );
    // Still at the point before the undone step, and it still plays.
    assert_eq!(
        ok(&mut s, "redo"),
        "forward 1 to 3: step\nred: `step` or `run`\n"
    );
}

/// Issue 29, item 7: a command that fails half way (a bot that fails on
/// its third decision of `auto`) is undone whole: no turn it played stays,
/// not even as a `redo`.
#[test]
fn a_command_failing_half_way_is_undone_whole() {
    let dir = std::env::temp_dir().join(format!("tinbots-repl-halfway-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bot = dir.join("tires.lua");
    std::fs::write(
        &bot,
        "local calls = 0\n\
         return { choose = function(view, decision)\n\
           calls = calls + 1\n\
           if calls > 4 then error('tired') end\n\
           return 1\n\
         end }\n",
    )
    .unwrap();
    let mut s = crate::repl::session::Session::started(
        &crate::games::registry(),
        crate::games::default_game(),
        crate::games::default_game()
            .start(&GameOptions {
                players: Some(2),
                seed: 4,
                ..GameOptions::default()
            })
            .unwrap(),
        4,
    )
    .unwrap();
    ok(&mut s, &format!("bot red {}", bot.display()));
    ok(&mut s, "bot blue random");
    let before = state(&s);
    let e = said(&mut s, "auto 20").expect_err("the bot tires");
    assert!(e.contains("tired"), "{e}");
    assert_eq!(state(&s), before, "nothing of `auto` stays");
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 29, items 4 and 14: piped lines are read with a bound; a 5 MB
/// line is refused with its length, never echoed; what a line echoes,
/// says and is refused for is escaped for the terminal.
#[test]
fn piped_lines_are_bounded_and_escaped() {
    use super::{run_script, ScriptRunError};
    let mut s = toy();
    let input = format!("where counter\n{}\nlegal\n", "x".repeat(5_000_000));
    let mut out = Vec::new();
    let e = run_script(&mut s, input.as_bytes(), &mut out, true).unwrap_err();
    assert!(matches!(
        e,
        ScriptRunError::TooLong {
            line: 2,
            length: 5_000_000
        }
    ));
    assert_eq!(
        e.to_string(),
        "line 2: a line of 5000000 bytes: longer than the 65536 bytes a line may hold, refused"
    );
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "> where counter\ncounter at 0\n",
        "the long line is neither echoed nor run"
    );
    let mut out = Vec::new();
    let e = run_script(&mut s, "\u{1b}[2Jadd\r\0 1\n".as_bytes(), &mut out, true).unwrap_err();
    let text = e.to_string();
    assert!(!text.contains(['\u{1b}', '\r', '\0']), "{text:?}");
    assert!(
        text.starts_with("line 1: `\\e[2Jadd\\r\\u{0} 1`: "),
        "{text}"
    );
    let echoed = String::from_utf8(out).unwrap();
    assert_eq!(echoed, "> \\e[2Jadd\\r\\u{0} 1\n");
    // A line of bytes that are not UTF-8 is refused with its number.
    let e = run_script(&mut s, &b"legal\n\xff\xfe\n"[..], &mut Vec::new(), false).unwrap_err();
    assert_eq!(e.to_string(), "line 2: not UTF-8");
}
