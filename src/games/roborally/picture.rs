//! A RoboRally position drawn as text: one character per square for its
//! kind, and each robot as its colour's first letter (upper case when
//! real, lower case when virtual) with an arrow for its facing.

use crate::grid::square::{Compass, Square};

use super::board::{Board, Kind};
use super::position::RobotState;

/// The character of a square's kind (`.` open floor, `#` off the course).
fn square_char(board: &Board, sq: Square) -> char {
    if board.is_off(sq) {
        return '#';
    }
    if let Some(f) = board.flag_at(sq) {
        return char::from_digit(u32::from(f % 10), 10).unwrap_or('F');
    }
    if board.crusher(sq).is_some() {
        return 'K';
    }
    match board.kind(sq) {
        None => '.',
        Some(Kind::Pit) => 'O',
        Some(Kind::Conveyor(d)) => arrow(d),
        Some(Kind::Express(d)) => match d {
            Compass::N => '⇑',
            Compass::E => '⇒',
            Compass::S => '⇓',
            _ => '⇐',
        },
        Some(Kind::Gear(_)) => 'G',
        Some(Kind::Pusher { .. }) => 'P',
        Some(Kind::Repair(_)) => 'R',
        Some(Kind::Crusher(_)) => 'K',
    }
}

fn arrow(d: Compass) -> char {
    match d {
        Compass::N => '↑',
        Compass::E => '→',
        Compass::S => '↓',
        _ => '←',
    }
}

/// The board with its robots, two characters a square (the square's kind
/// then a space, or a robot's letter then its facing arrow); `colour` adds
/// ANSI colours to robots.
pub fn draw(board: &Board, robots: &[RobotState], colour: bool) -> String {
    let (w, h) = board.size();
    let mut out = String::new();
    for y in 0..h {
        for x in 0..w {
            let sq = Square::new(x, y);
            match robots.iter().find(|r| r.at == Some(sq)) {
                Some(r) => {
                    let mut letter = r.colour().chars().next().unwrap_or('?');
                    letter = if r.virtual_robot {
                        letter.to_ascii_lowercase()
                    } else {
                        letter.to_ascii_uppercase()
                    };
                    if colour {
                        out.push_str(&format!(
                            "\x1b[1;{}m{letter}{}\x1b[0m",
                            31 + r.seat % 7,
                            arrow(r.facing)
                        ));
                    } else {
                        out.push(letter);
                        out.push(arrow(r.facing));
                    }
                }
                None => {
                    out.push(square_char(board, sq));
                    out.push(' ');
                }
            }
        }
        out.push('\n');
    }
    out
}
