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

/// Whether a zapper may leave a zapped robot without an effect.
pub const ZAP_OPTIONAL: Dispute = Dispute {
    id: "ttb.zap-optional",
    question: "a zap reaches a robot: may the zapper choose no effect",
    lines: "000:238; 002:124",
    readings: &[
        Reading {
            name: "optional",
            says: "\"the Zapping player may force it\": forcing an order is allowed, not required, so the zapper may answer `nothing`",
        },
        Reading {
            name: "forced",
            says: "\"may\" grants the zapper's choice among the five orders: a zap that reaches a robot always forces one of them",
        },
    ],
};

/// What a player's very first turn requires.
pub const FIRST_TURN: Dispute = Dispute {
    id: "ttb.first-turn",
    question: "a player's very first turn: must he place an order on each robot",
    lines: "000:127-132; 002:57-61",
    readings: &[
        Reading {
            name: "each-robot",
            says: "\"he places an Order on each Robot\": both placements are required, `pass` only when no placement is possible",
        },
        Reading {
            name: "optional",
            says: "step 1 stays optional (\"He may change programming\"): the exception allows a placement on each robot instead of one change, and the player may pass at either",
        },
    ],
};

/// Which arrivals on mud count as entering it.
pub const MUD_ENTERED: Dispute = Dispute {
    id: "ttb.mud-entered",
    question: "a robot comes onto mud without driving (pushed, jumping, moved by a hook): has it entered the mud",
    lines: "000:413; 002:258",
    readings: &[
        Reading {
            name: "any-arrival",
            says: "\"When a Robot enters a Mud hex\": any arrival counts, so its next forward step is lost",
        },
        Reading {
            name: "own-drive",
            says: "\"Robot caterpillars skid in the Mud\": only a robot driving in on its own caterpillars skids; one pushed or jumping in loses no step until a turn starts with it there",
        },
    ],
};

/// Every rule of Twin Tin Bots whose text admits several readings.
pub const DISPUTES: &[Dispute] = &[
    CRYSTAL_PLACER,
    DASH_ROWS,
    TIEBREAK,
    ZAP_OPTIONAL,
    FIRST_TURN,
    MUD_ENTERED,
];

/// Declares the enum of one dispute's readings: its variants in the
/// dispute's order (the first the default), each with its reading's name,
/// and how the rulings in force choose one.
macro_rules! readings_enum {
    (
        $(#[$doc:meta])* $name:ident of $dispute:ident {
            $($(#[$vdoc:meta])* $variant:ident = $reading:literal,)+
        }
    ) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
        pub enum $name {
            $($(#[$vdoc])* $variant,)+
        }

        impl $name {
            /// Every reading, the default first, in the dispute's order.
            pub const ALL: &'static [$name] = &[$($name::$variant,)+];

            /// The dispute these are the readings of.
            pub const fn dispute() -> &'static Dispute {
                &$dispute
            }

            /// The reading's name, as the dispute writes it.
            pub const fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $reading,)+
                }
            }

            /// The reading `rulings` put in force.
            pub fn of(rulings: &Rulings) -> $name {
                let chosen = rulings.reading(&$dispute).name;
                Self::ALL
                    .iter()
                    .copied()
                    .find(|r| r.name() == chosen)
                    .unwrap_or(Self::ALL[0])
            }
        }

        impl Default for $name {
            /// The dispute's default reading.
            fn default() -> $name {
                Self::ALL[0]
            }
        }
    };
}

readings_enum! {
    /// [`CRYSTAL_PLACER`]'s readings.
    CrystalPlacer of CRYSTAL_PLACER {
        /// The base's owner chooses.
        BaseOwner = "base-owner",
        /// The active player chooses.
        ActivePlayer = "active-player",
    }
}

readings_enum! {
    /// [`DASH_ROWS`]'s readings.
    DashRows of DASH_ROWS {
        /// Every step of the robot pushes rows.
        InProgram = "in-program",
        /// Only the steps of the order carrying Dash's effect push rows.
        DashOnly = "dash-only",
    }
}

readings_enum! {
    /// [`TIEBREAK`]'s readings.
    Tiebreak of TIEBREAK {
        /// The crystals in the base.
        InBase = "in-base",
        /// The crystals in the base and those carried.
        Harvested = "harvested",
    }
}

readings_enum! {
    /// [`ZAP_OPTIONAL`]'s readings.
    ZapOptional of ZAP_OPTIONAL {
        /// The zapper may choose no effect.
        Optional = "optional",
        /// The zapper must force one of the five orders.
        Forced = "forced",
    }
}

readings_enum! {
    /// [`FIRST_TURN`]'s readings.
    FirstTurn of FIRST_TURN {
        /// A placement on each robot is required.
        EachRobot = "each-robot",
        /// The player may pass at either placement.
        Optional = "optional",
    }
}

readings_enum! {
    /// [`MUD_ENTERED`]'s readings.
    MudEntered of MUD_ENTERED {
        /// Any arrival on mud arms it.
        AnyArrival = "any-arrival",
        /// Only driving in arms it.
        OwnDrive = "own-drive",
    }
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
    /// Whether a zap on a robot may have no effect.
    pub zap_optional: ZapOptional,
    /// What the very first turn requires.
    pub first_turn: FirstTurn,
    /// Which arrivals on mud count as entering it.
    pub mud_entered: MudEntered,
}

impl Readings {
    /// The readings `rulings` put in force.
    pub fn of(rulings: &Rulings) -> Readings {
        Readings {
            crystal_placer: CrystalPlacer::of(rulings),
            dash_rows: DashRows::of(rulings),
            tiebreak: Tiebreak::of(rulings),
            zap_optional: ZapOptional::of(rulings),
            first_turn: FirstTurn::of(rulings),
            mud_entered: MudEntered::of(rulings),
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
    /// A zapper left the zapped `target` without an effect (allowed only
    /// under [`ZapOptional::Optional`]).
    ZapNothing {
        /// The zapped robot.
        target: RobotId,
        /// Under which reading.
        reading: ZapOptional,
    },
    /// `player` passed a placement of his very first turn (allowed only
    /// under [`FirstTurn::Optional`], or when no placement was possible).
    FirstTurnPass {
        /// Who passed.
        player: PlayerId,
        /// Under which reading.
        reading: FirstTurn,
    },
    /// `robot` came onto mud without driving in (pushed, jumping, moved
    /// by a hook).
    MudArrival {
        /// The robot that arrived.
        robot: RobotId,
        /// Under which reading.
        reading: MudEntered,
    },
}

impl Ruled {
    /// The dispute that decided, and the name of the reading applied.
    pub fn ruling(&self) -> (&'static Dispute, &'static str) {
        match *self {
            Ruled::CrystalPlacer { reading, .. } => (CrystalPlacer::dispute(), reading.name()),
            Ruled::DashRow { reading, .. } => (DashRows::dispute(), reading.name()),
            Ruled::Tiebreak { reading } => (Tiebreak::dispute(), reading.name()),
            Ruled::ZapNothing { reading, .. } => (ZapOptional::dispute(), reading.name()),
            Ruled::FirstTurnPass { reading, .. } => (FirstTurn::dispute(), reading.name()),
            Ruled::MudArrival { reading, .. } => (MudEntered::dispute(), reading.name()),
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

    /// Each enum's readings, by name, in its order.
    fn names<T: Copy>(all: &[T], name: fn(T) -> &'static str) -> Vec<&'static str> {
        all.iter().map(|&r| name(r)).collect()
    }

    #[test]
    fn each_enum_lists_its_disputes_readings_in_order_and_every_dispute_has_one() {
        let enums = [
            (
                CrystalPlacer::dispute(),
                names(CrystalPlacer::ALL, CrystalPlacer::name),
            ),
            (DashRows::dispute(), names(DashRows::ALL, DashRows::name)),
            (Tiebreak::dispute(), names(Tiebreak::ALL, Tiebreak::name)),
            (
                ZapOptional::dispute(),
                names(ZapOptional::ALL, ZapOptional::name),
            ),
            (FirstTurn::dispute(), names(FirstTurn::ALL, FirstTurn::name)),
            (
                MudEntered::dispute(),
                names(MudEntered::ALL, MudEntered::name),
            ),
        ];
        for (dispute, names) in &enums {
            let declared: Vec<&str> = dispute.readings.iter().map(|r| r.name).collect();
            assert_eq!(&declared, names, "{}", dispute.id);
        }
        let ids: Vec<&str> = enums.iter().map(|(d, _)| d.id).collect();
        let declared: Vec<&str> = DISPUTES.iter().map(|d| d.id).collect();
        assert_eq!(ids, declared);
    }

    #[test]
    fn the_derived_readings_follow_the_rulings_and_cite_as_they_do() {
        let defaults = Rulings::defaults(DISPUTES);
        assert_eq!(Readings::of(&defaults), Readings::default());
        // Every dispute's second reading, pinned.
        let pins: Vec<String> = DISPUTES
            .iter()
            .map(|d| format!("{}={}", d.id, d.readings[1].name))
            .collect();
        let pinned = defaults
            .pinned(&pins)
            .expect("every dispute's second reading");
        let readings = Readings::of(&pinned);
        assert_eq!(readings.crystal_placer, CrystalPlacer::ActivePlayer);
        assert_eq!(readings.dash_rows, DashRows::DashOnly);
        assert_eq!(readings.tiebreak, Tiebreak::Harvested);
        assert_eq!(readings.zap_optional, ZapOptional::Forced);
        assert_eq!(readings.first_turn, FirstTurn::Optional);
        assert_eq!(readings.mud_entered, MudEntered::OwnDrive);
        // Every reading a `Ruled` names is one its dispute has, and the
        // citation is the one `Rulings::cite` writes under that reading.
        let mut all = Vec::new();
        for &reading in CrystalPlacer::ALL {
            all.push(Ruled::CrystalPlacer { player: 0, reading });
        }
        for &reading in DashRows::ALL {
            all.push(Ruled::DashRow { robot: 0, reading });
        }
        for &reading in Tiebreak::ALL {
            all.push(Ruled::Tiebreak { reading });
        }
        for &reading in ZapOptional::ALL {
            all.push(Ruled::ZapNothing { target: 0, reading });
        }
        for &reading in FirstTurn::ALL {
            all.push(Ruled::FirstTurnPass { player: 0, reading });
        }
        for &reading in MudEntered::ALL {
            all.push(Ruled::MudArrival { robot: 0, reading });
        }
        for ruled in all {
            let (dispute, name) = ruled.ruling();
            let under = Rulings::defaults(DISPUTES)
                .pinned(&[format!("{}={name}", dispute.id)])
                .expect("a reading of the dispute");
            assert_eq!(ruled.cite(), under.cite(dispute));
        }
    }
}
