//! The colours robots are drawn in: one fill per colour name, chosen from
//! the Okabe-Ito palette so that players with the common kinds of colour
//! blindness can tell the eight robot colours apart, and a letter on every
//! robot for when they still cannot.

/// How a robot colour is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Paint {
    /// The fill (`#rrggbb`).
    pub fill: &'static str,
    /// The colour of a letter written on the fill, black or white,
    /// whichever reads better.
    pub ink: &'static str,
    /// The letter on the robot (`K` for black, as `B` is blue).
    pub letter: char,
}

/// The paint of a colour by its name (`red`, `blue`, `yellow`, `green`,
/// `white`, `black`, `orange`, `purple`, and `grey` for neutral robots);
/// an unknown name is drawn grey with its first letter.
pub fn paint(name: &str) -> Paint {
    let (fill, ink, letter) = match name {
        "red" => ("#d55e00", "#ffffff", 'R'),
        "blue" => ("#0072b2", "#ffffff", 'B'),
        "yellow" => ("#f0e442", "#000000", 'Y'),
        "green" => ("#009e73", "#ffffff", 'G'),
        "white" => ("#ffffff", "#000000", 'W'),
        "black" => ("#000000", "#ffffff", 'K'),
        "orange" => ("#e69f00", "#000000", 'O'),
        "purple" => ("#cc79a7", "#000000", 'P'),
        other => (
            "#999999",
            "#000000",
            other.chars().next().map_or('?', |c| c.to_ascii_uppercase()),
        ),
    };
    Paint { fill, ink, letter }
}

/// The eight robot colours, in the order RoboRally seats them.
pub const ROBOT_COLOURS: [&str; 8] = [
    "red", "blue", "yellow", "green", "white", "black", "orange", "purple",
];
