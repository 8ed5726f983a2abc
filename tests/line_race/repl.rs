//! What Line Race adds to the REPL: `load` opens its scenario files.

use std::any::Any;
use std::path::Path;

use tinbots::repl::extension::{GameRepl, Opened};
use tinbots::repl::session::ReplError;

/// Line Race's REPL extension.
pub struct LineRaceRepl;

impl GameRepl for LineRaceRepl {
    fn load_scenario(&mut self, path: &Path) -> Option<Result<Opened, ReplError>> {
        Some(
            super::scenario::opened(path)
                .map(|(race, start, title)| Opened {
                    game: Box::new(race),
                    start,
                    label: format!("scenario {}: {title}", path.display()),
                })
                .map_err(ReplError::new),
        )
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}
