//! The search bot's usual card in a RoboRally playout
//! ([`crate::engine::State::playout_answer`]): random programs wander and
//! fall, and a playout of them says little of a program's worth. The card
//! chosen is the one of the hand that leaves the robot lowest in the table
//! of ways to its next flag ([`super::heuristic::way`]), from where the
//! program so far would take it by itself (cards only: no other robot, no
//! board element but walls and pits).

use super::board::{Board, Kind};
use super::cards::CardKind;
use super::game::{Decision, Game};
use super::heuristic::way;
use crate::grid::square::{Compass, Square};

/// At a card decision, the index of the hand's card that brings the
/// deciding robot's projected square and facing nearest its next flag
/// (the first of equals); `None` at any other decision, for a robot off
/// the board, with every flag touched, or when the program so far would
/// take it into a pit.
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
    let before = usize::from(register).saturating_sub(1);
    let mut pose = (robot.at?, robot.facing);
    for card in robot.program.iter().take(before).flatten() {
        pose = project(board, pose, card.kind)?;
    }
    game.hand(seat)
        .iter()
        .enumerate()
        .filter_map(|(i, card)| {
            let (at, facing) = project(board, pose, card.kind)?;
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
    let (steps, way, facing) = match kind {
        CardKind::UTurn => (0, facing, facing.turned_eighths(4)),
        CardKind::RotateLeft => (0, facing, facing.turned_eighths(-2)),
        CardKind::RotateRight => (0, facing, facing.turned_eighths(2)),
        CardKind::BackUp => (1, facing.turned_eighths(4), facing),
        CardKind::Move1 => (1, facing, facing),
        CardKind::Move2 => (2, facing, facing),
        CardKind::Move3 => (3, facing, facing),
    };
    let mut at = at;
    for _ in 0..steps {
        if board.is_walled(at, way) {
            break;
        }
        at = at.step(way);
        if board.is_off(at) || board.kind(at) == Some(Kind::Pit) {
            return None;
        }
    }
    Some((at, facing))
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
        let mut g: Game = crate::engine::started_as(&super::super::seam::TYPE, 2, seed);
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
    /// greedy cards finish races sooner than random cards (139 turns in
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
    fn a_card_is_projected_by_itself_and_a_pit_ends_it() {
        let g: Game = crate::engine::started_as(&super::super::seam::TYPE, 2, 1);
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
        // Outside a card decision (a game over has none): no card.
        let mut over = g.clone();
        over.stop_at_turn_limit();
        assert_eq!(greedy_card(&over), None);
    }
}
