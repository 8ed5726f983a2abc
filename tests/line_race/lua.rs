//! Line Race's Lua bots: `choose(view, decision)` gets plain tables.
//!
//! `view`: `me` (the seat's colour), `turn`, `pit`, `finish`, `at` (each
//! colour's square) and `program` (the seat's three tiles);
//! `decision.answers`: the legal answers as text. The script returns one
//! of them or its index from 1. The shared runtime
//! ([`tinbots::script::LuaBot`]) loads, sandboxes, seeds and checks it,
//! and adds `view:search`.

use mlua::{Lua, Value};
use tinbots::engine::{Seat, State};
use tinbots::script::{Charge, LuaBotApi};

use super::rules::{Tile, COLOURS, FINISH};
use super::seam::Race;

/// A Line Race bot played by a Lua script (the game type's `lua_bot` is
/// [`LineRaceLuaBot::boxed`]).
pub type LineRaceLuaBot = tinbots::script::LuaBot<BotApi>;

/// Line Race's bot API: tables built for each decision.
pub struct BotApi;

impl LuaBotApi for BotApi {
    type Game = Race;
    const TITLE: &'static str = "Line Race";

    fn install(_lua: &Lua, _charge: Charge) -> mlua::Result<BotApi> {
        Ok(BotApi)
    }

    fn seed(&mut self, _lua: &Lua, _seed: u64) {}

    fn with_arguments<R>(
        &mut self,
        lua: &Lua,
        game: &Race,
        seat: Seat,
        call: impl FnOnce(&Value, &Value) -> R,
    ) -> mlua::Result<R> {
        let view = lua.create_table()?;
        view.set("me", COLOURS[seat])?;
        view.set("turn", game.turn())?;
        view.set("pit", game.track.pit)?;
        view.set("finish", FINISH)?;
        let at = lua.create_table()?;
        for (s, &square) in game.track.at.iter().enumerate() {
            at.set(COLOURS[s], square)?;
        }
        view.set("at", at)?;
        let program: Vec<String> = game.track.programs[seat]
            .iter()
            .map(Tile::to_string)
            .collect();
        view.set("program", program)?;
        let decision = lua.create_table()?;
        let answers: Vec<String> = (0..game.legal_count())
            .filter_map(|i| game.legal(i).map(|a| game.answer_text(a)))
            .collect();
        decision.set("answers", answers)?;
        Ok(call(&Value::Table(view), &Value::Table(decision)))
    }
}
