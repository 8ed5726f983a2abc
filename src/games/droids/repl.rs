//! What Droids adds to the shared REPL ([`crate::repl::extension`]): its
//! answers hold commas (`place 4,6`), so a line is one answer; `load
//! FILE.toml` opens a Droids scenario file at its position; `export
//! FILE.toml` writes the position as one ([`super::scenario::export`]).

use std::any::Any;
use std::path::Path;

use crate::engine::State;
use crate::repl::extension::{GameRepl, Opened};
use crate::repl::session::{ReplError, Session};

use super::game::{record, Game};
use super::scenario;

/// Droids' REPL extension (its [`crate::registry::GameType::repl`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct DroidsRepl;

impl GameRepl for DroidsRepl {
    /// `place X,Y` holds a comma: a line is one answer.
    fn comma_chains(&self) -> bool {
        false
    }

    fn export(&self, session: &Session, file: &str) -> Option<Result<String, ReplError>> {
        let game = session.game().as_any().downcast_ref::<Game>()?;
        let title = format!(
            "exported position, round {} ({})",
            game.turn(),
            session.timeline().current().label
        );
        let text = scenario::export::scenario_text(game, &title);
        Some(
            crate::files::write_whole(Path::new(file), text.as_bytes())
                .map_err(|e| ReplError::new(e.to_string()))
                .map(|()| format!("wrote {file}: the position as a scenario file\n")),
        )
    }

    fn load_scenario(&mut self, path: &Path) -> Option<Result<Opened, ReplError>> {
        Some(open(path))
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// Opens a Droids scenario file at its position (before its orders).
fn open(path: &Path) -> Result<Opened, ReplError> {
    let shown = path.display().to_string();
    let text = crate::files::read_text(path, crate::files::FileKind::Scenario)
        .map_err(|e| ReplError::new(e.to_string()))?;
    let (game, title) =
        scenario::position_text(&shown, &text, &[]).map_err(|e| ReplError::new(e.to_string()))?;
    Ok(Opened {
        start: record::scenario_value(&shown, &text, &game.rulings),
        game: Box::new(game),
        label: format!("scenario {shown}: {}", crate::escape::terminal(&title)),
    })
}
