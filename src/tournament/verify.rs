//! Rows verify: what `tournament merge` checks in a JSON rows file before
//! it counts a game. The header must be a tournament this tinbots could
//! have played (its version, its counts within their limits); each row
//! must be a game of that tournament's schedule, dealt with the seed the
//! schedule gives it, with the seats given to the bots the rotation gives
//! them, winners among the seats, and the scores that its winners make
//! (each bot's share of the win, in [`SHARE_UNIT`]s, exactly as a run
//! counts them). A row that does not add up is refused with what is
//! wrong in it; the caller names the file and the line.

use crate::registry::Games;
use std::collections::BTreeSet;

use super::rows::{GameRow, Header, HeaderLine, ROWS_VERSION};
use super::tally::{GameScore, SHARE_UNIT};
use super::Tournament;
use crate::engine::GameOptions;

/// The most seats a game has: a win is shared in whole [`SHARE_UNIT`]s by
/// up to this many people.
pub const MAX_SEATS: usize = 8;

/// Reads a rows file's first line: the tournament, in this tinbots' rows
/// format ([`ROWS_VERSION`]); an older or newer format is refused with
/// its version.
pub fn read_header(line: &str) -> Result<Header, String> {
    let expected = "expected the tournament line of a JSON rows file (--format json)";
    let value: serde_json::Value =
        serde_json::from_str(line).map_err(|e| format!("{expected}: {e}"))?;
    let Some(tournament) = value.get("tournament").and_then(|t| t.as_object()) else {
        return Err(format!("{expected}: no `tournament` object"));
    };
    match tournament.get("version") {
        None => {
            return Err(format!(
                "rows format 1 (a tournament line without `version`, written by an older \
                 tinbots): its rows do not say who played each seat, so they cannot be \
                 checked; this tinbots merges rows format {ROWS_VERSION}: play the shard again"
            ))
        }
        Some(serde_json::Value::Number(n)) if n.as_u64() == Some(u64::from(ROWS_VERSION)) => {}
        Some(other) => {
            return Err(format!(
                "rows format {other}: this tinbots merges rows format {ROWS_VERSION} only"
            ))
        }
    }
    let line: HeaderLine =
        serde_json::from_value(value).map_err(|e| format!("in `tournament`: {e}"))?;
    Ok(line.tournament)
}

/// The tournament a header describes (one thread), checked against the
/// limits a run has ([`Tournament::check_limits`]).
pub fn tournament_of(games: &Games, header: &Header) -> Result<Tournament, String> {
    let tournament = Tournament {
        game: games
            .find(&header.game)
            .map_err(|e| format!("in `game`: {e}"))?,
        options: GameOptions {
            variants: header.variants.clone(),
            own: header.options.clone(),
            ..GameOptions::default()
        },
        players: header.players,
        games: header.games,
        seed: header.seed,
        max_turns: header.max_turns,
        threads: 1,
    };
    tournament
        .check_limits(header.bots.len(), header.games)
        .map_err(|e| e.to_string())?;
    Ok(tournament)
}

/// The games a header's tournament schedules, to check rows against.
pub struct Schedule<'a> {
    /// The tournament.
    pub tournament: &'a Tournament,
    /// Its bots, as the header names them.
    pub bots: &'a [String],
    /// The round robin's pairings, in order.
    pub pairings: &'a [[usize; 2]],
}

/// A list of names for a message: `red, blue`.
fn listed(names: &[String]) -> String {
    names
        .iter()
        .map(|n| crate::script::text::shown(n))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Schedule<'_> {
    /// The place of a row's game in the whole schedule (which shards
    /// split), after checking that the schedule has such a game.
    pub fn place(&self, row: &GameRow) -> Result<u64, String> {
        let games = self.tournament.games;
        if row.pairing >= self.pairings.len() || row.game >= games {
            return Err(format!(
                "pairing {} game {}: not in the schedule ({} pairings of {games} games)",
                row.pairing,
                row.game,
                self.pairings.len()
            ));
        }
        Ok(row.pairing as u64 * u64::from(games) + u64::from(row.game))
    }

    /// What the game of `row` gave the two bots of its pairing, once the
    /// row is found to be that game of the schedule and to add up; else
    /// what is wrong with it.
    pub fn check(&self, row: &GameRow) -> Result<GameScore, String> {
        let t = self.tournament;
        self.place(row)?;
        let game = format!("pairing {} game {}", row.pairing, row.game);
        let deal = t.deal_seed(row.game);
        if row.seed != deal {
            return Err(format!(
                "{game}: seed {}, but the schedule deals this game with seed {deal} \
                 (seed {} and a new deal every {} games)",
                row.seed, t.seed, t.players
            ));
        }
        if row.variants != t.options.variants {
            return Err(format!(
                "{game}: variants [{}], but the tournament's are [{}]",
                listed(&row.variants),
                listed(&t.options.variants)
            ));
        }
        let seats = row.seats.len();
        if !(1..=MAX_SEATS).contains(&seats) {
            return Err(format!(
                "{game}: {seats} seats: a game has 1 to {MAX_SEATS}"
            ));
        }
        if row.bots.len() != seats || row.people.len() != seats {
            return Err(format!(
                "{game}: {seats} seats, {} bots and {} people: each seat has one bot and one person",
                row.bots.len(),
                row.people.len()
            ));
        }
        let seat_of = |name: &str| row.seats.iter().position(|s| s == name);
        for (s, name) in row.seats.iter().enumerate() {
            if seat_of(name) != Some(s) {
                return Err(format!(
                    "{game}: the seat {} is named twice",
                    crate::script::text::shown(name)
                ));
            }
        }
        let pairing = self.pairings[row.pairing];
        for (s, &person) in row.people.iter().enumerate() {
            if person >= t.players {
                return Err(format!(
                    "{game}: seat {} is played by person {person}, but the games are of {} \
                     players (0 to {})",
                    crate::script::text::shown(&row.seats[s]),
                    t.players,
                    t.players - 1
                ));
            }
            let due = &self.bots[pairing[t.bot_of_seat(row.game, person)]];
            if row.bots[s] != *due {
                return Err(format!(
                    "{game}: seat {} is played by {}, but the rotation gives it to {}",
                    crate::script::text::shown(&row.seats[s]),
                    crate::script::text::shown(&row.bots[s]),
                    crate::script::text::shown(due)
                ));
            }
        }
        let mut won = BTreeSet::new();
        let mut named = BTreeSet::new();
        for winner in &row.winners {
            let Some(seat) = seat_of(winner) else {
                return Err(format!(
                    "{game}: the winner {} is not a seat of the game (seats: {})",
                    crate::script::text::shown(winner),
                    listed(&row.seats)
                ));
            };
            if !named.insert(seat) {
                return Err(format!(
                    "{game}: the winner {} is named twice",
                    crate::script::text::shown(winner)
                ));
            }
            won.insert(row.people[seat]);
        }
        // As a run counts it: a win shared by the people who won, whatever
        // number of seats each played.
        let share = SHARE_UNIT / won.len().max(1) as u64;
        let mut score = GameScore {
            turns: row.turns,
            turn_limit: row.turn_limit,
            ..GameScore::default()
        };
        for &person in &won {
            score.wins[t.bot_of_seat(row.game, person)] += share;
            if person == 0 {
                score.first_seat += share;
            }
        }
        let fraction = |units: u64| units as f64 / SHARE_UNIT as f64;
        let expected = [fraction(score.wins[0]), fraction(score.wins[1])];
        if row.score != expected {
            return Err(format!(
                "{game}: score {:?}, but its winners ({}) give {expected:?} \
                 (each score from 0 to 1, a shared win split between the people who won)",
                row.score,
                listed(&row.winners)
            ));
        }
        if row.first_seat != fraction(score.first_seat) {
            return Err(format!(
                "{game}: first_seat {:?}, but its winners ({}) give {:?}",
                row.first_seat,
                listed(&row.winners),
                fraction(score.first_seat)
            ));
        }
        if row.turns > t.max_turns {
            return Err(format!(
                "{game}: {} turns, past the turn limit of {}",
                row.turns, t.max_turns
            ));
        }
        if row.turn_limit && row.turns != t.max_turns {
            return Err(format!(
                "{game}: stopped at the turn limit after {} turns, but the limit is {}",
                row.turns, t.max_turns
            ));
        }
        Ok(score)
    }
}
