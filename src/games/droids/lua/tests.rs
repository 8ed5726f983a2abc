//! The Droids Lua bot API: its stubs are generated from its description,
//! every field a bot gets is described, and the built-in random bot in
//! Lua plays whole games.

use std::collections::BTreeSet;

use mlua::{Lua, Table};

use super::{api, decision, view, DroidsLuaBot};
use crate::assets::AssetFile;
use crate::engine::DynState;
use crate::games::droids::board::Mission;
use crate::games::droids::game::Game;
use crate::games::droids::mission::Chosen;
use crate::games::droids::tiles::TileMix;

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
    let v = view(&lua, &g, seat, None).expect("a view");
    let simulated_only: BTreeSet<String> = ["over", "winners"].map(String::from).into();
    assert_eq!(
        keys(&v),
        &described("DrView") - &simulated_only,
        "simulate is a method, on the real view only"
    );
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

/// Plays `game` with `bot` in every seat for at most `answers` answers.
fn play_with(
    bot: &mut dyn crate::bot::Bot,
    mut g: Box<dyn DynState>,
    answers: usize,
) -> Box<dyn DynState> {
    for _ in 0..answers {
        if g.is_over() {
            break;
        }
        let i = bot.choose(g.as_ref()).unwrap_or_else(|e| panic!("{e}"));
        g.apply_index(i).expect("a legal answer");
    }
    g
}

/// A new game of the built-in mission `name` with its script.
fn mission_game(name: &str, players: usize, seed: u64) -> Box<dyn DynState> {
    let (m, hooks) = Chosen::find(name)
        .and_then(|c| c.load())
        .expect("a built-in mission");
    Box::new(Game::with_rules(m, players, seed, TileMix::standard(), hooks).expect("a game"))
}

#[test]
fn simulate_returns_the_view_after_the_answers_and_names_a_bad_one() {
    let dir = std::env::temp_dir().join(format!("tinbots-droids-sim-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp folder");
    let path = dir.join("probe.lua");
    std::fs::write(
        &path,
        r#"return { name = "probe", choose = function(view, decision)
  if decision.kind == "up" then
    local after = view:simulate({ decision.answers[1] })
    assert(after.simulate == nil, "no simulate on a simulated view")
    assert(type(after.over) == "boolean" and #after.robots == #view.robots)
    assert(after.me == view.me and after.round >= view.round)
    local whole = view:simulate({ decision.answers[1] }, true)
    assert(whole.over or whole.round > view.round, "to the round's end")
    local ok, err = pcall(view.simulate, view, { "up 99" })
    assert(not ok and string.find(tostring(err), 'simulate: answer "up 99"', 1, true), tostring(err))
  end
  if decision.kind == "lay" then
    -- Red tiles (the first draw) in the robot's own column: it runs them.
    for _, r in ipairs(view.robots) do
      if r.name == view.me then
        for _, a in ipairs(decision.answers) do
          if string.match(a, " at " .. r.x .. "$") then return a end
        end
      end
    end
    return "stop"
  end
  return 1
end }"#,
    )
    .expect("written");
    let mut bot = DroidsLuaBot::boxed(&AssetFile::Disk(path), 1).expect("the probe loads");
    let g = play_with(bot.as_mut(), mission_game("challenge", 2, 3), 400);
    // Each seat ran a tile (so the `up` asserts ran) and none is out.
    assert!(
        g.turn() > 1 && !g.is_over(),
        "the probe played past the first round"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_goal_bot_looks_ahead_through_every_mission() {
    let file = AssetFile::BuiltIn("scripts/droids/bots/goal.lua".into());
    for (name, players) in [
        ("challenge", 2),
        ("mines", 3),
        ("containers", 2),
        ("shelter", 2),
        ("statue", 2),
        ("labyrinth", 2),
        ("killer", 1),
        ("challenge-teams", 4),
    ] {
        let mut bot = DroidsLuaBot::boxed(&file, 1).expect("the built-in bot loads");
        let g = play_with(bot.as_mut(), mission_game(name, players, 2), 600);
        assert!(
            g.turn() > 1 || g.is_over(),
            "{name}: the goal bot played on"
        );
    }
}

/// A bot from `source` in a default sandbox.
fn scripted(source: &str) -> DroidsLuaBot {
    let sandbox = crate::script::Sandbox::new().expect("a sandbox");
    DroidsLuaBot::from_source("bots/lazy.lua", source, sandbox).expect("the script loads")
}

/// A game of mission 1 at its first lay (a decision of many answers).
fn at_a_lay() -> Game {
    let mut g = Game::new(Mission::find("challenge").expect("mission 1"), 2, 1).expect("a game");
    while g.phase() != crate::games::droids::game::Phase::Lay {
        g.apply_index(0).expect("legal");
    }
    g
}

#[test]
fn the_answers_are_read_on_demand_as_a_whole_list() {
    let g = at_a_lay();
    let texts: Vec<String> = (0..g.legal_count())
        .filter_map(|i| g.legal_text(i))
        .collect();
    assert!(texts.len() > 10, "a lay has many answers: {texts:?}");
    // `#`, indexing, `ipairs` and `pairs` see the same list, and an index
    // past it is nil.
    let mut bot = scripted(
        "return { choose = function(view, d)\n\
           local a = d.answers\n\
           local seen, paired = {}, 0\n\
           for i, text in ipairs(a) do seen[i] = text end\n\
           for i, text in pairs(a) do assert(seen[i] == text); paired = paired + 1 end\n\
           assert(a[#a + 1] == nil and a[0] == nil and a.x == nil)\n\
           print(#a, paired, #seen, a[1], a[#a])\n\
           return #a\n\
         end }",
    );
    let chosen = bot.try_choose(&g).unwrap_or_else(|e| panic!("{e}"));
    let n = texts.len();
    assert_eq!(chosen, n - 1, "the last answer");
    assert_eq!(
        bot.take_output(),
        format!("{n}\t{n}\t{n}\t{}\t{}\n", texts[0], texts[n - 1])
    );
}

#[test]
fn an_answers_list_kept_from_an_earlier_decision_is_stale() {
    let g = at_a_lay();
    // Kept, then read in a decision that never asked for its own answers.
    let mut bot = scripted(
        "local kept\n\
         return { choose = function(view, d)\n\
           if kept then return kept[2] end\n\
           kept = d.answers\n\
           return 1\n\
         end }",
    );
    bot.try_choose(&g).expect("keeps the answers");
    let err = bot.try_choose(&g).expect_err("stale").to_string();
    assert!(err.contains("lazy.lua:3:"), "{err}");
    assert!(err.contains("this answers list is stale"), "{err}");
}
