//! The option cards' names: the 26 of the seed (lines 476 on), in snake
//! case from their English names (the design's RoboRally page), and the
//! option deck a race starts with. Options are only names for now: held,
//! drawn on a two-wrench site, discarded to prevent a damage or lost on
//! destruction; their effects are rules to come.

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Every option card's name, in the seed's order.
pub const OPTION_NAMES: [&str; 26] = [
    "ablative_coat",
    "abort_switch",
    "brakes",
    "circuit_breaker",
    "conditional",
    "double_barrel_laser",
    "extra_memory",
    "fire_control",
    "flywheel",
    "fourth_gear",
    "gyroscopic_stabilizer",
    "high_power_laser",
    "mechanical_arm",
    "mini_howitzer",
    "power_down_shield",
    "pressor_beam",
    "radio_control",
    "ramming_gear",
    "rear_laser",
    "recompile",
    "reverse_gears",
    "scrambler",
    "shield",
    "superior_archive",
    "tractor_beam",
    "turret",
];

/// Option cards of our own (`docs/roborally-options.md`, "Cards of our
/// own"): scripts like the seed's cards, held when a scenario or a
/// variant gives them, never in the option deck.
pub const HOUSE_OPTIONS: [&str; 2] = ["grappling_hook", "overdrive"];

/// Every option card a robot may hold: the seed's, then ours.
pub fn every_option() -> impl Iterator<Item = &'static str> {
    OPTION_NAMES.iter().chain(HOUSE_OPTIONS.iter()).copied()
}

/// The option named `name`, as the static name events keep; `None` for a
/// name that is no option card.
pub fn option_name(name: &str) -> Option<&'static str> {
    every_option().find(|&o| o == name)
}

/// An option's static name for an event (a name that is no option card,
/// which a checked position never holds, reads "an option").
pub(super) fn event_name(name: &str) -> &'static str {
    option_name(name).unwrap_or("an option")
}

/// Mixed into a race's seed for the option deck's shuffle: the option deck
/// has its own stream, so that the program deck deals as it would without
/// options (and a race's program cards do not depend on the option deck).
const OPTION_DECK_STREAM: u64 = 0x6f70_7469_6f6e_7321;

/// The 26 option cards (seed line 30) shuffled for a race played with
/// `seed`, top first: a robot ending its turn on a two-wrench site may
/// draw the top card instead of repairing (lines 111, 225, 309, 406). The
/// seed does not say how the deck is kept; ours is shuffled once, face
/// down, and drawn from the top.
pub fn shuffled_option_deck(seed: u64) -> Vec<String> {
    let mut deck: Vec<String> = OPTION_NAMES.iter().map(|o| o.to_string()).collect();
    deck.shuffle(&mut ChaCha8Rng::seed_from_u64(seed ^ OPTION_DECK_STREAM));
    deck
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_race_deck_holds_each_option_once_in_an_order_given_by_the_seed() {
        let deck = shuffled_option_deck(1);
        let mut sorted = deck.clone();
        sorted.sort();
        let mut names: Vec<String> = OPTION_NAMES.iter().map(|o| o.to_string()).collect();
        names.sort();
        assert_eq!(sorted, names);
        assert_eq!(
            shuffled_option_deck(1),
            deck,
            "the same seed, the same deck"
        );
        assert_ne!(shuffled_option_deck(2), deck, "another seed, another order");
    }
}
