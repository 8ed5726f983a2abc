//! Terrain in a game: laying a position's terrain on the board, the path a
//! moving piece takes through teleporters, and calling the variants' hooks
//! (recording a failure so that [`Game::apply`] can undo the answer).

use super::event::{Event, Reason};
use super::hooks::{Effect, HookError, Hooks, StepKind, StepVerdict, Verdict, ZapHit};
use super::{Game, Mark, Position, PositionError};
use crate::games::twin_tin_bots::board::Board;
use crate::games::twin_tin_bots::names::Name;
use crate::games::twin_tin_bots::pieces::{Piece, RobotId};
use crate::games::twin_tin_bots::rulings::{MudEntered, Ruled};
use crate::games::twin_tin_bots::terrain::{Floor, KindTable, Layer, Props, Terrain, Thing};
use crate::grid::hex::{Direction, Hex};

/// Lays a position's terrain on a board whose pieces are already placed.
pub(super) fn lay(
    board: &mut Board,
    position: &Position,
    kinds: &KindTable,
) -> Result<(), PositionError> {
    for t in &position.terrain {
        let Some(def) = kinds.get(t.kind) else {
            return Err(PositionError::UnknownTerrain {
                kind: t.kind.to_string(),
                at: t.at,
                known: kinds.names(),
            });
        };
        match def.layer {
            Layer::Piece => {
                if let Some(p) = board.at(t.at) {
                    let first = match p {
                        Piece::Thing(x) => x.kind.to_string(),
                        Piece::Robot(id) => format!("robot #{id}"),
                        Piece::Crystal(c) => format!("a {c}"),
                        Piece::Base(_) => "a base".to_string(),
                    };
                    return Err(PositionError::SameHex {
                        first,
                        second: t.kind.to_string(),
                        at: t.at,
                    });
                }
                board.set(
                    t.at,
                    Some(Piece::Thing(Thing {
                        kind: t.kind,
                        props: def.props,
                    })),
                );
            }
            Layer::Floor => {
                if let Some(f) = board.floor(t.at) {
                    return Err(PositionError::SameHex {
                        first: f.kind.to_string(),
                        second: t.kind.to_string(),
                        at: t.at,
                    });
                }
                board.set_floor(
                    t.at,
                    Some(Floor {
                        kind: t.kind,
                        props: def.props,
                        colour: t.colour,
                        facing: t.facing,
                        partner: None,
                    }),
                );
            }
        }
    }
    pair_teleporters(board)
}

/// Gives each teleporter its partner: the one other teleporter of its colour.
fn pair_teleporters(board: &mut Board) -> Result<(), PositionError> {
    let teleporters: Vec<(Hex, Floor)> = board
        .floors()
        .filter(|(_, f)| f.props.contains(Props::TELEPORTS))
        .collect();
    for (at, floor) in &teleporters {
        let partners: Vec<Hex> = teleporters
            .iter()
            .filter(|(h, f)| h != at && f.colour == floor.colour)
            .map(|(h, _)| *h)
            .collect();
        let [partner] = partners[..] else {
            return Err(PositionError::UnpairedTeleporter {
                at: *at,
                colour: floor.colour.map_or("none".into(), |c| c.to_string()),
            });
        };
        board.set_floor(
            *at,
            Some(Floor {
                partner: Some(partner),
                ..*floor
            }),
        );
    }
    Ok(())
}

/// Where a piece moving from a hex toward a direction lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Landing {
    /// On this hex, through this teleporter (entered) if any.
    At(Hex, Option<Hex>),
    /// Nowhere: the move cannot happen, for this reason.
    Blocked(Reason),
}

impl Game {
    /// The terrain on the board, as a position lists it.
    pub(super) fn terrain(&self) -> Vec<Terrain> {
        let things = self.board.pieces().filter_map(|(at, p)| match p {
            Piece::Thing(t) => Some(Terrain {
                kind: t.kind,
                at,
                colour: None,
                facing: None,
            }),
            _ => None,
        });
        let floors = self.board.floors().map(|(at, f)| Terrain {
            kind: f.kind,
            at,
            colour: f.colour,
            facing: f.facing,
        });
        let mut all: Vec<Terrain> = things.chain(floors).collect();
        all.sort_by_key(|t| (t.at.q, t.at.r));
        all
    }

    /// Where a piece leaving `from` toward `dir` lands: the next hex, or,
    /// if that is a teleporter, the hex beyond its partner (DESIGN.md
    /// decision 7), teleporter after teleporter.
    #[inline]
    pub(super) fn landing(&self, from: Hex, dir: Direction) -> Landing {
        let next = from.step(dir);
        if !self.board.has_floor() {
            return Landing::At(next, None);
        }
        let mut at = next;
        let mut entered = None;
        // Six hops at most: a longer chain loops.
        for _ in 0..6 {
            let Some(floor) = self.board.floor(at) else {
                return Landing::At(at, entered);
            };
            if floor.props.contains(Props::BLOCKS_MOVEMENT) {
                return Landing::Blocked(Reason::FloorBlocks(floor.kind));
            }
            match floor.partner {
                Some(partner) if floor.props.contains(Props::TELEPORTS) => {
                    entered.get_or_insert(at);
                    at = partner.step(dir);
                }
                _ => return Landing::At(at, entered),
            }
        }
        Landing::Blocked(Reason::FloorBlocks(Name::intern("teleporter loop")))
    }

    /// Whether a teleporter lies on the hex (zap, load and unload stop there).
    #[inline]
    pub(super) fn teleporter_at(&self, at: Hex) -> bool {
        self.board
            .floor(at)
            .is_some_and(|f| f.props.contains(Props::TELEPORTS))
    }

    /// Records the first hook failure of the answer being applied.
    pub(super) fn failed(&mut self, e: HookError) {
        self.failure.get_or_insert(e);
    }

    /// The one door of the engine to its hooks: runs `run` (which calls
    /// the hook `name`, of `kind` for a kind hook, and applies what it
    /// asked for) while holding the hooks' guard, so that a hook whose
    /// changes set off hooks whose changes set off hooks... stops at the
    /// guard's depth instead of overflowing the native stack. `None` when
    /// the game has no hooks, when a hook already failed in this answer
    /// (the answer is refused and undone: nothing more runs), or when the
    /// guard refuses (the failure is recorded, see [`Game::apply`]).
    pub(super) fn run_hook<R>(
        &mut self,
        name: &'static str,
        kind: Option<Name>,
        run: impl FnOnce(&mut Game, &dyn Hooks) -> R,
    ) -> Option<R> {
        if self.failure.is_some() {
            return None;
        }
        let hooks = self.hooks.clone()?;
        self.hooks_ran = true;
        let running = match hooks.enter(name, kind) {
            Ok(running) => running,
            Err(e) => {
                self.failed(e);
                return None;
            }
        };
        let result = run(self, &*hooks);
        drop(running);
        Some(result)
    }

    /// Tells the variants that `piece` entered `at`, if the hex's floor (or
    /// the piece, for a piece kind) has an `entered` hook. `driven`: a
    /// robot arrived by its own step (not pushed, jumping or moved by a
    /// hook). A robot entering a floor re-arms that floor's `before_step`
    /// for it (`game:done_with` is undone), except that a robot that did
    /// not drive in, onto a floor with `before_step` (mud), is armed or not
    /// as `ttb.mud-entered` reads "enters".
    pub(super) fn entered(&mut self, piece: Piece, at: Hex, driven: bool) {
        let floor = self.board.floor(at);
        if let (Piece::Robot(robot), Some(f)) = (piece, floor) {
            let held = f.props.contains(Props::HOOK_BEFORE_STEP);
            if held && !driven {
                self.arrived_without_driving(robot, f.kind);
            } else if !self.done_with.is_empty() {
                self.done_with.retain(|&(r, k)| r != robot || k != f.kind);
            }
        }
        let kind = match (floor, piece) {
            (Some(f), _) if f.props.contains(Props::HOOK_ENTERED) => f.kind,
            (_, Piece::Thing(t)) if t.props.contains(Props::HOOK_ENTERED) => t.kind,
            _ => return,
        };
        self.run_hook("entered", Some(kind), |game, hooks| {
            if let Err(e) = game.ask(|g, effects| hooks.entered(g, kind, piece, at, effects)) {
                game.failed(e);
            }
        });
    }

    /// 000_f177823dad35ee93.txt:413 "Robot caterpillars skid in the Mud.
    /// When a Robot enters a Mud hex, his next 'Forward' move is ignored":
    /// `robot` came onto a floor of `kind` with a `before_step` hook without
    /// driving in. Under `any-arrival` it has entered (the hook is asked at
    /// its next step); under `own-drive` it has not (the hook is done with
    /// it until it drives in or a turn starts).
    fn arrived_without_driving(&mut self, robot: RobotId, kind: Name) {
        let reading = self.readings.mud_entered;
        let armed = reading == MudEntered::AnyArrival;
        let done = self
            .done_with
            .iter()
            .position(|&(r, k)| r == robot && k == kind);
        match (armed, done) {
            (true, Some(i)) => {
                self.done_with.remove(i);
            }
            (false, None) => self.done_with.push((robot, kind)),
            _ => {}
        }
        self.events
            .push(Event::Ruled(Ruled::MudArrival { robot, reading }));
    }

    /// Asks the variants whether a robot standing on a floor with a
    /// `before_step` hook may step.
    pub(super) fn before_step(&mut self, robot: RobotId, at: Hex, step: StepKind) -> StepVerdict {
        let Some(floor) = self.board.floor(at) else {
            return StepVerdict::Allow;
        };
        if !floor.props.contains(Props::HOOK_BEFORE_STEP)
            || self.done_with.contains(&(robot, floor.kind))
        {
            return StepVerdict::Allow;
        }
        self.run_hook("before_step", Some(floor.kind), |game, hooks| {
            match game.ask(|g, effects| hooks.before_step(g, floor.kind, robot, step, effects)) {
                Ok(verdict) => verdict,
                Err(e) => {
                    game.failed(e);
                    StepVerdict::Allow
                }
            }
        })
        .unwrap_or(StepVerdict::Allow)
    }

    /// Asks the variants' `push` hook about a push, if defined.
    pub(super) fn push_allowed(
        &mut self,
        pusher: Piece,
        row: &[(Hex, Piece)],
        dir: Direction,
    ) -> Verdict {
        if !self.defined.push || row.is_empty() {
            return Verdict::Allow;
        }
        self.run_hook("push", None, |game, hooks| {
            hooks.push(game, pusher, row, dir).unwrap_or_else(|e| {
                game.failed(e);
                Verdict::Allow
            })
        })
        .unwrap_or(Verdict::Allow)
    }

    /// Asks the variants' `zapped` hook what a zap that hit `thing` does.
    pub(super) fn zap_hit(&mut self, zapper: RobotId, thing: Thing, at: Hex) -> ZapHit {
        self.run_hook("zapped", Some(thing.kind), |game, hooks| {
            hooks.zapped(game, zapper, thing, at).unwrap_or_else(|e| {
                game.failed(e);
                ZapHit::Stop
            })
        })
        .unwrap_or(ZapHit::Stop)
    }

    /// Asks the variants' `deliver` hook whether a robot may unload on a base.
    pub(super) fn delivery_allowed(
        &mut self,
        robot: RobotId,
        owner: usize,
        crystal: crate::games::twin_tin_bots::pieces::Crystal,
    ) -> Verdict {
        if !self.defined.deliver {
            return Verdict::Allow;
        }
        self.run_hook("deliver", None, |game, hooks| {
            hooks
                .deliver(game, robot, owner, crystal)
                .unwrap_or_else(|e| {
                    game.failed(e);
                    Verdict::Allow
                })
        })
        .unwrap_or(Verdict::Allow)
    }

    /// Runs the `turn_ended` and `game_over` hooks at the end of a turn;
    /// returns the reason the game ends, if a hook ends it.
    pub(super) fn turn_over_hooks(&mut self) -> Option<Name> {
        if self.defined.turn_ended {
            self.run_hook("turn_ended", None, |game, hooks| {
                if let Err(e) = game.ask(|g, effects| hooks.turn_ended(g, effects)) {
                    game.failed(e);
                }
            });
        }
        if self.defined.game_over {
            return self
                .run_hook("game_over", None, |game, hooks| {
                    hooks.game_over(game).unwrap_or_else(|e| {
                        game.failed(e);
                        None
                    })
                })
                .flatten();
        }
        None
    }

    /// The variants' score for a player, if their `score` hook gives one
    /// (run under the hooks' guard like every hook).
    pub(super) fn variant_score(&self, player: usize) -> Result<Option<[i64; 4]>, HookError> {
        if !self.defined.score {
            return Ok(None);
        }
        match self.hooks.as_ref() {
            Some(hooks) => {
                let _running = hooks.enter("score", None)?;
                hooks.score(self, player)
            }
            None => Ok(None),
        }
    }

    /// Asks the `score` hook for every player's score, recording its
    /// failure so that the answer being applied fails with it: run after
    /// every answer, so that a failing hook stops the game at once rather
    /// than leaving the standard score in its place.
    pub(super) fn check_scores(&mut self) {
        if !self.defined.score || self.failure.is_some() {
            return;
        }
        if let Some(e) = (0..self.players.len()).find_map(|p| self.variant_score(p).err()) {
            self.failed(e);
        }
    }

    /// Runs `hook`, which may ask for changes, then applies the changes
    /// it asked for if it did not fail. The changes go through one buffer
    /// kept by the game (a hook's changes may set off hooks: each takes
    /// the buffer while it runs, and the outermost puts its own back).
    fn ask<R>(
        &mut self,
        hook: impl FnOnce(&Game, &mut Vec<Effect>) -> Result<R, HookError>,
    ) -> Result<R, HookError> {
        let mut effects = std::mem::take(&mut self.asked);
        let result = hook(self, &mut effects);
        if result.is_ok() {
            self.apply_effects(&effects);
        }
        effects.clear();
        self.asked = effects;
        result
    }

    /// Applies what hooks asked for, by the normal rules.
    fn apply_effects(&mut self, effects: &[Effect]) {
        for effect in effects {
            if self.failure.is_some() {
                // The answer is refused and undone: stop here.
                return;
            }
            match *effect {
                Effect::Mark { robot, key, value } => self.set_mark(robot, key, value),
                Effect::DoneWith { robot, kind } => {
                    if !self.done_with.contains(&(robot, kind)) {
                        self.done_with.push((robot, kind));
                    }
                }
                Effect::Push { at, dir } => {
                    let start = self.events.len();
                    let blocked = match self.board.at(at) {
                        None => None,
                        // Bases and immovable terrain stay, whatever asks.
                        Some(p) if !p.pushable() => Some(Reason::CannotBePushed(p)),
                        Some(_) => self.shove(at, dir, 1, false).err(),
                    };
                    self.events
                        .insert(start, Event::VariantPush { at, dir, blocked });
                }
            }
        }
    }

    fn set_mark(&mut self, robot: RobotId, key: Name, value: i64) {
        match self
            .marks
            .iter()
            .position(|m| m.robot == robot && m.key == key)
        {
            Some(i) if value == 0 => {
                self.marks.swap_remove(i);
            }
            Some(i) => self.marks[i].value = value,
            None if value != 0 => self.marks.push(Mark { robot, key, value }),
            None => {}
        }
    }
}
