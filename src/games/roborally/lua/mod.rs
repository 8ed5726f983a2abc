//! RoboRally's Lua bots: a script returns
//! `{ name = "...", choose = function(view, decision) ... end }`, and for
//! every decision of its seat `choose` gets what that seat may see as
//! plain Lua tables ([`view`]) and the decision with its legal answers as
//! text. It returns one of the answer strings or its 1-based index.
//! `view:simulate(answers)` plays the seat's coming answers on a sample of
//! what it cannot see, natively ([`simulate`]). The script runs in the
//! shared [`Sandbox`] (instruction budget, memory limit, errors naming the
//! script and line). See `docs/roborally-bots.md` for the API.

mod simulate;
mod view;

#[cfg(test)]
mod tests;

use std::cell::{Cell, RefCell};

use mlua::{Function, Lua, Table, Value};

use crate::assets::AssetFile;
use crate::bot::{Bot, BotFailure};
use crate::engine::{DynState, State};
use crate::script::{BotError, Charge, Sandbox, ScriptError, ScriptId};

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

/// A RoboRally bot played by a Lua script in its own [`Sandbox`].
pub struct RoboRallyLuaBot {
    sandbox: Sandbox,
    script: ScriptId,
    name: String,
    /// The script's `choose`.
    choose: Function,
    /// The native functions the view carries, made once.
    natives: view::Natives,
}

impl RoboRallyLuaBot {
    /// Loads the bot script `file` (on disk or built in) with the default
    /// sandbox limits.
    pub fn load_file(file: &AssetFile) -> Result<RoboRallyLuaBot, BotError> {
        let mut sandbox = Sandbox::new().map_err(BotError::Unloadable)?;
        let script = sandbox.load_file(file).map_err(BotError::Unloadable)?;
        RoboRallyLuaBot::from_loaded(sandbox, script)
    }

    /// Loads a bot from `source`, named `path` in messages, into `sandbox`
    /// (tests give one with small limits).
    pub fn from_source(
        path: &str,
        source: &str,
        mut sandbox: Sandbox,
    ) -> Result<RoboRallyLuaBot, BotError> {
        let script = sandbox
            .load_str(path, source)
            .map_err(BotError::Unloadable)?;
        RoboRallyLuaBot::from_loaded(sandbox, script)
    }

    /// Loads the bot script `file` and seeds it, as a [`Bot`]
    /// (RoboRally's [`crate::engine::GameType::lua_bot`]).
    pub fn boxed(file: &AssetFile, seed: u64) -> Result<Box<dyn Bot>, BotError> {
        let mut bot = RoboRallyLuaBot::load_file(file)?;
        bot.seed(seed)?;
        Ok(Box::new(bot))
    }

    /// A bot from a script already loaded: it must have returned a table
    /// with a function `choose` (and may have a `name`).
    fn from_loaded(sandbox: Sandbox, script: ScriptId) -> Result<RoboRallyLuaBot, BotError> {
        let path = sandbox.script_path(script).to_string();
        let load_error = |cause: &str| BotError::Load {
            path: path.clone(),
            cause: cause.to_string(),
        };
        let Value::Table(table) = sandbox.script_value(script).clone() else {
            return Err(load_error(
                "the script must return a table `{ name = ..., choose = function(view, decision) ... end }`",
            ));
        };
        let Ok(Value::Function(choose)) = table.raw_get::<Value>("choose") else {
            return Err(load_error("the returned table has no function `choose`"));
        };
        let name = match table.raw_get::<Value>("name") {
            Ok(Value::String(s)) => s.to_string_lossy(),
            _ => path.clone(),
        };
        let lua = sandbox.lua();
        lua.set_app_data(Context {
            game: RefCell::new(None),
            me: Cell::new(0),
            seed: Cell::new(0),
            decisions: Cell::new(0),
            simulations: Cell::new(0),
            charge: sandbox.charge_handle(),
        });
        let natives = view::Natives::new(lua).map_err(|e| load_error(&e.to_string()))?;
        Ok(RoboRallyLuaBot {
            sandbox,
            script,
            name,
            choose,
            natives,
        })
    }

    /// Seeds the bot's randomness: Lua's `math.random` and the generator
    /// of `view:simulate`. A bot is seeded with 0 until this is called.
    pub fn seed(&mut self, seed: u64) -> Result<(), BotError> {
        let lua = self.sandbox.lua();
        if let Some(ctx) = lua.app_data_ref::<Context>() {
            ctx.seed.set(seed);
        }
        lua.globals()
            .get::<Table>("math")
            .and_then(|math| math.get::<Function>("randomseed"))
            .and_then(|f| f.call::<()>(seed as i64))
            .map_err(|e| BotError::Load {
                path: self.path().to_string(),
                cause: e.to_string(),
            })
    }

    /// The script's path.
    pub fn path(&self) -> &str {
        self.sandbox.script_path(self.script)
    }

    /// The view and decision tables the script gets for `game`'s current
    /// decision (tests read them).
    fn tables(&self, game: &Game, seat: usize) -> mlua::Result<(Table, Table)> {
        let lua = self.sandbox.lua();
        Ok((
            view::view(lua, game, seat, &self.natives)?,
            view::decision(lua, game)?,
        ))
    }

    /// Asks the script for an answer to `game`'s current decision: the
    /// index of a legal answer. The game is only read.
    pub fn try_choose(&mut self, game: &Game) -> Result<usize, BotError> {
        let Some(seat) = State::to_decide(game) else {
            return Err(BotError::GameOver {
                path: self.path().to_string(),
            });
        };
        let colour = State::seat_name(game, seat).to_string();
        let script_error = |source: ScriptError| BotError::Script {
            bot: colour.clone(),
            path: self.path().to_string(),
            source,
        };
        let lua = self.sandbox.lua();
        {
            let ctx = Context::get(lua).map_err(|e| script_error(ScriptError::Sandbox(e)))?;
            *ctx.game.borrow_mut() = Some(game.clone());
            ctx.me.set(seat);
            ctx.simulations.set(0);
            ctx.decisions.set(ctx.decisions.get().wrapping_add(1));
        }
        let tables = self.tables(game, seat);
        let returned = tables.map_err(ScriptError::Sandbox).and_then(|args| {
            self.sandbox
                .call_function::<Value>(self.script, &self.choose, args)
        });
        if let Ok(ctx) = Context::get(lua) {
            ctx.game.borrow_mut().take();
        }
        let answer = returned.map_err(script_error)?;
        let count = State::legal_count(game);
        let index = match &answer {
            Value::Integer(i) => usize::try_from(*i - 1).ok().filter(|&i| i < count),
            Value::Number(n) if n.fract() == 0.0 && *n >= 1.0 && *n <= count as f64 => {
                Some(*n as usize - 1)
            }
            Value::String(s) => {
                let text = s.to_string_lossy();
                (0..count)
                    .find(|&i| game.legal(i).map(|a| game.answer_text(a)) == Some(text.clone()))
            }
            _ => None,
        };
        index.ok_or_else(|| BotError::Illegal {
            bot: colour.clone(),
            path: self.path().to_string(),
            answer: shown(&answer, count),
        })
    }
}

/// An answer a script gave that is not legal, as Lua would show it, with
/// how many answers there were.
fn shown(answer: &Value, count: usize) -> String {
    let what = match answer {
        Value::String(s) => format!("{:?}", s.to_string_lossy()),
        Value::Integer(i) => i.to_string(),
        Value::Number(n) => n.to_string(),
        other => other.type_name().to_string(),
    };
    format!(
        "{what}, which is not one of the {count} legal answers (their text, or an index from 1)"
    )
}

impl Bot for RoboRallyLuaBot {
    fn name(&self) -> &str {
        &self.name
    }

    /// Calls [`RoboRallyLuaBot::try_choose`] for a game of RoboRally; any
    /// other game, or an error, is the bot's failure, naming the bot, the
    /// script and the cause.
    fn choose(&mut self, game: &dyn DynState) -> Result<usize, BotFailure> {
        let Some(game) = game.as_any().downcast_ref::<Game>() else {
            return Err(BotFailure(format!(
                "bot {} ({}) plays RoboRally, not {}",
                self.name,
                self.path(),
                game.game_name()
            )));
        };
        self.try_choose(game).map_err(|e| BotFailure(e.to_string()))
    }

    fn take_output(&mut self) -> String {
        self.sandbox.take_output()
    }
}
