//! `variant.toml`: a Twin Tin Bots variant's manifest, the fields every
//! game's manifest has ([`crate::script::variant`]) with Twin Tin Bots'
//! settings and kinds of terrain.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::VariantError;
use crate::games::twin_tin_bots::names::Name;
use crate::games::twin_tin_bots::pieces::Colour;
use crate::games::twin_tin_bots::terrain::{KindDef, Layer, Props};
use crate::script::variant::{variant_manifest, VariantManifest};
use crate::toml_text::line_column;

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

variant_manifest! {
    /// A variant's manifest: the fields every game's have, its settings,
    /// and the kinds of terrain it adds.
    pub struct Manifest {
        /// Rule settings.
        #[serde(default)]
        pub settings: Settings,
        /// Kinds of terrain it adds.
        #[serde(default)]
        pub piece: Vec<PieceSpec>,
    }
}

/// `[[piece]]`: a kind of terrain and its properties.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceSpec {
    /// Its name (`rock`, `mud`): what scenarios' `[[terrain]] kind` and
    /// scripts call it.
    pub name: String,
    /// `piece` (occupies its hex) or `floor` (lies under the pieces).
    pub layer: Layer,
    /// A robot may push it (piece kinds).
    #[serde(default)]
    pub pushable: bool,
    /// A robot may load it: robots carry crystals only, so only `false`.
    #[serde(default)]
    pub loadable: bool,
    /// A zap stops at it.
    #[serde(default)]
    pub blocks_zap: bool,
    /// No piece may enter it (floor kinds; a piece kind always occupies its
    /// hex).
    #[serde(default)]
    pub blocks_movement: Option<bool>,
    /// A teleporter (floor kinds, in pairs of a colour).
    #[serde(default)]
    pub teleports: bool,
    /// One character for text pictures of the board.
    pub symbol: char,
    /// What it is, in a sentence.
    #[serde(default)]
    pub description: String,
}

impl PieceSpec {
    /// The kind it defines, for `variant`; an impossible combination of
    /// properties is refused with the property at fault.
    pub fn kind(&self, variant: &str) -> Result<KindDef, String> {
        if self.loadable {
            return Err(format!(
                "piece `{}`: `loadable = true` is not supported: robots carry crystals only",
                self.name
            ));
        }
        let piece = self.layer == Layer::Piece;
        if piece && self.blocks_movement == Some(false) {
            return Err(format!(
                "piece `{}`: a piece kind occupies its hex, so it always blocks movement (use layer = \"floor\")",
                self.name
            ));
        }
        if piece && self.teleports {
            return Err(format!("piece `{}`: only floor kinds teleport", self.name));
        }
        if !piece && self.pushable {
            return Err(format!(
                "piece `{}`: only piece kinds are pushed; floors stay",
                self.name
            ));
        }
        let valid = !self.name.is_empty()
            && self
                .name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
        if !valid || ["robot", "crystal", "base"].contains(&self.name.as_str()) {
            return Err(format!(
                "piece `{}`: a kind's name is lowercase letters, digits and `_`, and not robot, crystal or base",
                self.name
            ));
        }
        let props = Props::NONE
            .set(Props::PUSHABLE, self.pushable)
            .set(Props::BLOCKS_ZAP, self.blocks_zap || self.teleports)
            .set(
                Props::BLOCKS_MOVEMENT,
                !piece && self.blocks_movement == Some(true),
            )
            .set(Props::TELEPORTS, self.teleports);
        Ok(KindDef {
            name: Name::intern(&self.name),
            layer: self.layer,
            props,
            variant: variant.to_string(),
            symbol: self.symbol,
        })
    }
}

impl VariantManifest for Manifest {
    /// Twin Tin Bots' checks: the robots per player, and each piece's
    /// name, symbol and properties (an error points at the piece's key).
    fn check(&self, name: &str, text: &str) -> Result<(), VariantError> {
        let invalid = |message: String| VariantError::File {
            path: name.to_string(),
            message,
        };
        if let Some(n) = self.settings.robots_per_player {
            if !(1..=2).contains(&n) {
                return Err(invalid(format!(
                    "in `settings.robots_per_player`: {n}: a player has 1 or 2 robots"
                )));
            }
        }
        for (i, piece) in self.piece.iter().enumerate() {
            let at = |key: &str, message: String| {
                let offset = piece_key_offset(text, i, key);
                let (line, column) = line_column(text, offset);
                VariantError::File {
                    path: format!("{name}:{line}:{column}"),
                    message: format!("in `piece[{i}].{key}`: {message}"),
                }
            };
            if let Some(first) = self.piece[..i].iter().position(|p| p.name == piece.name) {
                return Err(at(
                    "name",
                    format!(
                        "`{}` is already the name of piece[{first}]: each kind is defined once",
                        piece.name
                    ),
                ));
            }
            if let Err(reason) = check_symbol(piece.symbol) {
                return Err(at("symbol", reason));
            }
            if let Some(first) = self.piece[..i]
                .iter()
                .position(|p| p.symbol == piece.symbol)
            {
                return Err(at(
                    "symbol",
                    format!(
                        "`{}` is already the symbol of piece[{first}] ({}): the map could not tell them apart",
                        piece.symbol, self.piece[first].name
                    ),
                ));
            }
            piece
                .kind(&self.name)
                .map_err(|e| invalid(format!("in `piece`: {e}")))?;
        }
        Ok(())
    }
}

/// Characters the text map already draws for something else (see
/// picture/text.rs): `.` an empty hex, digits for crystal values and robot
/// numbers, `[` `]` around a base, the facings' letters `e s w n`, and `q` and `\` of the coordinate labels.
/// The colours' letters (`R B Y G W K`) are reserved too, read from the
/// renderer. (`=` of the labels is left to the conveyors' own symbol: a label never
/// stands inside the arena.)
const MAP_CHARACTERS: &str = ".0123456789[]\\eswnq";

/// Checks a kind's map symbol: one printable ASCII character, not a space,
/// not one the map already uses for something else (so that `show` stays
/// readable and lined up).
fn check_symbol(symbol: char) -> Result<(), String> {
    let shown = symbol.escape_default();
    if !symbol.is_ascii_graphic() {
        return Err(format!(
            "`{shown}` cannot be drawn on the map: a symbol is one printable ASCII character, not a space or a control character"
        ));
    }
    let letters: String = Colour::ALL
        .into_iter()
        .map(crate::games::twin_tin_bots::picture::colour_letter)
        .collect();
    if letters.contains(symbol) || MAP_CHARACTERS.contains(symbol) {
        return Err(format!(
            "`{shown}` is already drawn on the map, which uses `{MAP_CHARACTERS}` and the colours' letters `{letters}`: choose another character"
        ));
    }
    Ok(())
}

/// The byte offset in a manifest's text of `key` in its `i`-th
/// `[[piece]]` table (the table's header when the key is not found there),
/// to point an error at its line.
fn piece_key_offset(text: &str, i: usize, key: &str) -> usize {
    /// The pieces' keys with their spans (other keys ignored).
    #[derive(Deserialize)]
    struct Spans {
        #[serde(default)]
        piece: Vec<BTreeMap<String, toml::Spanned<toml::Value>>>,
    }
    toml::from_str::<Spans>(text)
        .ok()
        .and_then(|s| {
            s.piece
                .get(i)
                .and_then(|p| p.get(key))
                .map(|v| v.span().start)
        })
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str = "name = \"x\"\ndescription = \"d\"\nsource = \"house rule\"\n";

    fn piece(name: &str, symbol: &str) -> String {
        format!("[[piece]]\nname = \"{name}\"\nlayer = \"floor\"\nsymbol = \"{symbol}\"\n")
    }

    fn refused(text: &str) -> String {
        Manifest::parse("v.toml", text)
            .expect_err("the manifest is refused")
            .to_string()
    }

    #[test]
    fn a_piece_name_is_defined_once() {
        let text = format!("{HEAD}{}{}", piece("tar", "t"), piece("tar", "u"));
        let e = refused(&text);
        assert!(
            e.contains("v.toml:9:8") && e.contains("in `piece[1].name`"),
            "{e}"
        );
        assert!(e.contains("`tar` is already the name of piece[0]"), "{e}");
        let two = format!("{HEAD}{}{}", piece("tar", "t"), piece("pitch", "u"));
        assert_eq!(Manifest::parse("v.toml", &two).unwrap().piece.len(), 2);
    }

    #[test]
    fn a_symbol_is_one_printable_character_the_map_does_not_use() {
        for (symbol, reason) in [
            (".", "already drawn on the map"),
            ("R", "already drawn on the map"),
            ("K", "already drawn on the map"),
            ("2", "already drawn on the map"),
            ("[", "already drawn on the map"),
            ("e", "already drawn on the map"),
            (" ", "not a space or a control character"),
            ("\\n", "not a space or a control character"),
            ("\\t", "not a space or a control character"),
            ("\\u0000", "not a space or a control character"),
            ("\\u001b", "not a space or a control character"),
            ("\\u00e9", "printable ASCII"),
        ] {
            let e = refused(&format!("{HEAD}{}", piece("tar", symbol)));
            assert!(
                e.starts_with("v.toml:7:10:") && e.contains("in `piece[0].symbol`"),
                "{symbol}: {e}"
            );
            assert!(e.contains(reason), "{symbol}: {e}");
            assert!(
                !e.contains('\u{1b}') && !e.contains('\0'),
                "{symbol}: escaped in {e:?}"
            );
        }
        for ok in ["#", "~", "@", "O", "=", "%", "t"] {
            assert!(
                Manifest::parse("v.toml", &format!("{HEAD}{}", piece("tar", ok))).is_ok(),
                "{ok}"
            );
        }
        let same = format!("{HEAD}{}{}", piece("tar", "t"), piece("pitch", "t"));
        assert!(refused(&same).contains("already the symbol of piece[0] (tar)"));
    }
}
