//! Comparing the game after the turn with a scenario's `[expect]` table:
//! one human-readable line per difference, such as
//! `red.1: expected at 1,0 but it is at 0,0`. Names that do not exist in
//! the scenario (an unseated colour, an unknown tile) are errors, not
//! differences.

use super::build::{carrying, crystal, direction, hex, program, robot_id, seat, tile};
use super::error::{ScenarioError, Source};
use super::format::ExpectSpec;
use crate::games::twin_tin_bots::game::{Game, Program};
use crate::games::twin_tin_bots::orders::TileSet;
use crate::games::twin_tin_bots::pieces::{Crystal, Piece, PlayerId};

/// Every difference between the expectations and the game.
pub(super) fn differences(
    src: Source,
    expect: &ExpectSpec,
    game: &Game,
    events: &[String],
) -> Result<Vec<String>, ScenarioError> {
    let colours = game.colours();
    let mut out = vec![];

    if let Some(score) = &expect.score {
        let mut wanted: Vec<(PlayerId, u32)> = vec![];
        for (name, &points) in score.get_ref() {
            let named = toml::Spanned::new(score.span(), name.clone());
            wanted.push((seat(src, colours, &named)?, points));
        }
        wanted.sort();
        for (p, points) in wanted {
            let got = game.players()[p].delivered.points();
            if got != points {
                out.push(format!(
                    "score of {}: expected {points} but it is {got}",
                    colours[p]
                ));
            }
        }
    }

    let ended = game.outcome().map(|o| {
        let names: Vec<&str> = o.winners.iter().map(|&w| colours[w].name()).collect();
        (o.reason.describe(), o.winners.clone(), names.join(", "))
    });
    if let Some(want) = expect.game_over {
        match (&ended, want) {
            (None, true) => out.push("game_over: expected true but the game goes on".into()),
            (Some((how, ..)), false) => out.push(format!(
                "game_over: expected false but the game is over ({how})"
            )),
            _ => {}
        }
    }
    let winners_text = |winners: &[PlayerId], names: &str| match winners.len() {
        0 => "nobody won".to_string(),
        1 => format!("the winner is {names}"),
        _ => format!("the winners are {names} (shared victory)"),
    };
    if let Some(w) = &expect.winner {
        let want = w.get_ref().trim();
        match (&ended, want.is_empty()) {
            (None, true) => {}
            (Some((how, winners, names)), true) => out.push(format!(
                "winner: expected none (the game goes on) but the game is over ({how}) and {}",
                winners_text(winners, names)
            )),
            (None, false) => {
                seat(src, colours, w)?;
                out.push(format!("winner: expected {want} but the game goes on"));
            }
            (Some((_, winners, names)), false) => {
                let p = seat(src, colours, w)?;
                if winners[..] != [p] {
                    out.push(format!(
                        "winner: expected {want} but {}",
                        winners_text(winners, names)
                    ));
                }
            }
        }
    }
    if let Some(ws) = &expect.winners {
        let mut want = ws
            .get_ref()
            .iter()
            .map(|w| seat(src, colours, w))
            .collect::<Result<Vec<_>, _>>()?;
        want.sort();
        want.dedup();
        let want_names: Vec<&str> = want.iter().map(|&p| colours[p].name()).collect();
        let want_text = if want.is_empty() {
            "none (the game goes on)".to_string()
        } else {
            want_names.join(", ")
        };
        match &ended {
            None if !want.is_empty() => out.push(format!(
                "winners: expected {want_text} but the game goes on"
            )),
            Some((how, winners, names)) => {
                let mut got = winners.clone();
                got.sort();
                if got != want {
                    out.push(format!(
                        "winners: expected {want_text} but the game is over ({how}) and {}",
                        winners_text(winners, names)
                    ));
                }
            }
            None => {}
        }
    }

    if let Some(ranking) = &expect.ranking {
        let want = ranking
            .get_ref()
            .iter()
            .map(|w| seat(src, colours, w))
            .collect::<Result<Vec<_>, _>>()?;
        let got: Vec<PlayerId> = game.standings().iter().map(|s| s.player).collect();
        if !got.starts_with(&want) {
            let names = |seats: &[PlayerId]| {
                seats
                    .iter()
                    .map(|&p| colours[p].name())
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            out.push(format!(
                "ranking: expected {} first but the standings are {}",
                names(&want),
                names(&got)
            ));
        }
    }

    if let Some(want) = expect.crystals_on_board {
        let loose: Vec<String> = game
            .crystals_on_board()
            .map(|(h, c)| format!("{c} at {h}"))
            .collect();
        if loose.len() != want as usize {
            let list = if loose.is_empty() {
                String::new()
            } else {
                format!(": {}", loose.join(", "))
            };
            out.push(format!(
                "crystals_on_board: expected {want} but there are {}{list}",
                loose.len()
            ));
        }
    }

    for r in &expect.robot {
        let id = robot_id(src, colours, &r.id)?;
        let name = game.robot_name(id);
        let facing = r.facing.as_ref().map(|f| direction(src, f)).transpose()?;
        let carried = r
            .carrying
            .as_ref()
            .map(|c| carrying(src, Some(c)))
            .transpose()?;
        let prog = r
            .program
            .as_ref()
            .map(|p| program(src, game.orders(), Some(p)))
            .transpose()?;
        let at = r.at.as_ref().map(hex);
        let Some(robot) = game.robot(id) else {
            out.push(format!(
                "{name}: expected in play but it is not on the board"
            ));
            continue;
        };
        if let Some(at) = at {
            if robot.at != at {
                out.push(format!(
                    "{name}: expected at {at} but it is at {}",
                    robot.at
                ));
            }
        }
        if let Some(f) = facing {
            if robot.facing != f {
                out.push(format!(
                    "{name}: expected facing {f} but it faces {}",
                    robot.facing
                ));
            }
        }
        if let Some(c) = carried {
            if robot.carrying != c {
                out.push(format!(
                    "{name}: expected carrying {} but it carries {}",
                    load_text(c),
                    load_text(robot.carrying)
                ));
            }
        }
        if let Some(p) = prog {
            if robot.program != p {
                out.push(format!(
                    "{name}: expected program {} but it is {}",
                    program_text(&p),
                    program_text(&robot.program)
                ));
            }
        }
    }

    for c in &expect.crystal {
        let at = hex(&c.at);
        let want = crystal(src, &c.value)?;
        let found = match game.board().at(at) {
            Some(Piece::Crystal(x)) if x == want => continue,
            _ if !game.board().contains(at) => "the hex is off the board".to_string(),
            None => "the hex is empty".to_string(),
            Some(Piece::Crystal(x)) => format!("it holds a {x}"),
            Some(Piece::Robot(id)) => format!(
                "{} stands there, carrying {}",
                game.robot_name(id),
                load_text(game.robot(id).and_then(|r| r.carrying))
            ),
            Some(Piece::Base(owner)) => format!("the {} base is there", colours[owner]),
            Some(Piece::Thing(t)) => format!("a {} is there", t.kind),
        };
        out.push(format!(
            "crystal at {at}: expected a loose {want} but {found}"
        ));
    }

    for t in &expect.terrain {
        let want = super::build::terrain(src, t, game.kinds())?;
        let at = want.at;
        let floor = game.board().floor(at);
        let piece = game.board().at(at);
        let holds = floor.is_some_and(|f| {
            f.kind == want.kind
                && want.colour.is_none_or(|c| f.colour == Some(c))
                && want.facing.is_none_or(|d| f.facing == Some(d))
        }) || matches!(piece, Some(Piece::Thing(x)) if x.kind == want.kind);
        if holds {
            continue;
        }
        let found = match (piece, floor) {
            (Some(Piece::Thing(x)), _) => format!("a {} is there", x.kind),
            (_, Some(f)) => format!("its floor is {}", f.kind),
            _ if !game.board().contains(at) => "the hex is off the board".to_string(),
            _ => "there is no terrain there".to_string(),
        };
        out.push(format!(
            "terrain at {at}: expected {} but {found}",
            want.kind
        ));
    }

    for h in &expect.hand {
        let p = seat(src, colours, &h.player)?;
        let need: TileSet = h
            .has
            .iter()
            .map(|t| tile(src, game.orders(), t))
            .collect::<Result<_, _>>()?;
        let hand = game.players()[p].hand;
        for t in need.kinds() {
            let (n, got) = (need.count(t), hand.count(t));
            if got < n {
                let want = if n == 1 {
                    t.to_string()
                } else {
                    format!("{n} x {t}")
                };
                let has = if got == 0 {
                    "none".to_string()
                } else {
                    got.to_string()
                };
                out.push(format!(
                    "{}'s hand: expected {want} but it has {has} (hand: {})",
                    colours[p],
                    hand_text(hand)
                ));
            }
        }
    }

    let mut from = 0;
    for want in &expect.events {
        match events[from..]
            .iter()
            .position(|e| e.contains(want.as_str()))
        {
            Some(i) => from += i + 1,
            None => out.push(format!(
                "events: expected an event containing `{want}`{} but there is none",
                if from > 0 {
                    " after the previous expected one"
                } else {
                    ""
                }
            )),
        }
    }
    Ok(out)
}

/// Every `[[expect.refused]]` answer that was not refused as expected:
/// allowed, refused for another reason, or never asked.
pub(super) fn refusal_differences(
    expect: &ExpectSpec,
    refusals: &[Option<Result<(), String>>],
) -> Vec<String> {
    let mut out = vec![];
    for (refused, met) in expect.refused.iter().zip(refusals) {
        let answer = refused.answer.get_ref().trim();
        let because = &refused.because;
        match met {
            None => out.push(format!(
                "refused: `{answer}` answers no decision of the turn, so it was never tried"
            )),
            Some(Ok(())) => out.push(format!(
                "refused: expected `{answer}` to be refused ({because}) but it is allowed"
            )),
            Some(Err(why)) if !why.contains(because.as_str()) => out.push(format!(
                "refused: `{answer}` is refused, but not for `{because}`: {why}"
            )),
            Some(Err(_)) => {}
        }
    }
    out
}

/// What a robot carries, in words.
fn load_text(c: Option<Crystal>) -> String {
    match c {
        Some(c) => format!("a {c}"),
        None => "nothing".to_string(),
    }
}

/// A program as `[forward_1, load, -]`.
fn program_text(p: &Program) -> String {
    let slots: Vec<&str> = p.iter().map(|s| s.map_or("-", |t| t.name())).collect();
    format!("[{}]", slots.join(", "))
}

/// A hand as a list of tiles.
fn hand_text(hand: TileSet) -> String {
    if hand.is_empty() {
        return "empty".into();
    }
    hand.iter().map(|t| t.name()).collect::<Vec<_>>().join(", ")
}
