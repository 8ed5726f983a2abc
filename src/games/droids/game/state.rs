//! Droids behind the seam's [`State`]: decisions, answers by index and as
//! text, events, the end and the standings.

use crate::engine::{self, Named, Outcome, Refusal, SearchSettings, Seat, Standing, State};

use super::super::board::PLAYER_COLOURS;
use super::super::tiles::{Colour, Tile};
use super::{answer, event, Answer, Event, Game, Phase, RobotId};

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
        PLAYER_COLOURS[seat]
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
        self.legal_answers().len()
    }

    fn legal(&self, i: usize) -> Option<Answer> {
        self.legal_answers().get(i).copied()
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
        event::narrate(e, |s| PLAYER_COLOURS[s].to_string())
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
                let home = self.vars.get(&format!("delivered.{}", PLAYER_COLOURS[s]));
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
        super::super::heuristic::heuristic(self, seat)
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
        let column = self.robots[self.robot_index(RobotId::Player(seat))?].at?.x;
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

    fn search_settings(&self) -> SearchSettings {
        SearchSettings {
            quiet: Some(0.8),
            ..SearchSettings::NONE
        }
    }
}
