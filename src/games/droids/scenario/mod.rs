//! Droids scenario files for `tinbots check` (`scripts/droids/scenarios/`,
//! `game = "droids"`; the format in `docs/droids.md`, "Scenario files"): a
//! position drawn as a board's `rows` (the letters `R` `Y` `B` `G` are the
//! players' robots where they stand, `1` `2` the repair robots, `X` the
//! statue), then either orders carried out directly (`[[order]]`: a robot
//! and a tile, die rolls from `rolls`, registers blocked after a hit from
//! the order's `block`) or answers played from the first round
//! (`[[answer]]`, each may expect a refusal), and what must hold
//! (`[expect]`). [`check_file`] reads a file (errors name the file, line,
//! column, field and reason) and plays it; its report ([`Checked`])
//! lists every difference.

pub mod export;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use crate::engine::{Checked, Describe, Rulings, State};
use crate::grid::square::Square;
use crate::script::text::shown;

use super::board::{seating, Mission, MissionError, Piece, Place, RawMission, PLAYER_COLOURS};
use super::game::{Carried, Game, RobotId};
use super::mission::hooks::HookEvent;
use super::mission::Chosen;
use super::rulings::DISPUTES;
use super::tiles::{Colour, Tile, TileMix};

/// A scenario that could not be read or played: where and why.
pub type ScenarioError = MissionError;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScenario {
    game: String,
    title: String,
    source: Spanned<String>,
    seed: Option<Spanned<i64>>,
    rows: Spanned<Vec<Spanned<String>>>,
    #[serde(default)]
    robot: Vec<RawRobot>,
    #[serde(default)]
    rolls: Vec<Spanned<i64>>,
    #[serde(default)]
    order: Vec<RawOrder>,
    #[serde(default)]
    answer: Vec<RawAnswer>,
    #[serde(default)]
    stacks: BTreeMap<String, Vec<Spanned<String>>>,
    /// The mission whose script and left-out tiles apply (`mines`, `7:c`).
    mission: Option<Spanned<String>>,
    /// The colour of each seat, in seat order, where the mission lets
    /// the players choose (`colours = ["yellow"]`, mission 7).
    colours: Option<Spanned<Vec<String>>>,
    /// Whether the rows are the named mission's board at its set-up, so
    /// the set-up's rules apply (its repair robots on the free corners,
    /// `droids.repair-corners`).
    set_up: Option<Spanned<bool>>,
    /// Numbers the mission's script keeps, set before the first order.
    #[serde(default)]
    vars: BTreeMap<String, Spanned<i64>>,
    /// The readings of disputed rules the scenario is played under
    /// (`rulings = { "droids.steer-water" = "enter" }`).
    rulings: Option<Spanned<toml::Table>>,
    #[serde(default)]
    expect: RawExpect,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRobot {
    id: Spanned<String>,
    carrying: Option<Spanned<String>>,
    #[serde(default)]
    blocked: Vec<Spanned<i64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawOrder {
    robot: Spanned<String>,
    tile: Spanned<String>,
    #[serde(default)]
    block: Vec<Spanned<i64>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAnswer {
    text: Spanned<String>,
    refused: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawExpect {
    #[serde(default)]
    robot: Vec<ExpectRobot>,
    #[serde(default)]
    piece: Vec<ExpectPiece>,
    #[serde(default)]
    events: Vec<String>,
    decision: Option<String>,
    deciding: Option<String>,
    winners: Option<Vec<String>>,
    round: Option<Spanned<i64>>,
    over: Option<bool>,
    #[serde(default)]
    vars: BTreeMap<String, i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExpectRobot {
    id: Spanned<String>,
    at: Option<Spanned<Vec<i64>>>,
    carrying: Option<String>,
    blocked: Option<Vec<Spanned<i64>>>,
    out: Option<bool>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExpectPiece {
    at: Spanned<Vec<i64>>,
    kind: String,
}

/// Reads a scenario file and plays it, under the rulings `pins` choose
/// (`ID=READING`) over the file's own.
pub fn check_file(path: &Path, pins: &[String]) -> Result<Checked, ScenarioError> {
    let shown = path.display().to_string();
    let text = crate::files::read_text(path, crate::files::FileKind::Scenario).map_err(|e| {
        MissionError {
            place: shown.clone(),
            message: e.reason(),
        }
    })?;
    check_text(&shown, &text, pins)
}

/// The position a scenario file sets up, before its orders are played
/// (`tinbots render`).
pub fn position_file(path: &Path, pins: &[String]) -> Result<Game, ScenarioError> {
    let shown = path.display().to_string();
    let text = crate::files::read_text(path, crate::files::FileKind::Scenario).map_err(|e| {
        MissionError {
            place: shown.clone(),
            message: e.reason(),
        }
    })?;
    position_text(&shown, &text, pins).map(|(game, _)| game)
}

/// The position a scenario's text sets up, before its orders are played,
/// and the scenario's title (the REPL's `load`; `file` names it in errors).
pub fn position_text(
    file: &str,
    text: &str,
    pins: &[String],
) -> Result<(Game, String), ScenarioError> {
    let place = Place { file, text };
    let raw = read(&place)?;
    Ok((build(&place, &raw, pins)?, raw.title.clone()))
}

/// The rulings a scenario is played under: its own `rulings` table, and
/// `pins` (`--ruling`) over it.
fn rulings(
    place: &Place<'_>,
    raw: &RawScenario,
    pins: &[String],
) -> Result<Rulings, ScenarioError> {
    let mut rulings = Rulings::defaults(DISPUTES);
    if let Some(table) = &raw.rulings {
        rulings = rulings
            .from_table(table.get_ref())
            .map_err(|e| place.at(table.span().start, e.0))?;
    }
    rulings.pinned(pins).map_err(|e| MissionError {
        place: place.file.to_string(),
        message: format!("--ruling {e}"),
    })
}

/// Reads a scenario's text, refusing one of another game.
fn read(place: &Place<'_>) -> Result<RawScenario, ScenarioError> {
    let raw: RawScenario = toml::from_str(place.text).map_err(|e| {
        place.at(
            e.span().map(|s| s.start).unwrap_or(0),
            e.message().to_string(),
        )
    })?;
    if raw.game != "droids" {
        return Err(MissionError {
            place: place.file.to_string(),
            message: format!("in `game`: `{}`, not a Droids scenario", raw.game),
        });
    }
    Ok(raw)
}

/// Reads a scenario from text (`file` names it in errors) and plays it.
pub fn check_text(file: &str, text: &str, pins: &[String]) -> Result<Checked, ScenarioError> {
    let place = Place { file, text };
    let raw = read(&place)?;
    place.source(&raw.source)?;
    let (game, events) = play(&place, &raw, pins)?;
    let differences = compare(&place, &game, &raw.expect, &events)?;
    Ok(Checked {
        title: raw.title,
        source: raw.source.into_inner(),
        differences,
        events,
    })
}

/// The game after a scenario file's orders and answers, played as
/// [`check_file`] plays them (`tinbots render --after`).
pub fn after_file(path: &Path, pins: &[String]) -> Result<Game, ScenarioError> {
    let shown = path.display().to_string();
    let text = crate::files::read_text(path, crate::files::FileKind::Scenario).map_err(|e| {
        MissionError {
            place: shown.clone(),
            message: e.reason(),
        }
    })?;
    let place = Place {
        file: &shown,
        text: &text,
    };
    Ok(play(&place, &read(&place)?, pins)?.0)
}

/// Plays a scenario's orders and answers from its position: the game
/// after them, and their events narrated.
fn play(
    place: &Place<'_>,
    raw: &RawScenario,
    pins: &[String],
) -> Result<(Game, Vec<String>), ScenarioError> {
    let mut game = build(place, raw, pins)?;
    let mut events = Vec::new();
    let narrate = |game: &Game, events: &mut Vec<String>| {
        events.extend(game.events().iter().map(|e| game.narrate(e)));
    };
    for o in &raw.order {
        let id = robot_id(place, &o.robot)?;
        let r = game
            .robot_index(id)
            .ok_or_else(|| place.at(o.robot.span().start, format!("{id} is not on the board")))?;
        let tile: Tile = o
            .tile
            .get_ref()
            .parse()
            .map_err(|e: String| place.at(o.tile.span().start, e))?;
        if let Some(why) = left_out(game.mission(), tile) {
            return Err(place.at(o.tile.span().start, why));
        }
        game.events.clear();
        let from = game.robots[r].at;
        let squares = game.squares();
        game.carry_out(r, tile);
        let seat = game.seat_of_robot(id).unwrap_or(0);
        game.hook(&HookEvent::OrderDone {
            seat,
            robot: id,
            tile: tile.to_string(),
            from,
            moved: game.moved_since(&squares),
        });
        if let Some(failure) = game.failure.take() {
            return Err(place.at(
                o.tile.span().start,
                format!("the mission script failed: {failure}"),
            ));
        }
        let owed: Vec<(usize, u8)> = game.pending.drain(..).collect();
        let total: usize = owed.iter().map(|(_, n)| usize::from(*n)).sum();
        if o.block.len() != total {
            let who: Vec<String> = owed
                .iter()
                .map(|(s, n)| format!("{n} of {}'s", game.colour(*s)))
                .collect();
            return Err(place.at(
                o.tile.span().start,
                format!(
                    "the order leaves {total} registers to block ({}): give them in `block` ({} given)",
                    if who.is_empty() { "none".to_string() } else { who.join(", ") },
                    o.block.len()
                ),
            ));
        }
        let mut given = o.block.iter();
        for (victim, n) in owed {
            for b in given.by_ref().take(usize::from(n)) {
                let c = column(place, &game, b)?;
                game.block(victim, c);
            }
        }
        narrate(&game, &mut events);
    }
    for a in &raw.answer {
        let result = game
            .parse_answer(a.text.get_ref())
            .and_then(|ans| game.apply(ans));
        match (&result, &a.refused) {
            (Ok(()), None) => narrate(&game, &mut events),
            (Err(e), Some(want)) if e.message.contains(want.as_str()) => {
                events.push(format!("`{}` refused: {}", a.text.get_ref(), e.message));
            }
            (Err(e), _) => {
                return Err(place.at(
                    a.text.span().start,
                    format!("the answer is refused: {}", e.message),
                ))
            }
            (Ok(()), Some(want)) => {
                return Err(place.at(
                    a.text.span().start,
                    format!("the answer was taken, but a refusal naming `{want}` was expected"),
                ))
            }
        }
    }
    Ok((game, events))
}

/// The colour of each seat: `chosen`, the scenario's `colours` as its
/// named mission reads them ([`Mission::seating`]: where it lets the
/// players choose), each drawn in `rows` and no other; else the robots
/// drawn, which must be R, then Y, then B, then G.
fn seated(
    place: &Place<'_>,
    raw: &RawScenario,
    mission: &Mission,
    chosen: Option<Vec<usize>>,
) -> Result<Vec<usize>, ScenarioError> {
    let drawn: Vec<usize> = (0..PLAYER_COLOURS.len())
        .filter(|c| mission.starts[*c].is_some())
        .collect();
    let (Some(asked), Some(colours)) = (&raw.colours, chosen) else {
        if let Some(asked) = &raw.colours {
            return Err(place.at(
                asked.span().start,
                "a choice of colour is a mission's: name the mission (`mission = \"killer\"`)",
            ));
        }
        let players = drawn.len();
        if players == 0 || drawn != seating::in_order(players) {
            return Err(place.at(
                raw.rows.span().start,
                "draw the players' robots in seat order: R, then Y, then B, then G",
            ));
        }
        return Ok(drawn);
    };
    let at = asked.span().start;
    let mut sorted = colours.clone();
    sorted.sort_unstable();
    if sorted != drawn {
        let letters = |cs: &[usize]| -> String {
            let each: Vec<String> = cs
                .iter()
                .map(|c| RobotId::Player(*c).letter().to_string())
                .collect();
            each.join(", ")
        };
        return Err(place.at(
            at,
            format!(
                "the rows draw the robots {} but `colours` seats {}: draw each colour chosen, \
                 and no other",
                if drawn.is_empty() {
                    "none".to_string()
                } else {
                    letters(&drawn)
                },
                letters(&sorted)
            ),
        ));
    }
    Ok(colours)
}

/// The game at the scenario's start: the board and robots of `rows`, the
/// robots' loads and blocked registers, the stacks, the first round with
/// red first.
fn build(place: &Place<'_>, raw: &RawScenario, pins: &[String]) -> Result<Game, ScenarioError> {
    let rulings = rulings(place, raw, pins)?;
    let mut chosen_colours = None;
    let board = RawMission::rows_only(raw.rows.clone());
    let mut mission = Mission::from_raw(place, board, false)?;
    let hooks = match &raw.mission {
        Some(m) => {
            let chosen = Chosen::find(m.get_ref()).map_err(|e| place.at(m.span().start, e))?;
            let (named, hooks) = chosen.load().map_err(|e| place.at(m.span().start, e))?;
            if let Some(c) = &raw.colours {
                let asked = named
                    .seating(c.get_ref().len(), c.get_ref())
                    .map_err(|e| place.at(c.span().start, e))?;
                chosen_colours = Some(asked);
            }
            mission.name = named.name;
            mission.number = named.number;
            mission.stacks = named.stacks;
            mission.leave_out = named.leave_out;
            mission.teams = named.teams;
            mission.free_corners =
                raw.set_up.as_ref().is_some_and(|s| *s.get_ref()) && named.free_corners;
            hooks
        }
        None => {
            if let Some(set_up) = &raw.set_up {
                return Err(place.at(
                    set_up.span().start,
                    "a set-up is a mission's: name the mission (`mission = \"mines\"`)",
                ));
            }
            None
        }
    };
    let colours = seated(place, raw, &mission, chosen_colours)?;
    let mut mix = TileMix::standard().clone();
    for (name, tiles) in &raw.stacks {
        let colour: Colour = name.parse().map_err(|e| MissionError {
            place: place.file.to_string(),
            message: format!("in `stacks.{name}`: {e}"),
        })?;
        let mut list = Vec::new();
        for t in tiles {
            let tile: Tile = t
                .get_ref()
                .parse()
                .map_err(|e| place.at(t.span().start, e))?;
            if tile.colour() != colour {
                return Err(place.at(t.span().start, format!("`{tile}` is not {colour}")));
            }
            if let Some(why) = left_out(&mission, tile) {
                return Err(place.at(t.span().start, why));
            }
            list.push(tile);
        }
        mix.stacks[colour.index()] = list;
    }
    if mix.total() > super::tiles::MAX_TILES {
        return Err(MissionError {
            place: place.file.to_string(),
            message: format!(
                "in `stacks`: {} tiles: the stacks hold at most {}",
                mix.total(),
                super::tiles::MAX_TILES
            ),
        });
    }
    let seed = match &raw.seed {
        None => 1,
        Some(s) => u64::try_from(*s.get_ref())
            .map_err(|_| place.at(s.span().start, "a seed is a whole number from 0"))?,
    };
    let mut game =
        Game::scenario(mission, colours, seed, &mix, hooks, rulings).map_err(|e| MissionError {
            place: place.file.to_string(),
            message: e.message,
        })?;
    for (k, v) in &raw.vars {
        game.vars
            .set(k, *v.get_ref())
            .map_err(|e| place.at(v.span().start, e.to_string()))?;
    }
    for (name, tiles) in &raw.stacks {
        if let Ok(colour) = name.parse::<Colour>() {
            // Listed top first; the top is the end of a stack.
            let mut list: Vec<Tile> = tiles
                .iter()
                .filter_map(|t| t.get_ref().parse().ok())
                .collect();
            list.reverse();
            game.stacks[colour.index()] = list;
        }
    }
    game.total_tiles = game.stacks.iter().map(Vec::len).sum();
    let mut listed = Vec::new();
    for r in &raw.robot {
        let id = robot_id(place, &r.id)?;
        if listed.contains(&id) {
            return Err(place.at(
                r.id.span().start,
                format!("{id} is listed twice in `[[robot]]`"),
            ));
        }
        listed.push(id);
        let i = game
            .robot_index(id)
            .ok_or_else(|| place.at(r.id.span().start, format!("{id} is not drawn in `rows`")))?;
        if let Some(c) = &r.carrying {
            if id == RobotId::Statue {
                return Err(place.at(
                    c.span().start,
                    crate::games::droids::rulebook::cite(
                        "the statue carries nothing (seed line 201)",
                    ),
                ));
            }
            let what = carried(c.get_ref()).ok_or_else(|| {
                place.at(
                    c.span().start,
                    "carrying: obstacle, container, mine or statue",
                )
            })?;
            if what == Carried::Statue {
                let s = game.robot_index(RobotId::Statue).ok_or_else(|| {
                    place.at(
                        c.span().start,
                        "the statue must be drawn (`X`) to be carried",
                    )
                })?;
                game.robots[s].at = None;
            }
            game.robots[i].carrying = Some(what);
            if let Carried::Piece(p) = what {
                game.piece_totals[p.index()] += 1;
            }
        }
        let Some(seat) = game.seat_of_robot(id) else {
            if let Some(b) = r.blocked.first() {
                return Err(place.at(b.span().start, format!("{id} has no registers")));
            }
            continue;
        };
        for b in &r.blocked {
            let c = column(place, &game, b)?;
            if std::mem::replace(&mut game.players[seat].blocked[usize::from(c)], true) {
                return Err(place.at(b.span().start, format!("register {c} is given twice")));
            }
        }
    }
    game.queue_rolls(
        &raw.rolls
            .iter()
            .map(|r| {
                u8::try_from(*r.get_ref())
                    .ok()
                    .filter(|n| *n < super::game::DIE_FACES)
                    .ok_or_else(|| place.at(r.span().start, "a roll of the die, from 0 to 9"))
            })
            .collect::<Result<Vec<u8>, _>>()?,
    );
    game.events.clear();
    game.check_invariants().map_err(|why| {
        place.at(
            raw.rows.span().start,
            format!("the position breaks a rule: {why}"),
        )
    })?;
    Ok(game)
}

/// Why `tile` is not in play in a scenario of `mission`: the mission
/// leaves its stack or its kind out (seed lines 147, 200, 221, 236).
fn left_out(mission: &Mission, tile: Tile) -> Option<String> {
    let colour = tile.colour();
    if !mission.stacks.contains(&colour) {
        return Some(format!(
            "`{tile}`: mission {} leaves the {colour} tiles out (its stacks: {})",
            mission.name,
            mission.stack_names()
        ));
    }
    let word = mission.leave_out.iter().find(|w| tile.left_out_by(w))?;
    Some(format!(
        "`{tile}`: mission {} leaves the {word} tiles out (it leaves out: {})",
        mission.name,
        mission.leave_out.join(", ")
    ))
}

/// A square given as `[x, y]`: exactly two whole numbers, within
/// [`Square::LIMIT`].
fn square(place: &Place<'_>, at: &Spanned<Vec<i64>>) -> Result<Square, ScenarioError> {
    match at.get_ref().as_slice() {
        [x, y] => Square::checked(*x, *y).map_err(|e| place.at(at.span().start, e.to_string())),
        other => Err(place.at(
            at.span().start,
            format!("a square is two numbers `[x, y]`, not {}", other.len()),
        )),
    }
}

/// A robot's name read from the file.
fn robot_id(place: &Place<'_>, name: &Spanned<String>) -> Result<RobotId, ScenarioError> {
    RobotId::named(name.get_ref()).ok_or_else(|| {
        place.at(
            name.span().start,
            format!(
                "`{}` is not a robot (red, yellow, blue, green, grey.1, grey.2, statue, killer)",
                name.get_ref()
            ),
        )
    })
}

/// A register column read from the file.
fn column(place: &Place<'_>, game: &Game, c: &Spanned<i64>) -> Result<u8, ScenarioError> {
    let width = game.mission().board.width;
    u8::try_from(*c.get_ref())
        .ok()
        .filter(|n| i32::from(*n) < width)
        .ok_or_else(|| {
            place.at(
                c.span().start,
                format!("a register column from 0 to {}", width - 1),
            )
        })
}

/// What a robot may carry, by name.
fn carried(name: &str) -> Option<Carried> {
    if name == "statue" {
        Some(Carried::Statue)
    } else {
        Piece::named(name).map(Carried::Piece)
    }
}

/// Every expectation that does not hold.
fn compare(
    place: &Place<'_>,
    game: &Game,
    expect: &RawExpect,
    events: &[String],
) -> Result<Vec<String>, ScenarioError> {
    let mut diffs = Vec::new();
    for e in &expect.robot {
        let id = robot_id(place, &e.id)?;
        let Some(r) = game.robots().iter().find(|r| r.id == id) else {
            diffs.push(format!("{id} is not in the game"));
            continue;
        };
        if let Some(at) = &e.at {
            let at = square(place, at)?;
            if r.at != Some(at) {
                diffs.push(format!(
                    "{id}: expected at [{}, {}], found {:?}",
                    at.x,
                    at.y,
                    r.at.map(|a| [a.x, a.y])
                ));
            }
        }
        if let Some(c) = &e.carrying {
            let found = r.carrying.map_or("nothing".to_string(), |c| c.to_string());
            if *c != found {
                diffs.push(format!(
                    "{id}: expected carrying {}, found {found}",
                    shown(c)
                ));
            }
        }
        if let Some(seat) = game.seat_of_robot(id) {
            let p = &game.players()[seat];
            if let Some(b) = &e.blocked {
                let b = b
                    .iter()
                    .map(|c| column(place, game, c))
                    .collect::<Result<Vec<u8>, _>>()?;
                let found: Vec<u8> = (0..p.blocked.len())
                    .filter(|c| p.blocked[*c])
                    .filter_map(|c| u8::try_from(c).ok())
                    .collect();
                if b != found {
                    diffs.push(format!(
                        "{id}: expected registers {b:?} blocked, found {found:?}"
                    ));
                }
            }
            if let Some(out) = e.out {
                if out != p.out {
                    diffs.push(format!("{id}: expected out = {out}, found {}", p.out));
                }
            }
        }
    }
    for p in &expect.piece {
        let at = square(place, &p.at)?;
        let found = game.piece_at(at).map_or("none", Piece::name);
        if found != p.kind {
            diffs.push(format!(
                "[{}, {}]: expected {}, found {found}",
                at.x,
                at.y,
                shown(&p.kind)
            ));
        }
    }
    for want in &expect.events {
        if !events.iter().any(|e| e.contains(want.as_str())) {
            diffs.push(format!("no event says `{}`", shown(want)));
        }
    }
    if let Some(d) = &expect.decision {
        let found = game.decision_text();
        if !found.contains(d.as_str()) {
            diffs.push(format!(
                "expected the decision `{}`, found `{found}`",
                shown(d)
            ));
        }
    }
    if let Some(d) = &expect.deciding {
        let found = game.to_decide().map_or("nobody", |s| game.colour(s));
        if found != d {
            diffs.push(format!("expected {} to decide, found {found}", shown(d)));
        }
    }
    if let Some(w) = &expect.winners {
        let found: Vec<String> = game
            .outcome()
            .map(|o| {
                o.winners
                    .iter()
                    .map(|s| game.colour(*s).to_string())
                    .collect()
            })
            .unwrap_or_default();
        if *w != found || game.outcome().is_none() {
            let w: Vec<String> = w.iter().map(|c| shown(c)).collect();
            diffs.push(format!(
                "expected the game over with winners {w:?}, found {found:?} (over: {})",
                game.outcome().is_some()
            ));
        }
    }
    if let Some(over) = expect.over {
        if over != game.outcome().is_some() {
            diffs.push(format!(
                "expected the game {}, found it {}",
                if over { "over" } else { "going on" },
                if over { "going on" } else { "over" }
            ));
        }
    }
    for (k, v) in &expect.vars {
        let found = game.vars.get(k);
        if found != Some(v) {
            diffs.push(format!("expected `{}` = {v}, found {found:?}", shown(k)));
        }
    }
    if let Some(r) = &expect.round {
        let r = u32::try_from(*r.get_ref())
            .ok()
            .filter(|r| *r >= 1)
            .ok_or_else(|| place.at(r.span().start, "a round is a whole number from 1"))?;
        if game.turn() != r {
            diffs.push(format!("expected round {r}, found {}", game.turn()));
        }
    }
    Ok(diffs)
}
