//! What RoboRally adds to the REPL: `load` of a RoboRally scenario opens
//! its position with the programs already in the registers, paused before
//! its turn, so that `step` goes through it one robot's card or one board
//! element at a time and `run` plays the rest.

use std::any::Any;
use std::path::Path;

use crate::repl::extension::{GameRepl, Opened};
use crate::repl::session::ReplError;

use super::game::{opened_start, with_rulings, with_variants, Game};

/// RoboRally's REPL extension.
#[derive(Clone, Copy, Debug, Default)]
pub struct RoboRallyRepl;

impl GameRepl for RoboRallyRepl {
    fn load_scenario(&mut self, path: &Path) -> Option<Result<Opened, ReplError>> {
        Some(open(path, &[]))
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// Opens a scenario file for stepping ([`Game::opened`]) under its own
/// rulings with `pins` (`ID=READING`) over them; its start record keeps
/// them.
pub(super) fn open(path: &Path, pins: &[String]) -> Result<Opened, ReplError> {
    let scenario = super::scenario::load(path)
        .and_then(|s| s.pinned(pins))
        .map_err(|e| ReplError::new(e.to_string()))?;
    let game = Game::opened_with(
        scenario.position.clone(),
        scenario.begin,
        scenario.variants.clone(),
        scenario.hands.clone(),
        scenario.rulings.clone(),
    )
    .map_err(|e| ReplError::new(format!("{}: {e}", path.display())))?;
    let opened = opened_start(
        &scenario.position,
        scenario.begin,
        scenario.hands.as_deref(),
    );
    let start = with_rulings(with_variants(opened, game.variant_names()), game.rulings());
    Ok(Opened {
        game: Box::new(game),
        start,
        label: format!(
            "scenario {}: {}",
            crate::escape::terminal(&path.display().to_string()),
            crate::escape::terminal(&scenario.title)
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scenario_opens_paused_and_runs_its_turn_step_by_step() {
        let path = Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/scripts/roborally/scenarios/040_seed_example_turn.toml"
        ));
        let Some(Ok(mut opened)) = RoboRallyRepl.load_scenario(path) else {
            panic!("the seed's example turn opens");
        };
        let before = opened.game.where_lines();
        assert_eq!(opened.game.legal_text(0).as_deref(), Some("continue"));
        let mut steps = 0;
        while opened.game.to_decide().is_some() {
            let answer = opened.game.legal_text(0).expect("an answer");
            opened.game.apply_text(&answer).expect("legal");
            steps += 1;
            assert!(steps < 200, "the turn ends");
        }
        assert!(steps > 5, "{steps} steps");
        assert_ne!(opened.game.where_lines(), before);
        let again = (crate::games::roborally::seam::TYPE.resume)(&opened.start).expect("its start");
        assert_eq!(again.where_lines(), before);
    }

    #[test]
    fn a_scenario_with_hands_asks_for_its_cards_and_its_start_keeps_them() {
        // 004_11511d35c714bcd0.txt:97-99: the turn is programmed from the
        // hand the scenario gives (no-power-down: the question is skipped).
        let path = Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/scripts/roborally/scenarios/310_no_power_down_question_not_asked.toml"
        ));
        let Some(Ok(mut opened)) = RoboRallyRepl.load_scenario(path) else {
            panic!("a scenario with hands opens");
        };
        let mut cards = Vec::new();
        while opened.game.to_decide().is_some() {
            let answer = opened.game.legal_text(0).expect("an answer");
            if answer != "continue" {
                cards.push(answer.clone());
            }
            opened.game.apply_text(&answer).expect("legal");
            assert!(cards.len() <= 5, "five registers: {cards:?}");
        }
        assert_eq!(
            cards.len(),
            5,
            "every register asked from the hand: {cards:?}"
        );
        assert!(cards.iter().all(|c| c.contains("490")
            || c.contains(" 80")
            || c.contains(" 70")
            || c.contains(" 10")
            || c.contains("430")));
        let mut again =
            (crate::games::roborally::seam::TYPE.resume)(&opened.start).expect("its start");
        let first = again.legal_text(0).expect("an answer");
        again.apply_text(&first).expect("the start keeps the hands");
    }
}
