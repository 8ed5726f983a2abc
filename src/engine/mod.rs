//! The seam every game implements, and everything else uses.
//!
//! Two layers, as OpenSpiel has `Game` and `State`:
//!
//! - [`State`]: a game in progress as a state machine of decisions, generic
//!   over the game's own answer and event types. Benchmarks and native bots
//!   use it directly, without dynamic dispatch.
//! - [`DynState`]: the same game behind one object-safe interface: answers
//!   by index and as text, events as narration, a player's view as text,
//!   replay records as JSON. `play`, `tournament`, `replay`, `check` and the
//!   REPL are written once over it. Every [`State`] that also implements
//!   [`Describe`] is a [`DynState`] through a blanket implementation.
//!
//! The seam knows nothing above it: the machinery written over it (bots,
//! the REPL, pictures, tournaments) and the registration of games (their
//! `GameType`, in the registry) import it, never the other way round.

use std::fmt;

mod options;
pub mod rulebook;
mod rulings;
mod search_settings;
pub use options::{GameOption, GameOptions};
pub use rulings::{
    cited as cited_rulings, listing as rulings_listing, Dispute, Reading, RulingError, Rulings,
};
pub use search_settings::{SearchChoice, SearchSettings};

/// A seat at the table: 0 is the first player seated.
pub type Seat = usize;

/// Whether players see everything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Information {
    /// Everything is public (apart from a shuffled deck's order).
    Perfect,
    /// Some things are hidden from some players (cards in hand, programmed
    /// registers): a view is always for one viewer.
    Imperfect,
}

/// Why an answer was refused: the rule that forbids it, in words, and the
/// source line of the rulebook or ruling it rests on when there is one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct Refusal {
    /// What is wrong, naming the rule (`"register 2 is locked: it keeps its
    /// card (ruling 7)"`).
    pub message: String,
}

impl Refusal {
    /// A refusal with this message.
    pub fn new(message: impl Into<String>) -> Refusal {
        Refusal {
            message: message.into(),
        }
    }
}

/// How a game ended, or was stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winning seats (several share a victory; none when nobody won).
    pub winners: Vec<Seat>,
    /// Why the game ended, in words (`"red touched the last flag"`, `"the
    /// turn limit"`).
    pub reason: String,
    /// Stopped by the caller's turn limit (not a rule): the turn after the
    /// limit has begun and is not counted as played.
    pub at_turn_limit: bool,
}

impl Outcome {
    /// The turns a game that ended with this outcome at `turn` lasted: `play`,
    /// `replay` and `tournament` all count with this.
    pub fn turns_played(&self, turn: u32) -> u32 {
        turn - u32::from(self.at_turn_limit)
    }
}

/// How a headless game's one-line-a-turn transcript writes the answer to
/// the current decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TranscriptPart {
    /// A player's main answer (a program change, a card): the first of a
    /// turn starts the line `turn N  colour  answer`, the next ones add
    /// `; answer`.
    Main,
    /// An answer asked along the way, written in brackets after a label
    /// (`[zap: turn_left]`).
    Aside(&'static str),
    /// Not written (a stepping pause).
    Silent,
}

/// One seat's place in the final (or current) standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// The seat.
    pub seat: Seat,
    /// 1 for the best; seats that tie share a rank.
    pub rank: usize,
    /// The figures the ranking compares, in order, most important first
    /// (`points`, or `flags, lives, -damage`): larger is better.
    pub key: Vec<i64>,
    /// The same figures in words for a summary (`"2 flags, 3 lives, 1
    /// damage"`).
    pub shown: String,
}

/// Ranks seats by their keys, larger first; equal keys share a rank.
pub fn rank(mut keyed: Vec<(Seat, Vec<i64>, String)>) -> Vec<Standing> {
    keyed.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut out: Vec<Standing> = Vec::with_capacity(keyed.len());
    for (i, (seat, key, shown)) in keyed.into_iter().enumerate() {
        let rank = match out.last() {
            Some(prev) if prev.key == key => prev.rank,
            _ => i + 1,
        };
        out.push(Standing {
            seat,
            rank,
            key,
            shown,
        });
    }
    out
}

/// A game in progress: a state machine of decisions (DESIGN, principle 1).
///
/// Execution pauses at every decision; [`State::apply`] answers it and runs
/// the game to the next one. In stepping mode ([`State::set_stepping`]) the
/// game also pauses between steps (a robot's card, a board element, ...)
/// with a decision whose one answer runs the next step.
pub trait State: Clone + 'static {
    /// An answer to a decision.
    type Answer: Copy + PartialEq + fmt::Debug + 'static;
    /// Something that happened, with its reason.
    type Event: Clone + fmt::Debug + 'static;

    /// The number of seats.
    fn seats(&self) -> usize;
    /// The name of a seat (its colour).
    fn seat_name(&self, seat: Seat) -> &str;
    /// The seat that decides now; `None` once the game is over.
    fn to_decide(&self) -> Option<Seat>;
    /// What is being decided now, in a few words without the seat (the
    /// REPL's prompt: `"change"`, `"register 2"`, `"step"`).
    fn decision_text(&self) -> String;
    /// The number of legal answers now (0 once the game is over).
    fn legal_count(&self) -> usize;
    /// The `i`th legal answer, in a fixed order; `None` past the count.
    fn legal(&self, i: usize) -> Option<Self::Answer>;
    /// Answers the decision and runs the game to the next one; a refused
    /// answer leaves the game as it was.
    fn apply(&mut self, answer: Self::Answer) -> Result<(), Refusal>;
    /// [`State::apply`] for an answer just taken from [`State::legal`],
    /// with nothing changed in between: a game may skip checking it again.
    /// By default it is checked as any answer is.
    fn apply_legal(&mut self, answer: Self::Answer) -> Result<(), Refusal> {
        self.apply(answer)
    }
    /// What happened during the last [`State::apply`], in order.
    fn events(&self) -> &[Self::Event];
    /// One event in words, with its reason.
    fn narrate(&self, event: &Self::Event) -> String;
    /// An answer as text, in the syntax of the game's conventions.
    fn answer_text(&self, answer: Self::Answer) -> String;
    /// Reads an answer to the current decision from text; the refusal says
    /// what is wrong with it (unknown, or illegal and why).
    fn parse_answer(&self, text: &str) -> Result<Self::Answer, Refusal>;
    /// The turn being played, from 1.
    fn turn(&self) -> u32;
    /// How the game ended, once it is over.
    fn outcome(&self) -> Option<Outcome>;
    /// Stops the game at the caller's turn limit (not a rule): it is over,
    /// scored as it stands.
    fn stop_at_turn_limit(&mut self);
    /// The standings as the game stands (final once it is over).
    fn standings(&self) -> Vec<Standing>;
    /// Turns stepping mode on or off.
    fn set_stepping(&mut self, on: bool);
    /// A copy of the game in which what `viewer` cannot see (other players'
    /// hidden cards, a deck's order) is dealt anew from `seed`: what a bot
    /// may search without peeking. A game with nothing hidden returns a
    /// plain copy.
    fn sample_hidden(&self, viewer: Seat, seed: u64) -> Self;

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// How well `seat` stands in a game not yet over, from 0 (as good as
    /// lost) to 1 (as good as won), 0.5 when nothing sets it apart: what a
    /// search bot scores a position it stops
    /// looking at with. A game may give its own estimate (crystals carried
    /// and the way to the base, the distance to the next flag), in a file
    /// of its own folder; by default it is the seat's place in the
    /// standings ([`standings_value`]).
    fn heuristic(&self, seat: Seat) -> f64 {
        standings_value(&self.standings(), self.seats(), seat)
    }

    /// The answer (by index) a search bot's playout plays here most of
    /// the time instead of a random one (its `quiet` setting), where the
    /// game has a sensible cheap one (Twin Tin Bots' `pass`, which keeps
    /// the programs running; RoboRally's greedy card; Droids' lay in the
    /// robot's column); `None` (the default): random answers.
    fn playout_answer(&self) -> Option<usize> {
        None
    }

    /// The settings the native search bot plays this game with unless its
    /// name says otherwise (the default: none, [`SearchSettings::NONE`]).
    /// Fixed for a game, whatever the position.
    fn search_settings(&self) -> SearchSettings {
        SearchSettings::NONE
    }

    /// The readings of disputed rules in force ([`Rulings`]); a game
    /// without disputes has none.
    fn rulings(&self) -> &Rulings {
        &rulings::NONE
    }

    /// Plays on under `rulings` from the next step (the REPL's `ruling`);
    /// a game without disputes has nothing to change.
    fn set_rulings(&mut self, rulings: Rulings) {
        let _ = rulings;
    }
}

/// A seat's place in `standings` as a value from 0 to 1: the first 1, the
/// last 0, seats that tie sharing the mean of their places' values (0.5
/// for everyone when all tie, or with fewer than two seats).
pub fn standings_value(standings: &[Standing], seats: usize, seat: Seat) -> f64 {
    let Some(standing) = standings.iter().find(|s| s.seat == seat) else {
        return 0.5;
    };
    if seats < 2 {
        return 0.5;
    }
    let tied = standings.iter().filter(|s| s.rank == standing.rank).count();
    // Places rank-1 .. rank-1+tied-1 share the mean of their values.
    let mean_place = (standing.rank - 1) as f64 + (tied as f64 - 1.0) / 2.0;
    (1.0 - mean_place / (seats - 1) as f64).clamp(0.0, 1.0)
}

/// `value` squashed into 0 to 1 by the logistic curve, 0.5 at 0: how a
/// game's [`State::heuristic`] turns a lead in its own units (points, steps)
/// into a value, `scale` being the lead worth about 0.73.
pub fn squash(value: f64, scale: f64) -> f64 {
    1.0 / (1.0 + (-value / scale).exp())
}

/// What the tools show of a game beyond its decisions: pictures, views and
/// transcripts as text.
pub trait Describe: State {
    /// The position drawn as text (the REPL's `show`); `viewer` sees only
    /// what that seat may see (`None`: everything, for a referee).
    fn picture(&self, viewer: Option<Seat>, colour: bool) -> String;
    /// One line per piece (the REPL's `where`).
    fn where_lines(&self) -> Vec<String>;
    /// The position drawn as an SVG document (`tinbots render`, the replay
    /// page): the board, a legend and the players' panel; `viewer` sees
    /// only what that seat may see (`None`: everything). A game without
    /// a drawing of its own may write its text picture on a page.
    fn svg(&self, viewer: Option<Seat>) -> String;
    /// Whether every player sees the answer to the current decision (a
    /// program change, a push); `false` when it is given face down (a card
    /// put in a register): the replay page made for one player hides
    /// others' such answers. By default every answer is public.
    fn answer_is_public(&self) -> bool {
        true
    }
    /// The person who plays a seat (a variant may give one person several
    /// seats, and then one bot plays them all); by default each seat is
    /// its own person.
    fn controller(&self, seat: Seat) -> usize {
        seat
    }
    /// What `viewer` holds privately (a hand of cards), as text; empty when
    /// the game has no hidden hand.
    fn private_text(&self, viewer: Seat) -> String;
    /// How the transcript writes the answer to the current decision.
    fn transcript_part(&self) -> TranscriptPart;
    /// The last answer's events for a verbose transcript; by default every
    /// event narrated.
    fn transcript_events(&self) -> Vec<String> {
        self.events().iter().map(|e| self.narrate(e)).collect()
    }
    /// A line said before the game is played (who sits where), if any.
    fn preamble(&self) -> Option<String> {
        None
    }
    /// The summary printed at the end: how it ended, the turns, the
    /// winners and every seat's figures; each line ends with a newline.
    fn summary(&self) -> String;
    /// Checks the game's invariants (property tests); the first broken one.
    fn check_invariants(&self) -> Result<(), String>;
}

/// A game behind one object-safe interface, for the tools written once
/// over every game. Implemented for every [`Describe`] game.
pub trait DynState {
    /// The game's registered name (`"roborally"`).
    fn game_name(&self) -> &'static str;
    /// The number of seats.
    fn seats(&self) -> usize;
    /// The name of a seat.
    fn seat_name(&self, seat: Seat) -> String;
    /// The seat that decides now; `None` once over.
    fn to_decide(&self) -> Option<Seat>;
    /// What is being decided now, in words.
    fn decision_text(&self) -> String;
    /// The number of legal answers now.
    fn legal_count(&self) -> usize;
    /// The `i`th legal answer as text.
    fn legal_text(&self, i: usize) -> Option<String>;
    /// Applies the `i`th legal answer.
    fn apply_index(&mut self, i: usize) -> Result<(), Refusal>;
    /// Reads and applies an answer given as text; returns it as the game
    /// writes it.
    fn apply_text(&mut self, text: &str) -> Result<String, Refusal>;
    /// The last answer's events, narrated.
    fn event_lines(&self) -> Vec<String>;
    /// The turn being played.
    fn turn(&self) -> u32;
    /// How the game ended, once over.
    fn outcome(&self) -> Option<Outcome>;
    /// Whether the game is over.
    fn is_over(&self) -> bool;
    /// Stops the game at the caller's turn limit.
    fn stop_at_turn_limit(&mut self);
    /// The standings.
    fn standings(&self) -> Vec<Standing>;
    /// Stepping mode on or off.
    fn set_stepping(&mut self, on: bool);
    /// The position as text.
    fn picture(&self, viewer: Option<Seat>, colour: bool) -> String;
    /// One line per piece.
    fn where_lines(&self) -> Vec<String>;
    /// The position as an SVG document.
    fn svg(&self, viewer: Option<Seat>) -> String;
    /// Whether every player sees the answer to the current decision.
    fn answer_is_public(&self) -> bool;
    /// A seat's private holdings as text.
    fn private_text(&self, viewer: Seat) -> String;
    /// The person who plays a seat.
    fn controller(&self, seat: Seat) -> usize;
    /// How the transcript writes the answer to the current decision.
    fn transcript_part(&self) -> TranscriptPart;
    /// The last answer's events for a verbose transcript.
    fn transcript_events(&self) -> Vec<String>;
    /// A line said before the game is played, if any.
    fn preamble(&self) -> Option<String>;
    /// The summary printed at the end.
    fn summary(&self) -> String;
    /// The turns played: the current turn, less one when stopped at the
    /// turn limit.
    fn turns_played(&self) -> u32 {
        match self.outcome() {
            Some(o) => o.turns_played(self.turn()),
            None => self.turn(),
        }
    }
    /// The game's invariants.
    fn check_invariants(&self) -> Result<(), String>;
    /// How well a seat stands, 0 to 1 ([`State::heuristic`]).
    fn heuristic(&self, seat: Seat) -> f64;
    /// A playout's usual answer here ([`State::playout_answer`]).
    fn playout_answer(&self) -> Option<usize>;
    /// The search bot's settings for the game ([`State::search_settings`]).
    fn search_settings(&self) -> SearchSettings;
    /// The readings in force ([`State::rulings`]).
    fn rulings(&self) -> &Rulings;
    /// Plays on under `rulings` ([`State::set_rulings`]).
    fn set_rulings(&mut self, rulings: Rulings);
    /// A copy, boxed.
    fn boxed_clone(&self) -> Box<dyn DynState>;
    /// A copy with hidden things dealt anew for `viewer`.
    fn boxed_sample(&self, viewer: Seat, seed: u64) -> Box<dyn DynState>;
    /// The game as [`std::any::Any`], for a game's own tools (its Lua view)
    /// to reach its concrete type.
    fn as_any(&self) -> &dyn std::any::Any;
    /// The game as mutable [`std::any::Any`].
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any;
}

/// The registered name of a concrete game type, for [`DynState`].
pub trait Named {
    /// The name its game type is registered under.
    const NAME: &'static str;
}

impl<G: Describe + Named> DynState for G {
    fn game_name(&self) -> &'static str {
        G::NAME
    }
    fn seats(&self) -> usize {
        State::seats(self)
    }
    fn seat_name(&self, seat: Seat) -> String {
        State::seat_name(self, seat).to_string()
    }
    fn to_decide(&self) -> Option<Seat> {
        State::to_decide(self)
    }
    fn decision_text(&self) -> String {
        State::decision_text(self)
    }
    fn legal_count(&self) -> usize {
        State::legal_count(self)
    }
    fn legal_text(&self, i: usize) -> Option<String> {
        self.legal(i).map(|a| self.answer_text(a))
    }
    fn apply_index(&mut self, i: usize) -> Result<(), Refusal> {
        let Some(answer) = self.legal(i) else {
            let count = State::legal_count(self);
            return Err(Refusal::new(format!(
                "there is no answer {} (there are {count})",
                i + 1
            )));
        };
        self.apply_legal(answer)
    }
    fn apply_text(&mut self, text: &str) -> Result<String, Refusal> {
        let answer = self.parse_answer(text)?;
        let shown = self.answer_text(answer);
        self.apply(answer)?;
        Ok(shown)
    }
    fn event_lines(&self) -> Vec<String> {
        self.events().iter().map(|e| self.narrate(e)).collect()
    }
    fn turn(&self) -> u32 {
        State::turn(self)
    }
    fn outcome(&self) -> Option<Outcome> {
        State::outcome(self)
    }
    fn is_over(&self) -> bool {
        State::is_over(self)
    }
    fn stop_at_turn_limit(&mut self) {
        State::stop_at_turn_limit(self)
    }
    fn standings(&self) -> Vec<Standing> {
        State::standings(self)
    }
    fn set_stepping(&mut self, on: bool) {
        State::set_stepping(self, on)
    }
    fn picture(&self, viewer: Option<Seat>, colour: bool) -> String {
        Describe::picture(self, viewer, colour)
    }
    fn where_lines(&self) -> Vec<String> {
        Describe::where_lines(self)
    }
    fn svg(&self, viewer: Option<Seat>) -> String {
        Describe::svg(self, viewer)
    }
    fn answer_is_public(&self) -> bool {
        Describe::answer_is_public(self)
    }
    fn private_text(&self, viewer: Seat) -> String {
        Describe::private_text(self, viewer)
    }
    fn controller(&self, seat: Seat) -> usize {
        Describe::controller(self, seat)
    }
    fn transcript_part(&self) -> TranscriptPart {
        Describe::transcript_part(self)
    }
    fn transcript_events(&self) -> Vec<String> {
        Describe::transcript_events(self)
    }
    fn preamble(&self) -> Option<String> {
        Describe::preamble(self)
    }
    fn summary(&self) -> String {
        Describe::summary(self)
    }
    fn check_invariants(&self) -> Result<(), String> {
        Describe::check_invariants(self)
    }
    fn heuristic(&self, seat: Seat) -> f64 {
        State::heuristic(self, seat)
    }
    fn playout_answer(&self) -> Option<usize> {
        State::playout_answer(self)
    }
    fn search_settings(&self) -> SearchSettings {
        State::search_settings(self)
    }
    fn rulings(&self) -> &Rulings {
        State::rulings(self)
    }
    fn set_rulings(&mut self, rulings: Rulings) {
        State::set_rulings(self, rulings)
    }
    fn boxed_clone(&self) -> Box<dyn DynState> {
        Box::new(self.clone())
    }
    fn boxed_sample(&self, viewer: Seat, seed: u64) -> Box<dyn DynState> {
        Box::new(self.sample_hidden(viewer, seed))
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

/// A game just started, and the record of its start that a replay keeps
/// (with the answers, it gives the game again through
/// its game type's `resume`).
pub struct Started {
    /// The game, at its first decision.
    pub game: Box<dyn DynState>,
    /// Its start as JSON (the replay's `start`).
    pub start: serde_json::Value,
}

/// Why a game could not be started or resumed.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct StartError(pub String);

/// What `tinbots check` found in one file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Checked {
    /// What the file is about (a scenario's title, a board's name).
    pub title: String,
    /// The rule a scenario cites (its `source`), possibly empty.
    pub source: String,
    /// Every expectation that does not hold; empty when it passed.
    pub differences: Vec<String>,
    /// The events of what was played, narrated, shown when it fails.
    pub events: Vec<String>,
}

impl Checked {
    /// Whether every expectation held.
    pub fn passed(&self) -> bool {
        self.differences.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_share_ties_and_skip_after_them() {
        let s = rank(vec![
            (0, vec![1, 3], "a".into()),
            (1, vec![2, 0], "b".into()),
            (2, vec![1, 3], "c".into()),
            (3, vec![0, 9], "d".into()),
        ]);
        let ranks: Vec<(Seat, usize)> = s.iter().map(|s| (s.seat, s.rank)).collect();
        assert_eq!(ranks, vec![(1, 1), (0, 2), (2, 2), (3, 4)]);
    }
}
