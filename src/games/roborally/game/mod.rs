//! The RoboRally rules engine: a [`Game`] is a state machine of decisions
//! (DESIGN, principle 1) over a [`Position`], played by the rules of
//! `004_11511d35c714bcd0.txt` as the design's RoboRally page reads them
//! (rulings 1–14, "The order of a register phase").
//!
//! The game is fully given by its start, its seed and its answers: the
//! program deck is shuffled by a seeded `ChaCha8Rng`, and nothing else is
//! random. Its modules, one idea each:
//!
//! - [`answer`]: the decisions and their answers, as values and as text;
//! - `flow`: the driver that runs the game from one decision to the next
//!   (start of the turn, dealing, programming, the phases, the end);
//! - `register`: the steps of one register phase;
//! - `moves`: robot moves and push chains; `belts`: conveyor belts;
//!   `lasers`: board and robot lasers; `damage`: damage, destruction,
//!   options taking damage;
//! - [`narrate`]: the events, and their words;
//! - `hidden`: re-dealing what a viewer cannot see, and the invariants;
//! - `record`: the start record a replay resumes from;
//! - [`counters`]: the counters hooks keep for robots;
//! - [`options`]: the option cards' names; [`option_lua`]: their Lua
//!   scripts' runtime; `option_play`: where the engine calls their hooks
//!   and applies what they ask; `option_turn`: options on the hand, the
//!   programming and the revealed cards; `option_weapons`: optional
//!   weapons;
//! - [`validate`]: the one validator of positions (scenarios, replays,
//!   REPL loads);
//! - [`variant_lua`]: variants' scripts' runtime (on the options' sandbox
//!   and handle); `variant_play`: where the engine calls their hooks.

pub mod answer;
mod belts;
pub mod counters;
mod damage;
mod flow;
mod hidden;
mod lasers;
mod moves;
pub mod narrate;
pub mod option_lua;
mod option_play;
mod option_turn;
mod option_weapons;
pub mod options;
mod panel;
mod record;
mod register;
mod setup;
pub(super) mod summary;
#[cfg(test)]
mod tests;
pub mod validate;
pub mod variant_lua;
mod variant_play;

pub use answer::{Answer, Decision};
pub use narrate::{BeltBlock, Cause, Event, Shooter};
pub use record::{opened_start, resume, resume_with, with_rulings, with_variants};
pub use validate::{validate, Field, Invalid, Play, Setup, MAX_LIVES};
pub use variant_play::Variants;

use std::rc::Rc;
use std::sync::Arc;

use rand_chacha::ChaCha8Rng;

use crate::engine::{Outcome, Refusal, Rulings};
use crate::grid::square::{Compass, Square};

use super::board::{Board, Course, Registers};
use super::cards::{locked_registers, Card, REGISTERS};
use super::position::{Position, RobotState, Stage, START_LIVES};
use super::rulings::DISPUTES;

/// Where the game stands in its turn: the driver's program counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Pc {
    /// The turn begins (its event, then the steps below).
    TurnStart,
    /// Destroyed robots with lives choose their facing, from this index.
    Reenter(usize),
    /// The robots that chose come back, all together.
    PlaceReentered,
    /// Powered-down robots decide to stay or wake, from this index.
    StayWake(usize),
    /// Announced power downs begin.
    PowerDowns,
    /// Cards are dealt.
    Deal,
    /// This robot's options act on its hand before it is programmed
    /// (Extra Memory, Recompile, Flywheel; `option_turn`).
    Hand(usize),
    /// Programming: this robot, this register (0..5; 5 is the power-down
    /// decision; 6 + k asks its option `k` when turn-programmed).
    Program(usize, u8),
    /// A register phase (1..=5) at a step.
    Phase(u8, Step),
    /// The end of the turn: repairs, from this index.
    EndRepair(usize),
    /// The end of the turn: virtual robots become real, registers clear.
    EndClear,
    /// A scenario's turn is done: nothing more is asked.
    Paused,
    /// The game is over.
    Over,
}

/// The steps of a register phase (the design's "The order of a register
/// phase").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Step {
    /// The cards of the phase are revealed and ordered by priority.
    Reveal,
    /// The `i`th robot in priority order plays its card.
    Robot(u8),
    /// Express belts' first move.
    Express,
    /// All belts' common move.
    Belts,
    /// Active pushers.
    Pushers,
    /// Gears.
    Gears,
    /// Active crushers.
    Crushers,
    /// Lasers.
    Lasers,
    /// Flags and archives.
    Flags,
}

impl Step {
    fn label(self) -> &'static str {
        match self {
            Step::Reveal => "reveal",
            Step::Robot(_) => "robot",
            Step::Express => "express belts",
            Step::Belts => "belts",
            Step::Pushers => "pushers",
            Step::Gears => "gears",
            Step::Crushers => "crushers",
            Step::Lasers => "lasers",
            Step::Flags => "flags and archives",
        }
    }
}

/// Work left over from a step that may need a player's answer: damage
/// that an option could take, an option lost on destruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pending {
    /// `amount` damage still to deal to robot `robot`; `hooked` once the
    /// robot's options that take damage by themselves have acted (ruling
    /// 13).
    Damage {
        robot: usize,
        amount: u8,
        hooked: bool,
        /// The side of the robot a laser's shot comes from (for options
        /// that guard a side: Shield); `None` for other damage, and in a
        /// game without options.
        from: Option<Compass>,
    },
    /// Robot `robot` was destroyed: its options' and the variants'
    /// `destroyed` hooks run, once the step that destroyed it is done
    /// (never inside a move, a push chain or a belt step, which the hooks'
    /// requests could change under them); then, when it holds options,
    /// it loses one ([`Pending::LoseOption`]).
    Destroyed { robot: usize },
    /// Robot `robot` was destroyed and loses an option of its player's
    /// choice (ruling 10).
    LoseOption { robot: usize },
}

/// A game of RoboRally in progress.
#[derive(Clone, Debug)]
pub struct Game {
    pub(super) board: Arc<Board>,
    /// Pushers sorted by `y`, then `x` (ruling 5).
    pushers: Arc<[(Square, Compass, Registers)]>,
    /// How far beams get on this board (walls and edges never change).
    reach: Arc<lasers::Reach>,
    pub(super) robots: Vec<RobotState>,
    option_deck: Vec<String>,
    /// The start (position and seed) the start record is written from.
    start: Arc<(Position, u64)>,
    rng: ChaCha8Rng,
    deck: Vec<Card>,
    discard: Vec<Card>,
    pub(super) hands: Vec<Vec<Card>>,
    /// Per robot, the registers (bit `r` for register `r`, 1..=5) whose
    /// card was kept locked from the last turn (public, shown then).
    kept: Vec<u8>,
    /// Per robot, whether it comes back at the start of this turn.
    returning: Vec<bool>,
    /// Register phases revealed this turn (0 while programming).
    revealed: u8,
    /// The robots of this phase in priority order, with the card each
    /// plays.
    order: Vec<(Card, usize)>,
    pub(super) turn: u32,
    pub(super) pc: Pc,
    pending: Vec<Pending>,
    pub(super) decision: Option<Decision>,
    pub(super) events: Vec<Event>,
    pub(super) stepping: bool,
    step_done: bool,
    steps: u32,
    pub(super) outcome: Option<Outcome>,
    /// A robot was destroyed since the driver last asked whether every
    /// robot is out of the race (only a destruction can make it so).
    destroyed_since_check: bool,
    /// A scenario: no cards are dealt; stop after this many phases.
    scenario: Option<u8>,
    /// A scenario's hands, given instead of the deal.
    scenario_hands: Option<Vec<Vec<Card>>>,
    /// Scratch buffers reused by the belts and lasers.
    scratch: Scratch,
    /// The option cards' scripts, loaded once a robot holds an option
    /// (shared by copies of the game: the scripts keep no state).
    runtime: Option<Rc<option_lua::OptionRuntime>>,
    /// The counters hooks keep for robots.
    counters: counters::Counters,
    /// The answers given to option questions in the running step: (robot,
    /// option index, used). Cleared when the step is done.
    asked: Vec<(usize, u8, bool)>,
    /// Robots that touch their next flag from beside it this phase
    /// (Mechanical Arm).
    arm_touch: Vec<usize>,
    /// A hook failed: the game stops where it was (the answer that ran it
    /// is refused and undone).
    hook_error: Option<Box<dyn HookFailure>>,
    /// The variants played, if any (shared by copies of the game).
    variants: Option<Rc<Variants>>,
    /// The one guard every hook of the game, option card's or variant's,
    /// runs under with the changes it asked for (shared by copies: it is
    /// empty between answers).
    hook_guard: Rc<crate::script::HookGuard>,
    /// The hooks the variants' scripts define, a bit each
    /// ([`variant_lua::VariantHook::bit`]): 0 without variants, so that
    /// the engine's checks cost one test.
    variant_hooks: u8,
    /// Per robot, the registers its player fills this turn (a variant's
    /// `programming` hook); empty when no variant limits them.
    chosen: Vec<u8>,
    /// Turn-programmed options' answers and the program cards lying on
    /// options (`option_turn`).
    programmed: option_turn::Programmed,
    /// The readings of disputed rules in force
    /// ([`crate::games::roborally::rulings`]).
    pub(super) rulings: Rulings,
}

/// A hook that failed (an option card's or a variant's), kept until the
/// answer that ran it is refused.
pub(super) trait HookFailure: std::fmt::Display + std::fmt::Debug {
    /// A copy, boxed.
    fn cloned(&self) -> Box<dyn HookFailure>;
}

impl<T: std::fmt::Display + std::fmt::Debug + Clone + 'static> HookFailure for T {
    fn cloned(&self) -> Box<dyn HookFailure> {
        Box::new(self.clone())
    }
}

impl Clone for Box<dyn HookFailure> {
    fn clone(&self) -> Self {
        (**self).cloned()
    }
}

/// The cards robots hold in hand when a game is built (by seat order):
/// those the turn is programmed from, and those held beside given
/// programs.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Hands<'a> {
    /// The turn is programmed from these.
    pub dealt: Option<&'a [Vec<Card>]>,
    /// Held beside the programs in the registers.
    pub held: &'a [Vec<Card>],
}

/// How a scenario's turn is played ([`Game::scenario_with`]).
#[derive(Clone, Debug, Default)]
pub struct ScenarioTurn {
    /// Whether the start of the turn runs first.
    pub begin: bool,
    /// The register phases run, 0..=5.
    pub registers: u8,
    /// The robots' hands (by seat order) to program the turn from; `None`:
    /// the programs are in the registers already.
    pub hands: Option<Vec<Vec<Card>>>,
    /// The cards the robots hold (by seat order; taken out of the deck)
    /// beside their given programs, for the options that act on a hand or
    /// lay one of its cards on them.
    pub held: Vec<Vec<Card>>,
}

/// Buffers the hot path reuses instead of allocating.
#[derive(Clone, Debug, Default)]
struct Scratch {
    belt: Vec<belts::Plan>,
    hits: Vec<(usize, Shooter, u8)>,
    targets: Vec<lasers::Target>,
}

impl Game {
    /// A full game from `position` (usually [`Stage::TurnStart`]: the turn
    /// starts, cards are dealt, programs chosen). With
    /// [`Stage::Registers`], the programs in the position play first.
    /// The position is checked: 1 to 8 robots of distinct colours (their
    /// `seat` is the colour's index; the game's seats are their order), on
    /// the board and not in pits unless destroyed, no two real robots on
    /// one square, damage 0..=9, no card twice.
    pub fn new(position: Position, seed: u64) -> Result<Game, Refusal> {
        Game::new_under(position, seed, Rulings::defaults(DISPUTES))
    }

    /// [`Game::new`] under `rulings` (the readings of disputed rules).
    pub fn new_under(position: Position, seed: u64, rulings: Rulings) -> Result<Game, Refusal> {
        Game::begin(position, seed, None, rulings, Play::Rules)
    }

    /// A game from `position` played with `variants`, under `rulings`, as
    /// `play` says: a race's board must have flags ([`validate`]).
    pub(super) fn begin(
        position: Position,
        seed: u64,
        variants: Option<Rc<Variants>>,
        rulings: Rulings,
        play: Play,
    ) -> Result<Game, Refusal> {
        let mut game = Game::build(position, seed, None, play, Hands::default())?;
        game.attach(variants);
        game.rulings = rulings;
        game.pc = match game.pc {
            Pc::Phase(..) => Pc::Phase(1, Step::Reveal),
            other => other,
        };
        game.run();
        game.hook_failed()?;
        Ok(game)
    }

    /// A scenario's game: the programs are already in the registers and no
    /// card is ever dealt. `begin` first runs the start of the turn
    /// (destroyed robots come back, power downs); then `registers` phases
    /// (0..=5) run; 5 also runs the end of the turn. Then the game pauses
    /// for good: [`crate::engine::State::to_decide`] is `None`.
    pub fn scenario(position: Position, begin: bool, registers: u8) -> Result<Game, Refusal> {
        let turn = ScenarioTurn {
            begin,
            registers,
            ..ScenarioTurn::default()
        };
        Game::scenario_with(position, turn, None, Rulings::defaults(DISPUTES))
    }

    /// [`Game::scenario`] with variants and hands, under `rulings`. Hands to program the
    /// turn from (after the start of the turn when `begin`): robots with a
    /// hand are asked for their cards, damaged robots for a power down.
    /// Or hands held beside the given programs: with `begin`, a scenario
    /// whose robots hold options runs their `hand` hooks and asks their
    /// turn-programmed questions (no power down is asked).
    pub fn scenario_with(
        position: Position,
        turn: ScenarioTurn,
        variants: Option<Rc<Variants>>,
        rulings: Rulings,
    ) -> Result<Game, Refusal> {
        let ScenarioTurn {
            begin,
            registers,
            hands,
            held,
        } = turn;
        if registers > 5 {
            return Err(Refusal::new(format!(
                "registers {registers}: a scenario runs 0 to 5 register phases"
            )));
        }
        let dealt = Hands {
            dealt: hands.as_deref(),
            held: &held,
        };
        let mut game = Game::build(position, 0, Some(registers), Play::Rules, dealt)?;
        game.attach(variants);
        game.rulings = rulings;
        for (i, hand) in held.into_iter().enumerate().take(game.robots.len()) {
            game.deck.retain(|c| !hand.contains(c));
            game.hands[i] = hand;
        }
        let programs = hands.is_some();
        if let Some(hands) = hands {
            game.give_hands(hands)?;
        }
        game.pc = if begin {
            Pc::TurnStart
        } else if programs {
            Pc::Deal
        } else if registers == 0 {
            Pc::Paused
        } else {
            Pc::Phase(1, Step::Reveal)
        };
        game.run();
        game.hook_failed()?;
        Ok(game)
    }

    /// A scenario's position opened for stepping (the REPL's `load`):
    /// paused before anything of its turn runs, with the programs in the
    /// registers; each `continue` runs one step (`begin`: the start of the
    /// turn first), and after the end of the turn the game pauses for good.
    /// No card is ever dealt.
    pub fn opened(position: Position, begin: bool) -> Result<Game, Refusal> {
        Game::opened_with(position, begin, None, None, Rulings::defaults(DISPUTES))
    }

    /// [`Game::opened`] with variants, and hands (by seat order) to
    /// program the turn from, as [`Game::scenario_with`] does, under
    /// `rulings`.
    pub fn opened_with(
        position: Position,
        begin: bool,
        variants: Option<Rc<Variants>>,
        hands: Option<Vec<Vec<Card>>>,
        rulings: Rulings,
    ) -> Result<Game, Refusal> {
        let dealt = Hands {
            dealt: hands.as_deref(),
            held: &[],
        };
        let mut game = Game::build(position, 0, Some(LAST_REGISTER), Play::Rules, dealt)?;
        game.attach(variants);
        game.rulings = rulings;
        let programs = hands.is_some();
        if let Some(hands) = hands {
            game.give_hands(hands)?;
        }
        game.pc = if begin {
            Pc::TurnStart
        } else if programs {
            Pc::Deal
        } else {
            Pc::Phase(1, Step::Reveal)
        };
        game.stepping = true;
        game.decision = Some(Decision::Continue);
        Ok(game)
    }

    /// A race on `course` for `players` (1 to 8): every robot virtual on
    /// the course's start square facing N, with 3 lives (ruling 11), and
    /// the 26 option cards shuffled into the option deck
    /// ([`options::shuffled_option_deck`], from the same seed).
    pub fn race(course: &Course, players: usize, seed: u64) -> Result<Game, Refusal> {
        let rulings = Rulings::defaults(DISPUTES);
        Game::race_with(course, players, seed, None, START_LIVES, rulings)
    }

    /// [`Game::race`] with variants, each robot starting with `lives`,
    /// under `rulings` (the readings of disputed rules).
    pub fn race_with(
        course: &Course,
        players: usize,
        seed: u64,
        variants: Option<Rc<Variants>>,
        lives: u8,
        rulings: Rulings,
    ) -> Result<Game, Refusal> {
        if !(1..=8).contains(&players) {
            return Err(Refusal::new(format!(
                "{players} players: RoboRally seats 1 to 8"
            )));
        }
        let robots = (0..players)
            .map(|seat| {
                let mut r = RobotState::new(seat, course.start, Compass::N);
                r.virtual_robot = true;
                r.lives = lives;
                r
            })
            .collect();
        Game::begin(
            Position {
                board: Arc::new(course.board.clone()),
                robots,
                option_deck: options::shuffled_option_deck(seed),
                turn: 1,
                stage: Stage::TurnStart,
            },
            seed,
            variants,
            rulings,
            Play::Race,
        )
    }

    /// A hook failed while the game ran: its error, as a refusal.
    fn hook_failed(&mut self) -> Result<(), Refusal> {
        match self.hook_error.take() {
            Some(e) => Err(Refusal::new(e.to_string())),
            None => Ok(()),
        }
    }

    /// The robots, in seat order.
    pub fn robots(&self) -> &[RobotState] {
        &self.robots
    }

    /// Gives every robot still in the race `lives` lives again, for a
    /// study whose robots must keep coming back turn after turn, as the
    /// design's speed-limit anchor's do (it has no lives): the benchmark
    /// calls it between turns. A robot already out of the race stays out.
    /// Refused above [`MAX_LIVES`], the most a position may give (seed
    /// lines 50-57).
    pub fn restore_lives(&mut self, lives: u8) -> Result<(), Refusal> {
        if lives == 0 || lives > MAX_LIVES {
            return Err(Refusal::new(format!(
                "{lives} lives: a robot in the race has 1 to {MAX_LIVES}"
            )));
        }
        for robot in self.robots.iter_mut().filter(|r| !r.out()) {
            robot.lives = lives;
        }
        Ok(())
    }

    /// The readings of disputed rules in force.
    pub fn rulings(&self) -> &Rulings {
        &self.rulings
    }

    /// Plays on under `rulings` from the next step (the REPL's `ruling`).
    pub fn set_rulings(&mut self, rulings: Rulings) {
        self.rulings = rulings;
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The cards in a seat's hand not yet placed (empty past the seats).
    pub fn hand(&self, seat: usize) -> &[Card] {
        self.hands.get(seat).map_or(&[], Vec::as_slice)
    }

    /// The registers (1..=5) of a seat locked by its damage (ruling 7).
    pub fn locked(&self, seat: usize) -> Vec<u8> {
        self.robots
            .get(seat)
            .map(|r| locked_registers(r.damage).map(|i| i as u8).collect())
            .unwrap_or_default()
    }

    /// The option deck, top first.
    pub fn option_deck(&self) -> &[String] {
        &self.option_deck
    }

    /// The program deck, in draw order (the last card is drawn first).
    pub fn deck(&self) -> &[Card] {
        &self.deck
    }

    /// The discard pile.
    pub fn discard(&self) -> &[Card] {
        &self.discard
    }

    /// The decision being asked now, if any.
    pub fn decision(&self) -> Option<Decision> {
        self.decision
    }

    /// Where the game stands: the turn, the register phase (none while
    /// the turn starts, is programmed or ends), the step's label, and the
    /// steps completed in this turn (the REPL's "undo turn" replays to a
    /// count).
    pub fn turn_phase(&self) -> (u32, Option<u8>, &'static str, u32) {
        let (register, label) = match self.pc {
            Pc::TurnStart | Pc::Reenter(_) | Pc::PlaceReentered => (None, "start of the turn"),
            Pc::StayWake(_) | Pc::PowerDowns => (None, "power down"),
            Pc::Deal | Pc::Hand(_) | Pc::Program(..) => (None, "programming"),
            Pc::Phase(r, s) => (Some(r), s.label()),
            Pc::EndRepair(_) | Pc::EndClear => (None, "end of the turn"),
            Pc::Paused => (None, "paused"),
            Pc::Over => (None, "over"),
        };
        (self.turn, register, label, self.steps)
    }

    /// Whether a robot index is a robot on the board.
    fn on_board(&self, i: usize) -> bool {
        self.robots[i].at.is_some()
    }

    /// The real robot standing on `sq`, if any.
    fn real_at(&self, sq: Square) -> Option<usize> {
        self.robots
            .iter()
            .position(|r| r.at == Some(sq) && !r.virtual_robot)
    }

    /// Whether `sq` destroys a robot that enters it: a pit, or off the
    /// board (seed line 395).
    fn is_deadly(&self, sq: Square) -> bool {
        self.board.is_deadly(sq)
    }

    /// The name of a robot index.
    fn name(&self, i: usize) -> &'static str {
        self.robots[i].colour()
    }

    /// Whether register `r` (1..=5) of robot `i` is locked.
    pub(super) fn is_locked(&self, i: usize, r: u8) -> bool {
        locked_registers(self.robots[i].damage).contains(&usize::from(r))
    }

    /// Registers bitmask helper: the card in register `r` (1..=5).
    fn card_in(&self, i: usize, r: u8) -> Option<Card> {
        self.robots[i].program[usize::from(r) - 1]
    }
}

/// The number of registers as a `u8`.
pub(super) const LAST_REGISTER: u8 = REGISTERS as u8;

/// The damage a robot comes back with (ruling 10, seed line 251).
pub const REENTRY_DAMAGE: u8 = 2;

#[cfg(test)]
impl Game {
    /// The robots, for a test to change (the estimate's tests put a robot
    /// alone or out).
    pub(crate) fn robots_for_tests(&mut self) -> &mut Vec<RobotState> {
        &mut self.robots
    }

    /// The game's hook guard, for a test to fill.
    pub(crate) fn hook_guard_for_tests(&self) -> Rc<crate::script::HookGuard> {
        self.hook_guard.clone()
    }
}
