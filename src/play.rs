//! Headless games: bots answer every decision until the game ends or a turn
//! limit is reached, with an optional transcript of each turn and a final
//! summary.

use crate::bot::{Bot, BotFailure};
use crate::games::twin_tin_bots::game::{Answer, Decision, EndReason, Event, Game, RuleError};
use std::fmt::Write as _;
use std::io::{self, Write};

/// The default turn limit of `tinbots play`: one turn is one player's
/// program change and both robots' programs.
pub const DEFAULT_MAX_TURNS: u32 = 1000;

/// Why a headless game could not go on.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    /// A bot answered illegally.
    #[error("bot `{bot}` ({colour}) answered `{answer}`, which is illegal: {source}")]
    IllegalAnswer {
        /// The bot's name.
        bot: String,
        /// Its colour.
        colour: String,
        /// The answer, as text.
        answer: String,
        /// The rule broken.
        source: RuleError,
    },
    /// A bot could not answer.
    #[error("{0}")]
    BotFailed(#[from] BotFailure),
    /// Writing the transcript failed.
    #[error("cannot write the transcript: {0}")]
    Io(#[from] io::Error),
}

/// Lets the bot whose decision it is answer, and applies the answer.
/// Returns the decision answered and the answer, or `None` when the game is
/// over or `max_turns` turns were played (then the game is stopped with
/// [`EndReason::TurnLimit`], scored as if it had ended). `bots` are by seat.
pub fn play_one<B: Bot + ?Sized>(
    game: &mut Game,
    bots: &mut [Box<B>],
    max_turns: u32,
) -> Result<Option<(Decision, Answer)>, PlayError> {
    if game.is_over() {
        return Ok(None);
    }
    if game.turn() > max_turns {
        game.stop(EndReason::TurnLimit);
        return Ok(None);
    }
    let decision = game.decision();
    let Some(seat) = decision.player() else {
        return Ok(None);
    };
    let bot = &mut bots[seat];
    let answer = bot.choose(game)?;
    match game.apply(answer) {
        Ok(()) => Ok(Some((decision, answer))),
        Err(source) => Err(PlayError::IllegalAnswer {
            bot: bot.name().to_string(),
            colour: game.colours()[seat].to_string(),
            answer: game.answer_text(answer),
            source,
        }),
    }
}

/// Plays to the end (or the turn limit), calling `observe` after each answer.
pub fn drive<B: Bot + ?Sized>(
    game: &mut Game,
    bots: &mut [Box<B>],
    max_turns: u32,
    mut observe: impl FnMut(&Game, Decision, Answer),
) -> Result<(), PlayError> {
    while let Some((decision, answer)) = play_one(game, bots, max_turns)? {
        observe(game, decision, answer);
    }
    Ok(())
}

/// Writes what bots printed, each line as `[colour] text`, after the
/// transcript line in progress.
fn write_bot_output<B: Bot + ?Sized>(
    game: &Game,
    bots: &mut [Box<B>],
    line: &mut String,
    out: &mut dyn Write,
) -> io::Result<()> {
    for (seat, bot) in bots.iter_mut().enumerate() {
        let printed = bot.take_output();
        if printed.is_empty() {
            continue;
        }
        flush(line, out)?;
        for text in printed.lines() {
            writeln!(out, "[{}] {text}", game.colours()[seat].name())?;
        }
    }
    Ok(())
}

/// Plays a game writing one line per turn — the turn number, the player and
/// the changes made, with zap and crystal-placement answers in brackets — or
/// with `verbose`, a line per turn followed by every event as a sentence
/// ([`write_answer_events`]). `record` sees every answer.
pub fn play_with_transcript<B: Bot + ?Sized>(
    game: &mut Game,
    bots: &mut [Box<B>],
    max_turns: u32,
    verbose: bool,
    out: &mut dyn Write,
    mut record: impl FnMut(&Game, Answer),
) -> Result<(), PlayError> {
    let mut line = String::new();
    // The turn of the line in progress, or of the last verbose heading.
    let mut line_turn = 0;
    loop {
        let turn = game.turn();
        let player = game.active();
        let played = play_one(game, bots, max_turns);
        if played.is_err() {
            // Show the turn so far before the error.
            flush(&mut line, out)?;
        }
        write_bot_output(game, bots, &mut line, out)?;
        let Some((decision, answer)) = played? else {
            break;
        };
        record(game, answer);
        if verbose {
            // The events narrate the answer itself: it is not written again.
            write_answer_events(game, turn, player, &mut line_turn, out)?;
            continue;
        }
        let text = game.answer_text(answer);
        match decision {
            Decision::ProgramChange { .. } if turn != line_turn => {
                flush(&mut line, out)?;
                line_turn = turn;
                let _ = write!(
                    line,
                    "turn {turn:>4}  {:<6}  {text}",
                    game.colours()[player].name()
                );
            }
            Decision::ProgramChange { .. } => {
                let _ = write!(line, "; {text}");
            }
            Decision::ZapEffect { .. }
            | Decision::CrystalPlacement { .. }
            | Decision::ZapPush { .. } => {
                let _ = write!(line, " [{} {text}]", decision_label(decision));
            }
            // Games played here never step; a continue shows nothing.
            Decision::Continue { .. } | Decision::GameOver => {}
        }
    }
    flush(&mut line, out)?;
    Ok(())
}

/// Writes what the answer just applied to `game` did, for a verbose
/// transcript: a heading `turn N  colour` when `turn` (the turn the answer
/// was given in, by `player`) is not `shown_turn` (the last heading's turn,
/// updated), then every event as a sentence, each once. The start of the
/// next turn is not written as an event: its heading says it.
pub fn write_answer_events(
    game: &Game,
    turn: u32,
    player: usize,
    shown_turn: &mut u32,
    out: &mut dyn Write,
) -> io::Result<()> {
    if turn != *shown_turn {
        writeln!(out, "turn {turn:>4}  {}", game.colours()[player].name())?;
        *shown_turn = turn;
    }
    for event in game.events() {
        if !matches!(event, Event::TurnStarted { .. }) {
            writeln!(out, "    {}", game.describe(event))?;
        }
    }
    Ok(())
}

fn decision_label(decision: Decision) -> &'static str {
    match decision {
        Decision::ZapEffect { .. } => "zap:",
        Decision::ZapPush { .. } => "push:",
        _ => "crystal at",
    }
}

fn flush(line: &mut String, out: &mut dyn Write) -> io::Result<()> {
    if !line.is_empty() {
        writeln!(out, "{line}")?;
        line.clear();
    }
    Ok(())
}

/// The turns a game lasted. A game stopped at the turn limit has already
/// begun the turn after the limit, which is not counted: `play`, `replay`
/// and `tournament` all count with this.
pub fn turns_played(game: &Game) -> u32 {
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
    use crate::bot::{seat_seed, RandomBot};
    use crate::games::twin_tin_bots::setup::Setup;
    use crate::games::twin_tin_bots::variant::VariantSet;

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
        drive(&mut g, &mut bots(2), 7, |_, _, _| {}).unwrap();
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
    fn a_verbose_transcript_writes_each_change_once_under_its_turn() {
        let mut g = game(2);
        let mut out = Vec::new();
        play_with_transcript(&mut g, &mut bots(2), 2, true, &mut out, |_, _| {}).unwrap();
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
}
