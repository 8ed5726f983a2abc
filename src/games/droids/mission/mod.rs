//! Droids' missions (seed section III): a layout (TOML, [`super::board`])
//! and a Lua script of its special rules and goal, run on hooks
//! ([`hooks`]) whose changes the game applies ([`effects`]). The seven
//! missions are built in; any other is a mission file on disk with its
//! script beside it, so an eighth needs no recompiling.

pub mod effects;
pub mod hooks;
#[cfg(test)]
mod tests;

use std::path::Path;
use std::rc::Rc;

use super::board::Mission;
use hooks::MissionHooks;

/// A built-in mission: its name, its file as shown, its text, and its
/// script's file and text.
pub struct BuiltIn {
    /// Its short name (`mines`).
    pub name: &'static str,
    /// The mission file, as shown in errors.
    pub file: &'static str,
    /// The mission file's text.
    pub text: &'static str,
    /// Its script: file as shown, and text.
    pub script: Option<(&'static str, &'static str)>,
}

macro_rules! built_in {
    ($name:literal, $file:literal) => {
        BuiltIn {
            name: $name,
            file: concat!("scripts/droids/missions/", $file, ".toml"),
            text: include_str!(concat!(
                "../../../../scripts/droids/missions/",
                $file,
                ".toml"
            )),
            script: None,
        }
    };
    ($name:literal, $file:literal, script) => {
        BuiltIn {
            name: $name,
            file: concat!("scripts/droids/missions/", $file, ".toml"),
            text: include_str!(concat!(
                "../../../../scripts/droids/missions/",
                $file,
                ".toml"
            )),
            script: Some((
                concat!("scripts/droids/missions/", $file, ".lua"),
                include_str!(concat!(
                    "../../../../scripts/droids/missions/",
                    $file,
                    ".lua"
                )),
            )),
        }
    };
}

/// The seven missions of section III.
pub const BUILT_IN: &[BuiltIn] = &[
    built_in!("challenge", "1-challenge"),
    built_in!("mines", "2-mines", script),
    built_in!("containers", "3-containers", script),
    built_in!("shelter", "4-shelter", script),
    built_in!("statue", "5-statue", script),
    built_in!("labyrinth", "6-labyrinth", script),
    built_in!("killer", "7-killer", script),
];

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
        if let Some(b) = BUILT_IN
            .iter()
            .enumerate()
            .find_map(|(i, b)| (b.name == name || (i + 1).to_string() == name).then_some(b))
        {
            return Ok(Chosen {
                file: b.file.into(),
                text: b.text.into(),
                script: b.script.map(|(f, t)| (f.to_string(), t.to_string())),
                setting,
            });
        }
        let path = Path::new(name);
        if name.ends_with(".toml") {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
            let mission = Mission::parse(name, &text).map_err(|e| e.to_string())?;
            let script = match &mission.script {
                Some(s) => {
                    let p = path.parent().unwrap_or(Path::new(".")).join(s);
                    let t = std::fs::read_to_string(&p)
                        .map_err(|e| format!("{name}: `script` {}: {e}", p.display()))?;
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
        let names: Vec<String> = BUILT_IN
            .iter()
            .enumerate()
            .map(|(i, b)| format!("{} ({})", i + 1, b.name))
            .collect();
        Err(format!(
            "--mission {given}: no such mission; the missions are {}, or a mission file (`.toml`)",
            names.join(", ")
        ))
    }

    /// The mission and its hooks.
    pub fn load(&self) -> Result<(Mission, Option<Rc<MissionHooks>>), String> {
        let mission = Mission::parse(&self.file, &self.text).map_err(|e| e.to_string())?;
        let hooks = match &self.script {
            Some((file, text)) => Some(Rc::new(
                MissionHooks::load(file, text, self.setting.clone()).map_err(|e| e.0)?,
            )),
            None => None,
        };
        Ok((mission, hooks))
    }
}
