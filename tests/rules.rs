//! Rules that span several turns or decisions, tested through the game's
//! one seam (decision, legal answers, apply). Single-turn rulings live in
//! the scenario files of `scripts/twin-tin-bots/scenarios/`.

use tinbots::games::twin_tin_bots::game::{
    Answer, Change, ChangeStep, Decision, EndReason, Event, Game, Player, Position, Robot,
    RuleError, ZapEffect,
};
use tinbots::games::twin_tin_bots::orders::{Tile, TileSet};
use tinbots::games::twin_tin_bots::pieces::{Colour, Crystal, CrystalCounts};
use tinbots::grid::hex::{Arena, Direction, Hex};

fn player(colour: Colour, hand: &[Tile]) -> Player {
    Player {
        colour,
        base: None,
        hand: hand.iter().copied().collect::<TileSet>(),
        double_modification_used: false,
        first_turn: false,
        delivered: CrystalCounts::default(),
    }
}

fn robot(id: usize, at: [i32; 2], facing: Direction, program: [Option<Tile>; 3]) -> Option<Robot> {
    Some(Robot {
        id,
        at: at.into(),
        facing,
        carrying: None,
        program,
    })
}

/// Three players on the small arena, robots only, nothing else.
fn three_players() -> Position {
    let colours = [Colour::Red, Colour::Blue, Colour::Yellow];
    Position {
        arena: Arena::small(),
        players: colours
            .iter()
            .map(|c| player(*c, &[Tile::ZAP, Tile::LOAD]))
            .collect(),
        robots: vec![None; 6],
        crystals: vec![],
        track: vec![],
        special_deck: vec![],
        active: 0,
        score_to_win: Some(10),
        terrain: vec![],
        sides: Default::default(),
    }
}

fn change(game: &Game, text: &str) -> Answer {
    Answer::Change(Change::parse(game.colours(), text).unwrap())
}

fn pass_turns(game: &mut Game, n: usize) {
    for _ in 0..n {
        let a = change(game, "pass");
        game.apply(a).unwrap();
    }
}

/// A position where red.1 delivers a crystal to its base on red's turn.
fn delivery_position(track: Vec<Crystal>, active: usize) -> Position {
    let mut p = three_players();
    p.players[0].base = Some(Hex::new(2, 0));
    p.robots[0] = robot(0, [1, 0], Direction::E, [Some(Tile::UNLOAD), None, None]);
    p.robots[0].as_mut().unwrap().carrying = Some(Crystal::GREEN);
    p.track = track;
    p.active = active;
    p
}

#[test]
fn crystal_attrition_lasts_three_more_game_turns_after_the_turn_completes() {
    // 000_f177823dad35ee93.txt: Crystal attrition — "When the last Crystal
    // enters play, the current game turn continues to completion and the game
    // will then last 3 more game turns: the first player discards a Countdown
    // counter each time he is about to play (3-2-1)."
    // The last crystal enters on blue's turn (seat 1 of 3).
    let mut p = delivery_position(vec![Crystal::PINK], 1);
    // Move the delivering robot to blue.
    let r = p.robots[0].take().unwrap();
    p.robots[2] = Some(Robot { id: 2, ..r });
    p.players[1].base = p.players[0].base.take();
    let mut game = Game::new(&p).unwrap();
    pass_turns(&mut game, 1);
    assert!(game.events().contains(&Event::LastCrystalEntered));
    assert!(game.countdown().end_phase);
    // Yellow finishes the current game turn.
    assert_eq!(game.active(), 2);
    pass_turns(&mut game, 1);
    // Red is about to play: discards 3.
    assert!(game
        .events()
        .contains(&Event::CountdownDiscarded { counter: 3 }));
    pass_turns(&mut game, 3);
    assert!(game
        .events()
        .contains(&Event::CountdownDiscarded { counter: 2 }));
    pass_turns(&mut game, 3);
    assert!(game
        .events()
        .contains(&Event::CountdownDiscarded { counter: 1 }));
    // The last game turn: red, blue, yellow play, then the game ends.
    pass_turns(&mut game, 2);
    assert!(!game.is_over());
    pass_turns(&mut game, 1);
    assert!(game.is_over());
    assert_eq!(game.outcome().unwrap().reason, EndReason::CrystalAttrition);
    assert_eq!(game.decision(), Decision::GameOver);
    assert_eq!(game.apply(change(&game, "pass")), Err(RuleError::GameOver));
}

#[test]
fn last_crystal_in_the_first_players_turn_plays_that_turn_before_discarding() {
    // 000_f177823dad35ee93.txt: Crystal attrition — "If the last Crystal
    // enters play during the first player's turn, the current turn is played
    // before starting discarding Countdown counters."
    let mut game = Game::new(&delivery_position(vec![Crystal::PINK], 0)).unwrap();
    pass_turns(&mut game, 1);
    assert!(game.events().contains(&Event::LastCrystalEntered));
    assert!(!game
        .events()
        .iter()
        .any(|e| matches!(e, Event::CountdownDiscarded { .. })));
    pass_turns(&mut game, 2); // blue and yellow complete the game turn
    assert!(game
        .events()
        .contains(&Event::CountdownDiscarded { counter: 3 }));
    // Then three full game turns: 9 player turns in all, red's included.
    pass_turns(&mut game, 8);
    assert!(!game.is_over());
    pass_turns(&mut game, 1);
    assert_eq!(game.outcome().unwrap().reason, EndReason::CrystalAttrition);
}

#[test]
fn attrition_scoring_counts_carried_crystals_one_less() {
    // 000_f177823dad35ee93.txt: Game Goal — "Crystals still on Robots are
    // worth one point less than their regular value (1 to 3 points)".
    let mut p = delivery_position(vec![Crystal::PINK], 0);
    p.robots[2] = robot(2, [-3, 0], Direction::W, [None; 3]);
    p.robots[2].as_mut().unwrap().carrying = Some(Crystal::PINK); // blue carries 4 -> 3 points
    let mut game = Game::new(&p).unwrap();
    pass_turns(&mut game, 12);
    let o = game.outcome().expect("attrition ended the game");
    assert_eq!(o.reason, EndReason::CrystalAttrition);
    // Red: green delivered = 3 in base; blue: 3 carried. Tie at 3: red wins the
    // tiebreak on the highest total brought back (3 against 0).
    let red = o.standings.iter().find(|s| s.player == 0).unwrap();
    let blue = o.standings.iter().find(|s| s.player == 1).unwrap();
    assert_eq!((red.total(), blue.total()), (3, 3));
    assert_eq!(o.winners, vec![0]);
}

#[test]
fn score_victory_ends_the_game_at_once() {
    // 000_f177823dad35ee93.txt: By score victory — "the game ends
    // immediately and that player wins" (10 points for 3 players).
    let mut p = delivery_position(vec![Crystal::PINK], 0);
    p.players[0].delivered = CrystalCounts([0, 1, 1]); // 7 points
    p.robots[0].as_mut().unwrap().program = [Some(Tile::UNLOAD), Some(Tile::TURN_LEFT), None];
    let mut game = Game::new(&p).unwrap();
    pass_turns(&mut game, 1);
    let o = game.outcome().unwrap();
    assert_eq!(o.reason, EndReason::ScoreVictory { player: 0 });
    assert_eq!(o.winners, vec![0]);
    // Immediately: the turn left, the next crystal did not enter.
    assert!(!game
        .events()
        .iter()
        .any(|e| matches!(e, Event::Turned { .. })));
    assert_eq!(game.track(), [Crystal::PINK]);
}

#[test]
fn first_turn_places_one_order_on_each_robot() {
    // 000_f177823dad35ee93.txt: The Game — "On the very first Turn of each
    // player, he places an Order on each Robot on step 1".
    let mut p = three_players();
    p.players[0].first_turn = true;
    p.players[0].hand = [Tile::ZAP, Tile::LOAD, Tile::LOAD, Tile::TURN_LEFT]
        .into_iter()
        .collect();
    p.robots[0] = robot(0, [0, 0], Direction::E, [None; 3]);
    p.robots[1] = robot(1, [0, 2], Direction::E, [None; 3]);
    let mut game = Game::new(&p).unwrap();
    assert_eq!(
        game.decision(),
        Decision::ProgramChange {
            player: 0,
            step: ChangeStep::FirstTurn { placed: None }
        }
    );
    let before = game.clone();
    // `pass` while a placement is possible: refused under the default
    // reading of ttb.first-turn (each-robot), naming it.
    let refused = game.apply(change(&game, "pass"));
    assert_eq!(refused, Err(RuleError::FirstTurnMustPlace));
    assert!(refused
        .unwrap_err()
        .to_string()
        .ends_with("[ruling ttb.first-turn: each-robot]"));
    assert_eq!(
        game.apply(change(&game, "reset red.1")),
        Err(RuleError::FirstTurnPlacesOnly)
    );
    assert_eq!(
        game.robots(),
        before.robots(),
        "a refused answer changes nothing"
    );
    game.apply(change(&game, "place red.1 1 zap")).unwrap();
    assert_eq!(
        game.apply(change(&game, "place red.1 2 load")),
        Err(RuleError::FirstTurnOneEach)
    );
    assert!(game
        .legal_answer_list()
        .iter()
        .all(|a| matches!(a, Answer::Change(Change::Place { robot: 1, .. }))));
    game.apply(change(&game, "place red.2 1 load")).unwrap();
    assert_eq!(game.active(), 1, "both robots ran and the turn passed");
    assert_eq!(game.robot(0).unwrap().program[0], Some(Tile::ZAP));
    assert_eq!(game.robot(1).unwrap().program[0], Some(Tile::LOAD));
    assert!(!game.players()[0].first_turn);
}

#[test]
fn double_modification_gives_a_second_change_once_per_game() {
    // 000_f177823dad35ee93.txt: Double Modification — "can only be used once
    // per game, and is then turned face down. It allows the player to make
    // two programming changes that Turn".
    let mut p = three_players();
    p.players[0].hand = [
        Tile::ZAP,
        Tile::LOAD,
        Tile::TURN_LEFT,
        Tile::DOUBLE_MODIFICATION,
    ]
    .into_iter()
    .collect();
    p.robots[0] = robot(0, [0, 0], Direction::E, [None; 3]);
    p.robots[1] = robot(1, [0, 2], Direction::E, [None; 3]);
    let mut game = Game::new(&p).unwrap();
    game.apply(change(&game, "place red.1 1 turn_left"))
        .unwrap();
    assert_eq!(
        game.decision(),
        Decision::ProgramChange {
            player: 0,
            step: ChangeStep::Second
        }
    );
    game.apply(change(&game, "place red.2 1 load")).unwrap();
    assert!(game
        .events()
        .contains(&Event::DoubleModificationUsed { player: 0 }));
    assert!(game.players()[0].double_modification_used);
    assert!(!game.players()[0].hand.has(Tile::DOUBLE_MODIFICATION));
    pass_turns(&mut game, 2);
    // Red's next turn: one change only.
    game.apply(change(&game, "remove red.1 1")).unwrap();
    assert_eq!(game.active(), 1);
    game.check_invariants().unwrap();
}

#[test]
fn passing_keeps_the_double_modification() {
    let mut p = three_players();
    p.players[0].hand = [Tile::ZAP, Tile::DOUBLE_MODIFICATION].into_iter().collect();
    p.robots[0] = robot(0, [0, 0], Direction::E, [None; 3]);
    let mut game = Game::new(&p).unwrap();
    game.apply(change(&game, "place red.1 1 zap")).unwrap();
    game.apply(change(&game, "pass")).unwrap();
    assert!(game.players()[0].hand.has(Tile::DOUBLE_MODIFICATION));
    assert!(!game.players()[0].double_modification_used);
    // And the tile cannot be placed in a program.
    let mut p = three_players();
    p.players[0].hand = [Tile::DOUBLE_MODIFICATION].into_iter().collect();
    p.robots[0] = robot(0, [0, 0], Direction::E, [None; 3]);
    let mut game = Game::new(&p).unwrap();
    assert_eq!(
        game.apply(change(&game, "place red.1 1 double_modification")),
        Err(RuleError::DoubleModificationIsNotPlaced)
    );
}

#[test]
fn illegal_changes_name_the_rule_and_change_nothing() {
    // 000_f177823dad35ee93.txt: 1. Change the programming of a single Robot.
    let mut p = three_players();
    p.robots[0] = robot(0, [0, 0], Direction::E, [Some(Tile::ZAP), None, None]);
    p.robots[2] = robot(2, [0, 2], Direction::E, [None; 3]);
    let mut game = Game::new(&p).unwrap();
    let before = format!("{:?}", (game.robots(), game.players(), game.decision()));
    for (text, rule) in [
        ("place blue.1 1 zap", "is not yours"),
        ("place red.1 1 jump", "not in your hand"),
        ("swap red.1 2 2", "two different slots"),
        ("swap red.1 2 3", "both slots are empty"),
        ("remove red.1 3", "is empty"),
        ("reset red.2", "not in this game"),
    ] {
        let err = game.apply(change(&game, text)).unwrap_err();
        assert!(err.to_string().contains(rule), "{text}: {err}");
        // The rule is cited by the rulebook's name, not the seed file's.
        assert!(
            err.to_string().contains("(Twin Tin Bots rulebook, ") || rule == "not in this game"
        );
    }
    assert_eq!(
        game.apply(Answer::Zap(ZapEffect::Load))
            .unwrap_err()
            .to_string(),
        "the game is asking for a program change, not a zap effect"
    );
    assert_eq!(
        before,
        format!("{:?}", (game.robots(), game.players(), game.decision()))
    );
}

#[test]
fn zap_pauses_for_the_zappers_choice_and_resumes_the_program() {
    // 000_f177823dad35ee93.txt: Zap! — "the Zapping player may force it to
    // immediately perform one of the following Orders (Zapper's choice)".
    let mut p = three_players();
    p.robots[0] = robot(
        0,
        [0, 0],
        Direction::E,
        [Some(Tile::ZAP), Some(Tile::TURN_RIGHT), None],
    );
    p.robots[2] = robot(2, [2, 0], Direction::W, [None; 3]);
    let mut game = Game::new(&p).unwrap();
    game.apply(change(&game, "pass")).unwrap();
    assert_eq!(
        game.decision(),
        Decision::ZapEffect {
            player: 0,
            zapper: 0,
            target: 2
        }
    );
    assert_eq!(game.legal_answer_list().len(), 6);
    assert!(matches!(
        game.apply(change(&game, "pass")),
        Err(RuleError::WrongKindOfAnswer { .. })
    ));
    game.apply(Answer::Zap(ZapEffect::TurnLeft)).unwrap();
    assert_eq!(game.robot(2).unwrap().facing, Direction::SW);
    // The program went on after the zap: red.1 turned right.
    assert_eq!(game.robot(0).unwrap().facing, Direction::SE);
    assert_eq!(game.active(), 1);
}

#[test]
fn crystal_placement_is_asked_of_the_base_owner_when_the_centre_is_taken() {
    // 002_ae8ae07e801960f9.txt: FAQ Q1 — "Always done by player that
    // received the crystal." Red's robot delivers to blue's base.
    let mut p = three_players();
    p.players[1].base = Some(Hex::new(3, 0));
    p.robots[0] = robot(0, [2, 0], Direction::E, [Some(Tile::UNLOAD), None, None]);
    p.robots[0].as_mut().unwrap().carrying = Some(Crystal::GREEN);
    p.crystals = vec![(Hex::CENTRE, Crystal::BLUE)];
    p.track = vec![Crystal::PINK, Crystal::GREEN];
    let mut game = Game::new(&p).unwrap();
    game.apply(change(&game, "pass")).unwrap();
    assert_eq!(
        game.decision(),
        Decision::CrystalPlacement {
            player: 1,
            crystal: Crystal::PINK
        }
    );
    let options = game.legal_answer_list();
    assert_eq!(options.len(), 6, "the six hexes of ring 1 are free");
    let err = game.apply(Answer::Place(Hex::new(2, 0))).unwrap_err();
    assert!(err.to_string().contains("closest to the centre"));
    game.apply(Answer::Place(Hex::new(0, 1))).unwrap();
    assert!(game.events().contains(&Event::CrystalEntered {
        crystal: Crystal::PINK,
        at: Hex::new(0, 1)
    }));
    assert_eq!(game.players()[1].delivered.points(), 3);
    assert_eq!(game.active(), 1);
    game.check_invariants().unwrap();
}

#[test]
fn events_explain_every_ignored_order() {
    // 000_f177823dad35ee93.txt: Run programs — "If an Order can be executed it
    // must be, otherwise it is ignored."
    let mut p = three_players();
    p.robots[0] = robot(
        0,
        [4, 0],
        Direction::E,
        [Some(Tile::FORWARD_2), Some(Tile::LOAD), None],
    );
    let mut game = Game::new(&p).unwrap();
    game.apply(change(&game, "pass")).unwrap();
    let text: Vec<String> = game.events().iter().map(|e| game.describe(e)).collect();
    let joined = text.join("\n");
    assert!(
        joined.contains("red.1 forward_2: ignored: the hex ahead is off the board"),
        "{joined}"
    );
    assert!(
        joined.contains("the rest of the move is ignored"),
        "{joined}"
    );
    assert!(
        joined.contains("red.1 load: ignored: there is no crystal in front of it"),
        "{joined}"
    );
    assert!(joined.contains("red.1 slot 3: empty, skipped"), "{joined}");
}

/// Plays `game` for `answers` real answers (picked by a fixed arithmetic
/// sequence among the legal ones), answering `continue` at every pause;
/// returns the real answers given and the events of each `continue`.
fn play_recording(game: &mut Game, answers: usize) -> (Vec<Answer>, Vec<Vec<Event>>) {
    let mut given = Vec::new();
    let mut steps = Vec::new();
    let mut n = 0usize;
    while !game.is_over() && given.len() < answers {
        if let Decision::Continue { .. } = game.decision() {
            assert_eq!(game.legal_answer_list(), [Answer::Continue]);
            game.apply(Answer::Continue).unwrap();
            steps.push(game.events().to_vec());
            continue;
        }
        n = n.wrapping_mul(31).wrapping_add(7);
        let a = game.legal_answer(n % game.legal_answer_count()).unwrap();
        game.apply(a).unwrap();
        given.push(a);
    }
    (given, steps)
}

#[test]
fn stepping_pauses_before_each_primitive_and_ends_where_running_ends() {
    use tinbots::games::twin_tin_bots::setup::Setup;
    for seed in 0..4 {
        let start = Game::new(&Setup::standard(3).unwrap().position(seed)).unwrap();
        let mut stepped = start.clone();
        stepped.set_stepping(true);
        let (given, steps) = play_recording(&mut stepped, 120);
        assert!(steps.len() > given.len(), "seed {seed}: there were pauses");
        // Each continue runs one primitive: at most one order starts in it.
        for events in &steps {
            let started = events
                .iter()
                .filter(|e| matches!(e, Event::OrderStarted { .. }))
                .count();
            assert!(started <= 1, "seed {seed}: {events:?}");
        }
        // The same answers without stepping reach the same game.
        let mut plain = start.clone();
        for a in &given {
            plain.apply(*a).unwrap();
        }
        if let Decision::Continue { .. } = stepped.decision() {
            stepped.set_stepping(false);
            stepped.apply(Answer::Continue).unwrap();
        }
        assert_eq!(
            format!("{:?}", plain.view(0)),
            format!("{:?}", stepped.view(0)),
            "seed {seed}"
        );
        // A pause refuses any other answer, and says what it wants.
        let mut paused = start.clone();
        paused.set_stepping(true);
        while !matches!(paused.decision(), Decision::Continue { .. }) {
            let a = paused.legal_answer(0).unwrap();
            paused.apply(a).unwrap();
        }
        let before = format!("{paused:?}");
        assert!(paused.apply(Answer::Change(Change::Pass)).is_err());
        assert_eq!(format!("{paused:?}"), before);
        assert!(paused
            .parse_answer("pass")
            .unwrap_err()
            .contains("`continue`"));
    }
}
