//! A board's memo of tables derived from its terrain alone (walls, pits,
//! squares off the board), one per target square, each computed on first
//! use: the search bot's way to a flag ([`crate::games::roborally`]'s
//! heuristic) asks the same question of the same terrain thousands of
//! times a decision. Terrain never changes once a board is built (only
//! flags move: [`super::Board::move_flags`]), so a table stays true for the
//! board's life, and a clone (a moved flag's copy of the board) keeps them.

use std::fmt;
use std::sync::{Arc, OnceLock};

/// One lazily computed table per square of the board's grid.
#[derive(Clone, Default)]
pub(super) struct TerrainMemo(Vec<OnceLock<Arc<[u32]>>>);

impl TerrainMemo {
    /// An empty memo for a grid of `squares` squares.
    pub(super) fn new(squares: usize) -> TerrainMemo {
        TerrainMemo((0..squares).map(|_| OnceLock::new()).collect())
    }

    /// The table for square index `at`, computed by `compute` the first
    /// time it is asked for; `None` when `at` is not a square of the grid.
    pub(super) fn get_or_compute(
        &self,
        at: usize,
        compute: impl FnOnce() -> Vec<u32>,
    ) -> Option<&[u32]> {
        let slot = self.0.get(at)?;
        Some(slot.get_or_init(|| compute().into()))
    }
}

impl fmt::Debug for TerrainMemo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let computed = self.0.iter().filter(|s| s.get().is_some()).count();
        write!(f, "TerrainMemo({computed} of {} computed)", self.0.len())
    }
}
