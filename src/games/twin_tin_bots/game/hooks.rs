//! The engine's hooks: the places where a variant may change what the rules
//! do, with the standard rules as the default.
//!
//! A game holds at most one [`Hooks`] object (a variant set's scripts, see
//! [`crate::games::twin_tin_bots::variant`]). Each hook has a default that is the standard rule,
//! and the engine asks only where a hook is defined: per kind of terrain
//! for the kind hooks (`entered`, `before_step`, `zapped`: flags on the
//! terrain, see [`crate::games::twin_tin_bots::terrain::Props`]), and by [`HookSet`] for the
//! others. A game with no variant never calls anything.
//!
//! Hooks see the game read-only and answer with data ([`Verdict`],
//! [`Delivery`], [`Effect`]s) that the engine applies by the normal rules,
//! so a hook cannot break an invariant. A hook that fails makes the answer
//! being applied fail with [`super::RuleError::Hook`], and the game is left
//! as it was before that answer.

use super::Game;
use crate::games::twin_tin_bots::names::Name;
use crate::games::twin_tin_bots::pieces::{Crystal, Piece, PlayerId, RobotId};
use crate::games::twin_tin_bots::terrain::Thing;
use crate::grid::hex::{Direction, Hex};
use crate::script::hook_guard::Running;
use std::fmt;

/// Which of the game-wide hooks a [`Hooks`] object defines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HookSet {
    /// `push`: asked before a robot pushes a row of pieces.
    pub push: bool,
    /// `deliver`: asked before a crystal is unloaded on a base.
    pub deliver: bool,
    /// `turn_ended`: told at the end of every turn.
    pub turn_ended: bool,
    /// `game_over`: asked at the end of every turn whether the game ends.
    pub game_over: bool,
    /// `score`: asked for each player's score.
    pub score: bool,
}

/// A hook that failed: its variant, script and line, and the cause.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HookError(pub String);

impl fmt::Display for HookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// What a hook says about something about to happen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// It happens as the rules say.
    Allow,
    /// It does not happen, for this reason (shown in the transcript).
    Refuse(Name),
}

/// What the `before_step` hook says about a robot's step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepVerdict {
    /// The step happens as the rules say.
    Allow,
    /// The step is lost (as mud makes it), for this reason: the robot stays,
    /// and the rest of the order goes on (it was not blocked).
    Skip(Name),
}

/// What the `zapped` hook says about a zap that hit a piece of terrain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ZapHit {
    /// The zap stops there, with no effect.
    Stop,
    /// The zapper's player may push the piece to an adjacent hex, by the
    /// normal push rules ([`super::Decision::ZapPush`]).
    Push,
}

/// A change a hook asks for, applied by the engine by the normal rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Sets a robot's mark (cleared at the start of every turn).
    Mark {
        /// The robot.
        robot: RobotId,
        /// The mark's name.
        key: Name,
        /// Its value (0 clears it).
        value: i64,
    },
    /// A kind's `before_step` is done with a robot: it is not asked again
    /// for that robot until the robot enters a hex of that kind again or a
    /// turn starts (mud, once it has taken its step).
    DoneWith {
        /// The robot.
        robot: RobotId,
        /// The kind.
        kind: Name,
    },
    /// Pushes whatever stands on a hex one hex in a direction, pushing one
    /// piece ahead of it by the normal rules (nothing moves if it cannot).
    Push {
        /// The hex.
        at: Hex,
        /// The direction.
        dir: Direction,
    },
}

/// How a step came about, for `before_step`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepKind {
    /// Forward (an order, or a zap's Forward 1x).
    Forward,
    /// Back up.
    Back,
    /// Sideways (an order file's side step).
    Side,
}

impl StepKind {
    /// The name scripts see: `forward`, `back` or `side`.
    pub fn name(self) -> &'static str {
        match self {
            StepKind::Forward => "forward",
            StepKind::Back => "back",
            StepKind::Side => "side",
        }
    }
}

/// The hooks a game's variants define. Every method's default is the
/// standard rule; the engine calls a method only where the variants define
/// it ([`Hooks::defines`] and the kinds' flags).
pub trait Hooks: fmt::Debug {
    /// Which game-wide hooks are defined.
    fn defines(&self) -> HookSet;

    /// Enters the hook `name` (of `kind`, for a kind hook) under the
    /// runtime's [`crate::script::HookGuard`]: the engine holds the token
    /// while the hook runs *and* while it applies the changes the hook
    /// asked for, which is where hooks re-enter the engine. Refused, with
    /// the variant, the script and the chain of hooks named, past
    /// [`crate::script::HOOK_DEPTH`] (or past the runtime's bound on the
    /// hooks one outermost hook may set off).
    fn enter(&self, name: &'static str, kind: Option<Name>) -> Result<Running<'_>, HookError>;

    /// A piece entered `at`, whose floor (or the piece itself, for a piece
    /// kind) is of `kind`.
    fn entered(
        &self,
        _game: &Game,
        _kind: Name,
        _piece: Piece,
        _at: Hex,
        _effects: &mut Vec<Effect>,
    ) -> Result<(), HookError> {
        Ok(())
    }

    /// A robot standing on a floor of `kind` is about to step.
    fn before_step(
        &self,
        _game: &Game,
        _kind: Name,
        _robot: RobotId,
        _step: StepKind,
        _effects: &mut Vec<Effect>,
    ) -> Result<StepVerdict, HookError> {
        Ok(StepVerdict::Allow)
    }

    /// `pusher` is about to push `row` (nearest first) one hex toward `dir`.
    fn push(
        &self,
        _game: &Game,
        _pusher: Piece,
        _row: &[(Hex, Piece)],
        _dir: Direction,
    ) -> Result<Verdict, HookError> {
        Ok(Verdict::Allow)
    }

    /// A zap from `zapper` hit `thing` at `at`.
    fn zapped(
        &self,
        _game: &Game,
        _zapper: RobotId,
        _thing: Thing,
        _at: Hex,
    ) -> Result<ZapHit, HookError> {
        Ok(ZapHit::Stop)
    }

    /// `robot` is about to unload `crystal` on the base of `base_owner`:
    /// whether it may deliver there (the standard rule: any base, the owner
    /// scores it).
    fn deliver(
        &self,
        _game: &Game,
        _robot: RobotId,
        _base_owner: PlayerId,
        _crystal: Crystal,
    ) -> Result<Verdict, HookError> {
        Ok(Verdict::Allow)
    }

    /// The active player's turn is over (before the next one starts).
    fn turn_ended(&self, _game: &Game, _effects: &mut Vec<Effect>) -> Result<(), HookError> {
        Ok(())
    }

    /// Whether the game ends now, and why (checked after every turn).
    fn game_over(&self, _game: &Game) -> Result<Option<Name>, HookError> {
        Ok(None)
    }

    /// A player's score as up to four numbers compared in order (the first
    /// is the score shown), or `None` for the standard score.
    fn score(&self, _game: &Game, _player: PlayerId) -> Result<Option<[i64; 4]>, HookError> {
        Ok(None)
    }
}
