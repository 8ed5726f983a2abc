//! Tests of the RoboRally engine: each rule on a small board
//! ([`rules`]), the decisions and text of answers ([`decisions`]), and
//! whole races played with random answers, as property tests
//! ([`races`]), the option cards' runtime ([`options`]) and the options
//! acting on hands, programs and weapons over whole turns
//! ([`option_turns`]), and each reading of the disputed rules
//! ([`rulings`]).

mod decisions;
mod option_turns;
mod options;
mod races;
mod rules;
mod rulings;

use std::sync::Arc;

use crate::engine::{Describe, Rulings, State};
use crate::grid::square::{Compass, Square};

use super::Game;
use crate::games::roborally::board::Board;
use crate::games::roborally::cards::Card;
use crate::games::roborally::position::{Position, RobotState, Stage, COLOURS};

/// A board from the tables of a board file (after `size = [w, h]`).
pub(crate) fn board(size: (i32, i32), tables: &str) -> Arc<Board> {
    let text = format!("size = [{}, {}]\n{tables}", size.0, size.1);
    Arc::new(Board::parse("test", &text).expect("test boards are valid"))
}

/// A robot of colour `colour` at `[x, y]` facing `f`, with its program.
pub(crate) fn robot(colour: &str, at: (i32, i32), f: Compass, program: &[&str]) -> RobotState {
    let seat = COLOURS.iter().position(|&c| c == colour).expect("a colour");
    let mut r = RobotState::new(seat, Square::new(at.0, at.1), f);
    for (slot, c) in r.program.iter_mut().zip(program) {
        if !c.is_empty() {
            *slot = Some(c.parse::<Card>().expect("a card"));
        }
    }
    r
}

/// A position at the registers stage.
pub(crate) fn position(board: Arc<Board>, robots: Vec<RobotState>) -> Position {
    Position {
        board,
        robots,
        option_deck: Vec::new(),
        turn: 1,
        stage: Stage::Registers,
    }
}

/// Plays a scenario game: `registers` phases, answering `choices` in
/// order; returns the game and every event narrated.
pub(crate) fn play(
    position: Position,
    begin: bool,
    registers: u8,
    choices: &[&str],
) -> (Game, Vec<String>) {
    let rulings = Rulings::defaults(crate::games::roborally::rulings::DISPUTES);
    play_under(position, (begin, registers), choices, rulings)
}

/// [`play`] under `rulings`: the start of the turn first when `begin`,
/// then `registers` phases.
pub(crate) fn play_under(
    position: Position,
    (begin, registers): (bool, u8),
    choices: &[&str],
    rulings: Rulings,
) -> (Game, Vec<String>) {
    let turn = super::ScenarioTurn {
        begin,
        registers,
        ..Default::default()
    };
    let mut g = Game::scenario_with(position, turn, None, rulings).expect("a valid position");
    let mut events: Vec<String> = g.events().iter().map(|e| g.narrate(e)).collect();
    let mut choices = choices.iter();
    while g.to_decide().is_some() {
        let c = choices
            .next()
            .unwrap_or_else(|| panic!("no choice left for: {}", g.decision_text()));
        let a = g.parse_answer(c).expect("a legal choice");
        g.apply(a).expect("applied");
        events.extend(g.events().iter().map(|e| g.narrate(e)));
    }
    assert!(choices.next().is_none(), "choices left over");
    g.check_invariants().expect("invariants hold");
    (g, events)
}

/// Where a robot of the game stands.
pub(crate) fn at(g: &Game, i: usize) -> Option<(i32, i32)> {
    g.robots()[i].at.map(|s| (s.x, s.y))
}
