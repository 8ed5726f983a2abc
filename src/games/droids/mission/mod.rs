//! Droids' missions (seed section III): a layout (TOML, [`super::board`])
//! and a Lua script of its special rules and goal, run on hooks
//! ([`hooks`]) whose changes the game applies ([`effects`]). The seven
//! missions are built in; any other is a mission file on disk with its
//! script beside it, so an eighth needs no recompiling.

pub mod api;
pub mod effects;
pub mod hooks;
#[cfg(test)]
mod tests;
pub mod vars;

use std::path::Path;
use std::rc::Rc;

use super::board::Mission;
use hooks::MissionHooks;

/// A built-in mission: its number and name, its file as shown, its text,
/// and its script's file and text.
pub struct BuiltIn {
    /// Its number in section III (the team games share their mission's).
    pub number: u8,
    /// Its short name (`mines`).
    pub name: &'static str,
    /// The mission file, as shown in errors.
    pub file: &'static str,
    /// The mission file's text.
    pub text: &'static str,
    /// Its script: file as shown, and text.
    pub script: Option<(&'static str, &'static str)>,
}

/// The path of a file of `scripts/droids/missions/` as shown, and its text.
macro_rules! mission_file {
    ($file:expr) => {
        (
            concat!("scripts/droids/missions/", $file),
            include_str!(concat!("../../../../scripts/droids/missions/", $file)),
        )
    };
}

macro_rules! built_in {
    ($number:literal, $name:literal, $file:literal) => {
        built_in!(@ $number, $name, $file, None)
    };
    ($number:literal, $name:literal, $file:literal, $script:literal) => {
        built_in!(@ $number, $name, $file, Some(mission_file!(concat!($script, ".lua"))))
    };
    (@ $number:literal, $name:literal, $file:literal, $script:expr) => {
        BuiltIn {
            number: $number,
            name: $name,
            file: mission_file!(concat!($file, ".toml")).0,
            text: mission_file!(concat!($file, ".toml")).1,
            script: $script,
        }
    };
}

/// The seven missions of section III, then the team games of missions 1
/// and 2 (seed lines 141, 150), found by name only.
pub const BUILT_IN: &[BuiltIn] = &[
    built_in!(1, "challenge", "1-challenge"),
    built_in!(2, "mines", "2-mines", "2-mines"),
    built_in!(3, "containers", "3-containers", "3-containers"),
    built_in!(4, "shelter", "4-shelter", "4-shelter"),
    built_in!(5, "statue", "5-statue", "5-statue"),
    built_in!(6, "labyrinth", "6-labyrinth", "6-labyrinth"),
    built_in!(7, "killer", "7-killer", "7-killer"),
    built_in!(1, "challenge-teams", "1-challenge-teams"),
    built_in!(2, "mines-teams", "2-mines-teams", "2-mines"),
];

impl BuiltIn {
    /// The built-in mission of this name or number (`2`, `mines`); a
    /// number names the mission of section III, not its team game.
    pub fn named(name: &str) -> Option<&'static BuiltIn> {
        BUILT_IN
            .iter()
            .find(|b| b.name == name || b.number.to_string() == name)
    }

    /// The built-in missions as `--mission` takes them, for errors:
    /// `1 (challenge), ..., challenge-teams, mines-teams`.
    pub fn listing() -> String {
        let mut seen = Vec::new();
        let names: Vec<String> = BUILT_IN
            .iter()
            .map(|b| {
                if seen.contains(&b.number) {
                    b.name.to_string()
                } else {
                    seen.push(b.number);
                    format!("{} ({})", b.number, b.name)
                }
            })
            .collect();
        names.join(", ")
    }
}

/// The built-in missions, a line each: number, name, players and title,
/// as `tinbots missions` lists them.
pub fn listing() -> Result<String, String> {
    let mut out = String::new();
    for b in BUILT_IN {
        let mission = Mission::parse(b.file, b.text).map_err(|e| e.to_string())?;
        let (lo, hi) = mission.players;
        out.push_str(&format!(
            "{:<3} {:<17} {lo}-{hi} players  {}\n",
            b.number, b.name, b.file
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
        if let Some(b) = BuiltIn::named(name) {
            return Ok(Chosen {
                file: b.file.into(),
                text: b.text.into(),
                script: b.script.map(|(f, t)| (f.to_string(), t.to_string())),
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
            BuiltIn::listing()
        ))
    }

    /// The mission and its hooks.
    pub fn load(&self) -> Result<(Mission, Option<Rc<MissionHooks>>), String> {
        let mission = Mission::parse(&self.file, &self.text).map_err(|e| e.to_string())?;
        let hooks = match (&mission.script, &self.script) {
            (Some(_), Some((file, text))) => Some(Rc::new(
                MissionHooks::load(file, text, self.setting.clone()).map_err(|e| e.0)?,
            )),
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
