//! The REPL's history: every point the game has been at, for `undo`,
//! `redo`, `history` and `goto`.
//!
//! A point is a whole game (any game behind the seam: a boxed copy is the
//! snapshot) with what led to it and the answers given since the start, so undo and
//! redo go to any depth, by step or by turn, and `save` writes the answers
//! of the point where the user stands. Doing something new after an undo
//! drops the points that were ahead, as in an editor.
//!
//! Points are shared, never changed once made: a copy of the timeline
//! (what the session keeps while a line runs, to put back if the line is
//! refused) costs a pointer per point, not a game.
//!
//! A saved game loaded whole ([`Timeline::push_replayed`]) keeps a copy
//! of the game only every [`SNAPSHOT_EVERY`] answers: a point between two
//! copies makes its game when first asked, from the copy before it and
//! the answers since, as a game is given by its answers.

use std::cell::OnceCell;
use std::rc::Rc;

use crate::engine::DynState;

/// What led from a point to the next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Move {
    /// Where the history starts.
    Start,
    /// An answer to the decision asked, as text.
    Answer(String),
    /// One order run (`step`).
    Step,
    /// The orders run on to the next decision (`run`).
    Run,
    /// A disputed rule read another way from here on (`ruling ID
    /// READING`), as the pin `ID=READING`.
    Ruling(String),
}

/// One point of the history.
pub struct Point {
    /// The game at this point, made when first asked for a point loaded
    /// without it ([`Point::game`]).
    game: OnceCell<Box<dyn DynState>>,
    /// Where a point loaded without its game makes it from: the point with
    /// the copy before it, and how many answers after that copy it is.
    made_from: Option<(Rc<Point>, usize)>,
    /// The turn of its game.
    turn: u32,
    /// What led here, for `history` (`place red.1 1 zap`, `step: red.1 ...`).
    pub label: String,
    /// The answers given from the start to here, as text (what a replay
    /// holds); steps between orders add none.
    pub answers: Answers,
    /// What led here.
    pub led_by: Move,
    /// The turn in which what led here was done: the turn of the point
    /// before (the step that ends a turn belongs to it, though its game is
    /// at the next turn already); the game's own turn for the first point.
    pub played_in: u32,
}

/// How many answers of a loaded game go by between two copies of the
/// game kept in its history; the points between make theirs when asked.
pub const SNAPSHOT_EVERY: usize = 32;

impl Point {
    /// The game at this point (in stepping mode, as the REPL plays).
    pub fn game(&self) -> &dyn DynState {
        self.game.get_or_init(|| self.remade()).as_ref()
    }

    /// The turn its game is at.
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// The game of a point loaded without it: the copy before it, its
    /// answers since then played again as they were loaded (not stepping).
    fn remade(&self) -> Box<dyn DynState> {
        let Some((copy, after)) = &self.made_from else {
            unreachable!("a point is made with its game or with where it is made from")
        };
        let mut game = copy.game().boxed_clone();
        game.set_stepping(false);
        let answers = self.answers.to_vec();
        for text in &answers[answers.len() - after..] {
            // These answers played from this very copy when the game was
            // loaded, and a game is given by its answers.
            game.apply_text(text)
                .expect("an answer that played when the game was loaded plays again");
        }
        game.set_stepping(true);
        game
    }
}

/// The answers given from the start to a point, in order: each point adds
/// at most one to its predecessor's and shares the rest, so a history of
/// `n` answers holds `n` texts, not `n * n / 2`.
#[derive(Clone, Default)]
pub struct Answers(Option<Rc<Link>>);

/// The last answer of an [`Answers`] and those before it.
struct Link {
    answer: String,
    before: Answers,
    count: usize,
}

impl Answers {
    /// These answers and `answer` after them.
    pub fn with(&self, answer: String) -> Answers {
        Answers(Some(Rc::new(Link {
            answer,
            before: self.clone(),
            count: self.len() + 1,
        })))
    }

    /// How many answers.
    pub fn len(&self) -> usize {
        self.0.as_ref().map_or(0, |link| link.count)
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_none()
    }

    /// The last answer.
    pub fn last(&self) -> Option<&str> {
        self.0.as_ref().map(|link| link.answer.as_str())
    }

    /// The answers, first to last.
    pub fn to_vec(&self) -> Vec<String> {
        let mut out = Vec::with_capacity(self.len());
        let mut at = self;
        while let Some(link) = &at.0 {
            out.push(link.answer.clone());
            at = &link.before;
        }
        out.reverse();
        out
    }
}

impl std::fmt::Debug for Answers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.to_vec()).finish()
    }
}

impl Drop for Answers {
    /// Unlinks a long chain one link at a time (a recursive drop of
    /// thousands of links could overflow the stack).
    fn drop(&mut self) {
        let mut next = self.0.take();
        while let Some(link) = next {
            next = match Rc::try_unwrap(link) {
                Ok(mut link) => link.before.0.take(),
                Err(_) => None,
            };
        }
    }
}

/// The points, and where the user stands. A clone shares the points.
#[derive(Clone)]
pub struct Timeline {
    points: Vec<Rc<Point>>,
    at: usize,
}

impl Timeline {
    /// A history that starts at `game`.
    pub fn new(game: Box<dyn DynState>, label: impl Into<String>) -> Timeline {
        Timeline {
            points: vec![Rc::new(Point {
                led_by: Move::Start,
                played_in: game.turn(),
                turn: game.turn(),
                made_from: None,
                game: OnceCell::from(game),
                label: label.into(),
                answers: Answers::default(),
            })],
            at: 0,
        }
    }

    /// The point where the user stands.
    pub fn current(&self) -> &Point {
        &self.points[self.at]
    }

    /// Its number in `history`.
    pub fn position(&self) -> usize {
        self.at
    }

    /// Whether `other` is this very history, standing at the same point
    /// (its points shared, not only equal).
    pub fn is_same(&self, other: &Timeline) -> bool {
        self.at == other.at
            && self.points.len() == other.points.len()
            && self
                .points
                .iter()
                .zip(&other.points)
                .all(|(a, b)| Rc::ptr_eq(a, b))
    }

    /// Every point, oldest first.
    pub fn points(&self) -> &[Rc<Point>] {
        &self.points
    }

    /// Adds a point after the current one (dropping any that were ahead)
    /// and stands on it; `led_by` is how the game got there.
    pub fn push(&mut self, game: Box<dyn DynState>, label: impl Into<String>, led_by: Move) {
        let answers = match &led_by {
            Move::Answer(text) => self.current().answers.with(text.clone()),
            _ => self.current().answers.clone(),
        };
        let played_in = self.current().turn;
        self.points.truncate(self.at + 1);
        self.points.push(Rc::new(Point {
            turn: game.turn(),
            made_from: None,
            game: OnceCell::from(game),
            label: label.into(),
            answers,
            led_by,
            played_in,
        }));
        self.at += 1;
    }

    /// Adds a point after the current one for `answer` of a saved game
    /// being loaded, `game` being the game after it (not stepping), and
    /// stands on it. The point keeps a copy of `game` (stepping) only
    /// every [`SNAPSHOT_EVERY`] answers or when `last`; the others make
    /// theirs when asked.
    pub fn push_replayed(&mut self, game: &dyn DynState, answer: String, last: bool) {
        let current = &self.points[self.at];
        let since_copy = current.made_from.as_ref().map_or(0, |(_, after)| *after) + 1;
        if last
            || since_copy >= SNAPSHOT_EVERY
            || !matches!(current.led_by, Move::Answer(_) | Move::Start)
        {
            let mut copy = game.boxed_clone();
            copy.set_stepping(true);
            self.push(copy, answer.clone(), Move::Answer(answer));
            return;
        }
        let copy = match &current.made_from {
            Some((copy, _)) => Rc::clone(copy),
            None => Rc::clone(current),
        };
        let point = Point {
            game: OnceCell::new(),
            made_from: Some((copy, since_copy)),
            turn: game.turn(),
            label: answer.clone(),
            answers: current.answers.with(answer.clone()),
            led_by: Move::Answer(answer),
            played_in: current.turn,
        };
        self.points.truncate(self.at + 1);
        self.points.push(Rc::new(point));
        self.at += 1;
    }

    /// Goes back `n` points (as far as the start); returns how many.
    pub fn undo(&mut self, n: usize) -> usize {
        let moved = n.min(self.at);
        self.at -= moved;
        moved
    }

    /// Goes forward `n` points (as far as the last); returns how many.
    pub fn redo(&mut self, n: usize) -> usize {
        let moved = n.min(self.points.len() - 1 - self.at);
        self.at += moved;
        moved
    }

    /// The first point of the run of points of the same turn as `i`.
    fn turn_start(&self, i: usize) -> usize {
        let turn = self.points[i].turn;
        let mut start = i;
        while start > 0 && self.points[start - 1].turn == turn {
            start -= 1;
        }
        start
    }

    /// Back to the start of this turn, or of the previous one when already
    /// there; returns how many points back.
    pub fn undo_turn(&mut self) -> usize {
        let start = self.turn_start(self.at);
        let target = if start < self.at || start == 0 {
            start
        } else {
            self.turn_start(start - 1)
        };
        let moved = self.at - target;
        self.at = target;
        moved
    }

    /// Forward to the start of the next turn (or the last point); returns
    /// how many points forward.
    pub fn redo_turn(&mut self) -> usize {
        let turn = self.current().turn;
        let last = self.points.len() - 1;
        let target = (self.at + 1..=last)
            .find(|&i| self.points[i].turn != turn)
            .unwrap_or(last);
        let moved = target - self.at;
        self.at = target;
        moved
    }

    /// Stands on point `n`, if there is one.
    pub fn goto(&mut self, n: usize) -> bool {
        if n < self.points.len() {
            self.at = n;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::GameOptions;

    /// The default game with 2 players, seed 1.
    fn two_player_game() -> Box<dyn crate::engine::DynState> {
        let options = GameOptions {
            players: Some(2),
            seed: 1,
            ..GameOptions::default()
        };
        crate::games::default_game()
            .start(&options)
            .expect("a standard game")
            .game
    }

    /// A timeline of a real game (the default game, 2 players): `steps`
    /// answers (always the first legal one), each a point.
    fn timeline(steps: usize) -> Timeline {
        let mut game = two_player_game();
        let mut t = Timeline::new(game.boxed_clone(), "start");
        for i in 0..steps {
            let text = game.legal_text(0).expect("an answer");
            game.apply_index(0).expect("legal");
            t.push(
                game.boxed_clone(),
                format!("{i}: {text}"),
                Move::Answer(text),
            );
        }
        t
    }

    #[test]
    fn a_loaded_game_keeps_few_copies_and_every_point_makes_the_same_game() {
        // The points of a game loaded answer by answer, most without a
        // copy of their game, show the games a copy at every answer shows.
        let steps = SNAPSHOT_EVERY * 2 + 5;
        let every = timeline(steps);
        let mut game = two_player_game();
        let mut start = game.boxed_clone();
        start.set_stepping(true);
        let mut loaded = Timeline::new(start, "start");
        for i in 0..steps {
            let text = game.legal_text(0).expect("an answer");
            game.apply_text(&text).expect("legal");
            loaded.push_replayed(game.as_ref(), text, i + 1 == steps);
        }
        let copies = |t: &Timeline| t.points().iter().filter(|p| p.game.get().is_some()).count();
        assert_eq!(
            copies(&loaded),
            1 + steps / SNAPSHOT_EVERY + 1,
            "the start, every 32nd, the last"
        );
        for (mine, theirs) in loaded.points().iter().zip(every.points()) {
            assert_eq!(mine.turn(), theirs.game().turn());
            assert_eq!(mine.played_in, theirs.played_in);
            assert_eq!(mine.answers.to_vec(), theirs.answers.to_vec());
            assert_eq!(
                mine.game().picture(None, false),
                theirs.game().picture(None, false)
            );
            assert_eq!(mine.game().legal_count(), theirs.game().legal_count());
        }
        assert_eq!(
            copies(&loaded),
            steps + 1,
            "each made when asked, then kept"
        );
    }

    #[test]
    fn undo_and_redo_go_to_any_depth_and_stop_at_the_ends() {
        let mut t = timeline(6);
        assert_eq!(t.position(), 6);
        assert_eq!(t.undo(2), 2);
        assert!(t.current().label.starts_with("3: "));
        assert_eq!(t.undo(100), 4);
        assert_eq!(t.position(), 0);
        assert_eq!(t.redo(3), 3);
        assert_eq!(t.current().answers.len(), 3);
        assert_eq!(t.redo(100), 3);
        assert!(t.goto(2) && !t.goto(7));
        assert_eq!(t.current().answers.len(), 2);
    }

    #[test]
    fn answers_are_shared_in_order_and_a_long_chain_drops_without_recursion() {
        let mut answers = Answers::default();
        assert!(answers.is_empty() && answers.last().is_none());
        let branch = answers.with("a".into());
        answers = branch.with("b".into());
        let other = branch.with("c".into());
        assert_eq!(answers.to_vec(), ["a", "b"]);
        assert_eq!(
            other.to_vec(),
            ["a", "c"],
            "the shared first answer is kept"
        );
        drop(branch);
        assert_eq!(other.len(), 2);
        // Longer than a recursive drop could unlink on a thread's stack.
        let mut long = Answers::default();
        for i in 0..300_000 {
            long = long.with(i.to_string());
        }
        assert_eq!((long.len(), long.last()), (300_000, Some("299999")));
        drop(long);
    }

    #[test]
    fn something_new_after_an_undo_drops_what_was_ahead() {
        let mut t = timeline(5);
        t.undo(3);
        let game = t.current().game().boxed_clone();
        t.push(game, "other", Move::Answer("pass".into()));
        assert_eq!(t.points().len(), 4);
        assert_eq!(t.redo(1), 0);
        assert_eq!(t.current().answers.last(), Some("pass"));
    }

    #[test]
    fn undo_turn_goes_to_the_turn_start_then_the_previous_turn() {
        let mut t = timeline(8);
        // Seat 0 places twice on turn 1, seat 1 twice on turn 2, then every
        // answer is a whole turn.
        let turns: Vec<u32> = t.points().iter().map(|p| p.turn()).collect();
        assert_eq!(turns, [1, 1, 2, 2, 3, 4, 5, 6, 7]);
        // Each point is labelled with the turn its answer was given in:
        // the answer ending turn 1 (point 2) belongs to turn 1.
        let played: Vec<u32> = t.points().iter().map(|p| p.played_in).collect();
        assert_eq!(played, [1, 1, 1, 2, 2, 3, 4, 5, 6]);
        assert_eq!(t.undo_turn(), 1, "point 8 starts turn 7: back to turn 6");
        assert_eq!(t.position(), 7);
        t.goto(3);
        assert_eq!(t.undo_turn(), 1, "to the start of turn 2");
        assert_eq!(t.position(), 2);
        assert_eq!(t.undo_turn(), 2, "to the start of turn 1");
        assert_eq!(t.undo_turn(), 0, "nothing before the start");
        assert_eq!(t.redo_turn(), 2);
        assert_eq!(t.redo_turn(), 2);
        assert_eq!(t.position(), 4);
        t.goto(8);
        assert_eq!(t.redo_turn(), 0, "nothing after the last point");
    }
}
