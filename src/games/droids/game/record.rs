//! The record of a game's start, as JSON (a replay's `start`): the mission
//! file's text, its script's text and setting (when it has them), the tile
//! file's text, the players and the seed. With the answers it gives the
//! game again ([`resume`]).

use serde_json::{json, Value};

use crate::engine::Refusal;

use super::super::mission::Chosen;
use super::super::tiles::TileMix;
use super::Game;

/// The version of the start record this tinbots writes and reads.
pub const VERSION: u64 = 1;

/// A start record: everything [`resume`] needs.
pub fn start_value(mission: &Chosen, mix_text: &str, players: usize, seed: u64) -> Value {
    let mut v = json!({
        "version": VERSION,
        "mission_file": mission.file,
        "mission": mission.text,
        "tiles": mix_text,
        "players": players,
        "seed": seed,
    });
    if let Some((file, text)) = &mission.script {
        v["script_file"] = json!(file);
        v["script"] = json!(text);
    }
    if let Some(setting) = &mission.setting {
        v["setting"] = json!(setting);
    }
    v
}

/// The start record of a scenario's position (the REPL's `load`): the
/// scenario file as shown and its text.
pub fn scenario_value(file: &str, text: &str) -> Value {
    json!({ "version": VERSION, "scenario_file": file, "scenario": text })
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
    let optional = |key: &str| match record.get(key) {
        None => Ok(None),
        Some(v) => v
            .as_str()
            .map(|s| Some(s.to_string()))
            .ok_or_else(|| Refusal::new(format!("start record: `{key}` is not text"))),
    };
    if record.get("scenario").is_some() {
        let file = format!("start record scenario ({})", text("scenario_file")?);
        return super::super::scenario::position_text(&file, text("scenario")?)
            .map(|(game, _)| game)
            .map_err(|e| Refusal::new(e.to_string()));
    }
    let file = text("mission_file")?;
    let script = match (optional("script_file")?, optional("script")?) {
        (Some(f), Some(t)) => Some((format!("start record script ({f})"), t)),
        (None, None) => None,
        _ => {
            return Err(Refusal::new(
                "start record: `script_file` and `script` go together",
            ))
        }
    };
    let chosen = Chosen {
        file: format!("start record mission ({file})"),
        text: text("mission")?.to_string(),
        script,
        setting: optional("setting")?,
    };
    let (mission, hooks) = chosen.load().map_err(Refusal::new)?;
    let mix = TileMix::parse("start record tiles", text("tiles")?)
        .map_err(|e| Refusal::new(e.to_string()))?;
    let players = usize::try_from(number("players")?)
        .map_err(|_| Refusal::new("start record: `players` is too large"))?;
    Game::with_rules(mission, players, number("seed")?, &mix, hooks)
}
