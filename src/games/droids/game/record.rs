//! The record of a game's start, as JSON (a replay's `start`): the mission
//! file's text, its script's text and setting (when it has them), the tile
//! file's text, the players (and their colours, when they chose: mission
//! 7) and the seed. With the answers it gives the game again ([`resume`]).

use serde_json::{json, Value};

use crate::engine::{Refusal, Rulings};

use super::Game;
use crate::games::droids::board::{seating, PLAYER_COLOURS};
use crate::games::droids::mission::Chosen;
use crate::games::droids::rulings::DISPUTES;
use crate::games::droids::tiles::TileMix;

/// The version of the start record this tinbots writes and reads.
pub const VERSION: u64 = 1;

/// A start record: everything [`resume`] needs. `colours` is the colour
/// of each seat; a seating other than in order is kept as `colours`
/// (a record without it seats the colours in order).
pub fn start_value(
    mission: &Chosen,
    mix_text: &str,
    colours: &[usize],
    seed: u64,
    rulings: &Rulings,
) -> Value {
    let mut v = json!({
        "version": VERSION,
        "mission_file": mission.file,
        "mission": mission.text,
        "tiles": mix_text,
        "players": colours.len(),
        "seed": seed,
    });
    if colours != seating::in_order(colours.len()).as_slice() {
        let names: Vec<&str> = colours.iter().map(|c| PLAYER_COLOURS[*c]).collect();
        v["colours"] = json!(names);
    }
    if let Some((file, text)) = &mission.script {
        v["script_file"] = json!(file);
        v["script"] = json!(text);
    }
    if let Some(setting) = &mission.setting {
        v["setting"] = json!(setting);
    }
    if let Some(kept) = rulings.record() {
        v["rulings"] = kept;
    }
    v
}

/// The start record of a scenario's position (the REPL's `load`): the
/// scenario file as shown and its text.
/// The rulings are kept in full, so that they hold over the scenario's own.
pub fn scenario_value(file: &str, text: &str, rulings: &Rulings) -> Value {
    json!({
        "version": VERSION,
        "scenario_file": file,
        "scenario": text,
        "rulings": rulings.every_reading(),
    })
}

/// The keys a start record may hold: a mission's, or a scenario's.
const KEYS: [&str; 13] = [
    "version",
    "mission_file",
    "mission",
    "script_file",
    "script",
    "setting",
    "tiles",
    "players",
    "colours",
    "seed",
    "scenario_file",
    "scenario",
    "rulings",
];

/// A start record's keys, each read with its type checked.
struct Raw {
    version: u64,
    mission_file: Option<String>,
    mission: Option<String>,
    script_file: Option<String>,
    script: Option<String>,
    setting: Option<String>,
    tiles: Option<String>,
    players: Option<u64>,
    colours: Option<Vec<String>>,
    seed: Option<u64>,
    scenario_file: Option<String>,
    scenario: Option<String>,
}

impl Raw {
    /// Reads `record`: a table of the [`KEYS`] only, each of its type.
    fn read(record: &Value) -> Result<Raw, Refusal> {
        let refuse = |why: String| Refusal::new(format!("start record: {why}"));
        let object = record
            .as_object()
            .ok_or_else(|| refuse("not a table of keys".into()))?;
        if let Some(key) = object.keys().find(|k| !KEYS.contains(&k.as_str())) {
            return Err(refuse(format!(
                "`{}` is not a key of a Droids start record ({})",
                crate::script::text::shown(key),
                KEYS.join(", ")
            )));
        }
        let shown = |v: &Value| crate::script::text::shown(&v.to_string());
        let text = |key: &str| match object.get(key) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(v) => Err(refuse(format!("`{key}` is {}: text", shown(v)))),
        };
        let number = |key: &str| match object.get(key) {
            None => Ok(None),
            Some(v) => v.as_u64().map(Some).ok_or_else(|| {
                refuse(format!(
                    "`{key}` is {}: a whole number from 0 to {}",
                    shown(v),
                    u64::MAX
                ))
            }),
        };
        Ok(Raw {
            version: number("version")?.ok_or_else(|| refuse("`version` is missing".into()))?,
            mission_file: text("mission_file")?,
            mission: text("mission")?,
            script_file: text("script_file")?,
            script: text("script")?,
            setting: text("setting")?,
            tiles: text("tiles")?,
            players: number("players")?,
            colours: match object.get("colours") {
                None => None,
                Some(v) => Some(
                    v.as_array()
                        .and_then(|a| {
                            a.iter()
                                .map(|c| c.as_str().map(String::from))
                                .collect::<Option<Vec<String>>>()
                        })
                        .ok_or_else(|| {
                            refuse(format!("`colours` is {}: a list of colours", shown(v)))
                        })?,
                ),
            },
            seed: number("seed")?,
            scenario_file: text("scenario_file")?,
            scenario: text("scenario")?,
        })
    }
}

/// A game at its start, from its start record; the refusal names the field.
pub fn resume(record: &Value) -> Result<Game, Refusal> {
    let refuse = |why: String| Refusal::new(format!("start record: {why}"));
    let raw = Raw::read(record)?;
    let rulings = Rulings::from_record(DISPUTES, record).map_err(|e| refuse(e.0))?;
    if raw.version != VERSION {
        return Err(Refusal::new(format!(
            "start record version {}: this tinbots reads version {VERSION}",
            raw.version
        )));
    }
    let given = |key: &str, value: Option<String>| {
        value.ok_or_else(|| refuse(format!("`{key}` is missing")))
    };
    let mission_keys = [
        ("mission_file", raw.mission_file.is_some()),
        ("mission", raw.mission.is_some()),
        ("script_file", raw.script_file.is_some()),
        ("script", raw.script.is_some()),
        ("setting", raw.setting.is_some()),
        ("tiles", raw.tiles.is_some()),
        ("players", raw.players.is_some()),
        ("colours", raw.colours.is_some()),
        ("seed", raw.seed.is_some()),
    ];
    if raw.scenario.is_some() || raw.scenario_file.is_some() {
        if let Some((key, _)) = mission_keys.iter().find(|(_, given)| *given) {
            return Err(refuse(format!(
                "`{key}` is given with `scenario`: a record starts from a mission or a scenario"
            )));
        }
        let file = format!(
            "start record scenario ({})",
            given("scenario_file", raw.scenario_file)?
        );
        return crate::games::droids::scenario::position_text(
            &file,
            &given("scenario", raw.scenario)?,
            &rulings.every_pin(),
        )
        .map(|(game, _)| game)
        .map_err(|e| Refusal::new(e.to_string()));
    }
    let file = given("mission_file", raw.mission_file)?;
    let script = match (raw.script_file, raw.script) {
        (Some(f), Some(t)) => Some((format!("start record script ({f})"), t)),
        (None, None) => None,
        _ => return Err(refuse("`script_file` and `script` go together".into())),
    };
    let chosen = Chosen {
        file: format!("start record mission ({file})"),
        text: given("mission", raw.mission)?,
        script,
        setting: raw.setting,
    };
    let (mission, hooks) = chosen.load().map_err(Refusal::new)?;
    let mix = TileMix::read("start record tiles", &given("tiles", raw.tiles)?)
        .map_err(|e| Refusal::new(e.to_string()))?;
    let players = raw
        .players
        .ok_or_else(|| refuse("`players` is missing".into()))?;
    let players = usize::try_from(players)
        .ok()
        .filter(|n| (1..=PLAYER_COLOURS.len()).contains(n))
        .ok_or_else(|| refuse(format!("`players` is {players}: from 1 to 4")))?;
    let seed = raw.seed.ok_or_else(|| refuse("`seed` is missing".into()))?;
    let colours = mission
        .seating(players, raw.colours.as_deref().unwrap_or_default())
        .map_err(|e| refuse(format!("`colours`: {e}")))?;
    Game::seated(mission, colours, seed, &mix, hooks, rulings)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The start record of a game of a small mission whose rules are in
    /// `rules.lua`.
    fn with_script() -> Value {
        let chosen = Chosen {
            file: "m.toml".into(),
            text: "mission = 9\nname = \"t\"\nplayers = [2, 2]\nscript = \"rules.lua\"\nrows = [\"R...Y\"]\n"
                .into(),
            script: Some((
                "rules.lua".into(),
                "return { order_done = function(game) game:finish({}, 'x') end }".into(),
            )),
            setting: None,
        };
        let v = start_value(
            &chosen,
            crate::games::droids::tiles::standard_text(),
            &[0, 1],
            1,
            &crate::engine::Rulings::default(),
        );
        resume(&v).expect("the record resumes");
        v
    }

    fn refusal(record: &Value) -> String {
        resume(record).expect_err("refused").message
    }

    #[test]
    fn a_mission_whose_script_is_not_carried_is_refused() {
        // Before, the game was played without the mission's rules.
        let mut v = with_script();
        let o = v.as_object_mut().expect("a table");
        o.remove("script");
        o.remove("script_file");
        let e = refusal(&v);
        assert!(
            e.starts_with(
                "start record mission (m.toml): in `script`: the mission's rules are in \
                 \"rules.lua\", which is not given with it"
            ),
            "{e}"
        );
    }

    #[test]
    fn keys_and_numbers_are_read_strictly() {
        let mut v = with_script();
        v["scripts"] = json!("return {}");
        assert!(
            refusal(&v)
                .starts_with("start record: `scripts` is not a key of a Droids start record"),
            "{}",
            refusal(&v)
        );
        let mut v = with_script();
        v["players"] = json!(1u64 << 40);
        assert!(refusal(&v).contains("`players` is 1099511627776: from 1 to 4"));
        let mut v = with_script();
        v["seed"] = json!(-1);
        assert!(refusal(&v).contains("`seed` is -1: a whole number from 0 to"));
        let mut v = with_script();
        v["scenario"] = json!("x");
        assert!(refusal(&v).contains("is given with `scenario`"));
    }

    #[test]
    fn a_tile_mix_with_nothing_playable_is_refused() {
        let mut v = with_script();
        v["tiles"] = json!("[[stack]]\ncolour = \"blue\"\ntiles = [\"2 swim N\"]\n");
        assert!(
            refusal(&v).starts_with("mission t: no tile is left in play"),
            "{}",
            refusal(&v)
        );
        let mut v = with_script();
        v["tiles"] = json!("[[stack]]\ncolour = \"purple\"\ntiles = [\"+2 move1 N\"]\n");
        assert!(refusal(&v).contains("`+2` is not a count from 1 to 99"));
    }
}
