//! The Lua strings a game's hooks pass and read again and again (robot
//! names, colours, step names, the reasons hooks give), made once per game,
//! so that a hook call makes no string and hashes none.
//!
//! Lua strings are compared by identity here: a string a hook hands back
//! (a robot name it got in an event, a reason it returns every time) is the
//! same Lua object as the one the engine made or saw before, and the cache
//! keeps that object alive, so its address cannot be reused for another.

use std::cell::RefCell;

use mlua::{Lua, LuaString};

use crate::games::twin_tin_bots::game::{Game, StepKind};
use crate::games::twin_tin_bots::names::{Name, NameScope};
use crate::games::twin_tin_bots::pieces::{seat_of, Colour, RobotId};

/// How many reasons [`Texts::reason`] remembers (a script that makes a new
/// reason string on every call only misses the cache).
const REASONS: usize = 32;

/// The longest name (mark key, reason, end text) a hook may give, in bytes.
pub(super) const MAX_NAME_BYTES: usize = 500;

/// How many distinct names one game's hooks may make (they are kept while
/// the game is, in its [`NameScope`]).
pub(super) const MAX_NEW_NAMES: usize = 256;

/// The step kinds, in the order of [`Texts::steps`].
const STEPS: [StepKind; 3] = [StepKind::Forward, StepKind::Back, StepKind::Side];

/// Lua strings made once for a game's hooks.
pub(super) struct Texts {
    /// Robot names by colour and number: `red.1` is 0, `red.2` is 1,
    /// `blue.1` is 2, in the order of [`Colour::ALL`].
    robots: Vec<LuaString>,
    /// Where each of [`Texts::robots`] is, to know them again.
    robot_addresses: Vec<usize>,
    /// Colour names, in the order of [`Colour::ALL`].
    colours: Vec<LuaString>,
    /// Step names, in the order of [`STEPS`].
    steps: Vec<LuaString>,
    /// Reasons hooks returned, with their interned names.
    reasons: RefCell<Vec<(LuaString, Name)>>,
    /// The names this game's hooks made: freed with the game.
    scope: NameScope,
    /// The Lua state, whose memory the names count against (weak: the
    /// state holds these texts through its `Game` object).
    lua: mlua::WeakLua,
    /// The script memory limit, in bytes (0: none).
    memory_limit: usize,
}

impl Texts {
    /// Makes the strings in `lua`, whose scripts may use `memory_limit`
    /// bytes (0: no limit), names they make included.
    pub fn new(lua: &Lua, memory_limit: usize) -> mlua::Result<Texts> {
        let robots: Vec<LuaString> = Colour::ALL
            .iter()
            .flat_map(|c| [1, 2].map(|n| format!("{}.{n}", c.name())))
            .map(|name| lua.create_string(name))
            .collect::<mlua::Result<_>>()?;
        let robot_addresses = robots.iter().map(|s| s.to_pointer() as usize).collect();
        let colours = Colour::ALL
            .iter()
            .map(|c| lua.create_string(c.name()))
            .collect::<mlua::Result<_>>()?;
        let steps = STEPS
            .iter()
            .map(|s| lua.create_string(s.name()))
            .collect::<mlua::Result<_>>()?;
        Ok(Texts {
            robots,
            robot_addresses,
            colours,
            steps,
            reasons: RefCell::new(Vec::new()),
            scope: NameScope::new(),
            lua: lua.weak(),
            memory_limit,
        })
    }

    /// The name of robot `id` of `game` (`red.1`).
    pub fn robot(&self, game: &Game, id: RobotId) -> &LuaString {
        let colour = game.colours()[id / 2];
        &self.robots[colour as usize * 2 + id % 2]
    }

    /// The name of colour `c`.
    pub fn colour(&self, c: Colour) -> &LuaString {
        &self.colours[c as usize]
    }

    /// The name of step kind `s`.
    pub fn step(&self, s: StepKind) -> &LuaString {
        let i = STEPS.iter().position(|&k| k == s).unwrap_or(0);
        &self.steps[i]
    }

    /// The robot of `game` that `name` is one of these robot names for, if
    /// it is the very string (one from an event, handed back). `None` for
    /// any other string, even one with the same text: the caller parses it.
    pub fn robot_named(&self, game: &Game, name: &LuaString) -> Option<RobotId> {
        let at = name.to_pointer() as usize;
        let i = self.robot_addresses.iter().position(|&a| a == at)?;
        let seat = seat_of(game.colours(), Colour::ALL[i / 2]).ok()?;
        Some(seat * 2 + i % 2)
    }

    /// The interned name of a reason a hook returned: looked up by the
    /// string's identity among the last reasons seen, interned otherwise
    /// (see [`Texts::name`]).
    pub fn reason(&self, text: &LuaString) -> Result<Name, String> {
        let at = text.to_pointer();
        if let Some((_, name)) = self
            .reasons
            .borrow()
            .iter()
            .find(|(s, _)| s.to_pointer() == at)
        {
            return Ok(*name);
        }
        let name = self.name(&text.to_string_lossy())?;
        let mut reasons = self.reasons.borrow_mut();
        if reasons.len() < REASONS {
            reasons.push((text.clone(), name));
        }
        Ok(name)
    }

    /// The name for `text`, which a hook gave: at most [`MAX_NAME_BYTES`]
    /// long, at most [`MAX_NEW_NAMES`] distinct names a game, their text
    /// counted against the scripts' memory limit, and freed with the game.
    pub fn name(&self, text: &str) -> Result<Name, String> {
        if text.len() > MAX_NAME_BYTES {
            return Err(format!(
                "\"{}\" is too long for a name ({} bytes, at most {MAX_NAME_BYTES})",
                crate::script::text::shown(text),
                text.len()
            ));
        }
        if let Some(name) = Name::lookup(text).filter(|&n| self.scope.holds(n)) {
            return Ok(name);
        }
        if self.scope.len() >= MAX_NEW_NAMES {
            return Err(format!(
                "too many distinct names (mark keys, reasons) made by this game's hooks: at most {MAX_NEW_NAMES}"
            ));
        }
        let lua_memory = self.lua.try_upgrade().map_or(0, |lua| lua.used_memory());
        let used = lua_memory + self.scope.bytes() + text.len();
        if self.memory_limit > 0 && used > self.memory_limit {
            return Err(format!(
                "memory limit of {} bytes exceeded (the names this game's hooks made count too: {} bytes)",
                self.memory_limit,
                self.scope.bytes()
            ));
        }
        self.scope.intern(text).map_err(|e| e.to_string())
    }
}
