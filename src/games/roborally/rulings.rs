//! RoboRally's disputed readings (seed `004`), as declared in the
//! catalogue `../shared/games/disputes.md`: the default first.

use crate::engine::{Dispute, Reading};

/// Every rule of RoboRally whose text admits several readings.
pub const DISPUTES: &[Dispute] = &[
    Dispute {
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
    },
    Dispute {
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
    },
    Dispute {
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
    },
];
