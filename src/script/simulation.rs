//! What a game's Lua bot API keeps for `view:simulate` (its Lua state's
//! app data), and the start every simulation shares: count it against the
//! decision's limit, charge it to the script's budget, read the answer
//! texts, and sample what the deciding seat cannot see. Each game then
//! plays the answers its own way (`src/games/<game>/lua/simulate.rs`).

use std::cell::{Cell, RefCell};

use mlua::{Lua, Table};

use crate::engine::{Seat, State};

use super::{located, Charge};

/// The game being decided and the counters of its simulations.
pub struct SimulationContext<G> {
    /// The game being decided, during a call of `choose`.
    pub game: RefCell<Option<G>>,
    /// The deciding seat.
    pub me: Cell<Seat>,
    /// The bot's seed: samples and the other seats' answers in a
    /// simulation are drawn from it, the decision and the call.
    pub seed: Cell<u64>,
    /// Decisions asked so far (varies the samples from one to the next).
    pub decisions: Cell<u64>,
    /// Simulations run in this decision.
    pub simulations: Cell<u32>,
    /// The sandbox's instruction meter, charged for native work.
    pub charge: Charge,
}

/// One simulation's start: the answer texts, its seed, and the sample.
pub struct SimulationStart<G> {
    /// The seat's answers, as text.
    pub texts: Vec<String>,
    /// The simulation's own seed (the others' answers are drawn from it).
    pub seed: u64,
    /// The game with what the seat cannot see dealt anew.
    pub game: G,
}

/// How one game's simulations are limited and explained.
pub struct SimulationRules {
    /// The game's title, for errors.
    pub title: &'static str,
    /// An example of the answer list, for the error on a bad one.
    pub example: &'static str,
    /// How many simulations one decision may run.
    pub max: u32,
    /// Instructions charged to the script for each simulation.
    pub cost: u64,
}

impl<G: State + Clone + 'static> SimulationContext<G> {
    /// Installs a new context in `lua`, charging `charge`.
    pub fn install(lua: &Lua, charge: Charge) {
        lua.set_app_data(SimulationContext::<G> {
            game: RefCell::new(None),
            me: Cell::new(0),
            seed: Cell::new(0),
            decisions: Cell::new(0),
            simulations: Cell::new(0),
            charge,
        });
    }

    /// The context installed in `lua` (`title` names the game in the error).
    pub fn get<'a>(
        lua: &'a Lua,
        title: &str,
    ) -> mlua::Result<mlua::AppDataRef<'a, SimulationContext<G>>> {
        lua.app_data_ref::<SimulationContext<G>>().ok_or_else(|| {
            mlua::Error::runtime(format!(
                "the {title} bot API is not installed in this Lua state"
            ))
        })
    }

    /// Seeds the bot's simulations.
    pub fn seed(lua: &Lua, seed: u64) {
        if let Some(ctx) = lua.app_data_ref::<SimulationContext<G>>() {
            ctx.seed.set(seed);
        }
    }

    /// A decision of `seat` in `game` begins: simulations read a copy.
    pub fn begin_decision(lua: &Lua, title: &str, game: &G, seat: Seat) -> mlua::Result<()> {
        let ctx = Self::get(lua, title)?;
        *ctx.game.borrow_mut() = Some(game.clone());
        ctx.me.set(seat);
        ctx.simulations.set(0);
        ctx.decisions.set(ctx.decisions.get().wrapping_add(1));
        Ok(())
    }

    /// The decision is over: the copy is dropped.
    pub fn end_decision(lua: &Lua) {
        if let Some(ctx) = lua.app_data_ref::<SimulationContext<G>>() {
            ctx.game.borrow_mut().take();
        }
    }

    /// Starts one simulation of `answers` for the deciding seat: counted
    /// and charged, its texts read, the hidden information sampled.
    pub fn start(
        lua: &Lua,
        rules: &SimulationRules,
        answers: &Table,
    ) -> mlua::Result<SimulationStart<G>> {
        let ctx = Self::get(lua, rules.title)?;
        let n = ctx.simulations.get() + 1;
        if n > rules.max {
            return Err(located(
                lua,
                format!(
                    "simulate: more than {} simulations in one decision",
                    rules.max
                ),
            ));
        }
        ctx.simulations.set(n);
        ctx.charge.charge_or_stop(lua, rules.cost)?;
        let texts: Vec<String> = answers
            .sequence_values::<String>()
            .collect::<mlua::Result<_>>()
            .map_err(|_| {
                located(
                    lua,
                    format!(
                        "simulate takes a list of answer texts, such as {}",
                        rules.example
                    ),
                )
            })?;
        let seed = mix(ctx.seed.get(), ctx.decisions.get(), n);
        let real = ctx.game.borrow();
        let Some(real) = real.as_ref() else {
            return Err(located(lua, "simulate is only answered while choose runs"));
        };
        Ok(SimulationStart {
            texts,
            seed,
            game: real.sample_hidden(ctx.me.get(), seed),
        })
    }
}

/// Mixes the bot's seed, the decision and the simulation into one seed.
fn mix(seed: u64, decision: u64, simulation: u32) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ decision.wrapping_mul(0xBF58_476D_1CE4_E5B9)
        ^ u64::from(simulation).wrapping_mul(0x94D0_49BB_1331_11EB)
}
