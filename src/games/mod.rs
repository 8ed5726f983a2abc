//! The games tinbots plays, one folder each (DESIGN: "a new game is a new
//! folder under `src/games/`"), and [`ALL`], the one list where they are
//! registered: Twin Tin Bots (the default), RoboRally and Droids.

pub mod droids;
pub mod roborally;
pub mod twin_tin_bots;

use crate::engine::GameType;

/// Every game tinbots plays, the default first: the one line where a game
/// is registered.
pub static ALL: &[&GameType] = &[
    &twin_tin_bots::seam::TYPE,
    &roborally::seam::TYPE,
    &droids::seam::TYPE,
];

/// The game registered under `name`; the error lists the names there are.
pub fn find(name: &str) -> Result<&'static GameType, String> {
    ALL.iter().copied().find(|g| g.name == name).ok_or_else(|| {
        let names: Vec<&str> = ALL.iter().map(|g| g.name).collect();
        let close = crate::suggest::closest(name, names.iter().copied());
        format!(
            "there is no game `{name}`{}; the games are {}",
            crate::suggest::did_you_mean(&close),
            names.join(", ")
        )
    })
}

/// The default game: Twin Tin Bots.
pub fn default_game() -> &'static GameType {
    ALL[0]
}

/// The games, one line each: name, title, players and whether everything
/// is seen (`tinbots games`).
pub fn listing() -> String {
    let mut out = String::new();
    for (i, g) in ALL.iter().enumerate() {
        let (lo, hi) = g.players;
        let seen = match g.information {
            crate::engine::Information::Perfect => "everything seen",
            crate::engine::Information::Imperfect => "hidden information",
        };
        let default = if i == 0 { "  (the default)" } else { "" };
        out.push_str(&format!(
            "{:<15} {:<15} {lo} to {hi} players, {seen}{default}\n",
            g.name, g.title
        ));
        for option in g.options {
            out.push_str(&format!(
                "{:<15} --{} {}: {}\n",
                "", option.name, option.value_name, option.help
            ));
        }
    }
    out
}
