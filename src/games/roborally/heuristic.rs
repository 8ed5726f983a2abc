//! What a position of RoboRally is worth to a robot before the race ends
//! ([`crate::engine::State::heuristic`]), for the native search bot: the
//! race it has left in steps (the race is to touch the flags in order,
//! 004_11511d35c714bcd0.txt:73), as the `planner` bot counts it: the way
//! from where it stands and faces (its archive while destroyed) to its
//! next flag around walls and pits, turns counted as the cards they take,
//! a belt under it counted half, then the ways between the flags after
//! it; less its damage and the lives it lost, against the best other
//! robot. The race left runs on as flags are touched (a flag is worth the
//! way it shortens, and a little more), so robots on different legs of the
//! race are compared by the steps each has left.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

use super::board::{Board, Kind};
use super::game::Game;
use super::position::RobotState;
use crate::engine::squash;
use crate::grid::square::{Compass, Square};

/// What touching a flag is worth beyond the way it shortens, in steps:
/// the robot's archive moves there (004_11511d35c714bcd0.txt:73).
const FLAG: f64 = 2.0;
/// What a life is worth, in steps.
const LIFE: f64 = 10.0;
/// What a damage token costs, in steps.
const DAMAGE: f64 = 0.7;
/// What each damage token from the fifth costs more, in steps: it locks a
/// register (the `planner` bot's `LOCK_COST`).
const LOCK: f64 = 2.5;
/// The damage from which each token locks a register.
const LOCKS_FROM: u8 = 5;
/// What a belt carrying the robot into a pit or off the board costs, in
/// steps (the `planner` bot's figure).
const BELT_DEATH: f64 = 8.0;
/// What being out of the race (no life left) costs, in steps.
const OUT: f64 = 400.0;
/// What being destroyed (off the board, coming back next turn) costs, in
/// steps, beyond the way back from the archive.
const DESTROYED: f64 = 3.0;
/// What a turn powered down costs, in steps: the robot gets no cards
/// that turn (004_11511d35c714bcd0.txt:229), though its damage is
/// repaired. Without it a search that stops at the end of the turn sees
/// the repair and not the lost turn, and powers down at one damage.
const IDLE_TURN: f64 = 6.0;
/// The lead worth about 0.73, in steps.
const SCALE: f64 = 6.0;

/// How well `seat`'s robot stands against the best other robot still in
/// the race, 0 to 1 (0.5 when level); alone, by its own progress
/// ([`alone`]).
pub fn heuristic(game: &Game, seat: usize) -> f64 {
    let robots = game.robots();
    let board = game.board();
    let Some(me) = robots.get(seat) else {
        return 0.5;
    };
    let mine = progress(board, me);
    let best_other = robots
        .iter()
        .filter(|r| r.seat != seat && (r.lives > 0 || r.at.is_some()))
        .map(|r| progress(board, r))
        .reduce(f64::max);
    match best_other {
        Some(other) => squash(mine - other, SCALE),
        None => alone(board, mine),
    }
}

/// A robot racing alone (the only one, or every other out of lives, seed
/// line 247) scored by its own progress, on a straight line from being out
/// to every flag touched with [`MOST_LIVES`] left: a lead over nobody says
/// nothing, and a squashed lead over robots that are out says nothing
/// either (it is near 1 whatever this robot does).
fn alone(board: &Board, progress: f64) -> f64 {
    let flags = board.flags().len() as f64;
    let top = FLAG * flags + LIFE * MOST_LIVES;
    let bottom = -OUT - FAR;
    ((progress - bottom) / (top - bottom)).clamp(0.0, 1.0)
}

/// The most lives a robot has (3, and one more each with more than four
/// players and more than four boards: 004_11511d35c714bcd0.txt:52-57).
const MOST_LIVES: f64 = 5.0;
/// A way to a flag longer than any on a course, in steps.
const FAR: f64 = 200.0;

/// A robot's progress in steps: [`FLAG`] per flag touched and [`LIFE`] per
/// life left, less the race left ([`race_left`]), its damage
/// ([`damage_cost`]), being destroyed and a turn powered down
/// ([`IDLE_TURN`]; an announced power down counts its repair too).
pub fn progress(board: &Board, robot: &RobotState) -> f64 {
    let mut value =
        FLAG * f64::from(robot.flags) + LIFE * f64::from(robot.lives) - damage_cost(robot.damage);
    if robot.powered_down {
        value -= IDLE_TURN;
    } else if robot.power_down_announced {
        value -= IDLE_TURN - damage_cost(robot.damage);
    }
    let pose = match robot.at {
        Some(at) => Some((at, robot.facing)),
        None if robot.lives == 0 => return value - OUT,
        None => {
            value -= DESTROYED;
            None
        }
    };
    value
        - race_left(
            board,
            pose.map_or(robot.archive, |p| p.0),
            pose,
            robot.flags,
        )
}

/// What `damage` tokens cost, in steps: [`DAMAGE`] each, and [`LOCK`] more
/// for each from the [`LOCKS_FROM`]th (a locked register).
fn damage_cost(damage: u8) -> f64 {
    DAMAGE * f64::from(damage) + LOCK * f64::from(damage.saturating_sub(LOCKS_FROM - 1))
}

/// The steps left in the race of a robot at `from` (facing as `pose`
/// says, any way when it is off the board) with `touched` flags touched:
/// the way to its next flag, then between the flags after it. A robot
/// standing on a belt counts half the way from where the belts take it in
/// a register phase ([`super::playout::belts_move`]), or [`BELT_DEATH`]
/// more when they destroy it.
fn race_left(board: &Board, from: Square, pose: Option<(Square, Compass)>, touched: u8) -> f64 {
    // Counted wider than a flag's number, so that no count overflows.
    let touched = u16::from(touched);
    let flag_at = |number: u16| {
        board
            .flags()
            .iter()
            .find(|f| u16::from(f.number) == number)
            .map(|f| f.at)
    };
    let Some(next) = flag_at(touched + 1) else {
        return 0.0;
    };
    let here = way(board, from, pose.map(|p| p.1), next);
    let on_belt = board.kind(from).and_then(|k| k.belt(false)).is_some();
    let to_next = match pose {
        Some(pose) if on_belt => match super::playout::belts_move(board, pose) {
            Some((at, facing)) => 0.5 * here + 0.5 * way(board, at, Some(facing), next),
            None => here + BELT_DEATH,
        },
        _ => here,
    };
    let legs: f64 = (touched + 1..)
        .map_while(|n| Some((flag_at(n)?, flag_at(n + 1)?)))
        .map(|(a, b)| way(board, a, None, b))
        .sum();
    to_next + legs
}

/// Whether a robot may stand on `sq`: on the board and not a pit (seed
/// line 395: off the board is a pit too).
pub(super) fn open(board: &Board, sq: Square) -> bool {
    !board.is_off(sq) && board.kind(sq) != Some(Kind::Pit)
}

/// What a step forward costs in [`way`], in tenths of a step.
const FORWARD: u32 = 10;
/// A step backwards (a rarer card: `planner`'s `BACK_COST`).
const BACKWARD: u32 = 18;
/// A quarter turn (a register with no step: `planner`'s `TURN_COST`).
const QUARTER: u32 = 17;
/// A u-turn (`planner`'s `UTURN_COST`).
const U_TURN: u32 = 22;

/// The cheapest way, in steps, from `from` facing `facing` (any way when
/// `None`) to `to`, by steps forward and back across sides without walls
/// over squares on the board that are not pits, and turns ([`FORWARD`],
/// [`BACKWARD`], [`QUARTER`], [`U_TURN`]); where there is no such way,
/// [`steps`]'s. Read from the board's table of ways to `to`
/// ([`ways_to`]), made once per target square and board.
pub fn way(board: &Board, from: Square, facing: Option<Compass>, to: Square) -> f64 {
    let start = board.index(from);
    let table = board.terrain_table(to, || ways_to(board, to));
    let cost = match (start, table) {
        (Some(start), Some(table)) => {
            let of = |f: usize| table[start * 4 + f];
            match facing.and_then(|d| Compass::ORTHOGONAL.iter().position(|&o| o == d)) {
                Some(f) => of(f),
                None => (0..4).map(of).min().unwrap_or(u32::MAX),
            }
        }
        _ => u32::MAX,
    };
    if cost == u32::MAX {
        f64::from(steps(board, from, to))
    } else {
        f64::from(cost) / f64::from(FORWARD)
    }
}

/// The cost, in tenths of a step, of the cheapest way to `to` from every
/// square of the grid and facing (index `square * 4 + facing`, facings in
/// [`Compass::ORTHOGONAL`]'s order; `u32::MAX` where there is none): a
/// Dijkstra search backwards from `to`, over the moves [`way`] counts. A
/// step may start anywhere on the grid and must end on a square on the
/// board that is not a pit, across a side without a wall.
fn ways_to(board: &Board, to: Square) -> Vec<u32> {
    let (width, height) = board.size();
    let mut best = vec![u32::MAX; (width * height).max(0) as usize * 4];
    let Some(goal) = board.index(to) else {
        return best;
    };
    let turn = |f: usize, quarters: usize| (f + quarters) % 4;
    let mut pending = BinaryHeap::new();
    for f in 0..4 {
        best[goal * 4 + f] = 0;
        pending.push(Reverse((0u32, goal * 4 + f, to)));
    }
    while let Some(Reverse((cost, key, sq))) = pending.pop() {
        if cost > best[key] {
            continue;
        }
        let f = key % 4;
        let mut relax = |before: Square, g: usize, step: u32| {
            if let Some(c) = board.index(before) {
                let k = c * 4 + g;
                if cost + step < best[k] {
                    best[k] = cost + step;
                    pending.push(Reverse((cost + step, k, before)));
                }
            }
        };
        // Into `sq` facing `f`: a step forward from behind it, or back
        // from before it, across a side without a wall.
        if open(board, sq) {
            for (dir, step) in [(turn(f, 2), FORWARD), (f, BACKWARD)] {
                let d = Compass::ORTHOGONAL[dir];
                if !board.is_walled(sq, d) {
                    relax(sq.step(d), f, step);
                }
            }
        }
        // Facing `f` on `sq` after a turn (each turn is its own reverse).
        relax(sq, turn(f, 1), QUARTER);
        relax(sq, turn(f, 3), QUARTER);
        relax(sq, turn(f, 2), U_TURN);
    }
    best
}

/// The steps from `from` to `to` across sides without walls, over squares
/// on the board that are not pits (a breadth-first search); where there is
/// no such way, twice the Manhattan distance and ten more.
pub fn steps(board: &Board, from: Square, to: Square) -> u32 {
    let far = 2 * from.distance_4(to) + 10;
    let (width, height) = board.size();
    let (Some(start), Some(_)) = (board.index(from), board.index(to)) else {
        return far;
    };
    let mut seen = vec![u32::MAX; (width * height).max(0) as usize];
    seen[start] = 0;
    let mut pending = VecDeque::from([from]);
    while let Some(sq) = pending.pop_front() {
        let d = seen[board.index(sq).expect("queued squares are on the board")];
        if sq == to {
            return d;
        }
        for dir in Compass::ORTHOGONAL {
            let next = sq.step(dir);
            if board.is_walled(sq, dir) || !open(board, next) {
                continue;
            }
            if let Some(i) = board.index(next).filter(|&i| seen[i] == u32::MAX) {
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
    use crate::engine::State;

    fn game(seed: u64) -> Game {
        crate::registry::started_as(&crate::games::roborally::seam::TYPE, 2, seed)
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

    /// Every built-in course's ways to each flag keep Bellman's equations:
    /// 0 at the flag, and elsewhere the least over the moves [`way`]
    /// counts (a step forward or back onto an open square across a side
    /// without a wall, a quarter turn, a u-turn) of the move's cost and
    /// the way from where it leads. With costs above 0 only the cheapest
    /// ways solve them, so a table that keeps them is right.
    #[test]
    fn the_tables_of_ways_keep_bellmans_equations_on_every_course() {
        let library = crate::assets::Library {
            built_in: true,
            ..Default::default()
        };
        let entries = crate::games::roborally::courses::list(&library);
        assert!(entries.len() >= 2, "the built-in courses");
        for entry in entries {
            let course = crate::games::roborally::courses::find(entry.name(), &library)
                .expect("a built-in course");
            let board = &course.board;
            let (width, height) = board.size();
            for flag in board.flags() {
                let table = board
                    .terrain_table(flag.at, || ways_to(board, flag.at))
                    .expect("on the grid");
                let mut reached = 0;
                for y in 0..height {
                    for x in 0..width {
                        let sq = Square::new(x, y);
                        let at =
                            |s: Square, f: usize| table[((s.y * width + s.x) as usize) * 4 + f];
                        for f in 0..4 {
                            let dir = Compass::ORTHOGONAL[f];
                            let mut moves = vec![
                                (sq, (f + 1) % 4, QUARTER),
                                (sq, (f + 3) % 4, QUARTER),
                                (sq, (f + 2) % 4, U_TURN),
                            ];
                            for (d, cost) in
                                [(dir, FORWARD), (Compass::ORTHOGONAL[(f + 2) % 4], BACKWARD)]
                            {
                                let next = sq.step(d);
                                if !board.is_walled(sq, d) && open(board, next) {
                                    moves.push((next, f, cost));
                                }
                            }
                            let cheapest = moves
                                .iter()
                                .filter(|m| at(m.0, m.1) != u32::MAX)
                                .map(|&(s, g, cost)| at(s, g) + cost)
                                .min()
                                .unwrap_or(u32::MAX);
                            let expected = if sq == flag.at { 0 } else { cheapest };
                            assert_eq!(
                                at(sq, f),
                                expected,
                                "{} flag {} from {sq:?} facing {dir:?}",
                                entry.name(),
                                flag.number
                            );
                            reached += usize::from(expected != u32::MAX);
                        }
                    }
                }
                assert!(
                    reached > 4,
                    "{}: the flag is reached from elsewhere",
                    entry.name()
                );
            }
        }
    }

    #[test]
    fn the_way_counts_turns_and_is_never_shorter_than_the_steps() {
        let g = game(1);
        let board = g.board();
        let flag = board.flags()[0].at;
        let start = g.robots()[0].at.expect("robots start on the board");
        let any = way(board, start, None, flag);
        assert!(any >= f64::from(steps(board, start, flag)));
        // Facing one way or another is never cheaper than free to choose,
        // and the four facings do not all cost the same off the flag's
        // row and column (one must turn more than another).
        let costs: Vec<f64> = Compass::ORTHOGONAL
            .iter()
            .map(|&d| way(board, start, Some(d), flag))
            .collect();
        assert!(costs.iter().all(|&c| c >= any));
        assert!(costs.iter().any(|&c| c != costs[0]), "{costs:?}");
        assert_eq!(way(board, flag, Some(Compass::N), flag), 0.0);
    }

    #[test]
    fn a_robot_racing_alone_is_scored_by_its_own_progress() {
        let g = game(2);
        let mut solo = g.clone();
        solo.robots_for_tests().truncate(1);
        let before = heuristic(&solo, 0);
        assert!(before > 0.0 && before < 1.0, "{before}");
        // One step nearer its flag, then on it and touched: better each time.
        let flag = solo.board().flags()[0].at;
        let start = solo.robots()[0].at.expect("on the board");
        let nearer = Compass::ORTHOGONAL
            .iter()
            .map(|&d| start.step(d))
            .find(|&sq| steps(solo.board(), sq, flag) < steps(solo.board(), start, flag))
            .expect("a step nearer the flag");
        solo.robots_for_tests()[0].at = Some(nearer);
        let step = heuristic(&solo, 0);
        assert!(step > before, "{step} > {before}");
        solo.robots_for_tests()[0].at = Some(flag);
        solo.robots_for_tests()[0].flags = 1;
        assert!(heuristic(&solo, 0) > step);
        // The other robot out of lives: the same as alone.
        let mut out = g.clone();
        out.robots_for_tests()[1].lives = 0;
        out.robots_for_tests()[1].at = None;
        let mut alone_too = out.clone();
        alone_too.robots_for_tests().truncate(1);
        assert_eq!(heuristic(&out, 0), heuristic(&alone_too, 0));
    }

    /// The race is to touch the flags in order (004_11511d35c714bcd0.txt:73):
    /// a robot that touched its first flag is ahead of one standing on it
    /// untouched by the little a touched flag is worth, not by a flag's
    /// worth of steps, so the search still tells their answers apart (a
    /// lead of a whole leg would be squashed flat, near 1).
    #[test]
    fn robots_on_different_legs_are_compared_by_the_steps_each_has_left() {
        let mut g = game(2);
        let flag = g.board().flags()[0].at;
        for (seat, touched) in [(0, 1), (1, 0)] {
            let robot = &mut g.robots_for_tests()[seat];
            robot.at = Some(flag);
            robot.facing = Compass::N;
            robot.flags = touched;
        }
        let ahead = heuristic(&g, 0);
        assert!(ahead > 0.5 && ahead < 0.7, "{ahead}");
    }

    /// Damage from the fifth point locks a register
    /// (004_11511d35c714bcd0.txt:203), so it costs more than the points
    /// before it.
    #[test]
    fn damage_that_locks_a_register_costs_more() {
        let point = |d: u8| damage_cost(d + 1) - damage_cost(d);
        assert!(point(4) > 2.0 * point(3), "{} {}", point(4), point(3));
        assert!(
            (point(2) - point(3)).abs() < 1e-9,
            "{} {}",
            point(2),
            point(3)
        );
    }

    /// Belts move the robots on them after the registers
    /// (004_11511d35c714bcd0.txt:131): a robot on a belt counts half the
    /// way from where they carry it.
    #[test]
    fn a_robot_on_a_belt_counts_half_the_way_from_where_it_is_carried() {
        let g = game(1);
        let board = g.board();
        let flag = board.flags()[0].at;
        // The yard's express belt runs east along row 2 (the test above).
        let on_belt = (Square::new(3, 2), Compass::N);
        let carried = (Square::new(5, 2), Compass::N);
        let here = way(board, on_belt.0, Some(on_belt.1), flag);
        let there = way(board, carried.0, Some(carried.1), flag);
        assert_ne!(here, there);
        let legs = race_left(board, flag, Some((flag, Compass::N)), 0);
        let left = race_left(board, on_belt.0, Some(on_belt), 0) - legs;
        assert!((left - (here + there) / 2.0).abs() < 1e-9, "{left}");
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

    #[test]
    fn a_power_down_costs_a_turn_and_pays_only_with_much_damage() {
        // A robot powered down gets no cards that turn; at its start all
        // its damage is repaired (004_11511d35c714bcd0.txt:229).
        let g = game(2);
        let board = g.board();
        let robot = g.robots()[0].clone();
        let up = progress(board, &robot);
        let down = RobotState {
            powered_down: true,
            ..robot.clone()
        };
        assert!((up - progress(board, &down) - IDLE_TURN).abs() < 1e-9);
        let damaged = |damage: u8, announced: bool| {
            let r = RobotState {
                damage,
                power_down_announced: announced,
                ..robot.clone()
            };
            progress(board, &r)
        };
        assert!(damaged(1, true) < damaged(1, false));
        assert!(damaged(9, true) > damaged(9, false));
        // Announced, it stands as it will once down and repaired.
        let repaired = RobotState {
            powered_down: true,
            ..robot.clone()
        };
        assert!((damaged(7, true) - progress(board, &repaired)).abs() < 1e-9);
    }
}
