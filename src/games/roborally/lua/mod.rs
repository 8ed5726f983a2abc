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

use mlua::{Lua, Value};

use crate::engine::{Seat, State};
use crate::script::{Charge, LazyList, LazyTables, LuaBotApi};

use super::game::Game;

pub use simulate::{MAX_SIMULATIONS, SIMULATION_ANSWER_COST, SIMULATION_COST};

/// What the bot's API keeps in its Lua state (its app data) for the
/// native functions: the game being decided and its simulations' counters.
type Context = crate::script::simulation::SimulationContext<Game>;

/// A RoboRally bot played by a Lua script (RoboRally's
/// [`crate::registry::GameType::lua_bot`] is [`RoboRallyLuaBot::boxed`]).
pub type RoboRallyLuaBot = crate::script::LuaBot<BotApi>;

/// RoboRally's bot API for the shared Lua bot runtime: a view and a
/// decision for each decision, plain tables whose fields are built when
/// first read ([`LazyTables`]), the decision's answers a list whose texts
/// are built when read ([`LazyList`]), and the native functions they
/// carry, made once.
pub struct BotApi {
    /// The views, one for each decision.
    views: LazyTables,
    /// The decisions.
    decisions: LazyTables,
    /// The decisions' answers.
    answers: LazyList,
}

impl LuaBotApi for BotApi {
    type Game = Game;
    const TITLE: &'static str = "RoboRally";

    fn install(lua: &Lua, charge: Charge) -> mlua::Result<BotApi> {
        Context::install(lua, charge);
        let natives = view::Natives::new(lua)?;
        let views = LazyTables::new(lua, "view", view::VIEW_FIELDS, move |lua, key| {
            let me = Context::get(lua, Self::TITLE)?.me.get();
            Context::read_game(lua, Self::TITLE, |game| {
                view::view_field(lua, game, me, &natives, key)
            })
        })?;
        let answers = LazyList::new(lua, "answers", |lua, i| {
            Context::read_game(lua, Self::TITLE, |game| view::answer(lua, game, i))
        })?;
        let list = answers.clone();
        let decisions =
            LazyTables::new(lua, "decision", view::DECISION_FIELDS, move |lua, key| {
                Context::read_game(lua, Self::TITLE, |game| match key {
                    "answers" => list.fresh(lua, game.legal_count()).map(Value::Table),
                    _ => view::decision_field(lua, game, key),
                })
            })?;
        Ok(BotApi {
            views,
            decisions,
            answers,
        })
    }

    fn seed(&mut self, lua: &Lua, seed: u64) {
        Context::seed(lua, seed);
    }

    /// A fresh view for `seat` and decision, whose fields [`view`] builds
    /// from `game` when read; the natives read `game` (and the seat, and
    /// count the decision) during `call`.
    fn with_arguments<R>(
        &mut self,
        lua: &Lua,
        game: &Game,
        seat: Seat,
        call: impl FnOnce(&Value, &Value) -> R,
    ) -> mlua::Result<R> {
        self.answers.retire();
        let view = Value::Table(self.views.fresh(lua)?);
        let decision = Value::Table(self.decisions.fresh(lua)?);
        Context::with_decision(lua, Self::TITLE, game, seat, || call(&view, &decision))
    }
}
