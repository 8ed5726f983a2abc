//! Line Race behind the seam: its state machine of decisions
//! ([`State`]), what the tools show of it ([`Describe`]), its start and
//! its record for replays.

use tinbots::engine::{
    Describe, GameOptions, Named, Outcome, Refusal, Rulings, Seat, StartError, Started, State,
    TranscriptPart,
};

use super::rules::{Event, Tile, Track, COLOURS, DEFAULT_PIT, DISPUTES, FINISH, SLOTS};

/// An answer: a program change, or the one answer of a stepping pause.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Keep the program as it is.
    Keep,
    /// Put `tile` in slot `slot` (from 1).
    Set { slot: usize, tile: Tile },
    /// Run the next slot (stepping).
    Continue,
}

/// Where a turn stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// This seat changes its program.
    Change(Seat),
    /// The programs run from this slot on.
    Run(usize),
    /// Over: somebody finished, or the caller's turn limit.
    Over,
}

/// A game of Line Race.
#[derive(Clone, Debug)]
pub struct Race {
    /// The robots, their programs and the pit.
    pub track: Track,
    turn: u32,
    phase: Phase,
    stepping: bool,
    events: Vec<Event>,
    winners: Vec<Seat>,
    at_turn_limit: bool,
    /// The readings of rule 4 played ([`super::rules::DISPUTES`]).
    rulings: Rulings,
}

impl Race {
    /// A race on `track`, at the start of turn 1.
    pub fn new(track: Track, rulings: Rulings) -> Race {
        Race {
            rulings,
            track,
            turn: 1,
            phase: Phase::Change(0),
            stepping: false,
            events: Vec::new(),
            winners: Vec::new(),
            at_turn_limit: false,
        }
    }

    /// Runs the programs from `slot`: one slot when stepping, else to the
    /// end of the turn or of the game.
    fn run_from(&mut self, slot: usize) {
        let mut slot = slot;
        loop {
            let (events, finished) = self.track.run_slot(slot, &self.rulings);
            self.events.extend(events);
            if !finished.is_empty() {
                self.winners = finished;
                self.phase = Phase::Over;
                return;
            }
            if slot == SLOTS {
                self.turn += 1;
                self.phase = Phase::Change(0);
                return;
            }
            slot += 1;
            if self.stepping {
                self.phase = Phase::Run(slot);
                return;
            }
        }
    }

    /// Whether `answer` is legal now, and if not the rule that forbids it.
    fn check(&self, answer: Answer) -> Result<(), Refusal> {
        match (self.phase, answer) {
            (Phase::Change(_), Answer::Keep) | (Phase::Run(_), Answer::Continue) => Ok(()),
            (Phase::Change(seat), Answer::Set { slot, tile }) => {
                if !(1..=SLOTS).contains(&slot) {
                    return Err(Refusal::new(format!(
                        "there is no slot {slot}: a program has slots 1 to {SLOTS} (rule 2)"
                    )));
                }
                if self.track.programs[seat][slot - 1] == tile {
                    return Err(Refusal::new(format!(
                        "slot {slot} already holds {tile}: a change puts another tile (rule 3)"
                    )));
                }
                Ok(())
            }
            (Phase::Over, _) => Err(Refusal::new("the race is over")),
            (Phase::Run(_), _) => Err(Refusal::new(
                "the programs are running: the one answer is `continue`",
            )),
            (Phase::Change(_), Answer::Continue) => Err(Refusal::new(
                "nothing is running: change a slot or `keep` (rule 3)",
            )),
        }
    }
}

impl Named for Race {
    const NAME: &'static str = "line-race";
}

impl State for Race {
    type Answer = Answer;
    type Event = Event;

    fn seats(&self) -> usize {
        self.track.at.len()
    }
    fn seat_name(&self, seat: Seat) -> &str {
        COLOURS[seat]
    }
    fn to_decide(&self) -> Option<Seat> {
        match self.phase {
            Phase::Change(seat) => Some(seat),
            Phase::Run(_) => Some(0),
            Phase::Over => None,
        }
    }
    fn decision_text(&self) -> String {
        match self.phase {
            Phase::Change(_) => "change".into(),
            Phase::Run(slot) => format!("slot {slot}"),
            Phase::Over => "over".into(),
        }
    }
    fn legal_count(&self) -> usize {
        match self.phase {
            Phase::Change(_) => 1 + SLOTS * (Tile::ALL.len() - 1),
            Phase::Run(_) => 1,
            Phase::Over => 0,
        }
    }
    fn legal(&self, i: usize) -> Option<Answer> {
        match self.phase {
            Phase::Change(seat) => {
                let program = self.track.programs[seat];
                std::iter::once(Answer::Keep)
                    .chain((1..=SLOTS).flat_map(|slot| {
                        Tile::ALL
                            .into_iter()
                            .filter(move |&tile| program[slot - 1] != tile)
                            .map(move |tile| Answer::Set { slot, tile })
                    }))
                    .nth(i)
            }
            Phase::Run(_) => (i == 0).then_some(Answer::Continue),
            Phase::Over => None,
        }
    }
    fn apply(&mut self, answer: Answer) -> Result<(), Refusal> {
        self.check(answer)?;
        self.events.clear();
        match (self.phase, answer) {
            (Phase::Change(seat), change) => {
                self.events.push(match change {
                    Answer::Set { slot, tile } => {
                        self.track.programs[seat][slot - 1] = tile;
                        Event::Changed { seat, slot, tile }
                    }
                    _ => Event::Kept { seat },
                });
                if seat + 1 < self.seats() {
                    self.phase = Phase::Change(seat + 1);
                } else if self.stepping {
                    self.phase = Phase::Run(1);
                } else {
                    self.run_from(1);
                }
            }
            (Phase::Run(slot), _) => self.run_from(slot),
            (Phase::Over, _) => {}
        }
        Ok(())
    }
    fn events(&self) -> &[Event] {
        &self.events
    }
    fn narrate(&self, event: &Event) -> String {
        event.narrate()
    }
    fn answer_text(&self, answer: Answer) -> String {
        match answer {
            Answer::Keep => "keep".into(),
            Answer::Set { slot, tile } => format!("slot {slot} {tile}"),
            Answer::Continue => "continue".into(),
        }
    }
    fn parse_answer(&self, text: &str) -> Result<Answer, Refusal> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let answer = match words.as_slice() {
            ["keep"] => Answer::Keep,
            ["continue"] => Answer::Continue,
            ["slot", slot, tile] => Answer::Set {
                slot: slot.parse().map_err(|_| {
                    Refusal::new(format!("`{slot}` is not a slot number (1 to {SLOTS})"))
                })?,
                tile: Tile::parse(tile).ok_or_else(|| {
                    Refusal::new(format!(
                        "`{tile}` is not an order tile (forward, jump or back)"
                    ))
                })?,
            },
            _ => {
                return Err(Refusal::new(
                    "an answer is `keep`, `slot S TILE` or `continue`",
                ))
            }
        };
        self.check(answer)?;
        Ok(answer)
    }
    fn turn(&self) -> u32 {
        self.turn
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.phase == Phase::Over).then(|| Outcome {
            winners: self.winners.clone(),
            reason: if self.at_turn_limit {
                "the turn limit".into()
            } else {
                let names: Vec<&str> = self.winners.iter().map(|&s| COLOURS[s]).collect();
                format!("{} reached the finish", names.join(" and "))
            },
            at_turn_limit: self.at_turn_limit,
        })
    }
    fn stop_at_turn_limit(&mut self) {
        self.phase = Phase::Over;
        self.at_turn_limit = true;
    }
    fn standings(&self) -> Vec<tinbots::engine::Standing> {
        tinbots::engine::rank(
            (0..self.seats())
                .map(|s| {
                    let at = self.track.at[s];
                    (s, vec![i64::from(at)], format!("square {at}"))
                })
                .collect(),
        )
    }
    fn set_stepping(&mut self, on: bool) {
        self.stepping = on;
    }
    fn sample_hidden(&self, _viewer: Seat, _seed: u64) -> Race {
        self.clone()
    }
    fn rulings(&self) -> &Rulings {
        &self.rulings
    }
    fn set_rulings(&mut self, rulings: Rulings) {
        self.rulings = rulings;
    }
}

impl Describe for Race {
    fn picture(&self, _viewer: Option<Seat>, _colour: bool) -> String {
        let mut out = String::new();
        for (seat, &at) in self.track.at.iter().enumerate() {
            let line: String = (0..=FINISH)
                .map(|square| match square {
                    s if s == at => 'R',
                    s if s == self.track.pit => 'o',
                    _ => '.',
                })
                .collect();
            out.push_str(&format!("{:<7}{line}\n", COLOURS[seat]));
        }
        out
    }
    fn where_lines(&self) -> Vec<String> {
        (0..self.seats())
            .map(|s| {
                let program: Vec<String> =
                    self.track.programs[s].iter().map(Tile::to_string).collect();
                format!(
                    "{} at {}, program {}",
                    COLOURS[s],
                    self.track.at[s],
                    program.join(" ")
                )
            })
            .collect()
    }
    fn svg(&self, viewer: Option<Seat>) -> String {
        tinbots::picture::sheet::text_page(&Describe::picture(self, viewer, false))
    }
    fn private_text(&self, _viewer: Seat) -> String {
        String::new()
    }
    fn transcript_part(&self) -> TranscriptPart {
        match self.phase {
            Phase::Run(_) => TranscriptPart::Silent,
            _ => TranscriptPart::Main,
        }
    }
    fn summary(&self) -> String {
        let mut out = match State::outcome(self) {
            Some(o) => format!("{} after {} turns\n", o.reason, o.turns_played(self.turn)),
            None => format!("turn {}\n", self.turn),
        };
        for s in State::standings(self) {
            out.push_str(&format!("{}. {} {}\n", s.rank, COLOURS[s.seat], s.shown));
        }
        out
    }
    fn check_invariants(&self) -> Result<(), String> {
        if self
            .track
            .at
            .iter()
            .any(|&at| at > FINISH || at == self.track.pit)
        {
            return Err(format!(
                "a robot off the track or on the pit: {:?}",
                self.track.at
            ));
        }
        if self.track.programs.len() != self.track.at.len() {
            return Err("a program per robot".into());
        }
        Ok(())
    }
}

/// The pit's square asked for by the `pit` option (rule 5), default 5.
fn pit(options: &GameOptions) -> Result<u8, StartError> {
    match options.value("pit") {
        None => Ok(DEFAULT_PIT),
        Some(text) => text
            .parse::<u8>()
            .ok()
            .filter(|p| (1..FINISH).contains(p))
            .ok_or_else(|| {
                StartError(format!(
                    "--pit {text}: the pit is a square from 1 to {}",
                    FINISH - 1
                ))
            }),
    }
}

/// Starts a race (the game type's `new`).
pub fn start(options: &GameOptions) -> Result<Started, StartError> {
    let players = options.players.unwrap_or(2);
    if !(1..=COLOURS.len()).contains(&players) {
        return Err(StartError(format!(
            "Line Race is played by 1 to {} players",
            COLOURS.len()
        )));
    }
    let track = Track::new(players, pit(options)?);
    let rulings = super::TYPE.rulings(&options.rulings)?;
    Ok(Started {
        start: record(&track, &rulings),
        game: Box::new(Race::new(track, rulings)),
    })
}

/// The record of a race's start: the track as it stands (a scenario
/// opened in the REPL starts with robots on the way).
pub fn record(track: &Track, rulings: &Rulings) -> serde_json::Value {
    let programs: Vec<Vec<String>> = track
        .programs
        .iter()
        .map(|p| p.iter().map(Tile::to_string).collect())
        .collect();
    let mut record = serde_json::json!({ "at": track.at, "programs": programs, "pit": track.pit });
    if let Some(kept) = rulings.record() {
        record["rulings"] = kept;
    }
    record
}

/// Rebuilds a race at its start from its record (the game type's
/// `resume`); the error names the field.
pub fn resume(start: &serde_json::Value) -> Result<Box<dyn tinbots::engine::DynState>, StartError> {
    let field = |name: &str, what: &str| StartError(format!("in `{name}`: {what}"));
    let pit = start
        .get("pit")
        .and_then(serde_json::Value::as_u64)
        .and_then(|p| u8::try_from(p).ok())
        .filter(|p| (1..FINISH).contains(p))
        .ok_or_else(|| field("pit", "a square from 1 to 8"))?;
    let at: Vec<u8> = start
        .get("at")
        .and_then(serde_json::Value::as_array)
        .filter(|a| (1..=COLOURS.len()).contains(&a.len()))
        .ok_or_else(|| field("at", "a list of 1 to 4 squares"))?
        .iter()
        .map(|v| {
            v.as_u64()
                .and_then(|n| u8::try_from(n).ok())
                .filter(|&n| n <= FINISH && n != pit)
                .ok_or_else(|| field("at", "a square from 0 to 9, not the pit"))
        })
        .collect::<Result<_, _>>()?;
    let mut track = Track::new(at.len(), pit);
    let programs = start
        .get("programs")
        .and_then(serde_json::Value::as_array)
        .filter(|p| p.len() == at.len())
        .ok_or_else(|| field("programs", "one program per robot"))?;
    for (seat, program) in programs.iter().enumerate() {
        let tiles = program
            .as_array()
            .filter(|p| p.len() == SLOTS)
            .ok_or_else(|| field("programs", "three tiles each"))?;
        for (slot, tile) in tiles.iter().enumerate() {
            track.programs[seat][slot] = tile
                .as_str()
                .and_then(Tile::parse)
                .ok_or_else(|| field("programs", "forward, jump or back"))?;
        }
    }
    track.at = at;
    let rulings = Rulings::from_record(DISPUTES, start).map_err(|e| StartError(e.0))?;
    Ok(Box::new(Race::new(track, rulings)))
}
