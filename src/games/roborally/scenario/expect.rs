//! A scenario's `[expect]`: read (names checked against the scenario's
//! robots: an unknown one is an error, not a difference) and compared with
//! the game after the turn, one line per difference, such as
//! `red: expected at 1,0 but it is at 0,0`.

use crate::engine::State;
use crate::grid::square::{Compass, Square};

use super::build::{colour, compass, option};
use super::format::RawScenario;
use super::{ScenarioError, Source};
use crate::games::roborally::game::Game;
use crate::games::roborally::position::{Position, COLOURS};

/// One robot's expectations; `None` is not checked.
#[derive(Debug, Default)]
struct RobotExpect {
    seat: usize,
    at: Option<Square>,
    facing: Option<Compass>,
    damage: Option<i64>,
    lives: Option<i64>,
    destroyed: Option<bool>,
    flags: Option<i64>,
    archive: Option<Square>,
    virtual_robot: Option<bool>,
    powered_down: Option<bool>,
    power_down_announced: Option<bool>,
    locked: Option<Vec<i64>>,
    options: Option<Vec<String>>,
    hand_size: Option<i64>,
}

/// Everything a scenario expects.
#[derive(Debug, Default)]
pub(super) struct Expect {
    game_over: Option<bool>,
    winners: Option<Vec<usize>>,
    robots: Vec<RobotExpect>,
    /// Flags expected on squares: (number, square).
    flags: Vec<(u8, Square)>,
}

/// Reads `[expect]`, checking its names against the position.
pub(super) fn read(
    src: Source,
    raw: &RawScenario,
    position: &Position,
) -> Result<Expect, ScenarioError> {
    let seated = |id: &toml::Spanned<String>| -> Result<usize, ScenarioError> {
        let seat = colour(src, id)?;
        if position.robots.iter().any(|r| r.seat == seat) {
            Ok(seat)
        } else {
            Err(src.at(
                id.span().start,
                format!("robot `{}` is not in the scenario", id.get_ref()),
            ))
        }
    };
    let e = &raw.expect;
    let winners = match &e.winners {
        None => None,
        Some(w) => Some(w.iter().map(seated).collect::<Result<Vec<_>, _>>()?),
    };
    let mut robots = Vec::new();
    for r in &e.robot {
        let options = match &r.options {
            None => None,
            Some(list) => Some(
                list.iter()
                    .map(|o| option(src, &toml::Spanned::new(r.id.span(), o.clone())))
                    .collect::<Result<Vec<_>, _>>()?,
            ),
        };
        robots.push(RobotExpect {
            seat: seated(&r.id)?,
            at: r.at,
            facing: r.facing.map(compass),
            damage: r.damage,
            lives: r.lives,
            destroyed: r.destroyed,
            flags: r.flags,
            archive: r.archive,
            virtual_robot: r.virtual_robot,
            powered_down: r.powered_down,
            power_down_announced: r.power_down_announced,
            locked: r.locked.clone(),
            options,
            hand_size: r.hand_size,
        });
    }
    let mut flags = Vec::new();
    for f in &e.flag {
        let number = u8::try_from(*f.number.get_ref())
            .ok()
            .filter(|n| position.board.flags().iter().any(|b| b.number == *n))
            .ok_or_else(|| {
                src.at(
                    f.number.span().start,
                    format!("the board has no flag {}", f.number.get_ref()),
                )
            })?;
        flags.push((number, f.at));
    }
    Ok(Expect {
        game_over: e.game_over,
        winners,
        robots,
        flags,
    })
}

/// A list as `[a, b]`.
fn list<T: std::fmt::Display>(items: &[T]) -> String {
    let words: Vec<String> = items.iter().map(T::to_string).collect();
    format!("[{}]", words.join(", "))
}

impl Expect {
    /// Every difference with the game.
    pub(super) fn differences(&self, game: &Game) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(over) = self.game_over {
            if over != game.is_over() {
                out.push(format!(
                    "expected the game {} but it is {}",
                    if over { "over" } else { "going on" },
                    if game.is_over() { "over" } else { "going on" }
                ));
            }
        }
        if let Some(w) = &self.winners {
            let mut want: Vec<&str> = w.iter().map(|&s| COLOURS[s]).collect();
            let mut got: Vec<&str> = game
                .outcome()
                .map(|o| {
                    o.winners
                        .iter()
                        .map(|&i| game.robots()[i].colour())
                        .collect()
                })
                .unwrap_or_default();
            want.sort_unstable();
            got.sort_unstable();
            if want != got {
                out.push(format!(
                    "expected winners {} but they are {}",
                    list(&want),
                    list(&got)
                ));
            }
        }
        for &(number, at) in &self.flags {
            let got = game.board().flags().iter().find(|f| f.number == number);
            if let Some(got) = got.filter(|f| f.at != at) {
                out.push(format!(
                    "flag {number}: expected at {at} but it is at {}",
                    got.at
                ));
            }
        }
        for e in &self.robots {
            let Some((i, r)) = game
                .robots()
                .iter()
                .enumerate()
                .find(|(_, r)| r.seat == e.seat)
            else {
                continue;
            };
            let name = r.colour();
            if let Some(at) = e.at {
                let got = r.at.map_or("destroyed".into(), |a| format!("at {a}"));
                if r.at != Some(at) {
                    out.push(format!("{name}: expected at {at} but it is {got}"));
                }
            }
            let mut diff = |what: &str, want: String, got: String| {
                if want != got {
                    out.push(format!("{name}: expected {what} {want} but it is {got}"));
                }
            };
            if let Some(f) = e.facing {
                diff("facing", f.to_string(), r.facing.to_string());
            }
            if let Some(d) = e.damage {
                diff("damage", d.to_string(), r.damage.to_string());
            }
            if let Some(l) = e.lives {
                diff("lives", l.to_string(), r.lives.to_string());
            }
            if let Some(d) = e.destroyed {
                diff("destroyed", d.to_string(), r.destroyed().to_string());
            }
            if let Some(f) = e.flags {
                diff("flags", f.to_string(), r.flags.to_string());
            }
            if let Some(a) = e.archive {
                diff("archive", a.to_string(), r.archive.to_string());
            }
            if let Some(v) = e.virtual_robot {
                diff("virtual", v.to_string(), r.virtual_robot.to_string());
            }
            if let Some(p) = e.powered_down {
                diff("powered_down", p.to_string(), r.powered_down.to_string());
            }
            if let Some(p) = e.power_down_announced {
                diff(
                    "power_down_announced",
                    p.to_string(),
                    r.power_down_announced.to_string(),
                );
            }
            if let Some(l) = &e.locked {
                let mut want = l.clone();
                want.sort_unstable();
                diff("locked", list(&want), list(&game.locked(i)));
            }
            if let Some(o) = &e.options {
                let mut want = o.clone();
                let mut got = r.options.clone();
                want.sort();
                got.sort();
                diff("options", list(&want), list(&got));
            }
            if let Some(n) = e.hand_size {
                diff("hand_size", n.to_string(), game.hand(i).len().to_string());
            }
        }
        out
    }
}
