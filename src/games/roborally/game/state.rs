//! The seam: [`Game`] as a [`State`], a [`Describe`] and a [`Named`] game.

use crate::engine::{
    rank, Describe, Named, Outcome, Refusal, SearchChoice, SearchSettings, Seat, Standing, State,
    TranscriptPart,
};

use super::super::picture;
use super::decide::{Answer, Decision};
use super::narrate::{narrate, Event};
use super::{Game, Pc, LAST_REGISTER};

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
        super::super::heuristic::heuristic(self, seat)
    }
    fn playout_answer(&self) -> Option<usize> {
        super::super::playout::greedy_card(self)
    }
    /// The answer after which the best reward was seen (a program shows
    /// its worth only when all five registers are set, and the mean over
    /// random completions hides the one good program), with a larger
    /// exploration, and playouts of greedy cards four times in five
    /// ([`super::super::playout`]): chosen by matches against `racer` and
    /// `planner` (docs/tournaments.md).
    fn search_settings(&self) -> SearchSettings {
        SearchSettings {
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
        super::super::svg::draw(&self.board, &self.robots, title, panel)
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
        super::summary::summary(self)
    }
}

impl Game {
    /// The record of this game's start, from which [`super::record::resume`]
    /// rebuilds it (a replay's `start`).
    pub fn start_record(&self) -> serde_json::Value {
        super::record::with_variants(
            super::record::start_value(&self.start.0, self.start.1),
            self.variant_names(),
        )
    }
}

impl Named for Game {
    const NAME: &'static str = "roborally";
}
