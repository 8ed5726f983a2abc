//! The built-in bots (Lua and native) answer every decision the option
//! cards ask: turn-programmed options, run-time questions, optional
//! weapons; whole races with every card held, every answer legal and no
//! hook failing.

use std::sync::Arc;

use super::RoboRallyLuaBot;
use crate::assets::AssetFile;
use crate::bot::Bot;
use crate::engine::DynState;
use crate::games::roborally::board::Course;
use crate::games::roborally::game::options::{HOUSE_OPTIONS, OPTION_NAMES};
use crate::games::roborally::game::Game;
use crate::games::roborally::position::{Position, RobotState, Stage};

/// A race on the yard for two robots that hold the seed's 26 option cards
/// and ours between them (red the even ones, blue the odd ones).
fn armed_yard(seed: u64) -> Game {
    let course = Course::load_file(&AssetFile::BuiltIn(
        "scripts/roborally/courses/yard.toml".into(),
    ))
    .expect("the yard is built in");
    let every: Vec<&str> = OPTION_NAMES
        .iter()
        .chain(HOUSE_OPTIONS.iter())
        .copied()
        .collect();
    let robots = (0..2)
        .map(|seat| {
            let mut r = RobotState::new(seat, course.start, crate::grid::square::Compass::N);
            r.virtual_robot = true;
            r.options = every
                .iter()
                .skip(seat)
                .step_by(2)
                .map(|o| o.to_string())
                .collect();
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
