//! `view:search{...}`: the native tree search ([`super::search`]) for the
//! Lua bots of every game.
//!
//! The bot runtime ([`crate::script::LuaBot`]) installs a
//! [`SearchContext`] in every bot's Lua state ([`install`]), seeds it with
//! the bot ([`reseed`]), holds the game being decided in it for the length
//! of each `choose` ([`with_game`]), and gives a view that is a table the
//! `search` function [`install`] returns; a game whose view is a userdata
//! (Twin Tin Bots) binds a `search` method that calls [`search_table`] on
//! the game its view holds. A search runs on samples of what the deciding
//! player cannot see, never on the real game, and is paid for in the
//! script's instruction budget ([`ITERATION_COST`] per iteration).
//!
//! ```lua
//! local found = view:search{ iterations = 300 }
//! -- found.best: the answer's text; found.index: its index (from 1);
//! -- found.iterations; found.answers[i] = { answer, index, visits, value }
//! return found.best
//! ```

use std::cell::RefCell;
use std::rc::Rc;

use mlua::{Function, Lua, Table, Value};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::{search, MctsConfig};
use crate::engine::DynState;
use crate::script::{located, Borrowed, Charge};

/// Instructions charged to the script for each iteration of a search.
pub const ITERATION_COST: u64 = 1000;
/// The most iterations one search may ask for.
pub const MAX_ITERATIONS: u32 = 100_000;
/// The longest one search may ask to run, in seconds (within the
/// sandbox's wall clock for a call).
pub const MAX_SECONDS: f64 = 5.0;

/// What the search keeps in a bot's Lua state (its app data): its own
/// seeded generator, the game being decided (lent, not copied: a search
/// copies what it plays on), the instruction meter.
pub struct SearchContext {
    rng: RefCell<ChaCha8Rng>,
    game: Rc<Borrowed<dyn DynState>>,
    meter: Charge,
}

/// Installs a [`SearchContext`] seeded with 0 in `lua`, charging `meter`;
/// returns the function a table view holds as `search`
/// (`view:search(options)`).
pub fn install(lua: &Lua, meter: Charge) -> mlua::Result<Function> {
    lua.set_app_data(SearchContext {
        rng: RefCell::new(ChaCha8Rng::seed_from_u64(0)),
        game: Rc::new(Borrowed::new(
            "view:search is only available while the bot chooses",
        )),
        meter,
    });
    crate::script::host::host_function(lua, |lua, (_view, options): (Value, Value)| {
        let options = options_table(lua, options)?;
        let lent = context(lua)?.game.clone();
        lent.read(lua, |game| search_table(lua, game, options))
    })
}

/// The options a script gave `view:search`: a table or nothing; anything
/// else is an error naming what it was (not mlua's `error converting`).
pub fn options_table(lua: &Lua, options: Value) -> mlua::Result<Option<Table>> {
    match options {
        Value::Nil => Ok(None),
        Value::Table(table) => Ok(Some(table)),
        other => Err(located(
            lua,
            format!(
                "search: the options are a table (`{{ iterations = 300 }}`) or nothing, not {}",
                crate::script::text::quoted_value(&other)
            ),
        )),
    }
}

/// Seeds the search's generator (a bot's seed).
pub fn reseed(lua: &Lua, seed: u64) {
    if let Some(ctx) = lua.app_data_ref::<SearchContext>() {
        *ctx.rng.borrow_mut() = ChaCha8Rng::seed_from_u64(seed);
    }
}

/// Runs `call` with `game` lent to `view:search` for its length (not
/// copied: only a search copies the game, on samples of what the viewer
/// cannot see).
pub fn with_game<R>(lua: &Lua, game: &(dyn DynState + 'static), call: impl FnOnce() -> R) -> R {
    let lent = lua
        .app_data_ref::<SearchContext>()
        .map(|ctx| ctx.game.clone());
    match lent {
        Some(lent) => lent.lend(game, call),
        None => call(),
    }
}

fn context(lua: &Lua) -> mlua::Result<mlua::AppDataRef<'_, SearchContext>> {
    lua.app_data_ref::<SearchContext>()
        .ok_or_else(|| mlua::Error::runtime("the search is not installed"))
}

/// Reads a search's options: `iterations` (1 to [`MAX_ITERATIONS`],
/// default 1000), `time` (seconds, up to [`MAX_SECONDS`]: instead of the
/// iterations, not reproducible), `horizon`, `exploration`, `choice`
/// (`"visits"` or `"best"`); anything else
/// is an error naming it.
fn config(lua: &Lua, options: Option<Table>) -> mlua::Result<MctsConfig> {
    let mut settings = Vec::new();
    if let Some(options) = options {
        for pair in options.pairs::<Value, Value>() {
            let (key, value) = pair?;
            let key = match key {
                Value::String(s) => s.to_string_lossy(),
                other => {
                    return Err(located(
                        lua,
                        format!(
                            "search: option names are strings, not {}",
                            other.type_name()
                        ),
                    ))
                }
            };
            let too_much = |limit: f64| match value {
                Value::Integer(i) => i as f64 > limit,
                Value::Number(n) => n > limit,
                _ => false,
            };
            if key == "iterations" && too_much(f64::from(MAX_ITERATIONS)) {
                return Err(located(
                    lua,
                    format!("search: iterations is at most {MAX_ITERATIONS}"),
                ));
            }
            if key == "time" && too_much(MAX_SECONDS) {
                return Err(located(
                    lua,
                    format!("search: time is at most {MAX_SECONDS} seconds"),
                ));
            }
            let value = match value {
                Value::Integer(i) => i.to_string(),
                Value::Number(n) => n.to_string(),
                Value::String(s) => s.to_string_lossy(),
                other => {
                    return Err(located(
                        lua,
                        format!(
                            "search: {key} is a number or a word, not {}",
                            other.type_name()
                        ),
                    ))
                }
            };
            settings.push(format!("{key}={value}"));
        }
    }
    settings.sort();
    let name = if settings.is_empty() {
        "mcts".to_string()
    } else {
        format!("mcts:{}", settings.join(","))
    };
    let config = MctsConfig::parse(&name)
        .expect("the name starts with mcts")
        .map_err(|e| located(lua, format!("search: {e}")))?;
    if config.iterations > MAX_ITERATIONS {
        return Err(located(
            lua,
            format!(
                "search: iterations={} is over {MAX_ITERATIONS}",
                config.iterations
            ),
        ));
    }
    if config.time.is_some_and(|t| t.as_secs_f64() > MAX_SECONDS) {
        return Err(located(
            lua,
            format!("search: time is at most {MAX_SECONDS} seconds"),
        ));
    }
    Ok(config)
}

/// Searches `game`'s current decision with the `options` a script gave
/// and returns what it found as a table: `best` (the answer's text),
/// `index` (from 1), `iterations`, and `answers`, the root's answers tried,
/// the chosen first, each `{ answer, index, visits, value, best }`.
pub fn search_table(lua: &Lua, game: &dyn DynState, options: Option<Table>) -> mlua::Result<Table> {
    let config = config(lua, options)?;
    let ctx = context(lua)?;
    if config.time.is_none() {
        ctx.meter
            .charge_or_stop(lua, u64::from(config.iterations) * ITERATION_COST)?;
    }
    let found = search(game, &config, &mut ctx.rng.borrow_mut())
        .map_err(|e| located(lua, format!("search: {e}")))?;
    if config.time.is_some() {
        ctx.meter
            .charge_or_stop(lua, u64::from(found.iterations) * ITERATION_COST)?;
    }
    let text = |i: usize| game.legal_text(i).unwrap_or_default();
    let out = lua.create_table()?;
    out.set("best", text(found.best))?;
    out.set("index", found.best + 1)?;
    out.set("iterations", found.iterations)?;
    let answers = lua.create_table()?;
    for (k, a) in found.answers.iter().enumerate() {
        let row = lua.create_table()?;
        row.set("answer", text(a.index))?;
        row.set("index", a.index + 1)?;
        row.set("visits", a.visits)?;
        row.set("value", a.value)?;
        row.set("best", a.best)?;
        answers.set(k + 1, row)?;
    }
    out.set("answers", answers)?;
    Ok(out)
}

/// `view:search(options)` in a game's Lua API (every game's view lists it).
pub const SEARCH_METHOD: crate::script::api::Function = crate::script::api::Function {
    name: "search",
    params: &[(
        "options",
        "SearchOptions?",
        "How much to search: `{ iterations = 300 }`.",
    )],
    returns: "SearchFound",
    doc: "Native Monte Carlo tree search of this decision (the `mcts` bot's), on samples of what the viewer cannot see; charged 1000 instructions per iteration.",
};

/// The classes of `view:search` in a game's Lua API.
pub const SEARCH_OPTIONS: crate::script::api::Class = crate::script::api::Class {
    name: "SearchOptions",
    doc: "How much `view:search` searches (as the `mcts` bot's settings).",
    fields: &[
        ("iterations", "integer?", "Iterations (1 to 100000; 1000 when nil): reproducible."),
        ("time", "number?", "Seconds to search instead (up to 5): not reproducible."),
        ("horizon", "integer?", "Turns a rollout runs past the end of this turn (0 when nil)."),
        ("exploration", "number?", "UCB1's exploration constant (0.1 when nil)."),
        ("choice", "string?", "\"visits\" (the most tried answer, when nil) or \"best\" (the answer after which the best reward was seen; by its mean where the seat decides nothing more this turn)."),
    ],
    methods: &[],
};

/// What `view:search` returns.
pub const SEARCH_FOUND: crate::script::api::Class = crate::script::api::Class {
    name: "SearchFound",
    doc: "What `view:search` found.",
    fields: &[
        (
            "best",
            "string",
            "The answer chosen (the most visited), as text.",
        ),
        (
            "index",
            "integer",
            "Its index among the legal answers, from 1.",
        ),
        ("iterations", "integer", "Iterations run."),
        (
            "answers",
            "SearchAnswer[]",
            "The answers tried, the chosen first.",
        ),
    ],
    methods: &[],
};

/// One answer in [`SEARCH_FOUND`].
pub const SEARCH_ANSWER: crate::script::api::Class = crate::script::api::Class {
    name: "SearchAnswer",
    doc: "One answer as the search saw it.",
    fields: &[
        ("answer", "string", "The answer's text."),
        (
            "index",
            "integer",
            "Its index among the legal answers, from 1.",
        ),
        ("visits", "integer", "Iterations that tried it."),
        (
            "value",
            "number",
            "The viewer's mean reward after it, 0 to 1.",
        ),
        (
            "best",
            "number",
            "The viewer's best reward after it in one iteration, 0 to 1.",
        ),
    ],
    methods: &[],
};
