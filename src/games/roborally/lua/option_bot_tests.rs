//! The built-in bots (Lua and native) answer every decision the option
//! cards ask: turn-programmed options, run-time questions, optional
//! weapons; whole races with every card held, every answer legal and no
//! hook failing. And `view:simulate` answers option questions from its
//! standing answers.

use std::sync::Arc;

use super::RoboRallyLuaBot;
use crate::assets::AssetFile;
use crate::bot::Bot;
use crate::engine::DynState;
use crate::engine::State;
use crate::games::roborally::board::Course;
use crate::games::roborally::game::options::{HOUSE_OPTIONS, OPTION_NAMES};
use crate::games::roborally::game::{Decision, Game};
use crate::games::roborally::position::{Position, RobotState, Stage};

/// A race on the yard for two robots that hold the seed's 26 option cards
/// and ours between them (red the even ones, blue the odd ones).
fn armed_yard(seed: u64) -> Game {
    let every: Vec<&str> = OPTION_NAMES
        .iter()
        .chain(HOUSE_OPTIONS.iter())
        .copied()
        .collect();
    let held: Vec<Vec<&str>> = (0..2)
        .map(|seat| every.iter().skip(seat).step_by(2).copied().collect())
        .collect();
    yard_with(&held, seed)
}

/// A race on the yard for robots holding `held` (one list per seat), all
/// on the start facing north, virtual.
fn yard_with(held: &[Vec<&str>], seed: u64) -> Game {
    let course = Course::load_file(&AssetFile::BuiltIn(
        "scripts/roborally/courses/yard.toml".into(),
    ))
    .expect("the yard is built in");
    let robots = held
        .iter()
        .enumerate()
        .map(|(seat, options)| {
            let mut r = RobotState::new(seat, course.start, crate::grid::square::Compass::N);
            r.virtual_robot = true;
            r.options = options.iter().map(|o| o.to_string()).collect();
            r
        })
        .collect();
    let position = Position {
        board: Arc::new(course.board.clone()),
        robots,
        option_deck: Vec::new(),
        turn: 1,
        stage: Stage::TurnStart,
    };
    Game::new(position, seed).expect("a valid race")
}

/// A built-in bot by name: a Lua bot, or the native random bot.
fn bot(name: &str, seed: u64) -> Box<dyn Bot> {
    if name == "native" {
        return Box::new(crate::bot::RandomBot::new(seed));
    }
    let file = AssetFile::BuiltIn(format!("scripts/roborally/bots/{name}.lua"));
    RoboRallyLuaBot::boxed(&file, seed).expect("the built-in bot loads")
}

#[test]
fn every_bot_answers_the_option_cards_questions() {
    for (k, name) in ["random", "racer", "planner", "native"]
        .into_iter()
        .enumerate()
    {
        let seed = 11 + k as u64;
        let mut game = armed_yard(seed);
        let mut bots = vec![bot(name, seed), bot("native", seed + 1)];
        let mut programmed = false;
        crate::play::drive(&mut game, &mut bots, 4, |g, _| {
            programmed |= g.decision_text().contains("for the turn");
        })
        .unwrap_or_else(|e| panic!("{name}: {e}"));
        DynState::check_invariants(&game).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            DynState::is_over(&game) || DynState::turn(&game) > 1,
            "{name}: a turn was played"
        );
        assert!(programmed, "{name}: turn-programmed options were asked");
    }
}

#[test]
fn simulate_answers_option_questions_from_the_standing_answers() {
    // Brakes (004_11511d35c714bcd0.txt:488): a move_1 answered `use` does
    // not move. Red holds Brakes and plays a move_1 in register 1 from
    // the yard's open start, facing north.
    let (game, card) = (1..60)
        .find_map(|seed| {
            let game = yard_with(&[vec!["brakes"], vec![]], seed);
            let card = game
                .hand(0)
                .iter()
                .find(|c| c.to_string().starts_with("move_1"))?
                .to_string();
            Some((game, card))
        })
        .expect("some deal holds a move_1");
    assert!(
        matches!(game.decision(), Some(Decision::Card { seat: 0, .. })),
        "{}",
        State::decision_text(&game)
    );
    let start = game.robots()[0].at.expect("on the board");
    let source = format!(
        "return {{ choose = function(view, d)\n\
           for _ = 1, 10 do\n\
             local kept = view:simulate({{ '{card}' }}, 1, {{ brakes = 'use' }})\n\
             assert(kept.x == {x} and kept.y == {y}, 'braked')\n\
             local moved = view:simulate({{ '{card}' }}, 1, {{ use_option = 'skip' }})\n\
             assert(moved.x == {x} and moved.y == {y} - 1, 'moved')\n\
             assert(#moved.rivals == 1 and moved.rivals[1].colour ~= view.me)\n\
           end\n\
           return '{card}'\n\
         end }}",
        x = start.x,
        y = start.y
    );
    let file = "bots/standing.lua";
    let mut bot = RoboRallyLuaBot::from_source(
        file,
        &source,
        crate::script::Sandbox::new().expect("a sandbox"),
    )
    .expect("the script loads");
    let answer = bot.try_choose(&game).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.legal(answer).map(|a| game.answer_text(a)), Some(card));
    // Standing answers that are not texts are refused naming the line.
    let mut bad = RoboRallyLuaBot::from_source(
        file,
        "return { choose = function(view, d)\n  return view:simulate({}, nil, { brakes = 1 })\nend }",
        crate::script::Sandbox::new().expect("a sandbox"),
    )
    .expect("the script loads");
    let err = bad.try_choose(&game).expect_err("refused").to_string();
    assert!(
        err.contains("bots/standing.lua:2: simulate's standing answers"),
        "{err}"
    );
}
