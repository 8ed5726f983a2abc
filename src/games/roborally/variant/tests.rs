//! RoboRally variants: loading and refusing, the seed's extra lives, the
//! hooks in races (time pressure's rotation), failures that name the
//! script and leave the game as it was, replays, and the API's stubs.

use super::*;

use crate::engine::{Describe, GameOptions, State};
use crate::games::roborally::courses;
use crate::games::roborally::game::{Decision, Event, Game};
use crate::games::roborally::lua::variant_api::{VARIANT_API, VARIANT_STUBS};
use crate::test_folder::Folder;

fn built_in() -> Library {
    Library {
        built_in: true,
        ..Library::default()
    }
}

/// The built-in ones after the variants of `folder`.
fn with_folder(folder: &Folder) -> Library {
    Library {
        variant_paths: vec![folder.0.clone()],
        built_in: true,
        ..Library::default()
    }
}

fn manifest(name: &str, extra: &str) -> String {
    format!("name = \"{name}\"\ndescription = \"d\"\nsource = \"house rule\"\n{extra}")
}

/// A folder with one variant `name` of this manifest tail and script.
fn one_variant(test: &str, name: &str, extra: &str, script: &str) -> Folder {
    Folder::new(
        test,
        &[
            (&format!("{name}/variant.toml"), &manifest(name, extra)),
            (&format!("{name}/variant.lua"), script),
        ],
    )
}

fn race(library: &Library, names: &[&str], players: usize, seed: u64) -> Result<Game, String> {
    let course = courses::find("crossing", &built_in()).expect("a built-in course");
    let set = VariantSet::load_with(library, None, names).map_err(|e| e.to_string())?;
    let variants = set.for_game().map_err(|e| e.to_string())?;
    Game::race_with(
        &course,
        players,
        seed,
        variants,
        set.lives(players, course.boards),
        crate::engine::Rulings::defaults(crate::games::roborally::rulings::DISPUTES),
    )
    .map_err(|r| r.message)
}

#[test]
fn the_seed_s_extra_lives_count_players_and_boards() {
    let set = VariantSet::load_with(&built_in(), None, &["extra-lives"]).expect("ships");
    // 004_11511d35c714bcd0.txt:57: five players on six boards: five lives.
    assert_eq!(set.lives(5, 6), 5);
    // Line 52: three; lines 54-55: only *more* than four counts.
    assert_eq!(set.lives(4, 4), 3);
    assert_eq!(set.lives(8, 1), 4);
    assert_eq!(set.lives(2, 5), 4);
    assert_eq!(
        VariantSet::default().lives(8, 8),
        3,
        "no variant: ruling 10"
    );
    let kept = set.for_game().expect("loads").expect("a variant");
    assert!(
        kept.runtime.is_none(),
        "data only: the game never enters Lua"
    );
    let game = race(&built_in(), &["extra-lives"], 5, 1).expect("a race");
    assert!(game.robots().iter().all(|r| r.lives == 4), "line 54");
}

#[test]
fn the_shipped_variants_play_whole_races_that_replay_exactly() {
    let shipped: Vec<String> =
        std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/variants/roborally"))
            .expect("the shipped variants")
            .map(|e| {
                e.expect("a folder")
                    .file_name()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
    assert!(shipped.len() >= 5, "{shipped:?}");
    for name in &shipped {
        let options = GameOptions {
            players: Some(3),
            seed: 4,
            variants: vec![name.to_string()],
            ..GameOptions::default()
        };
        let started = crate::games::roborally::seam::TYPE
            .start(&options)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(started.start["variants"], serde_json::json!([name]));
        let mut game = started.game;
        let mut answers = Vec::new();
        // To its end: the robots win or are out (a cap against a hang).
        while !game.is_over() && answers.len() < 20_000 {
            let n = game.legal_count();
            let text = game.legal_text((answers.len() * 7) % n).expect("an answer");
            game.apply_text(&text)
                .unwrap_or_else(|e| panic!("{name}: {text}: {e}"));
            game.check_invariants()
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            answers.push(text);
        }
        assert!(game.is_over(), "{name}: the race ends");
        let mut again = (crate::games::roborally::seam::TYPE.resume)(&started.start)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        for text in &answers {
            again.apply_text(text).expect("the same answers replay");
        }
        assert_eq!(again.where_lines(), game.where_lines(), "{name}");
        assert_eq!(
            again.picture(None, false),
            game.picture(None, false),
            "{name}"
        );
    }
}

#[test]
fn time_pressure_rotates_over_the_robots_that_program() {
    let mut game = race(&built_in(), &["time-pressure"], 3, 9).expect("a race");
    let mut timed_turns = 0;
    let mut timed: Option<(u32, usize)> = None;
    let mut k = 0;
    while !game.is_over() && game.turn() <= 10 {
        if let Some(&Event::TimeRunsOut(seat, n)) = game
            .events()
            .iter()
            .find(|e| matches!(e, Event::TimeRunsOut(..)))
        {
            assert_eq!(n, 3);
            // Right after the deal: the robots programming this turn.
            let programming: Vec<usize> = (0..3)
                .filter(|&i| {
                    let r = &game.robots()[i];
                    r.at.is_some() && !r.powered_down
                })
                .collect();
            let t = game.turn() as usize;
            assert_eq!(seat, programming[(t - 1) % programming.len()], "turn {t}");
            assert_eq!(game.chosen_registers(seat), 3);
            timed = Some((game.turn(), seat));
            timed_turns += 1;
        }
        if let (Some(Decision::Card { seat, register }), Some((turn, s))) = (game.decision(), timed)
        {
            assert!(
                !(turn == game.turn() && seat == s && register > 3),
                "the timed seat is not asked for register {register}"
            );
        }
        let n = game.legal_count();
        let answer = game.legal(k % n).expect("an answer");
        game.apply_legal(answer).expect("legal");
        k += 5;
    }
    assert!(timed_turns >= 3, "{timed_turns} turns timed");
}

#[test]
fn a_failing_hook_names_its_script_and_line_and_leaves_the_game_unchanged() {
    let folder = one_variant(
        "rr-broken-belts",
        "broken",
        "",
        "return {\n  belts = function(game, event)\n    error('boom')\n  end,\n}\n",
    );
    let mut game = race(&with_folder(&folder), &["broken"], 2, 1).expect("a race starts");
    let mut k = 0;
    let refused = loop {
        let before = game.clone();
        let n = game.legal_count();
        let answer = game.legal(k % n).expect("an answer");
        k += 1;
        match game.apply_legal(answer) {
            Ok(()) => assert!(k < 100, "the belts' step is reached"),
            Err(e) => {
                assert_eq!(game.where_lines(), before.where_lines());
                assert_eq!(game.decision(), before.decision());
                assert_eq!(game.hand(1), before.hand(1));
                break e.message;
            }
        }
    };
    assert!(
        refused.contains("variant `broken`, hook `belts`"),
        "{refused}"
    );
    assert!(refused.contains("broken/variant.lua:3"), "{refused}");
    assert!(refused.contains("boom"), "{refused}");
}

#[test]
fn a_hook_answer_of_the_wrong_kind_names_the_hook_s_line() {
    let folder = one_variant(
        "rr-bad-programming",
        "greedy",
        "",
        "return {\n  programming = function(game, event)\n    return 'lots'\n  end,\n}\n",
    );
    let e = race(&with_folder(&folder), &["greedy"], 2, 1).expect_err("refused");
    assert!(e.contains("variant `greedy`, hook `programming`"), "{e}");
    assert!(e.contains("greedy/variant.lua:2"), "{e}");
    assert!(e.contains("0 to 5"), "{e}");
}

#[test]
fn mistakes_name_the_file_and_what_is_wrong() {
    let refused = |test: &str, extra: &str, script: &str| {
        let folder = one_variant(test, "v", extra, script);
        VariantSet::load_with(&with_folder(&folder), None, &["v"])
            .expect_err("refused")
            .to_string()
    };
    let e = refused("rr-hook-name", "", "return { belt = function() end }");
    assert!(e.contains("v/variant.lua"), "{e}");
    assert!(e.contains("`belt` is not a RoboRally variant hook"), "{e}");
    let e = refused("rr-settings", "[settings]\nlivs = 4\n", "return {}");
    assert!(e.contains("v/variant.toml:5:"), "{e}");
    assert!(e.contains("livs"), "{e}");
    let e = refused("rr-lives", "[settings]\nlives = 12\n", "return {}");
    assert!(e.contains("settings.lives"), "{e}");
    let e = refused("rr-not-a-table", "", "return 3");
    assert!(e.contains("returns a table of hooks"), "{e}");
    let e = VariantSet::load_with(&built_in(), None, &["moving-flag"])
        .expect_err("unknown")
        .to_string();
    assert!(
        e.contains("moving-flags"),
        "the message lists the variants: {e}"
    );
    let folder = Folder::new(
        "rr-conflict",
        &[
            ("a/variant.toml", &manifest("a", "conflicts = [\"b\"]")),
            ("a/variant.lua", "return {}"),
            ("b/variant.toml", &manifest("b", "needs = [\"a\"]")),
            ("b/variant.lua", "return {}"),
        ],
    );
    let e = VariantSet::load_with(&with_folder(&folder), None, &["b"])
        .expect_err("a conflicts with b")
        .to_string();
    assert!(e.contains("a/variant.toml"), "{e}");
    assert!(e.contains("cannot be combined"), "{e}");
}

#[test]
fn a_game_without_variants_keeps_no_runtime_and_records_none() {
    let game = race(&built_in(), &[], 2, 1).expect("a race");
    assert!(game.variant_names().is_empty());
    assert!(game.start_record().get("variants").is_none());
    let set = VariantSet::load_with(&built_in(), None, &["no-power-down"]).expect("ships");
    assert_eq!(set.variants()[0].hooks, vec![VariantHook::PowerDown]);
}

#[test]
fn roborally_variant_api_stubs_are_generated_from_the_description() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(VARIANT_STUBS);
    crate::script::api::check_stubs(&VARIANT_API, &path).unwrap_or_else(|e| panic!("{e}"));
    let described: Vec<&str> = VARIANT_API
        .class("RrVariant")
        .expect("described")
        .fields
        .iter()
        .map(|f| f.0)
        .collect();
    let engine: Vec<&str> = VariantHook::ALL.iter().map(|h| h.name()).collect();
    assert_eq!(described, engine);
}

/// The robots given a damage point right before `TurnBegins` in `events`
/// (the block of damage and destructions that ends a turn), with the turn
/// that begins.
fn turn_end_damage(events: &[Event]) -> Option<(u32, Vec<usize>)> {
    let begins = events
        .iter()
        .position(|e| matches!(e, Event::TurnBegins(_)))?;
    let Event::TurnBegins(turn) = events[begins] else {
        unreachable!("found as TurnBegins")
    };
    let mut damaged: Vec<usize> = events[..begins]
        .iter()
        .rev()
        .take_while(|e| matches!(e, Event::Damaged(..) | Event::Destroyed(..)))
        .filter_map(|e| match *e {
            Event::Damaged(i, 1, _) => Some(i),
            _ => None,
        })
        .collect();
    damaged.sort_unstable();
    damaged.dedup();
    Some((turn, damaged))
}

// Sudden death (house rule, `turn_end` hook): from turn 10 on, each robot
// on the board takes one damage point as the turn ends (after the repairs
// of 004_11511d35c714bcd0.txt:219-225), before the next turn begins.
#[test]
fn sudden_death_damages_every_robot_on_the_board_as_turns_end_from_turn_10() {
    let mut game = race(&built_in(), &["sudden-death"], 3, 4).expect("a race");
    let mut k = 0;
    let mut checked = 0;
    while !game.is_over() && game.turn() <= 14 {
        let n = game.legal_count();
        let answer = game.legal(k % n).expect("an answer");
        game.apply_legal(answer).expect("legal");
        k += 3;
        let Some((turn, damaged)) = turn_end_damage(game.events()) else {
            continue;
        };
        if turn > 10 {
            // On the board as the turn ended: still there, or destroyed by
            // this very damage point (its copy not back yet).
            let mut on_board: Vec<usize> = (0..3)
                .filter(|&i| {
                    game.robots()[i].at.is_some()
                        || game
                            .events()
                            .iter()
                            .any(|e| matches!(e, Event::Destroyed(j, _) if *j == i))
                })
                .collect();
            on_board.sort_unstable();
            assert_eq!(damaged, on_board, "turn {} ends", turn - 1);
            checked += usize::from(!damaged.is_empty());
        } else {
            assert!(
                damaged.is_empty(),
                "turn {} ends with damage {damaged:?} before sudden death",
                turn - 1
            );
        }
    }
    assert!(
        checked >= 2,
        "{checked} turn ends checked with robots on the board"
    );
}

// The `destroyed` hook: called for the robot destroyed (seed line 247),
// with the option handle's requests applied. A test variant deals every
// other robot on the board a point of damage.
#[test]
fn a_destroyed_hook_hears_of_each_destruction_and_its_requests_apply() {
    let folder = one_variant(
        "rr-shrapnel",
        "shrapnel",
        "",
        "return {\n  destroyed = function(game, event)\n    for _, c in ipairs(game:colours()) do\n      if c ~= event.robot and game:robot(c).at then game:damage(c, 1) end\n    end\n  end,\n}\n",
    );
    let mut game = race(&with_folder(&folder), &["shrapnel"], 3, 2).expect("a race");
    let mut k = 0;
    let mut checked = 0;
    while !game.is_over() && game.turn() <= 30 && checked < 3 {
        let on_board: Vec<usize> = (0..3).filter(|&i| game.robots()[i].at.is_some()).collect();
        let n = game.legal_count();
        let answer = game.legal(k % n).expect("an answer");
        game.apply_legal(answer).expect("legal");
        k += 7;
        let events = game.events();
        let Some(at) = events
            .iter()
            .position(|e| matches!(e, Event::Destroyed(..)))
        else {
            continue;
        };
        let Event::Destroyed(gone, _) = events[at] else {
            unreachable!("found as Destroyed")
        };
        if events[at + 1..]
            .iter()
            .any(|e| matches!(e, Event::Destroyed(..)))
        {
            continue; // several at once: one at a time is clear enough
        }
        for &other in on_board.iter().filter(|&&o| o != gone) {
            let hit = events[at..]
                .iter()
                .any(|e| matches!(e, Event::Damaged(j, 1, _) if *j == other));
            let still_there = game.robots()[other].at.is_some();
            assert!(
                hit || !still_there,
                "{other} takes a point as {gone} is destroyed: {events:?}"
            );
        }
        checked += 1;
    }
    assert!(checked >= 1, "a destruction was seen");
}

#[test]
fn a_manifest_s_numbers_are_refused_in_the_project_s_words() {
    // serde said `invalid value: integer `300`, expected u8`.
    for (settings, said) in [
        (
            "lives = 300",
            "in `settings.lives`: 300: a whole number from 0 to 255 is expected",
        ),
        (
            "extra_life_above_players = -1",
            "in `settings.extra_life_above_players`: -1: a whole number from 0 to 255 is expected",
        ),
    ] {
        let folder = one_variant(
            "rr-manifest-numbers",
            "v",
            &format!("[settings]\n{settings}\n"),
            "return {}",
        );
        let e = VariantSet::load_with(&with_folder(&folder), None, &["v"])
            .expect_err("refused")
            .to_string();
        assert!(e.contains("v/variant.toml:5:"), "{e}");
        assert!(e.contains(said), "{e}");
        assert!(!e.contains("expected u8"), "{e}");
    }
}

#[test]
fn a_variant_s_rulings_apply_in_order_and_a_bad_one_names_its_manifest() {
    let folder = Folder::new(
        "rr-variant-rulings",
        &[
            (
                "falling/variant.toml",
                &manifest(
                    "falling",
                    "rulings = { \"roborally.belts-into-pit\" = \"fall\", \
                     \"roborally.virtual-stack-laser\" = \"first\" }",
                ),
            ),
            ("falling/variant.lua", "return {}\n"),
            (
                "careful/variant.toml",
                &manifest(
                    "careful",
                    "rulings = { \"roborally.belts-into-pit\" = \"cancel\" }",
                ),
            ),
            ("careful/variant.lua", "return {}\n"),
            (
                "wrong/variant.toml",
                &manifest(
                    "wrong",
                    "rulings = { \"roborally.belts-into-pit\" = \"jump\" }",
                ),
            ),
            ("wrong/variant.lua", "return {}\n"),
        ],
    );
    let library = with_folder(&folder);
    let rulings = |names: &[&str]| {
        VariantSet::load_with(&library, None, names)
            .expect("they load")
            .rulings()
    };
    let one = rulings(&["falling"]).expect("readings of the game");
    assert_eq!(
        one.pins(),
        [
            "roborally.belts-into-pit=fall",
            "roborally.virtual-stack-laser=first"
        ]
    );
    let later = rulings(&["falling", "careful"]).expect("readings of the game");
    assert_eq!(later.pins(), ["roborally.virtual-stack-laser=first"]);
    let e = rulings(&["wrong"])
        .expect_err("no such reading")
        .to_string();
    assert!(e.contains("wrong/variant.toml: "), "{e}");
    assert!(
        e.contains("`roborally.belts-into-pit` has no reading `jump`"),
        "{e}"
    );
}
