//! The game as a Lua bot sees it: views, decisions and lookahead.
//!
//! A bot's `choose(view, decision)` gets two userdata objects:
//!
//! - a **view** of the game as the deciding player may see it. Its fields
//!   (`view.robots`, `view.players`, `view.hand`, `view.turn`, ... — the
//!   fields of [`PlayerView`](crate::games::twin_tin_bots::game::PlayerView)) are built into one
//!   Lua table the first time one is read, and cached for the rest of the
//!   call. Its methods look ahead at native speed: `view:simulate(answer)`,
//!   `view:rollout(turns)`, `view:resample()`, `view:legal()`,
//!   `view:search{...}` (the native tree search, [`crate::bot::mcts::lua`]),
//!   and on a simulated view `sim:apply(answer)`.
//! - the **decision**: `decision.kind`, `decision.player`, `#decision` (the
//!   number of legal answers), `decision[i]` (the `i`-th answer as text),
//!   `decision.answers` (all of them, built once when first read).
//!
//! The root view borrows the real game for the length of one call (a
//! [`Borrowed`] handle: nothing is copied). Lookahead never runs on the real game: the
//! first `simulate` of a call deals everything the player cannot see again
//! at random ([`Game::sample_hidden`]) from the bot's own seeded generator,
//! and every simulation of that call starts from that sample. Simulated
//! views are ordinary values the script may keep; they hold sampled games,
//! which reveal nothing true about what is hidden.
//!
//! Native work is paid for in the script's instruction budget
//! ([`SIMULATION_COST`] per simulated answer, [`ROLLOUT_TURN_COST`] per
//! rolled-out turn), and at most [`MAX_LIVE_SIMULATIONS`] simulated views
//! live at once, so lookahead cannot hang the game or exhaust memory.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use mlua::serde::SerializeOptions;
use mlua::{
    AnyUserData, IntoLua, Lua, LuaSerdeExt, MetaMethod, Table, UserData, UserDataMethods, Value,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::api;
use crate::games::twin_tin_bots::game::{Answer, Decision, DecisionView, Game, LegalAnswers};
use crate::games::twin_tin_bots::pieces::{Colour, PlayerId};
use crate::script::host::{add_host_meta_method, add_host_method, add_host_method_mut};
use crate::script::{located, Borrowed, Charge};

/// Instructions charged to the script for each simulated answer.
pub const SIMULATION_COST: u64 = 300;
/// Instructions charged to the script for each turn of a rollout.
pub const ROLLOUT_TURN_COST: u64 = 300;
/// How many simulated views may be alive at once in one bot's Lua state.
pub const MAX_LIVE_SIMULATIONS: usize = 20_000;

/// What the view API keeps in a bot's Lua state (its app data).
pub(super) struct Context {
    /// The bot's own generator: samples of hidden things, rollouts.
    rng: RefCell<ChaCha8Rng>,
    /// The root view's field table, built on first use in a call.
    root_table: RefCell<Option<Table>>,
    /// The sample of the real game that this call's simulations start from.
    root_sample: RefCell<Option<Rc<Game>>>,
    /// Simulated views alive.
    live: Rc<Cell<usize>>,
    /// The sandbox's instruction meter, charged for native work.
    meter: Charge,
}

impl Context {
    /// Installs a fresh context in `lua`, drawing from `seed`.
    pub(super) fn install(lua: &Lua, seed: u64, meter: Charge) {
        lua.set_app_data(Context {
            rng: RefCell::new(ChaCha8Rng::seed_from_u64(seed)),
            root_table: RefCell::new(None),
            root_sample: RefCell::new(None),
            live: Rc::new(Cell::new(0)),
            meter,
        });
    }

    /// Reseeds the generator.
    pub(super) fn reseed(lua: &Lua, seed: u64) {
        if let Some(ctx) = lua.app_data_ref::<Context>() {
            *ctx.rng.borrow_mut() = ChaCha8Rng::seed_from_u64(seed);
        }
    }

    /// Forgets the previous call's root table and sample.
    pub(super) fn begin_call(lua: &Lua) {
        if let Some(ctx) = lua.app_data_ref::<Context>() {
            ctx.root_table.borrow_mut().take();
            ctx.root_sample.borrow_mut().take();
        }
    }

    fn get(lua: &Lua) -> mlua::Result<mlua::AppDataRef<'_, Context>> {
        lua.app_data_ref::<Context>()
            .ok_or_else(|| mlua::Error::runtime("the view API is not installed in this Lua state"))
    }
}

/// The legal answer a script named: its index (1-based) among the legal
/// answers, or its text (DESIGN.md syntax). An error says what was named.
pub(super) fn resolve_answer(
    decision: Decision,
    legal: &LegalAnswers,
    colours: &[Colour],
    value: &Value,
) -> Result<Answer, String> {
    let count = legal.len();
    let index = match value {
        Value::Integer(i) => Some(*i as f64),
        Value::Number(n) => Some(*n),
        _ => None,
    };
    if let Some(n) = index {
        return if n.fract() == 0.0 && n >= 1.0 && n <= count as f64 {
            Ok(legal.get(n as usize - 1).expect("an index below the count"))
        } else {
            Err(format!("index {n} (there are {count} answers)"))
        };
    }
    let Value::String(s) = value else {
        return Err(format!(
            "{} (an answer is its text or its index)",
            value.type_name()
        ));
    };
    let text = s.to_string_lossy();
    match Answer::parse(decision, colours, &text) {
        Ok(a) if (0..count).any(|i| legal.get(i) == Some(a)) => Ok(a),
        _ => Err(format!(
            "\"{}\", which is not one of the legal answers",
            crate::script::text::shown(&text)
        )),
    }
}

/// What both kinds of view share: a game seen by one player.
trait ViewSource: 'static {
    /// Runs `read` with the game seen; an error once the real game's view
    /// is reached outside the call it was lent for.
    fn read<R>(&self, lua: &Lua, read: impl FnOnce(&Game) -> mlua::Result<R>) -> mlua::Result<R>;
    /// Who sees it.
    fn viewer(&self, lua: &Lua) -> mlua::Result<PlayerId>;
    /// The cached field table.
    fn cached(&self, ctx: &Context) -> Option<Table>;
    /// Remembers the field table.
    fn cache(&self, ctx: &Context, table: Table);
    /// The game simulations start from: never the real game.
    fn simulation_base(&self, lua: &Lua, ctx: &Context) -> mlua::Result<Rc<Game>>;
}

/// The real game, lent to the script for the length of one call.
///
/// One `RootView` userdata is made per bot and passed to every call, so no
/// userdata is created (and collected) per decision: [`with_root_view`]
/// lends it the game for the call.
pub(super) struct RootView {
    game: Borrowed<Game>,
}

impl RootView {
    /// A root view lent nothing yet.
    pub(super) fn new() -> RootView {
        RootView {
            game: Borrowed::new(
                "a view is only reachable from Lua during the call it was lent for",
            ),
        }
    }
}

impl ViewSource for RootView {
    fn read<R>(&self, lua: &Lua, read: impl FnOnce(&Game) -> mlua::Result<R>) -> mlua::Result<R> {
        self.game.read(lua, read)
    }
    fn viewer(&self, lua: &Lua) -> mlua::Result<PlayerId> {
        self.read(lua, |game| Ok(game.decision().player().unwrap_or(0)))
    }
    fn cached(&self, ctx: &Context) -> Option<Table> {
        ctx.root_table.borrow().clone()
    }
    fn cache(&self, ctx: &Context, table: Table) {
        *ctx.root_table.borrow_mut() = Some(table);
    }
    fn simulation_base(&self, lua: &Lua, ctx: &Context) -> mlua::Result<Rc<Game>> {
        let mut sample = ctx.root_sample.borrow_mut();
        if let Some(sample) = sample.as_ref() {
            return Ok(sample.clone());
        }
        let viewer = self.viewer(lua)?;
        let made = self.read(lua, |game| {
            Ok(Rc::new(
                game.sample_hidden(viewer, &mut *ctx.rng.borrow_mut()),
            ))
        })?;
        Ok(sample.insert(made).clone())
    }
}

/// A simulated game: a sample of the hidden things, played forward.
pub(super) struct SimView {
    game: Rc<Game>,
    viewer: PlayerId,
    table: RefCell<Option<Table>>,
    live: Rc<Cell<usize>>,
}

impl SimView {
    fn new(lua: &Lua, ctx: &Context, game: Rc<Game>, viewer: PlayerId) -> mlua::Result<SimView> {
        if ctx.live.get() >= MAX_LIVE_SIMULATIONS {
            lua.gc_collect()?;
            if ctx.live.get() >= MAX_LIVE_SIMULATIONS {
                return Err(located(
                    lua,
                    format!(
                        "too many simulated views alive at once (the limit is {MAX_LIVE_SIMULATIONS}): keep fewer"
                    ),
                ));
            }
        }
        ctx.live.set(ctx.live.get() + 1);
        Ok(SimView {
            game,
            viewer,
            table: RefCell::new(None),
            live: ctx.live.clone(),
        })
    }
}

impl Drop for SimView {
    fn drop(&mut self) {
        self.live.set(self.live.get().saturating_sub(1));
    }
}

impl ViewSource for SimView {
    fn read<R>(&self, _: &Lua, read: impl FnOnce(&Game) -> mlua::Result<R>) -> mlua::Result<R> {
        read(&self.game)
    }
    fn viewer(&self, _: &Lua) -> mlua::Result<PlayerId> {
        Ok(self.viewer)
    }
    fn cached(&self, _: &Context) -> Option<Table> {
        self.table.borrow().clone()
    }
    fn cache(&self, _: &Context, table: Table) {
        *self.table.borrow_mut() = Some(table);
    }
    fn simulation_base(&self, _: &Lua, _: &Context) -> mlua::Result<Rc<Game>> {
        Ok(self.game.clone())
    }
}

/// The view's fields as one Lua table, built once and cached.
fn fields<T: ViewSource>(lua: &Lua, this: &T) -> mlua::Result<Table> {
    let ctx = Context::get(lua)?;
    if let Some(t) = this.cached(&ctx) {
        return Ok(t);
    }
    let options = SerializeOptions::new()
        .serialize_none_to_null(false)
        .serialize_unit_to_null(false);
    let viewer = this.viewer(lua)?;
    let view = this.read(lua, |game| lua.to_value_with(&game.view(viewer), options))?;
    let Value::Table(table) = view else {
        return Err(mlua::Error::runtime("a view is not a table"));
    };
    this.cache(&ctx, table.clone());
    Ok(table)
}

/// Applies the answer a script named to `game`, or says why not.
fn apply_named(lua: &Lua, game: &mut Game, answer: &Value) -> mlua::Result<()> {
    let legal = game.legal();
    let a = resolve_answer(game.decision(), &legal, game.colours(), answer)
        .map_err(|why| located(lua, format!("cannot simulate answer {why}")))?;
    game.apply(a).map_err(|e| located(lua, e))
}

/// Plays up to `turns` turns of uniformly random answers, charging each
/// turn to the call's budget and stopping the call with the budget's error
/// once it is spent. A variant's hook may still refuse a legal answer:
/// that is the error.
fn roll_out(
    lua: &Lua,
    game: &mut Game,
    turns: u32,
    rng: &mut impl Rng,
    meter: &Charge,
) -> mlua::Result<()> {
    let last = game.turn().saturating_add(turns);
    while !game.is_over() && game.turn() < last {
        let turn = game.turn();
        let legal = game.legal();
        let a = legal
            .get(rng.gen_range(0..legal.len()))
            .expect("an index below the count");
        game.apply(a).map_err(|e| located(lua, e))?;
        if game.turn() != turn {
            meter.charge_or_stop(lua, ROLLOUT_TURN_COST)?;
        }
    }
    Ok(())
}

fn add_view_methods<T: ViewSource, M: UserDataMethods<T>>(methods: &mut M) {
    add_host_method(
        methods,
        api::method("View", "legal"),
        |lua, this: &T, ()| this.read(lua, |game| new_choices(lua, game)),
    );
    add_host_method(
        methods,
        api::method("View", "simulate"),
        |lua, this: &T, answer: Value| {
            let ctx = Context::get(lua)?;
            ctx.meter.charge(SIMULATION_COST);
            let mut game = (*this.simulation_base(lua, &ctx)?).clone();
            apply_named(lua, &mut game, &answer)?;
            SimView::new(lua, &ctx, Rc::new(game), this.viewer(lua)?)
        },
    );
    add_host_method(
        methods,
        api::method("View", "rollout"),
        |lua, this: &T, turns: Value| {
            let ctx = Context::get(lua)?;
            let turns: Option<u32> = super::numbers::optional_whole_number(
                lua,
                &turns,
                "`turns` to `rollout`",
                0..=i64::from(u32::MAX),
            )?;
            let turns = turns.unwrap_or(u32::MAX);
            let mut game = (*this.simulation_base(lua, &ctx)?).clone();
            ctx.meter.charge_or_stop(lua, ROLLOUT_TURN_COST)?;
            roll_out(
                lua,
                &mut game,
                turns,
                &mut *ctx.rng.borrow_mut(),
                &ctx.meter,
            )?;
            SimView::new(lua, &ctx, Rc::new(game), this.viewer(lua)?)
        },
    );
    add_host_method(
        methods,
        api::method("View", "resample"),
        |lua, this: &T, ()| {
            let ctx = Context::get(lua)?;
            ctx.meter.charge(SIMULATION_COST);
            let viewer = this.viewer(lua)?;
            let game = this.read(lua, |game| {
                Ok(game.sample_hidden(viewer, &mut *ctx.rng.borrow_mut()))
            })?;
            SimView::new(lua, &ctx, Rc::new(game), viewer)
        },
    );
    add_host_method(
        methods,
        api::method("View", "search"),
        |lua, this: &T, options: Option<Table>| {
            this.read(lua, |game| {
                crate::bot::mcts::lua::search_table(lua, game, options)
            })
        },
    );
    add_host_meta_method(methods, MetaMethod::Index, |lua, this, key: Value| {
        fields(lua, this)?.raw_get::<Value>(key)
    });
    add_host_meta_method(methods, MetaMethod::ToString, |lua, this, ()| {
        let viewer = this.viewer(lua)?;
        this.read(lua, |g| {
            Ok(format!(
                "view of {} at turn {}",
                g.colours()[viewer],
                g.turn()
            ))
        })
    });
}

impl UserData for RootView {
    fn add_methods<M: UserDataMethods<Self>>(methods: &mut M) {
        add_view_methods(methods);
        add_host_method(
            methods,
            api::method("View", "apply"),
            |lua, _: &Self, _: Value| -> mlua::Result<()> {
                Err(located(
                lua,
                "the real game cannot be changed from a script: `view:simulate(answer)` returns the view after an answer",
            ))
            },
        );
    }
}

impl UserData for SimView {
    fn add_methods<M: UserDataMethods<Self>>(methods: &mut M) {
        add_view_methods(methods);
        add_host_method_mut(
            methods,
            api::method("View", "apply"),
            |lua, this: &mut Self, answer: Value| {
                let ctx = Context::get(lua)?;
                ctx.meter.charge(SIMULATION_COST);
                apply_named(lua, Rc::make_mut(&mut this.game), &answer)?;
                this.table.borrow_mut().take();
                Ok(())
            },
        );
    }
}

/// The decision being made and its legal answers.
pub(super) struct Choices {
    decision: Decision,
    info: DecisionView,
    legal: LegalAnswers,
    colours: Vec<Colour>,
    texts: RefCell<Option<Table>>,
    /// The count last written for its `#decision` ([`set_answer_count`]):
    /// a write from the host costs a protected call, so an unchanged
    /// count is not written again.
    counted: Option<usize>,
}

impl Choices {
    /// The current decision of `game`.
    pub(super) fn of(game: &Game) -> Choices {
        let decision = game.decision();
        Choices {
            decision,
            info: DecisionView::of(game, decision),
            legal: game.legal(),
            colours: game.colours().to_vec(),
            texts: RefCell::new(None),
            counted: None,
        }
    }

    /// Becomes the current decision of `game`, reusing its buffers.
    pub(super) fn refresh(&mut self, game: &Game) {
        self.decision = game.decision();
        self.info = DecisionView::of(game, self.decision);
        self.legal = game.legal();
        self.colours.clear();
        self.colours.extend_from_slice(game.colours());
        self.texts.get_mut().take();
    }

    fn text(&self, i: usize) -> Option<String> {
        self.legal.get(i).map(|a| a.text(&self.colours))
    }

    fn answers(&self, lua: &Lua) -> mlua::Result<Table> {
        if let Some(t) = self.texts.borrow().as_ref() {
            return Ok(t.clone());
        }
        let t = lua.create_table_with_capacity(self.legal.len(), 0)?;
        for i in 0..self.legal.len() {
            t.raw_set(i + 1, self.text(i))?;
        }
        *self.texts.borrow_mut() = Some(t.clone());
        Ok(t)
    }
}

/// How many legal answers each decision userdata has, where its `__len`
/// reads it: `#decision` is most of what a simple bot asks, and a Lua
/// function reading a weak-keyed table costs a few instructions where a
/// host metamethod costs thousands (and the VM charges them to the
/// script's budget as any Lua code's).
struct AnswerCounts {
    /// Decision userdata to its number of legal answers (weak keys).
    counts: Table,
    /// The decisions' `__len`: `function(d) return counts[d] end`.
    len: mlua::Function,
}

/// The state's [`AnswerCounts`], made on first use.
fn answer_counts(lua: &Lua) -> mlua::Result<(Table, mlua::Function)> {
    if let Some(made) = lua.app_data_ref::<AnswerCounts>() {
        return Ok((made.counts.clone(), made.len.clone()));
    }
    let counts = lua.create_table()?;
    let weak = lua.create_table()?;
    weak.raw_set("__mode", "k")?;
    counts.set_metatable(Some(weak))?;
    let len: mlua::Function = lua
        .load("local counts = ... return function(d) return counts[d] end")
        .set_name("=decision length")
        .set_mode(mlua::chunk::ChunkMode::Text)
        .call(counts.clone())?;
    lua.set_app_data(AnswerCounts {
        counts: counts.clone(),
        len: len.clone(),
    });
    Ok((counts, len))
}

/// Makes the state's [`AnswerCounts`] when the bot API is installed, so
/// that none is made later while the app data is borrowed.
pub(super) fn install_answer_counts(lua: &Lua) -> mlua::Result<()> {
    answer_counts(lua).map(drop)
}

/// Makes `#decision` of the [`Choices`] userdata `decision` its number of
/// legal answers, `count`.
fn set_answer_count(lua: &Lua, decision: &AnyUserData, count: usize) -> mlua::Result<()> {
    answer_counts(lua)?.0.raw_set(decision, count)
}

impl UserData for Choices {
    fn add_fields<F: mlua::UserDataFields<Self>>(fields: &mut F) {
        fields.add_meta_field_with(MetaMethod::Len, |lua| Ok(answer_counts(lua)?.1));
    }

    fn add_methods<M: UserDataMethods<Self>>(methods: &mut M) {
        add_host_meta_method(methods, MetaMethod::Index, |lua, this, key: Value| {
            let colour = |c: Option<Colour>| c.map(|c| c.to_string());
            Ok(match key {
                Value::Integer(i) if i >= 1 => this.text(i as usize - 1).into_lua(lua)?,
                Value::String(s) => match &*s.to_str()? {
                    "kind" => this.info.kind.into_lua(lua)?,
                    "player" => colour(this.info.player).into_lua(lua)?,
                    "zapper" => this.info.zapper.clone().into_lua(lua)?,
                    "target" => this.info.target.clone().into_lua(lua)?,
                    "crystal" => this.info.crystal.map(|c| c.value()).into_lua(lua)?,
                    "count" => this.legal.len().into_lua(lua)?,
                    "answers" => Value::Table(this.answers(lua)?),
                    _ => Value::Nil,
                },
                _ => Value::Nil,
            })
        });
        add_host_meta_method(methods, MetaMethod::ToString, |_, this, ()| {
            Ok(format!(
                "decision {} ({} answers)",
                this.info.kind,
                this.legal.len()
            ))
        });
    }
}

/// Runs `f` with `view` (a [`RootView`] userdata the caller keeps) lent
/// `game` for the length of `f`, and `decision` (a [`Choices`] userdata the
/// caller keeps) made the game's current decision.
pub(super) fn with_root_view<R>(
    lua: &Lua,
    game: &Game,
    view: &AnyUserData,
    decision: &AnyUserData,
    f: impl FnOnce() -> R,
) -> mlua::Result<R> {
    Context::begin_call(lua);
    let changed = {
        let mut choices = decision.borrow_mut::<Choices>()?;
        choices.refresh(game);
        let count = choices.legal.len();
        (choices.counted.replace(count) != Some(count)).then_some(count)
    };
    if let Some(count) = changed {
        set_answer_count(lua, decision, count)?;
    }
    let root = view.borrow::<RootView>()?;
    Ok(root.game.lend(game, f))
}

/// A [`Choices`] userdata to keep for [`with_root_view`].
pub(super) fn new_choices(lua: &Lua, game: &Game) -> mlua::Result<AnyUserData> {
    let mut choices = Choices::of(game);
    let count = choices.legal.len();
    choices.counted = Some(count);
    let decision = lua.create_userdata(choices)?;
    set_answer_count(lua, &decision, count)?;
    Ok(decision)
}
