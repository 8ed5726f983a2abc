//! The replay page: a saved game as one self-contained HTML file that
//! steps through it in a browser (`tinbots replay game.json --html
//! out.html`).
//!
//! The steps are counted by [`walk`], which `tinbots render --step N`
//! counts with too: step 0 is the start; then every answer of the record
//! is a step, and, as the game is replayed in stepping mode, every pause
//! between two steps of a turn (a robot's order, a board element) is a
//! step of its own, with the events it narrates. Each step's picture is
//! drawn in Rust through [`crate::engine::DynState::svg`] and embedded in
//! the page as JSON, equal pictures once; the page's few lines of
//! JavaScript only show them. Nothing is fetched: the page works from
//! `file://`. `tinbots replay --html` writes the page while the game is
//! replayed ([`write_page`]), so that a long game's page is never held
//! whole.

mod page;

use crate::registry::Games;
use serde::Serialize;

use crate::engine::{DynState, Seat};
use crate::replay::{Record, ReplayError};

pub use page::{document, html, nav, write_document, Document, STEPS};

/// One step of a replayed game, as the page shows it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Step {
    /// The turn it was played in.
    pub turn: u32,
    /// Who decided and what they answered, in words (`red (change)
    /// answered: forward_1 -> turn_left`), or what the step is (`the
    /// start`, `the turn goes on`).
    pub said: String,
    /// The events of the step, narrated with their reasons.
    pub events: Vec<String>,
    /// The index of its picture in [`Replayed::pictures`].
    pub picture: usize,
}

/// A replayed game: its steps and their pictures, each drawn once.
///
/// The pictures are kept small, as a long game has thousands of steps: a
/// picture is its lines (a game's picture puts each hex, square, piece and
/// panel block on a line of its own), each distinct line is kept once in
/// [`Replayed::lines`], and each picture is written against the one before
/// it (see [`Replayed::pictures`]).
#[derive(Clone, Debug, Serialize)]
pub struct Replayed {
    /// The game's title (`Twin Tin Bots`).
    pub title: String,
    /// Whose view the page shows (`everything`, `red`).
    pub seen_by: String,
    /// Every step, from the start.
    pub steps: Vec<Step>,
    /// Every distinct line of the pictures.
    pub lines: Vec<String>,
    /// Each picture as a list of operations building its lines in order:
    /// `n >= 0` is line `n` of [`Replayed::lines`]; `-n` copies the next
    /// `n` lines of the picture before it, at the same places.
    pub pictures: Vec<Vec<i64>>,
}

impl Replayed {
    /// The line numbers of every picture, decoded in order.
    fn decoded(&self) -> Vec<Vec<usize>> {
        let mut out: Vec<Vec<usize>> = Vec::with_capacity(self.pictures.len());
        for ops in &self.pictures {
            let previous = out.last().cloned().unwrap_or_default();
            let mut lines = Vec::new();
            for &op in ops {
                match usize::try_from(op) {
                    Ok(line) => lines.push(line),
                    Err(_) => {
                        let from = lines.len();
                        let count = op.unsigned_abs() as usize;
                        lines.extend(previous.iter().skip(from).take(count).copied());
                    }
                }
            }
            out.push(lines);
        }
        out
    }

    /// The SVG text of picture `k`, as the page shows it.
    pub fn picture(&self, k: usize) -> Option<String> {
        let lines = self.decoded().into_iter().nth(k)?;
        let text: Vec<&str> = lines.iter().map(|&l| self.lines[l].as_str()).collect();
        Some(text.join("\n"))
    }
}

/// Pictures being kept for a page: each distinct line once, each picture
/// as operations against the one before ([`Replayed::pictures`]).
///
/// The album keeps no picture's text but the last one's: a line equal to
/// the line at its place in the picture before is known at once, any
/// other by a 128-bit hash of its text (a different line with an equal
/// hash, about one chance in 2^64 for the longest game, is the only way
/// two lines could be mixed up). New lines go to the caller as they are
/// found, so that a page can be written while the game is replayed.
#[derive(Default)]
struct Album {
    /// The number of every line kept, by its text's hash.
    line_index: std::collections::HashMap<u128, usize>,
    /// How many distinct lines there are.
    line_count: usize,
    pictures: Vec<Vec<i64>>,
    /// Each picture kept, by the hash of its line numbers.
    picture_index: std::collections::HashMap<u128, usize>,
    /// The last picture kept: its text and its line numbers.
    last_text: String,
    last: Vec<usize>,
}

/// A 128-bit hash of `value`: two 64-bit hashes of it, salted apart.
fn wide_hash<T: std::hash::Hash + ?Sized>(value: &T) -> u128 {
    use std::hash::{DefaultHasher, Hasher};
    let half = |salt: u8| {
        let mut hasher = DefaultHasher::new();
        hasher.write_u8(salt);
        value.hash(&mut hasher);
        hasher.finish()
    };
    (u128::from(half(1)) << 64) | u128::from(half(2))
}

impl Album {
    /// The index of `svg` among the pictures, kept if new; each line seen
    /// for the first time is given to `new_line`, in order (line `n` of
    /// [`Replayed::lines`] is the `n`th given).
    fn keep(&mut self, svg: String, new_line: &mut dyn FnMut(&str)) -> usize {
        let mut numbers: Vec<usize> = Vec::with_capacity(self.last.len());
        let mut before = self.last_text.split('\n').zip(self.last.iter().copied());
        for line in svg.split('\n') {
            let same = before
                .next()
                .filter(|(old, _)| *old == line)
                .map(|(_, n)| n);
            let number = match same {
                Some(n) => n,
                None => {
                    let next = self.line_count;
                    let number = *self.line_index.entry(wide_hash(line)).or_insert(next);
                    if number == next {
                        self.line_count += 1;
                        new_line(line);
                    }
                    number
                }
            };
            numbers.push(number);
        }
        let key = wide_hash(&numbers);
        if let Some(&k) = self.picture_index.get(&key) {
            return k;
        }
        let mut ops: Vec<i64> = Vec::new();
        for (i, &n) in numbers.iter().enumerate() {
            if self.last.get(i) == Some(&n) {
                match ops.last_mut() {
                    Some(run) if *run < 0 => *run -= 1,
                    _ => ops.push(-1),
                }
            } else {
                ops.push(n as i64);
            }
        }
        self.picture_index.insert(key, self.pictures.len());
        self.last = numbers;
        self.last_text = svg;
        self.pictures.push(ops);
        self.pictures.len() - 1
    }
}

/// What one step is, as [`walk`] reports it with the game after it.
#[derive(Clone, Debug)]
pub struct StepInfo {
    /// The turn it was played in.
    pub turn: u32,
    /// The seat that decided, for an answer of the record.
    pub seat: Option<Seat>,
    /// What was decided (`change`), for an answer.
    pub decision: String,
    /// The answer, as the game writes it; `None` for the start, a pause
    /// and the turn limit.
    pub answer: Option<String>,
    /// Whether every player saw the answer.
    pub public: bool,
    /// The events, narrated.
    pub events: Vec<String>,
}

/// Whether `game` waits between two steps of a turn.
fn paused(game: &dyn DynState) -> bool {
    crate::repl::session::is_pause(game)
}

/// Steps `game` through its pauses (each one a step given to `each`) up to
/// its next decision; `Ok(false)` when `each` asked to stop.
fn run_pauses(
    game: &mut dyn DynState,
    each: &mut impl FnMut(&dyn DynState, StepInfo) -> bool,
) -> Result<bool, crate::engine::Refusal> {
    while paused(game) {
        let turn = game.turn();
        game.apply_index(0)?;
        let info = StepInfo {
            turn,
            seat: None,
            decision: String::new(),
            answer: None,
            public: true,
            events: game.event_lines(),
        };
        if !each(game, info) {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Replays `record` in stepping mode, calling `each` with the game after
/// every step (see the module documentation) until it returns `false`;
/// `path` names the file in errors.
pub fn walk(
    games: &Games,
    record: &Record,
    path: &str,
    mut each: impl FnMut(&dyn DynState, StepInfo) -> bool,
) -> Result<(), ReplayError> {
    let mut game = record.start_game(games, path)?;
    game.set_stepping(true);
    let start = StepInfo {
        turn: game.turn(),
        seat: None,
        decision: String::new(),
        answer: None,
        public: true,
        events: Vec::new(),
    };
    if !each(game.as_ref(), start) {
        return Ok(());
    }
    for (i, text) in record.answers.iter().enumerate() {
        let refused = |reason: String| ReplayError::Answer {
            path: path.to_string(),
            index: i + 1,
            answer: text.clone(),
            reason,
        };
        if !run_pauses(game.as_mut(), &mut each).map_err(|e| refused(e.message))? {
            return Ok(());
        }
        let (turn, seat) = (game.turn(), game.to_decide());
        let (decision, public) = (game.decision_text(), game.answer_is_public());
        let answer = game.apply_text(text).map_err(|e| refused(e.message))?;
        let info = StepInfo {
            turn,
            seat,
            decision,
            answer: Some(answer),
            public,
            events: game.event_lines(),
        };
        if !each(game.as_ref(), info) {
            return Ok(());
        }
    }
    let finished = run_pauses(game.as_mut(), &mut each).map_err(|e| ReplayError::Answer {
        path: path.to_string(),
        index: record.answers.len(),
        answer: "continue".into(),
        reason: e.message,
    })?;
    if !finished {
        return Ok(());
    }
    if record.stopped_at_turn_limit && !game.is_over() {
        let turn = game.turn();
        game.stop_at_turn_limit();
        let info = StepInfo {
            turn,
            seat: None,
            decision: "the turn limit".into(),
            answer: None,
            public: true,
            events: vec!["the game is stopped at the turn limit".into()],
        };
        each(game.as_ref(), info);
    }
    Ok(())
}

/// What the page says a step is: who decided and what, as `viewer` may
/// see it.
fn said(game: &dyn DynState, info: &StepInfo, viewer: Option<Seat>, first: bool) -> String {
    match (&info.answer, info.seat) {
        (Some(answer), Some(seat)) => {
            let hidden =
                !info.public && viewer.is_some_and(|v| game.controller(v) != game.controller(seat));
            let answer = if hidden {
                "(face down, hidden from you)".to_string()
            } else {
                format!("`{answer}`")
            };
            format!(
                "{} decided ({}): {answer}",
                game.seat_name(seat),
                info.decision
            )
        }
        _ if first => "the start".to_string(),
        _ if !info.decision.is_empty() => info.decision.clone(),
        _ => "the turn goes on".to_string(),
    }
}

/// Replays `record` into its steps and pictures, as `viewer` sees them
/// (`None`: everything); `title` names the game.
pub fn replay(
    games: &Games,
    record: &Record,
    path: &str,
    viewer: Option<Seat>,
) -> Result<Replayed, ReplayError> {
    let (replayed, walked) = replay_walk(games, record, path, viewer);
    walked.map(|()| replayed)
}

/// Replays `record` as [`replay`] does, as far as its answers play: an
/// answer refused (a record replayed under another reading of a disputed
/// rule) ends it with a step that says why.
pub fn replay_as_far(games: &Games, record: &Record, path: &str, viewer: Option<Seat>) -> Replayed {
    let (mut replayed, walked) = replay_walk(games, record, path, viewer);
    if let Err(e) = walked {
        let (turn, picture) = replayed
            .steps
            .last()
            .map_or((0, 0), |s| (s.turn, s.picture));
        replayed.steps.push(Step {
            turn,
            said: "the saved answers stop playing".to_string(),
            events: vec![e.to_string()],
            picture,
        });
    }
    replayed
}

/// Pictures of games that are no replay (a scenario's position before and
/// after its turn), each a step with what it is and its events.
pub fn stills(title: &str, frames: &[(&str, Vec<String>, &dyn DynState)]) -> Replayed {
    let mut album = Album::default();
    let mut lines = Vec::new();
    let steps = frames
        .iter()
        .map(|(said, events, game)| Step {
            turn: game.turn(),
            said: (*said).to_string(),
            events: events.clone(),
            picture: album.keep(game.svg(None), &mut |line| lines.push(line.to_string())),
        })
        .collect();
    Replayed {
        title: title.to_string(),
        seen_by: "everything".to_string(),
        steps,
        lines,
        pictures: album.pictures,
    }
}

/// The step the page shows for `info`, its picture being `picture`.
fn step_of(
    game: &dyn DynState,
    info: StepInfo,
    viewer: Option<Seat>,
    first: bool,
    picture: usize,
) -> Step {
    Step {
        turn: info.turn,
        said: said(game, &info, viewer, first),
        events: info.events,
        picture,
    }
}

/// The title of `record`'s game (`Twin Tin Bots`), or the name the record
/// gives when no game has it.
fn game_title(games: &Games, record: &Record) -> String {
    record
        .game_type(games)
        .map_or_else(|_| record.game.clone(), |g| g.title.to_string())
}

/// Why a replay page could not be written.
#[derive(Debug, thiserror::Error)]
pub enum PageError {
    /// The saved game does not replay.
    #[error(transparent)]
    Replay(#[from] ReplayError),
    /// The page could not be written.
    #[error(transparent)]
    Write(#[from] crate::files::FileError),
}

/// Writes the replay page of `record` as `viewer` sees it (`None`:
/// everything) to the file `page`, as [`html`] writes [`replay`]'s;
/// returns the number of steps.
///
/// The page is written while the game is replayed: the distinct lines of
/// the pictures as they are found, then the pictures and the steps, so a
/// long game's page is never held whole. The game is first replayed
/// without pictures to count its steps (the title says how many) and to
/// find any answer that does not play before anything is written.
pub fn write_page(
    games: &Games,
    record: &Record,
    path: &str,
    viewer: Option<Seat>,
    page: &std::path::Path,
) -> Result<usize, PageError> {
    let mut count = 0;
    let mut seen_by = "everything".to_string();
    walk(games, record, path, |game, _| {
        if let Some(v) = viewer {
            seen_by = game.seat_name(v);
        }
        count += 1;
        true
    })?;
    let title = game_title(games, record);
    crate::files::write_whole_with(page, |out| {
        page::write_replay(&title, &seen_by, count, out, |out| {
            write_data(games, record, path, viewer, (&title, &seen_by), out)
        })
    })?;
    Ok(count)
}

/// `value` as JSON for an HTML script element
/// ([`crate::escape::json_in_html`]).
fn json<T: Serialize + ?Sized>(value: &T) -> std::io::Result<String> {
    crate::escape::json_in_html(value).map_err(std::io::Error::other)
}

/// Writes the data of [`write_page`]: [`Replayed`] as JSON for an HTML
/// script element, its fields in the order they are made.
fn write_data(
    games: &Games,
    record: &Record,
    path: &str,
    viewer: Option<Seat>,
    (title, seen_by): (&str, &str),
    out: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    write!(
        out,
        "{{\"title\":{},\"seen_by\":{},\"lines\":[",
        json(title)?,
        json(seen_by)?
    )?;
    let mut album = Album::default();
    let mut steps = Vec::new();
    let mut failed: Option<std::io::Error> = None;
    let mut first_line = true;
    let walked = walk(games, record, path, |game, info| {
        let mut new_line = |line: &str| {
            if failed.is_none() {
                let comma = if first_line { "" } else { "," };
                first_line = false;
                let written = json(line).and_then(|l| write!(out, "{comma}{l}"));
                failed = written.err();
            }
        };
        let picture = album.keep(game.svg(viewer), &mut new_line);
        steps.push(step_of(game, info, viewer, steps.is_empty(), picture));
        failed.is_none()
    });
    if let Some(e) = failed {
        return Err(e);
    }
    walked.map_err(|e| std::io::Error::other(e.to_string()))?;
    write!(
        out,
        "],\"pictures\":{},\"steps\":{}}}",
        json(&album.pictures)?,
        json(&steps)?
    )
}

/// The steps of `record` as far as they play, and whether all did.
fn replay_walk(
    games: &Games,
    record: &Record,
    path: &str,
    viewer: Option<Seat>,
) -> (Replayed, Result<(), ReplayError>) {
    let mut steps = Vec::new();
    let mut album = Album::default();
    let mut lines = Vec::new();
    let mut seen_by = "everything".to_string();
    let walked = walk(games, record, path, |game, info| {
        if let Some(v) = viewer {
            seen_by = game.seat_name(v);
        }
        let picture = album.keep(game.svg(viewer), &mut |line| lines.push(line.to_string()));
        steps.push(step_of(game, info, viewer, steps.is_empty(), picture));
        true
    });
    let replayed = Replayed {
        title: game_title(games, record),
        seen_by,
        steps,
        lines,
        pictures: album.pictures,
    };
    (replayed, walked)
}

/// The picture of step `step` of `record` (as [`walk`] counts them; the
/// last when `None`) as `viewer` (given the game at that step) sees it;
/// `Err` with the number of steps when the record has fewer.
pub fn picture_at(
    games: &Games,
    record: &Record,
    path: &str,
    step: Option<usize>,
    viewer: &dyn Fn(&dyn DynState) -> Option<Seat>,
) -> Result<Result<String, usize>, ReplayError> {
    let mut count: usize = 0;
    let wanted = match step {
        Some(step) => step,
        None => {
            walk(games, record, path, |_, _| {
                count += 1;
                true
            })?;
            count.saturating_sub(1)
        }
    };
    count = 0;
    let mut picture = None;
    walk(games, record, path, |game, _| {
        if count == wanted {
            picture = Some(game.svg(viewer(game)));
        }
        count += 1;
        count <= wanted
    })?;
    Ok(picture.ok_or(count))
}

#[cfg(test)]
mod tests;
