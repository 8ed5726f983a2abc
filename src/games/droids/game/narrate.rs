//! What happens in a game of Droids, each event with its reason (the
//! seed's line, or the decision of `docs/droids.md` it rests on), and the
//! events in words.

use crate::grid::square::{Compass, Square};

use super::{Carried, RobotId};
use crate::engine::Seat;
use crate::escape;
use crate::games::droids::board::Piece;
use crate::games::droids::tiles::Tile;

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The die chose the first player (seed line 93).
    FirstPlayer {
        /// The seat.
        seat: Seat,
    },
    /// A player placed a mobile obstacle (seed line 145).
    Placed {
        /// Who.
        seat: Seat,
        /// Where.
        at: Square,
    },
    /// A round began.
    RoundStarted {
        /// Its number, from 1.
        round: u32,
        /// Who starts it (seed lines 93, 130).
        first: Seat,
    },
    /// A player drew tiles (seed line 103).
    Drew {
        /// Who.
        seat: Seat,
        /// How many of each colour.
        counts: [u8; 4],
    },
    /// A player laid a tile face down (seed line 108).
    Laid {
        /// Who.
        seat: Seat,
        /// The register column.
        column: u8,
    },
    /// A player stopped laying (seed line 112).
    StoppedLaying {
        /// Who.
        seat: Seat,
        /// Why, when not by choice.
        why: Option<&'static str>,
    },
    /// Tiles went back to their stacks, shuffled.
    Returned {
        /// How many.
        tiles: usize,
        /// Why (the seed line).
        why: &'static str,
    },
    /// A player turned up a tile (seed line 117).
    TurnedUp {
        /// Who.
        seat: Seat,
        /// From which column.
        column: u8,
        /// The tile.
        tile: Tile,
        /// The robot that carries it out.
        robot: RobotId,
    },
    /// A turned-up tile did nothing, and why (seed line 120).
    NoEffect {
        /// The robot.
        robot: RobotId,
        /// Why.
        why: String,
    },
    /// A robot moved a square by its own order.
    Moved {
        /// The robot.
        robot: RobotId,
        /// From.
        from: Square,
        /// To.
        to: Square,
    },
    /// A robot was pushed a square (seed line 7).
    Pushed {
        /// The robot.
        robot: RobotId,
        /// From.
        from: Square,
        /// To.
        to: Square,
    },
    /// A move ended before its length, and why.
    Halted {
        /// The robot.
        robot: RobotId,
        /// Where it stands.
        at: Square,
        /// Why (the seed's line).
        why: String,
    },
    /// A robot carrying the statue, pushed one square already by the
    /// same move, was pushed on (the reading `free` of
    /// `droids.statue-carrier-pushed`, seed line 208).
    CarrierPushedOn {
        /// The robot.
        robot: RobotId,
        /// Where it was pushed to.
        to: Square,
        /// The ruling applied, cited.
        ruling: String,
    },
    /// What a disputed rule decided that no other event tells, with the
    /// ruling applied (a robot pushed out of water, a player kept in the
    /// game by orders that could not be carried out).
    Ruling {
        /// What happened and why, the ruling cited at the end.
        text: String,
    },
    /// The mission's script says something (`game:say`).
    Mission {
        /// What.
        text: String,
    },
    /// A robot shot.
    Shot {
        /// The shooter.
        robot: RobotId,
        /// Which way.
        dir: Compass,
        /// What the shot did, and why.
        result: String,
    },
    /// A player must block registers after a hit (seed lines 52-54).
    Hit {
        /// The player hit.
        seat: Seat,
        /// The roll of the die (0 to 9).
        roll: u8,
        /// The squares counted, the target's included (seed line 48).
        count: u32,
        /// The registers to block.
        registers: u8,
        /// The ruling applied, where the roll fell between two readings
        /// of "double" (`droids.damage-tiers`).
        ruling: Option<String>,
    },
    /// A register was blocked; its tiles went to the box (seed lines 56-57).
    Blocked {
        /// Whose.
        seat: Seat,
        /// Which column.
        column: u8,
        /// The tiles that went to the box.
        boxed: usize,
    },
    /// A repair robot unblocked a register (seed line 83).
    Unblocked {
        /// Whose.
        seat: Seat,
        /// Which column.
        column: u8,
        /// The repair robot.
        by: RobotId,
    },
    /// A robot picked something up from a square (seed line 66).
    PickedUp {
        /// The robot.
        robot: RobotId,
        /// What.
        what: Carried,
        /// From where.
        from: Square,
    },
    /// A robot took what another carried (seed line 66).
    TookOver {
        /// The robot.
        robot: RobotId,
        /// What.
        what: Carried,
        /// From whom.
        from: RobotId,
    },
    /// A robot put down what it carried (seed line 64).
    PutDown {
        /// The robot.
        robot: RobotId,
        /// What.
        what: Carried,
        /// Where.
        at: Square,
    },
    /// A player is out of the game; the robot stays (seed line 133).
    Out {
        /// Who.
        seat: Seat,
    },
    /// The round ended (seed lines 125-128).
    RoundEnded {
        /// Its number.
        round: u32,
    },
    /// The game ended.
    GameOver {
        /// Why.
        why: String,
    },
}

/// An event in words; `seat` names a seat.
pub fn narrate(event: &Event, seat: impl Fn(Seat) -> String) -> String {
    crate::games::droids::rulebook::cite(&in_words(event, seat))
}

/// An event in words, its citations as the game writes them ("seed line
/// 108").
fn in_words(event: &Event, seat: impl Fn(Seat) -> String) -> String {
    match event {
        Event::FirstPlayer { seat: s } => {
            format!("the die chose {} to start (seed line 93)", seat(*s))
        }
        Event::Placed { seat: s, at } => format!(
            "{} placed a mobile obstacle on [{}, {}] (seed line 145)",
            seat(*s),
            at.x,
            at.y
        ),
        Event::RoundStarted { round, first } => {
            format!("round {round} begins, {} first (seed line 130)", seat(*first))
        }
        Event::Drew { seat: s, counts } => {
            let shown = super::answer::Answer::Draw(*counts).to_string();
            format!(
                "{} drew{} (seed line 103)",
                seat(*s),
                shown.trim_start_matches("draw")
            )
        }
        Event::Laid { seat: s, column } => format!(
            "{} laid a tile face down in register {column} (seed line 108)",
            seat(*s)
        ),
        Event::StoppedLaying { seat: s, why } => match why {
            None => format!("{} stops laying (seed line 112)", seat(*s)),
            Some(w) => format!("{} stops laying: {w}", seat(*s)),
        },
        Event::Returned { tiles, why } => {
            let noun = if *tiles == 1 { "tile goes" } else { "tiles go" };
            format!("{tiles} {noun} back to their stacks, shuffled ({why})")
        }
        Event::TurnedUp {
            seat: s,
            column,
            tile,
            robot,
        } => format!(
            "{} turns up `{tile}` in register {column}: {robot} carries it out (seed line 118)",
            seat(*s)
        ),
        Event::NoEffect { robot, why } => format!("{robot} cannot carry it out: {why}"),
        Event::Moved { robot, from, to } => format!(
            "{robot} moves from [{}, {}] to [{}, {}]",
            from.x, from.y, to.x, to.y
        ),
        Event::Pushed { robot, from, to } => format!(
            "{robot} is pushed from [{}, {}] to [{}, {}] (seed line 7)",
            from.x, from.y, to.x, to.y
        ),
        Event::Halted { robot, at, why } => {
            format!("{robot} halts on [{}, {}]: {why}", at.x, at.y)
        }
        Event::CarrierPushedOn { robot, to, ruling } => format!(
            "{robot}, carrying the statue, is pushed on to [{}, {}]: one square at a time \
             limits its own moves only (seed line 208) {ruling}",
            to.x, to.y
        ),
        Event::Shot { robot, dir, result } => format!("{robot} shoots {dir}: {result}"),
        Event::Hit {
            seat: s,
            roll,
            count,
            registers,
            ruling,
        } => {
            let cited = ruling.as_ref().map_or(String::new(), |r| format!(" {r}"));
            format!(
                "{} is hit: the die shows {roll}, {count} squares counted: {registers} register(s) to block (seed lines 48-54){cited}",
                seat(*s)
            )
        }
        Event::Blocked {
            seat: s,
            column,
            boxed,
        } => format!(
            "{}'s register {column} is blocked, {boxed} tile(s) in it go to the box (seed lines 56-57)",
            seat(*s)
        ),
        Event::Unblocked {
            seat: s,
            column,
            by,
        } => format!(
            "{by} repairs {}'s register {column} (seed line 83)",
            seat(*s)
        ),
        Event::PickedUp { robot, what, from } => format!(
            "{robot} picks up the {what} from [{}, {}] (seed line 66)",
            from.x, from.y
        ),
        Event::TookOver { robot, what, from } => {
            format!("{robot} takes the {what} from {from} (seed line 66)")
        }
        Event::PutDown { robot, what, at } => format!(
            "{robot} puts the {what} down on [{}, {}] (seed line 64)",
            at.x, at.y
        ),
        Event::Out { seat: s } => format!(
            "{} carried out no order this round and is out; the robot stays on the board (seed line 133)",
            seat(*s)
        ),
        Event::RoundEnded { round } => {
            format!("round {round} ends: no player can turn up a tile (seed lines 125-128)")
        }
        Event::GameOver { why } => format!("the game is over: {}", escape::terminal(why)),
        Event::Mission { text } => format!("mission: {}", escape::terminal(text)),
        Event::Ruling { text } => text.clone(),
    }
}

impl std::fmt::Display for Carried {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Carried::Piece(p) => f.write_str(p.name()),
            Carried::Statue => f.write_str("statue"),
        }
    }
}

/// The piece a carried thing becomes when put down, if it is one.
pub fn as_piece(c: Carried) -> Option<Piece> {
    match c {
        Carried::Piece(p) => Some(p),
        Carried::Statue => None,
    }
}
