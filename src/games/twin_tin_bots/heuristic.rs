//! What a position of Twin Tin Bots is worth to a player before the game
//! ends ([`crate::engine::State::heuristic`]), for the native search bot:
//! the points the player would score now (crystals in its base at full
//! value, carried ones at one less: 002_ae8ae07e801960f9.txt, Game Goal),
//! less how far each of its robots is from its next job (a loaded robot
//! from its base, an empty one from a crystal worth having), against the
//! best opponent. The same terms as the shipped Lua bots' heuristic
//! (`scripts/twin-tin-bots/bots/lib/heuristic.lua`), natively.

use super::game::Game;
use super::pieces::PlayerId;
use crate::engine::squash;

/// What one point of score is worth in [`progress`]'s units.
const POINT: f64 = 100.0;
/// The lead (in [`progress`]'s units) worth about 0.73: one point.
const SCALE: f64 = POINT;

/// How well `player` stands against the best player of another team, 0
/// to 1 (0.5 when level).
pub fn heuristic(game: &Game, player: PlayerId) -> f64 {
    let standings = game.standings();
    let total = |p: PlayerId| {
        standings
            .iter()
            .find(|s| s.player == p)
            .map_or(0, |s| s.total())
    };
    let sides = game.sides();
    let mine = progress(game, player, total(player));
    let best_other = (0..game.players().len())
        .filter(|&p| sides.team(p) != sides.team(player))
        .map(|p| progress(game, p, total(p)))
        .fold(None, |best: Option<f64>, v| {
            Some(best.map_or(v, |b| b.max(v)))
        });
    match best_other {
        Some(other) => squash(mine - other, SCALE),
        None => 0.5,
    }
}

/// `player`'s score now (`total` points) in [`POINT`]s, less its robots'
/// distances to their next jobs: a loaded robot's front hex and the robot
/// itself from its base, an empty robot's front hex from the nearest loose
/// crystal (a better crystal counting as a little nearer) or an opponent's
/// robot carrying one.
pub fn progress(game: &Game, player: PlayerId, total: u32) -> f64 {
    let mut value = POINT * f64::from(total);
    let base = game.players().get(player).and_then(|p| p.base);
    let robots = game.robots();
    for robot in robots.iter().flatten().filter(|r| r.id / 2 == player) {
        let front = robot.at.step(robot.facing);
        match (robot.carrying, base) {
            (Some(_), Some(base)) => {
                value -= 6.0 * f64::from(front.distance(base))
                    + 2.0 * f64::from(robot.at.distance(base));
            }
            _ => {
                let loose = game
                    .crystals_on_board()
                    .map(|(at, c)| 4.0 * f64::from(front.distance(at)) - f64::from(c.value()));
                let carried = robots
                    .iter()
                    .flatten()
                    .filter(|o| game.opponents(robot.id, o.id))
                    .filter_map(|o| {
                        o.carrying.map(|c| {
                            4.0 * f64::from(front.distance(o.at)) - f64::from(c.value()) + 3.0
                        })
                    });
                if let Some(nearest) = loose.chain(carried).reduce(f64::min) {
                    value -= 3.0 * nearest;
                }
            }
        }
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::State;

    fn game(seed: u64) -> Game {
        crate::registry::started_as(&crate::games::twin_tin_bots::seam::TYPE, 2, seed)
    }

    #[test]
    fn the_heuristic_is_between_0_and_1_and_level_seats_sum_to_1() {
        for seed in 0..4 {
            let mut g = game(seed);
            for _ in 0..30 {
                if State::is_over(&g) {
                    break;
                }
                let (a, b) = (heuristic(&g, 0), heuristic(&g, 1));
                assert!((0.0..=1.0).contains(&a) && (0.0..=1.0).contains(&b));
                // Two players: one's lead is the other's deficit.
                assert!((a + b - 1.0).abs() < 1e-9, "{a} + {b}");
                let answer = g
                    .legal_answer(seed as usize % g.legal_answer_count())
                    .unwrap();
                Game::apply(&mut g, answer).unwrap();
            }
        }
    }
}
