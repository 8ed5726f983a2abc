//! Droids' Lua bots, a first API: a script returns
//! `{ name = "...", choose = function(view, decision) ... end }`, and for
//! every decision of its seat `choose` gets what that seat may see as
//! plain Lua tables (its colour, the round, the robots, its own hand) and
//! the decision with its legal answers as text. It returns one of the
//! answer strings or its 1-based index. The script runs in the shared
//! runtime of Lua bots ([`crate::script::LuaBot`]); the API is described in
//! [`api`], which the LuaLS stubs (`scripts/droids/api/droids.lua`) are
//! generated from. Natives (simulation) come with the missions.

pub mod api;

#[cfg(test)]
mod tests;

use mlua::{Lua, Value};

use crate::engine::{Seat, State};
use crate::script::{Charge, LuaBotApi};

use super::board::PLAYER_COLOURS;
use super::game::{Game, Phase};

/// A Droids bot played by a Lua script (Droids'
/// [`crate::engine::GameType::lua_bot`] is [`DroidsLuaBot::boxed`]).
pub type DroidsLuaBot = crate::script::LuaBot<BotApi>;

/// Droids' bot API for the shared Lua bot runtime: plain tables built for
/// each decision.
pub struct BotApi;

/// The word of a decision's kind.
fn kind(phase: Phase) -> &'static str {
    match phase {
        Phase::Place { .. } => "place",
        Phase::Draw => "draw",
        Phase::Lay => "lay",
        Phase::Run => "up",
        Phase::Block { .. } => "block",
        Phase::Over => "over",
    }
}

/// The `view` of `seat`: what it may see.
pub(crate) fn view(lua: &Lua, game: &Game, seat: Seat) -> mlua::Result<mlua::Table> {
    let t = lua.create_table()?;
    t.set("me", PLAYER_COLOURS[seat])?;
    t.set("round", game.turn())?;
    let robots = lua.create_table()?;
    for (i, r) in game.robots().iter().enumerate() {
        let rt = lua.create_table()?;
        rt.set("name", r.id.to_string())?;
        if let Some(at) = r.at {
            rt.set("x", at.x)?;
            rt.set("y", at.y)?;
        }
        if let Some(c) = r.carrying {
            rt.set("carrying", c.to_string())?;
        }
        robots.set(i + 1, rt)?;
    }
    t.set("robots", robots)?;
    let p = &game.players()[seat];
    t.set(
        "hand",
        p.hand.iter().map(|x| x.to_string()).collect::<Vec<_>>(),
    )?;
    t.set(
        "blocked",
        (0..p.blocked.len())
            .filter(|c| p.blocked[*c])
            .collect::<Vec<_>>(),
    )?;
    Ok(t)
}

/// The `decision`: its kind and legal answers as text.
pub(crate) fn decision(lua: &Lua, game: &Game) -> mlua::Result<mlua::Table> {
    let t = lua.create_table()?;
    t.set("kind", kind(game.phase()))?;
    let answers: Vec<String> = (0..game.legal_count())
        .filter_map(|i| game.legal(i).map(|a| game.answer_text(a)))
        .collect();
    t.set("answers", answers)?;
    Ok(t)
}

impl LuaBotApi for BotApi {
    type Game = Game;
    const TITLE: &'static str = "Droids";

    fn install(_lua: &Lua, _charge: Charge) -> mlua::Result<BotApi> {
        Ok(BotApi)
    }

    fn seed(&mut self, _lua: &Lua, _seed: u64) {
        // No natives sample anything yet.
    }

    fn with_arguments<R>(
        &mut self,
        lua: &Lua,
        game: &Game,
        seat: Seat,
        call: impl FnOnce(&Value, &Value) -> R,
    ) -> mlua::Result<R> {
        let v = Value::Table(view(lua, game, seat)?);
        let d = Value::Table(decision(lua, game)?);
        Ok(call(&v, &d))
    }
}
