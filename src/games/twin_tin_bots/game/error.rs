//! Why an answer is illegal, naming the rule that forbids it.

use crate::games::twin_tin_bots::orders::Tile;
use crate::grid::hex::Hex;

const CHANGE: &str = "000_f177823dad35ee93.txt: 1. Change the programming of a single Robot";
const FIRST: &str = "000_f177823dad35ee93.txt: The Game — Exception: on the very first Turn";
const DOUBLE: &str = "000_f177823dad35ee93.txt: Double Modification";
const ZAP: &str = "000_f177823dad35ee93.txt: Zap!";
const PLACE_CRYSTAL: &str = "002_ae8ae07e801960f9.txt: Unload Crystal and FAQ Q1";

/// A citation above as the user reads it: the rulebook's name, not the
/// seed file's.
fn cite(seed_citation: &str) -> String {
    crate::engine::rulebook::readable(
        crate::games::twin_tin_bots::rulebook::RULEBOOKS,
        seed_citation,
    )
}

/// An answer the rules do not allow. The game state is untouched.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// A change to another player's robot.
    #[error("{robot} is not yours: a player changes only his own programs ({change})", change = cite(CHANGE))]
    NotYourRobot {
        /// The robot's name.
        robot: String,
    },
    /// A robot that is not in the game.
    #[error("{robot} is not in this game")]
    NoSuchRobot {
        /// The robot's name.
        robot: String,
    },
    /// Slot out of range.
    #[error("slot {} does not exist: a program has three slots ({change})", *slot as u32 + 1, change = cite(CHANGE))]
    NoSuchSlot {
        /// The slot, 0-based.
        slot: u8,
    },
    /// Placing a tile that is not in the hand.
    #[error("{tile} is not in your hand: tiles are placed from the hand ({change}: Place)", change = cite(CHANGE))]
    TileNotInHand {
        /// The tile.
        tile: Tile,
    },
    /// Placing the Double Modification tile.
    #[error("double_modification is not placed in a program: it is played from the hand to make two changes ({double})", double = cite(DOUBLE))]
    DoubleModificationIsNotPlaced,
    /// Swapping a slot with itself.
    #[error("a swap needs two different slots ({change}: Swap)", change = cite(CHANGE))]
    SwapSameSlot,
    /// Swapping two empty slots.
    #[error("both slots are empty: a swap moves a tile ({change}: Swap)", change = cite(CHANGE))]
    SwapTwoEmptySlots,
    /// Removing from an empty slot.
    #[error("slot {} of {robot} is empty: there is no tile to remove ({change}: Remove)", *slot as u32 + 1, change = cite(CHANGE))]
    SlotEmpty {
        /// The robot's name.
        robot: String,
        /// The slot, 0-based.
        slot: u8,
    },
    /// Resetting an empty program.
    #[error("{robot}'s program is already empty: there is nothing to reset ({change}: Reset)", change = cite(CHANGE))]
    ProgramEmpty {
        /// The robot's name.
        robot: String,
    },
    /// Anything but a placement on the first turn.
    #[error("on a player's very first turn he places an order on each robot ({first})", first = cite(FIRST))]
    FirstTurnPlacesOnly,
    /// A `pass` on the first turn while a placement is possible, under
    /// `ttb.first-turn=each-robot`.
    #[error("on a player's very first turn he places an order on each robot: `pass` only when no placement is possible ({FIRST}) [ruling ttb.first-turn: each-robot]")]
    FirstTurnMustPlace,
    /// Both first-turn placements on one robot.
    #[error("on the first turn each robot gets one order: this robot already has its new order ({first})", first = cite(FIRST))]
    FirstTurnOneEach,
    /// A zap on a robot left without an effect, under
    /// `ttb.zap-optional=forced`.
    #[error("a zap that reaches a robot forces one of forward_1, turn_left, turn_right, load or unload: `nothing` is not a choice ({ZAP}) [ruling ttb.zap-optional: forced]")]
    ZapEffectRequired,
    /// A second change without the Double Modification tile.
    #[error("a second change needs the Double Modification tile, which is not in your hand or already used ({double}); {change}: only one change", double = cite(DOUBLE), change = cite(CHANGE))]
    NoDoubleModification,
    /// Placing a new crystal somewhere other than a closest free hex.
    #[error(
        "{hex} is not one of the free hexes closest to the centre: {options} ({place})",
        place = cite(PLACE_CRYSTAL)
    )]
    NotAClosestFreeHex {
        /// The hex asked for.
        hex: Hex,
        /// The legal hexes, as text.
        options: String,
    },
    /// An answer of the wrong kind for the decision at hand.
    #[error("the game is asking for {expected}, not {got}")]
    WrongKindOfAnswer {
        /// What is being decided.
        expected: &'static str,
        /// What was answered.
        got: &'static str,
    },
    /// The game is over.
    #[error("the game is over: there is nothing left to decide")]
    GameOver,
    /// A variant's hook failed while the answer was applied: the game is
    /// left as it was before the answer (with no events: nothing happened).
    #[error("a variant's hook failed, so the answer was not applied: {0}")]
    Hook(String),
}
