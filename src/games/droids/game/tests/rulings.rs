//! The disputed readings of moving, damage and water (seed section I):
//! each reading played, and the ruling cited only where it decided. The
//! scenario pairs `scripts/droids/scenarios/ruling.*.toml` play each on a
//! position through `tinbots check`; these tests pin the edges.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::engine::{GameOptions, Rulings, State};
use crate::games::droids::board::Mission;
use crate::games::droids::game::{Game, RobotId};
use crate::games::droids::rulings::DISPUTES;
use crate::games::droids::tiles::{Tile, TileMix};
use crate::grid::square::Square;

/// A game on `rows` (a mission's rows: `R` `Y` the players' start
/// squares), under the readings `pins` choose, red to answer.
fn board(rows: &[&str], pins: &[&str]) -> Game {
    let rows: Vec<String> = rows.iter().map(|r| format!("{r:?}")).collect();
    let text = format!(
        "mission = 99\nname = \"t\"\nplayers = [2, 2]\nrows = [{}]\n",
        rows.join(", ")
    );
    let mission = Mission::parse("t.toml", &text).expect("the test board");
    let pins: Vec<String> = pins.iter().map(|p| p.to_string()).collect();
    let rulings = Rulings::defaults(DISPUTES).pinned(&pins).expect("pins");
    Game::scenario(mission, vec![0, 1], 1, TileMix::standard(), None, rulings).expect("a game")
}

/// Robot `id` carries out `tile`; the events narrated.
fn order(g: &mut Game, id: RobotId, tile: &str) -> Vec<String> {
    let r = g.robot_index(id).expect("on the board");
    g.events.clear();
    g.carry_out(r, tile.parse::<Tile>().expect("a tile"));
    g.events().iter().map(|e| g.narrate(e)).collect()
}

/// Where robot `id` stands.
fn at(g: &Game, id: RobotId) -> Option<[i32; 2]> {
    let r = g.robot_index(id)?;
    g.robots()[r].at.map(|a| [a.x, a.y])
}

/// Whether some event cites a ruling of `id`.
fn cites(events: &[String], id: &str) -> bool {
    events
        .iter()
        .any(|e| e.contains(&format!("[ruling {id}: ")))
}

const RED: RobotId = RobotId::Player(0);
const YELLOW: RobotId = RobotId::Player(1);

#[test]
fn double_is_at_least_twice_or_exactly_twice() {
    // Seed lines 50-54: 1 register; 2 if the roll is "dubbel"; 3 if
    // "3-voud of meer".
    let at_least = board(&["RY"], &[]);
    let exact = board(&["RY"], &["droids.damage-tiers=exact"]);
    // (roll, count, at-least, exact, whether "double" decided)
    let table = [
        (3, 2, 1, 1, false),
        (4, 2, 2, 2, true),
        (5, 2, 2, 1, true),
        (6, 2, 3, 3, false),
        (9, 2, 3, 3, false),
        (2, 1, 2, 2, true),
        (3, 1, 3, 3, false),
        (7, 3, 2, 1, true),
    ];
    for (roll, count, a, e, decided) in table {
        let (n, cited) = at_least.damage(roll, count);
        assert_eq!(n, a, "at-least: roll {roll}, {count} squares");
        assert_eq!(cited.is_some(), decided, "roll {roll}, {count} squares");
        let (n, cited) = exact.damage(roll, count);
        assert_eq!(n, e, "exact: roll {roll}, {count} squares");
        assert_eq!(
            cited.as_deref(),
            decided.then_some("[ruling droids.damage-tiers: exact]")
        );
    }
}

#[test]
fn a_steered_robot_stops_before_water_or_in_it() {
    // Seed lines 75-76: steering runs to the next obstacle, water among them.
    let rows = ["R....", "Y..~."];
    let mut g = board(&rows, &[]);
    let events = order(&mut g, RED, "steer S E");
    assert_eq!(at(&g, YELLOW), Some([2, 1]));
    assert!(cites(&events, "droids.steer-water"), "{events:?}");
    let mut g = board(&rows, &["droids.steer-water=enter"]);
    let events = order(&mut g, RED, "steer S E");
    assert_eq!(at(&g, YELLOW), Some([3, 1]));
    assert!(
        events
            .iter()
            .any(|e| e.ends_with("[ruling droids.steer-water: enter]")),
        "{events:?}"
    );
    // No water on the way: the ruling decides nothing and is not cited.
    let mut g = board(&["R....", "Y...."], &[]);
    let events = order(&mut g, RED, "steer S E");
    assert_eq!(at(&g, YELLOW), Some([4, 1]));
    assert!(!cites(&events, "droids.steer-water"), "{events:?}");
    // A robot moving by its own order still stops in water (seed line 8).
    let mut g = board(&["Y..~.", "R...."], &[]);
    order(&mut g, YELLOW, "dash E");
    assert_eq!(at(&g, YELLOW), Some([3, 0]));
}

/// A game on `rows` with yellow moved east into the water beside it.
fn yellow_in_water(rows: &[&str], pins: &[&str]) -> Game {
    let mut g = board(rows, pins);
    order(&mut g, YELLOW, "move1 E");
    let r = g.robot_index(YELLOW).expect("yellow");
    assert!(g.held_by_water(r), "yellow is in water");
    g
}

#[test]
fn a_robot_in_water_stays_when_steered_or_is_driven_out() {
    // Seed line 36: the blue arrow is the only way out of the water.
    let rows = [".R...", "Y~..."];
    let mut g = yellow_in_water(&rows, &[]);
    let events = order(&mut g, RED, "steer S E");
    assert_eq!(at(&g, YELLOW), Some([1, 1]));
    assert!(
        events.iter().any(
            |e| e.starts_with("red cannot carry it out: yellow stands in water")
                && e.ends_with("[ruling droids.steer-from-water: stays]")
        ),
        "{events:?}"
    );
    let mut g = yellow_in_water(&rows, &["droids.steer-from-water=leaves"]);
    let events = order(&mut g, RED, "steer S E");
    assert_eq!(at(&g, YELLOW), Some([4, 1]));
    assert!(cites(&events, "droids.steer-from-water"), "{events:?}");
}

#[test]
fn a_robot_in_water_is_pushed_out_or_holds_the_push() {
    // Seed line 10 (a pushed robot undergoes the push) against line 36.
    let rows = ["RY~.."];
    let mut g = yellow_in_water(&rows, &[]);
    let events = order(&mut g, RED, "move2 E");
    assert_eq!((at(&g, RED), at(&g, YELLOW)), (Some([2, 0]), Some([3, 0])));
    assert!(cites(&events, "droids.push-from-water"), "{events:?}");
    let mut g = yellow_in_water(&rows, &["droids.push-from-water=held"]);
    let events = order(&mut g, RED, "move2 E");
    assert_eq!((at(&g, RED), at(&g, YELLOW)), (Some([1, 0]), Some([2, 0])));
    assert!(
        events
            .iter()
            .any(|e| e.starts_with("red halts on [1, 0]: yellow, pushed, stands in water")),
        "{events:?}"
    );
    // A robot pushed on ground: the ruling decides nothing.
    let mut g = board(&["RY..."], &["droids.push-from-water=held"]);
    let events = order(&mut g, RED, "move1 E");
    assert_eq!(at(&g, YELLOW), Some([2, 0]));
    assert!(!cites(&events, "droids.push-from-water"), "{events:?}");
}

#[test]
fn a_repair_robot_is_not_held_by_water() {
    // Seed lines 9 and 81: water squares are ground to a repair robot, so
    // no reading of water touches it.
    let mut g = board(&["R.~.Y", "1~..."], &["droids.push-from-water=held"]);
    let grey = RobotId::Repair(0);
    let r = g.robot_index(grey).expect("grey.1");
    g.robots[r].at = Some(Square::new(2, 0));
    let events = order(&mut g, RED, "move2 E");
    assert_eq!(at(&g, grey), Some([3, 0]));
    assert!(!cites(&events, "droids.push-from-water"), "{events:?}");
}

#[test]
fn a_game_started_under_pins_keeps_them_and_replays_under_them() {
    let ty = crate::games::droids::seam::TYPE;
    let pins = vec![
        "droids.steer-water=enter".to_string(),
        "droids.void-order=out".to_string(),
    ];
    for seed in 1..=3 {
        let started = ty
            .start(&GameOptions {
                players: Some(3),
                seed,
                rulings: pins.clone(),
                ..GameOptions::default()
            })
            .expect("mission 1 for 3");
        assert_eq!(started.game.rulings().pins(), pins);
        assert_eq!(
            started.start["rulings"],
            serde_json::json!({"droids.steer-water": "enter", "droids.void-order": "out"})
        );
        let mut game = started.game;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut answers = Vec::new();
        let mut log = Vec::new();
        while !game.is_over() {
            let text = game
                .legal_text(rng.gen_range(0..game.legal_count()))
                .expect("an answer");
            game.apply_text(&text).expect("legal");
            log.extend(game.event_lines());
            answers.push(text);
        }
        let mut again = (ty.resume)(&started.start).expect("its own start");
        assert_eq!(again.rulings().pins(), pins);
        let mut replayed = Vec::new();
        for text in &answers {
            again.apply_text(text).expect("the same answers replay");
            replayed.extend(again.event_lines());
        }
        assert_eq!(replayed, log, "seed {seed}");
        assert_eq!(again.summary(), game.summary());
    }
}
