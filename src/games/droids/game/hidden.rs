//! What a player cannot see, dealt anew ([`Game::resample`], the seam's
//! `sample_hidden`): the order of the stacks, the other players' hands and
//! their face-down tiles. A tile's back shows its colour (seed line 92:
//! stacks by colour), so tiles are re-dealt within their colour, each slot
//! keeping the colour it had; the die's future rolls are re-seeded too.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::engine::Seat;

use super::Game;
use crate::games::droids::tiles::{Colour, Tile};

/// Where a hidden tile lies.
#[derive(Clone, Copy)]
enum Slot {
    Stack(usize, usize),
    Hand(Seat, usize),
    Register(Seat, usize, usize),
}

impl Game {
    /// A copy in which what `viewer` cannot see is dealt anew from `seed`.
    pub(crate) fn resample(&self, viewer: Seat, seed: u64) -> Game {
        let mut g = self.clone();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for colour in Colour::ALL {
            let mut slots = Vec::new();
            for i in 0..g.stacks[colour.index()].len() {
                slots.push(Slot::Stack(colour.index(), i));
            }
            for (s, p) in g.players.iter().enumerate().filter(|(s, _)| *s != viewer) {
                for (i, t) in p.hand.iter().enumerate() {
                    if t.colour() == colour {
                        slots.push(Slot::Hand(s, i));
                    }
                }
                for (c, r) in p.registers.iter().enumerate() {
                    for (i, t) in r.iter().enumerate() {
                        if t.colour() == colour {
                            slots.push(Slot::Register(s, c, i));
                        }
                    }
                }
            }
            let mut pool: Vec<Tile> = slots.iter().map(|s| *g.slot(*s)).collect();
            pool.shuffle(&mut rng);
            for (slot, tile) in slots.into_iter().zip(pool) {
                *g.slot(slot) = tile;
            }
        }
        g.dice.rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_d1e5);
        g
    }

    fn slot(&mut self, slot: Slot) -> &mut Tile {
        match slot {
            Slot::Stack(c, i) => &mut self.stacks[c][i],
            Slot::Hand(s, i) => &mut self.players[s].hand[i],
            Slot::Register(s, c, i) => &mut self.players[s].registers[c][i],
        }
    }
}
