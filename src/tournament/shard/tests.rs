use super::*;
use crate::bot::BotSpec;
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
    let merged = merge(&reversed).unwrap();
    assert_eq!(merged.results, whole.results);
    assert_eq!(report(&merged.tournament, &merged.results), expected);
    // A missing shard, one given twice, or another tournament's are refused.
    let err = merge(&files[..2]).unwrap_err().to_string();
    assert_eq!(err, "shard 3/3 is missing");
    let err = merge(&[files[0].clone(), files[0].clone()])
        .unwrap_err()
        .to_string();
    assert!(err.ends_with("shard 1/3 is given twice"), "{err}");
    let other = dir.join("other.json");
    play_shard(
        &Tournament {
            seed: 6,
            ..tournament(1)
        },
        Shard { index: 3, count: 3 },
        &other,
    );
    let err = merge(&[files[0].clone(), files[1].clone(), other])
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
    let err = merge(std::slice::from_ref(&path)).unwrap_err().to_string();
    assert!(
        err.starts_with(&format!("{}:{lines}: missing field", path.display())),
        "{err}"
    );
    std::fs::write(&path, "pairing,game\n").unwrap();
    let err = merge(std::slice::from_ref(&path)).unwrap_err().to_string();
    assert!(err.contains(":1: expected the tournament line"), "{err}");
    std::fs::remove_dir_all(dir).ok();
}
