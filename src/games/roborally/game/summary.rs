//! The end-of-race summary that `play`, `replay` and the REPL print: how
//! the race ended, the turns, the winners and every robot's flags, lives
//! and damage, in the order of the standings (ruling 14).

use std::fmt::Write as _;

use crate::engine::{DynState, State};

use super::Game;

/// The summary, each line ending with a newline.
pub fn summary(game: &Game) -> String {
    let mut s = String::new();
    let outcome = State::outcome(game);
    let how = outcome
        .as_ref()
        .map_or_else(|| "not over".to_string(), |o| o.reason.clone());
    let _ = writeln!(s, "game over: {how}");
    let _ = writeln!(s, "turns: {}", DynState::turns_played(game));
    let winners: Vec<&str> = outcome
        .iter()
        .flat_map(|o| o.winners.iter())
        .map(|&w| State::seat_name(game, w))
        .collect();
    match winners.len() {
        0 => {
            let _ = writeln!(s, "no winner");
        }
        1 => {
            let _ = writeln!(s, "winner: {}", winners[0]);
        }
        _ => {
            let _ = writeln!(s, "winners: {} (shared victory)", winners.join(", "));
        }
    }
    let _ = writeln!(
        s,
        "{:<4} {:<8} {:>5} {:>5} {:>6}",
        "rank", "robot", "flags", "lives", "damage"
    );
    for st in State::standings(game) {
        let r = &game.robots()[st.seat];
        let _ = writeln!(
            s,
            "{:<4} {:<8} {:>5} {:>5} {:>6}{}",
            st.rank,
            r.colour(),
            r.flags,
            r.lives,
            r.damage,
            if r.out() { "  out" } else { "" }
        );
    }
    s
}
