//! Mission 7's player chooses a colour (seed line 228: "kleur kiezen +
//! robot op startvak zetten"), the killer on the opposite start square
//! (line 230: "op tegenoverliggend startvak wordt grijze robot gezet"),
//! through the seam's `--colour`; missions that fix their colours refuse
//! a choice, naming the seed line.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::engine::{DynState, GameOptions, Started};
use crate::games::droids::board::{Mission, PLAYER_COLOURS};
use crate::games::droids::game::{Game, RobotId};
use crate::games::droids::seam::TYPE;
use crate::grid::square::Square;

/// A game started through the seam with `--mission mission`, `--colour`
/// once for each of `colours`, and `--seed seed`.
fn start(mission: &str, colours: &[&str], seed: u64) -> Result<Started, String> {
    let mut options = GameOptions {
        seed,
        ..GameOptions::default()
    }
    .with("mission", mission);
    for c in colours {
        options = options.with("colour", *c);
    }
    TYPE.start(&options).map_err(|e| e.0)
}

/// The Droids game behind the seam.
fn droids(game: &dyn DynState) -> &Game {
    game.as_any().downcast_ref::<Game>().expect("a Droids game")
}

/// Where robot `id` stands.
fn at(game: &Game, id: RobotId) -> Option<Square> {
    game.robots().iter().find(|r| r.id == id).and_then(|r| r.at)
}

/// Plays random answers from `rng` for up to 60 rounds: the answers
/// given and every event narrated, in order.
fn play_randomly(game: &mut Box<dyn DynState>, seed: u64) -> (Vec<String>, Vec<String>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut answers, mut log) = (Vec::new(), Vec::new());
    while !game.is_over() && game.turn() <= 60 {
        let text = game
            .legal_text(rng.gen_range(0..game.legal_count()))
            .expect("an answer");
        game.apply_text(&text).expect("legal");
        game.check_invariants().expect("the invariants hold");
        log.extend(game.event_lines());
        answers.push(text);
    }
    (answers, log)
}

#[test]
fn mission_7_seats_the_chosen_colour_and_the_killer_opposite_for_each_colour() {
    // Line 228: the player chooses a colour and puts the robot on its start
    // square; line 230: the killer goes on the opposite start square. Our
    // board has the starts in its corners: red NW, yellow NE, blue SE,
    // green SW (10 × 10).
    let corner = |x, y| Square::new(x, y);
    for (colour, start_at, killer_at) in [
        ("red", corner(0, 0), corner(9, 9)),
        ("yellow", corner(9, 0), corner(0, 9)),
        ("blue", corner(9, 9), corner(0, 0)),
        ("green", corner(0, 9), corner(9, 0)),
    ] {
        let started = start("7", &[colour], 5).unwrap_or_else(|e| panic!("{colour}: {e}"));
        let game = droids(started.game.as_ref());
        let c = PLAYER_COLOURS
            .iter()
            .position(|p| *p == colour)
            .expect("a colour");
        assert_eq!(started.game.seat_name(0), colour);
        assert_eq!(game.seat_of(c), Some(0), "{colour}");
        assert_eq!(at(game, RobotId::Player(c)), Some(start_at), "{colour}");
        assert_eq!(at(game, RobotId::Killer), Some(killer_at), "{colour}");
        let others: Vec<RobotId> = game
            .robots()
            .iter()
            .map(|r| r.id)
            .filter(|id| matches!(id, RobotId::Player(_)))
            .collect();
        assert_eq!(
            others,
            vec![RobotId::Player(c)],
            "one robot, the chosen one"
        );
        // A choice other than the colours in order is kept in the record.
        let kept = (colour != "red").then(|| serde_json::json!([colour]));
        assert_eq!(started.start.get("colours"), kept.as_ref(), "{colour}");
    }
}

#[test]
fn mission_7_without_a_choice_is_red_against_the_south_east_killer() {
    // As before the choice: red, and a start record without `colours`.
    let started = start("7", &[], 5).expect("a game");
    let game = droids(started.game.as_ref());
    assert_eq!(started.game.seat_name(0), "red");
    assert_eq!(at(game, RobotId::Killer), Some(Square::new(9, 9)));
    assert!(started.start.get("colours").is_none(), "{}", started.start);
}

#[test]
fn a_chosen_colour_is_the_one_the_mission_script_sees_and_wins_with() {
    // The killer's script reads `game.players[1]`: the chosen colour. A
    // random game goes on under yellow's name throughout.
    let started = start("7", &["yellow"], 8).expect("a game");
    let mut game = started.game;
    let (_, events) = play_randomly(&mut game, 8);
    assert!(events.iter().any(|e| e.contains("yellow")), "{events:?}");
    let names_red = |e: &String| e.split(|c: char| !c.is_alphanumeric()).any(|w| w == "red");
    assert!(!events.iter().any(names_red), "{events:?}");
    assert!(game.summary().contains("1. yellow: "), "{}", game.summary());
}

#[test]
fn a_replay_of_a_chosen_colour_replays_exactly() {
    // The start record keeps the choice; the same answers give the same
    // game, event by event.
    let started = start("7:c", &["green"], 13).expect("a game");
    let mut game = started.game;
    let (answers, log) = play_randomly(&mut game, 13);
    let record = serde_json::to_string(&started.start).expect("json");
    let read: serde_json::Value = serde_json::from_str(&record).expect("json");
    let mut again = (TYPE.resume)(&read).expect("its own start");
    assert_eq!(again.seat_name(0), "green");
    let mut again_log = Vec::new();
    for text in &answers {
        again.apply_text(text).expect("the same answers replay");
        again_log.extend(again.event_lines());
    }
    assert_eq!(again_log, log);
    assert!(log.iter().any(|e| e.contains("green")), "{log:?}");
    assert_eq!(again.summary(), game.summary());
}

#[test]
fn a_record_with_a_bad_colour_is_refused_naming_the_field() {
    let started = start("7", &["blue"], 1).expect("a game");
    let mut record = started.start;
    record["colours"] = serde_json::json!(["purple"]);
    let e = (TYPE.resume)(&record).err().expect("refused").0;
    assert!(
        e.contains(
            "`colours`: `purple` is not a colour of mission 7 (killer): red, yellow, blue, green"
        ),
        "{e}"
    );
    record["colours"] = serde_json::json!("blue");
    let e = (TYPE.resume)(&record).err().expect("refused").0;
    assert!(
        e.contains("`colours` is \"blue\": a list of colours"),
        "{e}"
    );
}

#[test]
fn a_mission_that_fixes_its_colours_refuses_a_choice_naming_the_rule() {
    // Line 215: mission 6 puts red and yellow on the start squares; line
    // 194: mission 5 red, yellow and blue.
    let e = start("6", &["blue", "green"], 1).err().expect("refused");
    assert!(
        e.starts_with(
            "--colour: mission 6 (labyrinth) takes no choice of colour: its players' colours \
             are fixed (Droids rules, Mission 6, Duel in the labyrinth (line 215)): red, yellow;"
        ),
        "{e}"
    );
    assert!(
        e.contains(
            "(missions 1 to 4, Droids rules, Preparation (line 90); mission 7, \
             Droids rules, Mission 7, Robot killer (line 228))"
        ),
        "{e}"
    );
    let e = start("5", &["blue", "red"], 1).err().expect("refused");
    assert!(
        e.contains("(Droids rules, Mission 5, The statue (line 194))"),
        "{e}"
    );
    let e = start("challenge-teams", &["blue", "red", "yellow", "green"], 1)
        .err()
        .expect("refused");
    assert!(
        e.contains("its seats take the colours in turn (ours)"),
        "{e}"
    );
}

#[test]
fn in_missions_1_to_4_each_player_chooses_a_colour_and_the_repair_robots_take_the_free_corners() {
    // Line 90: "elke speler kiest een kleur" (each player chooses a
    // colour); line 182 (shelter): the repair robots go on the board's
    // free corners.
    for mission in ["1", "2", "3", "4"] {
        let started = start(mission, &["green", "yellow"], 3).expect("a choice is taken");
        let game = droids(started.game.as_ref());
        let board = game.mission();
        let seated: Vec<&str> = (0..2).map(|s| game.colour(s)).collect();
        assert_eq!(seated, ["green", "yellow"], "mission {mission}");
        for (seat, colour) in [(0, 3), (1, 1)] {
            assert_eq!(
                at(game, game.robot_of(seat)),
                board.starts[colour],
                "mission {mission}: seat {seat} on its colour's start square"
            );
        }
        let free = [board.starts[0], board.starts[2]];
        for robot in game.robots().iter().filter(|_| mission == "4") {
            if let RobotId::Repair(_) = robot.id {
                assert!(
                    free.contains(&robot.at),
                    "mission {mission}: a repair robot on a corner no player took"
                );
            }
        }
    }
}

#[test]
fn a_bad_choice_is_refused() {
    let e = start("7", &["purple"], 1).err().expect("refused");
    assert!(
        e.contains("`purple` is not a colour of mission 7 (killer): red, yellow, blue, green"),
        "{e}"
    );
    let e = start("7", &["red", "blue"], 1).err().expect("refused");
    assert!(e.contains("mission killer is for 1 player, not 2"), "{e}");
    let mission = Mission::find("7").expect("mission 7");
    let e = mission
        .seating(2, &["red".into(), "red".into()])
        .expect_err("refused");
    assert_eq!(e, "red is chosen twice: one player a colour");
    let e = mission.seating(1, &[]).expect("in order");
    assert_eq!(e, vec![0]);
}

#[test]
fn a_killer_opposite_nobody_is_refused_in_the_mission_file() {
    // Line 230: the killer needs a start square opposite the player's.
    let text = "mission = 9\nname = \"t\"\nplayers = [1, 1]\nkiller_opposite = true\n\
                rows = [\"R..\", \"...\", \"..Y\", \"...\"]\n";
    let e = Mission::parse("m.toml", text).expect_err("refused");
    assert!(e.place.starts_with("m.toml:5:"), "{e}");
    assert!(
        e.message
            .contains("red's start square has no start square opposite it"),
        "{e}"
    );
    let text = text.replace("\"..Y\", \"...\"", "\"...\", \"..Y\"");
    let m = Mission::parse("m.toml", &text).expect("red and yellow face each other");
    assert_eq!(m.opposite_start(1), Some(Square::new(0, 0)));
}
