//! What a position of RoboRally is worth to a robot before the race ends
//! ([`crate::engine::State::heuristic`]), for the native search bot: the
//! flags it touched (the race is to touch them all in order,
//! 004_11511d35c714bcd0.txt:73), less the steps from where it stands (its
//! archive while destroyed) to its next flag around walls and pits, its
//! damage, and the lives it lost, against the best other robot.

use std::collections::VecDeque;

use super::board::{Board, Kind};
use super::game::Game;
use super::position::RobotState;
use crate::engine::squash;
use crate::grid::square::{Compass, Square};

/// What touching a flag is worth, in steps.
const FLAG: f64 = 40.0;
/// What a life is worth, in steps.
const LIFE: f64 = 10.0;
/// What a damage token costs, in steps.
const DAMAGE: f64 = 0.7;
/// What being destroyed (off the board, coming back next turn) costs, in
/// steps, beyond the way back from the archive.
const DESTROYED: f64 = 3.0;
/// The lead worth about 0.73, in steps.
const SCALE: f64 = 6.0;

/// How well `seat`'s robot stands against the best other robot, 0 to 1
/// (0.5 when level).
pub fn heuristic(game: &Game, seat: usize) -> f64 {
    let robots = game.robots();
    let board = game.board();
    let Some(me) = robots.get(seat) else {
        return 0.5;
    };
    let mine = progress(board, me);
    let best_other = robots
        .iter()
        .filter(|r| r.seat != seat)
        .map(|r| progress(board, r))
        .reduce(f64::max);
    best_other.map_or(0.5, |other| squash(mine - other, SCALE))
}

/// A robot's progress in steps: [`FLAG`] per flag touched and [`LIFE`] per
/// life left, less the steps to its next flag, its damage and being
/// destroyed.
pub fn progress(board: &Board, robot: &RobotState) -> f64 {
    let mut value = FLAG * f64::from(robot.flags) + LIFE * f64::from(robot.lives)
        - DAMAGE * f64::from(robot.damage);
    let from = match robot.at {
        Some(at) => at,
        None if robot.lives == 0 => return value - 10.0 * FLAG,
        None => {
            value -= DESTROYED;
            robot.archive
        }
    };
    if let Some(flag) = board.flags().iter().find(|f| f.number == robot.flags + 1) {
        value -= f64::from(steps(board, from, flag.at));
    }
    value
}

/// The steps from `from` to `to` across sides without walls, over squares
/// on the board that are not pits (a breadth-first search); where there is
/// no such way, twice the Manhattan distance and ten more.
pub fn steps(board: &Board, from: Square, to: Square) -> u32 {
    let far = 2 * from.distance_4(to) + 10;
    let (width, height) = board.size();
    let index = |sq: Square| {
        ((sq.x as u32) < width as u32 && (sq.y as u32) < height as u32)
            .then(|| (sq.y * width + sq.x) as usize)
    };
    let open = |sq: Square| !board.is_off(sq) && board.kind(sq) != Some(Kind::Pit);
    let (Some(start), Some(_)) = (index(from), index(to)) else {
        return far;
    };
    let mut seen = vec![u32::MAX; (width * height).max(0) as usize];
    seen[start] = 0;
    let mut pending = VecDeque::from([from]);
    while let Some(sq) = pending.pop_front() {
        let d = seen[index(sq).expect("queued squares are on the board")];
        if sq == to {
            return d;
        }
        for dir in Compass::ORTHOGONAL {
            let next = sq.step(dir);
            if board.is_walled(sq, dir) || !open(next) {
                continue;
            }
            if let Some(i) = index(next).filter(|&i| seen[i] == u32::MAX) {
                seen[i] = d + 1;
                pending.push_back(next);
            }
        }
    }
    far
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{GameOptions, State};

    fn game(seed: u64) -> Game {
        let started = (super::super::seam::TYPE.new)(&GameOptions {
            players: Some(2),
            seed,
            ..GameOptions::default()
        })
        .expect("a standard race starts");
        started
            .game
            .as_any()
            .downcast_ref::<Game>()
            .expect("a RoboRally game")
            .clone()
    }

    #[test]
    fn steps_go_around_nothing_on_open_floor_and_count_manhattan() {
        let g = game(1);
        let board = g.board();
        let flag = board.flags()[0].at;
        assert_eq!(steps(board, flag, flag), 0);
        // Each step changes the Manhattan distance by one at most.
        let start = g.robots()[0].at.expect("robots start on the board");
        assert!(steps(board, start, flag) >= start.distance_4(flag));
    }

    #[test]
    fn the_heuristic_is_between_0_and_1_and_sums_to_1_for_two() {
        for seed in 0..3 {
            let mut g = game(seed);
            for _ in 0..40 {
                if State::is_over(&g) {
                    break;
                }
                let (a, b) = (heuristic(&g, 0), heuristic(&g, 1));
                assert!((0.0..=1.0).contains(&a), "{a}");
                assert!((a + b - 1.0).abs() < 1e-9, "{a} + {b}");
                let answer = State::legal(&g, seed as usize % State::legal_count(&g)).unwrap();
                State::apply(&mut g, answer).unwrap();
            }
        }
    }

    #[test]
    fn a_robot_nearer_its_flag_stands_better() {
        let g = game(2);
        let board = g.board();
        let mut robot = g.robots()[0].clone();
        let flag = board.flags()[0].at;
        let far = progress(board, &robot);
        robot.at = Some(flag);
        assert!(progress(board, &robot) > far);
        robot.flags = 1;
        robot.at = Some(flag);
        assert!(progress(board, &robot) > far + FLAG / 2.0);
    }
}
