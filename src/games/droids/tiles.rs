//! The order tiles of Droids: their four colours (stacks), their kinds and
//! arrows, how a tile is written as text (`move2 N`, `steer N E`), and the
//! tile mix read from `scripts/droids/tiles.toml` (ours: the seed names
//! the kinds, lines 22-84, not how many there are of each).
//!
//! Arrows are in the board's frame (N is up), a decision of
//! `docs/droids.md` reading seed line 5.

use std::fmt;
use std::str::FromStr;

use serde::Deserialize;
use std::borrow::Cow;
use std::sync::OnceLock;
use toml::Spanned;

use crate::grid::square::Compass;
use crate::toml_text::line_column;

/// The colour of a tile's back, and so its stack (seed line 92: four
/// stacks by colour).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// Moves over ground (seed line 22).
    Purple,
    /// Moves in water (seed line 30).
    Blue,
    /// Actions: shoot, pick up / put down, steer (seed line 39).
    Red,
    /// Repair robots: move and repair (seed line 78).
    Grey,
}

impl Colour {
    /// The four, in the order stacks are listed and drawn.
    pub const ALL: [Colour; 4] = [Colour::Purple, Colour::Blue, Colour::Red, Colour::Grey];

    /// Its name in files and answers.
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Purple => "purple",
            Colour::Blue => "blue",
            Colour::Red => "red",
            Colour::Grey => "grey",
        }
    }

    /// Its place in [`Colour::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// One letter for a face-down tile in pictures.
    pub const fn letter(self) -> char {
        match self {
            Colour::Purple => 'p',
            Colour::Blue => 'b',
            Colour::Red => 'r',
            Colour::Grey => 'g',
        }
    }
}

impl FromStr for Colour {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Colour::ALL
            .into_iter()
            .find(|c| c.name() == s)
            .ok_or_else(|| {
                format!(
                    "`{}` is not a tile colour (purple, blue, red, grey)",
                    crate::script::text::shown(s)
                )
            })
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An order tile: what it does and its arrow(s).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Tile {
    /// Purple: one square along a row or column (seed lines 24-25).
    Move1(Compass),
    /// Purple: two squares along a row or column (seed lines 24-25).
    Move2(Compass),
    /// Purple: one square diagonally (seed line 26).
    Diag(Compass),
    /// Purple: on to the next obstacle, pushing robots (seed line 28).
    Dash(Compass),
    /// Blue: one square from water, any of eight ways (seed lines 32-37).
    Swim(Compass),
    /// Red: shoot along the arrow (seed line 43).
    Shoot(Compass),
    /// Red: pick up from, or put down on, the adjacent square the arrow
    /// points at (seed lines 63-70).
    Grab(Compass),
    /// Red: steer the first robot in the line of `aim` (the tile's three
    /// arrows, seed line 74) in the direction `drive` (the figure's arrow,
    /// seed line 75) to the next obstacle.
    Steer {
        /// Where the targeted robot is looked for.
        aim: Compass,
        /// Where it is driven.
        drive: Compass,
    },
    /// Grey: a repair robot moves one square (seed line 80).
    GMove(Compass),
    /// Grey: a repair robot moves to the next obstacle (seed line 80).
    GDash(Compass),
    /// Grey: a repair robot unblocks a register of the robot on the
    /// adjacent square the arrow points at (seed lines 83-84).
    Repair(Compass),
}

impl Tile {
    /// Its colour, and so its stack.
    pub const fn colour(self) -> Colour {
        match self {
            Tile::Move1(_) | Tile::Move2(_) | Tile::Diag(_) | Tile::Dash(_) => Colour::Purple,
            Tile::Swim(_) => Colour::Blue,
            Tile::Shoot(_) | Tile::Grab(_) | Tile::Steer { .. } => Colour::Red,
            Tile::GMove(_) | Tile::GDash(_) | Tile::Repair(_) => Colour::Grey,
        }
    }

    /// The words that name the kinds of tile, in the order of [`Tile::word`].
    pub const KIND_WORDS: [&'static str; 11] = [
        "move1", "move2", "diag", "dash", "swim", "shoot", "grab", "steer", "gmove", "gdash",
        "repair",
    ];

    /// Whether a mission's `leave_out` word takes it out of play: its kind,
    /// or `diagonal` for every tile that moves diagonally.
    pub fn left_out_by(self, word: &str) -> bool {
        self.word() == word || (word == "diagonal" && self.is_diagonal())
    }

    /// The word that names its kind.
    pub const fn word(self) -> &'static str {
        match self {
            Tile::Move1(_) => "move1",
            Tile::Move2(_) => "move2",
            Tile::Diag(_) => "diag",
            Tile::Dash(_) => "dash",
            Tile::Swim(_) => "swim",
            Tile::Shoot(_) => "shoot",
            Tile::Grab(_) => "grab",
            Tile::Steer { .. } => "steer",
            Tile::GMove(_) => "gmove",
            Tile::GDash(_) => "gdash",
            Tile::Repair(_) => "repair",
        }
    }

    /// Whether it moves along a diagonal (a shot or steer never does in
    /// our mix; a diagonal is refused for them by [`Tile::check`]).
    pub const fn is_diagonal(self) -> bool {
        match self {
            Tile::Diag(_) => true,
            Tile::Swim(d) => d.is_diagonal(),
            _ => false,
        }
    }

    /// Whether its arrows are allowed for its kind: moves along rows and
    /// columns only for `move1`, `move2`, `dash`, the grey tiles, shots,
    /// grabs and steers; diagonals only for `diag`; any of eight for
    /// `swim` (seed lines 24-34, 80).
    pub fn check(self) -> Result<(), String> {
        let (dirs, want): (Vec<Compass>, &str) = match self {
            Tile::Diag(d) => {
                return if d.is_diagonal() {
                    Ok(())
                } else {
                    Err(format!("`diag` takes a diagonal (NE, SE, SW, NW), not {d}"))
                }
            }
            Tile::Swim(_) => return Ok(()),
            Tile::Steer { aim, drive } => (vec![aim, drive], "a row or column"),
            Tile::Move1(d)
            | Tile::Move2(d)
            | Tile::Dash(d)
            | Tile::Shoot(d)
            | Tile::Grab(d)
            | Tile::GMove(d)
            | Tile::GDash(d)
            | Tile::Repair(d) => (vec![d], "a row or column"),
        };
        match dirs.into_iter().find(|d| d.is_diagonal()) {
            Some(d) => Err(format!(
                "`{}` goes along {want} (N, E, S, W), not {d}",
                self.word()
            )),
            None => Ok(()),
        }
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Tile::Steer { aim, drive } => write!(f, "steer {aim} {drive}"),
            Tile::Move1(d)
            | Tile::Move2(d)
            | Tile::Diag(d)
            | Tile::Dash(d)
            | Tile::Swim(d)
            | Tile::Shoot(d)
            | Tile::Grab(d)
            | Tile::GMove(d)
            | Tile::GDash(d)
            | Tile::Repair(d) => write!(f, "{} {d}", self.word()),
        }
    }
}

/// The words of every kind of tile, for messages.
const WORDS: &str = "move1, move2, diag, dash, swim, shoot, grab, steer, gmove, gdash, repair";

impl FromStr for Tile {
    type Err = String;
    /// Reads `word DIR` (`steer AIM DRIVE`), checking the arrows.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let words: Vec<&str> = s.split_whitespace().collect();
        let dir = |w: &str| -> Result<Compass, String> {
            w.parse::<Compass>().map_err(|_| {
                format!(
                    "`{}` is not a direction (N NE E SE S SW W NW)",
                    crate::script::text::shown(w)
                )
            })
        };
        let tile = match words.as_slice() {
            ["steer", aim, drive] => Tile::Steer {
                aim: dir(aim)?,
                drive: dir(drive)?,
            },
            ["steer", ..] => return Err("`steer` takes two directions: `steer AIM DRIVE`".into()),
            [word, d] => {
                let d = dir(d)?;
                match *word {
                    "move1" => Tile::Move1(d),
                    "move2" => Tile::Move2(d),
                    "diag" => Tile::Diag(d),
                    "dash" => Tile::Dash(d),
                    "swim" => Tile::Swim(d),
                    "shoot" => Tile::Shoot(d),
                    "grab" => Tile::Grab(d),
                    "gmove" => Tile::GMove(d),
                    "gdash" => Tile::GDash(d),
                    "repair" => Tile::Repair(d),
                    other => {
                        return Err(format!(
                            "`{}` is not a tile ({WORDS})",
                            crate::script::text::shown(other)
                        ))
                    }
                }
            }
            _ => {
                return Err(format!(
                    "`{}` is not a tile: a kind ({WORDS}) and a direction",
                    crate::script::text::shown(s)
                ))
            }
        };
        tile.check()?;
        Ok(tile)
    }
}

/// The tiles of the game, stack by stack, as the tile file gives them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileMix {
    /// Every tile of each stack (indexed by [`Colour::index`]), in the
    /// file's order.
    pub stacks: [Vec<Tile>; 4],
}

/// A tile file that cannot be read: where and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{}: {}",
    crate::escape::terminal(place),
    crate::escape::terminal(message)
)]
pub struct TileMixError {
    /// `file:line:column`.
    pub place: String,
    /// The reason, naming the field.
    pub message: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMix {
    stack: Vec<RawStack>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStack {
    colour: Spanned<String>,
    tiles: Vec<Spanned<String>>,
}

/// The most tiles a mix (or a scenario's stacks) may hold: far more than
/// a game uses (the standard mix has 76), few enough that shuffling a
/// stack stays cheap.
pub const MAX_TILES: usize = 1000;

/// The tile file shipped with the game (`build.rs` builds in the files
/// directly in `scripts/<game>/`), by its path in the repository.
pub const STANDARD_FILE: &str = "scripts/droids/tiles.toml";

/// The text of the built-in tile file ([`STANDARD_FILE`]).
pub fn standard_text() -> &'static str {
    crate::assets::built_in(STANDARD_FILE).expect("build.rs ships the files of scripts/droids/")
}

impl TileMix {
    /// The standard mix ([`STANDARD_FILE`], built in), parsed once.
    pub fn standard() -> &'static TileMix {
        static STANDARD: OnceLock<TileMix> = OnceLock::new();
        STANDARD.get_or_init(|| {
            TileMix::parse(STANDARD_FILE, standard_text())
                .expect("the built-in tile file is checked by a test")
        })
    }

    /// Reads a tile file as [`TileMix::parse`] does; the built-in file's
    /// text (as start records keep it) is not parsed again.
    pub fn read(file: &str, text: &str) -> Result<Cow<'static, TileMix>, TileMixError> {
        if text == standard_text() {
            return Ok(Cow::Borrowed(TileMix::standard()));
        }
        TileMix::parse(file, text).map(Cow::Owned)
    }

    /// Reads a tile file: `[[stack]]` tables of a `colour` and `tiles`,
    /// each `"<count> <tile>"`; every colour at most once, each tile of
    /// its stack's colour.
    pub fn parse(file: &str, text: &str) -> Result<TileMix, TileMixError> {
        let err = |offset: usize, message: String| {
            let (line, column) = line_column(text, offset);
            let field = crate::toml_text::field_path(text, offset);
            TileMixError {
                place: format!("{file}:{line}:{column}"),
                message: if field.is_empty() {
                    message
                } else {
                    format!("in `{field}`: {message}")
                },
            }
        };
        let raw: RawMix = toml::from_str(text).map_err(|e| {
            err(
                e.span().map(|s| s.start).unwrap_or(0),
                e.message().to_string(),
            )
        })?;
        let mut stacks: [Vec<Tile>; 4] = Default::default();
        let mut seen = [false; 4];
        for s in &raw.stack {
            let colour: Colour = s
                .colour
                .get_ref()
                .parse()
                .map_err(|e| err(s.colour.span().start, e))?;
            if std::mem::replace(&mut seen[colour.index()], true) {
                return Err(err(
                    s.colour.span().start,
                    format!("the {colour} stack is given twice"),
                ));
            }
            for entry in &s.tiles {
                let at = entry.span().start;
                let (count, tile) = entry
                    .get_ref()
                    .trim()
                    .split_once(' ')
                    .ok_or_else(|| err(at, "expected \"<count> <tile>\"".into()))?;
                let count: usize = count
                    .parse()
                    .ok()
                    .filter(|n| (1..=99).contains(n) && count.bytes().all(|b| b.is_ascii_digit()))
                    .ok_or_else(|| {
                        err(
                            at,
                            format!(
                                "`{}` is not a count from 1 to 99",
                                crate::script::text::shown(count)
                            ),
                        )
                    })?;
                let tile: Tile = tile.parse().map_err(|e| err(at, e))?;
                if tile.colour() != colour {
                    return Err(err(
                        at,
                        format!("`{tile}` is a {} tile, not {colour}", tile.colour()),
                    ));
                }
                stacks[colour.index()].extend(std::iter::repeat_n(tile, count));
                let total: usize = stacks.iter().map(Vec::len).sum();
                if total > MAX_TILES {
                    return Err(err(
                        at,
                        format!("{total} tiles: a mix holds at most {MAX_TILES}"),
                    ));
                }
            }
        }
        Ok(TileMix { stacks })
    }

    /// The number of tiles in all stacks.
    pub fn total(&self) -> usize {
        self.stacks.iter().map(Vec::len).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_read_back_from_their_text() {
        for stack in &TileMix::standard().stacks {
            for &tile in stack {
                assert_eq!(tile.to_string().parse::<Tile>(), Ok(tile));
            }
        }
    }

    #[test]
    fn the_standard_mix_has_every_colour_of_the_seed() {
        // Seed lines 22-84 name the four colours and their kinds.
        let mix = TileMix::standard();
        assert_eq!(mix.stacks.each_ref().map(|s| s.len()), [28, 12, 24, 12]);
        for c in Colour::ALL {
            assert!(mix.stacks[c.index()].iter().all(|t| t.colour() == c));
        }
        assert!(mix.stacks[Colour::Purple.index()].contains(&Tile::Dash(Compass::E)));
    }

    #[test]
    fn diagonal_arrows_are_refused_where_the_seed_has_rows_and_columns() {
        // Seed lines 24-26: straight moves along rows/columns, `diag` only diagonally.
        assert!("move2 NE".parse::<Tile>().is_err());
        assert!("diag N".parse::<Tile>().is_err());
        assert_eq!(
            "swim SW".parse::<Tile>(),
            Ok(Tile::Swim(Compass::SW)),
            "seed line 34: diagonal swims"
        );
        assert!("steer N".parse::<Tile>().is_err());
        assert!("fly N".parse::<Tile>().unwrap_err().contains("not a tile"));
    }

    #[test]
    fn a_bad_tile_file_names_its_line_and_field() {
        let text =
            "[[stack]]\ncolour = \"red\"\ntiles = [\n  \"2 shoot N\",\n  \"1 move1 E\",\n]\n";
        let e = TileMix::parse("t.toml", text).unwrap_err();
        assert!(e.place.starts_with("t.toml:5:"), "{e}");
        assert!(e.message.contains("is a purple tile, not red"), "{e}");
        let e = TileMix::parse("t.toml", "[[stack]]\ncolour = \"pink\"\ntiles = []\n").unwrap_err();
        assert!(e.place.starts_with("t.toml:2:"), "{e}");
        assert!(e.message.contains("not a tile colour"), "{e}");
        let e = TileMix::parse(
            "t.toml",
            "[[stack]]\ncolour = \"red\"\ntiles = [\"x shoot N\"]\n",
        )
        .unwrap_err();
        assert!(e.message.contains("not a count"), "{e}");
    }

    #[test]
    fn a_mix_holds_at_most_a_thousand_tiles() {
        // Before, a replay's tile text could ask for millions of tiles,
        // shuffled at every return.
        let entries = ["\"99 shoot N\""; 11].join(", ");
        let text = format!("[[stack]]\ncolour = \"red\"\ntiles = [{entries}]\n");
        let e = TileMix::parse("t.toml", &text).unwrap_err();
        assert!(
            e.message.contains("1089 tiles: a mix holds at most 1000"),
            "{e}"
        );
    }

    #[test]
    fn reading_a_tile_file_parses_all_but_the_built_in_text() {
        let built_in = TileMix::read("record", standard_text()).expect("the built-in mix");
        assert!(matches!(built_in, Cow::Borrowed(_)));
        assert_eq!(*built_in, *TileMix::standard());
        let one = "[[stack]]\ncolour = \"red\"\ntiles = [\"2 shoot N\"]\n";
        let read = TileMix::read("t.toml", one).expect("a small mix");
        assert!(matches!(read, Cow::Owned(_)));
        assert_eq!(read.total(), 2);
        let bad = "[[stack]]\ncolour = \"pink\"\ntiles = []\n";
        assert_eq!(
            TileMix::read("t.toml", bad).unwrap_err(),
            TileMix::parse("t.toml", bad).unwrap_err()
        );
    }
}
