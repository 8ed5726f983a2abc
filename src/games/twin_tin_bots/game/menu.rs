//! The legal program changes of a turn, counted and indexed without
//! building a list: a bot that picks the `i`-th answer (the random bot, a
//! scripted bot walking the answers) pays for one answer, not for all of
//! them. [`Game::legal_answers`] lists the same answers in the same order.

use super::answer::{Answer, ChangeStep};
use super::change::Change;
use super::state::{Program, SLOTS};
use super::Game;
use crate::games::twin_tin_bots::orders::Tile;
use crate::games::twin_tin_bots::pieces::{robot_of, PlayerId, RobotId};
use crate::games::twin_tin_bots::rulings::FirstTurn;
use std::cell::Cell;

/// The slot pairs a swap may name, lowest slot first.
const SWAPS: [(u8, u8); 3] = [(0, 1), (0, 2), (1, 2)];

/// What the active player may change this step, in a fixed order: `pass`
/// (when allowed), then for each robot: its placements (slot by slot, tile
/// kinds in tile order), swaps, removals and its reset.
#[derive(Clone, Copy, Debug)]
pub(super) struct ChangeMenu {
    pass: bool,
    first_turn: bool,
    /// The placeable tile kinds in hand, as a bit set by tile index.
    kinds: u32,
    n_kinds: usize,
    robots: [(RobotId, Program); 2],
    n_robots: usize,
    /// How many answers the menu holds (counted once, when it is made:
    /// a bot counts before it chooses).
    len: usize,
}

/// The [`ChangeMenu`] a game keeps between a count and a choice: a cache,
/// not part of the game, so it is left out of the game's `Debug` form (two
/// games that differ only in it are the same game).
#[derive(Clone, Default)]
pub(super) struct KeptMenu(Cell<Option<ChangeMenu>>);

impl KeptMenu {
    /// The kept menu, if any.
    pub(super) fn get(&self) -> Option<ChangeMenu> {
        self.0.get()
    }

    /// Keeps `menu` (or forgets it, with `None`).
    pub(super) fn set(&self, menu: Option<ChangeMenu>) {
        self.0.set(menu);
    }
}

impl std::fmt::Debug for KeptMenu {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("KeptMenu")
    }
}

impl ChangeMenu {
    pub(super) fn new(game: &Game, player: PlayerId, step: ChangeStep) -> ChangeMenu {
        let (first_turn, placed) = match step {
            ChangeStep::FirstTurn { placed } => (true, placed),
            _ => (false, None),
        };
        let kinds =
            game.players[player].hand.kinds_mask() & !(1 << Tile::DOUBLE_MODIFICATION.index());
        let mut menu = ChangeMenu {
            pass: true,
            first_turn,
            kinds,
            n_kinds: kinds.count_ones() as usize,
            robots: [(0, [None; SLOTS]); 2],
            n_robots: 0,
            len: 0,
        };
        for n in 0..2 {
            let id = robot_of(player, n);
            if let Some(r) = game.robot(id).filter(|_| Some(id) != placed) {
                menu.robots[menu.n_robots] = (id, r.program);
                menu.n_robots += 1;
            }
        }
        // The first turn allows `pass` only when no placement is possible,
        // unless ttb.first-turn reads the placements as optional.
        menu.pass = !first_turn
            || game.readings.first_turn == FirstTurn::Optional
            || menu.n_kinds == 0
            || menu.n_robots == 0;
        menu.len = menu.count();
        menu
    }

    /// The `k`-th placeable kind, in tile order.
    fn kind(&self, k: usize) -> Tile {
        let mut mask = self.kinds;
        for _ in 0..k {
            mask &= mask - 1;
        }
        Tile::from_index(mask.trailing_zeros() as usize)
    }

    fn swaps(&self, program: &Program) -> impl Iterator<Item = (u8, u8)> + '_ {
        let program = *program;
        SWAPS
            .into_iter()
            .filter(move |&(a, b)| program[a as usize].is_some() || program[b as usize].is_some())
    }

    fn removals(program: &Program) -> usize {
        program.iter().filter(|t| t.is_some()).count()
    }

    /// How many answers one robot's section holds.
    fn section_len(&self, program: &Program) -> usize {
        let places = SLOTS * self.n_kinds;
        if self.first_turn {
            return places;
        }
        let removals = Self::removals(program);
        places + self.swaps(program).count() + removals + usize::from(removals > 0)
    }

    /// Number of legal changes.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// Counts the legal changes.
    fn count(&self) -> usize {
        usize::from(self.pass)
            + self.robots[..self.n_robots]
                .iter()
                .map(|(_, p)| self.section_len(p))
                .sum::<usize>()
    }

    /// The `i`-th legal change.
    pub(super) fn get(&self, mut i: usize) -> Option<Answer> {
        if self.pass {
            if i == 0 {
                return Some(Answer::Change(Change::Pass));
            }
            i -= 1;
        }
        for (robot, program) in &self.robots[..self.n_robots] {
            let robot = *robot;
            let places = SLOTS * self.n_kinds;
            if i < places {
                let (slot, kind) = (i / self.n_kinds, i % self.n_kinds);
                return Some(Answer::Change(Change::Place {
                    robot,
                    slot: slot as u8,
                    tile: self.kind(kind),
                }));
            }
            i -= places;
            if self.first_turn {
                continue;
            }
            if let Some((a, b)) = self.swaps(program).nth(i) {
                return Some(Answer::Change(Change::Swap { robot, a, b }));
            }
            i -= self.swaps(program).count();
            let filled = (0..SLOTS as u8).filter(|&s| program[s as usize].is_some());
            if let Some(slot) = filled.clone().nth(i) {
                return Some(Answer::Change(Change::Remove { robot, slot }));
            }
            let removals = filled.count();
            i -= removals;
            if removals > 0 {
                if i == 0 {
                    return Some(Answer::Change(Change::Reset { robot }));
                }
                i -= 1;
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::games::twin_tin_bots::game::Game;
    use crate::games::twin_tin_bots::setup::Setup;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The menu a game keeps between a count and a choice is the one it
    /// would build afresh, at every decision of random games (a stale menu
    /// would offer the last decision's answers).
    #[test]
    fn the_kept_menu_is_always_the_current_one() {
        for players in 2..=4 {
            let mut game = Game::new(&Setup::standard(players).unwrap().position(3)).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(players as u64);
            for _ in 0..400 {
                if game.is_over() {
                    break;
                }
                let kept = game.legal_answer_list();
                let fresh = game.clone();
                fresh.menu.set(None);
                assert_eq!(kept, fresh.legal_answer_list(), "turn {}", game.turn());
                let answer = game.legal_answer(rng.gen_range(0..kept.len())).unwrap();
                game.apply(answer).unwrap();
            }
        }
    }

    /// 000_f177823dad35ee93.txt:130 "he places an Order on each Robot on
    /// step 1" and the program-change rules: every change the menu offers
    /// passes the rules' check (so [`Game::apply_legal`] may skip it), under
    /// both readings of the first turn, and the menu counts what it lists.
    #[test]
    fn every_change_the_menu_offers_passes_the_check() {
        use crate::engine::Rulings;
        use crate::games::twin_tin_bots::game::{Answer, Decision};
        use crate::games::twin_tin_bots::rulings::DISPUTES;
        for pin in ["ttb.first-turn=optional", "ttb.first-turn=each-robot"] {
            for players in [2, 3, 6] {
                let mut game = Game::new(&Setup::standard(players).unwrap().position(11)).unwrap();
                let pins = [pin.to_string()];
                game.set_rulings(Rulings::defaults(DISPUTES).pinned(&pins).unwrap());
                let mut rng = ChaCha8Rng::seed_from_u64(players as u64);
                let mut checked = 0;
                for _ in 0..600 {
                    if game.is_over() {
                        break;
                    }
                    let legal = game.legal_answer_list();
                    assert_eq!(legal.len(), game.legal_answer_count());
                    if let Decision::ProgramChange { player, step } = game.decision() {
                        for answer in &legal {
                            let Answer::Change(change) = *answer else {
                                panic!("a program change answered by {answer:?}");
                            };
                            assert_eq!(game.check_change(player, step, change), Ok(()), "{pin}");
                            checked += 1;
                        }
                    }
                    let i = rng.gen_range(0..legal.len());
                    let mut checked_game = game.clone();
                    checked_game.apply(legal[i]).unwrap();
                    game.apply_legal(game.legal_answer(i).unwrap()).unwrap();
                    assert_eq!(game.events(), checked_game.events(), "{pin}");
                }
                assert!(checked > 1000, "{pin}, {players} players: {checked}");
            }
        }
    }

    /// 000_f177823dad35ee93.txt:130 (first turn) and :238 (zap): the
    /// menu offers `pass` on a first turn and `nothing` for a zap exactly
    /// when the readings in force allow them, and `apply` agrees.
    #[test]
    fn the_menu_offers_pass_and_nothing_as_the_readings_allow() {
        use crate::engine::Rulings;
        use crate::games::twin_tin_bots::game::{Answer, Change, ChangeStep, Decision, ZapEffect};
        use crate::games::twin_tin_bots::rulings::DISPUTES;
        let lenient = ["ttb.first-turn=optional".to_string()];
        let strict = ["ttb.zap-optional=forced".to_string()];
        for (pins, pass_first, nothing) in [(&lenient, true, true), (&strict, false, false)] {
            let mut game = Game::new(&Setup::standard(2).unwrap().position(5)).unwrap();
            game.set_rulings(Rulings::defaults(DISPUTES).pinned(pins).unwrap());
            let mut rng = ChaCha8Rng::seed_from_u64(7);
            let (mut first_turns, mut zaps) = (0, 0);
            for _ in 0..3000 {
                if game.is_over() {
                    break;
                }
                let legal = game.legal_answer_list();
                let offered = match game.decision() {
                    Decision::ProgramChange {
                        step: ChangeStep::FirstTurn { .. },
                        ..
                    } => {
                        first_turns += 1;
                        Some((Answer::Change(Change::Pass), pass_first))
                    }
                    Decision::ZapEffect { .. } => {
                        zaps += 1;
                        Some((Answer::Zap(ZapEffect::Nothing), nothing))
                    }
                    _ => None,
                };
                if let Some((answer, allowed)) = offered {
                    assert_eq!(legal.contains(&answer), allowed, "{pins:?}: {answer:?}");
                    assert_eq!(game.clone().apply(answer).is_ok(), allowed, "{pins:?}");
                }
                let answer = legal[rng.gen_range(0..legal.len())];
                game.apply(answer).unwrap();
            }
            assert!(
                first_turns > 0 && zaps > 0,
                "{pins:?}: {first_turns} {zaps}"
            );
        }
    }
}
