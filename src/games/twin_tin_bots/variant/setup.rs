//! The hooks that run while a standard game is set up: `seating` (which
//! colours play, in what turn order, in which teams, controlled by whom)
//! and `setup` (terrain, the track, the score to win), on a `Setup` handle
//! that owns the position being made.

use std::cell::RefCell;

use mlua::{Lua, Table, UserData, UserDataFields, UserDataMethods, Value};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::lua_values::{hex_arg, hex_value};
use crate::games::twin_tin_bots::game::Position;
use crate::games::twin_tin_bots::lua::api;
use crate::games::twin_tin_bots::lua::numbers::{optional_whole_number, whole_number};
use crate::games::twin_tin_bots::names::Name;
use crate::games::twin_tin_bots::pieces::{Colour, Crystal};
use crate::games::twin_tin_bots::terrain::{KindDef, KindTable, Layer, Props, Terrain};
use crate::grid::hex::{Direction, Hex};
use crate::script::host::{add_host_field, add_host_method, charge};
use crate::script::located;
use crate::script::text::quoted_value;

/// Instructions a setup hook pays for each hex a method looks at.
const HEX_COST: u64 = 2;

/// Who plays what, as a `seating` hook says.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Seating {
    /// The colours at the table, in turn order (their bases clockwise).
    pub colours: Vec<Colour>,
    /// The person controlling each seat.
    pub controllers: Vec<usize>,
}

/// The most items a list a setup hook returns may have (colours, groups,
/// colours in a group): a table seats six colours at most.
const MOST_LISTED: usize = 6;

/// The strings of the list `value` (`field` names it in errors): read raw,
/// at most [`MOST_LISTED`], strings only.
fn string_list(value: &Value, field: &str) -> Result<Vec<String>, String> {
    list(value, field)?
        .into_iter()
        .enumerate()
        .map(|(i, v)| match v {
            Value::String(s) => Ok(s.to_string_lossy()),
            other => Err(format!(
                "`{field}[{}]` is {}: a colour's name is a string",
                i + 1,
                quoted_value(&other)
            )),
        })
        .collect()
}

/// The items of the list `value` (`field` names it in errors): a table
/// with keys 1 to n and nothing else, n at most [`MOST_LISTED`]; read raw.
fn list(value: &Value, field: &str) -> Result<Vec<Value>, String> {
    let Value::Table(t) = value else {
        return Err(format!("`{field}` is {}: a list", quoted_value(value)));
    };
    let len = t.raw_len();
    if len > MOST_LISTED {
        return Err(format!(
            "`{field}` has {len} items: at most {MOST_LISTED} (a table seats six colours)"
        ));
    }
    let mut entries = 0;
    for pair in t.pairs::<Value, Value>() {
        pair.map_err(|e| format!("`{field}`: {e}"))?;
        entries += 1;
        if entries > len {
            return Err(format!(
                "`{field}` is a table with keys other than 1 to {len}: a list"
            ));
        }
    }
    (1..=len)
        .map(|i| t.raw_get::<Value>(i).map_err(|e| format!("`{field}`: {e}")))
        .collect()
}

/// The groups of colours `value` (`{{"red", "yellow"}, {"blue"}}`).
pub(super) fn groups(value: &Value, field: &str) -> Result<Vec<Vec<String>>, String> {
    list(value, field)?
        .iter()
        .enumerate()
        .map(|(i, g)| string_list(g, &format!("{field}[{}]", i + 1)))
        .collect()
}

/// Reads what a `seating` hook returned for `people` players: the colours
/// in turn order and who controls which.
pub(super) fn read_seating(value: &Table, people: usize) -> Result<Seating, String> {
    let colours = value
        .raw_get::<Value>("colours")
        .map_err(|e| format!("`colours`: {e}"))?;
    if colours.is_nil() {
        return Err("a seating table has `colours`, the colours in turn order".into());
    }
    let colours: Vec<Colour> = string_list(&colours, "colours")?
        .iter()
        .map(|c| c.parse::<Colour>().map_err(|e| format!("`colours`: {e}")))
        .collect::<Result<_, _>>()?;
    if !(2..=6).contains(&colours.len()) {
        return Err(format!(
            "`colours`: {} colours: a table seats 2 to 6",
            colours.len()
        ));
    }
    if let Some(c) = colours
        .iter()
        .enumerate()
        .find_map(|(i, c)| colours[..i].contains(c).then_some(c))
    {
        return Err(format!("`colours`: {c} is listed twice"));
    }
    let controllers = value
        .raw_get::<Value>("controllers")
        .map_err(|e| format!("`controllers`: {e}"))?;
    let controllers = match controllers {
        Value::Nil => (0..colours.len()).collect(),
        value => {
            let groups = groups(&value, "controllers")?;
            let of = groups_of("controllers", &groups, &colours, Unseated::Refused)?;
            // Every person controls a colour: a group may not be empty.
            if let Some(g) = (0..groups.len()).find(|g| !of.contains(g)) {
                return Err(format!(
                    "`controllers[{}]` names no colour: every player controls one",
                    g + 1
                ));
            }
            of
        }
    };
    let people_seen = controllers.iter().max().map_or(0, |m| m + 1);
    if people_seen != people {
        return Err(format!(
            "`controllers`: {people_seen} players control the colours, but the game has {people}"
        ));
    }
    Ok(Seating {
        colours,
        controllers,
    })
}

/// Whether groups may name colours that are not at the table.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Unseated {
    /// Left out (teams: a variant's teams may list every colour).
    LeftOut,
    /// Refused (controllers: a player controls colours that play).
    Refused,
}

/// The group of each colour, from lists of colours (`{{"red", "yellow"},
/// {"blue", "green"}}`): every colour at the table in exactly one group;
/// colours of the groups not at the table are left out or refused.
pub(super) fn groups_of(
    key: &str,
    groups: &[Vec<String>],
    colours: &[Colour],
    unseated: Unseated,
) -> Result<Vec<usize>, String> {
    let mut of = vec![usize::MAX; colours.len()];
    for (g, members) in groups.iter().enumerate() {
        for m in members {
            let c: Colour = m.parse().map_err(|e| format!("`{key}`: {e}"))?;
            let Some(seat) = colours.iter().position(|x| *x == c) else {
                if unseated == Unseated::Refused {
                    return Err(format!(
                        "`{key}[{}]`: {c} is not at the table (the colours are {})",
                        g + 1,
                        colours
                            .iter()
                            .map(|c| c.name())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ));
                }
                continue;
            };
            if of[seat] != usize::MAX {
                return Err(format!("`{key}`: {c} is listed twice"));
            }
            of[seat] = g;
        }
    }
    if let Some(seat) = of.iter().position(|g| *g == usize::MAX) {
        return Err(format!("`{key}`: {} is in no group", colours[seat]));
    }
    Ok(of)
}

/// A standard position being set up (`Setup` in the API): a `setup` hook
/// places terrain, changes the track or the score to win.
pub(super) struct SetupHandle {
    pub position: RefCell<Position>,
    kinds: KindTable,
    rng: RefCell<ChaCha8Rng>,
}

impl SetupHandle {
    /// A handle on `position`, with a generator seeded from the game's seed
    /// (a stream of its own, so terrain does not change the deal).
    pub(super) fn new(position: Position, kinds: KindTable, seed: u64) -> SetupHandle {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(7);
        SetupHandle {
            position: RefCell::new(position),
            kinds,
            rng: RefCell::new(rng),
        }
    }
}

/// A colour (a teleporter's pair) or a direction (a conveyor's), as given
/// after a kind.
fn extra_arg(
    lua: &Lua,
    extra: Option<String>,
) -> mlua::Result<(Option<Colour>, Option<Direction>)> {
    let Some(extra) = extra else {
        return Ok((None, None));
    };
    match (extra.parse::<Colour>(), extra.parse::<Direction>()) {
        (Ok(c), _) => Ok((Some(c), None)),
        (_, Ok(d)) => Ok((None, Some(d))),
        _ => Err(located(
            lua,
            format!("`{extra}` is neither a colour nor a direction"),
        )),
    }
}

/// What stands on a hex of a position: a piece or terrain, by name.
fn occupant(p: &Position, at: Hex) -> Option<String> {
    let colours = p.colours();
    if let Some(pl) = p.players.iter().find(|pl| pl.base == Some(at)) {
        return Some(format!("the {} base", pl.colour));
    }
    if let Some(r) = p.robots.iter().flatten().find(|r| r.at == at) {
        return Some(crate::games::twin_tin_bots::game::robot_name(
            &colours, r.id,
        ));
    }
    if p.crystals.iter().any(|(h, _)| *h == at) {
        return Some("a crystal".into());
    }
    p.terrain
        .iter()
        .find(|t| t.at == at)
        .map(|t| t.kind.to_string())
}

fn piece_at(lua: &Lua, p: &Position, at: Hex) -> mlua::Result<Value> {
    let t = lua.create_table()?;
    if let Some((i, _)) = p
        .players
        .iter()
        .enumerate()
        .find(|(_, pl)| pl.base == Some(at))
    {
        t.set("kind", "base")?;
        t.set("owner", p.players[i].colour.name())?;
    } else if let Some(r) = p.robots.iter().flatten().find(|r| r.at == at) {
        t.set("kind", "robot")?;
        t.set(
            "id",
            crate::games::twin_tin_bots::game::robot_name(&p.colours(), r.id),
        )?;
        t.set("owner", p.players[r.id / 2].colour.name())?;
    } else if let Some((_, c)) = p.crystals.iter().find(|(h, _)| *h == at) {
        t.set("kind", "crystal")?;
        t.set("value", c.value())?;
    } else if let Some(x) = p.terrain.iter().find(|x| x.at == at) {
        t.set("kind", &*x.kind.as_str())?;
        t.set("colour", x.colour.map(|c| c.name()))?;
        t.set("facing", x.facing.map(|d| d.name()))?;
    } else {
        return Ok(Value::Nil);
    }
    Ok(Value::Table(t))
}

impl SetupHandle {
    /// Whether the rulebook's setup rule lets `kind` go on `at`: on the
    /// board but not on its outer ring nor the centre (where new crystals
    /// enter), on a free hex; and for teleporters and piece kinds (rocks,
    /// blobs), not next to a base, a teleporter or piece terrain
    /// (000_f177823dad35ee93.txt: Teleporters, Rocks and Blobs setup).
    fn placeable(&self, kind: &KindDef, at: Hex) -> bool {
        let p = self.position.borrow();
        let ring = at.ring_index();
        if ring == 0 || ring >= p.arena.radius() || occupant(&p, at).is_some() {
            return false;
        }
        if !self.spaced(kind) {
            return true;
        }
        at.neighbours().all(|n| {
            let base = p.players.iter().any(|pl| pl.base == Some(n));
            let spaced = p
                .terrain
                .iter()
                .any(|t| t.at == n && self.kinds.get(t.kind).is_some_and(|k| self.spaced(k)));
            !base && !spaced
        })
    }

    /// Kinds the setup rule keeps apart: teleporters and piece kinds.
    fn spaced(&self, kind: &KindDef) -> bool {
        kind.layer == Layer::Piece || kind.props.contains(Props::TELEPORTS)
    }

    fn kind(&self, lua: &Lua, name: &str) -> mlua::Result<KindDef> {
        self.kinds.get(Name::intern(name)).cloned().ok_or_else(|| {
            located(
                lua,
                format!(
                    "`{name}` is not a kind of terrain of these variants (they define: {})",
                    self.kinds.names()
                ),
            )
        })
    }
}

impl UserData for SetupHandle {
    fn add_fields<F: UserDataFields<Self>>(fields: &mut F) {
        add_host_field(fields, "colours", |lua, this| {
            lua.create_sequence_from(
                this.position
                    .borrow()
                    .colours()
                    .into_iter()
                    .map(|c| c.name()),
            )
        });
        add_host_field(fields, "arena_radius", |_, this| {
            Ok(this.position.borrow().arena.radius())
        });
        add_host_field(fields, "score_to_win", |_, this| {
            Ok(this.position.borrow().score_to_win)
        });
    }

    fn add_methods<M: UserDataMethods<Self>>(methods: &mut M) {
        add_host_method(
            methods,
            api::method("Setup", "hexes"),
            |lua, this: &Self, ()| {
                let hexes = this.position.borrow().arena.hexes();
                charge(lua, HEX_COST * hexes.len() as u64)?;
                let list = lua.create_table()?;
                for h in hexes {
                    list.push(hex_value(lua, h)?)?;
                }
                Ok(list)
            },
        );
        add_host_method(
            methods,
            api::method("Setup", "at"),
            |lua, this: &Self, at: Value| {
                let at = hex_arg(lua, &at)?;
                piece_at(lua, &this.position.borrow(), at)
            },
        );
        add_host_method(
            methods,
            api::method("Setup", "bases"),
            |lua, this: &Self, ()| {
                let list = lua.create_table()?;
                for b in this.position.borrow().players.iter().filter_map(|p| p.base) {
                    list.push(hex_value(lua, b)?)?;
                }
                Ok(list)
            },
        );
        add_host_method(
            methods,
            api::method("Setup", "random"),
            |lua, this: &Self, n: Value| {
                let n: i64 = whole_number(lua, &n, "`n` to `random`", 1..=i64::MAX)?;
                Ok(this.rng.borrow_mut().gen_range(1..=n))
            },
        );
        add_host_method(
            methods,
            api::method("Setup", "place"),
            |lua, this: &Self, (kind, at, extra): (String, Value, Option<String>)| {
                let at = hex_arg(lua, &at)?;
                let name = this.kind(lua, &kind)?.name;
                let mut p = this.position.borrow_mut();
                if !p.arena.contains(at) {
                    return Err(located(lua, format!("{at} is off the board")));
                }
                if let Some(there) = occupant(&p, at) {
                    return Err(located(lua, format!("{at} already holds {there}")));
                }
                let (colour, facing) = extra_arg(lua, extra)?;
                p.terrain.push(Terrain {
                    kind: name,
                    at,
                    colour,
                    facing,
                });
                Ok(())
            },
        );
        add_host_method(
            methods,
            api::method("Setup", "placeable"),
            |lua, this: &Self, (kind, at): (String, Value)| {
                let kind = this.kind(lua, &kind)?;
                Ok(this.placeable(&kind, hex_arg(lua, &at)?))
            },
        );
        add_host_method(
            methods,
            api::method("Setup", "scatter"),
            |lua, this: &Self, (kind, count, extra): (String, Value, Option<String>)| {
                let def = this.kind(lua, &kind)?;
                let count: u64 = whole_number(lua, &count, "`count` to `scatter`", 0..=i64::MAX)?;
                let (colour, facing) = extra_arg(lua, extra)?;
                let placed = lua.create_table()?;
                for _ in 0..count {
                    let hexes = this.position.borrow().arena.hexes();
                    // Every hex is looked at, for the spacing rule too.
                    charge(lua, 7 * HEX_COST * hexes.len() as u64)?;
                    let free: Vec<Hex> = hexes
                        .into_iter()
                        .filter(|h| this.placeable(&def, *h))
                        .collect();
                    if free.is_empty() {
                        break;
                    }
                    let at = free[this.rng.borrow_mut().gen_range(0..free.len())];
                    this.position.borrow_mut().terrain.push(Terrain {
                        kind: def.name,
                        at,
                        colour,
                        facing,
                    });
                    placed.push(hex_value(lua, at)?)?;
                }
                Ok(placed)
            },
        );
        add_host_method(
            methods,
            api::method("Setup", "remove"),
            |lua, this: &Self, at: Value| {
                let at = hex_arg(lua, &at)?;
                let mut p = this.position.borrow_mut();
                let before = p.terrain.len();
                p.terrain.retain(|t| t.at != at);
                Ok(before != p.terrain.len())
            },
        );
        add_host_method(
            methods,
            api::method("Setup", "track"),
            |lua, this: &Self, ()| {
                lua.create_sequence_from(this.position.borrow().track.iter().map(|c| c.value()))
            },
        );
        add_host_method(
            methods,
            api::method("Setup", "set_track"),
            |lua, this: &Self, values: Table| {
                // The box holds so many crystals: a longer track is refused
                // before any value is read.
                let most = (Crystal::IN_BOX_EACH as usize) * Crystal::ALL.len();
                let len = values.raw_len();
                if len > most {
                    return Err(located(
                        lua,
                        format!("set_track: {len} crystals, but the box holds {most}"),
                    ));
                }
                charge(lua, HEX_COST * len as u64)?;
                let mut track = Vec::with_capacity(len);
                for i in 1..=len {
                    let value: Value = values.raw_get(i)?;
                    let what = format!("`track[{i}]` to `set_track`");
                    let v: u8 = whole_number(lua, &value, &what, 2..=4)?;
                    track.extend(Crystal::from_value(v));
                }
                let mut p = this.position.borrow_mut();
                let old = std::mem::replace(&mut p.track, track);
                if let Err(e) = p.validate() {
                    p.track = old;
                    return Err(located(lua, e));
                }
                Ok(())
            },
        );
        add_host_method(
            methods,
            api::method("Setup", "set_score_to_win"),
            |lua, this: &Self, points: Value| {
                let points = optional_whole_number(
                    lua,
                    &points,
                    "`points` to `set_score_to_win`",
                    0..=i64::from(u32::MAX),
                )?;
                this.position.borrow_mut().score_to_win = points;
                Ok(())
            },
        );
    }
}
