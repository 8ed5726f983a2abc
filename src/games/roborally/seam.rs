//! RoboRally behind the seam ([`crate::engine`]): its entry in the list
//! of games, how a race starts from the command line's options, what
//! `tinbots check` does with its files (scenarios, boards, courses), and
//! [`Game`] as a [`State`], a [`Describe`] and a [`Named`] game.

use std::path::Path;

use crate::assets::Library;
use crate::engine::{
    self, rank, Checked, Describe, GameOptions, Information, Named, Outcome, Refusal, Rulings,
    SearchChoice, SearchSettings, Seat, Standing, Started, State, TranscriptPart,
};
use crate::registry::{self, GameType};

use super::courses::{self, FileKind};
use super::game::narrate::narrate;
use super::game::{Answer, Decision, Event, Game, Pc, LAST_REGISTER};
use super::picture;
use super::variant::VariantSet;

/// The course raced when none is named: the one-board course for 1 to 4
/// players, the big one above.
fn default_course(players: usize) -> &'static str {
    if players <= 4 {
        "yard"
    } else {
        "factory"
    }
}

/// The players of a race when none are asked for.
pub const DEFAULT_PLAYERS: usize = 2;

/// RoboRally in the list of games.
pub const TYPE: GameType = GameType {
    name: Game::NAME,
    title: "RoboRally",
    players: (1, 8),
    default_players: DEFAULT_PLAYERS,
    information: Information::Imperfect,
    options: &[COURSE],
    new: new_race,
    resume,
    claims,
    repl: || Box::new(super::repl::RoboRallyRepl),
    check,
    lua_bot: super::lua::RoboRallyLuaBot::boxed,
    play_bot: "planner",
    legacy_replay: None,
    scenario_position: Some(scenario_position),
    scenario_after: Some(scenario_after),
    variant_listing: Some(super::variant::listing),
    catalogues: &[COURSES],
    disputes: super::rulings::DISPUTES,
    rulebooks: super::rulebook::RULEBOOKS,
};

/// The courses `tinbots courses` lists: built in and the user's.
const COURSES: registry::Catalogue = registry::Catalogue {
    name: "courses",
    about: "List the RoboRally courses that can be named (`--course NAME`): built in and the \
            user's",
    list: |files| {
        COURSES.no_files(files)?;
        Ok(courses::listing(&Library::current()))
    },
};

/// The option naming the course raced (`--course NAME|FILE`).
pub const COURSE: engine::GameOption = engine::GameOption {
    name: "course",
    value_name: "NAME|FILE",
    help: "The course, by name (`tinbots courses` lists them) or file (RoboRally)",
    repeatable: false,
};

/// A race as the options ask: the course by name or file ([`COURSE`]),
/// every robot on its start square.
fn new_race(options: &GameOptions) -> Result<Started, engine::StartError> {
    let players = options.players.unwrap_or(DEFAULT_PLAYERS);
    let name = options
        .value(COURSE.name)
        .unwrap_or_else(|| default_course(players))
        .to_string();
    let course = courses::find(&name, &Library::current())
        .map_err(|e| engine::StartError(format!("--course {name}: {e}")))?;
    let (lo, hi) = course.players;
    if !(usize::from(lo)..=usize::from(hi)).contains(&players) {
        return Err(engine::StartError(format!(
            "course {} is made for {}; -p {players} given",
            crate::script::text::shown(&course.name),
            crate::wording::players(lo.into(), hi.into())
        )));
    }
    let set = VariantSet::load_with(&Library::current(), None, &options.variants)
        .map_err(|e| engine::StartError(format!("--variant: {e}")))?;
    let variants = set
        .for_game()
        .map_err(|e| engine::StartError(format!("--variant: {e}")))?;
    let rulings = set
        .rulings()
        .map_err(|e| engine::StartError(format!("--variant: {e}")))?
        .pinned(&options.rulings)
        .map_err(|e| engine::StartError(format!("--ruling {e}")))?;
    let lives = set.lives(players, course.boards);
    let game = Game::race_with(&course, players, options.seed, variants, lives, rulings)
        .map_err(|e| engine::StartError(e.message))?;
    let start = game.start_record();
    Ok(Started {
        game: Box::new(game),
        start,
    })
}

/// A race from its start record.
fn resume(record: &serde_json::Value) -> Result<Box<dyn engine::DynState>, engine::StartError> {
    let names = super::variant::recorded_names(record).map_err(engine::StartError)?;
    let variants = VariantSet::load_with(&Library::current(), None, &names)
        .and_then(|set| set.for_game())
        .map_err(|e| engine::StartError(format!("start record: variants: {e}")))?;
    super::game::resume_with(record, variants)
        .map(|g| Box::new(g) as Box<dyn engine::DynState>)
        .map_err(|e| engine::StartError(e.message))
}

/// Board and course files are RoboRally's: a course has `[[board]]`
/// tables, a board a `size` (and no Twin Tin Bots `arena`).
fn claims(table: &toml::Table) -> bool {
    table.get("board").is_some_and(toml::Value::is_array)
        || (table.contains_key("size") && !table.contains_key("arena"))
}

/// What a file that is not a scenario (it names no `game`) holds: `board`
/// or `course`; `None` for a scenario.
fn board_or_course(text: &str) -> Option<&'static str> {
    let is_scenario = text
        .parse::<toml::Table>()
        .ok()
        .is_some_and(|t| t.contains_key("game"));
    match courses::file_kind(text) {
        _ if is_scenario => None,
        Some(FileKind::Course) => Some("course"),
        Some(_) => Some("board"),
        None => None,
    }
}

/// The game after a scenario's turn, played as `check` plays it; a board
/// or course has no turn, which the error says.
fn scenario_after(path: &Path, pins: &[String]) -> Result<Box<dyn engine::DynState>, String> {
    let shown = path.display();
    let text = crate::files::read_text(path, crate::files::FileKind::Scenario)
        .map_err(|e| e.to_string())?;
    if let Some(what) = board_or_course(&text) {
        return Err(format!(
            "{shown}: a {what} file has no turn to play: --after is for scenarios"
        ));
    }
    let (game, _) = super::scenario::load(path)
        .and_then(|s| s.pinned(pins))
        .and_then(|s| s.play())
        .map_err(|e| e.to_string())?;
    Ok(Box::new(game))
}

/// The game a RoboRally file sets up (`tinbots render`): a course's race
/// at its start (seed 1, the default number of players, else the fewest
/// the course is made for); a scenario's position before its turn, as
/// the REPL's `load` opens it. A board alone has no start: refused.
fn scenario_position(path: &Path, pins: &[String]) -> Result<Box<dyn engine::DynState>, String> {
    let shown = crate::escape::terminal(&path.display().to_string()).into_owned();
    let text = crate::files::read_text(path, crate::files::FileKind::Scenario)
        .map_err(|e| e.to_string())?;
    if board_or_course(&text).is_none() {
        return super::repl::open(path, pins)
            .map(|opened| opened.game)
            .map_err(|e| e.to_string());
    }
    let mut first_error = None;
    for players in std::iter::once(None).chain((1..=8).map(Some)) {
        let options = GameOptions {
            players,
            seed: 1,
            rulings: pins.to_vec(),
            ..GameOptions::default()
        }
        .with(COURSE.name, path.display().to_string());
        match TYPE.start(&options) {
            Ok(started) => return Ok(started.game),
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    let e = first_error.map_or_else(String::new, |e| e.to_string());
    Err(format!("{shown}: {e}"))
}

/// A scenario (`game = "roborally"`) is run; a board or course file is
/// read and checked whole.
fn check(path: &Path, pins: &[String]) -> Result<Checked, String> {
    let text = crate::files::read_text(path, crate::files::FileKind::Scenario)
        .map_err(|e| e.to_string())?;
    if let Some(what) = board_or_course(&text) {
        let summary = courses::check_file(path).map_err(|e| e.to_string())?;
        return Ok(Checked {
            title: format!("a valid {what}: {summary}"),
            ..Checked::default()
        });
    }
    let report = super::scenario::check_file(path, pins).map_err(|e| e.to_string())?;
    // What the file wrote (its title, names in the differences) reaches
    // the terminal inert.
    let inert = |lines: Vec<String>| -> Vec<String> {
        lines
            .iter()
            .map(|l| crate::escape::terminal(l).into_owned())
            .collect()
    };
    Ok(Checked {
        title: crate::escape::terminal(&report.title).into_owned(),
        source: crate::escape::terminal(&report.source).into_owned(),
        differences: inert(report.differences),
        events: inert(report.events),
    })
}

impl State for Game {
    type Answer = Answer;
    type Event = Event;

    fn seats(&self) -> usize {
        self.robots.len()
    }
    fn seat_name(&self, seat: Seat) -> &str {
        self.robots.get(seat).map_or("?", |r| r.colour())
    }
    fn to_decide(&self) -> Option<Seat> {
        self.decision.map(|d| d.seat())
    }
    fn decision_text(&self) -> String {
        self.describe_decision()
    }
    fn legal_count(&self) -> usize {
        self.legal_len()
    }
    fn legal(&self, i: usize) -> Option<Answer> {
        self.legal_at(i)
    }
    fn apply(&mut self, answer: Answer) -> Result<(), Refusal> {
        self.answer(answer)
    }
    fn apply_legal(&mut self, answer: Answer) -> Result<(), Refusal> {
        self.answer_legal(answer)
    }
    fn events(&self) -> &[Event] {
        &self.events
    }
    fn rulings(&self) -> &Rulings {
        Game::rulings(self)
    }
    fn set_rulings(&mut self, rulings: Rulings) {
        Game::set_rulings(self, rulings);
    }
    fn narrate(&self, event: &Event) -> String {
        narrate(event, &|i| self.robots.get(i).map_or("?", |r| r.colour()))
    }
    fn answer_text(&self, answer: Answer) -> String {
        self.write_answer(answer)
    }
    fn parse_answer(&self, text: &str) -> Result<Answer, Refusal> {
        self.read_answer(text)
    }
    fn turn(&self) -> u32 {
        self.turn
    }
    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }
    fn is_over(&self) -> bool {
        self.outcome.is_some()
    }
    fn stop_at_turn_limit(&mut self) {
        if self.outcome.is_none() {
            self.outcome = Some(Outcome {
                winners: Vec::new(),
                reason: "stopped at the turn limit".to_string(),
                at_turn_limit: true,
            });
        }
        self.pc = Pc::Over;
        self.decision = None;
    }
    fn standings(&self) -> Vec<Standing> {
        rank(
            self.robots
                .iter()
                .enumerate()
                .map(|(i, r)| {
                    (
                        i,
                        vec![i64::from(r.flags), i64::from(r.lives), -i64::from(r.damage)],
                        format!("{} flags, {} lives, {} damage", r.flags, r.lives, r.damage),
                    )
                })
                .collect(),
        )
    }
    fn set_stepping(&mut self, on: bool) {
        self.stepping = on;
    }
    fn sample_hidden(&self, viewer: Seat, seed: u64) -> Self {
        self.resample(viewer, seed)
    }
    fn heuristic(&self, seat: Seat) -> f64 {
        super::heuristic::heuristic(self, seat)
    }
    fn playout_answer(&self) -> Option<usize> {
        super::playout::greedy_card(self)
    }
    /// The answer after which the best reward was seen (a program shows
    /// its worth only when all five registers are set, and the mean over
    /// random completions hides the one good program), with a larger
    /// exploration, and playouts of greedy cards four times in five
    /// ([`super::playout`]): chosen by matches against `racer` and
    /// `planner` (docs/tournaments.md). 4000 iterations a decision: about
    /// 15 ms of CPU, within the 20 ms a decision allowed.
    fn search_settings(&self) -> SearchSettings {
        SearchSettings {
            iterations: Some(4000),
            choice: Some(SearchChoice::Best),
            exploration: Some(0.3),
            quiet: Some(0.8),
            ..SearchSettings::NONE
        }
    }
}

impl Describe for Game {
    fn picture(&self, _viewer: Option<Seat>, colour: bool) -> String {
        picture::draw(&self.board, &self.robots, colour)
    }
    fn answer_is_public(&self) -> bool {
        // Cards go into registers face down.
        !matches!(self.decision, Some(Decision::Card { .. }))
    }
    fn svg(&self, viewer: Option<Seat>) -> String {
        let status = match &self.outcome {
            Some(o) => format!("over: {}", o.reason),
            None => match self.to_decide() {
                Some(seat) => format!(
                    "{} to decide: {}",
                    self.seat_name(seat),
                    self.decision_text()
                ),
                None => self.decision_text(),
            },
        };
        let title = format!("RoboRally, turn {}: {status}", self.turn);
        let panel = self.panel_blocks(viewer);
        super::svg::draw(&self.board, &self.robots, title, panel)
    }
    fn where_lines(&self) -> Vec<String> {
        self.robots
            .iter()
            .map(|r| {
                let tail = format!("damage {} lives {} flags {}", r.damage, r.lives, r.flags);
                match r.at {
                    Some(at) => format!(
                        "{} at {at} facing {} {tail}{}{}",
                        r.colour(),
                        r.facing,
                        if r.virtual_robot { " virtual" } else { "" },
                        if r.powered_down { " powered down" } else { "" }
                    ),
                    None => format!("{} destroyed archive {} {tail}", r.colour(), r.archive),
                }
            })
            .collect()
    }
    fn private_text(&self, viewer: Seat) -> String {
        let Some(r) = self.robots.get(viewer) else {
            return String::new();
        };
        let hand: Vec<String> = self.hands[viewer].iter().map(|c| c.to_string()).collect();
        let mut out = format!(
            "{} hand: {}\n",
            r.colour(),
            if hand.is_empty() {
                "(none)".to_string()
            } else {
                hand.join(", ")
            }
        );
        for reg in 1..=LAST_REGISTER {
            let card = r.program[usize::from(reg) - 1].map_or("-".to_string(), |c| c.to_string());
            let lock = if self.is_locked(viewer, reg) {
                " (locked)"
            } else {
                ""
            };
            out.push_str(&format!("register {reg}: {card}{lock}\n"));
        }
        out
    }
    fn check_invariants(&self) -> Result<(), String> {
        self.invariants()
    }
    fn transcript_part(&self) -> TranscriptPart {
        match self.decision() {
            Some(
                Decision::Card { .. } | Decision::PowerDown { .. } | Decision::ProgramOption { .. },
            ) => TranscriptPart::Main,
            Some(Decision::Facing { .. }) => TranscriptPart::Aside("facing:"),
            Some(Decision::StayOrWake { .. }) => TranscriptPart::Aside("powered down:"),
            Some(Decision::TwoWrench { .. }) => TranscriptPart::Aside("two wrenches:"),
            Some(Decision::DamageOption { .. }) => TranscriptPart::Aside("damage:"),
            Some(Decision::LoseOption { .. }) => TranscriptPart::Aside("loses:"),
            Some(Decision::UseOption { .. }) => TranscriptPart::Aside("option:"),
            Some(Decision::Weapon { .. }) => TranscriptPart::Aside("weapon:"),
            _ => TranscriptPart::Silent,
        }
    }
    fn summary(&self) -> String {
        super::game::summary::summary(self)
    }
}

impl Named for Game {
    const NAME: &'static str = "roborally";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_race_for_eight_plays_to_its_end_through_the_seam() {
        let options = GameOptions {
            players: Some(8),
            seed: 1,
            ..GameOptions::default()
        };
        let started = TYPE.start(&options).expect("the factory course seats 8");
        let mut game = started.game;
        let mut answers = Vec::new();
        while !game.is_over() && game.turn() <= 30 {
            let n = game.legal_count();
            assert!(n > 0, "{}", game.decision_text());
            let text = game.legal_text(answers.len() % n).expect("an answer");
            game.apply_text(&text).expect("a legal answer is taken");
            game.check_invariants().expect("invariants");
            answers.push(text);
        }
        let mut again = (TYPE.resume)(&started.start).expect("its own start");
        for text in &answers {
            again.apply_text(text).expect("the same answers replay");
        }
        assert_eq!(again.where_lines(), game.where_lines());
    }

    /// Plays `game` with the `k`th legal answer each time, for `steps`
    /// answers at most: the answers given, and every event narrated.
    fn play_on(game: &mut Box<dyn engine::DynState>, steps: usize) -> (Vec<String>, Vec<String>) {
        let (mut answers, mut told) = (Vec::new(), Vec::new());
        while !game.is_over() && answers.len() < steps {
            let n = game.legal_count();
            let text = game.legal_text(answers.len() * 7 % n).expect("an answer");
            game.apply_text(&text).expect("a legal answer is taken");
            told.extend(game.transcript_events());
            answers.push(text);
        }
        (answers, told)
    }

    #[test]
    fn a_race_started_under_pins_keeps_them_and_replays_under_them() {
        // By id, as the rulings list their pins.
        let pins = vec![
            "roborally.belts-into-pit=fall".to_string(),
            "roborally.virtual-stack-laser=first".to_string(),
            "roborally.wake-empty-locked=from-deck".to_string(),
        ];
        let mut cited = 0;
        for seed in 1..=SEEDS {
            let options = GameOptions {
                players: Some(4),
                seed,
                rulings: pins.clone(),
                ..GameOptions::default()
            }
            .with(COURSE.name, "crossing");
            let started = TYPE.start(&options).expect("a race under three readings");
            assert_eq!(started.game.rulings().pins(), pins);
            assert_eq!(
                started.start["rulings"],
                serde_json::json!({
                    "roborally.belts-into-pit": "fall",
                    "roborally.virtual-stack-laser": "first",
                    "roborally.wake-empty-locked": "from-deck",
                })
            );
            let mut game = started.game;
            let (answers, told) = play_on(&mut game, 3000);
            let mut again = (TYPE.resume)(&started.start).expect("its own start");
            assert_eq!(again.rulings().pins(), pins);
            let mut retold = Vec::new();
            for text in &answers {
                again.apply_text(text).expect("the same answers replay");
                retold.extend(again.transcript_events());
            }
            assert_eq!(
                retold, told,
                "seed {seed}: the replay tells the same events"
            );
            assert_eq!(again.where_lines(), game.where_lines());
            cited += told.iter().filter(|t| t.contains("[ruling ")).count();
        }
        assert!(cited > 0, "no ruling decided anything in {SEEDS} races");
        // A race at the defaults records no rulings.
        let plain = TYPE.start(&GameOptions::default()).expect("a race");
        assert!(plain.start.get("rulings").is_none());
    }

    /// The races [`a_race_started_under_pins_keeps_them_and_replays_under_them`]
    /// plays: enough for a disputed rule to decide something.
    const SEEDS: u64 = 12;

    #[test]
    fn a_record_s_rulings_are_read_strictly() {
        let started = TYPE.start(&GameOptions::default()).expect("a race");
        let mut record = started.start.clone();
        record["rulings"] = serde_json::json!({"roborally.belts-into-pit": "drop"});
        let e = (TYPE.resume)(&record).err().expect("refused");
        assert!(
            e.0.contains("`roborally.belts-into-pit` has no reading `drop`"),
            "{}",
            e.0
        );
        record["rulings"] = serde_json::json!({"roborally.belts-into-pit": "fall"});
        let resumed = (TYPE.resume)(&record).expect("a reading of the game");
        assert_eq!(resumed.rulings().pins(), ["roborally.belts-into-pit=fall"]);
    }

    #[test]
    fn options_it_cannot_honour_are_refused_by_name() {
        for (options, flag) in [
            (
                GameOptions::default().with("course", "nowhere"),
                "--course nowhere: ",
            ),
            (
                GameOptions {
                    players: Some(8),
                    ..GameOptions::default()
                }
                .with("course", "yard"),
                "course yard is made for 1 to 4 players; -p 8 given",
            ),
            (
                GameOptions {
                    variants: vec!["mud".into()],
                    ..GameOptions::default()
                },
                "--variant: ",
            ),
        ] {
            let e = TYPE.start(&options).err().expect("refused");
            assert!(e.0.starts_with(flag), "{}", e.0);
        }
    }

    #[test]
    fn boards_and_courses_are_claimed_and_twin_tin_bots_scenarios_are_not() {
        let t = |s: &str| s.parse::<toml::Table>().expect("TOML");
        assert!(claims(&t("name = \"b\"\nsize = [3, 3]")));
        assert!(claims(&t("[[board]]\nfile = \"b.toml\"\noffset = [0, 0]")));
        assert!(!claims(&t("title = \"t\"\nplayers = [\"red\", \"blue\"]")));
        assert!(!claims(&t("title = \"t\"\narena = \"small\"")));
    }
}
