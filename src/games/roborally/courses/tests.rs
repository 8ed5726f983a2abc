//! Tests of the catalogue and the checks: every built-in course found by
//! name and by path, a user's course, a typo, the listing; every check's
//! error with its exact place and words.

use std::path::{Path, PathBuf};

use super::*;
use crate::assets::Origin;
use crate::engine::Named;
use crate::games::roborally::board::{Kind as BoardKind, Turn};
use crate::grid::square::Square;
use crate::test_folder::Folder;

/// The built-in courses only.
fn built_in() -> Library {
    Library {
        built_in: true,
        ..Library::default()
    }
}

fn repository(file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(file)
}

#[test]
fn every_built_in_course_is_listed_with_its_players_and_description() {
    let entries = list(&built_in());
    let seen: Vec<(&str, (u8, u8))> = entries
        .iter()
        .map(|e| (e.name(), e.about.as_ref().unwrap().0))
        .collect();
    assert_eq!(
        seen,
        [
            ("crossing", (2, 4)),
            ("factory", (5, 8)),
            ("gauntlet", (2, 6)),
            ("maze", (1, 3)),
            ("proving", (1, 8)),
            ("yard", (1, 4)),
        ]
    );
    for e in &entries {
        assert_eq!(e.listed.found.origin, Origin::BuiltIn);
        assert!(!e.about.as_ref().unwrap().1.is_empty(), "{}", e.name());
    }
    let text = listing(&built_in());
    assert!(
        text.lines().any(|l| l
            == "yard                 built-in     1-4   One board, 1-4 players: the yard, every kind of square on one board"),
        "{text}"
    );
    assert_eq!(text.lines().count(), 6);
}

#[test]
fn the_courses_are_the_sizes_they_are_made_for() {
    let lib = built_in();
    let boards = |name: &str| {
        let path = repository(&format!("scripts/roborally/courses/{name}.toml"));
        let text = std::fs::read_to_string(path).unwrap();
        let table: toml::Table = text.parse().unwrap();
        table["board"].as_array().unwrap().len()
    };
    // One board for 1-3 players.
    let maze = find("maze", &lib).unwrap();
    assert_eq!((boards("maze"), maze.players), (1, (1, 3)));
    // Two boards for 4 players.
    let crossing = find("crossing", &lib).unwrap();
    assert_eq!(boards("crossing"), 2);
    assert!(crossing.players.0 <= 4 && 4 <= crossing.players.1);
    assert_eq!(crossing.board.size(), (24, 12));
    // Four boards, 2 x 2, for 8 players.
    let factory = find("factory", &lib).unwrap();
    assert_eq!((boards("factory"), factory.players.1), (4, 8));
    assert_eq!(factory.board.size(), (24, 24));
    assert_eq!(factory.board.flags().len(), 4);
    // The gauntlet: the straight line from the start to flag 1 runs past
    // pushers and crushers.
    let gauntlet = find("gauntlet", &lib).unwrap();
    let flag = gauntlet.board.flags()[0].at;
    assert_eq!(gauntlet.start.y, flag.y);
    let line: Vec<Square> = (gauntlet.start.x..=flag.x)
        .map(|x| Square::new(x, flag.y))
        .collect();
    let pushers = line
        .iter()
        .filter(|&&s| matches!(gauntlet.board.kind(s), Some(BoardKind::Pusher { .. })))
        .count();
    let crushers = line
        .iter()
        .filter(|&&s| gauntlet.board.crusher(s).is_some())
        .count();
    assert!(pushers >= 2 && crushers >= 2, "{pushers} {crushers}");
}

#[test]
fn the_new_boards_together_have_every_kind_and_no_flags() {
    let mut kinds = Vec::new();
    let mut beams = Vec::new();
    for name in ["loop", "gauntlet", "hall", "maze"] {
        let path = repository(&format!("scripts/roborally/boards/{name}.toml"));
        let board = Board::parse(name, &std::fs::read_to_string(path).unwrap()).unwrap();
        assert_eq!(board.size(), (12, 12));
        assert!(board.flags().is_empty(), "{name}: flags go in the courses");
        assert!(!board.walls().is_empty());
        for s in board.specials() {
            let on_belt = board.kind(s.at).is_some_and(BoardKind::is_belt);
            let kind = match s.kind {
                BoardKind::Crusher(_) if on_belt => "crusher on a belt".to_string(),
                k => format!("{k:?}")
                    .split(['(', ' '])
                    .next()
                    .unwrap()
                    .to_string(),
            };
            let kind = match s.kind {
                BoardKind::Gear(turn) => format!("gear {turn}"),
                BoardKind::Repair(n) => format!("repair {n}"),
                _ => kind,
            };
            if !kinds.contains(&kind) {
                kinds.push(kind);
            }
        }
        beams.extend(board.lasers().iter().map(|l| l.beams));
    }
    kinds.sort();
    assert_eq!(
        kinds,
        [
            "Conveyor",
            "Crusher",
            "Express",
            "Pit",
            "Pusher",
            "crusher on a belt",
            "gear left",
            "gear right",
            "repair 1",
            "repair 2"
        ]
    );
    for n in 1..=3 {
        assert!(beams.contains(&n), "a laser of {n} beams");
    }
}

#[test]
fn a_course_is_found_by_path_and_a_typo_gets_a_suggestion() {
    let lib = built_in();
    let by_path = find(
        repository("scripts/roborally/courses/crossing.toml")
            .to_str()
            .unwrap(),
        &lib,
    )
    .unwrap();
    assert_eq!(by_path.name, "crossing");
    let e = find("facotry", &lib).unwrap_err().to_string();
    assert_eq!(
        e,
        "unknown course `facotry`, did you mean `factory`? (looked in: built-in); courses: crossing, factory, gauntlet, maze, proving, yard; \
         a course can also be given as the path to a .toml file"
    );
    let e = find("no/such/course.toml", &lib).unwrap_err().to_string();
    assert!(e.starts_with("no/such/course.toml: cannot read: "), "{e}");
}

#[test]
fn courses_are_found_by_name_like_bots() {
    assert_eq!(
        COURSES.built_in_folder(Game::NAME),
        "scripts/roborally/courses"
    );
    assert_eq!(COURSES.user_folder(Game::NAME), "roborally/courses");
    let user = Folder::new(
        "assets-courses",
        &[
            ("roborally/courses/mine.toml", "name = \"mine\"\n"),
            ("roborally/courses/yard.toml", "name = \"my yard\"\n"),
            ("roborally/courses/notes.txt", "not a course"),
        ],
    );
    let lib = Library {
        user_folder: Some(user.0.clone()),
        built_in: true,
        ..Library::default()
    };
    let mine = lib.find(COURSES, Game::NAME, "mine", None).unwrap();
    assert_eq!(
        mine.origin,
        Origin::UserFolder(user.0.join("roborally/courses"))
    );
    // The user's yard hides the built-in one.
    let yard = lib.find(COURSES, Game::NAME, "yard", None).unwrap();
    assert_eq!(
        yard.entry,
        Entry::File(AssetFile::Disk(user.0.join("roborally/courses/yard.toml")))
    );
    let built_in = built_in().find(COURSES, Game::NAME, "yard", None).unwrap();
    assert_eq!(
        built_in.entry,
        Entry::File(AssetFile::BuiltIn(
            "scripts/roborally/courses/yard.toml".into()
        ))
    );
    let names: Vec<String> = lib
        .list(COURSES, Game::NAME, None)
        .into_iter()
        .map(|l| l.found.name)
        .collect();
    assert_eq!(
        names,
        ["crossing", "factory", "gauntlet", "maze", "mine", "proving", "yard"]
    );
    let e = lib
        .find(COURSES, Game::NAME, "yrad", None)
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        format!(
            "unknown course `yrad`, did you mean `yard`? (looked in: {}, built-in); courses: crossing, factory, gauntlet, maze, mine, proving, yard; \
             a course can also be given as the path to a .toml file",
            user.0.join("roborally/courses").display()
        )
    );
    // A repository path typed elsewhere is the built-in copy; a path of
    // no official file stays the path.
    assert_eq!(
        locate("no/such/dir/scripts/roborally/courses/yard.toml", &lib).unwrap(),
        AssetFile::Disk(PathBuf::from(
            "no/such/dir/scripts/roborally/courses/yard.toml"
        ))
    );
    assert_eq!(
        locate("scripts/courses/yard.toml", &lib).unwrap(),
        AssetFile::Disk(PathBuf::from("scripts/courses/yard.toml")),
        "courses had no shared folder"
    );
}

const MINE: &str = "name = \"mine\"\nplayers = [1, 2]\n[[board]]\nfile = \"../boards/loop.toml\"\noffset = [0, 0]\nstart = [0, 11]\n[[board]]\nfile = \"../boards/tiny.toml\"\noffset = [12, 0]\n[[flag]]\nnumber = 1\nat = [13, 1]\n";

#[test]
fn a_users_course_is_found_and_may_name_built_in_boards() {
    let user = Folder::new(
        "courses-user",
        &[
            ("roborally/courses/mine.toml", MINE),
            (
                "roborally/boards/tiny.toml",
                "name = \"tiny\"\nsize = [2, 2]\n",
            ),
        ],
    );
    let lib = Library {
        user_folder: Some(user.0.clone()),
        built_in: true,
        ..Library::default()
    };
    // Its own board beside it, the loop from the built-in boards.
    let mine = find("mine", &lib).unwrap();
    assert_eq!(mine.board.size(), (14, 12));
    assert_eq!(mine.description, "");
    let entry = list(&lib).into_iter().find(|e| e.name() == "mine").unwrap();
    assert_eq!(
        entry.listed.found.origin,
        Origin::UserFolder(user.0.join("roborally/courses"))
    );
    let file = user.0.join("roborally/courses/mine.toml");
    assert!(
        listing(&lib).lines().any(|l| l
            == format!(
                "mine                 user folder  1-2  [{}]",
                file.display()
            )),
        "{}",
        listing(&lib)
    );
    // A board that is neither beside it nor built in is named where it
    // was looked for.
    let broken = MINE.replace("tiny", "huge");
    std::fs::write(user.0.join("roborally/courses/mine.toml"), broken).unwrap();
    let e = find("mine", &lib).unwrap_err().to_string();
    let huge = user.0.join("roborally/courses/../boards/huge.toml");
    assert!(
        e.contains(&format!(
            "in `board[1].file`: {}: cannot read: ",
            huge.display()
        )),
        "{e}"
    );
    let entry = list(&lib).into_iter().find(|e| e.name() == "mine").unwrap();
    assert!(entry.about.is_err());
    assert!(listing(&lib)
        .lines()
        .any(|l| l.starts_with("mine                 user folder  ? ")));
}

/// Writes `files` into a folder and checks the first.
fn check(name: &str, files: &[(&str, &str)]) -> (Folder, Result<String, BoardError>) {
    let folder = Folder::new(&format!("check-{name}"), files);
    let result = check_file(&folder.0.join(files[0].0));
    (folder, result)
}

/// Expects `check` of `files` to fail at `line:column` of the first file
/// with exactly `message`.
fn refused(name: &str, files: &[(&str, &str)], place: &str, message: &str) {
    let (folder, result) = check(name, files);
    let e = result.expect_err(name);
    let file = folder.0.join(files[0].0).display().to_string();
    let want = if place.is_empty() {
        format!("{file}: {message}")
    } else {
        format!("{file}:{place}: {message}")
    };
    assert_eq!(e.to_string(), want);
}

const BOARD: &str = "name = \"b\"\nsize = [4, 3]\n[[square]]\nat = [1, 1]\nkind = \"pit\"\n";

fn course_text(start: &str, flags: &[(i64, [i32; 2])]) -> String {
    let mut text = format!(
        "name = \"c\"\nplayers = [2, 4]\n[[board]]\nfile = \"b.toml\"\noffset = [0, 0]\nstart = {start}\n"
    );
    for (n, [x, y]) in flags {
        text += &format!("[[flag]]\nnumber = {n}\nat = [{x}, {y}]\n");
    }
    text
}

#[test]
fn check_summarises_boards_and_courses() {
    let (_f, ok) = check("board", &[("b.toml", BOARD)]);
    assert_eq!(
        ok.unwrap(),
        "board `b`: 4 x 3, 1 special square, 0 walls, 0 lasers, 0 flags"
    );
    let text = course_text("[0, 2]", &[(1, [3, 0])]);
    let (_f, ok) = check("course", &[("c.toml", &text), ("b.toml", BOARD)]);
    assert_eq!(
        ok.unwrap(),
        "course `c`: 2 to 4 players, 1 board, 4 x 3, start [0, 2], 1 flag"
    );
    // Every built-in file passes.
    for dir in ["boards", "courses"] {
        let dir = repository(&format!("scripts/roborally/{dir}"));
        for file in std::fs::read_dir(dir).unwrap() {
            let path = file.unwrap().path();
            let summary = check_file(&path).unwrap_or_else(|e| panic!("{e}"));
            assert!(summary.starts_with("board `") || summary.starts_with("course `"));
        }
    }
    assert_eq!(
        check_file(&repository("scripts/roborally/courses/factory.toml")).unwrap(),
        "course `factory`: 5 to 8 players, 4 boards, 24 x 24, start [18, 23], 4 flags"
    );
    assert_eq!(
        check_file(&repository("scripts/roborally/boards/hall.toml")).unwrap(),
        "board `hall`: 12 x 12, 12 special squares, 18 walls, 4 lasers, 0 flags"
    );
}

#[test]
fn check_refuses_each_fault_with_its_place_and_reason() {
    let b = ("b.toml", BOARD);
    // Flags 1..n without gaps.
    let text = course_text("[0, 2]", &[(1, [3, 0]), (3, [2, 0])]);
    refused(
        "gap",
        &[("c.toml", &text), b],
        "11:10",
        "in `flag[1].number`: flag number 3: flags are numbered 1 to 2 without gaps",
    );
    // Not in a pit.
    let text = course_text("[0, 2]", &[(1, [1, 1])]);
    refused(
        "pit-flag",
        &[("c.toml", &text), b],
        "8:10",
        "in `flag[0].number`: flag 1 at [1, 1] is on a pit: no robot could touch it",
    );
    // On the course.
    let text = course_text("[0, 2]", &[(1, [4, 0])]);
    refused(
        "off-flag",
        &[("c.toml", &text), b],
        "9:6",
        "in `flag[0].at`: square [4, 0] is off every board of the course",
    );
    // Reachable: walled in.
    let walled = format!(
        "{BOARD}[[wall]]\nat = [3, 0]\nside = \"W\"\n[[wall]]\nat = [3, 0]\nside = \"S\"\n"
    );
    let text = course_text("[0, 2]", &[(1, [3, 0])]);
    refused(
        "walled",
        &[("c.toml", &text), ("b.toml", &walled)],
        "8:10",
        "in `flag[0].number`: flag 1 at [3, 0] cannot be reached from the start [0, 2]: walls, pits and the course's edge close it off",
    );
    // The start on the course, not in a pit.
    let text = course_text("[1, 1]", &[(1, [3, 0])]);
    refused(
        "pit-start",
        &[("c.toml", &text), b],
        "6:9",
        "in `board[0].start`: start [1, 1] is on a pit: every robot would fall at once",
    );
    let text = course_text("[4, 1]", &[(1, [3, 0])]);
    refused(
        "off-start",
        &[("c.toml", &text), b],
        "6:9",
        "in `board[0].start`: start [4, 1] is off its board (given in the board's own squares)",
    );
    // Players 1 to 8, fewest first.
    let text = course_text("[0, 2]", &[(1, [3, 0])]).replace("[2, 4]", "[0, 4]");
    refused(
        "players",
        &[("c.toml", &text), b],
        "2:11",
        "in `players`: players [0, 4]: the fewest and most, 1 to 8",
    );
    let text = course_text("[0, 2]", &[(1, [3, 0])]).replace("[2, 4]", "[4, 9]");
    refused(
        "players-9",
        &[("c.toml", &text), b],
        "2:11",
        "in `players`: players [4, 9]: the fewest and most, 1 to 8",
    );
    // A description must be text.
    let text = course_text("[0, 2]", &[(1, [3, 0])])
        .replace("name = \"c\"\n", "name = \"c\"\ndescription = 3\n");
    refused(
        "description",
        &[("c.toml", &text), b],
        "2:15",
        "in `description`: invalid type: integer `3`, expected a string",
    );
    // A board's own fault names the course's line, then the board's file.
    let text = course_text("[0, 2]", &[(1, [3, 0])]);
    let (folder, result) = check(
        "board-fault",
        &[
            ("c.toml", &text),
            (
                "b.toml",
                "size = [4, 3]\n[[flag]]\nnumber = 1\nat = [9, 9]\n",
            ),
        ],
    );
    assert_eq!(
        result.unwrap_err().to_string(),
        format!(
            "{}:4:8: in `board[0].file`: {}:4:6: in `flag[0].at`: square [9, 9] is off the 4x3 board",
            folder.0.join("c.toml").display(),
            folder.0.join("b.toml").display()
        )
    );
    // A board file alone: a flag on a pit.
    refused(
        "board-pit-flag",
        &[(
            "b.toml",
            &format!("{BOARD}[[flag]]\nnumber = 1\nat = [1, 1]\n"),
        )],
        "7:10",
        "in `flag[0].number`: flag 1 at [1, 1] is on a pit: no robot could touch it",
    );
    // Neither a board nor a course, or not TOML at all.
    refused(
        "neither",
        &[("x.toml", "name = \"x\"\n")],
        "",
        "neither a board (it has no `size`) nor a course (no `players`, no `[[board]]`)",
    );
    let (_f, result) = check("syntax", &[("x.toml", "size = [4, 3\n")]);
    let e = result.unwrap_err().to_string();
    assert!(e.contains("x.toml:2:1: "), "{e}");
    let e = check_file(Path::new("/no/such/board.toml"))
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("/no/such/board.toml: cannot read: "), "{e}");
}

#[test]
fn a_file_is_told_by_its_fields() {
    assert_eq!(file_kind("size = [1, 1]\n"), Some(FileKind::Board));
    assert_eq!(file_kind("players = [1, 1]\n"), Some(FileKind::Course));
    assert_eq!(
        file_kind("[[board]]\nfile = \"x\"\n"),
        Some(FileKind::Course)
    );
    assert_eq!(file_kind("game = \"roborally\"\n"), None);
    assert_eq!(file_kind("size = ["), None);
    assert!(COURSES.is_path("x.toml") && COURSES.is_path("a/b") && !COURSES.is_path("yard"));
    assert!(!COURSES.is_path("x.lua"));
}

#[test]
fn the_proving_course_holds_what_the_speed_limit_anchor_counts() {
    // The design's roborally-limit README, "The course": the benchmark
    // compares a turn on `proving` with a turn of the anchor, so the two
    // must be the same course.
    let proving = find("proving", &built_in()).unwrap();
    let board = &proving.board;
    assert_eq!(board.size(), (24, 12));
    let count = |wanted: &dyn Fn(&BoardKind) -> bool| {
        board.specials().iter().filter(|s| wanted(&s.kind)).count()
    };
    assert_eq!(count(&|k| *k == BoardKind::Pit), 6);
    assert_eq!(count(&|k| matches!(k, BoardKind::Conveyor(_))), 24);
    assert_eq!(count(&|k| matches!(k, BoardKind::Express(_))), 17);
    assert_eq!(count(&|k| *k == BoardKind::Gear(Turn::Right)), 3);
    assert_eq!(count(&|k| *k == BoardKind::Gear(Turn::Left)), 3);
    assert_eq!(count(&|k| matches!(k, BoardKind::Pusher { .. })), 4);
    assert_eq!(count(&|k| matches!(k, BoardKind::Crusher(_))), 2);
    assert_eq!(count(&|k| *k == BoardKind::Repair(1)), 2);
    assert_eq!(count(&|k| *k == BoardKind::Repair(2)), 2);
    assert_eq!(board.walls().len(), 30);
    let beams: Vec<u8> = board.lasers().iter().map(|l| l.beams).collect();
    assert_eq!(beams.len(), 6);
    assert_eq!(beams.iter().filter(|&&b| b == 2).count(), 1);
    let flags: Vec<(u8, Square)> = board.flags().iter().map(|f| (f.number, f.at)).collect();
    assert_eq!(
        flags,
        [
            (1, Square::new(19, 1)),
            (2, Square::new(6, 10)),
            (3, Square::new(16, 7)),
            (4, Square::new(10, 3)),
        ]
    );
    // The anchor's first start square; its pits and crushers where it
    // has them.
    assert_eq!(proving.start, Square::new(0, 2));
    assert_eq!(board.kind(Square::new(5, 5)), Some(BoardKind::Pit));
    assert!(board
        .crusher(Square::new(20, 8))
        .is_some_and(|r| r.contains(2) && r.contains(4)));
}

/// A course read again from the same texts is the one read before; a
/// change to the course file or to a board it names, or a board that
/// appears where the built-in copy stood in, is read anew.
#[test]
fn a_course_is_read_again_only_when_its_files_change() {
    let course = |description: &str, board: &str| {
        format!(
            "name = \"kept\"\ndescription = \"{description}\"\nplayers = [1, 2]\n\
             [[board]]\nfile = \"{board}\"\noffset = [0, 0]\nstart = [0, 0]\n\
             [[flag]]\nnumber = 1\nat = [1, 1]\n"
        )
    };
    let folder = Folder::new(
        "course-cache",
        &[
            ("courses/c.toml", &course("one", "a.toml")),
            ("courses/a.toml", "size = [2, 2]\n"),
        ],
    );
    let path = folder.0.join("courses/c.toml");
    let read = || find(path.to_str().unwrap(), &built_in()).unwrap();
    let first = read();
    assert_eq!(
        (first.description.as_str(), first.board.size()),
        ("one", (2, 2))
    );
    assert_eq!(
        read().board.size(),
        (2, 2),
        "the same texts, the same course"
    );
    std::fs::write(folder.0.join("courses/a.toml"), "size = [3, 2]\n").unwrap();
    assert_eq!(read().board.size(), (3, 2), "a board changed");
    std::fs::write(&path, course("two", "a.toml")).unwrap();
    assert_eq!(read().description, "two", "the course changed");
    // A board missing beside the course is the built-in one of its name,
    // until one is written there.
    std::fs::write(&path, course("three", "../boards/loop.toml")).unwrap();
    let built_in_loop = read().board.size();
    assert_ne!(built_in_loop, (2, 2));
    assert_eq!(read().board.size(), built_in_loop, "the same texts");
    std::fs::create_dir_all(folder.0.join("boards")).unwrap();
    std::fs::write(folder.0.join("boards/loop.toml"), "size = [2, 2]\n").unwrap();
    assert_eq!(read().board.size(), (2, 2), "a board written beside it");
}
