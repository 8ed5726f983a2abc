//! The game as one player may see it: what bots are given.
//!
//! A [`PlayerView`] is an owned snapshot built by [`Game::view`]. It holds
//! everything on the table (the board and its pieces, programs, bases,
//! scores, the countdown) and the viewer's own hand, but nothing that player
//! may not know: opponents' special tiles are only counted, and of the
//! crystal track and the special deck only the lengths are given.

use super::{Decision, Game};
use crate::games::twin_tin_bots::orders::{Tile, TileSet};
use crate::games::twin_tin_bots::pieces::{owner_of, Colour, Crystal, CrystalCounts, PlayerId};
use crate::games::twin_tin_bots::terrain::Terrain;
use crate::grid::hex::{Direction, Hex};
use serde::Serialize;

/// The game as one player may see it (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    /// The viewer's colour.
    pub me: Colour,
    /// The arena's radius (the arena is the hexagon around `[0, 0]`).
    pub arena_radius: u32,
    /// Robots in play, by id.
    pub robots: Vec<RobotView>,
    /// Loose crystals on the board.
    pub crystals: Vec<CrystalView>,
    /// Bases on the board.
    pub bases: Vec<BaseView>,
    /// Every player, in seating order.
    pub players: Vec<PlayerInfo>,
    /// The viewer's own hand, in full (tile names, one per tile).
    pub hand: Vec<Tile>,
    /// How many crystals are still on the track (not which, nor in what order).
    pub track_length: usize,
    /// How many special tiles are still in the deck (not which).
    pub special_deck_length: usize,
    /// Whose turn it is.
    pub active: Colour,
    /// The turn number, counting every player's turn from 1.
    pub turn: u32,
    /// Whether the game end phase has begun (the last crystal entered play).
    pub end_phase: bool,
    /// The countdown counters the first player still holds.
    pub counters: u8,
    /// Points in base that win at once, if score victory is on.
    pub score_to_win: Option<u32>,
    /// What is being decided now.
    pub decision: DecisionView,
    /// Whether the game is over.
    pub over: bool,
    /// The winners once the game is over (several on a shared victory).
    pub winners: Vec<Colour>,
    /// Terrain on the board (variants): kinds, hexes, colours, directions.
    pub terrain: Vec<Terrain>,
}

/// A robot as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RobotView {
    /// Its name, such as `red.1`.
    pub id: String,
    /// Its owner's colour.
    pub owner: Colour,
    /// Where it stands, `[q, r]`.
    pub at: Hex,
    /// The side it faces (`E`, `SE`, ...).
    pub facing: Direction,
    /// The value of the crystal it carries, 0 for none.
    pub carrying: u8,
    /// Its program, slots 1 to 3; `""` is an empty slot.
    pub program: Vec<&'static str>,
}

/// A loose crystal on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CrystalView {
    /// Where it lies.
    pub at: Hex,
    /// Its value: 2, 3 or 4.
    pub value: Crystal,
}

/// A base on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BaseView {
    /// Its owner.
    pub owner: Colour,
    /// Where it stands.
    pub at: Hex,
    /// Crystals delivered to it, by kind: blue (2), green (3), pink (4).
    pub delivered: CrystalCounts,
    /// Points delivered to it.
    pub points: u32,
}

/// A player as the viewer sees them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerInfo {
    /// Colour.
    pub colour: Colour,
    /// Score if the game ended now: base points plus carried crystals at one
    /// less than their value.
    pub score: u32,
    /// Points delivered to the base.
    pub base_points: u32,
    /// Whether the Double Modification tile was played.
    pub double_modification_used: bool,
    /// Whether this player's very first turn is still to come.
    pub first_turn: bool,
    /// The standard (non-special) tiles in the player's hand: public, as
    /// everyone starts with the same ones and placements are seen.
    pub standard_tiles: Vec<Tile>,
    /// How many special tiles the player holds (not which).
    pub special_count: usize,
    /// The player's team, from 1 (every player alone without teams).
    pub team: usize,
}

/// The decision being made, as a player may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DecisionView {
    /// `program_change`, `zap_effect`, `crystal_placement` or `game_over`.
    pub kind: &'static str,
    /// Who decides (none once the game is over).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<Colour>,
    /// For a zap effect: the zapping robot.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zapper: Option<String>,
    /// For a zap effect: the robot hit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    /// For a crystal placement: the crystal entering play.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub crystal: Option<Crystal>,
}

impl DecisionView {
    /// The view of a decision of `game`.
    pub fn of(game: &Game, decision: Decision) -> DecisionView {
        let mut view = DecisionView {
            kind: decision.key(),
            player: decision.player().map(|p| game.colours()[p]),
            zapper: None,
            target: None,
            crystal: None,
        };
        match decision {
            Decision::ZapEffect { zapper, target, .. } => {
                view.zapper = Some(game.robot_name(zapper));
                view.target = Some(game.robot_name(target));
            }
            Decision::CrystalPlacement { crystal, .. } => view.crystal = Some(crystal),
            Decision::ZapPush { zapper, .. } => view.zapper = Some(game.robot_name(zapper)),
            Decision::ProgramChange { .. } | Decision::Continue { .. } | Decision::GameOver => {}
        }
        view
    }
}

fn tiles(set: &TileSet, keep: impl Fn(Tile) -> bool) -> Vec<Tile> {
    set.iter().filter(|t| keep(*t)).collect()
}

impl Game {
    /// The game as `player` may see it: an owned snapshot.
    ///
    /// Panics if `player` is not seated.
    pub fn view(&self, player: PlayerId) -> PlayerView {
        let standings = self.unranked_standings();
        let robots = self
            .robots()
            .iter()
            .flatten()
            .map(|r| RobotView {
                id: self.robot_name(r.id),
                owner: self.colours()[owner_of(r.id)],
                at: r.at,
                facing: r.facing,
                carrying: r.carrying.map_or(0, |c| c.value()),
                program: r.program.iter().map(|t| t.map_or("", Tile::name)).collect(),
            })
            .collect();
        let crystals = self
            .crystals_on_board()
            .map(|(at, value)| CrystalView { at, value })
            .collect();
        let bases = self
            .players()
            .iter()
            .filter_map(|p| {
                p.base.map(|at| BaseView {
                    owner: p.colour,
                    at,
                    delivered: p.delivered,
                    points: p.delivered.points(),
                })
            })
            .collect();
        let players = self
            .players()
            .iter()
            .zip(&standings)
            .map(|(p, st)| PlayerInfo {
                colour: p.colour,
                score: st.total(),
                base_points: st.base_points,
                double_modification_used: p.double_modification_used,
                first_turn: p.first_turn,
                standard_tiles: tiles(&p.hand, |t| !t.is_special()),
                special_count: p.hand.iter().filter(|t| t.is_special()).count(),
                team: self.sides().team(st.player) + 1,
            })
            .collect();
        let countdown = self.countdown();
        PlayerView {
            me: self.colours()[player],
            arena_radius: self.board().arena().radius(),
            robots,
            crystals,
            bases,
            players,
            hand: self.players()[player].hand.iter().collect(),
            track_length: self.track().len(),
            special_deck_length: self.special_deck().len(),
            active: self.colours()[self.active()],
            turn: self.turn(),
            end_phase: countdown.end_phase,
            counters: countdown.counters,
            score_to_win: self.score_to_win(),
            decision: DecisionView::of(self, self.decision()),
            over: self.is_over(),
            terrain: self.terrain(),
            winners: self
                .outcome()
                .map(|o| o.winners.iter().map(|&p| self.colours()[p]).collect())
                .unwrap_or_default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::twin_tin_bots::setup::Setup;

    fn quoted(t: Tile) -> String {
        format!("\"{}\"", t.name())
    }

    #[test]
    fn a_view_hides_opponents_specials_the_deck_and_the_track() {
        for players in 2..=6 {
            let game = Game::new(&Setup::standard(players).unwrap().position(3)).unwrap();
            let deck: Vec<Tile> = game.special_deck().to_vec();
            assert!(!deck.is_empty(), "{players} players: the deck is dealt out");
            for viewer in 0..players {
                let view = game.view(viewer);
                let json = serde_json::to_string(&view).unwrap();
                // Specials legitimately visible: the viewer's own, and any
                // on a program (none at the start).
                let own = &game.players()[viewer].hand;
                for t in &deck {
                    assert!(!json.contains(&quoted(*t)), "deck tile {t} leaks: {json}");
                }
                for (p, player) in game.players().iter().enumerate() {
                    let specials: Vec<Tile> =
                        player.hand.iter().filter(|t| t.is_special()).collect();
                    if p == viewer {
                        for t in &specials {
                            assert!(json.contains(&quoted(*t)), "own special {t} missing");
                        }
                        continue;
                    }
                    for t in specials.iter().filter(|t| !own.has(**t)) {
                        assert!(
                            !json.contains(&quoted(*t)),
                            "{}'s special {t} leaks to {}: {json}",
                            player.colour,
                            view.me
                        );
                    }
                    assert_eq!(view.players[p].special_count, specials.len());
                }
                assert!(!json.contains("\"track\""), "a track list: {json}");
                assert_eq!(view.track_length, game.track().len());
                assert_eq!(view.special_deck_length, deck.len());
                assert_eq!(view.decision.kind, "program_change");
            }
        }
    }

    #[test]
    fn red_does_not_see_blues_special_in_a_two_player_game() {
        let game = Game::new(&Setup::standard(2).unwrap().position(1)).unwrap();
        let special = |p: usize| {
            let s: Vec<Tile> = game.players()[p]
                .hand
                .iter()
                .filter(|t| t.is_special())
                .collect();
            assert_eq!(s.len(), 1, "one special dealt each");
            s[0]
        };
        let (red, blue) = (special(0), special(1));
        let red_view = serde_json::to_string(&game.view(0)).unwrap();
        let blue_view = serde_json::to_string(&game.view(1)).unwrap();
        assert!(red_view.contains(&quoted(red)) && !red_view.contains(&quoted(blue)));
        assert!(blue_view.contains(&quoted(blue)) && !blue_view.contains(&quoted(red)));
    }
}
