//! The decisions a RoboRally game asks and their answers, as values and
//! as text in the words of the design's RoboRally page ("Decisions and
//! their answers, as text"): which answers are legal now, how each is
//! written, and how a typed answer is read (a refusal says why and which
//! rule).

use crate::engine::Refusal;
use crate::grid::square::Compass;

use super::Game;
use crate::games::roborally::cards::{Card, Deck};

/// What is being decided now, and by which robot (its index is its seat).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The card for an unlocked register (1..=5), from the hand.
    Card {
        /// The deciding seat.
        seat: usize,
        /// The register, 1..=5.
        register: u8,
    },
    /// A damaged robot announces a power down for the next turn, or not.
    PowerDown {
        /// The deciding seat.
        seat: usize,
    },
    /// A destroyed robot comes back: its facing (ruling 10).
    Facing {
        /// The deciding seat.
        seat: usize,
    },
    /// A powered-down robot stays powered down, or wakes (ruling 12).
    StayOrWake {
        /// The deciding seat.
        seat: usize,
    },
    /// A robot on a two-wrench site: repair, or an option card (ruling 9).
    /// Asked only while the option deck holds a card; otherwise the site
    /// repairs without asking.
    TwoWrench {
        /// The deciding seat.
        seat: usize,
    },
    /// A damage point that an option could take instead (ruling 13).
    DamageOption {
        /// The deciding seat.
        seat: usize,
    },
    /// A destroyed robot loses an option of its player's choice (ruling 10);
    /// asked whenever it holds any (even one).
    LoseOption {
        /// The deciding seat.
        seat: usize,
    },
    /// A run-time option that can act now: use it or not
    /// (`docs/roborally-options.md`).
    UseOption {
        /// The deciding seat.
        seat: usize,
        /// The option, by its index in the robot's options.
        option: u8,
    },
    /// A turn-programmed option is programmed for the turn, after the
    /// power down (`docs/roborally-options.md`): its answers are the
    /// card's own (`shield S`, `flywheel move_1 500`, ...).
    ProgramOption {
        /// The deciding seat.
        seat: usize,
        /// The option, by its index in the robot's options.
        option: u8,
    },
    /// An optional weapon could fire instead of the main laser (seed
    /// lines 311–317): the weapon's name, or `laser`.
    Weapon {
        /// The deciding seat.
        seat: usize,
    },
    /// Stepping: the next step runs when answered `continue`.
    Continue,
}

impl Decision {
    /// The seat that answers (stepping pauses are answered by seat 0).
    pub fn seat(self) -> usize {
        match self {
            Decision::Card { seat, .. }
            | Decision::PowerDown { seat }
            | Decision::Facing { seat }
            | Decision::StayOrWake { seat }
            | Decision::TwoWrench { seat }
            | Decision::DamageOption { seat }
            | Decision::LoseOption { seat }
            | Decision::UseOption { seat, .. }
            | Decision::ProgramOption { seat, .. }
            | Decision::Weapon { seat } => seat,
            Decision::Continue => 0,
        }
    }
}

/// An answer to a [`Decision`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A card for a register: `move_2 670`.
    Card(Card),
    /// `power_down`: announce a power down for the next turn.
    PowerDown,
    /// `go`: no power down.
    Go,
    /// `N` | `E` | `S` | `W`: the facing of a robot coming back.
    Facing(Compass),
    /// `stay`: stay powered down.
    Stay,
    /// `wake`: power up again.
    Wake,
    /// `repair`: a two-wrench site repairs.
    Repair,
    /// `option`: a two-wrench site gives the top option card instead.
    DrawOption,
    /// `take`: the robot takes the damage itself.
    Take,
    /// An option of the deciding robot, by its index in its options
    /// (written as the option's name).
    Option(u8),
    /// `use`: a run-time option acts.
    Use,
    /// `skip`: a run-time option does not act.
    Skip,
    /// A turn-programmed option's answer, by its index among the answers
    /// its card offers (written `shield S`).
    Setting(u8),
    /// A weapon's name or `laser`, by its index among the answers
    /// offered.
    Weapon(u8),
    /// `continue`: run the next step.
    Continue,
}

const FACINGS: [Compass; 4] = [Compass::N, Compass::E, Compass::S, Compass::W];

impl Game {
    /// The number of legal answers to the current decision.
    pub(crate) fn legal_len(&self) -> usize {
        match self.decision {
            None => 0,
            Some(Decision::Card { seat, .. }) => self.hands[seat].len(),
            Some(Decision::PowerDown { .. })
            | Some(Decision::StayOrWake { .. })
            | Some(Decision::TwoWrench { .. })
            | Some(Decision::UseOption { .. }) => 2,
            Some(Decision::Facing { .. }) => 4,
            Some(Decision::DamageOption { seat }) => self.robots[seat].options.len() + 1,
            Some(Decision::LoseOption { seat }) => self.robots[seat].options.len(),
            Some(Decision::ProgramOption { .. }) => self.programmed.offered_len(),
            Some(Decision::Weapon { .. }) => self.programmed.armed.offer_len(),
            Some(Decision::Continue) => 1,
        }
    }

    /// The `i`th legal answer, in a fixed order.
    pub(crate) fn legal_at(&self, i: usize) -> Option<Answer> {
        let d = self.decision?;
        let pick = |a: &[Answer]| a.get(i).copied();
        match d {
            Decision::Card { seat, .. } => self.hands[seat].get(i).map(|&c| Answer::Card(c)),
            Decision::PowerDown { .. } => pick(&[Answer::PowerDown, Answer::Go]),
            Decision::StayOrWake { .. } => pick(&[Answer::Stay, Answer::Wake]),
            Decision::TwoWrench { .. } => pick(&[Answer::Repair, Answer::DrawOption]),
            Decision::UseOption { .. } => pick(&[Answer::Use, Answer::Skip]),
            Decision::Facing { .. } => FACINGS.get(i).map(|&f| Answer::Facing(f)),
            Decision::DamageOption { seat } => {
                let n = self.robots[seat].options.len();
                match i.cmp(&n) {
                    std::cmp::Ordering::Less => Some(Answer::Option(i as u8)),
                    std::cmp::Ordering::Equal => Some(Answer::Take),
                    std::cmp::Ordering::Greater => None,
                }
            }
            Decision::LoseOption { seat } => {
                (i < self.robots[seat].options.len()).then_some(Answer::Option(i as u8))
            }
            Decision::ProgramOption { .. } => {
                (i < self.programmed.offered_len()).then_some(Answer::Setting(i as u8))
            }
            Decision::Weapon { .. } => {
                (i < self.programmed.armed.offer_len()).then_some(Answer::Weapon(i as u8))
            }
            Decision::Continue => pick(&[Answer::Continue]),
        }
    }

    /// Whether `answer` is legal now.
    pub(super) fn is_legal(&self, answer: Answer) -> bool {
        if let (Some(Decision::Card { seat, .. }), Answer::Card(card)) = (self.decision, answer) {
            // The same question as below, without building each answer.
            return self.hands[seat].contains(&card);
        }
        (0..self.legal_len()).any(|i| self.legal_at(i) == Some(answer))
    }

    /// An answer as text.
    pub(crate) fn write_answer(&self, answer: Answer) -> String {
        match answer {
            Answer::Card(c) => c.to_string(),
            Answer::PowerDown => "power_down".into(),
            Answer::Go => "go".into(),
            Answer::Facing(f) => f.name().into(),
            Answer::Stay => "stay".into(),
            Answer::Wake => "wake".into(),
            Answer::Repair => "repair".into(),
            Answer::DrawOption => "option".into(),
            Answer::Take => "take".into(),
            Answer::Use => "use".into(),
            Answer::Skip => "skip".into(),
            Answer::Option(i) => self
                .decision
                .and_then(|d| self.robots.get(d.seat()))
                .and_then(|r| r.options.get(usize::from(i)))
                .cloned()
                .unwrap_or_else(|| format!("option {}", i + 1)),
            Answer::Setting(k) => self.setting_text(k),
            Answer::Weapon(k) => self
                .programmed
                .armed
                .offer_text(usize::from(k))
                .unwrap_or_else(|| format!("weapon {}", k + 1)),
            Answer::Continue => "continue".into(),
        }
    }

    /// The current decision in words.
    pub(crate) fn describe_decision(&self) -> String {
        let Some(d) = self.decision else {
            return match &self.outcome {
                Some(o) => format!("the game is over: {}", o.reason),
                None => "nothing is being decided".into(),
            };
        };
        let who = |s: usize| self.name(s);
        match d {
            Decision::Card { seat, register } => format!(
                "{}: the card for register {register} ({} in hand)",
                who(seat),
                self.hands[seat].len()
            ),
            Decision::PowerDown { seat } => format!(
                "{}: announce a power down for the next turn (power_down | go)",
                who(seat)
            ),
            Decision::Facing { seat } => format!(
                "{}: comes back at {}, facing N | E | S | W",
                who(seat),
                self.robots[seat].archive
            ),
            Decision::StayOrWake { seat } => {
                format!("{}: stay powered down or wake (stay | wake)", who(seat))
            }
            Decision::TwoWrench { seat } => format!(
                "{}: on a two-wrench site, repair or take an option (repair | option)",
                who(seat)
            ),
            Decision::DamageOption { seat } => format!(
                "{}: a damage point; discard an option instead ({}) or take",
                who(seat),
                self.robots[seat].options.join(" | ")
            ),
            Decision::LoseOption { seat } => format!(
                "{}: destroyed, loses an option ({})",
                who(seat),
                self.robots[seat].options.join(" | ")
            ),
            Decision::UseOption { seat, option } => format!(
                "{}: use {} now (use | skip)",
                who(seat),
                self.robots[seat]
                    .options
                    .get(usize::from(option))
                    .map_or("its option", String::as_str)
            ),
            Decision::ProgramOption { seat, .. } => format!(
                "{}: program {} for the turn ({})",
                who(seat),
                self.programmed.offered_option(),
                self.programmed.offered_words().join(" | ")
            ),
            Decision::Weapon { seat } => format!(
                "{}: fire an optional weapon instead of the main laser ({})",
                who(seat),
                self.programmed.armed.offer_texts().join(" | ")
            ),
            Decision::Continue => "step: continue".into(),
        }
    }

    /// Reads an answer to the current decision; the refusal says what is
    /// wrong and which rule forbids it.
    pub(crate) fn read_answer(&self, text: &str) -> Result<Answer, Refusal> {
        let word = text.trim();
        let Some(d) = self.decision else {
            return Err(Refusal::new(self.describe_decision()));
        };
        let expected = |what: &str| {
            Refusal::new(format!(
                "`{}` does not answer this decision: {} ({})",
                crate::script::text::shown(word),
                self.describe_decision(),
                crate::engine::rulebook::readable_seed_lines(
                    &crate::games::roborally::rulebook::GERMAN,
                    what
                )
            ))
        };
        let answer = match d {
            Decision::Card { seat, register } => {
                let card = Deck::standard()
                    .parse_card(word)
                    .map_err(|e| Refusal::new(e.to_string()))?;
                if !self.hands[seat].contains(&card) {
                    let placed = self.robots[seat]
                        .program
                        .iter()
                        .position(|c| *c == Some(card));
                    return Err(Refusal::new(match placed {
                        Some(r) => format!(
                            "`{card}` is already in {}'s register {}",
                            self.name(seat),
                            r + 1
                        ),
                        None => format!(
                            "`{card}` is not in {}'s hand (register {register} takes a card of the hand)",
                            self.name(seat)
                        ),
                    }));
                }
                Answer::Card(card)
            }
            Decision::PowerDown { .. } => match word {
                "power_down" => Answer::PowerDown,
                "go" => Answer::Go,
                _ => {
                    return Err(expected(
                        "a damaged robot may announce a power down, ruling 12",
                    ))
                }
            },
            Decision::StayOrWake { .. } => match word {
                "stay" => Answer::Stay,
                "wake" => Answer::Wake,
                _ => return Err(expected("ruling 12")),
            },
            Decision::TwoWrench { .. } => match word {
                "repair" => Answer::Repair,
                "option" => Answer::DrawOption,
                _ => return Err(expected("ruling 9")),
            },
            Decision::Facing { .. } => match FACINGS.iter().find(|f| f.name() == word) {
                Some(&f) => Answer::Facing(f),
                None => {
                    return Err(expected(
                        "a robot comes back facing N, E, S or W, ruling 10",
                    ))
                }
            },
            Decision::DamageOption { seat } | Decision::LoseOption { seat } => {
                let options = &self.robots[seat].options;
                match options.iter().position(|o| o == word) {
                    Some(i) => Answer::Option(i as u8),
                    None if word == "take" && matches!(d, Decision::DamageOption { .. }) => {
                        Answer::Take
                    }
                    None => {
                        return Err(Refusal::new(format!(
                            "{} holds no option `{}` (it holds {}; ruling {})",
                            self.name(seat),
                            crate::script::text::shown(word),
                            if options.is_empty() {
                                "none".to_string()
                            } else {
                                options.join(", ")
                            },
                            if matches!(d, Decision::LoseOption { .. }) {
                                "10"
                            } else {
                                "13"
                            }
                        )))
                    }
                }
            }
            Decision::UseOption { .. } => match word {
                "use" => Answer::Use,
                "skip" => Answer::Skip,
                _ => return Err(expected("a run-time option, seed lines 335-337")),
            },
            Decision::ProgramOption { .. } => match self.read_setting(word) {
                Some(k) => Answer::Setting(k),
                None => return Err(expected("a turn-programmed option, seed lines 335-341")),
            },
            Decision::Weapon { .. } => match self.programmed.armed.offer_position(word) {
                Some(k) => Answer::Weapon(k as u8),
                None => return Err(expected("an optional weapon, seed lines 311-317")),
            },
            Decision::Continue => match word {
                "continue" => Answer::Continue,
                _ => return Err(expected("continue")),
            },
        };
        Ok(answer)
    }

    /// Reads a whole programming chain given on one line, comma-separated
    /// (`move_2 670, rotate_left 90, move_1 500, u_turn 10, back_up 440,
    /// go`), for the robot deciding now: the answers in order, checked
    /// against its hand, its locked registers and the decisions to come.
    pub fn parse_chain(&self, text: &str) -> Result<Vec<Answer>, Refusal> {
        let Some(Decision::Card { seat, register }) = self.decision else {
            return Err(Refusal::new(
                "a chain of answers is read while a robot is being programmed",
            ));
        };
        let mut out = Vec::new();
        let mut hand = self.hands[seat].clone();
        let mut reg = register;
        let mut asked_power = false;
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            if matches!(part, "power_down" | "go") {
                if self.robots[seat].damage == 0 {
                    return Err(Refusal::new(format!(
                        "`{part}`: {} has no damage, so no power down is asked (ruling 12)",
                        self.name(seat)
                    )));
                }
                asked_power = true;
                out.push(if part == "go" {
                    Answer::Go
                } else {
                    Answer::PowerDown
                });
                continue;
            }
            if asked_power {
                return Err(Refusal::new(format!(
                    "`{}` comes after the power-down answer, which is the last",
                    crate::script::text::shown(part)
                )));
            }
            while reg <= super::LAST_REGISTER && self.is_locked(seat, reg) {
                reg += 1;
            }
            let card = Deck::standard()
                .parse_card(part)
                .map_err(|e| Refusal::new(e.to_string()))?;
            if reg > super::LAST_REGISTER {
                let last = self.locked(seat).first().copied().unwrap_or(5);
                return Err(Refusal::new(format!(
                    "`{card}`: no register is left; register {last} is locked: it keeps its card (ruling 7)"
                )));
            }
            let Some(at) = hand.iter().position(|&c| c == card) else {
                return Err(Refusal::new(format!(
                    "`{card}` is not in {}'s hand",
                    self.name(seat)
                )));
            };
            hand.remove(at);
            out.push(Answer::Card(card));
            reg += 1;
        }
        Ok(out)
    }
}
