//! What the benchmarks share: playing a number of turns with any bots.

use tinbots::bot::Bot;
use tinbots::game::Game;
use tinbots::play::play_one;

/// Plays `turns` turns from `start`, restarting from it whenever a game ends.
pub fn play_turns<B: Bot + ?Sized>(
    start: &Game,
    game: &mut Game,
    bots: &mut [Box<B>],
    turns: u32,
) -> u32 {
    let mut played = 0;
    while played < turns {
        let turn = game.turn();
        match play_one(game, bots, u32::MAX).expect("the bots answer legally") {
            Some(_) if game.turn() != turn || game.is_over() => played += 1,
            Some(_) => {}
            None => game.clone_from(start),
        }
        if game.is_over() {
            game.clone_from(start);
        }
    }
    played
}
