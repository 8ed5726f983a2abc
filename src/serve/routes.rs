//! What `tinbots serve` answers to each request, apart from HTTP itself:
//! a request read whole ([`Asked`]) becomes a [`Reply`]. Every refusal
//! is a JSON message the page shows (`{"error": "..."}`) with a fitting
//! status, never a broken page.
//!
//! | request | answer |
//! |---|---|
//! | `GET /?token=T[&session=ID][&as=COLOUR]` | the page |
//! | `GET /page.js`, `GET /page.css` | the page's script and style |
//! | `POST /api/session` | a new session: `{"session": ID, "view": ...}` |
//! | `GET /api/session/ID[?as=COLOUR]` | `{"view": ...}` |
//! | `POST /api/session/ID/line[?as=COLOUR]`, the line as the body | `{"said", "error", "clear", "view"}` |
//! | `POST /api/session/ID/open?name=FILE`, the file as the body | `load` of it, as a line |
//! | `GET /api/session/ID/download/replay` (or `scenario`) | the game as `save` (`export`) writes it |
//! | `DELETE /api/session/ID` | the session closed |
//!
//! Every request but the page's script and style carries the run's
//! secret, as `token` in the query or the `X-Tinbots-Token` header.

use serde::Serialize;
use serde_json::json;

use super::secret::Secret;
use super::sessions::{Hosted, SessionError, Sessions};
use super::view::{may_act, view, View};
use crate::engine::Seat;
use crate::repl::session::Flow;

/// The page.
const PAGE: &str = include_str!("page.html");
/// The page's script.
const SCRIPT: &str = include_str!("page.js");
/// The page's style.
const STYLE: &str = include_str!("page.css");

/// The header a request may carry the secret in.
pub const TOKEN_HEADER: &str = "x-tinbots-token";

/// A request, read whole.
#[derive(Debug, Default)]
pub struct Asked {
    /// `GET`, `POST`, `DELETE`...
    pub method: String,
    /// The path, without the query.
    pub path: String,
    /// The query's fields, decoded, in order.
    pub query: Vec<(String, String)>,
    /// The secret, from the header, if it carried one.
    pub token_header: Option<String>,
    /// The body.
    pub body: Vec<u8>,
}

impl Asked {
    /// The request `method` on `url` (a path with its query).
    pub fn new(method: &str, url: &str) -> Asked {
        let (path, query) = url.split_once('?').unwrap_or((url, ""));
        Asked {
            method: method.to_ascii_uppercase(),
            path: percent_decode(path),
            query: query
                .split('&')
                .filter(|field| !field.is_empty())
                .map(|field| {
                    let (name, value) = field.split_once('=').unwrap_or((field, ""));
                    (percent_decode(name), percent_decode(value))
                })
                .collect(),
            ..Asked::default()
        }
    }

    /// The query field `name`, if given.
    pub fn field(&self, name: &str) -> Option<&str> {
        self.query
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// An answer to a request.
#[derive(Debug)]
pub struct Reply {
    /// The HTTP status.
    pub status: u16,
    /// The body's media type.
    pub content_type: &'static str,
    /// The body.
    pub body: Vec<u8>,
    /// For a download, the file name to save it under.
    pub attachment: Option<String>,
}

impl Reply {
    /// `value` as JSON, with `status`.
    fn json(status: u16, value: &impl Serialize) -> Reply {
        Reply {
            status,
            content_type: "application/json; charset=utf-8",
            body: serde_json::to_vec(value).unwrap_or_else(|e| {
                format!("{{\"error\":\"the answer could not be written: {e}\"}}").into_bytes()
            }),
            attachment: None,
        }
    }

    /// A refusal the page shows: `{"error": message}`.
    pub fn refusal(status: u16, message: impl Into<String>) -> Reply {
        Reply::json(status, &json!({ "error": message.into() }))
    }

    /// A text asset.
    fn asset(content_type: &'static str, text: &str) -> Reply {
        Reply {
            status: 200,
            content_type,
            body: text.as_bytes().to_vec(),
            attachment: None,
        }
    }
}

/// The status a session's failure is told with.
fn session_refusal(error: SessionError) -> Reply {
    let status = match error {
        SessionError::TooMany(_) | SessionError::Busy(_) => 503,
        SessionError::Unknown(_) | SessionError::Ended => 404,
        SessionError::Start(_) => 400,
    };
    Reply::refusal(status, error.to_string())
}

/// What a line did: what it said, or why it was refused, and the view
/// after it.
#[derive(Debug, Serialize)]
struct LineDone {
    said: String,
    error: Option<String>,
    /// The line asked for the screen to be cleared (`clear`).
    clear: bool,
    view: View,
}

/// Answers `asked`, driving `sessions`; `secret` admits it.
pub fn answer(asked: &Asked, sessions: &Sessions, secret: &Secret) -> Reply {
    match (asked.method.as_str(), asked.path.as_str()) {
        ("GET", "/page.js") => return Reply::asset("text/javascript; charset=utf-8", SCRIPT),
        ("GET", "/page.css") => return Reply::asset("text/css; charset=utf-8", STYLE),
        _ => {}
    }
    let token = asked
        .token_header
        .as_deref()
        .filter(|t| !t.is_empty())
        .or_else(|| asked.field("token"));
    if !token.is_some_and(|t| secret.admits(t)) {
        return Reply::refusal(
            403,
            "this request does not carry the server's secret: open the URL `tinbots serve` printed",
        );
    }
    let parts: Vec<&str> = asked.path.split('/').filter(|p| !p.is_empty()).collect();
    match (asked.method.as_str(), parts.as_slice()) {
        ("GET", []) => Reply::asset("text/html; charset=utf-8", PAGE),
        ("POST", ["api", "session"]) => match sessions.open() {
            Ok(id) => {
                let seat = asked.field("as").map(str::to_string);
                let reply = sessions.with(&id, move |hosted| {
                    let seat = seated(hosted, seat.as_deref())?;
                    Ok::<_, String>(view_of(hosted, seat))
                });
                match reply {
                    Ok(Ok(view)) => Reply::json(200, &json!({ "session": id, "view": view })),
                    Ok(Err(message)) => {
                        sessions.close(&id);
                        Reply::refusal(400, message)
                    }
                    Err(e) => session_refusal(e),
                }
            }
            Err(e) => session_refusal(e),
        },
        ("GET", ["api", "session", id]) => on_session(sessions, id, asked, |hosted, seat| {
            Reply::json(200, &json!({ "view": view_of(hosted, seat) }))
        }),
        ("DELETE", ["api", "session", id]) => {
            if sessions.close(id) {
                Reply::json(200, &json!({ "closed": id }))
            } else {
                session_refusal(SessionError::Unknown(id.to_string()))
            }
        }
        ("POST", ["api", "session", id, "line"]) => match std::str::from_utf8(&asked.body) {
            Ok(line) => {
                let line = line.trim_end_matches(['\r', '\n']).to_string();
                on_session(sessions, id, asked, move |hosted, seat| {
                    run_line(hosted, seat, &line)
                })
            }
            Err(_) => Reply::refusal(400, "the line is not UTF-8 text: refused"),
        },
        ("POST", ["api", "session", id, "open"]) => {
            let name = asked.field("name").unwrap_or("").to_string();
            let body = asked.body.clone();
            on_session(sessions, id, asked, move |hosted, seat| {
                open_file(hosted, seat, &name, &body)
            })
        }
        ("GET", ["api", "session", id, "download", kind]) => {
            let kind = kind.to_string();
            on_session(sessions, id, asked, move |hosted, seat| {
                download(hosted, seat, &kind)
            })
        }
        (_, ["api", ..]) => Reply::refusal(
            404,
            format!("no such request: {} {}", asked.method, asked.path),
        ),
        _ => Reply::refusal(404, format!("no page at {}", asked.path)),
    }
}

/// Runs `work` on the session `id` for the seat the request plays.
fn on_session<W>(sessions: &Sessions, id: &str, asked: &Asked, work: W) -> Reply
where
    W: FnOnce(&mut Hosted, Option<Seat>) -> Reply + Send + 'static,
{
    let seat = asked.field("as").map(str::to_string);
    let reply = sessions.with(id, move |hosted| match seated(hosted, seat.as_deref()) {
        Ok(seat) => work(hosted, seat),
        Err(message) => Reply::refusal(400, message),
    });
    reply.unwrap_or_else(session_refusal)
}

/// The view of the session for the seat a page plays.
fn view_of(hosted: &mut Hosted, seat: Option<Seat>) -> View {
    let bots = hosted.bots().to_vec();
    view(&hosted.session, seat, bots)
}

/// The seat a page plays, from its `as` field (none: every seat).
fn seated(hosted: &Hosted, colour: Option<&str>) -> Result<Option<Seat>, String> {
    match colour {
        None | Some("") => Ok(None),
        Some(colour) => hosted
            .session
            .seat_of(colour)
            .map(Some)
            .map_err(|e| format!("as {colour}: {}", e.0)),
    }
}

/// Why a page playing `seat` may not send a line now, if it may not.
fn not_yours(hosted: &Hosted, seat: Option<Seat>) -> Option<String> {
    if may_act(&hosted.session, seat) {
        return None;
    }
    let game = hosted.session.game();
    let now = hosted
        .session
        .viewer()
        .map_or_else(|| "another player".to_string(), |s| game.seat_name(s));
    Some(format!(
        "this page plays {}, and {now} is at the table now: wait for your turn",
        seat.map_or_else(String::new, |s| game.seat_name(s))
    ))
}

/// Runs one REPL line as the terminal would.
fn run_line(hosted: &mut Hosted, seat: Option<Seat>, line: &str) -> Reply {
    match line_done(hosted, seat, line) {
        Ok(done) => Reply::json(200, &done),
        Err(refusal) => refusal,
    }
}

/// What one REPL line does, or the refusal of a page that may not send
/// it now.
fn line_done(hosted: &mut Hosted, seat: Option<Seat>, line: &str) -> Result<LineDone, Reply> {
    if let Some(why) = not_yours(hosted, seat) {
        return Err(Reply::refusal(409, why));
    }
    let mut said = String::new();
    let result = hosted.session.execute(line, &mut said);
    let (error, clear) = match result {
        Ok(Flow::Go) => (None, false),
        Ok(Flow::Clear) => (None, true),
        Ok(Flow::Quit) => {
            said.push_str("(`quit` closes nothing here: close the tab, and the session ends when it has been idle long enough)\n");
            (None, false)
        }
        Err(e) => (Some(e.0), false),
    };
    Ok(LineDone {
        said,
        error,
        clear,
        view: view_of(hosted, seat),
    })
}

/// The kinds of file a page may hand the session to open, by extension.
const OPENED: [&str; 2] = ["json", "toml"];

/// Opens a file the page sent (a replay or a scenario) with `load`.
fn open_file(hosted: &mut Hosted, seat: Option<Seat>, name: &str, body: &[u8]) -> Reply {
    let extension = std::path::Path::new(name)
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let Some(extension) = extension.filter(|e| OPENED.contains(&e.as_str())) else {
        return Reply::refusal(
            400,
            format!(
                "open: `{}` is neither a replay (.json) nor a scenario (.toml)",
                crate::script::text::shown(name)
            ),
        );
    };
    if let Some(why) = not_yours(hosted, seat) {
        return Reply::refusal(409, why);
    }
    let path = match hosted.folder() {
        Ok(folder) => folder.join(format!("opened.{extension}")),
        Err(e) => return Reply::refusal(500, format!("open: no folder for the file: {e}")),
    };
    if let Err(e) = crate::files::write_whole(&path, body) {
        return Reply::refusal(500, format!("open: the file could not be kept: {e}"));
    }
    match line_done(hosted, seat, &format!("load {}", path.display())) {
        Ok(mut done) => {
            // The REPL names the file it loaded: name the user's.
            let (kept, given) = (path.display().to_string(), crate::script::text::shown(name));
            done.said = done.said.replace(&kept, &given);
            done.error = done.error.map(|e| e.replace(&kept, &given));
            Reply::json(200, &done)
        }
        Err(refusal) => refusal,
    }
}

/// The game where the user stands as a file to download: `replay` as
/// `save` writes it, `scenario` as `export` does.
fn download(hosted: &mut Hosted, seat: Option<Seat>, kind: &str) -> Reply {
    let (command, extension) = match kind {
        "replay" => ("save", "json"),
        "scenario" => ("export", "toml"),
        _ => {
            return Reply::refusal(
                404,
                format!(
                    "download: `{}` is neither `replay` nor `scenario`",
                    crate::script::text::shown(kind)
                ),
            )
        }
    };
    if let Some(why) = not_yours(hosted, seat) {
        return Reply::refusal(409, why);
    }
    let path = match hosted.folder() {
        Ok(folder) => folder.join(format!("download.{extension}")),
        Err(e) => return Reply::refusal(500, format!("download: no folder for it: {e}")),
    };
    let mut said = String::new();
    if let Err(e) = hosted
        .session
        .execute(&format!("{command} {}", path.display()), &mut said)
    {
        return Reply::refusal(400, e.0);
    }
    let kind = if extension == "json" {
        crate::files::FileKind::Replay
    } else {
        crate::files::FileKind::Scenario
    };
    match crate::files::read_bytes(&path, kind) {
        Ok(body) => Reply {
            status: 200,
            content_type: if extension == "json" {
                "application/json; charset=utf-8"
            } else {
                "application/toml; charset=utf-8"
            },
            body,
            attachment: Some(format!(
                "{}-turn-{}.{extension}",
                hosted.session.game_type().name,
                hosted.session.game().turn()
            )),
        },
        Err(e) => Reply::refusal(
            500,
            format!("download: the file written cannot be read: {e}"),
        ),
    }
}

/// `text` with `%XX` escapes and `+` decoded; a malformed escape is kept
/// as written, and bytes that are not UTF-8 become U+FFFD.
pub fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                match (hex_digit(bytes[i + 1]), hex_digit(bytes[i + 2])) {
                    (Some(high), Some(low)) => {
                        out.push(high * 16 + low);
                        i += 2;
                    }
                    _ => out.push(b'%'),
                }
            }
            byte => out.push(byte),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The value of one hexadecimal digit.
fn hex_digit(byte: u8) -> Option<u8> {
    (byte as char).to_digit(16).map(|d| d as u8)
}
