//! What the page is told about a session, for the seat it plays (or for
//! the people at the table, as the REPL shows them): the position as the
//! game's own SVG, what is asked and its answers, the rulings in force
//! with their other readings, the seats and their bots, and where the
//! user stands in the history. Written once over the seam: nothing here
//! names a game.

use serde::Serialize;

use crate::engine::Seat;
use crate::repl::session::Session;

/// The page's view of a session.
#[derive(Debug, Serialize)]
pub struct View {
    /// The game's name (`twin-tin-bots`).
    pub game: &'static str,
    /// The game's title.
    pub title: &'static str,
    /// The turn being played.
    pub turn: u32,
    /// The REPL's prompt (`turn 1 red change> `).
    pub prompt: String,
    /// What is asked now, in the REPL's words; for a page playing a seat
    /// that is not the one at the table now, whom it waits for.
    pub asked: String,
    /// The answers offered now, as the REPL's prompt lists them (none to
    /// a page that may not answer).
    pub answers: Vec<String>,
    /// Every legal answer, when the REPL offers none because there are
    /// too many to list (a program change): the page filters them. At
    /// most [`MAX_LEGAL`].
    pub legal: Vec<String>,
    /// How many legal answers there are.
    pub legal_count: usize,
    /// Whether the turn stands at a pause between two steps (`step`,
    /// `run`).
    pub paused: bool,
    /// The colour deciding now, if any.
    pub to_decide: Option<String>,
    /// Whether the game is over.
    pub over: bool,
    /// The colour this page plays (`--as`), if it plays one.
    pub seat: Option<String>,
    /// Whether this page may send lines now: always, unless it plays a
    /// seat and another person is at the table.
    pub yours: bool,
    /// The position drawn as SVG, as the page's player may see it.
    pub svg: String,
    /// Every disputed rule of the game and the reading in force.
    pub rulings: Vec<RulingView>,
    /// The seats, in order, with their bots.
    pub seats: Vec<SeatView>,
    /// The bots a seat can be given by name (`none` first: a person).
    pub bots: Vec<String>,
    /// Where the user stands in the history: the point's number.
    pub at: usize,
    /// The number of points in the history.
    pub points: usize,
}

/// A disputed rule, as the page's ruling switch shows it.
#[derive(Debug, Serialize)]
pub struct RulingView {
    /// The dispute's id (`droids.steer-water`).
    pub id: &'static str,
    /// Its question in a few words.
    pub question: &'static str,
    /// The reading in force.
    pub reading: &'static str,
    /// Every reading's name and what it says, the default first.
    pub readings: Vec<(&'static str, &'static str)>,
}

/// A seat, as the page's seat switch shows it.
#[derive(Debug, Serialize)]
pub struct SeatView {
    /// Its colour.
    pub colour: String,
    /// Whether a bot plays it.
    pub bot: bool,
}

/// The most legal answers a view carries: a decision with more is
/// answered by typing.
pub const MAX_LEGAL: usize = 2000;

/// Whether a page playing `seat` (none: every seat) may send lines now.
pub fn may_act(session: &Session, seat: Option<Seat>) -> bool {
    seat.is_none() || session.viewer() == seat
}

/// The view of `session` for a page playing `seat` (none: the people at
/// the table, as the REPL shows them); `bots`: the bots a seat can be
/// given ([`bot_names`]).
pub fn view(session: &Session, seat: Option<Seat>, bots: Vec<String>) -> View {
    let game = session.game();
    let game_type = session.game_type();
    let yours = may_act(session, seat);
    let to_decide = game.to_decide().map(|s| game.seat_name(s));
    let asked = if yours {
        session.asked()
    } else {
        format!(
            "waiting for {}",
            session
                .viewer()
                .map_or_else(|| "the others".to_string(), |s| game.seat_name(s))
        )
    };
    let rulings = game.rulings();
    let answers = if yours {
        session.offered_answers()
    } else {
        Vec::new()
    };
    let paused = crate::repl::session::is_pause(game);
    let listed = yours && answers.is_empty() && !paused && !game.is_over();
    let legal = if listed {
        (0..game.legal_count().min(MAX_LEGAL))
            .filter_map(|i| game.legal_text(i))
            .collect()
    } else {
        Vec::new()
    };
    View {
        game: game_type.name,
        title: game_type.title,
        turn: game.turn(),
        prompt: session.prompt(),
        asked,
        answers,
        legal,
        legal_count: if yours { game.legal_count() } else { 0 },
        paused,
        to_decide,
        over: game.is_over(),
        seat: seat.map(|s| game.seat_name(s)),
        yours,
        svg: game.svg(seat.or_else(|| session.viewer())),
        rulings: rulings
            .disputes()
            .iter()
            .map(|dispute| RulingView {
                id: dispute.id,
                question: dispute.question,
                reading: rulings.reading(dispute).name,
                readings: dispute.readings.iter().map(|r| (r.name, r.says)).collect(),
            })
            .collect(),
        seats: (0..game.seats())
            .map(|s| SeatView {
                colour: game.seat_name(s),
                bot: session.has_bot(s),
            })
            .collect(),
        bots,
        at: session.timeline().position(),
        points: session.timeline().points().len(),
    }
}

/// The bots a seat can be given by name in `game`: `none` (a person),
/// those the library finds, and the search bot.
pub fn bot_names(game: &str) -> Vec<String> {
    let library = crate::assets::Library::current();
    let mut names = vec!["none".to_string()];
    names.extend(
        library
            .list(crate::assets::Kind::Bot, game, None)
            .into_iter()
            .map(|listed| listed.found.name),
    );
    names.push("mcts".to_string());
    names
}
