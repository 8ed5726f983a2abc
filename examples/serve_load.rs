//! A load test of `tinbots serve` on the loopback: SESSIONS pages at
//! once (50 unless given), each making REQUESTS requests (1,000 unless
//! given) in turn: its view, a line that reads (`history`), a line that
//! changes the game and one that takes it back (`bot red random` /
//! `bot red none`). Says how many failed (none may), the requests a
//! second, the server's peak memory, and that every session is closed
//! once idle.
//!
//! `cargo run --release --example serve_load [SESSIONS [REQUESTS]]`

#[path = "../tests/common/http.rs"]
mod http;

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tinbots::engine::GameOptions;
use tinbots::repl::session::Session;
use tinbots::serve::sessions::Limits;
use tinbots::serve::{Server, Settings};

/// This process's peak resident memory, in KB (Linux).
fn peak_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

/// One request of session `id`'s `n`th, as the page would make it.
fn request(id: &str, n: usize, secret: &str) -> Vec<u8> {
    let (method, path, body) = match n % 4 {
        0 => ("GET", format!("/api/session/{id}"), ""),
        1 => ("POST", format!("/api/session/{id}/line"), "history"),
        2 => ("POST", format!("/api/session/{id}/line"), "bot red random"),
        _ => ("POST", format!("/api/session/{id}/line"), "bot red none"),
    };
    format!(
        "{method} {path} HTTP/1.0\r\nX-Tinbots-Token: {secret}\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<usize>());
    let sessions = args.next().and_then(Result::ok).unwrap_or(50);
    let requests = args.next().and_then(Result::ok).unwrap_or(1000);
    let idle = Duration::from_secs(2);
    let settings = Settings {
        address: SocketAddr::from(([127, 0, 0, 1], 0)),
        limits: Limits {
            max_sessions: sessions,
            idle,
            ..Limits::default()
        },
        ..Settings::default()
    };
    let factory = Arc::new(|| {
        let games = tinbots::games::registry();
        let game_type = games.default_game();
        let started = game_type
            .start(&GameOptions {
                players: Some(2),
                ..GameOptions::default()
            })
            .map_err(|e| e.to_string())?;
        Session::started(&games, game_type, started, 1).map_err(|e| e.0)
    });
    let server = Arc::new(Server::bind(settings, factory).expect("a free port"));
    let stop = Arc::new(AtomicBool::new(false));
    let running = {
        let (server, stop) = (Arc::clone(&server), Arc::clone(&stop));
        std::thread::spawn(move || server.run(&stop))
    };
    let address = server.address();
    let secret = server.secret().as_str().to_string();
    let failed = Arc::new(AtomicUsize::new(0));
    let before = peak_kb();
    let started = Instant::now();
    let pages: Vec<_> = (0..sessions)
        .map(|_| {
            let (secret, failed) = (secret.clone(), Arc::clone(&failed));
            std::thread::spawn(move || {
                let opened = http::exchange(
                    address,
                    format!("POST /api/session HTTP/1.0\r\nX-Tinbots-Token: {secret}\r\n\r\n")
                        .as_bytes(),
                );
                if opened.status != 200 {
                    failed.fetch_add(requests, Ordering::Relaxed);
                    eprintln!("open: {} {}", opened.status, opened.text());
                    return;
                }
                let id = opened.json()["session"].as_str().unwrap_or("").to_string();
                for n in 0..requests {
                    let answer = http::exchange(address, &request(&id, n, &secret));
                    let refused = answer.status != 200
                        || !answer.headers.contains("content-type: application/json")
                        || answer.json().get("error").is_some_and(|e| !e.is_null());
                    if refused {
                        failed.fetch_add(1, Ordering::Relaxed);
                        eprintln!("request {n}: {} {}", answer.status, answer.text());
                    }
                }
            })
        })
        .collect();
    for page in pages {
        page.join().expect("a page's thread");
    }
    let took = started.elapsed();
    let total = sessions * requests;
    println!(
        "{total} requests from {sessions} sessions in {:.1} s: {:.0} a second, {} failed",
        took.as_secs_f64(),
        total as f64 / took.as_secs_f64(),
        failed.load(Ordering::Relaxed)
    );
    println!(
        "peak memory: {} MB (before the load: {} MB)",
        peak_kb() / 1024,
        before / 1024
    );
    let open = server.sessions().count();
    std::thread::sleep(idle + Duration::from_secs(1));
    println!(
        "sessions open after the load: {open}; after {} s idle: {}",
        idle.as_secs() + 1,
        server.sessions().count()
    );
    stop.store(true, Ordering::SeqCst);
    running.join().expect("the server stops");
    if failed.load(Ordering::Relaxed) > 0 || server.sessions().count() > 0 {
        std::process::exit(1);
    }
}
