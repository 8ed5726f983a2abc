//! Who plays which colour. By default the seats take the colours in
//! order (seat 0 red, then yellow, blue, green); a mission whose file says
//! `choose_colours = true` lets its players choose (missions 1 to 4, seed
//! line 90: "elke speler kiest een kleur"; mission 7, line 228: "kleur
//! kiezen"), and one that says `killer_opposite = true` puts
//! the killer on the start square opposite the first player's (line 230).
//! A colour is a place in [`PLAYER_COLOURS`]; a seating is the colour of
//! each seat.

use super::{Mission, PLAYER_COLOURS};
use crate::grid::square::Square;

/// The seed line where mission 7 lets its player choose a colour.
pub const CHOOSE_LINE: u32 = 228;

/// The colour named `name` (`yellow` -> 1), if it is a player's.
pub fn colour_named(name: &str) -> Option<usize> {
    PLAYER_COLOURS.iter().position(|c| *c == name)
}

/// The seating when nobody chooses: seat `s` plays colour `s`.
pub fn in_order(players: usize) -> Vec<usize> {
    (0..players).collect()
}

impl Mission {
    /// The colours its players may choose among: those with a start square.
    pub fn choosable(&self) -> Vec<&'static str> {
        (0..PLAYER_COLOURS.len())
            .filter(|c| self.starts[*c].is_some())
            .map(|c| PLAYER_COLOURS[c])
            .collect()
    }

    /// The seating asked for: `chosen` (colour names, one a seat in seat
    /// order) when given, else the colours in order for `players`. A
    /// choice is refused where the mission fixes its colours (naming the
    /// seed line its file gives in `colours_line`), and so are a name that
    /// is not a colour with a start square, a colour chosen twice and a
    /// count of colours that is not the players'.
    pub fn seating(&self, players: usize, chosen: &[String]) -> Result<Vec<usize>, String> {
        if chosen.is_empty() {
            return Ok(in_order(players));
        }
        if !self.choose_colours {
            let seated = PLAYER_COLOURS[..players.min(PLAYER_COLOURS.len())].join(", ");
            let why = match self.colours_line {
                Some(line) => format!("its players' colours are fixed (seed line {line})"),
                None => "its seats take the colours in turn (ours)".to_string(),
            };
            return Err(crate::games::droids::rulebook::cite(&format!(
                "mission {} ({}) takes no choice of colour: {why}: {seated}; a mission that \
                 lets its players choose takes one (missions 1 to 4, seed line 90; mission 7, seed line {CHOOSE_LINE})",
                self.number, self.name
            )));
        }
        if chosen.len() != players {
            return Err(format!(
                "{} colours chosen for {players} players: one a player, in seat order",
                chosen.len()
            ));
        }
        let mut out: Vec<usize> = Vec::new();
        for name in chosen {
            let colour = colour_named(name)
                .filter(|c| self.starts[*c].is_some())
                .ok_or_else(|| {
                    format!(
                        "`{}` is not a colour of mission {} ({}): {}",
                        crate::script::text::shown(name),
                        self.number,
                        self.name,
                        self.choosable().join(", ")
                    )
                })?;
            if out.contains(&colour) {
                return Err(format!("{name} is chosen twice: one player a colour"));
            }
            out.push(colour);
        }
        Ok(out)
    }

    /// The start square opposite `colour`'s, through the board's centre
    /// (seed line 230: the killer goes on the opposite start square), if
    /// it is a start square.
    pub fn opposite_start(&self, colour: usize) -> Option<Square> {
        let at = self.starts.get(colour).copied().flatten()?;
        let across = Square::new(self.board.width - 1 - at.x, self.board.height - 1 - at.y);
        self.starts.contains(&Some(across)).then_some(across)
    }

    /// Why a mission with `killer_opposite` is refused, if it is: a start
    /// square whose opposite is no start square.
    pub(super) fn opposite_missing(&self) -> Option<String> {
        (0..PLAYER_COLOURS.len())
            .filter(|c| self.starts[*c].is_some())
            .find(|c| self.opposite_start(*c).is_none())
            .map(|c| {
                crate::games::droids::rulebook::cite(&format!(
                    "{}'s start square has no start square opposite it (through the board's \
                     centre) for the killer (seed line 230)",
                    PLAYER_COLOURS[c]
                ))
            })
    }
}
