//! RoboRally's variants: folders `variants/roborally/<name>/` holding a
//! manifest (`variant.toml`, the fields every game's manifest has with
//! RoboRally's settings: [`manifest`]) and a script (`variant.lua`, the
//! hooks of [`crate::games::roborally::game::variant_lua`]), found by name
//! where [`crate::assets`] says and combined (`docs/roborally-variants.md`).
//!
//! [`VariantSet::load_with`] resolves names (a needed variant comes first),
//! refuses conflicts, unknown names and unknown hooks with the file at
//! fault ([`crate::script::variant::load`], shared with every game's
//! variants); [`VariantSet::lives`] applies the settings; [`VariantSet::for_game`]
//! makes what a game keeps: the names (recorded in replays) and, when a
//! script defines a hook, the Lua runtime running them.

#[cfg(test)]
mod hostile_tests;
pub mod manifest;
#[cfg(test)]
mod tests;

use std::path::Path;
use std::rc::Rc;

use crate::assets::{AssetFile, Library};
use crate::engine::{Named, Rulings};
use crate::script::variant;

use super::game::variant_lua::{VariantHook, VariantRuntime};
use super::game::{Game, Variants};
use super::rulings::DISPUTES;
pub use crate::script::variant::VariantError;
pub use manifest::{Manifest, Settings};

/// One loaded variant: its manifest, its folder (`variant.lua` is its
/// script) and the hooks its script defines.
pub type Variant = crate::script::variant::Variant<Manifest, VariantHook>;

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
        Ok(VariantSet {
            variants: variant::load(library, Game::NAME, scenario, names, &check_script)?,
        })
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

    /// The readings of disputed rules every game's defaults become with
    /// these variants' `rulings` tables applied in order (a later variant
    /// over an earlier one); the error names the manifest at fault.
    pub fn rulings(&self) -> Result<Rulings, VariantError> {
        crate::script::variant::rulings(DISPUTES, &self.variants)
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
                let script = v.script();
                let text = script.read().map_err(|e| VariantError::File {
                    path: script.shown(),
                    message: format!("cannot read it: {}", e.reason()),
                })?;
                scripts.push((v.manifest.name.clone(), script.shown(), text));
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

/// Reads a variant's script ([`variant::read_hooks`]): its keys are hooks
/// ([`VariantHook::ALL`]) bound to functions; the hooks it defines.
fn check_script(script: &AssetFile) -> Result<Vec<VariantHook>, VariantError> {
    let names: Vec<&str> = VariantHook::ALL.iter().map(|h| h.name()).collect();
    let mut hooks = Vec::new();
    variant::read_hooks(script, &mut |key, value| {
        let Some(hook) = VariantHook::named(&key) else {
            return Err(format!(
                "`{key}` is not a RoboRally variant hook: hooks are {}",
                names.join(", ")
            ));
        };
        if !matches!(value, mlua::Value::Function(_)) {
            return Err(format!("hook `{key}` is a function"));
        }
        hooks.push(hook);
        Ok(())
    })?;
    hooks.sort_by_key(|h| h.bit());
    Ok(hooks)
}

/// `tinbots variants --game roborally`: every RoboRally variant that can
/// be named, one a line: its name, where it comes from, its description
/// (`?` and why when its manifest cannot be read).
pub fn listing(library: &Library) -> String {
    variant::listing::<Manifest>(library, Game::NAME)
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
