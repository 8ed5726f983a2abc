//! Playing a scenario's one turn: `changes` answer the program-change
//! decisions, `choices` answer zap effects and crystal placements, in the
//! order the game asks; the turn ends when the next player's turn begins or
//! the game is over. Too many, too few or illegal answers are errors that
//! point at the answer (or the list) in the file.

use super::error::{ScenarioError, Source};
use super::format::{Names, ScenarioFile};
use crate::games::twin_tin_bots::game::{Answer, Change, ChangeStep, Decision, Event, Game};
use std::ops::Range;
use toml::Spanned;

/// The game after the turn, and the turn's events as sentences.
pub(super) struct Played {
    /// The game, stopped at the next player's program change or over.
    pub game: Game,
    /// Every event of the turn, from its start to its end, described.
    pub events: Vec<String>,
    /// What each `[[expect.refused]]` answer met, in the file's order:
    /// `None` when no decision of the turn took it, else the refusal's
    /// text (`Err`) or `Ok` when the game allowed it.
    pub refusals: Vec<Option<Result<(), String>>>,
}

/// The answers of one list (`changes` or `choices`) and where the list is.
struct Answers<'a> {
    items: &'a [Spanned<String>],
    next: usize,
    /// The list's span, or the `[turn]` table's when the list is absent.
    span: Option<Range<usize>>,
}

impl<'a> Answers<'a> {
    fn new(list: Option<&'a Spanned<Names>>, turn_span: Option<Range<usize>>) -> Self {
        match list {
            Some(l) => Answers {
                items: l.get_ref(),
                next: 0,
                span: Some(l.span()),
            },
            None => Answers {
                items: &[],
                next: 0,
                span: turn_span,
            },
        }
    }

    fn take(&mut self) -> Option<&'a Spanned<String>> {
        let item = self.items.get(self.next)?;
        self.next += 1;
        Some(item)
    }

    fn left(&self) -> Option<&'a Spanned<String>> {
        self.items.get(self.next)
    }
}

/// Plays the turn of the active player (seat 0) of `game`, the scenario's
/// position started with its rules and rulings.
pub(super) fn play_turn(
    src: Source,
    file: &ScenarioFile,
    mut game: Game,
) -> Result<Played, ScenarioError> {
    let colours = game.colours().to_vec();
    let turn_span = file.turn.as_ref().map(|t| t.span());
    let mut changes = Answers::new(
        file.turn
            .as_ref()
            .and_then(|t| t.get_ref().changes.as_ref()),
        turn_span.clone(),
    );
    let mut choices = Answers::new(
        file.turn
            .as_ref()
            .and_then(|t| t.get_ref().choices.as_ref()),
        turn_span,
    );
    let (player, turn) = (game.active(), game.turn());
    let mut events = vec![];
    let mut refusals = vec![None; file.expect.refused.len()];
    let mut over = false;
    collect(&game, turn, &mut events, &mut over);

    loop {
        let decision = game.decision();
        let asks_change = matches!(decision, Decision::ProgramChange { .. });
        let turn_over = decision == Decision::GameOver
            || (asks_change && (game.active() != player || game.turn() != turn));
        if let Some(extra) = changes.left().filter(|_| turn_over || !asks_change) {
            return Err(too_many_changes(src, file, &changes, extra));
        }
        if turn_over {
            break;
        }
        let (answer, text) = match decision {
            Decision::ProgramChange { step, .. } => match changes.take() {
                Some(text) => {
                    let change = Change::parse(&colours, text.get_ref())
                        .map_err(|e| src.invalid(Some(text.span()), e))?;
                    (Answer::Change(change), Some(text))
                }
                // The optional second change of a Double Modification.
                None if step == ChangeStep::Second => (Answer::Change(Change::Pass), None),
                None => {
                    let what = match step {
                        ChangeStep::FirstTurn { placed: Some(r) } => format!(
                            "another first-turn placement ({} already has its new order)",
                            game.robot_name(r)
                        ),
                        ChangeStep::FirstTurn { placed: None } => {
                            "a first-turn placement".to_string()
                        }
                        _ => "a program change".to_string(),
                    };
                    let hint = if file.turn.is_none() {
                        " (the scenario has no [turn] table)"
                    } else {
                        ""
                    };
                    return Err(src.turn(
                        changes.span.clone(),
                        format!("the turn asks for {what} but `changes` has no more answers{hint}"),
                    ));
                }
            },
            Decision::ZapEffect { .. }
            | Decision::CrystalPlacement { .. }
            | Decision::ZapPush { .. } => {
                // What is asked, as said when no choice is left, and as added
                // to a choice that does not parse.
                let (missing, context) = match decision {
                    Decision::ZapEffect { zapper, target, .. } => {
                        let what = format!(
                            "{} zaps {}",
                            game.robot_name(zapper),
                            game.robot_name(target)
                        );
                        (format!("for a zap effect ({what})"), what)
                    }
                    Decision::CrystalPlacement { player, crystal } => {
                        let options: Vec<String> = game
                            .legal_answer_list()
                            .iter()
                            .map(|a| game.answer_text(*a))
                            .collect();
                        let what = format!(
                            "where the new {crystal} goes; {} chooses among {}",
                            colours[player],
                            options.join(" ")
                        );
                        (format!("{what},"), format!("the turn asks {what}"))
                    }
                    Decision::ZapPush { zapper, at, .. } => {
                        let what = format!(
                            "{} zaps the piece at {at}: where it is pushed",
                            game.robot_name(zapper)
                        );
                        (format!("for a direction ({what})"), what)
                    }
                    _ => unreachable!("only zap effects, pushes and crystal placements reach here"),
                };
                let Some(text) = choices.take() else {
                    return Err(src.turn(
                        choices.span.clone(),
                        format!("the turn asks {missing} but `choices` has no more answers"),
                    ));
                };
                let answer = game
                    .parse_answer(text.get_ref())
                    .map_err(|e| src.invalid(Some(text.span()), format!("{e} ({context})")))?;
                (answer, Some(text))
            }
            // Scenarios never step; should one pause, it goes on.
            Decision::Continue { .. } => (Answer::Continue, None),
            Decision::GameOver => break,
        };
        try_refused(&game, file, &mut refusals);
        game.apply(answer).map_err(|e| {
            let shown = text.map_or_else(
                || game.answer_text(answer),
                |t| t.get_ref().trim().to_string(),
            );
            let why = e.to_string();
            src.turn(
                text.map(|t| t.span()),
                format!("`{shown}` is not allowed: {why}"),
            )
        })?;
        collect(&game, turn, &mut events, &mut over);
    }

    if let Some(extra) = choices.left() {
        let asked = match choices.next {
            0 => "no choice".to_string(),
            1 => "only 1 choice".to_string(),
            n => format!("only {n} choices"),
        };
        return Err(src.turn(
            Some(extra.span()),
            format!(
                "`{}` is one answer too many: the turn asked for {asked}",
                extra.get_ref()
            ),
        ));
    }
    Ok(Played {
        game,
        events,
        refusals,
    })
}

/// Tries, on a copy of `game`, each `[[expect.refused]]` answer not tried
/// yet that answers the decision at hand, keeping what it met.
fn try_refused(game: &Game, file: &ScenarioFile, refusals: &mut [Option<Result<(), String>>]) {
    for (refused, met) in file.expect.refused.iter().zip(refusals.iter_mut()) {
        if met.is_some() {
            continue;
        }
        if let Ok(answer) = game.parse_answer(refused.answer.get_ref()) {
            *met = Some(game.clone().apply(answer).map_err(|e| e.to_string()));
        }
    }
}

/// Describes the last answer's events, up to the start of the next turn.
fn collect(game: &Game, turn: u32, out: &mut Vec<String>, over: &mut bool) {
    for e in game.events() {
        if matches!(e, Event::TurnStarted { turn: t, .. } if *t != turn) {
            *over = true;
        }
        if !*over {
            out.push(game.describe(e));
        }
    }
}

/// The error for a change the turn does not ask for, saying which rule
/// leaves no room for it.
fn too_many_changes(
    src: Source,
    file: &ScenarioFile,
    changes: &Answers,
    extra: &Spanned<String>,
) -> ScenarioError {
    let text = extra.get_ref().trim();
    let previous = changes
        .next
        .checked_sub(1)
        .and_then(|i| changes.items.get(i));
    let why = if file.first_turn {
        "on a player's very first turn he places one order on each robot and makes no other change \
         (000_f177823dad35ee93.txt: The Game — Exception)"
            .to_string()
    } else if previous.is_some_and(|p| p.get_ref().trim() == "pass") {
        "it follows `pass`, which leaves both programs as they are and ends the program changes"
            .to_string()
    } else if changes.next == 1 {
        "two changes without a Double Modification in hand: a player makes a single change per turn \
         (000_f177823dad35ee93.txt: 1. Change the programming of a single Robot; Double Modification)"
            .to_string()
    } else {
        "a turn has at most two changes, the second one with the Double Modification \
         (000_f177823dad35ee93.txt: Double Modification)"
            .to_string()
    };
    let why =
        crate::engine::rulebook::readable(crate::games::twin_tin_bots::rulebook::RULEBOOKS, &why);
    src.turn(
        Some(extra.span()),
        format!("`{text}` is one change too many: {why}"),
    )
}
