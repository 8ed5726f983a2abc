//! Twin Tin Bots' disputed readings (seeds `000`, the printed rulebook,
//! and `002`, the online rules and FAQ): each decision of `docs/rules.md`
//! that chooses between two readings of the text, declared as the
//! catalogue `../shared/games/disputes.md` names them, the default first.
//!
//! The game keeps the [`Rulings`] in force and, derived from them once
//! ([`Readings::of`]), one small enum per dispute, so that a rule in a hot
//! path (every step asks about Dash) branches on a byte instead of
//! comparing names. Where a disputed rule decides, the game records a
//! [`Ruled`] event, narrated with the ruling it applied.

use serde::{Deserialize, Serialize};

use crate::engine::{Dispute, Reading, Rulings};
use crate::games::twin_tin_bots::pieces::{PlayerId, RobotId};

/// Who places the next crystal when the centre hex is taken.
pub const CRYSTAL_PLACER: Dispute = Dispute {
    id: "ttb.crystal-placer",
    question: "a crystal is delivered and the centre hex is taken: who places the next crystal",
    lines: "000:225-228; 002:117, 294-297",
    readings: &[
        Reading {
            name: "base-owner",
            says: "the owner of the base that received the crystal chooses among the closest free hexes (online rules and FAQ Q1)",
        },
        Reading {
            name: "active-player",
            says: "the printed \"the player places it\" is the active player, as the next sentence names him",
        },
    ],
};

/// Which of a robot's steps push whole rows while Dash is in its program.
pub const DASH_ROWS: Dispute = Dispute {
    id: "ttb.dash-rows",
    question: "Dash is in a robot's program: which of its steps push a whole row",
    lines: "000:309-311; 002:185",
    readings: &[
        Reading {
            name: "in-program",
            says: "\"as long as this Order is in his program\": every step of the robot pushes rows, its other orders' and a zap's included",
        },
        Reading {
            name: "dash-only",
            says: "Dash is a Forward 1x that pushes rows: only the Dash order's own step does, the robot's other steps push one piece",
        },
    ],
};

/// What the tiebreakers count.
pub const TIEBREAK: Dispute = Dispute {
    id: "ttb.tiebreak",
    question: "a tie on points: which blue and green crystals do the tiebreakers count",
    lines: "000:63-65; 002:24, 308-312",
    readings: &[
        Reading {
            name: "in-base",
            says: "only the crystals in the player's base, as the designer clarified (FAQ Q3)",
        },
        Reading {
            name: "harvested",
            says: "the printed \"harvested\": the crystals in the base and those its robots carry, as the game goal counts them",
        },
    ],
};

/// Every rule of Twin Tin Bots whose text admits several readings.
pub const DISPUTES: &[Dispute] = &[CRYSTAL_PLACER, DASH_ROWS, TIEBREAK];

/// [`CRYSTAL_PLACER`]'s readings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum CrystalPlacer {
    /// The base's owner chooses.
    #[default]
    BaseOwner,
    /// The active player chooses.
    ActivePlayer,
}

/// [`DASH_ROWS`]'s readings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum DashRows {
    /// Every step of the robot pushes rows.
    #[default]
    InProgram,
    /// Only the steps of the order carrying Dash's effect push rows.
    DashOnly,
}

/// [`TIEBREAK`]'s readings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Tiebreak {
    /// The crystals in the base.
    #[default]
    InBase,
    /// The crystals in the base and those carried.
    Harvested,
}

/// The reading in force of each dispute, derived once from the
/// [`Rulings`] (and again whenever they change).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Readings {
    /// Who places the next crystal.
    pub crystal_placer: CrystalPlacer,
    /// Which steps push rows with Dash in the program.
    pub dash_rows: DashRows,
    /// What the tiebreakers count.
    pub tiebreak: Tiebreak,
}

impl Readings {
    /// The readings `rulings` put in force.
    pub fn of(rulings: &Rulings) -> Readings {
        Readings {
            crystal_placer: if rulings.follows(&CRYSTAL_PLACER, "active-player") {
                CrystalPlacer::ActivePlayer
            } else {
                CrystalPlacer::BaseOwner
            },
            dash_rows: if rulings.follows(&DASH_ROWS, "dash-only") {
                DashRows::DashOnly
            } else {
                DashRows::InProgram
            },
            tiebreak: if rulings.follows(&TIEBREAK, "harvested") {
                Tiebreak::Harvested
            } else {
                Tiebreak::InBase
            },
        }
    }
}

/// Where a disputed rule decided, with the reading it was decided under
/// (kept in the event, so that narrating it later cites the reading
/// applied even if the rulings changed since).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ruled {
    /// The centre was taken: `player` chooses where the next crystal goes.
    CrystalPlacer {
        /// Who chooses.
        player: PlayerId,
        /// Under which reading.
        reading: CrystalPlacer,
    },
    /// A step of `robot` with Dash in its program, not by the Dash order,
    /// met a row of pieces.
    DashRow {
        /// The robot stepping.
        robot: RobotId,
        /// Under which reading.
        reading: DashRows,
    },
    /// The final standings had a tie on points, broken by the tiebreakers.
    Tiebreak {
        /// Under which reading.
        reading: Tiebreak,
    },
}

impl Ruled {
    /// The dispute that decided, and the name of the reading applied.
    pub fn ruling(&self) -> (&'static Dispute, &'static str) {
        match *self {
            Ruled::CrystalPlacer { reading, .. } => (
                &CRYSTAL_PLACER,
                match reading {
                    CrystalPlacer::BaseOwner => "base-owner",
                    CrystalPlacer::ActivePlayer => "active-player",
                },
            ),
            Ruled::DashRow { reading, .. } => (
                &DASH_ROWS,
                match reading {
                    DashRows::InProgram => "in-program",
                    DashRows::DashOnly => "dash-only",
                },
            ),
            Ruled::Tiebreak { reading } => (
                &TIEBREAK,
                match reading {
                    Tiebreak::InBase => "in-base",
                    Tiebreak::Harvested => "harvested",
                },
            ),
        }
    }

    /// The citation ending the event's narration: `[ruling ttb.tiebreak:
    /// in-base]`, as [`Rulings::cite`] writes it.
    pub fn cite(&self) -> String {
        let (dispute, reading) = self.ruling();
        format!("[ruling {}: {reading}]", dispute.id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_derived_readings_follow_the_rulings_and_cite_as_they_do() {
        let defaults = Rulings::defaults(DISPUTES);
        assert_eq!(Readings::of(&defaults), Readings::default());
        let pinned = defaults
            .pinned(&[
                "ttb.crystal-placer=active-player".into(),
                "ttb.dash-rows=dash-only".into(),
                "ttb.tiebreak=harvested".into(),
            ])
            .expect("the three disputes and their second readings");
        let readings = Readings::of(&pinned);
        assert_eq!(readings.crystal_placer, CrystalPlacer::ActivePlayer);
        assert_eq!(readings.dash_rows, DashRows::DashOnly);
        assert_eq!(readings.tiebreak, Tiebreak::Harvested);
        // Every reading a `Ruled` names is one its dispute has, and the
        // citation is the one `Rulings::cite` writes under that reading.
        let all = [
            Ruled::CrystalPlacer {
                player: 0,
                reading: CrystalPlacer::BaseOwner,
            },
            Ruled::CrystalPlacer {
                player: 0,
                reading: CrystalPlacer::ActivePlayer,
            },
            Ruled::DashRow {
                robot: 0,
                reading: DashRows::InProgram,
            },
            Ruled::DashRow {
                robot: 0,
                reading: DashRows::DashOnly,
            },
            Ruled::Tiebreak {
                reading: Tiebreak::InBase,
            },
            Ruled::Tiebreak {
                reading: Tiebreak::Harvested,
            },
        ];
        for ruled in all {
            let (dispute, name) = ruled.ruling();
            let under = Rulings::defaults(DISPUTES)
                .pinned(&[format!("{}={name}", dispute.id)])
                .expect("a reading of the dispute");
            assert_eq!(ruled.cite(), under.cite(dispute));
        }
    }
}
