//! Disputed readings are declared by each game as the catalogue
//! (`../shared/games/disputes.md`) names them: its ids and reading names
//! are fixed, the default first. The catalogue's entries are pinned here
//! ([`CATALOGUE`]); where the catalogue itself is beside the repository,
//! the pin is checked against it too. `tinbots rulings` lists them.

use crate::common;

/// The catalogue's disputes: id and readings, the default first.
const CATALOGUE: &[(&str, &[&str])] = &[
    ("droids.damage-tiers", &["at-least", "exact"]),
    ("droids.steer-water", &["stop-before", "enter"]),
    ("droids.steer-from-water", &["stays", "leaves"]),
    ("droids.push-from-water", &["passive", "held"]),
    ("droids.void-order", &["counts", "out"]),
    ("droids.mine-pushed", &["explodes", "stepping-only"]),
    ("droids.repair-mines", &["any-move", "own-orders"]),
    ("droids.repair-corners", &["free-corners", "edge-middles"]),
    ("droids.container-home", &["set-down", "carried"]),
    ("droids.statue-home", &["set-down", "arrival"]),
    ("droids.statue-carrier-pushed", &["one-square", "free"]),
    ("droids.shelter-company", &["players-only", "alone"]),
    ("droids.killer-pace", &["per-order", "per-round"]),
    ("roborally.belts-into-pit", &["cancel", "fall"]),
    ("roborally.wake-empty-locked", &["idle", "from-deck"]),
    ("roborally.virtual-stack-laser", &["all", "first"]),
    ("ttb.crystal-placer", &["base-owner", "active-player"]),
    ("ttb.dash-rows", &["in-program", "dash-only"]),
    ("ttb.tiebreak", &["in-base", "harvested"]),
    ("ttb.zap-optional", &["optional", "forced"]),
    ("ttb.first-turn", &["each-robot", "optional"]),
    ("ttb.mud-entered", &["any-arrival", "own-drive"]),
];

/// The prefix of a game's dispute ids: its name, or `ttb` for Twin Tin
/// Bots (as the issue names its entries).
fn id_prefix(game: &str) -> &str {
    match game {
        "twin-tin-bots" => "ttb",
        other => other,
    }
}

/// Every dispute the games declare: (game, id, readings).
fn declared() -> Vec<(&'static str, &'static str, Vec<&'static str>)> {
    tinbots::games::ALL
        .iter()
        .flat_map(|g| {
            g.disputes
                .iter()
                .map(move |d| (g.name, d.id, d.readings.iter().map(|r| r.name).collect()))
        })
        .collect()
}

#[test]
fn every_game_declares_the_catalogue_s_disputes_as_named_default_first() {
    let declared = declared();
    for (id, readings) in CATALOGUE {
        let found = declared.iter().find(|(_, d, _)| d == id);
        let Some((game, _, names)) = found else {
            panic!("{id} is in the catalogue but no game declares it");
        };
        assert!(
            id.starts_with(&format!("{}.", id_prefix(game))),
            "{id} is declared by {game}"
        );
        assert_eq!(names, readings, "{id}: the readings, the default first");
    }
    for (game, id, names) in &declared {
        assert!(
            id.starts_with(&format!("{}.", id_prefix(game))),
            "{id} is declared by {game}"
        );
        assert!(names.len() >= 2, "{id} has at least two readings");
        assert!(
            CATALOGUE.iter().any(|(c, _)| c == id),
            "{id} is declared but not in the catalogue (add it there first)"
        );
    }
}

#[test]
fn every_declared_dispute_cites_its_seed_lines_and_says_what_each_reading_says() {
    for game in tinbots::games::ALL {
        for d in game.disputes {
            let (seed, lines) = d.lines.split_once(':').expect("SEED:LINES");
            assert!(
                seed.len() == 3 && seed.chars().all(|c| c.is_ascii_digit()),
                "{}",
                d.id
            );
            assert!(lines.chars().any(|c| c.is_ascii_digit()), "{}", d.id);
            assert!(
                !d.question.is_empty() && !d.question.ends_with('.'),
                "{}",
                d.id
            );
            for r in d.readings {
                assert!(
                    !r.says.is_empty() && !r.says.ends_with('.'),
                    "{}: {}",
                    d.id,
                    r.name
                );
            }
        }
    }
}

/// The pin above against the catalogue, when it is beside the repository.
#[test]
fn the_pin_is_the_catalogue_where_the_catalogue_is_at_hand() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/games/disputes.md");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipped: {} is not beside the repository", path.display());
        return;
    };
    let mut rows: Vec<(String, Vec<String>)> = Vec::new();
    for line in text.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = line.split(" | ").collect();
        let id = cells[0]
            .trim_start_matches("| ")
            .trim_matches('`')
            .to_string();
        let readings = cells.last().unwrap().split(" · ").map(|r| {
            r.trim_start_matches('`')
                .split('`')
                .next()
                .unwrap_or("")
                .to_string()
        });
        rows.push((id, readings.collect()));
    }
    assert!(rows.len() >= 16, "the catalogue's rows are read: {rows:?}");
    for (id, readings) in &rows {
        let pinned = CATALOGUE.iter().find(|(c, _)| c == id);
        let Some((_, names)) = pinned else {
            panic!("{id} is in the catalogue but not pinned here");
        };
        assert_eq!(
            names.to_vec(),
            readings.iter().map(String::as_str).collect::<Vec<_>>(),
            "{id}"
        );
    }
}

#[test]
fn tinbots_rulings_lists_each_game_s_disputes_with_the_default_marked() {
    let games = tinbots::games::registry();
    let (out, result) = common::in_process(&games, &["rulings", "--game", "droids"], "");
    assert!(result.is_ok());
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.starts_with("The readings each rule's text admits"),
        "{text}"
    );
    assert!(
        text.contains(
            "\n\ndroids.damage-tiers  (Droids)\n  a roll against the squares counted: what are double and triple or more?\n  \
             text: Droids rules, Shooting (lines 48-54)\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("    stop-before  (the default): water is among the obstacles"),
        "{text}"
    );
    assert_eq!(text.matches("(the default)").count(), 13, "{text}");
    let (out, _) = common::in_process(&games, &["rulings"], "");
    let all = String::from_utf8(out).unwrap();
    assert!(
        all.contains(
            "text: Twin Tin Bots rulebook, Dash (lines 309-311); \
             Twin Tin Bots online rules, Dash (line 185)\n"
        ),
        "{all}"
    );
    assert!(
        all.contains(
            "text: RoboRally rules (German), Virtual robots (lines 113-115), Laser beams (line 135)\n"
        ),
        "{all}"
    );
}
