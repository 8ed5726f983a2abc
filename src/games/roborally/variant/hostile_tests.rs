//! Hostile variant hooks (issue 29): work a hook asks of the host is
//! charged and what the game keeps for it is held to the memory limit
//! (a million new counters, a ten-megabyte key), and hooks that ask the
//! engine for changes that run hooks again. Each is refused within
//! seconds, naming the script and its line, with the game as it was
//! before the answer.

use std::time::{Duration, Instant};

use super::*;

use crate::engine::{Describe, State};
use crate::games::roborally::courses;
use crate::games::roborally::game::Game;
use crate::test_folder::Folder;

/// How long a refused answer may take before the test calls it a hang.
const HANG: Duration = Duration::from_secs(20);

/// A folder with one variant `name` whose script is `script`.
fn variant(test: &str, name: &str, script: &str) -> Folder {
    let manifest = format!("name = \"{name}\"\ndescription = \"d\"\nsource = \"house rule\"\n");
    Folder::new(
        test,
        &[
            (&format!("{name}/variant.toml"), &manifest),
            (&format!("{name}/variant.lua"), script),
        ],
    )
}

/// A race on the built-in crossing with the variant of `folder`.
fn race(folder: &Folder, name: &str, players: usize) -> Game {
    let library = Library {
        variant_paths: vec![folder.0.clone()],
        built_in: true,
        ..Library::default()
    };
    let course = courses::find("crossing", &library).expect("a built-in course");
    let variants = VariantSet::load_with(&library, None, &[name])
        .and_then(|set| set.for_game())
        .expect("the variant loads");
    let rulings = crate::engine::Rulings::defaults(crate::games::roborally::rulings::DISPUTES);
    Game::race_with(&course, players, 1, variants, 3, rulings).expect("a race starts")
}

/// Answers the first legal answer until one is refused; checks that the
/// game is then as it was before that answer, and returns the refusal.
fn first_refusal(game: &mut Game) -> String {
    for _ in 0..500 {
        let before = game.clone();
        let answer = game.legal(0).expect("an answer");
        let started = Instant::now();
        let applied = game.apply_legal(answer);
        assert!(started.elapsed() < HANG, "{:?}", started.elapsed());
        if let Err(e) = applied {
            assert_eq!(game.where_lines(), before.where_lines());
            assert_eq!(game.decision(), before.decision());
            assert_eq!(game.turn_phase(), before.turn_phase());
            assert_eq!(game.robots(), before.robots());
            return e.message;
        }
    }
    panic!("no answer was refused");
}

#[test]
fn a_million_new_counters_are_stopped_by_the_budget_within_seconds() {
    // Before: the counters were a list searched and filtered at each
    // change, and a request cost nothing: 1e5 keys took 20 s, 1e6 minutes.
    let folder = variant(
        "rr-hostile-counters",
        "counters",
        "return {\n  turn_end = function(game, event)\n    for i = 1, 1e6 do\n      game:set_counter('red', 'k' .. i, 1)\n    end\n  end,\n}\n",
    );
    let mut game = race(&folder, "counters", 2);
    let refused = first_refusal(&mut game);
    assert!(
        refused.contains("variant `counters`, hook `turn_end`"),
        "{refused}"
    );
    assert!(refused.contains("counters/variant.lua:4: "), "{refused}");
    assert!(refused.contains("instruction budget"), "{refused}");
}

#[test]
fn a_ten_megabyte_counter_key_is_refused_by_its_limit() {
    let folder = variant(
        "rr-hostile-key",
        "key",
        "return {\n  turn_end = function(game, event)\n    local k = string.rep('k', 10 * 1024 * 1024)\n    game:set_counter('red', k, 1)\n  end,\n}\n",
    );
    let mut game = race(&folder, "key", 2);
    let refused = first_refusal(&mut game);
    assert!(refused.contains("key/variant.lua:4: "), "{refused}");
    assert!(
        refused.contains("a counter's key is at most 64 bytes; this one has 10485760"),
        "{refused}"
    );
}

#[test]
fn counters_past_the_memory_limit_are_refused_as_memory() {
    // A turn's hook may keep a few thousand counters; turn after turn they
    // add up, and what the game keeps counts against the 64 MiB limit.
    let folder = variant(
        "rr-hostile-hoard",
        "hoard",
        "return {\n  turn_end = function(game, event)\n    local k = string.rep('k', 50)\n    for i = 1, 50000 do\n      game:set_counter('red', k .. event.turn .. ':' .. i, 1)\n    end\n  end,\n}\n",
    );
    let mut game = race(&folder, "hoard", 2);
    let refused = first_refusal(&mut game);
    assert!(refused.contains("hoard/variant.lua"), "{refused}");
    assert!(refused.contains("memory limit of 64 MiB"), "{refused}");
    assert!(game.turn() > 2, "turns were played first: {}", game.turn());
}

#[test]
fn arguments_of_the_wrong_kind_are_refused_in_the_project_s_words() {
    for (call, said) in [
        (
            "game:set_counter('red', 'k', 1.5)",
            "value is a whole number from",
        ),
        (
            "game:damage('red', 1e300)",
            "n is a whole number from 1 to 9",
        ),
        (
            "game:walled(2^40, 0, 'N')",
            "x is a whole number from -1000 to 1000",
        ),
        (
            "game:square(0, 'x')",
            "y is a whole number from -1000 to 1000",
        ),
        (
            "game:move_flag(2^63, 'N')",
            "number is a whole number from 1 to",
        ),
        ("game:counter('red', {})", "a counter's key is a text"),
    ] {
        let script =
            format!("return {{\n  turn_end = function(game, event)\n    {call}\n  end,\n}}\n");
        let folder = variant("rr-hostile-args", "args", &script);
        let mut game = race(&folder, "args", 2);
        let refused = first_refusal(&mut game);
        assert!(
            refused.contains("args/variant.lua:3: "),
            "{call}: {refused}"
        );
        assert!(refused.contains(said), "{call}: {refused}");
        assert!(!refused.contains("error converting"), "{call}: {refused}");
    }
}

#[test]
fn a_hook_chain_past_the_guard_s_depth_is_refused_naming_it_and_the_game_kept() {
    // RoboRally's hooks no longer run inside one another (a destruction's
    // hooks run from the driver's queue), so no script can build such a
    // chain: the guard is filled by the test, as a deeper engine would.
    let folder = variant(
        "rr-hostile-deep",
        "deep",
        "return {\n  turn_end = function(game, event)\n  end,\n}\n",
    );
    let mut game = race(&folder, "deep", 2);
    let guard = game.hook_guard_for_tests();
    let held: Vec<_> = (0..crate::script::HOOK_DEPTH)
        .map(|_| guard.enter("outer").expect("within the limit"))
        .collect();
    let refused = first_refusal(&mut game);
    assert!(
        refused.starts_with("hooks called the engine and were called again more than 32 deep"),
        "{refused}"
    );
    assert!(
        refused.contains("outer ×32 → variant `deep` hook `turn_end` ("),
        "{refused}"
    );
    assert!(refused.contains("deep/variant.lua)"), "{refused}");
    drop(held);
    assert_eq!(guard.depth(), 0);
}

#[test]
fn a_destruction_s_hooks_run_after_the_push_chain_that_caused_it() {
    // 004_11511d35c714bcd0.txt:170: a robot pushes the robots in its way;
    // line 395: a pit destroys. Red pushes blue and yellow east, yellow
    // falls; its `destroyed` hook pushes blue south. Before, the hook ran
    // inside the chain and the engine panicked on the robot it had moved.
    let folder = variant(
        "rr-hostile-nudge",
        "nudge",
        "return {\n  destroyed = function(game, event)\n    if event.robot == 'yellow' then game:push('blue', 'S') end\n  end,\n}\n",
    );
    let library = Library {
        variant_paths: vec![folder.0.clone()],
        built_in: true,
        ..Library::default()
    };
    let variants = VariantSet::load_with(&library, None, &["nudge"])
        .and_then(|set| set.for_game())
        .expect("loads");
    let board = crate::games::roborally::board::Board::parse(
        "b.toml",
        "size = [5, 3]\n[[square]]\nat = [3, 0]\nkind = \"pit\"\n[[square]]\nat = [2, 2]\nkind = \"pit\"\n",
    )
    .expect("a board");
    use crate::games::roborally::position::{Position, RobotState, Stage};
    use crate::grid::square::{Compass, Square};
    let mut red = RobotState::new(0, Square::new(0, 0), Compass::E);
    red.program[0] = Some("move_1 490".parse().expect("a card"));
    let position = Position {
        board: std::sync::Arc::new(board),
        robots: vec![
            red,
            RobotState::new(1, Square::new(1, 0), Compass::N),
            RobotState::new(2, Square::new(2, 0), Compass::N),
        ],
        option_deck: Vec::new(),
        turn: 1,
        stage: Stage::Registers,
    };
    let game = Game::scenario_with(
        position,
        crate::games::roborally::game::ScenarioTurn {
            registers: 1,
            ..Default::default()
        },
        variants,
        crate::engine::Rulings::defaults(crate::games::roborally::rulings::DISPUTES),
    )
    .expect("the turn plays");
    let at: Vec<_> = game.robots().iter().map(|r| r.at).collect();
    assert_eq!(
        at,
        vec![Some(Square::new(1, 0)), Some(Square::new(2, 1)), None]
    );
}
