//! The Lua API against its description (src/games/twin_tin_bots/lua/api.rs) and the editor
//! stubs generated from it (scripts/twin-tin-bots/api/tinbots.lua): the stub file is up
//! to date, every field a view serializes is described (and every
//! described field exists), and every described method exists on real
//! views. Registering a method that is not described panics
//! (`api::method`), so the bindings cannot grow past the stubs.

use std::collections::BTreeSet;

use tinbots::games::twin_tin_bots::game::Game;
use tinbots::games::twin_tin_bots::lua::api::{self, CLASSES};
use tinbots::games::twin_tin_bots::lua::LuaBot;
use tinbots::games::twin_tin_bots::setup::Setup;
use tinbots::script::Sandbox;

#[test]
fn api_stubs_file_is_generated_from_the_api_table() {
    let path = std::path::Path::new(api::STUBS);
    tinbots::script::api::check_stubs(&api::API, path).unwrap_or_else(|e| panic!("{e}"));
    let generated = api::stubs();
    for c in CLASSES {
        assert!(generated.contains(&format!("---@class {}\n", c.name)));
        for m in c.methods {
            assert!(generated.contains(&format!("function {}:{}(", c.name, m.name)));
        }
    }
}

fn keys(value: &serde_json::Value) -> BTreeSet<String> {
    value
        .as_object()
        .map(|o| o.keys().cloned().collect())
        .unwrap_or_default()
}

fn described(class: &str) -> BTreeSet<String> {
    api::class(class)
        .unwrap_or_else(|| panic!("no class {class}"))
        .fields
        .iter()
        .map(|f| f.0.to_string())
        .collect()
}

/// Every field serialized is described; every described field that is not
/// optional is serialized.
fn check_fields(class: &str, values: &[serde_json::Value]) {
    let described = described(class);
    let mut seen = BTreeSet::new();
    for v in values {
        seen.extend(keys(v));
    }
    assert!(!seen.is_empty(), "{class}: nothing to check");
    for k in &seen {
        assert!(described.contains(k), "{class}.{k} is not in the API table");
    }
    let class = api::class(class).unwrap();
    for (name, ty, _) in class.fields {
        assert!(
            seen.contains(*name) || ty.ends_with('?'),
            "{}.{name} is described but never there",
            class.name
        );
    }
}

#[test]
fn every_field_of_a_view_is_described_and_every_described_field_exists() {
    let game = Game::new(&Setup::standard(4).unwrap().position(2)).unwrap();
    let view = serde_json::to_value(game.view(0)).unwrap();
    let list = |name: &str| view[name].as_array().unwrap().clone();
    check_fields("View", std::slice::from_ref(&view));
    check_fields("RobotView", &list("robots"));
    check_fields("CrystalView", &list("crystals"));
    check_fields("BaseView", &list("bases"));
    check_fields("PlayerInfo", &list("players"));
    check_fields("DecisionView", &[view["decision"].clone()]);
}

#[test]
fn every_described_method_and_decision_field_exists_on_real_views() {
    let game = Game::new(&Setup::standard(2).unwrap().position(1)).unwrap();
    let view = api::class("View").unwrap();
    let decision = api::class("Decision").unwrap();
    let methods: Vec<String> = view
        .methods
        .iter()
        .map(|m| format!("{:?}", m.name))
        .collect();
    let fields: Vec<String> = decision
        .fields
        .iter()
        .map(|f| format!("{:?}", f.0))
        .collect();
    let source = format!(
        r#"
        local methods = {{ {} }}
        local fields = {{ {} }}
        return {{ choose = function(view, decision)
          local sim = view:simulate(1)
          for _, m in ipairs(methods) do
            assert(type(view[m]) == "function", "view:" .. m .. " is missing")
            assert(type(sim[m]) == "function", "sim:" .. m .. " is missing")
          end
          for _, f in ipairs(fields) do
            local ok, v = pcall(function() return decision[f] end)
            assert(ok, "decision." .. f .. " fails: " .. tostring(v))
          end
          assert(decision.kind and decision.count and decision.answers, "decision fields")
          assert(decision.no_such_field == nil, "unknown decision fields are nil")
          return 1
        end }}"#,
        methods.join(", "),
        fields.join(", ")
    );
    let mut bot = LuaBot::from_source("probe.lua", &source, Sandbox::new().unwrap()).unwrap();
    bot.try_choose(&game).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
#[should_panic(expected = "View:teleport is not in the API table")]
fn a_method_missing_from_the_api_table_cannot_be_registered() {
    api::method("View", "teleport");
}

/// The `lua` code block of docs/lua-api.md whose first line is `first`.
fn doc_block(first: &str) -> String {
    let doc = std::fs::read_to_string("docs/lua-api.md").unwrap();
    let start = doc
        .find(&format!("```lua\n{first}"))
        .unwrap_or_else(|| panic!("no block starting {first}"));
    let body = &doc[start + "```lua\n".len()..];
    body[..body.find("\n```").unwrap() + 1].to_string()
}

#[test]
fn the_documented_bot_and_order_are_the_shipped_files() {
    for path in [
        "scripts/twin-tin-bots/bots/examples/ahead.lua",
        "scripts/twin-tin-bots/orders/examples/reverse_load.lua",
    ] {
        let file = std::fs::read_to_string(path).unwrap();
        assert_eq!(
            doc_block(&format!("-- {path}")),
            file,
            "{path} and docs/lua-api.md differ"
        );
    }
}

#[test]
fn the_documented_bot_beats_the_random_bot() {
    use tinbots::bot::BotSpec;
    use tinbots::tournament::Tournament;
    let t = Tournament {
        game: tinbots::games::default_game(),
        options: tinbots::engine::GameOptions::default(),
        players: 2,
        games: 6,
        seed: 3,
        max_turns: 400,
        threads: 2,
    };
    let r = t
        .pairing(
            &BotSpec::parse("scripts/twin-tin-bots/bots/examples/ahead.lua"),
            &BotSpec::Random,
        )
        .unwrap();
    assert!(r.wins[0] >= 5.0, "{r:?}");
}
