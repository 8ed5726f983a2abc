//! Program changes: the five things a player may do to a program in step 1
//! of a turn, their text syntax, and which rule forbids an illegal one.

use super::error::RuleError;
use super::state::{Player, Robot, SLOTS};
use crate::games::twin_tin_bots::orders::Tile;
use crate::games::twin_tin_bots::pieces::{owner_of, seat_of, Colour, PlayerId, RobotId};
use crate::script::text::shown;
use serde::{Deserialize, Serialize};

/// One program change. Slots are 0-based here and 1-based in text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Change {
    /// Leave both programs as they are.
    Pass,
    /// Put a tile from the hand in a slot; a tile already there goes back to the hand.
    Place {
        /// The robot.
        robot: RobotId,
        /// Slot, 0-based.
        slot: u8,
        /// The tile.
        tile: Tile,
    },
    /// Swap two slots of one robot's program (tile and tile, or tile and empty slot).
    Swap {
        /// The robot.
        robot: RobotId,
        /// First slot, 0-based.
        a: u8,
        /// Second slot, 0-based.
        b: u8,
    },
    /// Take a tile out of a slot, back to the hand.
    Remove {
        /// The robot.
        robot: RobotId,
        /// Slot, 0-based.
        slot: u8,
    },
    /// Take every tile out of one robot's program, back to the hand.
    Reset {
        /// The robot.
        robot: RobotId,
    },
}

/// A robot's name: `<colour>.<1|2>`.
pub fn robot_name(colours: &[Colour], robot: RobotId) -> String {
    match colours.get(owner_of(robot)) {
        Some(c) => format!("{}.{}", c, robot % 2 + 1),
        None => format!("robot#{robot}"),
    }
}

/// Parses a robot name `<colour>.<1|2>` against the seated colours.
pub fn parse_robot(colours: &[Colour], text: &str) -> Result<RobotId, String> {
    let bad = || {
        format!(
            "`{}` is not a robot: expected <colour>.<1|2>, such as red.1",
            shown(text)
        )
    };
    let (c, n) = text.trim().split_once('.').ok_or_else(bad)?;
    let colour: Colour = c.parse().map_err(|_| bad())?;
    let n: usize = match n {
        "1" => 0,
        "2" => 1,
        _ => return Err(bad()),
    };
    let seat = seat_of(colours, colour)?;
    Ok(2 * seat + n)
}

fn parse_slot(text: &str) -> Result<u8, String> {
    match text.trim().parse::<u8>() {
        Ok(n @ 1..=3) => Ok(n - 1),
        _ => Err(format!(
            "`{}` is not a slot: slots are 1, 2 and 3, left to right",
            shown(text)
        )),
    }
}

impl Change {
    /// Parses DESIGN.md syntax: `pass`, `place <robot> <slot> <tile>`,
    /// `swap <robot> <slot> <slot>`, `remove <robot> <slot>`, `reset <robot>`.
    pub fn parse(colours: &[Colour], text: &str) -> Result<Change, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let usage =
            |form: &str| format!("`{}` is malformed: expected `{form}`", shown(text.trim()));
        match words.as_slice() {
            ["pass"] => Ok(Change::Pass),
            ["place", r, s, t] => Ok(Change::Place {
                robot: parse_robot(colours, r)?,
                slot: parse_slot(s)?,
                tile: t.parse().map_err(
                    |e: crate::games::twin_tin_bots::orders::TileParseError| e.to_string(),
                )?,
            }),
            ["place", ..] => Err(usage("place <robot> <slot> <tile>")),
            ["swap", r, a, b] => Ok(Change::Swap {
                robot: parse_robot(colours, r)?,
                a: parse_slot(a)?,
                b: parse_slot(b)?,
            }),
            ["swap", ..] => Err(usage("swap <robot> <slot> <slot>")),
            ["remove", r, s] => Ok(Change::Remove {
                robot: parse_robot(colours, r)?,
                slot: parse_slot(s)?,
            }),
            ["remove", ..] => Err(usage("remove <robot> <slot>")),
            ["reset", r] => Ok(Change::Reset {
                robot: parse_robot(colours, r)?,
            }),
            ["reset", ..] => Err(usage("reset <robot>")),
            ["pass", ..] => Err(usage("pass")),
            _ => Err(format!(
                "`{}` is not a program change: expected pass, place, swap, remove or reset",
                shown(text.trim())
            )),
        }
    }

    /// The change in DESIGN.md syntax.
    pub fn to_text(self, colours: &[Colour]) -> String {
        let rn = |r| robot_name(colours, r);
        match self {
            Change::Pass => "pass".into(),
            Change::Place { robot, slot, tile } => {
                format!("place {} {} {}", rn(robot), slot + 1, tile)
            }
            Change::Swap { robot, a, b } => format!("swap {} {} {}", rn(robot), a + 1, b + 1),
            Change::Remove { robot, slot } => format!("remove {} {}", rn(robot), slot + 1),
            Change::Reset { robot } => format!("reset {}", rn(robot)),
        }
    }

    /// The robot the change touches, if any.
    pub fn robot(self) -> Option<RobotId> {
        match self {
            Change::Pass => None,
            Change::Place { robot, .. }
            | Change::Swap { robot, .. }
            | Change::Remove { robot, .. }
            | Change::Reset { robot } => Some(robot),
        }
    }

    /// Checks the change against the rules for `player` (own robot, tile in
    /// hand, slot contents). Turn-level rules (first turn, how many changes)
    /// are checked by the game.
    pub fn check(
        self,
        colours: &[Colour],
        player: PlayerId,
        hand_owner: &Player,
        robots: &[Option<Robot>],
    ) -> Result<(), RuleError> {
        let Some(robot_id) = self.robot() else {
            return Ok(());
        };
        if owner_of(robot_id) != player {
            return Err(RuleError::NotYourRobot {
                robot: robot_name(colours, robot_id),
            });
        }
        let robot = robots
            .get(robot_id)
            .and_then(Option::as_ref)
            .ok_or_else(|| RuleError::NoSuchRobot {
                robot: robot_name(colours, robot_id),
            })?;
        let slot_ok = |s: u8| {
            if (s as usize) < SLOTS {
                Ok(())
            } else {
                Err(RuleError::NoSuchSlot { slot: s })
            }
        };
        match self {
            Change::Pass => Ok(()),
            Change::Place { slot, tile, .. } => {
                slot_ok(slot)?;
                if !tile.is_placeable() {
                    return Err(RuleError::DoubleModificationIsNotPlaced);
                }
                if !hand_owner.hand.has(tile) {
                    return Err(RuleError::TileNotInHand { tile });
                }
                Ok(())
            }
            Change::Swap { a, b, .. } => {
                slot_ok(a)?;
                slot_ok(b)?;
                if a == b {
                    return Err(RuleError::SwapSameSlot);
                }
                if robot.program[a as usize].is_none() && robot.program[b as usize].is_none() {
                    return Err(RuleError::SwapTwoEmptySlots);
                }
                Ok(())
            }
            Change::Remove { slot, .. } => {
                slot_ok(slot)?;
                if robot.program[slot as usize].is_none() {
                    return Err(RuleError::SlotEmpty {
                        robot: robot_name(colours, robot_id),
                        slot,
                    });
                }
                Ok(())
            }
            Change::Reset { .. } => {
                if robot.program.iter().all(Option::is_none) {
                    return Err(RuleError::ProgramEmpty {
                        robot: robot_name(colours, robot_id),
                    });
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const C: [Colour; 2] = [Colour::Red, Colour::Blue];

    #[test]
    fn text_round_trips() {
        for text in [
            "pass",
            "place blue.2 3 forward_2",
            "swap red.1 1 3",
            "remove red.2 2",
            "reset blue.1",
        ] {
            let c = Change::parse(&C, text).unwrap();
            assert_eq!(c.to_text(&C), text);
        }
    }

    #[test]
    fn malformed_changes_say_the_expected_form() {
        assert!(Change::parse(&C, "place red.1 4 zap")
            .unwrap_err()
            .contains("slots are 1, 2 and 3"));
        assert!(Change::parse(&C, "place red.1 2")
            .unwrap_err()
            .contains("place <robot> <slot> <tile>"));
        assert!(Change::parse(&C, "place green.1 2 zap")
            .unwrap_err()
            .contains("not playing"));
        assert!(Change::parse(&C, "place red.3 2 zap")
            .unwrap_err()
            .contains("not a robot"));
        assert!(Change::parse(&C, "jump")
            .unwrap_err()
            .contains("not a program change"));
        assert!(Change::parse(&C, "place red.1 1 warp")
            .unwrap_err()
            .contains("not an order tile"));
    }
}
