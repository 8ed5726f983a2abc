//! What a game registers, and the list of games the tools are given.
//!
//! A game is one [`GameType`] (OpenSpiel's game type and factory): its
//! name, players and information, how to start and resume it, and what it
//! gives the machinery written once over the seam (its REPL commands, its
//! Lua bot runtime, its catalogues, its checks and pictures of files).
//! [`Games`] is a list of them with a default; the command line and every
//! tool that looks a game up by name are handed one, so a game the library
//! does not know (a test's) is played as any other.

use std::fmt;

use crate::engine::{
    Checked, DynState, GameOption, GameOptions, Information, Rulings, StartError, Started,
};

/// Loads a Lua bot script for one game and seeds it
/// ([`GameType::lua_bot`]).
pub type LoadBot =
    fn(&crate::assets::AssetFile, u64) -> Result<Box<dyn crate::bot::Bot>, crate::script::BotError>;

/// A registered game: what it is, and how to make one (OpenSpiel's
/// `GameType` and factory).
pub struct GameType {
    /// The name on the command line and in files (`"roborally"`).
    pub name: &'static str,
    /// The name shown to people (`"RoboRally"`).
    pub title: &'static str,
    /// The fewest and most players.
    pub players: (usize, usize),
    /// The players when none are asked for.
    pub default_players: usize,
    /// Whether players see everything.
    pub information: Information,
    /// The options of its own it is started with (`--course`), besides
    /// those every game takes; the machinery offers them as flags and
    /// keeps them in tournament rows, and only this game reads them.
    pub options: &'static [GameOption],
    /// Starts a new game; call [`GameType::start`], which refuses the
    /// options the game does not declare first.
    pub new: fn(&GameOptions) -> Result<Started, StartError>,
    /// Rebuilds a game, at its start, from the record [`Started::start`]
    /// kept; the error names the field at fault under `start`.
    pub resume: fn(&serde_json::Value) -> Result<Box<dyn DynState>, StartError>,
    /// Whether a TOML file without a `game` key is this game's (a
    /// RoboRally board or course file is known by its tables); the default
    /// game takes what no other game claims.
    pub claims: fn(&toml::Table) -> bool,
    /// What the game adds to the REPL: its own commands and questions
    /// ([`crate::repl::extension::NoExtras`] for a game that adds none).
    pub repl: fn() -> Box<dyn crate::repl::extension::GameRepl>,
    /// Checks one of the game's files for `tinbots check` (a scenario, or
    /// whatever else the game can check) under the rulings pinned
    /// (`--ruling ID=READING`, over the file's own `rulings`); the error
    /// names the file, line and reason.
    pub check: fn(&std::path::Path, &[String]) -> Result<Checked, String>,
    /// The game at the position a file of this game sets up (`tinbots
    /// render`): a scenario's, or whatever else the game draws (a
    /// RoboRally course, a Droids mission); `None` when the REPL's `load`
    /// serves (the error names the file, line and reason).
    pub scenario_position: Option<ScenarioPosition>,
    /// The game after a scenario file's turn, at the position `tinbots
    /// check` reaches when it plays the scenario (`tinbots render
    /// --after`); the error names the file, line and reason, and says so
    /// for a file that has no turn (a RoboRally board or course). `None`
    /// for a game without scenarios.
    pub scenario_after: Option<ScenarioPosition>,
    /// The variants `tinbots variants` lists for this game, built in and
    /// the user's; `None` for a game without variants.
    pub variant_listing: Option<fn(&crate::assets::Library) -> String>,
    /// What the game can name and list, each a command of its own
    /// (`tinbots courses`, `tinbots missions`, `tinbots orders FILES`).
    pub catalogues: &'static [Catalogue],
    /// The rules of it whose text admits several readings, each declared
    /// with its readings, the default first (`tinbots rulings`;
    /// `../shared/games/disputes.md` is the catalogue).
    pub disputes: &'static [crate::engine::Dispute],
    /// The rule texts it was read from, with their sections, so that a
    /// citation names the rulebook a user has, not the seed file
    /// ([`crate::engine::rulebook`]).
    pub rulebooks: &'static [crate::engine::rulebook::Rulebook],
    /// Loads a Lua bot script for this game and seeds it (each game has
    /// its own bot runtime: the view a script sees is the game's).
    pub lua_bot: LoadBot,
    /// The bot of a seat that `tinbots play` is given no `--bot` for, as
    /// `--bot` names it (`greedy`): one that plays to a real end of the
    /// game by its rules, not to the turn limit, so that a first game
    /// shows the game (random Twin Tin Bots robots never deliver enough,
    /// random RoboRally robots die before they reach a repair site, random
    /// Droids players are put out in the first round). `--bot all=random`
    /// stays one flag away.
    pub play_bot: &'static str,
    /// Reads replay files of the formats written before files named their
    /// game: only the game those files were all of has a reader.
    pub legacy_replay: Option<ReadLegacyReplay>,
}

/// A kind of thing a game names and lists ([`GameType::catalogues`]):
/// RoboRally's courses, Droids' missions, Twin Tin Bots' order tiles. The
/// command line makes a command of each name (`tinbots courses`), which
/// lists the catalogue of `--game`, or of every game that has one.
#[derive(Clone, Copy, Debug)]
pub struct Catalogue {
    /// The command, a plural noun (`"courses"`).
    pub name: &'static str,
    /// The command's one line of help, no final period.
    pub about: &'static str,
    /// The listing, with the files given applied (order files: their new
    /// tiles listed); a catalogue that takes no files refuses them. The
    /// error names the file and what is wrong.
    pub list: fn(&[std::path::PathBuf]) -> Result<String, String>,
}

impl Catalogue {
    /// Refuses files given to a catalogue that takes none (`courses`).
    pub fn no_files(&self, files: &[std::path::PathBuf]) -> Result<(), String> {
        match files.first() {
            Some(f) => Err(format!(
                "{}: `tinbots {}` takes no files",
                crate::escape::terminal(&f.display().to_string()),
                self.name
            )),
            None => Ok(()),
        }
    }
}

/// A game's [`GameType::scenario_position`]: the file, and the rulings
/// pinned (`--ruling ID=READING`, over the file's own `rulings`).
pub type ScenarioPosition = fn(&std::path::Path, &[String]) -> Result<Box<dyn DynState>, String>;

/// A replay saved before files named their game, as the game that wrote
/// it reads it.
#[derive(Clone, Debug)]
pub struct LegacyReplay {
    /// The start, as the game's [`GameType::resume`] takes it.
    pub start: serde_json::Value,
    /// Every answer, as text, in the order given.
    pub answers: Vec<String>,
    /// Whether the game was stopped at a turn limit after the last answer.
    pub stopped_at_turn_limit: bool,
}

/// Why a legacy replay cannot be read: the game's own error, which names
/// the file, line and field.
pub type LegacyReplayError = Box<dyn std::error::Error + Send + Sync>;

/// Reads a legacy replay's text; `path` names the file in errors.
pub type ReadLegacyReplay = fn(path: &str, text: &str) -> Result<LegacyReplay, LegacyReplayError>;

impl GameType {
    /// Starts a new game with `options`: an option of its own it does not
    /// declare is refused, naming the option and those it takes.
    /// A ruling pinned (`--ruling`) that the game does not have is refused
    /// too, naming what it has.
    pub fn start(&self, options: &GameOptions) -> Result<Started, StartError> {
        options.refuse_undeclared(self.title, self.options)?;
        let pinned = self.rulings(&options.rulings)?;
        let started = (self.new)(options)?;
        debug_assert!(
            pinned
                .chosen()
                .all(|(id, r)| started.game.rulings().chosen().any(|c| c == (id, r))),
            "{} keeps the rulings it was started under",
            self.name
        );
        Ok(started)
    }

    /// Rebuilds a game at its start from the record [`Started::start`]
    /// kept, under the rulings it kept with `pins` (`ID=READING`, as
    /// `--ruling` gives them) over them: a replay played again under
    /// another reading.
    pub fn resume_under(
        &self,
        record: &serde_json::Value,
        pins: &[String],
    ) -> Result<Box<dyn DynState>, StartError> {
        (self.resume)(&self.pinned_start(record, pins)?)
    }

    /// A start record ([`Started::start`]) with `pins` (`ID=READING`) over
    /// the rulings it keeps; every dispute's reading is then written out,
    /// so that they hold over a file the record names (a scenario's own
    /// `rulings`). Without pins, the record as it is.
    pub fn pinned_start(
        &self,
        record: &serde_json::Value,
        pins: &[String],
    ) -> Result<serde_json::Value, StartError> {
        if pins.is_empty() {
            return Ok(record.clone());
        }
        let kept = Rulings::from_record(self.disputes, record)
            .map_err(|e| StartError(format!("in `start`: {e}")))?;
        let rulings = kept
            .pinned(pins)
            .map_err(|e| StartError(format!("--ruling {e}")))?;
        let mut record = record.clone();
        if let Some(fields) = record.as_object_mut() {
            fields.insert("rulings".to_string(), rulings.every_reading());
        }
        Ok(record)
    }

    /// The game's disputes at their defaults with `pins` (`ID=READING`)
    /// over them; the error names the pin at fault and what the game has.
    pub fn rulings(&self, pins: &[String]) -> Result<Rulings, StartError> {
        Rulings::defaults(self.disputes)
            .pinned(pins)
            .map_err(|e| StartError(format!("--ruling {e}")))
    }

    /// Its own option `name`, if it declares one.
    pub fn option(&self, name: &str) -> Option<&'static GameOption> {
        self.options.iter().find(|o| o.name == name)
    }
}

impl fmt::Debug for GameType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GameType")
            .field("name", &self.name)
            .field("players", &self.players)
            .finish()
    }
}

/// A game of `game_type` started with `players` from `seed`, as the game's
/// own type: for a game's unit tests that need its state, not the seam.
#[cfg(test)]
pub(crate) fn started_as<G: Clone + 'static>(game_type: &GameType, players: usize, seed: u64) -> G {
    let started = game_type
        .start(&GameOptions {
            players: Some(players),
            seed,
            ..GameOptions::default()
        })
        .unwrap_or_else(|e| panic!("a standard {} game starts: {e}", game_type.name));
    started
        .game
        .as_any()
        .downcast_ref::<G>()
        .unwrap_or_else(|| panic!("a {} game", game_type.name))
        .clone()
}

/// The games a tool is given: each registered once under its name, and
/// the one played when none is named.
#[derive(Clone, Debug)]
pub struct Games {
    list: Vec<&'static GameType>,
    default: &'static GameType,
}

/// Why a list of games cannot be made.
#[derive(Debug, thiserror::Error)]
pub enum GamesError {
    /// Two games share a name.
    #[error("two games are registered as `{0}`")]
    Twice(&'static str),
    /// The default is not among the games.
    #[error("the default game `{0}` is not registered")]
    NoDefault(String),
}

impl Games {
    /// The games of `list`, in its order, with the one named `default`
    /// played when none is named.
    pub fn new(list: &[&'static GameType], default: &str) -> Result<Games, GamesError> {
        for (i, game) in list.iter().enumerate() {
            if list[..i].iter().any(|g| g.name == game.name) {
                return Err(GamesError::Twice(game.name));
            }
        }
        let default = list
            .iter()
            .copied()
            .find(|g| g.name == default)
            .ok_or_else(|| GamesError::NoDefault(default.to_string()))?;
        Ok(Games {
            list: list.to_vec(),
            default,
        })
    }

    /// `game` alone, its own default (a game's own tools and tests, which
    /// open only its files).
    pub fn only(game: &'static GameType) -> Games {
        Games {
            list: vec![game],
            default: game,
        }
    }

    /// These games and `game` after them (a game of one's own beside the
    /// built-in ones).
    pub fn with(&self, game: &'static GameType) -> Result<Games, GamesError> {
        let mut list = self.list.clone();
        list.push(game);
        Games::new(&list, self.default.name)
    }

    /// Every game, in the order listed.
    pub fn all(&self) -> &[&'static GameType] {
        &self.list
    }

    /// The game played when none is named, and whose files need not say
    /// their game.
    pub fn default_game(&self) -> &'static GameType {
        self.default
    }

    /// The game registered under `name`; the error lists the names there
    /// are, and the closest one.
    pub fn find(&self, name: &str) -> Result<&'static GameType, String> {
        self.list
            .iter()
            .copied()
            .find(|g| g.name == name)
            .ok_or_else(|| {
                let names: Vec<&str> = self.list.iter().map(|g| g.name).collect();
                // Names are matched exactly; one typed in another case
                // (`Droids`) is the one meant.
                let close = match names.iter().find(|n| n.eq_ignore_ascii_case(name)) {
                    Some(same) => vec![*same],
                    None => crate::suggest::closest(name, names.iter().copied()),
                };
                format!(
                    "there is no game `{name}`{}; the games are {}",
                    crate::suggest::did_you_mean(&close),
                    names.join(", ")
                )
            })
    }

    /// The game a TOML file without a `game` key belongs to: the first that
    /// claims it ([`GameType::claims`]), else the default.
    pub fn claiming(&self, table: &toml::Table) -> &'static GameType {
        self.list
            .iter()
            .copied()
            .find(|g| (g.claims)(table))
            .unwrap_or(self.default)
    }

    /// The games, one line each: name, title, players and whether
    /// everything is seen, then their own options (`tinbots games`).
    pub fn listing(&self) -> String {
        let mut out = String::new();
        for g in &self.list {
            let (lo, hi) = g.players;
            let seen = match g.information {
                Information::Perfect => "everything seen",
                Information::Imperfect => "hidden information",
            };
            let default = if g.name == self.default.name {
                "  (the default)"
            } else {
                ""
            };
            out.push_str(&format!(
                "{:<15} {:<15} {}, {seen}{default}\n",
                g.name,
                g.title,
                crate::wording::players(lo, hi)
            ));
            for option in g.options {
                out.push_str(&format!(
                    "{:<15} --{} {}: {}\n",
                    "", option.name, option.value_name, option.help
                ));
            }
        }
        out
    }
}
