//! Twin Tin Bots behind the seam ([`crate::engine`]): how the tools written
//! once for every game see it, and its entry in the list of games.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::engine::{
    self, Describe, GameOptions, Information, Named, Refusal, Seat, Started, TranscriptPart,
};
use crate::registry::{self, GameType};

use super::game::{Answer, Change, Decision, EndReason, Event, Game};
use super::picture::{self, RenderOptions};
use super::replay::Replay;
use super::summary;

/// Twin Tin Bots in the list of games.
pub const TYPE: GameType = GameType {
    name: Game::NAME,
    title: "Twin Tin Bots",
    players: (super::start::MIN_PLAYERS, super::start::MAX_PLAYERS),
    default_players: super::start::DEFAULT_PLAYERS,
    information: Information::Imperfect,
    options: &[super::start::SETUP, super::start::ORDERS],
    new: new_game,
    resume,
    claims: |_| false,
    repl: || Box::<super::repl::TwinTinBotsRepl>::default(),
    check,
    lua_bot: super::lua::LuaBot::boxed,
    // Random bots never end a game (issue 34): greedy delivers.
    play_bot: "greedy",
    legacy_replay: Some(read_legacy_replay),
    scenario_position: None,
    scenario_after: Some(scenario_after),
    variant_listing: Some(super::variant::listing),
    catalogues: &[ORDERS],
    disputes: super::rulings::DISPUTES,
    rulebooks: super::rulebook::RULEBOOKS,
};

/// The order tiles `tinbots orders FILES` lists.
const ORDERS: registry::Catalogue = registry::Catalogue {
    name: "orders",
    about: "List the orders of Twin Tin Bots: the official ones, with the order files given \
            applied (their new tiles marked `new`)",
    list: order_listing,
};

/// The order tiles with the order files applied
/// ([`super::lua::orders::load_order_book`]).
fn order_listing(files: &[std::path::PathBuf]) -> Result<String, String> {
    super::lua::orders::load_order_book(files)
        .map(|book| book.listing())
        .map_err(|e| e.to_string())
}

/// Replay formats 1 to 3, written when Twin Tin Bots was the only game
/// ([`super::replay::Replay::from_json`] reads and checks them).
fn read_legacy_replay(
    path: &str,
    text: &str,
) -> Result<registry::LegacyReplay, registry::LegacyReplayError> {
    let old = super::replay::Replay::from_json(path, text)?;
    Ok(registry::LegacyReplay {
        start: old.start_record(),
        answers: old.answers.clone(),
        stopped_at_turn_limit: old.stopped_at_turn_limit,
    })
}

/// The game after a scenario file's turn
/// ([`super::scenario::after_file`]).
fn scenario_after(
    path: &std::path::Path,
    pins: &[String],
) -> Result<Box<dyn engine::DynState>, String> {
    super::scenario::after_file_under(path, pins)
        .map(|game| Box::new(game) as Box<dyn engine::DynState>)
        .map_err(|e| e.to_string())
}

/// Checks a scenario file under `pins` ([`super::scenario::check_file_under`]).
fn check(path: &std::path::Path, pins: &[String]) -> Result<engine::Checked, String> {
    super::scenario::check_file_under(path, pins).map_err(|e| e.to_string())
}

impl Named for Game {
    const NAME: &'static str = "twin-tin-bots";
}

/// A game as the command line's options ask ([`super::start::start`]).
fn new_game(options: &GameOptions) -> Result<Started, engine::StartError> {
    let replay = super::start::start(options)?;
    let game = replay
        .start_game()
        .map_err(|e| engine::StartError(e.to_string()))?;
    Ok(Started {
        game: Box::new(game),
        start: replay.start_record(),
    })
}

/// A game at the start a [`Started::start`] record keeps.
fn resume(record: &serde_json::Value) -> Result<Box<dyn engine::DynState>, engine::StartError> {
    let error = |e: &dyn std::fmt::Display| engine::StartError(e.to_string());
    let replay = Replay::from_start_record("start", record).map_err(|e| error(&e))?;
    let game = replay.start_game().map_err(|e| error(&e))?;
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

    fn apply_legal(&mut self, answer: Answer) -> Result<(), Refusal> {
        Game::apply_legal(self, answer).map_err(|e| Refusal::new(e.to_string()))
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
            at_turn_limit: o.reason == EndReason::TurnLimit,
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
                        i64::from(s.blue_counted()),
                        i64::from(s.green_counted()),
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

    fn heuristic(&self, seat: Seat) -> f64 {
        super::heuristic::heuristic(self, seat)
    }

    /// A program change: `pass` where it is allowed (everyone keeps their
    /// programs, as the `lookahead` bot plays its rounds ahead); another
    /// decision (a zap effect, a crystal's hex, a push): its first answer;
    /// the first turn's placements: none (random).
    fn playout_answer(&self) -> Option<usize> {
        match self.decision() {
            Decision::ProgramChange { .. } => {
                (self.legal_answer(0) == Some(Answer::Change(Change::Pass))).then_some(0)
            }
            Decision::GameOver => None,
            _ => Some(0),
        }
    }

    /// Playouts two turns past the decision's, in which players keep their
    /// programs nine times in ten (a change shows its worth over the turns
    /// it stays in place), and a small exploration: chosen by short
    /// matches against `lookahead` (docs/tournaments.md).
    fn search_settings(&self) -> engine::SearchSettings {
        engine::SearchSettings {
            horizon: Some(2),
            quiet: Some(0.9),
            exploration: Some(0.05),
            ..engine::SearchSettings::NONE
        }
    }

    fn sample_hidden(&self, viewer: Seat, seed: u64) -> Game {
        Game::sample_hidden(self, viewer, &mut ChaCha8Rng::seed_from_u64(seed))
    }

    fn is_over(&self) -> bool {
        Game::is_over(self)
    }

    fn rulings(&self) -> &engine::Rulings {
        Game::rulings(self)
    }

    fn set_rulings(&mut self, rulings: engine::Rulings) {
        Game::set_rulings(self, rulings)
    }
}

impl Describe for Game {
    fn picture(&self, viewer: Option<Seat>, colour: bool) -> String {
        let options = RenderOptions {
            colour,
            unicode: false,
        };
        picture::text::show(self, viewer, &options)
    }

    fn svg(&self, viewer: Option<Seat>) -> String {
        super::svg::svg(self, viewer)
    }

    fn where_lines(&self) -> Vec<String> {
        (0..self.robots().len())
            .filter_map(|id| picture::text::where_line(self, id))
            .collect()
    }

    fn controller(&self, seat: Seat) -> usize {
        self.sides().controller(seat)
    }

    fn private_text(&self, viewer: Seat) -> String {
        picture::panel::panel(self, Some(viewer), &RenderOptions::PLAIN)
    }

    fn check_invariants(&self) -> Result<(), String> {
        Game::check_invariants(self)
    }

    fn transcript_part(&self) -> TranscriptPart {
        match self.decision() {
            Decision::ProgramChange { .. } => TranscriptPart::Main,
            Decision::ZapEffect { .. } => TranscriptPart::Aside("zap:"),
            Decision::ZapPush { .. } => TranscriptPart::Aside("push:"),
            Decision::CrystalPlacement { .. } => TranscriptPart::Aside("crystal at"),
            Decision::Continue { .. } | Decision::GameOver => TranscriptPart::Silent,
        }
    }

    /// Every event but the start of the next turn, which the transcript's
    /// heading says.
    fn transcript_events(&self) -> Vec<String> {
        self.events()
            .iter()
            .filter(|e| !matches!(e, Event::TurnStarted { .. }))
            .map(|e| self.describe(e))
            .collect()
    }

    fn preamble(&self) -> Option<String> {
        summary::seating_line(self)
    }

    fn summary(&self) -> String {
        summary::summary(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_course_is_refused_naming_the_option() {
        let options = GameOptions::default().with("course", "yard");
        let refused = TYPE.start(&options).err().expect("no courses here");
        assert!(
            refused.0.starts_with(
                "--course: Twin Tin Bots takes no --course (its options: --setup, --orders;"
            ),
            "{}",
            refused.0
        );
    }

    #[test]
    fn a_standard_game_plays_through_the_seam_to_its_end() {
        let options = GameOptions {
            players: Some(3),
            seed: 7,
            ..GameOptions::default()
        };
        let mut game = TYPE
            .start(&options)
            .expect("the standard 3-player setup")
            .game;
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
        let options = GameOptions {
            players: Some(2),
            ..GameOptions::default()
        };
        let mut game = TYPE.start(&options).expect("the 2-player setup").game;
        let before = game.where_lines();
        let refusal = game
            .apply_text("place red.1 1 jump")
            .expect_err("not in the hand");
        assert!(!refusal.message.is_empty());
        assert_eq!(game.where_lines(), before);
        assert!(game.apply_index(10_000).is_err());
    }

    #[test]
    fn a_game_started_under_pins_keeps_them_and_replays_under_them() {
        let options = GameOptions {
            players: Some(3),
            seed: 11,
            rulings: vec![
                "ttb.dash-rows=dash-only".into(),
                "ttb.crystal-placer=active-player".into(),
            ],
            ..GameOptions::default()
        };
        let started = TYPE
            .start(&options)
            .expect("pins of Twin Tin Bots' disputes");
        let kept = [
            "ttb.crystal-placer=active-player",
            "ttb.dash-rows=dash-only",
        ];
        assert_eq!(started.game.rulings().pins(), kept);
        assert_eq!(
            started.start["rulings"],
            serde_json::json!({"ttb.crystal-placer": "active-player", "ttb.dash-rows": "dash-only"})
        );
        // Played on, then replayed from the start record: the same game,
        // event for event.
        let mut game = started.game;
        let mut again = (TYPE.resume)(&started.start).expect("its own record");
        assert_eq!(again.rulings().pins(), kept);
        for _ in 0..120 {
            if game.is_over() {
                break;
            }
            let text = game.legal_text(0).expect("a legal answer");
            game.apply_text(&text).expect("legal");
            again.apply_text(&text).expect("legal in the replay too");
            assert_eq!(again.transcript_events(), game.transcript_events());
        }
        assert_eq!(again.picture(None, false), game.picture(None, false));
        // A pin the game lacks is refused before the game starts.
        let wrong = GameOptions {
            rulings: vec!["ttb.tiebreak=carried".into()],
            ..GameOptions::default()
        };
        let refused = TYPE.start(&wrong).err().expect("no such reading");
        assert!(
            refused.0.contains("has no reading `carried`"),
            "{}",
            refused.0
        );
    }

    #[test]
    fn a_game_resumes_from_its_start_record() {
        let options = GameOptions {
            variants: vec!["mud".into()],
            seed: 4,
            ..GameOptions::default()
        };
        let started = TYPE.start(&options).expect("a 4-player game with mud");
        let again = (TYPE.resume)(&started.start).expect("its own record");
        assert_eq!(again.where_lines(), started.game.where_lines());
        assert_eq!(
            again.picture(None, false),
            started.game.picture(None, false)
        );
        let refused = (TYPE.resume)(&serde_json::json!({"start": {"position": 3}}))
            .err()
            .expect("not a start");
        assert!(refused.0.contains("start"), "{}", refused.0);
    }
}
