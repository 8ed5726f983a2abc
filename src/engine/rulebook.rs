//! Rule citations a reader can follow. The rule texts were read from seed
//! files with opaque names (`000_f177823dad35ee93.txt`) that a user cannot
//! open; a user has the rulebook. Each game declares its rulebooks as data
//! ([`Rulebook`]: the seed file it was read from, its title, its sections by
//! first line), and every citation that reaches a user goes through
//! [`readable`] (a text with seed citations in it) or [`readable_lines`] (a
//! dispute's `"000:225-228; 002:117"`), which name the rulebook, the
//! section and the line: "Twin Tin Bots rulebook, Zap! (line 233)".
//! [`verbose`] keeps the seed file beside it, for whoever checks a
//! citation against the seed.

/// One section of a rulebook: its heading and the line it starts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Section {
    /// The first line of the seed file in the section (from 1).
    pub from: u32,
    /// Its heading, as the rulebook prints it (or in English, for a text
    /// in another language).
    pub name: &'static str,
}

/// A rule text a game implements, as a user knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rulebook {
    /// The seed file it was read from (`"000_f177823dad35ee93.txt"`).
    pub seed: &'static str,
    /// Its name for a reader (`"Twin Tin Bots rulebook"`).
    pub title: &'static str,
    /// Its sections, in order of their first lines; each runs to the next.
    pub sections: &'static [Section],
}

impl Rulebook {
    /// The short name disputes cite it by: the seed's number (`"000"`).
    pub fn number(&self) -> &'static str {
        self.seed.split('_').next().unwrap_or(self.seed)
    }

    /// The section `line` is in, if the line is at or after the first
    /// section.
    pub fn section_at(&self, line: u32) -> Option<&'static str> {
        self.sections
            .iter()
            .take_while(|s| s.from <= line)
            .last()
            .map(|s| s.name)
    }

    /// `lines` (`"225-228"`, `"117, 294-297"`, `"24 and :26"`) as sections
    /// and lines: `"Unload Crystal (lines 225-228)"`; lines in the same
    /// section are cited together. `None` when `lines` holds no number.
    fn sections_of(&self, lines: &str) -> Option<String> {
        let mut cited: Vec<(Option<&str>, Vec<String>)> = Vec::new();
        for span in line_spans(lines) {
            let section = self.section_at(span.0);
            let shown = match span.1 {
                Some(last) => format!("{}-{last}", span.0),
                None => span.0.to_string(),
            };
            match cited.last_mut() {
                Some((s, spans)) if *s == section => spans.push(shown),
                _ => cited.push((section, vec![shown])),
            }
        }
        if cited.is_empty() {
            return None;
        }
        let parts: Vec<String> = cited
            .iter()
            .map(|(section, spans)| {
                let many = spans.len() > 1 || spans[0].contains('-');
                let noun = if many { "lines" } else { "line" };
                let at = format!("({noun} {})", spans.join(", "));
                match section {
                    Some(name) => format!("{name} {at}"),
                    None => at,
                }
            })
            .collect();
        let joined = parts.join(", ");
        let comma = if joined.starts_with('(') { "" } else { "," };
        Some(format!("{}{comma} {joined}", self.title))
    }
}

/// The line numbers and ranges in `text`, in order: `(first, last)` with
/// `last` for a range (`"197-207"`, `"198 to :202"`).
fn line_spans(text: &str) -> Vec<(u32, Option<u32>)> {
    let mut spans: Vec<(u32, Option<u32>)> = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find(|c: char| c.is_ascii_digit()) {
        let between = &rest[..start];
        let digits = rest[start..]
            .find(|c: char| !c.is_ascii_digit())
            .map_or(rest.len(), |end| start + end);
        let Ok(number) = rest[start..digits].parse::<u32>() else {
            break;
        };
        let joins = between.trim_end_matches(':').trim();
        match spans.last_mut() {
            Some(last) if joins == "-" || joins == "–" || joins == "to" => last.1 = Some(number),
            _ => spans.push((number, None)),
        }
        rest = &rest[digits..];
    }
    spans
}

/// Where a seed citation ends in a text: at a closing bracket, a full
/// stop or a line's end. Separators between line numbers (`, `, ` and
/// :`, `-`, ` to :`) are part of it.
fn citation_end(text: &str) -> usize {
    let mut end = 0;
    let bytes = text.as_bytes();
    while end < bytes.len() {
        let rest = &text[end..];
        let c = bytes[end];
        let digit_next = bytes.get(end + 1).is_some_and(u8::is_ascii_digit);
        if c.is_ascii_digit() || ((c == b'-' || c == b':') && digit_next) {
            end += 1;
        } else if rest.starts_with("–") {
            end += "–".len();
        } else if let Some(sep) = [", ", " and :", " to :", " and ", " to "]
            .iter()
            .find(|sep| rest.starts_with(**sep))
        {
            // A separator belongs to the citation only if a number follows.
            let after = &rest[sep.len()..];
            if after.starts_with(|c: char| c.is_ascii_digit()) {
                end += sep.len();
            } else {
                break;
            }
        } else {
            break;
        }
    }
    end
}

/// `text` with every citation of a seed of `books` made readable: a seed
/// name with lines (`000_f177823dad35ee93.txt:123`, `…:52-57`, `…:81,
/// 197-207`) becomes the rulebook, section and lines; a seed name with a
/// section after it (`000_f177823dad35ee93.txt: Double Modification`)
/// becomes the rulebook's title and the same section. Text naming no seed
/// is returned as it is.
pub fn readable(books: &[Rulebook], text: &str) -> String {
    rewrite(books, text, false)
}

/// [`readable`], each citation followed by the seed file and lines it
/// stands for, for a reader who checks it against the seed: "Twin Tin Bots
/// rulebook, Zap! (line 233) [000_f177823dad35ee93.txt:233]".
pub fn verbose(books: &[Rulebook], text: &str) -> String {
    rewrite(books, text, true)
}

/// [`readable`] or [`verbose`].
fn rewrite(books: &[Rulebook], text: &str, keep_seed: bool) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some((at, book)) = books
        .iter()
        .filter_map(|b| rest.find(b.seed).map(|at| (at, b)))
        .min_by_key(|(at, _)| *at)
    {
        out.push_str(&rest[..at]);
        let after = &rest[at + book.seed.len()..];
        let lines = after.strip_prefix(':').map(|l| &l[..citation_end(l)]);
        let with_lines = lines.and_then(|l| Some((book.sections_of(l)?, 1 + l.len())));
        // `seed: Section` becomes `title, Section`.
        let (cited, used, then) = match with_lines {
            Some((cited, used)) => (cited, used, ""),
            None if after.starts_with(": ") => (book.title.to_string(), 1, ","),
            None => (book.title.to_string(), 0, ""),
        };
        out.push_str(&cited);
        if keep_seed {
            let seed = format!("{}{}", book.seed, &after[..used]);
            out.push_str(&format!(" [{}]", seed.trim_end_matches([',', ':'])));
        }
        out.push_str(then);
        rest = &after[used..];
    }
    out.push_str(rest);
    out
}

/// `text` with every "seed line N" or "seed lines N-M, K and L" of a game
/// with one rule text (`book`) made readable: "seed line 145" becomes
/// "Droids rules, Mission 1, The challenge (line 145)". A game's own
/// messages and its scripts cite lines this way; a user reads the
/// rulebook's name and section. "seed line" with no number after it is
/// kept as it is.
pub fn readable_seed_lines(book: &Rulebook, text: &str) -> String {
    const CITES: [&str; 2] = ["seed lines ", "seed line "];
    let mut out = String::new();
    let mut rest = text;
    while let Some((at, cite)) = CITES
        .iter()
        .filter_map(|c| rest.find(c).map(|at| (at, *c)))
        .min_by_key(|(at, c)| (*at, std::cmp::Reverse(c.len())))
    {
        let after = &rest[at + cite.len()..];
        let lines = &after[..citation_end(after)];
        match book.sections_of(lines) {
            Some(cited) => {
                out.push_str(&rest[..at]);
                out.push_str(&cited);
                rest = &after[lines.len()..];
            }
            None => {
                out.push_str(&rest[..at + cite.len()]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// A dispute's lines (`"000:225-228; 002:117, 294-297"`: the seed's number,
/// then its lines, seeds apart by `; `) as rulebooks, sections and lines.
/// A part naming no rulebook of `books` is kept as it is.
pub fn readable_lines(books: &[Rulebook], lines: &str) -> String {
    let parts: Vec<String> = lines
        .split("; ")
        .map(|part| {
            part.split_once(':')
                .and_then(|(number, at)| {
                    let book = books.iter().find(|b| b.number() == number.trim())?;
                    book.sections_of(at)
                })
                .unwrap_or_else(|| part.to_string())
        })
        .collect();
    parts.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOOK: Rulebook = Rulebook {
        seed: "000_abc.txt",
        title: "Game rulebook",
        sections: &[
            Section {
                from: 10,
                name: "Opening",
            },
            Section {
                from: 20,
                name: "Zap!",
            },
        ],
    };
    const FAQ: Rulebook = Rulebook {
        seed: "002_def.txt",
        title: "Game FAQ",
        sections: &[Section {
            from: 1,
            name: "Q1",
        }],
    };
    const BOOKS: &[Rulebook] = &[BOOK, FAQ];

    #[test]
    fn a_line_is_cited_by_its_section() {
        assert_eq!(BOOK.section_at(9), None);
        assert_eq!(BOOK.section_at(10), Some("Opening"));
        assert_eq!(BOOK.section_at(19), Some("Opening"));
        assert_eq!(BOOK.section_at(200), Some("Zap!"));
        assert_eq!(
            readable(BOOKS, "moved (000_abc.txt:23)."),
            "moved (Game rulebook, Zap! (line 23))."
        );
        assert_eq!(
            readable(BOOKS, "x (000_abc.txt:5)"),
            "x (Game rulebook (line 5))"
        );
    }

    #[test]
    fn lines_and_ranges_are_grouped_by_section() {
        assert_eq!(
            readable(BOOKS, "(9 cards, 000_abc.txt:12, 21-25)"),
            "(9 cards, Game rulebook, Opening (line 12), Zap! (lines 21-25))"
        );
        assert_eq!(
            readable(BOOKS, "000_abc.txt:21 and :26: 84 cards"),
            "Game rulebook, Zap! (lines 21, 26): 84 cards"
        );
        assert_eq!(
            readable(BOOKS, "000_abc.txt:11 to :13: nothing"),
            "Game rulebook, Opening (lines 11-13): nothing"
        );
        assert_eq!(
            readable(BOOKS, "000_abc.txt:10, 11 and a word"),
            "Game rulebook, Opening (lines 10, 11) and a word"
        );
    }

    #[test]
    fn a_seed_with_a_section_keeps_the_section() {
        assert_eq!(
            readable(BOOKS, "(000_abc.txt: Double Modification)"),
            "(Game rulebook, Double Modification)"
        );
        assert_eq!(
            readable(BOOKS, "the file 000_abc.txt."),
            "the file Game rulebook."
        );
        assert_eq!(readable(BOOKS, "no citation"), "no citation");
        assert_eq!(readable(BOOKS, "001_zzz.txt:3"), "001_zzz.txt:3");
    }

    #[test]
    fn verbose_keeps_the_seed_beside_the_rulebook() {
        assert_eq!(
            verbose(BOOKS, "a (000_abc.txt:23) b 002_def.txt: Q1"),
            "a (Game rulebook, Zap! (line 23) [000_abc.txt:23]) b Game FAQ [002_def.txt], Q1"
        );
    }

    #[test]
    fn a_game_s_seed_lines_name_its_rulebook_and_section() {
        assert_eq!(
            readable_seed_lines(&BOOK, "a robot is pushed (seed line 23)."),
            "a robot is pushed (Game rulebook, Zap! (line 23))."
        );
        assert_eq!(
            readable_seed_lines(
                &BOOK,
                "(seed lines 12, 21-25 and 26) then seed line 11, ours"
            ),
            "(Game rulebook, Opening (line 12), Zap! (lines 21-25, 26)) then \
             Game rulebook, Opening (line 11), ours"
        );
        assert_eq!(
            readable_seed_lines(&BOOK, "a seed line and seed lines to come"),
            "a seed line and seed lines to come"
        );
        assert_eq!(readable_seed_lines(&BOOK, "nothing cited"), "nothing cited");
    }

    #[test]
    fn a_dispute_s_lines_name_each_rulebook() {
        assert_eq!(
            readable_lines(BOOKS, "000:12-14; 002:117, 294-297"),
            "Game rulebook, Opening (lines 12-14); Game FAQ, Q1 (lines 117, 294-297)"
        );
        assert_eq!(readable_lines(BOOKS, "009:3"), "009:3");
        assert_eq!(BOOK.number(), "000");
    }
}
