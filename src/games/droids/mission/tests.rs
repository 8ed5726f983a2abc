//! Tests of mission scripts: every built-in mission reads and loads, and
//! bad scripts are refused (or, failing in play, end the game) naming the
//! script, the line and the cause.

use std::rc::Rc;

use super::hooks::{Hook, MissionHooks};
use super::{Chosen, BUILT_IN};
use crate::engine::State;
use crate::games::droids::board::Mission;
use crate::games::droids::game::Game;
use crate::games::droids::tiles::TileMix;

#[test]
fn every_built_in_mission_reads_and_its_script_loads() {
    for (i, b) in BUILT_IN.iter().enumerate() {
        let chosen = Chosen::find(b.name).expect("found by name");
        let (m, hooks) = chosen.load().expect("loads");
        assert_eq!(m.number, b.number, "{}", b.name);
        assert_eq!(m.script.is_some(), hooks.is_some(), "{}", b.name);
        // The seven of section III by number; the team games by name only.
        let by_number = Chosen::find(&b.number.to_string()).map(|c| c.file);
        assert_eq!(by_number == Ok(chosen.file), i < 7, "{}", b.name);
    }
}

fn load(text: &str) -> Result<MissionHooks, String> {
    MissionHooks::load("m.lua", text, None).map_err(|e| e.0)
}

#[test]
fn bad_scripts_are_refused_naming_file_line_and_cause() {
    let e = load("return 3").expect_err("no table");
    assert!(e.contains("m.lua: a mission script returns a table"), "{e}");
    let e = load("return { moves = function() end }").expect_err("misspelt");
    assert!(e.contains("`moves` is not a hook"), "{e}");
    let e = load("return { moved = 4 }").expect_err("not a function");
    assert!(e.contains("hook `moved` is not a function"), "{e}");
    let e = load("\nreturn {").expect_err("syntax");
    assert!(e.contains("m.lua:"), "{e}");
    let h = load("return { moved = function() end }").expect("loads");
    assert!(h.has(Hook::Moved) && !h.has(Hook::Setup));
}

/// A small board for a script's game.
fn game(script: &str) -> Result<Game, String> {
    let m = Mission::parse(
        "t.toml",
        "mission = 9\nname = \"t\"\nplayers = [2, 2]\nrows = [\"R...Y\"]",
    )
    .map_err(|e| e.to_string())?;
    let hooks = Rc::new(load(script)?);
    Game::with_rules(m, 2, 1, &TileMix::standard(), Some(hooks)).map_err(|e| e.message)
}

#[test]
fn a_hook_that_fails_in_setup_refuses_the_game_with_its_line() {
    let e = game("return {\n setup = function(game)\n error('no')\n end }").expect_err("refused");
    assert!(e.contains("m.lua:3"), "{e}");
    let e =
        game("return { setup = function(game) game:block('purple', 1) end }").expect_err("refused");
    assert!(e.contains("\"purple\" is not a player's colour"), "{e}");
    let e = game("return { setup = function(game) game:drive('red', 'UP', 1) end }")
        .expect_err("refused");
    assert!(e.contains("\"UP\" is not a direction"), "{e}");
}

#[test]
fn a_runaway_hook_is_stopped_by_the_budget() {
    let e = game("return { setup = function(game) while true do end end }").expect_err("refused");
    assert!(e.contains("m.lua"), "{e}");
}

#[test]
fn changes_asked_for_apply_and_are_kept_in_the_game() {
    let g = game(
        "return { setup = function(game)\n game:set('x', 4)\n game:set_piece(2, 0, 'mine')\n game:set_carrying('red', 'obstacle')\n end }",
    )
    .expect("a game");
    assert_eq!(g.vars.get("x"), Some(&4));
    assert_eq!(g.piece_totals, [1, 0, 1]);
    let copy = g.clone();
    assert_eq!(copy.vars, g.vars);
    assert!(!g.is_over());
}
