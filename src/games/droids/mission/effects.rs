//! Running a mission's hooks on a game and applying the changes they ask
//! for by the game's own rules: blocks go to the players' choice (as a
//! hit's do), pieces and loads keep the count of pieces, drives and shots
//! are the tiles' own moves and shots.

use crate::engine::Seat;
use crate::grid::square::Square;

use super::api::Asked;
use super::hooks::{Effect, HookEvent, MissionHooks};
use crate::games::droids::board::{Piece, Terrain};
use crate::games::droids::game::{Carried, Event, Fire, Game, Phase, Reach};

impl Game {
    /// Runs the mission's hook for `event`, if it has one, and applies what
    /// it asks for. A hook that fails (its script's error, a change that
    /// cannot be applied, the guard's limits) is recorded in
    /// [`Game::failure`] and stops the game where it stands: the answer
    /// being applied is then refused and the game put back as it was
    /// before it ([`Game::answer`]); at the start, the game is refused.
    pub(crate) fn hook(&mut self, event: &HookEvent) {
        if self.failure.is_some() || self.phase == Phase::Over {
            return;
        }
        let Some(hooks) = self.hooks.clone() else {
            return;
        };
        if !hooks.has(event.hook()) {
            return;
        }
        if let Err(e) = self.run_hook(&hooks, event) {
            self.failure = Some(e);
            self.phase = Phase::Over;
        }
    }

    /// Runs the hook under the guard, which it holds while its changes
    /// are applied (they may run hooks again).
    fn run_hook(&mut self, hooks: &MissionHooks, event: &HookEvent) -> Result<(), String> {
        let _running = hooks.enter(event.hook())?;
        let asked = hooks.run(self, event)?;
        for Asked { effect, line } in asked {
            if self.phase == Phase::Over {
                break;
            }
            self.apply_effect(effect)
                .map_err(|why| hooks.refused(event.hook(), line, &why))?;
        }
        Ok(())
    }

    /// Whether the mission's script has a `moved` hook (worth telling it
    /// each step).
    pub(crate) fn hooks_moves(&self) -> bool {
        self.hooks
            .as_ref()
            .is_some_and(|h| h.has(super::hooks::Hook::Moved))
    }

    /// Applies a change a hook asked for; checked when it was asked, it
    /// is refused here only when the changes before it made it wrong.
    fn apply_effect(&mut self, effect: Effect) -> Result<(), String> {
        match effect {
            Effect::Block { seat, n } => self.owe_blocks(seat, n),
            Effect::SetPiece { at, piece } => self.put_piece(at, piece)?,
            Effect::SetCarrying { robot, piece } => {
                let r = self
                    .robot_index(robot)
                    .ok_or_else(|| format!("game:set_carrying: {robot} is not in this game"))?;
                match self.robots[r].carrying {
                    Some(Carried::Statue) => {
                        return Err(format!(
                            "game:set_carrying: {robot} carries the statue by then, and one \
                             thing at a time (seed line 70)"
                        ))
                    }
                    Some(Carried::Piece(old)) => self.piece_totals[old.index()] -= 1,
                    None => {}
                }
                self.robots[r].carrying = piece.map(Carried::Piece);
                if let Some(p) = piece {
                    self.piece_totals[p.index()] += 1;
                }
            }
            Effect::Set { key, value } => self
                .vars
                .set(&key, value)
                .map_err(|e| format!("game:set: {e}"))?,
            Effect::Finish { winners, reason } => self.finish(winners, reason),
            Effect::Drive { robot, dir, reach } => {
                if let Some(r) = self.robot_index(robot) {
                    let reach = reach.map_or(Reach::Obstacle, Reach::Squares);
                    self.drive(r, dir, reach);
                }
            }
            Effect::Shoot {
                robot,
                dir,
                registers,
                distance,
                scrap,
            } => {
                if let Some(r) = self.robot_index(robot) {
                    self.fire(
                        r,
                        dir,
                        Fire {
                            registers,
                            distance,
                            scrap,
                        },
                    );
                }
            }
            Effect::Out { seat } => {
                if seat < self.players.len() && !self.players[seat].out {
                    self.players[seat].out = true;
                    self.events.push(Event::Out { seat });
                }
            }
            Effect::Say(text) => self.events.push(Event::Mission { text }),
        }
        Ok(())
    }

    /// `seat` must block `n` registers of their choice (capped at those
    /// still free).
    pub(crate) fn owe_blocks(&mut self, seat: Seat, n: u8) {
        if seat >= self.players.len() || self.players[seat].out {
            return;
        }
        let free = self.players[seat].blocked.iter().filter(|b| !**b).count();
        let n = n.min(u8::try_from(free).unwrap_or(u8::MAX));
        if n > 0 {
            self.pending.push_back((seat, n));
        }
    }

    /// Puts `piece` on `at` (none: clears it), keeping the count of
    /// pieces; refused off the board, on a fixed obstacle, and for a piece
    /// that stops robots under a robot.
    fn put_piece(&mut self, at: Square, piece: Option<Piece>) -> Result<(), String> {
        let shown = format!("[{}, {}]", at.x, at.y);
        match self.mission.board.terrain(at) {
            None => return Err(format!("game:set_piece: {shown} is off the board")),
            Some(Terrain::Fixed) => {
                return Err(format!(
                "game:set_piece: {shown} is a fixed obstacle: no piece lies on it (seed line 11)"
            ))
            }
            _ => {}
        }
        if let (Some(p), Some(r)) = (piece, self.robot_at(at)) {
            if p.stops_robots() {
                return Err(format!(
                    "game:set_piece: {} stands on {shown} by then: a {} would stop it where it stands",
                    self.robots[r].id,
                    p.name()
                ));
            }
        }
        if let Some(old) = self.piece_at(at) {
            self.piece_totals[old.index()] -= 1;
        }
        if let Some(p) = piece {
            self.piece_totals[p.index()] += 1;
        }
        self.set_piece(at, piece);
        Ok(())
    }
}
