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
//! [`MAX_SIMULATIONS`] of them.

use std::collections::HashMap;

use mlua::{Lua, Table, Value};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::engine::State;
use crate::script::{host, located};

use crate::games::roborally::game::{Decision, Game};
use crate::script::simulation::SimulationRules;

use super::Context;

/// Instructions charged to the script for each simulation.
pub const SIMULATION_COST: u64 = 2_000;
/// Instructions charged to the script for each answer a simulation plays.
pub const SIMULATION_ANSWER_COST: u64 = 200;
/// How many simulations one decision may run.
pub const MAX_SIMULATIONS: u32 = 1_000;
/// Instructions charged for each entry of the answers and standing
/// answers a simulation reads (and one for every 8 bytes of their text).
pub const ITEM_COST: u64 = 10;

/// This game's simulations' limits, for [`Context::start`].
const RULES: SimulationRules = SimulationRules {
    title: "RoboRally",
    example: "{ \"move_2 670\", ..., \"go\" }",
    max: MAX_SIMULATIONS,
    cost: SIMULATION_COST,
};
/// The most answers a simulation plays (a turn of 8 robots needs far
/// fewer): a backstop against a game that would not end its turn.
const MAX_ANSWERS: u32 = 2_000;

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
    let start = Context::start(lua, &RULES, answers)?;
    let standing = standing_answers(lua, standing)?;
    let ctx = Context::get(lua, RULES.title)?;
    let (texts, seed, mut game) = (start.texts, start.seed, start.game);
    let me = ctx.me.get();
    // Stopping after a phase needs the game to pause between steps; the
    // pauses (`continue`) are answered here and not charged.
    game.set_stepping(phases.is_some());
    let past = |game: &Game| match (phases, game.turn_phase().1) {
        (Some(last), Some(phase)) => phase > last,
        _ => false,
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5851_F42D_4C95_7F2D);
    let mut mine = texts.iter().peekable();
    let turn = game.turn();
    let mut played = 0;
    while !game.is_over()
        && game.turn() == turn
        && game.turn_phase().2 != "end of the turn"
        && !past(&game)
    {
        let Some(seat) = game.to_decide() else {
            break;
        };
        let count = game.legal_count();
        if count == 0 || played >= MAX_ANSWERS {
            break;
        }
        let pause = matches!(game.decision(), Some(Decision::Continue));
        let own = seat == me && !pause;
        let chain = matches!(
            game.decision(),
            Some(Decision::Card { .. } | Decision::PowerDown { .. })
        );
        let parsed = match mine.peek() {
            Some(text) if own => Some((text.to_string(), game.parse_answer(text))),
            _ => None,
        };
        let answer = match parsed {
            Some((_, Ok(answer))) => {
                mine.next();
                answer
            }
            Some((text, Err(refusal))) if chain => {
                return Err(located(
                    lua,
                    format!(
                        "simulate: answer {text:?} to {}: {refusal}",
                        game.decision_text()
                    ),
                ))
            }
            _ => match standing_answer(&game, &standing).filter(|_| own) {
                Some(answer) => answer,
                None => game
                    .legal(rng.gen_range(0..count))
                    .expect("an index below the count"),
            },
        };
        apply(lua, &mut game, answer)?;
        played += 1;
        if !pause {
            ctx.charge.charge_or_stop(lua, SIMULATION_ANSWER_COST)?;
        }
    }
    ended(lua, &game, me)
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
fn standing_answer(
    game: &Game,
    standing: &HashMap<String, String>,
) -> Option<crate::games::roborally::game::Answer> {
    if standing.is_empty() {
        return None;
    }
    let (kind, option) = super::view::decision_kind(game);
    option
        .and_then(|o| standing.get(o))
        .or_else(|| standing.get(kind))
        .and_then(|text| game.parse_answer(text).ok())
}

/// Applies `answer`, or fails naming it.
fn apply(
    lua: &Lua,
    game: &mut Game,
    answer: crate::games::roborally::game::Answer,
) -> mlua::Result<()> {
    let text = game.answer_text(answer);
    game.apply(answer)
        .map_err(|refusal| located(lua, format!("simulate: answer {text:?}: {refusal}")))
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
