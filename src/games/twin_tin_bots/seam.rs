//! Twin Tin Bots behind the seam ([`crate::engine`]): how the tools written
//! once for every game see it, and its entry in the list of games.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::engine::{self, Describe, GameOptions, GameType, Information, Named, Refusal, Seat};

use super::game::{Answer, Decision, EndReason, Event, Game, Position};
use super::render::{self, RenderOptions};

/// Twin Tin Bots in the list of games.
pub const TYPE: GameType = GameType {
    name: Game::NAME,
    title: "Twin Tin Bots",
    players: (2, 6),
    default_players: 2,
    information: Information::Imperfect,
    new: new_game,
    resume,
};

impl Named for Game {
    const NAME: &'static str = "twin-tin-bots";
}

/// A standard game: the standard setup for the number of players, shuffled
/// with the seed.
fn new_game(options: &GameOptions) -> Result<Box<dyn engine::DynState>, engine::StartError> {
    let players = options.players.unwrap_or(TYPE.default_players);
    let setup =
        super::setup::Setup::standard(players).map_err(|e| engine::StartError(e.to_string()))?;
    let game =
        Game::new(&setup.position(options.seed)).map_err(|e| engine::StartError(e.to_string()))?;
    Ok(Box::new(game))
}

/// A game from the position [`Describe::start_record`] wrote.
fn resume(record: &serde_json::Value) -> Result<Box<dyn engine::DynState>, engine::StartError> {
    let position: Position = serde_json::from_value(record.clone())
        .map_err(|e| engine::StartError(format!("in `start`: {e}")))?;
    let game = Game::new(&position).map_err(|e| engine::StartError(e.to_string()))?;
    Ok(Box::new(game))
}

impl engine::State for Game {
    type Answer = Answer;
    type Event = Event;

    fn seats(&self) -> usize {
        self.players().len()
    }

    fn seat_name(&self, seat: Seat) -> &str {
        self.colours()[seat].name()
    }

    fn to_decide(&self) -> Option<Seat> {
        self.decision().player()
    }

    fn decision_text(&self) -> String {
        match self.decision() {
            Decision::ProgramChange { .. } => "change",
            Decision::ZapEffect { .. } => "zap effect",
            Decision::CrystalPlacement { .. } => "crystal hex",
            Decision::ZapPush { .. } => "push direction",
            Decision::Continue { .. } => "step",
            Decision::GameOver => "game over",
        }
        .to_string()
    }

    fn legal_count(&self) -> usize {
        self.legal_answer_count()
    }

    fn legal(&self, i: usize) -> Option<Answer> {
        self.legal_answer(i)
    }

    fn apply(&mut self, answer: Answer) -> Result<(), Refusal> {
        Game::apply(self, answer).map_err(|e| Refusal::new(e.to_string()))
    }

    fn events(&self) -> &[Event] {
        Game::events(self)
    }

    fn narrate(&self, event: &Event) -> String {
        self.describe(event)
    }

    fn answer_text(&self, answer: Answer) -> String {
        Game::answer_text(self, answer)
    }

    fn parse_answer(&self, text: &str) -> Result<Answer, Refusal> {
        Game::parse_answer(self, text).map_err(Refusal::new)
    }

    fn turn(&self) -> u32 {
        Game::turn(self)
    }

    fn outcome(&self) -> Option<engine::Outcome> {
        Game::outcome(self).map(|o| engine::Outcome {
            winners: o.winners.clone(),
            reason: o.reason.describe().into_owned(),
        })
    }

    fn stop_at_turn_limit(&mut self) {
        self.stop(EndReason::TurnLimit);
    }

    fn standings(&self) -> Vec<engine::Standing> {
        let keyed = Game::standings(self)
            .into_iter()
            .map(|s| {
                let key = match s.variant {
                    Some(key) => key.to_vec(),
                    None => vec![
                        i64::from(s.total()),
                        i64::from(s.blue_in_base),
                        i64::from(s.green_in_base),
                        i64::from(s.base_points),
                    ],
                };
                (s.player, key, format!("{} points", s.total()))
            })
            .collect();
        engine::rank(keyed)
    }

    fn set_stepping(&mut self, on: bool) {
        Game::set_stepping(self, on)
    }

    fn sample_hidden(&self, viewer: Seat, seed: u64) -> Game {
        Game::sample_hidden(self, viewer, &mut ChaCha8Rng::seed_from_u64(seed))
    }

    fn is_over(&self) -> bool {
        Game::is_over(self)
    }
}

impl Describe for Game {
    fn picture(&self, viewer: Option<Seat>, colour: bool) -> String {
        let options = RenderOptions {
            colour,
            unicode: false,
        };
        render::text::show(self, viewer, &options)
    }

    fn where_lines(&self) -> Vec<String> {
        (0..self.robots().len())
            .filter_map(|id| render::text::where_line(self, id))
            .collect()
    }

    fn private_text(&self, viewer: Seat) -> String {
        render::panel::panel(self, Some(viewer), &RenderOptions::PLAIN)
    }

    fn start_record(&self) -> serde_json::Value {
        serde_json::to_value(self.position()).expect("a position always serializes")
    }

    fn check_invariants(&self) -> Result<(), String> {
        Game::check_invariants(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_standard_game_plays_through_the_seam_to_its_end() {
        let options = GameOptions {
            players: Some(3),
            seed: 7,
            ..GameOptions::default()
        };
        let mut game = (TYPE.new)(&options).expect("the standard 3-player setup");
        assert_eq!(game.game_name(), "twin-tin-bots");
        assert_eq!(game.seats(), 3);
        let mut answers = 0;
        while !game.is_over() && game.turn() <= 60 {
            let seat = game.to_decide().expect("a game not over has a decider");
            assert!(seat < 3);
            assert!(game.legal_count() > 0);
            let text = game.legal_text(0).expect("the first legal answer");
            let shown = game.apply_text(&text).expect("a legal answer is taken");
            assert_eq!(shown, text);
            game.check_invariants().expect("the invariants hold");
            answers += 1;
        }
        if !game.is_over() {
            game.stop_at_turn_limit();
        }
        assert!(answers > 60);
        let outcome = game.outcome().expect("over or stopped");
        assert!(!outcome.reason.is_empty());
        let standings = game.standings();
        assert_eq!(standings.len(), 3);
        assert_eq!(standings[0].rank, 1);
    }

    #[test]
    fn an_illegal_answer_is_refused_and_changes_nothing() {
        let mut game = (TYPE.new)(&GameOptions::default()).expect("the 2-player setup");
        let before = game.where_lines();
        let refusal = game
            .apply_text("place red.1 1 jump")
            .expect_err("not in the hand");
        assert!(!refusal.message.is_empty());
        assert_eq!(game.where_lines(), before);
        assert!(game.apply_index(10_000).is_err());
    }

    #[test]
    fn a_game_resumes_from_its_start_record() {
        let game = (TYPE.new)(&GameOptions::default()).expect("the 2-player setup");
        let again = (TYPE.resume)(&game.start_record()).expect("its own record");
        assert_eq!(again.where_lines(), game.where_lines());
        assert!((TYPE.resume)(&serde_json::json!({"arena": 3})).is_err());
    }
}
