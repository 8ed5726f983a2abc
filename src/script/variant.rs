//! What every game's variants share: a variant is a folder
//! `variants/<game>/<name>/` holding a manifest (`variant.toml`) and a
//! script (`variant.lua`) that returns a table of hooks
//! (`docs/variants.md`).
//!
//! Here: the manifest's fields every game has ([`variant_manifest!`]
//! declares a game's manifest with them and its own), reading a manifest
//! (errors name the file, line, column and field), finding variants by
//! name where [`crate::assets`] says and resolving them ([`load`]: a
//! needed variant first, cycles, conflicts and names that are not their
//! folder's refused with the file at fault), the first look at a script
//! ([`read_hooks`]), and `tinbots variants` ([`listing`]). Each game keeps
//! its own fields and hooks, and what it does with them.

use std::path::Path;

use serde::de::DeserializeOwned;

use crate::assets::{AssetFile, AssetFolder, Entry, Kind, Library, LookupError, Origin};
use crate::toml_text::located_error;

use super::Sandbox;

/// Why variants could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum VariantError {
    /// No variant of that name where variants are looked up.
    #[error(transparent)]
    Unknown(#[from] LookupError),
    /// A manifest or script is wrong.
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

/// The fields every variant's manifest has (declared by
/// [`variant_manifest!`]).
pub trait SharedFields {
    /// The variant's name: the same as its folder's.
    fn name(&self) -> &str;
    /// What it does.
    fn description(&self) -> &str;
    /// The variants it needs.
    fn needs(&self) -> &[String];
    /// The variants it cannot be combined with.
    fn conflicts(&self) -> &[String];
    /// The readings of disputed rules it fixes (a house rule is often a
    /// reading): `rulings = { "droids.steer-water" = "enter" }`, applied
    /// with [`crate::engine::Rulings::from_table`].
    fn rulings(&self) -> &toml::Table;
}

/// A game's variant manifest: the shared fields, the game's own, and the
/// game's checks of them.
pub trait VariantManifest: SharedFields + DeserializeOwned {
    /// Checks what reading the manifest cannot (a setting's range, names
    /// defined twice); `shown` names the file and `text` is its text, to
    /// point at a line. By default nothing.
    fn check(&self, shown: &str, text: &str) -> Result<(), VariantError> {
        let _ = (shown, text);
        Ok(())
    }

    /// Parses a manifest's text and checks it; `shown` names it in
    /// errors, which give the line, column and field.
    fn parse(shown: &str, text: &str) -> Result<Self, VariantError> {
        let manifest: Self = toml::from_str(text).map_err(|e| {
            let (path, message) = located_error(shown, text, &e);
            VariantError::File { path, message }
        })?;
        manifest.check(shown, text)?;
        Ok(manifest)
    }

    /// Reads a manifest file and checks it (see [`VariantManifest::parse`]).
    fn load(file: &AssetFile) -> Result<Self, VariantError> {
        let shown = file.shown();
        let text = file.read().map_err(|e| VariantError::File {
            path: shown.clone(),
            message: format!("cannot read it: {}", e.reason()),
        })?;
        Self::parse(&shown, &text)
    }
}

/// Declares a game's variant manifest: a struct with the fields every
/// manifest has (`name`, `description`, `source`, `needs`, `conflicts`),
/// then the game's own, read from TOML with unknown keys refused. The game
/// implements [`VariantManifest`] for it.
///
/// ```ignore
/// variant_manifest! {
///     /// A variant's manifest.
///     pub struct Manifest {
///         /// Rule settings.
///         #[serde(default)]
///         pub settings: Settings,
///     }
/// }
/// ```
macro_rules! variant_manifest {
    (
        $(#[$attribute:meta])*
        pub struct $name:ident {
            $(
                $(#[$field_attribute:meta])*
                pub $field:ident: $type:ty
            ),* $(,)?
        }
    ) => {
        $(#[$attribute])*
        #[derive(Clone, Debug, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct $name {
            /// The variant's name: the same as its folder's.
            pub name: String,
            /// What it does, in a sentence or two.
            pub description: String,
            /// Where the rule comes from (the rulebook's file and its
            /// section or lines), or `house rule`.
            pub source: String,
            /// Variants it needs (loaded with it, applied first).
            #[serde(default)]
            pub needs: Vec<String>,
            /// Variants it cannot be combined with.
            #[serde(default)]
            pub conflicts: Vec<String>,
            /// The readings of disputed rules it fixes, by dispute id.
            #[serde(default)]
            pub rulings: toml::Table,
            $(
                $(#[$field_attribute])*
                pub $field: $type,
            )*
        }

        impl $crate::script::variant::SharedFields for $name {
            fn name(&self) -> &str {
                &self.name
            }
            fn description(&self) -> &str {
                &self.description
            }
            fn needs(&self) -> &[String] {
                &self.needs
            }
            fn conflicts(&self) -> &[String] {
                &self.conflicts
            }
            fn rulings(&self) -> &toml::Table {
                &self.rulings
            }
        }
    };
}
pub(crate) use variant_manifest;

/// One variant loaded: its manifest, its folder, where it was found, and
/// the hooks its script defines (in the game's terms, `H`).
#[derive(Clone, Debug)]
pub struct Variant<M, H> {
    /// Its manifest.
    pub manifest: M,
    /// Its folder: on disk, or built in.
    pub folder: AssetFolder,
    /// Where it was found.
    pub origin: Origin,
    /// The hooks its script defines.
    pub hooks: Vec<H>,
}

impl<M, H> Variant<M, H> {
    /// Its script, `variant.lua`.
    pub fn script(&self) -> AssetFile {
        self.folder.file("variant.lua")
    }

    /// Its manifest file, `variant.toml`.
    pub fn manifest_file(&self) -> AssetFile {
        self.folder.file("variant.toml")
    }
}

/// The readings of disputed rules `disputes` (a game's) take with the
/// `rulings` tables of `variants` applied in order, a later variant over
/// an earlier one; the error names the manifest at fault.
pub fn rulings<M: SharedFields, H>(
    disputes: &'static [crate::engine::Dispute],
    variants: &[Variant<M, H>],
) -> Result<crate::engine::Rulings, VariantError> {
    variants
        .iter()
        .try_fold(crate::engine::Rulings::defaults(disputes), |rulings, v| {
            rulings
                .from_table(v.manifest.rulings())
                .map_err(|e| VariantError::File {
                    path: v.manifest_file().shown(),
                    message: e.to_string(),
                })
        })
}

/// Loads the variants `names` of `game` (and those they need) from the
/// places of `library` (for the scenario file `scenario`, whose
/// neighbourhood is searched first), each after those it needs; `hooks`
/// reads a variant's script and says which hooks it defines. Refuses an
/// unknown name, a manifest that cannot be read or names another folder,
/// a cycle of `needs`, and two variants of which one `conflicts` with the
/// other.
pub fn load<M: VariantManifest, H, S: AsRef<str>>(
    library: &Library,
    game: &str,
    scenario: Option<&Path>,
    names: &[S],
    hooks: &dyn Fn(&AssetFile) -> Result<Vec<H>, VariantError>,
) -> Result<Vec<Variant<M, H>>, VariantError> {
    let mut loading: Loading<'_, M, H> = Loading {
        library,
        game,
        scenario,
        hooks,
        loaded: Vec::new(),
        visiting: Vec::new(),
    };
    for name in names {
        loading.add(name.as_ref())?;
    }
    let loaded = loading.loaded;
    for a in &loaded {
        for b in &loaded {
            if a.manifest
                .conflicts()
                .iter()
                .any(|c| c == b.manifest.name())
            {
                return Err(VariantError::Conflict {
                    a: a.manifest.name().to_string(),
                    b: b.manifest.name().to_string(),
                    file: a.manifest_file().shown(),
                });
            }
        }
    }
    Ok(loaded)
}

/// The variants of one [`load`], as they are found.
struct Loading<'a, M, H> {
    library: &'a Library,
    game: &'a str,
    scenario: Option<&'a Path>,
    hooks: &'a dyn Fn(&AssetFile) -> Result<Vec<H>, VariantError>,
    /// Loaded so far, each after those it needs.
    loaded: Vec<Variant<M, H>>,
    /// The chain of `needs` being followed.
    visiting: Vec<String>,
}

impl<M: VariantManifest, H> Loading<'_, M, H> {
    /// Loads `name` after the variants it needs (so that a variant's
    /// settings and hooks apply over those it builds on).
    fn add(&mut self, name: &str) -> Result<(), VariantError> {
        if self.loaded.iter().any(|v| v.manifest.name() == name) {
            return Ok(());
        }
        let variant = self.find(name)?;
        if self.visiting.iter().any(|v| v == name) {
            return Err(VariantError::File {
                path: variant.manifest_file().shown(),
                message: format!(
                    "`needs` makes a cycle: {} -> {name}",
                    self.visiting.join(" -> ")
                ),
            });
        }
        self.visiting.push(name.to_string());
        for needed in variant.manifest.needs() {
            self.add(needed)?;
        }
        self.visiting.pop();
        self.loaded.push(variant);
        Ok(())
    }

    /// Finds the variant `name` and reads its folder: its manifest, whose
    /// name must be the folder's, and its script's hooks.
    fn find(&self, name: &str) -> Result<Variant<M, H>, VariantError> {
        let found = self
            .library
            .find(Kind::Variant, self.game, name, self.scenario)?;
        let Entry::File(manifest_file) = found.entry else {
            unreachable!("a variant is found as its manifest file");
        };
        let manifest = M::load(&manifest_file)?;
        if manifest.name() != name {
            return Err(VariantError::File {
                path: manifest_file.shown(),
                message: format!(
                    "`name` is `{}` but the folder is `{name}`: they must be the same",
                    manifest.name()
                ),
            });
        }
        let folder = manifest_file.folder();
        let hooks = (self.hooks)(&folder.file("variant.lua"))?;
        Ok(Variant {
            manifest,
            folder,
            origin: found.origin,
            hooks,
        })
    }
}

/// Runs a variant's script in a sandbox of its own: it must return a
/// table whose keys are names; `each` is given every key and value and
/// says what is wrong with one (the error names the script).
pub fn read_hooks(
    script: &AssetFile,
    each: &mut dyn FnMut(String, mlua::Value) -> Result<(), String>,
) -> Result<(), VariantError> {
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
        each(key, value).map_err(fail)?;
    }
    Ok(())
}

/// `tinbots variants`: every variant of `game` that can be named, one a
/// line: its name, where it comes from, and its description (`?` and why
/// when its manifest cannot be read).
pub fn listing<M: VariantManifest>(library: &Library, game: &str) -> String {
    crate::assets::variant_listing(library, game, &|shown, text| {
        M::parse(shown, text)
            .map(|m| m.description().to_string())
            .map_err(|e| e.to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_folder::Folder;

    /// A made-up game's settings.
    #[derive(Clone, Debug, Default, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Settings {
        /// A made-up setting.
        pub speed: Option<u8>,
    }

    variant_manifest! {
        /// A made-up game's manifest.
        pub struct Manifest {
            /// Its settings.
            #[serde(default)]
            pub settings: Settings,
        }
    }

    impl VariantManifest for Manifest {
        fn check(&self, shown: &str, _: &str) -> Result<(), VariantError> {
            match self.settings.speed {
                Some(0) => Err(VariantError::File {
                    path: shown.to_string(),
                    message: "in `settings.speed`: 0: a speed is 1 or more".into(),
                }),
                _ => Ok(()),
            }
        }
    }

    fn manifest(name: &str, extra: &str) -> String {
        format!(
            "name = \"{name}\"\ndescription = \"about {name}\"\nsource = \"house rule\"\n{extra}"
        )
    }

    /// Every key of a script's table is a hook, `go` only.
    fn hooks(script: &AssetFile) -> Result<Vec<String>, VariantError> {
        let mut hooks = Vec::new();
        read_hooks(script, &mut |key, _| match key.as_str() {
            "go" => {
                hooks.push(key);
                Ok(())
            }
            _ => Err(format!("`{key}` is not a hook")),
        })?;
        Ok(hooks)
    }

    fn load_names(folder: &Folder, names: &[&str]) -> Result<Vec<String>, String> {
        load::<Manifest, String, _>(&Library::only(&folder.0), "made-up", None, names, &hooks)
            .map(|loaded| loaded.into_iter().map(|v| v.manifest.name).collect())
            .map_err(|e| e.to_string())
    }

    #[test]
    fn a_manifest_has_the_shared_fields_and_the_game_s_own_and_no_other() {
        let m = Manifest::parse(
            "v.toml",
            &manifest("fast", "needs = [\"a\"]\n[settings]\nspeed = 3\n"),
        )
        .unwrap();
        assert_eq!((m.name(), m.description()), ("fast", "about fast"));
        assert_eq!(m.source, "house rule");
        assert_eq!(
            (m.needs(), m.conflicts()),
            (&["a".to_string()][..], &[][..])
        );
        assert_eq!(m.settings.speed, Some(3));
        let e = Manifest::parse("v.toml", &manifest("fast", "colour = \"red\"\n"))
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("v.toml:4:1: "), "{e}");
        assert!(e.contains("unknown field `colour`"), "{e}");
        let e = Manifest::parse("v.toml", &manifest("fast", "[settings]\nspeed = \"x\"\n"))
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("v.toml:5:9: in `settings.speed`"), "{e}");
        let e = Manifest::parse("v.toml", &manifest("fast", "[settings]\nspeed = 0\n"))
            .unwrap_err()
            .to_string();
        assert_eq!(e, "v.toml: in `settings.speed`: 0: a speed is 1 or more");
    }

    #[test]
    fn variants_load_after_those_they_need_and_cycles_conflicts_and_names_are_refused() {
        let folder = Folder::new(
            "shared-variants",
            &[
                ("a/variant.toml", &manifest("a", "needs = [\"b\"]")),
                ("a/variant.lua", "return { go = function() end }"),
                ("b/variant.toml", &manifest("b", "")),
                ("b/variant.lua", "return {}"),
                ("c/variant.toml", &manifest("c", "conflicts = [\"b\"]")),
                ("c/variant.lua", "return {}"),
                ("x/variant.toml", &manifest("x", "needs = [\"y\"]")),
                ("x/variant.lua", "return {}"),
                ("y/variant.toml", &manifest("y", "needs = [\"x\"]")),
                ("y/variant.lua", "return {}"),
                ("named/variant.toml", &manifest("other", "")),
                ("named/variant.lua", "return {}"),
                ("bad/variant.toml", &manifest("bad", "")),
                ("bad/variant.lua", "return { stop = 1 }"),
            ],
        );
        assert_eq!(load_names(&folder, &["a"]).unwrap(), ["b", "a"]);
        let a = &load::<Manifest, String, _>(
            &Library::only(&folder.0),
            "made-up",
            None,
            &["a"],
            &hooks,
        )
        .unwrap()[1];
        assert_eq!(a.hooks, ["go"]);
        assert!(a.script().shown().ends_with("a/variant.lua"));
        let e = load_names(&folder, &["a", "c"]).unwrap_err();
        assert!(
            e.starts_with("variants `c` and `b` cannot be combined (")
                && e.contains("c/variant.toml says"),
            "{e}"
        );
        let e = load_names(&folder, &["x"]).unwrap_err();
        assert!(e.contains("`needs` makes a cycle: x -> y -> x"), "{e}");
        let e = load_names(&folder, &["named"]).unwrap_err();
        assert!(
            e.contains("`name` is `other` but the folder is `named`"),
            "{e}"
        );
        let e = load_names(&folder, &["bad"]).unwrap_err();
        assert!(e.contains("bad/variant.lua: `stop` is not a hook"), "{e}");
        let e = load_names(&folder, &["none"]).unwrap_err();
        assert!(e.contains("unknown variant `none`"), "{e}");
    }

    #[test]
    fn the_listing_gives_each_variant_s_description_or_why_not() {
        let folder = Folder::new(
            "shared-variant-listing",
            &[
                ("fast/variant.toml", &manifest("fast", "")),
                ("fast/variant.lua", "return {}"),
                (
                    "slow/variant.toml",
                    &manifest("slow", "[settings]\nspeed = 0\n"),
                ),
                ("slow/variant.lua", "return {}"),
            ],
        );
        let text = listing::<Manifest>(&Library::only(&folder.0), "made-up");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2, "{text}");
        assert!(
            lines[0].starts_with("fast") && lines[0].contains("about fast"),
            "{text}"
        );
        assert!(
            lines[1].starts_with("slow") && lines[1].contains("? "),
            "{text}"
        );
    }
}
