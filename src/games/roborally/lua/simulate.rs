//! `view:simulate(answers)`: the deciding seat's coming answers played
//! natively on a sample of what it cannot see ([`State::sample_hidden`]:
//! the deck and the other seats' hands and unrevealed registers dealt
//! anew), the other seats answering at random from the bot's seeded
//! generator, up to the end of the current turn's register phases (or,
//! given a number of phases, up to the end of that register phase: a
//! partial program can be judged without the random cards after it). The seat's answers go to its own
//! decisions in order; one that does not answer an option's question
//! (`use_option`, `program_option`, `weapon`, ...) is kept for the next,
//! and that question is answered from the standing answers when they give
//! a legal one (keyed by the option's name, else by the decision's kind),
//! else at random (a `go` after the registers of an undamaged robot
//! reaches no power down). It returns where the seat's robot ends, and
//! where the others do (`rivals`). Each call is charged to the
//! script's instruction budget, and a decision may run at most
//! [`MAX_SIMULATIONS`] of them. What every game's simulations share (the
//! arguments, the limits and charges, the sample, the answers played) is
//! [`crate::script::simulation`]'s; what is RoboRally's is its [`Plan`]
//! and the table it returns.

use std::collections::HashMap;

use mlua::{Lua, Table, Value};

use crate::engine::State;
use crate::script::simulation::{Plan, SimulationRules};
use crate::script::{host, located};

use crate::games::roborally::game::{Answer, Decision, Game};

use super::Context;

pub use crate::script::simulation::{MAX_SIMULATIONS, SIMULATION_ANSWER_COST, SIMULATION_COST};

/// Instructions charged for each entry of the answers and standing
/// answers a simulation reads (and one for every 8 bytes of their text).
pub const ITEM_COST: u64 = 10;

/// This game's simulations, for [`Context::start`].
pub(super) static RULES: SimulationRules = SimulationRules {
    title: "RoboRally",
    example: "{ \"move_2 670\", ..., \"go\" }",
};

/// Runs one simulation of `answers` (a list of answer texts) for the
/// seat deciding now, up to the end of register phase `phases` when it is
/// given (1..=5), else to the end of the turn's register phases, with
/// `standing` answers (option name or decision kind -> answer text) for
/// the seat's questions the list does not answer; see the module's doc.
pub(super) fn simulate(
    lua: &Lua,
    answers: &Table,
    phases: Option<u8>,
    standing: Option<&Table>,
) -> mlua::Result<Table> {
    charge_table(lua, answers)?;
    if let Some(standing) = standing {
        charge_table(lua, standing)?;
    }
    let mut start = Context::start(lua, &RULES, answers)?;
    let standing = standing_answers(lua, standing)?;
    let me = start.seat;
    // Stopping after a phase needs the game to pause between steps; the
    // pauses (`continue`) are answered here and not charged.
    start.game.set_stepping(phases.is_some());
    let plan = TurnPlan {
        turn: start.game.turn(),
        phases,
        standing,
    };
    let game = Context::play(lua, &RULES, start, &plan)?;
    ended(lua, &game, me)
}

/// How RoboRally plays a simulation: to the end of the turn's register
/// phases (or of phase `phases`), a question of an option that the seat's
/// next answer does not answer left to `standing` (else random).
struct TurnPlan {
    /// The turn simulated.
    turn: u32,
    /// The last register phase played, when given.
    phases: Option<u8>,
    /// The standing answers, by option name or decision kind.
    standing: HashMap<String, String>,
}

impl Plan<Game> for TurnPlan {
    fn goes_on(&self, game: &Game, _: usize) -> bool {
        let past = match (self.phases, game.turn_phase().1) {
            (Some(last), Some(phase)) => phase > last,
            _ => false,
        };
        game.turn() == self.turn && game.turn_phase().2 != "end of the turn" && !past
    }

    fn is_pause(&self, game: &Game) -> bool {
        matches!(game.decision(), Some(Decision::Continue))
    }

    /// A card or the power down is the chain of the seat's answers; an
    /// option's question may be left to the standing answers.
    fn may_wait(&self, game: &Game) -> bool {
        !matches!(
            game.decision(),
            Some(Decision::Card { .. } | Decision::PowerDown { .. })
        )
    }

    fn standing_answer(&self, game: &Game) -> Option<Answer> {
        standing_answer(game, &self.standing)
    }
}

/// Charges reading `table` (the answers or the standing answers) to the
/// script's budget: an item per entry and its texts' bytes, before they
/// are read.
fn charge_table(lua: &Lua, table: &Table) -> mlua::Result<()> {
    let mut entries: u64 = 0;
    let mut bytes: u64 = 0;
    for pair in table.pairs::<Value, Value>() {
        let (k, v) = pair?;
        entries += 1;
        // The work of this walk is charged as it goes: a huge table is
        // stopped by the budget part way.
        if entries.is_multiple_of(1024) {
            host::charge(lua, 1024 * ITEM_COST)?;
        }
        for text in [k, v] {
            if let Value::String(s) = text {
                bytes += s.as_bytes().len() as u64;
            }
        }
    }
    host::charge(
        lua,
        (entries % 1024) * ITEM_COST + bytes / host::BYTES_PER_INSTRUCTION,
    )
}

/// The standing answers as a map, or an error naming the line when a key
/// or value is no text.
fn standing_answers(lua: &Lua, standing: Option<&Table>) -> mlua::Result<HashMap<String, String>> {
    let mut map = HashMap::new();
    let Some(table) = standing else {
        return Ok(map);
    };
    for pair in table.pairs::<Value, Value>() {
        let (key, value) = pair?;
        match (key, value) {
            (Value::String(k), Value::String(v)) => {
                map.insert(k.to_str()?.to_string(), v.to_str()?.to_string());
            }
            _ => {
                return Err(located(
                    lua,
                    "simulate's standing answers map an option or a decision's kind to an answer text: { brakes = \"skip\", weapon = \"laser\" }",
                ))
            }
        }
    }
    Ok(map)
}

/// The standing answer to the decision asked, when one is given for its
/// option (else its kind) and is legal now.
fn standing_answer(game: &Game, standing: &HashMap<String, String>) -> Option<Answer> {
    if standing.is_empty() {
        return None;
    }
    let (kind, option) = super::view::decision_kind(game);
    option
        .and_then(|o| standing.get(o))
        .or_else(|| standing.get(kind))
        .and_then(|text| game.parse_answer(text).ok())
}

/// Where `me`'s robot ends: `{ x, y, facing, destroyed, damage, lives,
/// flags, over }` (no `x`, `y` when it is off the board), and `rivals`:
/// the others' endings, with their `colour`.
fn ended(lua: &Lua, game: &Game, me: usize) -> mlua::Result<Table> {
    let rivals = lua.create_table()?;
    for seat in (0..game.robots().len()).filter(|&s| s != me) {
        let rival = robot_ending(lua, game, seat)?;
        rival.set("colour", game.seat_name(seat))?;
        rivals.raw_push(rival)?;
    }
    let t = robot_ending(lua, game, me)?;
    t.set("rivals", rivals)?;
    Ok(t)
}

/// Where the robot of `seat` ends (see [`ended`]).
fn robot_ending(lua: &Lua, game: &Game, seat: usize) -> mlua::Result<Table> {
    let t = lua.create_table()?;
    let Some(r) = game.robots().get(seat) else {
        return Ok(t);
    };
    if let Some(at) = r.at {
        t.set("x", at.x)?;
        t.set("y", at.y)?;
    }
    t.set("facing", r.facing.name())?;
    t.set("destroyed", r.destroyed())?;
    t.set("damage", r.damage)?;
    t.set("lives", r.lives)?;
    t.set("flags", r.flags)?;
    t.set("over", game.is_over())?;
    Ok(t)
}
