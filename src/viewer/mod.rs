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
//! `file://`.

mod page;

use crate::registry::Games;
use serde::Serialize;

use crate::engine::{DynState, Seat};
use crate::replay::{Record, ReplayError};

pub use page::{document, html, nav, Document, STEPS};

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

/// Pictures being kept for a page: distinct lines once, each picture as
/// operations against the one before ([`Replayed::pictures`]).
#[derive(Default)]
struct Album {
    lines: Vec<String>,
    line_index: std::collections::HashMap<String, usize>,
    pictures: Vec<Vec<i64>>,
    /// Each picture kept, by its line numbers (not its text: a long game's
    /// pictures would hold megabytes of equal lines).
    picture_index: std::collections::HashMap<Vec<usize>, usize>,
    last: Vec<usize>,
}

impl Album {
    /// The index of `svg` among the pictures, kept if new.
    fn keep(&mut self, svg: String) -> usize {
        let numbers: Vec<usize> = svg
            .split('\n')
            .map(|line| match self.line_index.get(line) {
                Some(&n) => n,
                None => {
                    self.lines.push(line.to_string());
                    self.line_index
                        .insert(line.to_string(), self.lines.len() - 1);
                    self.lines.len() - 1
                }
            })
            .collect();
        if let Some(&k) = self.picture_index.get(&numbers) {
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
        self.picture_index
            .insert(numbers.clone(), self.pictures.len());
        self.last = numbers;
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
    let steps = frames
        .iter()
        .map(|(said, events, game)| Step {
            turn: game.turn(),
            said: (*said).to_string(),
            events: events.clone(),
            picture: album.keep(game.svg(None)),
        })
        .collect();
    Replayed {
        title: title.to_string(),
        seen_by: "everything".to_string(),
        steps,
        lines: album.lines,
        pictures: album.pictures,
    }
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
    let mut seen_by = "everything".to_string();
    let walked = walk(games, record, path, |game, info| {
        if let Some(v) = viewer {
            seen_by = game.seat_name(v);
        }
        let picture = album.keep(game.svg(viewer));
        let said = said(game, &info, viewer, steps.is_empty());
        steps.push(Step {
            turn: info.turn,
            said,
            events: info.events,
            picture,
        });
        true
    });
    let title = record
        .game_type(games)
        .map_or_else(|_| record.game.clone(), |g| g.title.to_string());
    let replayed = Replayed {
        title,
        seen_by,
        steps,
        lines: album.lines,
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
