//! `help`: the commands in columns, and one command explained, wrapped to
//! 80 columns.

use super::command::CommandHelp;

/// The columns of `help`.
const WIDTH: usize = 80;

/// Width of the usage column of `help`; a longer usage has its summary on
/// the next line.
const USAGE_COLUMN: usize = 30;

/// Writes `head` then the words of `text`, in lines of at most [`WIDTH`]
/// characters broken between words; later lines start with `indent`.
pub fn wrap_words(out: &mut String, head: &str, text: &str, indent: &str) {
    let mut line = head.to_string();
    for (i, word) in text.split_whitespace().enumerate() {
        if i > 0 && line.chars().count() + 1 + word.chars().count() > WIDTH {
            out.push_str(&line);
            out.push('\n');
            line = format!("{indent}{word}");
        } else {
            if i > 0 {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    out.push_str(&line);
    out.push('\n');
}

/// Every command of `commands`, one a line with its summary, then `tail`.
pub fn list(commands: &[CommandHelp], tail: &str, out: &mut String) {
    let indent = " ".repeat(USAGE_COLUMN + 2);
    for c in commands {
        let head = if c.usage.len() <= USAGE_COLUMN - 2 {
            format!("  {:<width$}", c.usage, width = USAGE_COLUMN)
        } else {
            out.push_str(&format!("  {}\n", c.usage));
            indent.clone()
        };
        wrap_words(out, &head, c.summary, &indent);
    }
    wrap_words(out, "", tail, "");
}

/// One command: its form, its summary and its details.
pub fn one(c: &CommandHelp, out: &mut String) {
    out.push_str(c.usage);
    out.push('\n');
    wrap_words(out, "  ", c.summary, "  ");
    if !c.details.is_empty() {
        wrap_words(out, "  ", c.details, "  ");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_wrap_at_80_columns_with_the_indent() {
        let mut out = String::new();
        let text = "word ".repeat(40);
        wrap_words(&mut out, "> ", &text, "  ");
        let lines: Vec<&str> = out.lines().collect();
        assert!(lines.len() > 2, "{out}");
        assert!(lines.iter().all(|l| l.chars().count() <= WIDTH), "{out}");
        assert!(lines[0].starts_with("> word") && lines[1].starts_with("  word"));
        assert_eq!(out.matches("word").count(), 40);
    }
}
