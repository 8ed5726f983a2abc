//! The option cards' runtime: no Lua without options, a failing hook's
//! error and the game it leaves, cards whose rule spans turns, and the
//! option API's description against the bindings and the stubs.

use std::rc::Rc;

use crate::engine::State;
use crate::grid::square::Compass::{E, N};

use super::{board, position, robot, Game};
use crate::games::roborally::game::option_lua::{HookKind, OptionRuntime};
use crate::games::roborally::game::Decision;
use crate::games::roborally::lua::option_api::{OPTION_API, OPTION_STUBS};

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
            .apply(crate::games::roborally::game::Answer::Use)
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

// Fire Control (seed :508, "eine bestimmte Option"): the weapon question
// offers the card once per option of the target, and a `weapon` hook that
// returns an aim that is not a string is refused, naming the card, the
// hook and what it returned, with the game left as it was.
#[test]
fn a_weapon_hook_s_aims_are_answers_and_a_bad_aim_is_refused() {
    let mut red = robot("red", (1, 0), E, &["back_up 440", "move_1 500"]);
    red.options = vec!["fire_control".into()];
    let mut blue = robot("blue", (3, 0), N, &[]);
    blue.options = vec!["brakes".into(), "ramming_gear".into()];
    let mut g = Game::new(position(board((4, 1), ""), vec![red, blue]), 1).expect("valid");
    // Red faces E, blue in line, in both registers.
    assert_eq!(g.decision(), Some(Decision::Weapon { seat: 0 }));
    let offered: Vec<String> = (0..g.legal_count())
        .filter_map(|i| g.legal(i).map(|a| g.answer_text(a)))
        .collect();
    assert_eq!(
        offered,
        ["fire_control brakes", "fire_control ramming_gear", "laser"]
    );
    let source = "return { weapon = function(game, e)\n return { 'brakes', 7 } end }";
    let rt = OptionRuntime::load_from(&|o| {
        (o == "fire_control").then(|| ("test/fire_control.lua".to_string(), source.to_string()))
    })
    .expect("the test script loads");
    // Red fires its laser; blue takes the damage (ruling 13's question),
    // and the next register's weapon question calls the bad hook.
    let laser = g.legal(2).expect("laser is the last answer");
    g.apply(laser).expect("the main laser fires");
    assert_eq!(g.decision(), Some(Decision::DamageOption { seat: 1 }));
    g.runtime = Some(Rc::new(rt));
    let before = format!("{:?} {:?}", g.robots(), g.decision());
    let take = g.parse_answer("take").expect("blue may take the damage");
    let err = g
        .apply(take)
        .expect_err("the hook returns a number as an aim");
    assert!(
        err.message.contains("option `fire_control`, hook `weapon`")
            && err.message.contains("an aim Integer(7)"),
        "{}",
        err.message
    );
    assert_eq!(format!("{:?} {:?}", g.robots(), g.decision()), before);
}
