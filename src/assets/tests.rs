//! Tests of the built-in store, the lookup order, and `require` confined
//! to a script's folder (symbolic links included).

use std::path::{Path, PathBuf};

use super::*;
use crate::script::{Sandbox, ScriptError};
use crate::test_folder::Folder;

/// The games' names, as a caller passes them (the lookup knows no game).
const TTB: &str = "twin-tin-bots";
const RR: &str = "roborally";

/// A made-up kind of a game's files, searched in the user data folder,
/// that was in `scripts/tactics/` before each game had its folder.
const TACTICS: Kind = Kind::Game(&GameFiles {
    noun: "tactic",
    article: "a",
    plural: "tactics",
    folder: "tactics",
    extension: "lua",
    user_folder: true,
    had_shared_folder: true,
});

/// A made-up kind of a game's files kept in the games' folders of bots,
/// so that it has built-in files; not in the user data folder.
const PLANS: Kind = Kind::Game(&GameFiles {
    noun: "plan",
    article: "a",
    plural: "plans",
    folder: "bots",
    extension: "lua",
    user_folder: false,
    had_shared_folder: true,
});

/// A made-up kind of a game's data files, never in a shared folder.
const MAPS: Kind = Kind::Game(&GameFiles {
    noun: "map",
    article: "a",
    plural: "maps",
    folder: "maps",
    extension: "toml",
    user_folder: true,
    had_shared_folder: false,
});

/// A library of only the given places.
fn library(variant_paths: &[&Path], user: Option<&Path>, built_in: bool) -> Library {
    Library {
        variant_paths: variant_paths.iter().map(|p| p.to_path_buf()).collect(),
        bot_paths: Vec::new(),
        user_folder: user.map(Path::to_path_buf),
        built_in,
    }
}

fn manifest(name: &str, description: &str) -> String {
    format!("name = \"{name}\"\ndescription = \"{description}\"\nsource = \"house rule\"\n")
}

#[test]
fn the_official_files_are_built_in_sorted_and_readable_by_path() {
    let paths: Vec<&str> = built_in_files().map(|(p, _)| p).collect();
    let mut sorted = paths.clone();
    sorted.sort();
    assert_eq!(paths, sorted, "binary search needs them sorted");
    for path in [
        "variants/twin-tin-bots/mud/variant.toml",
        "variants/twin-tin-bots/mud/variant.lua",
        "scripts/twin-tin-bots/bots/greedy.lua",
        "scripts/twin-tin-bots/bots/lib/heuristic.lua",
    ] {
        let text = built_in(path).unwrap_or_else(|| panic!("{path} is built in"));
        assert_eq!(
            text,
            std::fs::read_to_string(path).unwrap(),
            "{path} is the repository's"
        );
    }
    assert_eq!(
        built_in("variants/twin-tin-bots/mud"),
        None,
        "folders are not files"
    );
    let file = AssetFile::BuiltIn("variants/twin-tin-bots/mud/variant.lua".into());
    assert_eq!(
        file.shown(),
        "<built-in>/variants/twin-tin-bots/mud/variant.lua"
    );
    assert_eq!(
        AssetFolder::of_chunk(&file.shown()),
        AssetFolder::BuiltIn("variants/twin-tin-bots/mud".into())
    );
    assert_eq!(
        AssetFolder::of_chunk("bots/mine.lua"),
        AssetFolder::Disk("bots".into())
    );
}

#[test]
fn names_and_paths_are_told_apart() {
    for path in [
        "greedy.lua",
        "./greedy",
        "scripts/twin-tin-bots/bots/greedy.lua",
        "/abs/bot",
    ] {
        assert!(is_path(path), "{path}");
    }
    for name in ["greedy", "random", "my-bot_2"] {
        assert!(!is_path(name) && is_name(name), "{name}");
    }
    for not_a_name in ["", "a b", "a.b", "\u{1b}[2J", &"x".repeat(65)] {
        assert!(!is_name(not_a_name), "{not_a_name:?}");
    }
}

#[test]
fn a_name_is_found_in_the_first_place_that_has_it() {
    let search = Folder::new(
        "assets-search",
        &[
            ("mud/variant.toml", &manifest("mud", "search-path mud")),
            ("mud/variant.lua", "return {}"),
        ],
    );
    let user = Folder::new(
        "assets-user",
        &[
            (
                "twin-tin-bots/variants/mud/variant.toml",
                &manifest("mud", "user mud"),
            ),
            ("twin-tin-bots/variants/mud/variant.lua", "return {}"),
            (
                "twin-tin-bots/variants/swamp/variant.toml",
                &manifest("swamp", "user swamp"),
            ),
            ("twin-tin-bots/variants/swamp/variant.lua", "return {}"),
            ("twin-tin-bots/bots/mine.lua", "-- My bot.\nreturn {}"),
        ],
    );
    let all = library(&[&search.0], Some(&user.0), true);
    let found = all.find(Kind::Variant, TTB, "mud", None).unwrap();
    assert_eq!(found.origin.label(), "--variant-path");
    let found = all.find(Kind::Variant, TTB, "swamp", None).unwrap();
    assert_eq!(
        found.origin,
        Origin::UserFolder(user.0.join("twin-tin-bots/variants"))
    );
    assert_eq!(
        found.entry,
        Entry::File(AssetFile::Disk(
            user.0.join("twin-tin-bots/variants/swamp/variant.toml")
        ))
    );
    let found = all.find(Kind::Variant, TTB, "rocks", None).unwrap();
    assert_eq!(found.origin, Origin::BuiltIn);
    assert_eq!(
        found.entry.shown(Kind::Variant),
        "<built-in>/variants/twin-tin-bots/rocks"
    );

    let no_search = library(&[], Some(&user.0), true);
    let found = no_search.find(Kind::Variant, TTB, "mud", None).unwrap();
    assert_eq!(found.origin.label(), "user folder");
    let built_in_only = library(&[], None, true);
    assert_eq!(
        built_in_only
            .find(Kind::Variant, TTB, "mud", None)
            .unwrap()
            .origin,
        Origin::BuiltIn
    );

    // Listing: each name once, with what it hides.
    let listed = all.list(Kind::Variant, TTB, None);
    let mud = listed.iter().find(|l| l.found.name == "mud").unwrap();
    assert_eq!(mud.found.origin.label(), "--variant-path");
    let hidden: Vec<&str> = mud.hidden.iter().map(Origin::label).collect();
    assert_eq!(hidden, ["user folder", "built-in"]);
    assert!(listed.iter().any(|l| l.found.name == "swamp"));

    // Bots: the user's, then the built-in ones with the native random.
    let bots = Library {
        user_folder: Some(user.0.clone()),
        built_in: true,
        ..Library::default()
    };
    assert_eq!(
        bots.find(Kind::Bot, TTB, "random", None).unwrap().entry,
        Entry::NativeRandom
    );
    assert_eq!(
        bots.find(Kind::Bot, TTB, "greedy", None).unwrap().entry,
        Entry::File(AssetFile::BuiltIn(
            "scripts/twin-tin-bots/bots/greedy.lua".into()
        ))
    );
    assert_eq!(
        bots.find(Kind::Bot, TTB, "mine", None)
            .unwrap()
            .origin
            .label(),
        "user folder"
    );
    let text = bots_listing(&bots, TTB);
    assert!(
        text.lines()
            .any(|l| l.starts_with("mine ") && l.contains("My bot.")),
        "{text}"
    );
    assert_eq!(text.lines().filter(|l| l.starts_with("random ")).count(), 1);
}

#[test]
fn an_unknown_name_lists_what_there_is_and_where_it_looked() {
    let lib = library(&[], None, true);
    let e = lib
        .find(Kind::Bot, TTB, "greedyy", None)
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "unknown bot `greedyy`, did you mean `greedy`? (looked in: built-in); bots: greedy, lookahead, random; \
         a bot can also be given as the path to a .lua file"
    );
    let e = lib
        .find(Kind::Variant, TTB, "quick\u{1b}sand", None)
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("unknown variant `quick\\u{1b}sand`") && e.contains("simplified"),
        "{e}"
    );
    // A game's kind: its own words; the native random is a bot only.
    let e = lib.find(PLANS, TTB, "warp", None).unwrap_err().to_string();
    assert_eq!(
        e,
        "unknown plan `warp` (looked in: built-in); plans: greedy, lookahead, random; \
         a plan can also be given as the path to a .lua file"
    );
    assert_eq!(
        lib.find(PLANS, TTB, "random", None).unwrap().entry,
        Entry::File(AssetFile::BuiltIn(
            "scripts/twin-tin-bots/bots/random.lua".into()
        ))
    );
    let e = lib.find(MAPS, TTB, "mapp", None).unwrap_err().to_string();
    assert_eq!(
        e,
        "unknown map `mapp` (looked in: built-in); there are no maps; \
         a map can also be given as the path to a .toml file"
    );
}

#[test]
fn a_scenario_finds_the_variants_beside_it_or_above_it() {
    let tree = Folder::new(
        "assets-near",
        &[
            ("variants/bog/variant.toml", &manifest("bog", "bog")),
            ("variants/bog/variant.lua", "return {}"),
            ("a/b/scenario.toml", "title = 'x'"),
            ("a/b/c/d/e/far.toml", "title = 'x'"),
        ],
    );
    let lib = library(&[], None, false);
    let near = tree.0.join("a/b/scenario.toml");
    let found = lib.find(Kind::Variant, TTB, "bog", Some(&near)).unwrap();
    assert_eq!(found.origin.label(), "next to the scenario");
    // Five levels down is beyond the bound.
    let far = tree.0.join("a/b/c/d/e/far.toml");
    assert!(lib.find(Kind::Variant, TTB, "bog", Some(&far)).is_err());
    // Not a file (a scenario given as text): nothing near.
    assert!(lib
        .find(
            Kind::Variant,
            TTB,
            "bog",
            Some(&tree.0.join("a/b/none.toml"))
        )
        .is_err());
}

#[test]
fn an_official_path_missing_here_is_the_built_in_copy() {
    assert_eq!(
        resolve_path(
            Kind::Bot,
            TTB,
            Path::new("no/such/dir/scripts/bots/greedy.lua")
        ),
        AssetFile::Disk("no/such/dir/scripts/bots/greedy.lua".into())
    );
    // Tests run in the repository, where the file exists: that one.
    assert_eq!(
        resolve_path(
            Kind::Bot,
            TTB,
            Path::new("scripts/twin-tin-bots/bots/greedy.lua")
        ),
        AssetFile::Disk("scripts/twin-tin-bots/bots/greedy.lua".into())
    );
    // What a replay records: a name as given, an official file by its
    // name, any other file by its absolute path.
    assert_eq!(file_reference(PLANS, TTB, "greedy"), "greedy");
    assert_eq!(
        file_reference(PLANS, TTB, "scripts/twin-tin-bots/bots/greedy.lua"),
        "greedy"
    );
    assert_eq!(
        file_reference(PLANS, TTB, "./scripts/twin-tin-bots/bots/lookahead.lua"),
        "lookahead"
    );
    assert_eq!(
        file_references(PLANS, RR, &["racer", "scripts/roborally/bots/planner.lua"]),
        ["racer", "planner"]
    );
    let own = Folder::new(
        "assets-own-plans",
        &[
            ("mine.lua", "return {}"),
            (
                "copy.lua",
                &std::fs::read_to_string("scripts/twin-tin-bots/bots/greedy.lua").unwrap(),
            ),
        ],
    );
    let path = own.0.join("mine.lua");
    assert_eq!(
        file_reference(PLANS, TTB, path.to_str().unwrap()),
        path.display().to_string()
    );
    assert_eq!(
        file_reference(PLANS, TTB, own.0.join("copy.lua").to_str().unwrap()),
        "greedy",
        "a copy of an official file is its name"
    );
}

#[test]
fn each_game_s_folders_are_named_after_the_game() {
    for (kind, built_in, user) in [
        (Kind::Variant, "variants/roborally", "roborally/variants"),
        (Kind::Bot, "scripts/roborally/bots", "roborally/bots"),
        (TACTICS, "scripts/roborally/tactics", "roborally/tactics"),
        (MAPS, "scripts/roborally/maps", "roborally/maps"),
    ] {
        assert_eq!(kind.built_in_folder(RR), built_in, "{kind:?}");
        assert_eq!(kind.user_folder(RR), user, "{kind:?}");
    }
    assert_eq!(Kind::Bot.built_in_folder(TTB), "scripts/twin-tin-bots/bots");
    assert_eq!(Kind::Variant.built_in_folder(TTB), "variants/twin-tin-bots");
    // A game not written yet needs nothing here.
    assert_eq!(Kind::Bot.built_in_folder("droids"), "scripts/droids/bots");
    assert_eq!(Kind::Variant.user_folder("droids"), "droids/variants");
    // Every game registered has its bots built in, and only its own.
    for game in crate::games::ALL {
        let prefix = format!("{}/", Kind::Bot.built_in_folder(game.name));
        assert!(
            built_in_files().any(|(p, _)| p.starts_with(&prefix)),
            "{}",
            game.name
        );
    }
}

#[test]
fn bots_are_found_among_their_game_s_only() {
    let user = Folder::new(
        "assets-per-game",
        &[
            ("twin-tin-bots/bots/mine.lua", "-- Mine.\nreturn {}"),
            ("roborally/bots/theirs.lua", "-- Theirs.\nreturn {}"),
            ("bots/old.lua", "-- In the folder of before.\nreturn {}"),
        ],
    );
    let search = Folder::new("assets-bot-path", &[("shared.lua", "return {}")]);
    let lib = Library {
        bot_paths: vec![search.0.clone()],
        user_folder: Some(user.0.clone()),
        built_in: true,
        ..Library::default()
    };
    // Built in: each game's own folder.
    assert_eq!(
        lib.find(Kind::Bot, RR, "racer", None).unwrap().entry,
        Entry::File(AssetFile::BuiltIn(
            "scripts/roborally/bots/racer.lua".into()
        ))
    );
    assert_eq!(
        lib.find(Kind::Bot, TTB, "greedy", None).unwrap().entry,
        Entry::File(AssetFile::BuiltIn(
            "scripts/twin-tin-bots/bots/greedy.lua".into()
        ))
    );
    assert!(lib.find(Kind::Bot, TTB, "racer", None).is_err());
    assert!(lib.find(Kind::Bot, RR, "greedy", None).is_err());
    // The user data folder: `<data>/<game>/bots`.
    let mine = lib.find(Kind::Bot, TTB, "mine", None).unwrap();
    assert_eq!(
        mine.origin,
        Origin::UserFolder(user.0.join("twin-tin-bots/bots"))
    );
    let theirs = lib.find(Kind::Bot, RR, "theirs", None).unwrap();
    assert_eq!(
        theirs.entry,
        Entry::File(AssetFile::Disk(user.0.join("roborally/bots/theirs.lua")))
    );
    assert!(lib.find(Kind::Bot, RR, "mine", None).is_err());
    assert!(lib.find(Kind::Bot, TTB, "theirs", None).is_err());
    assert!(lib.find(Kind::Bot, TTB, "old", None).is_err());
    // `--bot-path DIR` is the bots of the game played, whichever it is.
    for game in [TTB, RR] {
        let shared = lib.find(Kind::Bot, game, "shared", None).unwrap();
        assert_eq!(shared.origin.label(), "--bot-path", "{game}");
        assert_eq!(
            lib.find(Kind::Bot, game, "random", None).unwrap().entry,
            Entry::NativeRandom
        );
    }
    let names = |game| -> Vec<String> {
        lib.list(Kind::Bot, game, None)
            .into_iter()
            .map(|l| l.found.name)
            .collect()
    };
    assert_eq!(
        names(RR),
        ["planner", "racer", "random", "shared", "theirs"]
    );
    assert_eq!(
        names(TTB),
        ["greedy", "lookahead", "mine", "random", "shared"]
    );
    let text = bots_listing(&lib, RR);
    assert!(
        text.lines()
            .any(|l| l.starts_with("theirs ") && l.contains("Theirs.")),
        "{text}"
    );
}

#[test]
fn a_scenario_of_the_repository_finds_its_game_s_variants() {
    let tree = Folder::new(
        "assets-near-games",
        &[
            (
                "variants/twin-tin-bots/bog/variant.toml",
                &manifest("bog", "bog"),
            ),
            ("variants/twin-tin-bots/bog/variant.lua", "return {}"),
            (
                "variants/roborally/oil/variant.toml",
                &manifest("oil", "oil"),
            ),
            ("variants/roborally/oil/variant.lua", "return {}"),
            ("scripts/twin-tin-bots/scenarios/s.toml", "title = 'x'"),
            ("scripts/roborally/scenarios/r.toml", "title = 'x'"),
        ],
    );
    let lib = library(&[], None, false);
    let ttb = tree.0.join("scripts/twin-tin-bots/scenarios/s.toml");
    let rr = tree.0.join("scripts/roborally/scenarios/r.toml");
    let bog = lib.find(Kind::Variant, TTB, "bog", Some(&ttb)).unwrap();
    assert_eq!(
        bog.origin,
        Origin::NearScenario(tree.0.join("variants/twin-tin-bots"))
    );
    let oil = lib.find(Kind::Variant, RR, "oil", Some(&rr)).unwrap();
    assert_eq!(
        oil.entry,
        Entry::File(AssetFile::Disk(
            tree.0.join("variants/roborally/oil/variant.toml")
        ))
    );
    assert!(lib.find(Kind::Variant, TTB, "oil", Some(&ttb)).is_err());
    assert!(lib.find(Kind::Variant, RR, "bog", Some(&rr)).is_err());
    // A game's folder is not a variant of the plain `variants/` above.
    assert!(lib
        .find(Kind::Variant, RR, "twin-tin-bots", Some(&rr))
        .is_err());
    let names: Vec<String> = lib
        .list(Kind::Variant, RR, Some(&rr))
        .into_iter()
        .map(|l| l.found.name)
        .collect();
    assert_eq!(names, ["oil"]);

    // The repository's own scenarios find the repository's variants.
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let scenario = repo
        .join("scripts/twin-tin-bots/scenarios/335_mud_example_1_forward_2_then_forward_1.toml");
    let mud = lib
        .find(Kind::Variant, TTB, "mud", Some(&scenario))
        .unwrap();
    assert_eq!(
        mud.origin,
        Origin::NearScenario(repo.join("variants/twin-tin-bots"))
    );
}

#[test]
fn a_plain_variants_folder_beside_a_user_s_scenario_serves_every_game() {
    let tree = Folder::new(
        "assets-near-plain",
        &[
            (
                "mine/variants/bog/variant.toml",
                &manifest("bog", "plain bog"),
            ),
            ("mine/variants/bog/variant.lua", "return {}"),
            (
                "mine/variants/twin-tin-bots/bog/variant.toml",
                &manifest("bog", "the game's bog"),
            ),
            ("mine/variants/twin-tin-bots/bog/variant.lua", "return 1"),
            ("mine/s.toml", "title = 'x'"),
        ],
    );
    let lib = library(&[], None, false);
    let scenario = tree.0.join("mine/s.toml");
    // The same level: `variants/<game>/<name>` wins over `variants/<name>`.
    let bog = lib
        .find(Kind::Variant, TTB, "bog", Some(&scenario))
        .unwrap();
    assert_eq!(
        bog.origin,
        Origin::NearScenario(tree.0.join("mine/variants/twin-tin-bots"))
    );
    let listed = lib.list(Kind::Variant, TTB, Some(&scenario));
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].hidden.len(), 1, "the plain bog is hidden");
    // Another game has no folder of its own there: the plain one.
    let bog = lib.find(Kind::Variant, RR, "bog", Some(&scenario)).unwrap();
    assert_eq!(
        bog.origin,
        Origin::NearScenario(tree.0.join("mine/variants"))
    );
}

#[test]
fn a_path_of_before_each_game_had_its_folder_is_the_built_in_file() {
    // Tests run in the repository, where `scripts/bots/` is no more.
    for (kind, old, new) in [
        (
            Kind::Bot,
            "scripts/bots/greedy.lua",
            "scripts/twin-tin-bots/bots/greedy.lua",
        ),
        (
            Kind::Bot,
            "./scripts/bots/lib/heuristic.lua",
            "scripts/twin-tin-bots/bots/lib/heuristic.lua",
        ),
        (
            PLANS,
            "scripts/bots/lookahead.lua",
            "scripts/twin-tin-bots/bots/lookahead.lua",
        ),
    ] {
        let (file, note) = official_copy(kind, TTB, Path::new(old)).unwrap();
        assert_eq!(file, AssetFile::BuiltIn(new.into()));
        assert_eq!(
            note,
            format!("{old} has moved to {new}: using the built-in copy, <built-in>/{new}")
        );
        assert_eq!(resolve_path(kind, TTB, Path::new(old)), file);
    }
    // The new path typed outside the repository: the note says only that.
    let (_, note) = official_copy(
        Kind::Bot,
        TTB,
        Path::new("scripts/twin-tin-bots/bots/greedy.lua"),
    )
    .unwrap();
    assert_eq!(
        note,
        "scripts/twin-tin-bots/bots/greedy.lua does not exist here: using the built-in copy, \
         <built-in>/scripts/twin-tin-bots/bots/greedy.lua"
    );
    // Not an official file, or another game's, or another kind's folder,
    // or a kind that had no shared folder.
    for (kind, game, path) in [
        (Kind::Bot, TTB, "scripts/bots/nothing.lua"),
        (Kind::Bot, RR, "scripts/bots/greedy.lua"),
        (Kind::Bot, TTB, "scripts/tactics/greedy.lua"),
        (TACTICS, TTB, "scripts/bots/greedy.lua"),
        (MAPS, RR, "scripts/maps/racer.lua"),
        (Kind::Bot, TTB, "elsewhere/scripts/bots/greedy.lua"),
    ] {
        assert_eq!(official_copy(kind, game, Path::new(path)), None, "{path}");
        assert_eq!(
            resolve_path(kind, game, Path::new(path)),
            AssetFile::Disk(path.into())
        );
    }
    // A replay records a file of before by its name.
    assert_eq!(
        file_reference(PLANS, TTB, "scripts/bots/greedy.lua"),
        "greedy"
    );
}

/// Loads `script` of a folder and returns what its `require` gave, or the
/// error.
fn run_requiring(script: &Path) -> Result<String, ScriptError> {
    let mut sandbox = Sandbox::new().unwrap();
    let id = sandbox.load_script(script)?;
    match sandbox.script_value(id) {
        mlua::Value::String(s) => Ok(s.to_string_lossy()),
        other => panic!("unexpected {other:?}"),
    }
}

#[cfg(unix)]
#[test]
fn require_refuses_symbolic_links_out_of_the_folder() {
    use std::os::unix::fs::symlink;
    let outside = Folder::new(
        "assets-outside",
        &[
            ("secret.lua", "return 'outside'"),
            ("lib/secret.lua", "return 'outside lib'"),
        ],
    );
    let bot = Folder::new(
        "assets-linked-bot",
        &[
            ("file.lua", "local m = require('lib.x')\nreturn m"),
            ("dir.lua", "local m = require('out.secret')\nreturn m"),
            ("inside.lua", "local m = require('lib.alias')\nreturn m"),
            ("lib/real.lua", "return 'inside'"),
        ],
    );
    symlink(outside.0.join("secret.lua"), bot.0.join("lib/x.lua")).unwrap();
    symlink(outside.0.join("lib"), bot.0.join("out")).unwrap();
    symlink(bot.0.join("lib/real.lua"), bot.0.join("lib/alias.lua")).unwrap();

    let e = run_requiring(&bot.0.join("file.lua"))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("file.lua:1: require \"lib.x\": ")
            && e.contains("lib/x.lua leads outside the script's folder"),
        "{e}"
    );
    assert!(
        !e.contains(&outside.0.display().to_string()),
        "the link's target is not shown: {e}"
    );
    let e = run_requiring(&bot.0.join("dir.lua"))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("require \"out.secret\": ") && e.contains("out/secret.lua leads outside"),
        "{e}"
    );
    assert_eq!(run_requiring(&bot.0.join("inside.lua")).unwrap(), "inside");

    // The script's folder itself reached through a link: fine.
    let via = std::env::temp_dir().join(format!("tinbots-assets-via-{}", std::process::id()));
    let _ = std::fs::remove_file(&via);
    symlink(&bot.0, &via).unwrap();
    let result = run_requiring(&via.join("inside.lua"));
    std::fs::remove_file(&via).unwrap();
    assert_eq!(result.unwrap(), "inside");
}

#[test]
fn a_built_in_script_requires_from_its_built_in_folder() {
    let mut sandbox = Sandbox::new().unwrap();
    let greedy = AssetFile::BuiltIn("scripts/twin-tin-bots/bots/greedy.lua".into());
    sandbox
        .load_file(&greedy)
        .expect("greedy requires lib.heuristic");
    // The same rules as on disk: a missing module is named where it would be.
    let e = sandbox
        .load_str(
            "<built-in>/scripts/twin-tin-bots/bots/probe.lua",
            "return require('lib.nothing')",
        )
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("cannot read <built-in>/scripts/twin-tin-bots/bots/lib/nothing.lua"),
        "{e}"
    );
}

#[test]
fn a_built_in_path_resolves_dots_as_on_disk() {
    let bots = AssetFolder::BuiltIn("scripts/roborally/bots".into());
    assert_eq!(
        bots.file("../../twin-tin-bots/bots/greedy.lua"),
        AssetFile::BuiltIn("scripts/twin-tin-bots/bots/greedy.lua".into())
    );
    assert_eq!(
        bots.file("./x/../racer.lua"),
        AssetFile::BuiltIn("scripts/roborally/bots/racer.lua".into())
    );
    assert!(bots.has_file("../../twin-tin-bots/bots/greedy.lua"));
    // Above the root stays above it: no built-in file has that name.
    assert_eq!(
        bots.file("../../../../a.toml"),
        AssetFile::BuiltIn("../a.toml".into())
    );
    assert!(!bots.has_file("../../../../variants/twin-tin-bots/mud/variant.toml"));
    assert_eq!(
        AssetFolder::BuiltIn(String::new()).file("a/b.lua"),
        AssetFile::BuiltIn("a/b.lua".into())
    );
    // A module is still confined to its script's folder.
    let e = AssetFolder::BuiltIn("scripts/twin-tin-bots/bots".into())
        .read_module("../../roborally/bots/racer.lua")
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "<built-in>/scripts/roborally/bots/racer.lua leads outside the script's folder <built-in>/scripts/twin-tin-bots/bots (through a symbolic link): only files inside it can be required"
    );
    // The stem of a built-in file drops any extension.
    assert_eq!(
        AssetFile::BuiltIn("scripts/droids/tiles.toml".into()).stem(),
        "tiles"
    );
    assert_eq!(
        AssetFile::BuiltIn("scripts/twin-tin-bots/bots/greedy.lua".into()).stem(),
        "greedy"
    );
}

#[test]
fn a_game_s_files_are_found_by_name_like_bots() {
    let user = Folder::new(
        "assets-game-files",
        &[
            ("roborally/tactics/mine.lua", "-- Mine.\nreturn {}"),
            ("roborally/tactics/notes.txt", "not a tactic"),
            ("roborally/tactics/lib/x.lua", "return {}"),
            ("roborally/bots/racer.lua", "-- My racer.\nreturn {}"),
            ("roborally/maps/home.toml", "name = 'home'\n"),
        ],
    );
    let lib = library(&[], Some(&user.0), true);
    let mine = lib.find(TACTICS, RR, "mine", None).unwrap();
    assert_eq!(
        mine.origin,
        Origin::UserFolder(user.0.join("roborally/tactics"))
    );
    assert_eq!(
        mine.entry,
        Entry::File(AssetFile::Disk(user.0.join("roborally/tactics/mine.lua")))
    );
    let names = |kind| -> Vec<String> {
        lib.list(kind, RR, None)
            .into_iter()
            .map(|l| l.found.name)
            .collect()
    };
    // Only files of its extension, not folders.
    assert_eq!(names(TACTICS), ["mine"]);
    assert_eq!(names(MAPS), ["home"]);
    // A kind without a user folder: the user's racer (a bot) is no plan.
    assert_eq!(names(PLANS), ["planner", "racer", "random"]);
    let racer = lib.find(PLANS, RR, "racer", None).unwrap();
    assert_eq!(
        racer.entry,
        Entry::File(AssetFile::BuiltIn(
            "scripts/roborally/bots/racer.lua".into()
        ))
    );
    assert_eq!(
        lib.find(Kind::Bot, RR, "racer", None).unwrap().origin,
        Origin::UserFolder(user.0.join("roborally/bots"))
    );
    let e = lib.find(TACTICS, RR, "mien", None).unwrap_err().to_string();
    assert_eq!(
        e,
        format!(
            "unknown tactic `mien`, did you mean `mine`? (looked in: {}, built-in); tactics: mine; \
             a tactic can also be given as the path to a .lua file",
            user.0.join("roborally/tactics").display()
        )
    );
    // Given on the command line: a name, or a path of its extension.
    assert_eq!(lib.find_arg(TACTICS, RR, "mine").unwrap(), mine);
    let path = user.0.join("roborally/maps/home.toml");
    let by_path = lib.find_arg(MAPS, RR, path.to_str().unwrap()).unwrap();
    assert_eq!(by_path.origin, Origin::Path);
    assert_eq!(by_path.entry, Entry::File(AssetFile::Disk(path)));
    assert!(MAPS.is_path("home.toml") && !MAPS.is_path("home.lua"));
    assert!(TACTICS.is_path("mine.lua") && !TACTICS.is_path("mine"));
    assert!(TACTICS.is_path("a/b") && !Kind::Variant.is_path("mud.lua"));
}

#[test]
fn every_folder_of_a_game_s_scripts_is_built_in_but_its_stubs() {
    let scripts = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts");
    let mut checked = 0;
    for game in std::fs::read_dir(&scripts).unwrap().flatten() {
        let mut files = Vec::new();
        shipped_kinds_of(&game.path(), &mut files);
        for file in files {
            let relative = file
                .strip_prefix(Path::new(env!("CARGO_MANIFEST_DIR")))
                .unwrap();
            let relative = relative.to_str().unwrap().replace('\\', "/");
            let in_folder = relative
                .split('/')
                .nth(2)
                .filter(|_| relative.matches('/').count() > 2);
            let shipped = in_folder != Some("api");
            assert_eq!(built_in(&relative).is_some(), shipped, "{relative}");
            checked += 1;
        }
    }
    assert!(checked > 50, "{checked} files seen");
    // A file directly in a game's folder is built in, and so are the
    // scenarios, the setups and the docs' REPL command files.
    assert!(built_in("scripts/droids/tiles.toml").is_some());
    assert!(built_in("scripts/droids/scenarios/ruling.steer-water.enter.toml").is_some());
    assert!(built_in("setups/2p.toml").is_some());
    assert!(built_in("docs/disputes/faq-q1.txt").is_some());
}

/// The `.lua` and `.toml` files under `dir`, recursively.
fn shipped_kinds_of(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            shipped_kinds_of(&path, out);
        } else if path.extension().is_some_and(|e| e == "lua" || e == "toml") {
            out.push(path);
        }
    }
}

#[cfg(unix)]
#[test]
fn comparing_a_variant_folder_with_looping_links_ends() {
    use std::os::unix::fs::symlink;
    let folder = Folder::new(
        "assets-loop",
        &[
            ("mud/variant.toml", &manifest("mud", "looping mud")),
            ("mud/variant.lua", "return {}"),
        ],
    );
    symlink(".", folder.0.join("mud/a")).unwrap();
    symlink(".", folder.0.join("mud/b")).unwrap();
    let start = std::time::Instant::now();
    let found = library(&[&folder.0], None, true)
        .find(Kind::Variant, TTB, "mud", None)
        .unwrap();
    assert_eq!(found.origin.label(), "--variant-path");
    assert!(
        start.elapsed() < std::time::Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn a_listed_bot_says_its_first_sentence_whole() {
    // The goal bot's comment runs one sentence over eleven lines: the
    // listing keeps its opening clause, ended, not a line cut mid-phrase.
    let goal = opening_comment(&std::fs::read_to_string("scripts/droids/bots/goal.lua").unwrap());
    assert!(
        goal.starts_with("A Droids bot that plays for the "),
        "{goal}"
    );
    assert!(
        goal.ends_with(", looking one order ahead with `view:simulate`."),
        "{goal}"
    );
    assert!(goal.len() < 100, "{goal}");
    // A comment's first sentence ends at its full stop, across lines.
    assert_eq!(
        opening_comment("-- The random bot in Lua: answers every decision\n-- uniformly. More.\n"),
        "The random bot in Lua: answers every decision uniformly."
    );
    // The paragraph ends at a blank comment line or the code.
    assert_eq!(opening_comment("-- Short.\n--\n-- Detail.\n"), "Short.");
    assert_eq!(opening_comment("-- No stop\nreturn 1\n-- x"), "No stop");
    // A colon inside brackets is not a clause's end; with none outside,
    // the sentence stays whole.
    let long = format!("A bot ({}: b) that plays", "a".repeat(200));
    assert_eq!(summary(&long, 120), long);
}
