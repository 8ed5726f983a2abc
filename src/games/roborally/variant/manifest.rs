//! `variant.toml` of a RoboRally variant: the fields every game's manifest
//! has ([`crate::script::variant`]: name, description, source, needs,
//! conflicts) with RoboRally's own `[settings]`.

use serde::Deserialize;

use crate::script::variant::{variant_manifest, VariantManifest};

use super::VariantError;

/// The lives a robot starts with when no variant says (ruling 10).
const BASE_LIVES: u8 = crate::games::roborally::position::START_LIVES;

/// Rule settings a variant applies as data; `None` leaves the rule as it is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    /// The lives every robot starts with (1 to 9), before the extra ones.
    #[serde(default, deserialize_with = "count")]
    pub lives: Option<u8>,
    /// One more life when there are more players than this (seed line 54).
    #[serde(default, deserialize_with = "count")]
    pub extra_life_above_players: Option<u8>,
    /// One more life when the course has more boards than this (seed line 55).
    #[serde(default, deserialize_with = "count")]
    pub extra_life_above_boards: Option<u8>,
}

/// A count of a setting, 0 to 255, refused in the project's words (serde
/// says `invalid value: integer `300`, expected u8`).
fn count<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<u8>, D::Error> {
    let n = i64::deserialize(d)?;
    u8::try_from(n).map(Some).map_err(|_| {
        serde::de::Error::custom(format!("{n}: a whole number from 0 to 255 is expected"))
    })
}

impl Settings {
    /// These settings with `later`'s over them.
    pub fn then(self, later: &Settings) -> Settings {
        Settings {
            lives: later.lives.or(self.lives),
            extra_life_above_players: later
                .extra_life_above_players
                .or(self.extra_life_above_players),
            extra_life_above_boards: later
                .extra_life_above_boards
                .or(self.extra_life_above_boards),
        }
    }

    /// The lives each robot starts with, for `players` robots on a course
    /// of `boards` boards (`004_11511d35c714bcd0.txt:52-57`: three, one
    /// more above four players, one more above four boards).
    pub fn lives(&self, players: usize, boards: usize) -> u8 {
        let above =
            |limit: Option<u8>, n: usize| u8::from(limit.is_some_and(|l| n > usize::from(l)));
        self.lives.unwrap_or(BASE_LIVES)
            + above(self.extra_life_above_players, players)
            + above(self.extra_life_above_boards, boards)
    }
}

variant_manifest! {
    /// A RoboRally variant's manifest: the fields every game's have and
    /// RoboRally's settings.
    pub struct Manifest {
        /// Rule settings.
        #[serde(default)]
        pub settings: Settings,
    }
}

impl VariantManifest for Manifest {
    /// RoboRally's check: a robot starts with 1 to 9 lives.
    fn check(&self, shown: &str, _: &str) -> Result<(), VariantError> {
        if let Some(n) = self.settings.lives.filter(|n| !(1..=9).contains(n)) {
            return Err(VariantError::File {
                path: shown.to_string(),
                message: format!("in `settings.lives`: {n}: a robot starts with 1 to 9 lives"),
            });
        }
        Ok(())
    }
}
