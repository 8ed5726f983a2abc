//! `tinbots serve`: the REPL's session as a local web page.
//!
//! A browser drives the same [`Session`](crate::repl::session::Session)
//! the terminal does: each button of the page sends a REPL line (`step`,
//! `undo turn`, an answer, `ruling ID READING`, `bot COLOUR NAME`), and
//! the page shows what the line said, in the REPL's words, and the
//! position after it, drawn by the game's own SVG. Nothing here names a
//! game.
//!
//! - [`secret`]: the per-run secret every request carries;
//! - [`sessions`]: the live sessions, each on a thread of its own,
//!   bounded in number and closed when idle;
//! - [`view`]: what the page is told about a session, per seat;
//! - [`routes`]: each request's answer; every refusal a message;
//! - this module: HTTP on the loopback (`tiny_http`), with bounded
//!   request bodies and a few threads taking requests.

pub mod routes;
pub mod secret;
pub mod sessions;
pub mod view;

use std::io::Read;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use routes::{Asked, Reply, TOKEN_HEADER};
use secret::Secret;
use sessions::{Factory, Limits, Sessions};

/// The largest request body taken, in bytes (a scenario or replay file
/// sent to be opened, or a line): a larger one is refused unread.
pub const MAX_BODY: usize = 4 * 1024 * 1024;

/// How a server is set up.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Where it listens (the loopback unless asked otherwise).
    pub address: SocketAddr,
    /// The bounds on its sessions.
    pub limits: Limits,
    /// The largest request body it takes.
    pub max_body: usize,
    /// How many threads take requests.
    pub threads: usize,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            address: SocketAddr::from(([127, 0, 0, 1], 8642)),
            limits: Limits::default(),
            max_body: MAX_BODY,
            threads: 8,
        }
    }
}

/// Why the server cannot start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The address cannot be listened on (in use, or not ours).
    #[error("cannot listen on {address}: {reason} (another `tinbots serve`? `--port` picks another port, `--port 0` any free one)")]
    Bind {
        /// The address asked for.
        address: SocketAddr,
        /// Why.
        reason: String,
    },
}

/// A server on the loopback, its sessions and its secret.
pub struct Server {
    http: tiny_http::Server,
    sessions: Sessions,
    secret: Secret,
    settings: Settings,
}

impl Server {
    /// Listens on `settings.address`; each new session made by `factory`.
    pub fn bind(settings: Settings, factory: Arc<Factory>) -> Result<Server, ServeError> {
        let http = tiny_http::Server::http(settings.address).map_err(|e| ServeError::Bind {
            address: settings.address,
            reason: e.to_string(),
        })?;
        Ok(Server {
            http,
            sessions: Sessions::new(factory, settings.limits),
            secret: Secret::fresh(),
            settings,
        })
    }

    /// Where it listens (the port chosen when `0` was asked for).
    pub fn address(&self) -> SocketAddr {
        self.http
            .server_addr()
            .to_ip()
            .unwrap_or(self.settings.address)
    }

    /// The URL to open, with the secret; `seat`: the colour the page
    /// plays (`--as`).
    pub fn url(&self, seat: Option<&str>) -> String {
        let mut url = format!("http://{}/?token={}", self.address(), self.secret.as_str());
        if let Some(colour) = seat {
            url.push_str("&as=");
            url.push_str(&percent_encode(colour));
        }
        url
    }

    /// The run's secret.
    pub fn secret(&self) -> &Secret {
        &self.secret
    }

    /// The live sessions.
    pub fn sessions(&self) -> &Sessions {
        &self.sessions
    }

    /// Takes requests until `stop` is set, on [`Settings::threads`]
    /// threads; closes idle sessions as it goes.
    pub fn run(&self, stop: &AtomicBool) {
        let tick = Duration::from_millis(200);
        std::thread::scope(|scope| {
            for _ in 0..self.settings.threads.max(1) {
                scope.spawn(|| {
                    while !stop.load(Ordering::Relaxed) {
                        match self.http.recv_timeout(tick) {
                            Ok(Some(request)) => self.take(request),
                            Ok(None) => {}
                            Err(_) => break,
                        }
                    }
                });
            }
            while !stop.load(Ordering::Relaxed) {
                std::thread::sleep(tick);
                self.sessions.sweep();
            }
        });
    }

    /// Answers one request.
    fn take(&self, mut request: tiny_http::Request) {
        let reply = match read(&mut request, self.settings.max_body) {
            Ok(asked) => routes::answer(&asked, &self.sessions, &self.secret),
            Err(refusal) => refusal,
        };
        // A browser that went away is not the server's failure.
        let _ = request.respond(response(reply));
    }
}

/// The request read whole, its body bounded by `max_body`.
fn read(request: &mut tiny_http::Request, max_body: usize) -> Result<Asked, Reply> {
    let mut asked = Asked::new(request.method().as_str(), request.url());
    asked.token_header = request
        .headers()
        .iter()
        .find(|h| h.field.equiv(TOKEN_HEADER))
        .map(|h| h.value.as_str().to_string());
    let too_big = || {
        Reply::refusal(
            413,
            format!("the request's body is larger than the {max_body} bytes this server takes"),
        )
    };
    if request
        .body_length()
        .is_some_and(|length| length > max_body)
    {
        return Err(too_big());
    }
    let mut body = Vec::new();
    request
        .as_reader()
        .take(max_body as u64 + 1)
        .read_to_end(&mut body)
        .map_err(|e| Reply::refusal(400, format!("the request's body cannot be read: {e}")))?;
    if body.len() > max_body {
        return Err(too_big());
    }
    asked.body = body;
    Ok(asked)
}

/// The HTTP response for `reply`: never cached, never sniffed, and a page
/// that runs only its own script.
fn response(reply: Reply) -> tiny_http::Response<std::io::Cursor<Vec<u8>>> {
    let mut headers = vec![
        ("Content-Type", reply.content_type.to_string()),
        ("Cache-Control", "no-store".to_string()),
        ("X-Content-Type-Options", "nosniff".to_string()),
        ("Referrer-Policy", "no-referrer".to_string()),
        (
            "Content-Security-Policy",
            "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'"
                .to_string(),
        ),
    ];
    if let Some(name) = &reply.attachment {
        headers.push((
            "Content-Disposition",
            format!(
                "attachment; filename=\"{}\"",
                name.replace(['"', '\\'], "_")
            ),
        ));
    }
    let mut response = tiny_http::Response::from_data(reply.body).with_status_code(reply.status);
    for (field, value) in headers {
        if let Ok(header) = tiny_http::Header::from_bytes(field.as_bytes(), value.as_bytes()) {
            response.add_header(header);
        }
    }
    response
}

/// `text` with every byte but unreserved ones written `%XX`.
pub fn percent_encode(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}
