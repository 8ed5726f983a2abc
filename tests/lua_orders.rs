//! Orders in Lua: `scripts/twin-tin-bots/orders/official.lua` restates every official
//! order exactly, and the whole scenario suite passes with it in place of
//! the built-in definitions; the new orders of `scripts/twin-tin-bots/orders/` play whole
//! games that keep the invariants and replay exactly.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use tinbots::bot::{seat_seed, Bot, RandomBot};
use tinbots::games::twin_tin_bots::game::Game;
use tinbots::games::twin_tin_bots::lua::orders::{book_with, load_order_book, OrderFile};
use tinbots::games::twin_tin_bots::orders::{
    OrderBook, OrderDef, Passive, Primitive, Tile, ZapRange,
};
use tinbots::games::twin_tin_bots::replay::{Replay, Start};
use tinbots::games::twin_tin_bots::scenario::check_file_with;
use tinbots::games::twin_tin_bots::setup::Setup;
use tinbots::play::play_one_shown;

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

fn official_lua() -> OrderFile {
    OrderFile::load(&repo("scripts/twin-tin-bots/orders/official.lua"))
        .unwrap_or_else(|e| panic!("{e}"))
}

fn official_lua_book() -> Arc<OrderBook> {
    Arc::new(book_with(&OrderBook::official(), &[official_lua()]).unwrap())
}

#[test]
fn official_lua_defines_every_built_in_order_as_the_engine_does() {
    let file = official_lua();
    let placeable: Vec<&str> = Tile::ALL
        .iter()
        .filter(|t| t.is_placeable())
        .map(|t| t.name())
        .collect();
    let defined: Vec<&str> = file.orders.iter().map(|o| o.name.as_str()).collect();
    assert_eq!(
        defined, placeable,
        "official.lua defines the 20 order tiles in tile order"
    );

    let book = official_lua_book();
    assert!(book.added().is_empty(), "official.lua adds no tile");
    let official = OrderBook::official();
    for t in Tile::ALL {
        let (lua, rust) = (book.get(t).unwrap(), official.get(t).unwrap());
        assert!(
            lua.same_rules(rust),
            "{t}: {} in Lua, {} built in",
            lua.rules_text(),
            rust.rules_text()
        );
        assert!(!lua.description.is_empty(), "{t} has a description");
    }
    assert!(book.differences(&official).is_empty());
}

/// Each official order as official.lua defines it, against the rulebook's words.
#[test]
fn official_lua_follows_the_rulebook() {
    use Primitive::*;
    const SHORT: Primitive = Zap(ZapRange::Short);
    let book = official_lua_book();
    let rules = |name: &str| {
        let d: &OrderDef = book.get(name.parse().unwrap()).unwrap();
        (d.steps.clone(), d.passive)
    };
    let none = Passive::NONE;
    let cases: [(&str, &str, Vec<Primitive>, Passive); 20] = [
        // 000_f177823dad35ee93.txt: Forward 1x / Forward 2x — "proceed to the hex in front".
        ("forward_1", "Forward 1x", vec![Forward], none),
        // 000_f177823dad35ee93.txt: Forward 1x / Forward 2x — "two consecutive Forward Orders".
        ("forward_2", "Forward 2x", vec![Forward, Forward], none),
        // 000_f177823dad35ee93.txt: Turn left / Turn right — "one hex side (60°) counter-clockwise".
        ("turn_left", "Turn left", vec![Turn(-1)], none),
        // 000_f177823dad35ee93.txt: Turn left / Turn right — "clockwise".
        ("turn_right", "Turn right", vec![Turn(1)], none),
        // 000_f177823dad35ee93.txt: Load Crystal.
        ("load", "Load Crystal", vec![Load], none),
        // 000_f177823dad35ee93.txt: Unload Crystal.
        ("unload", "Unload Crystal", vec![Unload], none),
        // 000_f177823dad35ee93.txt: Zap! — "the hex in front of it, and ... the second in line".
        ("zap", "Zap!", vec![SHORT], none),
        // 000_f177823dad35ee93.txt: Turn 2x Left/Right — "Turn 2 hex sides (120°)".
        ("turn_left_2", "Turn 2x Left", vec![Turn(-2)], none),
        ("turn_right_2", "Turn 2x Right", vec![Turn(2)], none),
        // 000_f177823dad35ee93.txt: Anti-Zap — "not affected by opponent Zaps ... no other effect".
        ("anti_zap", "Anti-Zap", vec![], Passive::ANTI_ZAP),
        // 000_f177823dad35ee93.txt: U-Turn — "Turn thrice (180°)".
        ("u_turn", "U-Turn", vec![Turn(3)], none),
        // 000_f177823dad35ee93.txt: Forward 3X — "three consecutive Forward Orders".
        (
            "forward_3",
            "Forward 3X",
            vec![Forward, Forward, Forward],
            none,
        ),
        // 000_f177823dad35ee93.txt: Forward then Load — "The sequence cannot be changed".
        (
            "forward_load",
            "Forward then Load",
            vec![Forward, Load],
            none,
        ),
        // 000_f177823dad35ee93.txt: Forward then Zap — "a Forward Order followed by a Zap Order".
        (
            "forward_zap",
            "Forward then Zap",
            vec![Forward, SHORT],
            none,
        ),
        // 000_f177823dad35ee93.txt: Dash — "a 'Forward 1x' Order ... as long as this Order is in his program".
        ("dash", "Dash", vec![Forward], Passive::DASH),
        // 000_f177823dad35ee93.txt: Jump — "Jump two hexes ahead".
        ("jump", "Jump", vec![Jump(2)], none),
        // 000_f177823dad35ee93.txt: Back up — "As Forward 1x, but in reverse".
        ("back_up", "Back up", vec![Back], none),
        // 000_f177823dad35ee93.txt: Double Zap! — "Zap twice in a row".
        ("double_zap", "Double Zap!", vec![SHORT, SHORT], none),
        // 000_f177823dad35ee93.txt: Anti theft — "cannot be stolen by an opponent 'Load' Order".
        ("anti_theft", "Anti theft", vec![], Passive::ANTI_THEFT),
        // 000_f177823dad35ee93.txt: Long range Zap — "an unlimited range".
        (
            "long_range_zap",
            "Long range Zap",
            vec![Zap(ZapRange::Long)],
            none,
        ),
    ];
    for (name, section, steps, passive) in cases {
        assert_eq!(
            rules(name),
            (steps, passive),
            "{name} (000_f177823dad35ee93.txt: {section})"
        );
    }
}

fn scenario_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(repo("scripts/twin-tin-bots/scenarios"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
}

/// The scenarios that fail with `book`, with their differences.
fn failures(book: &Arc<OrderBook>) -> Vec<String> {
    let mut out = vec![];
    for file in scenario_files() {
        match check_file_with(&file, book) {
            Ok(r) if r.passed() => {}
            Ok(r) => out.push(format!("FAIL {}: {:?}", file.display(), r.differences)),
            Err(e) => out.push(format!("ERROR {e}")),
        }
    }
    out
}

#[test]
fn the_whole_scenario_suite_passes_with_official_lua_in_place_of_the_built_in_orders() {
    let book = official_lua_book();
    assert!(!Arc::ptr_eq(&book, &OrderBook::official()));
    let failed = failures(&book);
    assert!(failed.is_empty(), "{}", failed.join("\n"));
    assert!(scenario_files().len() >= 80);
}

#[test]
fn the_suite_notices_a_wrong_definition() {
    // Proof that the book given is the one played: Forward 1x as a turn
    // fails the forward scenarios.
    let wrong = OrderFile::from_source(
        "wrong.lua",
        "return { { name = 'forward_1', steps = { orders.turn(1) } } }",
    )
    .unwrap();
    let book = Arc::new(book_with(&OrderBook::official(), &[wrong]).unwrap());
    let failed = failures(&book);
    assert!(
        failed
            .iter()
            .any(|f| f.contains("030_forward_into_empty_hex")),
        "{failed:?}"
    );
}

fn new_orders() -> Arc<OrderBook> {
    let files = ["sidestep", "magnet", "overclock"]
        .map(|f| repo(&format!("scripts/twin-tin-bots/orders/{f}.lua")));
    load_order_book(&files).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_new_orders_are_new_special_tiles() {
    let book = new_orders();
    let names: Vec<&str> = book.added().iter().map(|t| t.name()).collect();
    assert_eq!(
        names,
        [
            "sidestep_left",
            "sidestep_right",
            "strafe",
            "magnet",
            "overclock"
        ]
    );
    for t in book.added() {
        assert!(t.is_special() && !t.is_builtin(), "{t}");
        assert!(!book.get(*t).unwrap().description.is_empty(), "{t}");
    }
    assert!(
        book.differences(&OrderBook::official()).len() == 5,
        "no built-in order changed"
    );
}

/// Random games with the new orders in the special deck, for 2 to 6 players:
/// the invariants hold after every answer, the new tiles are dealt and
/// played, and the saved game replays to the same state.
#[test]
fn games_with_the_new_orders_keep_the_invariants_and_replay_exactly() {
    let book = new_orders();
    let paths = ["sidestep", "magnet", "overclock"].map(|f| {
        repo(&format!("scripts/twin-tin-bots/orders/{f}.lua"))
            .display()
            .to_string()
    });
    let mut new_tiles_played = 0;
    for players in 2..=6 {
        for seed in 0..4u64 {
            let mut setup = Setup::standard(players).unwrap();
            setup.add_special_tiles(book.added());
            assert_eq!(setup.special_tiles.len(), 13 + 5);
            let start = Start::Setup {
                setup: Box::new(setup),
                seed,
            };
            let mut game = Game::with_orders(&start.position(), book.clone()).unwrap();
            let mut replay = Replay::with_orders(start, paths.to_vec(), book.clone());
            let mut bots: Vec<Box<dyn Bot>> = (0..players)
                .map(|s| Box::new(RandomBot::new(seat_seed(seed, s))) as Box<dyn Bot>)
                .collect();
            while let Some(played) = play_one_shown(&mut game, &mut bots, 300).unwrap() {
                replay.answers.push(played.answer);
                game.check_invariants()
                    .unwrap_or_else(|e| panic!("{players} players, seed {seed}: {e}"));
                new_tiles_played += game
                    .events()
                    .iter()
                    .filter(|e| matches!(e, tinbots::games::twin_tin_bots::game::Event::OrderStarted { tile, .. } if !tile.is_builtin()))
                    .count();
            }
            let loaded = Replay::from_json("game.json", &replay.to_json()).unwrap();
            assert_eq!(loaded.orders, paths);
            let again = loaded.game().unwrap();
            assert_eq!(again.turn(), game.turn());
            assert_eq!(again.robots(), game.robots());
            assert_eq!(again.players(), game.players());
        }
    }
    assert!(
        new_tiles_played > 100,
        "only {new_tiles_played} new orders run"
    );
}

#[test]
fn a_game_refuses_a_tile_its_orders_do_not_define() {
    let book = new_orders();
    let magnet: Tile = "magnet".parse().unwrap();
    let mut setup = Setup::standard(2).unwrap();
    setup.add_special_tiles(&[magnet]);
    let e = Game::new(&setup.position(1)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "`magnet` is not an order of this game: load the order file that defines it"
    );
    assert!(Game::with_orders(&setup.position(1), book).is_ok());
}

/// Two players on the small arena: red.1 at the centre facing east with
/// `program`, blue.1 at `blue_at`, crystals as given.
fn duel(
    program: Tile,
    blue_at: [i32; 2],
    crystals: &[([i32; 2], u8)],
) -> tinbots::games::twin_tin_bots::game::Position {
    use tinbots::games::twin_tin_bots::game::{Player, Position, Robot};
    use tinbots::games::twin_tin_bots::orders::TileSet;
    use tinbots::games::twin_tin_bots::pieces::{Colour, Crystal, CrystalCounts};
    use tinbots::grid::hex::{Arena, Direction};
    let player = |colour| Player {
        colour,
        base: None,
        hand: TileSet::EMPTY,
        double_modification_used: false,
        first_turn: false,
        delivered: CrystalCounts::default(),
    };
    let robot = |id, at: [i32; 2], facing, program| Robot {
        id,
        at: at.into(),
        facing,
        carrying: None,
        program,
    };
    Position {
        arena: Arena::small(),
        players: vec![player(Colour::Red), player(Colour::Blue)],
        robots: vec![
            Some(robot(0, [0, 0], Direction::E, [Some(program), None, None])),
            None,
            Some(robot(2, blue_at, Direction::W, [None; 3])),
            None,
        ],
        crystals: crystals
            .iter()
            .map(|(at, v)| ((*at).into(), Crystal::from_value(*v).unwrap()))
            .collect(),
        track: vec![],
        special_deck: vec![],
        active: 0,
        score_to_win: None,
        terrain: vec![],
        sides: Default::default(),
    }
}

fn described(game: &Game) -> Vec<String> {
    game.events().iter().map(|e| game.describe(e)).collect()
}

#[test]
fn a_lua_order_pauses_at_its_zap_for_the_zappers_choice_then_goes_on() {
    use tinbots::games::twin_tin_bots::game::{Answer, Change, Decision, ZapEffect};
    let file = OrderFile::from_source(
        "sniper.lua",
        "return { { name = 'sniper', description = 'zaps 3 hexes, then turns right',
                    steps = { orders.zap(3), orders.turn(1) } } }",
    )
    .unwrap();
    let book = Arc::new(book_with(&OrderBook::official(), &[file]).unwrap());
    let sniper: Tile = "sniper".parse().unwrap();

    let mut game = Game::with_orders(&duel(sniper, [3, 0], &[]), book.clone()).unwrap();
    game.apply(Answer::Change(Change::Pass)).unwrap();
    assert!(matches!(
        game.decision(),
        Decision::ZapEffect {
            zapper: 0,
            target: 2,
            ..
        }
    ));
    let so_far = described(&game);
    assert_eq!(so_far.last().unwrap(), "red.1 zaps blue.1");
    assert!(!so_far.iter().any(|e| e.contains("turns")), "{so_far:?}");
    game.apply(Answer::Zap(ZapEffect::TurnLeft)).unwrap();
    let rest = described(&game);
    assert_eq!(
        rest[..3],
        [
            "blue.1 is made to turn_left",
            "blue.1 turns W -> SW",
            "red.1 turns E -> SE"
        ]
    );

    // Out of range: the zap fizzles and the order goes on.
    let mut game = Game::with_orders(&duel(sniper, [4, 0], &[]), book).unwrap();
    game.apply(Answer::Change(Change::Pass)).unwrap();
    let events = described(&game);
    assert!(
        events.contains(
            &"red.1 sniper: ignored: the 3 hexes in front are empty, so the zap fizzles"
                .to_string()
        ),
        "{events:?}"
    );
    assert!(
        events.contains(&"red.1 turns E -> SE".to_string()),
        "{events:?}"
    );
}

#[test]
fn a_pull_stops_at_the_edge_of_the_board_and_redefined_tiles_play_their_new_rules() {
    use tinbots::games::twin_tin_bots::game::{Answer, Change};
    // Load redefined as a long magnet: the tile keeps its name, not its rules.
    let file = OrderFile::from_source(
        "long.lua",
        "return { { name = 'load', steps = { orders.pull(10) } } }",
    )
    .unwrap();
    let book = Arc::new(book_with(&OrderBook::official(), &[file]).unwrap());
    let mut game =
        Game::with_orders(&duel(Tile::LOAD, [0, 3], &[([4, 0], 4)]), book.clone()).unwrap();
    game.apply(Answer::Change(Change::Pass)).unwrap();
    assert!(described(&game).contains(&"red.1 pulls the pink crystal (4) 4,0 -> 3,0".to_string()));
    // Nothing in line up to the edge (four hexes away on the small arena).
    let mut game = Game::with_orders(&duel(Tile::LOAD, [0, 3], &[([0, -4], 4)]), book).unwrap();
    game.apply(Answer::Change(Change::Pass)).unwrap();
    assert!(
        described(&game).contains(
            &"red.1 load: ignored: no crystal lies in line within 10 hexes in front".to_string()
        ),
        "{:?}",
        described(&game)
    );
}
