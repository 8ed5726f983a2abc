//! `view:simulate(answers [, to_round_end])`: the deciding seat's coming
//! answers played natively on a sample of what it cannot see
//! ([`State::sample_hidden`]: the stacks' order, the other players' hands
//! and face-down tiles dealt anew within their colours, the die re-seeded),
//! the other seats answering at random from the bot's seeded generator.
//! The seat's answers go to its own decisions in order; the simulation
//! stops once they are all played (with `to_round_end`, it plays on to the
//! end of the round, the seat's later decisions at random) or the game
//! ends. It returns the seat's view of the game then (no `simulate` in
//! it), with `over` and `winners`. Each call is charged to the script's
//! instruction budget, and a decision may run at most [`MAX_SIMULATIONS`].

use mlua::{Lua, Table};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::engine::State;
use crate::script::located;

use crate::games::droids::board::PLAYER_COLOURS;
use crate::script::simulation::SimulationRules;

use super::Context;

/// Instructions charged to the script for each simulation.
pub const SIMULATION_COST: u64 = 2_000;
/// Instructions charged to the script for each answer a simulation plays.
pub const SIMULATION_ANSWER_COST: u64 = 200;
/// How many simulations one decision may run.
pub const MAX_SIMULATIONS: u32 = 1_000;

/// This game's simulations' limits, for [`Context::start`].
const RULES: SimulationRules = SimulationRules {
    title: "Droids",
    example: "{ \"up 3\" }",
    max: MAX_SIMULATIONS,
    cost: SIMULATION_COST,
};
/// The most answers a simulation plays (a round of four players needs far
/// fewer): a backstop against a game that would not end its round.
const MAX_ANSWERS: u32 = 2_000;

/// Runs one simulation of `answers` (a list of answer texts) for the seat
/// deciding now; see the module's doc.
pub(super) fn simulate(lua: &Lua, answers: &Table, to_round_end: bool) -> mlua::Result<Table> {
    let start = Context::start(lua, &RULES, answers)?;
    let ctx = Context::get(lua, RULES.title)?;
    let (texts, seed, mut game) = (start.texts, start.seed, start.game);
    let me = ctx.me.get();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5851_F42D_4C95_7F2D);
    let mut mine = texts.iter();
    let mut left = texts.len();
    let round = game.turn();
    let mut played = 0;
    while !game.is_over() && played < MAX_ANSWERS {
        if left == 0 && !(to_round_end && game.turn() == round) {
            break;
        }
        let Some(seat) = game.to_decide() else {
            break;
        };
        let count = game.legal_count();
        if count == 0 {
            break;
        }
        let answer = match (seat == me).then(|| mine.next()).flatten() {
            Some(text) => {
                left -= 1;
                game.parse_answer(text).map_err(|refusal| {
                    located(
                        lua,
                        format!(
                            "simulate: answer {text:?} to {}: {refusal}",
                            game.decision_text()
                        ),
                    )
                })?
            }
            None => game
                .legal(rng.gen_range(0..count))
                .expect("an index below the count"),
        };
        let text = game.answer_text(answer);
        game.apply(answer)
            .map_err(|refusal| located(lua, format!("simulate: answer {text:?}: {refusal}")))?;
        played += 1;
        ctx.charge.charge_or_stop(lua, SIMULATION_ANSWER_COST)?;
    }
    let view = super::view(lua, &game, me, None)?;
    view.set("over", game.is_over())?;
    let winners: Vec<&str> = game
        .outcome()
        .map(|o| o.winners.iter().map(|s| PLAYER_COLOURS[*s]).collect())
        .unwrap_or_default();
    view.set("winners", winners)?;
    Ok(view)
}
