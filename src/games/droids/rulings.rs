//! Droids' disputed readings (seed `003`), as declared in the catalogue
//! `../shared/games/disputes.md`: the default first.

use crate::engine::{Dispute, Reading};

/// A dispute of two readings.
const fn two(
    id: &'static str,
    question: &'static str,
    lines: &'static str,
    readings: &'static [Reading; 2],
) -> Dispute {
    Dispute {
        id,
        question,
        lines,
        readings,
    }
}

/// A reading.
const fn reading(name: &'static str, says: &'static str) -> Reading {
    Reading { name, says }
}

/// Every rule of Droids whose text admits several readings, in the
/// catalogue's order.
pub const DISPUTES: &[Dispute] = &[
    DAMAGE_TIERS,
    STEER_WATER,
    STEER_FROM_WATER,
    PUSH_FROM_WATER,
    VOID_ORDER,
    MINE_PUSHED,
    REPAIR_MINES,
    REPAIR_CORNERS,
    CONTAINER_HOME,
    STATUE_HOME,
    STATUE_CARRIER_PUSHED,
    SHELTER_COMPANY,
    KILLER_PACE,
];

/// `droids.damage-tiers`: what "double" and "triple or more" mean.
pub const DAMAGE_TIERS: Dispute = two(
    "droids.damage-tiers",
    "a roll against the squares counted: what are double and triple or more?",
    "003:48-54",
    &[
        reading(
            "at-least",
            "at least twice the squares blocks 2 registers, at least three times blocks 3",
        ),
        reading(
            "exact",
            "only exactly twice blocks 2; at least three times blocks 3",
        ),
    ],
);

/// `droids.steer-water`: a steered robot reaches water.
pub const STEER_WATER: Dispute = two(
    "droids.steer-water",
    "a steered robot reaches water",
    "003:74-76",
    &[
        reading("stop-before", "water is among the obstacles that stop steering: the robot stops on the square before it"),
        reading("enter", "the robot enters the water and stops there"),
    ],
);

/// `droids.steer-from-water`: a robot standing in water is steered.
pub const STEER_FROM_WATER: Dispute = two(
    "droids.steer-from-water",
    "a robot standing in water is steered",
    "003:36, 74-76",
    &[
        reading(
            "stays",
            "the blue arrow is the only way out of the water: the robot does not move",
        ),
        reading("leaves", "it is driven out like any steered robot"),
    ],
);

/// `droids.push-from-water`: a robot in water is pushed.
pub const PUSH_FROM_WATER: Dispute = two(
    "droids.push-from-water",
    "a robot in water is pushed",
    "003:10, 36",
    &[
        reading(
            "passive",
            "a pushed robot undergoes the push and leaves the water",
        ),
        reading("held", "the water holds it: the push halts"),
    ],
);

/// `droids.void-order`: the only order a player turns up cannot be carried out.
pub const VOID_ORDER: Dispute = two(
    "droids.void-order",
    "the only order a player turns up cannot be carried out",
    "003:120, 133",
    &[
        reading(
            "counts",
            "turning it up and discarding it is carrying out an order",
        ),
        reading("out", "the player carried out nothing and is out"),
    ],
);

/// `droids.mine-pushed`: a robot is pushed onto a mine.
pub const MINE_PUSHED: Dispute = two(
    "droids.mine-pushed",
    "a robot is pushed onto a mine",
    "003:157",
    &[
        reading(
            "explodes",
            "the mine explodes under any robot that comes onto it",
        ),
        reading(
            "stepping-only",
            "only a robot moving by its own order sets it off",
        ),
    ],
);

/// `droids.repair-mines`: which moves of a repair robot leave a mine.
pub const REPAIR_MINES: Dispute = two(
    "droids.repair-mines",
    "which moves of a repair robot leave a mine",
    "003:155",
    &[
        reading("any-move", "every move, steered or pushed included"),
        reading("own-orders", "only moves by a grey tile"),
    ],
);

/// `droids.repair-corners`: where the repair robots start in missions 2 to 4.
pub const REPAIR_CORNERS: Dispute = two(
    "droids.repair-corners",
    "where the repair robots start in missions 2 to 4",
    "003:152, 154, 170, 172, 180, 182",
    &[
        reading("free-corners", "on the corners no player starts on; where fewer than two are free, the rest in the middles of the north and south edges"),
        reading("edge-middles", "always the middles of the north and south edges"),
    ],
);

/// `droids.container-home`: when a container counts in mission 3.
pub const CONTAINER_HOME: Dispute = two(
    "droids.container-home",
    "when a container counts in mission 3",
    "003:175",
    &[
        reading(
            "set-down",
            "when it is put down on the player's start square",
        ),
        reading(
            "carried",
            "a robot carrying it standing on its own start square also counts",
        ),
    ],
);

/// `droids.statue-home`: who wins when the statue reaches a start square in mission 5.
pub const STATUE_HOME: Dispute = two(
    "droids.statue-home",
    "who wins when the statue reaches a start square in mission 5",
    "003:193",
    &[
        reading("set-down", "only the player who puts it down on its own start square wins"),
        reading("arrival", "the statue on any start square after an order, put down or pushed, wins for that square's owner"),
    ],
);

/// `droids.statue-carrier-pushed`: a robot carrying the statue is pushed.
pub const STATUE_CARRIER_PUSHED: Dispute = two(
    "droids.statue-carrier-pushed",
    "a robot carrying the statue is pushed",
    "003:209",
    &[
        reading("one-square", "in every case one square at a time: the carrier moves one square and then halts the push"),
        reading("free", "the limit is on the carrier's own moves; pushed, it goes as far as the push"),
    ],
);

/// `droids.shelter-company`: a shelter (mission 4) that also holds a repair robot.
pub const SHELTER_COMPANY: Dispute = two(
    "droids.shelter-company",
    "a shelter (mission 4) that also holds a repair robot",
    "003:179, 187-188",
    &[
        reading(
            "players-only",
            "only another player's robot or start square inside spoils a shelter",
        ),
        reading("alone", "any other robot inside spoils it"),
    ],
);

/// `droids.killer-pace`: how often the killer acts in mission 7.
pub const KILLER_PACE: Dispute = two(
    "droids.killer-pace",
    "how often the killer acts in mission 7",
    "003:117, 236-238",
    &[
        reading("per-order", "after each order of the player"),
        reading("per-round", "once a round"),
    ],
);
