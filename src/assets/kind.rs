//! What the library looks up ([`Kind`]): variants and bots, which every
//! game has, and the kinds of file a game declares as its own
//! ([`GameFiles`]). A kind names no game: its folders are computed from
//! the game's name, so that a new game, or a new kind of file of a game,
//! needs no change here.

/// The folder of the games' scripts and data, one folder per game.
const SCRIPTS: &str = "scripts";

/// The folder of the games' variants, one folder per game.
const VARIANTS: &str = "variants";

/// The folder of a game's bots, in its folder of [`SCRIPTS`].
const BOTS: &str = "bots";

/// The extension of scripts.
const LUA: &str = "lua";

/// A kind of file a game looks up by name, declared by the game (in its
/// own folder) as data: its files are `<name>.<extension>` in
/// `scripts/<game>/<folder>/` (built in) and, when it says so, in the
/// user data folder's `<game>/<folder>/`; one given as a path is read from
/// there.
#[derive(Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameFiles {
    /// Its name in messages, singular (`"map"`).
    pub noun: &'static str,
    /// The article before [`GameFiles::noun`] (`"a"`, `"an"`).
    pub article: &'static str,
    /// Its name in messages, plural (`"maps"`).
    pub plural: &'static str,
    /// Its folder, in `scripts/<game>/` and in the user data folder's
    /// `<game>/` (`"maps"`).
    pub folder: &'static str,
    /// The extension of its files, without the dot (`"toml"`).
    pub extension: &'static str,
    /// Whether the user data folder's `<game>/<folder>/` is searched
    /// before the built-in files.
    pub user_folder: bool,
    /// Whether its official files were in `scripts/<folder>/` before each
    /// game had its folder: a path typed there is the built-in file, with
    /// a note naming its new path ([`super::resolve_path`]).
    pub had_shared_folder: bool,
}

/// What is looked up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// A variant: a folder with `variant.toml` and `variant.lua`.
    Variant,
    /// A bot: a Lua script `<name>.lua` (or the native random bot).
    Bot,
    /// A kind of file a game declares ([`GameFiles`]).
    Game(&'static GameFiles),
}

impl Kind {
    /// Its name in messages.
    pub fn noun(self) -> &'static str {
        match self {
            Kind::Variant => "variant",
            Kind::Bot => "bot",
            Kind::Game(files) => files.noun,
        }
    }

    /// Whether it is a bot (the built-in `random` is then the native
    /// random bot).
    pub fn is_bot(self) -> bool {
        self == Kind::Bot
    }

    /// Its plural in messages.
    pub(crate) fn plural(self) -> &'static str {
        match self {
            Kind::Variant => "variants",
            Kind::Bot => "bots",
            Kind::Game(files) => files.plural,
        }
    }

    /// The name of its folders: `variants`, `bots`, or the folder a game
    /// declares.
    pub fn folder_name(self) -> &'static str {
        match self {
            Kind::Variant => VARIANTS,
            Kind::Bot => BOTS,
            Kind::Game(files) => files.folder,
        }
    }

    /// The extension of its files (`None` for a variant, a folder).
    fn extension(self) -> Option<&'static str> {
        match self {
            Kind::Variant => None,
            Kind::Bot => Some(LUA),
            Kind::Game(files) => Some(files.extension),
        }
    }

    /// Its folder in the user data folder, for the game named `game`:
    /// `<game>/bots`, `<game>/variants`...
    pub fn user_folder(self, game: &str) -> String {
        format!("{game}/{}", self.folder_name())
    }

    /// Whether the user data folder is searched for it.
    pub(crate) fn searches_user_folder(self) -> bool {
        match self {
            Kind::Variant | Kind::Bot => true,
            Kind::Game(files) => files.user_folder,
        }
    }

    /// Its built-in folder (relative to the repository), for the game
    /// named `game`: `variants/<game>` for variants,
    /// `scripts/<game>/<folder>` for the others.
    pub fn built_in_folder(self, game: &str) -> String {
        match self {
            Kind::Variant => format!("{VARIANTS}/{game}"),
            _ => format!("{SCRIPTS}/{game}/{}", self.folder_name()),
        }
    }

    /// Where its official files were before each game had its folder
    /// (`scripts/bots`): a path typed there is [`super::resolve_path`]'s
    /// to redirect, with a note. `None` for the kinds never given as paths
    /// there.
    pub(crate) fn former_built_in_folder(self) -> Option<String> {
        let moved = match self {
            Kind::Variant => false,
            Kind::Bot => true,
            Kind::Game(files) => files.had_shared_folder,
        };
        moved.then(|| format!("{SCRIPTS}/{}", self.folder_name()))
    }

    /// The file that makes `name` one of these in a folder.
    pub(crate) fn item(self, name: &str) -> String {
        match self.extension() {
            None => format!("{name}/variant.toml"),
            Some(extension) => format!("{name}.{extension}"),
        }
    }

    /// The name `child` (an entry of a folder) gives, if it is one.
    pub(crate) fn name_of(self, child: &str, is_dir: bool) -> Option<&str> {
        let name = match self.extension() {
            None => is_dir.then_some(child)?,
            Some(extension) => child
                .strip_suffix(extension)
                .and_then(|c| c.strip_suffix('.'))
                .filter(|_| !is_dir)?,
        };
        super::is_name(name).then_some(name)
    }

    /// Whether `arg`, given on the command line for one of these, is a
    /// path (it ends with the kind's extension or holds a path
    /// separator) rather than a name to look up.
    pub fn is_path(self, arg: &str) -> bool {
        let extension = self
            .extension()
            .and_then(|e| arg.strip_suffix(e))
            .is_some_and(|rest| rest.ends_with('.'));
        extension || arg.contains('/') || arg.contains(std::path::MAIN_SEPARATOR)
    }

    /// The flag that adds folders to search, if there is one.
    pub(crate) fn path_flag(self) -> Option<&'static str> {
        match self {
            Kind::Variant => Some("--variant-path"),
            Kind::Bot => Some("--bot-path"),
            Kind::Game(_) => None,
        }
    }

    /// What an unknown name's error says last: that one can also be given
    /// as a path (empty for a variant, which cannot).
    pub(crate) fn path_hint(self) -> String {
        let article = match self {
            Kind::Variant => return String::new(),
            Kind::Bot => "a",
            Kind::Game(files) => files.article,
        };
        let extension = self.extension().unwrap_or_default();
        format!(
            "; {article} {} can also be given as the path to a .{extension} file",
            self.noun()
        )
    }
}
