//! The TOML of a RoboRally scenario file as serde reads it (the design's
//! RoboRally page, "Scenario files"): every table and key, with its span
//! for error messages; unknown keys are refused.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

use crate::grid::square::Square;

/// A direction as files write it.
#[derive(Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Dir {
    N,
    E,
    S,
    W,
}

/// The whole file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawScenario {
    pub game: Spanned<String>,
    pub title: String,
    #[serde(default)]
    pub source: String,
    pub board: Option<Spanned<toml::Value>>,
    #[serde(default)]
    pub option_deck: Vec<Spanned<String>>,
    #[serde(default)]
    pub variants: Option<Spanned<Vec<String>>>,
    /// The readings of disputed rules it is played under, by dispute id
    /// (`rulings = { "roborally.belts-into-pit" = "fall" }`).
    #[serde(default)]
    pub rulings: BTreeMap<String, Spanned<toml::Value>>,
    #[serde(default)]
    pub robot: Vec<RawRobot>,
    #[serde(default)]
    pub turn: RawTurn,
    #[serde(default)]
    pub expect: RawExpect,
}

/// A `[[robot]]`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawRobot {
    pub id: Spanned<String>,
    pub at: Option<Spanned<Square>>,
    pub facing: Option<Spanned<Dir>>,
    pub damage: Option<Spanned<i64>>,
    pub lives: Option<Spanned<i64>>,
    pub flags: Option<Spanned<i64>>,
    pub archive: Option<Spanned<Square>>,
    #[serde(rename = "virtual", default)]
    pub virtual_robot: bool,
    #[serde(default)]
    pub powered_down: bool,
    #[serde(default)]
    pub power_down_announced: bool,
    pub destroyed: Option<Spanned<bool>>,
    #[serde(default)]
    pub program: Option<Spanned<Vec<Spanned<String>>>>,
    #[serde(default)]
    pub options: Vec<Spanned<String>>,
    /// Cards in its hand: without a `program`, the turn is programmed
    /// from them; beside a `program`, they are only held (for the options
    /// that act on a hand).
    pub hand: Option<Spanned<Vec<Spanned<String>>>>,
}

/// `[turn]`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct RawTurn {
    #[serde(default)]
    pub begin: bool,
    pub registers: Option<Spanned<i64>>,
    #[serde(default)]
    pub choices: Vec<Spanned<String>>,
}

/// `[expect]`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct RawExpect {
    pub game_over: Option<bool>,
    pub winners: Option<Vec<Spanned<String>>>,
    #[serde(default)]
    pub robot: Vec<RawExpectRobot>,
    #[serde(default)]
    pub flag: Vec<RawExpectFlag>,
}

/// An `[[expect.flag]]`: where a flag stands after the turn (a variant's
/// moving flags).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawExpectFlag {
    pub number: Spanned<i64>,
    pub at: Square,
}

/// An `[[expect.robot]]`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawExpectRobot {
    pub id: Spanned<String>,
    pub at: Option<Square>,
    pub facing: Option<Dir>,
    pub damage: Option<i64>,
    pub lives: Option<i64>,
    pub destroyed: Option<bool>,
    pub flags: Option<i64>,
    pub archive: Option<Square>,
    #[serde(rename = "virtual")]
    pub virtual_robot: Option<bool>,
    pub powered_down: Option<bool>,
    pub power_down_announced: Option<bool>,
    pub locked: Option<Vec<i64>>,
    pub options: Option<Vec<String>>,
    pub hand_size: Option<i64>,
}
