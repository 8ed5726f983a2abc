//! What a position of Droids is worth to a player before the mission ends
//! ([`crate::engine::State::heuristic`]), for the native search bot: the
//! mission's goal as the standings count it (containers brought home,
//! mission 3, 003_4ed30270cd5960fb.txt:169), being still in the game (a
//! player who cannot carry out an order is out, line 133) and the
//! registers not blocked (line 57: fewer free registers, fewer ways to
//! carry out an order), against the best other player.

use super::game::Game;
use crate::engine::{squash, Seat};

/// What a container brought home is worth, in free registers.
const HOME: f64 = 10.0;
/// What being in the game is worth, in free registers.
const IN_GAME: f64 = 8.0;
/// The lead worth about 0.73, in free registers.
const SCALE: f64 = 1.5;

/// How well `seat` stands against the best other player, 0 to 1 (0.5 when
/// level).
pub fn heuristic(game: &Game, seat: Seat) -> f64 {
    let players = game.players().len();
    if seat >= players {
        return 0.5;
    }
    let mine = progress(game, seat);
    (0..players)
        .filter(|&s| s != seat)
        .map(|s| progress(game, s))
        .reduce(f64::max)
        .map_or(0.5, |other| squash(mine - other, SCALE))
}

/// A player's progress in free registers: [`HOME`] per container brought
/// home, [`IN_GAME`] while in the game, and one per register not blocked.
pub fn progress(game: &Game, seat: Seat) -> f64 {
    let player = &game.players()[seat];
    let home = game
        .vars
        .get(&format!("delivered.{}", game.colour(seat)))
        .copied()
        .unwrap_or(0);
    let free = player.blocked.iter().filter(|b| !**b).count();
    HOME * home as f64 + if player.out { 0.0 } else { IN_GAME } + free as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::State;

    #[test]
    fn the_heuristic_is_between_0_and_1_and_blocking_a_register_costs() {
        let mut g: Game = crate::registry::started_as(&crate::games::droids::seam::TYPE, 2, 3);
        assert!((heuristic(&g, 0) - 0.5).abs() < 1e-9, "level at the start");
        for seed in 0..40usize {
            if State::is_over(&g) {
                break;
            }
            let (a, b) = (heuristic(&g, 0), heuristic(&g, 1));
            assert!((0.0..=1.0).contains(&a), "{a}");
            assert!((a + b - 1.0).abs() < 1e-9, "{a} + {b}");
            let answer = State::legal(&g, seed % State::legal_count(&g)).unwrap();
            State::apply(&mut g, answer).unwrap();
        }
        let before = progress(&g, 1);
        if let Some(free) = g.players[1].blocked.iter_mut().find(|b| !**b) {
            *free = true;
            assert!((before - progress(&g, 1) - 1.0).abs() < 1e-9);
        }
    }
}
