//! With the bots `tinbots play` seats when it is given no `--bot` (each
//! game's `play_bot`), every game, and every Droids mission, plays to a
//! real end by its rules for seeds 1 to 20, at its default count of
//! players: a win, a loss or a draw, not the turn limit (issue 34).
//!
//! The games are played through the seam as `play` plays them (the same
//! bots, seeded per seat the same way), several at once. A game still
//! going at [`CAP`] turns fails: it would reach the 1000-turn limit or
//! crawl towards it, far beyond the longest real games (Twin Tin Bots'
//! greedy games take 52 to 84 turns, Droids' goal games at most 132
//! rounds, in the labyrinth).

use tinbots::bot::{seat_seed, BotSpec};
use tinbots::engine::GameOptions;
use tinbots::registry::GameType;

/// The seeds played.
const SEEDS: std::ops::RangeInclusive<u64> = 1..=20;

/// The turns after which a game still going counts as one that does not end.
const CAP: u32 = 400;

/// Plays `game` with `options` and its default bots to its end or [`CAP`]
/// turns; `None` when it ended by its rules, else what went wrong.
fn unfinished(game: &GameType, options: &GameOptions) -> Option<String> {
    let started = (game.new)(options).unwrap_or_else(|e| panic!("{options:?}: {e}"));
    let mut state = started.game;
    let spec = BotSpec::parse(game.play_bot);
    let mut bots: Vec<_> = (0..state.seats())
        .map(|seat| {
            spec.make_for(game, seat_seed(options.seed, seat))
                .unwrap_or_else(|e| panic!("{}: {e}", game.play_bot))
        })
        .collect();
    while !state.is_over() && state.turn() <= CAP {
        let Some(seat) = state.to_decide() else {
            return Some("nobody decides, yet the game is not over".into());
        };
        let index = match bots[seat].choose(state.as_ref()) {
            Ok(index) => index,
            Err(e) => return Some(format!("the bot failed: {e}")),
        };
        if let Err(e) = state.apply_index(index) {
            return Some(format!("the bot's answer was refused: {e}"));
        }
    }
    (!state.is_over()).then(|| format!("still going after {CAP} turns"))
}

/// Plays every seed of [`SEEDS`] of `game` with the options `options`
/// gives for a seed, on a few threads, and fails naming every game that
/// did not end by its rules.
fn every_seed_ends(
    game: &'static GameType,
    label: &str,
    options: impl Fn(u64) -> GameOptions + Sync,
) {
    let seeds: Vec<u64> = SEEDS.collect();
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    let failures: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = seeds
            .chunks(seeds.len().div_ceil(threads))
            .map(|chunk| {
                let options = &options;
                scope.spawn(move || {
                    chunk
                        .iter()
                        .filter_map(|&seed| {
                            unfinished(game, &options(seed))
                                .map(|why| format!("{label}, seed {seed}: {why}"))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a game's thread panicked"))
            .collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The options of a game at its defaults, with a seed and its own options.
fn options(seed: u64, own: &[(&str, &str)]) -> GameOptions {
    let mut options = GameOptions {
        seed,
        ..GameOptions::default()
    };
    for (name, value) in own {
        options
            .own
            .insert((*name).to_string(), vec![(*value).to_string()]);
    }
    options
}

/// The game of that name in the list of games.
fn game(name: &str) -> &'static GameType {
    tinbots::games::find(name).unwrap()
}

#[test]
fn twin_tin_bots_default_bots_play_to_a_real_end() {
    every_seed_ends(game("twin-tin-bots"), "twin-tin-bots", |seed| {
        options(seed, &[])
    });
}

#[test]
fn roborally_default_bots_play_to_a_real_end() {
    every_seed_ends(game("roborally"), "roborally", |seed| options(seed, &[]));
}

/// The names of Droids' built-in missions, as `tinbots missions` lists
/// them (number, name, players, file), so that a mission added is played.
fn droids_missions() -> Vec<String> {
    let droids = game("droids");
    let listing = droids
        .catalogues
        .iter()
        .find(|c| c.name == "missions")
        .map(|c| (c.list)(&[]).unwrap())
        .expect("Droids lists its missions");
    let names: Vec<String> = listing
        .lines()
        .filter_map(|line| line.split_whitespace().nth(1).map(str::to_string))
        .collect();
    assert!(names.len() >= 9, "{listing}");
    names
}

#[test]
fn droids_default_bots_play_every_mission_to_a_real_end() {
    let droids = game("droids");
    assert_eq!(droids.play_bot, "goal", "the mission's goal, not random");
    for mission in droids_missions() {
        every_seed_ends(droids, &format!("droids --mission {mission}"), |seed| {
            options(seed, &[("mission", &mission)])
        });
    }
}

/// Random stays one flag away, and is no default: a game of random bots
/// does not end (the reason for this file), so a default that fell back
/// to random would fail above.
#[test]
fn no_default_bot_is_random() {
    for game in tinbots::games::registry().all() {
        assert_ne!(game.play_bot, "random", "{}", game.name);
    }
}

/// The bot of the tutorial (docs/bots.md) is the shipped file, word for
/// word, and beats the random bot in games that end by the rules.
#[test]
fn the_tutorial_bot_is_shipped_and_beats_random_to_real_ends() {
    use tinbots::tournament::Tournament;
    let path = "scripts/twin-tin-bots/bots/examples/scorefirst.lua";
    let file = std::fs::read_to_string(path).unwrap();
    let doc = std::fs::read_to_string("docs/bots.md").unwrap();
    assert!(
        doc.contains(&format!("```lua\n{file}```")),
        "docs/bots.md does not show {path} as it is"
    );
    let t = Tournament {
        game: tinbots::games::default_game(),
        options: GameOptions::default(),
        players: 2,
        games: 6,
        seed: 1,
        max_turns: CAP,
        threads: 2,
    };
    let r = t.pairing(&BotSpec::parse(path), &BotSpec::Random).unwrap();
    assert_eq!(r.wins[0], 6.0, "{r:?}");
    assert_eq!(r.turn_limit, 0, "{r:?}");
}
