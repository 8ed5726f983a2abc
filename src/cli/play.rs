//! `tinbots play`: one whole game headless, its transcript and summary
//! written out, with a bot on every seat (the `--bot` choices, else the
//! game's own).

use anyhow::Result;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use super::flags::{check_players, player_count, seed_value, turn_count};
use super::{Console, Given};
use crate::bot::{seat_seed, Bot, BotSpec};
use crate::engine::{DynState, GameOptions};
use crate::escape::terminal_lines;
use crate::play::{play_with_transcript, DEFAULT_MAX_TURNS};
use crate::progress::Progress;
use crate::registry::GameType;
use crate::replay::Record;

/// Play a whole game headless, with the built-in random bots or bots in Lua.
#[derive(clap::Args, Debug)]
pub(super) struct Args {
    // Number of players: its help names the games' counts
    // ([`super::players_help`]).
    #[arg(long, short = 'p', value_parser = player_count, allow_negative_numbers = true)]
    players: Option<usize>,
    /// Seed for the special deck, the track and the bots.
    #[arg(long, short = 's', default_value_t = 1, value_parser = seed_value, allow_negative_numbers = true)]
    seed: u64,
    /// Stop after this many turns (one player's turn each) and score
    /// the game as if it had ended; 1 to 10000.
    #[arg(long, default_value_t = DEFAULT_MAX_TURNS, value_parser = turn_count, allow_negative_numbers = true)]
    max_turns: u32,
    /// Write the replay (JSON) to this file.
    #[arg(long)]
    save: Option<PathBuf>,
    /// Print every event of every turn.
    #[arg(long, short = 'v')]
    verbose: bool,
    /// Print only the final summary.
    #[arg(long, short = 'q', conflicts_with = "verbose")]
    quiet: bool,
    /// A variant to play (`tinbots variants` lists them); repeatable.
    #[arg(long = "variant", value_name = "NAME")]
    variants: Vec<String>,
    // Who plays a colour: its help names each game's own bot
    // ([`super::play_bots_help`]).
    #[arg(long = "bot", value_name = "COLOUR=BOT")]
    bots: Vec<String>,
}

/// Plays the game: its preamble and transcript (none with `--quiet`),
/// then its summary, and the replay saved with `--save`.
pub(super) fn run(args: Args, given: Given, console: &mut Console) -> Result<ExitCode> {
    let game_type = given.game()?;
    check_players(game_type, args.players)?;
    let options = GameOptions {
        players: args.players,
        seed: args.seed,
        variants: args.variants,
        own: given.own,
        rulings: given.rulings,
    };
    let started = game_type
        .start(&options)
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut record = Record::new(game_type, started.start);
    let mut game = started.game;
    let mut bots = seat_bots(game_type, game.as_ref(), args.seed, &args.bots)?;
    // The bar would break the transcript's lines on a terminal.
    let progress = if args.quiet || !console.out_is_terminal {
        Progress::new(u64::from(args.max_turns), "turns")
    } else {
        Progress::hidden()
    };
    let out = &mut *console.out;
    let mut transcript: Box<dyn Write> = if args.quiet {
        Box::new(io::sink())
    } else {
        Box::new(&mut *out)
    };
    if let Some(line) = game.preamble() {
        writeln!(transcript, "{line}")?;
    }
    play_with_transcript(
        game.as_mut(),
        &mut bots,
        args.max_turns,
        args.verbose,
        &mut transcript,
        |played| {
            record.answers.push(played.answer.clone());
            progress.reach(u64::from(played.turn.saturating_sub(1)));
        },
    )?;
    drop(transcript);
    progress.finish();
    record.stopped_at_turn_limit = game.outcome().is_some_and(|o| o.at_turn_limit);
    write!(out, "{}", terminal_lines(&game.summary()))?;
    if let Some(path) = args.save {
        record.save(&path)?;
        writeln!(out, "replay saved to {}", path.display())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The bot of every seat: the `--bot COLOUR=BOT` choices, else the
/// `--bot all=BOT` choice, else the game's own ([`GameType::play_bot`]).
/// A choice plays every colour of the person who plays that colour (a
/// variant may give one person several); two choices for one person are
/// refused, naming both.
fn seat_bots(
    game_type: &GameType,
    game: &dyn DynState,
    seed: u64,
    args: &[String],
) -> Result<Vec<Box<dyn Bot>>> {
    let seats = game.seats();
    let names: Vec<String> = (0..seats).map(|s| game.seat_name(s)).collect();
    // The `--bot` argument (and its bot) chosen for each seat.
    let mut chosen: Vec<Option<(&str, BotSpec)>> = vec![None; seats];
    // The `--bot all=BOT` argument, for the seats no other one chooses.
    let mut everyone: Option<(&str, BotSpec)> = None;
    for arg in args {
        let Some((colour, bot)) = arg.split_once('=') else {
            anyhow::bail!("--bot {arg}: expected COLOUR=BOT (or all=BOT), such as red=greedy, blue=random or red=path/to/bot.lua");
        };
        let colour = colour.trim().to_lowercase();
        if colour == "all" {
            if let Some((earlier, _)) = everyone {
                anyhow::bail!("--bot {earlier} and --bot {arg}: two bots for all; give one");
            }
            everyone = Some((arg, BotSpec::parse(bot)));
            continue;
        }
        let Some(seat) = names.iter().position(|n| *n == colour) else {
            anyhow::bail!(
                "--bot {arg}: {colour} is not playing (players: {})",
                names.join(", ")
            );
        };
        let person = game.controller(seat);
        for other in (0..seats).filter(|&s| game.controller(s) == person) {
            if let Some((earlier, _)) = &chosen[other] {
                let why = if other == seat {
                    format!("both choose the bot of {colour}")
                } else {
                    format!(
                        "{} and {colour} are played by one person, with one bot",
                        names[other]
                    )
                };
                anyhow::bail!("--bot {earlier} and --bot {arg}: {why}; give one --bot for them");
            }
            chosen[other] = Some((arg, BotSpec::parse(bot)));
        }
    }
    let own = BotSpec::parse(game_type.play_bot);
    chosen
        .into_iter()
        .enumerate()
        .map(|(seat, choice)| {
            let spec = choice.as_ref().or(everyone.as_ref()).map_or(&own, |c| &c.1);
            spec.make_for(game_type, seat_seed(seed, seat))
                .map_err(|e| anyhow::anyhow!("{e}"))
        })
        .collect()
}
