//! A native Monte Carlo tree search bot for every game, through the seam
//! alone ([`DynState`]): answers by index, [`DynState::boxed_sample`] for
//! what the deciding player cannot see, the outcome and each game's own
//! estimate of an unfinished position ([`DynState::heuristic`]) for
//! rewards. Where a game hides things, every iteration searches a new
//! deal of the hidden things (information-set MCTS with one tree for the
//! searching player, as Cowling, Powley and Whitehouse's SO-ISMCTS): the
//! bot never peeks.
//!
//! An iteration walks the tree by UCB1 (each seat choosing by its own
//! reward, so the search works for any number of players), adds one
//! answer not tried yet, plays random answers on to the end of the turn
//! and `horizon` turns more (a truncated rollout: a turn's decisions, such
//! as RoboRally's five registers, only show their worth once the turn has
//! run), and scores the result: a finished game gives its winners a share
//! of 1 each, an unfinished one gives each seat the game's heuristic (0 to
//! 1; by default its place in the standings). The answer played most often
//! at the root is chosen, or with `choice=best` the answer after which the
//! best reward was seen, where the seat decides again this turn
//! ([`Choice`]).
//!
//! With an iteration budget the bot is deterministic (its seed decides
//! everything): tournaments, shards and tests use it. A time budget plays
//! as many iterations as fit, which depends on the machine and its load,
//! so it does not reproduce; it is for interactive play.
//!
//! Lua bots reach the same search through `view:search{...}` ([`lua`]).

pub mod lua;

use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{Bot, BotFailure};
use crate::engine::{DynState, SearchSettings, Seat};

/// How much an [`MctsBot`] searches, and how.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsConfig {
    /// Iterations per decision (the reproducible budget).
    pub iterations: u32,
    /// Instead of the iterations, search this long per decision (not
    /// reproducible).
    pub time: Option<Duration>,
    /// Turns a playout runs past the end of the decision's turn before
    /// the game's heuristic scores it (0: to the end of this turn).
    pub horizon: u32,
    /// UCB1's exploration constant.
    pub exploration: f64,
    /// How the answer is chosen from the root's statistics.
    pub choice: Choice,
    /// The share of a playout's answers that are the game's own playout
    /// answer where it has one ([`DynState::playout_answer`]: Twin Tin
    /// Bots' `pass`, keeping the programs), the others random (0: all
    /// random).
    pub quiet: f64,
}

/// How an [`MctsBot`] chooses its answer once the search is done (the
/// seam's word for it, which a game may set: [`SearchSettings::choice`]).
pub use crate::engine::SearchChoice as Choice;

impl Default for MctsConfig {
    fn default() -> MctsConfig {
        MctsConfig {
            iterations: 1000,
            time: None,
            horizon: 0,
            exploration: 0.1,
            choice: Choice::Visits,
            quiet: 0.0,
        }
    }
}

impl MctsConfig {
    /// What `tinbots bots` says of the bot: what it is and its settings
    /// with their defaults.
    pub fn about() -> String {
        let d = MctsConfig::default();
        format!(
            "The native Monte Carlo tree search, every game: mcts:iterations={},time=SECONDS,horizon={},exploration={},choice=visits|best,quiet={} (a game may set other defaults: docs/tournaments.md).",
            d.iterations, d.horizon, d.exploration, d.quiet
        )
    }

    /// The settings `game` is searched with when the bot is named `name`:
    /// the defaults, then the game's own ([`DynState::search_settings`]),
    /// then those of the name. An error names a bad setting.
    pub fn for_game(game: &dyn DynState, name: &str) -> Result<MctsConfig, String> {
        let mut config = MctsConfig::default();
        config
            .apply_settings(&game.search_settings())
            .map_err(|e| format!("the game's own settings: {e}"))?;
        match name.strip_prefix("mcts") {
            Some("") => {}
            Some(rest) => match rest.strip_prefix(':') {
                Some(settings) => config.apply(settings)?,
                None => return Err(format!("`{name}`: not an MCTS bot's name")),
            },
            None => return Err(format!("`{name}`: not an MCTS bot's name")),
        }
        Ok(config)
    }

    /// The bot as named: `mcts`, or `mcts:` and settings separated by
    /// commas: `iterations=N`, `time=SECONDS`, `horizon=TURNS`,
    /// `exploration=C`, `choice=visits|best`, `quiet=SHARE`
    /// (`mcts:iterations=2000,horizon=4`), over the defaults of every game
    /// (a game's own come in [`MctsConfig::for_game`]). `None` when the
    /// name is not an MCTS bot's; an error names a bad setting.
    pub fn parse(name: &str) -> Option<Result<MctsConfig, String>> {
        let settings = match name.strip_prefix("mcts") {
            Some("") => return Some(Ok(MctsConfig::default())),
            Some(rest) => rest.strip_prefix(':')?,
            None => return None,
        };
        let mut config = MctsConfig::default();
        Some(config.apply(settings).map(|()| config))
    }

    /// Sets those of `settings` a game gives, each within its range as
    /// when a name spells it; an error names the setting and the range.
    fn apply_settings(&mut self, settings: &SearchSettings) -> Result<(), String> {
        let SearchSettings {
            iterations,
            horizon,
            quiet,
            exploration,
            choice,
        } = *settings;
        if let Some(iterations) = iterations {
            self.iterations = whole_within("iterations", iterations, 1, MAX_ITERATIONS)?;
        }
        if let Some(horizon) = horizon {
            self.horizon = whole_within("horizon", horizon, 0, MAX_HORIZON)?;
        }
        if let Some(exploration) = exploration {
            self.exploration =
                number_within("exploration", exploration, 0.0, MAX_EXPLORATION, "a number")?;
        }
        if let Some(quiet) = quiet {
            self.quiet = number_within("quiet", quiet, 0.0, 1.0, "a share")?;
        }
        if let Some(choice) = choice {
            self.choice = choice;
        }
        Ok(())
    }

    /// Sets the settings of `settings` (`KEY=VALUE` separated by commas),
    /// each within its range ([`MAX_ITERATIONS`], [`MAX_SECONDS`],
    /// [`MAX_HORIZON`], [`MAX_EXPLORATION`]); an error names the setting
    /// and the range.
    fn apply(&mut self, settings: &str) -> Result<(), String> {
        let config = self;
        settings.split(',').try_for_each(|setting| {
            let (key, value) = setting.split_once('=').ok_or_else(|| {
                format!(
                    "`{}`: expected KEY=VALUE",
                    crate::script::text::shown(setting)
                )
            })?;
            let (key, value) = (key.trim(), value.trim());
            match key {
                "iterations" => config.iterations = whole(key, value, 1, MAX_ITERATIONS)?,
                "time" => {
                    let seconds = number(key, value, 0.0, MAX_SECONDS, "seconds")?;
                    config.time = Some(
                        Duration::try_from_secs_f64(seconds)
                            .ok()
                            .filter(|d| !d.is_zero())
                            .ok_or_else(|| {
                                format!(
                                    "time={value}: more than 0 and at most {MAX_SECONDS} seconds"
                                )
                            })?,
                    );
                }
                "horizon" => config.horizon = whole(key, value, 0, MAX_HORIZON)?,
                "choice" => {
                    config.choice = match value {
                        "visits" => Choice::Visits,
                        "best" => Choice::Best,
                        _ => {
                            return Err(format!(
                                "choice={}: visits or best",
                                crate::script::text::shown(value)
                            ))
                        }
                    }
                }
                "exploration" => {
                    config.exploration = number(key, value, 0.0, MAX_EXPLORATION, "a number")?
                }
                "quiet" => config.quiet = number(key, value, 0.0, 1.0, "a share")?,
                other => {
                    return Err(format!(
                    "`{}`: not a setting (iterations, time, horizon, exploration, choice, quiet)",
                    crate::script::text::shown(other)
                ))
                }
            }
            Ok(())
        })
    }
}

/// The most iterations per decision (`iterations=`).
pub const MAX_ITERATIONS: u32 = 1_000_000;
/// The longest search per decision, in seconds (`time=`).
pub const MAX_SECONDS: f64 = 60.0;
/// The most turns a playout runs past its decision's turn (`horizon=`).
pub const MAX_HORIZON: u32 = 100;
/// The largest exploration constant (`exploration=`).
pub const MAX_EXPLORATION: f64 = 100.0;

/// The setting `key`'s `value` as a whole number from `lo` to `hi`; the
/// error names the setting and the range, whatever is wrong.
fn whole<T>(key: &str, value: &str, lo: T, hi: T) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy,
{
    match value.parse::<T>() {
        Ok(n) if n >= lo && n <= hi => Ok(n),
        _ => Err(format!(
            "{key}={}: a whole number from {lo} to {hi}",
            crate::script::text::shown(value)
        )),
    }
}

/// The setting `key`'s whole number `n` if it is from `lo` to `hi`; the
/// error names the setting and the range, as [`whole`]'s does.
fn whole_within(key: &str, n: u32, lo: u32, hi: u32) -> Result<u32, String> {
    if (lo..=hi).contains(&n) {
        Ok(n)
    } else {
        Err(format!("{key}={n}: a whole number from {lo} to {hi}"))
    }
}

/// The setting `key`'s number `x` if it is finite and from `lo` to `hi`;
/// the error names the setting and the range, as [`number`]'s does.
fn number_within(key: &str, x: f64, lo: f64, hi: f64, what: &str) -> Result<f64, String> {
    if x.is_finite() && (lo..=hi).contains(&x) {
        Ok(x)
    } else {
        Err(format!("{key}={x}: {what} from {lo} to {hi}"))
    }
}

/// The setting `key`'s `value` as a finite number from `lo` to `hi`
/// (`what`: how the range is called); the error names the setting and
/// the range.
fn number(key: &str, value: &str, lo: f64, hi: f64, what: &str) -> Result<f64, String> {
    match value.parse::<f64>() {
        Ok(x) if x.is_finite() && (lo..=hi).contains(&x) => Ok(x),
        _ => Err(format!(
            "{key}={}: {what} from {lo} to {hi}",
            crate::script::text::shown(value)
        )),
    }
}

/// One answer at the root, as the search saw it.
#[derive(Clone, Debug, PartialEq)]
pub struct RootAnswer {
    /// Its index among the legal answers.
    pub index: usize,
    /// Iterations that tried it.
    pub visits: u32,
    /// The searching seat's mean reward after it (0 to 1).
    pub value: f64,
    /// The searching seat's best reward after it, in one iteration.
    pub best: f64,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct Search {
    /// The index of the answer chosen (by [`MctsConfig::choice`]).
    pub best: usize,
    /// Iterations run.
    pub iterations: u32,
    /// The root's answers tried, the chosen first.
    pub answers: Vec<RootAnswer>,
}

/// A node of the tree: the answers tried from it, by index.
#[derive(Clone, Debug, Default)]
struct Node {
    /// `children[i]`: the node after answer `i` (0: not tried; the root is
    /// nobody's child).
    children: Vec<u32>,
    visits: u32,
    /// Each seat's summed reward over the iterations through this node.
    reward: Vec<f64>,
    /// The searching seat's best reward in one iteration through it.
    best: f64,
}

/// Searches `game`'s current decision (for the seat deciding) with
/// `config`, drawing from `rng`.
pub fn search(
    game: &dyn DynState,
    config: &MctsConfig,
    rng: &mut ChaCha8Rng,
) -> Result<Search, String> {
    search_on(game, config, rng, Vec::new()).map(|(found, _)| found)
}

/// [`search`], going on from `tree`, a search of this very decision
/// already made (empty: from nothing); the tree is given back with the
/// search's iterations added.
fn search_on(
    game: &dyn DynState,
    config: &MctsConfig,
    rng: &mut ChaCha8Rng,
    mut tree: Vec<Node>,
) -> Result<(Search, Vec<Node>), String> {
    let me = game
        .to_decide()
        .ok_or("the game is over, there is nothing to decide")?;
    let count = game.legal_count();
    if count == 0 {
        return Err("there is no legal answer".into());
    }
    let seats = game.seats();
    if tree.is_empty() {
        tree.push(Node {
            reward: vec![0.0; seats],
            ..Node::default()
        });
    }
    let deadline = config.time.map(|t| Instant::now() + t);
    let mut iterations = 0;
    // One answer: nothing to search.
    if count > 1 {
        loop {
            match deadline {
                Some(d) if Instant::now() >= d && iterations > 0 => break,
                None if iterations >= config.iterations => break,
                _ => {}
            }
            iterate(game, me, config, rng, &mut tree);
            iterations += 1;
        }
    }
    let root = &tree[0];
    // A kept tree's root may hold children past the legal answers: the
    // node was reached in samples where another decision came next.
    let mut ranked: Vec<(f64, RootAnswer)> = root
        .children
        .iter()
        .take(count)
        .enumerate()
        .filter(|&(_, &child)| child != 0)
        .map(|(index, &child)| {
            let node = &tree[child as usize];
            let a = RootAnswer {
                index,
                visits: node.visits,
                value: node.reward[me] / f64::from(node.visits.max(1)),
                best: node.best,
            };
            let worth = match config.choice {
                Choice::Visits => f64::from(a.visits),
                // The best reward stands for the best of the seat's own
                // later answers this turn; where none follow, the mean is
                // the answer's worth (RoboRally's power down, made once
                // the program is set).
                Choice::Best if own_next(game, me, a.index).is_some() => a.best,
                Choice::Best => a.value,
            };
            (worth, a)
        })
        .collect();
    ranked.sort_by(|(worth_a, a), (worth_b, b)| {
        worth_b
            .total_cmp(worth_a)
            .then(b.value.total_cmp(&a.value))
            .then(a.index.cmp(&b.index))
    });
    let answers: Vec<RootAnswer> = ranked.into_iter().map(|(_, a)| a).collect();
    let found = Search {
        best: answers.first().map_or(0, |a| a.index),
        iterations,
        answers,
    };
    Ok((found, tree))
}

/// The game after `answer`, where `me` decides next in the same turn.
fn own_next(game: &dyn DynState, me: Seat, answer: usize) -> Option<Box<dyn DynState>> {
    let mut next = game.boxed_clone();
    (next.apply_index(answer).is_ok() && next.to_decide() == Some(me) && next.turn() == game.turn())
        .then_some(next)
}

/// The part of `tree` under `root`, as a tree of its own (`root` first).
fn subtree(tree: &[Node], root: usize) -> Vec<Node> {
    let mut new_index = vec![0u32; tree.len()];
    let mut order = vec![root];
    let mut next = 0;
    while let Some(&old) = order.get(next) {
        for &child in tree[old].children.iter().filter(|&&c| c != 0) {
            new_index[child as usize] = order.len() as u32;
            order.push(child as usize);
        }
        next += 1;
    }
    order
        .into_iter()
        .map(|old| {
            let mut node = tree[old].clone();
            for child in node.children.iter_mut().filter(|c| **c != 0) {
                *child = new_index[*child as usize];
            }
            node
        })
        .collect()
}

/// One iteration: a deal of what `me` cannot see, a walk down the tree,
/// one new node, a playout, and the rewards carried back up.
fn iterate(
    game: &dyn DynState,
    me: Seat,
    config: &MctsConfig,
    rng: &mut ChaCha8Rng,
    tree: &mut Vec<Node>,
) {
    let mut state = game.boxed_sample(me, rng.gen());
    let seats = state.seats();
    let start_turn = state.turn();
    let mut path = vec![0usize];
    let mut node = 0usize;
    // Selection and expansion.
    while let Some(seat) = state.to_decide() {
        let count = state.legal_count();
        if count == 0 {
            break;
        }
        if tree[node].children.len() < count {
            tree[node].children.resize(count, 0);
        }
        let untried = tree[node].children[..count]
            .iter()
            .filter(|&&c| c == 0)
            .count();
        let (answer, new) = if untried > 0 {
            let k = rng.gen_range(0..untried);
            let answer = tree[node].children[..count]
                .iter()
                .enumerate()
                .filter(|&(_, &c)| c == 0)
                .nth(k)
                .map(|(i, _)| i)
                .expect("k is below the count of untried answers");
            (answer, true)
        } else {
            (
                best_by_ucb(tree, node, count, seat, config.exploration),
                false,
            )
        };
        if state.apply_index(answer).is_err() {
            break;
        }
        if new {
            tree.push(Node {
                reward: vec![0.0; seats],
                ..Node::default()
            });
            let child = tree.len() - 1;
            tree[node].children[answer] = child as u32;
            path.push(child);
            break;
        }
        node = tree[node].children[answer] as usize;
        path.push(node);
    }
    // Playout: to the end of the turn, and `horizon` turns more.
    let horizon = start_turn.saturating_add(config.horizon);
    while !state.is_over() && state.turn() <= horizon {
        let count = state.legal_count();
        if count == 0 {
            break;
        }
        let quiet = match state.playout_answer() {
            Some(i) if i < count && config.quiet > 0.0 && rng.gen_bool(config.quiet) => Some(i),
            _ => None,
        };
        let answer = quiet.unwrap_or_else(|| rng.gen_range(0..count));
        if state.apply_index(answer).is_err() {
            break;
        }
    }
    let reward = rewards(state.as_ref());
    for &n in &path {
        let node = &mut tree[n];
        node.visits += 1;
        node.best = node.best.max(reward[me]);
        for (sum, r) in node.reward.iter_mut().zip(&reward) {
            *sum += r;
        }
    }
}

/// The tried answer of `node` with the best UCB1 score for `seat`, among
/// the first `count` (the legal ones in this deal).
fn best_by_ucb(tree: &[Node], node: usize, count: usize, seat: Seat, c: f64) -> usize {
    let parent = &tree[node];
    let log_n = f64::from(parent.visits.max(1)).ln();
    let score = |child: u32| {
        let n = &tree[child as usize];
        let visits = f64::from(n.visits.max(1));
        n.reward.get(seat).copied().unwrap_or(0.0) / visits + c * (log_n / visits).sqrt()
    };
    (0..count)
        .max_by(|&a, &b| {
            score(parent.children[a])
                .total_cmp(&score(parent.children[b]))
                .then(b.cmp(&a))
        })
        .expect("a decision has an answer")
}

/// Each seat's reward for the state a playout reached: a finished game
/// shares 1 among its winners (nobody gets anything when nobody won); an
/// unfinished one gives each seat the game's heuristic, kept within 0 to 1.
fn rewards(state: &dyn DynState) -> Vec<f64> {
    let seats = state.seats();
    let mut reward = vec![0.0; seats];
    if let Some(outcome) = state.outcome().filter(|_| state.is_over()) {
        if !outcome.at_turn_limit || !outcome.winners.is_empty() {
            let share = 1.0 / outcome.winners.len().max(1) as f64;
            for &w in &outcome.winners {
                if let Some(r) = reward.get_mut(w) {
                    *r += share;
                }
            }
            return reward;
        }
    }
    for (seat, r) in reward.iter_mut().enumerate() {
        let h = state.heuristic(seat);
        *r = if h.is_finite() {
            h.clamp(0.0, 1.0)
        } else {
            0.5
        };
    }
    reward
}

/// A bot that answers every decision by [`search`]. When its answer
/// leaves the same seat deciding again in the same turn (RoboRally's five
/// registers), it keeps the part of its tree under that answer and the
/// next search goes on from it, so the iterations of a turn's decisions
/// add up.
#[derive(Clone, Debug)]
pub struct MctsBot {
    name: String,
    /// The settings as named; the game's own defaults come under them on
    /// the first decision ([`MctsConfig::for_game`]).
    config: MctsConfig,
    /// The settings with the game's defaults, once a game was seen.
    resolved: Option<MctsConfig>,
    rng: ChaCha8Rng,
    /// The tree kept for the decision expected next.
    kept: Option<KeptTree>,
}

/// A search tree kept for the next decision, and that decision's
/// [`fingerprint`].
#[derive(Clone, Debug)]
struct KeptTree {
    fingerprint: String,
    tree: Vec<Node>,
}

/// What tells a decision from another, to the deciding seat `me`: the
/// turn, the decision, what `me` sees of the game and the answers.
fn fingerprint(game: &dyn DynState, me: Seat) -> String {
    let answers: Vec<String> = (0..game.legal_count())
        .filter_map(|i| game.legal_text(i))
        .collect();
    format!(
        "{}|{}|{}|{}|{}",
        game.turn(),
        game.decision_text(),
        game.private_text(me),
        game.picture(Some(me), false),
        answers.join(",")
    )
}

impl MctsBot {
    /// A bot named `name` searching with `config` (the settings of its
    /// name, [`MctsConfig::parse`]), seeded with `seed`.
    pub fn new(name: &str, config: MctsConfig, seed: u64) -> MctsBot {
        MctsBot {
            name: name.to_string(),
            config,
            resolved: None,
            rng: ChaCha8Rng::seed_from_u64(seed),
            kept: None,
        }
    }

    /// The bot's settings for `game`: those of its name over the game's
    /// defaults (the settings given to [`MctsBot::new`] when the name is
    /// not an MCTS bot's).
    fn config_for(&mut self, game: &dyn DynState) -> Result<MctsConfig, String> {
        if self.resolved.is_none() {
            let config = if MctsConfig::parse(&self.name).is_some() {
                MctsConfig::for_game(game, &self.name)?
            } else {
                self.config.clone()
            };
            self.resolved = Some(config);
        }
        Ok(self.resolved.clone().expect("resolved just above"))
    }
}

impl Bot for MctsBot {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, game: &dyn DynState) -> Result<usize, BotFailure> {
        let name = self.name.clone();
        let fail = move |e: String| BotFailure(format!("{name}: {e}"));
        let config = self.config_for(game).map_err(&fail)?;
        let me = game
            .to_decide()
            .ok_or_else(|| fail("the game is over, there is nothing to decide".into()))?;
        let tree = match self.kept.take() {
            Some(kept) if kept.fingerprint == fingerprint(game, me) => kept.tree,
            _ => Vec::new(),
        };
        let (found, tree) = search_on(game, &config, &mut self.rng, tree).map_err(&fail)?;
        // Keep the tree under the answer when the same seat decides next
        // in the same turn.
        if let Some(next) = own_next(game, me, found.best) {
            if let Some(&child) = tree[0].children.get(found.best).filter(|&&c| c != 0) {
                self.kept = Some(KeptTree {
                    fingerprint: fingerprint(next.as_ref(), me),
                    tree: subtree(&tree, child as usize),
                });
            }
        }
        Ok(found.best)
    }
}

#[cfg(test)]
mod tests;
