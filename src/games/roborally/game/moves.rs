//! Robot moves and push chains (ruling 1): a card moves a robot one
//! square at a time; real robots in the way are pushed, down a chain; a
//! wall that stops the mover or any robot of the chain stops the whole
//! step and the rest of the card; a pit or the board's edge destroys at
//! once (seed lines 170, 395). Virtual robots neither push nor are pushed
//! and pass through robots (ruling 11).

use crate::grid::square::{Compass, Square};

use super::narrate::{Cause, Event};
use super::Game;
use crate::games::roborally::board::Kind;
use crate::games::roborally::cards::{Card, CardKind};

/// The longest push chain: every other robot of a full table.
const MAX_CHAIN: usize = crate::games::roborally::cards::MAX_ROBOTS;

impl Game {
    /// Robot `i` plays `card` (ruling 1, seed lines 117–125), moving
    /// `squares` (the card's, unless an option changed them).
    pub(super) fn play_card(&mut self, i: usize, card: Card, squares: u8) {
        let turns = card.kind.quarter_turns();
        if turns != 0 {
            let r = &mut self.robots[i];
            r.facing = r.facing.turned_eighths(2 * i32::from(turns));
            let f = r.facing;
            self.events.push(Event::Turned(i, card, f));
            return;
        }
        let facing = self.robots[i].facing;
        let dir = if card.kind == CardKind::BackUp {
            facing.turned_eighths(4)
        } else {
            facing
        };
        for _ in 0..squares {
            if !self.step_robot(i, dir, Cause::Card(card)) {
                break;
            }
        }
    }

    /// Moves robot `i` one square toward `dir`, pushing the real robots in
    /// the way; returns whether it may go on (it moved and is on the
    /// board).
    pub(super) fn step_robot(&mut self, i: usize, dir: Compass, cause: Cause) -> bool {
        let Some(from) = self.robots[i].at else {
            return false;
        };
        if self.board.is_walled(from, dir) {
            self.events.push(Event::Blocked {
                seat: i,
                at: from,
                side: dir,
                pushed: None,
                cause,
            });
            return false;
        }
        let mut chain = [0usize; MAX_CHAIN];
        let mut len = 0;
        if !self.robots[i].virtual_robot {
            let mut sq = from.step(dir);
            while !self.is_deadly(sq) {
                let Some(j) = self.real_at(sq) else { break };
                if j == i || len == MAX_CHAIN {
                    break;
                }
                if self.board.is_walled(sq, dir) {
                    if let (0, Cause::Card(_)) = (len, cause) {
                        self.ram_hooks(i, j);
                    }
                    self.events.push(Event::Blocked {
                        seat: i,
                        at: sq,
                        side: dir,
                        pushed: Some(j),
                        cause,
                    });
                    return false;
                }
                chain[len] = j;
                len += 1;
                sq = sq.step(dir);
            }
        }
        if let (1.., Cause::Card(_)) = (len, cause) {
            self.ram_hooks(i, chain[0]);
        }
        for &j in chain[..len].iter().rev() {
            let at = self.robots[j]
                .at
                .expect("a robot of the chain stands on the board");
            let to = at.step(dir);
            self.robots[j].at = Some(to);
            self.events.push(Event::Pushed {
                seat: j,
                by: i,
                to,
                cause,
            });
            self.check_fall(j, to);
        }
        let to = from.step(dir);
        self.robots[i].at = Some(to);
        self.events.push(Event::Moved(i, from, to, cause));
        !self.check_fall(i, to)
    }

    /// Destroys robot `i` if `to` is a pit or off the board; returns
    /// whether it was.
    pub(super) fn check_fall(&mut self, i: usize, to: Square) -> bool {
        // Most squares are safe: one look says so.
        if !self.is_deadly(to) {
            return false;
        }
        if self.board.is_off(to) {
            self.events.push(Event::LeftBoard(i, to));
        } else if self.board.kind(to) == Some(Kind::Pit) {
            self.events.push(Event::FellInPit(i, to));
        } else {
            return false;
        }
        self.destroy(i);
        true
    }
}
