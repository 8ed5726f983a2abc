//! A scenario's position from its TOML: the board (a file, or inline and
//! checked as a board file with its errors placed in the scenario), the
//! robots with their defaults, the option deck, the turn. Every mistake
//! is an error at its line: unknown colours and cards, a priority that is
//! not that card's, numbers out of their range; and every rule that ties
//! fields together (a card used twice, a robot off the board or in a pit,
//! two real robots on one square, an option held twice, a hand too big)
//! is the one validator's ([`crate::games::roborally::game::validate`]),
//! its refusal placed at the field's line.

use std::path::Path;
use std::sync::Arc;

use toml::Spanned;

use crate::grid::square::Compass;
use crate::script::text::shown;
use crate::suggest::{closest, did_you_mean};

use super::format::{Dir, RawScenario};
use super::{ScenarioError, Source};
use crate::games::roborally::board::Board;
use crate::games::roborally::cards::{Card, Deck, REGISTERS};
use crate::games::roborally::game::options::{option_name, OPTION_NAMES};
use crate::games::roborally::game::validate::Names;
use crate::games::roborally::game::{validate, Field, Invalid, Play, Setup, MAX_LIVES};
use crate::games::roborally::position::{Position, RobotState, Stage, COLOURS};

/// A position and the turn to play on it.
pub(super) struct Built {
    pub position: Position,
    /// The robots' hands, by seat order, when the scenario programs
    /// from them (`hand` without `program`); `None` otherwise.
    pub hands: Option<Vec<Vec<Card>>>,
    pub begin: bool,
    pub registers: u8,
    /// Each choice and its offset in the file.
    pub choices: Vec<(String, usize)>,
    /// The cards each robot holds beside a given program, by seat order
    /// (empty when the scenario programs from its hands).
    pub held: Vec<Vec<Card>>,
}

/// A card of the deck written in a scenario (that it is used once in the
/// whole file is the validator's rule).
fn deck_card(src: Source, text: &Spanned<String>) -> Result<Card, ScenarioError> {
    Deck::standard()
        .parse_card(text.get_ref())
        .map_err(|e| src.at(text.span().start, e.to_string()))
}

/// A direction of the file as a compass direction.
pub(super) fn compass(d: Dir) -> Compass {
    match d {
        Dir::N => Compass::N,
        Dir::E => Compass::E,
        Dir::S => Compass::S,
        Dir::W => Compass::W,
    }
}

/// The seat (colour index) a colour names.
pub(super) fn colour(src: Source, id: &Spanned<String>) -> Result<usize, ScenarioError> {
    COLOURS
        .iter()
        .position(|&c| c == id.get_ref())
        .ok_or_else(|| {
            src.at(
                id.span().start,
                format!(
                    "unknown robot `{}`: robots are named by colour{}",
                    shown(id.get_ref()),
                    did_you_mean(&closest(id.get_ref(), COLOURS))
                ),
            )
        })
}

/// An option's name, checked.
pub(super) fn option(src: Source, name: &Spanned<String>) -> Result<String, ScenarioError> {
    option_name(name.get_ref())
        .map(str::to_string)
        .ok_or_else(|| {
            src.at(
                name.span().start,
                format!(
                    "unknown option card `{}`{}",
                    shown(name.get_ref()),
                    did_you_mean(&closest(name.get_ref(), OPTION_NAMES))
                ),
            )
        })
}

/// The text of the file with only its `[board]` tables left, headers
/// renamed to a board file's (`[[board.square]]` → `[[square]]`), every
/// other line blanked: lines and columns stay those of the scenario.
fn inline_board_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_board = false;
    for line in text.split_inclusive('\n') {
        let body = line.split('#').next().unwrap_or("").trim();
        let header = body.starts_with('[')
            && body.ends_with(']')
            && !body.contains('=')
            && !body.contains(',');
        if header {
            let name = body.trim_matches(|c| c == '[' || c == ']').trim();
            in_board = name == "board" || name.starts_with("board.");
            if in_board {
                let renamed = line.replacen("board.", "", 1);
                if name == "board" {
                    out.push_str(if line.ends_with('\n') { "\n" } else { "" });
                } else {
                    out.push_str(renamed.trim_end_matches('\n'));
                    out.push_str(if line.ends_with('\n') { "\n" } else { "" });
                }
                continue;
            }
        }
        if in_board {
            out.push_str(line);
        } else if line.ends_with('\n') {
            out.push('\n');
        }
    }
    out
}

/// The board a scenario names or holds.
fn board(src: Source, raw: &RawScenario, folder: &Path) -> Result<Board, ScenarioError> {
    let from_board = |e: crate::games::roborally::board::BoardError| ScenarioError {
        place: e.place,
        message: e.message,
    };
    match raw.board.as_ref().map(|b| (b.span().start, b.get_ref())) {
        None => {
            Err(src
                .whole("a scenario needs a board: `board = \"file\"` or an inline `[board]` table"))
        }
        Some((_, toml::Value::String(file))) => {
            let path = folder.join(file);
            let text =
                crate::files::read_text(&path, crate::files::FileKind::Data).map_err(|e| {
                    ScenarioError {
                        place: src.file.to_string(),
                        message: format!("cannot read the board file: {e}"),
                    }
                })?;
            Board::parse(&path.display().to_string(), &text).map_err(from_board)
        }
        Some((_, toml::Value::Table(_))) => {
            Board::parse(src.file, &inline_board_text(src.text)).map_err(from_board)
        }
        Some((at, _)) => Err(src.at(at, "`board` is a file name or a table")),
    }
}

/// A whole number field in `lo..=hi`, or its default.
fn number(
    src: Source,
    v: &Option<Spanned<i64>>,
    default: u8,
    lo: i64,
    hi: i64,
    what: &str,
) -> Result<u8, ScenarioError> {
    match v {
        None => Ok(default),
        Some(n) if (lo..=hi).contains(n.get_ref()) => {
            Ok(u8::try_from(*n.get_ref()).expect("a range within u8"))
        }
        Some(n) => Err(src.at(
            n.span().start,
            format!("{what} {}: it is {lo} to {hi}", n.get_ref()),
        )),
    }
}

/// How a scenario names a position's fields in a refusal.
const NAMES: Names = Names {
    robots: "robot",
    hand: |i| format!("robot[{i}].hand"),
};

/// A refusal of the validator placed at its field's line in the file
/// (the robot's `id` when the field is not written: a default).
fn placed(src: Source, raw: &RawScenario, e: &Invalid) -> ScenarioError {
    let span = |s: &Option<Spanned<_>>| s.as_ref().map(|s: &Spanned<_>| s.span().start);
    let offset = match e.field {
        Field::Robot { robot, key, item } => raw.robot.get(robot).map(|r| {
            let given = match key {
                "at" => r.at.as_ref().map(|s| s.span().start),
                "archive" => r.archive.as_ref().map(|s| s.span().start),
                "damage" => span(&r.damage),
                "lives" => span(&r.lives),
                "flags" => span(&r.flags),
                "destroyed" | "virtual" | "powered_down" | "power_down_announced" => {
                    r.destroyed.as_ref().map(|s| s.span().start)
                }
                "options" => item.and_then(|k| r.options.get(k)).map(|o| o.span().start),
                "program" => r.program.as_ref().map(|p| {
                    item.and_then(|k| p.get_ref().get(k))
                        .map_or(p.span().start, |c| c.span().start)
                }),
                _ => None,
            };
            given.unwrap_or(r.id.span().start)
        }),
        Field::Hand { robot, item } => {
            raw.robot.get(robot).and_then(|r| r.hand.as_ref()).map(|h| {
                item.and_then(|k| h.get_ref().get(k))
                    .map_or(h.span().start, |c| c.span().start)
            })
        }
        Field::OptionDeck(item) => item
            .and_then(|k| raw.option_deck.get(k))
            .map(|o| o.span().start),
        Field::Board => raw.board.as_ref().map(|b| b.span().start),
        Field::Robots | Field::Turn => None,
    };
    let message = e.message(&NAMES);
    match offset {
        Some(offset) => src.placed(offset, message),
        None => src.whole(message),
    }
}

/// The position and turn of a scenario.
pub(super) fn position(
    src: Source,
    raw: &RawScenario,
    folder: &Path,
    lives: u8,
) -> Result<Built, ScenarioError> {
    if raw.game.get_ref() != "roborally" {
        return Err(src.at(
            raw.game.span().start,
            format!(
                "game `{}`: a RoboRally scenario says `game = \"roborally\"`",
                shown(raw.game.get_ref())
            ),
        ));
    }
    let board = board(src, raw, folder)?;
    if raw.robot.is_empty() || raw.robot.len() > COLOURS.len() {
        return Err(src.whole(format!(
            "{} robots: a scenario has 1 to {}",
            raw.robot.len(),
            COLOURS.len()
        )));
    }
    let mut robots: Vec<RobotState> = Vec::new();
    let mut hands: Vec<Vec<Card>> = Vec::new();
    // Where the first robot with a hand is, and whether it has a program:
    // every other hand must be used the same way.
    let mut hand_use: Option<(usize, bool)> = None;
    for r in &raw.robot {
        let seat = colour(src, &r.id)?;
        let destroyed = r.destroyed.as_ref().is_some_and(|d| *d.get_ref());
        let at = match (&r.at, destroyed) {
            (Some(a), true) => {
                return Err(src.at(
                    a.span().start,
                    "a destroyed robot is off the board: give its `archive`, not `at`",
                ))
            }
            (None, true) => None,
            (None, false) => {
                return Err(src.at(
                    r.id.span().start,
                    "a robot needs `at` (or `destroyed = true`)",
                ))
            }
            (Some(a), false) => Some(*a.get_ref()),
        };
        let facing = match (&r.facing, destroyed) {
            (Some(f), true) => {
                return Err(src.at(
                    f.span().start,
                    "a destroyed robot has no facing: it chooses one as it comes back",
                ))
            }
            (Some(f), false) => compass(*f.get_ref()),
            (None, true) => Compass::N,
            (None, false) => {
                return Err(src.at(r.id.span().start, "a robot needs `facing` (N, E, S or W)"))
            }
        };
        let archive = match (&r.archive, at) {
            (Some(a), _) => *a.get_ref(),
            (None, Some(at)) => at,
            (None, None) => {
                return Err(src.at(
                    r.id.span().start,
                    "a destroyed robot needs its `archive`, where it comes back",
                ))
            }
        };
        let mut program: [Option<Card>; REGISTERS] = [None; REGISTERS];
        if let Some(p) = &r.program {
            if p.get_ref().len() > REGISTERS {
                return Err(src.at(
                    p.span().start,
                    format!("{} cards: a program has 5 registers", p.get_ref().len()),
                ));
            }
            for (slot, text) in program.iter_mut().zip(p.get_ref()) {
                if text.get_ref().trim().is_empty() {
                    continue;
                }
                *slot = Some(deck_card(src, text)?);
            }
        }
        if let Some(hand) = &r.hand {
            let programmed = r.program.is_some();
            match hand_use {
                None => hand_use = Some((hand.span().start, programmed)),
                Some((_, first)) if first != programmed => {
                    return Err(src.at(
                        hand.span().start,
                        "every robot with a `hand` needs a `program`, or none does: \
                         without one the turn is programmed from the hands, beside one \
                         the hand is only held",
                    ))
                }
                Some(_) => {}
            }
            let hand = hand
                .get_ref()
                .iter()
                .map(|text| deck_card(src, text))
                .collect::<Result<Vec<_>, _>>()?;
            hands.resize(robots.len() + 1, Vec::new());
            hands[robots.len()] = hand;
        }
        let options = r
            .options
            .iter()
            .map(|o| option(src, o))
            .collect::<Result<Vec<_>, _>>()?;
        let robot = RobotState {
            seat,
            at,
            facing,
            damage: number(src, &r.damage, 0, 0, 9, "damage")?,
            lives: number(src, &r.lives, lives, 0, i64::from(MAX_LIVES), "lives")?,
            flags: number(src, &r.flags, 0, 0, i64::from(u8::MAX), "flags")?,
            archive,
            virtual_robot: r.virtual_robot,
            powered_down: r.powered_down,
            power_down_announced: r.power_down_announced,
            program,
            options,
        };
        robots.push(robot);
    }
    let option_deck = raw
        .option_deck
        .iter()
        .map(|o| option(src, o))
        .collect::<Result<Vec<_>, _>>()?;
    let registers = number(src, &raw.turn.registers, 1, 0, 5, "registers")?;
    if !hands.is_empty() {
        hands.resize(robots.len(), Vec::new());
    }
    let held_only = hand_use.is_some_and(|(_, programmed)| programmed);
    let (hands, held) = if held_only {
        (None, hands)
    } else {
        ((!hands.is_empty()).then_some(hands), Vec::new())
    };
    let position = Position {
        board: Arc::new(board),
        robots,
        option_deck,
        turn: 1,
        stage: Stage::Registers,
    };
    validate(&Setup {
        position: &position,
        dealt: hands.as_deref(),
        held: &held,
        play: Play::Rules,
    })
    .map_err(|e| placed(src, raw, &e))?;
    Ok(Built {
        hands,
        held,
        position,
        begin: raw.turn.begin,
        registers,
        choices: raw
            .turn
            .choices
            .iter()
            .map(|c| (c.get_ref().clone(), c.span().start))
            .collect(),
    })
}
