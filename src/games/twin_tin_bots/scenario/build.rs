//! From a parsed scenario file to a playable [`Position`]: names become
//! colours, robots, tiles, directions and crystals, each checked with an
//! error that points at the offending value.

use super::error::{ScenarioError, Source};
use super::format::{HexSpec, ScenarioFile, TerrainSpec};
use crate::engine::Rulings;
use crate::games::twin_tin_bots::game::{
    parse_robot, Player, Position, PositionError, Robot, SLOTS,
};
use crate::games::twin_tin_bots::lua::orders::{book_with, OrderFile};
use crate::games::twin_tin_bots::names::Name;
use crate::games::twin_tin_bots::orders::{OrderBook, Tile, TileSet};
use crate::games::twin_tin_bots::pieces::{Colour, Crystal, CrystalCounts, PlayerId, RobotId};
use crate::games::twin_tin_bots::terrain::{KindTable, Terrain};
use crate::games::twin_tin_bots::variant::{VariantError, VariantSet};
use crate::grid::hex::{Arena, Direction, Hex};
use std::ops::Range;
use std::path::Path;
use std::sync::Arc;
use toml::Spanned;

/// Points in base that win at once: 11, 10, 9, 8, 7 for 2 to 6 players
/// (000_f177823dad35ee93.txt: By score victory); 11 for a lone player.
pub fn score_to_win(players: usize) -> u32 {
    if players <= 1 {
        11
    } else {
        13u32.saturating_sub(players as u32)
    }
}

/// The variant a kind of terrain of the rulebook belongs to, for the
/// message when a scenario forgets it.
fn terrain_variant(kind: &str) -> Option<&'static str> {
    match kind {
        "mud" => Some("mud"),
        "rock" => Some("rocks"),
        "blob" => Some("blobs"),
        "teleporter" => Some("teleporters"),
        _ => None,
    }
}

/// Loads the scenario's `variants` (a `variants/twin-tin-bots/` or
/// `variants/` folder near the scenario file comes first: see
/// [`crate::assets`]), naming the entry at
/// fault.
pub(super) fn variants(src: Source, file: &ScenarioFile) -> Result<VariantSet, ScenarioError> {
    let names: Vec<&str> = file.variants.iter().map(|v| v.get_ref().as_str()).collect();
    VariantSet::load_for_scenario(Path::new(src.name), &names).map_err(|e| {
        let span = match &e {
            VariantError::Unknown(crate::assets::LookupError { name, .. }) => file
                .variants
                .iter()
                .find(|v| v.get_ref() == name)
                .map(|v| v.span()),
            _ => file.variants.first().map(|v| v.span()),
        };
        src.invalid(span, e.to_string())
    })
}

/// The readings the scenario plays under: its variants' `rulings`, then
/// its own (`rulings = { "ttb.dash-rows" = "dash-only" }`) over them. An
/// unknown id is refused at the id, an unknown reading or one that is not
/// a string at the reading, each listing what there is.
pub(super) fn rulings(
    src: Source,
    file: &ScenarioFile,
    variants: &VariantSet,
) -> Result<Rulings, ScenarioError> {
    let mut rulings = variants
        .rulings()
        .map_err(|e| src.invalid(file.variants.first().map(|v| v.span()), e.to_string()))?;
    for (id, reading) in &file.rulings {
        let span = match rulings.dispute(id.get_ref()) {
            Ok(_) => reading.span(),
            Err(_) => id.span(),
        };
        let mut one = toml::Table::new();
        one.insert(id.get_ref().clone(), reading.get_ref().clone());
        rulings = rulings
            .from_table(&one)
            .map_err(|e| src.invalid(Some(span), e.to_string()))?;
    }
    Ok(rulings)
}

/// One `[[terrain]]` entry, its kind one of `kinds`.
pub(super) fn terrain(
    src: Source,
    spec: &TerrainSpec,
    kinds: &KindTable,
) -> Result<Terrain, ScenarioError> {
    let kind = spec.kind.get_ref();
    let name = Name::intern(kind);
    if kinds.get(name).is_none() {
        let span = Some(spec.kind.span());
        return Err(match terrain_variant(kind) {
            Some(v) => src.invalid(
                span,
                format!("terrain `{kind}` needs the variant {v}: add it to `variants`"),
            ),
            None => src.invalid(
                span,
                format!("`{kind}` is not a kind of terrain of this scenario's variants (they define: {})", kinds.names()),
            ),
        });
    }
    let colour = spec
        .colour
        .as_ref()
        .map(|c| {
            c.get_ref()
                .parse::<Colour>()
                .map_err(|e| src.invalid(Some(c.span()), e.to_string()))
        })
        .transpose()?;
    let facing = spec
        .facing
        .as_ref()
        .map(|d| direction(src, d))
        .transpose()?;
    Ok(Terrain {
        kind: name,
        at: hex(&spec.at),
        colour,
        facing,
    })
}

/// A hex from `[q, r]`: its coordinates were bounded as the file was read
/// (a far coordinate or a third number is a malformed file).
pub(super) fn hex(h: &HexSpec) -> Hex {
    *h.get_ref()
}

/// A seated colour.
pub(super) fn seat(
    src: Source,
    colours: &[Colour],
    name: &Spanned<String>,
) -> Result<PlayerId, ScenarioError> {
    let err = |reason: String| src.invalid(Some(name.span()), reason);
    let colour: Colour = name
        .get_ref()
        .parse()
        .map_err(|e: crate::games::twin_tin_bots::pieces::ColourParseError| err(e.to_string()))?;
    crate::games::twin_tin_bots::pieces::seat_of(colours, colour).map_err(err)
}

/// A robot `<colour>.<1|2>` of a seated colour.
pub(super) fn robot_id(
    src: Source,
    colours: &[Colour],
    name: &Spanned<String>,
) -> Result<RobotId, ScenarioError> {
    parse_robot(colours, name.get_ref()).map_err(|e| src.invalid(Some(name.span()), e))
}

/// A direction `E`, `SE`, `SW`, `W`, `NW` or `NE`.
pub(super) fn direction(src: Source, name: &Spanned<String>) -> Result<Direction, ScenarioError> {
    name.get_ref()
        .parse()
        .map_err(|e: crate::grid::hex::DirectionParseError| {
            src.invalid(Some(name.span()), e.to_string())
        })
}

/// The orders of the scenario's game: `base` with the order files listed
/// in `orders`, read relative to the scenario file's folder.
pub(super) fn orders(
    src: Source,
    file: &ScenarioFile,
    base: &Arc<OrderBook>,
) -> Result<Arc<OrderBook>, ScenarioError> {
    if file.orders.is_empty() {
        return Ok(base.clone());
    }
    let folder = Path::new(src.name).parent().unwrap_or(Path::new(""));
    let files = file
        .orders
        .iter()
        .map(|name| {
            OrderFile::load(&folder.join(name.get_ref()))
                .map_err(|e| src.invalid(Some(name.span()), format!("order file: {e}")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let span = file.orders.first().map(|o| o.span());
    book_with(base, &files)
        .map(Arc::new)
        .map_err(|e| src.invalid(span, format!("order file: {e}")))
}

/// An order tile by name, one the game's orders define.
pub(super) fn tile(
    src: Source,
    orders: &OrderBook,
    name: &Spanned<String>,
) -> Result<Tile, ScenarioError> {
    let err = |reason: String| src.invalid(Some(name.span()), reason);
    let tile: Tile = name
        .get_ref()
        .parse()
        .map_err(|e: crate::games::twin_tin_bots::orders::TileParseError| err(e.to_string()))?;
    if !orders.defines(tile) {
        return Err(err(format!(
            "`{tile}` is not an order tile of this game: an order file adds it, and `orders` does not list that file"
        )));
    }
    Ok(tile)
}

/// A crystal by value: 2, 3 or 4.
pub(super) fn crystal(src: Source, value: &Spanned<u8>) -> Result<Crystal, ScenarioError> {
    Crystal::from_value(*value.get_ref()).ok_or_else(|| {
        src.invalid(
            Some(value.span()),
            format!(
                "{} is not a crystal value: expected 2 (blue), 3 (green) or 4 (pink)",
                value.get_ref()
            ),
        )
    })
}

/// What a robot carries: 0 for nothing, else a crystal value.
pub(super) fn carrying(
    src: Source,
    value: Option<&Spanned<u8>>,
) -> Result<Option<Crystal>, ScenarioError> {
    match value {
        None => Ok(None),
        Some(v) if *v.get_ref() == 0 => Ok(None),
        Some(v) => crystal(src, v).map(Some),
    }
}

/// A program: up to three slots, `""` for an empty one.
pub(super) fn program(
    src: Source,
    orders: &OrderBook,
    slots: Option<&Spanned<Vec<Spanned<String>>>>,
) -> Result<[Option<Tile>; SLOTS], ScenarioError> {
    let mut out = [None; SLOTS];
    let Some(slots) = slots else { return Ok(out) };
    if slots.get_ref().len() != SLOTS {
        return Err(src.invalid(
            Some(slots.span()),
            format!(
                "`program`: a program has {SLOTS} slots, not {} (write \"\" for an empty one)",
                slots.get_ref().len()
            ),
        ));
    }
    for (i, name) in slots.get_ref().iter().enumerate() {
        if name.get_ref().trim().is_empty() {
            continue;
        }
        // A tile never placed in a program is refused by
        // `Position::validate`, the check every loader shares.
        out[i] = Some(tile(src, orders, name)?);
    }
    Ok(out)
}

/// Builds and validates the position the scenario describes, seat 0 active;
/// every tile must be one of `orders`.
pub(super) fn position(
    src: Source,
    file: &ScenarioFile,
    orders: &OrderBook,
) -> Result<Position, ScenarioError> {
    let arena = match &file.arena {
        None => Arena::small(),
        Some(a) => Arena::named(a.get_ref()).ok_or_else(|| {
            src.invalid(
                Some(a.span()),
                format!("`{}` is not an arena: expected small or big", a.get_ref()),
            )
        })?,
    };

    let mut colours: Vec<Colour> = vec![];
    for name in file.players.get_ref() {
        let c: Colour = name.get_ref().parse().map_err(
            |e: crate::games::twin_tin_bots::pieces::ColourParseError| {
                src.invalid(Some(name.span()), e.to_string())
            },
        )?;
        if colours.contains(&c) {
            return Err(src.invalid(Some(name.span()), format!("{c} is seated twice")));
        }
        colours.push(c);
    }
    if !(1..=6).contains(&colours.len()) {
        return Err(src.invalid(
            Some(file.players.span()),
            format!("a game has 1 to 6 players, not {}", colours.len()),
        ));
    }
    let n = colours.len();

    let mut players: Vec<Player> = colours
        .iter()
        .enumerate()
        .map(|(i, &colour)| Player {
            colour,
            base: None,
            hand: TileSet::EMPTY,
            double_modification_used: false,
            first_turn: i == 0 && file.first_turn,
            delivered: CrystalCounts::default(),
        })
        .collect();

    // Where each piece was written, in the order Position::validate visits
    // them (bases by seat, robots by id, crystals), to place its errors.
    let mut base_spans: Vec<Option<(Hex, Range<usize>)>> = vec![None; n];
    let mut robot_spans: Vec<Option<(Hex, Range<usize>)>> = vec![None; 2 * n];
    let mut crystal_spans: Vec<(Hex, Range<usize>)> = vec![];
    let mut program_spans: Vec<Option<Range<usize>>> = vec![None; 2 * n];

    for b in &file.base {
        let owner = seat(src, &colours, &b.owner)?;
        if players[owner].base.is_some() {
            return Err(src.invalid(
                Some(b.owner.span()),
                format!("{} has two bases", colours[owner]),
            ));
        }
        let at = hex(&b.at);
        players[owner].base = Some(at);
        base_spans[owner] = Some((at, b.at.span()));
        for v in &b.holds {
            players[owner].delivered.add(crystal(src, v)?);
        }
    }

    let mut robots: Vec<Option<Robot>> = vec![None; 2 * n];
    for r in &file.robot {
        let id = robot_id(src, &colours, &r.id)?;
        if robots[id].is_some() {
            return Err(src.invalid(
                Some(r.id.span()),
                format!("{} is listed twice", r.id.get_ref()),
            ));
        }
        let at = hex(&r.at);
        robot_spans[id] = Some((at, r.at.span()));
        program_spans[id] = r.program.as_ref().map(|p| p.span());
        robots[id] = Some(Robot {
            id,
            at,
            facing: direction(src, &r.facing)?,
            carrying: carrying(src, r.carrying.as_ref())?,
            program: program(src, orders, r.program.as_ref())?,
        });
    }

    let mut crystals = vec![];
    for c in &file.crystal {
        let at = hex(&c.at);
        crystal_spans.push((at, c.at.span()));
        crystals.push((at, crystal(src, &c.value)?));
    }

    for h in &file.hand {
        let p = seat(src, &colours, &h.player)?;
        for t in &h.tiles {
            players[p]
                .hand
                .try_add(tile(src, orders, t)?)
                .map_err(|e| src.invalid(Some(t.span()), format!("`hand.tiles`: {e}")))?;
        }
    }

    let special_deck = file
        .special_deck
        .iter()
        .map(|t| tile(src, orders, t))
        .collect::<Result<Vec<_>, _>>()?;
    let track = file
        .track
        .iter()
        .map(|v| crystal(src, v))
        .collect::<Result<Vec<_>, _>>()?;

    let position = Position {
        terrain: Vec::new(),
        sides: Default::default(),
        arena,
        players,
        robots,
        crystals,
        track,
        special_deck,
        active: 0,
        score_to_win: Some(score_to_win(n)),
    };
    position.validate().map_err(|e| {
        // Point at the piece written last at the hex: the one off the
        // board, or the one that finds its hex already taken.
        let written_at = |at: &Hex| {
            base_spans
                .iter()
                .flatten()
                .chain(robot_spans.iter().flatten())
                .chain(crystal_spans.iter())
                .filter(|(h, _)| h == at)
                .map(|(_, s)| s.clone())
                .max_by_key(|s| s.start)
        };
        let span = match &e {
            PositionError::OffBoard { at, .. } | PositionError::SameHex { at, .. } => {
                written_at(at)
            }
            PositionError::TooManyCrystals { .. } => None,
            PositionError::UnplaceableTile { id, .. } => program_spans[*id].clone(),
            _ => Some(file.players.span()),
        };
        ScenarioError::Position {
            at: src.loc(span),
            source: e,
        }
    })?;
    Ok(position)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn score_to_win_follows_the_table() {
        // 000_f177823dad35ee93.txt: By score victory — 2..6 players: 11 10 9 8 7.
        let got: Vec<u32> = (1..=6).map(score_to_win).collect();
        assert_eq!(got, [11, 11, 10, 9, 8, 7]);
    }
}
