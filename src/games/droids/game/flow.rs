//! The flow of a game (seed section II): the set-up's obstacles, then
//! rounds of drawing, laying and running; the legal answers of each
//! decision in a fixed order, refusals naming the rule, and the end.

use crate::engine::{Outcome, Refusal, Seat};
use crate::grid::square::Square;

use super::{Answer, Event, Game, Phase, DRAW};
use crate::games::droids::board::Terrain;
use crate::games::droids::mission::hooks::{Hook, HookEvent};
use crate::games::droids::rulings::VOID_ORDER;
use crate::games::droids::tiles::{Colour, Tile};

impl Game {
    /// Every legal answer now, in a fixed order: squares row by row;
    /// draws by their counts (purple first); lays by tile then column, then
    /// `stop`; columns from 0.
    pub(crate) fn legal_answers(&self) -> Vec<Answer> {
        let seat = self.current;
        match self.phase {
            Phase::Over => Vec::new(),
            Phase::Place { .. } => self.placeable().map(Answer::Place).collect(),
            Phase::Draw => draws(self.draw_target(), self.stack_sizes())
                .into_iter()
                .map(Answer::Draw)
                .collect(),
            Phase::Lay => {
                let p = &self.players[seat];
                let mut tiles: Vec<Tile> = p.hand.clone();
                tiles.sort();
                tiles.dedup();
                let mut out: Vec<Answer> = tiles
                    .into_iter()
                    .flat_map(|tile| {
                        (0..p.registers.len())
                            .filter(|c| p.open(*c))
                            .map(move |c| Answer::Lay {
                                tile,
                                column: c as u8,
                            })
                    })
                    .collect();
                out.push(Answer::Stop);
                out
            }
            Phase::Run => (0..self.players[seat].registers.len() as u8)
                .filter(|c| self.playable(seat, *c))
                .map(Answer::Up)
                .collect(),
            Phase::Block { .. } => (0..self.players[seat].blocked.len())
                .filter(|c| !self.players[seat].blocked[*c])
                .map(|c| Answer::Block(c as u8))
                .collect(),
        }
    }

    /// How many legal answers there are now: `legal_answers().len()`,
    /// without listing the squares of a placement.
    pub(crate) fn legal_answer_count(&self) -> usize {
        match self.phase {
            Phase::Place { .. } => self.placeable().count(),
            _ => self.legal_answers().len(),
        }
    }

    /// The legal answer `i` now: `legal_answers().get(i)`, without
    /// listing the squares of a placement.
    pub(crate) fn legal_answer(&self, i: usize) -> Option<Answer> {
        match self.phase {
            Phase::Place { .. } => self.placeable().nth(i).map(Answer::Place),
            _ => self.legal_answers().get(i).copied(),
        }
    }

    /// The squares a mobile obstacle may be placed on, row by row.
    fn placeable(&self) -> impl Iterator<Item = Square> + '_ {
        self.mission
            .board
            .squares()
            .filter(|at| self.can_place(*at))
    }

    /// Whether a mobile obstacle may be placed on `at` in the set-up: empty
    /// ground, and no start square (ours).
    pub(super) fn can_place(&self, at: Square) -> bool {
        self.terrain(at) == Some(Terrain::Ground)
            && self.piece_at(at).is_none()
            && self.robot_at(at).is_none()
            && !self.mission.starts.contains(&Some(at))
            && !self.mission.repair_robots.contains(&at)
    }

    /// The tiles the current player draws: 7, or all that are left.
    fn draw_target(&self) -> usize {
        DRAW.min(self.stack_sizes().iter().sum())
    }

    /// Why `answer` is refused now, naming the rule.
    pub(crate) fn refusal(&self, answer: Answer) -> Refusal {
        let seat = self.current;
        let p = &self.players[seat];
        let phase_word = match self.phase {
            Phase::Place { .. } => "place",
            Phase::Draw => "draw",
            Phase::Lay => "lay",
            Phase::Run => "up",
            Phase::Block { .. } => "block",
            Phase::Over => "",
        };
        let message = match (self.phase, answer) {
            (Phase::Over, _) => "the game is over".to_string(),
            (Phase::Place { .. }, Answer::Place(at)) => format!(
                "[{}, {}] is not an empty ground square off the start squares (seed line 145, ours)",
                at.x, at.y
            ),
            (Phase::Draw, Answer::Draw(counts)) => {
                let sizes = self.stack_sizes();
                match Colour::ALL
                    .into_iter()
                    .find(|c| usize::from(counts[c.index()]) > sizes[c.index()])
                {
                    Some(c) if !self.mission.stacks.contains(&c) => format!(
                        "mission {} leaves the {c} tiles out (its stacks: {})",
                        self.mission.name,
                        self.mission.stack_names()
                    ),
                    Some(c) => format!(
                        "the {c} stack holds {} tiles (not in play when 0)",
                        sizes[c.index()]
                    ),
                    None => format!(
                        "draw {} tiles in all (seed line 103)",
                        self.draw_target()
                    ),
                }
            }
            (Phase::Lay, Answer::Lay { tile, column }) => {
                let c = usize::from(column);
                if !p.hand.contains(&tile) {
                    format!("`{tile}` is not in your hand")
                } else if c >= p.registers.len() {
                    format!("there are registers 0 to {}", p.registers.len() - 1)
                } else if p.blocked[c] {
                    format!("register {column} is blocked: no tile may be laid there (seed line 57)")
                } else {
                    format!("register {column} is full: at most 3 tiles a register (seed line 109)")
                }
            }
            (Phase::Run, Answer::Up(column)) => {
                let c = usize::from(column);
                match p.registers.get(c).and_then(|r| r.first()) {
                    None => format!("register {column} holds no tile"),
                    Some(tile) if tile.colour() == Colour::Grey => format!(
                        "no repair robot stands in column {column}, which its grey tile concerns (seed lines 118, 128)"
                    ),
                    Some(_) => format!(
                        "your robot does not stand in column {column}: a tile is turned up only at its height (seed line 118)"
                    ),
                }
            }
            (Phase::Block { .. }, Answer::Block(column)) => {
                format!("register {column} is not one of yours left to block")
            }
            _ => format!("now is the time to answer `{phase_word} ...`"),
        };
        Refusal::new(crate::games::droids::rulebook::cite(&message))
    }

    /// Answers the current decision and runs on to the next. A mission
    /// hook that fails on the way refuses the answer, and the game is put
    /// back as it was before it (with no events: nothing happened).
    pub(crate) fn answer(&mut self, answer: Answer, checked: bool) -> Result<(), Refusal> {
        if !checked && !self.legal_answers().contains(&answer) {
            return Err(self.refusal(answer));
        }
        let before = self.may_run_hooks(answer).then(|| self.clone());
        self.apply_answer(answer)?;
        if let Some(failure) = self.failure.take() {
            if let Some(before) = before {
                *self = before;
            }
            self.events.clear();
            return Err(Refusal::new(format!(
                "the mission script failed, so the answer was not applied: {}",
                crate::games::droids::rulebook::cite(&failure)
            )));
        }
        Ok(())
    }

    /// Whether applying `answer` may run a hook of the mission's script:
    /// turning a tile up runs `order_done` and the moves' `moved`; any
    /// answer may end the round (`round_ended`).
    fn may_run_hooks(&self, answer: Answer) -> bool {
        self.hooks.as_ref().is_some_and(|h| {
            h.has(Hook::RoundEnded)
                || (matches!(answer, Answer::Up(_))
                    && (h.has(Hook::OrderDone) || h.has(Hook::Moved)))
        })
    }

    /// Applies a legal answer.
    fn apply_answer(&mut self, answer: Answer) -> Result<(), Refusal> {
        self.events.clear();
        let seat = self.current;
        match (self.phase, answer) {
            (Phase::Place { left }, Answer::Place(at)) => {
                self.set_piece(at, Some(crate::games::droids::board::Piece::Obstacle));
                self.piece_totals[crate::games::droids::board::Piece::Obstacle.index()] += 1;
                self.events.push(Event::Placed { seat, at });
                if left <= 1 {
                    self.start_round();
                } else {
                    self.phase = Phase::Place { left: left - 1 };
                    self.current = self.next_active(seat);
                }
            }
            (Phase::Draw, Answer::Draw(counts)) => {
                for c in Colour::ALL {
                    for _ in 0..counts[c.index()] {
                        if let Some(t) = self.stacks[c.index()].pop() {
                            self.players[seat].hand.push(t);
                        }
                    }
                }
                self.players[seat].drawn = true;
                self.events.push(Event::Drew { seat, counts });
                self.settle();
            }
            (Phase::Lay, Answer::Lay { tile, column }) => {
                let p = &mut self.players[seat];
                if let Some(i) = p.hand.iter().position(|t| *t == tile) {
                    p.hand.swap_remove(i);
                }
                p.registers[usize::from(column)].push(tile);
                self.events.push(Event::Laid { seat, column });
                self.current = self.next_active(seat);
                self.settle();
            }
            (Phase::Lay, Answer::Stop) => {
                self.players[seat].stopped = true;
                self.events.push(Event::StoppedLaying { seat, why: None });
                self.current = self.next_active(seat);
                self.settle();
            }
            (Phase::Run, Answer::Up(column)) => {
                let tile = self.players[seat].registers[usize::from(column)].remove(0);
                let r = self
                    .carrier(seat, column, tile)
                    .expect("a legal `up` has a robot to carry its tile out");
                let robot = self.robots[r].id;
                let from = self.robots[r].at;
                self.events.push(Event::TurnedUp {
                    seat,
                    column,
                    tile,
                    robot,
                });
                self.players[seat].turned = true;
                let before = self.events.len();
                let squares = self.squares();
                self.carry_out(r, tile);
                let void = self.events[before..]
                    .iter()
                    .any(|e| matches!(e, Event::NoEffect { .. }));
                if !void {
                    self.players[seat].ran = true;
                }
                self.return_tiles(vec![tile]);
                self.hook(&HookEvent::OrderDone {
                    seat,
                    robot,
                    tile: tile.to_string(),
                    from,
                    moved: self.moved_since(&squares),
                });
                self.shooter = Some(seat);
                self.next_blocks();
                self.settle();
            }
            (Phase::Block { left }, Answer::Block(column)) => {
                self.block(seat, column);
                let free = self.players[seat].blocked.iter().any(|b| !*b);
                if left > 1 && free {
                    self.phase = Phase::Block { left: left - 1 };
                } else {
                    self.next_blocks();
                }
                self.settle();
            }
            _ => return Err(self.refusal(answer)),
        }
        Ok(())
    }

    /// After an order or a player's blocks: the next player who owes
    /// blocks (a hit, a mine) chooses them; when none is left, back to
    /// the run with the player after the one whose order it was.
    fn next_blocks(&mut self) {
        if self.phase == Phase::Over {
            return;
        }
        while let Some((victim, n)) = self.pending.pop_front() {
            if self.players[victim].out || self.players[victim].blocked.iter().all(|b| *b) {
                continue;
            }
            self.phase = Phase::Block { left: n };
            self.current = victim;
            return;
        }
        let shooter = self.shooter.take().unwrap_or(self.current);
        self.phase = Phase::Run;
        self.current = self.next_active(shooter);
    }

    /// Starts a round: every player still in draws (seed line 98), the
    /// round's first player first.
    pub(crate) fn start_round(&mut self) {
        for p in &mut self.players {
            p.stopped = false;
            p.ran = false;
            p.turned = false;
            p.drawn = p.out;
        }
        self.phase = Phase::Draw;
        if self.players[self.first].out {
            self.first = self.next_active(self.first);
        }
        self.current = self.first;
        self.events.push(Event::RoundStarted {
            round: self.round,
            first: self.first,
        });
        self.settle();
    }

    /// The first seat from `from` on (itself first) still in the game that
    /// `wanted` picks.
    fn seat_from(&self, from: Seat, wanted: impl Fn(Seat) -> bool) -> Option<Seat> {
        let n = self.players.len();
        (0..n)
            .map(|k| (from + k) % n)
            .find(|s| !self.players[*s].out && wanted(*s))
    }

    /// Runs on through what needs no decision: a draw with nothing left, a
    /// player who has nothing to lay or nowhere to lay it, a player who
    /// cannot turn up a tile, the ends of phases and rounds.
    fn settle(&mut self) {
        loop {
            match self.phase {
                Phase::Draw => match self.seat_from(self.current, |s| !self.players[s].drawn) {
                    Some(s) if self.draw_target() > 0 => {
                        self.current = s;
                        return;
                    }
                    Some(s) => {
                        self.players[s].drawn = true;
                        self.events.push(Event::Drew {
                            seat: s,
                            counts: [0; 4],
                        });
                    }
                    None => {
                        self.phase = Phase::Lay;
                        self.current = self.first;
                    }
                },
                Phase::Lay => {
                    for s in 0..self.players.len() {
                        let p = &self.players[s];
                        if p.out || p.stopped {
                            continue;
                        }
                        let why = if p.hand.is_empty() {
                            Some("no tile left in hand")
                        } else if !(0..p.registers.len()).any(|c| p.open(c)) {
                            Some("no register left to lay in")
                        } else {
                            None
                        };
                        if why.is_some() {
                            self.players[s].stopped = true;
                            self.events.push(Event::StoppedLaying { seat: s, why });
                        }
                    }
                    match self.seat_from(self.current, |s| !self.players[s].stopped) {
                        Some(s) => {
                            self.current = s;
                            return;
                        }
                        None => {
                            let mut unused = Vec::new();
                            for p in &mut self.players {
                                unused.append(&mut p.hand);
                            }
                            if !unused.is_empty() {
                                self.events.push(Event::Returned {
                                    tiles: unused.len(),
                                    why: "not laid, seed line 114",
                                });
                                self.return_tiles(unused);
                            }
                            self.phase = Phase::Run;
                            self.current = self.first;
                        }
                    }
                }
                Phase::Run => {
                    let can = |s: Seat| {
                        (0..self.players[s].registers.len() as u8).any(|c| self.playable(s, c))
                    };
                    match self.seat_from(self.current, can) {
                        Some(s) => {
                            self.current = s;
                            return;
                        }
                        None => self.end_round(),
                    }
                }
                Phase::Block { .. } => {
                    if self.players[self.current].blocked.iter().all(|b| *b) {
                        self.next_blocks();
                    } else {
                        return;
                    }
                }
                Phase::Place { .. } | Phase::Over => return,
            }
        }
    }

    /// Ends a round (seed lines 125-135): a player who carried out no order
    /// in it is out (one who turned up only orders that could not be
    /// carried out, as `droids.void-order` reads it); tiles left in
    /// registers go back to their stacks (ours); the game ends when at most
    /// one player is left, else the next round starts with the next player.
    fn end_round(&mut self) {
        self.events.push(Event::RoundEnded { round: self.round });
        for s in 0..self.players.len() {
            let p = &self.players[s];
            if p.out || p.ran {
                continue;
            }
            if p.turned {
                let counts = self.rulings.follows(&VOID_ORDER, "counts");
                let text = format!(
                    "{} turned up only orders that could not be carried out: {} (seed lines 120, 133) {}",
                    self.seat_label(s),
                    if counts {
                        "turning them up and discarding them counts as carrying out an order, so it stays in"
                    } else {
                        "it carried out none"
                    },
                    self.rulings.cite(&VOID_ORDER)
                );
                self.events.push(Event::Ruling { text });
                if counts {
                    continue;
                }
            }
            self.players[s].out = true;
            self.events.push(Event::Out { seat: s });
        }
        let mut left = Vec::new();
        for p in &mut self.players {
            for r in &mut p.registers {
                left.append(r);
            }
        }
        if !left.is_empty() {
            self.events.push(Event::Returned {
                tiles: left.len(),
                why: "not run by the round's end, ours reading seed line 119",
            });
            self.return_tiles(left);
        }
        self.hook(&HookEvent::RoundEnded { round: self.round });
        if self.phase == Phase::Over {
            return;
        }
        let active: Vec<Seat> = self.active().collect();
        if let Some(team) = self.last_team(&active) {
            let names: Vec<&str> = team.iter().map(|s| self.seat_label(*s)).collect();
            let why = format!(
                "team {} is the last team in the game and wins (seed lines 135, 141)",
                names.join(" and ")
            );
            self.finish(team, why);
            return;
        }
        match active.as_slice() {
            [] => self.finish(
                Vec::new(),
                "every player left was out at once: nobody wins (ours)".into(),
            ),
            [one] if self.players.len() > 1 => {
                let why = format!(
                    "{} is the last player in the game and wins (seed line 135)",
                    self.seat_label(*one)
                );
                self.finish(vec![*one], why);
            }
            _ => {
                self.round += 1;
                self.first = self.next_active(self.first);
                self.start_round();
            }
        }
    }

    /// In a team game (seed lines 141, 150), the team every player still
    /// in belongs to, all its seats (those out too: the team wins).
    fn last_team(&self, active: &[Seat]) -> Option<Vec<Seat>> {
        let in_team = |team: &Vec<usize>, seat: &Seat| team.contains(&self.colours[*seat]);
        let first = active.first()?;
        let team = self.mission.teams.iter().find(|t| in_team(t, first))?;
        active.iter().all(|s| in_team(team, s)).then(|| {
            (0..self.players.len())
                .filter(|s| in_team(team, s))
                .collect()
        })
    }

    /// Ends the game.
    pub(crate) fn finish(&mut self, winners: Vec<Seat>, reason: String) {
        let reason = crate::games::droids::rulebook::cite(&reason);
        self.events.push(Event::GameOver {
            why: reason.clone(),
        });
        self.phase = Phase::Over;
        self.outcome = Some(Outcome {
            winners,
            reason,
            at_turn_limit: false,
        });
    }

    /// A seat's colour.
    pub(crate) fn seat_label(&self, seat: Seat) -> &'static str {
        self.colour(seat)
    }
}

/// Every way to draw `target` tiles from stacks of these sizes, counts per
/// colour in [`Colour::ALL`] order, in lexicographic order.
fn draws(target: usize, sizes: [usize; 4]) -> Vec<[u8; 4]> {
    let mut out = Vec::new();
    let cap = |i: usize| sizes[i].min(target);
    for p in 0..=cap(0) {
        for b in 0..=cap(1).min(target - p) {
            for r in 0..=cap(2).min(target - p - b) {
                let g = target - p - b - r;
                if g <= sizes[3] {
                    out.push([p as u8, b as u8, r as u8, g as u8]);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::draws;

    #[test]
    fn draws_count_every_mix_of_the_stacks_in_play() {
        // Seed line 104: 7 of one colour or mixed; grey out (0 tiles).
        let d = draws(7, [28, 12, 24, 0]);
        assert_eq!(d.len(), 36, "compositions of 7 into 3 parts");
        assert_eq!(d[0], [0, 0, 7, 0]);
        assert!(d
            .iter()
            .all(|c| c.iter().map(|n| usize::from(*n)).sum::<usize>() == 7));
        assert_eq!(draws(3, [1, 1, 1, 0]), vec![[1, 1, 1, 0]]);
    }
}
