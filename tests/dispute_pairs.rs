//! Every disputed reading of every game is pinned by a scenario (issue 30):
//! for each dispute a game declares, `scripts/<game>/scenarios/` holds one
//! file per reading, `ruling.<name>.<reading>.toml` (`<name>` is the id
//! without the game), all on one position. Each is played under its
//! reading (its own `rulings` table names it) and passes, and fails under
//! every other reading of the dispute, pinned as `--ruling` pins it: so
//! each reading is implemented and tells apart from the others.
//!
//! A reading that changes which answers are legal (`ttb.zap-optional`,
//! `ttb.first-turn`) may refuse the file's own answers: that counts as
//! failing only when the refusal cites that very reading (`[ruling ID:
//! READING]`); any other error is a problem. The file of the stricter
//! reading shows its refusal itself, with an `[[expect.refused]]` answer.

use std::path::{Path, PathBuf};

use tinbots::check::check_file;

/// The scenario folder of `game`.
fn folder(game: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scripts")
        .join(game)
        .join("scenarios")
}

/// The reading a scenario's own `rulings` table gives `id`.
fn reading_named(path: &Path, id: &str) -> Option<String> {
    let text = std::fs::read_to_string(path).ok()?;
    let table: toml::Table = text.parse().ok()?;
    table.get("rulings")?.get(id)?.as_str().map(str::to_string)
}

/// Whether an error is the refusal of an answer that the ruling `id` read
/// as `reading` forbids, citing it.
fn refused_citing(error: &str, id: &str, reading: &str) -> bool {
    error.contains("is not allowed") && error.contains(&format!("[ruling {id}: {reading}]"))
}

#[test]
fn a_refusal_counts_as_failing_only_when_it_cites_the_reading_pinned() {
    let refusal = "x.toml:3:4: illegal turn: `nothing` is not allowed: no (Zap!) [ruling ttb.zap-optional: forced]";
    assert!(refused_citing(refusal, "ttb.zap-optional", "forced"));
    assert!(!refused_citing(refusal, "ttb.zap-optional", "optional"));
    assert!(!refused_citing(refusal, "ttb.first-turn", "forced"));
    let unreadable =
        "x.toml:1:1: unknown key `rulings.\"ttb.zap-optional\"` [ruling ttb.zap-optional: forced]";
    assert!(!refused_citing(unreadable, "ttb.zap-optional", "forced"));
}

#[test]
fn each_reading_passes_its_scenario_and_every_other_reading_fails_it() {
    let games = tinbots::games::registry();
    let mut problems = Vec::new();
    let mut checked = 0;
    for game in games.all() {
        for dispute in game.disputes {
            let (_, name) = dispute.id.split_once('.').expect("ids are <game>.<name>");
            for reading in dispute.readings {
                let path = folder(game.name).join(format!("ruling.{name}.{}.toml", reading.name));
                let shown = path.display();
                if !path.is_file() {
                    problems.push(format!("{}={}: no {shown}", dispute.id, reading.name));
                    continue;
                }
                if reading_named(&path, dispute.id).as_deref() != Some(reading.name) {
                    problems.push(format!(
                        "{shown}: its `rulings` do not name `\"{}\" = \"{}\"`",
                        dispute.id, reading.name
                    ));
                }
                match check_file(&games, &path, Some(game), &[]) {
                    Ok(report) if report.passed() => {}
                    Ok(report) => problems.push(format!(
                        "{shown}: fails under its own reading: {:?}",
                        report.differences
                    )),
                    Err(e) => problems.push(format!("{shown}: {e}")),
                }
                for other in dispute.readings.iter().filter(|r| r.name != reading.name) {
                    let pin = format!("{}={}", dispute.id, other.name);
                    match check_file(&games, &path, Some(game), std::slice::from_ref(&pin)) {
                        Ok(report) if !report.passed() => {}
                        Ok(_) => problems.push(format!(
                            "{shown}: passes under --ruling {pin} too: it does not tell the readings apart"
                        )),
                        Err(e) if refused_citing(&e.to_string(), dispute.id, other.name) => {}
                        Err(e) => problems.push(format!("{shown} --ruling {pin}: {e}")),
                    }
                }
                checked += 1;
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(
        checked >= 2 * 15,
        "the catalogue's 15 disputes at least: {checked} files"
    );
}

#[test]
fn no_ruling_scenario_names_a_dispute_or_reading_the_game_lacks() {
    let games = tinbots::games::registry();
    let mut stale = Vec::new();
    for game in games.all() {
        let Ok(entries) = std::fs::read_dir(folder(game.name)) else {
            continue;
        };
        for entry in entries.flatten() {
            let file = entry.file_name().to_string_lossy().into_owned();
            let Some(rest) = file
                .strip_prefix("ruling.")
                .and_then(|r| r.strip_suffix(".toml"))
            else {
                continue;
            };
            let known = rest.rsplit_once('.').is_some_and(|(name, reading)| {
                game.disputes.iter().any(|d| {
                    d.id.split_once('.').map(|(_, n)| n) == Some(name)
                        && d.reading(reading).is_some()
                })
            });
            if !known {
                stale.push(format!("{}: {file}", game.name));
            }
        }
    }
    assert!(
        stale.is_empty(),
        "scenarios of no dispute's reading: {stale:?}"
    );
}
