//! Droids boards and missions, read from TOML (`scripts/droids/missions/`,
//! the format in `docs/droids.md`, "The mission format").
//!
//! The seed gives no board (it refers to pictures it lacks; `droids.md`
//! suggests 10 × 10, reading seed line 118: a register per column). A
//! mission file draws its board as `rows` of characters, one string a row
//! from the top ([`Board`]: ground, water, fixed obstacles), with the
//! start squares of the four colours, the repair robots' squares, the
//! statue's square X and the pieces lying on the board (mobile obstacles,
//! containers, mines) drawn in the same rows ([`Mission`]). Errors
//! ([`MissionError`]) name the file, line and column, the field and the
//! reason.

pub mod seating;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

use super::rulings::REPAIR_CORNERS;
use super::tiles::{Colour, Tile, TileMix};
use crate::engine::Rulings;
use crate::grid::square::Square;
use crate::toml_text::line_column;

/// The colours of the players' robots, in seating order: the seed's red,
/// yellow and blue (line 194), and green (ours, for a fourth player).
pub const PLAYER_COLOURS: [&str; 4] = ["red", "yellow", "blue", "green"];

/// The largest width and height of a board.
pub const MAX_SIDE: i32 = 30;

/// What a square of the board is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Terrain {
    /// Ground: purple tiles move over it (seed line 22).
    Ground,
    /// Water: stops robots, left only by a blue tile (seed lines 8, 36).
    Water,
    /// A fixed obstacle: nothing enters it, shots stop at it (seed lines 11, 43).
    Fixed,
}

/// A piece lying on a square, that robots can pick up (seed line 66).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Piece {
    /// A mobile obstacle: robots stop against it (seed lines 11, 76).
    Obstacle,
    /// A chip container (mission 3, seed line 167): it stops robots as an
    /// obstacle does (ours).
    Container,
    /// A mine (mission 2, seed line 155): it stops nothing (seed line 160,
    /// as `droids.md` reads it).
    Mine,
}

impl Piece {
    /// The three kinds of piece.
    pub const ALL: [Piece; 3] = [Piece::Obstacle, Piece::Container, Piece::Mine];

    /// Its name in files, answers and events.
    pub const fn name(self) -> &'static str {
        match self {
            Piece::Obstacle => "obstacle",
            Piece::Container => "container",
            Piece::Mine => "mine",
        }
    }

    /// Its letter in a board's rows and pictures.
    pub const fn letter(self) -> char {
        match self {
            Piece::Obstacle => 'o',
            Piece::Container => 'c',
            Piece::Mine => 'm',
        }
    }

    /// Its place in [`Piece::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Whether a robot moving onto its square stops before it.
    pub const fn stops_robots(self) -> bool {
        !matches!(self, Piece::Mine)
    }

    /// The piece named `name`.
    pub fn named(name: &str) -> Option<Piece> {
        Piece::ALL.into_iter().find(|p| p.name() == name)
    }
}

/// The squares of a board: what each is made of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Squares from west to east.
    pub width: i32,
    /// Squares from north to south.
    pub height: i32,
    terrain: Vec<Terrain>,
}

impl Board {
    /// A board of ground only.
    pub fn open(width: i32, height: i32) -> Board {
        Board {
            width,
            height,
            terrain: vec![Terrain::Ground; (width * height) as usize],
        }
    }

    /// Whether `at` lies on the board.
    pub fn contains(&self, at: Square) -> bool {
        (0..self.width).contains(&at.x) && (0..self.height).contains(&at.y)
    }

    /// The index of a square on the board, row by row.
    pub fn index(&self, at: Square) -> Option<usize> {
        self.contains(at)
            .then(|| (at.y * self.width + at.x) as usize)
    }

    /// What `at` is made of; `None` off the board.
    pub fn terrain(&self, at: Square) -> Option<Terrain> {
        self.index(at).map(|i| self.terrain[i])
    }

    /// Sets what `at` is made of (a square on the board).
    pub fn set(&mut self, at: Square, terrain: Terrain) {
        if let Some(i) = self.index(at) {
            self.terrain[i] = terrain;
        }
    }

    /// Every square, row by row.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.height).flat_map(move |y| (0..self.width).map(move |x| Square::new(x, y)))
    }
}

/// A mission: its board, where everything starts, and its set-up rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mission {
    /// Its number in section III of the seed (1 to 7).
    pub number: u8,
    /// Its name on the command line (`challenge`).
    pub name: String,
    /// Its title.
    pub title: String,
    /// The fewest and most players.
    pub players: (usize, usize),
    /// The stacks in play (the others are left in the box).
    pub stacks: Vec<Colour>,
    /// The squares.
    pub board: Board,
    /// The start square of each player colour ([`PLAYER_COLOURS`]).
    pub starts: [Option<Square>; 4],
    /// Where the repair robots stand, `grey.1` first.
    pub repair_robots: Vec<Square>,
    /// The statue's square X, if it plays.
    pub statue: Option<Square>,
    /// The pieces lying on the board at the start.
    pub pieces: Vec<(Square, Piece)>,
    /// The killer's square (mission 7, seed line 230), if it plays.
    pub killer: Option<Square>,
    /// The Lua script of its special rules and goal, a file beside the
    /// mission file (`docs/droids.md`, "Mission scripts").
    pub script: Option<String>,
    /// Tiles taken out of the stacks in play: kinds (`shoot`) or
    /// `diagonal` (every tile moving diagonally), seed lines 200, 221.
    pub leave_out: Vec<String>,
    /// The mobile obstacles the players place in turn before the first
    /// round, by the number of players (seed line 146).
    pub place_obstacles: BTreeMap<usize, u8>,
    /// The teams, each a list of seats that win together (seed lines 141,
    /// 150: "2 teams of 2"); empty when every player plays alone. When
    /// given, every colour that may play is in one, and there are two at
    /// least.
    pub teams: Vec<Vec<usize>>,
    /// Whether the repair robots start "on the free corners" (seed lines
    /// 154, 172, 182; `droids.repair-corners`): under `free-corners` each
    /// corner no seated player starts on takes one, the rest stand where
    /// the rows draw them (the middles of the north and south edges);
    /// under `edge-middles`, all stand where drawn.
    pub free_corners: bool,
    /// Whether its players choose their colours (`choose_colours`;
    /// mission 7, seed line 228): `--colour` seats them at any colour
    /// with a start square ([`Mission::seating`]).
    pub choose_colours: bool,
    /// The seed line saying which colours play (`colours_line`; mission 6:
    /// 215), quoted when a choice of colour is refused.
    pub colours_line: Option<u32>,
    /// Whether the killer starts on the start square opposite the first
    /// player's (`killer_opposite`; mission 7, seed line 230) rather than
    /// where `K` is drawn.
    pub killer_opposite: bool,
}

/// A mission file that cannot be read: where and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{}: {}",
    crate::escape::terminal(place),
    crate::escape::terminal(message)
)]
pub struct MissionError {
    /// `file:line:column`, or the file alone.
    pub place: String,
    /// The reason, naming the field (`in \`rows[3]\`: ...`).
    pub message: String,
}

/// The raw `[board]`-level keys of a mission file (also the inline
/// `[board]` of a scenario, which gives `rows` alone).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawMission {
    mission: Option<Spanned<i64>>,
    name: Option<String>,
    title: Option<String>,
    source: Option<Spanned<String>>,
    game: Option<String>,
    players: Option<Spanned<Vec<i64>>>,
    stacks: Option<Vec<Spanned<String>>>,
    rows: Spanned<Vec<Spanned<String>>>,
    #[serde(default)]
    place_obstacles: BTreeMap<String, Spanned<i64>>,
    script: Option<Spanned<String>>,
    #[serde(default)]
    leave_out: Vec<Spanned<String>>,
    teams: Option<Spanned<Vec<Vec<Spanned<String>>>>>,
    #[serde(default)]
    free_corners: bool,
    #[serde(default)]
    choose_colours: bool,
    colours_line: Option<Spanned<i64>>,
    #[serde(default)]
    killer_opposite: bool,
}

/// Places errors in a file's text.
pub(crate) struct Place<'a> {
    /// The file's name as shown.
    pub file: &'a str,
    /// Its text.
    pub text: &'a str,
}

impl RawMission {
    /// The keys of a scenario's board: its rows alone.
    pub(crate) fn rows_only(rows: Spanned<Vec<Spanned<String>>>) -> RawMission {
        RawMission {
            mission: None,
            name: None,
            title: None,
            source: None,
            game: None,
            players: None,
            stacks: None,
            rows,
            place_obstacles: BTreeMap::new(),
            script: None,
            leave_out: Vec::new(),
            teams: None,
            free_corners: false,
            choose_colours: false,
            colours_line: None,
            killer_opposite: false,
        }
    }
}

/// The longest mission name.
pub const MAX_NAME: usize = 40;

/// Whether `name` may name a mission on the command line and in messages.
fn is_name(name: &str) -> bool {
    (1..=MAX_NAME).contains(&name.len())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// A mission file's `teams` (`[["red", "blue"], ["yellow", "green"]]`) as
/// seats: each colour one of the `most` players' and in exactly one team,
/// no team empty, at least two teams.
fn teams(
    place: &Place<'_>,
    raw: Option<&Spanned<Vec<Vec<Spanned<String>>>>>,
    most: usize,
) -> Result<Vec<Vec<usize>>, MissionError> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    let Some(raw) = raw.filter(|r| !r.get_ref().is_empty()) else {
        return Ok(out);
    };
    let whole = |why: String| place.at(raw.span().start, why);
    for team in raw.get_ref() {
        if team.is_empty() {
            return Err(whole("a team is empty: each team lists its colours".into()));
        }
        let mut seats = Vec::new();
        for colour in team {
            let name = colour.get_ref();
            let seat = PLAYER_COLOURS[..most]
                .iter()
                .position(|c| c == name)
                .ok_or_else(|| {
                    place.at(
                        colour.span().start,
                        format!(
                            "`{name}` is not a player's colour ({})",
                            PLAYER_COLOURS[..most].join(", ")
                        ),
                    )
                })?;
            if out.iter().chain([&seats]).any(|t| t.contains(&seat)) {
                return Err(place.at(colour.span().start, format!("{name} is in a team already")));
            }
            seats.push(seat);
        }
        out.push(seats);
    }
    if out.len() < 2 {
        return Err(whole(
            "one team only: the game would end at the first round, its only team the last in"
                .into(),
        ));
    }
    for (seat, colour) in PLAYER_COLOURS.iter().enumerate().take(most) {
        if !out.iter().any(|t| t.contains(&seat)) {
            return Err(whole(format!(
                "{colour} plays (up to {most} players) but is in no team"
            )));
        }
    }
    Ok(out)
}

/// The seed every `source` cites.
pub const SEED: &str = "003_4ed30270cd5960fb.txt";

impl Place<'_> {
    /// Checks a `source` key: the seed's file and a line of it
    /// (`003_4ed30270cd5960fb.txt:140`).
    pub fn source(&self, source: &Spanned<String>) -> Result<u32, MissionError> {
        source
            .get_ref()
            .strip_prefix(SEED)
            .and_then(|rest| rest.strip_prefix(':'))
            .filter(|line| line.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|line| line.parse::<u32>().ok())
            .filter(|line| *line >= 1)
            .ok_or_else(|| {
                self.at(
                    source.span().start,
                    format!("the seed's line it rests on: `{SEED}:LINE`"),
                )
            })
    }

    /// An error at a byte offset of the text, naming the field there.
    pub fn at(&self, offset: usize, reason: impl Into<String>) -> MissionError {
        let (line, column) = line_column(self.text, offset);
        let field = crate::toml_text::field_path(self.text, offset);
        let reason = reason.into();
        MissionError {
            place: format!("{}:{line}:{column}", self.file),
            message: if field.is_empty() {
                reason
            } else {
                format!("in `{field}`: {reason}")
            },
        }
    }
}

/// What one character of a row stands for.
fn cell(c: char) -> Option<(Terrain, Option<Thing>)> {
    let ground = |t| Some((Terrain::Ground, Some(t)));
    match c {
        '.' => Some((Terrain::Ground, None)),
        '~' => Some((Terrain::Water, None)),
        '#' => Some((Terrain::Fixed, None)),
        'R' => ground(Thing::Start(0)),
        'Y' => ground(Thing::Start(1)),
        'B' => ground(Thing::Start(2)),
        'G' => ground(Thing::Start(3)),
        '1' => ground(Thing::Repair(0)),
        '2' => ground(Thing::Repair(1)),
        'X' => ground(Thing::Statue),
        'K' => ground(Thing::Killer),
        'o' => ground(Thing::Piece(Piece::Obstacle)),
        'c' => ground(Thing::Piece(Piece::Container)),
        'm' => ground(Thing::Piece(Piece::Mine)),
        _ => None,
    }
}

/// What a row character may set on a square besides its terrain.
#[derive(Clone, Copy)]
enum Thing {
    Start(usize),
    Repair(usize),
    Statue,
    Killer,
    Piece(Piece),
}

/// Why a mission whose stacks hold nothing playable is refused.
pub const NOTHING_PLAYABLE: &str = "no tile is left in play that a player's robot can carry out \
     (purple or red tiles, or grey ones with a repair robot `1` on the board): every player \
     would be out at the first round's end (seed line 133) and nobody would win";

/// The characters of a board's rows, for messages.
pub const ROW_LEGEND: &str = "`.` ground, `~` water, `#` fixed obstacle, `R` `Y` `B` `G` start squares, `1` `2` repair robots, `X` the statue, `K` the killer, `o` mobile obstacle, `c` container, `m` mine";

impl Mission {
    /// Reads a mission file; `file` names it in errors.
    pub fn parse(file: &str, text: &str) -> Result<Mission, MissionError> {
        let place = Place { file, text };
        let raw: RawMission = toml::from_str(text).map_err(|e| {
            place.at(
                e.span().map(|s| s.start).unwrap_or(0),
                e.message().to_string(),
            )
        })?;
        Mission::from_raw(&place, raw, true)
    }

    /// Builds a mission from its raw keys; `whole` asks for the keys a
    /// mission file must give (a scenario's inline board gives `rows`).
    pub(crate) fn from_raw(
        place: &Place<'_>,
        raw: RawMission,
        whole: bool,
    ) -> Result<Mission, MissionError> {
        let missing = |key: &str| MissionError {
            place: place.file.to_string(),
            message: format!("a mission file must give `{key}`"),
        };
        if let Some(g) = &raw.game {
            if g != "droids" {
                return Err(MissionError {
                    place: place.file.to_string(),
                    message: format!("in `game`: `{g}` given, a mission is of `droids`"),
                });
            }
        }
        if let Some(source) = &raw.source {
            place.source(source)?;
        }
        let number = match &raw.mission {
            Some(n) => u8::try_from(*n.get_ref())
                .ok()
                .filter(|n| (1..=99).contains(n))
                .ok_or_else(|| place.at(n.span().start, "a mission number from 1 to 99"))?,
            None if whole => return Err(missing("mission")),
            None => 0,
        };
        let name = match raw.name {
            Some(n) if is_name(&n) => n,
            Some(n) => {
                return Err(MissionError {
                    place: place.file.to_string(),
                    message: format!(
                    "in `name`: \"{}\" is not a name: 1 to {MAX_NAME} letters, digits, `-` or `_`",
                    crate::script::text::shown(&n)
                ),
                })
            }
            None if whole => return Err(missing("name")),
            None => String::from("scenario"),
        };
        let players = match &raw.players {
            Some(p) => {
                let shown = || {
                    let numbers: Vec<String> = p.get_ref().iter().map(i64::to_string).collect();
                    format!("players [{}]", numbers.join(", "))
                };
                let (lo, hi) = match p.get_ref().as_slice() {
                    [lo, hi] => (
                        usize::try_from(*lo).unwrap_or(0),
                        usize::try_from(*hi).unwrap_or(0),
                    ),
                    _ => {
                        return Err(place.at(
                            p.span().start,
                            format!("{}: two numbers, the fewest and the most", shown()),
                        ))
                    }
                };
                if !(1 <= lo && lo <= hi && hi <= PLAYER_COLOURS.len()) {
                    return Err(place.at(
                        p.span().start,
                        format!("{}: from 1 to 4, the fewest first", shown()),
                    ));
                }
                (lo, hi)
            }
            None => (1, 4),
        };
        let stacks = match &raw.stacks {
            Some(list) => {
                let mut out = Vec::new();
                for s in list {
                    let c: Colour = s
                        .get_ref()
                        .parse()
                        .map_err(|e| place.at(s.span().start, e))?;
                    if out.contains(&c) {
                        return Err(place.at(s.span().start, format!("{c} is given twice")));
                    }
                    out.push(c);
                }
                out
            }
            None => Colour::ALL.to_vec(),
        };
        let rows = raw.rows.get_ref();
        let height = rows.len() as i32;
        let width = rows.first().map_or(0, |r| r.get_ref().chars().count()) as i32;
        if !(1..=MAX_SIDE).contains(&height) || !(1..=MAX_SIDE).contains(&width) {
            return Err(place.at(
                raw.rows.span().start,
                format!("a board of {width} × {height}: each side from 1 to {MAX_SIDE}"),
            ));
        }
        let mut mission = Mission {
            number,
            name,
            title: raw.title.unwrap_or_default(),
            players,
            stacks,
            board: Board::open(width, height),
            starts: [None; 4],
            repair_robots: Vec::new(),
            statue: None,
            pieces: Vec::new(),
            place_obstacles: BTreeMap::new(),
            killer: None,
            script: raw.script.as_ref().map(|s| s.get_ref().clone()),
            leave_out: Vec::new(),
            teams: Vec::new(),
            free_corners: raw.free_corners,
            choose_colours: raw.choose_colours,
            colours_line: None,
            killer_opposite: raw.killer_opposite,
        };
        if let Some(line) = &raw.colours_line {
            mission.colours_line = Some(
                u32::try_from(*line.get_ref())
                    .ok()
                    .filter(|n| *n >= 1)
                    .ok_or_else(|| place.at(line.span().start, "a line of the seed, from 1"))?,
            );
        }
        if let Some(script) = &raw.script {
            let name = script.get_ref();
            if !name.ends_with(".lua") || name.contains("..") || name.starts_with('/') {
                return Err(place.at(
                    script.span().start,
                    "a Lua file beside the mission file (`2-mines.lua`)",
                ));
            }
        }
        for word in &raw.leave_out {
            let w = word.get_ref();
            if w != "diagonal" && !super::tiles::Tile::KIND_WORDS.contains(&w.as_str()) {
                return Err(place.at(
                    word.span().start,
                    format!(
                        "`{w}` is not a kind of tile ({}) nor `diagonal`",
                        super::tiles::Tile::KIND_WORDS.join(", ")
                    ),
                ));
            }
            mission.leave_out.push(w.clone());
        }
        mission.teams = teams(place, raw.teams.as_ref(), players.1)?;
        let mut repairs: [Option<Square>; 2] = [None; 2];
        for (y, row) in rows.iter().enumerate() {
            let chars: Vec<char> = row.get_ref().chars().collect();
            if chars.len() as i32 != width {
                return Err(place.at(
                    row.span().start,
                    format!("row {y} has {} squares, the first row {width}", chars.len()),
                ));
            }
            for (x, c) in chars.into_iter().enumerate() {
                // The row's opening quote, then one byte a character up to here.
                let offset = row.span().start
                    + 1
                    + row
                        .get_ref()
                        .chars()
                        .take(x)
                        .map(char::len_utf8)
                        .sum::<usize>();
                let at = Square::new(x as i32, y as i32);
                let (terrain, thing) = cell(c).ok_or_else(|| {
                    place.at(offset, format!("`{c}` is not a square: {ROW_LEGEND}"))
                })?;
                mission.board.set(at, terrain);
                let twice = |what: &str| place.at(offset, format!("{what} is drawn twice"));
                let earlier = match thing {
                    None => None,
                    Some(Thing::Start(i)) => mission.starts[i]
                        .replace(at)
                        .map(|_| format!("{}'s start square", PLAYER_COLOURS[i])),
                    Some(Thing::Repair(i)) => {
                        repairs[i].replace(at).map(|_| format!("grey.{}", i + 1))
                    }
                    Some(Thing::Statue) => {
                        mission.statue.replace(at).map(|_| "the statue".to_string())
                    }
                    Some(Thing::Killer) => {
                        mission.killer.replace(at).map(|_| "the killer".to_string())
                    }
                    Some(Thing::Piece(p)) => {
                        mission.pieces.push((at, p));
                        None
                    }
                };
                if let Some(what) = earlier {
                    return Err(twice(&what));
                }
            }
        }
        mission.repair_robots = match repairs {
            [None, None] => Vec::new(),
            [Some(a), None] => vec![a],
            [Some(a), Some(b)] => vec![a, b],
            [None, Some(_)] => {
                return Err(place.at(raw.rows.span().start, "`2` is drawn but no `1`"));
            }
        };
        if whole && !mission.playable(TileMix::standard()) {
            let offset = raw
                .leave_out
                .first()
                .map(|w| w.span().start)
                .or_else(|| raw.stacks.as_ref()?.first().map(|c| c.span().start))
                .unwrap_or(0);
            return Err(place.at(
                offset,
                crate::games::droids::rulebook::cite(NOTHING_PLAYABLE),
            ));
        }
        let (lo, hi) = mission.players;
        for (i, colour) in PLAYER_COLOURS.iter().enumerate().take(hi) {
            if whole && mission.starts[i].is_none() {
                return Err(place.at(
                    raw.rows.span().start,
                    format!("{colour} plays (up to {hi} players) but has no start square"),
                ));
            }
        }
        if mission.killer_opposite {
            let why = if mission.killer.is_some() {
                Some(
                    "the killer is drawn (`K`) and put opposite the player: one or the other"
                        .into(),
                )
            } else {
                mission.opposite_missing()
            };
            if let Some(why) = why {
                return Err(place.at(raw.rows.span().start, why));
            }
        }
        for (key, count) in &raw.place_obstacles {
            let n: usize = key
                .parse()
                .ok()
                .filter(|_| key.bytes().all(|b| b.is_ascii_digit()))
                .filter(|n| (lo..=hi).contains(n))
                .ok_or_else(|| {
                    place.at(
                        count.span().start,
                        format!("`{key}` is not a number of players from {lo} to {hi}"),
                    )
                })?;
            let c = u8::try_from(*count.get_ref())
                .ok()
                .filter(|c| *c <= 40)
                .ok_or_else(|| place.at(count.span().start, "a count of obstacles from 0 to 40"))?;
            mission.place_obstacles.insert(n, c);
        }
        Ok(mission)
    }

    /// Whether a player's robot may carry out `tile` from the start:
    /// purple and red tiles (seed lines 22, 39); grey ones when a repair
    /// robot is on the board (line 128); not blue ones, used only from
    /// water (line 37), where no robot starts.
    pub fn can_start_with(&self, tile: Tile) -> bool {
        match tile.colour() {
            Colour::Purple | Colour::Red => true,
            Colour::Grey => !self.repair_robots.is_empty(),
            Colour::Blue => false,
        }
    }

    /// Whether `mix`'s stacks in play, less the tiles left out, hold a
    /// tile a player's robot may carry out from the start
    /// ([`Mission::can_start_with`]): else every player would be out at
    /// the first round's end (seed line 133) and nobody would win.
    pub fn playable(&self, mix: &TileMix) -> bool {
        self.stacks
            .iter()
            .flat_map(|c| &mix.stacks[c.index()])
            .any(|t| !self.leave_out.iter().any(|w| t.left_out_by(w)) && self.can_start_with(*t))
    }

    /// Where the repair robots start with the colours `seated` (a
    /// seating, [`seating`]), `grey.1`
    /// first: where the rows draw them, but for a mission whose repair
    /// robots go "on the free corners" (seed lines 154, 172, 182) read
    /// as `free-corners` (`droids.repair-corners`). Then each corner of
    /// the board that no seated player starts on, ground with nothing on
    /// it, takes a repair robot, the nearest (in steps along rows and
    /// columns) first, ties to `grey.1` and the corners from the
    /// north-west clockwise; a robot left without a corner stands where
    /// drawn (the middles of the north and south edges in our missions).
    pub fn repair_starts(&self, seated: &[usize], rulings: &Rulings) -> Vec<Square> {
        let mut out = self.repair_robots.clone();
        if !self.free_corners || rulings.follows(&REPAIR_CORNERS, "edge-middles") {
            return out;
        }
        let (east, south) = (self.board.width - 1, self.board.height - 1);
        let mut corners: Vec<Square> = Vec::new();
        for c in [(0, 0), (east, 0), (east, south), (0, south)] {
            let c = Square::new(c.0, c.1);
            let taken = seated.iter().any(|s| self.starts[*s] == Some(c))
                || self.pieces.iter().any(|(at, _)| *at == c)
                || self.statue == Some(c)
                || self.killer == Some(c)
                || self.repair_robots.contains(&c);
            if !corners.contains(&c) && self.board.terrain(c) == Some(Terrain::Ground) && !taken {
                corners.push(c);
            }
        }
        let steps = |a: Square, b: Square| (a.x - b.x).abs() + (a.y - b.y).abs();
        let mut placed = vec![false; out.len()];
        while !corners.is_empty() {
            let nearest = (0..out.len())
                .filter(|r| !placed[*r])
                .flat_map(|r| (0..corners.len()).map(move |c| (r, c)))
                .min_by_key(|&(r, c)| (steps(out[r], corners[c]), r, c));
            let Some((r, c)) = nearest else { break };
            out[r] = corners.remove(c);
            placed[r] = true;
        }
        out
    }

    /// The stacks it plays, for messages: `purple, blue, red`.
    pub fn stack_names(&self) -> String {
        let names: Vec<String> = self.stacks.iter().map(ToString::to_string).collect();
        names.join(", ")
    }

    /// A built-in mission by number or name (`1`, `challenge`).
    pub fn find(name: &str) -> Result<Mission, String> {
        let missions = super::mission::built_in()?;
        match super::mission::BuiltIn::named(missions, name) {
            Some(b) => Mission::parse(&b.file, &b.text).map_err(|e| e.to_string()),
            None => Err(format!(
                "there is no mission `{name}`; the missions are {}",
                super::mission::BuiltIn::listing(missions)
            )),
        }
    }
}
