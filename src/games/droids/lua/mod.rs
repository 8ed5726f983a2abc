//! Droids' Lua bots: a script returns
//! `{ name = "...", choose = function(view, decision) ... end }`, and for
//! every decision of its seat `choose` gets what that seat may see as
//! plain Lua tables (its colour, the round, the board's squares, the
//! robots, the pieces, every player's standing, its own hand, the mission's
//! numbers) and the decision with its legal answers as text. It returns one
//! of the answer strings or its 1-based index. `view:simulate(answers)`
//! plays the seat's coming answers on a sample of what it cannot see,
//! natively ([`simulate`]). The script runs in the shared runtime of Lua
//! bots ([`crate::script::LuaBot`]); the API is described in [`api`],
//! which the LuaLS stubs (`scripts/droids/api/droids.lua`) are generated
//! from.

pub mod api;
mod simulate;

#[cfg(test)]
mod tests;

use mlua::{Function, Lua, Value};

use crate::engine::{Seat, State};
use crate::grid::square::Square;
use crate::script::simulation::simulate_function;
use crate::script::{Charge, LuaBotApi};

use super::board::Terrain;
use super::game::{Game, Phase};

pub use simulate::{MAX_SIMULATIONS, SIMULATION_ANSWER_COST, SIMULATION_COST};

/// A Droids bot played by a Lua script (Droids'
/// [`crate::registry::GameType::lua_bot`] is [`DroidsLuaBot::boxed`]).
pub type DroidsLuaBot = crate::script::LuaBot<BotApi>;

/// What the bot's API keeps in its Lua state (its app data) for the
/// native functions: the game being decided and its simulations' counters.
type Context = crate::script::simulation::SimulationContext<Game>;

/// Droids' bot API for the shared Lua bot runtime: plain tables built for
/// each decision, and `view:simulate`, made once.
pub struct BotApi {
    /// `view:simulate(answers [, to_round_end])`.
    simulate: Function,
}

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

/// A square as `{ x = X, y = Y }`.
fn square(lua: &Lua, at: Square) -> mlua::Result<mlua::Table> {
    let t = lua.create_table()?;
    t.set("x", at.x)?;
    t.set("y", at.y)?;
    Ok(t)
}

/// The `view` of `seat`: what it may see (`simulate`, on the real game's
/// view only).
pub(crate) fn view(
    lua: &Lua,
    game: &Game,
    seat: Seat,
    simulate: Option<&Function>,
) -> mlua::Result<mlua::Table> {
    let t = lua.create_table()?;
    t.set("me", game.colour(seat))?;
    t.set("round", game.turn())?;
    let mission = game.mission();
    t.set("mission", mission.name.as_str())?;
    let board = &mission.board;
    t.set("width", board.width)?;
    t.set("height", board.height)?;
    let rows: Vec<String> = (0..board.height)
        .map(|y| {
            (0..board.width)
                .map(|x| match board.terrain(Square::new(x, y)) {
                    Some(Terrain::Water) => '~',
                    Some(Terrain::Fixed) => '#',
                    _ => '.',
                })
                .collect()
        })
        .collect();
    t.set("rows", rows)?;
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
    let pieces = lua.create_table()?;
    for at in board.squares() {
        if let Some(p) = game.piece_at(at) {
            let pt = square(lua, at)?;
            pt.set("kind", p.name())?;
            pieces.push(pt)?;
        }
    }
    t.set("pieces", pieces)?;
    let players = lua.create_table()?;
    for (s, p) in game.players().iter().enumerate() {
        let pt = lua.create_table()?;
        pt.set("out", p.out)?;
        pt.set("blocked", p.blocked.iter().filter(|b| **b).count())?;
        if let Some(at) = mission.starts[game.colours[s]] {
            pt.set("start", square(lua, at)?)?;
        }
        players.set(game.colour(s), pt)?;
    }
    t.set("players", players)?;
    t.set(
        "vars",
        lua.create_table_from(game.vars.iter().map(|(k, v)| (k.as_str(), *v)))?,
    )?;
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
    if let Some(f) = simulate {
        t.set("simulate", f.clone())?;
    }
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

    fn install(lua: &Lua, charge: Charge) -> mlua::Result<BotApi> {
        Context::install(lua, charge);
        let simulate = simulate_function(lua, &simulate::RULES, |lua, answers, args| {
            // `view:simulate(answers [, to_round_end])`.
            let whole = matches!(args.next(), Some(Value::Boolean(true)));
            simulate::simulate(lua, answers, whole)
        })?;
        Ok(BotApi { simulate })
    }

    fn seed(&mut self, lua: &Lua, seed: u64) {
        Context::seed(lua, seed);
    }

    /// The tables of [`view`] for `seat`; `simulate` reads a copy of
    /// `game` (and the seat, and counts the decision) during `call`.
    fn with_arguments<R>(
        &mut self,
        lua: &Lua,
        game: &Game,
        seat: Seat,
        call: impl FnOnce(&Value, &Value) -> R,
    ) -> mlua::Result<R> {
        let view = Value::Table(view(lua, game, seat, Some(&self.simulate))?);
        let decision = Value::Table(decision(lua, game)?);
        Context::with_decision(lua, Self::TITLE, game, seat, || call(&view, &decision))
    }
}
