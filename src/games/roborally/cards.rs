//! RoboRally's program cards and their deck.
//!
//! A program card is a [`CardKind`] (what the robot does: squares moved and
//! quarter turns) and a priority (who acts first in a register phase). Its
//! text form, used by the REPL, scenario files and replays, is the kind's
//! name and the priority: `move_2 670`.
//!
//! The deck is data: `deck.toml` beside this file lists, for each kind, how
//! many cards it has, its first priority and the step between priorities.
//! It is read once ([`Deck::standard`]); a variant may bring its own
//! ([`Deck::from_toml`]). In every deck a priority names exactly one card.
//!
//! Damage shrinks the hand and locks registers ([`hand_size`],
//! [`locked_registers`]; rulebook lines 195–208, ruling 7 of the RoboRally
//! page).

use std::collections::HashMap;
use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;
use std::sync::OnceLock;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::script::text::shown;
use crate::suggest::{closest, did_you_mean};

/// Registers in a robot's program, numbered 1 to 5.
pub const REGISTERS: usize = 5;

/// Cards dealt to an undamaged robot.
pub const FULL_HAND: usize = 9;

/// The most robots (players) in a race: the largest table a deck must deal.
pub const MAX_ROBOTS: usize = 8;

/// The fewest cards a deck may hold: a full hand for each of
/// [`MAX_ROBOTS`] robots (72).
pub const MIN_DECK: usize = FULL_HAND * MAX_ROBOTS;

/// The most cards a deck may hold: one bit each in a [`CardSet`].
pub const MAX_DECK: usize = 128;

/// The seven kinds of program card, in the order of their priorities.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CardKind {
    /// Turn half around (two quarter turns) without moving.
    UTurn,
    /// Turn a quarter to the left (counterclockwise) without moving.
    RotateLeft,
    /// Turn a quarter to the right (clockwise) without moving.
    RotateRight,
    /// Move one square backward, keeping the facing.
    BackUp,
    /// Move one square forward.
    Move1,
    /// Move two squares forward.
    Move2,
    /// Move three squares forward.
    Move3,
}

impl CardKind {
    /// Every kind, in the order of their priorities in the standard deck.
    pub const ALL: [CardKind; 7] = [
        CardKind::UTurn,
        CardKind::RotateLeft,
        CardKind::RotateRight,
        CardKind::BackUp,
        CardKind::Move1,
        CardKind::Move2,
        CardKind::Move3,
    ];

    /// The kind's name as scripts and files write it (`move_2`).
    pub fn name(self) -> &'static str {
        match self {
            CardKind::UTurn => "u_turn",
            CardKind::RotateLeft => "rotate_left",
            CardKind::RotateRight => "rotate_right",
            CardKind::BackUp => "back_up",
            CardKind::Move1 => "move_1",
            CardKind::Move2 => "move_2",
            CardKind::Move3 => "move_3",
        }
    }

    /// Squares moved along the facing: 1 to 3 forward, -1 for `back_up`,
    /// 0 for the turns. The robot moves one square at a time.
    pub fn squares(self) -> i8 {
        match self {
            CardKind::Move3 => 3,
            CardKind::Move2 => 2,
            CardKind::Move1 => 1,
            CardKind::BackUp => -1,
            CardKind::UTurn | CardKind::RotateLeft | CardKind::RotateRight => 0,
        }
    }

    /// Quarter turns clockwise: 1 for `rotate_right`, -1 for `rotate_left`,
    /// 2 for `u_turn`, 0 for the moves.
    pub fn quarter_turns(self) -> i8 {
        match self {
            CardKind::RotateRight => 1,
            CardKind::RotateLeft => -1,
            CardKind::UTurn => 2,
            CardKind::BackUp | CardKind::Move1 | CardKind::Move2 | CardKind::Move3 => 0,
        }
    }

    /// The kinds whose names are closest to `word`, for a "did you mean".
    fn suggestions(word: &str) -> Vec<&'static str> {
        let lower = word.to_lowercase();
        if let Ok(kind) = lower.parse::<CardKind>() {
            return vec![kind.name()];
        }
        closest(word, CardKind::ALL.iter().map(|k| k.name()))
    }
}

impl fmt::Display for CardKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a card kind's; the message suggests the closest.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown card `{}`{}", shown(name), did_you_mean(&CardKind::suggestions(name)))]
pub struct UnknownKind {
    /// The name as written.
    pub name: String,
}

impl FromStr for CardKind {
    type Err = UnknownKind;

    /// Reads a kind's exact name (`move_2`; case matters).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        CardKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| UnknownKind {
                name: s.to_string(),
            })
    }
}

impl Serialize for CardKind {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for CardKind {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// One program card: what it does and its priority. Written `move_2 670`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Card {
    /// What the card makes the robot do.
    pub kind: CardKind,
    /// Its priority: the higher acts first in a register phase.
    pub priority: u16,
}

impl Card {
    /// The card of the standard deck with this priority, if there is one.
    pub fn from_priority(priority: u16) -> Option<Card> {
        Deck::standard().card(priority)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.kind, self.priority)
    }
}

/// Why a card's text (`move_2 670`) was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CardError {
    /// Nothing was written.
    #[error("no card given: write a card name and its priority, such as `move_2 670`")]
    Empty,
    /// The name is not a card kind's.
    #[error(transparent)]
    UnknownKind(#[from] UnknownKind),
    /// The name has no priority after it.
    #[error("`{kind}` needs its priority, such as `{kind} {example}`")]
    MissingPriority {
        /// The kind named.
        kind: CardKind,
        /// A priority of that kind in the deck, for the example.
        example: u16,
    },
    /// The priority is not a whole number.
    #[error(
        "the priority of `{kind}` must be a whole number, not `{}`",
        shown(text)
    )]
    PriorityNotNumber {
        /// The kind named.
        kind: CardKind,
        /// The priority as written.
        text: String,
    },
    /// No card of the deck has that priority.
    #[error(
        "no card has priority {}: the deck's {kind} cards are {range}",
        shown(priority)
    )]
    NoSuchPriority {
        /// The kind named.
        kind: CardKind,
        /// The priority as written (digits; may exceed a `u16`).
        priority: String,
        /// The priorities of that kind in the deck, such as `670, 680, ..., 780`.
        range: String,
    },
    /// The priority names a card of another kind.
    #[error("{priority} is a {actual}, not a {named}")]
    WrongKind {
        /// The priority written.
        priority: u16,
        /// The kind written.
        named: CardKind,
        /// The kind of the deck's card with that priority.
        actual: CardKind,
    },
    /// Something follows the priority.
    #[error(
        "unexpected `{}` after `{card}`: a card is a name and a priority",
        shown(extra)
    )]
    Trailing {
        /// The card read.
        card: Card,
        /// What follows it.
        extra: String,
    },
}

impl FromStr for Card {
    type Err = CardError;

    /// Reads `move_2 670` against the standard deck (see [`Deck::parse_card`]).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Deck::standard().parse_card(s)
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    /// Reads the text form against the standard deck; a variant with its own
    /// deck reads strings and calls [`Deck::parse_card`].
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Why a deck file was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DeckError {
    /// Not TOML, or not the shape of a deck file (the message has the line).
    #[error("deck file: {0}")]
    Toml(String),
    /// A table names no card kind.
    #[error("deck file: {0}")]
    UnknownKind(#[from] UnknownKind),
    /// A kind has two tables.
    #[error("deck file: `{0}` is listed twice")]
    Repeated(CardKind),
    /// A kind with no cards: leave its table out instead.
    #[error("deck file: `{0}` has count 0 (leave the kind out instead)")]
    ZeroCount(CardKind),
    /// A kind with several cards and a step of 0 would repeat its priority.
    #[error("deck file: `{0}` has step 0, so its cards would share a priority")]
    ZeroStep(CardKind),
    /// Priority 0 is kept out: every card outranks "no card".
    #[error("deck file: `{0}` starts at priority 0 (priorities start at 1)")]
    ZeroPriority(CardKind),
    /// The last priority of a kind does not fit in a `u16`.
    #[error("deck file: the priorities of `{0}` go past 65535")]
    TooHigh(CardKind),
    /// Two cards share a priority.
    #[error("deck file: priority {priority} is both a {first} and a {second}")]
    Overlap {
        /// The shared priority.
        priority: u16,
        /// One kind having it.
        first: CardKind,
        /// The other.
        second: CardKind,
    },
    /// Too few cards to deal a full hand to every robot of the largest race.
    #[error(
        "deck file: {total} cards cannot deal {FULL_HAND} cards to each of \
         {MAX_ROBOTS} robots (at least {MIN_DECK} are needed)"
    )]
    TooSmall {
        /// The deck's cards.
        total: usize,
    },
    /// More cards than a [`CardSet`] holds.
    #[error("deck file: {total} cards are too many (at most {MAX_DECK})")]
    TooLarge {
        /// The deck's cards.
        total: usize,
    },
}

/// A set of a deck's cards by their places ([`Deck::rank`]), one bit
/// each: the cards put in come out in priority order, as the anchor of
/// the design orders a register's cards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CardSet(u128);

impl CardSet {
    /// Adds the card at place `rank` (below [`MAX_DECK`]); `false` when it
    /// was already in.
    pub fn insert(&mut self, rank: usize) -> bool {
        let bit = 1u128 << rank;
        let new = self.0 & bit == 0;
        self.0 |= bit;
        new
    }

    /// The places in the set, lowest first.
    pub fn ascending(self) -> impl Iterator<Item = usize> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let place = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                place
            })
        })
    }

    /// The places in the set, highest first.
    pub fn descending(self) -> impl Iterator<Item = usize> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let place = 127 - bits.leading_zeros() as usize;
                bits ^= 1u128 << place;
                place
            })
        })
    }
}

/// One table of a deck file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct KindTable {
    name: String,
    count: u16,
    first: u16,
    step: u16,
}

/// A deck file: its kind tables.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DeckFile {
    kind: Vec<KindTable>,
}

/// A program deck: its cards in priority order, no priority twice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deck {
    cards: Vec<Card>,
    /// Per priority, the card's place in `cards` ([`NOT_IN_DECK`] for a
    /// priority no card has).
    rank: Vec<u8>,
}

/// The place of a priority that no card of the deck has.
const NOT_IN_DECK: u8 = u8::MAX;

/// The standard deck's file.
const STANDARD_TOML: &str = include_str!("deck.toml");

impl Deck {
    /// The standard deck (84 cards, `deck.toml`), read once.
    pub fn standard() -> &'static Deck {
        static DECK: OnceLock<Deck> = OnceLock::new();
        DECK.get_or_init(|| {
            Deck::from_toml(STANDARD_TOML).expect("the standard deck.toml is valid")
        })
    }

    /// Reads a deck file (`[[kind]]` tables with `name`, `count`, `first`,
    /// `step`; the format of `deck.toml`). Refused: unknown fields or
    /// kinds, a kind listed twice, a count of 0 (leave the kind out), a step
    /// of 0 with more than one card, a first priority of 0, priorities past
    /// 65535, any priority twice, fewer than [`MIN_DECK`] cards (a full
    /// hand for each of the 8 robots a race may have) and more than
    /// [`MAX_DECK`]. A kind may be left out: that deck has none of it.
    pub fn from_toml(text: &str) -> Result<Deck, DeckError> {
        let file: DeckFile = toml::from_str(text).map_err(|e| DeckError::Toml(e.to_string()))?;
        let mut owner: HashMap<u16, CardKind> = HashMap::new();
        let mut seen: Vec<CardKind> = Vec::new();
        let mut cards = Vec::new();
        for table in &file.kind {
            let kind: CardKind = table.name.parse()?;
            if seen.contains(&kind) {
                return Err(DeckError::Repeated(kind));
            }
            seen.push(kind);
            if table.count == 0 {
                return Err(DeckError::ZeroCount(kind));
            }
            if table.step == 0 && table.count > 1 {
                return Err(DeckError::ZeroStep(kind));
            }
            if table.first == 0 {
                return Err(DeckError::ZeroPriority(kind));
            }
            let last =
                u32::from(table.first) + u32::from(table.step) * (u32::from(table.count) - 1);
            if last > u32::from(u16::MAX) {
                return Err(DeckError::TooHigh(kind));
            }
            for i in 0..table.count {
                let priority = table.first + table.step * i;
                if let Some(&first) = owner.get(&priority) {
                    return Err(DeckError::Overlap {
                        priority,
                        first,
                        second: kind,
                    });
                }
                owner.insert(priority, kind);
                cards.push(Card { kind, priority });
            }
        }
        if cards.len() < MIN_DECK {
            return Err(DeckError::TooSmall { total: cards.len() });
        }
        if cards.len() > MAX_DECK {
            return Err(DeckError::TooLarge { total: cards.len() });
        }
        cards.sort_by_key(|c| c.priority);
        let top = cards.last().map_or(0, |c| usize::from(c.priority));
        let mut rank = vec![NOT_IN_DECK; top + 1];
        for (place, c) in cards.iter().enumerate() {
            rank[usize::from(c.priority)] = place as u8;
        }
        Ok(Deck { cards, rank })
    }

    /// The place of `card` in the deck's priority order (0: the lowest);
    /// `None` when it is not a card of this deck.
    pub fn rank(&self, card: Card) -> Option<usize> {
        let place = *self.rank.get(usize::from(card.priority))?;
        let place = usize::from(place);
        (self.cards.get(place) == Some(&card)).then_some(place)
    }

    /// Puts `cards` in priority order, lowest first, through a
    /// [`CardSet`]: no comparison sort, whose branches random cards make
    /// unpredictable. Cards that are not the deck's, or that are there
    /// twice, are sorted the usual way.
    pub fn sort(&self, cards: &mut [Card]) {
        let mut set = CardSet::default();
        let all_in = cards
            .iter()
            .all(|&c| self.rank(c).is_some_and(|r| set.insert(r)));
        if !all_in {
            cards.sort_by_key(|c| c.priority);
            return;
        }
        for (slot, place) in cards.iter_mut().zip(set.ascending()) {
            *slot = self.cards[place];
        }
    }

    /// The cards, lowest priority first.
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    /// How many cards the deck has.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether the deck has no card (never true of a deck that was read).
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The card with this priority, if the deck has one.
    pub fn card(&self, priority: u16) -> Option<Card> {
        self.cards
            .binary_search_by_key(&priority, |c| c.priority)
            .ok()
            .map(|i| self.cards[i])
    }

    /// The deck's cards of one kind, lowest priority first.
    pub fn of_kind(&self, kind: CardKind) -> impl Iterator<Item = Card> + '_ {
        self.cards.iter().copied().filter(move |c| c.kind == kind)
    }

    /// Reads a card's text (`move_2 670`: a kind's name, then its priority,
    /// separated by white space) and checks it is a card of this deck.
    pub fn parse_card(&self, text: &str) -> Result<Card, CardError> {
        let mut words = text.split_whitespace();
        let name = words.next().ok_or(CardError::Empty)?;
        let kind: CardKind = name.parse()?;
        let Some(number) = words.next() else {
            let example = self.of_kind(kind).next().map_or(670, |c| c.priority);
            return Err(CardError::MissingPriority { kind, example });
        };
        if !number.bytes().all(|b| b.is_ascii_digit()) {
            return Err(CardError::PriorityNotNumber {
                kind,
                text: number.to_string(),
            });
        }
        let card = number.parse::<u16>().ok().and_then(|p| self.card(p));
        let Some(card) = card else {
            return Err(CardError::NoSuchPriority {
                kind,
                priority: number.to_string(),
                range: self.describe(kind),
            });
        };
        if card.kind != kind {
            return Err(CardError::WrongKind {
                priority: card.priority,
                named: kind,
                actual: card.kind,
            });
        }
        let rest: Vec<&str> = words.collect();
        if !rest.is_empty() {
            return Err(CardError::Trailing {
                card,
                extra: rest.join(" "),
            });
        }
        Ok(card)
    }

    /// The priorities of a kind, for messages: `670, 680, ..., 780`, or
    /// `none` when the deck has no card of it.
    fn describe(&self, kind: CardKind) -> String {
        let all: Vec<u16> = self.of_kind(kind).map(|c| c.priority).collect();
        match all.as_slice() {
            [] => "none".to_string(),
            [a] => a.to_string(),
            [a, b] => format!("{a}, {b}"),
            [a, b, .., z] => format!("{a}, {b}, ..., {z}"),
        }
    }
}

/// Cards dealt to a robot with `damage` damage: 9 minus the damage, none
/// from 9 on (rulebook lines 195–203; ruling 7). 10 damage destroys the
/// robot; that is not judged here.
pub fn hand_size(damage: u8) -> usize {
    FULL_HAND.saturating_sub(usize::from(damage))
}

/// The registers (1 to 5) locked by `damage` damage: none below 5, then
/// from the fifth down: 5 → 5..=5, 6 → 4..=5, ..., 9 (and more) → 1..=5
/// (rulebook lines 203–207; ruling 7). Empty below 5 damage.
pub fn locked_registers(damage: u8) -> RangeInclusive<usize> {
    let locked = usize::from(damage)
        .saturating_sub(FULL_HAND - REGISTERS)
        .min(REGISTERS);
    (REGISTERS + 1 - locked)..=REGISTERS
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn card(kind: CardKind, priority: u16) -> Card {
        Card { kind, priority }
    }

    /// The deck of the RoboRally page: (kind, count, first, last, step);
    /// counts from 004_11511d35c714bcd0.txt:26.
    const PAGE: [(CardKind, usize, u16, u16, u16); 7] = [
        (CardKind::UTurn, 6, 10, 60, 10),
        (CardKind::RotateLeft, 18, 70, 410, 20),
        (CardKind::RotateRight, 18, 80, 420, 20),
        (CardKind::BackUp, 6, 430, 480, 10),
        (CardKind::Move1, 18, 490, 660, 10),
        (CardKind::Move2, 12, 670, 780, 10),
        (CardKind::Move3, 6, 790, 840, 10),
    ];

    #[test]
    fn names_round_trip_and_are_the_pages() {
        let names: Vec<&str> = CardKind::ALL.iter().map(|k| k.name()).collect();
        assert_eq!(
            names,
            [
                "u_turn",
                "rotate_left",
                "rotate_right",
                "back_up",
                "move_1",
                "move_2",
                "move_3"
            ]
        );
        for kind in CardKind::ALL {
            assert_eq!(kind.name().parse::<CardKind>(), Ok(kind));
            assert_eq!(kind.to_string(), kind.name());
        }
    }

    #[test]
    fn what_each_kind_does() {
        // 004_11511d35c714bcd0.txt:127: Move 2 moves two squares forward, Back
        // Up one back, rotations turn 90 degrees, a U-turn 180.
        let table: Vec<(CardKind, i8, i8)> = CardKind::ALL
            .iter()
            .map(|&k| (k, k.squares(), k.quarter_turns()))
            .collect();
        assert_eq!(
            table,
            [
                (CardKind::UTurn, 0, 2),
                (CardKind::RotateLeft, 0, -1),
                (CardKind::RotateRight, 0, 1),
                (CardKind::BackUp, -1, 0),
                (CardKind::Move1, 1, 0),
                (CardKind::Move2, 2, 0),
                (CardKind::Move3, 3, 0),
            ]
        );
    }

    #[test]
    fn the_standard_deck_is_the_pages() {
        let deck = Deck::standard();
        // 004_11511d35c714bcd0.txt:24 and :26: 84 cards, 42 moves and 42 turns.
        assert_eq!(deck.len(), 84);
        let moves = deck
            .cards()
            .iter()
            .filter(|c| c.kind.squares() != 0)
            .count();
        assert_eq!(moves, 42);
        for (kind, count, first, last, step) in PAGE {
            let priorities: Vec<u16> = deck.of_kind(kind).map(|c| c.priority).collect();
            let expected: Vec<u16> = (first..=last).step_by(usize::from(step)).collect();
            assert_eq!(priorities, expected, "{kind}");
            assert_eq!(priorities.len(), count, "{kind}");
        }
        assert!(deck
            .cards()
            .windows(2)
            .all(|w| w[0].priority < w[1].priority));
    }

    #[test]
    fn every_priority_from_10_to_840_names_one_card() {
        let deck = Deck::standard();
        for priority in (10..=840).step_by(10) {
            let owners: Vec<Card> = deck
                .cards()
                .iter()
                .copied()
                .filter(|c| c.priority == priority)
                .collect();
            assert_eq!(owners.len(), 1, "priority {priority}");
            assert_eq!(Card::from_priority(priority), Some(owners[0]));
        }
        for priority in [0, 5, 15, 675, 850, 1000, u16::MAX] {
            assert_eq!(Card::from_priority(priority), None, "{priority}");
        }
    }

    #[test]
    fn text_round_trips_for_every_card() {
        for &c in Deck::standard().cards() {
            let text = c.to_string();
            assert_eq!(text.parse::<Card>(), Ok(c));
            assert_eq!(serde_json::to_string(&c).unwrap(), format!("\"{text}\""));
            let back: Card = serde_json::from_str(&format!("\"{text}\"")).unwrap();
            assert_eq!(back, c);
        }
        assert_eq!(card(CardKind::Move2, 670).to_string(), "move_2 670");
        assert_eq!("  move_2\t670 ".parse(), Ok(card(CardKind::Move2, 670)));
    }

    fn message(text: &str) -> String {
        text.parse::<Card>().unwrap_err().to_string()
    }

    #[test]
    fn parse_errors_say_what_is_wrong() {
        assert_eq!(
            message("mvoe_2 670"),
            "unknown card `mvoe_2`, did you mean `move_2`?"
        );
        assert_eq!(
            message("Move_2 670"),
            "unknown card `Move_2`, did you mean `move_2`?"
        );
        assert_eq!(
            message("uturn 10"),
            "unknown card `uturn`, did you mean `u_turn`?"
        );
        assert_eq!(message("fly 10"), "unknown card `fly`");
        assert_eq!(
            message(""),
            "no card given: write a card name and its priority, such as `move_2 670`"
        );
        assert_eq!(
            message("move_1"),
            "`move_1` needs its priority, such as `move_1 490`"
        );
        assert_eq!(
            message("move_1 abc"),
            "the priority of `move_1` must be a whole number, not `abc`"
        );
        assert_eq!(
            message("move_1 -490"),
            "the priority of `move_1` must be a whole number, not `-490`"
        );
        assert_eq!(
            message("move_1 495"),
            "no card has priority 495: the deck's move_1 cards are 490, 500, ..., 660"
        );
        assert_eq!(
            message("move_3 99999"),
            "no card has priority 99999: the deck's move_3 cards are 790, 800, ..., 840"
        );
        assert_eq!(message("move_1 670"), "670 is a move_2, not a move_1");
        assert_eq!(
            message("rotate_left 80"),
            "80 is a rotate_right, not a rotate_left"
        );
        assert_eq!(
            message("move_2 670 x"),
            "unexpected `x` after `move_2 670`: a card is a name and a priority"
        );
        assert!(serde_json::from_str::<Card>("\"move_1 670\"")
            .unwrap_err()
            .to_string()
            .contains("670 is a move_2, not a move_1"));
    }

    #[test]
    fn hand_sizes_by_damage() {
        // 004_11511d35c714bcd0.txt:198 to :207: 9, 8, ..., 1, 0 cards.
        let hands: Vec<usize> = (0..=9).map(hand_size).collect();
        assert_eq!(hands, [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
        assert_eq!(hand_size(10), 0);
    }

    #[test]
    fn locked_registers_by_damage() {
        // 004_11511d35c714bcd0.txt:198 to :202: nothing locked up to 4 damage.
        for damage in 0..=4 {
            assert!(locked_registers(damage).is_empty(), "{damage}");
        }
        // 004_11511d35c714bcd0.txt:203 to :207: from the fifth down.
        let locks = |d| locked_registers(d).collect::<Vec<usize>>();
        assert_eq!(locks(5), [5]);
        assert_eq!(locks(6), [4, 5]);
        assert_eq!(locks(7), [3, 4, 5]);
        assert_eq!(locks(8), [2, 3, 4, 5]);
        assert_eq!(locks(9), [1, 2, 3, 4, 5]);
        assert_eq!(locks(10), [1, 2, 3, 4, 5]);
        // Hand plus locked registers always leaves enough for the rest.
        for damage in 0..=9 {
            let free = REGISTERS - locked_registers(damage).count();
            assert!(hand_size(damage) >= free, "{damage}");
        }
    }

    fn table(name: &str, count: u16, first: u16, step: u16) -> String {
        format!("[[kind]]\nname = \"{name}\"\ncount = {count}\nfirst = {first}\nstep = {step}\n")
    }

    #[test]
    fn a_variant_deck_replaces_the_standard() {
        let text = table("move_1", 40, 1, 1) + &table("u_turn", 40, 100, 2);
        let deck = Deck::from_toml(&text).unwrap();
        assert_eq!(deck.len(), 80);
        assert_eq!(deck.card(41), None);
        assert_eq!(deck.card(100), Some(card(CardKind::UTurn, 100)));
        assert_eq!(deck.parse_card("move_1 40"), Ok(card(CardKind::Move1, 40)));
        assert_eq!(
            deck.parse_card("move_2 40").unwrap_err().to_string(),
            "40 is a move_1, not a move_2"
        );
        assert_eq!(
            deck.parse_card("move_2 41").unwrap_err().to_string(),
            "no card has priority 41: the deck's move_2 cards are none"
        );
    }

    #[test]
    fn bad_deck_files_are_refused() {
        let big = table("move_1", 80, 10, 10);
        let err = |text: &str| Deck::from_toml(text).unwrap_err().to_string();
        assert_eq!(
            err(&(big.clone() + &table("move_2", 1, 20, 10))),
            "deck file: priority 20 is both a move_1 and a move_2"
        );
        assert_eq!(
            err(&(big.clone() + &table("move_2", 0, 5000, 10))),
            "deck file: `move_2` has count 0 (leave the kind out instead)"
        );
        assert_eq!(
            err(&(big.clone() + &table("move_2", 2, 5000, 0))),
            "deck file: `move_2` has step 0, so its cards would share a priority"
        );
        assert_eq!(
            err(&(big.clone() + &table("move_2", 1, 0, 10))),
            "deck file: `move_2` starts at priority 0 (priorities start at 1)"
        );
        assert_eq!(
            err(&(big.clone() + &table("move_2", 3, 65530, 10))),
            "deck file: the priorities of `move_2` go past 65535"
        );
        assert_eq!(
            err(&(big.clone() + &table("move_1", 1, 5000, 10))),
            "deck file: `move_1` is listed twice"
        );
        assert_eq!(
            err(&(big.clone() + &table("mve_2", 1, 5000, 10))),
            "deck file: unknown card `mve_2`, did you mean `move_2`?"
        );
        assert_eq!(
            err(&table("move_1", 71, 10, 10)),
            "deck file: 71 cards cannot deal 9 cards to each of 8 robots (at least 72 are needed)"
        );
        assert!(Deck::from_toml(&table("move_1", 72, 10, 10)).is_ok());
        assert_eq!(
            err(&table("move_1", 129, 10, 10)),
            "deck file: 129 cards are too many (at most 128)"
        );
        assert!(Deck::from_toml(&table("move_1", 128, 10, 10)).is_ok());
        assert!(err(&(big.clone() + "colour = \"red\"\n")).contains("unknown field"));
        assert!(err("[[kind]]\nname = \"move_1\"\n").contains("missing field"));
    }

    #[test]
    fn ranks_are_places_in_priority_order_and_only_the_decks() {
        let deck = Deck::standard();
        for (place, &c) in deck.cards().iter().enumerate() {
            assert_eq!(deck.rank(c), Some(place));
        }
        // A priority of the deck on another kind, and priorities it lacks.
        assert_eq!(deck.rank(card(CardKind::Move1, 670)), None);
        assert_eq!(deck.rank(card(CardKind::Move1, 495)), None);
        assert_eq!(deck.rank(card(CardKind::Move3, 9000)), None);
    }

    #[test]
    fn a_card_set_gives_its_places_in_order_both_ways() {
        let mut set = CardSet::default();
        for place in [83, 0, 127, 41, 5] {
            assert!(set.insert(place));
        }
        assert!(!set.insert(41), "already in");
        assert_eq!(set.ascending().collect::<Vec<_>>(), [0, 5, 41, 83, 127]);
        assert_eq!(set.descending().collect::<Vec<_>>(), [127, 83, 41, 5, 0]);
        assert_eq!(CardSet::default().ascending().count(), 0);
    }

    #[test]
    fn sorting_through_a_set_falls_back_for_strangers_and_twins() {
        let deck = Deck::standard();
        let stranger = card(CardKind::Move1, 495);
        let mut cards = [
            card(CardKind::Move3, 840),
            stranger,
            card(CardKind::UTurn, 10),
        ];
        deck.sort(&mut cards);
        assert_eq!(
            cards,
            [
                card(CardKind::UTurn, 10),
                stranger,
                card(CardKind::Move3, 840)
            ]
        );
        let twin = card(CardKind::Move2, 670);
        let mut cards = [twin, card(CardKind::UTurn, 10), twin];
        deck.sort(&mut cards);
        assert_eq!(cards, [card(CardKind::UTurn, 10), twin, twin]);
    }

    proptest! {
        #[test]
        fn the_deck_sorts_any_hand_as_a_sort_by_priority_does(
            picks in proptest::sample::subsequence((0..84usize).collect::<Vec<_>>(), 0..=12),
            seed in any::<u64>(),
        ) {
            use rand::{seq::SliceRandom, SeedableRng};
            let deck = Deck::standard();
            let mut hand: Vec<Card> = picks.iter().map(|&i| deck.cards()[i]).collect();
            hand.shuffle(&mut rand_chacha::ChaCha8Rng::seed_from_u64(seed));
            let mut expected = hand.clone();
            expected.sort_by_key(|c| c.priority);
            deck.sort(&mut hand);
            prop_assert_eq!(hand, expected);
        }

        #[test]
        fn from_priority_agrees_with_the_text(priority in any::<u16>(), k in 0..7usize) {
            let kind = CardKind::ALL[k];
            let parsed = format!("{kind} {priority}").parse::<Card>();
            match Card::from_priority(priority) {
                Some(c) => {
                    prop_assert_eq!(c.priority, priority);
                    prop_assert_eq!(c.to_string().parse::<Card>(), Ok(c));
                    if c.kind == kind {
                        prop_assert_eq!(parsed, Ok(c));
                    } else {
                        prop_assert_eq!(
                            parsed,
                            Err(CardError::WrongKind { priority, named: kind, actual: c.kind })
                        );
                    }
                }
                None => {
                    let is_no_such = matches!(parsed, Err(CardError::NoSuchPriority { .. }));
                    prop_assert!(is_no_such);
                }
            }
        }

        #[test]
        fn deck_priorities_all_parse(i in 0..84usize) {
            let c = Deck::standard().cards()[i];
            prop_assert_eq!(Card::from_priority(c.priority), Some(c));
            prop_assert_eq!(c.to_string().parse::<Card>(), Ok(c));
        }
    }
}
