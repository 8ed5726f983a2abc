//! Twin Tin Bots in Lua: what its bots see and may call, and its order
//! files.
//!
//! - Bots: the shared runtime ([`crate::script::LuaBot`]) with this game's
//!   API ([`BotApi`]): `choose(view, decision)` gets the deciding player's
//!   view and the decision as userdata ([`view`]: fields built on first
//!   read, lookahead with `view:simulate`, `view:rollout`, ... at native
//!   speed). See `docs/bots.md`.
//! - The API as data ([`api`]), which the LuaLS stubs
//!   (`scripts/twin-tin-bots/api/tinbots.lua`) are generated from.
//! - Order files ([`orders`]): special orders written in Lua.

pub mod api;
pub(crate) mod numbers;
pub mod orders;
mod view;

use mlua::{AnyUserData, Lua, Value};

use crate::engine::Seat;
use crate::script::{Charge, LuaBotApi};

use super::game::Game;
use view::{new_choices, with_root_view, Context, RootView};

pub use view::{MAX_LIVE_SIMULATIONS, ROLLOUT_TURN_COST, SIMULATION_COST};

/// A Twin Tin Bots bot played by a Lua script (Twin Tin Bots'
/// [`crate::registry::GameType::lua_bot`] is [`LuaBot::boxed`]).
pub type LuaBot = crate::script::LuaBot<BotApi>;

/// Twin Tin Bots' bot API for the shared Lua bot runtime: the view and
/// decision userdata, made once per bot and refreshed for every call, so
/// no userdata is made (and collected) per decision.
pub struct BotApi {
    /// The view and decision, made on the first decision.
    handles: Option<Handles>,
}

/// The view and decision userdata, and the same as `choose`'s arguments.
struct Handles {
    view: AnyUserData,
    decision: AnyUserData,
    arguments: (Value, Value),
}

impl LuaBotApi for BotApi {
    type Game = Game;
    const TITLE: &'static str = "Twin Tin Bots";

    fn install(lua: &Lua, charge: Charge) -> mlua::Result<BotApi> {
        Context::install(lua, 0, charge);
        view::install_answer_counts(lua)?;
        Ok(BotApi { handles: None })
    }

    fn seed(&mut self, lua: &Lua, seed: u64) {
        Context::reseed(lua, seed);
    }

    /// The root view (of the player deciding now, which is `_seat`) lent
    /// `game` for the call, and the decision refreshed to `game`'s.
    fn with_arguments<R>(
        &mut self,
        lua: &Lua,
        game: &Game,
        _seat: Seat,
        call: impl FnOnce(&Value, &Value) -> R,
    ) -> mlua::Result<R> {
        let handles = match &mut self.handles {
            Some(handles) => handles,
            None => {
                let view = lua.create_userdata(RootView::new())?;
                let decision = new_choices(lua, game)?;
                let arguments = (
                    Value::UserData(view.clone()),
                    Value::UserData(decision.clone()),
                );
                self.handles.insert(Handles {
                    view,
                    decision,
                    arguments,
                })
            }
        };
        let (view, decision) = &handles.arguments;
        with_root_view(lua, game, &handles.view, &handles.decision, || {
            call(view, decision)
        })
    }
}
