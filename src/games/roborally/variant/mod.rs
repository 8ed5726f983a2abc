//! RoboRally's variants: folders `variants/roborally/<name>/` holding a
//! manifest (`variant.toml`, the format of Twin Tin Bots' variants with
//! RoboRally's settings: [`manifest`]) and a script (`variant.lua`, the
//! hooks of [`crate::games::roborally::game::variant_lua`]), found by name
//! where [`crate::assets`] says and combined (`docs/roborally-variants.md`).
//!
//! [`VariantSet::load_with`] resolves names (a needed variant comes first),
//! refuses conflicts, unknown names and unknown hooks with the file at
//! fault; [`VariantSet::lives`] applies the settings; [`VariantSet::for_game`]
//! makes what a game keeps: the names (recorded in replays) and, when a
//! script defines a hook, the Lua runtime running them.

#[cfg(test)]
mod hostile_tests;
pub mod manifest;
#[cfg(test)]
mod tests;

use std::path::Path;
use std::rc::Rc;

use crate::assets::{AssetFile, Entry, Kind, Library, LookupError};
use crate::engine::Named;
use crate::script::Sandbox;

use super::game::variant_lua::{VariantHook, VariantRuntime};
use super::game::{Game, Variants};
pub use manifest::{Manifest, Settings};

/// Why RoboRally variants could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum VariantError {
    /// No variant of that name where variants are looked up.
    #[error(transparent)]
    Unknown(#[from] LookupError),
    /// A manifest or script is wrong, or two variants cannot be combined.
    #[error(
        "{}: {}",
        crate::escape::terminal(path),
        crate::escape::terminal_lines(message)
    )]
    File {
        /// The file, with `:line:column` when known.
        path: String,
        /// What is wrong.
        message: String,
    },
}

/// One loaded variant: its manifest, its script and the hooks it defines.
#[derive(Clone, Debug)]
pub struct Variant {
    /// Its manifest.
    pub manifest: Manifest,
    /// Its script, `variant.lua`.
    pub script: AssetFile,
    /// The hooks its script defines.
    pub hooks: Vec<VariantHook>,
}

/// The variants of a game, in the order they apply.
#[derive(Clone, Debug, Default)]
pub struct VariantSet {
    variants: Vec<Variant>,
}

impl VariantSet {
    /// Loads the variants `names` (and those they need) from the places of
    /// `library` (for the scenario file `scenario`, whose neighbourhood is
    /// searched first).
    pub fn load_with<S: AsRef<str>>(
        library: &Library,
        scenario: Option<&Path>,
        names: &[S],
    ) -> Result<VariantSet, VariantError> {
        let mut set = VariantSet::default();
        let mut visiting = Vec::new();
        for name in names {
            set.add(library, scenario, name.as_ref(), &mut visiting)?;
        }
        for a in &set.variants {
            if let Some(b) = set
                .variants
                .iter()
                .find(|b| a.manifest.conflicts.contains(&b.manifest.name))
            {
                return Err(VariantError::File {
                    path: manifest_of(&a.script).shown(),
                    message: format!(
                        "variants `{}` and `{}` cannot be combined (`conflicts`)",
                        a.manifest.name, b.manifest.name
                    ),
                });
            }
        }
        Ok(set)
    }

    /// Loads `name` after the variants it needs.
    fn add(
        &mut self,
        library: &Library,
        scenario: Option<&Path>,
        name: &str,
        visiting: &mut Vec<String>,
    ) -> Result<(), VariantError> {
        if self.variants.iter().any(|v| v.manifest.name == name) {
            return Ok(());
        }
        let found = library.find(Kind::Variant, Game::NAME, name, scenario)?;
        let Entry::File(manifest_file) = found.entry else {
            unreachable!("a variant is found as its manifest file");
        };
        let shown = manifest_file.shown();
        let text = manifest_file.read().map_err(|e| VariantError::File {
            path: shown.clone(),
            message: format!("cannot read it: {}", e.reason()),
        })?;
        let manifest = Manifest::parse(&shown, &text)?;
        if manifest.name != name {
            return Err(VariantError::File {
                path: shown,
                message: format!(
                    "`name` is `{}` but the folder is `{name}`: they must be the same",
                    manifest.name
                ),
            });
        }
        if visiting.iter().any(|v| v == name) {
            return Err(VariantError::File {
                path: shown,
                message: format!("`needs` makes a cycle: {} -> {name}", visiting.join(" -> ")),
            });
        }
        let script = manifest_file.folder().file("variant.lua");
        let hooks = check_script(&script)?;
        visiting.push(name.to_string());
        for needed in &manifest.needs {
            self.add(library, scenario, needed, visiting)?;
        }
        visiting.pop();
        self.variants.push(Variant {
            manifest,
            script,
            hooks,
        });
        Ok(())
    }

    /// The variants, in the order they apply.
    pub fn variants(&self) -> &[Variant] {
        &self.variants
    }

    /// Their names, in order.
    pub fn names(&self) -> Vec<String> {
        self.variants
            .iter()
            .map(|v| v.manifest.name.clone())
            .collect()
    }

    /// The settings of all the variants, later ones over earlier ones.
    pub fn settings(&self) -> Settings {
        self.variants
            .iter()
            .fold(Settings::default(), |acc, v| acc.then(&v.manifest.settings))
    }

    /// The lives each robot starts with (see [`Settings::lives`]).
    pub fn lives(&self, players: usize, boards: usize) -> u8 {
        self.settings().lives(players, boards)
    }

    /// What a game with these variants keeps: `None` without variants;
    /// the names, and a fresh Lua runtime when a script defines a hook
    /// (one per game: games share no hook state).
    pub fn for_game(&self) -> Result<Option<Rc<Variants>>, VariantError> {
        if self.variants.is_empty() {
            return Ok(None);
        }
        let runtime = if self.variants.iter().any(|v| !v.hooks.is_empty()) {
            let mut scripts = Vec::new();
            for v in &self.variants {
                let text = v.script.read().map_err(|e| VariantError::File {
                    path: v.script.shown(),
                    message: format!("cannot read it: {}", e.reason()),
                })?;
                scripts.push((v.manifest.name.clone(), v.script.shown(), text));
            }
            Some(
                VariantRuntime::load(&scripts).map_err(|e| VariantError::File {
                    path: "variants".into(),
                    message: e.to_string(),
                })?,
            )
        } else {
            None
        };
        Ok(Some(Rc::new(Variants {
            names: self.names(),
            runtime,
        })))
    }
}

/// The manifest beside a variant's script.
fn manifest_of(script: &AssetFile) -> AssetFile {
    script.folder().file("variant.toml")
}

/// Runs a variant's script in a sandbox: it must return a table whose keys
/// are hooks ([`VariantHook::ALL`]) bound to functions; the hooks it
/// defines.
fn check_script(script: &AssetFile) -> Result<Vec<VariantHook>, VariantError> {
    let fail = |message: String| VariantError::File {
        path: script.shown(),
        message,
    };
    let mut sandbox = Sandbox::new().map_err(|e| fail(e.to_string()))?;
    let id = sandbox.load_file(script).map_err(|e| fail(e.to_string()))?;
    let mlua::Value::Table(table) = sandbox.script_value(id).clone() else {
        return Err(fail(
            "a variant script returns a table of hooks (`return {}` for none)".into(),
        ));
    };
    let names: Vec<&str> = VariantHook::ALL.iter().map(|h| h.name()).collect();
    let mut hooks = Vec::new();
    for pair in table.pairs::<mlua::Value, mlua::Value>() {
        let (key, value) = pair.map_err(|e| fail(e.to_string()))?;
        let key = match key {
            mlua::Value::String(s) => s.to_string_lossy(),
            other => {
                return Err(fail(format!(
                    "the table has a key {other:?}: keys are hook names"
                )))
            }
        };
        let Some(hook) = VariantHook::named(&key) else {
            return Err(fail(format!(
                "`{key}` is not a RoboRally variant hook: hooks are {}",
                names.join(", ")
            )));
        };
        if !matches!(value, mlua::Value::Function(_)) {
            return Err(fail(format!("hook `{key}` is a function")));
        }
        hooks.push(hook);
    }
    hooks.sort_by_key(|h| h.bit());
    Ok(hooks)
}

/// `tinbots variants --game roborally`: every RoboRally variant that can
/// be named, one a line: its name, where it comes from, its description
/// (`?` and why when its manifest cannot be read).
pub fn listing(library: &Library) -> String {
    crate::assets::variant_listing(library, Game::NAME, &|shown, text| {
        Manifest::parse(shown, text)
            .map(|m| m.description)
            .map_err(|e| e.to_string())
    })
}

/// The names a start record's `variants` field lists (none when absent).
pub fn recorded_names(record: &serde_json::Value) -> Result<Vec<String>, String> {
    match record.get("variants") {
        None => Ok(Vec::new()),
        Some(v) => v
            .as_array()
            .and_then(|a| {
                a.iter()
                    .map(|n| n.as_str().map(str::to_string))
                    .collect::<Option<Vec<_>>>()
            })
            .ok_or_else(|| "start record: `variants` is a list of names".to_string()),
    }
}
