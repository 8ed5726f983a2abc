//! The option cards' names: the 26 of the seed (lines 476 on), in snake
//! case from their English names (the design's RoboRally page). Options
//! are only names for now; their effects are rules to come.

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

/// The option named `name`, as the static name events keep; `None` for a
/// name that is no option card.
pub fn option_name(name: &str) -> Option<&'static str> {
    OPTION_NAMES.iter().copied().find(|&o| o == name)
}

/// An option's static name for an event (a name that is no option card,
/// which a checked position never holds, reads "an option").
pub(super) fn event_name(name: &str) -> &'static str {
    option_name(name).unwrap_or("an option")
}
