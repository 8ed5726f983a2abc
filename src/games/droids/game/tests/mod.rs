//! Tests of the game: rules of the flow ([`rules`]), and whole games with
//! random answers ([`games`]: invariants, determinism, replay, hidden
//! information), the disputed readings of moving, damage and water
//! ([`rulings`]), and the colours mission 7's player chooses ([`colours`]).

mod colours;
mod games;
mod missions;
mod rules;
mod rulings;

use super::Game;
use crate::games::droids::board::Mission;

/// A game of mission 1 for `players`.
fn challenge(players: usize, seed: u64) -> Game {
    Game::new(
        Mission::find("challenge").expect("mission 1"),
        players,
        seed,
    )
    .expect("a game")
}

/// A small board with everything on it: water, fixed and mobile obstacles,
/// a container, a mine, both repair robots, the statue, and all four stacks.
const EVERYTHING: &str = r#"
mission = 99
name = "everything"
players = [2, 4]
rows = [
    "R..1..Y",
    ".~~.o..",
    ".~X.#c.",
    "..m....",
    "G..2..B",
]
"#;

/// A game on [`EVERYTHING`].
fn everything(players: usize, seed: u64) -> Game {
    let m = Mission::parse("everything.toml", EVERYTHING).expect("the test mission");
    Game::new(m, players, seed).expect("a game")
}

/// A game of built-in mission `name` (a number or name, `7:c`) for
/// `players`, with its script.
fn mission_game(name: &str, players: usize, seed: u64) -> Game {
    let (mission, hooks) = crate::games::droids::mission::Chosen::find(name)
        .and_then(|c| c.load())
        .expect("a built-in mission");
    Game::with_rules(
        mission,
        players,
        seed,
        crate::games::droids::tiles::TileMix::standard(),
        hooks,
    )
    .expect("a game")
}
