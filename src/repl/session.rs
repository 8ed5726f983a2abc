//! A REPL session: the game's history, the bots, and what each command does.
//!
//! The game is kept in stepping mode ([`Game::set_stepping`]): after the
//! program changes the turn pauses, and `step` runs one order (or one part
//! of a compound order) at a time; `run` goes on to the next real decision.
//! Every answer and every step is a point of the [`Timeline`], so `undo`,
//! `redo` and `goto` reach any of them. [`Session::execute`] runs one line
//! and writes what it has to say into a string; nothing a line says can
//! panic or leave the game half-changed: a refused command changes nothing.

use std::fmt::Write as _;
use std::path::Path;
use std::sync::Arc;

use super::command::{self, Command, Span, COMMANDS};
use super::lua::LuaConsole;
use super::timeline::{Move, Point, Timeline};
use crate::bot::{seat_seed, Bot, BotSpec};
use crate::games::twin_tin_bots::game::{Answer, Decision, Game};
use crate::games::twin_tin_bots::orders::{OrderBook, Tile};
use crate::games::twin_tin_bots::pieces::{Colour, PlayerId};
use crate::games::twin_tin_bots::render::{text, wrap_words, RenderOptions};
use crate::games::twin_tin_bots::replay::{Replay, Start};
use crate::games::twin_tin_bots::scenario::{scenario_toml, Scenario};
use crate::games::twin_tin_bots::setup::Setup;
use crate::games::twin_tin_bots::variant::VariantSet;
use crate::script::orders::load_order_book;

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
    fn new(message: impl Into<String>) -> ReplError {
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

/// One REPL session.
pub struct Session {
    timeline: Timeline,
    start: Start,
    order_files: Vec<String>,
    orders: Arc<OrderBook>,
    variants: VariantSet,
    bots: Vec<Option<SeatBot>>,
    seed: u64,
    options: RenderOptions,
    /// `run` was asked and a decision interrupted it: go on after the answer.
    running: bool,
    /// `show` alone draws the compact picture.
    compact_show: bool,
    lua: Option<LuaConsole>,
}

/// Turns stepping on in a game about to be kept.
fn stepping(mut game: Game) -> Game {
    game.set_stepping(true);
    game
}

impl Session {
    /// A standard game for `players` with `variants`, dealt with `seed`.
    pub fn standard(
        players: usize,
        seed: u64,
        variants: &VariantSet,
    ) -> Result<Session, ReplError> {
        Session::standard_with_orders(players, seed, variants, &[])
    }

    /// A standard game with order files (`play --orders`): their new
    /// tiles join the special deck, their redefinitions apply; `reload`
    /// reads them again.
    pub fn standard_with_orders(
        players: usize,
        seed: u64,
        variants: &VariantSet,
        order_files: &[String],
    ) -> Result<Session, ReplError> {
        let book = load_order_book(order_files).map_err(|e| ReplError::new(e.to_string()))?;
        let start = if variants.is_empty() {
            let mut setup = Setup::standard(players).map_err(|e| ReplError::new(e.to_string()))?;
            setup.add_special_tiles(book.added());
            Start::Setup {
                setup: Box::new(setup),
                seed,
            }
        } else {
            let position = variants
                .standard_position(players, seed, book.added())
                .map_err(|e| ReplError::new(e.to_string()))?;
            Start::Position(Box::new(position))
        };
        Session::from_start(
            start,
            order_files.to_vec(),
            book,
            variants.clone(),
            seed,
            &[],
        )
    }

    /// A session on a saved game (`.json`) or a scenario's position (`.toml`).
    pub fn open(path: &Path, seed: u64) -> Result<Session, ReplError> {
        let is_toml = path.extension().is_some_and(|e| e == "toml");
        if is_toml {
            let scenario = Scenario::load(path).map_err(|e| ReplError::new(e.to_string()))?;
            let start = Start::Position(Box::new(scenario.position.clone()));
            let mut session = Session::from_start(
                start,
                Vec::new(),
                scenario.orders.clone(),
                scenario.variants.clone(),
                seed,
                &[],
            )?;
            let rules = scenario
                .rules()
                .map_err(|e| ReplError::new(e.to_string()))?;
            session.timeline = Timeline::new(
                stepping(
                    Game::with_rules(&scenario.position, rules)
                        .map_err(|e| ReplError::new(e.to_string()))?,
                ),
                format!("scenario {}: {}", path.display(), scenario.title()),
            );
            Ok(session)
        } else {
            let replay = Replay::load(path).map_err(|e| ReplError::new(e.to_string()))?;
            let answers = replay.answers.clone();
            Session::from_start(
                replay.start.clone(),
                replay.orders.clone(),
                replay.book().clone(),
                replay.variant_set().clone(),
                seed,
                &answers,
            )
        }
    }

    /// A session from a start, replaying `answers` (one point each).
    fn from_start(
        start: Start,
        order_files: Vec<String>,
        orders: Arc<OrderBook>,
        variants: VariantSet,
        seed: u64,
        answers: &[String],
    ) -> Result<Session, ReplError> {
        let rules = variants
            .rules(orders.clone())
            .map_err(|e| ReplError::new(e.to_string()))?;
        let mut game = Game::with_rules(&start.position(), rules)
            .map_err(|e| ReplError::new(e.to_string()))?;
        let players = game.players().len();
        let mut timeline = Timeline::new(stepping(game.clone()), "start");
        for (i, text) in answers.iter().enumerate() {
            let answer = game
                .parse_answer(text)
                .and_then(|a| game.apply(a).map_err(|e| e.to_string()))
                .map_err(|e| ReplError::new(format!("answer {} `{text}`: {e}", i + 1)));
            answer?;
            timeline.push(
                stepping(game.clone()),
                text.clone(),
                Move::Answer(text.clone()),
            );
        }
        Ok(Session {
            timeline,
            start,
            order_files,
            orders,
            variants,
            bots: (0..players).map(|_| None).collect(),
            seed,
            options: RenderOptions::PLAIN,
            running: false,
            compact_show: false,
            lua: None,
        })
    }

    /// How pictures are drawn (colour or not).
    pub fn set_render_options(&mut self, options: RenderOptions) {
        self.options = options;
    }

    /// Whether `show` alone draws the compact picture that fits an 80×24
    /// terminal (`show --full` then draws the long one) rather than the
    /// full one (`show --compact` then draws the short one). Off unless
    /// set: the REPL turns it on for a terminal.
    pub fn set_compact_show(&mut self, compact: bool) {
        self.compact_show = compact;
    }

    /// Keeps the settings of `before` (the session this one replaces, on
    /// `load` and `reload`).
    fn keep_settings(&mut self, before: &Session) {
        self.options = before.options;
        self.compact_show = before.compact_show;
    }

    /// The game where the user stands.
    pub fn game(&self) -> &Game {
        &self.timeline.current().game
    }

    /// The history.
    pub fn timeline(&self) -> &Timeline {
        &self.timeline
    }

    /// The colour of a seat.
    fn colour(&self, seat: PlayerId) -> Colour {
        self.game().colours()[seat]
    }

    /// The prompt: the turn, who decides, and what.
    pub fn prompt(&self) -> String {
        let game = self.game();
        let decision = game.decision();
        let who = decision
            .player()
            .map(|p| self.colour(p).name().to_string())
            .unwrap_or_default();
        let what = match decision {
            Decision::ProgramChange { .. } => "change",
            Decision::ZapEffect { .. } => "zap effect",
            Decision::CrystalPlacement { .. } => "crystal hex",
            Decision::ZapPush { .. } => "push direction",
            Decision::Continue { .. } => "step",
            Decision::GameOver => "game over",
        };
        format!("turn {} {who} {what}> ", game.turn())
    }

    /// The legal answers of a decision other than a program change (or a
    /// pause), as text: what the prompt offers, and Tab completes.
    pub fn offered_answers(&self) -> Vec<String> {
        let game = self.game();
        match game.decision() {
            Decision::ZapEffect { .. }
            | Decision::CrystalPlacement { .. }
            | Decision::ZapPush { .. } => game
                .legal_answer_list()
                .iter()
                .map(|a| game.answer_text(*a))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// What is being asked now, as a line (with the answers listed when
    /// the decision is not a program change).
    pub fn asked(&self) -> String {
        let game = self.game();
        let decision = game.decision();
        let who = decision
            .player()
            .map(|p| self.colour(p).name())
            .unwrap_or("");
        match decision {
            Decision::ProgramChange { .. } => {
                let seated = decision.player().is_some_and(|p| self.bots[p].is_some());
                if seated {
                    format!("{who} to make a program change (or `turn` for its bot)")
                } else {
                    format!("{who} to make a program change (`help place`), or `bot {who} random`")
                }
            }
            Decision::Continue { .. } => format!("{who}'s programs: `step` or `run`"),
            Decision::GameOver => "the game is over".to_string(),
            Decision::ZapEffect { zapper, target, .. } => format!(
                "{who}: what does {} do, zapped by {}? {}",
                game.robot_name(target),
                game.robot_name(zapper),
                numbered(&self.offered_answers())
            ),
            Decision::ZapPush { zapper, at, .. } => format!(
                "{who}: where does {} push the zapped {} at {at}? {}",
                game.robot_name(zapper),
                text::piece_name(game, at),
                numbered(&self.offered_answers())
            ),
            Decision::CrystalPlacement { crystal, .. } => format!(
                "{who}: where does the new {} ({}) go? {}",
                crystal.colour_name(),
                crystal.value(),
                numbered(&self.offered_answers())
            ),
        }
    }

    /// Runs one line; what it says goes to `out`.
    pub fn execute(&mut self, line: &str, out: &mut String) -> Result<Flow, ReplError> {
        let command = command::parse(line)?;
        match command {
            Command::Nothing => {}
            Command::Quit => return Ok(Flow::Quit),
            Command::Help(topic) => help(topic.as_deref(), out)?,
            Command::Show { full, who } => self.show(full, who.as_deref(), out)?,
            Command::Where(robot) => self.where_(robot.as_deref(), out)?,
            Command::Change(text) => self.change(&text, out)?,
            Command::Answer(text) => self.answer(&text, out)?,
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
            Command::Goto(n) => {
                if !self.timeline.goto(n) {
                    return Err(ReplError::new(format!(
                        "goto: there is no point {n} (the history has 0 to {})",
                        self.timeline.points().len() - 1
                    )));
                }
                let _ = writeln!(out, "at {n}: {}", self.timeline.current().label);
                self.after(out);
            }
            Command::Save(file) => self.save(&file, out)?,
            Command::Load(file) => self.load(&file, out)?,
            Command::Export(file) => self.export(&file, out)?,
            Command::Bot { colour, bot } => self.set_bot(&colour, &bot, out)?,
            Command::Auto(turns) => self.auto(turns, out)?,
            Command::Lua(code) => self.lua(&code, out)?,
            Command::Reload => self.reload(out)?,
            Command::Clear => return Ok(Flow::Clear),
        }
        Ok(Flow::Go)
    }

    /// Says what is asked now, after a command that moved the game.
    fn after(&self, out: &mut String) {
        let _ = writeln!(out, "{}", self.asked());
    }

    fn seat_of(&self, colour: &str) -> Result<PlayerId, ReplError> {
        let seated: Vec<&str> = self.game().colours().iter().map(|c| c.name()).collect();
        let parsed: Colour = colour
            .parse()
            .map_err(|e| unknown_name(colour, "a colour", seated, format!("{e}")))?;
        crate::games::twin_tin_bots::pieces::seat_of(self.game().colours(), parsed)
            .map_err(|e| ReplError::new(e.to_string()))
    }

    /// The robot named `name`, or an error suggesting the closest robots.
    fn robot_named(
        &self,
        name: &str,
    ) -> Result<crate::games::twin_tin_bots::pieces::RobotId, ReplError> {
        let game = self.game();
        crate::games::twin_tin_bots::game::parse_robot(game.colours(), name).map_err(|message| {
            let robots = self.robot_names();
            unknown_name(name, "a robot", robots.iter().map(String::as_str), message)
        })
    }

    /// The names of the robots in play.
    fn robot_names(&self) -> Vec<String> {
        let game = self.game();
        game.robots()
            .iter()
            .flatten()
            .map(|r| game.robot_name(r.id))
            .collect()
    }

    /// Why the program change `text` does not parse: the robot or tile
    /// misspelled, with the closest names, or the game's `message`.
    fn change_error(&self, text: &str, message: String) -> ReplError {
        let words: Vec<&str> = text.split_whitespace().collect();
        if let Some(robot) = words.get(1) {
            if let Err(e) = self.robot_named(robot) {
                return e;
            }
        }
        match (words.first(), words.get(3)) {
            (Some(&"place"), Some(tile)) if tile.parse::<Tile>().is_err() => {
                let tiles = Tile::known().map(Tile::name);
                unknown_name(tile, "an order tile", tiles, message)
            }
            _ => ReplError::new(message),
        }
    }

    /// `show`: compact or full (`full`, else the session's default); as
    /// the player deciding sees it, or a colour; `--all` is the full form
    /// with every hand.
    fn show(
        &self,
        full: Option<bool>,
        who: Option<&str>,
        out: &mut String,
    ) -> Result<(), ReplError> {
        let game = self.game();
        let viewer = match who {
            Some("--all") => None,
            Some(colour) => Some(self.seat_of(colour)?),
            None => Some(game.decision().player().unwrap_or(game.active())),
        };
        match viewer {
            Some(seat) if !full.unwrap_or(!self.compact_show) => {
                out.push_str(&text::show_compact(game, seat, &self.options));
            }
            _ => out.push_str(&text::show(game, viewer, &self.options)),
        }
        Ok(())
    }

    fn where_(&self, robot: Option<&str>, out: &mut String) -> Result<(), ReplError> {
        let game = self.game();
        match robot {
            None => out.push_str(&text::where_all(game)),
            Some(name) => {
                let id = self.robot_named(name)?;
                let line = text::where_line(game, id)
                    .ok_or_else(|| ReplError::new(format!("{name} is not in play")))?;
                let _ = writeln!(out, "{line}");
            }
        }
        Ok(())
    }

    /// Applies `answer` to a copy of the game and keeps it as a new point;
    /// the events go to `out`. An illegal answer changes nothing.
    fn apply(&mut self, answer: Answer, label: String, out: &mut String) -> Result<(), ReplError> {
        let mut game = self.game().clone();
        let text = game.answer_text(answer);
        game.apply(answer)
            .map_err(|e| ReplError::new(format!("`{text}` is not allowed: {e}")))?;
        write_events(&game, out);
        let led_by = if answer == Answer::Continue {
            Move::Step
        } else {
            Move::Answer(text)
        };
        self.timeline.push(game, label, led_by);
        Ok(())
    }

    fn change(&mut self, text: &str, out: &mut String) -> Result<(), ReplError> {
        let game = self.game();
        match game.decision() {
            Decision::ProgramChange { .. } => {}
            Decision::Continue { .. } => {
                return Err(ReplError::new(
                    "the turn is running: `step` or `run` it first (program changes come at the start of a turn)",
                ))
            }
            _ => return Err(ReplError::new(format!("not now: {}", self.asked()))),
        }
        let answer = game
            .parse_answer(text)
            .map_err(|message| self.change_error(text, message))?;
        self.apply(answer, text.to_string(), out)?;
        self.after(out);
        Ok(())
    }

    fn answer(&mut self, text: &str, out: &mut String) -> Result<(), ReplError> {
        let game = self.game();
        let answer = match game.decision() {
            Decision::ZapEffect { .. }
            | Decision::CrystalPlacement { .. }
            | Decision::ZapPush { .. } => {
                let offered = self.offered_answers();
                let chosen = match text.trim().parse::<usize>() {
                    Ok(n) if (1..=offered.len()).contains(&n) => offered[n - 1].clone(),
                    Ok(n) => {
                        return Err(ReplError::new(format!(
                            "answer {n}: there are {} answers: {}",
                            offered.len(),
                            numbered(&offered)
                        )))
                    }
                    Err(_) => text.trim().to_string(),
                };
                game.parse_answer(&chosen).map_err(|e| {
                    ReplError::new(format!("{e}; the answers: {}", numbered(&offered)))
                })?
            }
            Decision::GameOver => return Err(ReplError::new("the game is over")),
            _ => {
                return Err(ReplError::new(format!(
                    "there is no question to answer: {}",
                    self.asked()
                )))
            }
        };
        let label = game.answer_text(answer);
        self.apply(answer, label, out)?;
        // After `run` was interrupted by a question, go on running, unless
        // another question comes first.
        match self.game().decision() {
            Decision::Continue { .. } if self.running => return self.run(out),
            Decision::ZapEffect { .. }
            | Decision::CrystalPlacement { .. }
            | Decision::ZapPush { .. } => {}
            _ => self.running = false,
        }
        self.after(out);
        Ok(())
    }

    /// One step; false when the game waits for something else than a step.
    fn step(&mut self, out: &mut String) -> Result<bool, ReplError> {
        match self.game().decision() {
            Decision::Continue { .. } => {
                self.apply(Answer::Continue, "step".into(), out)?;
                Ok(matches!(self.game().decision(), Decision::Continue { .. }))
            }
            _ => Err(ReplError::new(format!("nothing to step: {}", self.asked()))),
        }
    }

    /// Runs on to the next real decision (the end of the turn, or a
    /// question to answer, after which `run` goes on).
    fn run(&mut self, out: &mut String) -> Result<(), ReplError> {
        if !matches!(self.game().decision(), Decision::Continue { .. }) {
            self.running = false;
            return Err(ReplError::new(format!("nothing to run: {}", self.asked())));
        }
        let mut game = self.game().clone();
        game.set_stepping(false);
        game.apply(Answer::Continue)
            .map_err(|e| ReplError::new(e.to_string()))?;
        write_events(&game, out);
        game.set_stepping(true);
        let interrupted = matches!(
            game.decision(),
            Decision::ZapEffect { .. }
                | Decision::CrystalPlacement { .. }
                | Decision::ZapPush { .. }
        );
        self.running = interrupted;
        self.timeline.push(game, "run", Move::Run);
        self.after(out);
        Ok(())
    }

    fn bot_of(&mut self, seat: PlayerId) -> Result<&mut SeatBot, ReplError> {
        let colour = self.colour(seat);
        self.bots[seat].as_mut().ok_or_else(|| {
            ReplError::new(format!(
                "{colour} has no bot: `bot {colour} random` or `bot {colour} greedy` (`tinbots bots` lists them)"
            ))
        })
    }

    /// Lets bots answer until the active player's turn is over.
    fn bot_turn(&mut self, out: &mut String) -> Result<(), ReplError> {
        let (turn, active) = (self.game().turn(), self.game().active());
        if self.game().is_over() {
            return Err(ReplError::new("the game is over"));
        }
        self.bot_of(active)?;
        // A failing bot leaves the game where the command found it (what
        // was played stays reachable with `redo`).
        let start = self.timeline.position();
        let played = self.bot_turn_from(turn, active, out);
        if played.is_err() {
            self.timeline.goto(start);
        }
        self.running = false;
        played
    }

    /// Lets the bots answer until `turn` is over; a question for a player
    /// without a bot stops it, to be answered at the prompt.
    fn bot_turn_from(
        &mut self,
        turn: u32,
        active: PlayerId,
        out: &mut String,
    ) -> Result<(), ReplError> {
        while !self.game().is_over() && self.game().turn() == turn {
            let decision = self.game().decision();
            if let Decision::Continue { .. } = decision {
                self.run(out)?;
                continue;
            }
            let seat = decision.player().unwrap_or(active);
            if self.bots[seat].is_none() {
                let _ = writeln!(
                    out,
                    "{} has no bot: answer at the prompt",
                    self.colour(seat).name()
                );
                return Ok(());
            }
            let game = self.game().clone();
            let bot = self.bot_of(seat)?;
            let index = bot
                .bot
                .choose(&game)
                .map_err(|e| ReplError::new(e.to_string()))?;
            let answer = game.legal_answer(index).ok_or_else(|| {
                ReplError::new(format!(
                    "bot {} answered beyond the legal answers",
                    bot.spec.name()
                ))
            })?;
            let text = game.answer_text(answer);
            let _ = writeln!(out, "{}: {text}", self.colour(seat).name());
            self.apply(answer, text, out)?;
        }
        Ok(())
    }

    fn auto(&mut self, turns: Option<u32>, out: &mut String) -> Result<(), ReplError> {
        // The rules have no turn limit and random bots seldom finish: `auto`
        // alone stops where `play` does.
        let limit = turns.unwrap_or(crate::play::DEFAULT_MAX_TURNS);
        let progress = crate::progress::Progress::new(u64::from(limit), "turns");
        let mut played = 0;
        while !self.game().is_over() && played < limit {
            let active = self.game().active();
            if self.bots[active].is_none() {
                let _ = writeln!(out, "{} has no bot: stopping", self.colour(active).name());
                break;
            }
            let turn = self.game().turn();
            let _ = writeln!(out, "turn {turn}, {}:", self.colour(active).name());
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
            out.push_str(&crate::games::twin_tin_bots::summary::summary(self.game()));
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
        self.running = false;
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

    fn replay(&self) -> Replay {
        let mut replay = Replay::with_variants(
            self.start.clone(),
            self.order_files.clone(),
            self.orders.clone(),
            self.variants.clone(),
        );
        replay.answers = self.timeline.current().answers.clone();
        replay
    }

    fn save(&self, file: &str, out: &mut String) -> Result<(), ReplError> {
        self.replay()
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
        let mut session = Session::open(Path::new(file), self.seed)?;
        session.keep_settings(self);
        *self = session;
        let _ = writeln!(out, "loaded {file}");
        self.after(out);
        Ok(())
    }

    fn export(&self, file: &str, out: &mut String) -> Result<(), ReplError> {
        let game = self.game();
        let mut notes = vec![format!(
            "exported by tinbots repl at turn {} ({})",
            game.turn(),
            self.timeline.current().label
        )];
        if let Decision::Continue { .. } = game.decision() {
            notes.push("taken in the middle of a turn: the file holds the position, and its turn starts again".into());
        }
        if game.countdown().end_phase {
            notes.push(format!(
                "the countdown (end phase, {} counters left) is not part of a scenario file",
                game.countdown().counters
            ));
        }
        let text = scenario_toml(
            &game.position(),
            "exported position",
            &notes,
            &self.variants.names(),
        );
        std::fs::write(file, text).map_err(|e| ReplError::new(format!("{file}: {e}")))?;
        let _ = writeln!(
            out,
            "wrote {file}: fill in its [turn] and [expect], then `tinbots check {file}`"
        );
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

    /// Makes the bot `spec` names for `seat` (`bot` and `reload` both).
    fn make_bot(&self, spec: BotSpec, seat: PlayerId) -> Result<SeatBot, ReplError> {
        let bot = spec
            .make(seat_seed(self.seed, seat))
            .map_err(|e| ReplError::new(e.to_string()))?;
        Ok(SeatBot { spec, bot })
    }

    /// Reads the bot scripts, order files and variants again and, when
    /// the rules may have changed, replays the game's answers with them to
    /// the same point; says what it read. A failure changes nothing.
    fn reload(&mut self, out: &mut String) -> Result<(), ReplError> {
        let mut bots = Vec::with_capacity(self.bots.len());
        let mut scripts = Vec::new();
        for (seat, bot) in self.bots.iter().enumerate() {
            let Some(bot) = bot else {
                bots.push(None);
                continue;
            };
            if let BotSpec::Lua(path) = &bot.spec {
                scripts.push(format!("{} {}", self.colour(seat), path.display()));
            }
            bots.push(Some(self.make_bot(bot.spec.clone(), seat)?));
        }
        let rules_from_files = !self.order_files.is_empty() || !self.variants.is_empty();
        if rules_from_files {
            let book = if self.order_files.is_empty() {
                self.orders.clone()
            } else {
                load_order_book(&self.order_files).map_err(|e| ReplError::new(e.to_string()))?
            };
            let variants = self
                .variants
                .reload()
                .map_err(|e| ReplError::new(e.to_string()))?;
            let mut session = Session::from_start(
                self.start.clone(),
                self.order_files.clone(),
                book,
                variants,
                self.seed,
                &[],
            )?;
            let at = self.timeline.position();
            session.replay_moves(&self.timeline.points()[1..=at])?;
            session.keep_settings(self);
            *self = session;
        }
        self.bots = bots;
        if scripts.is_empty() && !rules_from_files {
            let _ = writeln!(
                out,
                "nothing to reload: no bot script, order file or variant in this game"
            );
            return Ok(());
        }
        let listed = |items: &[String]| {
            if items.is_empty() {
                "none".to_string()
            } else {
                items.join(", ")
            }
        };
        let _ = writeln!(out, "reloaded bot scripts: {}", listed(&scripts));
        if rules_from_files {
            let _ = writeln!(out, "reloaded order files: {}", listed(&self.order_files));
            let _ = writeln!(out, "reloaded variants: {}", listed(&self.variants.names()));
            let _ = writeln!(
                out,
                "the game was replayed with them to the same step: point {} of the history, turn {}",
                self.timeline.position(),
                self.game().turn()
            );
        }
        Ok(())
    }

    /// Plays the moves of `points` again, from where this session stands,
    /// with the same labels (answers, steps and runs alike).
    fn replay_moves(&mut self, points: &[Point]) -> Result<(), ReplError> {
        let mut said = String::new();
        for (i, point) in points.iter().enumerate() {
            let replayed = match &point.led_by {
                Move::Start => Ok(()),
                Move::Answer(text) => self
                    .game()
                    .parse_answer(text)
                    .map_err(ReplError::new)
                    .and_then(|a| self.apply(a, point.label.clone(), &mut said)),
                Move::Step => self.apply(Answer::Continue, point.label.clone(), &mut said),
                Move::Run => self.run(&mut said),
            };
            replayed.map_err(|e| {
                ReplError::new(format!(
                    "point {} of the history (`{}`) no longer plays: {e}",
                    i + 1,
                    point.label
                ))
            })?;
        }
        self.running = false;
        Ok(())
    }

    fn lua(&mut self, code: &str, out: &mut String) -> Result<(), ReplError> {
        let game = self.game();
        let view = game.view(game.decision().player().unwrap_or(game.active()));
        let console = match &mut self.lua {
            Some(console) => console,
            empty => empty.insert(LuaConsole::new().map_err(|e| ReplError::new(e.to_string()))?),
        };
        let outcome = console.run(code, &view);
        out.push_str(&outcome.said);
        match outcome.error {
            Some(error) => Err(ReplError::new(error.to_string())),
            None => Ok(()),
        }
    }

    /// Bytes held by the sandbox of `lua` lines (none before the first),
    /// after a full garbage collection.
    pub fn lua_memory(&self) -> usize {
        self.lua.as_ref().map_or(0, LuaConsole::used_memory)
    }
}

/// The events of the game's last answer, one sentence per line, indented.
fn write_events(game: &Game, out: &mut String) {
    for e in game.events() {
        let _ = writeln!(out, "  {}", game.describe(e));
    }
}

/// The error for `word`, which is not `what` (`a robot`): "`word` is not a
/// robot, did you mean `x`?" with the closest of `known`, or `message` when
/// none is close.
fn unknown_name<'a>(
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
fn numbered(items: &[String]) -> String {
    items
        .iter()
        .enumerate()
        .map(|(i, s)| format!("{}) {s}", i + 1))
        .collect::<Vec<_>>()
        .join("  ")
}

/// Width of the usage column of `help`; a longer usage has its summary on
/// the next line.
const USAGE_COLUMN: usize = 30;

fn help(topic: Option<&str>, out: &mut String) -> Result<(), ReplError> {
    let indent = " ".repeat(USAGE_COLUMN + 2);
    match topic {
        None => {
            for c in COMMANDS {
                let head = if c.usage.len() <= USAGE_COLUMN - 2 {
                    format!("  {:<width$}", c.usage, width = USAGE_COLUMN)
                } else {
                    let _ = writeln!(out, "  {}", c.usage);
                    indent.clone()
                };
                wrap_words(out, &head, c.summary, &indent);
            }
            wrap_words(
                out,
                "",
                "`help <command>` for more; Tab completes commands, robots, slots and tiles.",
                "",
            );
        }
        Some(name) => {
            let c = command::help_of(name).ok_or_else(|| {
                ReplError::new(format!(
                    "help: no command `{name}`{}",
                    command::did_you_mean(&command::suggestions(name))
                ))
            })?;
            let _ = writeln!(out, "{}", c.usage);
            wrap_words(out, "  ", c.summary, "  ");
            if !c.details.is_empty() {
                wrap_words(out, "  ", c.details, "  ");
            }
        }
    }
    Ok(())
}
