//! Carrying out one turned-up tile (seed section I): which robot a tile in
//! a column concerns, moves with pushes and water, shooting with the die,
//! pick up and put down, steering another robot, and repairs.

use crate::engine::Seat;
use crate::grid::square::{Compass, Square};

use super::narrate::as_piece;
use super::{Carried, Event, Game, Phase, RobotId};
use crate::games::droids::board::Terrain;
use crate::games::droids::mission::hooks::HookEvent;
use crate::games::droids::rulings::{
    DAMAGE_TIERS, PUSH_FROM_WATER, STATUE_CARRIER_PUSHED, STEER_FROM_WATER, STEER_WATER,
};
use crate::games::droids::tiles::{Colour, Tile};

/// How far a move goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reach {
    /// At most this many squares.
    Squares(u32),
    /// On to the next obstacle (seed lines 28, 75, 80).
    Obstacle,
}

/// Why a robot moves: by an order it carries out itself (or a mission
/// script's drive), or steered by another robot's red tile (seed lines
/// 74-76), which the disputes of water read apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Driven {
    /// Its own order, or a script's drive.
    Own,
    /// Steered by another robot (seed line 75).
    Steered,
}

/// How a shot damages (seed lines 48-54 for a tile's shot; the killer's
/// models, seed lines 247-254).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fire {
    /// Registers a hit blocks; 0: by the die, 1, 2 or 3 (seed lines 50-54).
    pub registers: u8,
    /// Whether a hit farther than the die's roll does no damage (seed line 49).
    pub distance: bool,
    /// A hit puts the player out (seed line 254).
    pub scrap: bool,
}

impl Fire {
    /// A tile's shot (seed lines 48-54).
    pub const STANDARD: Fire = Fire {
        registers: 0,
        distance: true,
        scrap: false,
    };
}

impl Game {
    /// The robot that carries out `tile` turned up by `seat` from register
    /// `column`, if there is one: a grey tile moves the repair robot in that
    /// column, the one nearest the players' side (the south edge, ours) when
    /// there are two (seed line 122); any other tile the player's own robot
    /// standing in that column (seed lines 118, 121, 128).
    pub(crate) fn carrier(&self, seat: Seat, column: u8, tile: Tile) -> Option<usize> {
        let in_column = |i: &usize| self.robots[*i].at.is_some_and(|a| a.x == i32::from(column));
        if tile.colour() == Colour::Grey {
            (0..self.robots.len())
                .filter(|i| matches!(self.robots[*i].id, RobotId::Repair(_)))
                .filter(in_column)
                .max_by_key(|i| self.robots[*i].at.map(|a| a.y))
        } else {
            self.robot_index(self.robot_of(seat)).filter(in_column)
        }
    }

    /// Whether `seat` may turn up the next tile of `column` now: there is
    /// one, and it concerns a robot standing in that column (seed lines
    /// 118 and 127-128).
    pub(crate) fn playable(&self, seat: Seat, column: u8) -> bool {
        self.players[seat]
            .registers
            .get(usize::from(column))
            .and_then(|r| r.first())
            .is_some_and(|t| self.carrier(seat, column, *t).is_some())
    }

    /// Where each robot stands, in the order of [`Game::robots`]: taken
    /// before an order, for [`Game::moved_since`].
    pub(crate) fn squares(&self) -> Vec<Option<Square>> {
        self.robots.iter().map(|r| r.at).collect()
    }

    /// The robots that left the square they stood on in `before` (taken by
    /// [`Game::squares`]), each with that square: what an order moved, for
    /// the mission script's `order_done`.
    pub(crate) fn moved_since(&self, before: &[Option<Square>]) -> Vec<(RobotId, Square)> {
        self.robots
            .iter()
            .zip(before)
            .filter_map(|(r, b)| {
                b.filter(|from| r.at != Some(*from))
                    .map(|from| (r.id, from))
            })
            .collect()
    }

    /// Carries out `tile` with robot `r`; a hit's registers to block join
    /// [`Game::pending`].
    pub(crate) fn carry_out(&mut self, r: usize, tile: Tile) {
        let robot = self.robots[r];
        if robot.at.is_none() {
            return;
        }
        let in_water = self.held_by_water(r);
        let no_effect = |game: &mut Game, why: &str| {
            game.events.push(Event::NoEffect {
                robot: robot.id,
                why: why.to_string(),
            });
        };
        match tile {
            Tile::Move1(_) | Tile::Move2(_) | Tile::Diag(_) | Tile::Dash(_) if in_water => {
                no_effect(
                    self,
                    "it stands in water, which only a blue tile leaves (seed line 36)",
                );
            }
            Tile::Move1(d) | Tile::Diag(d) | Tile::GMove(d) => self.drive(r, d, Reach::Squares(1)),
            Tile::Move2(d) => self.drive(r, d, Reach::Squares(2)),
            Tile::Dash(d) | Tile::GDash(d) => self.drive(r, d, Reach::Obstacle),
            Tile::Swim(_) if !in_water => no_effect(
                self,
                "a blue tile is only for a robot standing in water (seed line 37)",
            ),
            Tile::Swim(d) => self.drive(r, d, Reach::Squares(1)),
            Tile::Shoot(d) => self.fire(r, d, Fire::STANDARD),
            Tile::Grab(d) => self.grab(r, d),
            Tile::Steer { aim, drive } => self.steer(r, aim, drive),
            Tile::Repair(d) => self.repair(r, d),
        }
    }

    /// The first robot in the line from `from` towards `dir`, and the
    /// squares counted to it (its own included, seed line 48); or why
    /// nothing is found: the edge, or an obstacle between (seed line 43).
    fn line_of_fire(&self, from: Square, dir: Compass) -> Result<(usize, u32), &'static str> {
        let mut at = from;
        let mut count = 0;
        loop {
            at = at.step(dir);
            count += 1;
            if let Some(why) = self.barrier(at) {
                return Err(why);
            }
            if let Some(i) = self.robot_at(at) {
                return Ok((i, count));
            }
        }
    }

    /// Moves robot `r` towards `dir`, pushing robots, stopping where the
    /// rules say (seed lines 7-13): at the edge, against an obstacle,
    /// against robots that cannot be pushed on, on the first water square
    /// (every robot but a repair robot, ours reading line 8), and after one
    /// square when carrying the statue (seed line 208).
    pub(crate) fn drive(&mut self, r: usize, dir: Compass, reach: Reach) {
        self.drive_as(r, dir, reach, Driven::Own);
    }

    /// Whether robot `r` stands in water that holds it: water stops every
    /// robot but a repair robot (and the killer), seed lines 8-9 and 81.
    pub(crate) fn held_by_water(&self, r: usize) -> bool {
        let robot = self.robots[r];
        !robot.id.crosses_water()
            && robot
                .at
                .is_some_and(|at| self.terrain(at) == Some(Terrain::Water))
    }

    /// [`Game::drive`], the robot moving for the reason `driven` says: a
    /// steered robot that reaches water stops before it or in it, as
    /// `droids.steer-water` reads seed line 76.
    fn drive_as(&mut self, r: usize, dir: Compass, reach: Reach, driven: Driven) {
        let id = self.robots[r].id;
        let steered = driven == Driven::Steered;
        let reach = match (reach, self.robots[r].carrying) {
            (_, Some(Carried::Statue)) => Reach::Squares(1),
            (reach, _) => reach,
        };
        let mut moved = 0;
        // The robots carrying the statue this drive has pushed
        // (`droids.statue-carrier-pushed`, seed line 208).
        let mut carriers_pushed = Vec::new();
        while let Some(from) = self.robots[r].at {
            if reach == Reach::Squares(moved) {
                return;
            }
            let to = from.step(dir);
            if let Some(why) = self.barrier(to) {
                self.events.push(Event::Halted {
                    robot: id,
                    at: from,
                    why: format!("it stands against {why}"),
                });
                return;
            }
            let water_ahead = !id.crosses_water() && self.terrain(to) == Some(Terrain::Water);
            if steered && water_ahead && self.rulings.follows(&STEER_WATER, "stop-before") {
                self.events.push(Event::Halted {
                    robot: id,
                    at: from,
                    why: format!(
                        "water is one of the obstacles steering runs to, so it stops before it (seed line 76) {}",
                        self.rulings.cite(&STEER_WATER)
                    ),
                });
                return;
            }
            if let Err(why) = self.push_chain(to, dir, &mut carriers_pushed) {
                self.events.push(Event::Halted {
                    robot: id,
                    at: from,
                    why,
                });
                return;
            }
            self.robots[r].at = Some(to);
            self.events.push(Event::Moved {
                robot: id,
                from,
                to,
            });
            moved += 1;
            if self.hooks_moves() {
                self.hook(&HookEvent::Moved {
                    robot: id,
                    from,
                    to,
                    pushed: false,
                    steered,
                });
                if self.phase == Phase::Over || self.robots[r].at != Some(to) {
                    return;
                }
            }
            if water_ahead {
                let why = if steered {
                    format!(
                        "steered into water, it stops in it (seed line 76) {}",
                        self.rulings.cite(&STEER_WATER)
                    )
                } else {
                    "water stops it (seed line 8; repair robots go on, seed line 9)".into()
                };
                self.events.push(Event::Halted {
                    robot: id,
                    at: to,
                    why,
                });
                return;
            }
        }
    }

    /// Pushes the robots standing in a line from `at` one square towards
    /// `dir`, the farthest first (seed lines 7, 10-13); refused, with the
    /// reason, when the last one stands against the edge or an obstacle.
    /// A robot carrying the statue that this drive has pushed already
    /// (`carriers_pushed`) halts the push under the reading `one-square`
    /// of `droids.statue-carrier-pushed` (seed line 208), and is pushed on
    /// under `free`.
    fn push_chain(
        &mut self,
        at: Square,
        dir: Compass,
        carriers_pushed: &mut Vec<usize>,
    ) -> Result<(), String> {
        let mut chain = Vec::new();
        let mut next = at;
        while let Some(i) = self.robot_at(next) {
            chain.push(i);
            next = next.step(dir);
        }
        let pushed_on: Vec<usize> = chain
            .iter()
            .copied()
            .filter(|i| carriers_pushed.contains(i))
            .collect();
        if let Some(&carrier) = pushed_on.first() {
            if self.rulings.follows(&STATUE_CARRIER_PUSHED, "one-square") {
                return Err(format!(
                    "{}, carrying the statue, has been pushed one square, and in every case \
                     goes one square at a time: it halts the push (seed line 208) {}",
                    self.robots[carrier].id,
                    self.rulings.cite(&STATUE_CARRIER_PUSHED)
                ));
            }
        }
        if let Some(why) = self.barrier(next) {
            let last = chain.last().map(|i| self.robots[*i].id);
            return match last {
                Some(l) => Err(format!(
                    "{l}, pushed, stands against {why}, so nothing moves (seed lines 10-13)"
                )),
                None => Ok(()),
            };
        }
        let in_water: Vec<usize> = chain
            .iter()
            .copied()
            .filter(|i| self.held_by_water(*i))
            .collect();
        if let Some(first) = in_water.first() {
            if self.rulings.follows(&PUSH_FROM_WATER, "held") {
                return Err(format!(
                    "{}, pushed, stands in water, which only a blue tile leaves, so nothing moves (seed line 36) {}",
                    self.robots[*first].id,
                    self.rulings.cite(&PUSH_FROM_WATER)
                ));
            }
        }
        let mut moves = Vec::new();
        for i in chain.into_iter().rev() {
            let Some(from) = self.robots[i].at else {
                continue;
            };
            let to = from.step(dir);
            self.robots[i].at = Some(to);
            self.events.push(Event::Pushed {
                robot: self.robots[i].id,
                from,
                to,
            });
            if pushed_on.contains(&i) {
                self.events.push(Event::CarrierPushedOn {
                    robot: self.robots[i].id,
                    to,
                    ruling: self.rulings.cite(&STATUE_CARRIER_PUSHED),
                });
            } else if self.robots[i].carrying == Some(Carried::Statue) {
                carriers_pushed.push(i);
            }
            if in_water.contains(&i) {
                self.events.push(Event::Ruling {
                    text: format!(
                        "{}, pushed, leaves the water it stood in: a pushed robot undergoes the push (seed line 10) {}",
                        self.robots[i].id,
                        self.rulings.cite(&PUSH_FROM_WATER)
                    ),
                });
            }
            moves.push((self.robots[i].id, from, to));
        }
        if self.hooks_moves() {
            for (robot, from, to) in moves {
                self.hook(&HookEvent::Moved {
                    robot,
                    from,
                    to,
                    pushed: true,
                    steered: false,
                });
            }
        }
        Ok(())
    }

    /// A shot along `dir` (seed lines 43-54): the first robot in the line
    /// of fire is hit unless an obstacle stands between; repair robots (and
    /// the killer) are bullet-proof and stop the shot (ours); a hit
    /// player's robot takes damage by the die: none if the squares counted
    /// exceed the roll, else one register, two if the roll is at least
    /// twice the count, three if at least three times. `how` changes that
    /// for the killer's models (seed lines 247-254). The registers to block
    /// join [`Game::pending`].
    pub(crate) fn fire(&mut self, r: usize, dir: Compass, how: Fire) {
        let shooter = self.robots[r].id;
        let Some(from) = self.robots[r].at else {
            return;
        };
        let shot = |game: &mut Game, result: String| {
            game.events.push(Event::Shot {
                robot: shooter,
                dir,
                result,
            });
        };
        let (target, count) = match self.line_of_fire(from, dir) {
            Ok(hit) => hit,
            Err(why) => {
                shot(self, format!("nothing is hit, the shot ends at {why}"));
                return;
            }
        };
        let victim = self.robots[target].id;
        let seat = match victim {
            RobotId::Repair(_) => {
                shot(self, format!("{victim} is bullet-proof (seed line 44)"));
                return;
            }
            RobotId::Killer => {
                shot(self, "the killer is not harmed (ours)".into());
                return;
            }
            RobotId::Statue => {
                shot(self, "the statue stops the shot unharmed (ours)".into());
                return;
            }
            RobotId::Player(c) => match self.seat_of(c) {
                Some(seat) => seat,
                None => {
                    shot(
                        self,
                        format!("{victim} is hit, but no player plays it (ours)"),
                    );
                    return;
                }
            },
        };
        if self.players[seat].out {
            shot(
                self,
                format!("{victim} is hit, but its player is out of the game (ours)"),
            );
            return;
        }
        let roll = if how.distance { self.dice.roll() } else { 9 };
        if how.distance && count > u32::from(roll) {
            shot(
                self,
                format!(
                    "{victim} is hit, no damage: {count} squares counted, more than the die's {roll} (seed line 49)"
                ),
            );
            return;
        }
        if how.scrap {
            shot(
                self,
                format!("{victim} is hit and goes to the scrapheap (seed line 254)"),
            );
            self.players[seat].out = true;
            self.events.push(Event::Out { seat });
            return;
        }
        let (registers, ruling) = match how.registers {
            0 => self.damage(roll, count),
            n => (n, None),
        };
        if how.distance {
            shot(self, format!("{victim} is hit"));
            self.events.push(Event::Hit {
                seat,
                roll,
                count,
                registers,
                ruling,
            });
        } else {
            shot(
                self,
                format!("{victim} is hit whatever the distance: {registers} register(s) to block (seed lines 248-253)"),
            );
        }
        self.owe_blocks(seat, registers);
    }

    /// The registers a hit blocks when the die shows `roll` and `count`
    /// squares are counted, no more than the roll (seed lines 50-54): 3 if
    /// the roll is at least three times the count; 2 if it is double, read
    /// as at least twice or as exactly twice by `droids.damage-tiers`; else
    /// one. With the ruling cited when the roll falls where "double"
    /// decides (from twice up to three times the count).
    pub(super) fn damage(&self, roll: u8, count: u32) -> (u8, Option<String>) {
        let roll = u32::from(roll);
        if roll >= 3 * count {
            return (3, None);
        }
        if roll < 2 * count {
            return (1, None);
        }
        let double = roll == 2 * count || self.rulings.follows(&DAMAGE_TIERS, "at-least");
        (
            if double { 2 } else { 1 },
            Some(self.rulings.cite(&DAMAGE_TIERS)),
        )
    }

    /// Pick up or put down on the adjacent square towards `dir` (seed
    /// lines 63-70): a robot carrying nothing takes what an adjacent robot
    /// carries, or picks up the piece (or the statue) lying there; one
    /// carrying something puts it down on a square with no obstacle, robot
    /// or piece.
    fn grab(&mut self, r: usize, dir: Compass) {
        let id = self.robots[r].id;
        let Some(from) = self.robots[r].at else {
            return;
        };
        let to = from.step(dir);
        let no = |game: &mut Game, why: String| {
            game.events.push(Event::NoEffect { robot: id, why });
        };
        match self.robots[r].carrying {
            None => {
                if let Some(o) = self.robot_at(to) {
                    let other = self.robots[o].id;
                    if other == RobotId::Statue {
                        self.robots[o].at = None;
                        self.robots[r].carrying = Some(Carried::Statue);
                        self.events.push(Event::PickedUp {
                            robot: id,
                            what: Carried::Statue,
                            from: to,
                        });
                    } else if let Some(what) = self.robots[o].carrying.take() {
                        self.robots[r].carrying = Some(what);
                        self.events.push(Event::TookOver {
                            robot: id,
                            what,
                            from: other,
                        });
                    } else {
                        no(
                            self,
                            format!("{other} carries nothing to take (seed line 66)"),
                        );
                    }
                } else if let Some(p) = self.piece_at(to) {
                    self.set_piece(to, None);
                    self.robots[r].carrying = Some(Carried::Piece(p));
                    self.events.push(Event::PickedUp {
                        robot: id,
                        what: Carried::Piece(p),
                        from: to,
                    });
                } else {
                    no(self, "there is nothing to pick up (seed line 66)".into());
                }
            }
            Some(what) => {
                let why = match self.terrain(to) {
                    None => Some("the board's edge"),
                    Some(Terrain::Fixed) => Some("a fixed obstacle's square (seed line 68)"),
                    _ if self.robot_at(to).is_some() => Some("a robot's square (seed line 68)"),
                    _ if self.piece_at(to).is_some() => {
                        Some("a square with a piece on it (ours, reading seed line 68)")
                    }
                    _ => None,
                };
                if let Some(why) = why {
                    no(self, format!("nothing is put down on {why}"));
                    return;
                }
                self.robots[r].carrying = None;
                match as_piece(what) {
                    Some(p) => self.set_piece(to, Some(p)),
                    None => {
                        if let Some(s) = self.robot_index(RobotId::Statue) {
                            self.robots[s].at = Some(to);
                        }
                    }
                }
                self.events.push(Event::PutDown {
                    robot: id,
                    what,
                    at: to,
                });
            }
        }
    }

    /// Steering (seed lines 74-76): the first robot in the line of `aim`
    /// (found as a shot finds its target) is driven towards `drive` to the
    /// next obstacle, by the rules of any move (ours: it also stops at
    /// fixed obstacles, and pushes robots). Water stops it before or in it
    /// (`droids.steer-water`); a robot standing in water stays there or is
    /// driven out (`droids.steer-from-water`).
    fn steer(&mut self, r: usize, aim: Compass, drive: Compass) {
        let id = self.robots[r].id;
        let Some(from) = self.robots[r].at else {
            return;
        };
        match self.line_of_fire(from, aim) {
            Err(why) => self.events.push(Event::NoEffect {
                robot: id,
                why: format!("no robot in the line of {aim}, which ends at {why}"),
            }),
            Ok((t, _)) if self.robots[t].id == RobotId::Statue => {
                self.events.push(Event::NoEffect {
                    robot: id,
                    why: "the statue cannot be steered, it never moves by itself (seed line 201)"
                        .into(),
                })
            }
            Ok((t, _)) => {
                if self.held_by_water(t) {
                    let target = self.robots[t].id;
                    let cite = self.rulings.cite(&STEER_FROM_WATER);
                    if self.rulings.follows(&STEER_FROM_WATER, "stays") {
                        self.events.push(Event::NoEffect {
                            robot: id,
                            why: format!(
                                "{target} stands in water, which only a blue tile leaves (seed line 36) {cite}"
                            ),
                        });
                        return;
                    }
                    self.events.push(Event::Ruling {
                        text: format!(
                            "{target} stands in water and is steered out of it like any robot (seed lines 74-76) {cite}"
                        ),
                    });
                }
                self.drive_as(t, drive, Reach::Obstacle, Driven::Steered);
            }
        }
    }

    /// A repair robot unblocks one blocked register, the lowest column
    /// (ours), of the player's robot on the adjacent square towards `dir`
    /// (seed lines 83-84).
    fn repair(&mut self, r: usize, dir: Compass) {
        let id = self.robots[r].id;
        let Some(from) = self.robots[r].at else {
            return;
        };
        let target = self.robot_at(from.step(dir)).map(|i| self.robots[i].id);
        let Some(seat) = target.and_then(|t| self.seat_of_robot(t)) else {
            self.events.push(Event::NoEffect {
                robot: id,
                why: "no player's robot stands on the square it repairs (seed line 84)".into(),
            });
            return;
        };
        match self.players[seat].blocked.iter().position(|b| *b) {
            Some(column) => {
                self.players[seat].blocked[column] = false;
                self.events.push(Event::Unblocked {
                    seat,
                    column: column as u8,
                    by: id,
                });
            }
            None => self.events.push(Event::NoEffect {
                robot: id,
                why: format!("{} has no blocked register", self.robot_of(seat)),
            }),
        }
    }

    /// Blocks register `column` of `seat`: its tiles go to the box (seed
    /// lines 56-57).
    pub(crate) fn block(&mut self, seat: Seat, column: u8) {
        let c = usize::from(column);
        let tiles = std::mem::take(&mut self.players[seat].registers[c]);
        self.players[seat].blocked[c] = true;
        self.events.push(Event::Blocked {
            seat,
            column,
            boxed: tiles.len(),
        });
        self.boxed.extend(tiles);
    }
}
