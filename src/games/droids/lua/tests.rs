//! The Droids Lua bot API: its stubs are generated from its description,
//! every field a bot gets is described, and the built-in random bot in
//! Lua plays whole games.

use std::collections::BTreeSet;

use mlua::{Lua, Table};

use super::super::board::Mission;
use super::super::game::Game;
use super::{api, decision, view, DroidsLuaBot};
use crate::assets::AssetFile;
use crate::engine::DynState;

#[test]
fn droids_api_stubs_are_generated_from_the_description() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(api::STUBS);
    crate::script::api::check_stubs(&api::API, &path).unwrap_or_else(|e| panic!("{e}"));
}

/// The keys of a table.
fn keys(t: &Table) -> BTreeSet<String> {
    t.pairs::<String, mlua::Value>()
        .filter_map(Result::ok)
        .map(|(k, _)| k)
        .collect()
}

/// The fields of a described class.
fn described(class: &str) -> BTreeSet<String> {
    api::API
        .class(class)
        .expect("described")
        .fields
        .iter()
        .map(|f| f.0.to_string())
        .collect()
}

#[test]
fn every_field_a_bot_gets_is_described() {
    let mut g = Game::new(Mission::find("challenge").expect("mission 1"), 2, 1).expect("a game");
    // Through the set-up, into the draw.
    while g.legal_text(0).is_some_and(|t| t.starts_with("place")) {
        g.apply_index(0).expect("legal");
    }
    g.apply_index(0).expect("a draw");
    let lua = Lua::new();
    let seat = g.to_decide().expect("a decision");
    let v = view(&lua, &g, seat).expect("a view");
    assert_eq!(keys(&v), described("DrView"));
    let robot: Table = v
        .get::<Table>("robots")
        .and_then(|r| r.get(1))
        .expect("a robot");
    assert!(keys(&robot).is_subset(&described("DrRobot")));
    assert!(keys(&robot).contains("x"));
    let d = decision(&lua, &g).expect("a decision");
    assert_eq!(keys(&d), described("DrDecision"));
}

#[test]
fn the_random_lua_bot_plays_whole_games() {
    let file = AssetFile::BuiltIn("scripts/droids/bots/random.lua".into());
    for seed in 1..=3 {
        let mut bot = DroidsLuaBot::boxed(&file, seed).expect("the built-in bot loads");
        let mut g: Box<dyn DynState> = Box::new(
            Game::new(Mission::find("challenge").expect("mission 1"), 3, seed).expect("a game"),
        );
        while !g.is_over() {
            let i = bot.choose(g.as_ref()).expect("an answer");
            g.apply_index(i).expect("a legal answer");
        }
        assert!(g.outcome().is_some());
    }
}
