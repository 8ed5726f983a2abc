//! The players' panel of the SVG picture: each robot's standing (damage,
//! lives, flags, where it is), its options, its registers as the viewer may
//! see them (its own, the revealed and the locked ones; the others face
//! down) and its hand (the viewer's own in full, the others' size).

use crate::engine::Seat;
use crate::picture::sheet::Block;

use super::{Game, LAST_REGISTER};

impl Game {
    /// The panel's blocks, one per robot, for `viewer` (`None`: everything).
    pub(crate) fn panel_blocks(&self, viewer: Option<Seat>) -> Vec<Block> {
        let mut blocks = Vec::with_capacity(self.robots.len());
        for (seat, r) in self.robots.iter().enumerate() {
            let sees_all = viewer.is_none_or(|v| v == seat);
            let place = match r.at {
                Some(at) => format!("at {}, {} facing {}", at.x, at.y, r.facing),
                None if r.lives == 0 => "out of the race".to_string(),
                None => format!("destroyed, archive {}, {}", r.archive.x, r.archive.y),
            };
            let mut state = Vec::new();
            if r.virtual_robot {
                state.push("virtual");
            }
            if r.powered_down {
                state.push("powered down");
            }
            if r.power_down_announced {
                state.push("power-down announced");
            }
            let mut lines = vec![format!(
                "damage {}, lives {}, flags {}; {place}",
                r.damage, r.lives, r.flags
            )];
            if !state.is_empty() {
                lines.push(state.join(", "));
            }
            if !r.options.is_empty() {
                lines.push(format!("options: {}", r.options.join(", ")));
            }
            let registers: Vec<String> = (1..=LAST_REGISTER)
                .map(|reg| {
                    let card = r.program[usize::from(reg) - 1];
                    let locked = self.is_locked(seat, reg);
                    let shown = sees_all || locked || reg <= self.revealed;
                    let text = match card {
                        None => "-".to_string(),
                        Some(c) if shown => c.to_string(),
                        Some(_) => "(face down)".to_string(),
                    };
                    format!("{reg}: {text}{}", if locked { " (locked)" } else { "" })
                })
                .collect();
            lines.push(format!("registers {}", registers.join(" | ")));
            let hand = &self.hands[seat];
            if sees_all {
                let cards: Vec<String> = hand.iter().map(|c| c.to_string()).collect();
                lines.push(format!(
                    "hand: {}",
                    if cards.is_empty() {
                        "(none)".to_string()
                    } else {
                        cards.join(", ")
                    }
                ));
            } else {
                lines.push(format!("hand: {} cards (hidden)", hand.len()));
            }
            blocks.push(Block {
                heading: r.colour().to_string(),
                colour: Some(r.colour().to_string()),
                lines,
            });
        }
        blocks
    }
}
