//! Tests of the standard setups and of setup files.

use super::*;
use crate::games::twin_tin_bots::game::Game;

const COUNTS: std::ops::RangeInclusive<usize> = 2..=6;

fn standard(n: usize) -> Setup {
    Setup::standard(n).unwrap_or_else(|e| panic!("{e}"))
}

/// Turns a hex about the centre by `sixths` × 60° clockwise.
fn turn(h: Hex, sixths: i32) -> Hex {
    (0..sixths.rem_euclid(6)).fold(h, |h, _| Hex::new(-h.r, h.q + h.r))
}

/// Mirrors a hex across the east–west line through the centre.
fn mirror(h: Hex) -> Hex {
    Hex::new(h.q + h.r, -h.r)
}

fn mirror_dir(d: Direction) -> Direction {
    let m = mirror(Hex::CENTRE.step(d));
    Hex::CENTRE.direction_to(m).unwrap()
}

/// The rotation (in sixths of a turn) that carries the seating onto
/// itself, and how many seats it moves each seat on; none for five.
fn symmetry(players: usize) -> Option<(i32, usize)> {
    match players {
        2 => Some((3, 1)),
        3 => Some((2, 1)),
        // The hex grid has no quarter turn: the half turn moves seat i to i + 2.
        4 => Some((3, 2)),
        6 => Some((1, 1)),
        _ => None,
    }
}

fn board_hexes(s: &Setup, value: Crystal) -> Vec<Hex> {
    let mut v: Vec<Hex> = s
        .crystals
        .iter()
        .filter(|c| c.value == value)
        .map(|c| c.at)
        .collect();
    v.sort();
    v
}

fn cartesian(h: Hex) -> (f64, f64) {
    (
        3f64.sqrt() * (h.q as f64 + h.r as f64 / 2.0),
        1.5 * h.r as f64,
    )
}

#[test]
fn turning_a_hex_matches_the_direction_table() {
    // DESIGN.md, Coordinates: turning right goes E → SE → SW → W → NW → NE.
    assert_eq!(turn(Hex::new(1, 0), 1), Hex::new(0, 1), "E turns to SE");
    for d in Direction::ALL {
        assert_eq!(turn(Hex::CENTRE.step(d), 1), Hex::CENTRE.step(d.right()));
        assert_eq!(turn(Hex::CENTRE.step(d), 6), Hex::CENTRE.step(d));
    }
    assert_eq!(mirror_dir(Direction::SE), Direction::NE);
    assert_eq!(mirror_dir(Direction::W), Direction::W);
}

#[test]
fn every_standard_setup_loads_and_its_position_validates() {
    for n in COUNTS {
        let s = standard(n);
        assert_eq!(s.players, n);
        assert_eq!(s.seats.len(), n);
        s.position(7).validate().unwrap();
    }
}

#[test]
fn only_two_to_six_players_have_a_standard_setup() {
    // 000_f177823dad35ee93.txt: Set up — the game is for 2 to 6 players.
    for n in [0, 1, 7] {
        let e = Setup::standard(n).unwrap_err().to_string();
        assert!(e.contains("2 to 6"), "{e}");
    }
    assert!(Setup::standard_toml(4).unwrap().contains("players = 4"));
    assert!(Setup::standard_toml(7).is_none());
}

#[test]
fn arenas_follow_the_player_count() {
    // 000_f177823dad35ee93.txt: Set up — "use the small arena for 2, 3 and 4
    // players, and the big arena for 5 and 6".
    for n in COUNTS {
        let want = if n <= 4 {
            ArenaSize::Small
        } else {
            ArenaSize::Big
        };
        assert_eq!(standard(n).arena, want, "{n} players");
    }
}

#[test]
fn score_to_win_follows_the_table() {
    // 000_f177823dad35ee93.txt: Game End, By score victory — 11 10 9 8 7.
    for (n, points) in COUNTS.zip([11, 10, 9, 8, 7]) {
        assert_eq!(
            standard(n).position(1).score_to_win,
            Some(points),
            "{n} players"
        );
    }
}

#[test]
fn colours_are_seated_in_the_fixed_order() {
    // DESIGN.md, Names: red, blue, yellow, green, white, black, seated in that order.
    for n in COUNTS {
        assert_eq!(standard(n).colours(), Colour::ALL[..n].to_vec());
        assert_eq!(standard(n).position(3).colours(), Colour::ALL[..n].to_vec());
    }
}

#[test]
fn players_plus_three_crystals_on_the_board_blue_first() {
    // DESIGN.md decision 2: players + 3 on the board, the six blue first, then green.
    // 000_f177823dad35ee93.txt: Unload Crystal — "three more Crystals on the
    // board than the number of players".
    for n in COUNTS {
        let p = standard(n).position(1);
        assert_eq!(p.crystals.len(), n + 3, "{n} players");
        let blue = p
            .crystals
            .iter()
            .filter(|(_, c)| *c == Crystal::BLUE)
            .count();
        let green = p
            .crystals
            .iter()
            .filter(|(_, c)| *c == Crystal::GREEN)
            .count();
        assert_eq!(blue, (n + 3).min(6), "{n} players: blue");
        assert_eq!(green, (n + 3).saturating_sub(6), "{n} players: green");
    }
}

#[test]
fn the_track_holds_eleven_minus_players_four_of_them_pink() {
    // DESIGN.md decision 2: 11 - players crystals, four pink, the rest green;
    // 000_f177823dad35ee93.txt: Two players rules — "Use the 4 players
    // Crystal track" (7 crystals).
    for n in COUNTS {
        let p = standard(n).position(1);
        let len = if n == 2 { 7 } else { 11 - n };
        assert_eq!(p.track.len(), len, "{n} players");
        let pink = p.track.iter().filter(|c| **c == Crystal::PINK).count();
        let green = p.track.iter().filter(|c| **c == Crystal::GREEN).count();
        assert_eq!((green, pink), (len - 4, 4), "{n} players");
    }
}

#[test]
fn all_eighteen_crystals_are_accounted_for() {
    // 000_f177823dad35ee93.txt: Components — "18 transparent plastic Crystals
    // (6x2 points, 6x3 points and 6x4 points)"; DESIGN.md decisions 2 and 8.
    let in_box = [[1, 3, 2], [0, 2, 2], [0, 2, 2], [0, 2, 2], [0, 2, 2]];
    for (n, want_box) in COUNTS.zip(in_box) {
        let p = standard(n).position(5);
        let game = Game::new(&p).unwrap();
        assert_eq!(game.in_box().0, want_box, "{n} players: left in the box");
        let mut all = p.crystals_in_play();
        game.in_box().iter().for_each(|c| all.add(c));
        assert_eq!(all.0, [6, 6, 6], "{n} players");
    }
}

#[test]
fn each_player_gets_sixteen_order_tiles_and_one_special() {
    // DESIGN.md decision 1 (16 tiles); 000_f177823dad35ee93.txt: Set up —
    // "16 Order tiles", "deal one face down to each player".
    let decision_1 = [
        (Tile::FORWARD_1, 2),
        (Tile::FORWARD_2, 1),
        (Tile::TURN_LEFT, 3),
        (Tile::TURN_RIGHT, 3),
        (Tile::LOAD, 2),
        (Tile::UNLOAD, 2),
        (Tile::ZAP, 2),
        (Tile::DOUBLE_MODIFICATION, 1),
    ];
    for n in COUNTS {
        let p = standard(n).position(11);
        for player in &p.players {
            assert_eq!(player.hand.len(), 17, "{n} players, {}", player.colour);
            for (t, k) in decision_1 {
                assert_eq!(player.hand.count(t), k, "{} {t}", player.colour);
            }
            assert_eq!(player.hand.iter().filter(|t| t.is_special()).count(), 1);
        }
    }
}

#[test]
fn the_thirteen_specials_are_each_somewhere_once() {
    // 000_f177823dad35ee93.txt: Components — "G : 13 Special Order tiles".
    for n in COUNTS {
        for seed in [0, 1, 99] {
            let p = standard(n).position(seed);
            let mut all: Vec<Tile> = p.special_deck.clone();
            for player in &p.players {
                all.extend(player.hand.iter().filter(|t| t.is_special()));
            }
            all.sort();
            assert_eq!(all, Tile::specials().collect::<Vec<_>>(), "{n} players");
            assert_eq!(p.special_deck.len(), 13 - n);
        }
    }
}

#[test]
fn the_game_starts_fresh() {
    // 000_f177823dad35ee93.txt: Set up and The Game — empty programs, every
    // player's first turn to come, the first player starts.
    for n in COUNTS {
        let p = standard(n).position(2);
        assert_eq!(p.active, 0);
        assert!(p
            .players
            .iter()
            .all(|pl| pl.first_turn && !pl.double_modification_used && pl.delivered.count() == 0));
        assert_eq!(p.robots.len(), 2 * n);
        for r in p.robots.iter() {
            let r = r.as_ref().expect("two robots a player");
            assert_eq!(r.program, [None; SLOTS]);
            assert_eq!(r.carrying, None);
        }
    }
}

#[test]
fn bases_are_on_the_outer_ring_seated_clockwise() {
    // DESIGN.md decision 3: bases on the outer ring, spread evenly;
    // 000_f177823dad35ee93.txt: The Game — "Players take Turns playing, in
    // clockwise order", so seats follow the ring clockwise.
    for n in COUNTS {
        let s = standard(n);
        let arena = s.arena.arena();
        let ring = Hex::CENTRE.ring(arena.radius());
        let mut last = None;
        let mut ks = vec![];
        for (i, seat) in s.seats.iter().enumerate() {
            assert!(arena.on_outer_ring(seat.base), "{n} players, seat {i}");
            let k = ring.iter().position(|h| *h == seat.base).unwrap();
            assert!(
                last.is_none_or(|l| l < k),
                "{n} players: seat {i} not clockwise"
            );
            last = Some(k);
            ks.push(k);
        }
        // Evenly: the gaps around the ring (the last back to the first
        // included) differ by at most one hex.
        let gaps: Vec<usize> = (0..n)
            .map(|i| (ks[(i + 1) % n] + ring.len() - ks[i]) % ring.len())
            .collect();
        let (lo, hi) = (gaps.iter().min().unwrap(), gaps.iter().max().unwrap());
        assert!(
            hi - lo <= 1 && gaps.iter().sum::<usize>() == ring.len(),
            "{n} players: {gaps:?}"
        );
    }
}

#[test]
fn robots_stand_next_to_their_base_facing_the_centre() {
    // DESIGN.md decision 3: each player's two robots next to their base,
    // facing inward. 000_f177823dad35ee93.txt: Set up — "Each Robot must face a hex-side".
    for n in COUNTS {
        let s = standard(n);
        let arena = s.arena.arena();
        let ring = Hex::CENTRE.ring(arena.radius());
        for (i, seat) in s.seats.iter().enumerate() {
            assert_eq!(seat.robots.len(), 2);
            let k = ring.iter().position(|h| *h == seat.base).unwrap();
            // Robot 1 on the clockwise neighbour (the player's left), robot 2 the other.
            assert_eq!(
                seat.robots[0].at,
                ring[(k + 1) % ring.len()],
                "{n}p seat {i}"
            );
            assert_eq!(seat.robots[1].at, ring[(k + ring.len() - 1) % ring.len()]);
            for r in &seat.robots {
                assert!(arena.contains(r.at));
                assert_eq!(
                    r.at.distance(seat.base),
                    1,
                    "{n}p seat {i}: next to the base"
                );
                let d = r.at.ring_index();
                assert!(
                    r.at.step(r.facing).ring_index() < d,
                    "{n}p seat {i}: {:?}",
                    r
                );
                // A direction pointing most directly at the centre (on the
                // middle hex of a side two are equally good).
                let (x, y) = cartesian(r.at);
                let dot = |d: Direction| {
                    let (dx, dy) = cartesian(Hex::CENTRE.step(d));
                    -(dx * x + dy * y)
                };
                for other in Direction::ALL {
                    assert!(dot(r.facing) >= dot(other) - 1e-9, "{n}p seat {i}: {:?}", r);
                }
            }
        }
    }
}

#[test]
fn seats_are_each_others_turns() {
    // DESIGN.md decision 3: rotationally fair. Five seats have no such turn
    // (the hex grid turns by sixths only); see the mirror test instead.
    for n in [2, 3, 4, 6] {
        let (sixths, shift) = symmetry(n).unwrap();
        let s = standard(n);
        for (i, seat) in s.seats.iter().enumerate() {
            let next = &s.seats[(i + shift) % n];
            assert_eq!(turn(seat.base, sixths), next.base, "{n}p seat {i}");
            for (a, b) in seat.robots.iter().zip(&next.robots) {
                assert_eq!(turn(a.at, sixths), b.at, "{n}p seat {i}");
                assert_eq!(a.facing.turned(sixths), b.facing, "{n}p seat {i}");
            }
        }
    }
}

#[test]
fn crystal_patterns_are_unchanged_by_the_same_turns() {
    // DESIGN.md decision 3: starting crystals around the centre, rotationally
    // fair. Three greens for six players cannot survive a 60° turn: they are
    // checked under 120° (and for equal distances in the next test).
    // Five players: no turn carries a seat to the next, so none is checked.
    for n in [2, 3, 4, 6] {
        let (sixths, _) = symmetry(n).unwrap();
        let s = standard(n);
        for (value, turn_by) in [
            (Crystal::BLUE, sixths),
            (Crystal::GREEN, if n == 6 { 2 } else { sixths }),
        ] {
            let pattern = board_hexes(&s, value);
            let mut turned: Vec<Hex> = pattern.iter().map(|h| turn(*h, turn_by)).collect();
            turned.sort();
            assert_eq!(turned, pattern, "{n} players, {value}");
        }
    }
}

#[test]
fn every_base_is_as_far_from_the_starting_crystals() {
    // DESIGN.md decision 3: rotationally fair — each seat sees the same
    // distances to crystals of each value (not for five players). For four
    // players this holds through the mirror, not a turn.
    for n in [2, 3, 4, 6] {
        let s = standard(n);
        let profile = |base: Hex| {
            let mut v: Vec<(u32, Crystal)> = s
                .crystals
                .iter()
                .map(|c| (base.distance(c.at), c.value))
                .collect();
            v.sort();
            v
        };
        let first = profile(s.seats[0].base);
        for seat in &s.seats {
            assert_eq!(profile(seat.base), first, "{n} players, {}", seat.colour);
        }
    }
}

/// The mirror that carries the seating onto itself: the east–west
/// mirror followed by a turn of `sixths`, which sends seat i to seat
/// `pivot - i` (mod players).
fn mirror_symmetry(players: usize) -> (i32, usize) {
    match players {
        // Across the line through the SE and NW corners: seat 0 ↔ seat 1.
        4 => (2, 1),
        // Across the line through the middle of ring 2's E–SE side: seat 0 ↔ seat 1.
        6 => (1, 1),
        // Across the line through seat 0's base and the centre.
        _ => (0, 0),
    }
}

#[test]
fn every_setup_is_mirror_symmetric() {
    // DESIGN.md decision 3: fair. A mirror carries the layout onto itself,
    // robot 1 onto robot 2 (left and right swap in a mirror). For five
    // players this is the only symmetry; for four it makes every seat see
    // the same board as seat 0, some mirrored.
    for n in COUNTS {
        let (sixths, pivot) = mirror_symmetry(n);
        let reflect = |h: Hex| turn(mirror(h), sixths);
        let reflect_dir = |d: Direction| mirror_dir(d).turned(sixths);
        let s = standard(n);
        for (i, seat) in s.seats.iter().enumerate() {
            let other = &s.seats[(pivot + n - i) % n];
            assert_eq!(reflect(seat.base), other.base, "{n}p seat {i}");
            for (a, b) in seat.robots.iter().zip(other.robots.iter().rev()) {
                assert_eq!(reflect(a.at), b.at, "{n}p seat {i}");
                assert_eq!(reflect_dir(a.facing), b.facing, "{n}p seat {i}");
            }
        }
        for value in [Crystal::BLUE, Crystal::GREEN] {
            let pattern = board_hexes(&s, value);
            let mut mirrored: Vec<Hex> = pattern.iter().map(|h| reflect(*h)).collect();
            mirrored.sort();
            assert_eq!(mirrored, pattern, "{n}p {value}");
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_position() {
    // DESIGN.md principle 2: deterministic.
    for n in COUNTS {
        let s = standard(n);
        assert_eq!(s.position(42), s.position(42));
        assert_eq!(Setup::standard(n).unwrap().position(42), s.position(42));
    }
}

#[test]
fn different_seeds_deal_differently() {
    // 000_f177823dad35ee93.txt: Set up — "Shuffle the blue-backed Special Order tiles".
    let s = standard(4);
    let deals: std::collections::BTreeSet<_> = (0..40)
        .map(|seed| {
            let p = s.position(seed);
            let hands: Vec<Vec<Tile>> = p
                .players
                .iter()
                .map(|pl| pl.hand.iter().collect())
                .collect();
            (p.special_deck, hands)
        })
        .collect();
    assert_eq!(deals.len(), 40, "40 seeds, 40 different deals");
    let tracks: std::collections::BTreeSet<_> =
        (0..40).map(|seed| s.position(seed).track).collect();
    assert!(
        tracks.len() > 10,
        "the track is shuffled too: {} orders",
        tracks.len()
    );
}

#[test]
fn a_game_starts_from_every_standard_setup() {
    for n in COUNTS {
        let game = Game::new(&standard(n).position(1)).unwrap_or_else(|e| panic!("{n}p: {e}"));
        game.check_invariants()
            .unwrap_or_else(|e| panic!("{n}p: {e}"));
        assert_eq!(game.active(), 0);
        assert!(!game.is_over());
    }
}

#[test]
fn setups_round_trip_through_json() {
    // DESIGN.md principle 2: replays embed their setup (JSON via serde).
    for n in COUNTS {
        let s = standard(n);
        let json = serde_json::to_string(&s).unwrap();
        let back: Setup = serde_json::from_str(&json).unwrap();
        assert_eq!(back, s);
        assert_eq!(back.position(9), s.position(9));
    }
}

#[test]
fn setups_round_trip_through_toml() {
    // A setup written back out is a setup file again (a user's starting point).
    for n in COUNTS {
        let s = standard(n);
        let text = toml::to_string(&s).unwrap();
        assert_eq!(Setup::from_toml("written.toml", &text).unwrap(), s);
    }
}

fn two_player_text() -> &'static str {
    Setup::standard_toml(2).unwrap()
}

fn err(text: &str) -> String {
    Setup::from_toml("mine.toml", text).unwrap_err().to_string()
}

#[test]
fn malformed_toml_names_file_line_and_column() {
    let text = two_player_text().replace("players = 2", "players = 2 2");
    let line = text
        .lines()
        .position(|l| l.starts_with("players = 2 2"))
        .unwrap()
        + 1;
    let e = Setup::from_toml("mine.toml", &text).unwrap_err();
    match &e {
        SetupError::Syntax {
            file,
            line: l,
            column,
            ..
        } => {
            assert_eq!((file.as_str(), *l, *column), ("mine.toml", line, 13));
        }
        other => panic!("{other:?}"),
    }
    assert!(
        e.to_string().starts_with(&format!("mine.toml:{line}:13: ")),
        "{e}"
    );
}

#[test]
fn unknown_keys_are_errors_naming_the_field() {
    let e = err(&two_player_text().replace("players = 2", "players = 2\nplayer_count = 2"));
    assert!(
        e.contains("in `player_count`") && e.contains("unknown field"),
        "{e}"
    );
    let e = err(&two_player_text().replace(
        "{ at = [-4, 1], facing = \"E\" }",
        "{ at = [-4, 1], facing = \"E\", speed = 2 }",
    ));
    assert!(e.contains("in `seat[1].robots[1].speed`"), "{e}");
    let e = err(&two_player_text().replace(
        "track = { green = 3, pink = 4 }",
        "track = { green = 3, purple = 4 }",
    ));
    assert!(e.contains("in `track.purple`"), "{e}");
}

#[test]
fn bad_values_name_the_field() {
    let e = err(&two_player_text().replace("facing = \"E\" }, ", "facing = \"N\" }, "));
    assert!(
        e.contains("in `seat[1].robots[0].facing`") && e.contains("unknown variant `N`"),
        "{e}"
    );
    let e =
        err(&two_player_text().replace("{ at = [0, 1], value = 2 }", "{ at = [0, 1], value = 5 }"));
    assert!(
        e.contains("in `crystals[1].value`") && e.contains("not 2, 3 or 4"),
        "{e}"
    );
    let e = err(&two_player_text().replace("base = [4, 0]", "base = [4, 0, 1]"));
    assert!(
        e.contains("in `seat[0].base`") && e.contains("two whole numbers"),
        "{e}"
    );
    let e = err(&two_player_text().replace("colour = \"blue\"\n", ""));
    assert!(
        e.contains("in `seat[1]`") && e.contains("missing field `colour`"),
        "{e}"
    );
}

#[test]
fn unknown_tiles_are_errors() {
    let text = two_player_text().replace("zap = 2", "laser = 2");
    let line = text.lines().position(|l| l == "laser = 2").unwrap() + 1;
    let e = err(&text);
    assert!(
        e.starts_with(&format!("mine.toml:{line}:1: in `tiles.laser`")),
        "{e}"
    );
    assert!(e.contains("`laser` is not an order tile"), "{e}");
    // toml points at the whole array for a bad element; the message names it.
    let e = err(&two_player_text().replace("\"dash\"", "\"dush\""));
    assert!(
        e.contains("in `special_tiles`") && e.contains("`dush` is not an order tile"),
        "{e}"
    );
}

#[test]
fn type_errors_read_as_the_format_not_as_rust() {
    let e = err(&two_player_text().replace("track = { green = 3, pink = 4 }", "track = 7"));
    assert!(
        e.contains("in `track`") && e.contains("expected crystal counts such as"),
        "{e}"
    );
    let e = err(&two_player_text().replace("{ at = [3, 1], facing = \"W\" }", "\"W\""));
    assert!(
        e.contains("in `seat[0].robots[0]`") && e.contains("expected a robot such as"),
        "{e}"
    );
}

#[test]
fn tile_counts_are_data() {
    // DESIGN.md decision 1 is data: any counts of known tiles are allowed.
    let s = Setup::from_toml(
        "mine.toml",
        &two_player_text().replace("zap = 2", "zap = 5\njump = 1"),
    )
    .unwrap();
    let p = s.position(1);
    assert_eq!(p.players[0].hand.count(Tile::ZAP), 5);
    assert!(p.players[0].hand.has(Tile::JUMP));
    assert_eq!(p.players[0].hand.len(), 21);
}

#[test]
fn seats_must_match_players() {
    let e = err(&two_player_text().replace("players = 2", "players = 3"));
    assert!(
        e.contains("in `seat`") && e.contains("players = 3 but there are 2"),
        "{e}"
    );
}

#[test]
fn colours_must_differ() {
    let e = err(&two_player_text().replace("colour = \"blue\"", "colour = \"red\""));
    assert!(
        e.contains("in `seat[1].colour`") && e.contains("red is already seat 0"),
        "{e}"
    );
}

#[test]
fn crystals_cannot_exceed_the_box() {
    // 000_f177823dad35ee93.txt: Components — 6 crystals of each value.
    let e = err(&two_player_text().replace(
        "track = { green = 3, pink = 4 }",
        "track = { blue = 2, green = 3, pink = 4 }",
    ));
    assert!(
        e.contains("5 blue crystals on the board and 2 on the track make 7"),
        "{e}"
    );
}

#[test]
fn pieces_must_be_on_the_arena_and_apart() {
    let e = err(&two_player_text().replace("base = [4, 0]", "base = [5, 0]"));
    assert!(
        e.contains("in `seat[0].base`: 5,0 is off the small arena"),
        "{e}"
    );
    let e =
        err(&two_player_text().replace("{ at = [0, 1], value = 2 }", "{ at = [3, 1], value = 2 }"));
    assert!(
        e.contains("in `crystals[1].at`") && e.contains("`seat[0].robots[0].at`"),
        "{e}"
    );
}

#[test]
fn there_must_be_specials_to_deal() {
    let e = err(&two_player_text().replace("specials_dealt = 1", "specials_dealt = 7"));
    assert!(
        e.contains("in `specials_dealt`") && e.contains("needs 14"),
        "{e}"
    );
}

#[test]
fn a_users_own_file_loads_and_errors_name_it() {
    let dir = std::env::temp_dir().join(format!("tinbots-setup-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("mine.toml");
    std::fs::write(&path, two_player_text().replace("score_to_win = 11\n", "")).unwrap();
    let s = Setup::from_file(&path).unwrap();
    assert_eq!(s.score_to_win, None, "score_to_win is optional");
    std::fs::write(&path, "players = two\n").unwrap();
    let e = Setup::from_file(&path).unwrap_err().to_string();
    assert!(
        e.starts_with(&format!("{}:1:11: in `players`", path.display())),
        "{e}"
    );
    let missing = dir.join("missing.toml");
    let e = Setup::from_file(&missing).unwrap_err().to_string();
    assert!(e.contains("missing.toml"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn far_coordinates_are_refused_with_the_field() {
    // -2147483648 once wrapped the distance and panicked in the board.
    for (from, to, field) in [
        ("base = [4, 0]", "base = [-2147483648, 0]", "seat[0].base"),
        ("base = [4, 0]", "base = [0, 2147483647]", "seat[0].base"),
        (
            "{ at = [3, 1]",
            "{ at = [3, -2147483648]",
            "seat[0].robots[0].at",
        ),
        (
            "{ at = [0, 1], value",
            "{ at = [-2147483648, 1], value",
            "crystals[1].at",
        ),
    ] {
        let e = err(&two_player_text().replacen(from, to, 1));
        assert!(
            e.starts_with("mine.toml:") && e.contains(&format!("in `{field}`")),
            "{e}"
        );
        assert!(e.contains("far off any arena"), "{e}");
    }
    let e = err(&two_player_text().replacen("base = [4, 0]", "base = [9, 0]", 1));
    assert!(
        e.contains("in `seat[0].base`") && e.contains("off the small arena"),
        "{e}"
    );
}
