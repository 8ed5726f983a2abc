//! What Twin Tin Bots adds to the REPL ([`crate::repl::extension`]): the
//! program changes as commands (`pass`, `place`, `swap`, `remove`,
//! `reset`), its answer words typed alone (zap effects, hexes `q,r`,
//! directions, numbers), `lua` with the player's view, `reload` of order
//! files and variants, the compact and full `show`, `export` of the
//! position as a scenario, its scenario files, and the questions in its
//! own words.
//!
//! It reaches the concrete [`Game`] through [`DynState::as_any`].

use std::any::Any;
use std::cell::RefCell;
use std::fmt::Write as _;
use std::path::Path;
use std::sync::Arc;

use super::game::{parse_robot, Decision, Game};
use super::orders::{OrderBook, Tile};
use super::picture::{text, RenderOptions};
use super::replay::{Replay, Start};
use super::scenario::{scenario_toml, Scenario};
use super::variant::VariantSet;
use crate::engine::{DynState, GameOptions, Seat};
use crate::games::twin_tin_bots::lua::orders::load_order_book;
use crate::grid::hex::Direction;
use crate::repl::command::{arity, usage_among, Command, CommandError, CommandHelp};
use crate::repl::extension::{ArgWords, GameCommand, GameRepl, Opened};
use crate::repl::lua::LuaConsole;
use crate::repl::session::{numbered, unknown_name, ReplError, Session};

/// The commands Twin Tin Bots adds, and where `help` lists them.
const COMMANDS: &[GameCommand] = &[
    GameCommand {
        after: "where",
        help: CommandHelp {
            name: "pass",
            usage: "pass",
            summary: "make no program change this turn",
            details: "",
        },
    },
    GameCommand {
        after: "where",
        help: CommandHelp {
            name: "place",
            usage: "place <robot> <slot> <tile>",
            summary: "place a tile from the hand in a slot (1-3); a tile already there goes back to the hand",
            details: "Example: place red.1 2 forward_2",
        },
    },
    GameCommand {
        after: "where",
        help: CommandHelp {
            name: "swap",
            usage: "swap <robot> <slot> <slot>",
            summary: "swap two slots of a robot's program",
            details: "Example: swap red.1 1 3",
        },
    },
    GameCommand {
        after: "where",
        help: CommandHelp {
            name: "remove",
            usage: "remove <robot> <slot>",
            summary: "take a tile out of a program, back to the hand",
            details: "Example: remove red.2 1",
        },
    },
    GameCommand {
        after: "where",
        help: CommandHelp {
            name: "reset",
            usage: "reset <robot>",
            summary: "take every tile out of a robot's program",
            details: "Example: reset red.1",
        },
    },
    GameCommand {
        after: "auto",
        help: CommandHelp {
            name: "lua",
            usage: "lua <code>",
            summary: "run Lua in the sandbox with `view`, the game as the player to move sees it",
            details: "The line is an expression (its values are printed, tables in full, within \
                      limits) or statements; each line is a chunk of its own (locals and globals \
                      do not carry over). Example: lua #view.robots",
        },
    },
    GameCommand {
        after: "auto",
        help: CommandHelp {
            name: "reload",
            usage: "reload",
            summary: "read changed bot, order and variant scripts again, keeping the game",
            details: "Says which bot scripts, order files and variants it read; with order files \
                      or variants, the game is played again with them to the same step.",
        },
    },
];

/// The zap effects, which may be typed alone as answers.
const ZAP_EFFECTS: [&str; 6] = [
    "forward_1",
    "turn_left",
    "turn_right",
    "load",
    "unload",
    "nothing",
];

/// Whether `word` looks like a hex (`q,r`), a possible answer alone.
fn looks_like_hex(word: &str) -> bool {
    let mut parts = word.split(',');
    let mut number = || {
        parts
            .next()
            .is_some_and(|p| p.trim().parse::<i32>().is_ok())
    };
    number() && number() && parts.next().is_none()
}

/// Twin Tin Bots in the REPL: the rules the game was started with (for
/// `reload` and `export`) and the `lua` sandbox.
pub struct TwinTinBotsRepl {
    /// What the game was started with (`reload` reads its files again).
    rules: RefCell<Rules>,
    /// The sandbox of `lua` lines, made at the first.
    lua: RefCell<Option<LuaConsole>>,
}

/// What a game of Twin Tin Bots was started with.
struct Rules {
    /// Where the game started: none until a session opens.
    start: Option<Start>,
    order_files: Vec<String>,
    orders: Arc<OrderBook>,
    variants: VariantSet,
}

impl Default for TwinTinBotsRepl {
    fn default() -> Self {
        TwinTinBotsRepl {
            rules: RefCell::new(Rules {
                start: None,
                order_files: Vec::new(),
                orders: OrderBook::official(),
                variants: VariantSet::none(),
            }),
            lua: RefCell::new(None),
        }
    }
}

/// The concrete game behind the seam.
fn concrete(game: &dyn DynState) -> &Game {
    game.as_any()
        .downcast_ref()
        .expect("the Twin Tin Bots extension serves only Twin Tin Bots sessions")
}

impl TwinTinBotsRepl {
    /// Bytes held by the sandbox of `lua` lines (none before the first),
    /// after a full garbage collection.
    pub fn lua_memory(&self) -> usize {
        self.lua
            .borrow()
            .as_ref()
            .map_or(0, LuaConsole::used_memory)
    }

    /// `pass`, `place`, ...: a program change, at the start of a turn.
    fn change(&self, session: &mut Session, text: &str, out: &mut String) -> Result<(), ReplError> {
        let game = concrete(session.game());
        match game.decision() {
            Decision::ProgramChange { .. } => {}
            Decision::Continue { .. } => {
                return Err(ReplError::new(
                    "the turn is running: `step` or `run` it first (program changes come at the start of a turn)",
                ))
            }
            _ => return Err(ReplError::new(format!("not now: {}", session.asked()))),
        }
        game.parse_answer(text)
            .map_err(|message| change_error(game, text, message))?;
        session.apply_answers(&[text.to_string()], out)?;
        session.went_on(out)
    }

    fn lua(&self, session: &Session, code: &str, out: &mut String) -> Result<(), ReplError> {
        let game = concrete(session.game());
        let view = game.view(game.decision().player().unwrap_or(game.active()));
        let mut lua = self.lua.borrow_mut();
        let console = match &mut *lua {
            Some(console) => console,
            empty => empty.insert(LuaConsole::new().map_err(|e| ReplError::new(e.to_string()))?),
        };
        let outcome = console.run(code, &view);
        out.push_str(&outcome.said);
        match outcome.error {
            Some(error) => Err(ReplError::new(error.to_string())),
            None => Ok(()),
        }
    }

    /// Reads the bot scripts, order files and variants again and, when
    /// the rules may have changed, replays the game's answers with them to
    /// the same point; says what it read.
    fn reload(&self, session: &mut Session, out: &mut String) -> Result<(), ReplError> {
        let scripts = session.reload_bots()?;
        let (order_files, rules_from_files) = {
            let rules = self.rules.borrow();
            let from_files = !rules.order_files.is_empty() || !rules.variants.is_empty();
            (rules.order_files.clone(), from_files)
        };
        if rules_from_files {
            let (book, variants, game) = {
                let rules = self.rules.borrow();
                let book = if rules.order_files.is_empty() {
                    rules.orders.clone()
                } else {
                    load_order_book(&rules.order_files)
                        .map_err(|e| ReplError::new(e.to_string()))?
                };
                let variants = rules
                    .variants
                    .reload()
                    .map_err(|e| ReplError::new(e.to_string()))?;
                let game_rules = variants
                    .rules(book.clone())
                    .map_err(|e| ReplError::new(e.to_string()))?;
                let start = rules
                    .start
                    .as_ref()
                    .ok_or_else(|| ReplError::new("reload: the session has no start"))?;
                let game = Game::with_rules(&start.position(), game_rules)
                    .map_err(|e| ReplError::new(e.to_string()))?;
                (book, variants, game)
            };
            session.replay_on(Box::new(game))?;
            let mut rules = self.rules.borrow_mut();
            rules.orders = book;
            rules.variants = variants;
        }
        if scripts.is_empty() && !rules_from_files {
            let _ = writeln!(
                out,
                "nothing to reload: no bot script, order file or variant in this game"
            );
            return Ok(());
        }
        let listed = |items: &[String]| {
            if items.is_empty() {
                "none".to_string()
            } else {
                items.join(", ")
            }
        };
        let _ = writeln!(out, "reloaded bot scripts: {}", listed(&scripts));
        if rules_from_files {
            let _ = writeln!(out, "reloaded order files: {}", listed(&order_files));
            let variants = self.rules.borrow().variants.names();
            let _ = writeln!(out, "reloaded variants: {}", listed(&variants));
            let _ = writeln!(
                out,
                "the game was replayed with them to the same step: point {} of the history, turn {}",
                session.timeline().position(),
                session.game().turn()
            );
        }
        Ok(())
    }

    /// Keeps what a replay's start says: its order files, variants, start.
    fn keep(&mut self, replay: &Replay) {
        *self.rules.get_mut() = Rules {
            start: Some(replay.start.clone()),
            order_files: replay.orders.clone(),
            orders: replay.book().clone(),
            variants: replay.variant_set().clone(),
        };
    }
}

/// The robot named `name`, or an error suggesting the closest robots.
fn robot_named(game: &Game, name: &str) -> Result<super::pieces::RobotId, ReplError> {
    parse_robot(game.colours(), name).map_err(|message| {
        let robots = robot_names(game);
        unknown_name(name, "a robot", robots.iter().map(String::as_str), message)
    })
}

/// The names of the robots in play.
fn robot_names(game: &Game) -> Vec<String> {
    game.robots()
        .iter()
        .flatten()
        .map(|r| game.robot_name(r.id))
        .collect()
}

/// Why the program change `text` does not parse: the robot or tile
/// misspelled, with the closest names, or the game's `message`.
fn change_error(game: &Game, text: &str, message: String) -> ReplError {
    let words: Vec<&str> = text.split_whitespace().collect();
    if let Some(robot) = words.get(1) {
        if let Err(e) = robot_named(game, robot) {
            return e;
        }
    }
    match (words.first(), words.get(3)) {
        (Some(&"place"), Some(tile)) if tile.parse::<Tile>().is_err() => {
            let tiles = Tile::known().map(Tile::name);
            unknown_name(tile, "an order tile", tiles, message)
        }
        _ => ReplError::new(message),
    }
}

/// Whether the decision is a question asked along the turn (a zap effect,
/// a crystal's hex, a push direction).
fn is_question(decision: &Decision) -> bool {
    matches!(
        decision,
        Decision::ZapEffect { .. } | Decision::CrystalPlacement { .. } | Decision::ZapPush { .. }
    )
}

impl GameRepl for TwinTinBotsRepl {
    fn commands(&self) -> &'static [GameCommand] {
        COMMANDS
    }

    fn parse(&self, head: &str, rest: &str) -> Option<Result<Command, CommandError>> {
        let words: Vec<&str> = rest.split_whitespace().collect();
        let lower = head.to_lowercase();
        let change = |name: &'static str, n: usize| {
            arity(name, COMMANDS, &words, n, n).map(|()| Command::Game {
                name: "change",
                args: if n == 0 {
                    name.to_string()
                } else {
                    format!("{name} {}", words.join(" "))
                },
            })
        };
        let parsed = match lower.as_str() {
            "pass" => change("pass", 0),
            "place" => change("place", 3),
            "swap" => change("swap", 3),
            "remove" => change("remove", 2),
            "reset" => change("reset", 1),
            "lua" if rest.is_empty() => Err(usage_among("lua", COMMANDS, "missing the code")),
            "lua" => Ok(Command::Game {
                name: "lua",
                args: rest.to_string(),
            }),
            "reload" => arity("reload", COMMANDS, &words, 0, 0).map(|()| Command::Game {
                name: "reload",
                args: String::new(),
            }),
            // `load` alone is the zap effect, not the command.
            _ if rest.is_empty()
                && (ZAP_EFFECTS.contains(&lower.as_str())
                    || looks_like_hex(head)
                    || head.parse::<Direction>().is_ok()
                    || head.parse::<usize>().is_ok()) =>
            {
                Ok(Command::Answer(head.to_string()))
            }
            _ => return None,
        };
        Some(parsed)
    }

    fn bare_answers(&self) -> bool {
        false
    }

    fn comma_chains(&self) -> bool {
        false
    }

    fn run(
        &self,
        session: &mut Session,
        name: &'static str,
        args: &str,
        out: &mut String,
    ) -> Result<(), ReplError> {
        match name {
            "change" => self.change(session, args, out),
            "lua" => self.lua(session, args, out),
            "reload" => self.reload(session, out),
            _ => Err(ReplError::new(format!(
                "`{name}` is not a command of Twin Tin Bots"
            ))),
        }
    }

    fn answer(&self, session: &Session, text: &str) -> Option<Result<String, ReplError>> {
        let game = concrete(session.game());
        let decision = game.decision();
        let read = if is_question(&decision) {
            let offered = session.offered_answers();
            match text.trim().parse::<usize>() {
                Ok(n) if (1..=offered.len()).contains(&n) => Ok(offered[n - 1].clone()),
                Ok(n) => Err(ReplError::new(format!(
                    "answer {n}: there are {} answers: {}",
                    offered.len(),
                    numbered(&offered)
                ))),
                Err(_) => {
                    let chosen = text.trim().to_string();
                    game.parse_answer(&chosen).map(|_| chosen).map_err(|e| {
                        ReplError::new(format!("{e}; the answers: {}", numbered(&offered)))
                    })
                }
            }
        } else if let Decision::GameOver = decision {
            Err(ReplError::new("the game is over"))
        } else {
            Err(ReplError::new(format!(
                "there is no question to answer: {}",
                session.asked()
            )))
        };
        Some(read)
    }

    fn asked(&self, session: &Session) -> Option<String> {
        let game = concrete(session.game());
        let decision = game.decision();
        let who = decision
            .player()
            .map(|p| game.colours()[p].name())
            .unwrap_or("");
        let offered = || numbered(&session.offered_answers());
        Some(match decision {
            Decision::ProgramChange { .. } => {
                if decision.player().is_some_and(|p| session.has_bot(p)) {
                    format!("{who} to make a program change (or `turn` for its bot)")
                } else {
                    format!("{who} to make a program change (`help place`), or `bot {who} random`")
                }
            }
            Decision::Continue { .. } => format!("{who}'s programs: `step` or `run`"),
            Decision::GameOver => "the game is over".to_string(),
            Decision::ZapEffect { zapper, target, .. } => format!(
                "{who}: what does {} do, zapped by {}? {}",
                game.robot_name(target),
                game.robot_name(zapper),
                offered()
            ),
            Decision::ZapPush { zapper, at, .. } => format!(
                "{who}: where does {} push the zapped {} at {at}? {}",
                game.robot_name(zapper),
                text::piece_name(game, at),
                offered()
            ),
            Decision::CrystalPlacement { crystal, .. } => format!(
                "{who}: where does the new {} ({}) go? {}",
                crystal.colour_name(),
                crystal.value(),
                offered()
            ),
        })
    }

    fn offered_answers(&self, game: &dyn DynState) -> Option<Vec<String>> {
        let game = concrete(game);
        if !is_question(&game.decision()) {
            return Some(Vec::new());
        }
        Some(
            game.legal_answer_list()
                .iter()
                .map(|a| game.answer_text(*a))
                .collect(),
        )
    }

    fn show(
        &self,
        game: &dyn DynState,
        viewer: Option<Seat>,
        full: Option<bool>,
        compact: bool,
        colour: bool,
    ) -> Option<String> {
        let game = concrete(game);
        let options = RenderOptions {
            colour,
            unicode: false,
        };
        Some(match viewer {
            Some(seat) if !full.unwrap_or(!compact) => text::show_compact(game, seat, &options),
            _ => text::show(game, viewer, &options),
        })
    }

    fn where_piece(&self, game: &dyn DynState, name: &str) -> Option<Result<String, ReplError>> {
        let game = concrete(game);
        Some(robot_named(game, name).and_then(|id| {
            text::where_line(game, id)
                .ok_or_else(|| ReplError::new(format!("{name} is not in play")))
        }))
    }

    fn piece_word(&self) -> &'static str {
        "a robot"
    }

    fn completions(&self, game: &dyn DynState) -> Vec<ArgWords> {
        let game = concrete(game);
        let robots = robot_names(game);
        let slots: Vec<String> = ["1", "2", "3"].map(String::from).to_vec();
        let decider = game.decision().player().unwrap_or(game.active());
        let hand: Vec<String> = match game.decision() {
            Decision::ProgramChange { .. } => game.players()[decider]
                .hand
                .kinds()
                .filter(|t| t.is_placeable())
                .map(|t| t.name().to_string())
                .collect(),
            _ => Vec::new(),
        };
        let args = |command: &'static str, words: &[&Vec<String>]| {
            words
                .iter()
                .enumerate()
                .map(|(index, words)| ArgWords {
                    command,
                    index,
                    words: (*words).clone(),
                })
                .collect::<Vec<_>>()
        };
        [
            args("place", &[&robots, &slots, &hand]),
            args("swap", &[&robots, &slots, &slots]),
            args("remove", &[&robots, &slots]),
            args("reset", &[&robots]),
        ]
        .concat()
    }

    fn export(&self, session: &Session, file: &str) -> Option<Result<String, ReplError>> {
        let game = concrete(session.game());
        let mut notes = vec![format!(
            "exported by tinbots repl at turn {} ({})",
            game.turn(),
            session.timeline().current().label
        )];
        if let Decision::Continue { .. } = game.decision() {
            notes.push("taken in the middle of a turn: the file holds the position, and its turn starts again".into());
        }
        if game.countdown().end_phase {
            notes.push(format!(
                "the countdown (end phase, {} counters left) is not part of a scenario file",
                game.countdown().counters
            ));
        }
        let toml = scenario_toml(
            &game.position(),
            "exported position",
            &notes,
            &self.rules.borrow().variants.names(),
        );
        Some(
            crate::files::write_whole(std::path::Path::new(file), toml.as_bytes())
                .map_err(|e| ReplError::new(e.to_string()))
                .map(|()| {
                    format!(
                        "wrote {file}: fill in its [turn] and [expect], then `tinbots check {file}`\n"
                    )
                }),
        )
    }

    fn load_scenario(&mut self, path: &Path) -> Option<Result<Opened, ReplError>> {
        let opened = (|| {
            let error = |e: &dyn std::fmt::Display| ReplError::new(e.to_string());
            let scenario = Scenario::load(path).map_err(|e| error(&e))?;
            let game = scenario.start_game().map_err(|e| error(&e))?;
            let replay = Replay::with_variants(
                Start::Position(Box::new(scenario.position.clone())),
                Vec::new(),
                scenario.orders.clone(),
                scenario.variants.clone(),
            )
            .with_rulings(scenario.rulings.clone());
            self.keep(&replay);
            Ok(Opened {
                game: Box::new(game),
                start: replay.start_record(),
                label: format!(
                    "scenario {}: {}",
                    crate::escape::terminal(&path.display().to_string()),
                    crate::escape::terminal(scenario.title())
                ),
            })
        })();
        Some(opened)
    }

    fn started(&mut self, start: &serde_json::Value) -> Result<(), ReplError> {
        let replay =
            Replay::from_start_record("start", start).map_err(|e| ReplError::new(e.to_string()))?;
        self.keep(&replay);
        Ok(())
    }

    fn help_tail(&self) -> &'static str {
        "`help <command>` for more; Tab completes commands, robots, slots and tiles."
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// Twin Tin Bots' own ways to open a session, for tests and tools.
impl Session {
    /// A standard game of Twin Tin Bots for `players` with `variants`,
    /// dealt with `seed`.
    pub fn standard(
        players: usize,
        seed: u64,
        variants: &VariantSet,
    ) -> Result<Session, ReplError> {
        Session::standard_with_orders(players, seed, variants, &[])
    }

    /// A standard game with order files (`play --orders`): their new
    /// tiles join the special deck, their redefinitions apply; `reload`
    /// reads them again.
    pub fn standard_with_orders(
        players: usize,
        seed: u64,
        variants: &VariantSet,
        order_files: &[String],
    ) -> Result<Session, ReplError> {
        let options = GameOptions {
            players: Some(players),
            seed,
            variants: variants.names(),
            ..GameOptions::default()
        };
        let options = order_files
            .iter()
            .fold(options, |o, file| o.with(super::start::ORDERS.name, file));
        let started = super::seam::TYPE
            .start(&options)
            .map_err(|e| ReplError::new(e.0))?;
        let games = crate::registry::Games::only(&super::seam::TYPE);
        Session::started(&games, &super::seam::TYPE, started, seed)
    }

    /// Bytes held by the sandbox of `lua` lines (none before the first).
    pub fn lua_memory(&self) -> usize {
        self.extension_as::<TwinTinBotsRepl>()
            .map_or(0, TwinTinBotsRepl::lua_memory)
    }
}
