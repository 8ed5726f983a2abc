//! The arena and what stands where: one piece per hex at most. No rules live
//! here; the game decides what may move where.

use crate::games::twin_tin_bots::pieces::Piece;
use crate::games::twin_tin_bots::terrain::{Floor, Props};
use crate::grid::hex::{Arena, Hex};
use std::sync::Arc;

/// The hexes of an arena, the piece on each, and the floor terrain under
/// the pieces (mud, teleporters), if any.
#[derive(Debug, PartialEq, Eq)]
pub struct Board {
    arena: Arena,
    cells: Vec<Option<Piece>>,
    /// Floor terrain by dense index; empty on a board without any, so that
    /// a plain game never looks. Floors do not move during play: shared
    /// between copies of the board, copied only when one is laid.
    floor: Arc<Vec<Option<Floor>>>,
}

impl Clone for Board {
    fn clone(&self) -> Self {
        Board {
            arena: self.arena.clone(),
            cells: self.cells.clone(),
            floor: self.floor.clone(),
        }
    }

    /// Copies `source` into this board's buffers, without allocating once
    /// they are the right size (the game's snapshot before an answer).
    fn clone_from(&mut self, source: &Self) {
        self.arena.clone_from(&source.arena);
        self.cells.clone_from(&source.cells);
        if !Arc::ptr_eq(&self.floor, &source.floor) {
            self.floor.clone_from(&source.floor);
        }
    }
}

impl Board {
    /// An empty board on an arena.
    pub fn new(arena: Arena) -> Self {
        let cells = vec![None; arena.index_len()];
        Board {
            arena,
            cells,
            floor: Arc::new(Vec::new()),
        }
    }

    /// The floor terrain of a hex (`None` when bare or off the board).
    #[inline]
    pub fn floor(&self, h: Hex) -> Option<Floor> {
        if self.floor.is_empty() {
            return None;
        }
        self.arena.index(h).and_then(|i| self.floor[i])
    }

    /// Whether any hex has floor terrain.
    #[inline]
    pub fn has_floor(&self) -> bool {
        !self.floor.is_empty()
    }

    /// Lays floor terrain on a hex (or clears it), returning what was there.
    ///
    /// # Panics
    /// If the hex is off the board: callers check with [`Board::contains`].
    pub fn set_floor(&mut self, h: Hex, floor: Option<Floor>) -> Option<Floor> {
        let i = self.arena.index(h).expect("hex on the board");
        if self.floor.is_empty() {
            floor?;
            self.floor = Arc::new(vec![None; self.cells.len()]);
        }
        std::mem::replace(&mut Arc::make_mut(&mut self.floor)[i], floor)
    }

    /// Every hex with floor terrain, in dense-index order.
    pub fn floors(&self) -> impl Iterator<Item = (Hex, Floor)> + '_ {
        self.floor
            .iter()
            .enumerate()
            .filter_map(|(i, f)| f.map(|f| (self.arena.hex_at(i), f)))
    }

    /// Whether a new piece may be put on the hex: on the board, no piece,
    /// and no floor that pieces cannot rest on (a teleporter, a pit).
    #[inline]
    pub fn can_hold(&self, h: Hex) -> bool {
        self.is_free(h)
            && self.floor(h).is_none_or(|f| {
                !f.props.contains(Props::TELEPORTS) && !f.props.contains(Props::BLOCKS_MOVEMENT)
            })
    }

    /// The arena.
    pub fn arena(&self) -> &Arena {
        &self.arena
    }

    /// Whether the hex is on the board.
    #[inline]
    pub fn contains(&self, h: Hex) -> bool {
        self.arena.contains(h)
    }

    /// The piece on a hex (`None` when empty or off the board).
    #[inline]
    pub fn at(&self, h: Hex) -> Option<Piece> {
        self.arena.index(h).and_then(|i| self.cells[i])
    }

    /// Whether the hex is on the board and holds no piece.
    #[inline]
    pub fn is_free(&self, h: Hex) -> bool {
        self.arena.index(h).is_some_and(|i| self.cells[i].is_none())
    }

    /// Puts a piece on a hex, returning what was there.
    ///
    /// # Panics
    /// If the hex is off the board: callers check with [`Board::contains`].
    #[inline]
    pub fn set(&mut self, h: Hex, piece: Option<Piece>) -> Option<Piece> {
        let i = self.arena.index(h).expect("hex on the board");
        std::mem::replace(&mut self.cells[i], piece)
    }

    /// Every occupied hex with its piece, in dense-index order.
    pub fn pieces(&self) -> impl Iterator<Item = (Hex, Piece)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.map(|p| (self.arena.hex_at(i), p)))
    }

    /// The free hexes closest to the centre (all at the same, smallest
    /// distance), ring order. A hex whose floor cannot hold a piece (a
    /// teleporter) is not free.
    pub fn free_hexes_closest_to_centre(&self) -> Vec<Hex> {
        (0..=self.arena.radius())
            .map(|k| {
                Hex::CENTRE
                    .ring(k)
                    .into_iter()
                    .filter(|h| self.can_hold(*h))
                    .collect::<Vec<_>>()
            })
            .find(|free| !free.is_empty())
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::twin_tin_bots::pieces::Crystal;

    #[test]
    fn one_piece_per_hex() {
        let mut b = Board::new(Arena::small());
        assert!(b.is_free(Hex::CENTRE));
        assert_eq!(
            b.set(Hex::CENTRE, Some(Piece::Crystal(Crystal::BLUE))),
            None
        );
        assert!(!b.is_free(Hex::CENTRE));
        assert!(!b.is_free(Hex::new(9, 9)), "off the board is never free");
        assert_eq!(b.at(Hex::new(9, 9)), None);
        assert_eq!(b.pieces().count(), 1);
    }

    #[test]
    fn closest_free_hexes_skip_the_taken_centre() {
        // 000_f177823dad35ee93.txt: Unload — "If it is not empty, the player
        // places it on one of the free hexes that are closest from the board centre."
        let mut b = Board::new(Arena::small());
        assert_eq!(b.free_hexes_closest_to_centre(), [Hex::CENTRE]);
        b.set(Hex::CENTRE, Some(Piece::Base(0)));
        b.set(Hex::new(1, 0), Some(Piece::Robot(0)));
        let free = b.free_hexes_closest_to_centre();
        assert_eq!(free.len(), 5);
        assert!(free.iter().all(|h| h.ring_index() == 1));
    }
}
