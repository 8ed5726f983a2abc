//! The option cards' runtime: no Lua without options, a failing hook's
//! error and the game it leaves, cards whose rule spans turns, and the
//! option API's description against the bindings and the stubs.

use std::rc::Rc;

use crate::engine::State;
use crate::grid::square::Compass::{E, N};

use super::super::super::lua::option_api::{OPTION_API, OPTION_STUBS};
use super::super::option_lua::{HookKind, OptionRuntime};
use super::super::Decision;
use super::{board, position, robot, Game};

/// A game with `options` for red on a 6-square row, red facing E with
/// `program`, at the registers stage; the game runs to its first
/// decision.
fn red_with(options: &[&str], program: &[&str]) -> Result<Game, crate::engine::Refusal> {
    let mut red = robot("red", (0, 0), E, program);
    red.options = options.iter().map(|o| o.to_string()).collect();
    Game::new(position(board((6, 1), ""), vec![red]), 1)
}

#[test]
fn a_game_without_options_enters_no_lua() {
    let g = red_with(&[], &["move_3 790"]).expect("valid");
    assert!(g.runtime.is_none(), "no option held: no Lua state");
    let g = red_with(&["fourth_gear"], &["move_3 790"]).expect("valid");
    assert!(
        g.runtime.is_some(),
        "an option held: its scripts are loaded"
    );
}

// Fourth Gear (seed :516) asks; a hook that fails on the answer refuses it
// and leaves the game as it was, with the card, the hook and the line.
#[test]
fn a_failing_hook_is_named_and_leaves_the_game_whole() {
    let mut g = red_with(&["fourth_gear"], &["move_3 790"]).expect("valid");
    assert_eq!(
        g.decision(),
        Some(Decision::UseOption { seat: 0, option: 0 })
    );
    for (body, says) in [
        (
            "if e.answer then error('boom') end return 'ask'",
            "test/fourth_gear.lua:2: boom",
        ),
        (
            "if e.answer then while true do end end return 'ask'",
            "test/fourth_gear.lua",
        ),
        (
            "if e.answer then return 'far' end return 'ask'",
            "test/fourth_gear.lua:1: returned",
        ),
    ] {
        let source = format!("return {{ card = function(game, e)\n {body} end }}");
        let rt = OptionRuntime::load_from(&|o| {
            (o == "fourth_gear").then(|| ("test/fourth_gear.lua".to_string(), source.clone()))
        })
        .expect("the test script loads");
        g.runtime = Some(Rc::new(rt));
        let before = format!("{:?} {:?}", g.robots(), g.decision());
        let err = g
            .apply(super::super::Answer::Use)
            .expect_err("the hook fails");
        assert!(
            err.message.contains("option `fourth_gear`, hook `card`") && err.message.contains(says),
            "{}",
            err.message
        );
        assert_eq!(format!("{:?} {:?}", g.robots(), g.decision()), before);
    }
}

// Superior Archive Copy (seed :572): the copy comes back clean even when
// the card is the option lost with the destroyed robot (ruling 10).
#[test]
fn superior_archive_works_when_lost_with_the_robot() {
    let mut red = robot("red", (0, 0), N, &["move_1 490"]);
    red.options = vec!["superior_archive".into(), "extra_memory".into()];
    let mut g = Game::new(position(board((2, 1), ""), vec![red]), 1).expect("valid");
    assert_eq!(g.decision(), Some(Decision::LoseOption { seat: 0 }));
    let a = g.parse_answer("superior_archive").expect("legal");
    g.apply(a).expect("applied");
    assert_eq!(g.decision(), Some(Decision::Facing { seat: 0 }));
    let a = g.parse_answer("E").expect("legal");
    g.apply(a).expect("applied");
    let texts: Vec<String> = g.events().iter().map(|e| g.narrate(e)).collect();
    assert!(
        texts
            .iter()
            .any(|t| t.contains("comes back at its archive 0,0 facing E with 0 damage")),
        "{texts:?}"
    );
    assert_eq!(g.robots()[0].damage, 0);
    assert_eq!(g.robots()[0].options, vec!["extra_memory".to_string()]);
}

#[test]
fn roborally_option_api_stubs_are_generated_from_the_description() {
    let path = std::path::Path::new(OPTION_STUBS);
    crate::script::api::check_stubs(&OPTION_API, path).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn the_described_hooks_are_the_engines() {
    let card = OPTION_API.class("RrOptionCard").expect("described");
    let described: Vec<&str> = card.fields.iter().map(|f| f.0).collect();
    let engine: Vec<&str> = HookKind::ALL.iter().map(|k| k.name()).collect();
    assert_eq!(described, engine);
    // Every described method is bound (binding an undescribed one panics
    // when the runtime is made).
    let rt = OptionRuntime::load().expect("the built-in scripts load");
    let methods = OPTION_API.class("RrOptionGame").expect("described").methods;
    for m in methods {
        assert!(rt.handle_has(m.name), "game:{} is not bound", m.name);
    }
}
