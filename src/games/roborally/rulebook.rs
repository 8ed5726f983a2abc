//! The rule text RoboRally was read from, with its sections (headings in
//! English) by the seed lines they start on, so that every citation names
//! the rulebook a user has (`crate::engine::rulebook`).

use crate::engine::rulebook::{Rulebook, Section};

/// The German RoboRally rules.
pub const GERMAN: Rulebook = Rulebook {
    seed: "004_11511d35c714bcd0.txt",
    title: "RoboRally rules (German)",
    sections: &[
        Section {
            from: 1,
            name: "Title",
        },
        Section {
            from: 12,
            name: "Description",
        },
        Section {
            from: 16,
            name: "Components",
        },
        Section {
            from: 40,
            name: "Overview",
        },
        Section {
            from: 44,
            name: "Game sequence",
        },
        Section {
            from: 48,
            name: "Setup",
        },
        Section {
            from: 63,
            name: "Turn sequence overview",
        },
        Section {
            from: 71,
            name: "Game end",
        },
        Section {
            from: 75,
            name: "Turn sequence",
        },
        Section {
            from: 79,
            name: "Dealing program cards",
        },
        Section {
            from: 87,
            name: "Arranging program cards",
        },
        Section {
            from: 93,
            name: "Option cards",
        },
        Section {
            from: 97,
            name: "Announcing a power down",
        },
        Section {
            from: 101,
            name: "Register phase overview",
        },
        Section {
            from: 109,
            name: "Board effects at the end of the turn",
        },
        Section {
            from: 113,
            name: "Virtual robots",
        },
        Section {
            from: 117,
            name: "Register phase sequence",
        },
        Section {
            from: 121,
            name: "Revealing program cards",
        },
        Section {
            from: 125,
            name: "Robot movement",
        },
        Section {
            from: 129,
            name: "Board elements move",
        },
        Section {
            from: 133,
            name: "Laser beams",
        },
        Section {
            from: 141,
            name: "Touching flags",
        },
        Section {
            from: 147,
            name: "Examples",
        },
        Section {
            from: 187,
            name: "System operators section",
        },
        Section {
            from: 189,
            name: "Damage",
        },
        Section {
            from: 193,
            name: "Locked registers",
        },
        Section {
            from: 219,
            name: "Repairing damage",
        },
        Section {
            from: 223,
            name: "Repair sites",
        },
        Section {
            from: 241,
            name: "Exchanging option cards",
        },
        Section {
            from: 245,
            name: "Destruction",
        },
        Section {
            from: 249,
            name: "Bringing an archive copy into play",
        },
        Section {
            from: 253,
            name: "Card priority",
        },
        Section {
            from: 257,
            name: "Pushing robots",
        },
        Section {
            from: 280,
            name: "Conveyor belt priority",
        },
        Section {
            from: 294,
            name: "Turning conveyor belts",
        },
        Section {
            from: 307,
            name: "Option cards",
        },
        Section {
            from: 356,
            name: "Race courses",
        },
        Section {
            from: 366,
            name: "Northrup's rule",
        },
        Section {
            from: 370,
            name: "Placing the flags",
        },
        Section {
            from: 387,
            name: "Board elements always active",
        },
        Section {
            from: 401,
            name: "Board elements active at the end of the turn",
        },
        Section {
            from: 449,
            name: "Sequence summary",
        },
        Section {
            from: 476,
            name: "Option cards list",
        },
    ],
};

/// Every rule text of the game, as [`crate::registry::GameType::rulebooks`].
pub const RULEBOOKS: &[Rulebook] = &[GERMAN];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rulebook::readable;

    #[test]
    fn sections_start_in_order_and_cite_the_heading_s_lines() {
        let starts: Vec<u32> = GERMAN.sections.iter().map(|s| s.from).collect();
        assert!(starts.windows(2).all(|w| w[0] < w[1]));
        // 004_11511d35c714bcd0.txt:189 is the heading "Schaden" (damage),
        // 193 "Gesperrte Register" (locked registers, with the table of
        // cards dealt by damage below it), 253 "Kartenpriorität".
        assert_eq!(GERMAN.section_at(190), Some("Damage"));
        assert_eq!(GERMAN.section_at(197), Some("Locked registers"));
        assert_eq!(GERMAN.section_at(253), Some("Card priority"));
        assert_eq!(
            readable(
                RULEBOOKS,
                "(9 less a card a damage point, 004_11511d35c714bcd0.txt:81, 197-207)"
            ),
            "(9 less a card a damage point, RoboRally rules (German), Dealing program cards \
             (line 81), Locked registers (lines 197-207))"
        );
    }
}
