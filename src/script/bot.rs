//! Bots written in Lua.
//!
//! A bot script returns a table
//! `{ name = "...", choose = function(view, decision) ... end }`. For every
//! decision, `choose` gets the [`PlayerView`](crate::game::PlayerView) of the
//! deciding player as a table, and the decision as a table
//! `{ kind = "program_change" | "zap_effect" | "crystal_placement",
//! player = "red", answers = { "place red.1 1 zap", ... } }` whose answers
//! are the legal answers as text (DESIGN.md syntax). It returns one of those
//! strings, or its index (1-based).

use std::path::Path;

use mlua::serde::SerializeOptions;
use mlua::{LuaSerdeExt, Table, Value};

use super::{Sandbox, ScriptError, ScriptId};
use crate::bot::{Bot, BotFailure};
use crate::game::{Answer, Game};

/// Why a Lua bot could not answer a decision. The Display form names the
/// bot (its colour, or its script when loading), the script and the cause.
#[derive(Debug, thiserror::Error)]
pub enum BotError {
    /// The script could not be loaded, or is not a bot.
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
    #[error("bot {bot} ({path}): answered {answer}, which is not one of the legal answers")]
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
}

impl LuaBot {
    /// Loads the bot script at `path` with the default sandbox limits.
    pub fn load(path: &Path) -> Result<LuaBot, BotError> {
        let name = path.display().to_string();
        let mut sandbox = Sandbox::new().map_err(|e| load_error(&name, e.to_string()))?;
        let script = sandbox
            .load_script(path)
            .map_err(|e| load_error(&name, e.to_string()))?;
        LuaBot::from_loaded(sandbox, script)
    }

    /// Loads a bot from `source`, named `path` in messages, into `sandbox`.
    pub fn from_source(path: &str, source: &str, mut sandbox: Sandbox) -> Result<LuaBot, BotError> {
        let script = sandbox
            .load_str(path, source)
            .map_err(|e| load_error(path, e.to_string()))?;
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
        if !matches!(table.raw_get::<Value>("choose"), Ok(Value::Function(_))) {
            return Err(load_error(
                &path,
                "the returned table has no function `choose`".into(),
            ));
        }
        let name = match table.raw_get::<Value>("name") {
            Ok(Value::String(s)) => s.to_string_lossy(),
            _ => path,
        };
        Ok(LuaBot {
            sandbox,
            script,
            name,
        })
    }

    /// The script's path.
    pub fn path(&self) -> &str {
        self.sandbox.script_path(self.script)
    }

    /// Asks the script for an answer to the game's current decision. The
    /// game is only read; any failure is an error naming the bot, the script
    /// and the cause.
    pub fn try_choose(&mut self, game: &Game) -> Result<Answer, BotError> {
        let path = self.path().to_string();
        let decision = game.decision();
        let Some(player) = decision.player() else {
            return Err(BotError::GameOver { path });
        };
        let bot = game.colours()[player].to_string();
        let legal = game.legal();
        let texts: Vec<String> = (0..legal.len())
            .filter_map(|i| legal.get(i))
            .map(|a| game.answer_text(a))
            .collect();
        let script_error = |source: ScriptError| BotError::Script {
            bot: bot.clone(),
            path: path.clone(),
            source,
        };
        let sandbox_error = |e: mlua::Error| script_error(ScriptError::Sandbox(e));

        let lua = self.sandbox.lua();
        let options = SerializeOptions::new()
            .serialize_none_to_null(false)
            .serialize_unit_to_null(false);
        let view = lua
            .to_value_with(&game.view(player), options)
            .map_err(sandbox_error)?;
        let table: Table = lua.create_table().map_err(sandbox_error)?;
        table
            .raw_set("kind", decision.key())
            .and_then(|()| table.raw_set("player", bot.as_str()))
            .and_then(|()| {
                table.raw_set(
                    "answers",
                    lua.create_sequence_from(texts.iter().map(String::as_str))?,
                )
            })
            .map_err(sandbox_error)?;

        let returned: Value = self
            .sandbox
            .call(self.script, "choose", (view, table))
            .map_err(script_error)?;
        let illegal = |answer: String| BotError::Illegal {
            bot: bot.clone(),
            path: path.clone(),
            answer,
        };
        match returned {
            Value::String(s) => {
                let s = s.to_string_lossy();
                if let Some(i) = texts.iter().position(|t| *t == s) {
                    return Ok(legal.get(i).expect("an index below the count"));
                }
                // Accept other spellings of a legal answer (extra spaces).
                match game.parse_answer(&s) {
                    Ok(a) if (0..legal.len()).any(|i| legal.get(i) == Some(a)) => Ok(a),
                    _ => Err(illegal(format!("{s:?}"))),
                }
            }
            Value::Integer(_) | Value::Number(_) => {
                let n = match returned {
                    Value::Integer(i) => i as f64,
                    Value::Number(n) => n,
                    _ => unreachable!("matched above"),
                };
                let count = texts.len();
                if n.fract() == 0.0 && n >= 1.0 && n <= count as f64 {
                    Ok(legal.get(n as usize - 1).expect("an index below the count"))
                } else {
                    Err(illegal(format!("index {n} (there are {count} answers)")))
                }
            }
            other => Err(illegal(other.type_name().to_string())),
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

    /// Calls [`LuaBot::try_choose`]; an error becomes the bot's failure,
    /// which stops the game with the bot, the script and the cause.
    fn choose(&mut self, game: &Game) -> Result<Answer, BotFailure> {
        self.try_choose(game).map_err(|e| BotFailure(e.to_string()))
    }
}
