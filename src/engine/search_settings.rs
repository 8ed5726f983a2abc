//! The settings a game gives the native search bot ([`super::State::search_settings`]):
//! plain data, each `None` leaving the search's own default. The search
//! (`crate::bot::mcts`) applies them over its defaults, and the settings a
//! bot's name spells (`mcts:horizon=1`) over them.

/// How the search chooses its answer once it is done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchChoice {
    /// The answer tried most often (the robust child): for games where
    /// the others' replies matter.
    Visits,
    /// The answer after which the best reward was seen once (the max
    /// child): for a turn of several decisions whose worth shows only
    /// when they are all made (RoboRally's five registers), where the mean
    /// over random completions hides the one good program. An answer
    /// after which the seat decides nothing more this turn (RoboRally's
    /// power down, once the program is set) has no completions to hide
    /// it, and counts by its mean.
    Best,
}

/// What a game sets of the native search's settings; `None` leaves the
/// search's default. The names are those of the bot's `mcts:` settings.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchSettings {
    /// Iterations per decision (`iterations`): a game whose iterations are
    /// cheap may search more within the same time a decision.
    pub iterations: Option<u32>,
    /// Turns a playout runs past the end of the decision's turn
    /// (`horizon`).
    pub horizon: Option<u32>,
    /// The share of a playout's answers that are the game's own playout
    /// answer ([`super::State::playout_answer`]), 0 to 1 (`quiet`).
    pub quiet: Option<f64>,
    /// UCB1's exploration constant (`exploration`).
    pub exploration: Option<f64>,
    /// How the answer is chosen (`choice`).
    pub choice: Option<SearchChoice>,
}

impl SearchSettings {
    /// No setting: the search's defaults.
    pub const NONE: SearchSettings = SearchSettings {
        iterations: None,
        horizon: None,
        quiet: None,
        exploration: None,
        choice: None,
    };
}
