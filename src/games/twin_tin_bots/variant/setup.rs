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
use crate::games::twin_tin_bots::pieces::{Colour, Crystal};
use crate::games::twin_tin_bots::terrain::{KindDef, KindTable, Layer, Props, Terrain};
use crate::grid::hex::{Direction, Hex};
use crate::names::Name;
use crate::script::located;

/// Who plays what, as a `seating` hook says.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Seating {
    /// The colours at the table, in turn order (their bases clockwise).
    pub colours: Vec<Colour>,
    /// The person controlling each seat.
    pub controllers: Vec<usize>,
}

/// Reads what a `seating` hook returned for `people` players: the colours
/// in turn order and who controls which.
pub(super) fn read_seating(value: &Table, people: usize) -> Result<Seating, String> {
    let colours: Vec<String> = value
        .raw_get::<Option<Vec<String>>>("colours")
        .map_err(|e| format!("`colours`: {e}"))?
        .ok_or("a seating table has `colours`, the colours in turn order")?;
    let colours: Vec<Colour> = colours
        .iter()
        .map(|c| c.parse::<Colour>().map_err(|e| format!("`colours`: {e}")))
        .collect::<Result<_, _>>()?;
    if !(2..=6).contains(&colours.len()) {
        return Err(format!(
            "`colours`: {} colours: a table seats 2 to 6",
            colours.len()
        ));
    }
    let controllers = match value
        .raw_get::<Option<Vec<Vec<String>>>>("controllers")
        .map_err(|e| format!("`controllers`: {e}"))?
    {
        Some(groups) => groups_of("controllers", &groups, &colours)?,
        None => (0..colours.len()).collect(),
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

/// The group of each colour, from lists of colours (`{{"red", "yellow"},
/// {"blue", "green"}}`): every colour in exactly one group; colours of
/// the groups not at the table are left out.
pub(super) fn groups_of(
    key: &str,
    groups: &[Vec<String>],
    colours: &[Colour],
) -> Result<Vec<usize>, String> {
    let mut of = vec![usize::MAX; colours.len()];
    for (g, members) in groups.iter().enumerate() {
        for m in members {
            let c: Colour = m.parse().map_err(|e| format!("`{key}`: {e}"))?;
            let Some(seat) = colours.iter().position(|x| *x == c) else {
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
        fields.add_field_method_get("colours", |lua, this| {
            lua.create_sequence_from(
                this.position
                    .borrow()
                    .colours()
                    .into_iter()
                    .map(|c| c.name()),
            )
        });
        fields.add_field_method_get("arena_radius", |_, this| {
            Ok(this.position.borrow().arena.radius())
        });
        fields.add_field_method_get("score_to_win", |_, this| {
            Ok(this.position.borrow().score_to_win)
        });
    }

    fn add_methods<M: UserDataMethods<Self>>(methods: &mut M) {
        methods.add_method(api::method("Setup", "hexes"), |lua, this, ()| {
            let list = lua.create_table()?;
            for h in this.position.borrow().arena.hexes() {
                list.push(hex_value(lua, h)?)?;
            }
            Ok(list)
        });
        methods.add_method(api::method("Setup", "at"), |lua, this, at: Value| {
            let at = hex_arg(lua, &at)?;
            piece_at(lua, &this.position.borrow(), at)
        });
        methods.add_method(api::method("Setup", "bases"), |lua, this, ()| {
            let list = lua.create_table()?;
            for b in this.position.borrow().players.iter().filter_map(|p| p.base) {
                list.push(hex_value(lua, b)?)?;
            }
            Ok(list)
        });
        methods.add_method(api::method("Setup", "random"), |lua, this, n: i64| {
            if n < 1 {
                return Err(located(lua, format!("random({n}): n must be at least 1")));
            }
            Ok(this.rng.borrow_mut().gen_range(1..=n))
        });
        methods.add_method(
            api::method("Setup", "place"),
            |lua, this, (kind, at, extra): (String, Value, Option<String>)| {
                let at = hex_arg(lua, &at)?;
                let name = Name::intern(&kind);
                if this.kinds.get(name).is_none() {
                    return Err(located(
                        lua,
                        format!(
                            "`{kind}` is not a kind of terrain of these variants (they define: {})",
                            this.kinds.names()
                        ),
                    ));
                }
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
        methods.add_method(
            api::method("Setup", "placeable"),
            |lua, this, (kind, at): (String, Value)| {
                let kind = this.kind(lua, &kind)?;
                Ok(this.placeable(&kind, hex_arg(lua, &at)?))
            },
        );
        methods.add_method(
            api::method("Setup", "scatter"),
            |lua, this, (kind, count, extra): (String, usize, Option<String>)| {
                let def = this.kind(lua, &kind)?;
                let (colour, facing) = extra_arg(lua, extra)?;
                let placed = lua.create_table()?;
                for _ in 0..count {
                    let hexes = this.position.borrow().arena.hexes();
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
        methods.add_method(api::method("Setup", "remove"), |lua, this, at: Value| {
            let at = hex_arg(lua, &at)?;
            let mut p = this.position.borrow_mut();
            let before = p.terrain.len();
            p.terrain.retain(|t| t.at != at);
            Ok(before != p.terrain.len())
        });
        methods.add_method(api::method("Setup", "track"), |lua, this, ()| {
            lua.create_sequence_from(this.position.borrow().track.iter().map(|c| c.value()))
        });
        methods.add_method(
            api::method("Setup", "set_track"),
            |lua, this, values: Vec<u8>| {
                let track = values
                    .iter()
                    .map(|v| {
                        Crystal::from_value(*v).ok_or_else(|| {
                            located(lua, format!("{v} is not a crystal value (2, 3 or 4)"))
                        })
                    })
                    .collect::<mlua::Result<Vec<Crystal>>>()?;
                let mut p = this.position.borrow_mut();
                let old = std::mem::replace(&mut p.track, track);
                if let Err(e) = p.validate() {
                    p.track = old;
                    return Err(located(lua, e));
                }
                Ok(())
            },
        );
        methods.add_method(
            api::method("Setup", "set_score_to_win"),
            |_, this, points: Option<u32>| {
                this.position.borrow_mut().score_to_win = points;
                Ok(())
            },
        );
    }
}
