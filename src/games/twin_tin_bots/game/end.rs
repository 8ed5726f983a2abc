//! The end of the game: the crystal-attrition countdown, final scoring and
//! the tiebreakers.

use crate::games::twin_tin_bots::names::Name;
use crate::games::twin_tin_bots::pieces::{Crystal, CrystalCounts, PlayerId};
use crate::games::twin_tin_bots::rulings::Tiebreak;
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndReason {
    /// A player's base reached the points required: that player wins at once.
    ScoreVictory {
        /// The winner.
        player: PlayerId,
    },
    /// The last crystal entered play and the three countdown turns were played.
    CrystalAttrition,
    /// Stopped by the caller's turn limit (not a rule): scored as if it had ended.
    TurnLimit,
    /// A variant's `game_over` hook ended it, for this reason.
    Variant(Name),
}

impl EndReason {
    /// How the game ended, in words.
    pub fn describe(&self) -> std::borrow::Cow<'static, str> {
        match self {
            EndReason::ScoreVictory { .. } => "score victory".into(),
            EndReason::CrystalAttrition => "crystal attrition".into(),
            EndReason::TurnLimit => "stopped at the turn limit".into(),
            EndReason::Variant(why) => why.to_string().into(),
        }
    }
}

/// The countdown counters 3-2-1 held by the first player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Countdown {
    /// Whether the last crystal has entered play (the game end phase).
    pub end_phase: bool,
    /// Counters the first player still holds.
    pub counters: u8,
}

impl Default for Countdown {
    fn default() -> Self {
        Countdown {
            end_phase: false,
            counters: 3,
        }
    }
}

impl Countdown {
    /// Whether the last game turn (round) is being played.
    pub fn last_round(&self) -> bool {
        self.end_phase && self.counters == 0
    }
}

/// A player's final score and tiebreak figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    /// The player.
    pub player: PlayerId,
    /// Points in the base (full value).
    pub base_points: u32,
    /// Points carried by the player's robots (one less than their value each).
    pub carried_points: u32,
    /// Blue crystals in the base (first tiebreaker).
    pub blue_in_base: u32,
    /// Green crystals in the base (second tiebreaker).
    pub green_in_base: u32,
    /// Blue crystals the player's robots carry.
    #[serde(default)]
    pub blue_carried: u32,
    /// Green crystals the player's robots carry.
    #[serde(default)]
    pub green_carried: u32,
    /// Which crystals the tiebreakers count (`ttb.tiebreak`).
    #[serde(default)]
    pub tiebreak: Tiebreak,
    /// A variant's score (its `score` hook): up to four numbers compared in
    /// order, the first being the score shown; `None` for the standard one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<[i64; 4]>,
}

impl Standing {
    /// Computes a standing from the base contents and carried crystals,
    /// the tiebreakers counting the crystals in the base.
    pub fn new(
        player: PlayerId,
        base: CrystalCounts,
        carried: impl Iterator<Item = Crystal>,
    ) -> Self {
        let mut held = CrystalCounts::default();
        carried.for_each(|c| held.add(c));
        Standing {
            player,
            base_points: base.points(),
            carried_points: Crystal::ALL
                .iter()
                .map(|&c| held.of(c) * (c.value() as u32 - 1))
                .sum(),
            blue_in_base: base.of(Crystal::BLUE),
            green_in_base: base.of(Crystal::GREEN),
            blue_carried: held.of(Crystal::BLUE),
            green_carried: held.of(Crystal::GREEN),
            tiebreak: Tiebreak::InBase,
            variant: None,
        }
    }

    /// This standing with its tiebreakers counting as `tiebreak` reads.
    pub fn counting(self, tiebreak: Tiebreak) -> Self {
        Standing { tiebreak, ..self }
    }

    /// The blue crystals the first tiebreaker counts: in the base, and
    /// carried ones too under `ttb.tiebreak=harvested`.
    pub fn blue_counted(&self) -> u32 {
        match self.tiebreak {
            Tiebreak::InBase => self.blue_in_base,
            Tiebreak::Harvested => self.blue_in_base + self.blue_carried,
        }
    }

    /// The green crystals the second tiebreaker counts (as
    /// [`Standing::blue_counted`]).
    pub fn green_counted(&self) -> u32 {
        match self.tiebreak {
            Tiebreak::InBase => self.green_in_base,
            Tiebreak::Harvested => self.green_in_base + self.green_carried,
        }
    }

    /// Final score: base crystals at full value, carried ones at one less;
    /// or the variant's score.
    pub fn total(&self) -> u32 {
        match self.variant {
            Some(key) => key[0].clamp(0, u32::MAX as i64) as u32,
            None => self.base_points + self.carried_points,
        }
    }

    /// Compares two standings: score, then most blue in base, most green in
    /// base, highest base total (002_ae8ae07e801960f9.txt: Game Goal, FAQ Q3;
    /// under `ttb.tiebreak=harvested`, most blue and most green harvested,
    /// in the base and carried: 000_f177823dad35ee93.txt: Game Goal).
    pub fn compare(&self, other: &Standing) -> Ordering {
        if let (Some(a), Some(b)) = (self.variant, other.variant) {
            return a.cmp(&b);
        }
        (
            self.total(),
            self.blue_counted(),
            self.green_counted(),
            self.base_points,
        )
            .cmp(&(
                other.total(),
                other.blue_counted(),
                other.green_counted(),
                other.base_points,
            ))
    }
}

/// Sorts standings best first and returns the winners: every player equal to
/// the best on all tiebreakers ("both players rejoice in their shared victory").
pub fn rank(standings: &mut [Standing]) -> Vec<PlayerId> {
    standings.sort_by(|a, b| b.compare(a).then(a.player.cmp(&b.player)));
    let Some(best) = standings.first().copied() else {
        return vec![];
    };
    standings
        .iter()
        .take_while(|s| s.compare(&best) == Ordering::Equal)
        .map(|s| s.player)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counts(b: u32, g: u32, p: u32) -> CrystalCounts {
        CrystalCounts([b, g, p])
    }

    #[test]
    fn carried_crystals_count_one_less() {
        // 000_f177823dad35ee93.txt: Game Goal — "Crystals still on Robots are
        // worth one point less than their regular value (1 to 3 points)".
        let s = Standing::new(
            0,
            counts(1, 0, 1),
            [Crystal::PINK, Crystal::BLUE].into_iter(),
        );
        assert_eq!(s.base_points, 6);
        assert_eq!(s.carried_points, 4);
        assert_eq!(s.total(), 10);
    }

    #[test]
    fn harvested_tiebreakers_count_carried_crystals_too() {
        // 000_f177823dad35ee93.txt:63-65 — "everyone totals his harvested
        // Crystals : the ones brought back to the Base, but also Crystals
        // carried by their Robots ... the player who harvested the most
        // blue 2-point Crystals wins" (ttb.tiebreak=harvested); FAQ Q3
        // counts the base only (in-base).
        let standings = |tiebreak| {
            vec![
                Standing::new(0, counts(2, 0, 0), std::iter::empty()).counting(tiebreak),
                Standing::new(
                    1,
                    counts(1, 0, 0),
                    [Crystal::BLUE, Crystal::BLUE].into_iter(),
                )
                .counting(tiebreak),
            ]
        };
        let mut in_base = standings(Tiebreak::InBase);
        assert_eq!(in_base[0].total(), in_base[1].total());
        assert_eq!(rank(&mut in_base), vec![0]);
        let mut harvested = standings(Tiebreak::Harvested);
        assert_eq!(harvested[1].blue_counted(), 3);
        assert_eq!(rank(&mut harvested), vec![1]);
    }

    #[test]
    fn tiebreakers_in_the_online_order() {
        // 002_ae8ae07e801960f9.txt: Game Goal — most blue in base, then most
        // green in base, then highest total brought back, then shared victory.
        let none = std::iter::empty;
        // 6 points each: 3 blue beats 2 green.
        let mut s = vec![
            Standing::new(0, counts(0, 2, 0), none()),
            Standing::new(1, counts(3, 0, 0), none()),
        ];
        assert_eq!(rank(&mut s), vec![1]);
        // 7 points each, one blue in base each: a green in base beats none.
        let mut s = vec![
            Standing::new(
                0,
                counts(1, 0, 0),
                [Crystal::PINK, Crystal::GREEN].into_iter(),
            ),
            Standing::new(
                1,
                counts(1, 1, 0),
                [Crystal::BLUE, Crystal::BLUE].into_iter(),
            ),
        ];
        assert_eq!(s[0].total(), s[1].total());
        assert_eq!(rank(&mut s), vec![1]);
        // Same score, same blue and green in base: higher base total wins.
        let mut s = vec![
            Standing::new(0, counts(0, 0, 1), [Crystal::PINK].into_iter()),
            Standing::new(
                1,
                counts(0, 0, 0),
                [Crystal::PINK, Crystal::PINK].into_iter(),
            ),
        ];
        assert_eq!((s[0].total(), s[1].total()), (7, 6));
        let mut s2 = vec![
            Standing::new(0, counts(0, 0, 1), [Crystal::GREEN].into_iter()),
            Standing::new(
                1,
                counts(0, 0, 0),
                [Crystal::PINK, Crystal::PINK].into_iter(),
            ),
        ];
        assert_eq!(s2[0].total(), s2[1].total());
        assert_eq!(rank(&mut s2), vec![0]);
        assert_eq!(rank(&mut s), vec![0]);
        // Everything equal: shared victory.
        let mut s = vec![
            Standing::new(0, counts(1, 1, 0), none()),
            Standing::new(1, counts(1, 1, 0), none()),
            Standing::new(2, counts(0, 0, 0), none()),
        ];
        assert_eq!(rank(&mut s), vec![0, 1]);
    }
}
