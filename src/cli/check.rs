//! `tinbots check`: scenario and other game files checked by their game,
//! PASS or FAIL for each; or every built-in scenario of some games.

use anyhow::Result;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use super::Given;

/// Run rule-dispute scenario files and print PASS or FAIL for each, then
/// `N passed, M failed, K errors`. A file that cannot be checked at all
/// is an ERROR line on stderr. A folder stands for its .toml files; a file
/// or folder of the repository (`scripts/<game>/scenarios`) not on disk is
/// checked from the copy built into tinbots. Exit status: 0 when every file
/// passed, 1 when a scenario's expectations do not hold, 2 when a file
/// could not be checked (or on a usage error).
#[derive(clap::Args, Debug)]
pub(super) struct Args {
    /// Scenario files (TOML) or folders of them.
    #[arg(required_unless_present = "builtin")]
    files: Vec<PathBuf>,
    /// Check the scenarios built into tinbots of the games named (none:
    /// of the game `--game` names, else of every game), whatever is on disk.
    #[arg(long, value_name = "GAME", num_args = 0.., conflicts_with = "files")]
    builtin: Option<Vec<String>>,
}

/// Checks the files, results on `out` and refusals on `err`; the exit status is 1 when a scenario's expectations
/// do not hold, and 2 when a file could not be checked. A folder without
/// scenarios is an error (exit status 2 from the binary).
pub(super) fn run(
    args: Args,
    given: Given,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<ExitCode> {
    let asked = given.asked_game()?;
    let files = match &args.builtin {
        Some(names) => built_in_scenarios(&given, names)?,
        None => args.files,
    };
    let result = crate::check::check_paths(given.games, &files, asked, &given.rulings, out, err)?;
    Ok(ExitCode::from(result.exit_status()))
}

/// The folders of built-in scenarios of the games `names` names (every
/// game's that has some when none is named and `--game` is not given); a
/// game named that has none is an error.
fn built_in_scenarios(given: &Given, names: &[String]) -> Result<Vec<PathBuf>> {
    let has_some = |folder: &PathBuf| {
        crate::assets::built_in_folder_files(folder, "toml").is_some_and(|f| !f.is_empty())
    };
    let every_game = names.is_empty() && given.game.is_none();
    let games = if !names.is_empty() {
        names
            .iter()
            .map(|name| given.games.find(name).map_err(anyhow::Error::msg))
            .collect::<Result<Vec<_>>>()?
    } else if let Some(game) = given.asked_game()? {
        vec![game]
    } else {
        given.games.all().to_vec()
    };
    let mut folders = Vec::new();
    for game in games {
        let folder = crate::assets::built_in_scenarios(game.name);
        if has_some(&folder) {
            folders.push(folder);
        } else if !every_game {
            anyhow::bail!("{} has no built-in scenarios", game.title);
        }
    }
    Ok(folders)
}
