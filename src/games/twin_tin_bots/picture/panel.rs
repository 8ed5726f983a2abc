//! The players' side of the table, as text under the map.

use super::text::wrap_items;
use super::text::{piece_name, where_line};
use super::{
    colour_code, colour_letter, strip_ansi, wrap_list, wrap_words, ListStyle, RenderOptions, WIDTH,
};
use crate::games::twin_tin_bots::game::{ChangeStep, Decision, DecisionView, Game, PlayerView};
use crate::games::twin_tin_bots::orders::Tile;
use crate::games::twin_tin_bots::pieces::{robot_of, PlayerId};
use std::fmt::Write;

/// The panel under the map: the turn, whose turn it is and what is being
/// decided, the track and special deck lengths, the countdown; then one
/// block per player in seating order: colour, score (base points plus
/// carried crystals at one less), the base and what it holds, each robot's
/// place and program (slots 1 to 3, `-` for an empty slot), and the hand.
///
/// Hands follow what `viewer` may know ([`Game::view`]): the viewer's own
/// hand in full, and of everyone else's only the standard tiles plus
/// "N special tile(s) (hidden)". `viewer = None` shows every hand in full
/// (`show --all`). Ends with a newline.
pub fn panel(game: &Game, viewer: Option<PlayerId>, options: &RenderOptions) -> String {
    let view = game.view(viewer.unwrap_or(0));
    let mut out = String::new();
    let seen_by = match viewer {
        Some(v) => format!("as {} sees it", game.colours()[v]),
        None => "all hands shown".to_string(),
    };
    let _ = writeln!(
        out,
        "turn {} | {} to play | {seen_by}",
        view.turn,
        paint_colour(options, view.active)
    );
    for (i, part) in decision_text(game, options).split('\n').enumerate() {
        let head = if i == 0 { "deciding: " } else { "  " };
        wrap_words(&mut out, head, part, "  ");
    }
    let _ = writeln!(
        out,
        "track: {} | special deck: {}",
        count(view.track_length, "crystal", "crystals", "left"),
        count(view.special_deck_length, "tile", "tiles", "left"),
    );
    let _ = writeln!(out, "countdown: {}", countdown_text(&view));
    if let Some(points) = view.score_to_win {
        let _ = writeln!(out, "score to win: {points} points in base");
    }
    if let Some(over) = game_over_text(game) {
        wrap_words(&mut out, "", &over, "  ");
    }
    for p in 0..game.players().len() {
        out.push('\n');
        player_block(&mut out, game, &view, p, viewer, options);
    }
    out
}

/// The short panel of the compact `show`: one status line (the turn, who
/// plays, the track, the special deck, the countdown; with "`show --full`
/// for more" when it fits), the game's end if it is
/// over, one line per player (colour, score, and each robot's program:
/// `R1 forward_1 zap -`), then `viewer`'s hand, cut short (ending `...`)
/// where the panel would pass `max_lines` lines. Lines wrap at 80 columns.
/// Ends with a newline.
pub fn compact_panel(
    game: &Game,
    viewer: PlayerId,
    options: &RenderOptions,
    max_lines: usize,
) -> String {
    let view = game.view(viewer);
    let mut out = String::new();
    let countdown = if !view.end_phase {
        format!("countdown not begun ({})", view.counters)
    } else if view.counters == 0 {
        "end phase, last round".to_string()
    } else {
        format!("end phase, {} left", view.counters)
    };
    let status = [
        format!("turn {}", view.turn),
        format!("{} to play", paint_colour(options, view.active)),
        format!(
            "track {}, special deck {}",
            view.track_length, view.special_deck_length
        ),
        countdown,
    ];
    let mut line = String::new();
    wrap_items(&mut line, "", &status);
    const MORE: &str = " | `show --full` for more";
    if !line.trim_end().contains('\n')
        && strip_ansi(line.trim_end()).chars().count() + MORE.len() <= WIDTH
    {
        line = format!("{}{MORE}\n", line.trim_end());
    }
    out.push_str(&line);
    if let Some(over) = game_over_text(game) {
        wrap_words(&mut out, "", &over, "  ");
    }
    for p in 0..game.players().len() {
        let info = &view.players[p];
        let mut items = vec![format!(
            "{}{} score {}",
            paint_colour(options, info.colour),
            " ".repeat(6usize.saturating_sub(info.colour.name().len())),
            info.score,
        )];
        for n in 0..2 {
            let id = robot_of(p, n);
            if let Some(robot) = game.robot(id) {
                let slots: Vec<&str> = robot
                    .program
                    .iter()
                    .map(|t| t.map_or("-", Tile::name))
                    .collect();
                items.push(format!(
                    "{}{} {}",
                    colour_letter(info.colour),
                    n + 1,
                    slots.join(" ")
                ));
            }
        }
        wrap_items(&mut out, "", &items);
    }
    if !game.is_over() {
        let hand: Vec<Tile> = game.players()[viewer].hand.iter().collect();
        let mut words = grouped(&hand);
        if words.is_empty() {
            words.push("empty".to_string());
        }
        let head = format!("{}'s hand ({}): ", game.colours()[viewer], hand.len());
        let lines_left = max_lines.saturating_sub(out.lines().count()).max(1);
        loop {
            let mut lines = String::new();
            wrap(&mut lines, &head, &words);
            if lines.lines().count() <= lines_left || words.len() <= 1 {
                out.push_str(&lines);
                break;
            }
            if words.last().is_some_and(|w| w == "...") {
                words.pop();
            }
            words.pop();
            words.push("...".to_string());
        }
    }
    out
}

/// `game over: <reason> | winner: <colours>`, once the game is over.
fn game_over_text(game: &Game) -> Option<String> {
    let outcome = game.outcome()?;
    let winners: Vec<&str> = outcome
        .winners
        .iter()
        .map(|p| game.colours()[*p].name())
        .collect();
    Some(format!(
        "game over: {} | winner: {}",
        outcome.reason.describe(),
        winners.join(", ")
    ))
}

fn paint_colour(
    options: &RenderOptions,
    colour: crate::games::twin_tin_bots::pieces::Colour,
) -> String {
    options.paint(colour.name(), colour_code(colour))
}

/// `n` things, in words: "1 crystal left", "3 tiles left".
fn count(n: usize, one: &str, many: &str, tail: &str) -> String {
    format!("{n} {} {tail}", if n == 1 { one } else { many })
}

fn countdown_text(view: &PlayerView) -> String {
    let counters = count(view.counters as usize, "counter", "counters", "left");
    if !view.end_phase {
        format!("not begun ({counters})")
    } else if view.counters == 0 {
        "end phase, last round".to_string()
    } else {
        format!("end phase, {counters}")
    }
}

/// What is being decided now, by whom.
fn decision_text(game: &Game, options: &RenderOptions) -> String {
    let decision = game.decision();
    let dv = DecisionView::of(game, decision);
    let who = dv
        .player
        .map(|c| paint_colour(options, c))
        .unwrap_or_default();
    match decision {
        Decision::ProgramChange { step, .. } => match step {
            ChangeStep::Only => format!("{who}, a program change"),
            ChangeStep::Second => format!(
                "{who}, a second program change (plays {}; pass keeps it)",
                Tile::DOUBLE_MODIFICATION
            ),
            ChangeStep::FirstTurn { placed: None } => {
                format!("{who}, first turn: one order on each robot")
            }
            ChangeStep::FirstTurn { placed: Some(r) } => format!(
                "{who}, first turn: one order on each robot ({} done)",
                game.robot_name(r)
            ),
        },
        Decision::ZapEffect { .. } => format!(
            "{who}, what zapped {} does (zapped by {})",
            dv.target.unwrap_or_default(),
            dv.zapper.unwrap_or_default()
        ),
        Decision::CrystalPlacement { crystal, .. } => {
            let hexes: Vec<String> = game
                .legal_answer_list()
                .iter()
                .map(|a| game.answer_text(*a))
                .collect();
            format!(
                "{who}, where the {} crystal ({}) enters play: {}",
                crystal.colour_name(),
                crystal.value(),
                hexes.join(" ")
            )
        }
        Decision::ZapPush { at, .. } => {
            let answers: Vec<String> = game
                .legal_answer_list()
                .iter()
                .map(|a| game.answer_text(*a))
                .collect();
            format!(
                "{who}, where to push the {} at {at} zapped by {}\n  answers: {}",
                piece_name(game, at),
                dv.zapper.unwrap_or_default(),
                answers.join(" ")
            )
        }
        Decision::Continue { .. } => {
            format!("{who}'s programs, paused before the next order (`step` runs it)")
        }
        Decision::GameOver => "nothing, the game is over".to_string(),
    }
}

fn player_block(
    out: &mut String,
    game: &Game,
    view: &PlayerView,
    p: PlayerId,
    viewer: Option<PlayerId>,
    options: &RenderOptions,
) {
    let info = &view.players[p];
    let player = &game.players()[p];
    let mut head = format!(
        "{} | score {} = base {} + carried {}",
        paint_colour(options, info.colour),
        info.score,
        info.base_points,
        info.score - info.base_points
    );
    if p == game.active() && !game.is_over() {
        head.push_str(" | to play");
    }
    if info.first_turn {
        head.push_str(" | first turn to come");
    }
    if info.double_modification_used {
        let _ = write!(head, " | {} played", Tile::DOUBLE_MODIFICATION);
    }
    wrap_words(out, "", &head, "  ");
    match player.base {
        Some(at) => {
            let held: Vec<String> = player
                .delivered
                .iter()
                .map(|c| c.value().to_string())
                .collect();
            let held = if held.is_empty() {
                "nothing".to_string()
            } else {
                format!("{} ({} points)", held.join(" "), player.delivered.points())
            };
            let _ = writeln!(out, "  base at {at} holds {held}");
        }
        None => {
            let _ = writeln!(out, "  no base on the board");
        }
    }
    for n in 0..2 {
        let id = robot_of(p, n);
        let (Some(robot), Some(line)) = (game.robot(id), where_line(game, id)) else {
            continue;
        };
        let slots: Vec<String> = robot
            .program
            .iter()
            .enumerate()
            .map(|(i, t)| format!("{}:{}", i + 1, t.map_or("-", Tile::name)))
            .collect();
        let items = [line, format!("program {}", slots.join(" "))];
        let style = ListStyle {
            after: "",
            between: " | ",
            indent: "    ",
        };
        wrap_list(out, "  ", &items, &style);
    }
    let full = viewer.is_none_or(|v| v == p);
    let (shown, hidden): (Vec<Tile>, usize) = if full {
        (player.hand.iter().collect(), 0)
    } else {
        (info.standard_tiles.clone(), info.special_count)
    };
    let mut words = grouped(&shown);
    if hidden > 0 {
        let s = if hidden == 1 { "" } else { "s" };
        words.push(format!("{hidden} special tile{s} (hidden)"));
    }
    if words.is_empty() {
        words.push("empty".to_string());
    }
    let total = shown.len() + hidden;
    wrap(out, &format!("  hand ({total}): "), &words);
}

/// Tiles with repeats counted, in the hand's order: `turn_left x3`.
fn grouped(tiles: &[Tile]) -> Vec<String> {
    let mut words: Vec<(Tile, usize)> = vec![];
    for t in tiles {
        match words.last_mut() {
            Some((last, n)) if last == t => *n += 1,
            _ => words.push((*t, 1)),
        }
    }
    words
        .into_iter()
        .map(|(t, n)| {
            if n == 1 {
                t.name().to_string()
            } else {
                format!("{} x{n}", t.name())
            }
        })
        .collect()
}

/// Writes `words` after `head`, separated by commas, wrapped to [`WIDTH`]
/// with continuation lines indented under the first word.
fn wrap(out: &mut String, head: &str, words: &[String]) {
    let indent = " ".repeat(head.len());
    let style = ListStyle {
        after: ",",
        between: " ",
        indent: &indent,
    };
    wrap_list(out, head, words, &style);
}
