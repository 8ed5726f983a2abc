//! Where things go on the page: a square grid (RoboRally, Droids) and a
//! grid of pointy-top hexes in axial coordinates (Twin Tin Bots), both in
//! SVG's coordinates (y grows downward).

use super::tenth;

/// A point on the page.
pub type Point = (f64, f64);

/// A grid of squares `size` wide, square `(0, 0)`'s top-left corner at
/// `origin`.
#[derive(Clone, Copy, Debug)]
pub struct SquareGrid {
    /// The side of a square.
    pub size: f64,
    /// The top-left corner of square `(0, 0)`.
    pub origin: Point,
}

impl SquareGrid {
    /// The top-left corner of square `(x, y)`.
    pub fn corner(&self, x: i32, y: i32) -> Point {
        (
            tenth(self.origin.0 + f64::from(x) * self.size),
            tenth(self.origin.1 + f64::from(y) * self.size),
        )
    }

    /// The centre of square `(x, y)`.
    pub fn centre(&self, x: i32, y: i32) -> Point {
        let (left, top) = self.corner(x, y);
        (tenth(left + self.size / 2.0), tenth(top + self.size / 2.0))
    }

    /// The two ends of side `side` of square `(x, y)`, the side given as
    /// the angle from the centre in degrees (0 east, 90 south, 180 west,
    /// 270 north).
    pub fn side(&self, x: i32, y: i32, angle: f64) -> (Point, Point) {
        let (left, top) = self.corner(x, y);
        let (right, bottom) = (tenth(left + self.size), tenth(top + self.size));
        match angle.rem_euclid(360.0).round() as i32 {
            0 => ((right, top), (right, bottom)),
            90 => ((left, bottom), (right, bottom)),
            180 => ((left, top), (left, bottom)),
            _ => ((left, top), (right, top)),
        }
    }
}

/// A grid of pointy-top hexes of circumradius `size`, hex `(0, 0)`'s centre
/// at `origin`; axial `q` grows east, `r` south-east.
#[derive(Clone, Copy, Debug)]
pub struct HexGrid {
    /// From a hex's centre to a corner.
    pub size: f64,
    /// The centre of hex `(0, 0)`.
    pub origin: Point,
}

impl HexGrid {
    /// The centre of hex `(q, r)`.
    pub fn centre(&self, q: i32, r: i32) -> Point {
        let (q, r) = (f64::from(q), f64::from(r));
        (
            tenth(self.origin.0 + self.size * 3f64.sqrt() * (q + r / 2.0)),
            tenth(self.origin.1 + self.size * 1.5 * r),
        )
    }

    /// The six corners of hex `(q, r)`, shrunk by `inset`, as an SVG
    /// `points` list.
    pub fn outline(&self, q: i32, r: i32, inset: f64) -> String {
        let (cx, cy) = self.centre(q, r);
        let radius = self.size - inset;
        (0..6)
            .map(|i| {
                let (dx, dy) = toward(f64::from(60 * i - 30), radius);
                format!("{},{}", tenth(cx + dx), tenth(cy + dy))
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The offset `length` away toward `angle` degrees (0 east, 90 south).
pub fn toward(angle: f64, length: f64) -> Point {
    let radians = angle.to_radians();
    (tenth(radians.cos() * length), tenth(radians.sin() * length))
}
