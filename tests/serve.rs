//! `tinbots serve` over HTTP on the loopback, as the page and any other
//! program talk to it: the secret admits requests, a line does what the
//! REPL does (the same words), a seated page waits for its turn and sees
//! only its own, downloads are the REPL's files, and every bad request
//! gets a clear refusal: oversized bodies, unknown sessions, too many
//! sessions, idle ones closed, bytes that are not HTTP at all.

use std::io::Write;
use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use serde_json::Value;

use crate::common::http::{exchange, Answer};
use tinbots::engine::GameOptions;
use tinbots::repl::session::Session;
use tinbots::serve::sessions::{Factory, Limits};
use tinbots::serve::{Server, Settings};

/// A server taking requests on a thread, stopped when dropped.
struct Served {
    server: Arc<Server>,
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Drop for Served {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(thread) = self.thread.take() {
            thread.join().expect("the server stops");
        }
    }
}

/// A new session on a new game of `game` for `players`, seed 1.
fn factory(game: &'static str, players: usize) -> Arc<Factory> {
    Arc::new(move || {
        let games = tinbots::games::registry();
        let game_type = games.find(game)?;
        let options = GameOptions {
            players: Some(players),
            seed: 1,
            ..GameOptions::default()
        };
        let started = game_type.start(&options).map_err(|e| e.to_string())?;
        Session::started(&games, game_type, started, 1).map_err(|e| e.0)
    })
}

/// Serves `game` for `players` on any free port of the loopback.
fn serve_with(game: &'static str, players: usize, limits: Limits, max_body: usize) -> Served {
    let settings = Settings {
        address: SocketAddr::from(([127, 0, 0, 1], 0)),
        limits,
        max_body,
        threads: 4,
    };
    let server = Arc::new(Server::bind(settings, factory(game, players)).expect("a free port"));
    let stop = Arc::new(AtomicBool::new(false));
    let thread = {
        let (server, stop) = (Arc::clone(&server), Arc::clone(&stop));
        std::thread::spawn(move || server.run(&stop))
    };
    Served {
        server,
        stop,
        thread: Some(thread),
    }
}

/// Serves `game` with the default limits.
fn serve(game: &'static str, players: usize) -> Served {
    serve_with(game, players, Limits::default(), tinbots::serve::MAX_BODY)
}

impl Served {
    /// `method path` with the secret in the header (unless `token` says
    /// otherwise) and `body`.
    fn call(&self, method: &str, path: &str, token: Option<&str>, body: &[u8]) -> Answer {
        let secret = self.server.secret().as_str().to_string();
        let token = token.unwrap_or(&secret);
        let mut raw = format!(
            "{method} {path} HTTP/1.0\r\nHost: localhost\r\nConnection: close\r\nX-Tinbots-Token: {token}\r\nContent-Length: {}\r\n\r\n",
            body.len()
        )
        .into_bytes();
        raw.extend_from_slice(body);
        exchange(self.server.address(), &raw)
    }

    /// Opens a session; its id and first view.
    fn open(&self, seat: Option<&str>) -> (String, Value) {
        let path = seat.map_or("/api/session".to_string(), |s| {
            format!("/api/session?as={s}")
        });
        let answer = self.call("POST", &path, None, b"");
        assert_eq!(answer.status, 200, "{}", answer.text());
        let json = answer.json();
        (
            json["session"].as_str().expect("an id").to_string(),
            json["view"].clone(),
        )
    }

    /// Sends `line` to session `id`; the answer as JSON.
    fn line(&self, id: &str, seat: Option<&str>, line: &str) -> (u16, Value) {
        let path = match seat {
            Some(s) => format!("/api/session/{id}/line?as={s}"),
            None => format!("/api/session/{id}/line"),
        };
        let answer = self.call("POST", &path, None, line.as_bytes());
        (answer.status, answer.json())
    }
}

#[test]
fn requests_without_the_secret_are_refused() {
    let served = serve("twin-tin-bots", 2);
    for token in ["", "0123", "not-the-secret-0000000000000000"] {
        for (method, path) in [("GET", "/"), ("POST", "/api/session")] {
            let answer = served.call(method, path, Some(token), b"");
            assert_eq!(answer.status, 403, "{method} {path} with `{token}`");
            assert!(answer.json()["error"].as_str().unwrap().contains("secret"));
        }
    }
    assert_eq!(served.server.sessions().count(), 0);
    // The page's script and style hold no secret.
    assert_eq!(served.call("GET", "/page.js", Some(""), b"").status, 200);
    // The secret in the query admits the page, as the printed URL does.
    let url = served.server.url(None);
    let path = &url[url.find("/?").expect("a query")..];
    let page = served.call("GET", path, Some(""), b"");
    assert_eq!(page.status, 200);
    assert!(page.text().contains("<script src=\"/page.js\">"));
    assert!(page
        .headers
        .contains("content-security-policy: default-src 'none'; script-src 'self'"));
}

#[test]
fn a_line_says_what_the_repl_says_and_the_view_follows() {
    let served = serve("twin-tin-bots", 2);
    let (id, first) = served.open(None);
    assert_eq!(first["game"], "twin-tin-bots");
    assert_eq!(first["at"], 0);
    assert!(first["svg"].as_str().unwrap().starts_with("<svg"));
    assert!(first["legal"].as_array().unwrap().len() > 10);
    // The same lines in a REPL session on the same game say the same.
    let mut repl = factory("twin-tin-bots", 2).as_ref()().expect("a session");
    for line in ["place red.1 1 forward_1", "bot blue random", "history"] {
        let (status, answer) = served.line(&id, None, line);
        assert_eq!(status, 200);
        let mut said = String::new();
        repl.execute(line, &mut said).expect("the REPL takes it");
        assert_eq!(answer["said"], said, "{line}");
        assert_eq!(answer["error"], Value::Null);
    }
    let (_, answer) = served.line(&id, None, "undo");
    let view = &answer["view"];
    assert_eq!(view["seats"][1]["bot"], true);
    assert_eq!(
        (view["at"].as_u64(), view["points"].as_u64()),
        (Some(0), Some(2))
    );
    let (_, refused) = served.line(&id, None, "place blue.1 1 zap");
    let error = refused["error"].as_str().expect("refused");
    // An illegal answer names the rule that forbids it.
    assert!(
        error.contains("a player changes only his own programs (Twin Tin Bots rulebook"),
        "{error}"
    );
}

#[test]
fn a_seated_page_waits_for_its_turn_and_sees_only_its_own() {
    let served = serve("roborally", 2);
    let (id, red) = served.open(Some("red"));
    assert_eq!(red["seat"], "red");
    assert_eq!(red["yours"], true);
    let blue = served.call("GET", &format!("/api/session/{id}?as=blue"), None, b"");
    let blue = blue.json()["view"].clone();
    assert_eq!(blue["yours"], false);
    assert_eq!(blue["asked"], "waiting for red");
    assert_eq!(blue["answers"], Value::Array(Vec::new()));
    assert_ne!(blue["svg"], red["svg"], "each sees only its own hand");
    let (status, answer) = served.line(&id, Some("blue"), "legal");
    assert_eq!(status, 409);
    assert!(answer["error"]
        .as_str()
        .unwrap()
        .contains("this page plays blue, and red is at the table now"));
    let (status, answer) = served.line(&id, Some("purple"), "legal");
    assert_eq!(status, 400);
    assert!(answer["error"].as_str().unwrap().starts_with("as purple:"));
}

#[test]
fn downloads_are_the_files_save_and_export_write() {
    let served = serve("droids", 2);
    let (id, _) = served.open(None);
    let replay = served.call(
        "GET",
        &format!("/api/session/{id}/download/replay"),
        None,
        b"",
    );
    assert_eq!(replay.status, 200, "{}", replay.text());
    assert!(replay
        .headers
        .contains("content-disposition: attachment; filename=\"droids-turn-"));
    assert_eq!(replay.json()["game"], "droids");
    let scenario = served.call(
        "GET",
        &format!("/api/session/{id}/download/scenario"),
        None,
        b"",
    );
    assert_eq!(scenario.status, 200, "{}", scenario.text());
    assert!(
        scenario.text().contains("game = \"droids\""),
        "{}",
        scenario.text()
    );
    let unknown = served.call("GET", &format!("/api/session/{id}/download/zip"), None, b"");
    assert_eq!(unknown.status, 404);
    // A scenario sent back opens as `load` opens it.
    let opened = served.call(
        "POST",
        &format!("/api/session/{id}/open?name=mine.toml"),
        None,
        &scenario.body,
    );
    let said = opened.json();
    assert_eq!(said["error"], Value::Null, "{said}");
    assert!(said["said"]
        .as_str()
        .unwrap()
        .starts_with("loaded mine.toml"));
    let wrong = served.call(
        "POST",
        &format!("/api/session/{id}/open?name=x.exe"),
        None,
        b"",
    );
    assert_eq!(wrong.status, 400);
}

#[test]
fn bad_requests_get_clear_refusals_and_the_server_goes_on() {
    let served = serve_with("twin-tin-bots", 2, Limits::default(), 1024);
    let (id, _) = served.open(None);
    let big = served.call(
        "POST",
        &format!("/api/session/{id}/line"),
        None,
        &[b'x'; 4096],
    );
    assert_eq!(big.status, 413);
    assert!(big.json()["error"].as_str().unwrap().contains("1024 bytes"));
    let bytes = served.call(
        "POST",
        &format!("/api/session/{id}/line"),
        None,
        &[0xff, 0xfe],
    );
    assert_eq!(bytes.status, 400);
    let nowhere = served.call("GET", "/api/elsewhere", None, b"");
    assert_eq!(nowhere.status, 404);
    let stranger = served.call("GET", "/api/session/0-nobody", None, b"");
    assert_eq!(stranger.status, 404);
    assert!(stranger.json()["error"]
        .as_str()
        .unwrap()
        .contains("no session `0-nobody`"));
    // Bytes that are not HTTP, then a connection closed half way.
    let mut garbage = TcpStream::connect(served.server.address()).unwrap();
    let _ = garbage.write_all(b"\x00\x01\x02 not http at all\r\n\r\n");
    drop(garbage);
    let mut half = TcpStream::connect(served.server.address()).unwrap();
    let _ = half.write_all(b"POST /api/session HTTP/1.1\r\nContent-Length: 100\r\n\r\nab");
    drop(half);
    let (status, answer) = served.line(&id, None, "history");
    assert_eq!(status, 200, "{answer}");
}

#[test]
fn sessions_are_bounded_and_closed_when_idle() {
    let limits = Limits {
        max_sessions: 2,
        idle: Duration::from_millis(300),
        ..Limits::default()
    };
    let served = serve_with("twin-tin-bots", 2, limits, 1024);
    let (first, _) = served.open(None);
    served.open(None);
    let third = served.call("POST", "/api/session", None, b"");
    assert_eq!(third.status, 503);
    assert!(third.json()["error"]
        .as_str()
        .unwrap()
        .contains("2 sessions are open"));
    // Used, the first stays; the second, idle, is closed.
    for _ in 0..4 {
        std::thread::sleep(Duration::from_millis(200));
        assert_eq!(served.line(&first, None, "history").0, 200);
    }
    assert_eq!(served.server.sessions().count(), 1);
    std::thread::sleep(Duration::from_millis(900));
    assert_eq!(served.server.sessions().count(), 0);
    let (status, answer) = served.line(&first, None, "history");
    assert_eq!(status, 404);
    assert!(answer["error"]
        .as_str()
        .unwrap()
        .contains("closed after its idle time"));
}

#[test]
fn fifty_sessions_at_once_get_every_answer() {
    let served = serve("twin-tin-bots", 2);
    let served = &served;
    let failures: Vec<String> = std::thread::scope(|scope| {
        let pages: Vec<_> = (0..50)
            .map(|_| {
                scope.spawn(move || {
                    let (id, _) = served.open(None);
                    let mut failed = Vec::new();
                    for n in 0..20 {
                        let line = ["history", "bot red random", "bot red none", "rulings"][n % 4];
                        let (status, answer) = served.line(&id, None, line);
                        if status != 200 || !answer["error"].is_null() {
                            failed.push(format!("{id} `{line}`: {status} {answer}"));
                        }
                    }
                    failed
                })
            })
            .collect();
        pages
            .into_iter()
            .flat_map(|page| page.join().expect("a page's thread"))
            .collect()
    });
    assert!(failures.is_empty(), "{failures:#?}");
    assert_eq!(served.server.sessions().count(), 50);
}
