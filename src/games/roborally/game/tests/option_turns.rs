//! The options that act on hands, programming and revealed cards, and the
//! optional weapons, across whole turns: a Flywheel card comes back at the
//! next deal, a failing `program` hook leaves the game as it was, and the
//! card invariants hold with cards lying on options.

use std::rc::Rc;
use std::sync::Arc;

use crate::engine::{Describe, State};
use crate::grid::square::{Compass, Square};

use super::{board, Game};
use crate::games::roborally::cards::{hand_size, Card};
use crate::games::roborally::game::option_lua::OptionRuntime;
use crate::games::roborally::game::{Answer, Decision};
use crate::games::roborally::position::{Position, RobotState, Stage};

/// A game at the start of turn 1: red alone in the middle of a 13 × 13
/// board holding `options`.
fn red_holding(options: &[&str]) -> Game {
    let mut red = RobotState::new(0, Square::new(6, 6), Compass::N);
    red.options = options.iter().map(|o| o.to_string()).collect();
    let position = Position {
        board: Arc::clone(&board((13, 13), "")),
        robots: vec![red],
        option_deck: Vec::new(),
        turn: 1,
        stage: Stage::TurnStart,
    };
    Game::new(position, 1).expect("a valid position")
}

/// Answers `g`'s decisions until `stop` holds: programs with the hand's
/// first cards, skips run-time options, takes damage, loses `brakes`,
/// comes back facing N, and lays nothing on options.
fn answer_until(g: &mut Game, stop: &dyn Fn(&Game) -> bool) {
    for _ in 0..200 {
        if stop(g) {
            return;
        }
        let text = match g.decision() {
            Some(Decision::UseOption { .. }) => "skip".to_string(),
            Some(Decision::DamageOption { .. }) => "take".to_string(),
            Some(Decision::LoseOption { .. }) => "brakes".to_string(),
            Some(Decision::ProgramOption { .. }) => "none".to_string(),
            _ => g.answer_text(g.legal(0).expect("an answer")),
        };
        let a = g.parse_answer(&text).expect("legal");
        g.apply(a).expect("applied");
        g.check_invariants().expect("the invariants hold");
    }
    panic!("never reached: {}", g.decision_text());
}

// Flywheel (seed :512): a card laid on it after programming joins the hand
// at the next deal (our reading), one more than the damage allows.
#[test]
fn a_flywheel_card_joins_the_next_hand() {
    let mut g = red_holding(&["flywheel", "brakes"]);
    answer_until(&mut g, &|g| {
        matches!(g.decision(), Some(Decision::ProgramOption { .. }))
    });
    assert_eq!(g.answer_text(g.legal(0).expect("none")), "flywheel none");
    let laid = g.legal(1).expect("a card of the hand");
    let text = g.answer_text(laid);
    let card: Card = text
        .strip_prefix("flywheel ")
        .expect("the option's name first")
        .parse()
        .expect("a card");
    g.apply(laid).expect("applied");
    g.check_invariants()
        .expect("a card on an option is counted once");
    let said: Vec<String> = g.events().iter().map(|e| g.narrate(e)).collect();
    assert!(
        said.iter()
            .any(|e| e == "red lays a card face down on its flywheel"),
        "{said:?}"
    );
    answer_until(&mut g, &|g| {
        g.turn() == 2 && matches!(g.decision(), Some(Decision::Card { seat: 0, .. }))
    });
    assert!(g.hand(0).contains(&card), "{:?}", g.hand(0));
    assert_eq!(g.hand(0).len(), hand_size(g.robots()[0].damage) + 1);
    assert_eq!(g.programmed.held(0, "flywheel"), None);
}

// A `program` hook that returns what it may not is named, and the answer
// that ran it is refused with the game left as it was.
#[test]
fn a_failing_program_hook_leaves_the_game_whole() {
    let mut g = red_holding(&["shield"]);
    let rt = OptionRuntime::load_from(&|o| {
        (o == "shield").then(|| {
            (
                "test/shield.lua".to_string(),
                "return {\n program = function(game, e) return 5 end }".to_string(),
            )
        })
    })
    .expect("the test script loads");
    g.runtime = Some(Rc::new(rt));
    answer_until(&mut g, &|g| {
        matches!(g.decision(), Some(Decision::Card { register: 5, .. }))
    });
    let before = (
        format!("{:?}", g.robots()),
        g.hand(0).to_vec(),
        g.decision(),
    );
    let err = g
        .apply(g.legal(0).expect("a card"))
        .expect_err("the hook fails");
    assert!(
        err.message.contains("option `shield`, hook `program`")
            && err.message.contains("test/shield.lua:2"),
        "{}",
        err.message
    );
    assert_eq!(
        (
            format!("{:?}", g.robots()),
            g.hand(0).to_vec(),
            g.decision()
        ),
        before
    );
}

// Shield (seed :568): the answers are read with or without the card's
// name, and other words are refused naming the rule.
#[test]
fn a_program_answer_reads_with_or_without_the_cards_name() {
    let mut g = red_holding(&["shield"]);
    answer_until(&mut g, &|g| {
        matches!(g.decision(), Some(Decision::ProgramOption { .. }))
    });
    assert_eq!(g.parse_answer("shield W"), Ok(Answer::Setting(3)));
    assert_eq!(g.parse_answer("W"), Ok(Answer::Setting(3)));
    let e = g.parse_answer("shield up").expect_err("no such side");
    assert!(e.message.contains("335-341"), "{}", e.message);
    // The answer holds for the turn (read in its first phase).
    g.set_stepping(true);
    g.apply(Answer::Setting(3)).expect("applied");
    assert_eq!(g.programmed.setting(0, "shield"), Some("W"));
}
