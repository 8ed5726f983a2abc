//! What the tools show of a game of Droids ([`Describe`]): the board as
//! text with a legend, one line per robot, a player's own tiles, the
//! summary, and the invariants the property tests check.

use std::collections::HashSet;

use crate::engine::{Describe, Seat, State, TranscriptPart};

use super::super::board::{Piece, Terrain, PLAYER_COLOURS};
use super::super::tiles::Colour;
use super::{Carried, Game, Phase, RobotId, REGISTER_SLOTS};

/// The legend printed under the board.
const LEGEND: &str = "legend: . ground  ~ water  # fixed obstacle  o mobile obstacle  c container  m mine  r y b g empty start squares  R Y B G robots  1 2 repair robots  S statue; registers: p b r g face-down tiles by colour, ## blocked";

impl Game {
    /// The character drawn for a square.
    fn square_char(&self, at: crate::grid::square::Square) -> char {
        if let Some(i) = self.robot_at(at) {
            return self.robots[i].id.letter();
        }
        if let Some(p) = self.piece_at(at) {
            return p.letter();
        }
        if let Some(s) = self.mission.starts.iter().position(|s| *s == Some(at)) {
            return ['r', 'y', 'b', 'g'][s];
        }
        match self.terrain(at) {
            Some(Terrain::Water) => '~',
            Some(Terrain::Fixed) => '#',
            _ => '.',
        }
    }

    /// One player's register board as seen by anyone: tile backs by colour.
    pub(crate) fn register_line(&self, seat: Seat) -> String {
        let p = &self.players[seat];
        let mut line = format!(
            "{:<7}{:<5}hand {}  ",
            PLAYER_COLOURS[seat],
            if p.out { "out" } else { "" },
            p.hand.len()
        );
        for (c, r) in p.registers.iter().enumerate() {
            let cell: String = if p.blocked[c] {
                "##".into()
            } else if r.is_empty() {
                "-".into()
            } else {
                r.iter().map(|t| t.colour().letter()).collect()
            };
            line.push_str(&format!(" {c}:{cell:<width$}", width = REGISTER_SLOTS));
        }
        line.trim_end().to_string()
    }
}

impl Describe for Game {
    fn picture(&self, _viewer: Option<Seat>, _colour: bool) -> String {
        let board = &self.mission.board;
        let mut out = String::from("   ");
        for x in 0..board.width {
            out.push_str(&format!("{:<2}", x % 10));
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
        for y in 0..board.height {
            out.push_str(&format!("{y:>2} "));
            for x in 0..board.width {
                out.push(self.square_char(crate::grid::square::Square::new(x, y)));
                out.push(' ');
            }
            out.truncate(out.trim_end().len());
            out.push('\n');
        }
        out.push_str(LEGEND);
        out.push('\n');
        for s in 0..self.players.len() {
            out.push_str(&self.register_line(s));
            out.push('\n');
        }
        let sizes = self.stack_sizes();
        out.push_str("stacks:");
        for c in Colour::ALL {
            out.push_str(&format!(" {c} {}", sizes[c.index()]));
        }
        out.push_str(&format!("; in the box {}\n", self.boxed.len()));
        out
    }

    fn answer_is_public(&self) -> bool {
        // Tiles are laid face down (`003_4ed30270cd5960fb.txt:108`): the
        // whole answer is hidden, though which register is public.
        !matches!(self.phase, Phase::Lay)
    }

    fn svg(&self, viewer: Option<Seat>) -> String {
        crate::games::droids::svg::svg(self, viewer)
    }

    fn where_lines(&self) -> Vec<String> {
        self.robots
            .iter()
            .map(|r| {
                let mut line = match r.at {
                    Some(at) => format!("{} [{}, {}]", r.id, at.x, at.y),
                    None => {
                        let by = self
                            .robots
                            .iter()
                            .find(|o| o.carrying == Some(Carried::Statue))
                            .map_or("nobody".to_string(), |o| o.id.to_string());
                        format!("{} carried by {by}", r.id)
                    }
                };
                if let Some(c) = r.carrying {
                    line.push_str(&format!(", carrying the {c}"));
                }
                if let RobotId::Player(s) = r.id {
                    let p = &self.players[s];
                    let blocked: Vec<String> = (0..p.blocked.len())
                        .filter(|c| p.blocked[*c])
                        .map(|c| c.to_string())
                        .collect();
                    if !blocked.is_empty() {
                        line.push_str(&format!(", registers {} blocked", blocked.join(" ")));
                    }
                    if p.out {
                        line.push_str(", out of the game");
                    }
                }
                line
            })
            .collect()
    }

    fn private_text(&self, viewer: Seat) -> String {
        let p = &self.players[viewer];
        let hand: Vec<String> = p.hand.iter().map(|t| t.to_string()).collect();
        let mut out = format!(
            "hand: {}\n",
            if hand.is_empty() {
                "-".into()
            } else {
                hand.join(", ")
            }
        );
        let laid: Vec<String> = p
            .registers
            .iter()
            .enumerate()
            .filter(|(_, r)| !r.is_empty())
            .map(|(c, r)| {
                let tiles: Vec<String> = r.iter().map(|t| t.to_string()).collect();
                format!("{c}: {}", tiles.join(", "))
            })
            .collect();
        out.push_str(&format!(
            "registers: {}\n",
            if laid.is_empty() {
                "-".into()
            } else {
                laid.join(" | ")
            }
        ));
        out
    }

    fn transcript_part(&self) -> TranscriptPart {
        match self.phase {
            Phase::Block { .. } => TranscriptPart::Aside("block"),
            _ => TranscriptPart::Main,
        }
    }

    fn preamble(&self) -> Option<String> {
        Some(format!(
            "mission {} ({}): {} players, {} first",
            self.mission.number,
            self.mission.name,
            self.players.len(),
            PLAYER_COLOURS[self.first]
        ))
    }

    fn summary(&self) -> String {
        let mut out = String::new();
        if let Some(o) = &self.outcome {
            out.push_str(&format!("over: {}\n", crate::escape::terminal(&o.reason)));
        }
        out.push_str(&format!("rounds: {}\n", self.round));
        let winners: Vec<&str> = self
            .outcome
            .iter()
            .flat_map(|o| o.winners.iter().map(|s| PLAYER_COLOURS[*s]))
            .collect();
        out.push_str(&format!(
            "winners: {}\n",
            if winners.is_empty() {
                "none".into()
            } else {
                winners.join(", ")
            }
        ));
        for s in self.standings() {
            out.push_str(&format!(
                "{}. {}: {}\n",
                s.rank, PLAYER_COLOURS[s.seat], s.shown
            ));
        }
        out
    }

    fn check_invariants(&self) -> Result<(), String> {
        let board = &self.mission.board;
        let mut seen = HashSet::new();
        for r in &self.robots {
            match r.at {
                Some(at) => {
                    if !board.contains(at) || self.terrain(at) == Some(Terrain::Fixed) {
                        return Err(format!(
                            "{} stands on [{}, {}], not a square it may",
                            r.id, at.x, at.y
                        ));
                    }
                    if !seen.insert(at) {
                        return Err(format!("two robots on [{}, {}] (seed line 6)", at.x, at.y));
                    }
                    if self.piece_at(at).is_some_and(Piece::stops_robots) {
                        return Err(format!("{} stands on a piece that stops robots", r.id));
                    }
                }
                None => {
                    let carriers = self
                        .robots
                        .iter()
                        .filter(|o| o.carrying == Some(Carried::Statue))
                        .count();
                    if r.id != RobotId::Statue || carriers != 1 {
                        return Err(format!("{} is off the board and not carried once", r.id));
                    }
                }
            }
        }
        for piece in Piece::ALL {
            let on_board = self.pieces.iter().filter(|p| **p == Some(piece)).count();
            let carried = self
                .robots
                .iter()
                .filter(|r| r.carrying == Some(Carried::Piece(piece)))
                .count();
            let start = self.piece_totals[piece.index()];
            if on_board + carried != start {
                return Err(format!(
                    "{} {}s on the board and {carried} carried, {start} in the game",
                    on_board,
                    piece.name()
                ));
            }
        }
        let mut tiles = self.boxed.len();
        for c in Colour::ALL {
            if self.stacks[c.index()].iter().any(|t| t.colour() != c) {
                return Err(format!("a tile of another colour in the {c} stack"));
            }
            tiles += self.stacks[c.index()].len();
        }
        for (s, p) in self.players.iter().enumerate() {
            tiles += p.hand.len();
            for (c, r) in p.registers.iter().enumerate() {
                tiles += r.len();
                if r.len() > REGISTER_SLOTS {
                    return Err(format!(
                        "{}'s register {c} holds {} tiles",
                        PLAYER_COLOURS[s],
                        r.len()
                    ));
                }
                if p.blocked[c] && !r.is_empty() {
                    return Err(format!(
                        "{}'s register {c} is blocked but holds tiles (seed line 57)",
                        PLAYER_COLOURS[s]
                    ));
                }
            }
            if p.out && (!p.hand.is_empty() || p.registers.iter().any(|r| !r.is_empty())) {
                return Err(format!("{} is out but holds tiles", PLAYER_COLOURS[s]));
            }
        }
        if tiles != self.total_tiles {
            return Err(format!(
                "{tiles} tiles accounted for, {} in the game",
                self.total_tiles
            ));
        }
        if self.to_decide().is_some() && self.legal_count() == 0 {
            return Err(format!(
                "the decision `{}` has no legal answer",
                self.decision_text()
            ));
        }
        Ok(())
    }
}
