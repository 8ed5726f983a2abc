//! The record of a game's start, as JSON (a replay's `start`): the mission
//! file's text, the tile file's text, the players and the seed. With the
//! answers it gives the game again ([`resume`]).

use serde_json::{json, Value};

use crate::engine::Refusal;

use super::super::board::Mission;
use super::super::tiles::TileMix;
use super::Game;

/// The version of the start record this tinbots writes and reads.
pub const VERSION: u64 = 1;

/// A start record: everything [`resume`] needs.
pub fn start_value(
    mission_file: &str,
    mission_text: &str,
    mix_text: &str,
    players: usize,
    seed: u64,
) -> Value {
    json!({
        "version": VERSION,
        "mission_file": mission_file,
        "mission": mission_text,
        "tiles": mix_text,
        "players": players,
        "seed": seed,
    })
}

/// A game at its start, from its start record; the refusal names the field.
pub fn resume(record: &Value) -> Result<Game, Refusal> {
    let field = |key: &str| {
        record
            .get(key)
            .ok_or_else(|| Refusal::new(format!("start record: `{key}` is missing")))
    };
    let text = |key: &str| {
        field(key)?
            .as_str()
            .ok_or_else(|| Refusal::new(format!("start record: `{key}` is not text")))
    };
    let number = |key: &str| {
        field(key)?
            .as_u64()
            .ok_or_else(|| Refusal::new(format!("start record: `{key}` is not a whole number")))
    };
    let version = number("version")?;
    if version != VERSION {
        return Err(Refusal::new(format!(
            "start record version {version}: this tinbots reads version {VERSION}"
        )));
    }
    let file = text("mission_file")?;
    let mission = Mission::parse(&format!("start record mission ({file})"), text("mission")?)
        .map_err(|e| Refusal::new(e.to_string()))?;
    let mix = TileMix::parse("start record tiles", text("tiles")?)
        .map_err(|e| Refusal::new(e.to_string()))?;
    let players = usize::try_from(number("players")?)
        .map_err(|_| Refusal::new("start record: `players` is too large"))?;
    Game::with_mix(mission, players, number("seed")?, &mix)
}
