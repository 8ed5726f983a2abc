//! The games tinbots plays, one folder each (DESIGN: "a new game is a new
//! folder under `src/games/`"), and [`ALL`], the one list where they are
//! registered.

pub mod roborally;
pub mod twin_tin_bots;

use crate::engine::{GameType, Named};

/// Every game tinbots plays, the default first: the one line where a game
/// is registered.
pub static ALL: &[&GameType] = &[&twin_tin_bots::seam::TYPE];

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

/// What the game named `name` adds to the REPL (nothing for a game that
/// adds nothing): the one place where the REPL's extensions are chosen.
pub fn repl_extension(name: &str) -> Box<dyn crate::repl::extension::GameRepl> {
    match name {
        twin_tin_bots::game::Game::NAME => {
            Box::new(twin_tin_bots::repl::TwinTinBotsRepl::default())
        }
        _ => Box::new(crate::repl::extension::NoExtras),
    }
}

/// The default game: Twin Tin Bots.
pub fn default_game() -> &'static GameType {
    ALL[0]
}
