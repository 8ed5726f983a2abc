//! Program cards (placeholder until the cards module lands).
