//! Disputed readings: where a rulebook's text admits more than one
//! answer, a game declares the dispute as data (an id, the question, the
//! seed lines, its readings with the default first), so the tools can list
//! it and, reading by reading, play it. The catalogue every game follows is
//! `../shared/games/disputes.md`: its ids and reading names are fixed.

/// One reading of a disputed rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reading {
    /// Its name, as scenario files and the command line write it
    /// (`"stop-before"`).
    pub name: &'static str,
    /// What it says, in one sentence an explanation can quote.
    pub says: &'static str,
}

/// A rule whose text admits several readings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dispute {
    /// `<game>.<name>` (`"droids.steer-water"`).
    pub id: &'static str,
    /// The question the readings answer, in a few words.
    pub question: &'static str,
    /// The seed and the lines it rests on (`"003:74-76"`).
    pub lines: &'static str,
    /// The readings, the default (the text's plainest) first; at least
    /// two.
    pub readings: &'static [Reading],
}

impl Dispute {
    /// The reading played unless another is asked for.
    pub fn default_reading(&self) -> &'static Reading {
        &self.readings[0]
    }

    /// The reading named `name`, if the dispute has one.
    pub fn reading(&self, name: &str) -> Option<&'static Reading> {
        self.readings.iter().find(|r| r.name == name)
    }
}

/// The disputes `disputes` declares, one block each: id, question, seed
/// lines, and every reading with what it says, the default marked
/// (`tinbots rulings`).
pub fn listing(title: &str, disputes: &[Dispute]) -> String {
    let mut out = String::new();
    for d in disputes {
        out.push_str(&format!(
            "{}  ({title}, {})\n  {}\n",
            d.id, d.lines, d.question
        ));
        for (i, r) in d.readings.iter().enumerate() {
            let default = if i == 0 { "  (the default)" } else { "" };
            out.push_str(&format!("    {}{default}: {}\n", r.name, r.says));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const D: Dispute = Dispute {
        id: "game.question",
        question: "does it?",
        lines: "000:1",
        readings: &[
            Reading {
                name: "yes",
                says: "it does",
            },
            Reading {
                name: "no",
                says: "it does not",
            },
        ],
    };

    #[test]
    fn the_first_reading_is_the_default_and_readings_are_found_by_name() {
        assert_eq!(D.default_reading().name, "yes");
        assert_eq!(D.reading("no").map(|r| r.says), Some("it does not"));
        assert!(D.reading("maybe").is_none());
        let listed = listing("Game", &[D]);
        assert_eq!(
            listed,
            "game.question  (Game, 000:1)\n  does it?\n    yes  (the default): it does\n    no: it does not\n"
        );
    }
}
