//! What is being decided, and the answers to it.

use super::change::Change;
use crate::games::twin_tin_bots::pieces::{Colour, Crystal, PlayerId, RobotId};
use crate::grid::hex::{Direction, Hex};
use crate::script::text::shown;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Which program change of the turn is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChangeStep {
    /// The one change of an ordinary turn.
    Only,
    /// A second change, which plays the Double Modification tile; `pass`
    /// keeps the tile for later.
    Second,
    /// The very first turn: a placement on each robot. `placed` is the robot
    /// that already got its order, if any.
    FirstTurn {
        /// The robot already placed on this turn.
        placed: Option<RobotId>,
    },
}

/// The decision the game is waiting for, and who makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Decision {
    /// A program change by the active player.
    ProgramChange {
        /// The active player.
        player: PlayerId,
        /// Which change of the turn.
        step: ChangeStep,
    },
    /// What a zapped robot must do, chosen by the zapper's player.
    ZapEffect {
        /// The zapping player, who decides.
        player: PlayerId,
        /// The zapping robot.
        zapper: RobotId,
        /// The robot hit.
        target: RobotId,
    },
    /// Where a new crystal goes when the centre is taken, chosen by the
    /// owner of the base that received a crystal (FAQ Q1).
    CrystalPlacement {
        /// The base owner, who decides.
        player: PlayerId,
        /// The crystal entering play.
        crystal: Crystal,
    },
    /// Where a zapped piece of terrain (a blob) is pushed, chosen by the
    /// zapper's player: a direction, or nothing (000_f177823dad35ee93.txt:
    /// Blobs).
    ZapPush {
        /// The zapping player, who decides.
        player: PlayerId,
        /// The zapping robot.
        zapper: RobotId,
        /// Where the zapped piece stands.
        at: Hex,
    },
    /// Stepping mode only ([`super::Game::set_stepping`]): the game paused
    /// before the next primitive of the active player's programs. The one
    /// answer, [`Answer::Continue`], runs it.
    Continue {
        /// The active player.
        player: PlayerId,
    },
    /// Nothing: the game is over.
    GameOver,
}

impl Decision {
    /// The player deciding, if any.
    pub fn player(&self) -> Option<PlayerId> {
        match *self {
            Decision::ProgramChange { player, .. }
            | Decision::ZapEffect { player, .. }
            | Decision::CrystalPlacement { player, .. }
            | Decision::ZapPush { player, .. }
            | Decision::Continue { player } => Some(player),
            Decision::GameOver => None,
        }
    }

    /// The decision's kind as a key for views and scripts:
    /// `program_change`, `zap_effect`, `crystal_placement`, `zap_push`,
    /// `continue` or `game_over`.
    pub fn key(&self) -> &'static str {
        match self {
            Decision::ProgramChange { .. } => "program_change",
            Decision::ZapEffect { .. } => "zap_effect",
            Decision::CrystalPlacement { .. } => "crystal_placement",
            Decision::ZapPush { .. } => "zap_push",
            Decision::Continue { .. } => "continue",
            Decision::GameOver => "game_over",
        }
    }

    /// A short name of the kind of decision.
    pub fn kind_name(&self) -> &'static str {
        match self {
            Decision::ProgramChange { .. } => "a program change",
            Decision::ZapEffect { .. } => "a zap effect",
            Decision::CrystalPlacement { .. } => "a hex for the new crystal",
            Decision::ZapPush { .. } => "a direction to push the zapped piece (or `nothing`)",
            Decision::Continue { .. } => "a step (`continue`)",
            Decision::GameOver => "nothing (the game is over)",
        }
    }
}

/// The action a zapper forces on the zapped robot, or nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ZapEffect {
    /// Forward 1x.
    Forward1,
    /// Turn left.
    TurnLeft,
    /// Turn right.
    TurnRight,
    /// Load.
    Load,
    /// Unload.
    Unload,
    /// No effect (DESIGN.md decision 4: zap is optional).
    Nothing,
}

impl ZapEffect {
    /// Every choice, in the order DESIGN.md lists them.
    pub const ALL: [ZapEffect; 6] = [
        ZapEffect::Forward1,
        ZapEffect::TurnLeft,
        ZapEffect::TurnRight,
        ZapEffect::Load,
        ZapEffect::Unload,
        ZapEffect::Nothing,
    ];

    /// Name in files and commands.
    pub const fn name(self) -> &'static str {
        match self {
            ZapEffect::Forward1 => "forward_1",
            ZapEffect::TurnLeft => "turn_left",
            ZapEffect::TurnRight => "turn_right",
            ZapEffect::Load => "load",
            ZapEffect::Unload => "unload",
            ZapEffect::Nothing => "nothing",
        }
    }
}

impl fmt::Display for ZapEffect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for ZapEffect {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        ZapEffect::ALL
            .into_iter()
            .find(|e| e.name() == s.trim())
            .ok_or_else(|| {
                format!(
                    "`{}` is not a zap effect: expected forward_1, turn_left, turn_right, load, unload or nothing",
                    shown(s)
                )
            })
    }
}

/// An answer to a decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Answer {
    /// A program change.
    Change(Change),
    /// A zap effect.
    Zap(ZapEffect),
    /// A hex for a new crystal.
    Place(Hex),
    /// Run the next primitive (stepping mode).
    Continue,
    /// Push a zapped piece toward a direction, or leave it (`None`).
    Push(Option<Direction>),
}

impl Answer {
    /// The answers to [`Decision::ZapPush`]: each direction, then nothing.
    pub const PUSH_CHOICES: [Answer; 7] = [
        Answer::Push(Some(Direction::E)),
        Answer::Push(Some(Direction::SE)),
        Answer::Push(Some(Direction::SW)),
        Answer::Push(Some(Direction::W)),
        Answer::Push(Some(Direction::NW)),
        Answer::Push(Some(Direction::NE)),
        Answer::Push(None),
    ];

    /// A short name of the kind of answer.
    pub fn kind_name(&self) -> &'static str {
        match self {
            Answer::Change(_) => "a program change",
            Answer::Zap(_) => "a zap effect",
            Answer::Place(_) => "a hex for the new crystal",
            Answer::Continue => "`continue`",
            Answer::Push(_) => "a direction to push (or `nothing`)",
        }
    }
}

impl Answer {
    /// The answer as text, in the syntax of scenarios and the REPL: a
    /// program change (`place red.1 2 zap`), a zap effect (`turn_left`), a
    /// hex (`0,1`). Robots are named after `colours` (seating order).
    pub fn text(&self, colours: &[Colour]) -> String {
        match *self {
            Answer::Change(c) => c.to_text(colours),
            Answer::Zap(e) => e.name().to_string(),
            Answer::Place(h) => h.to_string(),
            Answer::Continue => "continue".to_string(),
            Answer::Push(Some(d)) => d.name().to_string(),
            Answer::Push(None) => "nothing".to_string(),
        }
    }

    /// Parses an answer to `decision` from text (see [`Answer::text`]).
    /// Whether it is legal is checked by [`super::Game::apply`].
    pub fn parse(decision: Decision, colours: &[Colour], text: &str) -> Result<Answer, String> {
        match decision {
            Decision::ProgramChange { .. } => Change::parse(colours, text).map(Answer::Change),
            Decision::ZapEffect { .. } => text.parse().map(Answer::Zap),
            Decision::CrystalPlacement { .. } => text
                .parse()
                .map(Answer::Place)
                .map_err(|e: crate::grid::hex::HexParseError| e.to_string()),
            Decision::ZapPush { .. } if text.trim() == "nothing" => Ok(Answer::Push(None)),
            Decision::ZapPush { .. } => text.parse().map(|d| Answer::Push(Some(d))).map_err(|_| {
                format!(
                    "`{}` is not a direction: expected E, SE, SW, W, NW, NE or nothing",
                    shown(text.trim())
                )
            }),
            Decision::Continue { .. } if text.trim() == "continue" => Ok(Answer::Continue),
            Decision::Continue { .. } => Err(format!(
                "the game is paused between orders: the answer is `continue`, not `{}`",
                shown(text.trim())
            )),
            Decision::GameOver => Err("the game is over: there is nothing left to decide".into()),
        }
    }
}

impl super::Game {
    /// An answer as text (see [`Answer::text`]).
    pub fn answer_text(&self, answer: Answer) -> String {
        answer.text(self.colours())
    }

    /// Parses an answer to the current decision from text (see
    /// [`Answer::text`]). Whether it is legal is checked by `apply`.
    pub fn parse_answer(&self, text: &str) -> Result<Answer, String> {
        Answer::parse(self.decision(), self.colours(), text)
    }
}
