//! Variants: folders of data and script that change the rules, loaded by
//! name and combined.
//!
//! A variant is a folder `<name>/` holding `variant.toml` (its manifest:
//! name, description, the rulebook section it comes from, the variants it
//! needs and those it conflicts with, and settings the engine applies as
//! data) and `variant.lua` (its hooks, run in the Lua sandbox). The
//! official ones are built in; others are found by name in the places
//! [`crate::assets`] describes. [`VariantSet::load`] resolves names (a
//! needed variant is loaded too) and refuses conflicts and unknown names
//! with the file and line at fault, as every game's variants do
//! ([`crate::script::variant`]), and applies the settings to a setup ([`VariantSet::apply_to_setup`]) or to a
//! scenario's position ([`VariantSet::apply_to_position`]).
//!
//! A variant's script returns a table of hooks (`docs/variants.md`): the
//! game-wide ones ([`hooks::GAME_HOOKS`]), the per-kind ones under `kinds`
//! ([`hooks::KIND_HOOKS`]), and those that set up a standard game
//! ([`hooks::SETUP_HOOKS`]). [`VariantSet::rules`] makes a game's
//! [`Rules`] (the kinds of terrain and a fresh Lua state with the hooks);
//! [`VariantSet::standard_position`] deals a standard game through the
//! setup hooks.

mod game_handle;
mod hooks;
mod lua_values;
mod manifest;

mod setup;
mod texts;

pub use crate::script::variant::VariantError;
pub use hooks::{GAME_HOOKS, KIND_HOOKS, SETUP_HOOKS};
pub use manifest::{Manifest, PieceSpec, Settings};
pub use setup::Seating;

use crate::engine::Rulings;
use crate::games::twin_tin_bots::rulings::DISPUTES;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;

use crate::assets::{AssetFile, Kind, Library};

use crate::engine::Named;
use crate::games::twin_tin_bots::game::{Game, Position, Rules, Sides};
use crate::games::twin_tin_bots::names::Name;
use crate::games::twin_tin_bots::orders::{OrderBook, Tile};
use crate::games::twin_tin_bots::setup::Setup;
use crate::games::twin_tin_bots::terrain::{KindTable, Props};
use crate::script::variant;
use crate::script::Sandbox;
use hooks::{LoadedScript, LuaHooks};
use setup::SetupHandle;

/// An error of the Lua state the variants run in, rather than of one file.
fn engine_error(e: impl std::fmt::Display) -> VariantError {
    VariantError::File {
        path: "variants".into(),
        message: e.to_string(),
    }
}

/// One loaded variant: its manifest, folder, origin, and the hooks its
/// script defines (game-wide and setup hooks by name, kind hooks as
/// `kind.hook`).
pub type Variant = crate::script::variant::Variant<Manifest, String>;

/// Whether `variant`'s script defines `hook`.
fn defines(variant: &Variant, hook: &str) -> bool {
    variant.hooks.iter().any(|h| h == hook)
}

/// The variants of a game, in the order they apply.
#[derive(Clone, Debug, Default)]
pub struct VariantSet {
    variants: Vec<Variant>,
    /// Where they were looked up, for [`VariantSet::reload`].
    library: Library,
    /// The scenario file whose variants they are, if any.
    scenario: Option<PathBuf>,
}

/// The variants that exist in `dir`, by name.
pub fn known(dir: &Path) -> Vec<String> {
    Library::only(dir)
        .list(Kind::Variant, Game::NAME, None)
        .into_iter()
        .map(|listed| listed.found.name)
        .collect()
}

impl VariantSet {
    /// No variant: the standard rules.
    pub fn none() -> VariantSet {
        VariantSet::default()
    }

    /// Loads the variants `names` (and those they need) from the places
    /// of [`Library::current`].
    pub fn load<S: AsRef<str>>(names: &[S]) -> Result<VariantSet, VariantError> {
        VariantSet::load_with(&Library::current(), None, names)
    }

    /// Loads the variants `names` of the scenario file `scenario`: a
    /// `variants/twin-tin-bots/` or `variants/` folder beside it (or above
    /// it) comes before the user data folder and the built-in ones.
    pub fn load_for_scenario<S: AsRef<str>>(
        scenario: &Path,
        names: &[S],
    ) -> Result<VariantSet, VariantError> {
        VariantSet::load_with(&Library::current(), Some(scenario), names)
    }

    /// Loads the variants `names` (and those they need) from `dir` only.
    pub fn load_from<S: AsRef<str>>(dir: &Path, names: &[S]) -> Result<VariantSet, VariantError> {
        VariantSet::load_with(&Library::only(dir), None, names)
    }

    /// Loads the variants `names` again, from where they would be found
    /// now (a script changed on disk, a variant added to a folder).
    pub fn reload(&self) -> Result<VariantSet, VariantError> {
        VariantSet::load_with(&self.library, self.scenario.as_deref(), &self.names())
    }

    /// Loads the variants `names` (and those they need) from the places of
    /// `library` (for the scenario file `scenario`, if any).
    pub fn load_with<S: AsRef<str>>(
        library: &Library,
        scenario: Option<&Path>,
        names: &[S],
    ) -> Result<VariantSet, VariantError> {
        let set = VariantSet {
            variants: variant::load(library, Game::NAME, scenario, names, &check_script)?,
            library: library.clone(),
            scenario: scenario.map(Path::to_path_buf),
        };
        let kinds = set.kinds();
        for v in &set.variants {
            for hook in &v.hooks {
                if let Some((kind, _)) = hook.split_once('.') {
                    if kinds.get(Name::intern(kind)).is_none() {
                        return Err(VariantError::File {
                            path: v.script().shown(),
                            message: format!(
                                "`kinds.{kind}`: `{kind}` is not a kind of terrain of these variants (they define: {})",
                                kinds.names()
                            ),
                        });
                    }
                }
            }
        }
        Ok(set)
    }

    /// The kinds of terrain the variants define, flagged with the kind
    /// hooks their scripts define.
    pub fn kinds(&self) -> KindTable {
        let mut table = KindTable::none();
        for v in &self.variants {
            for piece in &v.manifest.piece {
                if let Ok(def) = piece.kind(&v.manifest.name) {
                    table.define(def);
                }
            }
        }
        for v in &self.variants {
            for hook in &v.hooks {
                let Some((kind, name)) = hook.split_once('.') else {
                    continue;
                };
                let flag = match name {
                    "entered" => Props::HOOK_ENTERED,
                    "before_step" => Props::HOOK_BEFORE_STEP,
                    _ => Props::HOOK_ZAPPED,
                };
                table.flag(Name::intern(kind), flag, true);
            }
        }
        table
    }

    /// A sandbox with every variant script loaded, and what each returned.
    fn load_scripts(&self) -> Result<(Sandbox, Vec<LoadedScript>), VariantError> {
        let mut sandbox = Sandbox::new().map_err(engine_error)?;
        let mut scripts = Vec::new();
        for v in &self.variants {
            let script = v.script();
            let file_error = |message: String| VariantError::File {
                path: script.shown(),
                message,
            };
            let id = sandbox
                .load_file(&script)
                .map_err(|e| file_error(e.to_string()))?;
            let mlua::Value::Table(table) = sandbox.script_value(id).clone() else {
                return Err(file_error(
                    "a variant script returns a table of hooks".into(),
                ));
            };
            scripts.push(LoadedScript {
                variant: v.manifest.name.clone(),
                script: id,
                table,
            });
        }
        Ok((sandbox, scripts))
    }

    /// Whether any variant's script defines a hook the engine calls during
    /// play.
    fn has_play_hooks(&self) -> bool {
        self.variants.iter().any(|v| {
            v.hooks
                .iter()
                .any(|h| GAME_HOOKS.contains(&h.as_str()) || h.contains('.'))
        })
    }

    /// Whether a variant's script sets up standard games (a `seating`,
    /// `teams` or `setup` hook), so that a setup file cannot stand in for
    /// [`VariantSet::standard_position`].
    pub fn has_setup_hooks(&self) -> bool {
        self.variants
            .iter()
            .any(|v| SETUP_HOOKS.iter().any(|h| defines(v, h)))
    }

    /// The rules of a game with these variants over `orders`: the kinds of
    /// terrain and, if a script defines hooks, a fresh Lua state running
    /// them (one per game: games do not share hook state).
    pub fn rules(&self, orders: Arc<OrderBook>) -> Result<Rules, VariantError> {
        let kinds = Arc::new(self.kinds());
        if !self.has_play_hooks() {
            return Ok(Rules {
                orders,
                kinds,
                hooks: None,
            });
        }
        let (sandbox, scripts) = self.load_scripts()?;
        let hooks = LuaHooks::new(sandbox, &scripts).map_err(engine_error)?;
        Ok(Rules {
            orders,
            kinds,
            hooks: hooks.map(|h| Rc::new(h) as Rc<dyn crate::games::twin_tin_bots::game::Hooks>),
        })
    }

    /// The standard starting position for `players` people with these
    /// variants, dealt with `seed`: the `seating` hook picks the colours
    /// and who controls them, the `teams` hook the teams, the settings
    /// change the setup, `extra_tiles` (order files' new tiles) join the
    /// special deck, and the `setup` hooks place terrain and may change the
    /// track and the score to win.
    pub fn standard_position(
        &self,
        players: usize,
        seed: u64,
        extra_tiles: &[Tile],
    ) -> Result<Position, VariantError> {
        let setup_error = |e: crate::games::twin_tin_bots::setup::SetupError| VariantError::File {
            path: "setups".into(),
            message: e.to_string(),
        };
        if !self.has_setup_hooks() {
            let mut setup = Setup::standard(players).map_err(setup_error)?;
            setup.add_special_tiles(extra_tiles);
            self.apply_to_setup(&mut setup);
            return Ok(setup.position(seed));
        }
        let (sandbox, scripts) = self.load_scripts()?;
        // Seating: the last variant with a `seating` hook decides.
        let mut seating = None;
        for s in &scripts {
            let Some(f) = s.hook("seating") else {
                continue;
            };
            let info = sandbox
                .lua()
                .create_table()
                .and_then(|info| info.raw_set("players", players).map(|()| info))
                .map_err(engine_error)?;
            let value: mlua::Value = sandbox
                .call_function(s.script, &f, info)
                .map_err(|e| hook_failed(s, "seating", e))?;
            let mlua::Value::Table(t) = value else {
                return Err(bad_result(
                    &sandbox,
                    s,
                    "seating",
                    &f,
                    "returns a table { colours = {...}, controllers = {...} }".into(),
                ));
            };
            seating = Some(
                setup::read_seating(&t, players)
                    .map_err(|e| bad_result(&sandbox, s, "seating", &f, e))?,
            );
        }
        let mut setup = match &seating {
            Some(seating) => {
                let mut setup = Setup::standard(seating.colours.len()).map_err(setup_error)?;
                for (seat, colour) in setup.seats.iter_mut().zip(&seating.colours) {
                    seat.colour = *colour;
                }
                setup
            }
            None => Setup::standard(players).map_err(setup_error)?,
        };
        setup.add_special_tiles(extra_tiles);
        self.apply_to_setup(&mut setup);
        let mut position = setup.position(seed);
        position.sides = Sides {
            teams: self.teams_with(&sandbox, &scripts, &position.colours())?,
            controllers: seating.map(|s| s.controllers).unwrap_or_default(),
        };
        // Setup hooks, in order, on one handle.
        let handle = SetupHandle::new(position, self.kinds(), seed);
        let handle = sandbox
            .lua()
            .create_userdata(handle)
            .map_err(engine_error)?;
        for s in &scripts {
            let Some(f) = s.hook("setup") else {
                continue;
            };
            sandbox
                .call_function::<()>(s.script, &f, handle.clone())
                .map_err(|e| hook_failed(s, "setup", e))?;
        }
        let handle = handle.take::<SetupHandle>().map_err(engine_error)?;
        let position = handle.position.into_inner();
        position.validate().map_err(|e| {
            engine_error(format!(
                "the setup hooks made a position that cannot be played: {e}"
            ))
        })?;
        Ok(position)
    }

    /// The teams of `colours` as the variants' `teams` hook says (the last
    /// one decides); empty when none defines one.
    fn teams_with(
        &self,
        sandbox: &Sandbox,
        scripts: &[LoadedScript],
        colours: &[crate::games::twin_tin_bots::pieces::Colour],
    ) -> Result<Vec<usize>, VariantError> {
        let mut teams = Vec::new();
        for s in scripts {
            let Some(f) = s.hook("teams") else {
                continue;
            };
            let names: Vec<&str> = colours.iter().map(|c| c.name()).collect();
            let value: mlua::Value = sandbox
                .call_function(s.script, &f, names)
                .map_err(|e| hook_failed(s, "teams", e))?;
            teams = setup::groups(&value, "teams")
                .and_then(|groups| {
                    setup::groups_of("teams", &groups, colours, setup::Unseated::LeftOut)
                })
                .map_err(|e| bad_result(sandbox, s, "teams", &f, e))?;
        }
        Ok(teams)
    }

    /// The teams of a given position's colours (a scenario's), as the
    /// variants' `teams` hook says.
    pub fn teams(
        &self,
        colours: &[crate::games::twin_tin_bots::pieces::Colour],
    ) -> Result<Vec<usize>, VariantError> {
        if !self.variants.iter().any(|v| defines(v, "teams")) {
            return Ok(Vec::new());
        }
        let (sandbox, scripts) = self.load_scripts()?;
        self.teams_with(&sandbox, &scripts, colours)
    }

    /// The variants, in the order they apply (each after those it needs).
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

    /// The readings of disputed rules the variants fix (each manifest's
    /// `rulings` table, in the order the variants apply, later ones over
    /// earlier ones) over the defaults; the error names the manifest.
    pub fn rulings(&self) -> Result<Rulings, VariantError> {
        crate::script::variant::rulings(DISPUTES, &self.variants)
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
    /// apply (score victory) and the teams of its colours.
    pub fn apply_to_position(&self, position: &mut Position) -> Result<(), VariantError> {
        if self.settings().score_victory == Some(false) {
            position.score_to_win = None;
        }
        position.sides.teams = self.teams(&position.colours())?;
        Ok(())
    }
}

/// A setup hook that failed: at the script line that failed, naming the
/// variant and the hook.
fn hook_failed(s: &LoadedScript, hook: &str, e: crate::script::ScriptError) -> VariantError {
    let text = e.to_string();
    let (path, message) = match (e.path(), e.line()) {
        (Some(path), Some(line)) => {
            let at = format!("{path}:{line}");
            let message = text.strip_prefix(&format!("{at}: ")).unwrap_or(&text);
            (at, message.to_string())
        }
        (Some(path), None) => {
            let message = text.strip_prefix(&format!("{path}: ")).unwrap_or(&text);
            (path.to_string(), message.to_string())
        }
        (None, _) => ("variants".to_string(), text.clone()),
    };
    VariantError::File {
        path,
        message: format!("variant `{}`, hook `{hook}`: {message}", s.variant),
    }
}

/// A setup hook that returned something that cannot be used: at the line
/// where the hook is defined, naming the variant and the hook.
fn bad_result(
    sandbox: &Sandbox,
    s: &LoadedScript,
    hook: &str,
    f: &mlua::Function,
    why: String,
) -> VariantError {
    let path = sandbox.script_path(s.script);
    let path = match f.info().line_defined {
        Some(line) => format!("{path}:{line}"),
        None => path.to_string(),
    };
    VariantError::File {
        path,
        message: format!(
            "variant `{}`, hook `{hook}` returned a bad value: {}",
            s.variant,
            crate::script::text::shown(&why)
        ),
    }
}

/// Reads a variant's script ([`variant::read_hooks`]): its keys are hooks
/// (functions) and `kinds` (a table of kind names to tables of kind
/// hooks). Returns the hooks it defines (`kind.hook` for kind hooks); an
/// unknown key is refused with the hooks there are.
fn check_script(script: &AssetFile) -> Result<Vec<String>, VariantError> {
    let mut hooks = Vec::new();
    let known: Vec<&str> = GAME_HOOKS.iter().chain(SETUP_HOOKS).copied().collect();
    variant::read_hooks(script, &mut |key, value| {
        if key == "kinds" {
            let mlua::Value::Table(kinds) = value else {
                return Err("`kinds` is a table: kind name -> { entered = ..., before_step = ..., zapped = ... }".into());
            };
            for pair in kinds.pairs::<String, mlua::Value>() {
                let (kind, value) = pair.map_err(|e| format!("`kinds`: {e}"))?;
                let mlua::Value::Table(kind_hooks) = value else {
                    return Err(format!("`kinds.{kind}` is a table of kind hooks"));
                };
                for pair in kind_hooks.pairs::<String, mlua::Value>() {
                    let (name, f) = pair.map_err(|e| format!("`kinds.{kind}`: {e}"))?;
                    // `before_step` may be given as data: the step lost.
                    if let ("before_step", mlua::Value::Table(data)) = (name.as_str(), &f) {
                        hooks::LoseStep::read(data)
                            .map_err(|e| format!("`kinds.{kind}.{name}`: {e}"))?;
                        hooks.push(format!("{kind}.{name}"));
                        continue;
                    }
                    if !KIND_HOOKS.contains(&name.as_str())
                        || !matches!(f, mlua::Value::Function(_))
                    {
                        return Err(format!(
                            "`kinds.{kind}.{name}`: kind hooks are functions named {} (`before_step` may also be a table {{ lose = \"why\" }})",
                            KIND_HOOKS.join(", ")
                        ));
                    }
                    hooks.push(format!("{kind}.{name}"));
                }
            }
            return Ok(());
        }
        if !known.contains(&key.as_str()) {
            return Err(format!(
                "`{key}` is not a hook: hooks are {}, and `kinds` for {}",
                known.join(", "),
                KIND_HOOKS.join(", ")
            ));
        }
        if !matches!(value, mlua::Value::Function(_)) {
            return Err(format!("hook `{key}` is a function"));
        }
        hooks.push(key);
        Ok(())
    })?;
    hooks.sort();
    Ok(hooks)
}

#[cfg(test)]
mod tests;

/// `tinbots variants`: every variant that can be named, one a line: its
/// name, where it comes from, and its description (`?` and why, when its
/// manifest cannot be read).
pub fn listing(library: &Library) -> String {
    variant::listing::<Manifest>(library, Game::NAME)
}
