//! Counts in messages and listings, in words that agree with the number:
//! "1 player", "2 players", "2 to 4 players".

/// `n` `noun`s: the noun as given for one, with an `s` otherwise.
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// A range of players, `lo` to `hi`: "1 player" when they are one, "2 to
/// 4 players" otherwise.
pub fn players(lo: usize, hi: usize) -> String {
    if lo == hi {
        count(lo, "player")
    } else {
        format!("{lo} to {hi} players")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_player_is_singular_and_a_range_of_one_is_one_count() {
        assert_eq!(count(1, "player"), "1 player");
        assert_eq!(count(0, "player"), "0 players");
        assert_eq!(count(3, "game"), "3 games");
        assert_eq!(players(1, 1), "1 player");
        assert_eq!(players(2, 2), "2 players");
        assert_eq!(players(2, 4), "2 to 4 players");
    }
}
