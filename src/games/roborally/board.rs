//! Boards and courses (placeholder until the board module lands).
