//! A complete starting position: everything a game needs to begin, whether it
//! comes from a standard setup (shuffled with a seed) or a scenario file.

use super::state::{Player, Robot};
use crate::games::twin_tin_bots::orders::{OrderBook, Tile, TileSet};
use crate::games::twin_tin_bots::pieces::{owner_of, Colour, Crystal, CrystalCounts, Piece};
use crate::games::twin_tin_bots::terrain::Terrain;
use crate::grid::hex::{Arena, Hex};
use serde::{Deserialize, Serialize};

/// The most seats a table has.
pub const MAX_SEATS: usize = 6;

/// A position to start a game from. Seat 0 is the first player (holder of
/// the countdown counters); `active` is whose turn it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    /// The arena.
    pub arena: Arena,
    /// Players in seating (turn) order.
    pub players: Vec<Player>,
    /// Robots by id (`2 * seat + n`); `None` for a robot not in play.
    pub robots: Vec<Option<Robot>>,
    /// Loose crystals on the board.
    pub crystals: Vec<(Hex, Crystal)>,
    /// The crystal track, next to enter play first.
    pub track: Vec<Crystal>,
    /// The special deck, top first.
    pub special_deck: Vec<Tile>,
    /// Whose turn it is.
    pub active: usize,
    /// Points in base that win at once (score victory); `None` disables it.
    pub score_to_win: Option<u32>,
    /// Terrain on the board (kinds that the game's variants define).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub terrain: Vec<Terrain>,
    /// Who plays with whom and who controls which colour (variants with
    /// teams); empty: every seat alone.
    #[serde(default, skip_serializing_if = "Sides::is_empty")]
    pub sides: Sides,
}

/// Teams and control of the colours at a table. Empty lists mean the
/// standard game: every seat is its own team and its own player.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sides {
    /// The team of each seat (seats of one team are not opponents, and
    /// share their score if a variant's `score` hook says so).
    #[serde(default)]
    pub teams: Vec<usize>,
    /// The person who controls each seat (a player of two colours controls
    /// two seats).
    #[serde(default)]
    pub controllers: Vec<usize>,
}

impl Sides {
    /// Whether these are the standard sides (every seat alone).
    pub fn is_empty(&self) -> bool {
        self.teams.is_empty() && self.controllers.is_empty()
    }

    /// The team of a seat.
    pub fn team(&self, seat: usize) -> usize {
        self.teams.get(seat).copied().unwrap_or(seat)
    }

    /// The person controlling a seat.
    pub fn controller(&self, seat: usize) -> usize {
        self.controllers.get(seat).copied().unwrap_or(seat)
    }
}

/// Why a position cannot be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// Fewer than one or more than six players.
    #[error("a game has 1 to 6 players, not {0}")]
    PlayerCount(usize),
    /// A colour seated twice.
    #[error("{0} is seated twice")]
    DuplicateColour(Colour),
    /// Something off the board.
    #[error("{what} at {at} is off the {arena} arena")]
    OffBoard {
        /// What it is.
        what: String,
        /// Where.
        at: Hex,
        /// Arena name.
        arena: String,
    },
    /// Two pieces on one hex.
    #[error("{first} and {second} are both at {at}: a hex holds one piece")]
    SameHex {
        /// One piece.
        first: String,
        /// The other.
        second: String,
        /// Where.
        at: Hex,
    },
    /// More crystals of a kind than the box holds.
    #[error("there are {count} {kind} crystals in play but the box holds only 6")]
    TooManyCrystals {
        /// Crystal colour.
        kind: &'static str,
        /// How many.
        count: u32,
    },
    /// The active player is not seated.
    #[error("the active seat {0} is not at the table")]
    NoSuchActive(usize),
    /// Robot table inconsistent.
    #[error("robot #{0} is listed under the wrong id or for a player not seated")]
    BadRobot(usize),
    /// Terrain of a kind the game's variants do not define.
    #[error(
        "terrain `{kind}` at {at} is not a kind this game's variants define (they define: {known})"
    )]
    UnknownTerrain {
        /// The kind.
        kind: String,
        /// Where.
        at: Hex,
        /// The kinds defined.
        known: String,
    },
    /// A teleporter without exactly one partner of its colour.
    #[error("the teleporter at {at} needs exactly one partner of its colour ({colour}): teleporters come in pairs")]
    UnpairedTeleporter {
        /// Where.
        at: Hex,
        /// Its colour (`none` when it has none).
        colour: String,
    },
    /// Teams or controllers not given for every seat.
    #[error("`sides` must give a team and a controller for each of the {0} seats")]
    BadSides(usize),
    /// A team or a person numbered beyond what a table can have.
    #[error("{list} of seat {seat} is {value}: teams and people are numbered 0 to {}, as a table has at most {MAX_SEATS} seats", MAX_SEATS - 1)]
    SideOutOfRange {
        /// `teams` or `controllers`.
        list: &'static str,
        /// The seat.
        seat: usize,
        /// The number given.
        value: usize,
    },
    /// The robot table is not two entries a seat.
    #[error("the robot table has {found} entries: {seats} seats have {} (two a seat, `null` for a robot not in play)", 2 * seats)]
    RobotTableSize {
        /// Entries found.
        found: usize,
        /// Seats at the table.
        seats: usize,
    },
    /// A tile in a program that is never placed in one.
    #[error("{robot} has `{tile}` in its program: double_modification is never placed in a program, it is played from the hand")]
    UnplaceableTile {
        /// The robot's name.
        robot: String,
        /// Its id.
        id: usize,
        /// The tile.
        tile: Tile,
    },
    /// More tiles of one kind in a player's hand and programs and the
    /// special deck together than a hand holds (the programs' tiles go
    /// back to the hand, the deck's are drawn into it).
    #[error("{colour} could hold {count} `{tile}` tiles (hand, programs and the special deck): a hand holds at most {}", TileSet::MOST_OF_A_KIND)]
    TooManyTiles {
        /// The player's seat.
        seat: usize,
        /// Their colour.
        colour: Colour,
        /// The tile.
        tile: Tile,
        /// How many.
        count: usize,
    },
    /// A tile in the special deck that is not a special tile.
    #[error("the special deck holds `{tile}` (at {index}), which is not a special tile: the deck holds special tiles only")]
    NotSpecial {
        /// Its place in the deck, from 0.
        index: usize,
        /// The tile.
        tile: Tile,
    },
    /// A tile the game's orders do not define (a tile added by an order
    /// file the game does not use).
    #[error("`{0}` is not an order of this game: load the order file that defines it")]
    UndefinedTile(Tile),
}

impl PositionError {
    /// The field of a [`Position`] at fault, as a path such as
    /// `robots[3].program` or `sides.teams[1]`, when the error is tied to
    /// one (for a loader's message).
    pub fn field(&self) -> Option<String> {
        Some(match self {
            PositionError::PlayerCount(_) | PositionError::DuplicateColour(_) => {
                "players".to_string()
            }
            PositionError::NoSuchActive(_) => "active".to_string(),
            PositionError::BadRobot(id) => format!("robots[{id}]"),
            PositionError::RobotTableSize { .. } => "robots".to_string(),
            PositionError::UnplaceableTile { id, .. } => format!("robots[{id}].program"),
            PositionError::BadSides(_) => "sides".to_string(),
            PositionError::SideOutOfRange { list, seat, .. } => format!("sides.{list}[{seat}]"),
            PositionError::TooManyTiles { seat, .. } => format!("players[{seat}].hand"),
            PositionError::NotSpecial { index, .. } => format!("special_deck[{index}]"),
            PositionError::UnknownTerrain { .. } | PositionError::UnpairedTeleporter { .. } => {
                "terrain".to_string()
            }
            PositionError::OffBoard { .. }
            | PositionError::SameHex { .. }
            | PositionError::TooManyCrystals { .. }
            | PositionError::UndefinedTile(_) => return None,
        })
    }
}

impl Position {
    /// The colours in seating order.
    pub fn colours(&self) -> Vec<Colour> {
        self.players.iter().map(|p| p.colour).collect()
    }

    /// Crystals in play, per kind: on the board, carried, delivered, on the
    /// track. Counts saturate at `u32::MAX` (a file may claim any number
    /// delivered): [`Position::validate`] then refuses them as more than
    /// the box holds.
    pub fn crystals_in_play(&self) -> CrystalCounts {
        let mut c = CrystalCounts::default();
        let loose = self.crystals.iter().map(|(_, x)| *x);
        let carried = self.robots.iter().flatten().filter_map(|r| r.carrying);
        for x in loose.chain(carried).chain(self.track.iter().copied()) {
            let n = &mut c.0[x.kind_index()];
            *n = n.saturating_add(1);
        }
        for p in &self.players {
            for (n, delivered) in c.0.iter_mut().zip(p.delivered.0) {
                *n = n.saturating_add(delivered);
            }
        }
        c
    }

    /// Checks that the position can be played: seats, two robot entries a
    /// seat, pieces on the board, one piece per hex, programs of placeable
    /// tiles, teams and people numbered within a table, crystals within
    /// the box. Every loader's position goes through here (scenarios,
    /// setups, replays, the REPL's `load`), so that none can start a game
    /// the engine cannot play.
    pub fn validate(&self) -> Result<(), PositionError> {
        let n = self.players.len();
        if !(1..=MAX_SEATS).contains(&n) {
            return Err(PositionError::PlayerCount(n));
        }
        if self.active >= n {
            return Err(PositionError::NoSuchActive(self.active));
        }
        for (i, p) in self.players.iter().enumerate() {
            if self.players[..i].iter().any(|q| q.colour == p.colour) {
                return Err(PositionError::DuplicateColour(p.colour));
            }
        }
        if self.robots.len() != 2 * n {
            return Err(PositionError::RobotTableSize {
                found: self.robots.len(),
                seats: n,
            });
        }
        let colours = self.colours();
        let mut placed: Vec<(Hex, String)> = vec![];
        let mut put = |at: Hex, what: String| -> Result<(), PositionError> {
            if !self.arena.contains(at) {
                return Err(PositionError::OffBoard {
                    what,
                    at,
                    arena: self.arena.name(),
                });
            }
            if let Some((_, first)) = placed.iter().find(|(h, _)| *h == at) {
                return Err(PositionError::SameHex {
                    first: first.clone(),
                    second: what,
                    at,
                });
            }
            placed.push((at, what));
            Ok(())
        };
        for p in &self.players {
            if let Some(b) = p.base {
                put(b, format!("the {} base", p.colour))?;
            }
        }
        for (id, r) in self.robots.iter().enumerate() {
            if let Some(r) = r {
                if r.id != id || owner_of(id) >= n {
                    return Err(PositionError::BadRobot(id));
                }
                let name = super::change::robot_name(&colours, id);
                if let Some(&tile) = r.program.iter().flatten().find(|t| !t.is_placeable()) {
                    return Err(PositionError::UnplaceableTile {
                        robot: name,
                        id,
                        tile,
                    });
                }
                put(r.at, name)?;
            }
        }
        for (at, c) in &self.crystals {
            put(*at, format!("a {}", c))?;
        }
        // Which terrain may share a hex (a blob on mud) depends on the
        // kinds' layers: checked when the terrain is laid (`Game::with_rules`).
        for t in &self.terrain {
            if !self.arena.contains(t.at) {
                return Err(PositionError::OffBoard {
                    what: t.kind.to_string(),
                    at: t.at,
                    arena: self.arena.name(),
                });
            }
        }
        let sides = &self.sides;
        if (!sides.teams.is_empty() && sides.teams.len() != n)
            || (!sides.controllers.is_empty() && sides.controllers.len() != n)
        {
            return Err(PositionError::BadSides(n));
        }
        for (list, values) in [("teams", &sides.teams), ("controllers", &sides.controllers)] {
            if let Some((seat, &value)) = values.iter().enumerate().find(|(_, v)| **v >= MAX_SEATS)
            {
                return Err(PositionError::SideOutOfRange { list, seat, value });
            }
        }
        if let Some((i, &tile)) = self
            .special_deck
            .iter()
            .enumerate()
            .find(|(_, t)| !t.is_special())
        {
            return Err(PositionError::NotSpecial { index: i, tile });
        }
        // A player's tiles of a kind: in hand, in programs (they go back to
        // the hand), and the whole special deck (a blue crystal delivered
        // draws its top tile into the hand).
        for (seat, p) in self.players.iter().enumerate() {
            let programs = self.robots[2 * seat..2 * seat + 2]
                .iter()
                .flatten()
                .flat_map(|r| r.program.iter().flatten());
            let mut counts = vec![0usize; Tile::CAPACITY];
            for t in p
                .hand
                .iter()
                .chain(programs.copied())
                .chain(self.special_deck.iter().copied())
            {
                counts[t.index()] += 1;
            }
            if let Some((i, &count)) = counts
                .iter()
                .enumerate()
                .find(|(_, &c)| c > usize::from(TileSet::MOST_OF_A_KIND))
            {
                return Err(PositionError::TooManyTiles {
                    seat,
                    colour: p.colour,
                    tile: Tile::from_index(i),
                    count,
                });
            }
        }
        let in_play = self.crystals_in_play();
        for c in Crystal::ALL {
            if in_play.of(c) > Crystal::IN_BOX_EACH {
                return Err(PositionError::TooManyCrystals {
                    kind: c.colour_name(),
                    count: in_play.of(c),
                });
            }
        }
        Ok(())
    }

    /// Checks that `orders` defines every tile of the position: in hands,
    /// programs and the special deck.
    pub fn check_tiles(&self, orders: &OrderBook) -> Result<(), PositionError> {
        let hands = self.players.iter().flat_map(|p| p.hand.kinds());
        let programs = self
            .robots
            .iter()
            .flatten()
            .flat_map(|r| r.program.iter().flatten().copied());
        let deck = self.special_deck.iter().copied();
        match hands
            .chain(programs)
            .chain(deck)
            .find(|t| !orders.defines(*t))
        {
            Some(t) => Err(PositionError::UndefinedTile(t)),
            None => Ok(()),
        }
    }

    /// The pieces to put on the board.
    pub(crate) fn pieces(&self) -> impl Iterator<Item = (Hex, Piece)> + '_ {
        let bases = self
            .players
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.base.map(|b| (b, Piece::Base(i))));
        let robots = self
            .robots
            .iter()
            .flatten()
            .map(|r| (r.at, Piece::Robot(r.id)));
        let crystals = self.crystals.iter().map(|(h, c)| (*h, Piece::Crystal(*c)));
        bases.chain(robots).chain(crystals)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::twin_tin_bots::setup::Setup;

    fn two_players() -> Position {
        Setup::standard(2).unwrap().position(1)
    }

    fn refused(edit: impl FnOnce(&mut Position)) -> PositionError {
        let mut p = two_players();
        edit(&mut p);
        p.validate().expect_err("the position is refused")
    }

    #[test]
    fn a_standard_position_is_valid() {
        assert_eq!(two_players().validate(), Ok(()));
    }

    #[test]
    fn delivered_counts_cannot_overflow_into_a_valid_position() {
        // u32::MAX blue delivered once wrapped the count (and won the game).
        let e = refused(|p| p.players[0].delivered = CrystalCounts([u32::MAX, 0, 0]));
        assert!(
            matches!(
                e,
                PositionError::TooManyCrystals {
                    count: u32::MAX,
                    ..
                }
            ),
            "{e}"
        );
        let e = refused(|p| {
            p.players[0].delivered = CrystalCounts([u32::MAX, 0, 0]);
            p.players[1].delivered = CrystalCounts([2, 0, 0]);
        });
        assert!(matches!(e, PositionError::TooManyCrystals { .. }), "{e}");
    }

    #[test]
    fn sides_name_teams_and_people_a_table_can_have() {
        let e = refused(|p| {
            p.sides.teams = vec![0, 99];
            p.sides.controllers = vec![0, 1];
        });
        assert_eq!(
            e,
            PositionError::SideOutOfRange {
                list: "teams",
                seat: 1,
                value: 99
            }
        );
        assert_eq!(e.field().as_deref(), Some("sides.teams[1]"));
        let e = refused(|p| p.sides.controllers = vec![usize::MAX, 0]);
        assert_eq!(e.field().as_deref(), Some("sides.controllers[0]"));
        let mut ok = two_players();
        ok.sides.teams = vec![0, 0];
        assert_eq!(ok.validate(), Ok(()), "two seats in one team");
    }

    #[test]
    fn the_robot_table_has_two_entries_a_seat() {
        let e = refused(|p| {
            let mut third = p.robots[0].unwrap();
            third.id = 4;
            third.at = crate::grid::hex::Hex::CENTRE.step(crate::grid::hex::Direction::SE);
            p.robots.push(Some(third));
        });
        assert_eq!(e, PositionError::RobotTableSize { found: 5, seats: 2 });
        let e = refused(|p| p.robots.truncate(3));
        assert_eq!(e.field().as_deref(), Some("robots"));
        let e = refused(|p| p.robots[1].as_mut().unwrap().id = 0);
        assert_eq!(e, PositionError::BadRobot(1));
    }

    #[test]
    fn double_modification_is_never_in_a_program() {
        let e =
            refused(|p| p.robots[2].as_mut().unwrap().program[1] = Some(Tile::DOUBLE_MODIFICATION));
        assert!(
            matches!(&e, PositionError::UnplaceableTile { id: 2, robot, .. } if robot == "blue.1"),
            "{e}"
        );
        assert_eq!(e.field().as_deref(), Some("robots[2].program"));
    }

    #[test]
    fn no_players_is_refused() {
        let e = refused(|p| {
            p.players.clear();
            p.robots.clear();
        });
        assert_eq!(e, PositionError::PlayerCount(0));
    }
}
