use super::*;
use crate::test_folder::Folder;

#[test]
fn a_regular_file_within_its_limit_is_read() {
    let dir = Folder::new("files-regular", &[("a.toml", "title = \"x\"\n")]);
    let path = dir.0.join("a.toml");
    assert_eq!(
        read_text(&path, FileKind::Scenario).unwrap(),
        "title = \"x\"\n"
    );
}

#[test]
fn a_missing_file_is_named() {
    let err = read_text(Path::new("/no/such/file.toml"), FileKind::Data).unwrap_err();
    assert!(err.is_not_found());
    assert!(err.to_string().starts_with("/no/such/file.toml: "), "{err}");
}

#[cfg(unix)]
#[test]
fn devices_fifos_and_folders_are_refused_before_they_are_read() {
    let err = read_text(Path::new("/dev/zero"), FileKind::Replay).unwrap_err();
    assert_eq!(
        err.to_string(),
        "/dev/zero: a device, not a regular file: only files are read or written"
    );
    let dir = Folder::new("files-kinds", &[]);
    let err = read_text(dir.0.as_path(), FileKind::Scenario).unwrap_err();
    assert!(
        err.to_string().contains("a folder, not a regular file"),
        "{err}"
    );
    // A FIFO would block an open for reading forever: it is never opened.
    let fifo = dir.0.as_path().join("pipe");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    if made {
        let err = read_text(&fifo, FileKind::Scenario).unwrap_err();
        assert!(err.to_string().contains("a FIFO"), "{err}");
    }
}

#[cfg(unix)]
#[test]
fn a_link_is_judged_like_the_file_it_leads_to() {
    let dir = Folder::new("files-links", &[]);
    let link = dir.0.as_path().join("course.toml");
    std::os::unix::fs::symlink("/dev/urandom", &link).unwrap();
    let err = read_text(&link, FileKind::Data).unwrap_err();
    assert!(
        err.to_string()
            .contains("a link to /dev/urandom, a device, not a regular file"),
        "{err}"
    );
    let target = dir.0.join("real.toml");
    std::fs::write(&target, "x = 1\n").unwrap();
    let good = dir.0.as_path().join("good.toml");
    std::os::unix::fs::symlink(&target, &good).unwrap();
    assert_eq!(read_text(&good, FileKind::Data).unwrap(), "x = 1\n");
}

#[test]
fn a_file_past_its_kind_s_limit_is_refused() {
    let dir = Folder::new("files-large", &[]);
    let limit = FileKind::Script.limit() as usize;
    let path = dir.0.join("big.lua");
    std::fs::write(&path, "-".repeat(limit + 1)).unwrap();
    let err = read_text(&path, FileKind::Script).unwrap_err();
    assert!(
        err.to_string()
            .ends_with("larger than 1048576 bytes, the most a script may hold (docs/security.md)"),
        "{err}"
    );
    let path = dir.0.join("fits.lua");
    std::fs::write(&path, "-".repeat(limit)).unwrap();
    assert_eq!(read_text(&path, FileKind::Script).unwrap().len(), limit);
}

#[test]
fn text_that_is_not_utf8_names_its_line() {
    let dir = Folder::new("files-utf8", &[]);
    let path = dir.0.as_path().join("bad.toml");
    std::fs::write(&path, b"a = 1\nb = \"\xff\"\n").unwrap();
    let err = read_text(&path, FileKind::Data).unwrap_err();
    assert!(
        err.to_string()
            .ends_with("bad.toml:2: not UTF-8 text (a bad byte on this line)"),
        "{err}"
    );
}

#[test]
fn control_characters_in_a_path_are_escaped_in_messages() {
    let err = read_text(Path::new("/no/\u{1b}[2Jx"), FileKind::Data).unwrap_err();
    assert!(err.to_string().starts_with("/no/\\e[2Jx: "), "{err}");
}

#[test]
fn a_file_is_written_whole_or_left_as_it_was() {
    let dir = Folder::new("files-write", &[]);
    let path = dir.0.as_path().join("out.json");
    write_whole(&path, b"first").unwrap();
    write_whole(&path, b"second").unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), b"second");
    // A folder in the way is refused, and nothing is left beside it.
    let err = write_whole(dir.0.as_path(), b"x").unwrap_err();
    assert!(err.to_string().contains("a folder"), "{err}");
    let left: Vec<_> = std::fs::read_dir(dir.0.as_path()).unwrap().collect();
    assert_eq!(left.len(), 1, "only out.json: {left:?}");
    // A folder that does not exist: an error, nothing written.
    let err = write_whole(&dir.0.as_path().join("no/such/out.json"), b"x").unwrap_err();
    assert!(err.to_string().contains("no/such/out.json"), "{err}");
}

#[cfg(unix)]
#[test]
fn a_stream_is_written_to_a_file_or_a_device_never_a_folder() {
    let dir = Folder::new("files-stream", &[]);
    let path = dir.0.as_path().join("rows.jsonl");
    let mut file = create_stream(&path).unwrap();
    file.write_all(b"row\n").unwrap();
    drop(file);
    assert_eq!(std::fs::read(&path).unwrap(), b"row\n");
    let err = create_stream(dir.0.as_path()).unwrap_err();
    assert!(err.to_string().contains("a folder"), "{err}");
    // The user's own stream, a device, is written to.
    let mut null = create_stream(Path::new("/dev/null")).unwrap();
    null.write_all(b"row\n").unwrap();
}

#[test]
fn long_lines_are_cut_at_the_bound_and_reported() {
    let input = format!("short\r\n{}\nlast", "é".repeat(10));
    let lines: Vec<Line> = BoundedLines::new(input.as_bytes(), 7)
        .map(Result::unwrap)
        .collect();
    assert_eq!(
        lines,
        vec![
            Line::Text("short".into()),
            Line::TooLong {
                start: "ééé".into(),
                length: 20
            },
            Line::Text("last".into()),
        ]
    );
    // An endless line without a newline is read to its end in bounded
    // memory.
    let endless = std::io::repeat(b'x').take(10 << 20);
    let mut lines = BoundedLines::new(std::io::BufReader::new(endless), 16);
    assert_eq!(
        lines.next().unwrap().unwrap(),
        Line::TooLong {
            start: "x".repeat(16),
            length: 10 << 20
        }
    );
    assert!(lines.next().is_none());
}
