//! The REPL's `export FILE` for Droids: the current position written as a
//! scenario file (`docs/droids.md`, "Scenario files") that `load` and
//! `tinbots check` read back: the board's rows with the robots where they
//! stand and the pieces lying, each robot's load and blocked registers,
//! the mission whose script applies, the colours its players chose, and
//! the numbers it keeps. The hands,
//! the registers' face-down tiles and the stacks' order are not written
//! (the file starts a first round); a robot standing in water is drawn on
//! ground, and said so in a comment.

use std::fmt::Write as _;

use crate::grid::square::Square;

use crate::games::droids::board::{seating, Terrain, SEED};
use crate::games::droids::game::{Carried, Game, RobotId};

/// The scenario file of `game`'s position; `title` goes in its `title`.
pub fn scenario_text(game: &Game, title: &str) -> String {
    let mission = game.mission();
    let board = &mission.board;
    let mut text =
        String::from("# Exported by the tinbots REPL: the position's board, loads and\n");
    text.push_str("# blocked registers (hands, face-down tiles and stacks are not kept).\n");
    let mut wet = Vec::new();
    let mut rows = Vec::new();
    for y in 0..board.height {
        let mut row = String::new();
        for x in 0..board.width {
            let at = Square::new(x, y);
            let robot = game
                .robots()
                .iter()
                .find(|r| r.at == Some(at) && r.id != RobotId::Statue);
            let terrain = game.terrain(at);
            let c = match (
                robot,
                game.robots()
                    .iter()
                    .any(|r| r.id == RobotId::Statue && r.at == Some(at)),
            ) {
                (Some(r), _) => {
                    if terrain == Some(Terrain::Water) {
                        wet.push(r.id.to_string());
                    }
                    r.id.letter()
                }
                (None, true) => 'X',
                (None, false) => match (terrain, game.piece_at(at)) {
                    (_, Some(p)) => p.letter(),
                    (Some(Terrain::Water), None) => '~',
                    (Some(Terrain::Fixed), None) => '#',
                    _ => '.',
                },
            };
            row.push(c);
        }
        rows.push(row);
    }
    if !wet.is_empty() {
        let _ = writeln!(
            text,
            "# In water, drawn on ground here: {}.",
            wet.join(", ")
        );
    }
    let _ = writeln!(text, "game = \"droids\"");
    let _ = writeln!(text, "title = {}", toml_string(title));
    let _ = writeln!(text, "source = \"{SEED}:107\"");
    if mission.number != 0 {
        let _ = writeln!(text, "mission = {}", toml_string(&mission.name));
    }
    if game.colours != seating::in_order(game.colours.len()) {
        let chosen: Vec<String> = (0..game.colours.len())
            .map(|s| toml_string(game.colour(s)))
            .collect();
        let _ = writeln!(text, "colours = [{}]", chosen.join(", "));
    }
    let _ = writeln!(text, "rows = [");
    for row in rows {
        let _ = writeln!(text, "    \"{row}\",");
    }
    let _ = writeln!(text, "]");
    let players = game.players();
    for r in game.robots() {
        let blocked: Vec<String> = match r.id {
            RobotId::Player(_) => match game.seat_of_robot(r.id) {
                Some(s) => (0..players[s].blocked.len())
                    .filter(|c| players[s].blocked[*c])
                    .map(|c| c.to_string())
                    .collect(),
                None => Vec::new(),
            },
            _ => Vec::new(),
        };
        let carrying = match r.carrying {
            Some(Carried::Piece(p)) => Some(p.name()),
            Some(Carried::Statue) => Some("statue"),
            None => None,
        };
        if carrying.is_none() && blocked.is_empty() {
            continue;
        }
        let _ = writeln!(text, "\n[[robot]]\nid = \"{}\"", r.id);
        if let Some(c) = carrying {
            let _ = writeln!(text, "carrying = \"{c}\"");
        }
        if !blocked.is_empty() {
            let _ = writeln!(text, "blocked = [{}]", blocked.join(", "));
        }
    }
    if !game.vars.is_empty() {
        let _ = writeln!(text, "\n[vars]");
        for (k, v) in &game.vars {
            let _ = writeln!(text, "{} = {v}", toml_string(k));
        }
    }
    text
}

/// `s` as a TOML basic string.
fn toml_string(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}
