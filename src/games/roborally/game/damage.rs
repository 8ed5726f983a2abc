//! Damage, destruction and repair (rulings 7, 9, 10, 13): damage adds up
//! to 10, which destroys (seed lines 189–208); for each damage point that
//! gets through to a robot holding options its player may discard one
//! instead (seed lines 241–243); a destroyed robot leaves the board, loses
//! a life and an option of its player's choice (seed lines 245–251).

use super::answer::Decision;
use super::narrate::Event;
use super::option_lua::HookKind;
use super::options::event_name;
use super::{Game, Pending};
use crate::games::roborally::position::DESTROYING_DAMAGE;

impl Game {
    /// Robot `i` is destroyed: off the board, a life lost, its damage
    /// gone (a copy comes back with 2), no power down; it loses an option
    /// later, by its player's choice, when it holds any.
    pub(super) fn destroy(&mut self, i: usize) {
        if self.robots[i].at.is_none() {
            return;
        }
        self.destroyed_since_check = true;
        let r = &mut self.robots[i];
        r.at = None;
        r.lives = r.lives.saturating_sub(1);
        r.damage = 0;
        r.virtual_robot = false;
        r.powered_down = false;
        r.power_down_announced = false;
        let lives = r.lives;
        self.events.push(Event::Destroyed(i, lives));
        // Next in the queue: the hooks run as soon as the step that
        // destroyed it is done, before any other pending work.
        self.pending.insert(0, Pending::Destroyed { robot: i });
    }

    /// The hooks of robot `i`'s destruction: its options' `destroyed`,
    /// then the variants'; then, when it holds options, it loses one
    /// (ruling 10). What the hooks ask for is applied here: a push may
    /// destroy another robot, whose hooks come next in the queue, so no
    /// hook ever runs inside another.
    fn destroyed_hooks(&mut self, i: usize) {
        self.plain_hooks(i, HookKind::Destroyed, &|_| Ok(()));
        if self.hook_error.is_none() && self.variant_has(super::variant_lua::VariantHook::Destroyed)
        {
            self.destroyed_variants(i);
        }
        if !self.robots[i].options.is_empty() {
            self.pending.push(Pending::LoseOption { robot: i });
        }
    }

    /// Deals `n` damage to robot `i` now (no option asked).
    pub(super) fn add_damage(&mut self, i: usize, n: u8) {
        if self.robots[i].at.is_none() || n == 0 {
            return;
        }
        let r = &mut self.robots[i];
        r.damage = r.damage.saturating_add(n).min(DESTROYING_DAMAGE);
        let total = r.damage;
        self.events.push(Event::Damaged(i, n, total));
        if total >= DESTROYING_DAMAGE {
            self.destroy(i);
        }
    }

    /// Works off the pending queue until a decision must be asked; returns
    /// it.
    pub(super) fn next_pending(&mut self) -> Option<Decision> {
        while let Some(&p) = self.pending.first() {
            match p {
                Pending::Damage {
                    robot,
                    amount,
                    hooked,
                    from,
                } => {
                    if self.robots[robot].at.is_none() || amount == 0 {
                        self.pending.remove(0);
                    } else if !hooked {
                        // Options that take damage by themselves act
                        // first (ruling 13).
                        let Ok(left) = self.damage_hooks(robot, amount, from) else {
                            return None;
                        };
                        self.pending[0] = Pending::Damage {
                            robot,
                            amount: left,
                            hooked: true,
                            from,
                        };
                    } else if !self.robots[robot].options.is_empty() {
                        return Some(Decision::DamageOption { seat: robot });
                    } else {
                        self.pending.remove(0);
                        self.add_damage(robot, amount);
                    }
                }
                Pending::Destroyed { robot } => {
                    self.pending.remove(0);
                    self.destroyed_hooks(robot);
                    if self.hook_error.is_some() {
                        return None;
                    }
                }
                Pending::LoseOption { robot } => {
                    if self.robots[robot].options.is_empty() {
                        self.pending.remove(0);
                    } else {
                        return Some(Decision::LoseOption { seat: robot });
                    }
                }
            }
        }
        None
    }

    /// Answers a damage-option decision: discard option `option`, or
    /// (`None`) take the point (ruling 13).
    pub(super) fn answer_damage(&mut self, option: Option<usize>) {
        let Some(Pending::Damage {
            robot,
            amount,
            from,
            ..
        }) = self.pending.first().copied()
        else {
            return;
        };
        // The point is spent first: a destruction it causes queues its
        // hooks at the head of the queue.
        self.pending[0] = Pending::Damage {
            robot,
            amount: amount - 1,
            hooked: true,
            from,
        };
        match option {
            Some(o) => {
                let name = self.robots[robot].options.remove(o);
                self.events
                    .push(Event::OptionTookDamage(robot, event_name(&name)));
            }
            None => self.add_damage(robot, 1),
        }
    }

    /// Answers a lost-option decision (ruling 10).
    pub(super) fn answer_lose_option(&mut self, option: usize) {
        let Some(Pending::LoseOption { robot }) = self.pending.first().copied() else {
            return;
        };
        let name = self.robots[robot].options.remove(option);
        self.events
            .push(Event::OptionLost(robot, event_name(&name)));
        self.pending.remove(0);
    }

    /// Repairs `n` damage of robot `i` (locks follow the table: ruling 7).
    pub(super) fn repair(&mut self, i: usize, n: u8) {
        let r = &mut self.robots[i];
        let done = n.min(r.damage);
        r.damage -= done;
        let left = r.damage;
        if done > 0 {
            self.events.push(Event::Repaired(i, done, left));
        }
    }
}
