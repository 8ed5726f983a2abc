//! The scenario file as TOML: the serde structures that mirror DESIGN.md's
//! format key for key. Every table refuses unknown keys, and every value that
//! is checked later (names, hexes, crystal values) keeps its span so that an
//! error can point at its line and column.

use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

/// A hex as written in a file: `[q, r]`, two numbers within
/// [`Hex::LIMIT`](crate::grid::hex::Hex::LIMIT) (checked as it is read).
pub(super) type HexSpec = Spanned<crate::grid::hex::Hex>;

/// A list of names, each with its span.
pub(super) type Names = Vec<Spanned<String>>;

/// A whole scenario file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ScenarioFile {
    /// Readings of disputed rules: `{ "ttb.dash-rows" = "dash-only" }`,
    /// each id and reading with its span.
    #[serde(default)]
    pub rulings: BTreeMap<Spanned<String>, Spanned<toml::Value>>,
    pub title: String,
    #[serde(default)]
    pub source: String,
    pub arena: Option<Spanned<String>>,
    pub players: Spanned<Names>,
    #[serde(default)]
    pub variants: Names,
    #[serde(default)]
    pub orders: Names,
    #[serde(default)]
    pub first_turn: bool,
    #[serde(default)]
    pub special_deck: Names,
    #[serde(default)]
    pub track: Vec<Spanned<u8>>,
    #[serde(default)]
    pub robot: Vec<RobotSpec>,
    #[serde(default)]
    pub crystal: Vec<CrystalSpec>,
    #[serde(default)]
    pub base: Vec<BaseSpec>,
    #[serde(default)]
    pub terrain: Vec<TerrainSpec>,
    #[serde(default)]
    pub hand: Vec<HandSpec>,
    pub turn: Option<Spanned<TurnSpec>>,
    #[serde(default)]
    pub expect: ExpectSpec,
}

/// `[[robot]]`
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RobotSpec {
    pub id: Spanned<String>,
    pub at: HexSpec,
    pub facing: Spanned<String>,
    pub carrying: Option<Spanned<u8>>,
    pub program: Option<Spanned<Names>>,
}

/// `[[crystal]]`
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct CrystalSpec {
    pub at: HexSpec,
    pub value: Spanned<u8>,
}

/// `[[base]]`
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct BaseSpec {
    pub owner: Spanned<String>,
    pub at: HexSpec,
    #[serde(default)]
    pub holds: Vec<Spanned<u8>>,
}

/// `[[terrain]]` (and `[[expect.terrain]]`): a kind of terrain that the
/// scenario's variants define, at a hex, with a colour (teleporters) or a
/// direction (`facing`, for kinds that have one).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TerrainSpec {
    pub kind: Spanned<String>,
    pub at: HexSpec,
    pub colour: Option<Spanned<String>>,
    pub facing: Option<Spanned<String>>,
}

/// `[[hand]]`
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct HandSpec {
    pub player: Spanned<String>,
    pub tiles: Names,
}

/// `[turn]`
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TurnSpec {
    pub changes: Option<Spanned<Names>>,
    pub choices: Option<Spanned<Names>>,
}

/// `[expect]`
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ExpectSpec {
    pub score: Option<Spanned<BTreeMap<String, u32>>>,
    pub game_over: Option<bool>,
    pub winner: Option<Spanned<String>>,
    pub winners: Option<Spanned<Names>>,
    #[serde(default)]
    pub ranking: Option<Spanned<Names>>,
    pub crystals_on_board: Option<u32>,
    #[serde(default)]
    pub events: Vec<String>,
    #[serde(default)]
    pub robot: Vec<RobotExpect>,
    #[serde(default)]
    pub crystal: Vec<CrystalExpect>,
    #[serde(default)]
    pub terrain: Vec<TerrainSpec>,
    #[serde(default)]
    pub hand: Vec<HandExpect>,
    #[serde(default)]
    pub refused: Vec<RefusedExpect>,
}

/// `[[expect.refused]]`: an answer the turn must refuse at the first
/// decision it answers, with a refusal whose text names `because` (a rule,
/// or the ruling `[ruling ID: READING]` that forbids it). It is tried on a
/// copy of the game: the turn goes on with `changes` and `choices`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RefusedExpect {
    pub answer: Spanned<String>,
    pub because: String,
}

/// `[[expect.robot]]`
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RobotExpect {
    pub id: Spanned<String>,
    pub at: Option<HexSpec>,
    pub facing: Option<Spanned<String>>,
    pub carrying: Option<Spanned<u8>>,
    pub program: Option<Spanned<Names>>,
}

/// `[[expect.crystal]]`
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct CrystalExpect {
    pub at: HexSpec,
    pub value: Spanned<u8>,
}

/// `[[expect.hand]]`
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct HandExpect {
    pub player: Spanned<String>,
    pub has: Names,
}
