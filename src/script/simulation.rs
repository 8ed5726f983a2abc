//! `view:simulate(answers, ...)` of a game's Lua bots, as far as every
//! game plays it alike: what the bot API keeps for it (its Lua state's app
//! data), the native function and its arguments ([`simulate_function`]:
//! `view:simulate(...)` and `view.simulate(...)` alike, the answer texts
//! first), the start of a simulation (counted against the decision's limit
//! of [`MAX_SIMULATIONS`], charged [`SIMULATION_COST`], the answer texts
//! read, what the deciding seat cannot see sampled anew), and the answers
//! played through the seam ([`SimulationContext::play`]: the seat's own
//! from its list, the others' at random from the simulation's seed, each
//! charged [`SIMULATION_ANSWER_COST`]). What is a game's own (when a
//! simulation stops, answers kept for a later question, the table it
//! returns) it says in a [`Plan`] and in its
//! `src/games/<game>/lua/simulate.rs`.

use std::cell::Cell;
use std::rc::Rc;

use mlua::{Function, Lua, MultiValue, Table, Value};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::engine::{Seat, State};

use super::{host_function, located, Borrowed, Charge};

/// Instructions charged to the script for each simulation.
pub const SIMULATION_COST: u64 = 2_000;
/// Instructions charged to the script for each answer a simulation plays
/// (a pause of stepping mode is not charged).
pub const SIMULATION_ANSWER_COST: u64 = 200;
/// How many simulations one decision may run.
pub const MAX_SIMULATIONS: u32 = 1_000;
/// The most answers a simulation plays (a turn or round of eight seats
/// needs far fewer): a backstop against a game that would not end.
pub const MAX_ANSWERS: u32 = 2_000;

/// What a native reading the game outside a call of `choose` is told (a
/// script that kept a view or a native past its call).
const GONE: &str =
    "the game is only answered while choose runs (a view kept from an earlier decision is stale)";

/// The game being decided and the counters of its simulations.
pub struct SimulationContext<G> {
    /// The game being decided, lent for the length of a call of `choose`
    /// (never copied: a simulation copies what it plays on).
    pub game: Rc<Borrowed<G>>,
    /// The deciding seat.
    pub me: Cell<Seat>,
    /// The bot's seed: samples and the other seats' answers in a
    /// simulation are drawn from it, the decision and the call.
    pub seed: Cell<u64>,
    /// Decisions asked so far (varies the samples from one to the next).
    pub decisions: Cell<u64>,
    /// Simulations run in this decision.
    pub simulations: Cell<u32>,
    /// The sandbox's instruction meter, charged for native work.
    pub charge: Charge,
}

/// One simulation's start: the answer texts, its seed, and the sample.
pub struct SimulationStart<G> {
    /// The seat's answers, as text.
    pub texts: Vec<String>,
    /// The deciding seat.
    pub seat: Seat,
    /// The simulation's own seed (the others' answers are drawn from it).
    pub seed: u64,
    /// The game with what the seat cannot see dealt anew.
    pub game: G,
}

/// How one game's simulations are explained.
pub struct SimulationRules {
    /// The game's title, for errors.
    pub title: &'static str,
    /// An example of the answer list, for the error on a bad one.
    pub example: &'static str,
}

impl SimulationRules {
    /// The error on arguments without a list of answer texts.
    fn no_answers(&self, lua: &Lua) -> mlua::Error {
        located(
            lua,
            format!(
                "simulate takes a list of answer texts, such as {}",
                self.example
            ),
        )
    }
}

/// What a game plays its own way in a simulation ([`SimulationContext::play`]).
pub trait Plan<G: State> {
    /// Whether the simulation goes on from `game` (not over, fewer than
    /// [`MAX_ANSWERS`] played); `left` is how many of the seat's answers
    /// are not played yet.
    fn goes_on(&self, game: &G, left: usize) -> bool;

    /// Whether the decision now is a pause of stepping mode: answered,
    /// never from the seat's list, and not charged. By default none is.
    fn is_pause(&self, game: &G) -> bool {
        let _ = game;
        false
    }

    /// Whether the seat's next answer, which does not answer the decision
    /// now, waits for a later one (the decision is then answered from
    /// [`Plan::standing_answer`], else at random); by default it is the
    /// script's error.
    fn may_wait(&self, game: &G) -> bool {
        let _ = game;
        false
    }

    /// The seat's answer to the decision now when its list gives none; by
    /// default none: a random one.
    fn standing_answer(&self, game: &G) -> Option<G::Answer> {
        let _ = game;
        None
    }
}

/// Makes the native `view:simulate`: called as a method or not (a leading
/// table holding `simulate`, the view, is dropped), it takes a list of
/// answer texts first, an error saying so otherwise; `simulate` gets that
/// list and the arguments after it.
pub fn simulate_function(
    lua: &Lua,
    rules: &'static SimulationRules,
    simulate: impl Fn(&Lua, &Table, &mut std::vec::IntoIter<Value>) -> mlua::Result<Table> + 'static,
) -> mlua::Result<Function> {
    host_function(lua, move |lua, args: MultiValue| {
        let mut args: Vec<Value> = args.into_iter().collect();
        if let Some(Value::Table(first)) = args.first() {
            if first.contains_key("simulate")? {
                args.remove(0);
            }
        }
        let mut args = args.into_iter();
        let Some(Value::Table(answers)) = args.next() else {
            return Err(rules.no_answers(lua));
        };
        simulate(lua, &answers, &mut args)
    })
}

impl<G: State + Clone + 'static> SimulationContext<G> {
    /// Installs a new context in `lua`, charging `charge`.
    pub fn install(lua: &Lua, charge: Charge) {
        lua.set_app_data(SimulationContext::<G> {
            game: Rc::new(Borrowed::new(GONE)),
            me: Cell::new(0),
            seed: Cell::new(0),
            decisions: Cell::new(0),
            simulations: Cell::new(0),
            charge,
        });
    }

    /// The context installed in `lua` (`title` names the game in the error).
    pub fn get<'a>(
        lua: &'a Lua,
        title: &str,
    ) -> mlua::Result<mlua::AppDataRef<'a, SimulationContext<G>>> {
        lua.app_data_ref::<SimulationContext<G>>().ok_or_else(|| {
            mlua::Error::runtime(format!(
                "the {title} bot API is not installed in this Lua state"
            ))
        })
    }

    /// Seeds the bot's simulations, and counts its decisions from the
    /// start again: a bot seeded anew (for a new game) samples exactly as
    /// a bot made anew would.
    pub fn seed(lua: &Lua, seed: u64) {
        if let Some(ctx) = lua.app_data_ref::<SimulationContext<G>>() {
            ctx.seed.set(seed);
            ctx.decisions.set(0);
            ctx.simulations.set(0);
        }
    }

    /// Runs `call`, a decision of `seat` in `game`, with `game` lent to
    /// the natives (simulations read it, and copy what they play on) for
    /// the length of `call` only.
    pub fn with_decision<R>(
        lua: &Lua,
        title: &str,
        game: &G,
        seat: Seat,
        call: impl FnOnce() -> R,
    ) -> mlua::Result<R> {
        let lent = {
            let ctx = Self::get(lua, title)?;
            ctx.me.set(seat);
            ctx.simulations.set(0);
            ctx.decisions.set(ctx.decisions.get().wrapping_add(1));
            ctx.game.clone()
        };
        Ok(lent.lend(game, call))
    }

    /// Runs `read` with the game being decided, for a native function;
    /// outside a call of `choose` (a view kept past its call), an error at
    /// the script's line saying the game is only answered while choose
    /// runs.
    pub fn read_game<R>(
        lua: &Lua,
        title: &str,
        read: impl FnOnce(&G) -> mlua::Result<R>,
    ) -> mlua::Result<R> {
        let lent = Self::get(lua, title)?.game.clone();
        lent.read(lua, read)
    }

    /// Starts one simulation of `answers` for the deciding seat: counted
    /// and charged, its texts read, the hidden information sampled.
    pub fn start(
        lua: &Lua,
        rules: &SimulationRules,
        answers: &Table,
    ) -> mlua::Result<SimulationStart<G>> {
        let ctx = Self::get(lua, rules.title)?;
        let n = ctx.simulations.get() + 1;
        if n > MAX_SIMULATIONS {
            return Err(located(
                lua,
                format!("simulate: more than {MAX_SIMULATIONS} simulations in one decision"),
            ));
        }
        ctx.simulations.set(n);
        ctx.charge.charge_or_stop(lua, SIMULATION_COST)?;
        let texts: Vec<String> = answers
            .sequence_values::<String>()
            .collect::<mlua::Result<_>>()
            .map_err(|_| rules.no_answers(lua))?;
        let seed = mix(ctx.seed.get(), ctx.decisions.get(), n);
        let me = ctx.me.get();
        let game = ctx
            .game
            .with(|real| real.sample_hidden(me, seed))
            .ok_or_else(|| located(lua, "simulate is only answered while choose runs"))?;
        Ok(SimulationStart {
            texts,
            seat: me,
            seed,
            game,
        })
    }

    /// Plays a simulation from its start as `plan` says: the seat's
    /// answers go to its own decisions in order (one that is not legal is
    /// an error naming it and the decision, unless it may wait), the
    /// others' are drawn from the simulation's seed, and each answer is
    /// charged; returns the game where it stopped.
    pub fn play(
        lua: &Lua,
        rules: &SimulationRules,
        start: SimulationStart<G>,
        plan: &dyn Plan<G>,
    ) -> mlua::Result<G> {
        let ctx = Self::get(lua, rules.title)?;
        let SimulationStart {
            texts,
            seat: me,
            seed,
            mut game,
        } = start;
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5851_F42D_4C95_7F2D);
        let mut mine = texts.iter().peekable();
        let mut played = 0;
        while !game.is_over() && played < MAX_ANSWERS && plan.goes_on(&game, mine.len()) {
            let Some(seat) = game.to_decide() else {
                break;
            };
            let count = game.legal_count();
            if count == 0 {
                break;
            }
            let pause = plan.is_pause(&game);
            let own = seat == me && !pause;
            let listed = match mine.peek() {
                Some(text) if own => match game.parse_answer(text) {
                    Ok(answer) => {
                        mine.next();
                        Some(answer)
                    }
                    Err(_) if plan.may_wait(&game) => None,
                    Err(refusal) => {
                        return Err(located(
                            lua,
                            format!(
                                "simulate: answer {text:?} to {}: {refusal}",
                                game.decision_text()
                            ),
                        ))
                    }
                },
                _ => None,
            };
            let answer = match listed.or_else(|| plan.standing_answer(&game).filter(|_| own)) {
                Some(answer) => answer,
                None => game
                    .legal(rng.gen_range(0..count))
                    .expect("an index below the count"),
            };
            let text = game.answer_text(answer);
            game.apply(answer)
                .map_err(|refusal| located(lua, format!("simulate: answer {text:?}: {refusal}")))?;
            played += 1;
            if !pause {
                ctx.charge.charge_or_stop(lua, SIMULATION_ANSWER_COST)?;
            }
        }
        Ok(game)
    }
}

/// Mixes the bot's seed, the decision and the simulation into one seed.
fn mix(seed: u64, decision: u64, simulation: u32) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ decision.wrapping_mul(0xBF58_476D_1CE4_E5B9)
        ^ u64::from(simulation).wrapping_mul(0x94D0_49BB_1331_11EB)
}
