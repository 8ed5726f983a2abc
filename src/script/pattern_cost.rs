//! The worst-case cost of a Lua pattern match, so that the sandbox can
//! refuse a `string.find`/`match`/`gmatch`/`gsub` that would backtrack for
//! longer than the call's instruction budget (the C matcher runs no hook).
//!
//! Lua's matcher backtracks over each quantified single-character item
//! (`x*`, `x+`, `x-`, `x?`): at worst it tries every length that item can
//! match, for every choice of the items before it, at every start position.
//! An item can match at most as many characters as the longest run of the
//! subject's characters in its class, so the bound is
//! `starts × pattern length × Π (longest run + 1)`, with `%b` and back-references counted as
//! a scan of the whole subject. Ordinary patterns over ordinary strings
//! stay far below any budget; `("a*"):rep(30) .. "b"` over forty `a`s does
//! not.

/// One single-character class of a pattern.
enum Class<'p> {
    /// `.`: any character.
    Any,
    /// A literal character.
    Literal(u8),
    /// `%a` and friends (the letter after `%`).
    Escape(u8),
    /// `[...]`: the text between the brackets, `^` included.
    Set(&'p [u8]),
}

/// Whether `c` is in the class `%letter` (Lua's C-locale classes; an upper
/// case letter is the complement, any other character is itself).
fn in_escape(c: u8, letter: u8) -> bool {
    let is = match letter.to_ascii_lowercase() {
        b'a' => c.is_ascii_alphabetic(),
        b'c' => c.is_ascii_control(),
        b'd' => c.is_ascii_digit(),
        b'g' => c.is_ascii_graphic(),
        b'l' => c.is_ascii_lowercase(),
        b'p' => c.is_ascii_punctuation(),
        b's' => matches!(c, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r'),
        b'u' => c.is_ascii_uppercase(),
        b'w' => c.is_ascii_alphanumeric(),
        b'x' => c.is_ascii_hexdigit(),
        _ => return c == letter,
    };
    if letter.is_ascii_uppercase() {
        !is
    } else {
        is
    }
}

/// Whether `c` is in the set whose inside (between `[` and `]`) is `set`.
fn in_set(c: u8, set: &[u8]) -> bool {
    let (negated, set) = match set.first() {
        Some(b'^') => (true, &set[1..]),
        _ => (false, set),
    };
    let mut found = false;
    let mut i = 0;
    while i < set.len() {
        if set[i] == b'%' && i + 1 < set.len() {
            found |= in_escape(c, set[i + 1]);
            i += 2;
        } else if i + 2 < set.len() && set[i + 1] == b'-' {
            found |= set[i] <= c && c <= set[i + 2];
            i += 3;
        } else {
            found |= set[i] == c;
            i += 1;
        }
    }
    found != negated
}

impl Class<'_> {
    fn contains(&self, c: u8) -> bool {
        match *self {
            Class::Any => true,
            Class::Literal(l) => l == c,
            Class::Escape(letter) => in_escape(c, letter),
            Class::Set(set) => in_set(c, set),
        }
    }

    /// The longest run of `subject`'s characters in this class.
    fn longest_run(&self, subject: &[u8]) -> usize {
        if matches!(self, Class::Any) {
            return subject.len();
        }
        let (mut best, mut run) = (0, 0);
        for &c in subject {
            run = if self.contains(c) { run + 1 } else { 0 };
            best = best.max(run);
        }
        best
    }
}

/// The end of the set that starts after the `[` at `pattern[start - 1]`:
/// the index of its `]`, or `None` when it is not closed.
fn set_end(pattern: &[u8], start: usize) -> Option<usize> {
    let mut i = start;
    if pattern.get(i) == Some(&b'^') {
        i += 1;
    }
    // A `]` first in the set is a literal.
    if pattern.get(i) == Some(&b']') {
        i += 1;
    }
    while i < pattern.len() {
        match pattern[i] {
            b']' => return Some(i),
            b'%' => i += 2,
            _ => i += 1,
        }
    }
    None
}

/// An upper bound on the steps Lua's matcher may take to match `pattern`
/// against `subject` from byte `init` (0-based) on, or at every start for
/// `gmatch`/`gsub`. Saturates at `u64::MAX`. A malformed pattern gets a
/// small cost: Lua refuses it before matching.
pub(crate) fn pattern_cost(subject: &[u8], pattern: &[u8], init: usize) -> u64 {
    let subject = subject.get(init.min(subject.len())..).unwrap_or_default();
    let n = subject.len() as u64;
    let (anchored, pattern) = match pattern.first() {
        Some(b'^') => (true, &pattern[1..]),
        _ => (false, pattern),
    };
    let starts = if anchored { 1 } else { n + 1 };
    // Each attempt steps through the pattern once for every choice of
    // lengths of its quantified items.
    let mut cost = u128::from(starts) * (pattern.len() as u128 + 1);
    let mut i = 0;
    while i < pattern.len() {
        let (class, next) = match pattern[i] {
            b'(' | b')' => {
                i += 1;
                continue;
            }
            b'%' => match pattern.get(i + 1) {
                // %bxy scans; a back-reference compares a capture.
                Some(b'b') => {
                    cost = cost.saturating_mul(u128::from(n) + 1);
                    i += 4;
                    continue;
                }
                Some(d) if d.is_ascii_digit() => {
                    cost = cost.saturating_mul(u128::from(n) + 1);
                    i += 2;
                    continue;
                }
                Some(b'f') => {
                    i = match pattern.get(i + 2) {
                        Some(b'[') => set_end(pattern, i + 3).map_or(pattern.len(), |e| e + 1),
                        _ => i + 2,
                    };
                    continue;
                }
                Some(&letter) => (Class::Escape(letter), i + 2),
                None => return 1,
            },
            b'[' => match set_end(pattern, i + 1) {
                Some(end) => (Class::Set(&pattern[i + 1..end]), end + 1),
                None => return 1,
            },
            b'.' => (Class::Any, i + 1),
            c => (Class::Literal(c), i + 1),
        };
        match pattern.get(next) {
            Some(b'*' | b'+' | b'-') => {
                let run = class.longest_run(subject) as u128;
                cost = cost.saturating_mul(run + 1);
                i = next + 1;
            }
            Some(b'?') => {
                cost = cost.saturating_mul(2);
                i = next + 1;
            }
            _ => i = next,
        }
    }
    u64::try_from(cost).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::pattern_cost;

    #[test]
    fn ordinary_patterns_cost_little() {
        let line = b"speed = 12, name = red.1";
        assert!(pattern_cost(line, b"^(%w+)%s*=%s*(%d+)", 0) < 10_000);
        assert!(pattern_cost(line, b"red%.%d", 0) < 10_000);
        assert!(pattern_cost(b"a,b,c", b"[^,]+", 0) < 1000);
    }

    #[test]
    fn catastrophic_backtracking_costs_more_than_any_budget() {
        let subject = [b'a'; 40];
        let pattern = "a*".repeat(30) + "b";
        assert!(pattern_cost(&subject, pattern.as_bytes(), 0) > 1_000_000_000_000);
    }

    #[test]
    fn a_class_that_matches_nothing_costs_nothing_to_repeat() {
        let subject = [b'a'; 1000];
        let pattern = "%d*".repeat(30);
        assert!(pattern_cost(&subject, pattern.as_bytes(), 0) < 10_000_000);
    }
}
