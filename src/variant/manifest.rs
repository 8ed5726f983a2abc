//! `variant.toml`: a variant's manifest.

use std::path::Path;

use serde::Deserialize;

use super::VariantError;
use crate::toml_text::{field_path, line_column};

/// Rule settings a variant applies as data; `None` leaves the rule as it is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    /// `false`: no score victory (the game ends by crystal attrition only).
    pub score_victory: Option<bool>,
    /// Robots per player: 1 or 2.
    pub robots_per_player: Option<u8>,
    /// `false`: no special tiles (none dealt, none drawn).
    pub special_tiles: Option<bool>,
}

impl Settings {
    /// These settings with `later`'s over them.
    pub fn then(self, later: &Settings) -> Settings {
        Settings {
            score_victory: later.score_victory.or(self.score_victory),
            robots_per_player: later.robots_per_player.or(self.robots_per_player),
            special_tiles: later.special_tiles.or(self.special_tiles),
        }
    }
}

/// A variant's manifest.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// The variant's name: the same as its folder's.
    pub name: String,
    /// What it does, in a sentence or two.
    pub description: String,
    /// Where the rule comes from (`000_f177823dad35ee93.txt: Simplified
    /// rules`), or `house rule`.
    pub source: String,
    /// Variants it needs (loaded with it).
    #[serde(default)]
    pub needs: Vec<String>,
    /// Variants it cannot be combined with.
    #[serde(default)]
    pub conflicts: Vec<String>,
    /// Rule settings.
    #[serde(default)]
    pub settings: Settings,
    /// Piece kinds it adds (terrain): not available yet.
    #[serde(default)]
    pub piece: Vec<toml::Table>,
}

impl Manifest {
    /// Reads and checks a manifest; errors name the file, line, column and
    /// field.
    pub fn load(path: &Path) -> Result<Manifest, VariantError> {
        let shown = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| VariantError::File {
            path: shown.clone(),
            message: format!("cannot read it: {e}"),
        })?;
        Manifest::parse(&shown, &text)
    }

    /// Parses a manifest's text; `name` names it in errors.
    pub fn parse(name: &str, text: &str) -> Result<Manifest, VariantError> {
        let manifest: Manifest = toml::from_str(text).map_err(|e| {
            let at = e.span().map(|s| s.start).unwrap_or(0);
            let (line, column) = line_column(text, at);
            let field = field_path(text, at);
            let field = if field.is_empty() {
                String::new()
            } else {
                format!("in `{field}`: ")
            };
            VariantError::File {
                path: format!("{name}:{line}:{column}"),
                message: format!("{field}{}", e.message().trim()),
            }
        })?;
        let invalid = |message: String| VariantError::File {
            path: name.to_string(),
            message,
        };
        if let Some(n) = manifest.settings.robots_per_player {
            if !(1..=2).contains(&n) {
                return Err(invalid(format!(
                    "in `settings.robots_per_player`: {n}: a player has 1 or 2 robots"
                )));
            }
        }
        if let Some(piece) = manifest.piece.first() {
            let kind = piece.get("kind").map_or("?".to_string(), |k| k.to_string());
            return Err(invalid(format!(
                "in `piece`: piece kinds ({kind}) are not available yet: the board has no terrain"
            )));
        }
        Ok(manifest)
    }
}
