//! Unit tests of the scenario checker: errors point at the right place, and
//! expectations that do not hold are reported.

use super::*;

/// red.1 at the centre facing east with `forward_1`; blue has a robot far away.
const BASE: &str = r#"
title = "a step east"
source = "000_f177823dad35ee93.txt: Forward 1x / Forward 2x"
arena = "small"
players = ["red", "blue"]

[[robot]]
id = "red.1"
at = [0, 0]
facing = "E"
program = ["forward_1", "", ""]

[[robot]]
id = "blue.1"
at = [-3, 0]
facing = "W"

[turn]
changes = ["pass"]
"#;

fn with(extra: &str) -> String {
    format!("{BASE}\n{extra}")
}

fn check(text: &str) -> Checked {
    match check_str("t.toml", text) {
        Ok(r) => r,
        Err(e) => panic!("unexpected error: {e}"),
    }
}

fn error(text: &str) -> ScenarioError {
    match check_str("t.toml", text) {
        Ok(r) => panic!("expected an error, got {r:?}"),
        Err(e) => e,
    }
}

/// The 1-based line of the first occurrence of `needle` in `text`.
fn line_of(text: &str, needle: &str) -> usize {
    let at = text.find(needle).expect("needle in text");
    text[..at].matches('\n').count() + 1
}

#[test]
fn a_scenario_whose_expectations_hold_passes() {
    let r = check(&with(
        r#"
[expect]
game_over = false
winner = ""
winners = []
crystals_on_board = 0
score = { red = 0 }
events = ["red.1 slot 1: forward_1", "red.1 moves 0,0 -> 1,0", "slot 2: empty"]

[[expect.robot]]
id = "red.1"
at = [1, 0]
facing = "E"
carrying = 0
program = ["forward_1", "", ""]
"#,
    ));
    assert!(r.passed(), "{:?}", r.differences);
    assert_eq!(r.title, "a step east");
    assert_eq!(
        r.source,
        "000_f177823dad35ee93.txt: Forward 1x / Forward 2x"
    );
    assert!(
        r.events.iter().any(|e| e.contains("moves 0,0 -> 1,0")),
        "{:?}",
        r.events
    );
    assert!(
        !r.events.iter().any(|e| e.contains("blue to play")),
        "the next turn's start is not part of the turn: {:?}",
        r.events
    );
}

#[test]
fn a_wrong_position_is_a_difference() {
    let r = check(&with("[[expect.robot]]\nid = \"red.1\"\nat = [2, 0]\n"));
    assert!(!r.passed());
    assert_eq!(r.differences, ["red.1: expected at 2,0 but it is at 1,0"]);
}

#[test]
fn every_kind_of_expectation_can_fail() {
    let r = check(&with(
        r#"
[expect]
game_over = true
winner = "red"
winners = ["red", "blue"]
crystals_on_board = 2
score = { blue = 4 }
events = ["red.1 jumps"]

[[expect.robot]]
id = "red.1"
facing = "W"
carrying = 3
program = ["load", "", ""]

[[expect.robot]]
id = "red.2"
at = [0, 0]

[[expect.crystal]]
at = [1, 0]
value = 2

[[expect.crystal]]
at = [2, 2]
value = 4

[[expect.hand]]
player = "red"
has = ["jump", "forward_1", "forward_1"]
"#,
    ));
    let want = [
        "score of blue: expected 4 but it is 0",
        "game_over: expected true but the game goes on",
        "winner: expected red but the game goes on",
        "winners: expected red, blue but the game goes on",
        "crystals_on_board: expected 2 but there are 0",
        "red.1: expected facing W but it faces E",
        "red.1: expected carrying a green crystal (3) but it carries nothing",
        "red.1: expected program [load, -, -] but it is [forward_1, -, -]",
        "red.2: expected in play but it is not on the board",
        "crystal at 1,0: expected a loose blue crystal (2) but red.1 stands there, carrying nothing",
        "crystal at 2,2: expected a loose pink crystal (4) but the hex is empty",
        "red's hand: expected 2 x forward_1 but it has none (hand: empty)",
        "red's hand: expected jump but it has none (hand: empty)",
        "events: expected an event containing `red.1 jumps` but there is none",
    ];
    assert_eq!(r.differences, want);
}

#[test]
fn events_must_appear_in_order() {
    let r = check(&with(
        "[expect]\nevents = [\"red.1 moves 0,0 -> 1,0\", \"red.1 slot 1: forward_1\"]\n",
    ));
    assert_eq!(
        r.differences,
        ["events: expected an event containing `red.1 slot 1: forward_1` after the previous expected one but there is none"]
    );
}

#[test]
fn malformed_toml_names_the_file_line_and_column() {
    let text = "title = \"x\"\nplayers = [\"red\"\n[turn]\n";
    let e = error(text);
    assert!(matches!(e, ScenarioError::Malformed { .. }), "{e:?}");
    assert_eq!(e.location().file, "t.toml");
    assert!(e.location().line().is_some(), "{e}");
    assert!(e.to_string().starts_with("t.toml:"), "{e}");

    let e = error("title = \"x\"\nplayers = [\"red\"]\nfirst_turn = maybe\n");
    assert_eq!(e.location().line(), Some(3), "{e}");
    assert!(e.to_string().starts_with("t.toml:3:"), "{e}");
}

#[test]
fn unknown_keys_are_errors() {
    let text = BASE.replace("facing = \"W\"", "facing = \"W\"\ncolour = \"blue\"");
    let e = error(&text);
    assert!(matches!(e, ScenarioError::Malformed { .. }), "{e:?}");
    assert_eq!(e.location().line(), Some(line_of(&text, "colour =")), "{e}");
    assert!(e.to_string().contains("unknown field `colour`"), "{e}");

    let e = error(&with("[expect]\nscores = { red = 1 }\n"));
    assert!(e.to_string().contains("unknown field `scores`"), "{e}");
}

#[test]
fn missing_required_keys_are_errors() {
    let e = error("players = [\"red\"]\n");
    assert!(e.to_string().contains("missing field `title`"), "{e}");
}

#[test]
fn unknown_names_are_errors_pointing_at_them() {
    let cases = [
        (
            "program = [\"forward_1\", \"\", \"\"]",
            "program = [\"forward_1\", \"warp\", \"\"]",
            "warp",
            "not an order tile",
        ),
        (
            "id = \"blue.1\"",
            "id = \"blue.3\"",
            "blue.3",
            "not a robot",
        ),
        (
            "id = \"blue.1\"",
            "id = \"green.1\"",
            "green.1",
            "green is not playing",
        ),
        (
            "facing = \"W\"",
            "facing = \"N\"",
            "\"N\"",
            "not a direction",
        ),
        (
            "players = [\"red\", \"blue\"]",
            "players = [\"red\", \"purple\"]",
            "purple",
            "not a colour",
        ),
        (
            "arena = \"small\"",
            "arena = \"huge\"",
            "huge",
            "not an arena",
        ),
        (
            "changes = [\"pass\"]",
            "changes = [\"place red.1 4 zap\"]",
            "place red.1 4",
            "not a slot",
        ),
    ];
    for (from, to, needle, reason) in cases {
        let text = BASE.replace(from, to);
        let e = error(&text);
        assert!(matches!(e, ScenarioError::Invalid { .. }), "{to}: {e:?}");
        assert!(e.to_string().contains(reason), "{to}: {e}");
        assert_eq!(
            e.location().line(),
            Some(line_of(&text, needle)),
            "{to}: {e}"
        );
    }
    let e = error(&with("[[crystal]]\nat = [2, 2]\nvalue = 5\n"));
    assert!(e.to_string().contains("5 is not a crystal value"), "{e}");
    let e = error(&with(
        "[[expect.hand]]\nplayer = \"red\"\nhas = [\"jumpp\"]\n",
    ));
    assert!(
        e.to_string().contains("`jumpp` is not an order tile"),
        "{e}"
    );
    let e = error(&with("[expect]\nscore = { green = 1 }\n"));
    assert!(e.to_string().contains("green is not playing"), "{e}");
}

#[test]
fn two_pieces_on_one_hex_is_an_error_at_the_second() {
    let text = with("[[crystal]]\nat = [0, 0]\nvalue = 2\n");
    let e = error(&text);
    assert!(matches!(e, ScenarioError::Position { .. }), "{e:?}");
    assert!(e.to_string().contains("both at 0,0"), "{e}");
    assert_eq!(
        e.location().line(),
        Some(line_of(&text, "value = 2") - 1),
        "{e}"
    );

    let text = with("[[robot]]\nid = \"red.2\"\nat = [-3, 0]\nfacing = \"E\"\n");
    let e = error(&text);
    assert!(
        e.to_string().contains("red.2 and blue.1 are both at -3,0"),
        "{e}"
    );
    assert_eq!(
        e.location().line(),
        Some(line_of(&text, "at = [-3, 0]\nfacing = \"E\"")),
        "{e}"
    );

    let e = error(&with("[[crystal]]\nat = [5, 0]\nvalue = 2\n"));
    assert!(e.to_string().contains("off the small arena"), "{e}");
}

#[test]
fn unknown_variants_and_terrain_are_refused_at_their_line() {
    let e = error(&BASE.replace(
        "arena = \"small\"",
        "arena = \"small\"\nvariants = [\"simplified\", \"quicksand\"]",
    ));
    let e = e.to_string();
    assert!(
        e.contains("t.toml:5:27: unknown variant `quicksand`"),
        "{e}"
    );
    assert!(e.contains("variants: ") && e.contains("simplified"), "{e}");
    let e = error(&with(
        "[[terrain]]\nkind = \"teleporter\"\nat = [2, -1]\ncolour = \"yellow\"\n",
    ));
    assert!(
        e.to_string()
            .contains("terrain `teleporter` needs the variant teleporters: add it to `variants`"),
        "{e}"
    );
    let e = error(&with("[[expect.terrain]]\nkind = \"blob\"\nat = [3, 0]\n"));
    assert!(
        e.to_string()
            .contains("terrain `blob` needs the variant blobs"),
        "{e}"
    );
    let e = error(&with("[[terrain]]\nkind = \"lava\"\nat = [3, 0]\n"));
    assert!(
        e.to_string().contains(
            "`lava` is not a kind of terrain of this scenario's variants (they define: none)"
        ),
        "{e}"
    );
}

#[test]
fn two_changes_without_double_modification_is_an_error() {
    let text = with("[[hand]]\nplayer = \"red\"\ntiles = [\"zap\", \"load\"]\n").replace(
        "changes = [\"pass\"]",
        "changes = [\"place red.1 2 zap\", \"place red.1 3 load\"]",
    );
    let e = error(&text);
    assert!(matches!(e, ScenarioError::Turn { .. }), "{e:?}");
    assert!(
        e.to_string()
            .contains("two changes without a Double Modification"),
        "{e}"
    );
    assert_eq!(
        e.location().column(),
        Some(
            text.lines()
                .nth(line_of(&text, "place red.1 3") - 1)
                .unwrap()
                .find("\"place red.1 3")
                .unwrap()
                + 1
        ),
        "{e}"
    );
}

#[test]
fn a_change_after_pass_is_an_error() {
    let text = with("[[hand]]\nplayer = \"red\"\ntiles = [\"zap\", \"double_modification\"]\n")
        .replace(
            "changes = [\"pass\"]",
            "changes = [\"pass\", \"place red.1 2 zap\"]",
        );
    let e = error(&text);
    assert!(e.to_string().contains("follows `pass`"), "{e}");
}

#[test]
fn first_turn_places_one_order_on_each_robot_only() {
    let first = BASE
        .replace("arena = \"small\"", "arena = \"small\"\nfirst_turn = true")
        .replace("program = [\"forward_1\", \"\", \"\"]", "program = [\"\", \"\", \"\"]")
        + "\n[[robot]]\nid = \"red.2\"\nat = [0, 2]\nfacing = \"E\"\n[[hand]]\nplayer = \"red\"\ntiles = [\"forward_1\", \"turn_right\"]\n";
    let twice = first.replace(
        "changes = [\"pass\"]",
        "changes = [\"place red.1 1 forward_1\", \"place red.1 2 turn_right\"]",
    );
    let e = error(&twice);
    assert!(matches!(e, ScenarioError::Turn { .. }), "{e:?}");
    assert!(e.to_string().contains("each robot gets one order"), "{e}");

    let swap = first.replace("changes = [\"pass\"]", "changes = [\"swap red.1 1 2\"]");
    let e = error(&swap);
    assert!(
        e.to_string().contains("he places an order on each robot"),
        "{e}"
    );

    let one = first.replace(
        "changes = [\"pass\"]",
        "changes = [\"place red.1 1 forward_1\"]",
    );
    let e = error(&one);
    assert!(
        e.to_string()
            .contains("asks for another first-turn placement (red.1 already has its new order)"),
        "{e}"
    );

    let each = first.replace(
        "changes = [\"pass\"]",
        "changes = [\"place red.1 1 forward_1\", \"place red.2 1 turn_right\"]",
    );
    let r = check(&format!("{each}\n[[expect.robot]]\nid = \"red.1\"\nat = [1, 0]\n[[expect.robot]]\nid = \"red.2\"\nfacing = \"SE\"\n"));
    assert!(r.passed(), "{:?}", r.differences);
}

#[test]
fn a_tile_not_in_hand_is_an_error() {
    let text = BASE.replace("changes = [\"pass\"]", "changes = [\"place red.1 2 jump\"]");
    let e = error(&text);
    assert!(matches!(e, ScenarioError::Turn { .. }), "{e:?}");
    assert!(
        e.to_string()
            .contains("`place red.1 2 jump` is not allowed: jump is not in your hand"),
        "{e}"
    );
    assert_eq!(
        e.location().line(),
        Some(line_of(&text, "place red.1 2 jump"))
    );

    let e = error(&BASE.replace("changes = [\"pass\"]", "changes = [\"remove blue.1 1\"]"));
    assert!(
        e.to_string().contains("blue.1 is not yours"),
        "robots are named, not numbered: {e}"
    );
}

#[test]
fn a_missing_change_or_choice_is_an_error() {
    let e = error(&BASE.replace("changes = [\"pass\"]", "changes = []"));
    assert!(
        e.to_string()
            .contains("asks for a program change but `changes` has no more answers"),
        "{e}"
    );

    let zap = BASE
        .replace(
            "program = [\"forward_1\", \"\", \"\"]",
            "program = [\"zap\", \"\", \"\"]",
        )
        .replace("at = [-3, 0]", "at = [2, 0]");
    let e = error(&zap);
    assert!(
        e.to_string().contains(
            "asks for a zap effect (red.1 zaps blue.1) but `choices` has no more answers"
        ),
        "{e}"
    );

    let e = error(&format!("{zap}choices = [\"turn_left\", \"load\"]\n"));
    assert!(
        e.to_string().contains("`load` is one answer too many"),
        "{e}"
    );

    let e = error(&format!("{zap}choices = [\"0,1\"]\n"));
    assert!(e.to_string().contains("not a zap effect"), "{e}");

    let r = check(&format!(
        "{zap}choices = [\"turn_left\"]\n[[expect.robot]]\nid = \"blue.1\"\nfacing = \"SW\"\n"
    ));
    assert!(r.passed(), "{:?}", r.differences);
}

#[test]
fn double_modification_allows_a_second_change_and_is_kept_when_unused() {
    let hand = "[[hand]]\nplayer = \"red\"\ntiles = [\"zap\", \"load\", \"double_modification\"]\n";
    let two = with(hand).replace(
        "changes = [\"pass\"]",
        "changes = [\"place red.1 2 zap\", \"place red.1 3 load\"]",
    );
    let r = check(&format!(
        "{two}\n[[expect.robot]]\nid = \"red.1\"\nprogram = [\"forward_1\", \"zap\", \"load\"]\n[expect]\nevents = [\"Double Modification\"]\n"
    ));
    assert!(r.passed(), "{:?}", r.differences);

    let one = with(hand).replace("changes = [\"pass\"]", "changes = [\"place red.1 2 zap\"]");
    let r = check(&format!(
        "{one}\n[[expect.hand]]\nplayer = \"red\"\nhas = [\"double_modification\", \"load\"]\n"
    ));
    assert!(r.passed(), "{:?}", r.differences);
}

#[test]
fn check_paths_prints_pass_fail_error_and_the_summary() {
    let dir = std::env::temp_dir().join(format!("tinbots-scenario-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("a_pass.toml"), BASE).unwrap();
    std::fs::write(
        dir.join("b_fail.toml"),
        with("[[expect.robot]]\nid = \"red.1\"\nat = [3, 0]\n"),
    )
    .unwrap();
    std::fs::write(
        dir.join("c_error.toml"),
        "title = \"broken\"\nplayers = [\n",
    )
    .unwrap();
    std::fs::write(dir.join("notes.txt"), "not a scenario").unwrap();
    let mut out = Vec::new();
    let mut err = Vec::new();
    let summary = crate::check::check_paths(
        &crate::games::registry(),
        std::slice::from_ref(&dir),
        None,
        &[],
        &mut out,
        &mut err,
    )
    .unwrap();
    let text = String::from_utf8(out).unwrap();
    let errors = String::from_utf8(err).unwrap();
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(
        summary,
        crate::check::CheckSummary {
            passed: 1,
            failed: 1,
            errors: 1
        },
        "an error is not a failure"
    );
    assert!(!summary.all_passed());
    assert_eq!(summary.exit_status(), 2, "a file that cannot be checked");
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("PASS ") && lines[0].ends_with("a_pass.toml: a step east"),
        "{text}"
    );
    assert!(
        lines[1].starts_with("FAIL ") && lines[1].ends_with("b_fail.toml: a step east"),
        "{text}"
    );
    assert_eq!(
        lines[2], "  red.1: expected at 3,0 but it is at 1,0",
        "{text}"
    );
    assert!(!text.contains("ERROR"), "errors go to stderr: {text}");
    assert!(
        errors.starts_with("ERROR ") && errors.contains("c_error.toml:3:1: malformed scenario"),
        "{errors}"
    );
    assert_eq!(*lines.last().unwrap(), "1 passed, 1 failed, 1 error");
}

#[test]
fn never_panics_on_odd_input() {
    for text in [
        "",
        "title = 1",
        "title = \"t\"\nplayers = []\n",
        "title = \"t\"\nplayers = [\"red\",\"red\"]\n",
        "title = \"t\"\nplayers = [\"red\"]\n[[robot]]\nid = \"red.1\"\nat = [99999999, 0]\nfacing = \"E\"\n",
        "title = \"t\"\nplayers = [\"red\"]\n[[crystal]]\nat = [-2147483648, -2147483648]\nvalue = 2\n",
        "title = \"t\"\nplayers = [\"red\"]\n[[expect.crystal]]\nat = [-2147483648, 0]\nvalue = 2\n",
        "title = \"t\"\nplayers = [\"red\"]\ntrack = [2,2,2,2,2,2,2]\n",
        "title = \"t\"\nplayers = [\"red\",\"blue\",\"yellow\",\"green\",\"white\",\"black\",\"red\"]\n",
        "title = \"t\"\nplayers = [\"red\"]\n[turn]\nchanges = [\"pass\"]\nchoices = [\"1,1\"]\n",
    ] {
        let _ = check_str("odd.toml", text);
    }
}

#[test]
fn a_wrong_winner_or_end_is_a_difference() {
    let victory = r#"
title = "red reaches 11"
players = ["red", "blue"]

[[robot]]
id = "red.1"
at = [0, -3]
facing = "NW"
carrying = 3
program = ["unload", "", ""]

[[base]]
owner = "red"
at = [0, -4]
holds = [4, 4]

[turn]
changes = ["pass"]
"#;
    let r = check(&format!(
        "{victory}\n[expect]\ngame_over = false\nwinner = \"blue\"\nwinners = [\"red\", \"blue\"]\nscore = {{ red = 8 }}\n"
    ));
    assert_eq!(
        r.differences,
        [
            "score of red: expected 8 but it is 11",
            "game_over: expected false but the game is over (score victory)",
            "winner: expected blue but the winner is red",
            "winners: expected red, blue but the game is over (score victory) and the winner is red",
        ]
    );
    let r = check(&format!("{victory}\n[expect]\nwinner = \"\"\n"));
    assert_eq!(
        r.differences,
        ["winner: expected none (the game goes on) but the game is over (score victory) and the winner is red"]
    );
    let r = check(&format!(
        "{victory}\n[expect]\ngame_over = true\nwinner = \"red\"\nwinners = [\"red\"]\nscore = {{ red = 11 }}\n"
    ));
    assert!(r.passed(), "{:?}", r.differences);
}

/// A scenario of the magnet order, named as if it were in `scripts/twin-tin-bots/scenarios/`
/// so that its order files are read from `scripts/twin-tin-bots/orders/`.
fn magnet(orders: &str, program: &str) -> Result<Checked, ScenarioError> {
    let text = format!(
        r#"title = "magnet"
players = ["red", "blue"]
{orders}
[[robot]]
id = "red.1"
at = [0, 0]
facing = "E"
program = ["{program}", "", ""]

[[crystal]]
at = [2, 0]
value = 3

[turn]
changes = ["pass"]

[[expect.crystal]]
at = [1, 0]
value = 3
"#
    );
    check_str("scripts/twin-tin-bots/scenarios/t.toml", &text)
}

#[test]
fn order_files_are_read_from_the_scenario_folder() {
    let r = magnet(r#"orders = ["../orders/magnet.lua"]"#, "magnet").unwrap();
    assert!(r.passed(), "{:?}\n{:?}", r.differences, r.events);
    // The tile of an order file the scenario does not load.
    let e = magnet("", "magnet").unwrap_err().to_string();
    assert!(
        e.contains("`magnet` is not an order tile of this game: an order file adds it, and `orders` does not list that file"),
        "{e}"
    );
    assert_eq!(
        e.split(": ").next(),
        Some("scripts/twin-tin-bots/scenarios/t.toml:8:12"),
        "{e}"
    );
    let e = magnet(r#"orders = ["../orders/none.lua"]"#, "magnet").unwrap_err();
    assert_eq!(e.location().line(), Some(3), "{e}");
    assert!(
        e.to_string()
            .contains("order file: scripts/twin-tin-bots/scenarios/../orders/none.lua: cannot read the script"),
        "{e}"
    );
}

#[test]
fn a_coordinate_is_two_numbers_within_the_limit() {
    // `at = [0, 0, 99]` was read as [0, 0]: now refused where it is written.
    let text = BASE.replace("at = [-3, 0]", "at = [-3, 0, 99]");
    let e = error(&text);
    assert!(matches!(e, ScenarioError::Malformed { .. }), "{e}");
    assert_eq!(
        e.location().line(),
        Some(line_of(&text, "at = [-3, 0, 99]"))
    );
    assert!(
        e.to_string().contains("two whole numbers, not 3 of them"),
        "{e}"
    );
    let text = BASE.replace("at = [-3, 0]", "at = [-2147483648, 0]");
    let e = error(&text);
    assert_eq!(
        e.location().line(),
        Some(line_of(&text, "at = [-2147483648, 0]"))
    );
    assert!(e.to_string().contains("far off any arena"), "{e}");
}

#[test]
fn double_modification_in_a_program_is_refused_at_the_program() {
    let text = BASE.replace(
        "program = [\"forward_1\", \"\", \"\"]",
        "program = [\"forward_1\", \"double_modification\", \"\"]",
    );
    let e = error(&text);
    assert!(matches!(e, ScenarioError::Position { .. }), "{e}");
    assert_eq!(
        e.location().line(),
        Some(line_of(
            &text,
            "program = [\"forward_1\", \"double_modification\""
        ))
    );
    assert!(e.to_string().contains("never placed in a program"), "{e}");
}

/// `BASE` under a `rulings` table written before it.
fn ruled(rulings: &str) -> String {
    format!("rulings = {rulings}\n{BASE}")
}

#[test]
fn a_bad_ruling_is_an_error_naming_the_file_the_line_and_what_there_is() {
    let text = ruled(r#"{ "ttb.dash-row" = "dash-only" }"#);
    let e = error(&text);
    assert_eq!(e.location().line(), Some(1));
    let shown = e.to_string();
    assert!(shown.starts_with("t.toml:1:"), "{shown}");
    assert!(
        shown.contains("no dispute `ttb.dash-row`, did you mean `ttb.dash-rows`?"),
        "{shown}"
    );
    let e = error(&ruled(r#"{ "ttb.dash-rows" = "dash" }"#)).to_string();
    assert!(e.starts_with("t.toml:1:"), "{e}");
    assert!(
        e.contains("has no reading `dash`") && e.contains("(its readings: in-program, dash-only)"),
        "{e}"
    );
    let e = error(&ruled(r#"{ "ttb.dash-rows" = 2 }"#)).to_string();
    assert!(
        e.starts_with("t.toml:1:") && e.contains("a reading is a string"),
        "{e}"
    );
    // A rulings table after another table is that table's key, not the
    // scenario's: the parser refuses it where it stands.
    let late = with("[expect]\nrulings = { \"ttb.dash-rows\" = \"dash-only\" }\n");
    let e = error(&late);
    assert_eq!(e.location().line(), Some(line_of(&late, "rulings =")));
}

#[test]
fn a_scenario_plays_under_its_rulings_and_pins_over_them() {
    let text = ruled(r#"{ "ttb.tiebreak" = "harvested" }"#);
    let mut scenario = Scenario::parse("t.toml", &text).expect("a scenario");
    let game = scenario.start_game().expect("its position");
    assert_eq!(game.rulings().pins(), ["ttb.tiebreak=harvested"]);
    scenario
        .pin(&[
            "ttb.tiebreak=in-base".into(),
            "ttb.dash-rows=dash-only".into(),
        ])
        .expect("pins of Twin Tin Bots' disputes");
    let game = scenario.start_game().expect("its position");
    assert_eq!(game.rulings().pins(), ["ttb.dash-rows=dash-only"]);
    let e = scenario
        .pin(&["droids.steer-water=enter".into()])
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("t.toml: --ruling droids.steer-water=enter: there is no dispute"),
        "{e}"
    );
}

/// Red.1 zaps blue.1 in front of it and forces a turn; `refused` is added
/// under `[expect]`.
fn zap_with_refused(rulings: &str, refused: &str) -> String {
    format!(
        r#"rulings = {rulings}
title = "a zap"
arena = "small"
players = ["red", "blue"]

[[robot]]
id = "red.1"
at = [0, 0]
facing = "E"
program = ["zap", "", ""]

[[robot]]
id = "blue.1"
at = [1, 0]
facing = "W"

[turn]
changes = ["pass"]
choices = ["turn_left"]

{refused}
"#
    )
}

#[test]
fn an_answer_expected_refused_must_be_refused_for_the_reason_named() {
    let forced = r#"{ "ttb.zap-optional" = "forced" }"#;
    let optional = r#"{ "ttb.zap-optional" = "optional" }"#;
    let refused = |answer: &str, because: &str| {
        format!("[[expect.refused]]\nanswer = \"{answer}\"\nbecause = \"{because}\"")
    };
    let cited = refused("nothing", "[ruling ttb.zap-optional: forced]");
    // Refused, citing the ruling: it holds.
    assert!(check(&zap_with_refused(forced, &cited)).passed());
    // Allowed under the other reading: a difference naming the answer.
    let allowed = check(&zap_with_refused(optional, &cited));
    assert_eq!(
        allowed.differences,
        ["refused: expected `nothing` to be refused ([ruling ttb.zap-optional: forced]) but it is allowed"]
    );
    // Refused, but the refusal does not say what the file names.
    let other = check(&zap_with_refused(forced, &refused("nothing", "Anti-Zap")));
    assert!(
        other.differences[0].starts_with("refused: `nothing` is refused, but not for `Anti-Zap`: a zap that reaches a robot forces"),
        "{:?}",
        other.differences
    );
    // An answer no decision of the turn takes is never tried.
    let never = check(&zap_with_refused(forced, &refused("W", "x")));
    assert_eq!(
        never.differences,
        ["refused: `W` answers no decision of the turn, so it was never tried"]
    );
    // The turn itself goes on with its own answers: blue.1 turned.
    assert!(check(&zap_with_refused(forced, &cited))
        .events
        .iter()
        .any(|e| e == "blue.1 turns W -> SW"));
}
