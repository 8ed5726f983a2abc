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
//! What every game's simulations share (the arguments, the limits and
//! charges, the sample, the answers played) is
//! [`crate::script::simulation`]'s; what is Droids' is its [`Plan`] and
//! the view it returns.

use mlua::{Lua, Table};

use crate::engine::State;
use crate::script::simulation::{Plan, SimulationRules};

use crate::games::droids::game::Game;

use super::Context;

pub use crate::script::simulation::{MAX_SIMULATIONS, SIMULATION_ANSWER_COST, SIMULATION_COST};

/// This game's simulations, for [`Context::start`].
pub(super) static RULES: SimulationRules = SimulationRules {
    title: "Droids",
    example: "{ \"up 3\" }",
};

/// Runs one simulation of `answers` (a list of answer texts) for the seat
/// deciding now; see the module's doc.
pub(super) fn simulate(lua: &Lua, answers: &Table, to_round_end: bool) -> mlua::Result<Table> {
    let start = Context::start(lua, &RULES, answers)?;
    let me = start.seat;
    let plan = RoundPlan {
        round: start.game.turn(),
        to_round_end,
    };
    let game = Context::play(lua, &RULES, start, &plan)?;
    let view = super::view(lua, &game, me, None)?;
    view.set("over", game.is_over())?;
    let winners: Vec<&str> = game
        .outcome()
        .map(|o| o.winners.iter().map(|s| game.colour(*s)).collect())
        .unwrap_or_default();
    view.set("winners", winners)?;
    Ok(view)
}

/// How Droids plays a simulation: until the seat's answers are played, or
/// to the end of the round.
struct RoundPlan {
    /// The round simulated.
    round: u32,
    /// Whether to play on to the end of the round.
    to_round_end: bool,
}

impl Plan<Game> for RoundPlan {
    fn goes_on(&self, game: &Game, left: usize) -> bool {
        left > 0 || (self.to_round_end && game.turn() == self.round)
    }
}
