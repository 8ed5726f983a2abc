//! The rule texts Twin Tin Bots was read from, with their sections by
//! the seed lines they start on (English headings; the printed rulebook's
//! other languages by part), so that every citation names the rulebook a
//! user has (`crate::engine::rulebook`). `docs/rules.md` says what each is.

use crate::engine::rulebook::{Rulebook, Section};

/// The printed rulebook, v1.004 (July 2013): English, then German, French and Dutch.
pub const PRINTED: Rulebook = Rulebook {
    seed: "000_f177823dad35ee93.txt",
    title: "Twin Tin Bots rulebook",
    sections: &[
        Section {
            from: 1,
            name: "Title page",
        },
        Section {
            from: 51,
            name: "Introduction",
        },
        Section {
            from: 61,
            name: "Game Goal",
        },
        Section {
            from: 67,
            name: "Components",
        },
        Section {
            from: 101,
            name: "Set up",
        },
        Section {
            from: 123,
            name: "The Game",
        },
        Section {
            from: 132,
            name: "1. Change the programming of a single Robot",
        },
        Section {
            from: 158,
            name: "2. Run programs",
        },
        Section {
            from: 176,
            name: "Order tiles",
        },
        Section {
            from: 178,
            name: "Forward 1x / Forward 2x",
        },
        Section {
            from: 190,
            name: "Turn left / Turn right",
        },
        Section {
            from: 198,
            name: "Load Crystal",
        },
        Section {
            from: 210,
            name: "Unload Crystal",
        },
        Section {
            from: 230,
            name: "Zap!",
        },
        Section {
            from: 240,
            name: "Double Modification",
        },
        Section {
            from: 248,
            name: "Game End",
        },
        Section {
            from: 252,
            name: "Crystal attrition",
        },
        Section {
            from: 258,
            name: "By score victory",
        },
        Section {
            from: 265,
            name: "Special Orders tiles",
        },
        Section {
            from: 273,
            name: "Turn 2x Left/Right",
        },
        Section {
            from: 279,
            name: "Anti-Zap",
        },
        Section {
            from: 285,
            name: "U-Turn",
        },
        Section {
            from: 291,
            name: "Forward 3X",
        },
        Section {
            from: 297,
            name: "Forward then Load",
        },
        Section {
            from: 303,
            name: "Forward then Zap",
        },
        Section {
            from: 309,
            name: "Dash",
        },
        Section {
            from: 315,
            name: "Jump",
        },
        Section {
            from: 321,
            name: "Back up",
        },
        Section {
            from: 327,
            name: "Double Zap!",
        },
        Section {
            from: 333,
            name: "Anti theft",
        },
        Section {
            from: 339,
            name: "Long range Zap",
        },
        Section {
            from: 345,
            name: "Play Example",
        },
        Section {
            from: 366,
            name: "Two players rules",
        },
        Section {
            from: 372,
            name: "Simplified rules",
        },
        Section {
            from: 376,
            name: "Variants and optional rules",
        },
        Section {
            from: 380,
            name: "Teleporters, Rocks and Blobs",
        },
        Section {
            from: 384,
            name: "Teleporters",
        },
        Section {
            from: 393,
            name: "Rocks",
        },
        Section {
            from: 399,
            name: "Blobs",
        },
        Section {
            from: 407,
            name: "Teleporters, Rocks and Blobs setup",
        },
        Section {
            from: 411,
            name: "Mud",
        },
        Section {
            from: 423,
            name: "Advanced 2 players variant",
        },
        Section {
            from: 435,
            name: "Team play",
        },
        Section {
            from: 441,
            name: "Support",
        },
        Section {
            from: 487,
            name: "German rules",
        },
        Section {
            from: 929,
            name: "French rules",
        },
        Section {
            from: 1386,
            name: "Dutch rules",
        },
    ],
};

/// The licensed online version's rules and FAQ, in English: where they clarify the printed rulebook, they win.
pub const ONLINE: Rulebook = Rulebook {
    seed: "002_ae8ae07e801960f9.txt",
    title: "Twin Tin Bots online rules",
    sections: &[
        Section {
            from: 1,
            name: "General game info",
        },
        Section {
            from: 12,
            name: "Introduction",
        },
        Section {
            from: 21,
            name: "Game Goal",
        },
        Section {
            from: 27,
            name: "Components",
        },
        Section {
            from: 39,
            name: "Setup",
        },
        Section {
            from: 52,
            name: "The Game",
        },
        Section {
            from: 81,
            name: "Order Tiles",
        },
        Section {
            from: 83,
            name: "Forward 1x / Forward 2x",
        },
        Section {
            from: 90,
            name: "Turn left / Turn right",
        },
        Section {
            from: 96,
            name: "Load Crystal",
        },
        Section {
            from: 103,
            name: "Unload Crystal",
        },
        Section {
            from: 120,
            name: "Zap!",
        },
        Section {
            from: 126,
            name: "Double Modification",
        },
        Section {
            from: 131,
            name: "Game End",
        },
        Section {
            from: 135,
            name: "Crystal attrition",
        },
        Section {
            from: 141,
            name: "By score victory",
        },
        Section {
            from: 148,
            name: "Special Orders Tiles",
        },
        Section {
            from: 152,
            name: "Turn 2x Left/Right",
        },
        Section {
            from: 157,
            name: "Anti-Zap",
        },
        Section {
            from: 162,
            name: "U-Turn",
        },
        Section {
            from: 167,
            name: "Forward 3X",
        },
        Section {
            from: 172,
            name: "Forward then Load",
        },
        Section {
            from: 177,
            name: "Forward then Zap",
        },
        Section {
            from: 182,
            name: "Dash",
        },
        Section {
            from: 187,
            name: "Jump",
        },
        Section {
            from: 192,
            name: "Back up",
        },
        Section {
            from: 197,
            name: "Double Zap!",
        },
        Section {
            from: 202,
            name: "Anti theft",
        },
        Section {
            from: 207,
            name: "Long range Zap",
        },
        Section {
            from: 213,
            name: "Play Example",
        },
        Section {
            from: 227,
            name: "Variants and Optional Rules",
        },
        Section {
            from: 231,
            name: "Teleporters, Rocks and Blobs",
        },
        Section {
            from: 235,
            name: "Teleporters",
        },
        Section {
            from: 244,
            name: "Rocks",
        },
        Section {
            from: 249,
            name: "Blobs",
        },
        Section {
            from: 255,
            name: "Mud",
        },
        Section {
            from: 265,
            name: "Teleporters, Rocks, Blobs and Mud setup",
        },
        Section {
            from: 270,
            name: "Team play",
        },
        Section {
            from: 276,
            name: "Hints for Handling",
        },
        Section {
            from: 292,
            name: "FAQ",
        },
        Section {
            from: 294,
            name: "FAQ Q1",
        },
        Section {
            from: 299,
            name: "FAQ Q2",
        },
        Section {
            from: 308,
            name: "FAQ Q3",
        },
    ],
};

/// The same online rules, in German (cited by line only).
pub const ONLINE_GERMAN: Rulebook = Rulebook {
    seed: "001_000ec728f92cfeb9.txt",
    title: "Twin Tin Bots online rules (German)",
    sections: &[],
};

/// Every rule text of the game, as [`crate::registry::GameType::rulebooks`].
pub const RULEBOOKS: &[Rulebook] = &[PRINTED, ONLINE, ONLINE_GERMAN];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rulebook::readable;

    #[test]
    fn sections_start_in_order_and_cite_the_heading_s_lines() {
        for book in RULEBOOKS {
            let starts: Vec<u32> = book.sections.iter().map(|s| s.from).collect();
            assert!(starts.windows(2).all(|w| w[0] < w[1]), "{}", book.title);
        }
        // 000_f177823dad35ee93.txt:230 is the heading "Zap!", 240 "Double
        // Modification"; 002_ae8ae07e801960f9.txt:294 is "Q1: Who chooses
        // the location for next crystal ?".
        assert_eq!(PRINTED.section_at(233), Some("Zap!"));
        assert_eq!(PRINTED.section_at(240), Some("Double Modification"));
        assert_eq!(ONLINE.section_at(296), Some("FAQ Q1"));
        assert_eq!(
            readable(RULEBOOKS, "(000_f177823dad35ee93.txt:63-65)"),
            "(Twin Tin Bots rulebook, Game Goal (lines 63-65))"
        );
        assert_eq!(
            readable(RULEBOOKS, "001_000ec728f92cfeb9.txt:12"),
            "Twin Tin Bots online rules (German) (line 12)"
        );
    }

    #[test]
    fn a_refused_change_names_the_rulebook_not_the_seed_file() {
        let refused = crate::games::twin_tin_bots::game::RuleError::SwapSameSlot.to_string();
        assert_eq!(
            refused,
            "a swap needs two different slots (Twin Tin Bots rulebook, 1. Change the \
             programming of a single Robot: Swap)"
        );
    }
}
