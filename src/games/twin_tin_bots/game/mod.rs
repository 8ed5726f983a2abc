//! The game as a state machine of decisions (DESIGN.md principle 1).
//!
//! A [`Game`] always says what is being decided now and by whom
//! ([`Game::decision`]), lists the legal answers ([`Game::legal_answers`]) and
//! applies one ([`Game::apply`]). Applying an answer runs the game forward —
//! program changes, both robots' programs, deliveries, the next turn — until
//! the next decision, leaving what happened in [`Game::events`]. An illegal
//! answer is refused with the rule that forbids it and changes nothing.

mod actions;
mod answer;
mod change;
mod end;
mod error;
mod event;
mod execute;
mod hooks;
mod menu;
mod narrate;
mod position;
mod sample;
mod state;
mod terrain;
mod view;

pub use answer::{Answer, ChangeStep, Decision, ZapEffect};
pub use change::{parse_robot, robot_name, Change};
pub use end::{rank, Countdown, EndReason, Standing};
pub use error::RuleError;
pub use event::{Action, Event, Reason};
pub use hooks::{Effect, HookError, HookSet, Hooks, StepKind, StepVerdict, Verdict, ZapHit};
pub use position::{Position, PositionError, Sides};
pub use state::{Player, Program, Robot, SLOTS};
pub use view::{BaseView, CrystalView, DecisionView, PlayerInfo, PlayerView, RobotView};

use crate::engine::Rulings;
use crate::games::twin_tin_bots::board::Board;
use crate::games::twin_tin_bots::names::Name;
use crate::games::twin_tin_bots::orders::{OrderBook, Tile, TileSet};
use crate::games::twin_tin_bots::pieces::{
    robot_of, Colour, Crystal, CrystalCounts, Piece, PlayerId, RobotId,
};
use crate::games::twin_tin_bots::rulings::{Readings, ZapOptional, DISPUTES};
use crate::games::twin_tin_bots::terrain::KindTable;
use crate::grid::hex::Hex;
use menu::{ChangeMenu, KeptMenu};
use serde::{Deserialize, Serialize};
use std::rc::Rc;
use std::sync::Arc;

/// What a game's rules are made of beyond the position: what every tile
/// does, the kinds of terrain, and the variants' hooks.
#[derive(Clone, Debug)]
pub struct Rules {
    /// What every tile does.
    pub orders: Arc<OrderBook>,
    /// The kinds of terrain the variants define.
    pub kinds: Arc<KindTable>,
    /// The variants' hooks, if any define some.
    pub hooks: Option<Rc<dyn Hooks>>,
}

impl Rules {
    /// The standard rules: the rulebook's orders, no terrain, no hooks.
    pub fn standard() -> Rules {
        Rules::with_orders(OrderBook::official())
    }

    /// `orders`, with no terrain and no hooks.
    pub fn with_orders(orders: Arc<OrderBook>) -> Rules {
        Rules {
            orders,
            kinds: Arc::new(KindTable::none()),
            hooks: None,
        }
    }
}

/// A robot's mark, set by a variant's hook for the rest of the turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Mark {
    robot: RobotId,
    key: Name,
    value: i64,
}

/// How a finished game ended and who won.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// How it ended.
    pub reason: EndReason,
    /// The winners (several on a shared victory).
    pub winners: Vec<PlayerId>,
    /// Every player's standing, best first.
    pub standings: Vec<Standing>,
}

/// The legal answers to a decision, as a menu that counts and indexes them.
#[derive(Clone, Debug)]
pub struct LegalAnswers(Menu);

#[derive(Clone, Debug)]
enum Menu {
    Changes(ChangeMenu),
    /// The zap effects; `nothing` last, when the zap may have no effect.
    Zap {
        nothing: bool,
    },
    Continue,
    Hexes(Vec<Hex>),
    Directions,
    Nothing,
}

impl LegalAnswers {
    /// How many answers are legal.
    pub fn len(&self) -> usize {
        match &self.0 {
            Menu::Changes(m) => m.len(),
            Menu::Zap { nothing } => ZapEffect::ALL.len() - usize::from(!nothing),
            Menu::Continue => 1,
            Menu::Hexes(h) => h.len(),
            Menu::Directions => Answer::PUSH_CHOICES.len(),
            Menu::Nothing => 0,
        }
    }

    /// Whether no answer is legal (the game is over).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The `i`-th legal answer.
    pub fn get(&self, i: usize) -> Option<Answer> {
        match &self.0 {
            Menu::Changes(m) => m.get(i),
            Menu::Zap { nothing } => ZapEffect::ALL
                .get(i)
                .copied()
                .filter(|&e| *nothing || e != ZapEffect::Nothing)
                .map(Answer::Zap),
            Menu::Continue => (i == 0).then_some(Answer::Continue),
            Menu::Hexes(h) => h.get(i).copied().map(Answer::Place),
            Menu::Directions => Answer::PUSH_CHOICES.get(i).copied(),
            Menu::Nothing => None,
        }
    }
}

/// What the game waits for, internally.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pending {
    Decide(Decision),
    Running,
}

/// Where the programs' execution stands in the current turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Cursor {
    /// The active player's robot being run: 0, 1, or 2 when both are done.
    robot: u8,
    /// Slot being run, 0-based.
    slot: u8,
    /// Next primitive of the slot's order.
    step: u8,
    /// A movement step of the current order was blocked.
    move_blocked: bool,
}

/// A game of Twin Tin Bots in progress.
#[derive(Debug)]
pub struct Game {
    board: Board,
    /// The seats' colours (never change during a game: shared by copies,
    /// as are the track, the special deck and the sides).
    colours: Arc<[Colour]>,
    players: Vec<Player>,
    /// Every tile each player owns (hand, program, or the spent Double Modification).
    owned: Vec<TileSet>,
    robots: Vec<Option<Robot>>,
    track: Arc<[Crystal]>,
    track_next: usize,
    special_deck: Arc<[Tile]>,
    deck_next: usize,
    in_box: CrystalCounts,
    score_to_win: Option<u32>,
    active: PlayerId,
    turn: u32,
    countdown: Countdown,
    pending: Pending,
    cursor: Cursor,
    outcome: Option<Outcome>,
    events: Vec<Event>,
    /// What every tile does.
    orders: Arc<OrderBook>,
    /// Whether execution pauses before each primitive ([`Decision::Continue`]).
    stepping: bool,
    /// The kinds of terrain.
    kinds: Arc<KindTable>,
    /// The variants' hooks.
    hooks: Option<Rc<dyn Hooks>>,
    /// Which game-wide hooks are defined.
    defined: HookSet,
    /// Marks hooks set on robots this turn.
    marks: Vec<Mark>,
    /// Kinds whose `before_step` is done with a robot for now
    /// ([`Effect::DoneWith`]).
    done_with: Vec<(RobotId, Name)>,
    /// Teams and control of the seats.
    sides: Arc<Sides>,
    /// The readings of disputed rules in force (shared by copies: they
    /// change only between steps, [`Game::set_rulings`]).
    rulings: Arc<Rulings>,
    /// The same readings, one enum per dispute, for the rules to branch on.
    readings: Readings,
    /// The first hook failure of the answer being applied.
    failure: Option<HookError>,
    /// How [`Game::apply`] undoes an answer whose hook failed (not part of
    /// the game: never cloned).
    undo: Undo,
    /// Whether a hook ran in the answer being applied.
    hooks_ran: bool,
    /// The changes the running hook asked for: one buffer reused from hook
    /// to hook (empty between hooks; not part of the game, never cloned).
    asked: Vec<Effect>,
    /// The program-change menu of the current decision, once built: a bot
    /// counts the answers and then takes one by index, and both read it.
    /// Only [`Game::apply`] and [`Game::stop`] change a game, and both
    /// clear it.
    menu: KeptMenu,
}

/// Clones every field but the snapshot buffer; `clone_from` reuses the
/// target's buffers and shares what never changes during a game (orders,
/// kinds, hooks), so that keeping a snapshot allocates nothing.
impl Clone for Game {
    fn clone(&self) -> Self {
        Game {
            board: self.board.clone(),
            colours: self.colours.clone(),
            players: self.players.clone(),
            owned: self.owned.clone(),
            robots: self.robots.clone(),
            track: self.track.clone(),
            track_next: self.track_next,
            special_deck: self.special_deck.clone(),
            deck_next: self.deck_next,
            in_box: self.in_box,
            score_to_win: self.score_to_win,
            active: self.active,
            turn: self.turn,
            countdown: self.countdown,
            pending: self.pending,
            cursor: self.cursor,
            outcome: self.outcome.clone(),
            events: self.events.clone(),
            orders: self.orders.clone(),
            stepping: self.stepping,
            kinds: self.kinds.clone(),
            hooks: self.hooks.clone(),
            defined: self.defined,
            marks: self.marks.clone(),
            done_with: self.done_with.clone(),
            sides: self.sides.clone(),
            rulings: self.rulings.clone(),
            readings: self.readings,
            failure: self.failure.clone(),
            undo: Undo::default(),
            hooks_ran: false,
            asked: Vec::new(),
            menu: self.menu.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.copy_state(source);
        self.events.clone_from(&source.events);
        self.undo.forget();
    }
}

/// The longest run of answers [`Undo`] replays: past it, the next answer
/// takes a fresh copy of the game.
const MAX_REPLAY: usize = 64;

/// How a game with hooks goes back to where it stood before an answer
/// whose hook failed, without copying itself before every answer: a copy
/// of the game taken at some point ([`Undo::base`]) and the answers
/// applied since, none of which ran a hook. Those answers ran only the
/// engine's own rules, which are deterministic, so applying them again to
/// the copy gives the game as it was before the failed answer, and no
/// script runs twice. An answer that runs a hook and succeeds makes the
/// next answer take a new copy; on a board where hooks run in one answer
/// out of seven (mud), that is a copy every seven answers instead of one
/// for each.
#[derive(Debug, Default)]
struct Undo {
    /// A copy of the game (reused from copy to copy).
    base: Option<Box<Game>>,
    /// Whether `base` followed by `since` is the game as it stands.
    valid: bool,
    /// The answers applied since `base` was taken, none of which ran a
    /// hook.
    since: Vec<Answer>,
}

impl Undo {
    /// Takes `game` as it stands as the base.
    fn rebase(&mut self, game: &Game) {
        match &mut self.base {
            Some(base) => base.copy_state(game),
            None => self.base = Some(Box::new(game.clone())),
        }
        self.since.clear();
        self.valid = true;
    }

    /// Whether the base and the answers since are the game as it stands,
    /// and few enough to replay.
    fn holds(&self) -> bool {
        self.valid && self.since.len() < MAX_REPLAY
    }

    /// The game changed other than by an answer without hooks: the next
    /// answer takes a new copy.
    fn forget(&mut self) {
        self.valid = false;
        self.since.clear();
    }

    /// Puts `game` back where it stood before the answer being applied:
    /// the base, then the answers since, applied again (none runs a hook).
    fn restore(&self, game: &mut Game) {
        let Some(base) = &self.base else {
            unreachable!("an answer with hooks is applied with a base kept");
        };
        game.copy_state(base);
        for &answer in &self.since {
            let replayed = game.apply_answer(answer, false);
            debug_assert!(
                replayed.is_ok() && !game.hooks_ran && game.failure.is_none(),
                "an answer replayed as it was first applied"
            );
        }
        game.events.clear();
    }
}

impl Game {
    /// Copies everything but the events (the record of the last answer,
    /// which a snapshot need not keep), reusing this game's buffers.
    fn copy_state(&mut self, source: &Game) {
        self.board.clone_from(&source.board);
        share(&mut self.colours, &source.colours);
        self.players.clone_from(&source.players);
        self.owned.clone_from(&source.owned);
        self.robots.clone_from(&source.robots);
        share(&mut self.track, &source.track);
        self.track_next = source.track_next;
        share(&mut self.special_deck, &source.special_deck);
        self.deck_next = source.deck_next;
        self.in_box = source.in_box;
        self.score_to_win = source.score_to_win;
        self.active = source.active;
        self.turn = source.turn;
        self.countdown = source.countdown;
        self.pending = source.pending;
        self.cursor = source.cursor;
        self.outcome.clone_from(&source.outcome);
        share(&mut self.orders, &source.orders);
        self.stepping = source.stepping;
        share(&mut self.kinds, &source.kinds);
        let same_hooks = match (&self.hooks, &source.hooks) {
            (Some(a), Some(b)) => Rc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        if !same_hooks {
            self.hooks.clone_from(&source.hooks);
        }
        self.defined = source.defined;
        self.marks.clone_from(&source.marks);
        self.done_with.clone_from(&source.done_with);
        share(&mut self.sides, &source.sides);
        share(&mut self.rulings, &source.rulings);
        self.readings = source.readings;
        self.failure.clone_from(&source.failure);
        self.menu.set(source.menu.get());
    }
}

/// Points `target` at what `source` points at, unless it already does
/// (what a game shares between its copies).
fn share<T: ?Sized>(target: &mut Arc<T>, source: &Arc<T>) {
    if !Arc::ptr_eq(target, source) {
        *target = source.clone();
    }
}

impl Game {
    /// Starts a game from a position with the rulebook's orders
    /// ([`OrderBook::official`]): the active player's turn begins.
    pub fn new(position: &Position) -> Result<Game, PositionError> {
        Game::with_orders(position, OrderBook::official())
    }

    /// Starts a game from a position with the given orders (for instance the
    /// official ones with an order file's redefinitions and new tiles).
    /// Every tile in the position — hands, programs, special deck — must be
    /// one the book defines.
    pub fn with_orders(position: &Position, orders: Arc<OrderBook>) -> Result<Game, PositionError> {
        Game::with_rules(position, Rules::with_orders(orders))
    }

    /// Starts a game from a position with the given rules: orders, kinds of
    /// terrain and the variants' hooks. Every tile must be one the orders
    /// define, every terrain a kind the rules define.
    pub fn with_rules(position: &Position, rules: Rules) -> Result<Game, PositionError> {
        let Rules {
            orders,
            kinds,
            hooks,
        } = rules;
        position.validate()?;
        position.check_tiles(&orders)?;
        let mut board = Board::new(position.arena.clone());
        for (h, p) in position.pieces() {
            board.set(h, Some(p));
        }
        terrain::lay(&mut board, position, &kinds)?;
        let in_play = position.crystals_in_play();
        let in_box = CrystalCounts(Crystal::ALL.map(|c| Crystal::IN_BOX_EACH - in_play.of(c)));
        let owned = (0..position.players.len())
            .map(|p| {
                let player = &position.players[p];
                let mut tiles = player.hand;
                for r in position.robots.iter().flatten().filter(|r| r.id / 2 == p) {
                    r.program.iter().flatten().for_each(|t| tiles.add(*t));
                }
                if player.double_modification_used {
                    tiles.add(Tile::DOUBLE_MODIFICATION);
                }
                tiles
            })
            .collect();
        let mut game = Game {
            board,
            colours: position.colours().into(),
            players: position.players.clone(),
            owned,
            robots: position.robots.clone(),
            track: position.track.as_slice().into(),
            track_next: 0,
            special_deck: position.special_deck.as_slice().into(),
            deck_next: 0,
            in_box,
            score_to_win: position.score_to_win,
            active: position.active,
            turn: 1,
            countdown: Countdown::default(),
            pending: Pending::Running,
            cursor: Cursor::default(),
            outcome: None,
            events: Vec::with_capacity(64),
            orders,
            stepping: false,
            kinds,
            defined: hooks.as_ref().map(|h| h.defines()).unwrap_or_default(),
            hooks,
            marks: Vec::new(),
            done_with: Vec::new(),
            sides: Arc::new(position.sides.clone()),
            rulings: Arc::new(Rulings::defaults(DISPUTES)),
            readings: Readings::default(),
            failure: None,
            undo: Undo::default(),
            hooks_ran: false,
            asked: Vec::new(),
            menu: KeptMenu::default(),
        };
        game.start_turn();
        Ok(game)
    }

    /// What is being decided now, and by whom.
    pub fn decision(&self) -> Decision {
        match self.pending {
            Pending::Decide(d) => d,
            Pending::Running => unreachable!("the game always stops at a decision"),
        }
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The legal answers to the current decision, written into `out`
    /// (cleared first), so that callers can reuse one buffer.
    pub fn legal_answers(&self, out: &mut Vec<Answer>) {
        out.clear();
        let legal = self.legal();
        out.extend((0..legal.len()).filter_map(|i| legal.get(i)));
    }

    /// The legal answers to the current decision, counted and indexed
    /// without building a list (in the order of [`Game::legal_answers`]).
    pub fn legal(&self) -> LegalAnswers {
        LegalAnswers(match self.decision() {
            Decision::ProgramChange { player, step } => {
                Menu::Changes(self.change_menu(player, step))
            }
            Decision::ZapEffect { .. } => Menu::Zap {
                nothing: self.readings.zap_optional == ZapOptional::Optional,
            },
            Decision::ZapPush { .. } => Menu::Directions,
            Decision::Continue { .. } => Menu::Continue,
            Decision::CrystalPlacement { .. } => {
                Menu::Hexes(self.board.free_hexes_closest_to_centre())
            }
            Decision::GameOver => Menu::Nothing,
        })
    }

    /// The program-change menu of the current decision: the one kept
    /// since it was made, or a new one, kept.
    fn change_menu(&self, player: PlayerId, step: ChangeStep) -> ChangeMenu {
        match self.menu.get() {
            Some(menu) => menu,
            None => {
                let menu = ChangeMenu::new(self, player, step);
                self.menu.set(Some(menu));
                menu
            }
        }
    }

    /// How many legal answers the current decision has.
    pub fn legal_answer_count(&self) -> usize {
        // A program change, the most frequent decision, reads its menu
        // without going through [`Game::legal`].
        match self.pending {
            Pending::Decide(Decision::ProgramChange { player, step }) => {
                self.change_menu(player, step).len()
            }
            _ => self.legal().len(),
        }
    }

    /// The `i`-th legal answer, in the order of [`Game::legal_answers`].
    pub fn legal_answer(&self, i: usize) -> Option<Answer> {
        match self.pending {
            Pending::Decide(Decision::ProgramChange { player, step }) => {
                self.change_menu(player, step).get(i)
            }
            _ => self.legal().get(i),
        }
    }

    /// The legal answers in a fresh vector.
    pub fn legal_answer_list(&self) -> Vec<Answer> {
        let mut v = Vec::new();
        self.legal_answers(&mut v);
        v
    }

    /// Applies an answer and runs the game to the next decision. The events
    /// it caused replace [`Game::events`]. An illegal answer changes nothing.
    pub fn apply(&mut self, answer: Answer) -> Result<(), RuleError> {
        self.apply_checked(answer, true)
    }

    /// [`Game::apply`] for an answer just taken from
    /// [`Game::legal_answer`], with nothing changed in between: a program
    /// change from the menu is not checked against the rules again (the
    /// menu holds only changes the rules allow).
    pub fn apply_legal(&mut self, answer: Answer) -> Result<(), RuleError> {
        self.apply_checked(answer, false)
    }

    /// Applies an answer, checking a program change first if `check`.
    fn apply_checked(&mut self, answer: Answer, check: bool) -> Result<(), RuleError> {
        self.menu.set(None);
        if self.hooks.is_none() {
            let applied = self.apply_answer(answer, check);
            // Nothing reads the menu while an answer runs; cleared again
            // in case a rule looked at a decision on the way.
            self.menu.set(None);
            return applied;
        }
        // A hook may fail half-way: the game must then be left as it was
        // (see [`Undo`]). A `score` hook runs after every answer: then
        // every answer starts from a copy.
        let mut undo = std::mem::take(&mut self.undo);
        if !undo.holds() || self.defined.score {
            undo.rebase(self);
        }
        self.hooks_ran = false;
        let applied = self.apply_answer(answer, check);
        if applied.is_ok() {
            self.check_scores();
        }
        let result = match (applied, self.failure.take()) {
            // Refused before anything changed.
            (Err(e), _) => Err(e),
            (Ok(()), None) => {
                if self.hooks_ran || self.defined.score {
                    undo.forget();
                } else {
                    undo.since.push(answer);
                }
                Ok(())
            }
            (Ok(()), Some(failure)) => {
                undo.restore(self);
                Err(RuleError::Hook(failure.0))
            }
        };
        self.undo = undo;
        self.menu.set(None);
        result
    }

    fn apply_answer(&mut self, answer: Answer, check: bool) -> Result<(), RuleError> {
        let decision = self.decision();
        match (decision, answer) {
            (Decision::GameOver, _) => Err(RuleError::GameOver),
            (Decision::ProgramChange { player, step }, Answer::Change(change)) => {
                if check {
                    self.check_change(player, step, change)?;
                }
                self.events.clear();
                self.make_change(player, step, change);
                Ok(())
            }
            (Decision::ZapEffect { target, .. }, Answer::Zap(effect)) => {
                // 000_f177823dad35ee93.txt:238 "the Zapping player may force
                // it to immediately perform one of the following Orders":
                // whether `nothing` is an answer is ttb.zap-optional.
                if effect == ZapEffect::Nothing && self.readings.zap_optional == ZapOptional::Forced
                {
                    return Err(RuleError::ZapEffectRequired);
                }
                self.events.clear();
                self.pending = Pending::Running;
                self.zap_effect(target, effect);
                self.resume();
                Ok(())
            }
            (Decision::CrystalPlacement { crystal, .. }, Answer::Place(hex)) => {
                let options = self.board.free_hexes_closest_to_centre();
                if !options.contains(&hex) {
                    return Err(RuleError::NotAClosestFreeHex {
                        hex,
                        options: options
                            .iter()
                            .map(|h| h.to_string())
                            .collect::<Vec<_>>()
                            .join(" "),
                    });
                }
                self.events.clear();
                self.pending = Pending::Running;
                self.place_entering_crystal(crystal, hex);
                self.resume();
                Ok(())
            }
            (Decision::ZapPush { zapper, at, .. }, Answer::Push(dir)) => {
                self.events.clear();
                self.pending = Pending::Running;
                self.zap_push(zapper, at, dir);
                self.resume();
                Ok(())
            }
            (Decision::Continue { .. }, Answer::Continue) => {
                self.events.clear();
                self.pending = Pending::Running;
                self.run();
                Ok(())
            }
            (d, a) => Err(RuleError::WrongKindOfAnswer {
                expected: d.kind_name(),
                got: a.kind_name(),
            }),
        }
    }

    /// The position as it stands, as a [`Position`] a new game could start
    /// from: pieces, programs, hands, scores, the rest of the track and of
    /// the special deck, the player to move. What a position does not hold
    /// is lost: the countdown, and where the programs' execution stands
    /// when taken in the middle of a turn.
    pub fn position(&self) -> Position {
        Position {
            arena: self.board.arena().clone(),
            players: self.players.clone(),
            robots: self.robots.clone(),
            crystals: self.crystals_on_board().collect(),
            track: self.track().to_vec(),
            special_deck: self.special_deck().to_vec(),
            active: self.active,
            score_to_win: self.score_to_win,
            terrain: self.terrain(),
            sides: (*self.sides).clone(),
        }
    }

    /// Turns stepping mode on or off. When on, running the programs pauses
    /// before each primitive — after the program changes, between orders,
    /// between the parts of a compound order, after a zap or crystal
    /// answer — with [`Decision::Continue`], whose one answer
    /// ([`Answer::Continue`]) runs the next primitive. Off (the default), a
    /// turn runs to the next real decision. Turning it off while paused
    /// lets the next `continue` run to the next real decision.
    pub fn set_stepping(&mut self, on: bool) {
        self.stepping = on;
        self.undo.forget();
    }

    /// Whether stepping mode is on.
    pub fn stepping(&self) -> bool {
        self.stepping
    }

    /// Ends the game now, scored as if it had ended (used for a turn limit).
    pub fn stop(&mut self, reason: EndReason) {
        if !self.is_over() {
            self.menu.set(None);
            self.undo.forget();
            self.finish(reason);
        }
    }

    /// The events caused by the last [`Game::apply`] (or the game's start).
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// What every tile of this game does.
    pub fn orders(&self) -> &Arc<OrderBook> {
        &self.orders
    }

    /// The kinds of terrain this game knows.
    pub fn kinds(&self) -> &Arc<KindTable> {
        &self.kinds
    }

    /// The variants' hooks, if any.
    pub fn hooks(&self) -> Option<&Rc<dyn Hooks>> {
        self.hooks.as_ref()
    }

    /// Teams and control of the seats.
    pub fn sides(&self) -> &Sides {
        &self.sides
    }

    /// A robot's mark set by a hook this turn (0 when unset).
    pub fn mark(&self, robot: RobotId, key: Name) -> i64 {
        self.marks
            .iter()
            .find(|m| m.robot == robot && m.key == key)
            .map_or(0, |m| m.value)
    }

    /// The bytes the game keeps for the marks hooks set this turn (held to
    /// the script memory limit when a hook asks for another).
    pub fn marks_bytes(&self) -> usize {
        self.marks.len() * std::mem::size_of::<Mark>()
    }

    /// A robot's marks set by hooks this turn, as (key, value).
    pub fn marks_of(&self, robot: RobotId) -> impl Iterator<Item = (Name, i64)> + '_ {
        self.marks
            .iter()
            .filter(move |m| m.robot == robot)
            .map(|m| (m.key, m.value))
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Colours in seating order.
    pub fn colours(&self) -> &[Colour] {
        &self.colours
    }

    /// Players in seating order.
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// Every tile a player owns: hand, programs, and a spent Double Modification.
    pub fn owned_tiles(&self, player: PlayerId) -> TileSet {
        self.owned[player]
    }

    /// All robot slots by id; `None` for a robot not in play.
    pub fn robots(&self) -> &[Option<Robot>] {
        &self.robots
    }

    /// A robot, if it is in play.
    pub fn robot(&self, id: RobotId) -> Option<&Robot> {
        self.robots.get(id).and_then(Option::as_ref)
    }

    /// Whose turn it is.
    pub fn active(&self) -> PlayerId {
        self.active
    }

    /// The turn number, counting every player's turn from 1.
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// The readings of disputed rules in force.
    pub fn rulings(&self) -> &Rulings {
        &self.rulings
    }

    /// Plays on under `rulings` (from the next step: a decision already
    /// asked keeps who asks it). `rulings` must be Twin Tin Bots' own
    /// ([`DISPUTES`]).
    pub fn set_rulings(&mut self, rulings: Rulings) {
        debug_assert!(
            std::ptr::eq(rulings.disputes(), DISPUTES) || rulings.disputes() == DISPUTES,
            "Twin Tin Bots' rulings"
        );
        self.readings = Readings::of(&rulings);
        self.rulings = Arc::new(rulings);
        self.undo.forget();
    }

    /// The crystal-attrition countdown.
    pub fn countdown(&self) -> Countdown {
        self.countdown
    }

    /// Crystals still on the track, next first.
    pub fn track(&self) -> &[Crystal] {
        &self.track[self.track_next..]
    }

    /// Special tiles still in the deck, top first.
    pub fn special_deck(&self) -> &[Tile] {
        &self.special_deck[self.deck_next..]
    }

    /// Crystals left in the box (never in play).
    pub fn in_box(&self) -> CrystalCounts {
        self.in_box
    }

    /// Points in base that win at once, if score victory is on.
    pub fn score_to_win(&self) -> Option<u32> {
        self.score_to_win
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// Every player's standing now, as if the game ended now, best first.
    pub fn standings(&self) -> Vec<Standing> {
        let mut s = self.unranked_standings();
        rank(&mut s);
        s
    }

    /// Every player's standing, unranked. A failing `score` hook cannot
    /// reach here unnoticed: [`Game::apply`] asks it after every answer
    /// and refuses the answer if it fails; should it fail now on a state it
    /// scored before, the standard score stands in.
    fn unranked_standings(&self) -> Vec<Standing> {
        self.try_unranked_standings()
            .unwrap_or_else(|_| self.standard_standings())
    }

    /// Every player's standard standing, unranked (no `score` hook asked).
    fn standard_standings(&self) -> Vec<Standing> {
        (0..self.players.len())
            .map(|p| self.standard_standing(p))
            .collect()
    }

    /// Every player's standing, unranked, or the `score` hook's failure.
    fn try_unranked_standings(&self) -> Result<Vec<Standing>, HookError> {
        (0..self.players.len())
            .map(|p| {
                Ok(Standing {
                    variant: self.variant_score(p)?,
                    ..self.standard_standing(p)
                })
            })
            .collect()
    }

    /// The standard standing of a player (base and carried crystals), which
    /// a variant's `score` hook builds on.
    pub fn standard_standing(&self, player: PlayerId) -> Standing {
        let carried =
            (0..2).filter_map(|n| self.robot(robot_of(player, n)).and_then(|r| r.carrying));
        Standing::new(player, self.players[player].delivered, carried)
            .counting(self.readings.tiebreak)
    }

    /// Points in the bases of a player's team (the player's own base when
    /// there are no teams): what score victory counts.
    pub fn team_base_points(&self, player: PlayerId) -> u32 {
        let team = self.sides.team(player);
        (0..self.players.len())
            .filter(|&p| self.sides.team(p) == team)
            .map(|p| self.players[p].delivered.points())
            .sum()
    }

    /// Whether robots `a` and `b` are opponents: of players of different
    /// teams (DESIGN.md decision 5).
    pub fn opponents(&self, a: RobotId, b: RobotId) -> bool {
        let (pa, pb) = (a / 2, b / 2);
        pa != pb && self.sides.team(pa) != self.sides.team(pb)
    }

    /// A robot's name, such as `red.1`.
    pub fn robot_name(&self, robot: RobotId) -> String {
        robot_name(&self.colours, robot)
    }

    /// Loose crystals on the board.
    pub fn crystals_on_board(&self) -> impl Iterator<Item = (Hex, Crystal)> + '_ {
        self.board.pieces().filter_map(|(h, p)| match p {
            Piece::Crystal(c) => Some((h, c)),
            _ => None,
        })
    }

    /// Checks the invariants (DESIGN.md decision 8): no two pieces on a hex
    /// except a carried crystal, robots on the board where the board says,
    /// every crystal accounted for, each player's tiles all in hand or program.
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut counts = self.in_box;
        for (h, p) in self.board.pieces() {
            match p {
                Piece::Crystal(c) => counts.add(c),
                Piece::Robot(id) => match self.robot(id) {
                    Some(r) if r.at == h => {}
                    _ => {
                        return Err(format!(
                            "the board has robot #{id} at {h} but the robot disagrees"
                        ))
                    }
                },
                Piece::Base(_) | Piece::Thing(_) => {}
            }
        }
        for r in self.robots.iter().flatten() {
            if self.board.at(r.at) != Some(Piece::Robot(r.id)) {
                return Err(format!(
                    "{} is not on the board at {}",
                    self.robot_name(r.id),
                    r.at
                ));
            }
            if let Some(c) = r.carrying {
                counts.add(c);
            }
        }
        self.track().iter().for_each(|c| counts.add(*c));
        for p in &self.players {
            p.delivered.iter().for_each(|c| counts.add(c));
        }
        if counts.0 != [Crystal::IN_BOX_EACH; 3] {
            return Err(format!(
                "crystals do not add up to 6 of each kind: {:?}",
                counts.0
            ));
        }
        for (p, player) in self.players.iter().enumerate() {
            let mut tiles = player.hand;
            for n in 0..2 {
                if let Some(r) = self.robot(robot_of(p, n)) {
                    r.program.iter().flatten().for_each(|t| tiles.add(*t));
                }
            }
            if player.double_modification_used {
                tiles.add(Tile::DOUBLE_MODIFICATION);
            }
            if tiles != self.owned[p] {
                return Err(format!(
                    "{}'s hand and programs do not hold the player's tiles",
                    player.colour
                ));
            }
        }
        Ok(())
    }
}
