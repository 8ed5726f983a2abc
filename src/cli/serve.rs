//! `tinbots serve`: the REPL's session as a page in the browser, on the
//! loopback, on the game its flags start (the REPL's flags).

use anyhow::Result;
use std::io::Write;
use std::net::{IpAddr, SocketAddr};
use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use super::interrupt::{stop_on_ctrl_c, STOP};
use super::repl::{session, SessionFlags};
use super::Given;
use crate::serve::sessions::{Factory, Limits};
use crate::serve::{Server, Settings};

/// Play, step and settle a game in the browser: a local web page over the
/// REPL's session (the same commands, rulings and explanations). Prints
/// the URL to open, with a secret no other page or user can guess; runs
/// until Ctrl-C.
#[derive(clap::Args, Debug)]
pub(super) struct Args {
    #[command(flatten)]
    flags: SessionFlags,
    /// The port to listen on (0: any free one).
    #[arg(long, default_value_t = 8642)]
    port: u16,
    /// The address to listen on. Only the loopback is safe: on any other,
    /// whoever learns the URL plays.
    #[arg(long, default_value = "127.0.0.1")]
    bind: IpAddr,
    /// The page printed plays this colour only, and shows only what that
    /// player may see (a second page `--as` another colour, or the same
    /// URL with `as=` changed, plays hot seat).
    #[arg(long = "as", value_name = "COLOUR")]
    seat: Option<String>,
    /// Close a session after this many minutes without a request.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=10_080))]
    idle_minutes: u64,
    /// The most sessions (browser pages) open at once.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    max_sessions: u64,
}

/// Serves pages until Ctrl-C.
pub(super) fn run(args: Args, given: Given, out: &mut dyn Write) -> Result<ExitCode> {
    // The game is started once here, so that a mistake in it is said at
    // once rather than on the page.
    let first = session(&args.flags, &given)?;
    if let Some(colour) = &args.seat {
        first
            .seat_of(colour)
            .map_err(|e| anyhow::anyhow!("--as: {}", e.0))?;
    }
    drop(first);
    let (games, game, own, rulings) = (
        given.games.clone(),
        given.game.clone(),
        given.own.clone(),
        given.rulings.clone(),
    );
    let flags = args.flags.clone();
    let factory: Arc<Factory> = Arc::new(move || {
        let given = Given {
            games: &games,
            game: game.clone(),
            own: own.clone(),
            rulings: rulings.clone(),
        };
        session(&flags, &given).map_err(|e| e.to_string())
    });
    let settings = Settings {
        address: SocketAddr::new(args.bind, args.port),
        limits: Limits {
            max_sessions: usize::try_from(args.max_sessions).unwrap_or(usize::MAX),
            idle: Duration::from_secs(args.idle_minutes * 60),
            ..Limits::default()
        },
        ..Settings::default()
    };
    let server = Server::bind(settings, factory)?;
    stop_on_ctrl_c()?;
    STOP.store(false, Ordering::SeqCst);
    writeln!(
        out,
        "tinbots serve: open {} in a browser (Ctrl-C stops the server)",
        server.url(args.seat.as_deref())
    )?;
    out.flush()?;
    server.run(&STOP);
    writeln!(out, "tinbots serve: stopped")?;
    Ok(ExitCode::SUCCESS)
}
