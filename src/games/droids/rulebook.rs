//! The rule text Droids was read from, with its sections (headings in
//! English, as `docs/droids.md` renders them) by the seed lines they start
//! on, so that every citation names the rulebook a user has
//! (`crate::engine::rulebook`).

use crate::engine::rulebook::{Rulebook, Section};

/// The Dutch summary of Droids' rules, the only rule text of the game
/// (`docs/droids.md` renders it in English).
pub const SUMMARY: Rulebook = Rulebook {
    seed: "003_4ed30270cd5960fb.txt",
    title: "Droids rules",
    sections: &[
        Section {
            from: 1,
            name: "Moving the robots",
        },
        Section {
            from: 3,
            name: "General rules",
        },
        Section {
            from: 22,
            name: "Purple tiles (ground)",
        },
        Section {
            from: 30,
            name: "Blue tiles (water)",
        },
        Section {
            from: 39,
            name: "Red tiles (action)",
        },
        Section {
            from: 41,
            name: "Shooting",
        },
        Section {
            from: 59,
            name: "Picking up and putting down",
        },
        Section {
            from: 72,
            name: "Steering another robot",
        },
        Section {
            from: 78,
            name: "Grey tiles (repair robots)",
        },
        Section {
            from: 85,
            name: "Game rules",
        },
        Section {
            from: 89,
            name: "Preparation",
        },
        Section {
            from: 95,
            name: "Course of play",
        },
        Section {
            from: 102,
            name: "Taking tiles from the stacks",
        },
        Section {
            from: 107,
            name: "Laying the tiles",
        },
        Section {
            from: 116,
            name: "Running the orders",
        },
        Section {
            from: 132,
            name: "Game end",
        },
        Section {
            from: 136,
            name: "Missions",
        },
        Section {
            from: 140,
            name: "Mission 1, The challenge",
        },
        Section {
            from: 149,
            name: "Mission 2, Mine clearing",
        },
        Section {
            from: 167,
            name: "Mission 3, Stranded containers",
        },
        Section {
            from: 177,
            name: "Mission 4, Building a shelter",
        },
        Section {
            from: 191,
            name: "Mission 5, The statue",
        },
        Section {
            from: 212,
            name: "Mission 6, Duel in the labyrinth",
        },
        Section {
            from: 225,
            name: "Mission 7, Robot killer",
        },
    ],
};

/// Every rule text of the game, as [`crate::registry::GameType::rulebooks`].
pub const RULEBOOKS: &[Rulebook] = &[SUMMARY];

/// `text` as a user reads it: the game's messages and the mission scripts
/// cite "seed line 108"; a user reads "Droids rules, Laying the tiles
/// (line 108)". Every text that leaves the game (narration, refusals, the
/// outcome, errors in files and scripts) goes through it.
pub fn cite(text: &str) -> String {
    crate::engine::rulebook::readable_seed_lines(&SUMMARY, text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rulebook::readable_lines;

    #[test]
    fn sections_start_in_order_and_cite_the_heading_s_lines() {
        let starts: Vec<u32> = SUMMARY.sections.iter().map(|s| s.from).collect();
        assert!(starts.windows(2).all(|w| w[0] < w[1]));
        // 003_4ed30270cd5960fb.txt:41 is "3.1. Schieten" (shooting), 225
        // "7. Robot-Killer (kortsluiting)".
        assert_eq!(SUMMARY.section_at(48), Some("Shooting"));
        assert_eq!(SUMMARY.section_at(230), Some("Mission 7, Robot killer"));
        assert_eq!(
            readable_lines(RULEBOOKS, "003:74-76"),
            "Droids rules, Steering another robot (lines 74-76)"
        );
        // 003_4ed30270cd5960fb.txt:108 "Op zijn beurt legt een speler één
        // tegel gedekt" (laying the tiles).
        assert_eq!(
            cite("laid in register 3 (seed line 108)"),
            "laid in register 3 (Droids rules, Laying the tiles (line 108))"
        );
    }

    #[test]
    fn the_docs_list_every_section_a_citation_names() {
        let docs = include_str!("../../../docs/droids.md");
        for s in SUMMARY.sections {
            let row = format!("| {} | {} |", s.from, s.name);
            assert!(docs.contains(&row), "docs/droids.md lacks `{row}`");
        }
    }
}
