//! Running a mission's hooks on a game and applying the changes they ask
//! for by the game's own rules: blocks go to the players' choice (as a
//! hit's do), pieces and loads keep the count of pieces, drives and shots
//! are the tiles' own moves and shots.

use crate::engine::Seat;
use crate::grid::square::Square;

use super::super::board::Piece;
use super::super::game::{Carried, Event, Fire, Game, Phase, Reach};
use super::hooks::{Effect, HookEvent};

impl Game {
    /// Runs the mission's hook for `event`, if it has one, and applies what
    /// it asks for; the error names the script, line and cause.
    pub(crate) fn run_hook(&mut self, event: &HookEvent) -> Result<(), String> {
        let Some(hooks) = self.hooks.clone() else {
            return Ok(());
        };
        if self.phase == Phase::Over {
            return Ok(());
        }
        let effects = hooks.run(self, event)?;
        for effect in effects {
            if self.phase == Phase::Over {
                break;
            }
            self.apply_effect(effect);
        }
        Ok(())
    }

    /// [`Game::run_hook`] during play: a failing script ends the game with
    /// no winner, its error as the reason (ours: a game cannot go on by
    /// rules that fail).
    pub(crate) fn hook(&mut self, event: &HookEvent) {
        if let Err(e) = self.run_hook(event) {
            self.finish(Vec::new(), format!("the mission script failed: {e}"));
        }
    }

    /// Whether the mission's script has a `moved` hook (worth telling it
    /// each step).
    pub(crate) fn hooks_moves(&self) -> bool {
        self.hooks
            .as_ref()
            .is_some_and(|h| h.has(super::hooks::Hook::Moved))
    }

    fn apply_effect(&mut self, effect: Effect) {
        match effect {
            Effect::Block { seat, n } => self.owe_blocks(seat, n),
            Effect::SetPiece { at, piece } => self.put_piece(at, piece),
            Effect::SetCarrying { robot, piece } => {
                if let Some(r) = self.robot_index(robot) {
                    if let Some(Carried::Piece(old)) = self.robots[r].carrying {
                        self.piece_totals[old.index()] -= 1;
                    }
                    if self.robots[r].carrying != Some(Carried::Statue) {
                        self.robots[r].carrying = piece.map(Carried::Piece);
                        if let Some(p) = piece {
                            self.piece_totals[p.index()] += 1;
                        }
                    }
                }
            }
            Effect::Set { key, value } => {
                self.vars.insert(key, value);
            }
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

    /// Puts `piece` on `at` (none: clears it), keeping the count of pieces.
    fn put_piece(&mut self, at: Square, piece: Option<Piece>) {
        if self.mission.board.index(at).is_none() {
            return;
        }
        if let Some(old) = self.piece_at(at) {
            self.piece_totals[old.index()] -= 1;
        }
        if let Some(p) = piece {
            self.piece_totals[p.index()] += 1;
        }
        self.set_piece(at, piece);
    }
}
