//! Tests of boards and courses: every validation error placed by file,
//! line and reason; the design's example; the yard; walls both ways; a
//! property that lookups agree with the tables.

use super::*;
use proptest::prelude::*;

const EXAMPLE: &str = r#"name = "example"
size = [12, 12]

[[square]]
at = [3, 2]
kind = "pit"

[[square]]
at = [4, 4]
kind = "conveyor"
to = "E"

[[square]]
at = [7, 6]
kind = "gear"
turn = "right"

[[square]]
at = [4, 6]
kind = "pusher"
to = "E"
registers = [2, 4]

[[square]]
at = [5, 5]
kind = "crusher"
registers = [1, 5]

[[square]]
at = [0, 0]
kind = "repair"
wrenches = 1

[[wall]]
at = [5, 5]
side = "E"

[[laser]]
at = [10, 3]
to = "E"
beams = 1

[[flag]]
number = 1
at = [8, 2]
"#;

fn sq(x: i32, y: i32) -> Square {
    Square::new(x, y)
}

#[test]
fn the_example_of_the_design_parses_exactly() {
    let b = Board::parse("example.toml", EXAMPLE).unwrap();
    assert_eq!(b.name(), "example");
    assert_eq!(b.size(), (12, 12));
    assert_eq!(b.kind(sq(3, 2)), Some(Kind::Pit));
    assert_eq!(b.kind(sq(4, 4)), Some(Kind::Conveyor(Compass::E)));
    assert_eq!(b.kind(sq(7, 6)), Some(Kind::Gear(Turn::Right)));
    assert_eq!(
        b.kind(sq(4, 6)),
        Some(Kind::Pusher {
            to: Compass::E,
            registers: Registers::of(&[2, 4]).unwrap()
        })
    );
    assert_eq!(b.kind(sq(5, 5)), None);
    let crusher = b.crusher(sq(5, 5)).unwrap();
    assert_eq!(crusher.phases().collect::<Vec<_>>(), vec![1, 5]);
    assert_eq!(b.kind(sq(0, 0)), Some(Kind::Repair(1)));
    assert!(b.is_walled(sq(5, 5), Compass::E));
    assert!(b.is_walled(sq(6, 5), Compass::W));
    assert!(!b.is_walled(sq(5, 5), Compass::W));
    assert_eq!(
        b.lasers(),
        &[Laser {
            at: sq(10, 3),
            to: Compass::E,
            beams: 1
        }]
    );
    assert_eq!(
        b.flags(),
        &[Flag {
            number: 1,
            at: sq(8, 2)
        }]
    );
    assert_eq!(b.flag_at(sq(8, 2)), Some(1));
    assert_eq!(b.specials().len(), 6);
    // Everything else is open floor; off the board is off.
    assert_eq!(b.kind(sq(1, 1)), None);
    assert!(!b.is_off(sq(11, 11)));
    assert!(b.is_off(sq(12, 0)) && b.is_off(sq(-1, 3)) && b.is_off(sq(0, 12)));
}

/// Parses `text`, expects an error naming `bad.toml`, `line` and `reason`.
fn refused(text: &str, line: usize, reason: &str) {
    let e = Board::parse("bad.toml", text).expect_err(text).to_string();
    assert!(
        e.starts_with(&format!("bad.toml:{line}:")),
        "wanted line {line}: {e}"
    );
    assert!(e.contains(reason), "wanted `{reason}`: {e}");
}

const SIZE: &str = "size = [6, 6]\n";

#[test]
fn each_validation_error_names_file_line_field_and_reason() {
    refused(
        &format!("{SIZE}[[square]]\nat = [1, 1]\nkind = \"lava\"\n"),
        4,
        "unknown variant `lava`",
    );
    refused(
        &format!("{SIZE}[[square]]\nat = [1, 1]\nkind = \"pit\"\ncolour = 3\n"),
        5,
        "unknown field `colour`",
    );
    refused(&format!("{SIZE}lenght = 3\n"), 2, "unknown field `lenght`");
    refused(
        &format!("{SIZE}[[square]]\nat = [1, 1]\nkind = \"pit\"\nto = \"E\"\n"),
        5,
        "in `square[0].to`: a pit square has no `to`",
    );
    refused(
        &format!("{SIZE}[[square]]\nat = [1, 1]\nkind = \"conveyor\"\n"),
        4,
        "in `square[0].kind`: a conveyor square needs `to`",
    );
    refused(
        &format!("{SIZE}[[square]]\nat = [1, 1]\nkind = \"conveyor\"\nto = \"Q\"\n"),
        5,
        "unknown variant `Q`",
    );
    refused(
        &format!("{SIZE}[[wall]]\nat = [1, 1]\nside = \"NE\"\n"),
        4,
        "in `wall[0].side`: unknown variant `NE`, expected one of `N`, `E`, `S`, `W`",
    );
    refused(
        &format!("{SIZE}[[square]]\nat = [6, 1]\nkind = \"pit\"\n"),
        3,
        "in `square[0].at`: square [6, 1] is off the 6x6 board",
    );
    refused(
        &format!("{SIZE}[[wall]]\nat = [0, -1]\nside = \"N\"\n"),
        3,
        "in `wall[0].at`: square [0, -1] is off",
    );
    refused(
        &format!("{SIZE}[[laser]]\nat = [9, 9]\nto = \"N\"\nbeams = 1\n"),
        3,
        "in `laser[0].at`",
    );
    refused(
        &format!("{SIZE}[[flag]]\nnumber = 1\nat = [0, 6]\n"),
        4,
        "in `flag[0].at`",
    );
    refused(
        &format!(
            "{SIZE}[[square]]\nat = [1, 1]\nkind = \"pit\"\n[[square]]\nat = [1, 1]\nkind = \"gear\"\nturn = \"left\"\n"
        ),
        7,
        "in `square[1].kind`: square [1, 1] already has a kind",
    );
    refused(
        &format!("{SIZE}[[square]]\nat = [1, 1]\nkind = \"crusher\"\nregisters = [1, 6]\n"),
        5,
        "register 6 is outside 1..5",
    );
    refused(
        &format!("{SIZE}[[square]]\nat = [1, 1]\nkind = \"crusher\"\nregisters = [0]\n"),
        5,
        "register 0 is outside 1..5",
    );
    refused(
        &format!(
            "{SIZE}[[square]]\nat = [1, 1]\nkind = \"pusher\"\nto = \"S\"\nregisters = [2, 2]\n"
        ),
        6,
        "in `square[0].registers`: register 2 is given twice",
    );
    refused(
        &format!("{SIZE}[[square]]\nat = [1, 1]\nkind = \"crusher\"\nregisters = []\n"),
        5,
        "at least one register",
    );
    refused(
        &format!("{SIZE}[[square]]\nat = [1, 1]\nkind = \"repair\"\nwrenches = 3\n"),
        5,
        "in `square[0].wrenches`: wrenches 3: a repair site has 1 or 2",
    );
    refused(
        &format!("{SIZE}[[laser]]\nat = [1, 1]\nto = \"N\"\nbeams = 0\n"),
        5,
        "in `laser[0].beams`: beams 0",
    );
    refused(
        &format!("{SIZE}[[flag]]\nnumber = 2\nat = [1, 1]\n"),
        3,
        "in `flag[0].number`: flag number 2: flags are numbered 1 to 1 without gaps",
    );
    refused(
        &format!("{SIZE}[[flag]]\nnumber = 1\nat = [1, 1]\n[[flag]]\nnumber = 1\nat = [2, 1]\n"),
        6,
        "in `flag[1].number`: flag number 1 is given twice",
    );
    refused(
        &format!("{SIZE}[[flag]]\nnumber = 1\nat = [1, 1]\n[[flag]]\nnumber = 2\nat = [1, 1]\n"),
        6,
        "already has flag 1",
    );
    refused(
        "size = [0, 5]\n",
        1,
        "in `size`: size [0, 5]: width and height are 1 to 100",
    );
    refused("size = [101, 5]\n", 1, "width and height are 1 to 100");
    refused("name = \"x\"\n", 1, "missing field `size`");
}

#[test]
fn a_crusher_may_stand_on_a_belt_but_a_pit_may_not() {
    for belt in ["conveyor", "express"] {
        for first_crusher in [false, true] {
            let belt_t = format!("[[square]]\nat = [2, 3]\nkind = \"{belt}\"\nto = \"W\"\n");
            let crusher_t = "[[square]]\nat = [2, 3]\nkind = \"crusher\"\nregisters = [3]\n";
            let text = if first_crusher {
                format!("{SIZE}{crusher_t}{belt_t}")
            } else {
                format!("{SIZE}{belt_t}{crusher_t}")
            };
            let b = Board::parse("ok.toml", &text).unwrap();
            assert!(b.kind(sq(2, 3)).unwrap().is_belt());
            assert!(b.crusher(sq(2, 3)).unwrap().contains(3));
        }
    }
    let belt = "[[square]]\nat = [2, 3]\nkind = \"conveyor\"\nto = \"W\"\n";
    let pit = "[[square]]\nat = [2, 3]\nkind = \"pit\"\n";
    refused(&format!("{SIZE}{belt}{pit}"), 8, "already has a kind");
    let crusher = "[[square]]\nat = [2, 3]\nkind = \"crusher\"\nregisters = [3]\n";
    refused(&format!("{SIZE}{pit}{crusher}"), 7, "already has a kind");
    refused(
        &format!("{SIZE}{crusher}{crusher}"),
        8,
        "already has a kind",
    );
}

#[test]
fn walls_block_both_ways_with_one_lookup() {
    let b = Board::parse(
        "w.toml",
        &format!(
            "{SIZE}[[wall]]\nat = [2, 2]\nside = \"S\"\n[[wall]]\nat = [0, 0]\nside = \"N\"\n"
        ),
    )
    .unwrap();
    assert!(b.is_walled(sq(2, 2), Compass::S));
    assert!(b.is_walled(sq(2, 3), Compass::N));
    assert!(!b.is_walled(sq(2, 2), Compass::N));
    assert!(!b.is_walled(sq(2, 3), Compass::S));
    assert!(!b.is_walled(sq(1, 2), Compass::E));
    // An edge wall, asked from on the board and from off it.
    assert!(b.is_walled(sq(0, 0), Compass::N));
    assert!(b.is_walled(sq(0, -1), Compass::S));
    assert!(!b.is_walled(sq(1, -1), Compass::S));
}

fn scripts() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/roborally")
}

#[test]
fn the_yard_board_has_every_kind_and_its_course_loads() {
    let path = scripts().join("boards/yard.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let b = Board::parse("yard.toml", &text).unwrap();
    assert_eq!(b.size(), (12, 12));
    let kinds: Vec<_> = b
        .specials()
        .iter()
        .map(|s| std::mem::discriminant(&s.kind))
        .collect();
    for k in [
        Kind::Pit,
        Kind::Conveyor(Compass::N),
        Kind::Express(Compass::N),
        Kind::Gear(Turn::Left),
        Kind::Pusher {
            to: Compass::N,
            registers: Registers::NONE,
        },
        Kind::Crusher(Registers::NONE),
        Kind::Repair(1),
    ] {
        assert!(kinds.contains(&std::mem::discriminant(&k)), "{k:?}");
    }
    assert_eq!(b.kind(sq(6, 2)), Some(Kind::Express(Compass::E)));
    assert!(b.crusher(sq(6, 2)).is_some());
    assert!(b.is_walled(sq(9, 7), Compass::W));
    assert!(!b.walls().is_empty() && !b.lasers().is_empty() && !b.flags().is_empty());

    let course = Course::load(&scripts().join("courses/yard.toml")).unwrap();
    assert_eq!(course.name, "yard");
    assert_eq!(course.players, (1, 4));
    assert_eq!(course.start, sq(0, 11));
    assert_eq!(course.board.size(), (12, 12));
    assert_eq!(course.board.flags(), b.flags());
    assert_eq!(course.board.specials(), b.specials());
    for y in -1..13 {
        for x in -1..13 {
            let s = sq(x, y);
            assert_eq!(course.board.kind(s), b.kind(s));
            assert_eq!(course.board.is_off(s), b.is_off(s));
            for d in Compass::ORTHOGONAL {
                assert_eq!(course.board.is_walled(s, d), b.is_walled(s, d));
            }
        }
    }
}

/// A course parsed with boards given as text by name.
fn course(text: &str, boards: &[(&str, &str)]) -> Result<Course, BoardError> {
    Course::parse("c.toml", text, |file| {
        let (_, t) = boards.iter().find(|(n, _)| *n == file).expect(file);
        Board::parse(file, t)
    })
}

const SMALL: &str =
    "size = [4, 3]\n[[flag]]\nnumber = 1\nat = [3, 2]\n[[wall]]\nat = [3, 0]\nside = \"E\"\n";
const BARE: &str = "size = [4, 3]\n";

#[test]
fn courses_combine_boards_and_refuse_overlaps_and_strays() {
    let two = "name = \"two\"\nplayers = [2, 4]\n[[board]]\nfile = \"a\"\noffset = [0, 0]\n[[board]]\nfile = \"b\"\noffset = [4, 1]\nstart = [1, 1]\n[[flag]]\nnumber = 2\nat = [7, 3]\n";
    let c = course(two, &[("a", SMALL), ("b", BARE)]).unwrap();
    assert_eq!(c.board.size(), (8, 4));
    assert_eq!(c.start, sq(5, 2));
    assert_eq!(c.board.flag_at(sq(3, 2)), Some(1));
    assert_eq!(c.board.flag_at(sq(7, 3)), Some(2));
    // The wall between the boards blocks both ways.
    assert!(c.board.is_walled(sq(3, 0), Compass::E));
    assert!(c.board.is_walled(sq(4, 0), Compass::W) && c.board.is_off(sq(4, 0)));
    assert!(c.board.is_off(sq(0, 3)) && !c.board.is_off(sq(4, 1)));

    let err = |text: &str, boards: &[(&str, &str)], line: usize, reason: &str| {
        let e = course(text, boards).expect_err(text).to_string();
        let place = if line == 0 {
            "c.toml: ".to_string()
        } else {
            format!("c.toml:{line}:")
        };
        assert!(e.starts_with(&place), "line {line}: {e}");
        assert!(e.contains(reason), "`{reason}`: {e}");
    };
    let overlap = two.replace("offset = [4, 1]", "offset = [3, 1]");
    err(
        &overlap,
        &[("a", SMALL), ("b", BARE)],
        8,
        "overlaps board[0]",
    );
    let far_flag = two.replace("at = [7, 3]", "at = [0, 3]");
    err(
        &far_flag,
        &[("a", SMALL), ("b", BARE)],
        12,
        "in `flag[0].at`: square [0, 3] is off every board",
    );
    let far_start = two.replace("start = [1, 1]", "start = [4, 0]");
    err(
        &far_start,
        &[("a", SMALL), ("b", BARE)],
        9,
        "start [4, 0] is off its board",
    );
    let no_start = two.replace("start = [1, 1]\n", "");
    err(
        &no_start,
        &[("a", SMALL), ("b", BARE)],
        0,
        "no board gives a `start`",
    );
    let no_flags = "name = \"n\"\nplayers = [1, 1]\n[[board]]\nfile = \"b\"\noffset = [0, 0]\nstart = [0, 0]\n";
    err(no_flags, &[("b", BARE)], 0, "the course has no flags");
    let dup = two.replace("number = 2", "number = 1");
    err(
        &dup,
        &[("a", SMALL), ("b", BARE)],
        11,
        "flag number 1 is given twice",
    );
    let players = two.replace("[2, 4]", "[3, 2]");
    err(&players, &[("a", SMALL), ("b", BARE)], 2, "in `players`");
    let unknown = two.replace("offset = [0, 0]", "offset = [0, 0]\nrotate = 1");
    err(
        &unknown,
        &[("a", SMALL), ("b", BARE)],
        6,
        "unknown field `rotate`",
    );
    // Two boards with flag 1: the second board's line is blamed.
    let both = two.replace("file = \"b\"", "file = \"a2\"");
    err(
        &both,
        &[("a", SMALL), ("a2", SMALL)],
        7,
        "in `board[1].file`: flag number 1 is given twice",
    );
    // A board's own error names the course's line that names the board,
    // then the board's file and place.
    let e = course(two, &[("a", "size = [4, 3]\nflag = 1\n"), ("b", BARE)]).unwrap_err();
    assert!(e.to_string().contains("in `board[0].file`: a:2:"), "{e}");
}

#[test]
fn a_missing_file_is_named() {
    let e = Course::load(Path::new("/no/such/course.toml")).unwrap_err();
    assert!(e
        .to_string()
        .starts_with("/no/such/course.toml: cannot read"));
}

/// A generated board's tables: kinds per square (with maybe a crusher on a
/// belt), walls, lasers, flags.
#[derive(Debug, Clone)]
struct Tables {
    w: i32,
    h: i32,
    squares: Vec<(i32, i32, Kind)>,
    walls: Vec<(i32, i32, Compass)>,
    lasers: Vec<(i32, i32, Compass, u8)>,
    flags: Vec<(i32, i32)>,
}

fn dir() -> impl Strategy<Value = Compass> {
    prop::sample::select(Compass::ORTHOGONAL.to_vec())
}

fn regs() -> impl Strategy<Value = Registers> {
    prop::collection::btree_set(1u8..=5, 1..=5)
        .prop_map(|s| Registers::of(&s.into_iter().collect::<Vec<_>>()).unwrap())
}

fn kind() -> impl Strategy<Value = Kind> {
    prop_oneof![
        Just(Kind::Pit),
        dir().prop_map(Kind::Conveyor),
        dir().prop_map(Kind::Express),
        prop::bool::ANY.prop_map(|r| Kind::Gear(if r { Turn::Right } else { Turn::Left })),
        (dir(), regs()).prop_map(|(to, registers)| Kind::Pusher { to, registers }),
        regs().prop_map(Kind::Crusher),
        (1u8..=2).prop_map(Kind::Repair),
    ]
}

fn tables() -> impl Strategy<Value = Tables> {
    (1i32..=9, 1i32..=9).prop_flat_map(|(w, h)| {
        let at = move || (0..w, 0..h);
        (
            prop::collection::vec((at(), kind()), 0..20),
            prop::collection::vec((at(), dir()), 0..15),
            prop::collection::vec((at(), dir(), 1u8..=3), 0..4),
            prop::collection::vec(at(), 0..4),
        )
            .prop_map(move |(sq, walls, lasers, flags)| {
                // Keep what the rules allow: one kind a square, except a
                // crusher on a belt; one flag a square, not on a pit.
                let mut squares: Vec<(i32, i32, Kind)> = Vec::new();
                for ((x, y), k) in sq {
                    let here: Vec<Kind> = squares
                        .iter()
                        .filter(|s| (s.0, s.1) == (x, y))
                        .map(|s| s.2)
                        .collect();
                    let ok = match here.as_slice() {
                        [] => true,
                        [Kind::Crusher(_)] => k.is_belt(),
                        [b] if b.is_belt() => matches!(k, Kind::Crusher(_)),
                        _ => false,
                    };
                    if ok {
                        squares.push((x, y, k));
                    }
                }
                let mut fl: Vec<(i32, i32)> = Vec::new();
                for f in flags {
                    let pit = squares
                        .iter()
                        .any(|s| (s.0, s.1, s.2) == (f.0, f.1, Kind::Pit));
                    if !fl.contains(&f) && !pit {
                        fl.push(f);
                    }
                }
                Tables {
                    w,
                    h,
                    squares,
                    walls: walls.into_iter().map(|((x, y), d)| (x, y, d)).collect(),
                    lasers: lasers
                        .into_iter()
                        .map(|((x, y), d, b)| (x, y, d, b))
                        .collect(),
                    flags: fl,
                }
            })
    })
}

fn to_toml(t: &Tables) -> String {
    let mut s = format!("size = [{}, {}]\n", t.w, t.h);
    let regs = |r: Registers| {
        r.phases()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    for (x, y, k) in &t.squares {
        s += &format!("[[square]]\nat = [{x}, {y}]\n");
        s += &match k {
            Kind::Pit => "kind = \"pit\"\n".to_string(),
            Kind::Conveyor(d) => format!("kind = \"conveyor\"\nto = \"{d}\"\n"),
            Kind::Express(d) => format!("kind = \"express\"\nto = \"{d}\"\n"),
            Kind::Gear(t) => format!("kind = \"gear\"\nturn = \"{t}\"\n"),
            Kind::Pusher { to, registers } => format!(
                "kind = \"pusher\"\nto = \"{to}\"\nregisters = [{}]\n",
                regs(*registers)
            ),
            Kind::Crusher(r) => format!("kind = \"crusher\"\nregisters = [{}]\n", regs(*r)),
            Kind::Repair(n) => format!("kind = \"repair\"\nwrenches = {n}\n"),
        };
    }
    for (x, y, d) in &t.walls {
        s += &format!("[[wall]]\nat = [{x}, {y}]\nside = \"{d}\"\n");
    }
    for (x, y, d, b) in &t.lasers {
        s += &format!("[[laser]]\nat = [{x}, {y}]\nto = \"{d}\"\nbeams = {b}\n");
    }
    // Flags written in reverse order: numbers, not order, count.
    for (i, (x, y)) in t.flags.iter().enumerate().rev() {
        s += &format!("[[flag]]\nnumber = {}\nat = [{x}, {y}]\n", i + 1);
    }
    s
}

proptest! {
    #[test]
    fn lookups_agree_with_the_tables(t in tables()) {
        let b = Board::parse("gen.toml", &to_toml(&t)).unwrap();
        prop_assert_eq!(b.size(), (t.w, t.h));
        for y in -1..=t.h {
            for x in -1..=t.w {
                let s = sq(x, y);
                let on = (0..t.w).contains(&x) && (0..t.h).contains(&y);
                prop_assert_eq!(b.is_off(s), !on);
                let here = t.squares.iter().filter(|q| (q.0, q.1) == (x, y));
                let floor = here.clone().map(|q| q.2).find(|k| !matches!(k, Kind::Crusher(_)));
                let crusher = here.clone().find_map(|q| match q.2 {
                    Kind::Crusher(r) => Some(r),
                    _ => None,
                });
                prop_assert_eq!(b.kind(s), floor);
                prop_assert_eq!(b.crusher(s), crusher);
                for d in Compass::ORTHOGONAL {
                    let n = s.step(d);
                    let walled = t.walls.iter().any(|&(wx, wy, wd)| {
                        (sq(wx, wy), wd) == (s, d) || (sq(wx, wy), wd) == (n, opposite(d))
                    });
                    prop_assert_eq!(b.is_walled(s, d), walled, "{:?} {:?}", s, d);
                }
                let flag = t.flags.iter().position(|&f| f == (x, y)).map(|i| i as u8 + 1);
                prop_assert_eq!(b.flag_at(s), flag);
            }
        }
        let lasers: Vec<Laser> = t
            .lasers
            .iter()
            .map(|&(x, y, to, beams)| Laser { at: sq(x, y), to, beams })
            .collect();
        prop_assert_eq!(b.lasers(), lasers.as_slice());
        prop_assert_eq!(b.specials().len(), t.squares.len());
        prop_assert_eq!(b.walls().len(), t.walls.len());
        for (i, f) in b.flags().iter().enumerate() {
            prop_assert_eq!(f.number as usize, i + 1);
            prop_assert_eq!((f.at.x, f.at.y), t.flags[i]);
        }
    }
}

#[test]
fn a_built_in_course_reads_its_built_in_boards() {
    for name in ["yard", "maze", "crossing", "factory", "gauntlet"] {
        let path = format!("scripts/roborally/courses/{name}.toml");
        let built_in = Course::load_file(&AssetFile::BuiltIn(path.clone())).unwrap();
        let on_disk = Course::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join(&path)).unwrap();
        assert_eq!(built_in.board.specials(), on_disk.board.specials());
        assert_eq!(built_in.board.flags(), on_disk.board.flags());
        assert_eq!(built_in.start, on_disk.start);
    }
    let e = Course::load_file(&AssetFile::BuiltIn(
        "scripts/roborally/courses/none.toml".into(),
    ))
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "<built-in>/scripts/roborally/courses/none.toml: cannot read: entity not found"
    );
}

#[test]
fn a_flag_on_a_pit_and_a_start_on_a_pit_are_refused() {
    refused(
        &format!(
            "{SIZE}[[square]]\nat = [1, 1]\nkind = \"pit\"\n[[flag]]\nnumber = 1\nat = [1, 1]\n"
        ),
        6,
        "in `flag[0].number`: flag 1 at [1, 1] is on a pit: no robot could touch it",
    );
    let pit = "size = [4, 3]\n[[square]]\nat = [1, 1]\nkind = \"pit\"\n";
    let one = "name = \"o\"\nplayers = [1, 1]\n[[board]]\nfile = \"p\"\noffset = [0, 0]\nstart = [1, 1]\n[[flag]]\nnumber = 1\nat = [0, 0]\n";
    let e = course(one, &[("p", pit)]).unwrap_err().to_string();
    assert_eq!(
        e,
        "c.toml:6:9: in `board[0].start`: start [1, 1] is on a pit: every robot would fall at once"
    );
    // A pit row cuts the flag off; so do walls.
    let row = "size = [3, 3]\n[[square]]\nat = [0, 1]\nkind = \"pit\"\n[[square]]\nat = [1, 1]\nkind = \"pit\"\n[[wall]]\nat = [2, 1]\nside = \"N\"\n";
    let cut = one.replace("start = [1, 1]", "start = [0, 2]");
    let e = course(&cut, &[("p", row)]).unwrap_err().to_string();
    assert_eq!(
        e,
        "c.toml:8:10: in `flag[0].number`: flag 1 at [0, 0] cannot be reached from the start [0, 2]: walls, pits and the course's edge close it off"
    );
    let open = row.replace("side = \"N\"", "side = \"E\"");
    assert!(course(&cut, &[("p", &open)]).is_ok());
}
