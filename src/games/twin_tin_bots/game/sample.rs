//! Sampling what a player cannot see, for lookahead without leaks.
//!
//! A bot that looks ahead must not read the real game: opponents' special
//! tiles, the special deck's order and the crystal track's order are hidden
//! from it. [`Game::sample_hidden`] returns a copy of the game in which all
//! of that is dealt again at random from what the player may know — the
//! same tiles in the same numbers, somewhere the player cannot see — so a
//! lookahead on the copy is as good as the player's knowledge and no
//! better. Everything on the table (board, programs, scores, counts) is
//! left as it is.

use rand::seq::SliceRandom;
use rand::Rng;

use super::Game;
use crate::games::twin_tin_bots::orders::Tile;
use crate::games::twin_tin_bots::pieces::PlayerId;

impl Game {
    /// A copy of the game with everything hidden from `viewer` dealt again
    /// with `rng`: the special tiles in opponents' hands and the undrawn
    /// special deck are shuffled together and dealt back in the same
    /// numbers (each opponent keeps how many specials they hold), and the
    /// crystals still on the track are put in a new order.
    ///
    /// Two games that differ only in what `viewer` cannot see give the
    /// same samples from the same generator state.
    pub fn sample_hidden(&self, viewer: PlayerId, rng: &mut impl Rng) -> Game {
        let mut game = self.clone();
        let mut pool: Vec<Tile> = game.special_deck[game.deck_next..].to_vec();
        let mut counts = vec![0usize; game.players.len()];
        for (p, player) in game.players.iter_mut().enumerate() {
            if p == viewer {
                continue;
            }
            let specials: Vec<Tile> = player.hand.iter().filter(|t| t.is_special()).collect();
            for t in &specials {
                player.hand.take(*t);
                game.owned[p].take(*t);
            }
            counts[p] = specials.len();
            pool.extend(specials);
        }
        // Hidden tiles are a multiset: sort first so that where they were
        // does not show through the shuffle.
        pool.sort_unstable();
        pool.shuffle(rng);
        let mut dealt = pool.into_iter();
        for (p, count) in counts.into_iter().enumerate() {
            for t in dealt.by_ref().take(count) {
                game.players[p].hand.add(t);
                game.owned[p].add(t);
            }
        }
        let mut deck = game.special_deck[..game.deck_next].to_vec();
        deck.extend(dealt);
        game.special_deck = deck.into();

        let mut track = game.track.to_vec();
        let unseen = &mut track[game.track_next..];
        unseen.sort_unstable();
        unseen.shuffle(rng);
        game.track = track.into();
        game
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::twin_tin_bots::setup::Setup;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn specials(game: &Game, p: PlayerId) -> Vec<Tile> {
        game.players()[p]
            .hand
            .iter()
            .filter(|t| t.is_special())
            .collect()
    }

    #[test]
    fn a_sample_keeps_what_the_viewer_sees_and_the_numbers_of_what_it_does_not() {
        let game = Game::new(&Setup::standard(4).unwrap().position(7)).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut moved = false;
        for _ in 0..20 {
            let sample = game.sample_hidden(0, &mut rng);
            sample.check_invariants().unwrap();
            assert_eq!(
                sample.view(0),
                game.view(0),
                "the viewer's view is unchanged"
            );
            assert_eq!(specials(&sample, 0), specials(&game, 0));
            for p in 1..4 {
                assert_eq!(specials(&sample, p).len(), specials(&game, p).len());
                moved |= specials(&sample, p) != specials(&game, p);
            }
            assert_eq!(sample.special_deck().len(), game.special_deck().len());
            let mut a = sample.track().to_vec();
            let mut b = game.track().to_vec();
            moved |= a != b;
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(a, b, "the same crystals on the track");
        }
        assert!(moved, "twenty samples all equal to the real game");
    }

    #[test]
    fn games_that_differ_only_in_hidden_things_sample_alike() {
        // Red (seat 0) cannot tell these games apart: blue's special and
        // the deck's first tile are exchanged, and the track is reversed.
        let real = Game::new(&Setup::standard(2).unwrap().position(3)).unwrap();
        let mut other = real.clone();
        let blue = specials(&real, 1)[0];
        let first = other.special_deck[0];
        other.players[1].hand.take(blue);
        other.owned[1].take(blue);
        other.players[1].hand.add(first);
        other.owned[1].add(first);
        let mut deck = other.special_deck.to_vec();
        deck[0] = blue;
        other.special_deck = deck.into();
        let mut track = other.track.to_vec();
        track.reverse();
        other.track = track.into();
        other.check_invariants().unwrap();
        assert_ne!(specials(&other, 1), specials(&real, 1));
        let a = real.sample_hidden(0, &mut ChaCha8Rng::seed_from_u64(9));
        let b = other.sample_hidden(0, &mut ChaCha8Rng::seed_from_u64(9));
        assert_eq!(specials(&a, 1), specials(&b, 1));
        assert_eq!(a.special_deck(), b.special_deck());
        assert_eq!(a.track(), b.track());
    }
}
