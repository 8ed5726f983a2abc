//! The marks every game draws alike: robots (a disc in the robot's
//! colour, its letter, a facing mark, what it carries, and whether it is
//! virtual or powered down), arrows, labels and hover titles.

use super::tag::{Circle, Group, Polygon, Rectangle, Tag, Text, Title};

use super::geometry::{toward, Point, SquareGrid};
use super::palette::paint;
use super::tenth;

/// What a robot looks like.
#[derive(Clone, Debug, Default)]
pub struct RobotLook {
    /// Its colour's name (`red`; see [`paint`]).
    pub colour: String,
    /// The text on it (`R1`, `R`): its colour's letter, then a number
    /// when a player has several robots.
    pub label: String,
    /// The way it faces, in degrees (0 east, 90 south); `None` for a
    /// robot without a facing.
    pub facing: Option<f64>,
    /// What it carries, written on a small disc at its side, with that
    /// disc's fill.
    pub cargo: Option<(String, &'static str)>,
    /// A virtual robot (RoboRally): drawn faded with a dashed rim.
    pub ghost: bool,
    /// Powered down (RoboRally): a `Z` badge.
    pub asleep: bool,
    /// Shown when the pointer rests on it (`red.1 facing E`).
    pub title: String,
}

/// A robot of radius `radius` centred at `at`.
pub fn robot(at: Point, radius: f64, look: &RobotLook) -> Tag {
    let colours = paint(&look.colour);
    let mut group = Group::new()
        .set("class", "robot")
        .add(Title::new(look.title.clone()));
    if let Some(angle) = look.facing {
        let tip = toward(angle, radius * 1.45);
        let left = toward(angle - 40.0, radius * 0.9);
        let right = toward(angle + 40.0, radius * 0.9);
        let points = [tip, left, right]
            .iter()
            .map(|(dx, dy)| format!("{},{}", tenth(at.0 + dx), tenth(at.1 + dy)))
            .collect::<Vec<_>>()
            .join(" ");
        group = group.add(
            Polygon::new()
                .set("points", points)
                .set("fill", "#000000")
                .set("stroke", "#ffffff")
                .set("stroke-width", 1),
        );
    }
    let mut disc = Circle::new()
        .set("cx", at.0)
        .set("cy", at.1)
        .set("r", tenth(radius))
        .set("fill", colours.fill)
        .set("stroke", "#000000")
        .set("stroke-width", 2);
    if look.ghost {
        disc = disc
            .set("stroke-dasharray", "4 3")
            .set("fill-opacity", 0.45);
    }
    group = group.add(disc).add(label(
        (at.0, at.1),
        &look.label,
        radius * 0.9,
        colours.ink,
        true,
    ));
    if let Some((text, fill)) = &look.cargo {
        let spot = (tenth(at.0 + radius * 0.8), tenth(at.1 + radius * 0.8));
        group = group.add(badge(spot, radius * 0.5, fill, text));
    }
    if look.asleep {
        let spot = (tenth(at.0 - radius * 0.8), tenth(at.1 - radius * 0.8));
        group = group.add(badge(spot, radius * 0.45, "#cccccc", "Z"));
    }
    group
}

/// A small disc with a short text on it (a carried crystal's value, a
/// powered-down robot's `Z`).
pub fn badge(at: Point, radius: f64, fill: &str, text: &str) -> Tag {
    Group::new()
        .add(
            Circle::new()
                .set("cx", at.0)
                .set("cy", at.1)
                .set("r", tenth(radius))
                .set("fill", fill)
                .set("stroke", "#000000")
                .set("stroke-width", 1),
        )
        .add(label(at, text, radius * 1.4, "#000000", true))
}

/// Text centred on `at` (both ways), `size` high, in `fill`; bold when
/// asked.
pub fn label(at: Point, text: &str, size: f64, fill: &str, bold: bool) -> Tag {
    let text = Text::new(text)
        .set("x", at.0)
        .set("y", at.1)
        .set("font-size", tenth(size))
        .set("text-anchor", "middle")
        .set("dominant-baseline", "central")
        .set("fill", fill);
    if bold {
        text.set("font-weight", "bold")
    } else {
        text
    }
}

/// An arrow head `length` long centred on `at`, pointing `angle` degrees
/// (0 east, 90 south), filled with `fill`.
pub fn arrow(at: Point, angle: f64, length: f64, fill: &str) -> Tag {
    let half = length / 2.0;
    let tip = toward(angle, half);
    let back_left = toward(angle + 140.0, half);
    let notch = toward(angle + 180.0, half * 0.3);
    let back_right = toward(angle - 140.0, half);
    let points = [tip, back_left, notch, back_right]
        .iter()
        .map(|(dx, dy)| format!("{},{}", tenth(at.0 + dx), tenth(at.1 + dy)))
        .collect::<Vec<_>>()
        .join(" ");
    Polygon::new().set("points", points).set("fill", fill)
}

/// A square of `fill` for a legend line, around `(0, 0)`.
pub fn swatch(fill: &str) -> Tag {
    Group::new().add(
        Rectangle::new()
            .set("x", -9)
            .set("y", -9)
            .set("width", 18)
            .set("height", 18)
            .set("fill", fill)
            .set("stroke", "#8a8a8a"),
    )
}

/// The column numbers above a grid of `width` by `height` squares and the
/// row numbers at its left, in the `margin` before square `(0, 0)`.
pub fn grid_numbers(grid: &SquareGrid, width: i32, height: i32, margin: f64) -> Vec<Tag> {
    let columns = (0..width).map(|x| (grid.centre(x, 0).0, margin / 2.0, x));
    let rows = (0..height).map(|y| (margin / 2.0, grid.centre(0, y).1, y));
    columns
        .chain(rows)
        .map(|(x, y, n)| label((x, y), &n.to_string(), 10.0, "#555555", false))
        .collect()
}
