//! The position as an SVG picture ([`crate::engine::Describe::svg`]):
//! pointy-top hexes with their axial `q,r` labels, terrain (floors such as
//! mud, teleporter pairs in their colour, conveyors with their direction,
//! and pieces such as rocks and blobs), crystals by value, bases in their
//! player's colour with what was delivered to them, robots with their
//! facing and the crystal they carry; a legend; and the players' panel
//! (the text panel of `show`, as `viewer` may see it).

use crate::picture::tag::{Circle, Group, Polygon, Tag, Text};

use super::picture::panel::panel;
use super::picture::RenderOptions;
use crate::games::twin_tin_bots::game::Game;
use crate::games::twin_tin_bots::pieces::{owner_of, Crystal, Piece, PlayerId};
use crate::games::twin_tin_bots::terrain::Floor;
use crate::grid::hex::{Direction, Hex};
use crate::picture::geometry::{HexGrid, Point};
use crate::picture::marks::{arrow, label, robot, RobotLook};
use crate::picture::palette::paint;
use crate::picture::{tenth, Sheet};

/// From a hex's centre to a corner.
const SIZE: f64 = 28.0;

/// The fill of an empty hex.
const GROUND: &str = "#f4f1e8";

/// The angle a hex direction points to, in degrees (0 east, 90 south).
fn angle(direction: Direction) -> f64 {
    match direction {
        Direction::E => 0.0,
        Direction::SE => 60.0,
        Direction::SW => 120.0,
        Direction::W => 180.0,
        Direction::NW => 240.0,
        Direction::NE => 300.0,
    }
}

/// A crystal's fill: blue 2, green 3, pink 4 (the colours of the box).
fn crystal_fill(crystal: Crystal) -> &'static str {
    match crystal.value() {
        2 => "#56b4e9",
        3 => "#009e73",
        _ => "#cc79a7",
    }
}

/// A crystal drawn as a diamond with its value on it.
fn crystal(at: Point, crystal: Crystal) -> Tag {
    let r = SIZE * 0.45;
    let points = format!(
        "{},{} {},{} {},{} {},{}",
        at.0,
        tenth(at.1 - r),
        tenth(at.0 + r * 0.75),
        at.1,
        at.0,
        tenth(at.1 + r),
        tenth(at.0 - r * 0.75),
        at.1
    );
    Group::new()
        .add(
            Polygon::new()
                .set("points", points)
                .set("fill", crystal_fill(crystal))
                .set("stroke", "#000000"),
        )
        .add(label(
            at,
            &crystal.value().to_string(),
            12.0,
            "#000000",
            true,
        ))
}

/// A floor's fill (mud brown, conveyors light blue, a teleporter in its
/// pair's colour, anything else light grey).
fn floor_fill(floor: &Floor) -> &'static str {
    if let Some(colour) = floor.colour {
        return paint(colour.name()).fill;
    }
    match &*floor.kind.as_str() {
        "mud" => "#c8a165",
        "conveyor" => "#bfe3f0",
        _ => "#d9d9d9",
    }
}

/// The SVG picture of `game` as `viewer` sees it (`None`: everything).
pub fn svg(game: &Game, viewer: Option<PlayerId>) -> String {
    let radius = game.board().arena().radius() as i32;
    let across = 3f64.sqrt() * SIZE * f64::from(2 * radius + 1);
    let down = SIZE * f64::from(3 * radius + 2);
    let grid = HexGrid {
        size: SIZE,
        origin: (tenth(across / 2.0), tenth(down / 2.0)),
    };
    let status = match game.outcome() {
        Some(_) => "over".to_string(),
        None => format!("{} to play", game.colours()[game.active()]),
    };
    let mut sheet = Sheet::new(
        format!("Twin Tin Bots, turn {}: {status}", game.turn()),
        across,
        down,
    );
    for hex in game.board().arena().hexes() {
        draw_hex(&mut sheet, game, &grid, hex);
    }
    legend(&mut sheet);
    let text = panel(game, viewer, &RenderOptions::PLAIN);
    for (i, block) in text.split("\n\n").enumerate() {
        let lines: Vec<String> = block.lines().map(str::to_string).collect();
        match i.checked_sub(1).and_then(|p| game.colours().get(p)) {
            Some(colour) => sheet.block(colour.name(), Some(colour.name()), lines),
            None => sheet.block("the table", None, lines),
        }
    }
    sheet.finish()
}

/// What a hex's floor and label are drawn from: the arena's radius (the
/// grid's origin), the hex, the floor's fill, its arrow and its rim.
type FloorKey = (
    i32,
    Hex,
    &'static str,
    Option<Direction>,
    Option<&'static str>,
);

/// The most hexes' floors kept written ([`floor_written`]); more (a
/// process drawing very many boards) starts the store again.
const FLOORS_KEPT: usize = 4096;

thread_local! {
    /// Each hex's floor and label as written, for the next picture of the
    /// same board: a replay page draws thousands, and a floor never moves.
    static FLOORS: std::cell::RefCell<std::collections::HashMap<FloorKey, String>> =
        std::cell::RefCell::default();
}

/// The floor of `hex` and its label, written, from the store when an
/// earlier picture drew it.
fn floor_written(grid: &HexGrid, radius: i32, hex: Hex, floor: Option<&Floor>) -> String {
    let fill = floor.map_or(GROUND, floor_fill);
    let key: FloorKey = (
        radius,
        hex,
        fill,
        floor.and_then(|f| f.facing),
        floor.and_then(|f| f.colour).map(|c| paint(c.name()).ink),
    );
    if let Some(written) = FLOORS.with(|floors| floors.borrow().get(&key).cloned()) {
        return written;
    }
    let at = grid.centre(hex.q, hex.r);
    let mut cell = Group::new().add(
        Polygon::new()
            .set("points", grid.outline(hex.q, hex.r, 0.0))
            .set("fill", fill)
            .set("stroke", "#8a8a8a"),
    );
    if let Some(direction) = key.3 {
        cell = cell.add(arrow(at, angle(direction), SIZE * 1.2, "#5a8fa8"));
    }
    if let Some(ink) = key.4 {
        cell = cell.add(
            Circle::new()
                .set("cx", at.0)
                .set("cy", at.1)
                .set("r", tenth(SIZE * 0.75))
                .set("fill", "none")
                .set("stroke", ink)
                .set("stroke-dasharray", "3 2"),
        );
    }
    cell = cell.add(
        Text::new(format!("{},{}", hex.q, hex.r))
            .set("x", at.0)
            .set("y", tenth(at.1 - SIZE * 0.68))
            .set("font-size", 7)
            .set("text-anchor", "middle")
            .set("fill", "#6b6b6b"),
    );
    let written = cell.children_written().to_string();
    FLOORS.with(|floors| {
        let mut floors = floors.borrow_mut();
        if floors.len() >= FLOORS_KEPT {
            floors.clear();
        }
        floors.insert(key, written.clone());
    });
    written
}

/// One hex: its floor, its label, and what stands on it.
fn draw_hex(sheet: &mut Sheet, game: &Game, grid: &HexGrid, hex: Hex) {
    let at = grid.centre(hex.q, hex.r);
    let floor = game.board().floor(hex);
    let radius = game.board().arena().radius() as i32;
    // Named as answers name the hex: a page clicked there picks them.
    let mut cell = Group::new()
        .set("data-square", format!("{},{}", hex.q, hex.r))
        .add_written(&floor_written(grid, radius, hex, floor.as_ref()));
    if let Some(floor) = &floor {
        sheet.legend(
            Group::new().add(
                Circle::new()
                    .set("r", 8)
                    .set("fill", floor_fill(floor))
                    .set("stroke", "#8a8a8a"),
            ),
            format!("{}: floor", floor.kind),
        );
    }
    match game.board().at(hex) {
        None => {}
        Some(Piece::Crystal(c)) => cell = cell.add(crystal(at, c)),
        Some(Piece::Base(p)) => cell = cell.add(base(game, grid, hex, p)),
        Some(Piece::Robot(id)) => {
            if let Some(r) = game.robot(id) {
                let colour = game.colours()[owner_of(id)].name();
                let look = RobotLook {
                    colour: colour.to_string(),
                    label: format!("{}{}", paint(colour).letter, id % 2 + 1),
                    facing: Some(angle(r.facing)),
                    cargo: r.carrying.map(|c| (c.value().to_string(), crystal_fill(c))),
                    title: format!(
                        "{colour}.{} at {}, {} facing {:?}{}",
                        id % 2 + 1,
                        hex.q,
                        hex.r,
                        r.facing,
                        r.carrying
                            .map_or(String::new(), |c| format!(", carrying a {}", c.value()))
                    ),
                    ..RobotLook::default()
                };
                cell = cell.add(robot(at, SIZE * 0.5, &look));
            }
        }
        Some(Piece::Thing(thing)) => {
            let symbol = game
                .kinds()
                .get(thing.kind)
                .map_or('?', |k| k.symbol)
                .to_string();
            cell = cell.add(
                Polygon::new()
                    .set("points", grid.outline(hex.q, hex.r, SIZE * 0.3))
                    .set("fill", "#5f5f5f"),
            );
            cell = cell.add(label(at, &symbol, 14.0, "#ffffff", true));
            sheet.legend(
                Group::new()
                    .add(Circle::new().set("r", 8).set("fill", "#5f5f5f"))
                    .add(label((0.0, 0.0), &symbol, 10.0, "#ffffff", true)),
                format!("{}: a piece of terrain", thing.kind),
            );
        }
    }
    sheet.draw(cell);
}

/// A base: an inner hex in its player's colour, the colour's letter and
/// the crystals delivered to it.
fn base(game: &Game, grid: &HexGrid, hex: Hex, player: PlayerId) -> Tag {
    let at = grid.centre(hex.q, hex.r);
    let colour = game.colours()[player].name();
    let colours = paint(colour);
    let delivered = game.players()[player].delivered;
    Group::new()
        .set("class", "base")
        .add(crate::picture::tag::Title::new(format!(
            "{colour}'s base: {} crystals, {} points",
            delivered.count(),
            delivered.points()
        )))
        .add(
            Polygon::new()
                .set("points", grid.outline(hex.q, hex.r, SIZE * 0.2))
                .set("fill", colours.fill)
                .set("stroke", "#000000")
                .set("stroke-width", 2),
        )
        .add(label(
            (at.0, tenth(at.1 - SIZE * 0.18)),
            &format!("[{}]", colours.letter),
            11.0,
            colours.ink,
            true,
        ))
        .add(label(
            (at.0, tenth(at.1 + SIZE * 0.25)),
            &format!("{}p", delivered.points()),
            9.0,
            colours.ink,
            false,
        ))
}

/// The legend lines every picture has.
fn legend(sheet: &mut Sheet) {
    for value in [2, 3, 4] {
        if let Some(c) = Crystal::from_value(value) {
            sheet.legend(
                crystal((0.0, 0.0), c),
                format!("a loose crystal worth {value}"),
            );
        }
    }
    sheet.legend(
        Group::new().add(
            Polygon::new()
                .set("points", "-9,-5 0,-10 9,-5 9,5 0,10 -9,5")
                .set("fill", "#cccccc")
                .set("stroke", "#000000"),
        ),
        "a base, its colour's letter and the points delivered to it",
    );
    sheet.legend(
        robot(
            (0.0, 0.0),
            7.0,
            &RobotLook {
                colour: "grey".into(),
                facing: Some(0.0),
                cargo: Some(("3".into(), crystal_fill(Crystal::from_value(3).expect("3 is a crystal")))),
                ..RobotLook::default()
            },
        ),
        "a robot: colour letter and number, the point shows its facing, the small disc what it carries",
    );
    sheet.legend(
        Group::new().add(label((0.0, 0.0), "q,r", 8.0, "#6b6b6b", false)),
        "axial coordinates: q grows to the east, r to the south-east",
    );
}
