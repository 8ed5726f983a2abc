//! Bots written in Lua, for any game: the one runtime every game's Lua
//! bots share.
//!
//! A bot script returns a table
//! `{ name = "...", choose = function(view, decision) ... end }`. For every
//! decision, `choose` gets what the deciding seat may see (`view`) and the
//! decision with its legal answers (`decision`), and returns one of the
//! legal answers: its text or its index (1-based). This module loads the
//! script into a [`Sandbox`], checks what it returns, seeds it, calls
//! `choose` under the sandbox's budget, turns the returned value into the
//! index of a legal answer through the game seam ([`State`]), and names the
//! bot, the script, the line and the cause when anything fails
//! ([`BotError`]).
//!
//! What differs from game to game, the `view` and `decision` a script gets
//! and the native functions behind them (lookahead such as
//! `view:simulate`), the game supplies in its own folder by implementing
//! [`LuaBotApi`]; nothing here names a game's types.

use std::path::Path;

use mlua::{Function, Lua, Value};

use super::{Charge, Sandbox, ScriptError, ScriptId};
use crate::assets::{AssetFile, LookupError};
use crate::bot::{Bot, BotFailure};
use crate::engine::{DynState, Seat, State};

/// What a game gives the Lua bot runtime: its view of the game and its
/// decisions as Lua values, and the native functions a script may call.
///
/// The runtime calls [`install`](LuaBotApi::install) once per bot, when its
/// script has loaded, [`seed`](LuaBotApi::seed) when the bot is seeded, and
/// [`with_arguments`](LuaBotApi::with_arguments) for every decision: the
/// game makes the view and decision the script's `choose` gets, sets
/// whatever its natives read during the call (the game, the deciding
/// seat), runs the call, and clears it again.
pub trait LuaBotApi: Sized + 'static {
    /// The game whose bots these are.
    type Game: State;
    /// The game's title in messages ("plays RoboRally, not ...").
    const TITLE: &'static str;

    /// Installs the game's bot API in a bot's Lua state (its app data,
    /// native functions); `charge` is the sandbox's instruction meter, for
    /// natives that charge their work to the script's budget. Returns what
    /// the bot keeps between decisions (handles reused from one call to
    /// the next, so a decision allocates little).
    fn install(lua: &Lua, charge: Charge) -> mlua::Result<Self>;

    /// Seeds the generator the natives sample hidden things from (a bot is
    /// seeded with 0 until this is called).
    fn seed(&mut self, lua: &Lua, seed: u64);

    /// Runs `call` with the `view` of `seat` and the `decision` of `game`
    /// (the arguments of the script's `choose`); the natives may read
    /// `game` for the length of `call` only.
    fn with_arguments<R>(
        &mut self,
        lua: &Lua,
        game: &Self::Game,
        seat: Seat,
        call: impl FnOnce(&Value, &Value) -> R,
    ) -> mlua::Result<R>;

    /// How many legal answers `game`'s decision has, just after
    /// [`with_arguments`](LuaBotApi::with_arguments) was called for it: a
    /// game whose count costs a listing may give the count it found for
    /// the script's `decision`.
    fn legal_count(&self, game: &Self::Game) -> usize {
        game.legal_count()
    }
}

/// Why a Lua bot could not answer a decision. The Display form names the
/// bot (its colour, or its script when loading), the script and the cause.
#[derive(Debug, thiserror::Error)]
pub enum BotError {
    /// No bot of that name.
    #[error(transparent)]
    Unknown(#[from] LookupError),
    /// The script could not be read or run: its error names the script
    /// and the line.
    #[error("bot script {0}")]
    Unloadable(ScriptError),
    /// The script is not a bot.
    #[error("bot script {path}: {cause}")]
    Load {
        /// The script's path.
        path: String,
        /// Why.
        cause: String,
    },
    /// The script failed: a Lua error, a runaway loop, too much memory.
    #[error("bot {bot} ({path}): {source}")]
    Script {
        /// The deciding seat's name (its colour).
        bot: String,
        /// The script's path.
        path: String,
        /// The script's error (it names the script and line).
        source: ScriptError,
    },
    /// The script answered something that is not a legal answer.
    #[error("bot {bot} ({path}): answered {answer}")]
    Illegal {
        /// The deciding seat's name (its colour).
        bot: String,
        /// The script's path.
        path: String,
        /// What it answered, as Lua would show it (strings quoted), and
        /// how many legal answers there were.
        answer: String,
    },
    /// A native bot's settings are wrong (`mcts:iterations=zero`).
    #[error("bot {bot}: {cause}")]
    Settings {
        /// The bot as named.
        bot: String,
        /// Which setting is wrong, and why.
        cause: String,
    },
    /// There was nothing to decide: the game is over.
    #[error("bot ({path}): the game is over, there is nothing to decide")]
    GameOver {
        /// The script's path.
        path: String,
    },
}

/// A bot played by a Lua script in its own [`Sandbox`], for the game of
/// `A` (each game names its own: `twin_tin_bots::lua::LuaBot`,
/// `roborally::lua::RoboRallyLuaBot`).
pub struct LuaBot<A: LuaBotApi> {
    sandbox: Sandbox,
    script: ScriptId,
    name: String,
    /// The script's `choose`.
    choose: Function,
    /// The game's API, installed in the sandbox.
    api: A,
    /// `view:search`, set in a view that is a table
    /// ([`crate::bot::mcts::lua`]).
    search: Function,
    /// Whether a call of the script failed: such a bot is not renewed for
    /// another game ([`LuaBot::renew`]), a new one is made.
    failed: bool,
}

impl<A: LuaBotApi> LuaBot<A> {
    /// Loads the bot script at `path` with the default sandbox limits.
    pub fn load(path: &Path) -> Result<Self, BotError> {
        Self::load_file(&AssetFile::Disk(path.to_path_buf()))
    }

    /// Loads the bot script `file` (on disk or built in) with the default
    /// sandbox limits.
    pub fn load_file(file: &AssetFile) -> Result<Self, BotError> {
        let mut sandbox = Sandbox::new().map_err(BotError::Unloadable)?;
        let script = sandbox.load_file(file).map_err(BotError::Unloadable)?;
        Self::from_loaded(sandbox, script)
    }

    /// Loads a bot from `source`, named `path` in messages, into `sandbox`
    /// (tests give one with small limits).
    pub fn from_source(path: &str, source: &str, mut sandbox: Sandbox) -> Result<Self, BotError> {
        let script = sandbox
            .load_str(path, source)
            .map_err(BotError::Unloadable)?;
        Self::from_loaded(sandbox, script)
    }

    /// Loads the bot script `file` and seeds it ([`LuaBot::seed`]), as a
    /// [`Bot`] (a game's [`crate::registry::GameType::lua_bot`]).
    pub fn boxed(file: &AssetFile, seed: u64) -> Result<Box<dyn Bot>, BotError>
    where
        A::Game: DynState,
    {
        let mut bot = Self::load_file(file)?;
        bot.seed(seed)?;
        Ok(Box::new(bot))
    }

    /// A bot from a script already loaded: it must have returned a table
    /// with a function `choose` (and may have a `name`).
    fn from_loaded(sandbox: Sandbox, script: ScriptId) -> Result<Self, BotError> {
        let (name, choose) = entry(&sandbox, script)?;
        let load_error = |e: mlua::Error| BotError::Load {
            path: sandbox.script_path(script).to_string(),
            cause: e.to_string(),
        };
        let api = A::install(sandbox.lua(), sandbox.charge_handle()).map_err(load_error)?;
        let search = crate::bot::mcts::lua::install(sandbox.lua(), sandbox.charge_handle())
            .map_err(load_error)?;
        Ok(LuaBot {
            sandbox,
            script,
            name,
            choose,
            api,
            search,
            failed: false,
        })
    }

    /// Makes this bot, for a new game, what [`LuaBot::load_file`] and
    /// [`LuaBot::seed`] with `seed` would make, without building a new
    /// sandbox or compiling the script again: the script's main chunk runs
    /// again in a fresh environment ([`Sandbox::renew`]), so nothing a
    /// script kept in one game (its globals, its upvalues, its modules'
    /// tables) is seen in the next. A bot has no memory across games: a
    /// tournament's games are played by several threads in any order, and
    /// each must be the game its seed gives. Returns `Ok(false)`, and
    /// changes nothing, for a bot whose script failed (a new one must be
    /// made).
    pub fn renew(&mut self, seed: u64) -> Result<bool, BotError> {
        if self.failed {
            return Ok(false);
        }
        self.sandbox
            .restart(self.script)
            .map_err(BotError::Unloadable)?;
        (self.name, self.choose) = entry(&self.sandbox, self.script)?;
        self.seed(seed)?;
        Ok(true)
    }

    /// Seeds the bot's randomness: Lua's `math.random` and the generator
    /// the game's natives sample from. A bot is seeded with 0 until this is
    /// called; `tinbots play` gives each seat its own seed from the game's.
    pub fn seed(&mut self, seed: u64) -> Result<(), BotError> {
        let lua = self.sandbox.lua();
        self.api.seed(lua, seed);
        crate::bot::mcts::lua::reseed(lua, seed);
        lua.globals()
            .get::<mlua::Table>("math")
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

    /// Runs `f` with the view and decision the script's `choose` would get
    /// for `seat` in `game` (tests read them; they are only valid in `f`).
    pub fn with_arguments<R>(
        &mut self,
        game: &A::Game,
        seat: Seat,
        f: impl FnOnce(&Value, &Value) -> R,
    ) -> mlua::Result<R> {
        let search = &self.search;
        self.api
            .with_arguments(self.sandbox.lua(), game, seat, |view, decision| {
                put_search(view, search).map(|()| f(view, decision))
            })?
    }

    /// Asks the script for an answer to `game`'s current decision: the
    /// index of a legal answer. The game is only read; any failure is an
    /// error naming the bot, the script and the cause.
    pub fn try_choose(&mut self, game: &A::Game) -> Result<usize, BotError> {
        let Some(seat) = game.to_decide() else {
            return Err(BotError::GameOver {
                path: self.path().to_string(),
            });
        };
        let (sandbox, script, choose) = (&self.sandbox, self.script, &self.choose);
        let search = &self.search;
        let returned = self
            .api
            .with_arguments(sandbox.lua(), game, seat, |view, decision| {
                put_search(view, search).map_err(ScriptError::Sandbox)?;
                sandbox.call_function::<Value>(script, choose, (view, decision))
            });
        self.failed |= !matches!(returned, Ok(Ok(_)));
        let script_error = |source| BotError::Script {
            bot: game.seat_name(seat).to_string(),
            path: self.path().to_string(),
            source,
        };
        let answer = match returned {
            Ok(Ok(answer)) => answer,
            Ok(Err(e)) => return Err(script_error(e)),
            Err(e) => return Err(script_error(ScriptError::Sandbox(e))),
        };
        let count = self.api.legal_count(game);
        resolve(game, &answer, count).ok_or_else(|| BotError::Illegal {
            bot: game.seat_name(seat).to_string(),
            path: self.path().to_string(),
            answer: shown(&answer, game.legal_count()),
        })
    }

    /// Output the script printed since the last take.
    pub fn take_output(&self) -> String {
        self.sandbox.take_output()
    }
}

/// The name and `choose` of the bot script `script` has loaded: it must
/// have returned a table with a function `choose` (and may have a `name`;
/// the script's path otherwise).
fn entry(sandbox: &Sandbox, script: ScriptId) -> Result<(String, Function), BotError> {
    let path = sandbox.script_path(script);
    let load_error = |cause: &str| BotError::Load {
        path: path.to_string(),
        cause: cause.to_string(),
    };
    let Value::Table(table) = sandbox.script_value(script) else {
        return Err(load_error(
            "the script must return a table `{ name = ..., choose = function(view, decision) ... end }`",
        ));
    };
    let Ok(Value::Function(choose)) = table.raw_get::<Value>("choose") else {
        return Err(load_error("the returned table has no function `choose`"));
    };
    let name = match table.raw_get::<Value>("name") {
        Ok(Value::String(s)) => s.to_string_lossy(),
        _ => path.to_string(),
    };
    Ok((name, choose))
}

/// Puts `view:search` ([`crate::bot::mcts::lua`]) in a view that is a
/// table; a game whose view is a userdata binds it itself.
fn put_search(view: &Value, search: &Function) -> mlua::Result<()> {
    match view {
        Value::Table(view) => view.raw_set("search", search.clone()),
        _ => Ok(()),
    }
}

/// The index of the legal answer `value` names among `game`'s `count`:
/// an index from 1, or an answer's text (read by the game,
/// [`State::parse_answer`], so any spelling the game accepts at the prompt
/// names the same answer).
fn resolve<G: State>(game: &G, value: &Value, count: usize) -> Option<usize> {
    match value {
        Value::Integer(i) => i
            .checked_sub(1)
            .and_then(|i| usize::try_from(i).ok())
            .filter(|&i| i < count),
        Value::Number(n) if n.fract() == 0.0 && *n >= 1.0 && *n <= count as f64 => {
            Some(*n as usize - 1)
        }
        Value::String(s) => {
            let answer = game.parse_answer(&s.to_str().ok()?).ok()?;
            (0..count).find(|&i| game.legal(i) == Some(answer))
        }
        _ => None,
    }
}

/// An answer a script gave that is not legal, as Lua would show it, with
/// how many answers there were.
fn shown(answer: &Value, count: usize) -> String {
    let what = match answer {
        Value::String(s) => format!("\"{}\"", super::text::shown(&s.to_string_lossy())),
        Value::Integer(i) => i.to_string(),
        Value::Number(n) => n.to_string(),
        other => other.type_name().to_string(),
    };
    format!(
        "{what}, which is not one of the {count} legal answers (their text, or an index from 1)"
    )
}

impl<A: LuaBotApi> Bot for LuaBot<A>
where
    A::Game: DynState,
{
    fn name(&self) -> &str {
        &self.name
    }

    /// Calls [`LuaBot::try_choose`] for a game of `A`'s; any other game,
    /// or an error, is the bot's failure, which stops the game with the
    /// bot, the script and the cause.
    fn choose(&mut self, game: &dyn DynState) -> Result<usize, BotFailure> {
        let Some(game) = game.as_any().downcast_ref::<A::Game>() else {
            return Err(BotFailure(format!(
                "bot {} ({}) plays {}, not {}",
                self.name,
                self.path(),
                A::TITLE,
                game.game_name()
            )));
        };
        let lua = self.sandbox.lua().clone();
        crate::bot::mcts::lua::with_game(&lua, game, || self.try_choose(game))
            .map_err(|e| BotFailure(e.to_string()))
    }

    fn take_output(&mut self) -> String {
        self.sandbox.take_output()
    }

    /// [`LuaBot::renew`]: false for a bot whose script failed, or failed
    /// to run again.
    fn renew(&mut self, seed: u64) -> bool {
        matches!(LuaBot::renew(self, seed), Ok(true))
    }
}
