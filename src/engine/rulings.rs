//! Disputed readings: where a rulebook's text admits more than one
//! answer, a game declares the dispute as data (an id, the question, the
//! seed lines, its readings with the default first), so the tools can list
//! it and, reading by reading, play it. The catalogue every game follows is
//! `../shared/games/disputes.md`: its ids and reading names are fixed.
//!
//! [`Rulings`] are the readings in force in one game. They are chosen by
//! pins, `ID=READING` texts ([`Rulings::pinned`]), from the command line
//! (`--ruling`), a scenario's or a variant's `rulings` table
//! ([`Rulings::from_table`]), or the REPL's `ruling`; whatever is not
//! pinned follows its default. A game asks [`Rulings::follows`] where a
//! disputed rule decides, and names the ruling it applied in that event's
//! explanation with [`Rulings::cite`]; `tinbots dispute` finds the
//! disputes a game touched by those citations ([`cited`]).

use std::collections::BTreeMap;

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

/// The disputes `disputes` declares, one block each: id, question, the
/// rulebook sections and lines it rests on (named by `books`:
/// [`super::rulebook::readable_lines`]), and every reading with what it
/// says, the default marked (`tinbots rulings`).
pub fn listing(title: &str, disputes: &[Dispute], books: &[super::rulebook::Rulebook]) -> String {
    let mut out = String::new();
    for d in disputes {
        out.push_str(&format!(
            "{}  ({title})\n  {}\n  text: {}\n",
            d.id,
            d.question,
            super::rulebook::readable_lines(books, d.lines)
        ));
        for (i, r) in d.readings.iter().enumerate() {
            let default = if i == 0 { "  (the default)" } else { "" };
            out.push_str(&format!("    {}{default}: {}\n", r.name, r.says));
        }
    }
    out
}

/// Why a ruling cannot be chosen: an id the game does not have, a reading
/// the dispute does not have, or a pin that is not `ID=READING`. The
/// message lists what there is ("did you mean").
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct RulingError(pub String);

/// The readings in force in one game: for each of its disputes, the one
/// chosen, else the default. Only the chosen ones that are not the default
/// are kept, so two rulings that play alike compare equal.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rulings {
    /// The game's disputes.
    disputes: &'static [Dispute],
    /// `(id, reading)` for each dispute not at its default, by id.
    chosen: BTreeMap<&'static str, &'static str>,
}

impl Rulings {
    /// Every dispute of `disputes` at its default.
    pub fn defaults(disputes: &'static [Dispute]) -> Rulings {
        Rulings {
            disputes,
            chosen: BTreeMap::new(),
        }
    }

    /// The disputes these rulings are for.
    pub fn disputes(&self) -> &'static [Dispute] {
        self.disputes
    }

    /// The dispute `id`; the error lists the game's and the closest.
    pub fn dispute(&self, id: &str) -> Result<&'static Dispute, RulingError> {
        self.disputes.iter().find(|d| d.id == id).ok_or_else(|| {
            let ids = self.disputes.iter().map(|d| d.id);
            let close = crate::suggest::closest(id, ids.clone());
            let listed: Vec<&str> = ids.collect();
            let there = if listed.is_empty() {
                "this game has no disputed readings".to_string()
            } else {
                format!("its disputes: {}", listed.join(", "))
            };
            RulingError(format!(
                "there is no dispute `{}`{} ({there}; `tinbots rulings` lists them)",
                crate::escape::terminal(id),
                crate::suggest::did_you_mean(&close),
            ))
        })
    }

    /// These rulings with `id` read as `reading`; the error names what is
    /// unknown and lists what there is.
    pub fn choose(&mut self, id: &str, reading: &str) -> Result<(), RulingError> {
        let dispute = self.dispute(id)?;
        let Some(found) = dispute.reading(reading) else {
            let names = dispute.readings.iter().map(|r| r.name);
            let close = crate::suggest::closest(reading, names.clone());
            let listed: Vec<&str> = names.collect();
            return Err(RulingError(format!(
                "`{}` has no reading `{}`{} (its readings: {})",
                dispute.id,
                crate::escape::terminal(reading),
                crate::suggest::did_you_mean(&close),
                listed.join(", ")
            )));
        };
        if found.name == dispute.default_reading().name {
            self.chosen.remove(dispute.id);
        } else {
            self.chosen.insert(dispute.id, found.name);
        }
        Ok(())
    }

    /// These rulings with each pin (`ID=READING`) applied in order, the
    /// last winning; the error names the pin at fault.
    pub fn pinned(mut self, pins: &[String]) -> Result<Rulings, RulingError> {
        for pin in pins {
            let (id, reading) = split_pin(pin)?;
            self.choose(id, reading)
                .map_err(|e| RulingError(format!("{}: {e}", crate::escape::terminal(pin))))?;
        }
        Ok(self)
    }

    /// These rulings with the readings of a `rulings` table (a scenario's
    /// or a variant's: `{ "droids.steer-water" = "enter" }`) applied; the
    /// error names the key at fault, for the caller to place in its file.
    pub fn from_table(mut self, table: &toml::Table) -> Result<Rulings, RulingError> {
        for (id, reading) in table {
            let Some(reading) = reading.as_str() else {
                return Err(RulingError(format!(
                    "`rulings.\"{}\"`: a reading is a string (`\"{id}\" = \"READING\"`)",
                    crate::escape::terminal(id)
                )));
            };
            self.choose(id, reading)
                .map_err(|e| RulingError(format!("`rulings`: {e}")))?;
        }
        Ok(self)
    }

    /// The reading in force for `dispute`.
    pub fn reading(&self, dispute: &Dispute) -> &'static Reading {
        let chosen = self.chosen.get(dispute.id).copied();
        let name = chosen.unwrap_or(dispute.default_reading().name);
        dispute
            .reading(name)
            .unwrap_or_else(|| dispute.default_reading())
    }

    /// Whether `dispute` is read as `reading` here. A reading the dispute
    /// does not have is a mistake in the game's code (debug builds stop).
    pub fn follows(&self, dispute: &Dispute, reading: &str) -> bool {
        debug_assert!(
            dispute.reading(reading).is_some(),
            "{} has no reading `{reading}`",
            dispute.id
        );
        self.reading(dispute).name == reading
    }

    /// How an event decided by `dispute` names the ruling it applied, at
    /// the end of its explanation: `[ruling droids.steer-water:
    /// stop-before]`. [`cited`] finds it again.
    pub fn cite(&self, dispute: &Dispute) -> String {
        format!("[ruling {}: {}]", dispute.id, self.reading(dispute).name)
    }

    /// The readings chosen that are not the default, as `(id, reading)`
    /// by id.
    pub fn chosen(&self) -> impl Iterator<Item = (&'static str, &'static str)> + '_ {
        self.chosen.iter().map(|(id, r)| (*id, *r))
    }

    /// The chosen readings as pins (`ID=READING`), by id.
    pub fn pins(&self) -> Vec<String> {
        self.chosen().map(|(id, r)| format!("{id}={r}")).collect()
    }

    /// The reading of every dispute as a pin (`ID=READING`), defaults
    /// included: pins that give these rulings over any others (a file's
    /// own).
    pub fn every_pin(&self) -> Vec<String> {
        self.disputes
            .iter()
            .map(|d| format!("{}={}", d.id, self.reading(d).name))
            .collect()
    }

    /// The reading of every dispute, defaults included, as an object by
    /// dispute id: a start record's `rulings` that hold over a file's own
    /// ([`Rulings::from_record`] reads it).
    pub fn every_reading(&self) -> serde_json::Value {
        serde_json::Value::Object(
            self.disputes
                .iter()
                .map(|d| {
                    (
                        d.id.to_string(),
                        serde_json::Value::from(self.reading(d).name),
                    )
                })
                .collect(),
        )
    }

    /// Whether every dispute follows its default.
    pub fn all_default(&self) -> bool {
        self.chosen.is_empty()
    }

    /// The rulings as a replay or a start record keeps them: an object of
    /// the readings not at their default, `None` when all are.
    pub fn record(&self) -> Option<serde_json::Value> {
        (!self.all_default()).then(|| {
            serde_json::Value::Object(
                self.chosen()
                    .map(|(id, r)| (id.to_string(), serde_json::Value::from(r)))
                    .collect(),
            )
        })
    }

    /// The rulings a start record keeps under `rulings` (see
    /// [`Rulings::record`]); the error names the field at fault.
    pub fn from_record(
        disputes: &'static [Dispute],
        start: &serde_json::Value,
    ) -> Result<Rulings, RulingError> {
        let mut rulings = Rulings::defaults(disputes);
        let Some(kept) = start.get("rulings") else {
            return Ok(rulings);
        };
        let Some(kept) = kept.as_object() else {
            return Err(RulingError(
                "`rulings`: an object of readings by dispute id".to_string(),
            ));
        };
        for (id, reading) in kept {
            let reading = reading.as_str().ok_or_else(|| {
                RulingError(format!(
                    "`rulings.{}`: a reading is a string",
                    crate::escape::terminal(id)
                ))
            })?;
            rulings
                .choose(id, reading)
                .map_err(|e| RulingError(format!("`rulings`: {e}")))?;
        }
        Ok(rulings)
    }

    /// Every dispute with the reading in force, one line each, a chosen
    /// reading marked (the REPL's `rulings`).
    pub fn in_force(&self) -> String {
        if self.disputes.is_empty() {
            return "this game has no disputed readings\n".to_string();
        }
        let mut out = String::new();
        for d in self.disputes {
            let r = self.reading(d);
            let mark = if self.chosen.contains_key(d.id) {
                "  (chosen; the default is "
            } else {
                "  (the default"
            };
            let close = if self.chosen.contains_key(d.id) {
                format!("{mark}{})", d.default_reading().name)
            } else {
                format!("{mark})")
            };
            out.push_str(&format!("{} = {}{close}\n    {}\n", d.id, r.name, r.says));
        }
        out
    }
}

/// The rulings of a game without disputes.
pub(super) static NONE: Rulings = Rulings {
    disputes: &[],
    chosen: BTreeMap::new(),
};

/// Splits a pin `ID=READING`.
fn split_pin(pin: &str) -> Result<(&str, &str), RulingError> {
    match pin.split_once('=') {
        Some((id, reading)) if !id.trim().is_empty() && !reading.trim().is_empty() => {
            Ok((id.trim(), reading.trim()))
        }
        _ => Err(RulingError(format!(
            "`{}`: a ruling is ID=READING (`game.dispute=reading`; `tinbots rulings` lists them)",
            crate::escape::terminal(pin)
        ))),
    }
}

/// The rulings an explanation cites (see [`Rulings::cite`]), as `(id,
/// reading)`, in the order they appear.
pub fn cited(text: &str) -> Vec<(&str, &str)> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("[ruling ") {
        rest = &rest[at + "[ruling ".len()..];
        let Some(end) = rest.find(']') else { break };
        if let Some((id, reading)) = rest[..end].split_once(": ") {
            out.push((id, reading));
        }
        rest = &rest[end..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const DISPUTES: &[Dispute] = &[
        D,
        Dispute {
            id: "game.colour",
            question: "which colour?",
            lines: "000:2",
            readings: &[
                Reading {
                    name: "red",
                    says: "it is red",
                },
                Reading {
                    name: "blue",
                    says: "it is blue",
                },
                Reading {
                    name: "green",
                    says: "it is green",
                },
            ],
        },
    ];

    #[test]
    fn pins_choose_readings_and_the_default_is_not_kept() {
        let r = Rulings::defaults(DISPUTES)
            .pinned(&["game.colour=green".into(), "game.question = no".into()])
            .unwrap();
        assert!(r.follows(&DISPUTES[1], "green"));
        assert!(r.follows(&D, "no"));
        assert_eq!(r.pins(), ["game.colour=green", "game.question=no"]);
        let back = r.clone().pinned(&["game.question=yes".into()]).unwrap();
        assert_eq!(back.pins(), ["game.colour=green"]);
        assert!(Rulings::defaults(DISPUTES).all_default());
        assert_eq!(r.cite(&D), "[ruling game.question: no]");
        assert_eq!(
            cited("a moved [ruling game.question: no] and [ruling game.colour: red]"),
            [("game.question", "no"), ("game.colour", "red")]
        );
    }

    #[test]
    fn an_unknown_id_or_reading_is_refused_with_what_there_is() {
        let e = Rulings::defaults(DISPUTES)
            .pinned(&["game.colur=red".into()])
            .unwrap_err();
        assert_eq!(
            e.0,
            "game.colur=red: there is no dispute `game.colur`, did you mean `game.colour`? \
             (its disputes: game.question, game.colour; `tinbots rulings` lists them)"
        );
        let e = Rulings::defaults(DISPUTES)
            .pinned(&["game.colour=bleu".into()])
            .unwrap_err();
        assert_eq!(
            e.0,
            "game.colour=bleu: `game.colour` has no reading `bleu`, did you mean `blue`? \
             (its readings: red, blue, green)"
        );
        let e = Rulings::defaults(DISPUTES)
            .pinned(&["game.colour".into()])
            .unwrap_err();
        assert!(e.0.contains("a ruling is ID=READING"), "{e}");
        let e = Rulings::defaults(&[])
            .pinned(&["x.y=z".into()])
            .unwrap_err();
        assert!(e.0.contains("this game has no disputed readings"), "{e}");
        let e = Rulings::defaults(DISPUTES)
            .pinned(&["game.\u{1b}[31m=x".into()])
            .unwrap_err();
        assert!(!e.0.contains('\u{1b}'), "{e}");
    }

    #[test]
    fn tables_and_records_carry_rulings() {
        let table: toml::Table = toml::from_str(r#""game.colour" = "blue""#).unwrap();
        let r = Rulings::defaults(DISPUTES).from_table(&table).unwrap();
        assert!(r.follows(&DISPUTES[1], "blue"));
        let record = serde_json::json!({ "rulings": r.record() });
        assert_eq!(Rulings::from_record(DISPUTES, &record).unwrap(), r);
        assert_eq!(Rulings::defaults(DISPUTES).record(), None);
        let absent = Rulings::from_record(DISPUTES, &serde_json::json!({})).unwrap();
        assert!(absent.all_default());
        let bad: toml::Table = toml::from_str(r#""game.colour" = 3"#).unwrap();
        let e = Rulings::defaults(DISPUTES).from_table(&bad).unwrap_err();
        assert!(e.0.contains("a reading is a string"), "{e}");
        let e = Rulings::from_record(
            DISPUTES,
            &serde_json::json!({"rulings": {"game.colour": "pink"}}),
        )
        .unwrap_err();
        assert!(
            e.0.starts_with("`rulings`: `game.colour` has no reading `pink`"),
            "{e}"
        );
        let listed = r.in_force();
        assert!(
            listed.contains("game.question = yes  (the default)\n    it does\n"),
            "{listed}"
        );
        assert!(
            listed.contains("game.colour = blue  (chosen; the default is red)"),
            "{listed}"
        );
    }

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
        let listed = listing("Game", &[D], &[]);
        assert_eq!(
            listed,
            "game.question  (Game)\n  does it?\n  text: 000:1\n    yes  (the default): it does\n    no: it does not\n"
        );
        // With its rulebook, the lines name the book and the section.
        const BOOK: crate::engine::rulebook::Rulebook = crate::engine::rulebook::Rulebook {
            seed: "000_abc.txt",
            title: "Game rulebook",
            sections: &[crate::engine::rulebook::Section {
                from: 1,
                name: "Questions",
            }],
        };
        assert!(listing("Game", &[D], &[BOOK])
            .contains("\n  text: Game rulebook, Questions (line 1)\n"));
    }
}
