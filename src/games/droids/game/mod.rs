//! The rules of Droids as a state machine of decisions (DESIGN, principle
//! 1): a [`Game`] holds the position (robots, pieces, the players'
//! registers, hands and the four stacks), pauses at every decision, and
//! runs to the next one when answered.
//!
//! A round (seed lines 96-130): every player draws 7 tiles ([`flow`]), lays
//! them one at a time face down in the register columns, then in turn
//! turns up and carries out the tiles of the columns where their robot or
//! a repair robot stands ([`orders`]: moves, pushes, water, shots, pick up
//! and put down, steering, repairs). The game is fully given by its start,
//! its seed and its answers: stacks are shuffled and the die is rolled
//! from a seeded `ChaCha8Rng` kept in the game ([`record`]).

pub mod answer;
mod flow;
mod hidden;
pub mod narrate;
mod orders;
pub mod record;
#[cfg(test)]
mod tests;

use std::collections::VecDeque;
use std::fmt;
use std::rc::Rc;
use std::sync::Arc;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::engine::{Outcome, Refusal, Rulings, Seat};
use crate::grid::square::Square;

use super::board::{seating, Mission, Piece, Terrain, PLAYER_COLOURS};
use super::mission::hooks::{HookEvent, MissionHooks};
use super::mission::vars::Vars;
use super::rulings::REPAIR_CORNERS;
use super::tiles::{Colour, Tile, TileMix};
pub use answer::Answer;
pub use narrate::Event;
pub(crate) use orders::{Fire, Reach};

/// The tiles a player draws each round (seed line 103).
pub const DRAW: usize = 7;

/// The most tiles a register holds (seed line 109).
pub const REGISTER_SLOTS: usize = 3;

/// The faces of the die: 0 to 9 (ours, `docs/droids.md`, "The die").
pub const DIE_FACES: u8 = 10;

/// A robot on (or carried above) the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RobotId {
    /// A player's robot, by its colour (a place in `PLAYER_COLOURS`; the
    /// seat that plays it is [`Game::seat_of`]: seat 0 is not red when
    /// the player chose a colour).
    Player(usize),
    /// A repair robot: 0 is `grey.1`, 1 is `grey.2`.
    Repair(usize),
    /// The statue (mission 5): pushed like a robot, never moving itself
    /// (seed lines 201-205).
    Statue,
    /// The robot-killer (mission 7, seed line 230): no registers, moved by
    /// its mission's script.
    Killer,
}

impl RobotId {
    /// Whether water does not stop it (repair robots, seed lines 9 and 81).
    pub fn crosses_water(self) -> bool {
        matches!(self, RobotId::Repair(_) | RobotId::Killer)
    }

    /// Its letter in pictures.
    pub fn letter(self) -> char {
        match self {
            RobotId::Player(s) => ['R', 'Y', 'B', 'G'][s],
            RobotId::Repair(i) => ['1', '2'][i],
            RobotId::Statue => 'S',
            RobotId::Killer => 'K',
        }
    }

    /// Reads a robot's name (`red`, `grey.1`, `statue`).
    pub fn named(name: &str) -> Option<RobotId> {
        match name {
            "grey.1" => Some(RobotId::Repair(0)),
            "grey.2" => Some(RobotId::Repair(1)),
            "statue" => Some(RobotId::Statue),
            "killer" => Some(RobotId::Killer),
            _ => PLAYER_COLOURS
                .iter()
                .position(|c| *c == name)
                .map(RobotId::Player),
        }
    }
}

impl fmt::Display for RobotId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RobotId::Player(s) => f.write_str(PLAYER_COLOURS[*s]),
            RobotId::Repair(i) => write!(f, "grey.{}", i + 1),
            RobotId::Statue => f.write_str("statue"),
            RobotId::Killer => f.write_str("killer"),
        }
    }
}

/// What a robot holds in its arms (seed line 67): one thing at a time
/// (seed line 70).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Carried {
    /// A piece picked up from the board.
    Piece(Piece),
    /// The statue (seed line 206).
    Statue,
}

/// A robot and where it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Robot {
    /// Which robot.
    pub id: RobotId,
    /// Its square; `None` while carried (the statue).
    pub at: Option<Square>,
    /// What it carries.
    pub carrying: Option<Carried>,
}

/// A player's register board, hand and standing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The tiles laid face down in each register column, the first laid
    /// first to run (seed line 110).
    pub registers: Vec<Vec<Tile>>,
    /// Which registers are blocked (seed line 57).
    pub blocked: Vec<bool>,
    /// The tiles drawn and not yet laid.
    pub hand: Vec<Tile>,
    /// Out of the game (seed line 133).
    pub out: bool,
    /// Has stopped laying this round (seed line 112).
    pub stopped: bool,
    /// Has carried out an order in this round's run (seed line 133): a
    /// tile turned up that could be carried out.
    pub ran: bool,
    /// Has turned up a tile in this round's run, carried out or not
    /// (seed line 120; `droids.void-order` reads whether that is enough).
    pub turned: bool,
    /// Has drawn this round (seed line 103).
    pub drawn: bool,
}

impl Player {
    fn new(columns: usize) -> Player {
        Player {
            registers: vec![Vec::new(); columns],
            blocked: vec![false; columns],
            hand: Vec::new(),
            out: false,
            stopped: false,
            ran: false,
            turned: false,
            drawn: false,
        }
    }

    /// Whether a tile may be laid in `column`: not blocked and not full.
    pub fn open(&self, column: usize) -> bool {
        !self.blocked[column] && self.registers[column].len() < REGISTER_SLOTS
    }
}

/// Where the game stands: what is being decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Set-up: players place mobile obstacles in turn; `left` to place.
    Place {
        /// Obstacles still to place.
        left: u8,
    },
    /// Each player draws (seed line 98).
    Draw,
    /// Players lay tiles in turn (seed line 99).
    Lay,
    /// Players turn up and run tiles in turn (seed line 100).
    Run,
    /// A hit player blocks registers, then the run goes on.
    Block {
        /// Registers still to block.
        left: u8,
    },
    /// The game is over.
    Over,
}

/// Die rolls: the seeded generator, and rolls set in advance by a scenario.
#[derive(Clone, Debug)]
pub(crate) struct Dice {
    rng: ChaCha8Rng,
    /// Rolls to give before the generator's (scenario files).
    pub queued: VecDeque<u8>,
}

impl Dice {
    /// The next roll.
    pub(crate) fn roll(&mut self) -> u8 {
        self.queued
            .pop_front()
            .unwrap_or_else(|| self.rng.gen_range(0..DIE_FACES))
    }
}

/// A game of Droids.
#[derive(Clone, Debug)]
pub struct Game {
    /// The mission played (board, set-up).
    pub(crate) mission: Arc<Mission>,
    /// Every robot, players' first (by seat), then repair robots, then the statue.
    pub(crate) robots: Vec<Robot>,
    /// The piece lying on each square, row by row.
    pub(crate) pieces: Vec<Option<Piece>>,
    /// The players, by seat.
    pub(crate) players: Vec<Player>,
    /// The four stacks, face down; the top is the end.
    pub(crate) stacks: [Vec<Tile>; 4],
    /// Tiles put in the box from blocked registers (seed line 56).
    pub(crate) boxed: Vec<Tile>,
    /// Every tile of the game, for the count of invariants.
    pub(crate) total_tiles: usize,
    /// The pieces of each kind ([`Piece::index`]) in the game, on the
    /// board or carried, for the invariants.
    pub(crate) piece_totals: [usize; 3],
    pub(crate) dice: Dice,
    pub(crate) phase: Phase,
    /// Who starts the round.
    pub(crate) first: Seat,
    /// Who decides now (or, in the run, whose turn it is).
    pub(crate) current: Seat,
    /// The player whose shot is being answered with blocks.
    pub(crate) shooter: Option<Seat>,
    /// The round, from 1.
    pub(crate) round: u32,
    pub(crate) events: Vec<Event>,
    pub(crate) outcome: Option<Outcome>,
    /// The mission script's hooks, if it has a script.
    pub(crate) hooks: Option<Rc<MissionHooks>>,
    /// The numbers the mission script keeps (`game:set`), part of the game
    /// so that copies and replays hold them.
    pub(crate) vars: Vars,
    /// Players who must still block registers (a hit, a mine), in order.
    pub(crate) pending: VecDeque<(Seat, u8)>,
    /// The first failure of a mission hook while an answer (or the start)
    /// is applied: the game stops there, and the answer is refused with
    /// the game as it was before it.
    pub(crate) failure: Option<String>,
    /// The readings of disputed rules played
    /// ([`crate::games::droids::rulings`]).
    pub(crate) rulings: Rulings,
    /// The colour of each seat (a place in `PLAYER_COLOURS`): in order
    /// unless the players chose ([`super::board::seating`]).
    pub(crate) colours: Vec<usize>,
}

impl Game {
    /// A new game of `mission` for `players`, everything random from `seed`.
    pub fn new(mission: Mission, players: usize, seed: u64) -> Result<Game, Refusal> {
        Game::with_mix(mission, players, seed, TileMix::standard())
    }

    /// A new game with a given tile mix.
    pub fn with_mix(
        mission: Mission,
        players: usize,
        seed: u64,
        mix: &TileMix,
    ) -> Result<Game, Refusal> {
        Game::with_rules(mission, players, seed, mix, None)
    }

    /// A new game with a given tile mix and the mission script's hooks,
    /// every disputed rule at its default reading; the script's `setup`
    /// hook runs before the set-up's obstacles.
    pub fn with_rules(
        mission: Mission,
        players: usize,
        seed: u64,
        mix: &TileMix,
        hooks: Option<Rc<MissionHooks>>,
    ) -> Result<Game, Refusal> {
        let rulings = Rulings::defaults(crate::games::droids::rulings::DISPUTES);
        Game::with_rulings(mission, players, seed, mix, hooks, rulings)
    }

    /// A new game as [`Game::with_rules`] makes it, played under `rulings`
    /// (from its set-up on: where the repair robots start is disputed).
    pub fn with_rulings(
        mission: Mission,
        players: usize,
        seed: u64,
        mix: &TileMix,
        hooks: Option<Rc<MissionHooks>>,
        rulings: Rulings,
    ) -> Result<Game, Refusal> {
        let colours = seating::in_order(players);
        Game::seated(mission, colours, seed, mix, hooks, rulings)
    }

    /// A new game as [`Game::with_rulings`] makes it, each seat playing
    /// the colour `colours` gives it (a seating: [`Mission::seating`]
    /// checks a choice), the killer of a mission that puts it opposite
    /// the player on the start square opposite the first seat's (seed
    /// line 230).
    pub fn seated(
        mission: Mission,
        colours: Vec<usize>,
        seed: u64,
        mix: &TileMix,
        hooks: Option<Rc<MissionHooks>>,
        rulings: Rulings,
    ) -> Result<Game, Refusal> {
        let players = colours.len();
        if let Some(twice) = (1..players).find(|i| colours[..*i].contains(&colours[*i])) {
            return Err(Refusal::new(format!(
                "{} is seated twice: one player a colour",
                PLAYER_COLOURS.get(colours[twice]).unwrap_or(&"a colour")
            )));
        }
        let (lo, hi) = mission.players;
        if !(lo..=hi).contains(&players) {
            return Err(Refusal::new(format!(
                "mission {} is for {}, not {players}",
                mission.name,
                crate::wording::players(lo, hi)
            )));
        }
        if !mission.playable(mix) {
            return Err(Refusal::new(format!(
                "mission {}: {}",
                mission.name,
                crate::games::droids::rulebook::cite(super::board::NOTHING_PLAYABLE)
            )));
        }
        let sides = mission
            .teams
            .iter()
            .filter(|t| t.iter().any(|c| colours.contains(c)))
            .count();
        if !mission.teams.is_empty() && sides < 2 {
            return Err(Refusal::new(format!(
                "mission {}: in `teams`: the {players} players seated are all in one team: \
                 the game would end at the first round",
                mission.name
            )));
        }
        let mut robots = Vec::new();
        for &colour in &colours {
            let at = mission
                .starts
                .get(colour)
                .copied()
                .flatten()
                .ok_or_else(|| {
                    Refusal::new(format!(
                        "mission {} has no start for {}",
                        mission.name,
                        PLAYER_COLOURS.get(colour).unwrap_or(&"that colour")
                    ))
                })?;
            robots.push(Robot {
                id: RobotId::Player(colour),
                at: Some(at),
                carrying: None,
            });
        }
        let mut mission = mission;
        if mission.killer_opposite {
            mission.killer = colours.first().and_then(|c| mission.opposite_start(*c));
        }
        let set_up_event = mission.free_corners.then(|| {
            mission.repair_robots = mission.repair_starts(&colours, &rulings);
            repair_corners_event(&mission, &rulings)
        });
        for (i, at) in mission.repair_robots.iter().enumerate() {
            robots.push(Robot {
                id: RobotId::Repair(i),
                at: Some(*at),
                carrying: None,
            });
        }
        if let Some(at) = mission.statue {
            robots.push(Robot {
                id: RobotId::Statue,
                at: Some(at),
                carrying: None,
            });
        }
        if let Some(at) = mission.killer {
            robots.push(Robot {
                id: RobotId::Killer,
                at: Some(at),
                carrying: None,
            });
        }
        let board = &mission.board;
        let mut pieces = vec![None; (board.width * board.height) as usize];
        let mut piece_totals = [0; 3];
        for (at, p) in &mission.pieces {
            if let Some(i) = board.index(*at) {
                pieces[i] = Some(*p);
                piece_totals[p.index()] += 1;
            }
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut stacks: [Vec<Tile>; 4] = Default::default();
        for c in &mission.stacks {
            stacks[c.index()] = mix.stacks[c.index()]
                .iter()
                .filter(|t| !mission.leave_out.iter().any(|w| t.left_out_by(w)))
                .copied()
                .collect();
            stacks[c.index()].shuffle(&mut rng);
        }
        let total_tiles = stacks.iter().map(Vec::len).sum();
        let columns = board.width as usize;
        let place = mission.place_obstacles.get(&players).copied().unwrap_or(0);
        let first = rng.gen_range(0..players);
        let mut game = Game {
            mission: Arc::new(mission),
            robots,
            pieces,
            players: vec![Player::new(columns); players],
            stacks,
            boxed: Vec::new(),
            total_tiles,
            piece_totals,
            dice: Dice {
                rng,
                queued: VecDeque::new(),
            },
            phase: Phase::Place { left: place },
            first,
            current: first,
            shooter: None,
            round: 1,
            events: set_up_event
                .into_iter()
                .chain([Event::FirstPlayer { seat: first }])
                .collect(),
            outcome: None,
            hooks,
            vars: Vars::new(),
            pending: VecDeque::new(),
            failure: None,
            rulings,
            colours,
        };
        game.hook(&HookEvent::Setup);
        if let Some(e) = game.failure.take() {
            return Err(Refusal::new(format!(
                "the mission script failed, so the game does not start: {}",
                crate::games::droids::rulebook::cite(&e)
            )));
        }
        if let Phase::Place { left } = game.phase {
            let room = game
                .mission
                .board
                .squares()
                .filter(|at| game.can_place(*at))
                .count();
            if room < usize::from(left) {
                return Err(Refusal::new(format!(
                    "mission {}: in `place_obstacles`: {left} mobile obstacles to place with \
                     {players} players, but {room} {} one",
                    game.mission.name,
                    if room == 1 {
                        "square takes"
                    } else {
                        "squares take"
                    }
                )));
            }
        }
        if place == 0 && game.phase != Phase::Over {
            game.start_round();
        }
        Ok(game)
    }

    /// A game for a scenario file, each seat playing the colour `colours`
    /// gives it: seat 0 starts, and the set-up's
    /// obstacles are not placed.
    pub(crate) fn scenario(
        mission: Mission,
        colours: Vec<usize>,
        seed: u64,
        mix: &TileMix,
        hooks: Option<Rc<MissionHooks>>,
        rulings: Rulings,
    ) -> Result<Game, Refusal> {
        let mut mission = mission;
        mission.place_obstacles.clear();
        mission.players = (colours.len(), colours.len());
        let mut game = Game::seated(mission, colours, seed, mix, hooks, rulings)?;
        game.first = 0;
        game.events.clear();
        for p in &mut game.players {
            p.drawn = false;
        }
        game.start_round();
        Ok(game)
    }

    /// The colour seat `seat` plays (`red`).
    pub fn colour(&self, seat: Seat) -> &'static str {
        PLAYER_COLOURS[self.colours[seat]]
    }

    /// The seat playing colour `colour` (a place in `PLAYER_COLOURS`),
    /// if one does.
    pub fn seat_of(&self, colour: usize) -> Option<Seat> {
        self.colours.iter().position(|c| *c == colour)
    }

    /// The robot of seat `seat`.
    pub fn robot_of(&self, seat: Seat) -> RobotId {
        RobotId::Player(self.colours[seat])
    }

    /// The seat whose robot `id` is, if it is a seated player's.
    pub fn seat_of_robot(&self, id: RobotId) -> Option<Seat> {
        match id {
            RobotId::Player(c) => self.seat_of(c),
            _ => None,
        }
    }

    /// The mission played.
    pub fn mission(&self) -> &Mission {
        &self.mission
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The robots.
    pub fn robots(&self) -> &[Robot] {
        &self.robots
    }

    /// The players.
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// The tiles in each stack.
    pub fn stack_sizes(&self) -> [usize; 4] {
        self.stacks.each_ref().map(Vec::len)
    }

    /// The robot `id`'s place in [`Game::robots`].
    pub(crate) fn robot_index(&self, id: RobotId) -> Option<usize> {
        self.robots.iter().position(|r| r.id == id)
    }

    /// The robot standing on `at`.
    pub(crate) fn robot_at(&self, at: Square) -> Option<usize> {
        self.robots.iter().position(|r| r.at == Some(at))
    }

    /// The piece lying on `at`.
    pub fn piece_at(&self, at: Square) -> Option<Piece> {
        self.mission.board.index(at).and_then(|i| self.pieces[i])
    }

    pub(crate) fn set_piece(&mut self, at: Square, piece: Option<Piece>) {
        if let Some(i) = self.mission.board.index(at) {
            self.pieces[i] = piece;
        }
    }

    /// What `at` is made of (`None` off the board).
    pub fn terrain(&self, at: Square) -> Option<Terrain> {
        self.mission.board.terrain(at)
    }

    /// Whether a robot or shot is stopped before `at`: off the board, a
    /// fixed obstacle, or a piece that stops robots. The reason, if so.
    pub(crate) fn barrier(&self, at: Square) -> Option<&'static str> {
        match self.terrain(at) {
            None => Some("the board's edge (seed line 12)"),
            Some(Terrain::Fixed) => Some("a fixed obstacle (seed line 11)"),
            _ => match self.piece_at(at) {
                Some(p) if p.stops_robots() => Some(match p {
                    Piece::Container => {
                        "a container, which stops robots as an obstacle does (ours)"
                    }
                    _ => "a mobile obstacle (seed line 11)",
                }),
                _ => None,
            },
        }
    }

    /// Puts tiles back on their stacks and shuffles the stacks that got any
    /// (seed lines 114, 119).
    pub(crate) fn return_tiles(&mut self, tiles: Vec<Tile>) {
        let mut touched = [false; 4];
        for t in tiles {
            touched[t.colour().index()] = true;
            self.stacks[t.colour().index()].push(t);
        }
        for c in Colour::ALL {
            if touched[c.index()] {
                self.stacks[c.index()].shuffle(&mut self.dice.rng);
            }
        }
    }

    /// Sets die rolls to come before the generator's (scenario files).
    pub fn queue_rolls(&mut self, rolls: &[u8]) {
        self.dice.queued.extend(rolls.iter().copied());
    }

    /// The seats still in the game.
    pub(crate) fn active(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..self.players.len()).filter(|s| !self.players[*s].out)
    }

    /// The next seat after `seat` (to the left, ours: the next seat
    /// number) still in the game, `seat` itself last.
    pub(crate) fn next_active(&self, seat: Seat) -> Seat {
        let n = self.players.len();
        (1..=n)
            .map(|k| (seat + k) % n)
            .find(|s| !self.players[*s].out)
            .unwrap_or(seat)
    }
}

/// Where the set-up put the repair robots of a mission that puts them "on
/// the free corners" (seed lines 154, 172, 182), and the ruling it
/// followed (`droids.repair-corners`).
fn repair_corners_event(mission: &Mission, rulings: &Rulings) -> Event {
    let at: Vec<String> = mission
        .repair_robots
        .iter()
        .enumerate()
        .map(|(i, at)| format!("{} on [{}, {}]", RobotId::Repair(i), at.x, at.y))
        .collect();
    let how = if rulings.follows(&REPAIR_CORNERS, "free-corners") {
        "on the corners no player starts on, the others where the mission draws them"
    } else {
        "in the middles of the north and south edges, where the mission draws them"
    };
    Event::Mission {
        text: format!(
            "the repair robots start {how}: {} (seed lines 154, 172, 182) {}",
            at.join(", "),
            rulings.cite(&REPAIR_CORNERS)
        ),
    }
}
