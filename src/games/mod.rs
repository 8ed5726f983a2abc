//! The games tinbots plays, one folder each (DESIGN: "a new game is a new
//! folder under `src/games/`"), and [`ALL`], the one list where they are
//! registered: Twin Tin Bots (the default), RoboRally and Droids.

pub mod droids;
pub mod roborally;
pub mod twin_tin_bots;

use crate::registry::{GameType, Games};

/// Every game tinbots plays: the one line where a game is registered.
/// Their order is the order they are listed in; the default is
/// [`DEFAULT`], by name.
pub static ALL: &[&GameType] = &[
    &twin_tin_bots::seam::TYPE,
    &roborally::seam::TYPE,
    &droids::seam::TYPE,
];

/// The game played when no `--game` is given, and whose files need not
/// say their game (Twin Tin Bots' scenarios came first).
pub const DEFAULT: &str = "twin-tin-bots";

/// The games of [`ALL`] with [`DEFAULT`] the default: what the `tinbots`
/// binary hands its tools.
pub fn registry() -> Games {
    Games::new(ALL, DEFAULT)
        .expect("the built-in games are registered once each, the default among them")
}

/// The game registered under `name` in [`registry`]; the error lists the
/// names there are. For the games' own code and tests.
pub fn find(name: &str) -> Result<&'static GameType, String> {
    registry().find(name)
}

/// The default game of [`registry`]. For the games' own code and tests.
pub fn default_game() -> &'static GameType {
    registry().default_game()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_is_named_registered_once_and_marked_in_the_listing() {
        assert_eq!(default_game().name, DEFAULT);
        assert_eq!(ALL.iter().filter(|g| g.name == DEFAULT).count(), 1);
        let listed = registry().listing();
        let marked: Vec<&str> = listed
            .lines()
            .filter(|l| l.ends_with("(the default)"))
            .collect();
        assert_eq!(marked.len(), 1, "{marked:?}");
        assert!(marked[0].starts_with(DEFAULT), "{marked:?}");
    }

    #[test]
    fn every_game_s_options_and_catalogues_have_names_of_their_own() {
        let mut names: Vec<&str> = ALL.iter().map(|g| g.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), ALL.len(), "a game registered twice");
        for g in ALL {
            for option in g.options {
                assert!(
                    option
                        .name
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c == '-'),
                    "{}: --{}",
                    g.name,
                    option.name
                );
                assert!(!option.help.ends_with('.'), "{}: {}", g.name, option.help);
            }
            for catalogue in g.catalogues {
                assert!(
                    catalogue.name.ends_with('s'),
                    "{}: {}",
                    g.name,
                    catalogue.name
                );
                assert!(!catalogue.about.ends_with('.'), "{}", catalogue.about);
            }
        }
    }
}
