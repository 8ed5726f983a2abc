//! The text pictures of a position (`tinbots::games::twin_tin_bots::picture`): the hex map, the
//! players' panel and the `where` lines.
//!
//! Golden pictures live in `tests/golden/render/`. After an intended change
//! to the pictures (or to the standard setups), regenerate them with
//! `UPDATE_GOLDEN=1 cargo test --release --test suite render::` and review the diff.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use tinbots::games::twin_tin_bots::game::{Decision, Game, Position};
use tinbots::games::twin_tin_bots::orders::{OrderBook, Tile};
use tinbots::games::twin_tin_bots::picture::text::{
    self, board, panel, show, show_compact, where_all, where_line,
};
use tinbots::games::twin_tin_bots::picture::{colour_letter, strip_ansi, RenderOptions};
use tinbots::games::twin_tin_bots::pieces::{robot_of, Colour, Crystal, Piece};
use tinbots::games::twin_tin_bots::setup::Setup;
use tinbots::games::twin_tin_bots::terrain::Terrain;
use tinbots::games::twin_tin_bots::variant::VariantSet;
use tinbots::grid::hex::{Direction, Hex};

const PLAIN: RenderOptions = RenderOptions::PLAIN;
const COLOUR: RenderOptions = RenderOptions {
    colour: true,
    unicode: false,
};
const UNICODE: RenderOptions = RenderOptions {
    colour: false,
    unicode: true,
};

fn start(players: usize, seed: u64) -> Game {
    Game::new(&Setup::standard(players).unwrap().position(seed)).unwrap()
}

/// A game on `position` with the rules of `variants` (loaded from
/// `variants/`).
fn with_variants(variants: &[&str], position: &Position) -> Game {
    let set = VariantSet::load(variants).unwrap();
    Game::with_rules(position, set.rules(OrderBook::official()).unwrap()).unwrap()
}

/// The standard start of `players` with the random terrain of the online
/// "Advanced Game" (002_ae8ae07e801960f9.txt: Teleporters, Rocks, Blobs and
/// Mud setup), dealt with `seed`.
fn random_terrain(players: usize, seed: u64) -> Game {
    let set = VariantSet::load(&["random-terrain"]).unwrap();
    let position = set.standard_position(players, seed, &[]).unwrap();
    Game::with_rules(&position, set.rules(OrderBook::official()).unwrap()).unwrap()
}

/// Every kind of terrain on the 4-player start, on empty hexes and under
/// pieces: rocks and blobs (piece layer); mud, teleporter pairs and
/// conveyors (floors), under a robot, a crystal, and under a robot
/// whose cell is five characters already (green.2 facing SW carrying a 4).
fn all_terrain() -> Game {
    let mut pos: Position = Setup::standard(4).unwrap().position(1);
    let at = |q, r| Hex::new(q, r);
    let terrain =
        |kind: &str, hex: Hex, colour: Option<Colour>, facing: Option<Direction>| Terrain {
            kind: tinbots::games::twin_tin_bots::names::Name::intern(kind),
            at: hex,
            colour,
            facing,
        };
    pos.terrain = vec![
        terrain("rock", at(2, -3), None, None),
        terrain("blob", at(-1, -3), None, None),
        terrain("teleporter", at(0, -2), Some(Colour::Yellow), None),
        terrain("teleporter", at(0, 2), Some(Colour::Yellow), None),
        terrain("teleporter", at(3, -3), Some(Colour::Blue), None),
        terrain("teleporter", at(-2, 3), Some(Colour::Blue), None),
        terrain("mud", at(-2, 1), None, None),
        terrain("mud", at(2, 2), None, None),
        terrain("mud", at(1, 0), None, None),
        terrain("mud", at(2, -4), None, None),
        terrain("conveyor", at(2, 0), None, Some(Direction::E)),
        terrain("conveyor", at(-4, 0), None, Some(Direction::SE)),
    ];
    // green.2 at 2,-4 facing SW carries a 4.
    let green2 = robot_of(3, 1);
    assert_eq!(pos.robots[green2].as_ref().unwrap().at, at(2, -4));
    pos.robots[green2].as_mut().unwrap().carrying = Some(Crystal::PINK);
    with_variants(&["rocks", "blobs", "mud", "teleporters", "conveyors"], &pos)
}

/// Compares `actual` with `tests/golden/render/<name>.txt`, or rewrites the
/// file when `UPDATE_GOLDEN` is set.
fn golden(name: &str, actual: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden/render")
        .join(format!("{name}.txt"));
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "cannot read {}: {e} (UPDATE_GOLDEN=1 writes it)",
            path.display()
        )
    });
    if expected != actual {
        let first = expected
            .lines()
            .zip(actual.lines())
            .position(|(e, a)| e != a)
            .unwrap_or(expected.lines().count().min(actual.lines().count()));
        panic!(
            "{name} differs from {} from line {}\n--- expected\n{expected}\n--- actual\n{actual}",
            path.display(),
            first + 1
        );
    }
}

/// A mid-game position on the 4-player start: robots facing every
/// direction, two carrying crystals, programs with empty slots, crystals
/// delivered, Double Modification played, one special placed.
fn midgame() -> Game {
    let mut pos: Position = Setup::standard(4).unwrap().position(1);
    let facings = Direction::ALL;
    let place = |pos: &mut Position, p: usize, n: usize, program: [Option<Tile>; 3]| {
        let id = robot_of(p, n);
        for t in program.iter().flatten() {
            assert!(pos.players[p].hand.take(*t), "{t} in hand");
        }
        pos.robots[id].as_mut().unwrap().program = program;
    };
    for (i, robot) in pos.robots.iter_mut().flatten().enumerate() {
        robot.facing = facings[i % facings.len()];
    }
    pos.robots[robot_of(0, 0)].as_mut().unwrap().carrying = Some(Crystal::GREEN);
    pos.robots[robot_of(2, 1)].as_mut().unwrap().carrying = Some(Crystal::PINK);
    place(
        &mut pos,
        0,
        0,
        [Some(Tile::FORWARD_1), None, Some(Tile::ZAP)],
    );
    place(
        &mut pos,
        0,
        1,
        [Some(Tile::TURN_LEFT), Some(Tile::LOAD), Some(Tile::UNLOAD)],
    );
    place(&mut pos, 1, 0, [None, Some(Tile::FORWARD_2), None]);
    let blue_special = pos.players[1].hand.iter().find(|t| t.is_special()).unwrap();
    place(&mut pos, 1, 1, [Some(blue_special), None, None]);
    assert!(pos.players[1].hand.take(Tile::DOUBLE_MODIFICATION));
    pos.players[1].double_modification_used = true;
    pos.players[1].delivered.add(Crystal::BLUE);
    pos.players[1].delivered.add(Crystal::GREEN);
    for p in &mut pos.players {
        p.first_turn = false;
    }
    // The delivered crystals came from the board.
    for c in [Crystal::BLUE, Crystal::GREEN] {
        let i = pos.crystals.iter().position(|(_, v)| *v == c).unwrap();
        pos.crystals.remove(i);
    }
    pos.active = 2;
    Game::new(&pos).unwrap()
}

/// The map parsed back: every cell by hex, with the text column of its slot.
struct Parsed {
    cells: BTreeMap<Hex, (String, usize)>,
    /// q labels above-left of a diagonal: q -> (line's r, end column).
    top: BTreeMap<i32, (i32, usize)>,
    /// q labels below-right of a diagonal: q -> (line's r, start column).
    bottom: BTreeMap<i32, (i32, usize)>,
}

/// Words of a line with the (character) column each starts at.
fn words(line: &str) -> Vec<(usize, String)> {
    let mut out = vec![];
    let mut cur: Option<(usize, String)> = None;
    for (i, c) in line.chars().enumerate() {
        if c == ' ' {
            out.extend(cur.take());
        } else {
            cur.get_or_insert_with(|| (i, String::new())).1.push(c);
        }
    }
    out.extend(cur);
    out
}

/// Reads a plain map back into hexes, checking its lines are where they
/// should be: a header, `2 * radius + 1` rows numbered `-radius..=radius`
/// at the left, a footer.
fn parse(map: &str, radius: i32) -> Parsed {
    let lines: Vec<&str> = map.lines().collect();
    let mut parsed = Parsed {
        cells: BTreeMap::new(),
        top: BTreeMap::new(),
        bottom: BTreeMap::new(),
    };
    assert!(lines[0].starts_with("  r "), "header: {:?}", lines[0]);
    for (i, line) in lines.iter().take(2 * radius as usize + 3).enumerate() {
        let r = i as i32 - radius - 1;
        let margin: String = line.chars().take(4).collect();
        if (-radius..=radius).contains(&r) {
            assert_eq!(margin, format!("{r:>3} "), "row label of line {i}");
        }
        let mut q = (-radius).max(-radius - r);
        for (col, word) in words(line).into_iter().filter(|(c, _)| *c >= 4) {
            if let Some(label) = word.strip_prefix("q=").and_then(|w| w.strip_suffix('\\')) {
                let k: i32 = label.parse().unwrap();
                let end = col + word.len();
                assert!(parsed.top.insert(k, (r, end)).is_none(), "two q={k}\\");
            } else if let Some(label) = word.strip_prefix("\\q=") {
                let k: i32 = label.parse().unwrap();
                assert!(parsed.bottom.insert(k, (r, col)).is_none(), "two \\q={k}");
            } else {
                assert!(
                    (-radius..=radius).contains(&r),
                    "a cell {word:?} on line {i}, outside the arena's rows"
                );
                let width = word.chars().count();
                // A six-character cell (a floor's symbol before a robot
                // of five) starts in the blank column left of its slot.
                let slot = if width > 5 {
                    col + (width - 5)
                } else {
                    col - (5 - width) / 2
                };
                let hex = Hex::new(q, r);
                assert!(
                    parsed.cells.insert(hex, (word.clone(), slot)).is_none(),
                    "{hex} twice"
                );
                q += 1;
            }
        }
        if (-radius..=radius).contains(&r) {
            assert_eq!(q, radius.min(radius - r) + 1, "row {r} has every hex");
        }
    }
    parsed
}

/// The cell a hex should show, worked out from the game independently of
/// the renderer: the piece, after the symbol of the floor under it; a
/// floor alone as its symbol, its colour's letter and its direction.
fn expected_cell(game: &Game, hex: Hex) -> String {
    let symbol = |kind| game.kinds().get(kind).unwrap().symbol.to_string();
    let floor = game.board().floor(hex);
    let piece = match game.board().at(hex) {
        None => {
            return match floor {
                None => ".".into(),
                Some(f) => format!(
                    "{}{}{}",
                    symbol(f.kind),
                    f.colour
                        .map_or(String::new(), |c| colour_letter(c).to_string()),
                    f.facing.map_or(String::new(), |d| d.name().to_lowercase())
                ),
            }
        }
        Some(Piece::Crystal(c)) => c.value().to_string(),
        Some(Piece::Base(p)) => format!("[{}]", colour_letter(game.colours()[p])),
        Some(Piece::Thing(t)) => symbol(t.kind),
        Some(Piece::Robot(id)) => {
            let r = game.robot(id).unwrap();
            format!(
                "{}{}{}{}",
                colour_letter(game.colours()[id / 2]),
                id % 2 + 1,
                r.facing.name().to_lowercase(),
                r.carrying.map_or(String::new(), |c| c.value().to_string())
            )
        }
    };
    match floor {
        Some(f) => format!("{}{piece}", symbol(f.kind)),
        None => piece,
    }
}

/// Parses the map of `game` and checks every hex shows what stands there,
/// in a proper hex grid, with q labels at both ends of each diagonal.
fn check_map(game: &Game) {
    let radius = game.board().arena().radius() as i32;
    let map = board(game, &PLAIN);
    let parsed = parse(&map, radius);
    let hexes: BTreeSet<Hex> = game.board().arena().hexes().into_iter().collect();
    let shown: BTreeSet<Hex> = parsed.cells.keys().copied().collect();
    assert_eq!(shown, hexes, "every hex of the arena, and only those");
    for (&hex, (cell, slot)) in &parsed.cells {
        assert_eq!(*cell, expected_cell(game, hex), "cell {hex}\n{map}");
        // E neighbour 6 columns right; SE neighbour on the next line, 3 right.
        if let Some((_, east)) = parsed.cells.get(&hex.step(Direction::E)) {
            assert_eq!(*east, slot + 6, "{hex} and its E neighbour");
        }
        if let Some((_, se)) = parsed.cells.get(&hex.step(Direction::SE)) {
            assert_eq!(*se, slot + 3, "{hex} and its SE neighbour");
        }
        if let Some((_, sw)) = parsed.cells.get(&hex.step(Direction::SW)) {
            assert_eq!(*sw + 3, *slot, "{hex} and its SW neighbour");
        }
    }
    for q in -radius..=radius {
        let diagonal: Vec<Hex> = hexes.iter().filter(|h| h.q == q).copied().collect();
        let first = diagonal.iter().min_by_key(|h| h.r).unwrap();
        let last = diagonal.iter().max_by_key(|h| h.r).unwrap();
        let (r, end) = parsed.top[&q];
        assert_eq!(r, first.r - 1, "q={q}\\ on the line above its first hex");
        assert_eq!(end, parsed.cells[first].1 + 2, "q={q}\\ points at {first}");
        let (r, col) = parsed.bottom[&q];
        assert_eq!(r, last.r + 1, "\\q={q} on the line below its last hex");
        assert_eq!(col, parsed.cells[last].1 + 4, "\\q={q} under {last}");
    }
    assert_eq!(parsed.top.len(), 2 * radius as usize + 1);
    assert_eq!(parsed.bottom.len(), 2 * radius as usize + 1);
}

fn assert_fits(text: &str, what: &str) {
    for line in strip_ansi(text).lines() {
        let width = line.chars().count();
        assert!(width <= 80, "{what}: {width} columns: {line:?}");
    }
}

/// The words of a text (runs of letters, digits and `_`).
fn tokens(text: &str) -> BTreeSet<String> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .map(String::from)
        .collect()
}

/// Plays answers chosen by a fixed linear congruential sequence until
/// `stop` holds, at most `limit` answers.
fn play_until(game: &mut Game, limit: usize, stop: impl Fn(&Game) -> bool) -> bool {
    let mut x: u64 = 12345;
    for _ in 0..limit {
        if stop(game) {
            return true;
        }
        let n = game.legal_answer_count();
        if n == 0 {
            return false;
        }
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let answer = game.legal_answer((x >> 33) as usize % n).unwrap();
        game.apply(answer).unwrap();
    }
    stop(game)
}

/// The tests (`cargo test --release --test suite render::` runs them).
mod tests {
    use super::*;

    #[test]
    fn golden_boards_of_the_standard_starts() {
        golden("board_2p", &board(&start(2, 1), &PLAIN));
        golden("board_4p", &board(&start(4, 1), &PLAIN));
        golden("board_6p", &board(&start(6, 1), &PLAIN));
    }

    #[test]
    fn golden_show_of_the_standard_starts() {
        golden("show_2p_red", &show(&start(2, 1), Some(0), &PLAIN));
        golden("show_4p_all", &show(&start(4, 1), None, &PLAIN));
    }

    /// Issue 16, item 16: the compact `show` of a terminal.
    #[test]
    fn golden_compact_show() {
        golden("compact_2p_red", &show_compact(&start(2, 1), 0, &PLAIN));
        golden(
            "compact_6p_terrain",
            &show_compact(&random_terrain(6, 5), 0, &PLAIN),
        );
        golden(
            "compact_midgame_4p_yellow",
            &show_compact(&midgame(), 2, &PLAIN),
        );
    }

    /// Issue 16, item 16: the compact `show` fits an 80x24 terminal (23
    /// lines and the prompt), and both forms keep to 80 columns, on both
    /// arenas, for 2 to 6 players, with terrain, at the start and after
    /// many answers (programs full of long special tiles, questions).
    #[test]
    fn show_fits_an_80_by_24_terminal_and_80_columns_throughout() {
        for players in 2..=6 {
            for seed in 1..=3 {
                for terrain in [false, true] {
                    let mut game = if terrain {
                        random_terrain(players, seed)
                    } else {
                        start(players, seed)
                    };
                    for answers in [0, 40, 150, 400] {
                        play_until(&mut game, answers, |_| false);
                        let what = format!("{players} players, seed {seed}, {answers} answers");
                        let viewer = game.decision().player().unwrap_or(game.active());
                        for options in [PLAIN, COLOUR, UNICODE] {
                            let compact = show_compact(&game, viewer, &options);
                            assert!(
                                compact.lines().count() <= 23,
                                "{what}: {} lines\n{compact}",
                                compact.lines().count()
                            );
                            assert_fits(&compact, &what);
                            assert_fits(&show(&game, Some(viewer), &options), &what);
                            assert_fits(&show(&game, None, &options), &what);
                            assert_fits(&where_all(&game), &what);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn golden_midgame() {
        let game = midgame();
        golden("midgame_4p_yellow", &show(&game, Some(2), &PLAIN));
        golden("midgame_4p_unicode", &board(&game, &UNICODE));
    }

    #[test]
    fn every_piece_is_at_its_place_on_every_standard_start() {
        for players in 2..=6 {
            for seed in [1, 2] {
                check_map(&start(players, seed));
            }
        }
        check_map(&midgame());
    }

    #[test]
    fn arenas_have_9_and_11_rows() {
        for (players, rows) in [(2, 9), (4, 9), (5, 11), (6, 11)] {
            let map = board(&start(players, 1), &PLAIN);
            let numbered = map
                .lines()
                .filter(|l| l.len() > 4 && l[..4].trim().parse::<i32>().is_ok())
                .count();
            assert_eq!(numbered, rows, "{players} players\n{map}");
        }
    }

    #[test]
    fn pictures_fit_in_80_columns() {
        for players in 2..=6 {
            let game = start(players, 1);
            for options in [PLAIN, COLOUR, UNICODE] {
                assert_fits(&board(&game, &options), "board");
                assert_fits(&show(&game, None, &options), "show --all");
                assert_fits(&show(&game, Some(0), &options), "show");
            }
        }
        assert_fits(&show(&midgame(), None, &UNICODE), "midgame");
    }

    #[test]
    fn colour_codes_only_with_colour_on_and_they_move_nothing() {
        for players in 2..=6 {
            let game = start(players, 1);
            for options in [PLAIN, UNICODE] {
                assert!(!board(&game, &options).contains('\x1b'));
                assert!(!show(&game, None, &options).contains('\x1b'));
            }
            let plain = show(&game, None, &PLAIN);
            let coloured = show(&game, None, &COLOUR);
            assert!(coloured.contains("\x1b["), "{players} players");
            assert_eq!(strip_ansi(&coloured), plain, "{players} players");
            let unicode = UNICODE;
            let both = RenderOptions {
                colour: true,
                ..unicode
            };
            assert_eq!(
                strip_ansi(&board(&game, &both)),
                board(&game, &UNICODE),
                "{players} players"
            );
        }
        // Robots and bases in their player's colour, crystals in theirs.
        let map = board(&start(6, 1), &COLOUR);
        for needle in [
            "\x1b[1;31mR1w\x1b[0m",
            "\x1b[1;31m[R]\x1b[0m",
            "\x1b[1;34m[B]\x1b[0m",
            "\x1b[1;33m[Y]\x1b[0m",
            "\x1b[1;32m[G]\x1b[0m",
            "\x1b[1;30;47m[W]\x1b[0m",
            "\x1b[1;97;40m[K]\x1b[0m",
            "\x1b[34m2\x1b[0m",
            "\x1b[32m3\x1b[0m",
        ] {
            assert!(map.contains(needle), "{needle:?} in\n{map}");
        }
        let map = board(&midgame(), &COLOUR);
        assert!(
            map.contains("\x1b[1;31mR1e\x1b[0m\x1b[32m3\x1b[0m"),
            "red.1 carrying a green crystal\n{map}"
        );
    }

    #[test]
    fn facing_is_drawn_for_all_six_directions() {
        let game = midgame();
        let map = board(&game, &PLAIN);
        let unicode = board(&game, &UNICODE);
        let mut seen = BTreeSet::new();
        for id in 0..game.robots().len() {
            let r = game.robot(id).unwrap();
            seen.insert(r.facing);
            let letters = text::cell_text(&game, r.at, &PLAIN).unwrap();
            let arrow = text::cell_text(&game, r.at, &UNICODE).unwrap();
            assert!(map.contains(&letters), "{letters} in\n{map}");
            assert!(unicode.contains(&arrow), "{arrow} in\n{unicode}");
            let glyph = match r.facing {
                Direction::E => "→",
                Direction::SE => "↘",
                Direction::SW => "↙",
                Direction::W => "←",
                Direction::NW => "↖",
                Direction::NE => "↗",
            };
            assert!(arrow.contains(glyph), "{arrow} faces {}", r.facing);
            assert!(
                letters.contains(&r.facing.name().to_lowercase()),
                "{letters} faces {}",
                r.facing
            );
        }
        assert_eq!(seen.len(), 6, "the mid-game position uses every facing");
        // The six glyphs are distinct either way.
        for options in [PLAIN, UNICODE] {
            let glyphs: BTreeSet<&str> = Direction::ALL
                .iter()
                .map(|d| text::facing_glyph(*d, &options))
                .collect();
            assert_eq!(glyphs.len(), 6);
        }
    }

    #[test]
    fn the_legend_explains_the_scheme() {
        let map = board(&start(6, 1), &PLAIN);
        for needle in [
            "R1se3: red.1 facing SE, carrying a 3 (R1se: carrying nothing)\n",
            "[R]: red's base | 2 3 4: crystals by value | .: empty hex\n",
            "facing: e E, se SE, sw SW, w W, nw NW, ne NE",
            "colours: R red, B blue, Y yellow, G green, W white, K black",
        ] {
            assert!(map.contains(needle), "{needle:?} in\n{map}");
        }
        let map = board(&start(2, 1), &UNICODE);
        assert!(map.contains("facing: → E, ↘ SE, ↙ SW, ← W, ↖ NW, ↗ NE"));
        assert!(map.contains("colours: R red, B blue\n"));
    }

    #[test]
    fn where_lines_have_the_exact_format() {
        let game = start(2, 1);
        assert_eq!(
            where_line(&game, 0).as_deref(),
            Some("red.1 at 3,1 facing W carrying 0")
        );
        assert_eq!(where_line(&game, 99), None);
        assert_eq!(
            where_all(&game),
            "red.1 at 3,1 facing W carrying 0\n\
         red.2 at 4,-1 facing W carrying 0\n\
         blue.1 at -3,-1 facing E carrying 0\n\
         blue.2 at -4,1 facing E carrying 0\n"
        );
        let mut pos = Setup::standard(2).unwrap().position(1);
        {
            let red1 = pos.robots[0].as_mut().unwrap();
            red1.at = Hex::new(1, 0);
            red1.facing = Direction::E;
            red1.carrying = Some(Crystal::GREEN);
        }
        pos.crystals.retain(|(h, _)| *h != Hex::new(1, 0));
        pos.robots[3] = None;
        let game = Game::new(&pos).unwrap();
        assert_eq!(
            where_line(&game, 0).unwrap(),
            "red.1 at 1,0 facing E carrying 3"
        );
        assert_eq!(where_line(&game, 3), None, "blue.2 is not in play");
        let all = where_all(&game);
        assert_eq!(all.lines().count(), 3);
        assert!(all.starts_with("red.1 at 1,0 facing E carrying 3\nred.2 "));
        for players in 2..=6 {
            let game = start(players, 3);
            let lines: Vec<String> = where_all(&game).lines().map(String::from).collect();
            assert_eq!(lines.len(), 2 * players);
            for (id, line) in lines.iter().enumerate() {
                let r = game.robot(id).unwrap();
                assert_eq!(
                    *line,
                    format!(
                        "{} at {},{} facing {} carrying 0",
                        game.robot_name(id),
                        r.at.q,
                        r.at.r,
                        r.facing.name()
                    )
                );
            }
        }
    }

    #[test]
    fn the_panel_hides_opponents_specials_from_a_viewer_and_shows_all_with_none() {
        for players in 2..=6 {
            for seed in [1, 5, 9] {
                let game = start(players, seed);
                let specials: Vec<Vec<Tile>> = game
                    .players()
                    .iter()
                    .map(|p| p.hand.iter().filter(|t| t.is_special()).collect())
                    .collect();
                assert!(specials.iter().all(|s| !s.is_empty()), "specials dealt");
                let all = tokens(&panel(&game, None, &PLAIN));
                assert!(!panel(&game, None, &PLAIN).contains("(hidden)"));
                for s in specials.iter().flatten() {
                    assert!(all.contains(s.name()), "--all shows {s}");
                }
                for viewer in 0..players {
                    let text = panel(&game, Some(viewer), &PLAIN);
                    let seen = tokens(&text);
                    for (p, tiles) in specials.iter().enumerate() {
                        for t in tiles {
                            assert_eq!(
                                seen.contains(t.name()),
                                p == viewer,
                                "{t} of {} seen by {}:\n{text}",
                                game.colours()[p],
                                game.colours()[viewer]
                            );
                        }
                    }
                    assert_eq!(
                        text.matches("1 special tile (hidden)").count(),
                        players - 1,
                        "{text}"
                    );
                    for t in game.special_deck() {
                        assert!(!seen.contains(t.name()), "deck tile {t} leaks");
                    }
                }
            }
        }
    }

    #[test]
    fn the_panel_shows_scores_programs_bases_and_the_countdown() {
        let game = midgame();
        let text = panel(&game, Some(2), &PLAIN);
        for needle in [
            "turn 1 | yellow to play | as yellow sees it\n",
            "deciding: yellow, a program change\n",
            "track: 7 crystals left | special deck: 9 tiles left\n",
            "countdown: not begun (3 counters left)\n",
            "red | score 2 = base 0 + carried 2\n",
            "  red.1 at 2,2 facing E carrying 3 | program 1:forward_1 2:- 3:zap\n",
            "  red.2 at 4,0 facing SE carrying 0 | program 1:turn_left 2:load 3:unload\n",
            "blue | score 5 = base 5 + carried 0 | double_modification played\n",
            "  base at -3,4 holds 2 3 (5 points)\n",
            "  blue.1 at -4,4 facing SW carrying 0 | program 1:- 2:forward_2 3:-\n",
            "yellow | score 3 = base 0 + carried 3 | to play\n",
            "  base at 3,1 holds nothing\n",
        ] {
            assert!(text.contains(needle), "{needle:?} in\n{text}");
        }
        // Blue's special is on a program: public, though blue's hand is hidden.
        let blue2 = game.robot(robot_of(1, 1)).unwrap().program[0].unwrap();
        assert!(text.contains(&format!("1:{blue2} 2:- 3:-")), "{text}");
        assert_eq!(text.matches("special tile (hidden)").count(), 2, "{text}");
    }

    #[test]
    fn the_panel_says_what_is_being_decided() {
        let mut game = start(2, 4);
        let zap = |g: &Game| matches!(g.decision(), Decision::ZapEffect { .. });
        assert!(play_until(&mut game, 20_000, zap), "a zap happens");
        let Decision::ZapEffect {
            player,
            zapper,
            target,
        } = game.decision()
        else {
            unreachable!()
        };
        let text = panel(&game, None, &PLAIN);
        let line = format!(
            "deciding: {}, what zapped {} does (zapped by {})\n",
            game.colours()[player],
            game.robot_name(target),
            game.robot_name(zapper)
        );
        assert!(text.contains(&line), "{line:?} in\n{text}");

        let mut game = start(2, 4);
        game.stop(tinbots::games::twin_tin_bots::game::EndReason::TurnLimit);
        let text = panel(&game, Some(1), &PLAIN);
        assert!(
            text.contains("deciding: nothing, the game is over\n"),
            "{text}"
        );
        assert!(text.contains("game over: stopped at the turn limit | winner: "));
        assert!(!text.contains("to play\n"), "{text}");
    }

    #[test]
    fn golden_terrain() {
        let game = all_terrain();
        golden("terrain_4p_all_kinds", &board(&game, &PLAIN));
        golden("terrain_4p_all_kinds_unicode", &board(&game, &UNICODE));
        golden(
            "terrain_random_2p_red",
            &show(&random_terrain(2, 6), Some(0), &PLAIN),
        );
        golden("terrain_random_6p", &board(&random_terrain(6, 8), &PLAIN));
    }

    #[test]
    fn terrain_is_drawn_where_it_stands_on_both_arenas() {
        check_map(&all_terrain());
        let mut kinds = BTreeSet::new();
        for players in 2..=6 {
            for seed in 1..=6 {
                let game = random_terrain(players, seed);
                check_map(&game);
                kinds.extend(game.board().floors().map(|(_, f)| f.kind.to_string()));
                kinds.extend(game.board().pieces().filter_map(|(_, p)| match p {
                    Piece::Thing(t) => Some(t.kind.to_string()),
                    _ => None,
                }));
            }
        }
        assert_eq!(
            kinds.into_iter().collect::<Vec<_>>(),
            ["blob", "mud", "rock", "teleporter"],
            "the random starts use every kind"
        );
        // The cells of the hand-made position, one of each case.
        let game = all_terrain();
        let cell = |q, r| text::cell_text(&game, Hex::new(q, r), &PLAIN).unwrap();
        let arrow = |q, r| text::cell_text(&game, Hex::new(q, r), &UNICODE).unwrap();
        assert_eq!(cell(2, -3), "#", "a rock");
        assert_eq!(cell(-1, -3), "@", "a blob");
        assert_eq!(cell(0, -2), "OY", "a teleporter of the yellow pair");
        assert_eq!(cell(3, -3), "OB", "a teleporter of the blue pair");
        assert_eq!(cell(-2, 1), "~", "mud");
        assert_eq!(cell(2, 2), "~R1w", "red.1 in mud");
        assert_eq!(cell(1, 0), "~2", "a crystal in mud");
        assert_eq!(cell(2, -4), "~G2sw4", "green.2 carrying a 4, in mud");
        assert_eq!(cell(2, 0), "=e", "a conveyor pointing E");
        assert_eq!(arrow(2, 0), "=→", "a conveyor pointing E, Unicode");
        assert_eq!(cell(-4, 0), "=Y2e", "yellow.2 on a conveyor");
    }

    #[test]
    fn the_terrain_legend_lists_the_kinds_present_and_the_floors_under_pieces() {
        let map = board(&all_terrain(), &PLAIN);
        for needle in [
            "\nterrain: # rock | @ blob | ~ mud | O teleporter (OB blue pair, OY yellow pair)\n",
            "  = conveyor, then where it points (=se: SE)\n",
            "\nunder pieces, drawn before them: ~ at 2,-4 | =se at -4,0 | ~ at 1,0 | ~ at 2,2\n",
        ] {
            assert!(map.contains(needle), "{needle:?} in\n{map}");
        }
        assert!(map.contains("~ at 2,2\n"), "{map}");
        let map = board(&random_terrain(2, 2), &PLAIN);
        assert!(
            map.ends_with("\nterrain: # rock\n"),
            "only the kinds present: {map}"
        );
        // No terrain, no terrain lines (the golden files of plain games).
        for players in 2..=6 {
            let map = board(&start(players, 1), &PLAIN);
            assert!(!map.contains("terrain") && !map.contains("under pieces"));
            let with_variants = with_variants(
                &["mud", "teleporters"],
                &Setup::standard(players).unwrap().position(1),
            );
            assert_eq!(
                board(&with_variants, &PLAIN),
                map,
                "variants without terrain placed"
            );
        }
    }

    #[test]
    fn terrain_pictures_fit_in_80_columns_and_colour_moves_nothing() {
        let mut games = vec![all_terrain()];
        for players in 2..=6 {
            games.push(random_terrain(players, 8));
        }
        for game in &games {
            for options in [PLAIN, COLOUR, UNICODE] {
                assert_fits(&show(game, None, &options), "show --all with terrain");
            }
            let plain = show(game, None, &PLAIN);
            assert_eq!(strip_ansi(&show(game, None, &COLOUR)), plain);
            assert!(!plain.contains('\x1b'));
        }
        // Teleporters in their pair's colour, mud brown, conveyors cyan;
        // a floor under a piece painted apart from the piece.
        let map = board(&all_terrain(), &COLOUR);
        for needle in [
            "\x1b[1;33mOY\x1b[0m",
            "\x1b[1;34mOB\x1b[0m",
            "\x1b[33m~\x1b[0m\x1b[1;31mR1w\x1b[0m",
            "\x1b[36m=e\x1b[0m",
            "\x1b[35m@\x1b[0m",
        ] {
            assert!(map.contains(needle), "{needle:?} in\n{map}");
        }
    }

    #[test]
    fn the_panel_shows_a_zapped_blob_push_with_its_answers() {
        // 000_f177823dad35ee93.txt: Blobs — "If a Robot Zaps a Blob, the
        // player may move that Blob to an adjacent empty hex".
        let path = "scripts/twin-tin-bots/scenarios/328_blob_zapped_moved_to_empty_hex.toml";
        let scenario =
            tinbots::games::twin_tin_bots::scenario::Scenario::load(std::path::Path::new(path))
                .unwrap();
        let mut game = Game::with_rules(&scenario.position, scenario.rules().unwrap()).unwrap();
        let pass = game.parse_answer("pass").unwrap();
        game.apply(pass).unwrap();
        assert!(matches!(game.decision(), Decision::ZapPush { .. }));
        let text = panel(&game, None, &PLAIN);
        assert!(
            text.contains(
                "deciding: red, where to push the blob at 1,0 zapped by red.1\n  \
                 answers: E SE SW W NW NE nothing\n"
            ),
            "{text}"
        );
        assert_fits(&text, "panel");
        assert!(board(&game, &PLAIN).contains("terrain: @ blob\n"));
    }
}
