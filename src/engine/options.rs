//! The options a game is started with: those every game takes (players,
//! seed, variants) and those a game declares for itself
//! ([`GameType::options`](super::GameType::options): Twin Tin Bots'
//! `--setup` and `--orders`, RoboRally's `--course`, Droids' `--mission`).
//!
//! The machinery (the command line, the REPL, tournaments and their rows)
//! handles a game's own options as names and texts, never by their
//! meaning: it offers the flags every game declares, keeps the values
//! given, and the game reads them. An option the game does not declare is
//! refused by [`GameOptions::refuse_undeclared`] before the game starts.

use std::collections::BTreeMap;

use super::StartError;

/// An option a game declares: `--NAME VALUE` wherever a game is set up
/// (`play`, `repl`, `tournament`, `balance`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOption {
    /// The flag's name without its dashes (`"course"` for `--course`).
    pub name: &'static str,
    /// What the value is, in the help (`"NAME|FILE"`).
    pub value_name: &'static str,
    /// One line of help, saying which game reads it, with no final period
    /// (`"The course, by name or file (RoboRally)"`).
    pub help: &'static str,
    /// Whether it may be given more than once (`--orders A --orders B`);
    /// the values are kept in the order given.
    pub repeatable: bool,
}

/// What starts a game: the options every game reads, and the game's own.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameOptions {
    /// The number of players (`--players`); the game's default when `None`.
    pub players: Option<usize>,
    /// The seed of everything random in the game.
    pub seed: u64,
    /// Variants by name (`--variant`).
    pub variants: Vec<String>,
    /// The game's own options, by name ([`GameOption::name`]), each with
    /// its values as given, in order. Only options given are kept.
    pub own: BTreeMap<String, Vec<String>>,
    /// Readings of disputed rules chosen (`--ruling ID=READING`), as given,
    /// in order, the last winning: over the defaults and what the variants
    /// fix ([`super::Rulings::pinned`]).
    pub rulings: Vec<String>,
}

impl GameOptions {
    /// These options with `value` added to the option `name`.
    pub fn with(mut self, name: &str, value: impl Into<String>) -> GameOptions {
        self.own
            .entry(name.to_string())
            .or_default()
            .push(value.into());
        self
    }

    /// The value of the option `name` (its last, when given more than
    /// once), or `None` when it was not given.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.values(name).last().map(String::as_str)
    }

    /// Every value of the option `name`, in the order given.
    pub fn values(&self, name: &str) -> &[String] {
        self.own.get(name).map_or(&[], Vec::as_slice)
    }

    /// Refuses an option that `declared` (the options the game's type
    /// declares) does not have, naming it and the options the game takes;
    /// an option given twice that is not repeatable is refused too.
    pub fn refuse_undeclared(
        &self,
        title: &str,
        declared: &[GameOption],
    ) -> Result<(), StartError> {
        for (name, values) in &self.own {
            let Some(option) = declared.iter().find(|o| o.name == name) else {
                let takes: Vec<String> = declared.iter().map(|o| format!("--{}", o.name)).collect();
                let takes = if takes.is_empty() {
                    "none of its own".to_string()
                } else {
                    takes.join(", ")
                };
                return Err(StartError(format!(
                    "--{name}: {title} takes no --{name} (its options: {takes}; `tinbots games` \
                     lists each game's)"
                )));
            };
            if values.len() > 1 && !option.repeatable {
                return Err(StartError(format!(
                    "--{name} given {} times: {title} takes one",
                    values.len()
                )));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TRACK: GameOption = GameOption {
        name: "track",
        value_name: "NAME",
        help: "The track",
        repeatable: false,
    };
    const EXTRA: GameOption = GameOption {
        name: "extra",
        value_name: "FILE",
        help: "An extra file",
        repeatable: true,
    };

    #[test]
    fn values_are_kept_in_order_and_the_last_is_the_value() {
        let o = GameOptions::default()
            .with("extra", "a.lua")
            .with("extra", "b.lua");
        assert_eq!(o.values("extra"), ["a.lua", "b.lua"]);
        assert_eq!(o.value("extra"), Some("b.lua"));
        assert_eq!(o.value("track"), None);
        assert!(o.values("track").is_empty());
    }

    #[test]
    fn an_option_the_game_does_not_declare_is_refused_naming_what_it_takes() {
        let o = GameOptions::default().with("level", "3");
        let e = o.refuse_undeclared("Racer", &[TRACK]).unwrap_err();
        assert_eq!(
            e.0,
            "--level: Racer takes no --level (its options: --track; `tinbots games` \
             lists each game's)"
        );
        let e = o.refuse_undeclared("Plain", &[]).unwrap_err();
        assert!(e.0.contains("(its options: none of its own;"), "{e}");
        let twice = GameOptions::default().with("track", "a").with("track", "b");
        let e = twice.refuse_undeclared("Racer", &[TRACK]).unwrap_err();
        assert_eq!(e.0, "--track given 2 times: Racer takes one");
        let extras = GameOptions::default().with("extra", "a").with("extra", "b");
        assert!(extras.refuse_undeclared("T", &[TRACK, EXTRA]).is_ok());
    }
}
