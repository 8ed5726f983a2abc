//! The text picture of a game of Droids (the REPL's `show`,
//! [`crate::engine::Describe::picture`]): the board with a legend, every
//! player's register board as anyone sees it, and the stacks.

use crate::engine::Seat;

use super::board::Terrain;
use super::game::{Game, REGISTER_SLOTS};
use super::tiles::Colour;

/// The legend printed under the board.
const LEGEND: &str = "legend: . ground  ~ water  # fixed obstacle  o mobile obstacle  c container  m mine  r y b g empty start squares  R Y B G robots  1 2 repair robots  S statue; registers: p b r g face-down tiles by colour, ## blocked";

impl Game {
    /// The board with its legend, the register boards and the stacks, as
    /// text.
    pub(crate) fn text_picture(&self) -> String {
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
            self.colour(seat),
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
