//! Bots written in Lua.
//!
//! A bot script returns a table
//! `{ name = "...", choose = function(view, decision) ... end }`. For every
//! decision, `choose` gets the [`PlayerView`](crate::games::twin_tin_bots::game::PlayerView) of the
//! deciding player as a table, and the decision as a table
//! `{ kind = "program_change" | "zap_effect" | "crystal_placement",
//! player = "red", answers = { "place red.1 1 zap", ... } }` whose answers
//! are the legal answers as text (DESIGN.md syntax). It returns one of those
//! strings, or its index (1-based).

use std::path::Path;

use crate::assets::{AssetFile, LookupError};

use mlua::{AnyUserData, Function, Value};

use super::view::{new_choices, with_root_view, Choices, Context, RootView};
use super::{Sandbox, ScriptError, ScriptId};
use crate::bot::{Bot, BotFailure};
use crate::engine::DynState;
use crate::games::twin_tin_bots::game::{Answer, Game};

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
        /// The deciding player's colour.
        bot: String,
        /// The script's path.
        path: String,
        /// The script's error (it names the script and line).
        source: ScriptError,
    },
    /// The script answered something that is not a legal answer.
    #[error("bot {bot} ({path}): answered {answer}")]
    Illegal {
        /// The deciding player's colour.
        bot: String,
        /// The script's path.
        path: String,
        /// What it answered, as Lua would show it (strings quoted).
        answer: String,
    },
    /// There was nothing to decide: the game is over.
    #[error("bot ({path}): the game is over, there is nothing to decide")]
    GameOver {
        /// The script's path.
        path: String,
    },
}

fn load_error(path: &str, cause: String) -> BotError {
    BotError::Load {
        path: path.to_string(),
        cause,
    }
}

/// A bot played by a Lua script in its own [`Sandbox`].
pub struct LuaBot {
    sandbox: Sandbox,
    script: ScriptId,
    name: String,
    /// The script's `choose`.
    choose: Function,
    /// The view and decision userdata, made once and refreshed for every call.
    handles: Option<(AnyUserData, AnyUserData)>,
}

impl LuaBot {
    /// Loads the bot script at `path` with the default sandbox limits.
    pub fn load(path: &Path) -> Result<LuaBot, BotError> {
        LuaBot::load_file(&AssetFile::Disk(path.to_path_buf()))
    }

    /// Loads the bot script `file` (on disk or built in) with the default
    /// sandbox limits.
    pub fn load_file(file: &AssetFile) -> Result<LuaBot, BotError> {
        let mut sandbox = Sandbox::new().map_err(BotError::Unloadable)?;
        let script = sandbox.load_file(file).map_err(BotError::Unloadable)?;
        LuaBot::from_loaded(sandbox, script)
    }

    /// Loads the bot script `file` and seeds it ([`LuaBot::seed`]), as a
    /// [`Bot`] (Twin Tin Bots' [`crate::engine::GameType::lua_bot`]).
    pub fn boxed(file: &AssetFile, seed: u64) -> Result<Box<dyn Bot>, BotError> {
        let mut bot = LuaBot::load_file(file)?;
        bot.seed(seed)?;
        Ok(Box::new(bot))
    }

    /// Loads a bot from `source`, named `path` in messages, into `sandbox`.
    pub fn from_source(path: &str, source: &str, mut sandbox: Sandbox) -> Result<LuaBot, BotError> {
        let script = sandbox
            .load_str(path, source)
            .map_err(BotError::Unloadable)?;
        LuaBot::from_loaded(sandbox, script)
    }

    /// A bot from a script already loaded: it must have returned a table
    /// with a `choose` function (and may have a `name`).
    fn from_loaded(sandbox: Sandbox, script: ScriptId) -> Result<LuaBot, BotError> {
        let path = sandbox.script_path(script).to_string();
        let Value::Table(table) = sandbox.script_value(script).clone() else {
            return Err(load_error(
                &path,
                "the script must return a table `{ name = ..., choose = function(view, decision) ... end }`".into(),
            ));
        };
        let Ok(Value::Function(choose)) = table.raw_get::<Value>("choose") else {
            return Err(load_error(
                &path,
                "the returned table has no function `choose`".into(),
            ));
        };
        let name = match table.raw_get::<Value>("name") {
            Ok(Value::String(s)) => s.to_string_lossy(),
            _ => path,
        };
        Context::install(sandbox.lua(), 0, sandbox.charge_handle());
        Ok(LuaBot {
            sandbox,
            script,
            name,
            choose,
            handles: None,
        })
    }

    /// Seeds the bot's randomness: Lua's `math.random` and the generator
    /// that samples hidden things for `view:simulate` and `view:rollout`.
    /// A bot is seeded with 0 until this is called; `tinbots play` gives each
    /// seat its own seed from the game's.
    pub fn seed(&mut self, seed: u64) -> Result<(), BotError> {
        let lua = self.sandbox.lua();
        Context::reseed(lua, seed);
        let randomseed = lua
            .globals()
            .get::<mlua::Table>("math")
            .and_then(|math| math.get::<mlua::Function>("randomseed"));
        randomseed
            .and_then(|f| f.call::<()>(seed as i64))
            .map_err(|e| load_error(self.sandbox.script_path(self.script), e.to_string()))
    }

    /// The script's path.
    pub fn path(&self) -> &str {
        self.sandbox.script_path(self.script)
    }

    /// Asks the script for an answer to the game's current decision. The
    /// game is only read; any failure is an error naming the bot, the script
    /// and the cause.
    pub fn try_choose(&mut self, game: &Game) -> Result<Answer, BotError> {
        let Some(player) = game.decision().player() else {
            return Err(BotError::GameOver {
                path: self.path().to_string(),
            });
        };
        let lua = self.sandbox.lua();
        // Made once, refreshed for every call: no userdata per decision.
        let (view, decision) = match &self.handles {
            Some(handles) => handles.clone(),
            None => {
                let made = lua
                    .create_userdata(RootView::new())
                    .and_then(|view| Ok((view, new_choices(lua, game)?)));
                let handles =
                    made.map_err(|e| self.script_error(player, game, ScriptError::Sandbox(e)))?;
                self.handles = Some(handles.clone());
                handles
            }
        };
        let (sandbox, script, choose) = (&self.sandbox, self.script, &self.choose);
        let returned = with_root_view(lua, game, &view, &decision, || {
            let answer = sandbox.call_function::<Value>(script, choose, (&view, &decision))?;
            let decision = decision.borrow::<Choices>().map_err(ScriptError::Sandbox)?;
            Ok::<_, ScriptError>(decision.resolve(&answer))
        });
        match returned {
            Ok(Ok(Ok(answer))) => Ok(answer),
            Ok(Ok(Err(answer))) => Err(BotError::Illegal {
                bot: game.colours()[player].to_string(),
                path: self.path().to_string(),
                answer,
            }),
            Ok(Err(e)) => Err(self.script_error(player, game, e)),
            Err(e) => Err(self.script_error(player, game, ScriptError::Sandbox(e))),
        }
    }

    fn script_error(&self, player: usize, game: &Game, source: ScriptError) -> BotError {
        BotError::Script {
            bot: game.colours()[player].to_string(),
            path: self.path().to_string(),
            source,
        }
    }

    /// Output the script printed since the last take.
    pub fn take_output(&self) -> String {
        self.sandbox.take_output()
    }
}

impl Bot for LuaBot {
    fn name(&self) -> &str {
        &self.name
    }

    /// Calls [`LuaBot::try_choose`] for a game of Twin Tin Bots; an error
    /// becomes the bot's failure, which stops the game with the bot, the
    /// script and the cause.
    fn choose(&mut self, game: &dyn DynState) -> Result<usize, BotFailure> {
        let Some(game) = game.as_any().downcast_ref::<Game>() else {
            return Err(BotFailure(format!(
                "bot {} ({}) plays Twin Tin Bots, not {}",
                self.name,
                self.path(),
                game.game_name()
            )));
        };
        let answer = self
            .try_choose(game)
            .map_err(|e| BotFailure(e.to_string()))?;
        (0..game.legal_answer_count())
            .find(|&i| game.legal_answer(i) == Some(answer))
            .ok_or_else(|| BotFailure(format!("bot {}: its answer is not legal", self.name)))
    }

    fn take_output(&mut self) -> String {
        self.sandbox.take_output()
    }
}
