//! Droids' missions (seed section III): a layout (TOML, [`super::board`])
//! and a Lua script of its special rules and goal, run on hooks
//! ([`hooks`]) whose changes the game applies ([`effects`]). The missions
//! built in are the mission files shipped in `scripts/droids/missions/`
//! ([`MISSIONS`], found through [`crate::assets`]), each named by its own
//! `mission` number and `name`; any other is a mission file on disk with
//! its script beside it, so an eighth needs no recompiling.

pub mod api;
pub mod effects;
pub mod hooks;
pub mod pool;
#[cfg(test)]
mod tests;
pub mod vars;

use std::path::Path;
use std::rc::Rc;
use std::sync::OnceLock;

use super::board::Mission;
use super::game::Game;
use crate::assets::{AssetFile, Entry, GameFiles, Kind, Library};
use crate::engine::Named;
use hooks::MissionHooks;

/// Mission files, as the asset library finds them: the `.toml` files of
/// the built-in `scripts/droids/missions/` (their scripts beside them).
/// The user data folder has none: a mission of one's own is given by its
/// file.
pub const MISSIONS: Kind = Kind::Game(&GameFiles {
    noun: "mission",
    article: "a",
    plural: "missions",
    folder: "missions",
    extension: "toml",
    user_folder: false,
    had_shared_folder: false,
});

/// A built-in mission: its number and name, its file as shown, its text,
/// and its script's file and text.
#[derive(Clone, Debug)]
pub struct BuiltIn {
    /// Its number in section III (the team games share their mission's).
    pub number: u8,
    /// Its short name (`mines`).
    pub name: String,
    /// The mission file, as shown in errors and kept in replays (its path
    /// in the repository).
    pub file: String,
    /// The mission file's text.
    pub text: String,
    /// Its script: file as shown, and text.
    pub script: Option<(String, String)>,
    /// The fewest and most players.
    pub players: (usize, usize),
    /// Whether it is a team game of a mission (found by name only).
    pub team_game: bool,
    /// The mission file, read.
    pub mission: Mission,
}

/// The built-in missions, read once from the shipped mission files: the
/// missions of section III by number, then the team games of missions 1
/// and 2 (seed lines 141, 150). The error names a shipped file that
/// cannot be read.
pub fn built_in() -> Result<&'static [BuiltIn], String> {
    static BUILT_IN: OnceLock<Result<Vec<BuiltIn>, String>> = OnceLock::new();
    BUILT_IN
        .get_or_init(|| {
            let mut missions = Library::built_in_only()
                .list(MISSIONS, Game::NAME, None)
                .into_iter()
                .filter_map(|listed| match listed.found.entry {
                    Entry::File(file) => Some(BuiltIn::read(&file)),
                    Entry::NativeRandom => None,
                })
                .collect::<Result<Vec<_>, _>>()?;
            missions.sort_by_key(|b| (b.team_game, b.number));
            Ok(missions)
        })
        .as_deref()
        .map_err(Clone::clone)
}

/// A built-in file's path in the repository: how the missions built in
/// have always been shown (`scripts/droids/missions/1-challenge.toml`).
fn repository_path(file: &AssetFile) -> String {
    match file {
        AssetFile::BuiltIn(path) => path.clone(),
        AssetFile::Disk(path) => path.display().to_string(),
    }
}

impl BuiltIn {
    /// Reads the shipped mission file `file`, and its script beside it.
    fn read(file: &AssetFile) -> Result<BuiltIn, String> {
        let shown = repository_path(file);
        let text = file.read().map_err(|e| e.to_string())?;
        let mission = Mission::parse(&shown, &text).map_err(|e| e.to_string())?;
        let script = match &mission.script {
            Some(name) => {
                let script = file.folder().file(name);
                let text = script
                    .read()
                    .map_err(|e| format!("{shown}: `script`: {e}"))?;
                Some((repository_path(&script), text))
            }
            None => None,
        };
        Ok(BuiltIn {
            number: mission.number,
            name: mission.name.clone(),
            file: shown,
            text,
            script,
            players: mission.players,
            team_game: !mission.teams.is_empty(),
            mission,
        })
    }

    /// The built-in mission of this name or number among `missions`
    /// (`2`, `mines`); a number names the mission of section III, not its
    /// team game.
    pub fn named<'a>(missions: &'a [BuiltIn], name: &str) -> Option<&'a BuiltIn> {
        missions
            .iter()
            .find(|b| b.name == name || (!b.team_game && b.number.to_string() == name))
    }

    /// The built-in `missions` as `--mission` takes them, for errors:
    /// `1 (challenge), ..., challenge-teams, mines-teams`.
    pub fn listing(missions: &[BuiltIn]) -> String {
        let names: Vec<String> = missions
            .iter()
            .map(|b| {
                if b.team_game {
                    b.name.clone()
                } else {
                    format!("{} ({})", b.number, b.name)
                }
            })
            .collect();
        names.join(", ")
    }
}

/// The built-in missions, a line each: number, name, players and file,
/// as `tinbots missions` lists them.
pub fn listing() -> Result<String, String> {
    let mut out = String::new();
    for b in built_in()? {
        let (lo, hi) = b.players;
        out.push_str(&format!(
            "{:<3} {:<17} {:<14}  {}\n",
            b.number,
            b.name,
            crate::wording::players(lo, hi),
            b.file
        ));
    }
    Ok(out)
}

/// A mission chosen to play: its file and text, its script's, and the
/// setting given after a colon (`7:c`).
#[derive(Clone, Debug)]
pub struct Chosen {
    /// The mission file as shown.
    pub file: String,
    /// Its text.
    pub text: String,
    /// Its script's file as shown and text.
    pub script: Option<(String, String)>,
    /// The setting after the colon.
    pub setting: Option<String>,
}

impl Chosen {
    /// The mission named by `--mission`: a number or name of the built-in
    /// ones, or a mission file (its `script` read beside it), each with an
    /// optional `:SETTING` (mission 7's killer model, `7:c`).
    pub fn find(given: &str) -> Result<Chosen, String> {
        let (name, setting) = match given.rsplit_once(':') {
            Some((n, s)) if !n.is_empty() && !s.contains(['/', '\\']) => (n, Some(s.to_string())),
            _ => (given, None),
        };
        let missions = built_in()?;
        if let Some(b) = BuiltIn::named(missions, name) {
            return Ok(Chosen {
                file: b.file.clone(),
                text: b.text.clone(),
                script: b.script.clone(),
                setting,
            });
        }
        let path = Path::new(name);
        if name.ends_with(".toml") {
            let text = crate::files::read_text(path, crate::files::FileKind::Data)
                .map_err(|e| e.to_string())?;
            let mission = Mission::parse(name, &text).map_err(|e| e.to_string())?;
            let script = match &mission.script {
                Some(s) => {
                    let p = path.parent().unwrap_or(Path::new(".")).join(s);
                    let t = crate::files::read_text(&p, crate::files::FileKind::Script)
                        .map_err(|e| format!("{name}: `script`: {e}"))?;
                    Some((p.display().to_string(), t))
                }
                None => None,
            };
            return Ok(Chosen {
                file: name.into(),
                text,
                script,
                setting,
            });
        }
        Err(format!(
            "--mission {given}: no such mission; the missions are {}, or a mission file (`.toml`)",
            BuiltIn::listing(missions)
        ))
    }

    /// The mission and its hooks. A built-in mission file (the same file
    /// and text) is not read again.
    pub fn load(&self) -> Result<(Mission, Option<Rc<MissionHooks>>), String> {
        let read_before = built_in()
            .ok()
            .and_then(|missions| {
                missions
                    .iter()
                    .find(|b| b.file == self.file && b.text == self.text)
            })
            .map(|b| b.mission.clone());
        let mission = match read_before {
            Some(mission) => mission,
            None => Mission::parse(&self.file, &self.text).map_err(|e| e.to_string())?,
        };
        let hooks = match (&mission.script, &self.script) {
            (Some(_), Some((file, text))) => {
                Some(pool::hooks(file, text, self.setting.clone()).map_err(|e| e.0)?)
            }
            (None, None) => None,
            (Some(named), None) => {
                return Err(format!(
                    "{}: in `script`: the mission's rules are in \"{}\", which is not given \
                     with it: the game would be played without them",
                    self.file,
                    crate::script::text::shown(named)
                ))
            }
            (None, Some((file, _))) => {
                return Err(format!(
                    "{}: a script is given with the mission (\"{}\") but the mission names none \
                     in `script`",
                    self.file,
                    crate::script::text::shown(file)
                ))
            }
        };
        Ok((mission, hooks))
    }
}
