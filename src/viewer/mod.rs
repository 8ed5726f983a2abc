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

use serde::Serialize;

use crate::engine::{DynState, Seat};
use crate::replay::{Record, ReplayError};

pub use page::html;

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
#[derive(Clone, Debug, Serialize)]
pub struct Replayed {
    /// The game's title (`Twin Tin Bots`).
    pub title: String,
    /// Whose view the page shows (`everything`, `red`).
    pub seen_by: String,
    /// Every step, from the start.
    pub steps: Vec<Step>,
    /// The pictures, as SVG text.
    pub pictures: Vec<String>,
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

/// Replays `record` in stepping mode, calling `each` with the game after
/// every step (see the module documentation) until it returns `false`;
/// `path` names the file in errors.
pub fn walk(
    record: &Record,
    path: &str,
    mut each: impl FnMut(&dyn DynState, StepInfo) -> bool,
) -> Result<(), ReplayError> {
    let mut game = record.start_game(path)?;
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
        while paused(game.as_ref()) {
            let turn = game.turn();
            game.apply_index(0).map_err(|e| refused(e.message))?;
            let info = StepInfo {
                turn,
                seat: None,
                decision: String::new(),
                answer: None,
                public: true,
                events: game.event_lines(),
            };
            if !each(game.as_ref(), info) {
                return Ok(());
            }
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
    while paused(game.as_ref()) {
        let turn = game.turn();
        game.apply_index(0).map_err(|e| ReplayError::Answer {
            path: path.to_string(),
            index: record.answers.len(),
            answer: "continue".into(),
            reason: e.message,
        })?;
        let info = StepInfo {
            turn,
            seat: None,
            decision: String::new(),
            answer: None,
            public: true,
            events: game.event_lines(),
        };
        if !each(game.as_ref(), info) {
            return Ok(());
        }
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
            let hidden = !info.public
                && viewer.is_some_and(|v| game.controller(v) != game.controller(seat));
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
    record: &Record,
    path: &str,
    viewer: Option<Seat>,
) -> Result<Replayed, ReplayError> {
    let mut steps = Vec::new();
    let mut pictures: Vec<String> = Vec::new();
    let mut index: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let mut seen_by = "everything".to_string();
    walk(record, path, |game, info| {
        if let Some(v) = viewer {
            seen_by = game.seat_name(v);
        }
        let picture = game.svg(viewer);
        let next = pictures.len();
        let picture = *index.entry(picture).or_insert_with_key(|svg| {
            pictures.push(svg.clone());
            next
        });
        let said = said(game, &info, viewer, steps.is_empty());
        steps.push(Step {
            turn: info.turn,
            said,
            events: info.events,
            picture,
        });
        true
    })?;
    let title = record
        .game_type()
        .map_or_else(|_| record.game.clone(), |g| g.title.to_string());
    Ok(Replayed {
        title,
        seen_by,
        steps,
        pictures,
    })
}

/// The picture of step `step` of `record` (as [`walk`] counts them; the
/// last when `None`) as `viewer` (given the game at that step) sees it;
/// `Err` with the number of steps when the record has fewer.
pub fn picture_at(
    record: &Record,
    path: &str,
    step: Option<usize>,
    viewer: &dyn Fn(&dyn DynState) -> Option<Seat>,
) -> Result<Result<String, usize>, ReplayError> {
    let mut count: usize = 0;
    let wanted = match step {
        Some(step) => step,
        None => {
            walk(record, path, |_, _| {
                count += 1;
                true
            })?;
            count.saturating_sub(1)
        }
    };
    count = 0;
    let mut picture = None;
    walk(record, path, |game, _| {
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
