//! The end-of-game summary of Twin Tin Bots (how it ended, the winners,
//! every player's score and tiebreak figures) and the seating line of a
//! variant that gives a person more than one colour: what `play`,
//! `replay` and the REPL print through the seam ([`crate::engine::Describe`]).

use std::fmt::Write as _;

use super::game::{EndReason, Game};

/// The turns a game lasted: a game stopped at the turn limit has already
/// begun the turn after the limit, which is not counted.
fn turns_played(game: &Game) -> u32 {
    let stopped = matches!(game.outcome(), Some(o) if o.reason == EndReason::TurnLimit);
    game.turn() - u32::from(stopped)
}

/// Who controls which colours, when a variant gave a person more than one
/// (`seating: red | blue + green | yellow`); `None` when every person plays
/// one colour.
pub fn seating_line(game: &Game) -> Option<String> {
    let sides = game.sides();
    let seats = game.colours().len();
    let mut people: Vec<(usize, Vec<&str>)> = Vec::new();
    for seat in 0..seats {
        let person = sides.controller(seat);
        let colour = game.colours()[seat].name();
        match people.iter_mut().find(|(p, _)| *p == person) {
            Some((_, colours)) => colours.push(colour),
            None => people.push((person, vec![colour])),
        }
    }
    if people.len() == seats {
        return None;
    }
    let groups: Vec<String> = people.iter().map(|(_, c)| c.join(" + ")).collect();
    Some(format!(
        "seating: {} people for {seats} colours: {}",
        people.len(),
        groups.join(" | ")
    ))
}

/// The final summary: how the game ended, the number of turns, the winner(s)
/// (saying so when they were scored at the turn limit rather than by the
/// end of the game) and each player's score and tiebreak figures: the 2s
/// (blue crystals) and 3s (green crystals) in the player's base.
pub fn summary(game: &Game) -> String {
    let mut s = String::new();
    let standings = game.standings();
    let (how, winners) = match game.outcome() {
        Some(o) => (o.reason.describe(), o.winners.clone()),
        None => ("not over".into(), vec![]),
    };
    let at_limit = matches!(game.outcome(), Some(o) if o.reason == EndReason::TurnLimit);
    let names: Vec<&str> = winners.iter().map(|&p| game.colours()[p].name()).collect();
    let _ = writeln!(s, "game over: {how}");
    let _ = writeln!(s, "turns: {}", turns_played(game));
    if let Some(line) = seating_line(game) {
        let _ = writeln!(s, "{line}");
    }
    let scored = if at_limit {
        ", scored at the turn limit"
    } else {
        ""
    };
    let teams = !game.sides().teams.is_empty();
    match names.len() {
        0 => {}
        1 if at_limit => {
            let _ = writeln!(s, "winner: {} (scored at the turn limit)", names[0]);
        }
        1 => {
            let _ = writeln!(s, "winner: {}", names[0]);
        }
        _ if teams
            && winners
                .iter()
                .all(|&w| game.sides().team(w) == game.sides().team(winners[0])) =>
        {
            let _ = writeln!(s, "winners: {} (a team{scored})", names.join(", "));
        }
        _ => {
            let _ = writeln!(s, "winners: {} (shared victory{scored})", names.join(", "));
        }
    }
    if standings.iter().any(|st| st.variant.is_some()) {
        let _ = writeln!(
            s,
            "score: as the variants count it; base and carried: the colour's own"
        );
    }
    let _ = writeln!(
        s,
        "{:<8} {:>5} {:>5} {:>8}  {:>10}  {:>10}",
        "player", "score", "base", "carried", "2s in base", "3s in base"
    );
    for st in standings {
        let _ = writeln!(
            s,
            "{:<8} {:>5} {:>5} {:>8}  {:>10}  {:>10}",
            game.colours()[st.player].name(),
            st.total(),
            st.base_points,
            st.carried_points,
            st.blue_in_base,
            st.green_in_base
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::{seat_seed, Bot, RandomBot};
    use crate::games::twin_tin_bots::setup::Setup;
    use crate::games::twin_tin_bots::variant::VariantSet;
    use crate::play::drive;

    fn game(players: usize) -> Game {
        Game::new(&Setup::standard(players).unwrap().position(3)).unwrap()
    }

    fn bots(players: usize) -> Vec<Box<dyn Bot>> {
        (0..players)
            .map(|seat| Box::new(RandomBot::new(seat_seed(3, seat))) as Box<dyn Bot>)
            .collect()
    }

    #[test]
    fn a_game_stopped_at_the_limit_lasted_the_limit_and_says_it_was_scored_there() {
        let mut g = game(2);
        drive(&mut g, &mut bots(2), 7, |_, _| {}).unwrap();
        assert_eq!(g.turn(), 8, "the turn after the limit has begun");
        assert_eq!(turns_played(&g), 7);
        let text = summary(&g);
        assert!(
            text.starts_with("game over: stopped at the turn limit\nturns: 7\n"),
            "{text}"
        );
        assert!(text.contains("scored at the turn limit)"), "{text}");
        assert!(
            text.contains("player   score  base  carried  2s in base  3s in base\n"),
            "{text}"
        );
        assert!(!text.contains("seating:"), "{text}");
    }

    #[test]
    fn the_seating_line_names_each_persons_colours() {
        let variants = VariantSet::load(&["teams"]).unwrap();
        let position = variants.standard_position(3, 1, &[]).unwrap();
        let g = Game::with_rules(
            &position,
            variants
                .rules(crate::games::twin_tin_bots::orders::OrderBook::official())
                .unwrap(),
        )
        .unwrap();
        assert_eq!(
            seating_line(&g).as_deref(),
            Some("seating: 3 people for 4 colours: red | blue + green | yellow")
        );
        assert_eq!(seating_line(&game(3)), None);
    }

    #[test]
    fn a_verbose_transcript_writes_each_change_once_under_its_turn() {
        let mut g = game(2);
        let mut out = Vec::new();
        crate::play::play_with_transcript(&mut g, &mut bots(2), 2, true, &mut out, |_| {}).unwrap();
        let out = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "turn    1  red", "{out}");
        assert_eq!(
            lines.iter().filter(|l| l.starts_with("turn ")).count(),
            2,
            "{out}"
        );
        let changes: Vec<&str> = lines
            .iter()
            .filter_map(|l| l.split_once(" changes: ").map(|(_, c)| c))
            .collect();
        for change in &changes {
            let naming = lines.iter().filter(|l| l.contains(change)).count();
            let same = changes.iter().filter(|c| *c == change).count();
            assert_eq!(naming, same, "{change} twice in\n{out}");
        }
        assert!(
            !out.contains("to play"),
            "the heading says whose turn: {out}"
        );
    }
}
