//! The search bot's usual card in a RoboRally playout
//! ([`crate::engine::State::playout_answer`]): random programs wander and
//! fall, and a playout of them says little of a program's worth. The card
//! chosen is the one of the hand that leaves the robot lowest in the table
//! of ways to its next flag ([`super::heuristic::way`]), from where the
//! program so far would take it, register by register: the card, then the
//! belts (express, then all), the active pushers, the gears and the
//! active crushers act on it (no other robot, no laser).

use super::board::{Board, Kind, Turn};
use super::cards::CardKind;
use super::game::{Decision, Game};
use super::heuristic::{open, way};
use crate::grid::square::{Compass, Square};

/// At a card decision, the index of the hand's card that brings the
/// deciding robot's projected square and facing nearest its next flag
/// (the first of equals); `None` at any other decision, for a robot off
/// the board, with every flag touched, or when the program so far would
/// destroy it (a pit, the board's edge, a crusher).
pub fn greedy_card(game: &Game) -> Option<usize> {
    let Some(Decision::Card { seat, register }) = game.decision() else {
        return None;
    };
    let robot = game.robots().get(seat)?;
    let board = game.board();
    let flag = board
        .flags()
        .iter()
        .find(|f| f.number == robot.flags + 1)?
        .at;
    let mut pose = (robot.at?, robot.facing);
    for phase in 1..register {
        if let Some(card) = robot.program[usize::from(phase) - 1] {
            pose = project(board, pose, card.kind)?;
        }
        pose = board_acts(board, pose, phase)?;
    }
    game.hand(seat)
        .iter()
        .enumerate()
        .filter_map(|(i, card)| {
            let (at, facing) = board_acts(board, project(board, pose, card.kind)?, register)?;
            Some((i, way(board, at, Some(facing), flag)))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)))
        .map(|(i, _)| i)
}

/// Where a card of `kind` takes a robot standing at `pose` by itself: a
/// wall stops it; `None` when it falls into a pit or off the board.
fn project(
    board: &Board,
    (at, facing): (Square, Compass),
    kind: CardKind,
) -> Option<(Square, Compass)> {
    let squares = kind.squares();
    let way = if squares < 0 {
        facing.turned_eighths(4)
    } else {
        facing
    };
    let facing = facing.turned_eighths(2 * i32::from(kind.quarter_turns()));
    let mut at = at;
    for _ in 0..squares.unsigned_abs() {
        if board.is_walled(at, way) {
            break;
        }
        at = at.step(way);
        if !open(board, at) {
            return None;
        }
    }
    Some((at, facing))
}

/// Where the board's elements take a robot at `pose` after its card in
/// register phase `phase` (the order of a phase: express belts, all
/// belts, pushers, gears, crushers): `None` when it is destroyed.
fn board_acts(board: &Board, pose: (Square, Compass), phase: u8) -> Option<(Square, Compass)> {
    let (mut at, mut facing) = belts_move(board, pose)?;
    match board.kind(at) {
        Some(Kind::Pusher { to, registers })
            if registers.contains(phase) && !board.is_walled(at, to) =>
        {
            at = at.step(to);
            if !open(board, at) {
                return None;
            }
        }
        Some(Kind::Gear(turn)) => facing = facing.turned_eighths(turn.eighths()),
        _ => {}
    }
    if board.crusher(at).is_some_and(|r| r.contains(phase)) {
        return None;
    }
    Some((at, facing))
}

/// Where one register phase's belts take a robot at `pose` (the express
/// belts, then all belts): `None` when they destroy it.
pub(super) fn belts_move(board: &Board, pose: (Square, Compass)) -> Option<(Square, Compass)> {
    carry(board, carry(board, pose, true)?, false)
}

/// One belt move of a robot at `pose`: by an express belt only where
/// `express_only`, else by either; a wall stops it, a belt turning 90°
/// turns it the same way, and a pit or the board's edge destroys it
/// (`None`).
fn carry(
    board: &Board,
    (at, facing): (Square, Compass),
    express_only: bool,
) -> Option<(Square, Compass)> {
    let Some(dir) = board.kind(at).and_then(|k| k.belt(express_only)) else {
        return Some((at, facing));
    };
    if board.is_walled(at, dir) {
        return Some((at, facing));
    }
    let next = at.step(dir);
    if !open(board, next) {
        return None;
    }
    let facing = match Turn::by_belt(dir, board.kind(next)) {
        Some(turn) => facing.turned_eighths(turn.eighths()),
        None => facing,
    };
    Some((next, facing))
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::engine::State;

    /// Plays a race for 2 on the default course, each card the greedy one
    /// where `greedy` (random otherwise) and every other answer random;
    /// the turns it took to end (a robot touched the last flag, or none
    /// is left), 40 at most.
    fn race_turns(seed: u64, greedy: bool) -> u32 {
        let mut g: Game =
            crate::registry::started_as(&crate::games::roborally::seam::TYPE, 2, seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !g.is_over() && g.turn() <= 40 {
            let i = match greedy_card(&g) {
                Some(i) if greedy => i,
                _ => rng.gen_range(0..g.legal_count()),
            };
            let answer = g.legal(i).expect("in range");
            g.apply(answer).expect("a legal answer");
        }
        g.turn()
    }

    /// The race is to touch the flags in order (004_11511d35c714bcd0.txt:73):
    /// greedy cards finish races sooner than random cards (114 turns in
    /// 20 races against 224).
    #[test]
    fn greedy_cards_finish_races_sooner_than_random_cards() {
        let greedy: u32 = (0..20).map(|s| race_turns(s, true)).sum();
        let random: u32 = (0..20).map(|s| race_turns(s, false)).sum();
        assert!(
            4 * greedy < 3 * random,
            "{greedy} turns in 20 greedy races, {random} random"
        );
    }

    #[test]
    fn a_card_and_the_board_are_projected_and_a_pit_or_crusher_ends_it() {
        let g: Game = crate::registry::started_as(&crate::games::roborally::seam::TYPE, 2, 1);
        let board = g.board();
        let start = (Square::new(4, 8), Compass::E);
        // Open floor east of [4, 8], then the pit at [5, 8] on the
        // default course ("yard").
        assert_eq!(board.kind(Square::new(5, 8)), Some(Kind::Pit));
        assert_eq!(project(board, start, CardKind::Move1), None);
        assert_eq!(
            project(board, start, CardKind::BackUp),
            Some((Square::new(3, 8), Compass::E))
        );
        assert_eq!(
            project(board, start, CardKind::RotateLeft),
            Some((Square::new(4, 8), Compass::N))
        );
        assert_eq!(
            project(board, start, CardKind::UTurn),
            Some((Square::new(4, 8), Compass::W))
        );
        // The yard's express belt east along row 2 turns south at [9, 2]
        // (and the robot with it), a crusher on [6, 2] acts in phases 2
        // and 4, a gear on [4, 4] turns right (004_11511d35c714bcd0.txt,
        // the order of a register phase in the design's RoboRally page).
        let pose = |x, y, facing| (Square::new(x, y), facing);
        assert_eq!(
            board_acts(board, pose(3, 2, Compass::N), 1),
            Some(pose(5, 2, Compass::N))
        );
        assert_eq!(
            board_acts(board, pose(8, 2, Compass::N), 1),
            Some(pose(9, 3, Compass::E))
        );
        assert_eq!(
            board_acts(board, pose(4, 2, Compass::N), 1),
            Some(pose(6, 2, Compass::N))
        );
        assert_eq!(board_acts(board, pose(4, 2, Compass::N), 2), None);
        assert_eq!(
            board_acts(board, pose(4, 4, Compass::N), 1),
            Some(pose(4, 4, Compass::E))
        );
        // Outside a card decision (a game over has none): no card.
        let mut over = g.clone();
        over.stop_at_turn_limit();
        assert_eq!(greedy_card(&over), None);
    }
}
