//! A REPL session over any game: the game's history, its start, the bots,
//! and what each command does.
//!
//! The game is kept in stepping mode ([`DynState::set_stepping`]): once
//! the turn's answers are given the turn pauses at a decision whose one
//! answer is `continue`, and `step` answers it one step at a time; `run`
//! goes on to the next real decision. Every answer and every step is a
//! point of the [`Timeline`], so `undo`, `redo` and `goto` reach any of
//! them, and `save` writes the answers of the point where the user stands
//! as a [`Record`]. [`Session::execute`] runs one line and writes what it
//! has to say into a string; a refused command changes nothing.
//!
//! What one game adds (its commands, words, pictures, scenario files) is
//! its [`GameRepl`] extension.

use std::fmt::Write as _;
use std::path::Path;
use std::rc::Rc;

use super::command::{self, Command, Span};
use super::extension::GameRepl;
use super::timeline::{Move, Point, Timeline};
use crate::bot::{seat_seed, Bot, BotSpec};
use crate::engine::{DynState, Information, Seat};
use crate::registry::{GameType, Games};
use crate::replay::Record;

/// What the caller should do after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next line.
    Go,
    /// Leave.
    Quit,
    /// Clear the screen (`clear`), then read the next line.
    Clear,
}

/// Why a line was refused, in words for the user.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct ReplError(pub String);

impl ReplError {
    /// An error saying `message`.
    pub fn new(message: impl Into<String>) -> ReplError {
        ReplError(message.into())
    }
}

impl From<command::CommandError> for ReplError {
    fn from(e: command::CommandError) -> Self {
        ReplError(e.to_string())
    }
}

/// A seat's bot: what was asked for, and the bot itself.
struct SeatBot {
    spec: BotSpec,
    bot: Box<dyn Bot>,
}

/// The most legal answers the prompt lists (and `legal` prints).
const MAX_OFFERED: usize = 40;

/// The one answer of a stepping pause.
pub const CONTINUE: &str = "continue";

/// Whether `game` pauses between two steps of a turn: its one legal answer
/// is `continue`.
pub fn is_pause(game: &dyn DynState) -> bool {
    game.legal_count() == 1 && game.legal_text(0).as_deref() == Some(CONTINUE)
}

/// One REPL session.
pub struct Session {
    games: Games,
    game_type: &'static GameType,
    start: serde_json::Value,
    timeline: Timeline,
    bots: Vec<Option<SeatBot>>,
    seed: u64,
    colour: bool,
    /// `run` was asked and a decision of this turn interrupted it: go on
    /// after the answer.
    running: Option<u32>,
    /// `show` alone draws the compact picture.
    compact_show: bool,
    /// The person last shown a hidden hand (who sits at the terminal).
    viewer: Option<Seat>,
    extension: Rc<dyn GameRepl>,
}

/// Turns stepping on in a game about to be kept.
fn stepping(mut game: Box<dyn DynState>) -> Box<dyn DynState> {
    game.set_stepping(true);
    game
}

impl Session {
    /// A session on `game` (one of `games`, which `load` may open
    /// again), just started from `start` (its record for `save`), with the
    /// game's extension `extension`; `seed` seeds the bots; `label` names
    /// the history's first point.
    pub fn new(
        games: &Games,
        game_type: &'static GameType,
        start: serde_json::Value,
        game: Box<dyn DynState>,
        extension: Box<dyn GameRepl>,
        seed: u64,
        label: &str,
    ) -> Session {
        let seats = game.seats();
        let viewer = game.to_decide();
        Session {
            games: games.clone(),
            game_type,
            start,
            timeline: Timeline::new(stepping(game), label),
            bots: (0..seats).map(|_| None).collect(),
            seed,
            colour: false,
            running: None,
            compact_show: false,
            viewer,
            extension: Rc::from(extension),
        }
    }

    /// A session on a game just started by its type's factory.
    pub fn started(
        games: &Games,
        game_type: &'static GameType,
        started: crate::engine::Started,
        seed: u64,
    ) -> Result<Session, ReplError> {
        let mut extension = (game_type.repl)();
        extension.started(&started.start)?;
        Ok(Session::new(
            games,
            game_type,
            started.start,
            started.game,
            extension,
            seed,
            "start",
        ))
    }

    /// A session on a replay's game, every answer replayed (one point
    /// each); `path` names it in errors.
    pub fn from_record(
        games: &Games,
        record: &Record,
        path: &str,
        seed: u64,
    ) -> Result<Session, ReplError> {
        let game_type = record
            .game_type(games)
            .map_err(|m| ReplError::new(format!("{path}: {m}")))?;
        let game = record
            .start_game(games, path)
            .map_err(|e| ReplError::new(e.to_string()))?;
        let mut extension = (game_type.repl)();
        extension.started(&record.start)?;
        let mut session = Session::new(
            games,
            game_type,
            record.start.clone(),
            game.boxed_clone(),
            extension,
            seed,
            "start",
        );
        let mut game = game;
        let count = record.answers.len();
        for (i, text) in record.answers.iter().enumerate() {
            game.apply_text(text)
                .map_err(|e| ReplError::new(format!("{path}: answer {} `{text}`: {e}", i + 1)))?;
            session
                .timeline
                .push_replayed(game.as_ref(), text.clone(), i + 1 == count);
        }
        Ok(session)
    }

    /// A session on a saved game (`.json`, any replay) or a scenario's
    /// position (`.toml`: the file's `game`, Twin Tin Bots when it names
    /// none, opens it through that game's extension).
    pub fn open(games: &Games, path: &Path, seed: u64) -> Result<Session, ReplError> {
        Session::open_under(games, path, seed, &[])
    }

    /// A session on a file as [`Session::open`] opens it, played under
    /// `pins` (`ID=READING`, `--ruling`) over the rulings the file keeps.
    pub fn open_under(
        games: &Games,
        path: &Path,
        seed: u64,
        pins: &[String],
    ) -> Result<Session, ReplError> {
        let shown = path.display().to_string();
        if path.extension().is_some_and(|e| e == "toml") {
            let text = crate::files::read_text(path, crate::files::FileKind::Scenario)
                .map_err(|e| ReplError::new(e.to_string()))?;
            let name = scenario_game(&text);
            let game_type = match &name {
                Some(name) => games
                    .find(name)
                    .map_err(|m| ReplError::new(format!("{shown}: in `game`: {m}")))?,
                None => games.default_game(),
            };
            let mut extension = (game_type.repl)();
            let mut opened = extension.load_scenario(path).unwrap_or_else(|| {
                Err(ReplError::new(format!(
                    "{shown}: the REPL cannot open scenarios of {} yet",
                    game_type.title
                )))
            })?;
            if !pins.is_empty() {
                let rulings = opened
                    .game
                    .rulings()
                    .clone()
                    .pinned(pins)
                    .map_err(|e| ReplError::new(format!("--ruling {e}")))?;
                opened.game.set_rulings(rulings);
                opened.start = game_type
                    .pinned_start(&opened.start, pins)
                    .map_err(|e| ReplError::new(e.0))?;
            }
            Ok(Session::new(
                games,
                game_type,
                opened.start,
                opened.game,
                extension,
                seed,
                &opened.label,
            ))
        } else {
            let record = Record::load(games, path)
                .and_then(|r| r.pinned(games, pins, &shown))
                .map_err(|e| ReplError::new(e.to_string()))?;
            Session::from_record(games, &record, &shown, seed)
        }
    }

    /// Whether pictures are drawn in colour (only on a terminal).
    pub fn set_colour(&mut self, colour: bool) {
        self.colour = colour;
    }

    /// Whether `show` alone draws the compact picture that fits an 80×24
    /// terminal (`show --full` then draws the long one) rather than the
    /// full one (`show --compact` then draws the short one). Off unless
    /// set: the REPL turns it on for a terminal.
    pub fn set_compact_show(&mut self, compact: bool) {
        self.compact_show = compact;
    }

    /// Keeps the settings of `before` (the session this one replaces).
    pub fn keep_settings(&mut self, before: &Session) {
        self.colour = before.colour;
        self.compact_show = before.compact_show;
    }

    /// The game where the user stands.
    pub fn game(&self) -> &dyn DynState {
        self.timeline.current().game()
    }

    /// The game where the user stands, as its concrete type `G`.
    pub fn game_as<G: 'static>(&self) -> Option<&G> {
        self.game().as_any().downcast_ref()
    }

    /// The registered game.
    pub fn game_type(&self) -> &'static GameType {
        self.game_type
    }

    /// The games this session may open (`load`).
    pub fn games(&self) -> &Games {
        &self.games
    }

    /// The game's REPL extension.
    pub fn extension(&self) -> &dyn GameRepl {
        self.extension.as_ref()
    }

    /// The extension as its concrete type `E`.
    pub fn extension_as<E: 'static>(&self) -> Option<&E> {
        self.extension.as_any().downcast_ref()
    }

    /// The history.
    pub fn timeline(&self) -> &Timeline {
        &self.timeline
    }

    /// The record of the game's start (a replay's `start`).
    pub fn start(&self) -> &serde_json::Value {
        &self.start
    }

    /// The seed of the bots.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Whether pictures are drawn in colour.
    pub fn colour(&self) -> bool {
        self.colour
    }

    /// Whether a bot plays `seat`.
    pub fn has_bot(&self, seat: Seat) -> bool {
        self.bots.get(seat).is_some_and(Option::is_some)
    }

    /// The name of a seat (its colour).
    pub fn seat_name(&self, seat: Seat) -> String {
        self.game().seat_name(seat)
    }

    /// The prompt: the turn, who decides, and what (`turn 1 red change> `).
    pub fn prompt(&self) -> String {
        let game = self.game();
        let who = game
            .to_decide()
            .map(|p| game.seat_name(p))
            .unwrap_or_default();
        format!("turn {} {who} {}> ", game.turn(), game.decision_text())
    }

    /// The answers offered now, as text: what the prompt lists, numbers
    /// choose and Tab completes (none at a stepping pause, or when there
    /// are too many to list).
    pub fn offered_answers(&self) -> Vec<String> {
        let game = self.game();
        if let Some(offered) = self.extension.offered_answers(game) {
            return offered;
        }
        if game.is_over() || is_pause(game) || game.legal_count() > MAX_OFFERED {
            return Vec::new();
        }
        (0..game.legal_count())
            .filter_map(|i| game.legal_text(i))
            .collect()
    }

    /// What is being asked now, as a line (with the answers listed when
    /// there are few).
    pub fn asked(&self) -> String {
        if let Some(line) = self.extension.asked(self) {
            return line;
        }
        let game = self.game();
        let Some(seat) = game.to_decide() else {
            return "the game is over".to_string();
        };
        let who = game.seat_name(seat);
        if is_pause(game) {
            return format!("{who}: `step` or `run`");
        }
        let offered = self.offered_answers();
        let answers = if offered.is_empty() {
            "(`legal` lists the answers)".to_string()
        } else {
            numbered(&offered)
        };
        let bot = if self.has_bot(seat) {
            " (or `turn` for its bot)".to_string()
        } else {
            String::new()
        };
        format!("{who} to answer: {}{bot}? {answers}", game.decision_text())
    }

    /// Runs one line; what it says goes to `out`. A refused line leaves
    /// the session as it was (the game, the history and where the user
    /// stands in it) and says nothing but why: a command that failed half
    /// way (a bot that fails on the third turn of `auto 5`) is undone
    /// whole. A line longer than [`super::MAX_LINE`] is refused unread.
    pub fn execute(&mut self, line: &str, out: &mut String) -> Result<Flow, ReplError> {
        if line.len() > super::MAX_LINE {
            return Err(ReplError::new(super::too_long(line.len())));
        }
        // The history's points are shared: keeping it costs a pointer a point.
        let timeline = self.timeline.clone();
        let (running, viewer) = (self.running, self.viewer);
        let said = out.len();
        let result = self.dispatch(line, out);
        let changed =
            !self.timeline.is_same(&timeline) || self.running != running || self.viewer != viewer;
        if result.is_err() && changed {
            // Undone whole: what it said of the steps undone is dropped
            // too. A line that changed nothing keeps what it printed (a
            // `lua` line's output before its error).
            self.timeline = timeline;
            self.running = running;
            self.viewer = viewer;
            out.truncate(said);
        }
        result
    }

    /// Runs one line's command.
    fn dispatch(&mut self, line: &str, out: &mut String) -> Result<Flow, ReplError> {
        let command = command::parse_with(line, self.extension.as_ref())?;
        match command {
            Command::Nothing => {}
            Command::Quit => return Ok(Flow::Quit),
            Command::Help(topic) => self.help(topic.as_deref(), out)?,
            Command::Show { full, who } => self.show(full, who.as_deref(), out)?,
            Command::ShowSvg { file, who } => self.show_svg(&file, who.as_deref(), out)?,
            Command::Where(piece) => self.where_(piece.as_deref(), out)?,
            Command::Hand => self.hand(out)?,
            Command::Answer(text) => self.answer(&text, false, out)?,
            Command::Bare(text) => self.answer(&text, true, out)?,
            Command::Legal => self.legal(out),
            Command::Step(n) => {
                for _ in 0..n {
                    if !self.step(out)? {
                        break;
                    }
                }
                self.after(out);
            }
            Command::Run => self.run(out)?,
            Command::Turn => self.bot_turn(out)?,
            Command::Undo(span) => self.travel(span, true, out),
            Command::Redo(span) => self.travel(span, false, out),
            Command::History => self.history(out),
            Command::Rulings => out.push_str(&self.game().rulings().in_force()),
            Command::Ruling { id, reading } => self.ruling(&id, &reading, out)?,
            Command::Goto(n) => {
                if !self.timeline.goto(n) {
                    return Err(ReplError::new(format!(
                        "goto: there is no point {n} (the history has 0 to {})",
                        self.timeline.points().len() - 1
                    )));
                }
                self.running = None;
                let _ = writeln!(out, "at {n}: {}", self.timeline.current().label);
                self.after(out);
            }
            Command::Save(file) => self.save(&file, out)?,
            Command::Load(file) => self.load(&file, out)?,
            Command::Export(file) => {
                let said = self.extension.export(self, &file).unwrap_or_else(|| {
                    Err(ReplError::new(format!(
                        "export: {} has no scenario files to write",
                        self.game_type.title
                    )))
                })?;
                out.push_str(&said);
            }
            Command::Bot { colour, bot } => self.set_bot(&colour, &bot, out)?,
            Command::Auto(turns) => self.auto(turns, out)?,
            Command::Game { name, args } => {
                let extension = Rc::clone(&self.extension);
                extension.run(self, name, &args, out)?;
            }
            Command::Clear => return Ok(Flow::Clear),
        }
        Ok(Flow::Go)
    }

    /// Says what is asked now, after a command that moved the game.
    pub fn after(&self, out: &mut String) {
        let _ = writeln!(out, "{}", self.asked());
    }

    /// The seat whose colour is `colour`, or an error naming the closest.
    pub fn seat_of(&self, colour: &str) -> Result<Seat, ReplError> {
        let game = self.game();
        let names: Vec<String> = (0..game.seats()).map(|s| game.seat_name(s)).collect();
        if let Some(seat) = names.iter().position(|n| n.eq_ignore_ascii_case(colour)) {
            return Ok(seat);
        }
        Err(unknown_name(
            colour,
            "a colour",
            names.iter().map(String::as_str),
            format!(
                "`{colour}` is not a colour in this game: {}",
                names.join(", ")
            ),
        ))
    }

    /// The seats that people play (no bot).
    fn people(&self) -> Vec<Seat> {
        (0..self.game().seats())
            .filter(|&s| !self.has_bot(s))
            .collect()
    }

    /// Who sees the game when nobody is named: the seat deciding, unless a
    /// bot plays it while people play other seats (a bot's seat is never
    /// shown to the others): then the person last shown, or the first
    /// person seated.
    pub fn viewer(&self) -> Option<Seat> {
        let game = self.game();
        let decider = game.to_decide();
        let people = self.people();
        match decider {
            Some(seat) if !self.has_bot(seat) || people.is_empty() => Some(seat),
            _ => self
                .viewer
                .filter(|v| people.contains(v))
                .or(people.first().copied())
                .or(decider),
        }
    }

    /// When the decision has passed to another person in a game with
    /// hidden information and more than one person at the table: the
    /// line that names the next player (`blue to change: press Enter`),
    /// said on a cleared screen before that player's hand is shown.
    pub fn handoff(&self) -> Option<String> {
        if self.game_type.information != Information::Imperfect || self.people().len() < 2 {
            return None;
        }
        let seat = self.game().to_decide()?;
        if self.has_bot(seat) || self.viewer == Some(seat) {
            return None;
        }
        Some(format!(
            "{} to {}: press Enter",
            self.game().seat_name(seat),
            self.game().decision_text()
        ))
    }

    /// The next player took the terminal: their hand, and the question.
    pub fn handed_over(&mut self) -> String {
        self.viewer = self.game().to_decide();
        let mut out = String::new();
        if let Some(seat) = self.viewer {
            let hand = self.game().private_text(seat);
            if !hand.is_empty() {
                out.push_str(&hand);
                if !hand.ends_with('\n') {
                    out.push('\n');
                }
            }
        }
        self.after(&mut out);
        out
    }

    fn help(&self, topic: Option<&str>, out: &mut String) -> Result<(), ReplError> {
        let extra = self.extension.commands();
        match topic {
            None => super::help::list(&command::listed(extra), self.extension.help_tail(), out),
            Some(name) => {
                let c = command::help_among(name, extra).ok_or_else(|| {
                    ReplError::new(format!(
                        "help: no command `{name}`{}",
                        command::did_you_mean(&command::suggestions_among(name, extra))
                    ))
                })?;
                super::help::one(&c, out);
            }
        }
        Ok(())
    }

    /// `show`: as the player deciding sees it, or a colour; `--all` is
    /// everything.
    fn show(
        &self,
        full: Option<bool>,
        who: Option<&str>,
        out: &mut String,
    ) -> Result<(), ReplError> {
        let viewer = match who {
            Some("--all") => None,
            Some(colour) => Some(self.seat_of(colour)?),
            None => self.viewer(),
        };
        let game = self.game();
        let picture = self
            .extension
            .show(game, viewer, full, self.compact_show, self.colour)
            .unwrap_or_else(|| game.picture(viewer, self.colour));
        out.push_str(&picture);
        if !picture.ends_with('\n') {
            out.push('\n');
        }
        Ok(())
    }

    /// `show --svg FILE`: the picture as SVG, seen as `show` would.
    fn show_svg(&self, file: &str, who: Option<&str>, out: &mut String) -> Result<(), ReplError> {
        let viewer = match who {
            Some("--all") => None,
            Some(colour) => Some(self.seat_of(colour)?),
            None => self.viewer(),
        };
        crate::files::write_whole(Path::new(file), self.game().svg(viewer).as_bytes())
            .map_err(|e| ReplError::new(e.to_string()))?;
        let _ = writeln!(out, "picture written to {file}");
        Ok(())
    }

    fn where_(&self, piece: Option<&str>, out: &mut String) -> Result<(), ReplError> {
        let game = self.game();
        let Some(name) = piece else {
            for line in game.where_lines() {
                let _ = writeln!(out, "{line}");
            }
            return Ok(());
        };
        let line = match self.extension.where_piece(game, name) {
            Some(line) => line?,
            None => {
                let lines = game.where_lines();
                let first =
                    |l: &String| l.split_whitespace().next().unwrap_or_default().to_string();
                match lines.iter().find(|l| first(l).eq_ignore_ascii_case(name)) {
                    Some(line) => line.clone(),
                    None => {
                        let names: Vec<String> = lines.iter().map(first).collect();
                        let what = self.extension.piece_word();
                        return Err(unknown_name(
                            name,
                            what,
                            names.iter().map(String::as_str),
                            format!("`{name}` is not {what} in play"),
                        ));
                    }
                }
            }
        };
        let _ = writeln!(out, "{line}");
        Ok(())
    }

    /// `hand`: what the seat deciding holds hidden, unless a bot plays it
    /// while people play other seats.
    fn hand(&self, out: &mut String) -> Result<(), ReplError> {
        let game = self.game();
        let seat = game
            .to_decide()
            .ok_or_else(|| ReplError::new("the game is over: nobody is deciding"))?;
        let who = game.seat_name(seat);
        if self.has_bot(seat) && !self.people().is_empty() {
            return Err(ReplError::new(format!(
                "{who} is played by a bot: its hand is not shown to the others"
            )));
        }
        let hand = game.private_text(seat);
        if hand.trim().is_empty() {
            let _ = writeln!(out, "{who} holds nothing hidden");
        } else {
            out.push_str(&hand);
            if !hand.ends_with('\n') {
                out.push('\n');
            }
        }
        Ok(())
    }

    /// `legal`: the legal answers, numbered, at most [`MAX_OFFERED`].
    fn legal(&self, out: &mut String) {
        let game = self.game();
        let count = game.legal_count();
        if count == 0 {
            let _ = writeln!(out, "no answers: {}", self.asked());
            return;
        }
        for i in 0..count.min(MAX_OFFERED) {
            if let Some(text) = game.legal_text(i) {
                let _ = writeln!(out, "{:>3}) {text}", i + 1);
            }
        }
        if count > MAX_OFFERED {
            let _ = writeln!(out, "... and {} more", count - MAX_OFFERED);
        }
    }

    /// Applies the answers `texts` in order to a copy of the game and, if
    /// every one is taken, keeps each as a new point labelled with it; the
    /// events go to `out`. One refused answer changes nothing: the error
    /// names it and the rule.
    pub fn apply_answers(&mut self, texts: &[String], out: &mut String) -> Result<(), ReplError> {
        let mut game = self.game().boxed_clone();
        let mut points = Vec::with_capacity(texts.len());
        let mut said = String::new();
        for (i, text) in texts.iter().enumerate() {
            let shown = game.apply_text(text).map_err(|refusal| {
                let error = self.extension.refused(self, text, &refusal);
                if texts.len() > 1 {
                    ReplError::new(format!(
                        "{error} (answer {} of {}: none of the line was applied)",
                        i + 1,
                        texts.len()
                    ))
                } else {
                    error
                }
            })?;
            write_events(game.as_ref(), &mut said);
            points.push((game.boxed_clone(), shown));
        }
        out.push_str(&said);
        for (game, shown) in points {
            self.timeline
                .push(game, shown.clone(), Move::Answer(shown.clone()));
        }
        Ok(())
    }

    /// Answers the decision asked with `text` (a bare line when `bare`):
    /// the game's reading, a number among the offered answers, or the
    /// text itself; answers separated by commas are a chain (all or none).
    fn answer(&mut self, text: &str, bare: bool, out: &mut String) -> Result<(), ReplError> {
        if self.game().is_over() {
            return Err(ReplError::new("the game is over"));
        }
        let texts: Vec<String> = match self.extension.answer(self, text) {
            Some(read) => vec![read?],
            None => {
                let parts: Vec<&str> = if self.extension.comma_chains() {
                    text.split(',').map(str::trim).collect()
                } else {
                    vec![text.trim()]
                };
                if parts.iter().any(|p| p.is_empty()) {
                    return Err(ReplError::new(format!(
                        "`{text}`: an empty answer between commas"
                    )));
                }
                let mut texts = Vec::with_capacity(parts.len());
                for part in parts {
                    texts.push(self.numbered_answer(part)?);
                }
                texts
            }
        };
        let applied = self.apply_answers(&texts, out);
        if let (Err(refused), true) = (&applied, bare) {
            // A line that is no command and whose first word begins no
            // legal answer: perhaps a typo of a command.
            let head = text.split_whitespace().next().unwrap_or_default();
            let close = command::suggestions_among(head, self.extension.commands());
            if !close.is_empty() && !begins_an_answer(self.game(), head) {
                return Err(command::unknown(head, self.extension.commands()).into());
            }
            return Err(ReplError::new(refused.0.clone()));
        }
        applied?;
        self.went_on(out)
    }

    /// After an answer: `run` goes on if a question interrupted it.
    pub fn went_on(&mut self, out: &mut String) -> Result<(), ReplError> {
        let turn = self.game().turn();
        if self.running == Some(turn) && is_pause(self.game()) {
            return self.run(out);
        }
        self.running = self
            .running
            .filter(|&t| t == turn && !self.game().is_over());
        self.after(out);
        Ok(())
    }

    /// `n` for the `n`th offered answer, else `text`.
    fn numbered_answer(&self, text: &str) -> Result<String, ReplError> {
        let Ok(n) = text.parse::<usize>() else {
            return Ok(text.to_string());
        };
        let offered = self.offered_answers();
        if offered.is_empty() {
            // A long list: `legal` numbers its first MAX_OFFERED answers.
            let game = self.game();
            let listed = game.legal_count().min(MAX_OFFERED);
            return Ok(
                match n.checked_sub(1).filter(|i| *i < listed && !is_pause(game)) {
                    Some(i) => game.legal_text(i).unwrap_or_else(|| text.to_string()),
                    None => text.to_string(),
                },
            );
        }
        match n.checked_sub(1).and_then(|i| offered.get(i)) {
            Some(answer) => Ok(answer.clone()),
            None => Err(ReplError::new(format!(
                "answer {n}: there are {} answers: {}",
                offered.len(),
                numbered(&offered)
            ))),
        }
    }

    /// One step; false when the game waits for something else than a step.
    fn step(&mut self, out: &mut String) -> Result<bool, ReplError> {
        if !is_pause(self.game()) {
            return Err(ReplError::new(format!("nothing to step: {}", self.asked())));
        }
        let mut game = self.game().boxed_clone();
        game.apply_index(0)
            .map_err(|e| ReplError::new(e.to_string()))?;
        write_events(game.as_ref(), out);
        self.timeline.push(game, "step", Move::Step);
        Ok(is_pause(self.game()))
    }

    /// Runs on to the next real decision (the end of the turn, or a
    /// question to answer, after which `run` goes on).
    pub fn run(&mut self, out: &mut String) -> Result<(), ReplError> {
        if !is_pause(self.game()) {
            self.running = None;
            return Err(ReplError::new(format!("nothing to run: {}", self.asked())));
        }
        let turn = self.game().turn();
        let mut game = self.game().boxed_clone();
        game.set_stepping(false);
        game.apply_index(0)
            .map_err(|e| ReplError::new(e.to_string()))?;
        write_events(game.as_ref(), out);
        game.set_stepping(true);
        let interrupted = !game.is_over() && game.turn() == turn && !is_pause(game.as_ref());
        self.running = interrupted.then_some(turn);
        self.timeline.push(game, "run", Move::Run);
        self.after(out);
        Ok(())
    }

    fn bot_of(&mut self, seat: Seat) -> Result<&mut SeatBot, ReplError> {
        let colour = self.seat_name(seat);
        self.bots[seat].as_mut().ok_or_else(|| {
            ReplError::new(format!(
                "{colour} has no bot: `bot {colour} random` or `bot {colour} greedy` (`tinbots bots` lists them)"
            ))
        })
    }

    /// Lets bots answer until the turn is over.
    fn bot_turn(&mut self, out: &mut String) -> Result<(), ReplError> {
        let Some(seat) = self.game().to_decide() else {
            return Err(ReplError::new("the game is over"));
        };
        let turn = self.game().turn();
        self.bot_of(seat)?;
        // A failing bot refuses the line: `execute` puts the game and the
        // history back as they were.
        let played = self.bot_turn_from(turn, out);
        self.running = None;
        played
    }

    /// Lets the bots answer until `turn` is over; a question for a player
    /// without a bot stops it, to be answered at the prompt.
    fn bot_turn_from(&mut self, turn: u32, out: &mut String) -> Result<(), ReplError> {
        while !self.game().is_over() && self.game().turn() == turn {
            if is_pause(self.game()) {
                self.run(out)?;
                continue;
            }
            let Some(seat) = self.game().to_decide() else {
                break;
            };
            if self.bots[seat].is_none() {
                let _ = writeln!(
                    out,
                    "{} has no bot: answer at the prompt",
                    self.seat_name(seat)
                );
                return Ok(());
            }
            let game = self.game().boxed_clone();
            let bot = self.bot_of(seat)?;
            let index = bot
                .bot
                .choose(game.as_ref())
                .map_err(|e| ReplError::new(e.to_string()))?;
            let text = game.legal_text(index).ok_or_else(|| {
                ReplError::new(format!(
                    "bot {} answered beyond the legal answers",
                    bot.spec.name()
                ))
            })?;
            let _ = writeln!(out, "{}: {text}", game.seat_name(seat));
            self.apply_answers(&[text], out)?;
        }
        Ok(())
    }

    fn auto(&mut self, turns: Option<u32>, out: &mut String) -> Result<(), ReplError> {
        // The rules may have no turn limit and random bots seldom finish:
        // `auto` alone stops where `play` does.
        let limit = turns.unwrap_or(crate::play::DEFAULT_MAX_TURNS);
        let progress = crate::progress::Progress::new(u64::from(limit), "turns");
        let mut played = 0;
        while let Some(seat) = self.game().to_decide().filter(|_| played < limit) {
            if self.bots[seat].is_none() {
                let _ = writeln!(out, "{} has no bot: stopping", self.seat_name(seat));
                break;
            }
            let turn = self.game().turn();
            let _ = writeln!(out, "turn {turn}, {}:", self.seat_name(seat));
            self.bot_turn(out)?;
            played += 1;
            progress.advance(1);
            if self.game().turn() == turn && !self.game().is_over() {
                break; // a question waits for a player without a bot
            }
        }
        if turns.is_none() && played == limit && !self.game().is_over() {
            let _ = writeln!(out, "stopped after {limit} turns (`auto N` plays N more)");
        }
        if self.game().is_over() {
            out.push_str(&self.game().summary());
        } else {
            self.after(out);
        }
        Ok(())
    }

    fn travel(&mut self, span: Span, back: bool, out: &mut String) {
        let moved = match (span, back) {
            (Span::Steps(n), true) => self.timeline.undo(n),
            (Span::Steps(n), false) => self.timeline.redo(n),
            (Span::Turn, true) => self.timeline.undo_turn(),
            (Span::Turn, false) => self.timeline.redo_turn(),
        };
        self.running = None;
        let (at, label) = (self.timeline.position(), &self.timeline.current().label);
        match (moved, back) {
            (0, true) => {
                let _ = writeln!(out, "nothing to undo: at {at}, the start ({label})");
            }
            (0, false) => {
                let _ = writeln!(out, "nothing to redo: at {at}, the latest point ({label})");
            }
            (_, true) => {
                let _ = writeln!(out, "back {moved} to {at}: {label}");
            }
            (_, false) => {
                let _ = writeln!(out, "forward {moved} to {at}: {label}");
            }
        }
        self.after(out);
    }

    fn history(&self, out: &mut String) {
        for (i, point) in self.timeline.points().iter().enumerate() {
            let marker = if i == self.timeline.position() {
                '>'
            } else {
                ' '
            };
            let _ = writeln!(
                out,
                "{marker}{i:>4}  turn {:<4} {}",
                point.played_in, point.label
            );
        }
    }

    /// The game where the user stands as a replay record (format 4).
    pub fn record(&self) -> Record {
        let mut record = Record::new(self.game_type, self.start.clone());
        record.answers = self.timeline.current().answers.to_vec();
        record
    }

    /// Reads the dispute `id` as `reading` from the next step on: a point
    /// of the history, so that `undo` goes back.
    fn ruling(&mut self, id: &str, reading: &str, out: &mut String) -> Result<(), ReplError> {
        let pin = format!("{id}={reading}");
        self.apply_ruling(&pin)?;
        let rulings = self.game().rulings();
        let dispute = rulings.dispute(id).map_err(|e| ReplError::new(e.0))?;
        let chosen = rulings.reading(dispute);
        let _ = writeln!(
            out,
            "{} = {} from the next step on: {} (`undo` goes back)",
            dispute.id, chosen.name, chosen.says
        );
        Ok(())
    }

    /// Pushes the game under the pin `ID=READING` as a point.
    fn apply_ruling(&mut self, pin: &str) -> Result<(), ReplError> {
        let mut game = self.game().boxed_clone();
        let rulings = game
            .rulings()
            .clone()
            .pinned(std::slice::from_ref(&pin.to_string()))
            .map_err(|e| ReplError::new(format!("ruling: {e}")))?;
        game.set_rulings(rulings);
        let label = format!("ruling {}", pin.replacen('=', " ", 1));
        self.timeline
            .push(game, label, Move::Ruling(pin.to_string()));
        Ok(())
    }

    /// The start record a save writes: the session's, under the rulings
    /// the user switched to before the first answer; a switch after an
    /// answer is refused (a replay plays under one set of rulings).
    fn start_to_save(&self) -> Result<serde_json::Value, ReplError> {
        let path = &self.timeline.points()[1..=self.timeline.position()];
        let mut pins = Vec::new();
        let mut answered = false;
        for (i, point) in path.iter().enumerate() {
            match &point.led_by {
                Move::Answer(_) => answered = true,
                Move::Ruling(pin) if answered => {
                    return Err(ReplError::new(format!(
                        "save: the ruling changed at point {} (`{}`), after answers were given; \
                         a replay plays under one set of rulings from its start: `undo` to \
                         before the change, or start again with `--ruling {pin}`",
                        i + 1,
                        point.label
                    )))
                }
                Move::Ruling(pin) => pins.push(pin.clone()),
                _ => {}
            }
        }
        self.game_type
            .pinned_start(&self.start, &pins)
            .map_err(|e| ReplError::new(format!("save: {e}")))
    }

    fn save(&self, file: &str, out: &mut String) -> Result<(), ReplError> {
        let mut record = self.record();
        record.start = self.start_to_save()?;
        record
            .save(Path::new(file))
            .map_err(|e| ReplError::new(e.to_string()))?;
        let _ = writeln!(
            out,
            "saved {} answers to {file}",
            self.timeline.current().answers.len()
        );
        Ok(())
    }

    fn load(&mut self, file: &str, out: &mut String) -> Result<(), ReplError> {
        let mut session = Session::open(&self.games, Path::new(file), self.seed)?;
        session.keep_settings(self);
        *self = session;
        let _ = writeln!(out, "loaded {file}");
        self.after(out);
        Ok(())
    }

    fn set_bot(&mut self, colour: &str, bot: &str, out: &mut String) -> Result<(), ReplError> {
        let seat = self.seat_of(colour)?;
        if bot == "none" {
            self.bots[seat] = None;
            let _ = writeln!(out, "{colour} is played at the prompt");
            return Ok(());
        }
        self.bots[seat] = Some(self.make_bot(BotSpec::parse(bot), seat)?);
        let _ = writeln!(out, "{colour} is played by {bot}");
        Ok(())
    }

    /// Makes the bot `spec` names for `seat`.
    fn make_bot(&self, spec: BotSpec, seat: Seat) -> Result<SeatBot, ReplError> {
        let bot = spec
            .make_for(self.game_type, seat_seed(self.seed, seat))
            .map_err(|e| ReplError::new(e.to_string()))?;
        Ok(SeatBot { spec, bot })
    }

    /// Makes every seat's bot again (their scripts read anew); returns the
    /// scripts read, as `colour path`. A failure changes nothing.
    pub fn reload_bots(&mut self) -> Result<Vec<String>, ReplError> {
        let mut bots = Vec::with_capacity(self.bots.len());
        let mut scripts = Vec::new();
        for (seat, bot) in self.bots.iter().enumerate() {
            let Some(bot) = bot else {
                bots.push(None);
                continue;
            };
            if let BotSpec::Lua(path) = &bot.spec {
                scripts.push(format!("{} {}", self.seat_name(seat), path.display()));
            }
            bots.push(Some(self.make_bot(bot.spec.clone(), seat)?));
        }
        self.bots = bots;
        Ok(scripts)
    }

    /// Plays the history to where the user stands again on `game` (the
    /// same start, with rules read anew), with the same labels; a move
    /// that no longer plays changes nothing and says which.
    pub fn replay_on(&mut self, game: Box<dyn DynState>) -> Result<(), ReplError> {
        let at = self.timeline.position();
        let label = self.timeline.points()[0].label.clone();
        let moves: Vec<Rc<Point>> = self.timeline.points()[1..=at].to_vec();
        let before = std::mem::replace(&mut self.timeline, Timeline::new(stepping(game), label));
        let mut said = String::new();
        for (i, point) in moves.iter().enumerate() {
            let replayed = match &point.led_by {
                Move::Start => Ok(()),
                Move::Answer(text) => self.apply_answers(std::slice::from_ref(text), &mut said),
                Move::Step => self.step(&mut said).map(|_| ()),
                Move::Run => self.run(&mut said),
                Move::Ruling(pin) => self.apply_ruling(pin),
            };
            if let Err(e) = replayed {
                self.timeline = before;
                self.running = None;
                return Err(ReplError::new(format!(
                    "point {} of the history (`{}`) no longer plays: {e}",
                    i + 1,
                    point.label
                )));
            }
        }
        self.running = None;
        Ok(())
    }
}

/// Whether `word` is the first word of one of the game's legal answers
/// (of the first thousand).
fn begins_an_answer(game: &dyn DynState, word: &str) -> bool {
    (0..game.legal_count().min(1000))
        .filter_map(|i| game.legal_text(i))
        .any(|t| t.split_whitespace().next() == Some(word))
}

/// The `game` field of a scenario file, if it has one.
fn scenario_game(text: &str) -> Option<String> {
    let table: toml::Table = text.parse().ok()?;
    table.get("game")?.as_str().map(str::to_string)
}

/// The events of the game's last answer, one sentence per line, indented,
/// each escaped for the terminal (a script's narration cannot drive it,
/// nor break the line).
fn write_events(game: &dyn DynState, out: &mut String) {
    for line in game.event_lines() {
        let _ = writeln!(out, "  {}", crate::escape::terminal(&line));
    }
}

/// The error for `word`, which is not `what` (`a robot`): "`word` is not a
/// robot, did you mean `x`?" with the closest of `known`, or `message` when
/// none is close.
pub fn unknown_name<'a>(
    word: &str,
    what: &str,
    known: impl IntoIterator<Item = &'a str>,
    message: String,
) -> ReplError {
    let close = command::closest(word, known);
    if close.is_empty() {
        ReplError::new(message)
    } else {
        ReplError::new(format!(
            "`{word}` is not {what}{}",
            command::did_you_mean(&close)
        ))
    }
}

/// `1) a  2) b ...`
pub fn numbered(items: &[String]) -> String {
    items
        .iter()
        .enumerate()
        .map(|(i, s)| format!("{}) {s}", i + 1))
        .collect::<Vec<_>>()
        .join("  ")
}
