//! Headless games of any game, through the seam: bots answer every
//! decision until the game ends or a turn limit is reached, with an
//! optional transcript of each turn; the game writes its own summary.

use crate::bot::{Bot, BotFailure};
use crate::engine::{DynState, Refusal, Seat, TranscriptPart};
use std::fmt::Write as _;
use std::io::{self, Write};

/// The default turn limit of `tinbots play`.
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
        source: Refusal,
    },
    /// The game refused an answer it offered as legal: a script of the
    /// game's (a variant's, a mission's hook) failed while it was applied.
    #[error("{colour}'s answer `{answer}` could not be applied: {source}")]
    AnswerFailed {
        /// Its colour.
        colour: String,
        /// The answer, as text.
        answer: String,
        /// Why, naming the script.
        source: Refusal,
    },
    /// A bot could not answer.
    #[error("{0}")]
    BotFailed(#[from] BotFailure),
    /// Writing the transcript failed.
    #[error("cannot write the transcript: {0}")]
    Io(#[from] io::Error),
}

/// One answer given by a bot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The seat that answered.
    pub seat: Seat,
    /// The turn it was given in.
    pub turn: u32,
    /// How a transcript writes it.
    pub part: TranscriptPart,
    /// The answer, as text; empty when it was not asked for (a game
    /// driven without a transcript).
    pub answer: String,
}

/// Lets the bot whose decision it is answer, and applies the answer.
/// Returns what was played (without the answer's text: see
/// [`play_one_shown`]), or `None` when the game is over or `max_turns`
/// turns were played (then the game is stopped at the turn limit, scored
/// as if it had ended). `bots` are by seat.
pub fn play_one<B: Bot + ?Sized>(
    game: &mut dyn DynState,
    bots: &mut [Box<B>],
    max_turns: u32,
) -> Result<Option<Played>, PlayError> {
    play_next(game, bots, max_turns, false)
}

/// [`play_one`], with the answer's text in what was played.
pub fn play_one_shown<B: Bot + ?Sized>(
    game: &mut dyn DynState,
    bots: &mut [Box<B>],
    max_turns: u32,
) -> Result<Option<Played>, PlayError> {
    play_next(game, bots, max_turns, true)
}

fn play_next<B: Bot + ?Sized>(
    game: &mut dyn DynState,
    bots: &mut [Box<B>],
    max_turns: u32,
    with_text: bool,
) -> Result<Option<Played>, PlayError> {
    if game.is_over() {
        return Ok(None);
    }
    if game.turn() > max_turns {
        game.stop_at_turn_limit();
        return Ok(None);
    }
    let Some(seat) = game.to_decide() else {
        return Ok(None);
    };
    let turn = game.turn();
    let part = game.transcript_part();
    let bot = &mut bots[seat];
    let index = bot.choose(game)?;
    let answer = if with_text {
        game.legal_text(index).unwrap_or_default()
    } else {
        String::new()
    };
    match game.apply_index(index) {
        Ok(()) => Ok(Some(Played {
            seat,
            turn,
            part,
            answer,
        })),
        // A refused answer changes nothing: the answers offered are those
        // the bot chose from.
        Err(source) if index < game.legal_count() => Err(PlayError::AnswerFailed {
            colour: game.seat_name(seat),
            answer: game
                .legal_text(index)
                .unwrap_or_else(|| format!("answer {}", index + 1)),
            source,
        }),
        Err(source) => Err(PlayError::IllegalAnswer {
            bot: bot.name().to_string(),
            colour: game.seat_name(seat),
            answer: game
                .legal_text(index)
                .unwrap_or_else(|| format!("answer {}", index + 1)),
            source,
        }),
    }
}

/// Plays to the end (or the turn limit), calling `observe` after each answer.
pub fn drive<B: Bot + ?Sized>(
    game: &mut dyn DynState,
    bots: &mut [Box<B>],
    max_turns: u32,
    mut observe: impl FnMut(&dyn DynState, &Played),
) -> Result<(), PlayError> {
    while let Some(played) = play_one(game, bots, max_turns)? {
        observe(game, &played);
    }
    Ok(())
}

/// [`drive`], with each answer's text in what `observe` sees.
pub fn drive_shown<B: Bot + ?Sized>(
    game: &mut dyn DynState,
    bots: &mut [Box<B>],
    max_turns: u32,
    mut observe: impl FnMut(&dyn DynState, &Played),
) -> Result<(), PlayError> {
    while let Some(played) = play_one_shown(game, bots, max_turns)? {
        observe(game, &played);
    }
    Ok(())
}

/// Writes what bots printed, each line as `[colour] text`, after the
/// transcript line in progress.
fn write_bot_output<B: Bot + ?Sized>(
    game: &dyn DynState,
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
            writeln!(out, "[{}] {text}", game.seat_name(seat))?;
        }
    }
    Ok(())
}

/// Plays a game writing one line per turn and player — the turn number,
/// the player and its main answers, with answers asked along the way in
/// brackets — or with `verbose`, a heading per turn and player followed by
/// every event as a sentence ([`write_answer_events`]). `record` sees every
/// answer.
pub fn play_with_transcript<B: Bot + ?Sized>(
    game: &mut dyn DynState,
    bots: &mut [Box<B>],
    max_turns: u32,
    verbose: bool,
    out: &mut dyn Write,
    mut record: impl FnMut(&Played),
) -> Result<(), PlayError> {
    let mut line = String::new();
    // The turn and seat of the line in progress, or of the last heading.
    let mut heading = None;
    loop {
        let played = play_one_shown(game, bots, max_turns);
        if played.is_err() {
            // Show the turn so far before the error.
            flush(&mut line, out)?;
        }
        write_bot_output(game, bots, &mut line, out)?;
        let Some(played) = played? else {
            break;
        };
        record(&played);
        if verbose {
            // The events narrate the answer itself: it is not written again.
            write_answer_events(game, &played, &mut heading, out)?;
            continue;
        }
        let text = &played.answer;
        match played.part {
            TranscriptPart::Main if heading != Some((played.turn, played.seat)) => {
                flush(&mut line, out)?;
                heading = Some((played.turn, played.seat));
                let _ = write!(
                    line,
                    "turn {:>4}  {:<6}  {text}",
                    played.turn,
                    game.seat_name(played.seat)
                );
            }
            TranscriptPart::Main => {
                let _ = write!(line, "; {text}");
            }
            TranscriptPart::Aside(label) if heading.map(|(_, seat)| seat) == Some(played.seat) => {
                let _ = write!(line, " [{label} {text}]");
            }
            // Another seat's answer on this line: named, so that it is not
            // read as the line's own.
            TranscriptPart::Aside(label) => {
                let _ = write!(line, " [{} {label} {text}]", game.seat_name(played.seat));
            }
            TranscriptPart::Silent => {}
        }
    }
    flush(&mut line, out)?;
    Ok(())
}

/// Writes what the answer just applied to `game` did, for a verbose
/// transcript: a heading `turn N  colour` when the answer's turn and seat
/// are not those of the last heading (`heading`, updated), then every
/// event as a sentence, each once.
pub fn write_answer_events(
    game: &dyn DynState,
    played: &Played,
    heading: &mut Option<(u32, Seat)>,
    out: &mut dyn Write,
) -> io::Result<()> {
    if *heading != Some((played.turn, played.seat)) {
        writeln!(
            out,
            "turn {:>4}  {}",
            played.turn,
            game.seat_name(played.seat)
        )?;
        *heading = Some((played.turn, played.seat));
    }
    for event in game.transcript_events() {
        writeln!(out, "    {event}")?;
    }
    Ok(())
}

fn flush(line: &mut String, out: &mut dyn Write) -> io::Result<()> {
    if !line.is_empty() {
        writeln!(out, "{line}")?;
        line.clear();
    }
    Ok(())
}
