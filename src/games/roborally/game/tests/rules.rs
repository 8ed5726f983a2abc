//! One test per rule, each citing the seed's lines
//! (`004_11511d35c714bcd0.txt`) and the design's rulings.

use super::*;
use crate::engine::Describe;
use crate::grid::square::Compass::{E, N, S, W};

// Ruling 1, seed 117–121: a move card moves square by square.
#[test]
fn move_cards_move_and_rotations_turn() {
    let b = board((6, 3), "");
    let (g, _) = play(
        position(
            b,
            vec![robot(
                "red",
                (0, 0),
                E,
                &[
                    "move_3 790",
                    "rotate_right 80",
                    "back_up 430",
                    "u_turn 10",
                    "move_1 490",
                ],
            )],
        ),
        false,
        5,
        &[],
    );
    // 0,0 E → 3,0, turned S; backing up goes N, off the board at 3,-1.
    assert_eq!(at(&g, 0), None, "backing off the board destroys (seed 395)");
    assert_eq!(g.robots()[0].lives, 2);
}

// Ruling 1: a robot in the way is pushed, down a chain.
#[test]
fn a_move_pushes_a_chain_of_robots() {
    let b = board((6, 1), "");
    let (g, ev) = play(
        position(
            b,
            vec![
                robot("red", (0, 0), E, &["move_2 670"]),
                robot("blue", (1, 0), N, &[]),
                robot("green", (2, 0), N, &[]),
            ],
        ),
        false,
        1,
        &[],
    );
    assert_eq!(
        (at(&g, 0), at(&g, 1), at(&g, 2)),
        (Some((2, 0)), Some((3, 0)), Some((4, 0)))
    );
    assert!(
        ev.iter()
            .any(|e| e == "green is pushed to 3,0 by red (move_2 670)"),
        "{ev:?}"
    );
}

// Ruling 1: a wall stopping any robot of the chain stops the whole step
// and the rest of the card.
#[test]
fn a_wall_behind_a_pushed_robot_stops_the_whole_move() {
    let b = board((6, 1), "[[wall]]\nat = [2, 0]\nside = \"E\"\n");
    let (g, ev) = play(
        position(
            b,
            vec![
                robot("red", (0, 0), E, &["move_3 790"]),
                robot("blue", (2, 0), N, &[]),
            ],
        ),
        false,
        1,
        &[],
    );
    assert_eq!((at(&g, 0), at(&g, 1)), (Some((1, 0)), Some((2, 0))));
    assert!(
        ev.iter().any(|e| e.starts_with("red's move is stopped: a wall on the E side of 2,0 stops blue")),
        "{ev:?}"
    );
}

// Ruling 1: a wall in front of the mover: "red's move is stopped".
#[test]
fn a_wall_stops_the_mover() {
    let b = board((6, 1), "[[wall]]\nat = [3, 0]\nside = \"W\"\n");
    let (g, ev) = play(
        position(b, vec![robot("red", (1, 0), E, &["move_3 790"])]),
        false,
        1,
        &[],
    );
    assert_eq!(at(&g, 0), Some((2, 0)));
    assert!(
        ev.contains(&"red's move is stopped: a wall on the E side of 2,0".to_string()),
        "{ev:?}"
    );
}

// Ruling 1, seed 170, 395: pushed into a pit, destroyed at once.
#[test]
fn a_robot_pushed_into_a_pit_is_destroyed() {
    let b = board((4, 1), "[[square]]\nat = [2, 0]\nkind = \"pit\"\n");
    let (g, ev) = play(
        position(
            b,
            vec![
                robot("red", (0, 0), E, &["move_1 490"]),
                robot("blue", (1, 0), N, &[]),
            ],
        ),
        false,
        1,
        &[],
    );
    assert_eq!(at(&g, 0), Some((1, 0)));
    assert_eq!(at(&g, 1), None);
    assert!(ev.contains(&"blue falls into the pit at 2,0".to_string()));
    assert!(ev.contains(&"blue is destroyed: 2 lives left".to_string()));
}

// Ruling 2, seed 125: higher priority moves first.
#[test]
fn the_higher_priority_moves_first() {
    let b = board((5, 1), "");
    let (g, _) = play(
        position(
            b,
            vec![
                robot("red", (0, 0), E, &["move_1 490"]),
                robot("blue", (2, 0), W, &["move_1 500"]),
            ],
        ),
        false,
        1,
        &[],
    );
    // blue (500) moves first, to 1,0; then red moves E and pushes it back.
    assert_eq!((at(&g, 0), at(&g, 1)), (Some((1, 0)), Some((2, 0))));
}

// Ruling 3, seed 280–300: two belts feeding one square: neither moves.
#[test]
fn two_belts_into_one_square_cancel_both() {
    let b = board(
        (3, 1),
        "[[square]]\nat = [0, 0]\nkind = \"conveyor\"\nto = \"E\"\n[[square]]\nat = [2, 0]\nkind = \"conveyor\"\nto = \"W\"\n",
    );
    let (g, ev) = play(
        position(
            b,
            vec![robot("red", (0, 0), N, &[]), robot("blue", (2, 0), N, &[])],
        ),
        false,
        1,
        &[],
    );
    assert_eq!((at(&g, 0), at(&g, 1)), (Some((0, 0)), Some((2, 0))));
    assert!(
        ev.contains(
            &"blue's belt move is cancelled: red would land on the same square (ruling 3)"
                .to_string()
        ),
        "{ev:?}"
    );
}

// Ruling 3: a robot on a belt behind a robot that stays is cancelled;
// one behind a robot leaving by belt follows it.
#[test]
fn belts_move_trains_and_stop_behind_a_robot_standing() {
    let belt = |x: i32| format!("[[square]]\nat = [{x}, 0]\nkind = \"conveyor\"\nto = \"E\"\n");
    let b = board((5, 1), &format!("{}{}", belt(0), belt(1)));
    let (g, _) = play(
        position(
            b.clone(),
            vec![robot("red", (0, 0), N, &[]), robot("blue", (1, 0), N, &[])],
        ),
        false,
        1,
        &[],
    );
    assert_eq!((at(&g, 0), at(&g, 1)), (Some((1, 0)), Some((2, 0))));
    let (g, ev) = play(
        position(
            b,
            vec![
                robot("red", (0, 0), N, &[]),
                robot("blue", (1, 0), N, &[]),
                robot("green", (2, 0), N, &[]),
            ],
        ),
        false,
        1,
        &[],
    );
    assert_eq!(
        (at(&g, 0), at(&g, 1), at(&g, 2)),
        (Some((0, 0)), Some((1, 0)), Some((2, 0)))
    );
    assert!(ev
        .iter()
        .any(|e| e.starts_with("blue's belt move is cancelled: green holds the square")));
    assert!(ev
        .iter()
        .any(|e| e.starts_with("red's belt move is cancelled: blue holds the square")));
}

// Ruling 3: swaps are cancelled; belts never push.
#[test]
fn belts_do_not_swap_robots() {
    let b = board(
        (2, 1),
        "[[square]]\nat = [0, 0]\nkind = \"conveyor\"\nto = \"E\"\n[[square]]\nat = [1, 0]\nkind = \"conveyor\"\nto = \"W\"\n",
    );
    let (g, _) = play(
        position(
            b,
            vec![robot("red", (0, 0), N, &[]), robot("blue", (1, 0), N, &[])],
        ),
        false,
        1,
        &[],
    );
    assert_eq!((at(&g, 0), at(&g, 1)), (Some((0, 0)), Some((1, 0))));
}

// Seed 413–421: express belts move twice, normal belts once; ruling 4:
// carried onto a belt at a right angle, a robot turns.
#[test]
fn express_belts_move_two_and_curves_turn() {
    let b = board(
        (4, 4),
        "[[square]]\nat = [0, 0]\nkind = \"express\"\nto = \"E\"\n[[square]]\nat = [1, 0]\nkind = \"express\"\nto = \"S\"\n[[square]]\nat = [3, 0]\nkind = \"conveyor\"\nto = \"S\"\n",
    );
    let (g, ev) = play(
        position(
            b,
            vec![robot("red", (0, 0), N, &[]), robot("blue", (3, 0), N, &[])],
        ),
        false,
        1,
        &[],
    );
    assert_eq!(at(&g, 0), Some((1, 1)));
    assert_eq!(g.robots()[0].facing, E, "turned right once by the curve");
    assert!(ev
        .iter()
        .any(|e| e.starts_with("red is turned right by the belt's curve")));
    assert_eq!(at(&g, 1), Some((3, 1)), "a conveyor moves once");
    assert_eq!(g.robots()[1].facing, N);
}

// Ruling 5: pushers push in their phases; gears turn (seed 456–460).
#[test]
fn pushers_push_in_their_phases_and_gears_turn() {
    let b = board(
        (4, 2),
        "[[square]]\nat = [0, 0]\nkind = \"pusher\"\nto = \"E\"\nregisters = [2]\n[[square]]\nat = [0, 1]\nkind = \"gear\"\nturn = \"left\"\n",
    );
    let (g, _) = play(
        position(
            b.clone(),
            vec![robot("red", (0, 0), N, &[]), robot("blue", (0, 1), N, &[])],
        ),
        false,
        1,
        &[],
    );
    assert_eq!(at(&g, 0), Some((0, 0)), "not active in phase 1");
    assert_eq!(g.robots()[1].facing, W);
    let (g, ev) = play(
        position(
            b,
            vec![robot("red", (0, 0), N, &[]), robot("blue", (1, 0), N, &[])],
        ),
        false,
        2,
        &[],
    );
    assert_eq!((at(&g, 0), at(&g, 1)), (Some((1, 0)), Some((2, 0))));
    assert!(
        ev.contains(&"red is pushed from 0,0 to 1,0 by the pusher on 0,0".to_string()),
        "{ev:?}"
    );
    assert!(
        ev.contains(&"blue is pushed to 2,0 by red (the pusher on 0,0)".to_string()),
        "{ev:?}"
    );
}

// Seed 462: crushers destroy in their phases.
#[test]
fn crushers_crush_in_their_phases() {
    let b = board(
        (2, 1),
        "[[square]]\nat = [1, 0]\nkind = \"crusher\"\nregisters = [1]\n",
    );
    let (g, ev) = play(
        position(b, vec![robot("red", (1, 0), N, &[])]),
        false,
        1,
        &[],
    );
    assert_eq!(at(&g, 0), None);
    assert!(ev.contains(&"red is crushed by the crusher on 1,0".to_string()));
}

// Ruling 6, seed 133–139: a board laser hits the first robot only; robot
// lasers fire forward, not through walls; virtual robots are not hit by
// robots.
#[test]
fn lasers_hit_the_first_robot_in_line() {
    let b = board(
        (5, 2),
        "[[laser]]\nat = [4, 0]\nto = \"W\"\nbeams = 2\n[[wall]]\nat = [2, 1]\nside = \"E\"\n",
    );
    let mut v = robot("green", (4, 1), W, &[]);
    v.virtual_robot = true;
    let (g, ev) = play(
        position(
            b,
            vec![
                robot("red", (1, 0), S, &[]),
                robot("blue", (3, 0), E, &[]),
                robot("yellow", (0, 1), E, &[]),
                v,
            ],
        ),
        false,
        1,
        &[],
    );
    let dmg: Vec<u8> = g.robots().iter().map(|r| r.damage).collect();
    // blue: board laser (2); red: nothing (blue shields it, red faces S);
    // yellow fires E, stopped by the wall E of 2,1; green is virtual.
    assert_eq!(dmg, vec![0, 2, 0, 0], "{ev:?}");
    assert!(ev.contains(&"blue is shot by the board laser at 4,0: 2 damage".to_string()));
}

// Ruling 6: robots shoot each other at the same time.
#[test]
fn robots_shoot_each_other_together() {
    let b = board((5, 1), "");
    let mut red = robot("red", (0, 0), E, &[]);
    red.damage = 9;
    let (g, ev) = play(
        position(b, vec![red, robot("blue", (4, 0), W, &[])]),
        false,
        1,
        &[],
    );
    assert_eq!(at(&g, 0), None, "red took its tenth damage");
    assert_eq!(g.robots()[1].damage, 1, "red had fired in that phase");
    assert!(ev.contains(&"red is shot by blue: 1 damage".to_string()));
}

// Ruling 7, seed 197–208: damage locks registers from the fifth down, and a
// locked register keeps its card.
#[test]
fn damage_locks_registers_and_they_keep_their_cards() {
    let b = board((6, 1), "[[laser]]\nat = [5, 0]\nto = \"W\"\nbeams = 1\n");
    let mut red = robot(
        "red",
        (5, 0),
        N,
        &[
            "rotate_left 70",
            "rotate_right 80",
            "u_turn 10",
            "u_turn 20",
            "rotate_left 90",
        ],
    );
    red.damage = 4;
    let (g, _) = play(position(b, vec![red]), false, 5, &[]);
    assert_eq!(g.robots()[0].damage, 9);
    assert_eq!(g.locked(0), vec![1, 2, 3, 4, 5]);
    let program: Vec<String> = g.robots()[0]
        .program
        .iter()
        .map(|c| c.map_or(String::new(), |c| c.to_string()))
        .collect();
    assert_eq!(
        program,
        vec![
            "rotate_left 70",
            "rotate_right 80",
            "u_turn 10",
            "u_turn 20",
            "rotate_left 90"
        ]
    );
}

// Ruling 7: at 5 damage only register 5 keeps its card at the end.
#[test]
fn the_end_of_the_turn_discards_unlocked_registers() {
    let b = board((3, 1), "");
    let mut red = robot(
        "red",
        (1, 0),
        N,
        &[
            "rotate_left 70",
            "rotate_right 80",
            "u_turn 10",
            "u_turn 20",
            "rotate_left 90",
        ],
    );
    red.damage = 5;
    let (g, _) = play(position(b, vec![red]), false, 5, &[]);
    let kept: Vec<bool> = g.robots()[0].program.iter().map(Option::is_some).collect();
    assert_eq!(kept, vec![false, false, false, false, true]);
    assert_eq!(g.discard().len(), 4);
}

// Ruling 8, seed 141–145: flags in order; the last flag wins at once.
#[test]
fn the_last_flag_wins_and_shared_victories() {
    let b = board(
        (3, 2),
        "[[flag]]\nnumber = 1\nat = [0, 0]\n[[flag]]\nnumber = 2\nat = [1, 0]\n[[flag]]\nnumber = 3\nat = [2, 0]\n",
    );
    let mut red = robot("red", (1, 1), N, &["move_1 490"]);
    red.flags = 1;
    let mut blue = robot("blue", (2, 1), N, &["move_1 500"]);
    blue.flags = 1;
    let (g, ev) = play(position(b.clone(), vec![red, blue]), false, 3, &[]);
    assert_eq!(g.robots()[0].flags, 2);
    assert_eq!(g.robots()[1].flags, 1, "flag 3 is not blue's next flag");
    assert_eq!(g.robots()[0].archive, Square::new(1, 0));
    assert!(!g.is_over(), "{ev:?}");
    let mut red = robot("red", (2, 1), N, &["move_1 490"]);
    red.flags = 2;
    let mut blue = robot("blue", (2, 1), N, &["move_1 500"]);
    blue.flags = 2;
    blue.virtual_robot = true;
    red.virtual_robot = true;
    let (g, _) = play(position(b, vec![red, blue]), false, 3, &[]);
    assert!(g.is_over());
    assert_eq!(g.outcome().map(|o| o.winners), Some(vec![0, 1]));
    assert_eq!(g.turn_phase().1, None);
}

// Ruling 9, seed 219–225: repair sites repair at the end of the turn; a
// two-wrench site offers an option instead.
#[test]
fn repair_sites_repair_or_give_an_option() {
    let b = board(
        (3, 1),
        "[[square]]\nat = [0, 0]\nkind = \"repair\"\nwrenches = 1\n[[square]]\nat = [2, 0]\nkind = \"repair\"\nwrenches = 2\n",
    );
    let mut red = robot("red", (0, 0), N, &[]);
    red.damage = 3;
    let mut blue = robot("blue", (2, 0), N, &[]);
    blue.damage = 3;
    let mut p = position(b, vec![red, blue]);
    p.option_deck = vec!["brakes".into(), "shield".into()];
    let (g, ev) = play(p, false, 5, &["option"]);
    assert_eq!(g.robots()[0].damage, 2);
    assert_eq!(g.robots()[1].damage, 3);
    assert_eq!(g.robots()[1].options, vec!["brakes".to_string()]);
    assert_eq!(g.option_deck(), ["shield".to_string()]);
    assert!(ev.contains(&"blue takes the option card brakes".to_string()));
    assert_eq!(
        g.robots()[0].archive,
        Square::new(0, 0),
        "touched at the end of a phase"
    );
}

// Ruling 10, seed 245–253: destroyed robots come back at the archive with
// 2 damage, facing as chosen, virtual when they share the square.
#[test]
fn destroyed_robots_come_back_virtual_when_sharing() {
    let b = board((3, 1), "");
    let mut red = robot("red", (0, 0), N, &[]);
    red.at = None;
    red.archive = Square::new(1, 0);
    let mut blue = robot("blue", (0, 0), N, &[]);
    blue.at = None;
    blue.archive = Square::new(1, 0);
    let (g, ev) = play(position(b, vec![red, blue]), true, 0, &["E", "W"]);
    assert_eq!((at(&g, 0), at(&g, 1)), (Some((1, 0)), Some((1, 0))));
    assert!(g.robots().iter().all(|r| r.virtual_robot && r.damage == 2));
    assert_eq!((g.robots()[0].facing, g.robots()[1].facing), (E, W));
    assert!(ev[1].starts_with("red comes back at its archive 1,0 facing E with 2 damage, virtual"));
}

// Ruling 10: a destroyed robot loses an option of its player's choice.
#[test]
fn destruction_costs_a_chosen_option() {
    let b = board((2, 1), "");
    let mut red = robot("red", (0, 0), W, &["move_1 490"]);
    red.options = vec!["extra_memory".into(), "shield".into()];
    let (g, ev) = play(position(b, vec![red]), false, 1, &["shield"]);
    assert_eq!(g.robots()[0].options, vec!["extra_memory".to_string()]);
    assert!(ev.contains(&"red loses shield as it is destroyed (ruling 10)".to_string()));
}

// Ruling 13, seed 241–243: an option may take a damage point instead.
#[test]
fn an_option_may_take_damage_instead() {
    let b = board((3, 1), "[[laser]]\nat = [2, 0]\nto = \"W\"\nbeams = 2\n");
    let mut red = robot("red", (1, 0), N, &[]);
    red.options = vec!["brakes".into()];
    let (g, ev) = play(position(b, vec![red]), false, 1, &["brakes"]);
    assert_eq!(g.robots()[0].damage, 1);
    assert!(g.robots()[0].options.is_empty());
    assert!(ev.iter().any(|e| e.starts_with("red discards brakes")));
}

// Ruling 11, seed 113–115: virtual robots pass through robots, and become
// real at the end of the turn when alone.
#[test]
fn virtual_robots_pass_through_and_become_real_alone() {
    let b = board((4, 1), "");
    let mut red = robot("red", (0, 0), E, &["move_2 670"]);
    red.virtual_robot = true;
    let (g, ev) = play(
        position(b, vec![red, robot("blue", (1, 0), N, &[])]),
        false,
        5,
        &[],
    );
    assert_eq!((at(&g, 0), at(&g, 1)), (Some((2, 0)), Some((1, 0))));
    assert!(!g.robots()[0].virtual_robot);
    assert!(ev.contains(&"red is alone on 2,0: it becomes real".to_string()));
}

// Ruling 12, seed 227–239: an announced power down begins with all damage
// repaired and no cards; the robot does not fire; belts still move it.
#[test]
fn power_down_repairs_and_the_robot_stays_still() {
    let b = board(
        (3, 1),
        "[[square]]\nat = [0, 0]\nkind = \"conveyor\"\nto = \"E\"\n",
    );
    let mut red = robot("red", (0, 0), E, &["move_1 490"]);
    red.damage = 6;
    red.power_down_announced = true;
    let (g, ev) = play(
        position(b, vec![red, robot("blue", (2, 0), N, &[])]),
        true,
        1,
        &[],
    );
    let r = &g.robots()[0];
    assert!(r.powered_down && r.damage == 0);
    assert_eq!(
        at(&g, 0),
        Some((1, 0)),
        "the belt moved it; its card was discarded"
    );
    assert_eq!(
        g.robots()[1].damage,
        0,
        "a powered-down robot fires nothing"
    );
    assert!(ev
        .iter()
        .any(|e| e.starts_with("red is powered down this turn: 6 damage repaired")));
}

// Ruling 12: before the deal, a powered-down robot stays (repaired again)
// or wakes.
#[test]
fn staying_powered_down_repairs_again() {
    let b = board((3, 1), "");
    let mut red = robot("red", (0, 0), E, &[]);
    red.damage = 2;
    red.powered_down = true;
    let (g, _) = play(position(b.clone(), vec![red.clone()]), true, 0, &["stay"]);
    assert!(g.robots()[0].powered_down && g.robots()[0].damage == 0);
    let (g, _) = play(position(b, vec![red]), true, 0, &["wake"]);
    assert!(!g.robots()[0].powered_down && g.robots()[0].damage == 2);
}

// Ruling 14, seed 67–73: no robot with a life left ends the race.
#[test]
fn no_lives_left_ends_the_race_without_winner() {
    let b = board((2, 1), "");
    let mut red = robot("red", (0, 0), W, &["move_1 490"]);
    red.lives = 1;
    let (g, ev) = play(position(b, vec![red]), false, 1, &[]);
    assert!(g.is_over());
    assert_eq!(g.outcome().map(|o| o.winners), Some(vec![]));
    assert!(ev.last().is_some_and(|e| e.contains("no winner")));
}

// The REPL's `where`: the line format of the task.
#[test]
fn where_lines_read_as_fixed() {
    let b = board((4, 4), "");
    let mut blue = robot("blue", (1, 0), E, &[]);
    blue.virtual_robot = true;
    blue.powered_down = true;
    let mut red = robot("red", (1, 0), E, &[]);
    red.at = None;
    red.archive = Square::new(3, 3);
    red.lives = 2;
    let g = Game::scenario(position(b, vec![red, blue]), false, 0).expect("valid");
    assert_eq!(
        g.where_lines(),
        vec![
            "red destroyed archive 3,3 damage 0 lives 2 flags 0",
            "blue at 1,0 facing E damage 0 lives 3 flags 0 virtual powered down",
        ]
    );
    assert!(g.picture(None, false).contains('b'));
}
