//! RoboRally's disputed readings (seed `004`), as declared in the
//! catalogue `../shared/games/disputes.md`: the default first. The game
//! keeps the readings in force ([`crate::engine::Rulings`]) and branches
//! where one decides: [`BELTS_INTO_PIT`] in the belts, [`WAKE_EMPTY_LOCKED`]
//! before the deal, [`VIRTUAL_STACK_LASER`] in the board lasers. The
//! events those rules decide name the reading applied ([`cite`]).

use crate::engine::{Dispute, Reading};

/// Two robots carried by belts onto one square that is a pit (or off the
/// board, line 395): seed line 290.
pub const BELTS_INTO_PIT: Dispute = Dispute {
    id: "roborally.belts-into-pit",
    question: "belts would carry two robots onto one square, and that square is a pit",
    lines: "004:290",
    readings: &[
        Reading {
            name: "cancel",
            says: "neither robot moves: where it is unclear, no robot is moved",
        },
        Reading {
            name: "fall",
            says: "both fall in, since robots that fall end on no square",
        },
    ],
};

/// A robot woken from a power down with registers locked that hold no
/// card: seed lines 195, 215-217, 227-239.
pub const WAKE_EMPTY_LOCKED: Dispute = Dispute {
    id: "roborally.wake-empty-locked",
    question: "a powered-down robot takes enough damage to lock registers that hold no card",
    lines: "004:195, 215-217, 227-239",
    readings: &[
        Reading {
            name: "idle",
            says: "an empty locked register does nothing: the text only keeps a card a locked register holds",
        },
        Reading {
            name: "from-deck",
            says: "each empty locked register gets the deck's top card, face up, and keeps it while locked",
        },
    ],
};

/// A board laser's beam reaching a square several (virtual) robots
/// share: seed lines 113-115, 135.
pub const VIRTUAL_STACK_LASER: Dispute = Dispute {
    id: "roborally.virtual-stack-laser",
    question: "a board laser reaches a square with two virtual robots",
    lines: "004:113-115, 135",
    readings: &[
        Reading {
            name: "all",
            says: "each virtual robot plays as if alone, so each is hit",
        },
        Reading {
            name: "first",
            says: "only the robot of the lowest seat is hit",
        },
    ],
};

/// Every rule of RoboRally whose text admits several readings, in the
/// catalogue's order.
pub const DISPUTES: &[Dispute] = &[BELTS_INTO_PIT, WAKE_EMPTY_LOCKED, VIRTUAL_STACK_LASER];

/// How an event decided by `dispute` under `reading` names it, at the end
/// of its narration: the words of [`crate::engine::Rulings::cite`]. An
/// event keeps the reading it was decided under (the REPL may switch
/// rulings afterwards), so its narration cannot ask the game's rulings.
pub fn cite(dispute: &Dispute, reading: &str) -> String {
    format!("[ruling {}: {reading}]", dispute.id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rulings;

    #[test]
    fn cite_says_what_rulings_cite_says_for_every_reading() {
        for d in DISPUTES {
            for r in d.readings {
                let rulings = Rulings::defaults(DISPUTES)
                    .pinned(&[format!("{}={}", d.id, r.name)])
                    .expect("a reading of the game");
                assert_eq!(cite(d, r.name), rulings.cite(d));
            }
        }
    }
}
