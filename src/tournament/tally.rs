//! What the games of a pairing add up to, counted exactly: a shared win
//! is a whole number of [`SHARE_UNIT`]ths, so sums do not depend on the
//! order the games finished in, the thread count or how the games were
//! split between machines (the sums of fractions in floating point would).

use super::stats::Lengths;
use super::PairingResult;

/// The unit shares of a win are counted in: 840 is the least common
/// multiple of 1 to 8, so a victory shared by any number of people up to
/// eight (the most players of any game) is a whole number of units each.
pub const SHARE_UNIT: u64 = 840;

/// What one game gave the two bots of its pairing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameScore {
    /// Each bot's share of the win, in [`SHARE_UNIT`]s.
    pub wins: [u64; 2],
    /// The first seat's share of the win, in [`SHARE_UNIT`]s.
    pub first_seat: u64,
    /// The turns played.
    pub turns: u32,
    /// Stopped at the turn limit.
    pub turn_limit: bool,
}

/// The sum of a pairing's games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games counted.
    pub games: u32,
    /// Each bot's wins, in [`SHARE_UNIT`]s.
    pub wins: [u64; 2],
    /// The first seat's wins, in [`SHARE_UNIT`]s.
    pub first_seat: u64,
    /// Games stopped at the turn limit.
    pub turn_limit: u32,
    /// How long the games lasted.
    pub lengths: Lengths,
}

impl Tally {
    /// Counts one game.
    pub fn add(&mut self, game: &GameScore) {
        self.games += 1;
        self.wins[0] += game.wins[0];
        self.wins[1] += game.wins[1];
        self.first_seat += game.first_seat;
        self.turn_limit += u32::from(game.turn_limit);
        self.lengths.add(game.turns);
    }

    /// Adds another tally's games (of the same pairing).
    pub fn merge(&mut self, other: &Tally) {
        self.games += other.games;
        self.wins[0] += other.wins[0];
        self.wins[1] += other.wins[1];
        self.first_seat += other.first_seat;
        self.turn_limit += other.turn_limit;
        self.lengths.merge(&other.lengths);
    }

    /// The figures of the pairing of bots `bots` (their places among the
    /// tournament's bots) named `names`.
    pub fn result(&self, bots: [usize; 2], names: [String; 2]) -> PairingResult {
        let share = |units: u64| units as f64 / SHARE_UNIT as f64;
        PairingResult {
            bots,
            names,
            games: self.games,
            wins: [share(self.wins[0]), share(self.wins[1])],
            first_seat_wins: share(self.first_seat),
            turn_limit: self.turn_limit,
            lengths: self.lengths.clone(),
        }
    }
}

/// A share of a win given as a fraction (`0.5`, `0.333…`), in whole
/// [`SHARE_UNIT`]s: the inverse of dividing by the unit.
pub fn units_of(share: f64) -> u64 {
    (share * SHARE_UNIT as f64).round().max(0.0) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_of_any_number_of_winners_up_to_eight_are_whole_units() {
        for winners in 1..=8 {
            assert_eq!(SHARE_UNIT % winners, 0, "{winners} winners");
            let share = SHARE_UNIT / winners;
            assert_eq!(units_of(share as f64 / SHARE_UNIT as f64), share);
        }
    }

    #[test]
    fn a_tally_is_the_same_in_any_order_and_split() {
        let games: Vec<GameScore> = (0..30u64)
            .map(|i| GameScore {
                wins: [SHARE_UNIT / (1 + i % 3), SHARE_UNIT / (1 + i % 7) % 500],
                first_seat: SHARE_UNIT / (1 + i % 5),
                turns: (i * 7 % 40) as u32,
                turn_limit: i % 4 == 0,
            })
            .collect();
        let mut forward = Tally::default();
        games.iter().for_each(|g| forward.add(g));
        let (mut odd, mut even) = (Tally::default(), Tally::default());
        for (i, g) in games.iter().enumerate().rev() {
            if i % 2 == 0 {
                even.add(g)
            } else {
                odd.add(g)
            }
        }
        odd.merge(&even);
        assert_eq!(odd, forward);
        assert_eq!(forward.games, 30);
        assert_eq!(forward.turn_limit, 8);
    }
}
