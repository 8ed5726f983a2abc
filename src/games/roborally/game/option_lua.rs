//! The option cards' Lua runtime: each card is a script,
//! `scripts/roborally/options/<name>.lua` (built into the binary), that
//! returns a table of hooks (`docs/roborally-options.md`). One sandbox per
//! game holds the scripts of the 26 cards, loaded the first time a robot of
//! the game holds an option: a game without options never enters Lua.
//!
//! A hook gets a `game` handle lent the game for the call (its reads see
//! the game as it stands; it changes nothing itself) and an event table; a
//! change the hook wants (a counter, a discard, a flag touched, damage) it
//! asks for through the handle, and the engine applies it by the rules
//! once the hook has returned ([`Effect`]). Whatever a hook keeps from one
//! call to the next lives in the game (counters), never in Lua: a copy of
//! the game (a bot's sample, a replay) behaves as the game.

use std::cell::{Cell, RefCell};
use std::fmt;
use std::rc::Rc;

use mlua::{Function, Lua, Table, Value};

use crate::grid::square::{Compass, Square};
use crate::script::text::shown;
use crate::script::{host, located, Borrowed, Sandbox, ScriptId};

use super::options::every_option;
use super::Game;
use crate::games::roborally::lua::option_api::OPTION_API;

/// The moments an option card may act, each a hook of its script.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HookKind {
    /// Damage is about to be dealt to the holder; returns the points the
    /// card prevents.
    Damage,
    /// The holder's main laser fires; returns how the beam is changed.
    Laser,
    /// The holder's program card is played; returns the squares it moves,
    /// or `"ask"`.
    Card,
    /// A register phase ends with the holder on the board; may return
    /// `"ask"`.
    PhaseEnd,
    /// The holder was destroyed.
    Destroyed,
    /// The holder's move rams a robot (pushed or not).
    Ram,
    /// The turn ends with the holder on the board.
    TurnEnd,
    /// The holder comes back at its archive.
    Returned,
    /// The holder's hand is dealt, before it is programmed; may return
    /// `"ask"`.
    Hand,
    /// The holder is programmed (after its power down): returns the
    /// answers of a turn-programmed option's question, or nil.
    Program,
    /// A register's cards are about to be revealed, the holder's among
    /// them; may return `"ask"`.
    Reveal,
    /// A gear or a turning belt is about to turn the holder; returns
    /// true to stay as it is.
    Turned,
    /// The holder's main laser could hit a robot: returns true when its
    /// optional weapon can fire at it instead.
    Weapon,
    /// The holder fires its optional weapon at the robot.
    Fire,
}

impl HookKind {
    /// Every hook, in the order of [`HookKind::name`].
    pub const ALL: [HookKind; 14] = [
        HookKind::Damage,
        HookKind::Laser,
        HookKind::Card,
        HookKind::PhaseEnd,
        HookKind::Destroyed,
        HookKind::Ram,
        HookKind::TurnEnd,
        HookKind::Returned,
        HookKind::Hand,
        HookKind::Program,
        HookKind::Reveal,
        HookKind::Turned,
        HookKind::Weapon,
        HookKind::Fire,
    ];

    /// The hook's name in a card's table.
    pub fn name(self) -> &'static str {
        match self {
            HookKind::Damage => "damage",
            HookKind::Laser => "laser",
            HookKind::Card => "card",
            HookKind::PhaseEnd => "phase_end",
            HookKind::Destroyed => "destroyed",
            HookKind::Ram => "ram",
            HookKind::TurnEnd => "turn_end",
            HookKind::Returned => "returned",
            HookKind::Hand => "hand",
            HookKind::Program => "program",
            HookKind::Reveal => "reveal",
            HookKind::Turned => "turned",
            HookKind::Weapon => "weapon",
            HookKind::Fire => "fire",
        }
    }
}

/// A change a hook asked for, applied by the engine after the call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Sets the holder's counter `key` (kept in the game).
    SetCounter(usize, String, i64),
    /// The robot discards the option (a card spent).
    Discard(usize, &'static str),
    /// The robot's next archive copy comes back without damage.
    CleanReturn(usize),
    /// The robot takes this damage (options asked as usual).
    Damage(usize, u8),
    /// The robot touches its next flag from where it stands.
    TouchFlag(usize),
    /// The robot starts the next turn powered down.
    PowerDown(usize),
    /// The robot draws cards from the program deck into its hand.
    Draw(usize, u8),
    /// The robot's hand is discarded and as many cards dealt anew.
    Redeal(usize),
    /// The card lying on the robot's option goes into its hand.
    TakeHeld(usize, &'static str),
    /// The card lying on the robot's option replaces the card of the
    /// register being revealed.
    PlayHeld(usize, &'static str),
    /// The card lying on the robot's option is discarded.
    DropHeld(usize, &'static str),
    /// A card drawn from the program deck replaces the card of the
    /// register being revealed.
    CardFromDeck(usize),
    /// The robot is pushed one square that way by a beam.
    Push(usize, Compass),
    /// The first robot plays the second's cards for the rest of the turn.
    Mirror(usize, usize),
    /// The robot's next register's card is replaced from the deck.
    Scramble(usize),
}

/// A hook failed: the card, the hook and the script's message (with its
/// line).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("option `{option}`, hook `{hook}`: {message}")]
pub struct HookError {
    /// The card.
    pub option: &'static str,
    /// The hook.
    pub hook: &'static str,
    /// What went wrong, with the script's path and line.
    pub message: String,
}

/// What the handle's functions share: the game lent for the running call
/// and the effects asked for so far.
pub(super) struct Lent {
    game: Borrowed<Game>,
    effects: RefCell<Vec<Effect>>,
    /// The bytes of requests queued by the running call.
    queued: Cell<usize>,
}

impl Lent {
    /// Runs `read` with the lent game; an error (at the script's line)
    /// outside a call.
    pub(super) fn read<R>(
        &self,
        lua: &Lua,
        read: impl FnOnce(&Game) -> mlua::Result<R>,
    ) -> mlua::Result<R> {
        self.game.read(lua, read)
    }
}

/// A card's hooks, by [`HookKind::ALL`]'s order.
type Hooks = [Option<Function>; HookKind::ALL.len()];

/// The option cards' scripts of one game and their hooks.
pub struct OptionRuntime {
    sandbox: Sandbox,
    /// Per card of [`every_option`], its script and its hooks (by
    /// [`HookKind::ALL`]'s order).
    cards: Vec<Option<(ScriptId, Hooks)>>,
    lent: Rc<Lent>,
    handle: Table,
}

impl fmt::Debug for OptionRuntime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.cards.iter().flatten().count();
        write!(f, "OptionRuntime({n} card scripts)")
    }
}

/// The built-in path of a card's script.
pub fn script_path(option: &str) -> String {
    format!("scripts/roborally/options/{option}.lua")
}

impl OptionRuntime {
    /// Loads every card's built-in script (a card without one has no
    /// hooks).
    pub fn load() -> Result<OptionRuntime, HookError> {
        OptionRuntime::load_from(&|option| {
            let path = script_path(option);
            crate::assets::built_in(&path).map(|source| {
                (
                    format!("{}/{path}", crate::assets::BUILT_IN),
                    source.to_string(),
                )
            })
        })
    }

    /// Loads the cards' scripts `source` gives (by card: the name shown in
    /// errors and the text; `None` for a card without a script).
    pub fn load_from(
        source: &dyn Fn(&'static str) -> Option<(String, String)>,
    ) -> Result<OptionRuntime, HookError> {
        let fail = |option: &'static str, e: &dyn fmt::Display| HookError {
            option,
            hook: "(loading)",
            message: e.to_string(),
        };
        let (mut sandbox, lent, handle) =
            new_host(&|_, _, _| Ok(())).map_err(|e| fail("(runtime)", &e))?;
        let mut cards = Vec::new();
        for option in every_option() {
            let Some((shown, text)) = source(option) else {
                cards.push(None);
                continue;
            };
            let id = sandbox
                .load_str(&shown, &text)
                .map_err(|e| fail(option, &e))?;
            let Value::Table(table) = sandbox.script_value(id).clone() else {
                return Err(fail(
                    option,
                    &format!("{shown}: the script returns no table"),
                ));
            };
            let mut hooks: Hooks = Default::default();
            for (slot, kind) in hooks.iter_mut().zip(HookKind::ALL) {
                *slot = table
                    .raw_get::<Option<Function>>(kind.name())
                    .map_err(|e| fail(option, &format!("{shown}: `{}`: {e}", kind.name())))?;
            }
            cards.push(Some((id, hooks)));
        }
        Ok(OptionRuntime {
            sandbox,
            cards,
            lent,
            handle,
        })
    }

    /// Whether the `game` handle has method `name` (for the API's test).
    #[cfg(test)]
    pub fn handle_has(&self, name: &str) -> bool {
        // Read through the object's class: methods are found by lookup.
        let code = format!("return function(g) return type(g.{name}) == 'function' end");
        self.sandbox
            .compile("probe", &code)
            .and_then(|f| self.sandbox.run_function::<mlua::Function>("probe", &f, ()))
            .and_then(|probe| {
                self.sandbox
                    .run_function::<bool>("probe", &probe, &self.handle)
            })
            .unwrap_or(false)
    }

    /// Whether card `option` defines hook `kind`.
    pub fn has(&self, option: &str, kind: HookKind) -> bool {
        self.hook(option, kind).is_some()
    }

    fn hook(&self, option: &str, kind: HookKind) -> Option<(usize, ScriptId, &Function)> {
        let index = every_option().position(|o| o == option)?;
        let (id, hooks) = self.cards[index].as_ref()?;
        let slot = HookKind::ALL.iter().position(|&k| k == kind)?;
        hooks[slot].as_ref().map(|f| (index, *id, f))
    }

    /// A new table for an event.
    pub fn table(&self) -> mlua::Result<Table> {
        self.sandbox.lua().create_table()
    }

    /// Calls card `option`'s hook `kind` with the game lent and `event`;
    /// returns what it returned and the effects it asked for. `None` when
    /// the card has no such hook.
    pub fn call(
        &self,
        game: &Game,
        option: &str,
        kind: HookKind,
        event: Table,
    ) -> Result<Option<(Value, Vec<Effect>)>, HookError> {
        let Some((index, id, function)) = self.hook(option, kind) else {
            return Ok(None);
        };
        let error = |message: String| HookError {
            option: option_at(index),
            hook: kind.name(),
            message,
        };
        call_lent(
            &self.sandbox,
            &self.lent,
            &self.handle,
            game,
            id,
            function,
            event,
        )
        .map(Some)
        .map_err(|e| error(e.to_string()))
    }

    /// Card `option`'s hook `kind` as the hook guard names it in a chain:
    /// the card, the hook and the script.
    pub fn label(&self, option: &str, kind: HookKind) -> String {
        match self.hook(option, kind) {
            Some((_, id, _)) => format!(
                "option `{option}` hook `{}` ({})",
                kind.name(),
                self.sandbox.script_path(id)
            ),
            None => format!("option `{option}` hook `{}`", kind.name()),
        }
    }

    /// An error for a hook that returned what it may not, naming the
    /// script and the line the hook is defined on.
    pub fn bad_return(&self, option: &str, kind: HookKind, why: &str) -> HookError {
        let Some((index, id, f)) = self.hook(option, kind) else {
            return HookError {
                option: "(unknown)",
                hook: kind.name(),
                message: why.to_string(),
            };
        };
        let path = self.sandbox.script_path(id);
        HookError {
            option: option_at(index),
            hook: kind.name(),
            message: match f.info().line_defined {
                Some(line) => format!("{path}:{line}: {why}"),
                None => format!("{path}: {why}"),
            },
        }
    }
}

/// Adds methods to the `game` handle's method table, reading the lent
/// game through the loan.
pub(super) type AddMethods<'a> = dyn Fn(&Lua, &Table, &Rc<Lent>) -> mlua::Result<()> + 'a;

/// Makes a sandbox with the `game` handle option cards and variants
/// share: its reads and effects, plus the methods `extra` adds (a
/// variant's). Returns the sandbox, the loan the handle reads through, and
/// the handle.
pub(super) fn new_host(
    extra: &AddMethods<'_>,
) -> Result<(Sandbox, Rc<Lent>, Table), crate::script::ScriptError> {
    let sandbox = Sandbox::new()?;
    let lent = Rc::new(Lent {
        game: Borrowed::new("the game is only reachable during the hook call it was lent for"),
        effects: RefCell::new(Vec::new()),
        queued: Cell::new(0),
    });
    let methods = sandbox.lua().create_table()?;
    add_methods(sandbox.lua(), &methods, &lent)?;
    extra(sandbox.lua(), &methods, &lent)?;
    let handle = sandbox.object("Game", methods)?;
    Ok((sandbox, lent, handle))
}

/// Calls `function` of script `id` with `game` lent to `handle` and
/// `event`; returns what it returned and the effects it asked for.
pub(super) fn call_lent(
    sandbox: &Sandbox,
    lent: &Lent,
    handle: &Table,
    game: &Game,
    id: ScriptId,
    function: &Function,
    event: Table,
) -> Result<(Value, Vec<Effect>), crate::script::ScriptError> {
    lent.effects.borrow_mut().clear();
    lent.queued.set(0);
    let value: Value = lent.game.lend(game, || {
        sandbox.call_function(id, function, (handle, event))
    })?;
    let effects = std::mem::take(&mut *lent.effects.borrow_mut());
    Ok((value, effects))
}

/// A robot named by its colour in the lent game.
fn robot_arg(lua: &Lua, game: &Game, colour: &str) -> mlua::Result<usize> {
    game.robots
        .iter()
        .position(|r| r.colour() == colour)
        .ok_or_else(|| located(lua, format!("no robot `{}` in this game", shown(colour))))
}

/// The name of the option of index `index` in [`every_option`].
fn option_at(index: usize) -> &'static str {
    every_option()
        .nth(index)
        .expect("an index found in the same list")
}

/// An option robot `i` holds, named by `arg` (for the effects on the
/// card lying on it).
fn held_arg(lua: &Lua, g: &Game, i: usize, arg: Value) -> mlua::Result<&'static str> {
    let name = match &arg {
        Value::String(s) => s.to_str()?.to_string(),
        _ => return Err(located(lua, "the option is given by its name")),
    };
    if !g.robots[i].options.contains(&name) {
        return Err(located(
            lua,
            format!(
                "{} holds no option `{}`",
                g.robots[i].colour(),
                shown(&name)
            ),
        ));
    }
    Ok(super::options::event_name(&name))
}

/// A square as a Lua table `{ x = .., y = .. }`.
pub fn square_table(lua: &Lua, sq: Square) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    t.raw_set("x", sq.x)?;
    t.raw_set("y", sq.y)?;
    Ok(t)
}

/// A compass direction read from its name (`N`, `E`, `S`, `W`).
pub(super) fn direction_arg(lua: &Lua, name: &str) -> mlua::Result<Compass> {
    [Compass::N, Compass::E, Compass::S, Compass::W]
        .into_iter()
        .find(|c| c.name() == name)
        .ok_or_else(|| {
            located(
                lua,
                format!("`{}` is no direction (N, E, S or W)", shown(name)),
            )
        })
}

/// A method's name, checked against the API's description.
fn method(name: &'static str) -> &'static str {
    OPTION_API.method("RrOptionGame", name)
}

/// Instructions a request costs beside the call (the engine applies it
/// once the hook returns: a counter stored, a push walked, cards drawn).
pub const EFFECT_COST: u64 = 50;

/// Instructions each item a host function lists or reads costs (a flag,
/// a robot, a card of a hand).
pub const ITEM_COST: u64 = 10;

/// A whole number argument in `lo..=hi`, or an error in the script's
/// words naming the argument and the range.
pub(super) fn whole_arg(lua: &Lua, v: &Value, what: &str, lo: i64, hi: i64) -> mlua::Result<i64> {
    let n = match v {
        Value::Integer(n) => Some(*n),
        // Integral and within 2^53: the conversion is exact.
        Value::Number(f) if f.fract() == 0.0 && f.abs() <= 9_007_199_254_740_992.0 => {
            Some(*f as i64)
        }
        _ => None,
    };
    n.filter(|n| (lo..=hi).contains(n))
        .ok_or_else(|| located(lua, format!("{what} is a whole number from {lo} to {hi}")))
}

/// A text argument, or an error naming it.
fn text_arg(lua: &Lua, v: &Value, what: &str) -> mlua::Result<String> {
    match v {
        Value::String(s) => Ok(s.to_str()?.to_string()),
        _ => Err(located(lua, format!("{what} is a text"))),
    }
}

/// A counter's key argument: a text of at most
/// [`super::counters::MAX_KEY_BYTES`] bytes.
fn key_arg(lua: &Lua, v: &Value) -> mlua::Result<String> {
    if let Value::String(s) = v {
        if let Some(why) = super::counters::key_refusal(&s.as_bytes()) {
            return Err(located(lua, why));
        }
    }
    text_arg(lua, v, "a counter's key")
}

impl Lent {
    /// Queues `bytes` more of requests for the running call: held, with
    /// the lent game's counters, to the script memory limit.
    pub(super) fn hold(&self, lua: &Lua, bytes: usize) -> mlua::Result<()> {
        let queued = self.queued.get().saturating_add(bytes);
        let counters = self.read(lua, |g| Ok(g.counter_bytes()))?;
        host::store(lua, counters.saturating_add(queued))?;
        self.queued.set(queued);
        Ok(())
    }

    /// Queues an effect for the running call, charged and held.
    fn queue(&self, lua: &Lua, effect: Effect) -> mlua::Result<()> {
        host::charge(lua, EFFECT_COST)?;
        let key = match &effect {
            Effect::SetCounter(_, key, _) => super::counters::entry_bytes(key),
            _ => 0,
        };
        self.hold(lua, std::mem::size_of::<Effect>() + key)?;
        self.effects.borrow_mut().push(effect);
        Ok(())
    }
}

/// Adds the handle's methods: reads of the lent game, and the effects.
/// Every one is a metered host function ([`host::host_function`]):
/// its call and strings are charged, and each request a further
/// [`EFFECT_COST`].
fn add_methods(lua: &Lua, methods: &Table, lent: &Rc<Lent>) -> mlua::Result<()> {
    let read = |name: &'static str, f: Function| methods.raw_set(method(name), f);
    let l = lent.clone();
    read(
        "robot",
        host::host_function(lua, move |lua, (_, colour): (Value, Value)| {
            l.read(lua, |g| {
                let i = robot_arg(lua, g, &text_arg(lua, &colour, "a robot")?)?;
                let r = &g.robots[i];
                host::charge(lua, ITEM_COST * r.options.len() as u64)?;
                let t = lua.create_table()?;
                t.raw_set("colour", r.colour())?;
                if let Some(at) = r.at {
                    t.raw_set("at", square_table(lua, at)?)?;
                }
                t.raw_set("facing", r.facing.name())?;
                t.raw_set("damage", r.damage)?;
                t.raw_set("lives", r.lives)?;
                t.raw_set("flags", r.flags)?;
                t.raw_set("virtual", r.virtual_robot)?;
                t.raw_set("powered_down", r.powered_down)?;
                t.raw_set(
                    "options",
                    lua.create_sequence_from(r.options.iter().cloned())?,
                )?;
                Ok(t)
            })
        })?,
    )?;
    let l = lent.clone();
    read(
        "counter",
        host::host_function(lua, move |lua, (_, colour, key): (Value, Value, Value)| {
            l.read(lua, |g| {
                let i = robot_arg(lua, g, &text_arg(lua, &colour, "a robot")?)?;
                Ok(g.counter(i, &key_arg(lua, &key)?))
            })
        })?,
    )?;
    let l = lent.clone();
    read(
        "next_flag",
        host::host_function(lua, move |lua, (_, colour): (Value, Value)| {
            l.read(lua, |g| {
                let i = robot_arg(lua, g, &text_arg(lua, &colour, "a robot")?)?;
                let next = usize::from(g.robots[i].flags);
                match g.board.flags().get(next) {
                    Some(flag) => Ok(Value::Table(square_table(lua, flag.at)?)),
                    None => Ok(Value::Nil),
                }
            })
        })?,
    )?;
    let l = lent.clone();
    read(
        "walled",
        host::host_function(
            lua,
            move |lua, (_, x, y, dir): (Value, Value, Value, Value)| {
                l.read(lua, |g| {
                    let limit = i64::from(Square::LIMIT);
                    let x = whole_arg(lua, &x, "x", -limit, limit)?;
                    let y = whole_arg(lua, &y, "y", -limit, limit)?;
                    let sq = Square::checked(x, y).map_err(|e| located(lua, e))?;
                    Ok(g.board
                        .is_walled(sq, direction_arg(lua, &text_arg(lua, &dir, "a side")?)?))
                })
            },
        )?,
    )?;
    // What a robot's option was set to this turn, as text: its setting,
    // the card it holds.
    type OptionRead = fn(&Game, usize, &str) -> Option<String>;
    let robot_option_reads: [(&str, OptionRead); 2] = [
        ("setting", |g, i, option| {
            g.programmed.setting(i, option).map(str::to_string)
        }),
        ("held", |g, i, option| {
            g.programmed.held(i, option).map(|c| c.to_string())
        }),
    ];
    for (name, answer) in robot_option_reads {
        let l = lent.clone();
        read(
            name,
            host::host_function(
                lua,
                move |lua, (_, colour, option): (Value, Value, Value)| {
                    l.read(lua, |g| {
                        let i = robot_arg(lua, g, &text_arg(lua, &colour, "a robot")?)?;
                        let option = text_arg(lua, &option, "an option")?;
                        Ok(answer(g, i, &option))
                    })
                },
            )?,
        )?;
    }
    let l = lent.clone();
    read(
        "turn",
        host::host_function(lua, move |lua, _: Value| l.read(lua, |g| Ok(g.turn)))?,
    )?;
    read(
        "ask",
        host::host_function(
            lua,
            |lua, (_, event, used): (Value, Table, Value)| match event
                .raw_get::<Option<String>>("answer")?
                .as_deref()
            {
                None => Ok(Value::String(lua.create_string("ask")?)),
                Some("use") => match used {
                    Value::Function(f) => f.call::<Value>(()),
                    v => Ok(v),
                },
                Some(_) => Ok(Value::Nil),
            },
        )?,
    )?;
    read(
        "card_choices",
        host::host_function(lua, |lua, (_, event): (Value, Table)| {
            let hand = match event.raw_get::<Value>("hand")? {
                Value::Table(t) => t,
                _ => return Ok(None),
            };
            host::charge(lua, ITEM_COST.saturating_mul(hand.raw_len() as u64))?;
            let hand: Vec<String> = hand
                .sequence_values::<Value>()
                .map(|c| c.and_then(|c| text_arg(lua, &c, "a card of event.hand")))
                .collect::<mlua::Result<_>>()?;
            if hand.is_empty() {
                return Ok(None);
            }
            let answers = std::iter::once("none".to_string()).chain(hand);
            Ok(Some(lua.create_sequence_from(answers)?))
        })?,
    )?;
    let l = lent.clone();
    read(
        "register",
        host::host_function(lua, move |lua, _: Value| l.read(lua, |g| Ok(g.revealed)))?,
    )?;
    // Effects: each checks its robot and is applied after the call.
    let effect = |name: &'static str,
                  make: fn(&Lua, &Game, usize, Value) -> mlua::Result<Effect>|
     -> mlua::Result<()> {
        let l = lent.clone();
        methods.raw_set(
            method(name),
            host::host_function(lua, move |lua, (_, colour, arg): (Value, Value, Value)| {
                l.read(lua, |g| {
                    let i = robot_arg(lua, g, &text_arg(lua, &colour, "a robot")?)?;
                    let e = make(lua, g, i, arg)?;
                    l.queue(lua, e)
                })
            })?,
        )
    };
    effect("discard", |lua, g, i, arg| {
        let Value::String(s) = arg else {
            return Err(located(
                lua,
                "game:discard(robot, option): option is a name",
            ));
        };
        let name = s.to_str()?.to_string();
        if !g.robots[i].options.contains(&name) {
            return Err(located(
                lua,
                format!(
                    "{} holds no option `{}`",
                    g.robots[i].colour(),
                    shown(&name)
                ),
            ));
        }
        Ok(Effect::Discard(i, super::options::event_name(&name)))
    })?;
    effect("clean_return", |_, _, i, _| Ok(Effect::CleanReturn(i)))?;
    effect("touch_flag", |_, _, i, _| Ok(Effect::TouchFlag(i)))?;
    effect("power_down", |_, _, i, _| Ok(Effect::PowerDown(i)))?;
    effect("draw", |lua, _, i, arg| {
        let n = whole_arg(lua, &arg, "game:draw(robot, n): n", 1, 4)?;
        Ok(Effect::Draw(i, u8::try_from(n).expect("1 to 4")))
    })?;
    effect("redeal", |_, _, i, _| Ok(Effect::Redeal(i)))?;
    effect("push", |lua, _, i, arg| match arg {
        Value::String(s) => Ok(Effect::Push(i, direction_arg(lua, &s.to_str()?)?)),
        _ => Err(located(lua, "game:push(robot, side): side is N, E, S or W")),
    })?;
    effect("mirror", |lua, g, i, arg| match arg {
        Value::String(s) => Ok(Effect::Mirror(i, robot_arg(lua, g, &s.to_str()?)?)),
        _ => Err(located(
            lua,
            "game:mirror(robot, by): by is a robot's colour",
        )),
    })?;
    effect("scramble", |_, _, i, _| Ok(Effect::Scramble(i)))?;
    effect("card_from_deck", |_, _, i, _| Ok(Effect::CardFromDeck(i)))?;
    effect("take_held", |lua, g, i, arg| {
        held_arg(lua, g, i, arg).map(|o| Effect::TakeHeld(i, o))
    })?;
    effect("play_held", |lua, g, i, arg| {
        held_arg(lua, g, i, arg).map(|o| Effect::PlayHeld(i, o))
    })?;
    effect("drop_held", |lua, g, i, arg| {
        held_arg(lua, g, i, arg).map(|o| Effect::DropHeld(i, o))
    })?;
    effect("damage", |lua, _, i, arg| {
        let n = whole_arg(lua, &arg, "game:damage(robot, n): n", 1, 9)?;
        Ok(Effect::Damage(i, u8::try_from(n).expect("1 to 9")))
    })?;
    let l = lent.clone();
    methods.raw_set(
        method("set_counter"),
        host::host_function(
            lua,
            move |lua, (_, colour, key, value): (Value, Value, Value, Value)| {
                l.read(lua, |g| {
                    let i = robot_arg(lua, g, &text_arg(lua, &colour, "a robot")?)?;
                    let key = key_arg(lua, &key)?;
                    let value = whole_arg(
                        lua,
                        &value,
                        "game:set_counter(robot, key, value): value",
                        i64::MIN,
                        i64::MAX,
                    )?;
                    l.queue(lua, Effect::SetCounter(i, key, value))
                })
            },
        )?,
    )?;
    Ok(())
}
