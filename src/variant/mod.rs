//! Variants: folders of data and script that change the rules, loaded by
//! name and combined.
//!
//! A variant is `variants/<name>/variant.toml` (its manifest: name,
//! description, the rulebook section it comes from, the variants it needs
//! and those it conflicts with, and settings the engine applies as data)
//! and `variants/<name>/variant.lua` (its hooks, run in the Lua sandbox).
//! [`VariantSet::load`] resolves names (a needed variant is loaded too),
//! refuses conflicts and unknown names with the file and line at fault, and
//! applies the settings to a setup ([`VariantSet::apply_to_setup`]) or to a
//! scenario's position ([`VariantSet::apply_to_position`]).
//!
//! What is here: the format, loading, combining, and the settings (score
//! victory, robots per player, special tiles) — enough for the rulebook's
//! `simplified` rules and the online `no-score-victory` variant. Hooks into
//! the engine (a piece entering a hex, a step, a push, a zap, a delivery,
//! turn order, scoring) and piece kinds (terrain) are the next step: a
//! variant whose script defines a hook, or whose manifest adds a piece
//! kind, is refused with a message saying so, rather than half-played.

mod manifest;

pub use manifest::{Manifest, Settings};

use std::path::{Path, PathBuf};

use crate::game::Position;
use crate::script::Sandbox;
use crate::setup::Setup;

/// The folder variants are looked up in, relative to the current folder.
pub const VARIANTS_DIR: &str = "variants";

/// Why variants could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum VariantError {
    /// No folder for that name.
    #[error("unknown variant `{name}` (no {dir}/{name}/variant.toml){}", available(.known))]
    Unknown {
        /// The name asked for.
        name: String,
        /// The folder searched.
        dir: String,
        /// The variants that exist.
        known: Vec<String>,
    },
    /// A manifest or script could not be read.
    #[error("{path}: {message}")]
    File {
        /// The file, with `:line:column` when known.
        path: String,
        /// What is wrong.
        message: String,
    },
    /// Two variants that cannot be combined.
    #[error(
        "variants `{a}` and `{b}` cannot be combined ({file} says `{a}` conflicts with `{b}`)"
    )]
    Conflict {
        /// The variant whose manifest lists the conflict.
        a: String,
        /// The other.
        b: String,
        /// That manifest.
        file: String,
    },
}

fn available(known: &[String]) -> String {
    if known.is_empty() {
        String::new()
    } else {
        format!("; variants: {}", known.join(", "))
    }
}

/// One loaded variant.
#[derive(Clone, Debug)]
pub struct Variant {
    /// Its manifest.
    pub manifest: Manifest,
    /// Its folder.
    pub dir: PathBuf,
}

/// The variants of a game, in the order they apply.
#[derive(Clone, Debug, Default)]
pub struct VariantSet {
    variants: Vec<Variant>,
}

/// The variants that exist in `dir`, by name.
pub fn known(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.path().join("variant.toml").is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

impl VariantSet {
    /// No variant: the standard rules.
    pub fn none() -> VariantSet {
        VariantSet::default()
    }

    /// Loads the variants `names` from [`VARIANTS_DIR`].
    pub fn load<S: AsRef<str>>(names: &[S]) -> Result<VariantSet, VariantError> {
        VariantSet::load_from(Path::new(VARIANTS_DIR), names)
    }

    /// Loads the variants `names` (and those they need) from `dir`.
    pub fn load_from<S: AsRef<str>>(dir: &Path, names: &[S]) -> Result<VariantSet, VariantError> {
        let mut set = VariantSet::default();
        let mut pending: Vec<String> = names.iter().map(|n| n.as_ref().to_string()).collect();
        pending.reverse();
        while let Some(name) = pending.pop() {
            if set.variants.iter().any(|v| v.manifest.name == name) {
                continue;
            }
            let variant = load_one(dir, &name)?;
            pending.extend(variant.manifest.needs.iter().rev().cloned());
            set.variants.push(variant);
        }
        for a in &set.variants {
            for b in &set.variants {
                if a.manifest.conflicts.contains(&b.manifest.name) {
                    return Err(VariantError::Conflict {
                        a: a.manifest.name.clone(),
                        b: b.manifest.name.clone(),
                        file: a.dir.join("variant.toml").display().to_string(),
                    });
                }
            }
        }
        Ok(set)
    }

    /// The variants, in the order they apply.
    pub fn variants(&self) -> &[Variant] {
        &self.variants
    }

    /// Their names.
    pub fn names(&self) -> Vec<String> {
        self.variants
            .iter()
            .map(|v| v.manifest.name.clone())
            .collect()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.variants.is_empty()
    }

    /// The settings of all the variants, later ones over earlier ones.
    pub fn settings(&self) -> Settings {
        self.variants
            .iter()
            .fold(Settings::default(), |acc, v| acc.then(&v.manifest.settings))
    }

    /// Changes a standard setup as the variants say (before it is dealt).
    pub fn apply_to_setup(&self, setup: &mut Setup) {
        let s = self.settings();
        if s.score_victory == Some(false) {
            setup.score_to_win = None;
        }
        if s.special_tiles == Some(false) {
            setup.special_tiles.clear();
            setup.specials_dealt = 0;
        }
        if let Some(n) = s.robots_per_player {
            for seat in &mut setup.seats {
                seat.robots.truncate(n as usize);
            }
        }
    }

    /// Changes a given position (a scenario's) as the variants' rules say:
    /// a scenario lists its own pieces and tiles, so only rule settings
    /// apply (score victory).
    pub fn apply_to_position(&self, position: &mut Position) {
        if self.settings().score_victory == Some(false) {
            position.score_to_win = None;
        }
    }
}

/// Reads one variant's folder: its manifest, and its script, which must
/// return a table and define no hook yet.
fn load_one(dir: &Path, name: &str) -> Result<Variant, VariantError> {
    let folder = dir.join(name);
    let manifest_path = folder.join("variant.toml");
    let valid_name = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_');
    if !valid_name || !manifest_path.is_file() {
        return Err(VariantError::Unknown {
            name: name.to_string(),
            dir: dir.display().to_string(),
            known: known(dir),
        });
    }
    let manifest = Manifest::load(&manifest_path)?;
    if manifest.name != name {
        return Err(VariantError::File {
            path: manifest_path.display().to_string(),
            message: format!(
                "`name` is `{}` but the folder is `{name}`: they must be the same",
                manifest.name
            ),
        });
    }
    check_script(&folder.join("variant.lua"))?;
    Ok(Variant {
        manifest,
        dir: folder,
    })
}

/// Runs a variant's script in the sandbox: it must return a table, and may
/// not define hooks yet (the engine does not call them).
fn check_script(path: &Path) -> Result<(), VariantError> {
    let file_error = |message: String| VariantError::File {
        path: path.display().to_string(),
        message,
    };
    let mut sandbox = Sandbox::new().map_err(|e| file_error(e.to_string()))?;
    let id = sandbox.load_script(path).map_err(|e| VariantError::File {
        path: path.display().to_string(),
        message: e.to_string(),
    })?;
    let mlua::Value::Table(hooks) = sandbox.script_value(id).clone() else {
        return Err(file_error(
            "a variant script returns a table of hooks (`return {}` for none)".into(),
        ));
    };
    if let Some(Ok((name, _))) = hooks.pairs::<String, mlua::Value>().next() {
        return Err(file_error(format!(
            "hook `{name}`: hooks into the engine are not available yet (the variant can only change settings in variant.toml)"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests;
