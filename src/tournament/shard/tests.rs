use super::*;
use crate::bot::BotSpec;
use crate::engine::GameOptions;
use crate::tournament::rows::{write_row, write_start, RowFormat};
use crate::tournament::{report, Run};

fn tournament(threads: usize) -> Tournament {
    Tournament {
        game: crate::games::default_game(),
        options: GameOptions::default(),
        players: 3,
        games: 7,
        seed: 5,
        max_turns: 40,
        threads,
    }
}

fn bots() -> Vec<BotSpec> {
    vec![BotSpec::Random, BotSpec::Random, BotSpec::Random]
}

/// A scratch folder of this test's own.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tinbots-shard-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("the temporary folder is writable");
    dir
}

/// Plays `shard` of the tournament and writes its JSON rows to `path`.
fn play_shard(t: &Tournament, shard: Shard, path: &std::path::Path) {
    let mut out = Vec::new();
    write_start(&mut out, RowFormat::Json, &t.header(&bots(), shard)).unwrap();
    let mut rows = |row: &GameRow| write_row(&mut out, RowFormat::Json, row);
    let played = t
        .run(
            &bots(),
            &mut Run {
                shard,
                ..Run::quiet(&mut rows)
            },
        )
        .unwrap();
    assert!(!played.stopped);
    std::fs::write(path, out).unwrap();
}

#[test]
fn shards_are_disjoint_and_cover_the_schedule() {
    for count in 1..6 {
        for k in 0..40u64 {
            let holders = (1..=count)
                .filter(|&index| Shard { index, count }.holds(k))
                .count();
            assert_eq!(holders, 1, "game {k} of {count} shards");
        }
    }
    assert_eq!(Shard::parse("2/8"), Ok(Shard { index: 2, count: 8 }));
    for bad in ["0/3", "4/3", "3", "a/b", "1/0"] {
        assert!(Shard::parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn merging_the_shards_prints_the_single_run_byte_for_byte() {
    let single = tournament(2);
    let whole = single
        .run(&bots(), &mut Run::quiet(&mut |_| Ok(())))
        .unwrap();
    let expected = report(&single, &whole.results);
    let dir = scratch("merge");
    let files: Vec<PathBuf> = (1..=3)
        .map(|index| {
            let path = dir.join(format!("part{index}.json"));
            // Shards on machines with other thread counts.
            play_shard(
                &tournament(index as usize),
                Shard { index, count: 3 },
                &path,
            );
            path
        })
        .collect();
    // In any order.
    let reversed: Vec<PathBuf> = files.iter().rev().cloned().collect();
    let merged = merge(&crate::games::registry(), &reversed).unwrap();
    assert_eq!(merged.results, whole.results);
    assert_eq!(report(&merged.tournament, &merged.results), expected);
    // A missing shard, one given twice, or another tournament's are refused.
    let err = merge(&crate::games::registry(), &files[..2])
        .unwrap_err()
        .to_string();
    assert_eq!(err, "shard 3/3 is missing");
    let err = merge(
        &crate::games::registry(),
        &[files[0].clone(), files[0].clone()],
    )
    .unwrap_err()
    .to_string();
    assert!(err.ends_with("part1.json is the same file)"), "{err}");
    let other = dir.join("other.json");
    play_shard(
        &Tournament {
            seed: 6,
            ..tournament(1)
        },
        Shard { index: 3, count: 3 },
        &other,
    );
    let err = merge(
        &crate::games::registry(),
        &[files[0].clone(), files[1].clone(), other],
    )
    .unwrap_err()
    .to_string();
    assert!(
        err.contains("come from different tournaments: their seed differ"),
        "{err}"
    );
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn a_bad_line_is_named_by_file_and_line() {
    let dir = scratch("bad");
    let path = dir.join("part.json");
    let t = tournament(1);
    play_shard(&t, Shard { index: 1, count: 2 }, &path);
    let mut text = std::fs::read_to_string(&path).unwrap();
    text.push_str("{\"pairing\": 0}\n");
    std::fs::write(&path, &text).unwrap();
    let lines = text.lines().count();
    let err = merge(&crate::games::registry(), std::slice::from_ref(&path))
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with(&format!("{}:{lines}: missing field", path.display())),
        "{err}"
    );
    std::fs::write(&path, "pairing,game\n").unwrap();
    let err = merge(&crate::games::registry(), std::slice::from_ref(&path))
        .unwrap_err()
        .to_string();
    assert!(err.contains(":1: expected the tournament line"), "{err}");
    std::fs::remove_dir_all(dir).ok();
}

/// A two-shard tournament of two different bots (so that a row's bots
/// tell the pairing's seats apart), its files written in `dir`.
fn two_shards(dir: &std::path::Path) -> (Tournament, Vec<BotSpec>, [PathBuf; 2]) {
    let t = Tournament {
        players: 2,
        games: 6,
        max_turns: 12,
        threads: 1,
        ..tournament(1)
    };
    let bots = vec![BotSpec::Random, BotSpec::Named("greedy".into())];
    let files = [1, 2].map(|index| {
        let path = dir.join(format!("part{index}.json"));
        let shard = Shard { index, count: 2 };
        let mut out = Vec::new();
        write_start(&mut out, RowFormat::Json, &t.header(&bots, shard)).unwrap();
        let mut rows = |row: &GameRow| write_row(&mut out, RowFormat::Json, row);
        t.run(
            &bots,
            &mut Run {
                shard,
                ..Run::quiet(&mut rows)
            },
        )
        .unwrap();
        std::fs::write(&path, out).unwrap();
        path
    });
    (t, bots, files)
}

/// `file` with line `line` (from 1) changed by `edit`, as a JSON value.
fn edited_line(
    file: &std::path::Path,
    to: &std::path::Path,
    line: usize,
    edit: impl FnOnce(&mut serde_json::Value),
) {
    let text = std::fs::read_to_string(file).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let mut value: serde_json::Value = serde_json::from_str(&lines[line - 1]).unwrap();
    edit(&mut value);
    lines[line - 1] = value.to_string();
    std::fs::write(to, lines.join("\n") + "\n").unwrap();
}

/// Issue 29, item 12: `merge` checks every row against the schedule and
/// refuses one that does not belong or does not add up, naming the file,
/// the line and what is wrong; each edit below was merged before.
#[test]
fn rows_that_do_not_add_up_are_refused_naming_file_and_line() {
    let dir = scratch("verify");
    let (_, _, [one, two]) = two_shards(&dir);
    merge(&crate::games::registry(), &[one.clone(), two.clone()])
        .expect("the shards as written merge");
    let bad = dir.join("bad.json");
    let refused = |line: usize, edit: &dyn Fn(&mut serde_json::Value), needle: &str| {
        edited_line(&one, &bad, line, edit);
        let err = merge(&crate::games::registry(), &[bad.clone(), two.clone()])
            .expect_err(needle)
            .to_string();
        let at = format!("{}:{line}: ", bad.display());
        assert!(err.starts_with(&at), "{needle}: {err}");
        assert!(err.contains(needle), "{needle}: {err}");
    };
    refused(
        2,
        &|r| r["score"] = serde_json::json!([2.0, 0.0]),
        "score [2.0, 0.0], but its winners",
    );
    refused(
        2,
        &|r| r["score"] = serde_json::json!([1e308, 0.0]),
        "score [1e308, 0.0]",
    );
    refused(
        2,
        &|r| r["winners"] = serde_json::json!(["pink"]),
        "the winner pink is not a seat of the game (seats: red, blue)",
    );
    refused(
        2,
        &|r| r["winners"] = serde_json::json!(["red", "red"]),
        "the winner red is named twice",
    );
    refused(
        2,
        &|r| r["seed"] = serde_json::json!(6),
        "seed 6, but the schedule deals this game with seed 5",
    );
    refused(
        2,
        &|r| r["bots"] = serde_json::json!(["greedy", "greedy"]),
        "but the rotation gives it to",
    );
    refused(
        2,
        &|r| r["people"] = serde_json::json!([0, 7]),
        "is played by person 7, but the games are of 2 players",
    );
    refused(
        2,
        &|r| r["first_seat"] = serde_json::json!(0.5),
        "first_seat 0.5",
    );
    refused(
        2,
        &|r| r["turns"] = serde_json::json!(4_000_000_000_u64),
        "past the turn limit of 12",
    );
    refused(
        2,
        &|r| r["variants"] = serde_json::json!(["mud"]),
        "variants [mud], but the tournament's are []",
    );
    refused(
        2,
        &|r| r["extra"] = serde_json::json!(1),
        "unknown field `extra`",
    );
    // The header: counts within their limits, nothing sized from it first.
    refused(
        1,
        &|h| h["tournament"]["games"] = serde_json::json!(4_000_000_000_u64),
        "4000000000 games per pairing: from 1 to 100000",
    );
    refused(
        1,
        &|h| h["tournament"]["players"] = serde_json::json!(0),
        "is for 2 to 6 players, not 0",
    );
    refused(
        1,
        &|h| h["tournament"]["seed"] = serde_json::json!(u64::MAX),
        "past the largest seed",
    );
    refused(
        1,
        &|h| {
            h["tournament"]["bots"] = serde_json::json!(vec!["random"; 100]);
        },
        "100 bots: a tournament pairs 2 to 64 bots",
    );
    // Older rows files are refused with their version.
    refused(
        1,
        &|h| {
            h["tournament"].as_object_mut().unwrap().remove("version");
        },
        "rows format 1",
    );
    refused(
        1,
        &|h| h["tournament"]["version"] = serde_json::json!(4),
        "rows format 4: this tinbots merges rows format 3 only",
    );
    // A shard of four billion parts is checked without a table that big.
    edited_line(&one, &bad, 1, |h| {
        h["tournament"]["shard"] = serde_json::json!("1/4000000000")
    });
    let text = std::fs::read_to_string(&bad).unwrap();
    let first_row: Vec<&str> = text.lines().take(2).collect();
    std::fs::write(&bad, first_row.join("\n") + "\n").unwrap();
    let err = merge(&crate::games::registry(), std::slice::from_ref(&bad))
        .unwrap_err()
        .to_string();
    assert_eq!(err, "shard 2/4000000000 is missing");
    std::fs::remove_dir_all(dir).ok();
}

/// Issue 29, item 12: one shard twice is refused, whether it is the same
/// file under two names or two files that claim it.
#[test]
fn one_shard_twice_is_refused_whatever_the_names() {
    let dir = scratch("twice");
    let (_, _, [one, two]) = two_shards(&dir);
    let link = dir.join("link.json");
    #[cfg(unix)]
    std::os::unix::fs::symlink(&one, &link).unwrap();
    #[cfg(not(unix))]
    std::fs::copy(&one, &link).unwrap();
    let copy = dir.join("copy.json");
    std::fs::copy(&one, &copy).unwrap();
    let err = merge(
        &crate::games::registry(),
        &[one.clone(), link.clone(), two.clone()],
    )
    .unwrap_err()
    .to_string();
    #[cfg(unix)]
    assert!(err.ends_with("is the same file)"), "{err}");
    let err = merge(&crate::games::registry(), &[one.clone(), copy, two])
        .unwrap_err()
        .to_string();
    assert!(
        err.ends_with(&format!(
            "shard 1/2 is given twice ({} claims it too)",
            one.display()
        )),
        "{err}"
    );
    std::fs::remove_dir_all(dir).ok();
}
