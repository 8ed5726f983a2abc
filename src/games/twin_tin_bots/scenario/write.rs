//! Writing a position as a scenario file (DESIGN.md format), so that a
//! position reached in the REPL can be filed as a rule-dispute test.
//!
//! The file holds the position: the arena; the seats, turned so that the
//! player to move comes first (the format's first seat is the active one);
//! the robots, loose crystals, bases with what they hold, hands, the track
//! and the special deck; then a `[turn]` and an `[expect]` to fill in. What
//! the format cannot say (the countdown, a played Double Modification,
//! other players' first turns) the caller lists as notes, written as
//! comments at the top.

use std::fmt::Write as _;

use crate::games::twin_tin_bots::game::Position;
use crate::games::twin_tin_bots::pieces::Crystal;

/// A TOML string literal.
fn quoted(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

fn list<T>(items: impl IntoIterator<Item = T>, f: impl Fn(T) -> String) -> String {
    let items: Vec<String> = items.into_iter().map(f).collect();
    format!("[{}]", items.join(", "))
}

/// The scenario file of `position`, titled `title`, with `notes` (lines
/// about what the file cannot hold) as comments at the top.
pub fn scenario_toml(
    position: &Position,
    title: &str,
    notes: &[String],
    variants: &[String],
) -> String {
    let mut s = String::new();
    for note in notes {
        let _ = writeln!(s, "# {note}");
    }
    // The format seats the player to move first.
    let n = position.players.len();
    let order: Vec<usize> = (0..n).map(|i| (position.active + i) % n).collect();
    let active = &position.players[position.active];
    let _ = writeln!(s, "title = {}", quoted(title));
    let _ = writeln!(s, "source = \"\"");
    let _ = writeln!(s, "arena = {}", quoted(&position.arena.name()));
    let _ = writeln!(
        s,
        "players = {}",
        list(&order, |&p| quoted(position.players[p].colour.name()))
    );
    if !variants.is_empty() {
        let _ = writeln!(s, "variants = {}", list(variants, |v| quoted(v)));
    }
    let _ = writeln!(s, "first_turn = {}", active.first_turn);
    let _ = writeln!(
        s,
        "special_deck = {}",
        list(&position.special_deck, |t| quoted(t.name()))
    );
    let _ = writeln!(
        s,
        "track = {}",
        list(&position.track, |c| c.value().to_string())
    );
    for r in position.robots.iter().flatten() {
        let owner = position.players[r.id / 2].colour;
        let _ = writeln!(s, "\n[[robot]]");
        let _ = writeln!(
            s,
            "id = {}",
            quoted(&format!("{}.{}", owner.name(), r.id % 2 + 1))
        );
        let _ = writeln!(s, "at = [{}, {}]", r.at.q, r.at.r);
        let _ = writeln!(s, "facing = {}", quoted(&r.facing.to_string()));
        let _ = writeln!(s, "carrying = {}", r.carrying.map_or(0, Crystal::value));
        let _ = writeln!(
            s,
            "program = {}",
            list(&r.program, |t| quoted(t.map_or("", |t| t.name())))
        );
    }
    for (at, c) in &position.crystals {
        let _ = writeln!(
            s,
            "\n[[crystal]]\nat = [{}, {}]\nvalue = {}",
            at.q,
            at.r,
            c.value()
        );
    }
    for p in &order {
        let player = &position.players[*p];
        let Some(at) = player.base else { continue };
        let _ = writeln!(s, "\n[[base]]\nowner = {}", quoted(player.colour.name()));
        let _ = writeln!(s, "at = [{}, {}]", at.q, at.r);
        let _ = writeln!(
            s,
            "holds = {}",
            list(player.delivered.iter(), |c| c.value().to_string())
        );
    }
    for t in &position.terrain {
        let _ = writeln!(s, "\n[[terrain]]\nkind = {}", quoted(&t.kind.as_str()));
        let _ = writeln!(s, "at = [{}, {}]", t.at.q, t.at.r);
        if let Some(c) = t.colour {
            let _ = writeln!(s, "colour = {}", quoted(c.name()));
        }
        if let Some(d) = t.facing {
            let _ = writeln!(s, "facing = {}", quoted(d.name()));
        }
    }
    for p in &order {
        let player = &position.players[*p];
        if player.hand.is_empty() {
            continue;
        }
        let _ = writeln!(s, "\n[[hand]]\nplayer = {}", quoted(player.colour.name()));
        let _ = writeln!(
            s,
            "tiles = {}",
            list(player.hand.iter(), |t| quoted(t.name()))
        );
    }
    s.push_str(
        "\n[turn]\nchanges = [\"pass\"]                # the turn to play: edit\n\n\
         [expect]                           # what must hold afterwards: fill in\n",
    );
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::twin_tin_bots::game::Game;
    use crate::games::twin_tin_bots::scenario::check_str;
    use crate::games::twin_tin_bots::setup::Setup;

    #[test]
    fn a_written_scenario_reads_back_as_the_same_position() {
        // A standard start, some turns in, so that programs and hands are full.
        let mut game = Game::new(&Setup::standard(3).unwrap().position(4)).unwrap();
        for _ in 0..12 {
            let a = game.legal_answer(game.legal_answer_count() / 2).unwrap();
            game.apply(a).unwrap();
        }
        let position = game.position();
        let text = scenario_toml(&position, "exported \"position\"", &["a note".into()], &[]);
        assert!(text.starts_with("# a note\ntitle = "), "{text}");
        let report = check_str("exported.toml", &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert!(report.passed(), "an empty [expect] passes: {text}");
        let scenario =
            crate::games::twin_tin_bots::scenario::Scenario::parse("exported.toml", &text).unwrap();
        assert_eq!(scenario.title(), "exported \"position\"");
        let reread = scenario.position;
        // Seats are rotated so that the player to move comes first.
        let n = position.players.len();
        for i in 0..n {
            let p = &position.players[(position.active + i) % n];
            let q = &reread.players[i];
            assert_eq!(
                (p.colour, p.base, p.hand, p.delivered),
                (q.colour, q.base, q.hand, q.delivered)
            );
        }
        assert_eq!(reread.track, position.track);
        assert_eq!(reread.special_deck, position.special_deck);
        let mut a = position.crystals.clone();
        let mut b = reread.crystals.clone();
        a.sort();
        b.sort();
        assert_eq!(a, b);
        let robots = |p: &Position| {
            p.robots
                .iter()
                .flatten()
                .map(|r| {
                    (
                        p.players[r.id / 2].colour,
                        r.id % 2,
                        r.at,
                        r.facing,
                        r.carrying,
                        r.program,
                    )
                })
                .collect::<std::collections::BTreeSet<_>>()
        };
        assert_eq!(robots(&position), robots(&reread));
    }

    #[test]
    fn terrain_and_variants_are_written_and_read_back() {
        // A blob pushed onto mud shares its hex: both are kept.
        let set =
            crate::games::twin_tin_bots::variant::VariantSet::load(&["random-terrain"]).unwrap();
        let has_mud = |p: &Position| p.terrain.iter().any(|t| &*t.kind.as_str() == "mud");
        let mut position = (0..)
            .map(|seed| set.standard_position(4, seed, &[]).unwrap())
            .find(has_mud)
            .unwrap();
        for p in &mut position.players {
            p.first_turn = false;
        }
        let mud = *position
            .terrain
            .iter()
            .find(|t| &*t.kind.as_str() == "mud")
            .unwrap();
        position
            .terrain
            .push(crate::games::twin_tin_bots::terrain::Terrain {
                kind: crate::games::twin_tin_bots::names::Name::intern("blob"),
                ..mud
            });
        let names = set.names();
        let text = scenario_toml(&position, "terrain", &[], &names);
        assert!(text.contains("variants = [\"teleporters\""), "{text}");
        let scenario = crate::games::twin_tin_bots::scenario::Scenario::parse("t.toml", &text)
            .unwrap_or_else(|e| panic!("{e}\n{text}"));
        let mut a = position.terrain.clone();
        let mut b = scenario.position.terrain.clone();
        a.sort_by_key(|t| (t.at.q, t.at.r, t.kind));
        b.sort_by_key(|t| (t.at.q, t.at.r, t.kind));
        assert_eq!(a, b);
        let report = check_str("t.toml", &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert!(report.passed());
    }
}
