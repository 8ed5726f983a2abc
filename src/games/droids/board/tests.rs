//! Mission files: the built-in one reads, and bad files are refused with
//! their file, line, field and reason.

use super::*;

fn error(text: &str) -> MissionError {
    Mission::parse("m.toml", text).expect_err("refused")
}

const HEAD: &str = "mission = 9\nname = \"t\"\nplayers = [2, 2]\n";

#[test]
fn mission_1_is_the_challenge_on_ten_by_ten() {
    // Seed lines 140-147: 2 to 4 players, no grey tiles, 8 or 9 obstacles.
    let m = Mission::find("1").expect("mission 1");
    assert_eq!(m.name, "challenge");
    assert_eq!((m.board.width, m.board.height), (10, 10));
    assert_eq!(m.players, (2, 4));
    assert!(!m.stacks.contains(&Colour::Grey), "seed line 147");
    assert!(m.repair_robots.is_empty(), "seed line 147");
    assert_eq!(m.place_obstacles.get(&3), Some(&9), "seed line 146");
    assert_eq!(m.place_obstacles.get(&2), Some(&8), "seed line 146");
    assert_eq!(m.starts[0], Some(Square::new(0, 0)));
    assert_eq!(m.board.terrain(Square::new(3, 2)), Some(Terrain::Water));
    assert_eq!(m.board.terrain(Square::new(7, 3)), Some(Terrain::Fixed));
    assert_eq!(Mission::find("challenge"), Ok(m));
    assert!(Mission::find("8").unwrap_err().contains(
        "the missions are 1 (challenge), 2 (mines), 3 (containers), 4 (shelter), \
         5 (statue), 6 (labyrinth), 7 (killer), challenge-teams, mines-teams"
    ));
}

#[test]
fn the_team_games_pair_opposite_corners() {
    // Seed lines 141, 150: "2 teams of 2" (the pairs are ours, decision 47).
    for name in ["challenge-teams", "mines-teams"] {
        let m = Mission::find(name).expect("a team game");
        assert_eq!(m.teams, vec![vec![0, 2], vec![1, 3]], "{name}");
        assert_eq!(m.players, (4, 4), "{name}");
    }
    assert!(Mission::find("1").expect("mission 1").teams.is_empty());
}

#[test]
fn bad_teams_are_refused_with_their_line() {
    let rows = "rows = [\"RY\"]\n";
    let e = error(&format!("{HEAD}teams = [[\"red\"], [\"blue\"]]\n{rows}"));
    assert_eq!(e.place, "m.toml:4:20");
    assert!(
        e.message
            .contains("`blue` is not a player's colour (red, yellow)"),
        "{e}"
    );
    let e = error(&format!("{HEAD}teams = [[\"red\"], [\"red\"]]\n{rows}"));
    assert!(e.message.contains("red is in a team already"), "{e}");
}

#[test]
fn a_square_that_is_not_one_is_placed_on_its_row_and_column() {
    let e = error(&format!("{HEAD}rows = [\n  \"R.Y\",\n  \".?.\",\n]\n"));
    assert_eq!(e.place, "m.toml:6:5");
    assert!(
        e.message.starts_with("in `rows[1]`: `?` is not a square"),
        "{e}"
    );
}

#[test]
fn rows_of_different_lengths_are_refused() {
    let e = error(&format!("{HEAD}rows = [\"R.Y\", \"..\"]\n"));
    assert!(e.place.starts_with("m.toml:4:"), "{e}");
    assert!(
        e.message.contains("row 1 has 2 squares, the first row 3"),
        "{e}"
    );
}

#[test]
fn a_start_drawn_twice_or_missing_is_refused() {
    let e = error(&format!("{HEAD}rows = [\"R.R\", \"Y..\"]\n"));
    assert!(
        e.message.contains("red's start square is drawn twice"),
        "{e}"
    );
    let e = error(&format!("{HEAD}rows = [\"R..\"]\n"));
    assert!(
        e.message
            .contains("yellow plays (up to 2 players) but has no start square"),
        "{e}"
    );
}

#[test]
fn set_up_counts_and_players_are_checked() {
    let e = error(&format!(
        "{HEAD}rows = [\"R.Y\"]\n[place_obstacles]\n5 = 3\n"
    ));
    assert!(e.place.starts_with("m.toml:6:"), "{e}");
    assert!(
        e.message
            .contains("`5` is not a number of players from 2 to 2"),
        "{e}"
    );
    let e = error("mission = 9\nname = \"t\"\nplayers = [3, 2]\nrows = [\"R.Y\"]\n");
    assert!(e.message.contains("players [3, 2]"), "{e}");
    let e = error("name = \"t\"\nrows = [\"R.Y\"]\n");
    assert_eq!(e.message, "a mission file must give `mission`");
    let e = error(&format!(
        "{HEAD}rows = [\"R.Y\"]\nstacks = [\"red\", \"pink\"]\n"
    ));
    assert!(e.message.contains("`pink` is not a tile colour"), "{e}");
}

#[test]
fn pieces_repair_robots_and_the_statue_are_read_from_the_rows() {
    let m = Mission::parse("m.toml", &format!("{HEAD}rows = [\"R1X2Y\", \"ocm~#\"]\n"))
        .expect("a mission");
    assert_eq!(m.repair_robots, vec![Square::new(1, 0), Square::new(3, 0)]);
    assert_eq!(m.statue, Some(Square::new(2, 0)));
    assert_eq!(
        m.pieces,
        vec![
            (Square::new(0, 1), Piece::Obstacle),
            (Square::new(1, 1), Piece::Container),
            (Square::new(2, 1), Piece::Mine)
        ]
    );
    assert_eq!(m.board.terrain(Square::new(4, 1)), Some(Terrain::Fixed));
}

#[test]
fn players_are_exactly_two_numbers() {
    // Before, `[2, 2, 99]` was read as `[2, 2]`.
    let e = error("mission = 9\nname = \"t\"\nplayers = [2, 2, 99]\nrows = [\"R.Y\"]\n");
    assert!(e.place.starts_with("m.toml:3:"), "{e}");
    assert!(
        e.message
            .contains("players [2, 2, 99]: two numbers, the fewest and the most"),
        "{e}"
    );
    let e = error("mission = 9\nname = \"t\"\nplayers = [2]\nrows = [\"R.Y\"]\n");
    assert!(e.message.contains("players [2]: two numbers"), "{e}");
}

#[test]
fn teams_hold_every_colour_that_plays_in_two_teams_at_least() {
    // Before, these were accepted, and a team game ended at once.
    let four = "mission = 9\nname = \"t\"\nplayers = [4, 4]\nrows = [\"RYBG\"]\n";
    let e = error(&format!(
        "{four}teams = [[\"red\", \"blue\"], [\"yellow\"]]\n"
    ));
    assert!(e.place.starts_with("m.toml:5:"), "{e}");
    assert!(
        e.message
            .contains("in `teams`: green plays (up to 4 players) but is in no team"),
        "{e}"
    );
    let e = error(&format!(
        "{HEAD}teams = [[\"red\", \"yellow\"]]\nrows = [\"RY\"]\n"
    ));
    assert!(e.message.contains("one team only"), "{e}");
    let e = error(&format!("{HEAD}teams = [[\"red\"], []]\nrows = [\"RY\"]\n"));
    assert!(e.message.contains("a team is empty"), "{e}");
    // No teams at all: everyone plays alone.
    Mission::parse("m.toml", &format!("{HEAD}teams = []\nrows = [\"RY\"]\n")).expect("no teams");
    // Seated in one team only (2 of up to 4 players): the game is refused.
    let m = Mission::parse(
        "m.toml",
        "mission = 9\nname = \"t\"\nplayers = [2, 4]\nrows = [\"RYBG\"]\nteams = [[\"red\", \"yellow\"], [\"blue\", \"green\"]]\n",
    )
    .expect("a mission");
    let e = crate::games::droids::game::Game::new(m.clone(), 2, 1).expect_err("refused");
    assert!(
        e.message
            .contains("in `teams`: the 2 players seated are all in one team"),
        "{e}"
    );
    crate::games::droids::game::Game::new(m, 3, 1).expect("red and yellow against blue");
}

#[test]
fn a_mission_with_no_playable_tile_is_refused_at_its_field() {
    // Seed line 133: a player who carries out nothing is out. Before, such a
    // mission was accepted and ended at once, "nobody wins".
    let e = error(&format!("{HEAD}stacks = [\"grey\"]\nrows = [\"R.Y\"]\n"));
    assert!(e.place.starts_with("m.toml:4:"), "{e}");
    assert!(
        e.message
            .contains("in `stacks[0]`: no tile is left in play"),
        "{e}"
    );
    let e = error(&format!("{HEAD}stacks = [\"blue\"]\nrows = [\"R.Y\"]\n"));
    assert!(
        e.message
            .contains(&crate::games::droids::rulebook::cite(NOTHING_PLAYABLE)),
        "{e}"
    );
    assert!(
        e.message.contains("(Droids rules, Game end (line 133))"),
        "{e}"
    );
    let e = error(&format!(
        "{HEAD}stacks = [\"purple\"]\nleave_out = [\"move1\", \"move2\", \"diagonal\", \"dash\"]\nrows = [\"R.Y\"]\n"
    ));
    assert!(e.place.starts_with("m.toml:5:"), "{e}");
    assert!(e.message.contains("in `leave_out[0]`"), "{e}");
    // Grey tiles move a repair robot, when one is on the board (line 128).
    Mission::parse(
        "m.toml",
        &format!("{HEAD}stacks = [\"grey\"]\nrows = [\"R1Y\"]\n"),
    )
    .expect("grey with a repair robot");
}

#[test]
fn a_mission_name_is_a_word() {
    let e = error("mission = 9\nname = \"t\\u001b[2J\"\nplayers = [2, 2]\nrows = [\"R.Y\"]\n");
    assert!(
        e.message
            .contains("in `name`: \"t\\e[2J\" is not a name: 1 to 40 letters, digits, `-` or `_`"),
        "{e}"
    );
}

#[test]
fn more_obstacles_to_place_than_squares_taking_one_refuse_the_game() {
    // Before, the set-up asked for a square when none was left: a decision
    // with no answer ("there is nothing to decide").
    let m = Mission::parse(
        "m.toml",
        &format!("{HEAD}rows = [\"R..Y\"]\n[place_obstacles]\n2 = 3\n"),
    )
    .expect("a mission");
    let e = crate::games::droids::game::Game::new(m, 2, 1).expect_err("refused");
    assert!(
        e.message.contains(
            "in `place_obstacles`: 3 mobile obstacles to place with 2 players, but 2 squares take one"
        ),
        "{e}"
    );
}

#[test]
fn what_a_file_chose_reaches_the_terminal_escaped_in_its_errors() {
    let e = error(&format!("{HEAD}rows = [\"R\\u001b[2JY\"]\n")).to_string();
    assert!(!e.contains('\u{1b}'), "{e:?}");
    assert!(e.contains("`\\e` is not a square"), "{e}");
    let e = error(&format!("{HEAD}stacks = [\"red\\r\"]\nrows = [\"R.Y\"]\n")).to_string();
    assert!(e.contains("`red\\r` is not a tile colour"), "{e}");
}

/// Mission 2's repair robots at the set-up with `players`, under `pins`.
fn mines_repair_starts(players: usize, pins: &[&str]) -> Vec<Square> {
    let m = Mission::find("mines").expect("mission 2");
    let pins: Vec<String> = pins.iter().map(ToString::to_string).collect();
    let rulings = crate::engine::Rulings::defaults(crate::games::droids::rulings::DISPUTES)
        .pinned(&pins)
        .expect("pins");
    m.repair_starts(&seating::in_order(players), &rulings)
}

#[test]
fn repair_robots_start_on_the_free_corners_or_the_edge_middles() {
    // Seed line 154: "de 2 herstelrobotten op de vrije hoeken".
    let sq = Square::new;
    assert_eq!(mines_repair_starts(2, &[]), vec![sq(9, 9), sq(0, 9)]);
    assert_eq!(mines_repair_starts(3, &[]), vec![sq(5, 0), sq(0, 9)]);
    assert_eq!(mines_repair_starts(4, &[]), vec![sq(5, 0), sq(4, 9)]);
    for players in 2..=4 {
        assert_eq!(
            mines_repair_starts(players, &["droids.repair-corners=edge-middles"]),
            vec![sq(5, 0), sq(4, 9)]
        );
    }
    // A mission without `free_corners` keeps its drawn squares.
    let m = Mission::parse(
        "t.toml",
        "mission = 9\nname = \"t\"\nplayers = [2, 2]\nrows = [\"R.1.Y\", \".....\", \"..2..\"]",
    )
    .expect("reads");
    let rulings = crate::engine::Rulings::defaults(crate::games::droids::rulings::DISPUTES);
    assert_eq!(
        m.repair_starts(&seating::in_order(2), &rulings),
        vec![sq(2, 0), sq(2, 2)]
    );
}
