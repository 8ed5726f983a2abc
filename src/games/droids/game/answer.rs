//! Answers to Droids' decisions, and how they are written as text
//! (`docs/droids.md`, "Answers as text"):
//!
//! | decision | answer | example |
//! |---|---|---|
//! | place a mobile obstacle (set-up) | `place X,Y` | `place 4,6` |
//! | draw 7 tiles | `draw` and a count per colour | `draw purple 4 red 3` |
//! | lay a tile face down | `lay TILE at COLUMN` | `lay move2 N at 3` |
//! | stop laying | `stop` | `stop` |
//! | turn up a tile and run it | `up COLUMN` | `up 3` |
//! | choose a register to block | `block COLUMN` | `block 7` |

use std::fmt;

use crate::grid::square::Square;
use crate::script::text::shown;

use crate::games::droids::tiles::{Colour, Tile};

/// An answer to a decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Place a mobile obstacle on a square (set-up, seed line 145).
    Place(Square),
    /// Draw this many tiles from each stack, in [`Colour::ALL`] order
    /// (seed lines 103-104).
    Draw([u8; 4]),
    /// Lay a tile of the hand face down in a register column (seed line 108).
    Lay {
        /// The tile.
        tile: Tile,
        /// The register column.
        column: u8,
    },
    /// Stop laying tiles this round (seed line 112).
    Stop,
    /// Turn up the next tile of a register column and carry it out (seed
    /// lines 117-118).
    Up(u8),
    /// Block one of your registers after a hit (ours: the victim chooses,
    /// as with a mine, seed line 158).
    Block(u8),
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Answer::Place(at) => write!(f, "place {},{}", at.x, at.y),
            Answer::Draw(counts) => {
                f.write_str("draw")?;
                for c in Colour::ALL {
                    let n = counts[c.index()];
                    if n > 0 {
                        write!(f, " {c} {n}")?;
                    }
                }
                Ok(())
            }
            Answer::Lay { tile, column } => write!(f, "lay {tile} at {column}"),
            Answer::Stop => f.write_str("stop"),
            Answer::Up(c) => write!(f, "up {c}"),
            Answer::Block(c) => write!(f, "block {c}"),
        }
    }
}

/// Reads an answer in the syntax above; the error says what is wrong.
pub fn parse(text: &str) -> Result<Answer, String> {
    let text = text.trim();
    let (word, rest) = text.split_once(' ').unwrap_or((text, ""));
    let rest = rest.trim();
    let column = |s: &str| {
        s.parse::<u8>()
            .map_err(|_| format!("`{}` is not a register column (a number from 0)", shown(s)))
    };
    match word {
        "place" => rest
            .parse::<Square>()
            .map(Answer::Place)
            .map_err(|e| format!("`place X,Y`: {e}")),
        "draw" => {
            let words: Vec<&str> = rest.split_whitespace().collect();
            if words.is_empty() || !words.len().is_multiple_of(2) {
                return Err("`draw` takes colours and counts: `draw purple 4 red 3`".into());
            }
            let mut counts = [0u8; 4];
            for pair in words.chunks(2) {
                let c: Colour = pair[0].parse()?;
                let n: u8 = pair[1]
                    .parse()
                    .map_err(|_| format!("`{}` is not a count of tiles", shown(pair[1])))?;
                counts[c.index()] = counts[c.index()].saturating_add(n);
            }
            Ok(Answer::Draw(counts))
        }
        "lay" => {
            let (tile, col) = rest
                .rsplit_once(" at ")
                .ok_or("`lay` takes a tile and a column: `lay move2 N at 3`")?;
            Ok(Answer::Lay {
                tile: tile.trim().parse()?,
                column: column(col.trim())?,
            })
        }
        "stop" if rest.is_empty() => Ok(Answer::Stop),
        "up" => column(rest).map(Answer::Up),
        "block" => column(rest).map(Answer::Block),
        _ => Err(format!(
            "`{}` is not an answer: place X,Y | draw COLOUR N ... | lay TILE at COLUMN | stop | up COLUMN | block COLUMN",
            shown(text)
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::square::Compass;

    #[test]
    fn answers_read_back_from_their_text() {
        for a in [
            Answer::Place(Square::new(4, 6)),
            Answer::Draw([4, 0, 3, 0]),
            Answer::Lay {
                tile: Tile::Steer {
                    aim: Compass::N,
                    drive: Compass::E,
                },
                column: 9,
            },
            Answer::Stop,
            Answer::Up(3),
            Answer::Block(0),
        ] {
            assert_eq!(parse(&a.to_string()), Ok(a), "{a}");
        }
        assert_eq!(
            Answer::Draw([4, 0, 3, 0]).to_string(),
            "draw purple 4 red 3"
        );
    }

    #[test]
    fn malformed_answers_say_what_is_wrong() {
        assert!(parse("lay move2 N").unwrap_err().contains("`lay` takes"));
        assert!(parse("draw pink 3")
            .unwrap_err()
            .contains("not a tile colour"));
        assert!(parse("up x").unwrap_err().contains("not a register column"));
        assert!(parse("jump").unwrap_err().contains("is not an answer"));
    }
}
