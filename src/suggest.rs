//! "Did you mean": the known names closest to a word someone typed, for
//! the messages that refuse a misspelled command, tile, robot, colour,
//! bot or variant.

/// Edit distance between two short words (Levenshtein).
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != *cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

/// The names of `known` closest to `word` (case ignored), at most three:
/// of those within two edits (one for names of two letters) or starting
/// with it, the ones fewest edits away.
pub fn closest<'a>(word: &str, known: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let word = word.to_lowercase();
    let mut scored: Vec<(usize, &'a str)> = known
        .into_iter()
        .filter_map(|name| {
            let d = distance(&word, &name.to_lowercase());
            let close = d <= 2.min(name.len().saturating_sub(1))
                || (word.len() >= 2 && name.starts_with(&word));
            (close && name != word).then_some((d, name))
        })
        .collect();
    scored.sort();
    scored.dedup();
    let best = scored.first().map_or(0, |(d, _)| *d);
    scored
        .into_iter()
        .take_while(|(d, _)| *d == best)
        .map(|(_, n)| n)
        .take(3)
        .collect()
}

/// `, did you mean `a`?` or `, did you mean `a` or `b`?`; empty without
/// suggestions.
pub fn did_you_mean(suggestions: &[&str]) -> String {
    if suggestions.is_empty() {
        return String::new();
    }
    let quoted: Vec<String> = suggestions.iter().map(|s| format!("`{s}`")).collect();
    format!(", did you mean {}?", quoted.join(" or "))
}
