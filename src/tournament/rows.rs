//! One row per game, in text, JSON or CSV: what a tournament streams to
//! its output as games finish (so that memory stays flat however many
//! games run), and what `tournament merge` reads back. A JSON file starts
//! with a line naming the tournament ([`Header`]), one JSON object a line
//! after it; a CSV file with a line of column names.
//!
//! A JSON rows file says its format's version ([`ROWS_VERSION`]) and
//! everything that decides its games (the game, the bots, the seeds, the
//! game's options, the shard), and each row says who played each seat, so
//! that `tournament merge` can check every row against the schedule
//! ([`super::verify`]).

use serde::{Deserialize, Serialize};
use std::io::{self, Write};

/// How the rows are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowFormat {
    /// A sentence a game, for people.
    Text,
    /// JSON lines: the tournament first, then one object a game; what
    /// `tournament merge` reads.
    Json,
    /// Comma-separated values with a header line, for spreadsheets.
    Csv,
}

impl RowFormat {
    /// `text`, `json` or `csv`.
    pub fn parse(text: &str) -> Result<RowFormat, String> {
        match text {
            "text" => Ok(RowFormat::Text),
            "json" => Ok(RowFormat::Json),
            "csv" => Ok(RowFormat::Csv),
            other => Err(format!("`{other}`: expected text, json or csv")),
        }
    }

    /// The format a file's name asks for: `.csv` CSV, `.txt` text, anything
    /// else JSON lines.
    pub fn for_file(path: &std::path::Path) -> RowFormat {
        match path.extension().and_then(|e| e.to_str()) {
            Some("csv") => RowFormat::Csv,
            Some("txt") => RowFormat::Text,
            _ => RowFormat::Json,
        }
    }
}

/// The version of the JSON rows format this tinbots writes and merges.
/// Version 1 (no `version` in the header) named neither the mission nor
/// who played each seat, so its rows cannot be checked; version 2 named
/// four games' options by hand (`course`, `mission`, `setup`, `orders`),
/// version 3 keeps every option of the game in `options`.
pub const ROWS_VERSION: u32 = 3;

/// The tournament a rows file comes from: everything that decides its
/// games, so that shards of different tournaments are not merged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// The rows format's version ([`ROWS_VERSION`]).
    pub version: u32,
    /// The game's name (`twin-tin-bots`).
    pub game: String,
    /// The bots, as named on the command line.
    pub bots: Vec<String>,
    /// Players per game.
    pub players: usize,
    /// Games per pairing.
    pub games: u32,
    /// The first deal's seed.
    pub seed: u64,
    /// The turn limit.
    pub max_turns: u32,
    /// The variants played.
    pub variants: Vec<String>,
    /// The game's own options given (`--course`, `--mission`, ...: the
    /// game's [`crate::engine::GameOption`]s), each with its values in
    /// the order given.
    pub options: std::collections::BTreeMap<String, Vec<String>>,
    /// The readings of disputed rules chosen (`--ruling ID=READING`), as
    /// given; absent when none was.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rulings: Vec<String>,
    /// Which part of the schedule this file holds (`1/1` for all of it).
    pub shard: String,
}

/// The first line of a JSON rows file.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeaderLine {
    /// The tournament.
    pub tournament: Header,
}

/// One game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRow {
    /// The pairing's place in the round robin (from 0: bot 1 against bot
    /// 2, bot 1 against bot 3, ..., bot 2 against bot 3, ...).
    pub pairing: usize,
    /// The game's number in its pairing (from 0).
    pub game: u32,
    /// The deal's seed.
    pub seed: u64,
    /// The seats' colours, in seat order.
    pub seats: Vec<String>,
    /// The bot of each seat.
    pub bots: Vec<String>,
    /// The person who played each seat, from 0 (a variant may give one
    /// person several seats; a person's seats share its bot).
    pub people: Vec<usize>,
    /// The variants played.
    pub variants: Vec<String>,
    /// The readings of disputed rules chosen (`ID=READING`); absent when
    /// every rule was read its default way.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rulings: Vec<String>,
    /// How the game ended, in words.
    pub result: String,
    /// The winning seats' colours (none: a draw).
    pub winners: Vec<String>,
    /// The pairing's two bots' shares of the win (a draw: none; a shared
    /// win: a part each).
    pub score: [f64; 2],
    /// The first seat's share of the win.
    pub first_seat: f64,
    /// Turns played.
    pub turns: u32,
    /// Stopped at the turn limit.
    pub turn_limit: bool,
    /// How the game ended, in the game's words (`red touched the last
    /// flag`): for `balance`, not written to rows files.
    #[serde(skip)]
    pub ending: String,
    /// The winner's lead over the next seat in the first figure the game
    /// ranks by (points, flags); `None` in a draw, a shared win or a game
    /// without such a figure. For `balance`, not written to rows files.
    #[serde(skip)]
    pub margin: Option<i64>,
}

/// The columns of a CSV rows file.
const CSV_COLUMNS: &str =
    "pairing,game,seed,seats,bots,variants,result,winners,score_a,score_b,first_seat,turns,turn_limit,rulings";

/// Writes a rows file's opening (the header line of JSON and CSV).
pub fn write_start(out: &mut dyn Write, format: RowFormat, header: &Header) -> io::Result<()> {
    match format {
        RowFormat::Text => Ok(()),
        RowFormat::Json => {
            let line = HeaderLine {
                tournament: header.clone(),
            };
            writeln!(
                out,
                "{}",
                serde_json::to_string(&line).map_err(io::Error::other)?
            )
        }
        RowFormat::Csv => writeln!(out, "{CSV_COLUMNS}"),
    }
}

/// Writes one game's row.
pub fn write_row(out: &mut dyn Write, format: RowFormat, row: &GameRow) -> io::Result<()> {
    match format {
        RowFormat::Json => writeln!(
            out,
            "{}",
            serde_json::to_string(row).map_err(io::Error::other)?
        ),
        RowFormat::Csv => {
            let fields = [
                row.pairing.to_string(),
                row.game.to_string(),
                row.seed.to_string(),
                row.seats.join(" "),
                row.bots.join(" "),
                row.variants.join(" "),
                row.result.clone(),
                row.winners.join(" "),
                row.score[0].to_string(),
                row.score[1].to_string(),
                row.first_seat.to_string(),
                row.turns.to_string(),
                row.turn_limit.to_string(),
                row.rulings.join(" "),
            ];
            let quoted: Vec<String> = fields.iter().map(|f| csv_field(f)).collect();
            writeln!(out, "{}", quoted.join(","))
        }
        RowFormat::Text => {
            let seats: Vec<String> = row
                .seats
                .iter()
                .zip(&row.bots)
                .map(|(seat, bot)| format!("{seat} {bot}"))
                .collect();
            writeln!(
                out,
                "pairing {} game {} (seed {}{}{}): {}; {} after {} turns",
                row.pairing + 1,
                row.game + 1,
                row.seed,
                if row.variants.is_empty() {
                    String::new()
                } else {
                    format!(", variants {}", row.variants.join(" "))
                },
                if row.rulings.is_empty() {
                    String::new()
                } else {
                    format!(", rulings {}", row.rulings.join(" "))
                },
                seats.join(", "),
                row.result,
                row.turns
            )
        }
    }
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row() -> GameRow {
        GameRow {
            pairing: 0,
            game: 3,
            seed: 2,
            seats: vec!["red".into(), "blue".into()],
            bots: vec!["greedy".into(), "random".into()],
            people: vec![0, 1],
            variants: vec![],
            rulings: vec![],
            result: "red won: 12 points, first to the goal".into(),
            winners: vec!["red".into()],
            score: [1.0, 0.0],
            first_seat: 1.0,
            turns: 40,
            turn_limit: false,
            ending: String::new(),
            margin: None,
        }
    }

    #[test]
    fn each_format_writes_one_line_a_game() {
        let mut out = Vec::new();
        write_row(&mut out, RowFormat::Text, &row()).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "pairing 1 game 4 (seed 2): red greedy, blue random; red won: 12 points, first to the goal after 40 turns\n"
        );
        let mut out = Vec::new();
        write_row(&mut out, RowFormat::Csv, &row()).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "0,3,2,red blue,greedy random,,\"red won: 12 points, first to the goal\",red,1,0,1,40,false,\n"
        );
        let mut out = Vec::new();
        write_row(&mut out, RowFormat::Json, &row()).unwrap();
        let back: GameRow = serde_json::from_slice(&out).unwrap();
        assert_eq!(back, row());
    }

    #[test]
    fn formats_are_named_or_follow_the_file_name() {
        assert_eq!(RowFormat::parse("csv"), Ok(RowFormat::Csv));
        assert!(RowFormat::parse("xml")
            .unwrap_err()
            .contains("text, json or csv"));
        assert_eq!(RowFormat::for_file("a/b.csv".as_ref()), RowFormat::Csv);
        assert_eq!(RowFormat::for_file("b.jsonl".as_ref()), RowFormat::Json);
        assert_eq!(RowFormat::for_file("b.txt".as_ref()), RowFormat::Text);
    }
}
