//! The decisions as text (the design's "Decisions and their answers, as
//! text"): refusals that say why and which rule, the programming chain,
//! the power-down question, the start record and resuming from it.

use std::path::Path;

use super::*;
use crate::engine::{Describe, State};
use crate::games::roborally::board::Course;
use crate::games::roborally::game::{resume, Answer, Decision, Game};
use crate::grid::square::Compass::N;

fn race(players: usize, seed: u64) -> Game {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/roborally/courses/yard.toml");
    Game::race(&Course::load(&path).expect("yard"), players, seed).expect("a race")
}

/// A card of the deck not in `seat`'s hand.
fn not_in_hand(g: &Game, seat: usize) -> Card {
    *crate::games::roborally::cards::Deck::standard()
        .cards()
        .iter()
        .find(|c| !g.hand(seat).contains(c))
        .expect("84 cards, 9 in hand")
}

#[test]
fn a_card_not_in_hand_is_refused_with_the_reason() {
    let g = race(2, 9);
    let c = not_in_hand(&g, 0);
    let e = g.parse_answer(&c.to_string()).expect_err("not in hand");
    assert!(
        e.message
            .starts_with(&format!("`{c}` is not in red's hand")),
        "{e}"
    );
    let e = g.parse_answer("move_2 500").expect_err("wrong priority");
    assert_eq!(e.message, "500 is a move_1, not a move_2");
    let e = g.parse_answer("go").expect_err("not a card");
    assert!(e.message.contains("unknown card `go`"), "{e}");
}

#[test]
fn programming_asks_each_register_then_the_power_down_when_damaged() {
    let mut g = race(1, 4);
    for r in 1..=5u8 {
        assert_eq!(
            g.decision(),
            Some(Decision::Card {
                seat: 0,
                register: r
            })
        );
        let c = g.hand(0)[0];
        if r == 5 {
            assert_eq!(g.hand(0).len(), 5, "placed cards leave the hand");
        }
        g.apply(Answer::Card(c)).expect("in hand");
        if r < 5 {
            assert_eq!(g.robots()[0].program[usize::from(r) - 1], Some(c));
        }
    }
    // No damage: no power-down question; the five phases ran.
    assert!(g.turn() == 2 || g.is_over());
}

#[test]
fn a_chain_on_one_line_is_read_against_the_hand_and_locks() {
    let g = race(2, 11);
    let h = g.hand(0).to_vec();
    let line = format!("{}, {}, {}", h[0], h[1], h[2]);
    let chain = g.parse_chain(&line).expect("three cards of the hand");
    assert_eq!(
        chain,
        vec![Answer::Card(h[0]), Answer::Card(h[1]), Answer::Card(h[2])]
    );
    let six: Vec<String> = h.iter().take(6).map(|c| c.to_string()).collect();
    let e = g.parse_chain(&six.join(", ")).expect_err("six cards");
    assert!(e.message.contains("(ruling 7)"), "{e}");
    let e = g
        .parse_chain(&format!("{}, go", h[0]))
        .expect_err("no damage");
    assert!(e.message.contains("no damage"), "{e}");
}

#[test]
fn a_damaged_robot_is_asked_about_power_down() {
    // Walled in on all sides: whatever its cards, it stays on the board.
    let walls: String = ["N", "E", "S", "W"]
        .iter()
        .map(|s| format!("[[wall]]\nat = [0, 0]\nside = \"{s}\"\n"))
        .collect();
    let b = board((1, 1), &walls);
    let mut red = robot("red", (0, 0), N, &["", "", "", "", "u_turn 10"]);
    red.damage = 5;
    let mut p = position(b, vec![red]);
    p.stage = crate::games::roborally::position::Stage::TurnStart;
    let mut g = Game::new(p, 1).expect("valid");
    assert_eq!(g.hand(0).len(), 4, "seed 201: 5 damage, 4 cards");
    for r in 1..=4u8 {
        assert_eq!(
            g.decision(),
            Some(Decision::Card {
                seat: 0,
                register: r
            })
        );
        let c = g.hand(0)[0];
        g.apply(Answer::Card(c)).expect("in hand");
    }
    // Ruling 7: the locked fifth register keeps its card and is not asked.
    let kept: Card = "u_turn 10".parse().expect("a card");
    assert_eq!(g.robots()[0].program[4], Some(kept));
    assert_eq!(g.decision(), Some(Decision::PowerDown { seat: 0 }));
    assert_eq!(g.parse_answer("power_down"), Ok(Answer::PowerDown));
    let e = g.parse_answer("stay").expect_err("not this decision");
    assert!(e.message.contains("ruling 12"), "{e}");
    g.apply(Answer::PowerDown).expect("legal");
    // The next turn: powered down, repaired, no cards; before the deal of
    // the turn after, asked to stay or wake.
    assert_eq!(g.turn(), 3);
    assert_eq!(g.decision(), Some(Decision::StayOrWake { seat: 0 }));
    assert!(g.robots()[0].powered_down);
    assert_eq!(g.robots()[0].damage, 0);
    assert!(g.hand(0).is_empty());
}

#[test]
fn the_start_record_resumes_the_same_game() {
    let mut g = race(3, 21);
    let record = g.start_record();
    let mut r = resume(&record).expect("resumes");
    for _ in 0..40 {
        if g.to_decide().is_none() {
            break;
        }
        let a = g.legal(0).expect("an answer");
        g.apply(a).expect("legal");
        r.apply(a).expect("the same answer is legal");
        assert_eq!(g.events(), r.events());
    }
    assert_eq!(g.where_lines(), r.where_lines());
    let mut bad = record.clone();
    bad["version"] = serde_json::json!(99);
    assert!(resume(&bad).is_err());
    bad = record;
    bad["robots"][0]["id"] = serde_json::json!("pink");
    assert_eq!(
        resume(&bad)
            .map(|_| ())
            .expect_err("unknown colour")
            .message,
        "in `robots[0].id`: unknown colour `pink`: robots are named red, blue, yellow, \
         green, white, black, orange, purple"
    );
}

#[test]
fn stop_and_standings_rank_flags_then_lives_then_damage() {
    let b = board(
        (3, 1),
        "[[flag]]\nnumber = 1\nat = [2, 0]\n[[flag]]\nnumber = 2\nat = [0, 0]\n",
    );
    let mut red = robot("red", (1, 0), N, &[]);
    red.damage = 3;
    let mut blue = robot("blue", (2, 0), N, &[]);
    blue.flags = 1;
    let green = robot("green", (0, 0), N, &[]);
    let mut g = Game::scenario(position(b, vec![red, blue, green]), false, 0).expect("valid");
    g.stop_at_turn_limit();
    assert!(g.is_over());
    assert_eq!(
        g.outcome().map(|o| (o.reason, o.at_turn_limit)),
        Some(("stopped at the turn limit".to_string(), true))
    );
    let ranks: Vec<(usize, usize)> = g.standings().iter().map(|s| (s.seat, s.rank)).collect();
    assert_eq!(ranks, vec![(1, 1), (2, 2), (0, 3)]);
}

#[test]
fn invalid_positions_are_refused() {
    let b = board((3, 1), "[[square]]\nat = [1, 0]\nkind = \"pit\"\n");
    let e = Game::scenario(
        position(b.clone(), vec![robot("red", (1, 0), N, &[])]),
        false,
        0,
    )
    .expect_err("in a pit");
    assert_eq!(
        e.message,
        "in `robots[0].at`: red at 1,0 is in a pit, which destroys a robot \
         (RoboRally rules (German), Board elements always active (line 395))"
    );
    let e = Game::scenario(
        position(
            b.clone(),
            vec![robot("red", (0, 0), N, &[]), robot("blue", (0, 0), N, &[])],
        ),
        false,
        0,
    )
    .expect_err("shared");
    assert!(
        e.message.contains("only virtual robots share a square"),
        "{e}"
    );
    let e = Game::scenario(
        position(
            b,
            vec![
                robot("red", (0, 0), N, &["move_1 490"]),
                robot("blue", (2, 0), N, &["move_1 490"]),
            ],
        ),
        false,
        0,
    )
    .expect_err("twice");
    assert_eq!(
        e.message,
        "in `robots[1].program[0]`: `move_1 490` is given twice: the deck has one card of \
         each priority, in one place"
    );
}
