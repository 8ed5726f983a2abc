//! A game of Droids as an SVG picture ([`crate::engine::Describe::svg`]):
//! the squares with their `x, y`, water and fixed obstacles, the pieces
//! lying on the board (mobile obstacles, containers, mines), the start
//! squares, the robots (players' in their colour, the repair robots, the
//! statue) with what they carry, a legend, and a panel: every player's
//! register board as anyone sees it (tile backs by colour), the stacks,
//! and the hands and laid tiles the viewer may see.

use crate::picture::tag::{Circle, Group, Polygon, Rectangle, Tag};

use crate::engine::{Describe, Seat, State};
use crate::grid::square::Square;
use crate::picture::geometry::SquareGrid;
use crate::picture::marks::{grid_numbers, label, robot, RobotLook};
use crate::picture::{tenth, Sheet};

use super::board::{Piece, Terrain, PLAYER_COLOURS};
use super::game::{Carried, Game, RobotId};
use super::tiles::Colour;

/// The side of a square.
const SIZE: f64 = 36.0;

/// Room for the coordinates at the top and left.
const MARGIN: f64 = 18.0;

/// A piece lying on the board, drawn around `at`.
fn piece(at: (f64, f64), piece: Piece) -> Tag {
    let r = SIZE * 0.32;
    let (x, y) = at;
    match piece {
        Piece::Obstacle => Group::new().add(
            Circle::new()
                .set("cx", x)
                .set("cy", y)
                .set("r", tenth(r))
                .set("fill", "#8c6d46")
                .set("stroke", "#000000"),
        ),
        Piece::Container => Group::new()
            .add(
                Rectangle::new()
                    .set("x", tenth(x - r))
                    .set("y", tenth(y - r * 0.7))
                    .set("width", tenth(r * 2.0))
                    .set("height", tenth(r * 1.4))
                    .set("fill", "#e69f00")
                    .set("stroke", "#000000"),
            )
            .add(label(at, "c", 11.0, "#000000", true)),
        Piece::Mine => Group::new()
            .add(
                Polygon::new()
                    .set(
                        "points",
                        format!(
                            "{},{} {},{} {},{} {},{}",
                            x,
                            tenth(y - r),
                            tenth(x + r),
                            y,
                            x,
                            tenth(y + r),
                            tenth(x - r),
                            y
                        ),
                    )
                    .set("fill", "#222222"),
            )
            .add(label(at, "m", 11.0, "#ff5555", true)),
    }
}

/// The meaning of a piece in the legend.
fn piece_meaning(p: Piece) -> &'static str {
    match p {
        Piece::Obstacle => "a mobile obstacle",
        Piece::Container => "a container",
        Piece::Mine => "a mine",
    }
}

/// The SVG picture of `game` as `viewer` sees it (`None`: everything).
pub fn svg(game: &Game, viewer: Option<Seat>) -> String {
    let board = &game.mission.board;
    let grid = SquareGrid {
        size: SIZE,
        origin: (MARGIN, MARGIN),
    };
    let status = match game.to_decide() {
        Some(seat) => format!("{} to decide: {}", game.colour(seat), game.decision_text()),
        None => "over".to_string(),
    };
    let mut sheet = Sheet::new(
        format!(
            "Droids, mission {} ({}), round {}: {status}",
            game.mission.number, game.mission.name, game.round
        ),
        MARGIN + SIZE * f64::from(board.width),
        MARGIN + SIZE * f64::from(board.height),
    );
    for number in grid_numbers(&grid, board.width, board.height, MARGIN) {
        sheet.draw(number);
    }
    for y in 0..board.height {
        for x in 0..board.width {
            square(&mut sheet, game, &grid, Square::new(x, y));
        }
    }
    for r in &game.robots {
        let Some(at) = r.at else { continue };
        let (colour, label_text) = match r.id {
            RobotId::Player(s) => (PLAYER_COLOURS[s].to_string(), r.id.letter().to_string()),
            RobotId::Repair(i) => ("grey".to_string(), format!("{}", i + 1)),
            RobotId::Statue => ("statue".to_string(), "S".to_string()),
            RobotId::Killer => ("grey".to_string(), "K".to_string()),
        };
        let look = RobotLook {
            colour,
            label: label_text,
            facing: None,
            cargo: r.carrying.map(|c| {
                let letter = match c {
                    Carried::Piece(p) => p.letter(),
                    Carried::Statue => 'S',
                };
                (letter.to_string(), "#ffffff")
            }),
            title: match r.carrying {
                Some(c) => format!("{} at {}, {}, carrying the {c}", r.id, at.x, at.y),
                None => format!("{} at {}, {}", r.id, at.x, at.y),
            },
            ..RobotLook::default()
        };
        sheet.draw(robot(grid.centre(at.x, at.y), SIZE * 0.34, &look));
    }
    sheet.legend(
        robot(
            (0.0, 0.0),
            7.0,
            &RobotLook {
                colour: "grey".into(),
                label: "1".into(),
                ..RobotLook::default()
            },
        ),
        "a robot: a player's by colour letter, a repair robot 1 or 2 (grey), the statue S; the small disc is what it carries",
    );
    panel(&mut sheet, game, viewer);
    sheet.finish()
}

/// One square: its terrain, a start square's mark, a piece on it.
fn square(sheet: &mut Sheet, game: &Game, grid: &SquareGrid, sq: Square) {
    let (left, top) = grid.corner(sq.x, sq.y);
    let centre = grid.centre(sq.x, sq.y);
    let (fill, meaning) = match game.terrain(sq) {
        Some(Terrain::Water) => ("#a6d8f5", "water"),
        Some(Terrain::Fixed) => ("#4a4a4a", "a fixed obstacle"),
        _ => ("#ece6d6", "ground"),
    };
    sheet.cell(&sq.to_string(), (left, top), SIZE, fill, meaning);
    if let Some(seat) = game.mission.starts.iter().position(|s| *s == Some(sq)) {
        let colour = crate::picture::palette::paint(PLAYER_COLOURS[seat]);
        sheet.draw(
            Rectangle::new()
                .set("x", tenth(left + 3.0))
                .set("y", tenth(top + 3.0))
                .set("width", tenth(SIZE - 6.0))
                .set("height", tenth(SIZE - 6.0))
                .set("fill", "none")
                .set("stroke", colour.fill)
                .set("stroke-width", 3)
                .set("stroke-dasharray", "5 3"),
        );
        sheet.legend(
            Group::new().add(
                Rectangle::new()
                    .set("x", -8)
                    .set("y", -8)
                    .set("width", 16)
                    .set("height", 16)
                    .set("fill", "none")
                    .set("stroke", "#555555")
                    .set("stroke-width", 2)
                    .set("stroke-dasharray", "4 2"),
            ),
            "a start square, in its player's colour",
        );
    }
    if let Some(p) = game.piece_at(sq) {
        sheet.draw(piece(centre, p));
        sheet.legend(piece((0.0, 0.0), p), piece_meaning(p));
    }
}

/// The panel: each player's register board (public), the stacks, and
/// what `viewer` may see of hands and laid tiles.
fn panel(sheet: &mut Sheet, game: &Game, viewer: Option<Seat>) {
    let sizes = game.stack_sizes();
    let stacks: Vec<String> = Colour::ALL
        .iter()
        .map(|c| format!("{c} {}", sizes[c.index()]))
        .collect();
    sheet.block(
        "the table",
        None,
        vec![
            format!(
                "stacks: {}; in the box {}",
                stacks.join(", "),
                game.boxed.len()
            ),
            "registers: tile backs by colour (p b r g), ## blocked".to_string(),
        ],
    );
    for seat in 0..game.players.len() {
        let colour = game.colour(seat);
        let mut lines = vec![game.register_line(seat)];
        if viewer.is_none_or(|v| v == seat) {
            lines.extend(game.private_text(seat).lines().map(str::to_string));
        }
        sheet.block(colour, Some(colour), lines);
    }
}
