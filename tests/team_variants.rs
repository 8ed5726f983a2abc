//! The `two-player-advanced` and `teams` variants: who plays which colours,
//! the teams, the unload rule of the advanced two-player game, score
//! victory over a player's two bases, and team scores at the end of a game.
//!
//! 000_f177823dad35ee93.txt: Advanced 2 players variant; Team play.
//! 002_ae8ae07e801960f9.txt: Team play.

use std::collections::BTreeSet;

use tinbots::bot::{seat_seed, Bot, BotSpec};
use tinbots::games::twin_tin_bots::game::{Answer, Change, EndReason, Event, Game, Position};
use tinbots::games::twin_tin_bots::orders::{OrderBook, Tile};
use tinbots::games::twin_tin_bots::pieces::Crystal;
use tinbots::games::twin_tin_bots::variant::VariantSet;
use tinbots::grid::hex::{Direction, Hex};
use tinbots::play::play_one;

fn names(pos: &Position) -> Vec<&'static str> {
    pos.colours().iter().map(|c| c.name()).collect()
}

/// The colours each person controls, person by person.
fn controlled(pos: &Position) -> Vec<Vec<&'static str>> {
    let colours = names(pos);
    let people = (0..colours.len())
        .map(|s| pos.sides.controller(s))
        .max()
        .map_or(0, |m| m + 1);
    (0..people)
        .map(|person| {
            (0..colours.len())
                .filter(|&s| pos.sides.controller(s) == person)
                .map(|s| colours[s])
                .collect()
        })
        .collect()
}

/// The colours of each team, team by team.
fn teams(pos: &Position) -> Vec<Vec<&'static str>> {
    let colours = names(pos);
    let mut ids: Vec<usize> = (0..colours.len()).map(|s| pos.sides.team(s)).collect();
    ids.sort();
    ids.dedup();
    ids.iter()
        .map(|&t| {
            (0..colours.len())
                .filter(|&s| pos.sides.team(s) == t)
                .map(|s| colours[s])
                .collect()
        })
        .collect()
}

fn base(pos: &Position, colour: &str) -> Hex {
    pos.players
        .iter()
        .find(|p| p.colour.name() == colour)
        .and_then(|p| p.base)
        .unwrap()
}

#[test]
fn two_player_advanced_seats_four_colours_for_two_people() {
    // "Each player plays two colors. Use the 4 players set up. Each player
    // controls two opposing bases on the board (Yellow+Green against
    // Red+Blue). Players alternate colours following the Bases on the game
    // board (Blue-Yellow-Red-Green)."
    let set = VariantSet::load(&["two-player-advanced"]).unwrap();
    let pos = set.standard_position(2, 7, &[]).unwrap();
    assert_eq!(names(&pos), ["blue", "yellow", "red", "green"]);
    assert_eq!(pos.arena.radius(), 4, "the four-player (small) board");
    assert_eq!(
        controlled(&pos),
        [vec!["blue", "red"], vec!["yellow", "green"]]
    );
    assert_eq!(teams(&pos), [vec!["blue", "red"], vec!["yellow", "green"]]);
    // The four-player set-up: its bases, seat by seat, and its 7 crystals.
    let four = VariantSet::none().standard_position(4, 7, &[]).unwrap();
    let four_bases: Vec<_> = four.players.iter().map(|p| p.base).collect();
    let bases: Vec<_> = pos.players.iter().map(|p| p.base).collect();
    assert_eq!(bases, four_bases);
    assert_eq!(pos.crystals.len(), 7);
    assert_eq!(pos.track.len(), 7, "the four-player crystal track");
    // Opposing bases: each player's two bases are the farthest apart.
    let far = |a: &str, b: &str| base(&pos, a).distance(base(&pos, b));
    assert!(far("blue", "red") > far("blue", "yellow"));
    assert!(far("blue", "red") > far("blue", "green"));
    assert!(far("yellow", "green") > far("yellow", "red"));
    // Score victory: 11 points over a player's two bases (our decision).
    assert_eq!(pos.score_to_win, Some(11));
    Game::with_rules(&pos, set.rules(OrderBook::official()).unwrap())
        .unwrap()
        .check_invariants()
        .unwrap();
}

#[test]
fn two_player_advanced_refuses_other_player_counts() {
    let set = VariantSet::load(&["two-player-advanced"]).unwrap();
    for players in [3, 4, 5, 6] {
        let e = set
            .standard_position(players, 1, &[])
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("the advanced two-player variant is for 2 players")
                && e.contains(&format!("not {players}")),
            "{e}"
        );
    }
    // A scenario's colours must be the four of the variant.
    let colours = ["blue".parse().unwrap(), "white".parse().unwrap()];
    let e = set.teams(&colours).unwrap_err().to_string();
    assert!(
        e.contains("plays blue, yellow, red and green, not white"),
        "{e}"
    );
}

#[test]
fn teams_seat_two_alternating_teams_for_two_to_six_players() {
    // "if the number of players is odd, a player will play two colours ...
    // so that players of a team have their bases as far apart as possible
    // and so that teams alternate player Turns".
    let set = VariantSet::load(&["teams"]).unwrap();
    // People, colours in turn order, the colours of each person, the teams.
    type Table<'a> = (
        usize,
        &'a [&'a str],
        &'a [&'a [&'a str]],
        &'a [&'a [&'a str]],
    );
    let want: [Table; 5] = [
        (
            2,
            &["red", "blue"],
            &[&["red"], &["blue"]],
            &[&["red"], &["blue"]],
        ),
        (
            3,
            &["red", "blue", "yellow", "green"],
            &[&["red"], &["blue", "green"], &["yellow"]],
            &[&["red", "yellow"], &["blue", "green"]],
        ),
        (
            4,
            &["red", "blue", "yellow", "green"],
            &[&["red"], &["blue"], &["yellow"], &["green"]],
            &[&["red", "yellow"], &["blue", "green"]],
        ),
        (
            5,
            &["red", "blue", "yellow", "green", "white", "black"],
            &[
                &["red"],
                &["blue", "black"],
                &["yellow"],
                &["green"],
                &["white"],
            ],
            &[&["red", "yellow", "white"], &["blue", "green", "black"]],
        ),
        (
            6,
            &["red", "blue", "yellow", "green", "white", "black"],
            &[
                &["red"],
                &["blue"],
                &["yellow"],
                &["green"],
                &["white"],
                &["black"],
            ],
            &[&["red", "yellow", "white"], &["blue", "green", "black"]],
        ),
    ];
    for (people, colours, controllers, team_list) in want {
        let pos = set.standard_position(people, 3, &[]).unwrap();
        assert_eq!(names(&pos), colours, "{people} players");
        assert_eq!(controlled(&pos), controllers, "{people} players");
        assert_eq!(teams(&pos), team_list, "{people} players");
        assert_eq!(pos.score_to_win, None, "no score victory game end");
        let n = colours.len();
        assert_eq!(pos.players.len(), n);
        // Whoever plays two colours plays two of one team.
        for person in controlled(&pos) {
            let seats: Vec<usize> = person
                .iter()
                .map(|c| colours.iter().position(|x| x == c).unwrap())
                .collect();
            assert!(seats
                .iter()
                .all(|&s| pos.sides.team(s) == pos.sides.team(seats[0])));
        }
        for s in 0..n {
            // Teams alternate turns.
            assert_ne!(pos.sides.team(s), pos.sides.team((s + 1) % n));
            // A teammate's base is farther than the neighbouring seats'.
            let at = |seat: usize| pos.players[seat].base.unwrap();
            let near = at(s)
                .distance(at((s + 1) % n))
                .max(at(s).distance(at((s + n - 1) % n)));
            for t in (0..n).filter(|&t| t != s && pos.sides.team(t) == pos.sides.team(s)) {
                assert!(at(s).distance(at(t)) > near || n == 2, "{people}: {s} {t}");
            }
        }
        Game::with_rules(&pos, set.rules(OrderBook::official()).unwrap())
            .unwrap()
            .check_invariants()
            .unwrap();
    }
    let e = set.standard_position(7, 1, &[]).unwrap_err().to_string();
    assert!(e.contains("team play is for 2 to 6 players, not 7"), "{e}");
}

/// Plays games between `bot`s (`random` or a Lua bot's path) to the end
/// (or `max_turns`): the winners are one whole team, or everybody (a shared
/// victory), and every standing's total is its team's summed standard
/// score. Returns how many games scored anything, and how many ended by the
/// rules (not the turn limit).
fn team_games(
    variant: &str,
    bot: &str,
    people: usize,
    games: u64,
    max_turns: u32,
) -> (usize, usize) {
    let set = VariantSet::load(&[variant]).unwrap();
    let (mut scored, mut ended) = (0, 0);
    for seed in 0..games {
        let pos = set.standard_position(people, seed, &[]).unwrap();
        let mut game = Game::with_rules(&pos, set.rules(OrderBook::official()).unwrap()).unwrap();
        let mut bots: Vec<Box<dyn Bot>> = (0..pos.players.len())
            .map(|s| {
                BotSpec::parse(bot)
                    .make_for(tinbots::games::default_game(), seat_seed(seed, s))
                    .unwrap()
            })
            .collect();
        while play_one(&mut game, &mut bots, max_turns).unwrap().is_some() {}
        game.check_invariants().unwrap();
        let outcome = game.outcome().unwrap().clone();
        let n = game.colours().len();
        let team_of = |p: usize| game.sides().team(p);
        let team_total = |p: usize| -> u32 {
            (0..n)
                .filter(|&q| team_of(q) == team_of(p))
                .map(|q| game.standard_standing(q).total())
                .sum()
        };
        for s in game.standings() {
            assert_eq!(s.total(), team_total(s.player), "seed {seed}");
            let sum = |f: fn(&tinbots::games::twin_tin_bots::game::Standing) -> u32| -> i64 {
                (0..n)
                    .filter(|&q| team_of(q) == team_of(s.player))
                    .map(|q| f(&game.standard_standing(q)) as i64)
                    .sum()
            };
            assert_eq!(
                s.variant,
                Some([
                    team_total(s.player) as i64,
                    sum(|x| x.blue_in_base),
                    sum(|x| x.green_in_base),
                    sum(|x| x.base_points),
                ]),
                "seed {seed}: the standard tiebreakers, summed over the team"
            );
        }
        let winners: BTreeSet<usize> = outcome.winners.iter().copied().collect();
        let team_a: BTreeSet<usize> = (0..n).filter(|&p| team_of(p) == team_of(0)).collect();
        let team_b: BTreeSet<usize> = (0..n).filter(|&p| team_of(p) != team_of(0)).collect();
        let everybody: BTreeSet<usize> = (0..n).collect();
        assert!(
            winners == team_a || winners == team_b || winners == everybody,
            "seed {seed}: winners {winners:?}"
        );
        let key = |p: usize| {
            game.standings()
                .iter()
                .find(|s| s.player == p)
                .unwrap()
                .variant
        };
        let (a, b) = (*team_a.first().unwrap(), *team_b.first().unwrap());
        match outcome.reason {
            EndReason::ScoreVictory { player } => {
                // The team whose bases together reached the target wins.
                let target = pos.score_to_win.unwrap();
                assert!(game.team_base_points(player) >= target, "seed {seed}");
                assert!(winners.contains(&player) && winners != everybody);
            }
            _ if winners == everybody => assert_eq!(key(a), key(b), "seed {seed}"),
            _ => {
                let (w, l) = if winners == team_a { (a, b) } else { (b, a) };
                assert!(key(w) > key(l), "seed {seed}");
            }
        }
        if outcome.reason != EndReason::TurnLimit {
            ended += 1;
        }
        if team_total(a) + team_total(b) > 0 {
            scored += 1;
        }
    }
    (scored, ended)
}

const GREEDY: &str = "scripts/twin-tin-bots/bots/greedy.lua";

#[test]
fn two_player_advanced_games_are_won_by_one_player_s_two_colours() {
    // "At the end of the game, each player adds Crystals from his two colours."
    let (scored, _) = team_games("two-player-advanced", "random", 2, 12, 800);
    assert!(scored > 0, "some random game scored something");
    // Greedy bots finish their games (by score victory, as a rule).
    let (_, ended) = team_games("two-player-advanced", GREEDY, 2, 3, 400);
    assert!(ended > 0, "some greedy game ended by the rules");
}

#[test]
fn team_games_are_won_by_a_whole_team() {
    // "at the end each team adds up the Crystals harvested".
    for people in 2..=6 {
        let (scored, _) = team_games("teams", "random", people, 6, 800);
        assert!(scored > 0, "{people} players: some game scored something");
    }
    // Greedy bots play to the end (crystal attrition: no score victory).
    for people in [3, 4, 5] {
        let (_, ended) = team_games("teams", GREEDY, people, 1, 400);
        assert_eq!(ended, 1, "{people} players: the game ended by the rules");
    }
}

/// A standard advanced two-player position where blue.1 stands in front of
/// the base of `target`, carrying `crystal`, with Unload in its program,
/// and the bases hold `holds` (by colour); every first turn is over.
fn blue_unloads_into(target: &str, crystal: Crystal, holds: &[(&str, &[Crystal])]) -> Game {
    let set = VariantSet::load(&["two-player-advanced"]).unwrap();
    let mut pos = set.standard_position(2, 11, &[]).unwrap();
    let goal = base(&pos, target);
    let taken: Vec<Hex> = pos
        .robots
        .iter()
        .flatten()
        .map(|r| r.at)
        .chain(pos.crystals.iter().map(|(h, _)| *h))
        .chain(pos.players.iter().filter_map(|p| p.base))
        .collect();
    let (at, facing) = Direction::ALL
        .iter()
        .map(|&d| (goal.step(d.opposite()), d))
        .find(|(h, _)| pos.arena.contains(*h) && !taken.contains(h))
        .expect("a free hex next to the base");
    for p in &mut pos.players {
        p.first_turn = false;
        for (colour, crystals) in holds {
            if p.colour.name() == *colour {
                crystals.iter().for_each(|c| p.delivered.add(*c));
            }
        }
    }
    assert_eq!(pos.colours()[0].name(), "blue");
    assert!(pos.players[0].hand.take(Tile::UNLOAD));
    let robot = pos.robots[0].as_mut().unwrap();
    robot.at = at;
    robot.facing = facing;
    robot.carrying = Some(crystal);
    robot.program = [Some(Tile::UNLOAD), None, None];
    let mut game = Game::with_rules(&pos, set.rules(OrderBook::official()).unwrap()).unwrap();
    game.apply(Answer::Change(Change::Pass)).unwrap();
    game.check_invariants().unwrap();
    game
}

#[test]
fn unloading_in_the_partner_colour_s_base_leaves_the_crystal_on_the_robot() {
    // "A Robot can only Unload Crystals in the same coloured Base, or any of
    // the other player's two Bases."
    let game = blue_unloads_into("red", Crystal::PINK, &[]);
    assert_eq!(game.robot(0).unwrap().carrying, Some(Crystal::PINK));
    assert_eq!(game.players()[2].delivered.points(), 0, "red's base");
    let said: Vec<String> = game.events().iter().map(|e| game.describe(e)).collect();
    assert!(
        said.iter().any(|s| s.contains(
            "blue.1 unload: ignored: a robot unloads only in its own colour's base or the other player's two bases (advanced 2 players): the red base is its partner colour's"
        )),
        "{said:#?}"
    );
    assert!(!game
        .events()
        .iter()
        .any(|e| matches!(e, Event::Delivered { .. })));
    // The same robot delivers in its own base and in the other player's.
    for target in ["blue", "yellow", "green"] {
        let game = blue_unloads_into(target, Crystal::PINK, &[]);
        assert_eq!(game.robot(0).unwrap().carrying, None, "{target}");
        let seat = game
            .colours()
            .iter()
            .position(|c| c.name() == target)
            .unwrap();
        assert_eq!(game.players()[seat].delivered.points(), 4, "{target}");
    }
}

#[test]
fn score_victory_counts_a_player_s_two_bases_against_eleven() {
    // Our reading (docs/variants/two-player-advanced.md): the two-player
    // target, 11 points, over the player's two bases together.
    // Blue 3 + red 4, blue delivers a green crystal: 10, the game goes on.
    let game = blue_unloads_into(
        "blue",
        Crystal::GREEN,
        &[("blue", &[Crystal::GREEN]), ("red", &[Crystal::PINK])],
    );
    assert_eq!(game.players()[0].delivered.points(), 6);
    assert!(!game.is_over(), "10 points over the two bases");
    // Blue 3 + red 4, blue delivers a pink crystal: 11, Blue and Red win,
    // though neither base alone holds the four-player 9.
    let game = blue_unloads_into(
        "blue",
        Crystal::PINK,
        &[("blue", &[Crystal::GREEN]), ("red", &[Crystal::PINK])],
    );
    assert_eq!(game.players()[0].delivered.points(), 7);
    let outcome = game.outcome().expect("score victory");
    let winners: Vec<&str> = outcome
        .winners
        .iter()
        .map(|&p| game.colours()[p].name())
        .collect();
    assert_eq!(winners, ["blue", "red"]);
    // The other player's delivery can make them win too: blue delivers in
    // the yellow base, and Yellow and Green reach 11.
    let game = blue_unloads_into(
        "yellow",
        Crystal::PINK,
        &[("yellow", &[Crystal::GREEN]), ("green", &[Crystal::PINK])],
    );
    let winners: Vec<&str> = game
        .outcome()
        .expect("score victory")
        .winners
        .iter()
        .map(|&p| game.colours()[p].name())
        .collect();
    assert_eq!(winners, ["yellow", "green"]);
}
