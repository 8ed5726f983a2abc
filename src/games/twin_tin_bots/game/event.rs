//! Events: every primitive result of a turn, and every ignored or partly done
//! order with its reason in plain words.

use super::answer::ZapEffect;
use super::change::Change;
use super::end::EndReason;
use crate::games::twin_tin_bots::names::Name;
use crate::games::twin_tin_bots::orders::{Primitive, Tile, ZapRange};
use crate::games::twin_tin_bots::pieces::{Crystal, Piece, PlayerId, RobotId};
use crate::games::twin_tin_bots::rulings::Ruled;
use crate::grid::hex::{Direction, Hex};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Something that happened. Events name pieces by id; [`crate::games::twin_tin_bots::game::Game::describe`]
/// turns one into a sentence with colours and robot names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// A player's turn began.
    TurnStarted {
        /// Whose turn.
        player: PlayerId,
        /// Turn number, counting every player's turn from 1.
        turn: u32,
    },
    /// The first player discarded a countdown counter (3, 2 or 1) before playing.
    CountdownDiscarded {
        /// The counter discarded; 1 means the last game turn has started.
        counter: u8,
    },
    /// A program change was made.
    ChangeMade {
        /// Who made it.
        player: PlayerId,
        /// The change.
        change: Change,
    },
    /// The player turned their Double Modification face down for a second change.
    DoubleModificationUsed {
        /// Who used it.
        player: PlayerId,
    },
    /// A robot's program started running an order.
    OrderStarted {
        /// The robot.
        robot: RobotId,
        /// Slot, 1 to 3.
        slot: u8,
        /// The tile.
        tile: Tile,
    },
    /// A program slot was empty and skipped.
    EmptySlot {
        /// The robot.
        robot: RobotId,
        /// Slot, 1 to 3.
        slot: u8,
    },
    /// An order with no action (Anti-Zap, Anti theft) was passed over.
    NoAction {
        /// The robot.
        robot: RobotId,
        /// The tile.
        tile: Tile,
    },
    /// A robot stepped to an adjacent hex (forward, back up or zapped forward).
    Moved {
        /// The robot.
        robot: RobotId,
        /// Where it was.
        from: Hex,
        /// Where it is.
        to: Hex,
    },
    /// A piece was pushed one hex.
    Pushed {
        /// The pushed piece.
        piece: Piece,
        /// Where it was.
        from: Hex,
        /// Where it is.
        to: Hex,
    },
    /// A robot turned.
    Turned {
        /// The robot.
        robot: RobotId,
        /// Facing before.
        from: Direction,
        /// Facing after.
        to: Direction,
    },
    /// A robot jumped.
    Jumped {
        /// The robot.
        robot: RobotId,
        /// Where it was.
        from: Hex,
        /// Where it landed.
        to: Hex,
    },
    /// A robot's magnet pulled a loose crystal one hex toward it.
    Pulled {
        /// The pulling robot.
        robot: RobotId,
        /// The crystal.
        crystal: Crystal,
        /// Where it was.
        from: Hex,
        /// Where it is.
        to: Hex,
    },
    /// A robot loaded a crystal from the ground or from another robot.
    Loaded {
        /// The loading robot.
        robot: RobotId,
        /// The crystal.
        crystal: Crystal,
        /// The hex it came from.
        from: Hex,
        /// The robot it was taken from, if any.
        taken_from: Option<RobotId>,
    },
    /// A robot unloaded its crystal onto the ground or onto an empty robot.
    Unloaded {
        /// The unloading robot.
        robot: RobotId,
        /// The crystal.
        crystal: Crystal,
        /// Where it went.
        to: Hex,
        /// The robot that received it, if any.
        onto: Option<RobotId>,
    },
    /// A robot unloaded a crystal into a base: it scores for the base owner.
    Delivered {
        /// The unloading robot.
        robot: RobotId,
        /// The crystal.
        crystal: Crystal,
        /// The base's owner, who gets the crystal.
        base_owner: PlayerId,
        /// The owner's points in base after this delivery.
        points: u32,
    },
    /// A blue crystal's delivery let the base owner draw a special tile.
    SpecialDrawn {
        /// Who drew it (the tile stays hidden).
        player: PlayerId,
    },
    /// A crystal from the track entered play.
    CrystalEntered {
        /// The crystal.
        crystal: Crystal,
        /// Where it was placed.
        at: Hex,
    },
    /// The last crystal of the track entered play: the game end phase starts.
    LastCrystalEntered,
    /// A robot zapped another.
    Zapped {
        /// The zapping robot.
        robot: RobotId,
        /// The robot hit.
        target: RobotId,
    },
    /// A zap hit a piece of terrain (a blob).
    ZappedPiece {
        /// The zapping robot.
        robot: RobotId,
        /// The piece hit.
        piece: Piece,
        /// Where it stands.
        at: Hex,
    },
    /// A piece entered a teleporter and left beyond its partner (the move
    /// itself follows as a `Moved` or `Pushed` event).
    Teleported {
        /// The piece.
        piece: Piece,
        /// The teleporter entered.
        entered: Hex,
        /// The partner it left from.
        partner: Hex,
    },
    /// A variant's hook moved a piece (a conveyor): what moved follows as
    /// `Pushed` events, or the push was ignored.
    VariantPush {
        /// Where the push started.
        at: Hex,
        /// Toward where.
        dir: Direction,
        /// Why nothing moved, if nothing did.
        blocked: Option<Reason>,
    },
    /// The zapper chose what the zapped robot does.
    ZapEffectChosen {
        /// The robot hit.
        target: RobotId,
        /// What it must do.
        effect: ZapEffect,
    },
    /// An action did nothing, or the rest of an order was dropped.
    Ignored {
        /// The robot whose action it was.
        robot: RobotId,
        /// The action.
        action: Action,
        /// Why.
        reason: Reason,
    },
    /// A disputed rule decided what follows, under the reading named
    /// (narrated with the ruling cited, `[ruling ttb.<name>: <reading>]`).
    Ruled(Ruled),
    /// The game ended.
    GameEnded {
        /// How.
        how: EndReason,
    },
}

/// What was ignored: an order's primitive or a zap's forced action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// A primitive of a running order.
    Order(Tile, Primitive),
    /// An action forced by a zap.
    Zapped(ZapEffect),
    /// Drawing a special tile, or a crystal entering play.
    Delivery,
    /// Pushing a zapped piece of terrain.
    ZapPush(Option<Direction>),
}

/// Why an action did nothing, in plain words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Reason {
    /// The hex ahead is off the board.
    EdgeOfBoard,
    /// A base stands in the way; bases never move.
    BaseCannotBePushed,
    /// The pushed piece would leave the board.
    PushOffBoard(Piece),
    /// The pushed piece would go into a base.
    PushIntoBase(Piece),
    /// Two pieces in a row and no Dash.
    HexBehindNotEmpty(Piece),
    /// An earlier step of the same order was blocked.
    RestOfMoveDropped,
    /// The robot already carries a crystal.
    AlreadyCarrying,
    /// Nothing to load in front.
    NoCrystalInFront,
    /// A base is in front: delivered crystals stay there.
    CrystalsInBaseStay,
    /// The crystal in front is on an opponent robot with Anti theft.
    AntiTheft(RobotId),
    /// The robot carries no crystal.
    NotCarrying,
    /// A crystal already lies in front.
    CrystalInFront,
    /// The robot in front already carries a crystal.
    LoadedRobotInFront(RobotId),
    /// The jump's landing hex is taken.
    LandingNotEmpty(Piece),
    /// The hexes in the zap's range are empty (or off the board): the zap
    /// fizzles.
    ZapFizzled(ZapRange),
    /// A crystal or base in front stops the zap.
    ZapBlocked(Piece),
    /// The target has Anti-Zap in its program and the zapper is an opponent.
    AntiZap(RobotId),
    /// The zapper chose no effect.
    ZapperChoseNothing,
    /// No piece in line within the pull's range (or only the board's edge).
    NoCrystalInRange(i32),
    /// A robot or a base is the first piece in line: only loose crystals are
    /// pulled.
    PullBlocked(Piece),
    /// The crystal is already right in front: it cannot come closer.
    CrystalAlreadyInFront,
    /// The special deck is empty.
    NoSpecialTileLeft,
    /// The crystal track is empty.
    TrackEmpty,
    /// No free hex is left for a new crystal.
    NoFreeHex,
    /// A piece of terrain that cannot be pushed is in the way (a rock).
    CannotBePushed(Piece),
    /// The hex behind the pushed piece holds one that cannot be pushed.
    PushIntoObstacle(Piece, Name),
    /// The floor ahead cannot be entered.
    FloorBlocks(Name),
    /// Zap, load and unload do not pass through a teleporter (DESIGN.md
    /// decision 7).
    ThroughTeleporter,
    /// A variant's rule (a hook) said no, for this reason.
    Variant(Name),
}

fn piece_name(p: Piece) -> std::borrow::Cow<'static, str> {
    match p {
        Piece::Robot(_) => "robot".into(),
        Piece::Crystal(_) => "crystal".into(),
        Piece::Base(_) => "base".into(),
        Piece::Thing(t) => t.kind.to_string().into(),
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Reason::EdgeOfBoard => write!(f, "the hex ahead is off the board"),
            Reason::BaseCannotBePushed => {
                write!(f, "a base is in the way and bases cannot be pushed")
            }
            Reason::PushOffBoard(p) => {
                write!(f, "the {} would be pushed off the board", piece_name(p))
            }
            Reason::PushIntoBase(p) => {
                write!(
                    f,
                    "the hex behind the {} is a base: nothing is pushed into a base",
                    piece_name(p)
                )
            }
            Reason::HexBehindNotEmpty(p) => {
                write!(
                    f,
                    "the hex behind the {} is not empty, so it cannot be pushed",
                    piece_name(p)
                )
            }
            Reason::RestOfMoveDropped => {
                write!(
                    f,
                    "an obstacle stopped the move, so the rest of the move is ignored"
                )
            }
            Reason::AlreadyCarrying => write!(f, "it already carries a crystal"),
            Reason::NoCrystalInFront => write!(f, "there is no crystal in front of it"),
            Reason::CrystalsInBaseStay => {
                write!(f, "crystals unloaded in a base cannot be loaded any more")
            }
            Reason::AntiTheft(_) => write!(
                f,
                "the crystal is protected by Anti theft against opponents"
            ),
            Reason::NotCarrying => write!(f, "it carries no crystal"),
            Reason::CrystalInFront => write!(f, "the hex in front already holds a crystal"),
            Reason::LoadedRobotInFront(_) => {
                write!(f, "the robot in front already carries a crystal")
            }
            Reason::LandingNotEmpty(p) => write!(f, "the landing hex holds a {}", piece_name(p)),
            Reason::ZapFizzled(ZapRange::Short) => {
                write!(f, "both hexes in front are empty, so the zap fizzles")
            }
            Reason::ZapFizzled(ZapRange::Long) => {
                write!(f, "every hex in front is empty, so the zap fizzles")
            }
            Reason::ZapFizzled(ZapRange::Hexes(1)) => {
                write!(f, "the hex in front is empty, so the zap fizzles")
            }
            Reason::ZapFizzled(ZapRange::Hexes(n)) => {
                write!(f, "the {n} hexes in front are empty, so the zap fizzles")
            }
            Reason::ZapBlocked(p) => write!(f, "a {} blocks the zap", piece_name(p)),
            Reason::AntiZap(_) => write!(f, "the target has Anti-Zap against opponent zaps"),
            Reason::ZapperChoseNothing => write!(f, "the zapper chose no effect"),
            Reason::NoCrystalInRange(n) => {
                write!(f, "no crystal lies in line within {n} hexes in front")
            }
            Reason::PullBlocked(p) => write!(
                f,
                "a {} is the first piece in line, and only loose crystals are pulled",
                piece_name(p)
            ),
            Reason::CrystalAlreadyInFront => {
                write!(
                    f,
                    "the crystal is already right in front, it cannot come closer"
                )
            }
            Reason::NoSpecialTileLeft => write!(f, "no special tile is left to draw"),
            Reason::TrackEmpty => write!(f, "the crystal track is empty"),
            Reason::NoFreeHex => write!(f, "no free hex is left for the new crystal"),
            Reason::CannotBePushed(p) => {
                write!(f, "a {} is in the way and cannot be pushed", piece_name(p))
            }
            Reason::PushIntoObstacle(p, kind) => write!(
                f,
                "the hex behind the {} holds a {kind}, which cannot be pushed",
                piece_name(p),
            ),
            Reason::FloorBlocks(kind) => write!(f, "no piece may enter the {kind} ahead"),
            Reason::ThroughTeleporter => write!(
                f,
                "a teleporter is in front: nothing is zapped, loaded or unloaded through one"
            ),
            Reason::Variant(why) => write!(f, "{why}"),
        }
    }
}
