//! A RoboRally board or course and its robots as an SVG picture
//! ([`crate::engine::Describe::svg`]): squares with their `x, y`; belts
//! with their direction (express belts darker, with a double arrow);
//! gears with their way of turning; pushers and crushers with the
//! registers they act in; pits; repair sites by their wrenches; every
//! wall on its side of its square; board lasers, their emitters and their
//! beams as far as they reach; flags by number; robots with their facing,
//! virtual robots faded and powered-down robots marked, each robot's own
//! laser beam (dashed, in its colour) and its archive marker; a legend; and the
//! panel the game gives (damage, lives, flags, registers as the viewer may
//! see them).

use crate::picture::tag::{Circle, Group, Line, Polygon, Rectangle, Tag, Text};

use crate::grid::square::{Compass, Square};
use crate::picture::geometry::{toward, SquareGrid};
use crate::picture::marks::{arrow, grid_numbers, label, robot, RobotLook};
use crate::picture::sheet::{Block, Recording};
use crate::picture::{tenth, Sheet};
use std::sync::Arc;

use super::board::{Board, Kind, Registers, Turn};
use super::position::RobotState;

/// The side of a square.
const SIZE: f64 = 40.0;

/// Room for the coordinates at the top and left.
const MARGIN: f64 = 18.0;

/// The angle a direction points to, in degrees (0 east, 90 south).
pub fn angle(direction: Compass) -> f64 {
    match direction {
        Compass::E => 0.0,
        Compass::SE => 45.0,
        Compass::S => 90.0,
        Compass::SW => 135.0,
        Compass::W => 180.0,
        Compass::NW => 225.0,
        Compass::N => 270.0,
        Compass::NE => 315.0,
    }
}

/// `1 3 5`.
fn phases(registers: Registers) -> String {
    registers
        .phases()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The picture of `board` with `robots` on it, titled `title`, with the
/// panel `panel`.
pub fn draw(board: &Arc<Board>, robots: &[RobotState], title: String, panel: Vec<Block>) -> String {
    let (width, height) = board.size();
    let grid = SquareGrid {
        size: SIZE,
        origin: (MARGIN, MARGIN),
    };
    let mut sheet = Sheet::new(
        title,
        MARGIN + SIZE * f64::from(width),
        MARGIN + SIZE * f64::from(height),
    );
    FLOORS.with(|kept| {
        let mut kept = kept.borrow_mut();
        let fresh = kept
            .as_ref()
            .is_some_and(|(drawn, _)| Arc::ptr_eq(drawn, board));
        if !fresh {
            let mut floor_sheet = Sheet::new(String::new(), 0.0, 0.0);
            fixed_floor(&mut floor_sheet, board, &grid);
            *kept = Some((Arc::clone(board), floor_sheet.recording()));
        }
        if let Some((_, floor)) = kept.as_ref() {
            sheet.replay(floor);
        }
    });
    lasers(&mut sheet, board, robots, &grid);
    archives(&mut sheet, robots, &grid);
    robot_lasers(&mut sheet, board, robots, &grid);
    for flag in board.flags() {
        let (cx, cy) = grid.centre(flag.at.x, flag.at.y);
        sheet.draw(flag_mark((cx, cy), flag.number));
        sheet.legend(
            flag_mark((0.0, 0.0), 1),
            "a flag, touched in order of its number",
        );
    }
    for (i, r) in robots.iter().enumerate() {
        let Some(at) = r.at else { continue };
        let (cx, cy) = grid.centre(at.x, at.y);
        // A virtual robot sharing a square is drawn a little aside.
        let shared = robots[..i].iter().filter(|o| o.at == Some(at)).count() as f64;
        let centre = (tenth(cx + shared * 8.0), tenth(cy + shared * 8.0));
        let look = RobotLook {
            colour: r.colour().to_string(),
            label: crate::picture::palette::paint(r.colour())
                .letter
                .to_string(),
            facing: Some(angle(r.facing)),
            cargo: None,
            ghost: r.virtual_robot,
            asleep: r.powered_down,
            title: format!(
                "{} at {}, {} facing {}; damage {}, lives {}, flags {}{}{}",
                r.colour(),
                at.x,
                at.y,
                r.facing,
                r.damage,
                r.lives,
                r.flags,
                if r.virtual_robot { ", virtual" } else { "" },
                if r.powered_down { ", powered down" } else { "" }
            ),
        };
        sheet.draw(robot(centre, SIZE * 0.3, &look));
    }
    robot_legend(&mut sheet);
    for block in panel {
        sheet.block(block.heading, block.colour.as_deref(), block.lines);
    }
    sheet.finish()
}

thread_local! {
    /// The floor of the board drawn last (its squares, what is built on
    /// them, its walls), as the lines and legend it adds, for the next
    /// picture of the same board: a replay page draws thousands, and the
    /// floor never changes. The board is kept with it, so that it is the
    /// same board and not one made where it was.
    static FLOORS: std::cell::RefCell<Option<(Arc<Board>, Recording)>> =
        const { std::cell::RefCell::new(None) };
}

/// What never moves on `board`: the coordinates, every square's floor and
/// what is built on it, and the walls.
fn fixed_floor(sheet: &mut Sheet, board: &Board, grid: &SquareGrid) {
    let (width, height) = board.size();
    for number in grid_numbers(grid, width, height, MARGIN) {
        sheet.draw(number);
    }
    for y in 0..height {
        for x in 0..width {
            floor(sheet, board, grid, Square::new(x, y));
        }
    }
    for wall in board.walls() {
        let ((x1, y1), (x2, y2)) = grid.side(wall.at.x, wall.at.y, angle(wall.side));
        sheet.draw(
            Line::new()
                .set("x1", x1)
                .set("y1", y1)
                .set("x2", x2)
                .set("y2", y2)
                .set("stroke", "#e69f00")
                .set("stroke-width", 5)
                .set("stroke-linecap", "square"),
        );
        sheet.legend(
            Group::new().add(
                Line::new()
                    .set("x1", -9)
                    .set("y1", 0)
                    .set("x2", 9)
                    .set("y2", 0)
                    .set("stroke", "#e69f00")
                    .set("stroke-width", 5),
            ),
            "a wall, on the side of the square it is drawn on",
        );
    }
}

/// The floor of one square and what is built on it.
fn floor(sheet: &mut Sheet, board: &Board, grid: &SquareGrid, sq: Square) {
    let (left, top) = grid.corner(sq.x, sq.y);
    let centre = grid.centre(sq.x, sq.y);
    let (fill, meaning) = if board.is_off(sq) {
        ("#3a3a3a", "off the course: a pit")
    } else {
        match board.kind(sq) {
            None | Some(Kind::Crusher(_)) => ("#e8e8e8", "open floor"),
            Some(Kind::Pit) => ("#111111", "a pit"),
            Some(Kind::Conveyor(_)) => (
                "#f3e3a3",
                "a conveyor belt: 1 square a phase, toward the arrow",
            ),
            Some(Kind::Express(_)) => (
                "#8fb8de",
                "an express belt: 2 squares a phase, toward the double arrow",
            ),
            Some(Kind::Gear(_)) => ("#e8e8e8", "open floor"),
            Some(Kind::Pusher { .. }) => ("#e8e8e8", "open floor"),
            Some(Kind::Repair(_)) => ("#b8e0b0", "a repair site, its wrenches (W1, W2)"),
        }
    };
    sheet.cell(&sq.to_string(), (left, top), SIZE, fill, meaning);
    match board.kind(sq) {
        Some(Kind::Conveyor(d)) => sheet.draw(arrow(centre, angle(d), SIZE * 0.55, "#7a6a2a")),
        Some(Kind::Express(d)) => {
            let (dx, dy) = toward(angle(d), SIZE * 0.14);
            let ahead = (tenth(centre.0 + dx), tenth(centre.1 + dy));
            let behind = (tenth(centre.0 - dx), tenth(centre.1 - dy));
            sheet.draw(arrow(ahead, angle(d), SIZE * 0.45, "#123c69"));
            sheet.draw(arrow(behind, angle(d), SIZE * 0.45, "#123c69"));
        }
        Some(Kind::Gear(turn)) => {
            let (sign, meaning) = match turn {
                Turn::Right => ("+", "a gear turning right (clockwise, +)"),
                Turn::Left => ("-", "a gear turning left (anticlockwise, -)"),
            };
            let gear = |at: (f64, f64)| {
                Group::new()
                    .add(
                        Circle::new()
                            .set("cx", at.0)
                            .set("cy", at.1)
                            .set("r", tenth(SIZE * 0.32))
                            .set("fill", "#9a9a9a")
                            .set("stroke", "#444444")
                            .set("stroke-width", 3)
                            .set("stroke-dasharray", "4 2"),
                    )
                    .add(label(at, sign, 16.0, "#000000", true))
            };
            sheet.draw(gear(centre));
            sheet.legend(gear((0.0, 0.0)), meaning);
        }
        Some(Kind::Pusher { to, registers }) => {
            let (dx, dy) = toward(angle(to) + 180.0, SIZE * 0.38);
            let back = (tenth(centre.0 + dx), tenth(centre.1 + dy));
            sheet.draw(
                Circle::new()
                    .set("cx", back.0)
                    .set("cy", back.1)
                    .set("r", tenth(SIZE * 0.12))
                    .set("fill", "#6a3d9a"),
            );
            sheet.draw(arrow(centre, angle(to), SIZE * 0.4, "#6a3d9a"));
            let (tx, ty) = toward(angle(to), SIZE * 0.32);
            sheet.draw(label(
                (tenth(centre.0 + tx), tenth(centre.1 + ty)),
                &phases(registers),
                8.0,
                "#6a3d9a",
                true,
            ));
            sheet.legend(
                Group::new().add(arrow((0.0, 0.0), 0.0, 16.0, "#6a3d9a")),
                "a pusher: pushes toward the arrow in the registers written by it",
            );
        }
        Some(Kind::Repair(n)) => {
            sheet.draw(label(centre, &format!("W{n}"), 13.0, "#1b5e20", true));
        }
        _ => {}
    }
    if let Some(registers) = board.crusher(sq) {
        let cross = |at: (f64, f64), reach: f64| {
            Group::new()
                .add(
                    Line::new()
                        .set("x1", tenth(at.0 - reach))
                        .set("y1", tenth(at.1 - reach))
                        .set("x2", tenth(at.0 + reach))
                        .set("y2", tenth(at.1 + reach))
                        .set("stroke", "#8b0000")
                        .set("stroke-width", 4),
                )
                .add(
                    Line::new()
                        .set("x1", tenth(at.0 - reach))
                        .set("y1", tenth(at.1 + reach))
                        .set("x2", tenth(at.0 + reach))
                        .set("y2", tenth(at.1 - reach))
                        .set("stroke", "#8b0000")
                        .set("stroke-width", 4),
                )
        };
        sheet.draw(cross(centre, SIZE * 0.3));
        sheet.draw(label(
            (centre.0, tenth(top + SIZE * 0.88)),
            &phases(registers),
            8.0,
            "#8b0000",
            true,
        ));
        sheet.legend(
            cross((0.0, 0.0), 7.0),
            "a crusher: crushes in the registers written under it",
        );
    }
}

/// A flag: a pennant with its number.
fn flag_mark(at: (f64, f64), number: u8) -> Tag {
    let (x, y) = at;
    Group::new()
        .set("class", "flag")
        .add(
            Line::new()
                .set("x1", tenth(x - 8.0))
                .set("y1", tenth(y - 12.0))
                .set("x2", tenth(x - 8.0))
                .set("y2", tenth(y + 12.0))
                .set("stroke", "#000000")
                .set("stroke-width", 2),
        )
        .add(
            Polygon::new()
                .set(
                    "points",
                    format!(
                        "{},{} {},{} {},{}",
                        tenth(x - 8.0),
                        tenth(y - 12.0),
                        tenth(x + 12.0),
                        tenth(y - 4.0),
                        tenth(x - 8.0),
                        tenth(y + 4.0)
                    ),
                )
                .set("fill", "#ffffff")
                .set("stroke", "#000000"),
        )
        .add(label(
            (tenth(x - 1.0), tenth(y - 4.0)),
            &number.to_string(),
            9.0,
            "#000000",
            true,
        ))
}

/// Every board laser: its emitter on the side it fires from, and its beam
/// up to the wall, the board's edge or the first robot it hits.
fn lasers(sheet: &mut Sheet, board: &Board, robots: &[RobotState], grid: &SquareGrid) {
    for laser in board.lasers() {
        let mut end = laser.at;
        let blocked = |sq: Square| robots.iter().any(|r| r.at == Some(sq));
        while !blocked(end) && !board.is_walled(end, laser.to) {
            let next = end.step(laser.to);
            if board.is_off(next) {
                break;
            }
            end = next;
        }
        let from = grid.centre(laser.at.x, laser.at.y);
        let to = grid.centre(end.x, end.y);
        let (bx, by) = toward(angle(laser.to) + 180.0, SIZE * 0.42);
        let back = (tenth(from.0 + bx), tenth(from.1 + by));
        sheet.draw(
            Line::new()
                .set("x1", back.0)
                .set("y1", back.1)
                .set("x2", to.0)
                .set("y2", to.1)
                .set("stroke", "#d7191c")
                .set("stroke-width", f64::from(laser.beams) * 1.5)
                .set("stroke-opacity", 0.7),
        );
        sheet.draw(
            Rectangle::new()
                .set("x", tenth(back.0 - 5.0))
                .set("y", tenth(back.1 - 5.0))
                .set("width", 10)
                .set("height", 10)
                .set("fill", "#d7191c"),
        );
        sheet.draw(
            Text::new(laser.beams.to_string())
                .set("x", tenth(back.0))
                .set("y", tenth(back.1 + 3.5))
                .set("font-size", 9)
                .set("text-anchor", "middle")
                .set("fill", "#ffffff"),
        );
        sheet.legend(
            Group::new()
                .add(
                    Line::new()
                        .set("x1", -9)
                        .set("y1", 0)
                        .set("x2", 9)
                        .set("y2", 0)
                        .set("stroke", "#d7191c")
                        .set("stroke-width", 2),
                )
                .add(
                    Rectangle::new()
                        .set("x", -9)
                        .set("y", -4)
                        .set("width", 8)
                        .set("height", 8)
                        .set("fill", "#d7191c"),
                ),
            "a board laser: its emitter (the number of beams) and its beam, to the first robot or wall",
        );
    }
}

/// Where the beam of robot `i`'s own laser ends: the square of the first
/// real robot in front of it (`Some` second), else the last square before
/// a wall or the board's edge; `None` for a robot that does not fire (off
/// the board, virtual or powered down: seed lines 133-139, rulings 11 and
/// 12 of `game/lasers.rs`).
pub fn robot_beam(board: &Board, robots: &[RobotState], i: usize) -> Option<(Square, bool)> {
    let shooter = robots.get(i)?;
    let mut sq = shooter.at?;
    if shooter.virtual_robot || shooter.powered_down {
        return None;
    }
    let real_at = |at: Square| {
        robots
            .iter()
            .enumerate()
            .any(|(j, r)| j != i && !r.virtual_robot && r.at == Some(at))
    };
    while !board.is_walled(sq, shooter.facing) {
        let next = sq.step(shooter.facing);
        if board.is_off(next) {
            break;
        }
        sq = next;
        if real_at(sq) {
            return Some((sq, true));
        }
    }
    Some((sq, false))
}

/// Every robot's own laser: a dashed beam in its colour from its front to
/// the robot it hits (to that robot's centre) or to the wall or edge that
/// stops it (to the side of the last square).
fn robot_lasers(sheet: &mut Sheet, board: &Board, robots: &[RobotState], grid: &SquareGrid) {
    let beam = |(x1, y1): (f64, f64), (x2, y2): (f64, f64), fill: &str| {
        Line::new()
            .set("x1", x1)
            .set("y1", y1)
            .set("x2", x2)
            .set("y2", y2)
            .set("stroke", fill.to_string())
            .set("stroke-width", 2)
            .set("stroke-dasharray", "5 3")
            .set("stroke-linecap", "round")
    };
    for (i, r) in robots.iter().enumerate() {
        let (Some(at), Some((end, hit))) = (r.at, robot_beam(board, robots, i)) else {
            continue;
        };
        let centre = grid.centre(at.x, at.y);
        let (fx, fy) = toward(angle(r.facing), SIZE * 0.32);
        let from = (tenth(centre.0 + fx), tenth(centre.1 + fy));
        let end_centre = grid.centre(end.x, end.y);
        let to = if hit {
            end_centre
        } else {
            let (ex, ey) = toward(angle(r.facing), SIZE * 0.5);
            (tenth(end_centre.0 + ex), tenth(end_centre.1 + ey))
        };
        if end == at && !hit {
            // A wall right in front: nothing to draw.
            continue;
        }
        let fill = crate::picture::palette::paint(r.colour()).fill;
        sheet.draw(beam(from, to, fill).set("class", "robot-laser"));
        sheet.legend(
            Group::new().add(beam((-9.0, 0.0), (9.0, 0.0), "#555555")),
            "a robot's own laser (dashed, its colour): forward to the first real robot, wall or edge",
        );
    }
}

/// Every robot's archive marker, where it comes back: a small square in
/// its colour with its letter, in the square's lower left corner (beside
/// one another when several share a square). A robot out of the race has
/// none.
fn archives(sheet: &mut Sheet, robots: &[RobotState], grid: &SquareGrid) {
    let marker = |(x, y): (f64, f64), colour: &str, title: String| {
        let paint = crate::picture::palette::paint(colour);
        Group::new()
            .set("class", "archive")
            .add(crate::picture::tag::Title::new(title))
            .add(
                Rectangle::new()
                    .set("x", tenth(x))
                    .set("y", tenth(y))
                    .set("width", 11)
                    .set("height", 11)
                    .set("fill", paint.fill)
                    .set("stroke", "#000000")
                    .set("stroke-width", 1),
            )
            .add(label(
                (tenth(x + 5.5), tenth(y + 5.5)),
                &paint.letter.to_string(),
                8.0,
                paint.ink,
                true,
            ))
    };
    for (i, r) in robots.iter().enumerate() {
        if r.at.is_none() && r.lives == 0 {
            continue;
        }
        let beside = robots[..i]
            .iter()
            .filter(|o| o.archive == r.archive)
            .count() as f64;
        let (cx, cy) = grid.corner(r.archive.x, r.archive.y);
        let corner = (cx + 2.0 + beside * 12.0, cy + SIZE - 13.0);
        let title = format!(
            "{}'s archive marker at {}, {}",
            r.colour(),
            r.archive.x,
            r.archive.y
        );
        sheet.draw(marker(corner, r.colour(), title));
        sheet.legend(
            marker((-5.5, -5.5), "grey", String::new()),
            "an archive marker: where the robot of its colour comes back",
        );
    }
}

/// The legend lines of robots.
fn robot_legend(sheet: &mut Sheet) {
    let look = |ghost, asleep| RobotLook {
        colour: "grey".into(),
        facing: Some(0.0),
        ghost,
        asleep,
        ..RobotLook::default()
    };
    sheet.legend(
        robot((0.0, 0.0), 7.0, &look(false, false)),
        "a robot: its colour's letter, the point shows its facing",
    );
    sheet.legend(
        robot((0.0, 0.0), 7.0, &look(true, false)),
        "a virtual robot (faded, dashed)",
    );
    sheet.legend(
        robot((0.0, 0.0), 7.0, &look(false, true)),
        "a powered-down robot (Z)",
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 6 × 1 board with a wall on the east side of [4, 0].
    fn board() -> Board {
        let text = "size = [6, 1]\n[[wall]]\nat = [4, 0]\nside = \"E\"\n";
        Board::parse("row.toml", text).expect("a valid board")
    }

    fn at(seat: usize, x: i32, facing: Compass) -> RobotState {
        RobotState::new(seat, Square::new(x, 0), facing)
    }

    #[test]
    fn a_robot_laser_stops_at_the_first_real_robot_or_wall() {
        // A robot fires forward at the first real robot in line, not
        // through walls; virtual robots are not hit and do not fire;
        // powered-down robots do not fire (seed lines 133-139, rulings 11
        // and 12, as `game/lasers.rs` plays them).
        let b = board();
        let mut robots = vec![at(0, 0, Compass::E), at(1, 2, Compass::W)];
        assert_eq!(robot_beam(&b, &robots, 0), Some((Square::new(2, 0), true)));
        assert_eq!(robot_beam(&b, &robots, 1), Some((Square::new(0, 0), true)));
        robots[1].virtual_robot = true;
        assert_eq!(robot_beam(&b, &robots, 0), Some((Square::new(4, 0), false)));
        assert_eq!(robot_beam(&b, &robots, 1), None);
        robots[0].powered_down = true;
        assert_eq!(robot_beam(&b, &robots, 0), None);
        let west = vec![at(0, 5, Compass::W)];
        assert_eq!(robot_beam(&b, &west, 0), Some((Square::new(5, 0), false)));
        let edge = vec![at(0, 5, Compass::E)];
        assert_eq!(robot_beam(&b, &edge, 0), Some((Square::new(5, 0), false)));
    }

    #[test]
    fn beams_and_archive_markers_are_drawn_with_their_legend() {
        let mut red = at(0, 0, Compass::E);
        red.archive = Square::new(1, 0);
        let svg = draw(&Arc::new(board()), &[red], "t".into(), vec![]);
        assert!(svg.contains("<title>red's archive marker at 1, 0</title>"));
        assert!(svg.contains("class=\"robot-laser\""));
        assert!(svg.contains("a robot's own laser"));
        assert!(svg.contains("an archive marker"));
    }
}
