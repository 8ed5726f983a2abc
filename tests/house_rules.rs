//! House-rule variants (`variants/twin-tin-bots/conveyors`, `variants/twin-tin-bots/heavy-crystals`,
//! `variants/twin-tin-bots/sudden-death`) in whole games: random bots play standard games
//! dealt by the variants' setup hooks, every answer keeps the invariants
//! (DESIGN.md decision 8), and the hooks visibly act. A hook that fails
//! makes the answer fail with `RuleError::Hook`, naming the variant, the
//! script and the line, and leaves the game exactly as it was.

use std::path::PathBuf;

use tinbots::bot::{seat_seed, Bot, RandomBot};
use tinbots::games::twin_tin_bots::game::{rank, Answer, EndReason, Event, Game, RuleError};
use tinbots::games::twin_tin_bots::orders::OrderBook;
use tinbots::games::twin_tin_bots::variant::VariantSet;
use tinbots::play::play_one;

/// A standard game for `players` with the shipped variants `names`, dealt
/// with `seed`, and a random bot for each seat.
fn new_game(names: &[&str], players: usize, seed: u64) -> (Game, Vec<Box<dyn Bot>>) {
    let set = VariantSet::load(names).unwrap();
    new_game_with(&set, players, seed)
}

fn new_game_with(set: &VariantSet, players: usize, seed: u64) -> (Game, Vec<Box<dyn Bot>>) {
    let position = set.standard_position(players, seed, &[]).unwrap();
    let game = Game::with_rules(&position, set.rules(OrderBook::official()).unwrap()).unwrap();
    let bots = (0..game.colours().len())
        .map(|s| Box::new(RandomBot::new(seat_seed(seed, s))) as Box<dyn Bot>)
        .collect();
    (game, bots)
}

/// Plays a game to its end (or `max_turns`), checking the invariants after
/// every answer and calling `seen` with the events of each answer.
fn play(game: &mut Game, bots: &mut [Box<dyn Bot>], max_turns: u32, mut seen: impl FnMut(&Game)) {
    game.check_invariants().unwrap();
    while play_one(game, bots, max_turns)
        .unwrap_or_else(|e| panic!("turn {}: {e}", game.turn()))
        .is_some()
    {
        if let Err(e) = game.check_invariants() {
            panic!("turn {}: {e}", game.turn());
        }
        seen(game);
    }
}

#[test]
fn conveyors_games_keep_the_invariants_and_the_belt_moves_things() {
    // House rule (variants/twin-tin-bots/conveyors): "at the end of every turn, whatever
    // stands on a conveyor is pushed one hex along it, by the normal push
    // rules"; the setup hook lays one belt of three conveyors.
    let mut moved = 0;
    for players in 2..=6 {
        for seed in 1..=4 {
            let (mut game, mut bots) = new_game(&["conveyors"], players, seed);
            let belt: Vec<_> = game.position().terrain;
            assert_eq!(belt.len(), 3, "{players} players, seed {seed}: {belt:?}");
            assert!(belt
                .iter()
                .all(|t| &*t.kind.as_str() == "conveyor" && t.facing.is_some()));
            play(&mut game, &mut bots, 300, |g| {
                moved += carried_once(g);
                // Floors never move.
                assert_eq!(g.position().terrain, belt);
            });
        }
    }
    assert!(moved > 0, "no conveyor ever moved anything");
}

/// The conveyor pushes of the answer just applied that moved something,
/// checking that no piece was carried twice: a conveyor push is followed by
/// the pieces it moved, farthest first, the carried piece last (from the
/// conveyor's hex); no later conveyor push may start where an earlier one
/// carried its piece.
fn carried_once(g: &Game) -> usize {
    let events = g.events();
    let mut landed = Vec::new();
    for (i, e) in events.iter().enumerate() {
        if let Event::VariantPush {
            at, blocked: None, ..
        } = *e
        {
            assert!(
                !landed.contains(&at),
                "turn {}: the piece carried to {at} is carried again",
                g.turn()
            );
            let to = events[i + 1..].iter().find_map(|e| match *e {
                Event::Pushed { from, to, .. } if from == at => Some(to),
                _ => None,
            });
            landed.push(to.expect("the carried piece's push"));
        }
    }
    landed.len()
}

#[test]
fn the_conveyor_belt_is_dealt_from_the_seed() {
    let terrain = |seed| {
        VariantSet::load(&["conveyors"])
            .unwrap()
            .standard_position(4, seed, &[])
            .unwrap()
            .terrain
    };
    assert_eq!(terrain(9), terrain(9));
    assert!((1..=8).any(|seed| terrain(seed) != terrain(9)));
}

#[test]
fn heavy_crystals_games_keep_the_invariants_and_refuse_loaded_pushes() {
    // House rule (variants/twin-tin-bots/heavy-crystals): "a robot carrying a crystal is
    // too heavy to push anything: its step is refused when it would push."
    let mut refused = 0;
    for names in [&["heavy-crystals"][..], &["conveyors", "heavy-crystals"]] {
        for players in 2..=6 {
            for seed in 1..=4 {
                let (mut game, mut bots) = new_game(names, players, seed);
                play(&mut game, &mut bots, 300, |g| {
                    refused += g
                        .events()
                        .iter()
                        .filter(|e| g.describe(e).contains("too heavy to push"))
                        .count();
                });
            }
        }
    }
    assert!(refused > 0, "no loaded robot was ever refused a push");
}

#[test]
fn sudden_death_ends_after_the_last_round_with_the_usual_winners() {
    // House rule (variants/twin-tin-bots/sudden-death): the game ends after 12 rounds,
    // scored as at the end of any game, unless it ended before.
    let mut by_sudden_death = 0;
    for players in 2..=6 {
        for seed in 1..=4 {
            let (mut game, mut bots) = new_game(&["sudden-death"], players, seed);
            let last_turn = 12 * game.colours().len() as u32;
            play(&mut game, &mut bots, 1000, |_| {});
            let outcome = game.outcome().expect("the game is over").clone();
            assert_ne!(outcome.reason, EndReason::TurnLimit);
            assert!(game.turn() <= last_turn, "turn {}", game.turn());
            if let EndReason::Variant(why) = outcome.reason {
                by_sudden_death += 1;
                assert_eq!(&*why.as_str(), "sudden death: 12 rounds played");
                assert_eq!(game.turn(), last_turn);
                let mut standings = outcome.standings.clone();
                assert_eq!(outcome.winners, rank(&mut standings));
            }
        }
    }
    assert!(by_sudden_death > 0, "no game ran to the last round");
}

/// A folder of variant files under the system's temporary folder, removed
/// when dropped.
struct Folder(PathBuf);

impl Folder {
    fn new(name: &str, files: &[(&str, &str)]) -> Folder {
        let dir = std::env::temp_dir().join(format!("tinbots-{name}-{}", std::process::id()));
        for (path, text) in files {
            let path = dir.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        Folder(dir)
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn a_failing_hook_refuses_the_answer_and_leaves_the_game_as_it_was() {
    let folder = Folder::new(
        "house-rules-broken",
        &[
            (
                "broken/variant.toml",
                "name = \"broken\"\ndescription = \"fails\"\nsource = \"house rule\"\n",
            ),
            (
                "broken/variant.lua",
                "return {\n  turn_ended = function(game, colour)\n    error(\"boom\")\n  end,\n}\n",
            ),
        ],
    );
    let set = VariantSet::load_from(&folder.0, &["broken"]).unwrap();
    let (mut game, mut bots) = new_game_with(&set, 2, 5);
    // The first turn's program changes are accepted until the one that ends
    // the turn: then turn_ended fails.
    let mut failures = 0;
    for _ in 0..10 {
        let seat = game.decision().player().expect("a decision to make");
        let answer: Answer = game
            .legal_answer(bots[seat].choose(&game).unwrap())
            .unwrap();
        let (position, decision, turn) = (game.position(), game.decision(), game.turn());
        match game.apply(answer) {
            Ok(()) => assert_eq!(game.turn(), turn, "the turn ended without the hook"),
            Err(RuleError::Hook(message)) => {
                failures += 1;
                for part in ["broken", "turn_ended", "broken/variant.lua:3", "boom"] {
                    assert!(message.contains(part), "`{part}` not in: {message}");
                }
                assert_eq!(game.position(), position);
                assert_eq!(game.decision(), decision);
                assert_eq!(game.turn(), turn);
                game.check_invariants().unwrap();
                // The same answer fails the same way again.
                assert!(matches!(game.apply(answer), Err(RuleError::Hook(_))));
                assert_eq!(game.position(), position);
                break;
            }
            Err(e) => panic!("unexpected error: {e}"),
        }
    }
    assert_eq!(failures, 1, "the hook never ran");
}
