//! Hex geometry: axial coordinates, the six named directions, turning,
//! distance, rings and lines, and the hexagonal arenas.
//!
//! Conventions (fixed by DESIGN.md): pointy-top hexes, axial `[q, r]`, centre
//! `[0, 0]`, `r` grows downward on screen. Directions and their axial steps:
//! `E [1,0]`, `NE [1,-1]`, `NW [0,-1]`, `W [-1,0]`, `SW [-1,1]`, `SE [0,1]`.
//! Turning right (clockwise) goes E → SE → SW → W → NW → NE → E.
//!
//! Nothing outside this module knows how many directions there are: other
//! modules turn with [`Direction::turned`] and step with [`Hex::step`].
//!
//! # Coordinates cannot overflow
//!
//! Every hex read from a file or typed by a user is made with
//! [`Hex::checked`] (serde and [`FromStr`] use it), which refuses a
//! coordinate beyond [`Hex::LIMIT`]: far off every arena, yet so small that
//! steps and distances between such hexes stay far inside `i32`. The
//! engine's own arithmetic ([`Hex::new`], [`Hex::step`]) is plain `i32`
//! and stays cheap. [`Hex::distance`] works in `i64`, so that it is right
//! for any two hexes whatever their coordinates: a hex made without the
//! check is still found off the board, never wrapped onto it. Arenas are
//! only the sizes the game supports ([`Arena::from_radius`]).

use serde::{Deserialize, Deserializer, Serialize};
use std::fmt;
use std::str::FromStr;

/// A hex in axial coordinates.
///
/// Serialized as `[q, r]`; read from exactly two whole numbers within
/// [`Hex::LIMIT`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(into = "[i32; 2]")]
pub struct Hex {
    /// Column axis, grows to the east.
    pub q: i32,
    /// Row axis, grows downward on screen (south-east and south-west).
    pub r: i32,
}

/// A coordinate beyond [`Hex::LIMIT`]: refused wherever a hex is read.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
#[error("[{q}, {r}] is far off any arena: coordinates run from -{limit} to {limit}", limit = Hex::LIMIT)]
pub struct HexRangeError {
    /// The first coordinate as given.
    pub q: i64,
    /// The second coordinate as given.
    pub r: i64,
}

impl<'de> Deserialize<'de> for Hex {
    /// Exactly two whole numbers `[q, r]`, each within [`Hex::LIMIT`]: a
    /// third number or a far coordinate is an error, never cut or wrapped.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Vec::<i64>::deserialize(d)?;
        match v.as_slice() {
            [q, r] => Hex::checked(*q, *r).map_err(serde::de::Error::custom),
            _ => Err(serde::de::Error::custom(format!(
                "a hex is [q, r], two whole numbers, not {} of them",
                v.len()
            ))),
        }
    }
}

/// Unchecked, as [`Hex::new`]: for hexes the program makes itself.
impl From<[i32; 2]> for Hex {
    fn from([q, r]: [i32; 2]) -> Self {
        Hex::new(q, r)
    }
}

impl From<Hex> for [i32; 2] {
    fn from(h: Hex) -> Self {
        [h.q, h.r]
    }
}

impl Hex {
    /// The centre hex `[0, 0]`.
    pub const CENTRE: Hex = Hex { q: 0, r: 0 };

    /// The largest coordinate a hex read from outside may have (either
    /// sign). Far beyond every arena, and small enough that sums,
    /// differences and steps of such hexes cannot overflow `i32`.
    pub const LIMIT: i32 = 1000;

    /// A hex from its axial coordinates, unchecked: for the engine's own
    /// hexes. Anything read from a file or a user goes through
    /// [`Hex::checked`].
    pub const fn new(q: i32, r: i32) -> Self {
        Hex { q, r }
    }

    /// A hex from coordinates given from outside (a file, a user), refused
    /// when either is beyond [`Hex::LIMIT`].
    pub fn checked(q: i64, r: i64) -> Result<Hex, HexRangeError> {
        let limit = i64::from(Hex::LIMIT);
        if (-limit..=limit).contains(&q) && (-limit..=limit).contains(&r) {
            // Within ±LIMIT, so the conversions cannot fail.
            Ok(Hex::new(q as i32, r as i32))
        } else {
            Err(HexRangeError { q, r })
        }
    }

    /// The third cube coordinate, `-q - r`.
    pub const fn s(self) -> i32 {
        -self.q - self.r
    }

    /// The neighbouring hex in `dir`.
    pub fn step(self, dir: Direction) -> Hex {
        self.step_by(dir, 1)
    }

    /// The hex `n` steps away in `dir`. Plain `i32` arithmetic: hexes of a
    /// game lie within [`Hex::LIMIT`] and steps are short, so it cannot
    /// overflow there; at the very ends of `i32` it wraps (as release
    /// builds do anyway), still far off every arena, instead of panicking.
    #[inline]
    pub fn step_by(self, dir: Direction, n: i32) -> Hex {
        let (dq, dr) = dir.delta();
        Hex::new(
            self.q.wrapping_add(dq.wrapping_mul(n)),
            self.r.wrapping_add(dr.wrapping_mul(n)),
        )
    }

    /// All six neighbours, in clockwise order starting east.
    pub fn neighbours(self) -> impl Iterator<Item = Hex> {
        Direction::ALL.into_iter().map(move |d| self.step(d))
    }

    /// Number of steps between two hexes (at most `u32::MAX`). Computed in
    /// `i64`, where no pair of `i32` coordinates can overflow: right for any
    /// two hexes, so that a far hex is never taken for one on the board.
    #[inline]
    pub fn distance(self, other: Hex) -> u32 {
        let dq = i64::from(self.q) - i64::from(other.q);
        let dr = i64::from(self.r) - i64::from(other.r);
        // The third cube coordinate's difference: -(dq + dr).
        let ds = dq + dr;
        let d = dq.abs().max(dr.abs()).max(ds.abs());
        u32::try_from(d).unwrap_or(u32::MAX)
    }

    /// Distance from the centre hex: the ring this hex lies on.
    pub fn ring_index(self) -> u32 {
        self.distance(Hex::CENTRE)
    }

    /// The hexes at exactly `radius` steps from `self`, clockwise, starting
    /// with the one due east.
    pub fn ring(self, radius: u32) -> Vec<Hex> {
        if radius == 0 {
            return vec![self];
        }
        let mut out = Vec::with_capacity(6 * radius as usize);
        let mut h = self.step_by(Direction::E, radius as i32);
        // From the east corner, walk clockwise: each side runs in the
        // direction two turns right of the corner's direction.
        for corner in Direction::ALL {
            let side = corner.turned(2);
            for _ in 0..radius {
                out.push(h);
                h = h.step(side);
            }
        }
        out
    }

    /// The hexes from `self` (exclusive) going `len` steps in `dir`.
    pub fn line(self, dir: Direction, len: u32) -> impl Iterator<Item = Hex> {
        (1..=len as i32).map(move |n| self.step_by(dir, n))
    }

    /// The direction from `self` to an adjacent hex, if it is adjacent.
    pub fn direction_to(self, other: Hex) -> Option<Direction> {
        Direction::ALL.into_iter().find(|&d| self.step(d) == other)
    }
}

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.q, self.r)
    }
}

/// Error parsing a hex from `"q,r"` text.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum HexParseError {
    /// Not two whole numbers.
    #[error("`{0}` is not a hex: expected \"q,r\" such as \"1,-2\"")]
    Syntax(String),
    /// Two numbers, but far off any arena.
    #[error("`{0}` is not a hex of the game: {1}")]
    Range(String, HexRangeError),
}

impl FromStr for Hex {
    type Err = HexParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || HexParseError::Syntax(s.to_string());
        let t = s.trim().trim_start_matches('[').trim_end_matches(']');
        let (q, r) = t.split_once(',').ok_or_else(err)?;
        let q: i64 = q.trim().parse().map_err(|_| err())?;
        let r: i64 = r.trim().parse().map_err(|_| err())?;
        Hex::checked(q, r).map_err(|e| HexParseError::Range(s.to_string(), e))
    }
}

/// One of the six directions a robot can face, each pointing at a hex side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Direction {
    /// East, `[1, 0]`.
    E,
    /// South-east, `[0, 1]`.
    SE,
    /// South-west, `[-1, 1]`.
    SW,
    /// West, `[-1, 0]`.
    W,
    /// North-west, `[0, -1]`.
    NW,
    /// North-east, `[1, -1]`.
    NE,
}

impl Direction {
    /// All directions in clockwise order, starting east.
    pub const ALL: [Direction; 6] = [
        Direction::E,
        Direction::SE,
        Direction::SW,
        Direction::W,
        Direction::NW,
        Direction::NE,
    ];

    /// Number of directions (hex sides).
    pub const COUNT: i32 = 6;

    /// The axial step `(dq, dr)` of this direction.
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Direction::E => (1, 0),
            Direction::SE => (0, 1),
            Direction::SW => (-1, 1),
            Direction::W => (-1, 0),
            Direction::NW => (0, -1),
            Direction::NE => (1, -1),
        }
    }

    fn index(self) -> i32 {
        self as i32
    }

    /// This direction turned `sides` hex sides clockwise (negative:
    /// counter-clockwise).
    pub fn turned(self, sides: i32) -> Direction {
        Direction::ALL[(self.index() + sides).rem_euclid(Self::COUNT) as usize]
    }

    /// One side clockwise.
    pub fn right(self) -> Direction {
        self.turned(1)
    }

    /// One side counter-clockwise.
    pub fn left(self) -> Direction {
        self.turned(-1)
    }

    /// The opposite direction.
    pub fn opposite(self) -> Direction {
        self.turned(Self::COUNT / 2)
    }

    /// The name used in files and the REPL (`"E"`, `"NE"`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            Direction::E => "E",
            Direction::SE => "SE",
            Direction::SW => "SW",
            Direction::W => "W",
            Direction::NW => "NW",
            Direction::NE => "NE",
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Error parsing a direction name.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("`{0}` is not a direction: expected one of E, SE, SW, W, NW, NE")]
pub struct DirectionParseError(pub String);

impl FromStr for Direction {
    type Err = DirectionParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Direction::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| DirectionParseError(s.to_string()))
    }
}

/// The playing area: a hexagon of hexes around the centre, with a dense index
/// for each hex so that board lookups are array accesses.
///
/// Only the arenas the game supports exist: small (radius 4) and big
/// (radius 5). A file naming any other radius is refused when it is read
/// (serde goes through [`Arena::from_radius`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "ArenaFields")]
pub struct Arena {
    radius: u32,
}

/// An arena as written in a file, before its radius is checked.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ArenaFields {
    radius: u64,
}

impl TryFrom<ArenaFields> for Arena {
    type Error = ArenaError;
    fn try_from(fields: ArenaFields) -> Result<Self, ArenaError> {
        Arena::from_radius(fields.radius)
    }
}

/// An arena of a size the game does not support.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
#[error("an arena of radius {0} is not one tinbots plays: arenas are small (radius 4) or big (radius 5)")]
pub struct ArenaError(pub u64);

impl Arena {
    /// The radius of the small arena.
    const SMALL_RADIUS: u32 = 4;
    /// The radius of the big arena.
    const BIG_RADIUS: u32 = 5;

    const fn hexagon(radius: u32) -> Self {
        Arena { radius }
    }

    /// The arena of a radius, if the game supports it (4 or 5).
    pub fn from_radius(radius: u64) -> Result<Self, ArenaError> {
        match radius {
            4 => Ok(Arena::small()),
            5 => Ok(Arena::big()),
            _ => Err(ArenaError(radius)),
        }
    }

    /// The small arena (radius 4, 61 hexes) for 2 to 4 players.
    pub fn small() -> Self {
        Arena::hexagon(Arena::SMALL_RADIUS)
    }

    /// The big arena (radius 5, 91 hexes) for 5 and 6 players.
    pub fn big() -> Self {
        Arena::hexagon(Arena::BIG_RADIUS)
    }

    /// An arena by name: `small` or `big`.
    pub fn named(name: &str) -> Option<Self> {
        match name {
            "small" => Some(Arena::small()),
            "big" => Some(Arena::big()),
            _ => None,
        }
    }

    /// The arena's name: `small` or `big`.
    pub fn name(&self) -> String {
        match self.radius {
            Arena::SMALL_RADIUS => "small".into(),
            Arena::BIG_RADIUS => "big".into(),
            r => format!("hexagon-{r}"),
        }
    }

    /// Radius: the ring number of the outer ring.
    pub fn radius(&self) -> u32 {
        self.radius
    }

    /// Whether `h` is on the board.
    pub fn contains(&self, h: Hex) -> bool {
        h.ring_index() <= self.radius
    }

    /// Whether `h` is on the outermost ring.
    pub fn on_outer_ring(&self, h: Hex) -> bool {
        h.ring_index() == self.radius
    }

    /// Width of the dense index's square: `2 * radius + 1`.
    fn side(&self) -> usize {
        2 * self.radius as usize + 1
    }

    /// Size of the dense index space (some slots are off-board corners).
    pub fn index_len(&self) -> usize {
        self.side() * self.side()
    }

    /// The dense index of an on-board hex, `None` off the board.
    #[inline]
    pub fn index(&self, h: Hex) -> Option<usize> {
        if !self.contains(h) {
            return None;
        }
        let r = self.radius as i32;
        Some(((h.r + r) as usize) * self.side() + (h.q + r) as usize)
    }

    /// The hex at a dense index (the inverse of [`Arena::index`]).
    pub fn hex_at(&self, index: usize) -> Hex {
        let r = self.radius as i32;
        Hex::new(
            (index % self.side()) as i32 - r,
            (index / self.side()) as i32 - r,
        )
    }

    /// Every hex of the arena, ring by ring from the centre outward,
    /// clockwise within a ring starting east.
    pub fn hexes(&self) -> Vec<Hex> {
        (0..=self.radius)
            .flat_map(|k| Hex::CENTRE.ring(k))
            .collect()
    }

    /// Number of hexes: `3r(r+1) + 1`.
    pub fn len(&self) -> usize {
        let r = self.radius as usize;
        3 * r * (r + 1) + 1
    }

    /// Never true: an arena has at least the centre hex.
    pub fn is_empty(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directions_have_the_fixed_axial_steps() {
        // DESIGN.md: E [1,0], NE [1,-1], NW [0,-1], W [-1,0], SW [-1,1], SE [0,1].
        assert_eq!(Direction::E.delta(), (1, 0));
        assert_eq!(Direction::NE.delta(), (1, -1));
        assert_eq!(Direction::NW.delta(), (0, -1));
        assert_eq!(Direction::W.delta(), (-1, 0));
        assert_eq!(Direction::SW.delta(), (-1, 1));
        assert_eq!(Direction::SE.delta(), (0, 1));
    }

    #[test]
    fn turning_right_goes_clockwise() {
        // DESIGN.md: E → SE → SW → W → NW → NE → E.
        let mut d = Direction::E;
        let mut seen = vec![];
        for _ in 0..6 {
            seen.push(d.name());
            d = d.right();
        }
        assert_eq!(seen, ["E", "SE", "SW", "W", "NW", "NE"]);
        assert_eq!(d, Direction::E);
        assert_eq!(Direction::E.left(), Direction::NE);
        assert_eq!(Direction::NW.opposite(), Direction::SE);
        assert_eq!(Direction::SW.turned(-8), Direction::E);
        assert_eq!(Direction::SW.turned(7), Direction::W);
    }

    #[test]
    fn distance_and_rings() {
        assert_eq!(Hex::new(0, 0).distance(Hex::new(4, -4)), 4);
        assert_eq!(Hex::new(-1, 2).distance(Hex::new(2, -1)), 3);
        for k in 0..6 {
            let ring = Hex::CENTRE.ring(k);
            assert_eq!(ring.len(), if k == 0 { 1 } else { 6 * k as usize });
            assert!(ring.iter().all(|h| h.ring_index() == k));
            let mut dedup = ring.clone();
            dedup.sort();
            dedup.dedup();
            assert_eq!(dedup.len(), ring.len());
        }
        assert_eq!(Hex::CENTRE.ring(1)[0], Hex::new(1, 0));
        assert_eq!(
            Hex::CENTRE.ring(1)[1],
            Hex::new(0, 1),
            "clockwise from east"
        );
    }

    #[test]
    fn lines_and_adjacency() {
        let l: Vec<_> = Hex::CENTRE.line(Direction::NE, 3).collect();
        assert_eq!(l, [Hex::new(1, -1), Hex::new(2, -2), Hex::new(3, -3)]);
        assert_eq!(
            Hex::new(2, 3).direction_to(Hex::new(1, 4)),
            Some(Direction::SW)
        );
        assert_eq!(Hex::new(2, 3).direction_to(Hex::new(4, 3)), None);
        assert_eq!(Hex::CENTRE.neighbours().count(), 6);
    }

    #[test]
    fn arenas_have_the_fixed_sizes() {
        assert_eq!(Arena::small().hexes().len(), 61);
        assert_eq!(Arena::small().len(), 61);
        assert_eq!(Arena::big().hexes().len(), 91);
        let a = Arena::big();
        for (i, h) in a.hexes().into_iter().enumerate() {
            let idx = a.index(h).unwrap();
            assert_eq!(a.hex_at(idx), h, "hex {i}");
        }
        assert_eq!(a.index(Hex::new(6, 0)), None);
        assert!(Arena::small().on_outer_ring(Hex::new(-4, 2)));
    }

    #[test]
    fn parse_hexes_and_directions() {
        assert_eq!("1,-2".parse::<Hex>(), Ok(Hex::new(1, -2)));
        assert_eq!(" [3, 0] ".parse::<Hex>(), Ok(Hex::new(3, 0)));
        assert!("3".parse::<Hex>().is_err());
        assert_eq!("sw".parse::<Direction>(), Ok(Direction::SW));
        assert!("N".parse::<Direction>().is_err());
    }

    #[test]
    fn distance_is_right_for_any_coordinates() {
        // `.abs()` of i32::MIN wraps; the distance must not.
        let far = Hex::new(i32::MIN, 0);
        assert_eq!(far.ring_index(), 1 << 31, "never wraps");
        // -q - r is 2^32 here: one more than u32 holds, so it saturates.
        assert_eq!(Hex::new(i32::MIN, i32::MIN).ring_index(), u32::MAX);
        assert_eq!(Hex::new(i32::MAX, i32::MIN).ring_index(), 1 << 31);
        assert_eq!(Hex::new(i32::MAX, 0).distance(Hex::new(i32::MAX - 3, 1)), 3);
        for a in [Arena::small(), Arena::big()] {
            for h in [
                far,
                Hex::new(0, i32::MIN),
                Hex::new(i32::MIN, i32::MIN),
                Hex::new(i32::MAX, i32::MAX),
                Hex::new(i32::MIN / 2, i32::MIN / 2),
            ] {
                assert!(!a.contains(h), "{h} is off the {} arena", a.name());
                assert_eq!(a.index(h), None);
            }
        }
    }

    #[test]
    fn steps_at_the_ends_of_i32_do_not_panic() {
        let edge = Hex::new(i32::MAX, i32::MIN);
        for d in Direction::ALL {
            assert!(!Arena::big().contains(edge.step(d)));
        }
        assert_eq!(Hex::CENTRE.step_by(Direction::SW, 3), Hex::new(-3, 3));
    }

    #[test]
    fn hexes_from_outside_are_bounded() {
        let limit = i64::from(Hex::LIMIT);
        assert_eq!(Hex::checked(limit, -limit), Ok(Hex::new(1000, -1000)));
        assert!(Hex::checked(limit + 1, 0).is_err());
        assert!(Hex::checked(0, -limit - 1).is_err());
        let e = Hex::checked(-2147483648, 0).unwrap_err();
        assert_eq!(
            e.to_string(),
            "[-2147483648, 0] is far off any arena: coordinates run from -1000 to 1000"
        );
        assert!(matches!(
            "-2147483648,0".parse::<Hex>(),
            Err(HexParseError::Range(..))
        ));
        assert!(matches!(
            "99999999999,0".parse::<Hex>(),
            Err(HexParseError::Range(..))
        ));
    }

    #[test]
    fn a_hex_reads_as_exactly_two_bounded_numbers() {
        let read = |json: &str| serde_json::from_str::<Hex>(json).map_err(|e| e.to_string());
        assert_eq!(read("[3, -2]"), Ok(Hex::new(3, -2)));
        assert_eq!(serde_json::to_string(&Hex::new(3, -2)).unwrap(), "[3,-2]");
        let three = read("[0, 0, 99]").unwrap_err();
        assert!(
            three.contains("two whole numbers, not 3 of them"),
            "{three}"
        );
        assert!(read("[0]").unwrap_err().contains("not 1 of them"));
        let far = read("[-2147483648, 0]").unwrap_err();
        assert!(far.contains("far off any arena"), "{far}");
        assert!(read("[0, 4294967296]").unwrap_err().contains("far off"));
    }

    #[test]
    fn only_supported_arenas_exist() {
        assert_eq!(Arena::from_radius(4), Ok(Arena::small()));
        assert_eq!(Arena::from_radius(5), Ok(Arena::big()));
        for r in [0, 3, 6, 100_000, 4_294_967_295, u64::MAX] {
            assert_eq!(Arena::from_radius(r), Err(ArenaError(r)));
        }
        let read = |json: &str| serde_json::from_str::<Arena>(json).map_err(|e| e.to_string());
        assert_eq!(read(r#"{"radius": 5}"#), Ok(Arena::big()));
        let e = read(r#"{"radius": 4294967295}"#).unwrap_err();
        assert!(
            e.contains("an arena of radius 4294967295 is not one tinbots plays"),
            "{e}"
        );
        assert!(read(r#"{"radius": -1}"#).is_err());
        assert_eq!(
            serde_json::to_string(&Arena::small()).unwrap(),
            r#"{"radius":4}"#
        );
    }
}
