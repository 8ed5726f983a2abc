//! Each reading of RoboRally's disputed rules (`crate::games::roborally::rulings`),
//! on small boards, and the citation its events end with.

use super::{at, board, play_under, position, robot};
use crate::engine::Rulings;
use crate::games::roborally::rulings::DISPUTES;
use crate::grid::square::Compass;

/// The rulings with one pin `ID=READING`.
fn under(pin: &str) -> Rulings {
    Rulings::defaults(DISPUTES)
        .pinned(&[pin.to_string()])
        .expect("a reading of the game")
}

/// Two conveyors carrying red (from the west) and blue (from the north)
/// onto `[1, 1]`, whose kind is `target` (`""`: floor).
fn two_belts_onto(target: &str) -> crate::games::roborally::position::Position {
    let tables = format!(
        "[[square]]\nat = [0, 1]\nkind = \"conveyor\"\nto = \"E\"\n\
         [[square]]\nat = [1, 0]\nkind = \"conveyor\"\nto = \"S\"\n{target}"
    );
    position(
        board((2, 2), &tables),
        vec![
            robot("red", (0, 1), Compass::W, &[]),
            robot("blue", (1, 0), Compass::N, &[]),
        ],
    )
}

// 004:290: "wird keiner der beiden Roboter bewegt ... Falls die Situation
// unklar ist, wird kein Roboter bewegt": onto one pit, neither moves.
#[test]
fn belts_onto_one_pit_cancel_both_moves_by_default() {
    let pit = "[[square]]\nat = [1, 1]\nkind = \"pit\"\n";
    let (g, events) = play_under(
        two_belts_onto(pit),
        (false, 1),
        &[],
        Rulings::defaults(DISPUTES),
    );
    assert_eq!((at(&g, 0), at(&g, 1)), (Some((0, 1)), Some((1, 0))));
    assert!(events.contains(
        &"red's belt move is cancelled: blue would be carried onto the same square, which \
          destroys robots: where it is unclear, no robot is moved (ruling 3) \
          [ruling roborally.belts-into-pit: cancel]"
            .to_string()
    ));
}

// 004:290, read `fall`: robots that fall end on no square, so both go.
#[test]
fn belts_onto_one_pit_both_fall_under_fall() {
    let pit = "[[square]]\nat = [1, 1]\nkind = \"pit\"\n";
    let (g, events) = play_under(
        two_belts_onto(pit),
        (false, 1),
        &[],
        under("roborally.belts-into-pit=fall"),
    );
    assert_eq!((at(&g, 0), at(&g, 1)), (None, None));
    assert_eq!(g.robots()[0].lives, 2);
    let cited: Vec<_> = events
        .iter()
        .filter(|e| e.ends_with("[ruling roborally.belts-into-pit: fall]"))
        .collect();
    assert_eq!(cited.len(), 2, "one a robot: {events:?}");
}

// 004:290 on floor is not disputed: neither moves under either reading,
// and no event cites the ruling.
#[test]
fn belts_onto_one_floor_square_cancel_under_both_readings_uncited() {
    for pin in [
        "roborally.belts-into-pit=cancel",
        "roborally.belts-into-pit=fall",
    ] {
        let (g, events) = play_under(two_belts_onto(""), (false, 1), &[], under(pin));
        assert_eq!(
            (at(&g, 0), at(&g, 1)),
            (Some((0, 1)), Some((1, 0))),
            "{pin}"
        );
        assert!(!events.iter().any(|e| e.contains("[ruling ")), "{events:?}");
    }
}

/// Red, blue and green, virtual, sharing `[0, 0]` in the beam of a board
/// laser at `[0, 1]` firing N; seats given in the order blue, red, green
/// (colours are seated in the order given).
fn three_in_the_beam() -> crate::games::roborally::position::Position {
    let tables = "[[laser]]\nat = [0, 1]\nto = \"N\"\nbeams = 1\n";
    let mut robots = vec![
        robot("blue", (0, 0), Compass::N, &[]),
        robot("red", (0, 0), Compass::N, &[]),
        robot("green", (0, 0), Compass::N, &[]),
    ];
    for r in &mut robots {
        r.virtual_robot = true;
    }
    position(board((1, 2), tables), robots)
}

// 004:115 ("kannst du vorgeben, der Einzige auf dem Brett zu sein") and
// 135: each virtual robot plays as if alone, so each is hit.
#[test]
fn a_beam_on_a_shared_square_hits_each_robot_by_default() {
    let (g, events) = play_under(
        three_in_the_beam(),
        (false, 1),
        &[],
        Rulings::defaults(DISPUTES),
    );
    let damage: Vec<u8> = g.robots().iter().map(|r| r.damage).collect();
    assert_eq!(damage, [1, 1, 1]);
    assert!(events.contains(
        &"the robots on 0,0 share the beam of the board laser at 0,1: each plays as if alone, \
          so each is hit [ruling roborally.virtual-stack-laser: all]"
            .to_string()
    ));
}

// 004:135, read `first`: the beam stops at one robot, that of the lowest
// seat (the first given, whatever its colour).
#[test]
fn a_beam_on_a_shared_square_hits_the_lowest_seat_under_first() {
    let (g, events) = play_under(
        three_in_the_beam(),
        (false, 1),
        &[],
        under("roborally.virtual-stack-laser=first"),
    );
    let damage: Vec<u8> = g.robots().iter().map(|r| r.damage).collect();
    assert_eq!(damage, [1, 0, 0]);
    assert!(events.contains(
        &"the robots on 0,0 share the beam of the board laser at 0,1: only blue, of the lowest \
          seat, is hit [ruling roborally.virtual-stack-laser: first]"
            .to_string()
    ));
}

/// Red powered down with 6 damage (registers 4 and 5 locked, no card in
/// them) and blue beside it, at the start of a turn; red is programmed
/// for registers 1 to 3 (u-turns and a rotation).
fn woken_with_two_empty_locks() -> crate::games::roborally::position::Position {
    let mut red = robot(
        "red",
        (0, 0),
        Compass::S,
        &["u_turn 10", "u_turn 20", "rotate_left 70"],
    );
    red.damage = 6;
    red.powered_down = true;
    let blue = robot("blue", (2, 2), Compass::N, &[]);
    position(board((3, 3), ""), vec![red, blue])
}

// 004:195, 215-217: only the card a locked register holds is kept; an
// empty locked register does nothing (`idle`, the default).
#[test]
fn an_empty_locked_register_idles_by_default() {
    let (g, events) = play_under(
        woken_with_two_empty_locks(),
        (true, 0),
        &["wake"],
        Rulings::defaults(DISPUTES),
    );
    assert_eq!(g.robots()[0].program[3..], [None, None]);
    let cited: Vec<_> = events
        .iter()
        .filter(|e| e.ends_with("[ruling roborally.wake-empty-locked: idle]"))
        .collect();
    assert_eq!(cited.len(), 2, "registers 4 and 5: {events:?}");
    assert!(cited[0].starts_with("red's register 4 is locked and holds no card"));
}

// The house reading `from-deck`: each empty locked register gets the
// deck's top card, face up: a viewer's sample keeps it, as it keeps a
// card kept locked from the last turn.
#[test]
fn an_empty_locked_register_takes_the_deck_s_top_card_face_up_under_from_deck() {
    let (g, events) = play_under(
        woken_with_two_empty_locks(),
        (true, 0),
        &["wake"],
        under("roborally.wake-empty-locked=from-deck"),
    );
    let drawn = &g.robots()[0].program[3..];
    assert!(drawn.iter().all(Option::is_some), "{drawn:?}");
    let cited = events
        .iter()
        .filter(|e| e.ends_with("[ruling roborally.wake-empty-locked: from-deck]"))
        .count();
    assert_eq!(cited, 2, "{events:?}");
    for seed in 0..4 {
        let seen_by_blue = g.resample(1, seed);
        assert_eq!(&seen_by_blue.robots()[0].program[3..], drawn);
    }
    assert_eq!(
        g.deck().len() + 2 + 3,
        84,
        "drawn from the deck, the rest in registers"
    );
}
