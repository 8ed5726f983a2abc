//! RoboRally's Lua bots: a script returns
//! `{ name = "...", choose = function(view, decision) ... end }`, and for
//! every decision of its seat `choose` gets what that seat may see as
//! plain Lua tables ([`view`]) and the decision with its legal answers as
//! text. It returns one of the answer strings or its 1-based index.
//! `view:simulate(answers)` plays the seat's coming answers on a sample of
//! what it cannot see, natively ([`simulate`]). The script runs in the
//! shared runtime of Lua bots ([`crate::script::LuaBot`]: a sandbox with an
//! instruction budget and a memory limit, errors naming the script and
//! line), with this game's [`BotApi`]. The API is described in [`api`],
//! which the LuaLS stubs (`scripts/roborally/api/roborally.lua`) are
//! generated from. See `docs/roborally-bots.md`.

pub mod api;
pub mod option_api;
mod simulate;
pub mod variant_api;
mod view;

#[cfg(test)]
mod option_bot_tests;
#[cfg(test)]
mod tests;

use std::cell::{Cell, RefCell};

use mlua::{Lua, Value};

use crate::engine::Seat;
use crate::script::{Charge, LuaBotApi};

use super::game::Game;

pub use simulate::{MAX_SIMULATIONS, SIMULATION_ANSWER_COST, SIMULATION_COST};

/// What the bot's API keeps in its Lua state (its app data) for the
/// native functions (`view:simulate`, `view.board:square`).
struct Context {
    /// The game being decided, during a call of `choose`.
    game: RefCell<Option<Game>>,
    /// The deciding seat.
    me: Cell<usize>,
    /// The bot's seed: samples and the other seats' answers in a
    /// simulation are drawn from it, the decision and the call.
    seed: Cell<u64>,
    /// Decisions asked so far (varies the samples from one to the next).
    decisions: Cell<u64>,
    /// Simulations run in this decision.
    simulations: Cell<u32>,
    /// The sandbox's instruction meter, charged for native work.
    charge: Charge,
}

impl Context {
    /// The context installed in `lua`.
    fn get(lua: &Lua) -> mlua::Result<mlua::AppDataRef<'_, Context>> {
        lua.app_data_ref::<Context>().ok_or_else(|| {
            mlua::Error::runtime("the RoboRally bot API is not installed in this Lua state")
        })
    }
}

/// A RoboRally bot played by a Lua script (RoboRally's
/// [`crate::engine::GameType::lua_bot`] is [`RoboRallyLuaBot::boxed`]).
pub type RoboRallyLuaBot = crate::script::LuaBot<BotApi>;

/// RoboRally's bot API for the shared Lua bot runtime: plain tables built
/// for each decision, and the native functions they carry, made once.
pub struct BotApi {
    /// The native functions the view carries.
    natives: view::Natives,
}

impl LuaBotApi for BotApi {
    type Game = Game;
    const TITLE: &'static str = "RoboRally";

    fn install(lua: &Lua, charge: Charge) -> mlua::Result<BotApi> {
        lua.set_app_data(Context {
            game: RefCell::new(None),
            me: Cell::new(0),
            seed: Cell::new(0),
            decisions: Cell::new(0),
            simulations: Cell::new(0),
            charge,
        });
        Ok(BotApi {
            natives: view::Natives::new(lua)?,
        })
    }

    fn seed(&mut self, lua: &Lua, seed: u64) {
        if let Some(ctx) = lua.app_data_ref::<Context>() {
            ctx.seed.set(seed);
        }
    }

    /// The tables of [`view`] for `seat`; the natives read a copy of
    /// `game` (and the seat, and count the decision) during `call`.
    fn with_arguments<R>(
        &mut self,
        lua: &Lua,
        game: &Game,
        seat: Seat,
        call: impl FnOnce(&Value, &Value) -> R,
    ) -> mlua::Result<R> {
        {
            let ctx = Context::get(lua)?;
            *ctx.game.borrow_mut() = Some(game.clone());
            ctx.me.set(seat);
            ctx.simulations.set(0);
            ctx.decisions.set(ctx.decisions.get().wrapping_add(1));
        }
        let arguments = view::view(lua, game, seat, &self.natives)
            .and_then(|view| Ok((Value::Table(view), Value::Table(view::decision(lua, game)?))));
        let returned = arguments.map(|(view, decision)| call(&view, &decision));
        if let Ok(ctx) = Context::get(lua) {
            ctx.game.borrow_mut().take();
        }
        returned
    }
}
