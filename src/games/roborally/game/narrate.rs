//! What happens in a RoboRally game, as small values ([`Event`]) made on
//! the hot path, and in words (one line each) only when someone reads
//! them. Every ruling leaves an event with its reason (DESIGN, principle 3).

use crate::grid::square::{Compass, Square};

use crate::games::roborally::board::Turn;
use crate::games::roborally::cards::Card;
use crate::games::roborally::rulings::{
    cite, BELTS_INTO_PIT, VIRTUAL_STACK_LASER, WAKE_EMPTY_LOCKED,
};

/// What moved a robot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    /// Its own program card.
    Card(Card),
    /// A pusher on this square.
    Pusher(Square),
    /// A conveyor or express belt (`true`: the express belts' first move).
    Belt(bool),
    /// An option's beam (Pressor Beam, Tractor Beam, Mini Howitzer).
    Beam,
}

/// Who fired a shot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shooter {
    /// A board laser whose emitter stands on this square.
    Board(Square),
    /// A robot (its seat).
    Robot(usize),
}

/// Why a belt move was cancelled (ruling 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BeltBlock {
    /// A wall on this side of the robot's square.
    Wall(Compass),
    /// Another robot would land on the same square.
    SameSquare(usize),
    /// Another robot would be carried onto the same square, a pit or off
    /// the board: where it is unclear, no robot is moved (seed line 290,
    /// `roborally.belts-into-pit`: `cancel`).
    SameDeadlySquare(usize),
    /// Another robot would swap squares with it.
    Swap(usize),
    /// Another robot holds the square and does not leave it by belt.
    Held(usize),
}

/// Something that happened, with what it needs to be told with its reason.
/// Seats are robot indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A turn begins.
    TurnBegins(u32),
    /// The discard pile was shuffled into the empty deck.
    Reshuffled(usize),
    /// Cards were dealt to a seat.
    Dealt(usize, usize),
    /// A seat announced a power down for the next turn.
    PowerDownAnnounced(usize),
    /// A destroyed robot came back at its archive.
    Reentered {
        /// The seat.
        seat: usize,
        /// Its archive.
        at: Square,
        /// The facing its player chose.
        facing: Compass,
        /// Whether it comes back virtual (someone else is there).
        virtual_robot: bool,
        /// The damage it comes back with (2, or 0 with Superior Archive
        /// Copy).
        damage: u8,
    },
    /// A powered-down robot stays powered down; its damage is repaired.
    StaysDown(usize, u8),
    /// A powered-down robot wakes.
    Wakes(usize),
    /// A robot's register is locked and holds no card: it does nothing
    /// this turn (`roborally.wake-empty-locked`: `idle`).
    LockedEmpty(usize, u8),
    /// A robot's locked register held no card: it gets the deck's top
    /// card, face up, kept while locked (`roborally.wake-empty-locked`:
    /// `from-deck`); `None` when the deck and the discard pile are empty.
    LockedFromDeck(usize, u8, Option<Card>),
    /// An announced power down begins: all damage repaired, no cards.
    PowerDownBegins(usize, u8),
    /// A register phase begins.
    PhaseBegins(u8),
    /// A robot's card of this phase is revealed.
    Revealed(usize, Card),
    /// A robot turned by its card.
    Turned(usize, Card, Compass),
    /// A robot moved one square.
    Moved(usize, Square, Square, Cause),
    /// A robot was pushed one square by another robot's move or a pusher.
    Pushed {
        /// The pushed robot.
        seat: usize,
        /// The robot moving (for a pusher, the robot on it).
        by: usize,
        /// Where it went.
        to: Square,
        /// What moved the pusher of the chain.
        cause: Cause,
    },
    /// A move was stopped by a wall on `side` of `at`; `pushed` is the
    /// robot of the chain the wall stopped, when not the mover itself.
    Blocked {
        /// The mover.
        seat: usize,
        /// The square whose side is walled.
        at: Square,
        /// The walled side.
        side: Compass,
        /// The pushed robot the wall stops, if not the mover.
        pushed: Option<usize>,
        /// What moved.
        cause: Cause,
    },
    /// A belt move was cancelled.
    BeltCancelled(usize, BeltBlock),
    /// A belt carries the first robot onto the square, a pit or off the
    /// board, a belt carries the second onto too: it goes, since robots
    /// that fall end on no square (`roborally.belts-into-pit`: `fall`).
    FallTogether(usize, usize, Square),
    /// A belt carried a robot onto a belt at a right angle: it turned.
    TurnedByBelt(usize, Turn, Compass),
    /// A gear turned a robot.
    TurnedByGear(usize, Turn, Compass),
    /// A crusher crushed a robot.
    Crushed(usize, Square),
    /// A robot fell into a pit.
    FellInPit(usize, Square),
    /// A robot left the board.
    LeftBoard(usize, Square),
    /// A shot hit a robot.
    Shot(usize, Shooter, u8),
    /// A board laser's beam reaches a square several robots share
    /// (`roborally.virtual-stack-laser`): each is hit (`only` is `None`:
    /// `all`), or only the robot of the lowest seat (`first`).
    StackInBeam {
        /// The laser's emitter.
        laser: Square,
        /// The square the robots share.
        at: Square,
        /// The one robot hit, when only one is.
        only: Option<usize>,
    },
    /// A robot took damage; its total after.
    Damaged(usize, u8, u8),
    /// An option took a damage point instead of its robot.
    OptionTookDamage(usize, &'static str),
    /// A robot was destroyed; its lives left.
    Destroyed(usize, u8),
    /// A destroyed robot lost an option.
    OptionLost(usize, &'static str),
    /// An option prevented damage points by itself (ruling 13).
    DamagePrevented(usize, &'static str, u8),
    /// A robot's player chose to use a run-time option (`use`).
    OptionUsed(usize, &'static str),
    /// A robot's player chose not to use a run-time option (`skip`).
    OptionSkipped(usize, &'static str),
    /// An option was spent by its own rule and discarded.
    OptionSpent(usize, &'static str),
    /// A robot's move rammed another robot, with this option.
    Rammed(usize, usize, &'static str),
    /// A robot's next archive copy will come back without damage.
    CleanReturn(usize),
    /// A robot's option announces a power down for the next turn.
    PoweredDownByOption(usize, &'static str),
    /// A robot touched its next flag from beside it with an option.
    FlagReached(usize, &'static str),
    /// A robot's turn-programmed option was programmed for the turn.
    OptionProgrammed(usize, &'static str),
    /// A robot laid a program card on an option (face down).
    CardOnOption(usize, &'static str),
    /// A robot took the card lying on an option into its hand.
    CardToHand(usize, &'static str),
    /// The card lying on a robot's option replaced its register's card.
    CardPlayedFrom(usize, &'static str, Card),
    /// A card drawn from the deck replaced a robot's register's card.
    CardFromDeck(usize, Card),
    /// A robot drew this many cards into its hand with an option.
    CardsDrawn(usize, u8),
    /// A robot's hand was dealt anew: this many cards.
    Redealt(usize, usize),
    /// An option kept a robot from being turned by a gear or a belt.
    NotTurned(usize, &'static str),
    /// A robot fires this optional weapon (or `laser`) in this phase.
    WeaponChosen(usize, &'static str),
    /// The first robot plays the second's cards for the rest of the turn.
    Mirrored(usize, usize),
    /// The first robot plays the second's card in this phase.
    PlaysCardOf(usize, usize, Card),
    /// A robot's card in this register was replaced from the deck.
    Scrambled(usize, u8),
    /// A robot touched its next flag.
    FlagTouched(usize, u8),
    /// A robot's archive moved here.
    ArchiveMoved(usize, Square),
    /// A robot was repaired: by how much, damage after.
    Repaired(usize, u8, u8),
    /// A robot drew an option card.
    OptionDrawn(usize, &'static str),
    /// A virtual robot alone on its square became real.
    BecameReal(usize, Square),
    /// A robot won by touching the last flag.
    Won(usize),
    /// No robot has a life left: the race is over without a winner.
    NoLivesLeft,
    /// A variant bars a robot from powering down: its player is not asked.
    PowerDownBarred(usize),
    /// A variant says a player fills only this many registers this turn.
    TimeRunsOut(usize, u8),
    /// A register was filled with a card of the hand at random (which
    /// card is hidden until revealed).
    FilledAtRandom(usize, u8),
    /// A variant's belts carried a flag: its number, from, to.
    FlagCarried(u8, Square, Square),
    /// A flag carried off the board or into a pit went back to its
    /// square at the start of the race: its number, from, to.
    FlagReturned(u8, Square, Square),
    /// A flag a variant's belts would carry stays: a wall or another flag
    /// is in the way.
    FlagHeld(u8, Square),
}

fn cause_text(cause: Cause) -> String {
    match cause {
        Cause::Card(c) => format!("({c})"),
        Cause::Pusher(at) => format!("(the pusher on {at})"),
        Cause::Belt(true) => "(express belt)".into(),
        Cause::Belt(false) => "(belt)".into(),
        Cause::Beam => "(a beam)".into(),
    }
}

fn turn_word(t: Turn) -> &'static str {
    match t {
        Turn::Right => "right",
        Turn::Left => "left",
    }
}

/// An event in words; `name` gives a robot index's colour.
pub fn narrate(event: &Event, name: &dyn Fn(usize) -> &'static str) -> String {
    match *event {
        Event::TurnBegins(t) => format!("turn {t} begins"),
        Event::Reshuffled(n) => {
            format!("the deck is empty: the discard pile ({n} cards) is shuffled into it")
        }
        Event::Dealt(s, n) => format!("{} is dealt {n} cards", name(s)),
        Event::PowerDownAnnounced(s) => {
            format!("{} announces a power down for the next turn", name(s))
        }
        Event::Reentered {
            seat,
            at,
            facing,
            virtual_robot,
            damage,
        } => format!(
            "{} comes back at its archive {at} facing {facing} with {damage} damage{}",
            name(seat),
            if virtual_robot {
                ", virtual: another robot is there (ruling 10)"
            } else {
                ""
            }
        ),
        Event::StaysDown(s, r) => format!(
            "{} stays powered down: {r} damage repaired (ruling 12)",
            name(s)
        ),
        Event::Wakes(s) => format!("{} powers up again", name(s)),
        Event::LockedEmpty(s, r) => format!(
            "{}'s register {r} is locked and holds no card: it does nothing this turn {}",
            name(s),
            cite(&WAKE_EMPTY_LOCKED, "idle")
        ),
        Event::LockedFromDeck(s, r, card) => format!(
            "{}'s register {r} is locked and holds no card: {} {}",
            name(s),
            match card {
                Some(c) => format!("it gets the deck's top card, {c}, face up, kept while locked"),
                None => "the deck and the discard pile are empty, so it does nothing this turn"
                    .to_string(),
            },
            cite(&WAKE_EMPTY_LOCKED, "from-deck")
        ),
        Event::PowerDownBegins(s, r) => format!(
            "{} is powered down this turn: {r} damage repaired, no cards (ruling 12)",
            name(s)
        ),
        Event::PhaseBegins(r) => format!("register phase {r}"),
        Event::Revealed(s, c) => format!("{} reveals {c}", name(s)),
        Event::Turned(s, c, f) => format!("{} turns to face {f} ({c})", name(s)),
        Event::Moved(s, from, to, cause) => match cause {
            Cause::Card(c) => format!("{} moves from {from} to {to} ({c})", name(s)),
            Cause::Pusher(at) => {
                format!(
                    "{} is pushed from {from} to {to} by the pusher on {at}",
                    name(s)
                )
            }
            Cause::Belt(true) => {
                format!(
                    "{} is carried from {from} to {to} by an express belt",
                    name(s)
                )
            }
            Cause::Belt(false) => format!("{} is carried from {from} to {to} by a belt", name(s)),
            Cause::Beam => format!("{} is pushed from {from} to {to} by a beam", name(s)),
        },
        Event::Pushed {
            seat,
            by,
            to,
            cause,
        } => format!(
            "{} is pushed to {to} by {} {}",
            name(seat),
            name(by),
            cause_text(cause)
        ),
        Event::Blocked {
            seat,
            at,
            side,
            pushed,
            cause,
        } => {
            let what = match cause {
                Cause::Pusher(p) => {
                    format!("{}'s push by the pusher on {p} is stopped", name(seat))
                }
                _ => format!("{}'s move is stopped", name(seat)),
            };
            match pushed {
                Some(p) => format!(
                    "{what}: a wall on the {side} side of {at} stops {}, which it would push (ruling 1)",
                    name(p)
                ),
                None => format!("{what}: a wall on the {side} side of {at}"),
            }
        }
        Event::BeltCancelled(s, why) => {
            let reason = match why {
                BeltBlock::Wall(side) => format!("a wall on its {side} side"),
                BeltBlock::SameSquare(o) => format!("{} would land on the same square", name(o)),
                BeltBlock::SameDeadlySquare(o) => format!(
                    "{} would be carried onto the same square, which destroys robots: where it is unclear, no robot is moved",
                    name(o)
                ),
                BeltBlock::Swap(o) => format!("it would swap squares with {}", name(o)),
                BeltBlock::Held(o) => {
                    format!("{} holds the square and does not leave it by belt", name(o))
                }
            };
            let cited = match why {
                BeltBlock::SameDeadlySquare(_) => format!(" {}", cite(&BELTS_INTO_PIT, "cancel")),
                _ => String::new(),
            };
            format!(
                "{}'s belt move is cancelled: {reason} (ruling 3){cited}",
                name(s)
            )
        }
        Event::FallTogether(s, o, at) => format!(
            "{}'s belt move is not cancelled: {} is carried onto {at} too, but that square destroys robots, and robots that fall end on no square {}",
            name(s),
            name(o),
            cite(&BELTS_INTO_PIT, "fall")
        ),
        Event::TurnedByBelt(s, t, f) => format!(
            "{} is turned {} by the belt's curve, now facing {f} (ruling 4)",
            name(s),
            turn_word(t)
        ),
        Event::TurnedByGear(s, t, f) => {
            format!(
                "{} is turned {} by a gear, now facing {f}",
                name(s),
                turn_word(t)
            )
        }
        Event::Crushed(s, at) => format!("{} is crushed by the crusher on {at}", name(s)),
        Event::FellInPit(s, at) => format!("{} falls into the pit at {at}", name(s)),
        Event::LeftBoard(s, at) => format!("{} leaves the board at {at}", name(s)),
        Event::Shot(s, by, n) => match by {
            Shooter::Board(at) => {
                format!("{} is shot by the board laser at {at}: {n} damage", name(s))
            }
            Shooter::Robot(r) => format!("{} is shot by {}: {n} damage", name(s), name(r)),
        },
        Event::StackInBeam { laser, at, only } => match only {
            None => format!(
                "the robots on {at} share the beam of the board laser at {laser}: each plays as if alone, so each is hit {}",
                cite(&VIRTUAL_STACK_LASER, "all")
            ),
            Some(s) => format!(
                "the robots on {at} share the beam of the board laser at {laser}: only {}, of the lowest seat, is hit {}",
                name(s),
                cite(&VIRTUAL_STACK_LASER, "first")
            ),
        },
        Event::Damaged(s, n, total) => {
            format!("{} takes {n} damage ({total} in all)", name(s))
        }
        Event::OptionTookDamage(s, o) => {
            format!(
                "{} discards {o} to take a damage point instead (ruling 13)",
                name(s)
            )
        }
        Event::Destroyed(s, lives) => match lives {
            0 => format!("{} is destroyed and out of the race: no life left", name(s)),
            1 => format!("{} is destroyed: 1 life left", name(s)),
            n => format!("{} is destroyed: {n} lives left", name(s)),
        },
        Event::OptionLost(s, o) => format!("{} loses {o} as it is destroyed (ruling 10)", name(s)),
        Event::DamagePrevented(s, o, n) => format!(
            "{}'s {o} prevents {n} damage (ruling 13: it acts first)",
            name(s)
        ),
        Event::OptionUsed(s, o) => format!("{} uses {o}", name(s)),
        Event::OptionSkipped(s, o) => format!("{} does not use {o}", name(s)),
        Event::OptionSpent(s, o) => format!("{}'s {o} is spent and discarded", name(s)),
        Event::Rammed(s, t, o) => format!("{} rams {} with its {o}", name(s), name(t)),
        Event::CleanReturn(s) => format!(
            "{}'s next archive copy will come back without damage",
            name(s)
        ),
        Event::PoweredDownByOption(s, o) => {
            format!("{}'s {o} powers it down for the next turn", name(s))
        }
        Event::FlagReached(s, o) => {
            format!("{} reaches the flag beside it with its {o}", name(s))
        }
        Event::OptionProgrammed(s, o) => format!("{} programs its {o} for the turn", name(s)),
        Event::CardOnOption(s, o) => format!("{} lays a card face down on its {o}", name(s)),
        Event::CardToHand(s, o) => format!("{} takes the card on its {o} into its hand", name(s)),
        Event::CardPlayedFrom(s, o, c) => {
            format!(
                "{} plays {c} from its {o} instead of its register's card",
                name(s)
            )
        }
        Event::CardFromDeck(s, c) => {
            format!(
                "{} draws {c} from the deck instead of its register's card",
                name(s)
            )
        }
        Event::CardsDrawn(s, n) => format!("{} draws {n} more program cards", name(s)),
        Event::Redealt(s, n) => format!("{} discards its hand and is dealt {n} new cards", name(s)),
        Event::NotTurned(s, o) => format!("{}'s {o} keeps it from being turned", name(s)),
        Event::WeaponChosen(s, w) => format!("{} fires its {w}", name(s)),
        Event::Mirrored(t, s) => format!(
            "{}'s program is replaced by {}'s for the rest of the turn",
            name(t),
            name(s)
        ),
        Event::PlaysCardOf(t, s, c) => {
            format!("{} plays {}'s {c} right after it", name(t), name(s))
        }
        Event::Scrambled(s, r) => format!(
            "{}'s card in register {r} is replaced by a card from the deck",
            name(s)
        ),
        Event::FlagTouched(s, f) => format!("{} touches flag {f}", name(s)),
        Event::ArchiveMoved(s, at) => format!("{}'s archive moves to {at}", name(s)),
        Event::Repaired(s, n, d) => format!("{} repairs {n} damage ({d} left)", name(s)),
        Event::OptionDrawn(s, o) => format!("{} takes the option card {o}", name(s)),
        Event::BecameReal(s, at) => format!("{} is alone on {at}: it becomes real", name(s)),
        Event::Won(s) => format!("{} touches the last flag and wins", name(s)),
        Event::NoLivesLeft => "no robot has a life left: the race is over, no winner".into(),
        Event::PowerDownBarred(s) => {
            format!("{} may not power down (a variant's rule)", name(s))
        }
        Event::TimeRunsOut(s, n) => format!(
            "{}'s time runs out: its player fills {n} registers, the rest are filled at random",
            name(s)
        ),
        Event::FilledAtRandom(s, r) => {
            format!(
                "{}'s register {r} is filled at random from its hand",
                name(s)
            )
        }
        Event::FlagCarried(f, from, to) => format!("the belt carries flag {f} from {from} to {to}"),
        Event::FlagReturned(f, from, to) => format!(
            "flag {f} is carried off {from} into a pit or off the board: it goes back to {to}"
        ),
        Event::FlagHeld(f, at) => {
            format!("flag {f} stays on {at}: a wall or another flag is in the way")
        }
    }
}
