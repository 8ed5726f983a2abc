//! Rules of the flow of a game (seed section II), each citing its line.

use super::{challenge, everything};
use crate::engine::{Describe, State};
use crate::games::droids::game::{Answer, Phase};
use crate::games::droids::tiles::Colour;

/// Answers with the first legal answer until `phase` comes (or the end).
fn until(g: &mut super::Game, phase: fn(Phase) -> bool) {
    while !phase(g.phase()) && g.to_decide().is_some() {
        let a = g.legal(0).expect("an answer");
        g.apply(a).expect("legal");
    }
}

#[test]
fn players_place_nine_obstacles_with_three_and_eight_with_two() {
    // Seed line 146.
    for (players, count) in [(2, 8), (3, 9), (4, 8)] {
        let mut g = challenge(players, 5);
        assert_eq!(g.phase(), Phase::Place { left: count });
        let mut placers = Vec::new();
        until(&mut g, |p| p == Phase::Draw);
        for e in g.events() {
            if let crate::games::droids::game::Event::Placed { seat, .. } = e {
                placers.push(*seat);
            }
        }
        let on_board = g.pieces.iter().filter(|p| p.is_some()).count();
        assert_eq!(on_board, usize::from(count), "{players} players");
        g.check_invariants().expect("invariants");
    }
}

#[test]
fn set_up_places_take_turns_from_the_first_player() {
    // Seed line 145: each player in turn places one.
    let mut g = challenge(3, 2);
    let first = g.to_decide().expect("a decision");
    let mut seats = Vec::new();
    for _ in 0..4 {
        seats.push(g.to_decide().expect("a decision"));
        let a = g.legal(0).expect("a square");
        g.apply(a).expect("legal");
    }
    assert_eq!(seats, vec![first, (first + 1) % 3, (first + 2) % 3, first]);
}

#[test]
fn mission_1_has_no_grey_tiles() {
    // Seed line 147.
    let mut g = challenge(2, 1);
    until(&mut g, |p| p == Phase::Draw);
    assert_eq!(g.stack_sizes()[Colour::Grey.index()], 0);
    for i in 0..g.legal_count() {
        let Some(Answer::Draw(c)) = g.legal(i) else {
            panic!("a draw")
        };
        assert_eq!(c[Colour::Grey.index()], 0);
        assert_eq!(
            c.iter().map(|n| usize::from(*n)).sum::<usize>(),
            7,
            "seed line 103"
        );
    }
    let e = g.parse_answer("draw grey 7").expect_err("no grey stack");
    assert!(
        e.message.contains(
            "mission challenge leaves the grey tiles out (its stacks: purple, blue, red)"
        ),
        "{e}"
    );
    let e = g.parse_answer("draw purple 3").expect_err("too few");
    assert!(e.message.contains("draw 7 tiles in all"), "{e}");
}

#[test]
fn a_blocked_registers_tiles_go_to_the_box_and_it_takes_no_more() {
    // Seed lines 56-57.
    let mut g = everything(2, 3);
    until(&mut g, |p| p == Phase::Lay);
    let seat = g.to_decide().expect("a decision");
    let tile = g.players()[seat].hand[0];
    g.apply(Answer::Lay { tile, column: 3 }).expect("legal");
    g.block(seat, 3);
    assert_eq!(g.boxed, vec![tile]);
    assert!(g.players()[seat].registers[3].is_empty());
    g.check_invariants()
        .expect("tiles accounted for, the boxed included");
    let other = g.to_decide().expect("a decision");
    g.apply(Answer::Stop).expect("stop");
    assert_eq!(g.to_decide(), Some(seat), "{other} stopped");
    for i in 0..g.legal_count() {
        assert!(!matches!(g.legal(i), Some(Answer::Lay { column: 3, .. })));
    }
    let e = g
        .parse_answer(&format!("lay {} at 3", g.players()[seat].hand[0]))
        .expect_err("blocked");
    assert!(
        e.message.contains("(Droids rules, Shooting (line 57))"),
        "{e}"
    );
}

#[test]
fn laying_goes_in_turn_and_stopping_leaves_the_others_laying() {
    // Seed lines 108 and 112.
    let mut g = everything(3, 4);
    until(&mut g, |p| p == Phase::Lay);
    let first = g.to_decide().expect("a decision");
    g.apply(Answer::Stop).expect("stop");
    let second = g.to_decide().expect("a decision");
    assert_eq!(second, (first + 1) % 3);
    let a = g.legal(0).expect("a lay");
    g.apply(a).expect("legal");
    assert_eq!(g.to_decide(), Some((first + 2) % 3));
    let a = g.legal(0).expect("a lay");
    g.apply(a).expect("legal");
    assert_eq!(g.to_decide(), Some(second), "the stopped player is skipped");
}

#[test]
fn unused_tiles_go_back_to_their_stacks_when_all_have_stopped() {
    // Seed line 114.
    let mut g = everything(2, 6);
    until(&mut g, |p| p == Phase::Lay);
    g.apply(Answer::Stop).expect("stop");
    g.apply(Answer::Stop).expect("stop");
    assert!(g.players().iter().all(|p| p.hand.is_empty()));
    assert!(g
        .events()
        .iter()
        .any(|e| g.narrate(e).contains("14 tiles go back to their stacks")));
    g.check_invariants().expect("invariants");
}

#[test]
fn when_every_player_runs_nothing_all_are_out_and_nobody_wins() {
    // Seed line 133; nobody left is ours (docs/droids.md).
    let mut g = everything(2, 6);
    until(&mut g, |p| p == Phase::Lay);
    g.apply(Answer::Stop).expect("stop");
    g.apply(Answer::Stop).expect("stop");
    let o = g.outcome().expect("over");
    assert!(o.winners.is_empty());
    assert!(o.reason.contains("nobody wins"), "{}", o.reason);
    assert!(g.players().iter().all(|p| p.out));
    assert_eq!(g.to_decide(), None);
    assert_eq!(g.legal_count(), 0);
}

#[test]
fn a_turn_limit_ends_the_game_without_winners() {
    let mut g = challenge(2, 1);
    g.stop_at_turn_limit();
    let o = g.outcome().expect("stopped");
    assert!(o.at_turn_limit && o.winners.is_empty());
    assert!(g.summary().contains("the turn limit"));
}

#[test]
fn answers_outside_their_phase_are_refused_by_the_rule() {
    let g = challenge(2, 1);
    let e = g.parse_answer("up 0").expect_err("set-up");
    assert!(
        e.message.contains("now is the time to answer `place"),
        "{e}"
    );
    let e = g.parse_answer("place 0,0").expect_err("a start square");
    assert!(e.message.contains("not an empty ground square"), "{e}");
}

#[test]
fn the_picture_has_a_legend_and_where_a_line_per_robot() {
    let g = everything(4, 1);
    let p = g.picture(Some(0), false);
    assert!(p.contains("legend: . ground  ~ water"), "{p}");
    assert!(
        p.lines()
            .nth(1)
            .is_some_and(|l| l.starts_with(" 0 R . . 1 . . Y")),
        "{p}"
    );
    assert!(
        p.contains("stacks: purple 28 blue 12 red 24 grey 12"),
        "{p}"
    );
    let w = g.where_lines();
    assert_eq!(w.len(), 7, "4 players, 2 repair robots, the statue");
    assert_eq!(w[0], "red [0, 0]");
    assert_eq!(w[6], "statue [2, 2]");
}
