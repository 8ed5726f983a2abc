//! The one validator of RoboRally positions: every rule that ties a
//! position's fields together, checked once, for a scenario, a replay's
//! start record, a REPL `load` and a game built in code alike. Each
//! refusal names the field at fault (as a [`Field`], which each format
//! writes in its own words and places at its own line) and the rule, with
//! the seed's line (`004_11511d35c714bcd0.txt`).
//!
//! What it holds a position to:
//! - 1 to 8 robots of distinct colours (line 59);
//! - damage 0 to 9 (10 destroys: lines 197-208, 247), none while
//!   destroyed (a copy comes back with 2: line 251);
//! - lives at most [`MAX_LIVES`] (lines 50-57 with a variant's settings),
//!   and a life left on the board (line 247: out at the last);
//! - flags touched at most the board's flags; a race's board has flags,
//!   and no robot of a race has touched them all (lines 67-73);
//! - robots and archives on the board, not in pits (line 395), no two
//!   real robots on one square (lines 42, 115);
//! - every program card a card of the deck, and each card in one place
//!   only: a register, a hand dealt, a hand held (one card of each
//!   priority);
//! - a hand no bigger than the deal of its damage (lines 81, 197-207),
//!   with one more beside a given program for Extra Memory (line 504);
//! - every option a card of the game, each held once across the robots
//!   and the option deck (the game has one of each of its 26: line 30).

use std::collections::BTreeMap;
use std::fmt;

use super::options::option_name;
use crate::games::roborally::board::Kind;
use crate::games::roborally::cards::{hand_size, locked_registers, Card, Deck, MAX_ROBOTS};
use crate::games::roborally::position::{Position, COLOURS, DESTROYING_DAMAGE};
use crate::grid::square::Square;
use crate::script::text::shown;

/// The most lives a robot may have: a variant's 9 (its settings' limit)
/// and the seed's two extra lives (`004_11511d35c714bcd0.txt:52-57`).
pub const MAX_LIVES: u8 = 11;

/// The option that adds a card to a robot's hand (seed line 504).
const EXTRA_MEMORY: &str = "extra_memory";

/// What a position is for: a race must be winnable; a position to try
/// the rules on (a scenario, the REPL's `load`, a unit test) need not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Play {
    /// A race played to its end: the board has flags.
    Race,
    /// A position to try the rules on.
    Rules,
}

/// A position and the cards its robots hold in hand, to validate.
#[derive(Clone, Copy, Debug)]
pub struct Setup<'a> {
    /// The position.
    pub position: &'a Position,
    /// The hands the turn is programmed from, by seat order, if any.
    pub dealt: Option<&'a [Vec<Card>]>,
    /// The cards held beside given programs, by seat order.
    pub held: &'a [Vec<Card>],
    /// What it is for.
    pub play: Play,
}

/// The field a broken rule is found at, as the position's data names it;
/// each format writes it in its own words ([`Field::path`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// The list of robots.
    Robots,
    /// Robot `robot` (its index in the list): its key `key` and, for a
    /// list, the item.
    Robot {
        /// The robot's index in the position's list.
        robot: usize,
        /// The key (`at`, `damage`, `options`, ...).
        key: &'static str,
        /// The item of a list (a register, an option), if one is at fault.
        item: Option<usize>,
    },
    /// The hand of robot `robot` (dealt or held).
    Hand {
        /// The robot's index in the position's list.
        robot: usize,
        /// The card at fault, if one is.
        item: Option<usize>,
    },
    /// The option deck, and the card at fault.
    OptionDeck(Option<usize>),
    /// The board.
    Board,
    /// The turn.
    Turn,
}

/// How a format names its lists: `robot` or `robots`, and a robot's hand.
#[derive(Clone, Copy, Debug)]
pub struct Names {
    /// The list of robots (`robot` in a scenario, `robots` in a record).
    pub robots: &'static str,
    /// Robot `i`'s hand, given its list's name and index.
    pub hand: fn(usize) -> String,
}

impl Field {
    /// The field as a format names it (`robots[1].options[0]`).
    pub fn path(&self, names: &Names) -> String {
        let list = names.robots;
        match *self {
            Field::Robots => list.to_string(),
            Field::Robot { robot, key, item } => match item {
                Some(k) => format!("{list}[{robot}].{key}[{k}]"),
                None => format!("{list}[{robot}].{key}"),
            },
            Field::Hand { robot, item } => match item {
                Some(k) => format!("{}[{k}]", (names.hand)(robot)),
                None => (names.hand)(robot),
            },
            Field::OptionDeck(Some(k)) => format!("option_deck[{k}]"),
            Field::OptionDeck(None) => "option_deck".to_string(),
            Field::Board => "board".to_string(),
            Field::Turn => "turn".to_string(),
        }
    }
}

/// A rule a position breaks: where, and the rule in words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{rule}")]
pub struct Invalid {
    /// The field at fault.
    pub field: Field,
    /// The rule, with the seed's line where it has one.
    pub rule: String,
}

impl Invalid {
    /// The refusal in a format's words: `in `robots[1].damage`: ...`.
    pub fn message(&self, names: &Names) -> String {
        format!("in `{}`: {}", self.field.path(names), self.rule)
    }
}

/// A refusal of `field` by `rule`, whose seed citation is made the
/// rulebook's name, section and line for the reader
/// ([`crate::engine::rulebook::readable`]).
fn refuse<T>(field: Field, rule: impl Into<String>) -> Result<T, Invalid> {
    let rule = crate::engine::rulebook::readable(
        crate::games::roborally::rulebook::RULEBOOKS,
        &rule.into(),
    );
    Err(Invalid { field, rule })
}

fn at(robot: usize, key: &'static str) -> Field {
    Field::Robot {
        robot,
        key,
        item: None,
    }
}

fn item(robot: usize, key: &'static str, k: usize) -> Field {
    Field::Robot {
        robot,
        key,
        item: Some(k),
    }
}

/// Where each card of the deck is, so far (by priority).
#[derive(Default)]
struct Places(BTreeMap<u16, Field>);

impl Places {
    /// Marks `card` as found at `field`; refused when it is not a card of
    /// the deck or was found before.
    fn mark(&mut self, card: Card, field: Field) -> Result<(), Invalid> {
        if Deck::standard().card(card.priority) != Some(card) {
            return refuse(
                field,
                format!("`{card}` is not a card of the deck (its priority names another card)"),
            );
        }
        if self.0.insert(card.priority, field).is_some() {
            return refuse(
                field,
                format!(
                    "`{card}` is given twice: the deck has one card of each priority, in one place"
                ),
            );
        }
        Ok(())
    }
}

/// Checks a position and its hands; the first rule broken.
pub fn validate(setup: &Setup) -> Result<(), Invalid> {
    let position = setup.position;
    let robots = &position.robots;
    let board = &position.board;
    if robots.is_empty() || robots.len() > MAX_ROBOTS {
        return refuse(
            Field::Robots,
            format!(
                "{} robots: a game has 1 to {MAX_ROBOTS} (004_11511d35c714bcd0.txt:59)",
                robots.len()
            ),
        );
    }
    if position.turn == 0 {
        return refuse(Field::Turn, "turn 0: turns count from 1");
    }
    if setup.play == Play::Race && board.flags().is_empty() {
        return refuse(
            Field::Board,
            "the board has no flag: a race is won by touching its flags in order \
             (004_11511d35c714bcd0.txt:67-73)",
        );
    }
    let mut places = Places::default();
    let mut options: Vec<(&str, Field)> = Vec::new();
    for (i, r) in robots.iter().enumerate() {
        if r.seat >= COLOURS.len() {
            return refuse(at(i, "id"), format!("no colour has index {}", r.seat));
        }
        let name = r.colour();
        if robots[..i].iter().any(|o| o.seat == r.seat) {
            return refuse(at(i, "id"), format!("{name} is given twice"));
        }
        if r.damage >= DESTROYING_DAMAGE {
            return refuse(
                at(i, "damage"),
                format!(
                    "{name} has {} damage: a robot has 0 to 9, the tenth point destroys it \
                     (004_11511d35c714bcd0.txt:208, 247)",
                    r.damage
                ),
            );
        }
        if r.lives > MAX_LIVES {
            return refuse(
                at(i, "lives"),
                format!(
                    "{name} has {} lives: a robot starts with 3, a variant's settings give \
                     at most {MAX_LIVES} (004_11511d35c714bcd0.txt:50-57)",
                    r.lives
                ),
            );
        }
        if setup.play == Play::Race
            && !board.flags().is_empty()
            && usize::from(r.flags) == board.flags().len()
        {
            return refuse(
                at(i, "flags"),
                format!(
                    "{name} has touched all {} flags: it won the race with the last \
                     (004_11511d35c714bcd0.txt:73), which cannot go on",
                    r.flags
                ),
            );
        }
        if usize::from(r.flags) > board.flags().len() {
            return refuse(
                at(i, "flags"),
                format!(
                    "{name} has touched {} flags, but the board has {}",
                    r.flags,
                    board.flags().len()
                ),
            );
        }
        match r.at {
            Some(sq) => {
                if let Some(why) = deadly(board, sq) {
                    return refuse(
                        at(i, "at"),
                        format!(
                            "{name} at {sq} {why}, which destroys a robot \
                             (004_11511d35c714bcd0.txt:395)"
                        ),
                    );
                }
                if r.lives == 0 {
                    return refuse(
                        at(i, "lives"),
                        format!(
                            "{name} is on the board with no life left: a robot destroyed \
                             with its last life is out (004_11511d35c714bcd0.txt:247)"
                        ),
                    );
                }
                if !r.virtual_robot {
                    if let Some(o) = robots[..i]
                        .iter()
                        .find(|o| o.at == Some(sq) && !o.virtual_robot)
                    {
                        return refuse(
                            at(i, "at"),
                            format!(
                                "{name} and {} both stand on {sq}: only virtual robots share \
                                 a square (004_11511d35c714bcd0.txt:115)",
                                o.colour()
                            ),
                        );
                    }
                }
            }
            None => {
                if r.damage != 0 {
                    return refuse(
                        at(i, "damage"),
                        format!(
                            "{name} is destroyed with {} damage: a destroyed robot has none, \
                             its copy comes back with 2 (004_11511d35c714bcd0.txt:251)",
                            r.damage
                        ),
                    );
                }
                let flagged = [
                    ("virtual", r.virtual_robot),
                    ("powered_down", r.powered_down),
                    ("power_down_announced", r.power_down_announced),
                ];
                if let Some((key, _)) = flagged.into_iter().find(|f| f.1) {
                    return refuse(
                        at(i, key),
                        format!(
                            "{name} is destroyed, so neither virtual nor powered down: it \
                             comes back real, and can announce a power down then"
                        ),
                    );
                }
            }
        }
        if let Some(why) = deadly(board, r.archive) {
            return refuse(
                at(i, "archive"),
                format!(
                    "{name}'s archive {} {why}: its copy would come back there \
                     (004_11511d35c714bcd0.txt:251, 395)",
                    r.archive
                ),
            );
        }
        for (k, o) in r.options.iter().enumerate() {
            let field = item(i, "options", k);
            let Some(o) = option_name(o) else {
                return refuse(field, format!("`{}` is no option card", shown(o)));
            };
            held_once(&mut options, o, field, position)?;
        }
        for (k, c) in r.program.iter().enumerate() {
            if let Some(c) = c {
                places.mark(*c, item(i, "program", k))?;
            }
        }
    }
    for (k, o) in position.option_deck.iter().enumerate() {
        let field = Field::OptionDeck(Some(k));
        let Some(o) = option_name(o) else {
            return refuse(field, format!("`{}` is no option card", shown(o)));
        };
        held_once(&mut options, o, field, position)?;
    }
    if let Some(dealt) = setup.dealt {
        hands(&mut places, position, dealt, true)?;
    }
    hands(&mut places, position, setup.held, false)?;
    Ok(())
}

/// Why a robot cannot stand on `sq`: off the board, or in a pit.
fn deadly(board: &crate::games::roborally::board::Board, sq: Square) -> Option<String> {
    let (w, h) = board.size();
    if board.is_off(sq) {
        Some(format!("is off the {w}x{h} board"))
    } else if board.kind(sq) == Some(Kind::Pit) {
        Some("is in a pit".to_string())
    } else {
        None
    }
}

/// Marks option `o` as held at `field`; refused when it was held before.
fn held_once<'a>(
    options: &mut Vec<(&'a str, Field)>,
    o: &'a str,
    field: Field,
    position: &Position,
) -> Result<(), Invalid> {
    if let Some((_, first)) = options.iter().find(|(seen, _)| *seen == o) {
        let first = match *first {
            Field::Robot { robot, .. } => format!(
                "held by {}",
                position.robots.get(robot).map_or("?", |r| r.colour())
            ),
            _ => "in the option deck".to_string(),
        };
        return refuse(
            field,
            format!(
                "option `{o}` is given twice (first {first}): the game has one card of each of \
                 its 26 options (004_11511d35c714bcd0.txt:30)"
            ),
        );
    }
    options.push((o, field));
    Ok(())
}

/// Checks hands (by seat order): each card in one place, and no hand
/// bigger than its deal. `dealt`: the turn is programmed from them (the
/// deal itself); else they are held beside the registers' cards (which
/// came from the same deal, but for those locked from the last turn).
fn hands(
    places: &mut Places,
    position: &Position,
    hands: &[Vec<Card>],
    dealt: bool,
) -> Result<(), Invalid> {
    if hands.len() > position.robots.len() {
        return refuse(
            Field::Hand {
                robot: position.robots.len(),
                item: None,
            },
            format!("{} hands for {} robots", hands.len(), position.robots.len()),
        );
    }
    for (i, hand) in hands.iter().enumerate() {
        let r = &position.robots[i];
        for (k, c) in hand.iter().enumerate() {
            places.mark(
                *c,
                Field::Hand {
                    robot: i,
                    item: Some(k),
                },
            )?;
        }
        let deal = hand_size(r.damage);
        let (count, most, counting) = if dealt {
            (hand.len(), deal, "")
        } else {
            let locked = locked_registers(r.damage);
            let played = r
                .program
                .iter()
                .enumerate()
                .filter(|(k, c)| c.is_some() && !locked.contains(&(k + 1)))
                .count();
            let extra = usize::from(r.options.iter().any(|o| o == EXTRA_MEMORY));
            (
                hand.len() + played,
                deal + extra,
                " (held, and programmed this turn; Extra Memory adds one, line 504)",
            )
        };
        if !hand.is_empty() && r.powered_down {
            return refuse(
                Field::Hand {
                    robot: i,
                    item: None,
                },
                format!(
                    "{} is powered down: it is dealt no cards (004_11511d35c714bcd0.txt:229)",
                    r.colour()
                ),
            );
        }
        if count > most {
            return refuse(
                Field::Hand {
                    robot: i,
                    item: None,
                },
                format!(
                    "{} holds {count} cards{counting} with {} damage: a hand is at most \
                     {most} (9 less a card a damage point, 004_11511d35c714bcd0.txt:81, 197-207)",
                    r.colour(),
                    r.damage
                ),
            );
        }
    }
    Ok(())
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.path(&Names {
            robots: "robots",
            hand: |i| format!("robots[{i}].hand"),
        }))
    }
}
