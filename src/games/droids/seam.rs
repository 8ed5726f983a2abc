//! Droids behind the seam ([`crate::engine`]): its entry in the list of
//! games, how a game starts from the command line's options, what
//! `tinbots check` does with its files (scenarios and mission files), and
//! [`Game`] as a [`State`] (decisions, answers by index and as text,
//! events, the end and the standings), a [`Describe`] (the board as text,
//! one line per robot, a player's own tiles, the summary, the invariants)
//! and a [`Named`] game.
//!
//! The mission is named by `--mission` ([`MISSION`]: a number,
//! a name or a mission file, with `:SETTING` for mission 7's killer
//! model); mission 1, the challenge, when none is named. Where the
//! mission lets its players choose their colours (mission 7), `--colour`
//! ([`COLOUR`]) seats them.

use std::collections::HashSet;
use std::path::Path;

use crate::engine::{
    self, Checked, Describe, GameOptions, Information, Named, Outcome, Refusal, SearchSettings,
    Seat, Standing, Started, State, TranscriptPart,
};
use crate::registry::{self, GameType};

use super::board::{Mission, Piece, Terrain};
use super::game::{
    answer, narrate, record, Answer, Carried, Event, Game, Phase, RobotId, REGISTER_SLOTS,
};
use super::mission::Chosen;
use super::tiles::{self, Colour, Tile};

/// The mission played when none is named.
pub const DEFAULT_MISSION: &str = "challenge";

/// The players when none are asked for.
pub const DEFAULT_PLAYERS: usize = 2;

/// Droids in the list of games.
pub const TYPE: GameType = GameType {
    name: Game::NAME,
    title: "Droids",
    players: (1, 4),
    default_players: DEFAULT_PLAYERS,
    information: Information::Imperfect,
    options: &[MISSION, COLOUR],
    new: new_game,
    resume,
    claims,
    repl: || Box::new(super::repl::DroidsRepl),
    check,
    lua_bot: super::lua::DroidsLuaBot::boxed,
    // Random players are put out in the first round (seed line 133): the
    // goal bot plays each mission to its end (issue 34).
    play_bot: "goal",
    legacy_replay: None,
    scenario_position: Some(scenario_position),
    scenario_after: Some(scenario_after),
    variant_listing: None,
    catalogues: &[MISSIONS],
    disputes: super::rulings::DISPUTES,
    rulebooks: super::rulebook::RULEBOOKS,
};

/// The game at the position a Droids file sets up: a scenario's before
/// its orders, a mission file's at its start (the fewest players it
/// seats, seed 1, its script's `setup` run).
fn scenario_position(
    path: &std::path::Path,
    pins: &[String],
) -> Result<Box<dyn engine::DynState>, String> {
    let text = crate::files::read_text(path, crate::files::FileKind::Scenario)
        .map_err(|e| e.to_string())?;
    if is_mission_file(&text) {
        let shown = path.display().to_string();
        let (mission, hooks) = Chosen::find(&shown).and_then(|c| c.load())?;
        let players = mission.players.0;
        let rulings = TYPE.rulings(pins).map_err(|e| e.0)?;
        let mix = tiles::TileMix::standard();
        return Game::with_rulings(mission, players, 1, mix, hooks, rulings)
            .map(|game| Box::new(game) as Box<dyn engine::DynState>)
            .map_err(|e| format!("{shown}: with {players} players: {}", e.message));
    }
    super::scenario::position_file(path, pins)
        .map(|game| Box::new(game) as Box<dyn engine::DynState>)
        .map_err(|e| e.to_string())
}

/// Whether `text` is a mission file: it has `rows` and a `mission`
/// number (a scenario names its mission as text).
fn is_mission_file(text: &str) -> bool {
    text.parse::<toml::Table>().is_ok_and(|t| {
        t.get("mission").is_some_and(toml::Value::is_integer) && t.contains_key("rows")
    })
}

/// The game after a Droids scenario file's orders and answers.
fn scenario_after(
    path: &std::path::Path,
    pins: &[String],
) -> Result<Box<dyn engine::DynState>, String> {
    let text = crate::files::read_text(path, crate::files::FileKind::Scenario)
        .map_err(|e| e.to_string())?;
    if is_mission_file(&text) {
        return Err(format!(
            "{}: a mission file has no turn to play: draw its start without --after",
            crate::escape::terminal(&path.display().to_string())
        ));
    }
    super::scenario::after_file(path, pins)
        .map(|game| Box::new(game) as Box<dyn engine::DynState>)
        .map_err(|e| e.to_string())
}

/// The missions `tinbots missions` lists: the built-in ones.
const MISSIONS: registry::Catalogue = registry::Catalogue {
    name: "missions",
    about: "List the Droids missions that can be named (`--mission N|NAME`)",
    list: |files| {
        MISSIONS.no_files(files)?;
        super::mission::listing()
    },
};

/// The option naming the mission played (`--mission N|NAME|FILE`).
pub const MISSION: engine::GameOption = engine::GameOption {
    name: "mission",
    value_name: "N|NAME|FILE",
    help: "The mission, by number, name or file (Droids; `:SETTING` after it for mission 7's \
           killer model)",
    repeatable: false,
};

/// The option choosing the players' colours (`--colour COLOUR`, once a
/// player, in seat order), where the mission lets them choose (mission
/// 7, seed line 228).
pub const COLOUR: engine::GameOption = engine::GameOption {
    name: "colour",
    value_name: "COLOUR",
    help: "The colour a player chooses, once a player in seat order (Droids, where the mission \
           lets players choose: mission 7, red, yellow, blue or green)",
    repeatable: true,
};

/// A game as the options ask: the mission ([`MISSION`], the challenge by
/// default), the players (as many as colours chosen when not given), their
/// colours ([`COLOUR`]), the seed.
fn new_game(options: &GameOptions) -> Result<Started, engine::StartError> {
    if let Some(v) = options.variants.first() {
        return Err(engine::StartError(format!(
            "--variant {v}: Droids has no variants yet"
        )));
    }
    let chosen = Chosen::find(options.value(MISSION.name).unwrap_or(DEFAULT_MISSION))
        .map_err(engine::StartError)?;
    let (mission, hooks) = chosen.load().map_err(engine::StartError)?;
    let (lo, hi) = mission.players;
    let chosen_colours = options.values(COLOUR.name);
    let players = options.players.unwrap_or(if chosen_colours.is_empty() {
        DEFAULT_PLAYERS.clamp(lo, hi)
    } else {
        chosen_colours.len()
    });
    let colours = mission
        .seating(players, chosen_colours)
        .map_err(|e| engine::StartError(format!("--colour: {e}")))?;
    let rulings = TYPE.rulings(&options.rulings)?;
    let start = record::start_value(
        &chosen,
        tiles::standard_text(),
        &colours,
        options.seed,
        &rulings,
    );
    let game = Game::seated(
        mission,
        colours,
        options.seed,
        tiles::TileMix::standard(),
        hooks,
        rulings,
    )
    .map_err(|e| engine::StartError(e.message))?;
    Ok(Started {
        game: Box::new(game),
        start,
    })
}

/// A game from its start record.
fn resume(record: &serde_json::Value) -> Result<Box<dyn engine::DynState>, engine::StartError> {
    record::resume(record)
        .map(|g| Box::new(g) as Box<dyn engine::DynState>)
        .map_err(|e| engine::StartError(e.message))
}

/// Droids files say their game (`game = "droids"`): it claims nothing else.
fn claims(_table: &toml::Table) -> bool {
    false
}

/// A mission file (it has `rows` and a `mission` number; a scenario names
/// its mission as text) is read and its script loaded; any other file is
/// run as a scenario.
fn check(path: &Path, pins: &[String]) -> Result<Checked, String> {
    let text = crate::files::read_text(path, crate::files::FileKind::Scenario)
        .map_err(|e| e.to_string())?;
    if is_mission_file(&text) {
        let shown = path.display().to_string();
        let m = Mission::parse(&shown, &text).map_err(|e| e.to_string())?;
        // It starts, its script's `setup` run, for every count of players.
        let (mission, hooks) = Chosen::find(&shown).and_then(|c| c.load())?;
        let (lo, hi) = mission.players;
        for players in lo..=hi {
            Game::with_rules(
                mission.clone(),
                players,
                1,
                tiles::TileMix::standard(),
                hooks.clone(),
            )
            .map_err(|e| format!("{shown}: with {players} players: {}", e.message))?;
        }
        // And, where the players choose, with each colour first.
        if mission.choose_colours {
            let rulings = TYPE.rulings(pins).map_err(|e| e.0)?;
            for first in mission.choosable() {
                let mut names: Vec<String> = vec![first.to_string()];
                names.extend(
                    mission
                        .choosable()
                        .into_iter()
                        .filter(|c| *c != first)
                        .map(String::from),
                );
                names.truncate(lo);
                let colours = mission.seating(lo, &names)?;
                Game::seated(
                    mission.clone(),
                    colours,
                    1,
                    tiles::TileMix::standard(),
                    hooks.clone(),
                    rulings.clone(),
                )
                .map_err(|e| format!("{shown}: with {first} first: {}", e.message))?;
            }
        }
        return Ok(Checked {
            title: format!(
                "a valid mission: {} ({}), {} × {}",
                m.number, m.name, m.board.width, m.board.height
            ),
            ..Checked::default()
        });
    }
    let report = super::scenario::check_file(path, pins).map_err(|e| e.to_string())?;
    Ok(Checked {
        title: crate::escape::terminal(&report.title).into_owned(),
        ..report
    })
}

impl Named for Game {
    const NAME: &'static str = "droids";
}

impl State for Game {
    type Answer = Answer;
    type Event = Event;

    fn seats(&self) -> usize {
        self.players.len()
    }

    fn seat_name(&self, seat: Seat) -> &str {
        self.colour(seat)
    }

    fn to_decide(&self) -> Option<Seat> {
        (self.phase != Phase::Over).then_some(self.current)
    }

    fn decision_text(&self) -> String {
        match self.phase {
            Phase::Place { left } => format!("place a mobile obstacle ({left} left)"),
            Phase::Draw => "draw tiles".into(),
            Phase::Lay => "lay a tile or stop".into(),
            Phase::Run => "turn up a tile".into(),
            Phase::Block { left } => format!("block a register ({left} to block)"),
            Phase::Over => "the game is over".into(),
        }
    }

    fn legal_count(&self) -> usize {
        self.legal_answer_count()
    }

    fn legal(&self, i: usize) -> Option<Answer> {
        self.legal_answer(i)
    }

    fn apply(&mut self, answer: Answer) -> Result<(), Refusal> {
        self.answer(answer, false)
    }

    fn apply_legal(&mut self, answer: Answer) -> Result<(), Refusal> {
        self.answer(answer, true)
    }

    fn events(&self) -> &[Event] {
        &self.events
    }

    fn narrate(&self, e: &Event) -> String {
        narrate::narrate(e, |s| self.colour(s).to_string())
    }

    fn answer_text(&self, answer: Answer) -> String {
        answer.to_string()
    }

    fn parse_answer(&self, text: &str) -> Result<Answer, Refusal> {
        let a = answer::parse(text).map_err(Refusal::new)?;
        if self.legal_answers().contains(&a) {
            Ok(a)
        } else {
            Err(self.refusal(a))
        }
    }

    fn turn(&self) -> u32 {
        self.round
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn stop_at_turn_limit(&mut self) {
        if self.outcome.is_none() {
            self.phase = Phase::Over;
            self.outcome = Some(Outcome {
                winners: Vec::new(),
                reason: "the turn limit".into(),
                at_turn_limit: true,
            });
        }
    }

    fn standings(&self) -> Vec<Standing> {
        let keyed = (0..self.players.len())
            .map(|s| {
                let p = &self.players[s];
                let won = self
                    .outcome
                    .as_ref()
                    .is_some_and(|o| o.winners.contains(&s));
                let free = p.blocked.iter().filter(|b| !**b).count() as i64;
                // Mission 3's count of containers brought home, kept by its
                // script (seed line 169: the most win).
                let home = self.vars.get(&format!("delivered.{}", self.colour(s)));
                let shown = format!(
                    "{}, {free} free registers{}",
                    if won {
                        "won"
                    } else if p.out {
                        "out"
                    } else {
                        "in the game"
                    },
                    home.map_or(String::new(), |n| format!(", {n} containers home"))
                );
                let keys = vec![
                    i64::from(won),
                    home.copied().unwrap_or(0),
                    i64::from(!p.out),
                    free,
                ];
                (s, keys, shown)
            })
            .collect();
        engine::rank(keyed)
    }

    fn set_stepping(&mut self, _on: bool) {
        // Every tile is already its own decision (`up COLUMN`): there is no
        // smaller step to pause at.
    }

    fn sample_hidden(&self, viewer: Seat, seed: u64) -> Self {
        self.resample(viewer, seed)
    }

    fn heuristic(&self, seat: Seat) -> f64 {
        super::heuristic::heuristic(self, seat)
    }

    /// While laying: one tile (not grey) in the register of the column
    /// the player's robot stands in, then `stop`. A player who carries out
    /// no order in a round is out (seed line 133), and a tile is turned up
    /// only in its robot's column (line 118): random lays seldom leave one,
    /// so random playouts lose most players by the first round's end and
    /// tell the search little. Elsewhere: none (random answers).
    fn playout_answer(&self) -> Option<usize> {
        if self.phase != Phase::Lay {
            return None;
        }
        let seat = self.current;
        let column = self.robots[self.robot_index(self.robot_of(seat))?].at?.x;
        let column = u8::try_from(column).ok()?;
        let own = |tile: &Tile| tile.colour() != Colour::Grey;
        let laid = self.players[seat]
            .registers
            .get(usize::from(column))?
            .iter()
            .any(own);
        self.legal_answers().iter().position(|answer| match answer {
            Answer::Stop => laid,
            Answer::Lay { tile, column: c } => !laid && *c == column && own(tile),
            _ => false,
        })
    }

    fn rulings(&self) -> &engine::Rulings {
        &self.rulings
    }

    fn set_rulings(&mut self, rulings: engine::Rulings) {
        self.rulings = rulings;
    }

    fn search_settings(&self) -> SearchSettings {
        SearchSettings {
            quiet: Some(0.8),
            ..SearchSettings::NONE
        }
    }
}

impl Describe for Game {
    fn picture(&self, _viewer: Option<Seat>, _colour: bool) -> String {
        self.text_picture()
    }

    fn answer_is_public(&self) -> bool {
        // Tiles are laid face down (`003_4ed30270cd5960fb.txt:108`): the
        // whole answer is hidden, though which register is public.
        !matches!(self.phase, Phase::Lay)
    }

    fn svg(&self, viewer: Option<Seat>) -> String {
        super::svg::svg(self, viewer)
    }

    fn where_lines(&self) -> Vec<String> {
        self.robots
            .iter()
            .map(|r| {
                let mut line = match r.at {
                    Some(at) => format!("{} [{}, {}]", r.id, at.x, at.y),
                    None => {
                        let by = self
                            .robots
                            .iter()
                            .find(|o| o.carrying == Some(Carried::Statue))
                            .map_or("nobody".to_string(), |o| o.id.to_string());
                        format!("{} carried by {by}", r.id)
                    }
                };
                if let Some(c) = r.carrying {
                    line.push_str(&format!(", carrying the {c}"));
                }
                if let Some(s) = self.seat_of_robot(r.id) {
                    let p = &self.players[s];
                    let blocked: Vec<String> = (0..p.blocked.len())
                        .filter(|c| p.blocked[*c])
                        .map(|c| c.to_string())
                        .collect();
                    if !blocked.is_empty() {
                        line.push_str(&format!(", registers {} blocked", blocked.join(" ")));
                    }
                    if p.out {
                        line.push_str(", out of the game");
                    }
                }
                line
            })
            .collect()
    }

    fn private_text(&self, viewer: Seat) -> String {
        let p = &self.players[viewer];
        let hand: Vec<String> = p.hand.iter().map(|t| t.to_string()).collect();
        let mut out = format!(
            "hand: {}\n",
            if hand.is_empty() {
                "-".into()
            } else {
                hand.join(", ")
            }
        );
        let laid: Vec<String> = p
            .registers
            .iter()
            .enumerate()
            .filter(|(_, r)| !r.is_empty())
            .map(|(c, r)| {
                let tiles: Vec<String> = r.iter().map(|t| t.to_string()).collect();
                format!("{c}: {}", tiles.join(", "))
            })
            .collect();
        out.push_str(&format!(
            "registers: {}\n",
            if laid.is_empty() {
                "-".into()
            } else {
                laid.join(" | ")
            }
        ));
        out
    }

    fn transcript_part(&self) -> TranscriptPart {
        match self.phase {
            Phase::Block { .. } => TranscriptPart::Aside("block"),
            _ => TranscriptPart::Main,
        }
    }

    fn preamble(&self) -> Option<String> {
        Some(format!(
            "mission {} ({}): {} players, {} first",
            self.mission.number,
            self.mission.name,
            self.players.len(),
            self.colour(self.first)
        ))
    }

    fn summary(&self) -> String {
        let mut out = String::new();
        if let Some(o) = &self.outcome {
            out.push_str(&format!("over: {}\n", crate::escape::terminal(&o.reason)));
        }
        let rounds = self
            .outcome
            .as_ref()
            .map_or(self.round, |o| o.turns_played(self.round));
        out.push_str(&format!("rounds: {rounds}\n"));
        let winners: Vec<&str> = self
            .outcome
            .iter()
            .flat_map(|o| o.winners.iter().map(|s| self.colour(*s)))
            .collect();
        out.push_str(&format!(
            "winners: {}\n",
            if winners.is_empty() {
                "none".into()
            } else {
                winners.join(", ")
            }
        ));
        for s in self.standings() {
            out.push_str(&format!(
                "{}. {}: {}\n",
                s.rank,
                self.colour(s.seat),
                s.shown
            ));
        }
        out
    }

    fn check_invariants(&self) -> Result<(), String> {
        let board = &self.mission.board;
        let mut seen = HashSet::new();
        for r in &self.robots {
            match r.at {
                Some(at) => {
                    if !board.contains(at) || self.terrain(at) == Some(Terrain::Fixed) {
                        return Err(format!(
                            "{} stands on [{}, {}], not a square it may",
                            r.id, at.x, at.y
                        ));
                    }
                    if !seen.insert(at) {
                        return Err(crate::games::droids::rulebook::cite(&format!(
                            "two robots on [{}, {}] (seed line 6)",
                            at.x, at.y
                        )));
                    }
                    if self.piece_at(at).is_some_and(Piece::stops_robots) {
                        return Err(format!("{} stands on a piece that stops robots", r.id));
                    }
                }
                None => {
                    let carriers = self
                        .robots
                        .iter()
                        .filter(|o| o.carrying == Some(Carried::Statue))
                        .count();
                    if r.id != RobotId::Statue || carriers != 1 {
                        return Err(format!("{} is off the board and not carried once", r.id));
                    }
                }
            }
        }
        for piece in Piece::ALL {
            let on_board = self.pieces.iter().filter(|p| **p == Some(piece)).count();
            let carried = self
                .robots
                .iter()
                .filter(|r| r.carrying == Some(Carried::Piece(piece)))
                .count();
            let start = self.piece_totals[piece.index()];
            if on_board + carried != start {
                return Err(format!(
                    "{} {}s on the board and {carried} carried, {start} in the game",
                    on_board,
                    piece.name()
                ));
            }
        }
        let mut tiles = self.boxed.len();
        for c in Colour::ALL {
            if self.stacks[c.index()].iter().any(|t| t.colour() != c) {
                return Err(format!("a tile of another colour in the {c} stack"));
            }
            tiles += self.stacks[c.index()].len();
        }
        for (s, p) in self.players.iter().enumerate() {
            tiles += p.hand.len();
            for (c, r) in p.registers.iter().enumerate() {
                tiles += r.len();
                if r.len() > REGISTER_SLOTS {
                    return Err(format!(
                        "{}'s register {c} holds {} tiles",
                        self.colour(s),
                        r.len()
                    ));
                }
                if p.blocked[c] && !r.is_empty() {
                    return Err(crate::games::droids::rulebook::cite(&format!(
                        "{}'s register {c} is blocked but holds tiles (seed line 57)",
                        self.colour(s)
                    )));
                }
            }
            if p.out && (!p.hand.is_empty() || p.registers.iter().any(|r| !r.is_empty())) {
                return Err(format!("{} is out but holds tiles", self.colour(s)));
            }
        }
        if tiles != self.total_tiles {
            return Err(format!(
                "{tiles} tiles accounted for, {} in the game",
                self.total_tiles
            ));
        }
        if self.to_decide().is_some() && self.legal_count() == 0 {
            return Err(format!(
                "the decision `{}` has no legal answer",
                self.decision_text()
            ));
        }
        Ok(())
    }
}
