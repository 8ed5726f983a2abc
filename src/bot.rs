//! Bots: players that answer any game's decisions through the seam
//! ([`crate::engine::DynState`]). The built-in random bot picks a legal
//! answer uniformly with a seeded generator; [`mcts`] searches.

pub mod mcts;

use crate::engine::DynState;
use crate::registry::GameType;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A player that answers decisions.
pub trait Bot {
    /// A name for messages.
    fn name(&self) -> &str;
    /// Chooses an answer to the game's current decision, which is this
    /// bot's to make, as its index among the legal answers; or fails (a
    /// script error, a runaway script, a game it cannot play), which stops
    /// the game.
    fn choose(&mut self, game: &dyn DynState) -> Result<usize, BotFailure>;
    /// What the bot printed since the last call (a script's `print`), for
    /// the transcript; nothing by default.
    fn take_output(&mut self) -> String {
        String::new()
    }
    /// Makes this bot, for a new game, the bot its maker would make with
    /// `seed` (a tournament's worker keeps its bots from game to game, and
    /// a Lua bot keeps its sandbox and compiled script: the costly part of
    /// making one); whether it could. By default it cannot, and a new bot
    /// is made.
    fn renew(&mut self, seed: u64) -> bool {
        let _ = seed;
        false
    }
}

/// Why a bot could not answer, in words that name the bot and the cause.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct BotFailure(pub String);

/// Chooses uniformly among the legal answers, from its own seeded generator.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: ChaCha8Rng,
}

impl RandomBot {
    /// A random bot with its own seed.
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, game: &dyn DynState) -> Result<usize, BotFailure> {
        let count = game.legal_count();
        if count == 0 {
            return Err(BotFailure("random bot: there is nothing to decide".into()));
        }
        Ok(self.rng.gen_range(0..count))
    }

    fn renew(&mut self, seed: u64) -> bool {
        *self = RandomBot::new(seed);
        true
    }
}

/// The seed of the random bot in a seat, derived from the game's seed so
/// that seats play differently and a game is given by its one seed.
pub fn seat_seed(game_seed: u64, seat: usize) -> u64 {
    game_seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(seat as u64 + 1)
}

/// Which bot plays a seat, as named on the command line: a name (`random`,
/// `greedy`: see [`crate::assets`] for where names are looked up) or the
/// path of a Lua bot script (it ends with `.lua` or holds a `/`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotSpec {
    /// The native random bot.
    Random,
    /// A Lua bot script, by path.
    Lua(std::path::PathBuf),
    /// A bot by name, looked up when it is made.
    Named(String),
    /// The native tree search bot ([`mcts`]), as named: `mcts` or
    /// `mcts:iterations=2000,...`; its settings are checked when it is
    /// resolved.
    Mcts(String),
    /// A bot script already found ([`BotSpec::resolved_for`]): made without
    /// looking it up again.
    Found {
        /// The name or path it was given by.
        name: String,
        /// Its script.
        file: crate::assets::AssetFile,
    },
}

impl BotSpec {
    /// A path ([`crate::assets::is_path`]), the MCTS bot, else a name.
    pub fn parse(text: &str) -> BotSpec {
        if mcts::MctsConfig::parse(text).is_some() {
            BotSpec::Mcts(text.to_string())
        } else if crate::assets::is_path(text) {
            BotSpec::Lua(text.into())
        } else {
            BotSpec::Named(text.to_string())
        }
    }

    /// A short name: `random`, the name given, or the script's file stem.
    pub fn name(&self) -> String {
        match self {
            BotSpec::Random => "random".into(),
            BotSpec::Named(name) | BotSpec::Found { name, .. } | BotSpec::Mcts(name) => {
                name.clone()
            }
            BotSpec::Lua(path) => path.file_stem().map_or_else(
                || path.display().to_string(),
                |s| s.to_string_lossy().into(),
            ),
        }
    }

    /// The same bot with its script found now, so that making it again
    /// (a tournament makes one per seat and game) looks nothing up: among
    /// `game`'s bots
    /// (its [`crate::assets::Kind::Bot`] folders) in [`crate::assets::Library::current`]; an
    /// unknown name is an error listing the bots there are.
    pub fn resolved_for(&self, game: &GameType) -> Result<BotSpec, crate::script::BotError> {
        use crate::assets::{resolve_path, Entry, Kind, Library};
        let kind = Kind::Bot;
        let file = match self {
            BotSpec::Random | BotSpec::Found { .. } => return Ok(self.clone()),
            BotSpec::Mcts(name) => {
                return mcts::MctsConfig::parse(name)
                    .unwrap_or(Ok(mcts::MctsConfig::default()))
                    .map(|_| self.clone())
                    .map_err(|cause| crate::script::BotError::Settings {
                        bot: name.clone(),
                        cause,
                    });
            }
            BotSpec::Lua(path) => resolve_path(kind, game.name, path),
            BotSpec::Named(name) => {
                match Library::current().find(kind, game.name, name, None)?.entry {
                    Entry::NativeRandom => return Ok(BotSpec::Random),
                    Entry::File(file) => file,
                }
            }
        };
        Ok(BotSpec::Found {
            name: self.name(),
            file,
        })
    }

    /// A new bot for `game` with its own seed: a script is found as
    /// [`BotSpec::resolved_for`] says, then loaded and seeded by the game's
    /// Lua runtime ([`GameType::lua_bot`]).
    pub fn make_for(
        &self,
        game: &GameType,
        seed: u64,
    ) -> Result<Box<dyn Bot>, crate::script::BotError> {
        match self.resolved_for(game)? {
            BotSpec::Found { file, .. } => (game.lua_bot)(&file, seed),
            BotSpec::Mcts(name) => {
                let config = mcts::MctsConfig::parse(&name)
                    .unwrap_or(Ok(mcts::MctsConfig::default()))
                    .map_err(|cause| crate::script::BotError::Settings {
                        bot: name.clone(),
                        cause,
                    })?;
                Ok(Box::new(mcts::MctsBot::new(&name, config, seed)))
            }
            _ => Ok(Box::new(RandomBot::new(seed))),
        }
    }
}
