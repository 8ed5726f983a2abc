//! The `random-terrain` variant (the online "Advanced Game",
//! 002_ae8ae07e801960f9.txt: "At Yucata there is a so called 'Advanced
//! Game' play variant which randomly adds Teleporters, Rocks, Blobs and/or
//! Mud"): its `setup` hook places a seeded random mix of terrain by the
//! rulebook's placement rule (000_f177823dad35ee93.txt: Teleporters, Rocks
//! and Blobs setup: "During setup, do not place Teleporters, Rocks or Blobs
//! on the board's outer ring, next to a Base, a Teleporter, a Blob or a
//! Rock."), and the games it deals play to the end.
//!
//! The amounts and the decisions where the rules are silent are those of
//! `variants/twin-tin-bots/random-terrain/variant.lua` and
//! `docs/variants/random-terrain.md`.

use std::collections::{BTreeMap, HashSet};

use tinbots::bot::{seat_seed, Bot, RandomBot};
use tinbots::games::twin_tin_bots::game::{Game, Position};
use tinbots::games::twin_tin_bots::orders::OrderBook;
use tinbots::games::twin_tin_bots::pieces::Colour;
use tinbots::games::twin_tin_bots::terrain::Terrain;
use tinbots::games::twin_tin_bots::variant::VariantSet;
use tinbots::grid::hex::Hex;
use tinbots::play::play_one;

const SEEDS: u64 = 200;

fn variant() -> VariantSet {
    VariantSet::load(&["random-terrain"]).expect("the random-terrain variant loads")
}

fn deal(set: &VariantSet, players: usize, seed: u64) -> Position {
    set.standard_position(players, seed, &[])
        .unwrap_or_else(|e| panic!("{players} players, seed {seed}: {e}"))
}

/// How many pieces of `kind` lie on the board.
fn count(p: &Position, kind: &str) -> usize {
    p.terrain
        .iter()
        .filter(|t| &*t.kind.as_str() == kind)
        .count()
}

/// The most of each kind the script may place: teleporter pairs, rocks and
/// blobs up to max(1, R - 2), mud up to one more.
fn most(radius: u32) -> usize {
    radius.saturating_sub(2).max(1) as usize
}

/// What stands on `h` other than terrain: a base, a robot or a crystal.
fn piece_on(p: &Position, h: Hex) -> Option<String> {
    if p.players.iter().any(|pl| pl.base == Some(h)) {
        return Some("a base".into());
    }
    if p.robots.iter().flatten().any(|r| r.at == h) {
        return Some("a robot".into());
    }
    if p.crystals.iter().any(|(at, _)| *at == h) {
        return Some("a crystal".into());
    }
    None
}

fn spaced(t: &Terrain) -> bool {
    matches!(&*t.kind.as_str(), "teleporter" | "rock" | "blob")
}

/// Every placement rule and amount, or what breaks it.
fn check_terrain(p: &Position) -> Result<(), String> {
    check_placement(p)?;
    // Up to three pairs, "yellow", "blue", "red" in that order.
    let colours: Vec<Colour> = p.terrain.iter().filter_map(|t| t.colour).collect();
    let pairs = colours.len() / 2;
    let expected = &[Colour::Yellow, Colour::Blue, Colour::Red][..pairs.min(3)];
    for c in &colours {
        if !expected.contains(c) {
            return Err(format!(
                "{pairs} teleporter pairs, one of them {c}: not {expected:?}"
            ));
        }
    }
    let m = most(p.arena.radius());
    for (kind, max) in [
        ("teleporter", 2 * m),
        ("rock", m),
        ("blob", m),
        ("mud", m + 1),
    ] {
        if count(p, kind) > max {
            return Err(format!("{} {kind}s: at most {max}", count(p, kind)));
        }
    }
    Ok(())
}

/// Every placement rule, or what breaks it.
fn check_placement(p: &Position) -> Result<(), String> {
    if p.terrain.is_empty() {
        return Err("no terrain at all".into());
    }
    let mut seen = HashSet::new();
    for t in &p.terrain {
        let what = format!("{} at {}", t.kind, t.at);
        if !matches!(&*t.kind.as_str(), "teleporter" | "rock" | "blob" | "mud") {
            return Err(format!("{what}: not a kind of the Advanced Game"));
        }
        if !p.arena.contains(t.at) {
            return Err(format!("{what}: off the board"));
        }
        // "do not place ... on the board's outer ring"; mud too (our decision).
        if p.arena.on_outer_ring(t.at) {
            return Err(format!("{what}: on the outer ring"));
        }
        // Our decision: the centre, where new crystals enter play, stays bare.
        if t.at == Hex::CENTRE {
            return Err(format!("{what}: on the centre"));
        }
        if !seen.insert(t.at) {
            return Err(format!("{what}: a second piece of terrain on that hex"));
        }
        if let Some(there) = piece_on(p, t.at) {
            return Err(format!("{what}: on {there}"));
        }
        // "... next to a Base, a Teleporter, a Blob or a Rock."
        if spaced(t) {
            for n in t.at.neighbours() {
                if p.players.iter().any(|pl| pl.base == Some(n)) {
                    return Err(format!("{what}: next to a base at {n}"));
                }
                if let Some(o) = p.terrain.iter().find(|o| o.at == n && spaced(o)) {
                    return Err(format!("{what}: next to {} at {n}", o.kind));
                }
            }
        }
        match (&*t.kind.as_str(), t.colour) {
            ("teleporter", Some(_)) => {}
            ("teleporter", None) => return Err(format!("{what}: no pair colour")),
            (_, Some(c)) => return Err(format!("{what}: has a colour {c}")),
            _ => {}
        }
    }
    // "Teleporters are always placed in pairs": two of each colour used.
    let mut pairs: BTreeMap<String, usize> = BTreeMap::new();
    for t in p
        .terrain
        .iter()
        .filter(|t| &*t.kind.as_str() == "teleporter")
    {
        *pairs.entry(t.colour.unwrap().to_string()).or_default() += 1;
    }
    if let Some((c, n)) = pairs.iter().find(|(_, n)| **n != 2) {
        return Err(format!("{n} {c} teleporters: they come in pairs"));
    }
    Ok(())
}

#[test]
fn terrain_keeps_the_placement_rule_for_every_seed_and_table() {
    let set = variant();
    for players in 2..=6 {
        for seed in 0..SEEDS {
            let p = deal(&set, players, seed);
            if let Err(e) = check_terrain(&p) {
                panic!("{players} players, seed {seed}: {e}\n{:?}", p.terrain);
            }
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_board_and_seeds_differ() {
    let set = variant();
    for players in 2..=6 {
        let mut boards = HashSet::new();
        for seed in 0..SEEDS {
            let a = deal(&set, players, seed);
            let b = deal(&set, players, seed);
            assert_eq!(a.terrain, b.terrain, "{players} players, seed {seed}");
            let mut key: Vec<String> = a.terrain.iter().map(|t| format!("{t:?}")).collect();
            key.sort();
            boards.insert(key);
        }
        // Seeds give different boards: nearly every one of them is new.
        assert!(
            boards.len() as u64 >= SEEDS * 9 / 10,
            "{players} players: only {} different boards in {SEEDS} seeds",
            boards.len()
        );
    }
}

#[test]
fn terrain_does_not_change_the_deal() {
    // The setup hook draws from a stream of its own: robots, crystals, the
    // track and the special deck are those of the plain game of that seed.
    let set = variant();
    let plain = VariantSet::none();
    for players in 2..=6 {
        for seed in 0..20 {
            let a = deal(&set, players, seed);
            let b = deal(&plain, players, seed);
            assert_eq!(a.robots, b.robots, "{players} players, seed {seed}");
            assert_eq!(a.crystals, b.crystals, "{players} players, seed {seed}");
            assert_eq!(a.track, b.track, "{players} players, seed {seed}");
            assert_eq!(a.special_deck, b.special_deck);
            assert!(b.terrain.is_empty());
        }
    }
}

#[test]
fn every_kind_and_amount_turns_up() {
    // "randomly adds Teleporters, Rocks, Blobs and/or Mud": across seeds,
    // each kind is sometimes absent and sometimes there at its most.
    let set = variant();
    for players in [2, 6] {
        let mut seen: BTreeMap<&str, HashSet<usize>> = BTreeMap::new();
        let mut radius = 0;
        for seed in 0..SEEDS {
            let p = deal(&set, players, seed);
            radius = p.arena.radius();
            for kind in ["teleporter", "rock", "blob", "mud"] {
                seen.entry(kind).or_default().insert(count(&p, kind));
            }
        }
        let m = most(radius);
        for (kind, max) in [
            ("teleporter", 2 * m),
            ("rock", m),
            ("blob", m),
            ("mud", m + 1),
        ] {
            let step = if kind == "teleporter" { 2 } else { 1 };
            for n in (0..=max).step_by(step) {
                assert!(
                    seen[kind].contains(&n),
                    "{players} players: never {n} {kind}s in {SEEDS} seeds: {:?}",
                    seen[kind]
                );
            }
        }
    }
}

#[test]
fn games_start_with_the_terrain_and_keep_the_invariants() {
    let set = variant();
    for players in 2..=6 {
        for seed in 0..SEEDS {
            let p = deal(&set, players, seed);
            let rules = set.rules(OrderBook::official()).expect("rules");
            let game = Game::with_rules(&p, rules)
                .unwrap_or_else(|e| panic!("{players} players, seed {seed}: {e}"));
            game.check_invariants()
                .unwrap_or_else(|e| panic!("{players} players, seed {seed}: {e}"));
            assert_eq!(game.position().terrain.len(), p.terrain.len());
        }
    }
}

/// The terrain that never moves (all but blobs), sorted.
fn fixed(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p
        .terrain
        .iter()
        .filter(|t| &*t.kind.as_str() != "blob")
        .map(|t| format!("{t:?}"))
        .collect();
    v.sort();
    v
}

#[test]
fn random_bot_games_play_to_the_end() {
    let set = variant();
    for players in 2..=6 {
        for seed in 0..4 {
            let p = deal(&set, players, seed);
            let mut game = Game::with_rules(&p, set.rules(OrderBook::official()).unwrap())
                .unwrap_or_else(|e| panic!("{players} players, seed {seed}: {e}"));
            let mut bots: Vec<Box<dyn Bot>> = (0..players)
                .map(|s| Box::new(RandomBot::new(seat_seed(seed, s))) as Box<dyn Bot>)
                .collect();
            let rocks_and_floors = fixed(&p);
            let blobs = count(&p, "blob");
            let mut answers = 0;
            while play_one(&mut game, &mut bots, 300)
                .unwrap_or_else(|e| panic!("{players} players, seed {seed}: {e}"))
                .is_some()
            {
                answers += 1;
                game.check_invariants().unwrap_or_else(|e| {
                    panic!("{players} players, seed {seed}, answer {answers}: {e}")
                });
                let now = game.position();
                assert_eq!(fixed(&now), rocks_and_floors, "rocks and floors never move");
                assert_eq!(count(&now, "blob"), blobs, "blobs are never lost");
            }
            assert!(game.is_over(), "{players} players, seed {seed}");
            assert!(answers > 0);
        }
    }
}

#[test]
fn a_crowded_board_places_fewer_and_never_fails() {
    // The same script asked for far more than fits (30 of each, always, and
    // six teleporter colours): it places what the rule allows, keeps
    // teleporters in pairs even when the second of a pair finds no hex, and
    // never fails.
    let dir = std::env::temp_dir().join(format!("tinbots-random-terrain-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for name in ["teleporters", "rocks", "blobs", "mud", "random-terrain"] {
        let to = dir.join(name);
        std::fs::create_dir_all(&to).unwrap();
        for file in ["variant.toml", "variant.lua"] {
            std::fs::copy(
                format!("variants/twin-tin-bots/{name}/{file}"),
                to.join(file),
            )
            .unwrap();
        }
    }
    let script = dir.join("random-terrain/variant.lua");
    let text = std::fs::read_to_string(&script).unwrap();
    let mut crowded = text.clone();
    for (draw, all) in [
        (
            "local most = math.max(1, s.arena_radius - 2)",
            "local most = 30",
        ),
        ("s:random(most + 1) - 1", "most"),
        ("s:random(most + 2) - 1", "most + 1"),
        (
            r#"local PAIR_COLOURS = { "yellow", "blue", "red" }"#,
            r#"local PAIR_COLOURS = { "yellow", "blue", "red", "green", "white", "black" }"#,
        ),
    ] {
        assert!(text.contains(draw), "the script no longer has `{draw}`");
        crowded = crowded.replace(draw, all);
    }
    std::fs::write(&script, crowded).unwrap();
    let set = VariantSet::load_from(&dir, &["random-terrain"]).unwrap();
    let mut short_of_pairs = 0;
    for players in 2..=6 {
        for seed in 0..40 {
            let p = deal(&set, players, seed);
            if count(&p, "teleporter") < 12 {
                short_of_pairs += 1;
            }
            if let Err(e) = check_placement(&p) {
                panic!(
                    "crowded, {players} players, seed {seed}: {e}\n{:?}",
                    p.terrain
                );
            }
            // The board is full: no hex is left where a rock or a blob
            // could go (mud came last, so a mud hex counts as free).
            for h in p.arena.hexes() {
                let taken =
                    piece_on(&p, h).is_some() || p.terrain.iter().any(|t| t.at == h && spaced(t));
                if taken || h == Hex::CENTRE || p.arena.on_outer_ring(h) {
                    continue;
                }
                let kept_off = h.neighbours().any(|n| {
                    p.players.iter().any(|pl| pl.base == Some(n))
                        || p.terrain.iter().any(|t| t.at == n && spaced(t))
                });
                assert!(
                    kept_off,
                    "crowded, {players} players, seed {seed}: {h} was left free"
                );
            }
            let game = Game::with_rules(&p, set.rules(OrderBook::official()).unwrap()).unwrap();
            game.check_invariants().unwrap();
        }
    }
    assert!(
        short_of_pairs > 0,
        "the board never ran out of room for teleporters"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
