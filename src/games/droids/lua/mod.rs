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

use std::cell::Cell;
use std::rc::Rc;

use mlua::{Function, IntoLua, Lua, Value};

use crate::engine::{Seat, State};
use crate::grid::square::Square;
use crate::script::simulation::simulate_function;
use crate::script::{Charge, LazyList, LazyTables, LuaBotApi};

use super::board::Terrain;
use super::game::{Game, Phase};

pub use simulate::{MAX_SIMULATIONS, SIMULATION_ANSWER_COST, SIMULATION_COST};

/// A Droids bot played by a Lua script (Droids'
/// [`crate::registry::GameType::lua_bot`] is [`DroidsLuaBot::boxed`]).
pub type DroidsLuaBot = crate::script::LuaBot<BotApi>;

/// What the bot's API keeps in its Lua state (its app data) for the
/// native functions: the game being decided and its simulations' counters.
type Context = crate::script::simulation::SimulationContext<Game>;

/// Droids' bot API for the shared Lua bot runtime: a view and a decision
/// for each decision, plain tables whose fields are built when first read
/// ([`LazyTables`]), the decision's answers a list whose texts are built
/// when read ([`LazyList`]), and `view:simulate`, made once.
pub struct BotApi {
    /// The views, one for each decision.
    views: LazyTables,
    /// The decisions.
    decisions: LazyTables,
    /// The decisions' answers.
    answers: LazyList,
    /// How many answers the decision being asked has, once its `answers`
    /// list is made (a lay's answers are listed to be counted).
    count: Rc<Cell<Option<usize>>>,
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

/// The fields of the view.
const VIEW_FIELDS: &[&str] = &[
    "me", "round", "mission", "width", "height", "rows", "robots", "pieces", "players", "vars",
    "hand", "blocked", "simulate",
];

/// The `view` of `seat`: what it may see (`simulate`, on the real game's
/// view only), every field built.
pub(crate) fn view(
    lua: &Lua,
    game: &Game,
    seat: Seat,
    simulate: Option<&Function>,
) -> mlua::Result<mlua::Table> {
    let t = lua.create_table()?;
    for key in VIEW_FIELDS {
        t.raw_set(*key, view_field(lua, game, seat, simulate, key)?)?;
    }
    Ok(t)
}

/// The field `key` (one of [`VIEW_FIELDS`]) of the `view` of `seat`;
/// `nil` where it has none.
fn view_field(
    lua: &Lua,
    game: &Game,
    seat: Seat,
    simulate: Option<&Function>,
    key: &str,
) -> mlua::Result<Value> {
    let mission = game.mission();
    let board = &mission.board;
    let p = &game.players()[seat];
    match key {
        "me" => game.colour(seat).into_lua(lua),
        "round" => game.turn().into_lua(lua),
        "mission" => mission.name.as_str().into_lua(lua),
        "width" => board.width.into_lua(lua),
        "height" => board.height.into_lua(lua),
        "rows" => {
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
            rows.into_lua(lua)
        }
        "robots" => {
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
            Ok(Value::Table(robots))
        }
        "pieces" => {
            let pieces = lua.create_table()?;
            for at in board.squares() {
                if let Some(p) = game.piece_at(at) {
                    let pt = square(lua, at)?;
                    pt.set("kind", p.name())?;
                    pieces.push(pt)?;
                }
            }
            Ok(Value::Table(pieces))
        }
        "players" => {
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
            Ok(Value::Table(players))
        }
        "vars" => lua
            .create_table_from(game.vars.iter().map(|(k, v)| (k.as_str(), *v)))
            .map(Value::Table),
        "hand" => p
            .hand
            .iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .into_lua(lua),
        "blocked" => (0..p.blocked.len())
            .filter(|c| p.blocked[*c])
            .collect::<Vec<_>>()
            .into_lua(lua),
        "simulate" => Ok(simulate.map_or(Value::Nil, |f| Value::Function(f.clone()))),
        _ => Ok(Value::Nil),
    }
}

/// The fields of the decision.
const DECISION_FIELDS: &[&str] = &["kind", "answers"];

/// The `decision`, every field built, its answers a plain list (the tests
/// read it whole).
#[cfg(test)]
pub(crate) fn decision(lua: &Lua, game: &Game) -> mlua::Result<mlua::Table> {
    let t = lua.create_table()?;
    t.raw_set("kind", decision_kind(lua, game)?)?;
    let answers = lua.create_table()?;
    for i in 0..game.legal_count() {
        answers.raw_push(answer(lua, game, i)?)?;
    }
    t.raw_set("answers", answers)?;
    Ok(t)
}

/// The `kind` of the `decision`.
fn decision_kind(lua: &Lua, game: &Game) -> mlua::Result<Value> {
    kind(game.phase()).into_lua(lua)
}

/// The text of legal answer `i` (from 0) of the decision, an item of the
/// decision's `answers`.
fn answer(lua: &Lua, game: &Game, i: usize) -> mlua::Result<Value> {
    game.legal(i).map(|a| game.answer_text(a)).into_lua(lua)
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
        let views = LazyTables::new(lua, "view", VIEW_FIELDS, move |lua, key| {
            let me = Context::get(lua, Self::TITLE)?.me.get();
            Context::read_game(lua, Self::TITLE, |game| {
                view_field(lua, game, me, Some(&simulate), key)
            })
        })?;
        let answers = LazyList::new(lua, "answers", |lua, i| {
            Context::read_game(lua, Self::TITLE, |game| answer(lua, game, i))
        })?;
        let list = answers.clone();
        let count = Rc::new(Cell::new(None));
        let counted = count.clone();
        let decisions = LazyTables::new(lua, "decision", DECISION_FIELDS, move |lua, key| {
            Context::read_game(lua, Self::TITLE, |game| match key {
                "kind" => decision_kind(lua, game),
                "answers" => {
                    let count = game.legal_count();
                    counted.set(Some(count));
                    list.fresh(lua, count).map(Value::Table)
                }
                _ => Ok(Value::Nil),
            })
        })?;
        Ok(BotApi {
            views,
            decisions,
            answers,
            count,
        })
    }

    fn seed(&mut self, lua: &Lua, seed: u64) {
        Context::seed(lua, seed);
    }

    /// A fresh [`view`] for `seat` and decision, their fields built from
    /// `game` when read; `simulate` reads `game` (and the seat, and counts
    /// the decision) during `call`.
    fn with_arguments<R>(
        &mut self,
        lua: &Lua,
        game: &Game,
        seat: Seat,
        call: impl FnOnce(&Value, &Value) -> R,
    ) -> mlua::Result<R> {
        self.answers.retire();
        self.count.set(None);
        let view = Value::Table(self.views.fresh(lua)?);
        let decision = Value::Table(self.decisions.fresh(lua)?);
        Context::with_decision(lua, Self::TITLE, game, seat, || call(&view, &decision))
    }

    /// The count the script's `answers` list was made with, if it read
    /// it: the game's own count lists a lay's answers again.
    fn legal_count(&self, game: &Game) -> usize {
        self.count.get().unwrap_or_else(|| game.legal_count())
    }
}
