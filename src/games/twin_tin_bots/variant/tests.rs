//! Variant loading, combining, refusing, and applying settings.

use super::*;

use crate::assets::Origin;
use crate::test_folder::Folder;

fn manifest(name: &str, extra: &str) -> String {
    format!("name = \"{name}\"\ndescription = \"d\"\nsource = \"house rule\"\n{extra}")
}

/// The standard two-player deal of seed 1, nobody's first turn, with
/// `tile` as red.1's whole program; and where red.1 stands and faces.
fn red1_programmed(
    tile: crate::games::twin_tin_bots::orders::Tile,
) -> (Position, crate::grid::hex::Hex, crate::grid::hex::Direction) {
    let mut position = Setup::standard(2).unwrap().position(1);
    let red1 = position.robots[0].as_mut().unwrap();
    red1.program = [Some(tile), None, None];
    let (at, facing) = (red1.at, red1.facing);
    for p in &mut position.players {
        p.first_turn = false;
    }
    (position, at, facing)
}

/// Lays terrain of `kind` at `at`, where no crystal is left.
fn lay(position: &mut Position, kind: &str, at: crate::grid::hex::Hex) {
    position.crystals.retain(|(h, _)| *h != at);
    position
        .terrain
        .push(crate::games::twin_tin_bots::terrain::Terrain {
            kind: crate::games::twin_tin_bots::names::Name::intern(kind),
            at,
            colour: None,
            facing: None,
        });
}

/// The game of `position` under the rules of `set`.
fn game_of(set: &VariantSet, position: &Position) -> crate::games::twin_tin_bots::game::Game {
    crate::games::twin_tin_bots::game::Game::with_rules(
        position,
        set.rules(crate::games::twin_tin_bots::orders::OrderBook::official())
            .unwrap(),
    )
    .unwrap()
}

#[test]
fn the_shipped_variants_load_by_name() {
    let set = VariantSet::load(&["simplified", "no-score-victory"]).unwrap();
    assert_eq!(set.names(), ["simplified", "no-score-victory"]);
    let s = set.settings();
    assert_eq!(
        (s.robots_per_player, s.special_tiles, s.score_victory),
        (Some(1), Some(false), Some(false))
    );
    assert!(known(Path::new("variants/twin-tin-bots")).contains(&"simplified".to_string()));
}

#[test]
fn simplified_gives_one_robot_and_no_special_tile() {
    // 000_f177823dad35ee93.txt: Simplified rules — "giving each player only
    // a single Robot, and not use the Special Order tiles".
    let set = VariantSet::load(&["simplified"]).unwrap();
    for players in 2..=6 {
        let mut setup = Setup::standard(players).unwrap();
        set.apply_to_setup(&mut setup);
        let position = setup.position(3);
        assert_eq!(position.robots.iter().flatten().count(), players);
        assert!(position.special_deck.is_empty());
        for p in &position.players {
            assert!(p.hand.iter().all(|t| !t.is_special()), "{:?}", p.colour);
        }
        let game = crate::games::twin_tin_bots::game::Game::new(&position).unwrap();
        game.check_invariants().unwrap();
    }
}

#[test]
fn no_score_victory_takes_the_score_to_win_away() {
    let set = VariantSet::load(&["no-score-victory"]).unwrap();
    let mut setup = Setup::standard(4).unwrap();
    assert!(setup.score_to_win.is_some());
    set.apply_to_setup(&mut setup);
    assert_eq!(setup.position(1).score_to_win, None);
}

#[test]
fn needs_are_loaded_and_conflicts_refused_naming_the_file() {
    let folder = Folder::new(
        "variants-combine",
        &[
            ("a/variant.toml", &manifest("a", "needs = [\"b\"]")),
            ("a/variant.lua", "return {}"),
            ("b/variant.toml", &manifest("b", "")),
            ("b/variant.lua", "return {}"),
            ("c/variant.toml", &manifest("c", "conflicts = [\"b\"]")),
            ("c/variant.lua", "return {}"),
        ],
    );
    let set = VariantSet::load_from(&folder.0, &["a"]).unwrap();
    assert_eq!(
        set.names(),
        ["b", "a"],
        "a variant applies after those it needs"
    );
    let e = VariantSet::load_from(&folder.0, &["a", "c"])
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("variants `c` and `b` cannot be combined"),
        "{e}"
    );
    assert!(e.contains("c/variant.toml"), "{e}");
    let e = VariantSet::load_from(&folder.0, &["mud"])
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("unknown variant `mud`") && e.contains("variants: a, b, c"),
        "{e}"
    );
}

#[test]
fn mistakes_name_the_file_line_and_field() {
    let folder = Folder::new(
        "variants-mistakes",
        &[
            (
                "typo/variant.toml",
                &manifest("typo", "[settings]\nrobots_per_playr = 1\n"),
            ),
            ("typo/variant.lua", "return {}"),
            (
                "three/variant.toml",
                &manifest("three", "[settings]\nrobots_per_player = 3\n"),
            ),
            ("three/variant.lua", "return {}"),
            ("named/variant.toml", &manifest("other", "")),
            ("named/variant.lua", "return {}"),
            ("broken/variant.toml", &manifest("broken", "")),
            (
                "broken/variant.lua",
                "return {\n  on_step = function( end\n}",
            ),
            ("hooked/variant.toml", &manifest("hooked", "")),
            ("hooked/variant.lua", "return { on_step = function() end }"),
            ("kinded/variant.toml", &manifest("kinded", "")),
            (
                "kinded/variant.lua",
                "return { kinds = { lava = { entered = function() end } } }",
            ),
            (
                "rocks/variant.toml",
                &manifest(
                    "rocks",
                    "[[piece]]\nname = \"rock\"\nlayer = \"piece\"\nloadable = true\nsymbol = \"#\"\n",
                ),
            ),
            ("rocks/variant.lua", "return {}"),
            ("cycle/variant.toml", &manifest("cycle", "needs = [\"cycle2\"]")),
            ("cycle/variant.lua", "return {}"),
            ("cycle2/variant.toml", &manifest("cycle2", "needs = [\"cycle\"]")),
            ("cycle2/variant.lua", "return {}"),
        ],
    );
    let error = |name: &str| {
        VariantSet::load_from(&folder.0, &[name])
            .unwrap_err()
            .to_string()
    };
    let e = error("typo");
    assert!(
        e.contains("typo/variant.toml:5:1: in `settings.robots_per_playr`: unknown field"),
        "{e}"
    );
    assert!(error("three").contains("settings.robots_per_player`: 3"));
    assert!(error("named").contains("`name` is `other` but the folder is `named`"));
    let e = error("broken");
    assert!(e.contains("broken/variant.lua:2:"), "{e}");
    let e = error("hooked");
    assert!(
        e.contains("hooked/variant.lua: `on_step` is not a hook: hooks are push, deliver"),
        "{e}"
    );
    let e = error("kinded");
    assert!(
        e.contains("`kinds.lava`: `lava` is not a kind of terrain of these variants"),
        "{e}"
    );
    let e = error("rocks");
    assert!(
        e.contains(
            "rocks/variant.toml: in `piece`: piece `rock`: `loadable = true` is not supported"
        ),
        "{e}"
    );
    let e = error("cycle");
    assert!(
        e.contains("`needs` makes a cycle: cycle -> cycle2 -> cycle"),
        "{e}"
    );
}

#[test]
fn hooks_cannot_move_what_does_not_move() {
    // A hook asks to push every base at the end of each turn, and a zapped
    // boulder (not pushable) says "push": the engine applies the normal
    // rules, so bases and boulders stay where they are.
    let folder = Folder::new(
        "variants-immovable",
        &[
            (
                "shove/variant.toml",
                &manifest(
                    "shove",
                    "[[piece]]\nname = \"boulder\"\nlayer = \"piece\"\nblocks_zap = true\nsymbol = \"%\"\n",
                ),
            ),
            (
                "shove/variant.lua",
                "return {\n  kinds = { boulder = { zapped = function() return 'push' end } },\n  turn_ended = function(game)\n    game:push({ -4, 0 }, 'E')\n    game:push({ 4, 0 }, 'W')\n  end,\n}\n",
            ),
        ],
    );
    let set = VariantSet::load_from(&folder.0, &["shove"]).unwrap();
    // A boulder right in front of red.1, whose program is a zap.
    let (mut position, at, facing) =
        red1_programmed(crate::games::twin_tin_bots::orders::Tile::ZAP);
    let bases: Vec<_> = position.players.iter().map(|p| p.base).collect();
    assert!(
        bases.contains(&Some(crate::grid::hex::Hex::new(-4, 0))),
        "{bases:?}"
    );
    let front = at.step(facing);
    lay(&mut position, "boulder", front);
    let mut game = game_of(&set, &position);
    game.apply(crate::games::twin_tin_bots::game::Answer::Change(
        crate::games::twin_tin_bots::game::Change::Pass,
    ))
    .unwrap();
    assert_eq!(game.decision().key(), "zap_push", "the boulder's hook asks");
    game.apply(crate::games::twin_tin_bots::game::Answer::Push(Some(
        crate::grid::hex::Direction::E,
    )))
    .unwrap();
    let said: Vec<String> = game.events().iter().map(|e| game.describe(e)).collect();
    assert!(
        said.iter()
            .any(|s| s.contains("a boulder is in the way and cannot be pushed")),
        "{said:?}"
    );
    assert!(
        said.iter()
            .any(|s| s
                .contains("the variant's push at -4,0 toward E is ignored: a base is in the way")),
        "{said:?}"
    );
    assert!(matches!(
        game.board().at(front),
        Some(crate::games::twin_tin_bots::pieces::Piece::Thing(_))
    ));
    let after: Vec<_> = game.position().players.iter().map(|p| p.base).collect();
    assert_eq!(after, bases);
    game.check_invariants().unwrap();
}

#[test]
fn the_game_object_reads_the_game_and_cannot_be_changed() {
    // The `Game` a hook gets (docs/variants.md): fields read the lent game,
    // methods are called with a colon, and nothing of it can be assigned.
    // The hook reports what it saw as its error, which the answer carries.
    let script = r#"
return {
  turn_ended = function(game, colour)
    local out = {}
    local function try(name, f)
      local ok, e = pcall(f)
      out[#out + 1] = name .. "=" .. (ok and "ok" or tostring(e):match("[^\n]*"))
    end
    try("write", function() game.turn = 3 end)
    try("new", function() game.anything = 1 end)
    try("rawset", function() rawset(game, "robots", 1) end)
    try("dot", function() return game.robots() end)
    try("colon", function() return game:robots() end)
    out[#out + 1] = "turn=" .. game.turn .. " active=" .. game.active
      .. " radius=" .. game.arena_radius .. " colours=" .. table.concat(game.colours, ",")
      .. " red1=" .. game:robot("red.1").id .. " meta=" .. tostring(getmetatable(game))
      .. " unknown=" .. tostring(game.unknown)
    error(table.concat(out, "; "))
  end,
}
"#;
    let folder = Folder::new(
        "variants-game-object",
        &[
            ("probe/variant.toml", &manifest("probe", "")),
            ("probe/variant.lua", script),
        ],
    );
    let set = VariantSet::load_from(&folder.0, &["probe"]).unwrap();
    let mut game = game_of(&set, &Setup::standard(2).unwrap().position(1));
    let (turn, radius) = (game.turn(), game.board().arena().radius());
    let active = game.colours()[game.active()].name();
    let colours: Vec<&str> = game.colours().iter().map(|c| c.name()).collect();
    let message = loop {
        let answer = game.legal_answer(0).unwrap();
        match game.apply(answer) {
            Ok(()) => assert_eq!(game.turn(), turn, "the turn ended without the hook"),
            Err(crate::games::twin_tin_bots::game::RuleError::Hook(message)) => break message,
            Err(e) => panic!("{e}"),
        }
    };
    for part in [
        "write=".to_string(),
        "`Game` is read-only".to_string(),
        "new=".to_string(),
        "rawset=".to_string(),
        "API table `Game` is read-only".to_string(),
        "dot=".to_string(),
        "call it as game:robots(...), with a colon".to_string(),
        "colon=ok".to_string(),
        format!(
            "turn={turn} active={active} radius={radius} colours={} red1=red.1 meta=Game unknown=nil",
            colours.join(",")
        ),
    ] {
        assert!(message.contains(&part), "`{part}` not in: {message}");
    }
    assert!(
        !message.contains("write=ok") && !message.contains("new=ok"),
        "{message}"
    );
}

#[test]
fn marks_set_by_a_hook_reach_its_next_call_in_the_event() {
    // `game:set_mark` asks for a mark on a robot, `game:mark` reads it
    // back (pending included), and the next `before_step` of the same turn
    // finds it in `event.marks`, read-only (docs/variants.md). A tar floor that takes
    // only the first step of each turn away: Forward 2x from tar moves one
    // hex.
    let script = r#"
return {
  kinds = {
    tar = {
      before_step = function(game, event)
        if pcall(function() event.marks.steps = 5 end) then
          error("event.marks can be written")
        end
        local steps = event.marks.steps or 0
        game:set_mark(event.robot, "steps", steps + 1)
        if game:mark(event.robot, "steps") ~= steps + 1 then
          error("the mark asked for is not read back")
        end
        if steps == 0 then
          return "it is stuck in the tar"
        end
      end,
    },
  },
}
"#;
    let (said, at) = forward_2_from_tar("variants-marks", script);
    let lost = said
        .iter()
        .filter(|s| s.contains("it is stuck in the tar"))
        .count();
    assert_eq!(lost, 1, "{said:?}");
    let (_, start, facing) = red1_programmed(crate::games::twin_tin_bots::orders::Tile::FORWARD_2);
    assert_eq!(at, start.step(facing), "{said:?}");
}

/// A folder with one variant `hostile` whose script is `script`.
fn hostile_variant(test: &str, script: &str) -> Folder {
    Folder::new(
        test,
        &[
            ("hostile/variant.toml", &manifest("hostile", "")),
            ("hostile/variant.lua", script),
        ],
    )
}

/// A standard two-player game under the variants of `folder`, and the
/// answer its first decision would take.
fn game_under(
    folder: &Folder,
) -> (
    crate::games::twin_tin_bots::game::Game,
    crate::games::twin_tin_bots::game::Answer,
) {
    let set = VariantSet::load_from(&folder.0, &["hostile"]).unwrap();
    let position = Setup::standard(2).unwrap().position(1);
    let game = game_of(&set, &position);
    let answer = game.legal_answer_list()[0];
    (game, answer)
}

#[test]
fn a_hook_table_s_metamethods_never_run_outside_a_call() {
    let folder = hostile_variant(
        "variants-hostile-index",
        "return setmetatable({ score = function() return 1 end },
           { __index = function() while true do end end })",
    );
    let start = std::time::Instant::now();
    let (mut game, answer) = game_under(&folder);
    game.apply(answer).unwrap();
    assert_eq!(game.standings()[0].variant, Some([1, 0, 0, 0]));
    assert!(start.elapsed() < std::time::Duration::from_secs(30));
}

#[test]
fn a_failing_score_hook_stops_the_game_with_its_error() {
    let cases = [
        (
            "error('no score today')",
            "variants-score-raises",
            "no score today",
        ),
        (
            "return 'ten'",
            "variants-score-string",
            "returned \"ten\": a score is a whole number",
        ),
        (
            "return 0/0",
            "variants-score-nan",
            "variant.lua:1: returned NaN: a score is a whole number",
        ),
        (
            "return { 1, {} }",
            "variants-score-table",
            "returned a table at [2]",
        ),
        (
            "return setmetatable({}, { __index = function() while true do end end })[1] or 'x'",
            "variants-score-index-loop",
            "instruction budget of 10000000 exceeded",
        ),
        (
            "local n = #string.rep('', 1e13) return n",
            "variants-score-rep",
            "variant.lua:2: instruction budget of 10000000 exceeded",
        ),
    ];
    for (body, test, expected) in cases {
        let folder = hostile_variant(
            test,
            &format!("return {{ score = function(game, colour)\n{body}\nend }}"),
        );
        let start = std::time::Instant::now();
        let (mut game, answer) = game_under(&folder);
        let before = format!("{:?}", game.position());
        let err = game.apply(answer).unwrap_err().to_string();
        assert!(
            start.elapsed() < std::time::Duration::from_secs(30),
            "{test}"
        );
        assert!(
            err.contains("variant `hostile`, hook `score`") && err.contains(expected),
            "{test}: {err}"
        );
        assert!(err.contains("hostile/variant.lua"), "{test}: {err}");
        assert_eq!(
            format!("{:?}", game.position()),
            before,
            "{test}: the game changed"
        );
    }
}

#[test]
fn a_bad_seating_names_the_variant_and_the_line() {
    let folder = hostile_variant(
        "variants-bad-seating",
        "return {\n  seating = function(info)\n    return { colours = { 'red', 'mauve' } }\n  end,\n}",
    );
    let set = VariantSet::load_from(&folder.0, &["hostile"]).unwrap();
    let err = set.standard_position(2, 1, &[]).unwrap_err().to_string();
    assert!(
        err.contains("hostile/variant.lua:2: variant `hostile`, hook `seating` returned a bad value: `colours`"),
        "{err}"
    );
    // A seating table whose fields are behind a looping __index is read
    // raw: it has no `colours`, said at once.
    let folder = hostile_variant(
        "variants-seating-index",
        "return { seating = function()\n return setmetatable({}, { __index = function() while true do end end })\nend }",
    );
    let set = VariantSet::load_from(&folder.0, &["hostile"]).unwrap();
    let err = set.standard_position(2, 1, &[]).unwrap_err().to_string();
    assert!(err.contains("a seating table has `colours`"), "{err}");
}

#[test]
fn a_hook_answer_of_the_wrong_type_is_the_hook_s_error() {
    let folder = hostile_variant(
        "variants-game-over-table",
        "return { game_over = function() return {} end }",
    );
    let (mut game, _) = game_under(&folder);
    // Play until a turn ends: the hook is asked then.
    let mut err = None;
    for _ in 0..200 {
        let answer = game.legal_answer_list()[0];
        if let Err(e) = game.apply(answer) {
            err = Some(e.to_string());
            break;
        }
    }
    let err = err.expect("the game_over hook was asked");
    assert!(
        err.contains("variant `hostile`, hook `game_over`: ")
            && err.contains("hostile/variant.lua:1: returned a table: `game_over` returns"),
        "{err}"
    );
}

/// The error of the first answer that fails in a game under the variants
/// of `folder` (its hooks are asked as turns end), and the game's position
/// before that answer and after it.
fn first_failure(folder: &Folder) -> (String, String, String) {
    let (mut game, _) = game_under(folder);
    for _ in 0..200 {
        let answer = game.legal_answer_list()[0];
        let before = format!("{:?}", game.position());
        if let Err(e) = game.apply(answer) {
            return (e.to_string(), before, format!("{:?}", game.position()));
        }
    }
    panic!("no answer failed");
}

#[test]
fn hook_names_are_bounded_per_game_and_never_collide() {
    // Distinct keys keep distinct values.
    let folder = hostile_variant(
        "variants-names-distinct",
        "return { turn_ended = function(game)
           for i = 1, 200 do game:set_mark('red.1', 'distinct-key' .. i, i) end
           local a, b = game:mark('red.1', 'distinct-key150'), game:mark('red.1', 'distinct-key200')
           error('read ' .. a .. ' ' .. b .. ' unseen ' .. game:mark('red.1', 'never-set-key'))
         end }",
    );
    let (err, before, after) = first_failure(&folder);
    assert!(err.contains("read 150 200 unseen 0"), "{err}");
    assert_eq!(before, after);
    assert_eq!(
        crate::games::twin_tin_bots::names::Name::lookup("never-set-key"),
        None
    );
    // Past the per-game quota of new names, the hook fails, at its line.
    let folder = hostile_variant(
        "variants-names-quota",
        "return { turn_ended = function(game)\n  for i = 1, 5000 do\n    game:set_mark('red.1', 'quota-key' .. i, i)\n  end\nend }",
    );
    let (err, before, after) = first_failure(&folder);
    assert!(
        err.contains("variant.lua:3: too many distinct names (mark keys, reasons) made by this game's hooks: at most 256"),
        "{err}"
    );
    assert_eq!(before, after);
    assert_eq!(
        crate::games::twin_tin_bots::names::Name::lookup("quota-key300"),
        None
    );
    // A name may not be a whole file.
    let folder = hostile_variant(
        "variants-names-long",
        "return { push = function() return 'x' end, turn_ended = function(game)\n  game:set_mark('red.1', string.rep('k', 1e6), 1)\nend }",
    );
    let (err, _, _) = first_failure(&folder);
    assert!(err.contains("variant.lua:2: \"kkkk"), "{err}");
    assert!(
        err.contains("is too long for a name (1000000 bytes, at most 500)"),
        "{err}"
    );
    assert!(err.len() < 600, "{err}");
}

#[test]
fn names_a_game_s_hooks_make_are_freed_with_the_game() {
    // Each game makes 200 names of its own: 30 games make 6,000, more than
    // the process can hold at once, and every game still can.
    for round in 0..30 {
        let folder = hostile_variant(
            &format!("variants-names-freed-{round}"),
            &format!(
                "return {{ turn_ended = function(game)
                   for i = 1, 200 do game:set_mark('red.1', 'freed-{round}-' .. i, i) end
                 end }}"
            ),
        );
        let (mut game, _) = game_under(&folder);
        for _ in 0..4 {
            let answer = game.legal_answer_list()[0];
            game.apply(answer).unwrap();
        }
        let key = format!("freed-{round}-7");
        let copy = game.clone();
        drop(game);
        assert!(
            crate::games::twin_tin_bots::names::Name::lookup(&key).is_some(),
            "held while a copy of the game is"
        );
        drop(copy);
        assert_eq!(
            crate::games::twin_tin_bots::names::Name::lookup(&key),
            None,
            "freed with the game"
        );
    }
}

#[test]
fn names_a_game_s_hooks_make_count_against_the_memory_limit() {
    // The hook fills the Lua memory to just under the limit, then makes
    // names: their bytes, kept outside Lua, are counted too.
    let folder = hostile_variant(
        "variants-names-memory",
        "return { turn_ended = function(game)
           local room = 64 * 1024 * 1024 - collectgarbage('count') * 1024
           keep = string.rep('x', math.floor(room) - 6000)
           for i = 1, 100 do game:set_mark('red.1', string.rep('m', 400) .. i, i) end
         end }",
    );
    let (err, before, after) = first_failure(&folder);
    assert!(err.contains("memory limit"), "{err}");
    assert_eq!(before, after);
}

/// The variants listing (`tinbots variants`): each name once, with the
/// description of the copy used, whatever folder it comes from.
#[test]
fn the_listing_shows_each_variant_once_from_where_it_is_found() {
    let search = Folder::new(
        "listing-search",
        &[
            (
                "mud/variant.toml",
                "name = \"mud\"\ndescription = \"search-path mud\"\nsource = \"house rule\"\n",
            ),
            ("mud/variant.lua", "return {}"),
        ],
    );
    let user = Folder::new(
        "listing-user",
        &[
            (
                "twin-tin-bots/variants/mud/variant.toml",
                "name = \"mud\"\ndescription = \"user mud\"\nsource = \"house rule\"\n",
            ),
            ("twin-tin-bots/variants/mud/variant.lua", "return {}"),
            (
                "twin-tin-bots/variants/swamp/variant.toml",
                "name = \"swamp\"\ndescription = \"user swamp\"\nsource = \"house rule\"\n",
            ),
            ("twin-tin-bots/variants/swamp/variant.lua", "return {}"),
        ],
    );
    let all = Library {
        variant_paths: vec![search.0.clone()],
        bot_paths: Vec::new(),
        user_folder: Some(user.0.clone()),
        built_in: true,
    };
    let text = listing(&all);
    assert!(text.contains("search-path mud"), "{text}");
    assert!(text.contains("user swamp"), "{text}");
    assert!(
        text.lines().filter(|l| l.starts_with("mud ")).count() == 1,
        "{text}"
    );
}
#[test]
fn a_built_in_variant_is_named_as_built_in_in_messages() {
    let set = VariantSet::load_with(
        &Library {
            built_in: true,
            ..Library::default()
        },
        None,
        &["mud"],
    )
    .unwrap();
    let mud = &set.variants()[0];
    assert_eq!(
        mud.script().shown(),
        "<built-in>/variants/twin-tin-bots/mud/variant.lua"
    );
    assert_eq!(mud.origin, Origin::BuiltIn);
    let missing = PathBuf::from("no-such-folder-anywhere");
    let e = VariantSet::load_with(&Library::only(&missing), None, &["mud"])
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("unknown variant `mud` (looked in: no-such-folder-anywhere)"),
        "{e}"
    );
}

/// Issue 29, item 3: a hook asking a million pushes ran for seconds a turn;
/// every change a hook asks for is charged in proportion to applying it,
/// so the budget stops it at once, naming the script and the line.
#[test]
fn a_hook_asking_a_million_pushes_is_stopped_by_the_budget() {
    let folder = hostile_variant(
        "variants-million-pushes",
        "return { turn_ended = function(game)\n  for i = 1, 1e6 do game:push({0, 0}, 'E') end\nend }",
    );
    let start = std::time::Instant::now();
    let (err, before, after) = first_failure(&folder);
    assert!(
        start.elapsed() < std::time::Duration::from_secs(10),
        "{:?}",
        start.elapsed()
    );
    assert!(
        err.contains("variant `hostile`, hook `turn_ended`")
            && err.contains("hostile/variant.lua:2: instruction budget of 10000000 exceeded"),
        "{err}"
    );
    assert_eq!(before, after, "the refused answer changed the game");
}

/// Issue 29, items 3 and 15: marks asked for are charged and held to the
/// memory limit; a mark's value that is not a whole number is refused in
/// the project's words.
#[test]
fn a_mark_s_value_is_a_whole_number_said_in_our_words() {
    let folder = hostile_variant(
        "variants-mark-float",
        "return { turn_ended = function(game)\n  game:set_mark(game:robots()[1].id, 'k', 1.5)\nend }",
    );
    let (err, _, _) = first_failure(&folder);
    assert!(
        err.contains("hostile/variant.lua:2: bad argument `value` to `set_mark`: expected a whole number from -9223372036854775808 to 9223372036854775807, got 1.5"),
        "{err}"
    );
    assert!(!err.contains("i64") && !err.contains("converting"), "{err}");
}

/// Issue 29, item 1: the guard bounds how deep hooks re-enter the engine,
/// and how many hooks one outermost hook may set off in all, so that a
/// chain that stays shallow but spreads wide stops too.
#[test]
fn one_outermost_hook_sets_off_a_bounded_number_of_hooks() {
    let folder = hostile_variant(
        "variants-chain-width",
        "return { score = function() return 1 end }",
    );
    let set = VariantSet::load_from(&folder.0, &["hostile"]).unwrap();
    let hooks = set
        .rules(crate::games::twin_tin_bots::orders::OrderBook::official())
        .unwrap()
        .hooks
        .unwrap();
    let outer = hooks.enter("score", None).ok().unwrap();
    for _ in 1..hooks::HOOK_CALLS_PER_CHAIN {
        drop(hooks.enter("score", None).ok().unwrap());
    }
    let e = hooks.enter("score", None).err().unwrap().to_string();
    assert!(
        e.contains("variant `hostile`, hook `score`")
            && e.contains("hostile/variant.lua")
            && e.contains("more than 10000 hooks"),
        "{e}"
    );
    drop(outer);
    // The next outermost hook starts a new count.
    drop(hooks.enter("score", None).ok().unwrap());
}

/// Issue 29, item 13: a `score` hook returning `{}` counted as 0 for
/// everyone; a score is a whole number or a list of one to four.
#[test]
fn a_score_that_is_no_score_is_refused() {
    for (body, test, expected) in [
        (
            "return {}",
            "variants-score-empty",
            "returned a list of 0 numbers",
        ),
        (
            "return { 1, nil, 3 }",
            "variants-score-hole",
            "a score is a whole number, or a list of one to four",
        ),
        (
            "return { points = 3 }",
            "variants-score-record",
            "returned a list of 0 numbers",
        ),
        (
            "return { 1, 2, x = 3 }",
            "variants-score-extra-key",
            "returned a table that is not a list",
        ),
        ("return 1e300", "variants-score-huge", "returned 1e300"),
    ] {
        let folder = hostile_variant(
            test,
            &format!("return {{ score = function(game, colour)\n{body}\nend }}"),
        );
        let (mut game, answer) = game_under(&folder);
        let before = format!("{:?}", game.position());
        let err = game.apply(answer).unwrap_err().to_string();
        assert!(
            err.contains("variant `hostile`, hook `score`")
                && err.contains("hostile/variant.lua:1: ")
                && err.contains(expected),
            "{test}: {err}"
        );
        assert_eq!(before, format!("{:?}", game.position()), "{test}");
    }
}

/// Issue 29, item 13: hooks that answer nothing, and `zapped`, refuse an
/// answer they cannot use instead of ignoring it.
#[test]
fn every_hook_s_answer_is_checked() {
    let folder = hostile_variant(
        "variants-turn-ended-answers",
        "return { turn_ended = function(game)\n  return false\nend }",
    );
    let (err, before, after) = first_failure(&folder);
    assert!(
        err.contains("hook `turn_ended`")
            && err.contains(
                "hostile/variant.lua:1: returned false: a `turn_ended` hook returns nothing"
            ),
        "{err}"
    );
    assert_eq!(before, after);
}

/// Issue 29, item 13: `seating` controllers naming a colour not at the
/// table were accepted; so was a player controlling nothing, and a
/// colour seated twice. Lists of the wrong shape are said in our words.
#[test]
fn a_seating_that_names_what_is_not_at_the_table_is_refused() {
    for (seating, test, expected) in [
        (
            "{ colours = { 'red', 'blue' }, controllers = { { 'red' }, { 'blue', 'green' } } }",
            "variants-seating-unseated",
            "`controllers[2]`: green is not at the table (the colours are red, blue)",
        ),
        (
            "{ colours = { 'red', 'blue' }, controllers = { {}, { 'red', 'blue' } } }",
            "variants-seating-empty-group",
            "`controllers[1]` names no colour",
        ),
        (
            "{ colours = { 'red', 'red' } }",
            "variants-seating-twice",
            "`colours`: red is listed twice",
        ),
        (
            "{ colours = { 'red', 7 } }",
            "variants-seating-number",
            "`colours[2]` is 7: a colour's name is a string",
        ),
        (
            "{ colours = 'red' }",
            "variants-seating-string",
            "`colours` is \"red\": a list",
        ),
    ] {
        let folder = hostile_variant(
            test,
            &format!("return {{\n  seating = function(info)\n    return {seating}\n  end,\n}}"),
        );
        let set = VariantSet::load_from(&folder.0, &["hostile"]).unwrap();
        let err = set.standard_position(2, 1, &[]).unwrap_err().to_string();
        assert!(
            err.contains(
                "hostile/variant.lua:2: variant `hostile`, hook `seating` returned a bad value"
            ) && err.contains(expected),
            "{test}: {err}"
        );
        assert!(!err.contains("converting"), "{test}: {err}");
    }
    let folder = hostile_variant(
        "variants-teams-shape",
        "return {\n  teams = function(colours)\n    return { 'red', 'blue' }\n  end,\n}",
    );
    let set = VariantSet::load_from(&folder.0, &["hostile"]).unwrap();
    let err = set.standard_position(2, 1, &[]).unwrap_err().to_string();
    assert!(
        err.contains("hook `teams` returned a bad value: `teams[1]` is \"red\": a list"),
        "{err}"
    );
}

/// Issue 29, items 3 and 15: the setup handle's numbers are range-checked
/// in our words, and a track longer than the box is refused before any
/// value is read.
#[test]
fn setup_numbers_are_checked_in_our_words() {
    for (call, test, expected) in [
        (
            "s:set_track({ 2, 300 })",
            "variants-setup-track-300",
            "bad argument `track[2]` to `set_track`: expected a whole number from 2 to 4, got 300",
        ),
        (
            "local t = {} for i = 1, 1e6 do t[i] = 2 end s:set_track(t)",
            "variants-setup-track-long",
            "set_track: 1000000 crystals, but the box holds 18",
        ),
        (
            "s:set_score_to_win(-1)",
            "variants-setup-score",
            "bad argument `points` to `set_score_to_win`: expected a whole number from 0 to 4294967295, got -1",
        ),
        (
            "s:scatter('mud', 1.5)",
            "variants-setup-scatter",
            "bad argument `count` to `scatter`: expected a whole number",
        ),
        (
            "s:random(0)",
            "variants-setup-random",
            "bad argument `n` to `random`: expected a whole number from 1",
        ),
    ] {
        let folder = Folder::new(
            test,
            &[
                (
                    "hostile/variant.toml",
                    &manifest(
                        "hostile",
                        "[[piece]]\nname = \"mud\"\nlayer = \"floor\"\nsymbol = \"~\"\ndescription = \"m\"\n",
                    ),
                ),
                (
                    "hostile/variant.lua",
                    &format!("return {{\n  setup = function(s)\n    {call}\n  end,\n}}"),
                ),
            ],
        );
        let set = VariantSet::load_from(&folder.0, &["hostile"]).unwrap();
        let err = set.standard_position(2, 1, &[]).unwrap_err().to_string();
        assert!(
            err.contains("hostile/variant.lua:3") && err.contains(expected),
            "{test}: {err}"
        );
        assert!(!err.contains("u32") && !err.contains("converting"), "{test}: {err}");
    }
}

#[test]
fn a_variant_fixes_rulings_later_ones_winning_and_a_bad_one_names_its_manifest() {
    let folder = Folder::new(
        "variants-rulings",
        &[
            (
                "short/variant.toml",
                &manifest("short", "rulings = { \"ttb.dash-rows\" = \"dash-only\", \"ttb.tiebreak\" = \"harvested\" }"),
            ),
            ("short/variant.lua", "return {}"),
            (
                "faq/variant.toml",
                &manifest("faq", "rulings = { \"ttb.tiebreak\" = \"in-base\" }"),
            ),
            ("faq/variant.lua", "return {}"),
            (
                "typo/variant.toml",
                &manifest("typo", "rulings = { \"ttb.dash-rows\" = \"dash\" }"),
            ),
            ("typo/variant.lua", "return {}"),
        ],
    );
    let set = VariantSet::load_from(&folder.0, &["short", "faq"]).unwrap();
    assert_eq!(set.rulings().unwrap().pins(), ["ttb.dash-rows=dash-only"]);
    let set = VariantSet::load_from(&folder.0, &["typo"]).unwrap();
    let e = set.rulings().unwrap_err().to_string();
    assert!(e.contains("typo/variant.toml"), "{e}");
    assert!(
        e.contains("has no reading `dash`, did you mean `dash-only`?"),
        "{e}"
    );
}

/// A folder with the variant `tar` (a floor kind) whose script is `script`.
fn tar_variant(test: &str, script: &str) -> Folder {
    Folder::new(
        test,
        &[
            (
                "tar/variant.toml",
                &manifest(
                    "tar",
                    "[[piece]]\nname = \"tar\"\nlayer = \"floor\"\nsymbol = \"t\"\n",
                ),
            ),
            ("tar/variant.lua", script),
        ],
    )
}

/// What red.1 does with Forward 2x from a hex of tar under `script`:
/// the events of the answer, and where it ends.
fn forward_2_from_tar(test: &str, script: &str) -> (Vec<String>, crate::grid::hex::Hex) {
    let folder = tar_variant(test, script);
    let set = VariantSet::load_from(&folder.0, &["tar"]).unwrap();
    let (mut position, start, facing) =
        red1_programmed(crate::games::twin_tin_bots::orders::Tile::FORWARD_2);
    let ahead = [start.step(facing), start.step(facing).step(facing)];
    position.crystals.retain(|(h, _)| !ahead.contains(h));
    lay(&mut position, "tar", start);
    let mut game = game_of(&set, &position);
    assert!(ahead.iter().all(|h| game.board().at(*h).is_none()));
    game.apply(crate::games::twin_tin_bots::game::Answer::Change(
        crate::games::twin_tin_bots::game::Change::Pass,
    ))
    .unwrap();
    let said = game.events().iter().map(|e| game.describe(e)).collect();
    (said, game.robot(0).unwrap().at)
}

#[test]
fn a_before_step_given_as_data_loses_the_steps_it_names_as_the_function_would() {
    // Mud's hook (variants/twin-tin-bots/mud/variant.lua), as data and as
    // the function docs/variants/mud.md gives for it: red.1's Forward 2x
    // from the kind loses its first step, then the kind is done with it
    // and the second step moves it (000_f177823dad35ee93.txt: Mud, "It
    // will therefore need two 'Forward 1x' or one 'Forward 2x' Order to
    // get out").
    let data = r#"return { kinds = { tar = {
      before_step = { lose = "it is stuck in the tar", steps = { "forward", "back" } } } } }"#;
    let function = r#"return { kinds = { tar = {
      before_step = function(game, event)
        if event.step == "side" then return nil end
        game:done_with(event.robot)
        return "it is stuck in the tar"
      end } } }"#;
    let (said, at) = forward_2_from_tar("variants-lose-step-data", data);
    let (said_by_function, at_by_function) =
        forward_2_from_tar("variants-lose-step-function", function);
    assert_eq!(
        said.iter()
            .filter(|s| s.contains("it is stuck in the tar"))
            .count(),
        1,
        "{said:?}"
    );
    assert_eq!((&said, at), (&said_by_function, at_by_function));
    // Steps it does not name are not lost.
    let back_only = r#"return { kinds = { tar = {
      before_step = { lose = "it is stuck in the tar", steps = { "back" } } } } }"#;
    let (said, moved) = forward_2_from_tar("variants-lose-step-back", back_only);
    assert!(
        !said.iter().any(|s| s.contains("stuck")) && moved != at,
        "{said:?}"
    );
}

#[test]
fn a_before_step_given_as_bad_data_is_refused_with_the_script_and_the_field() {
    for (data, why) in [
        ("{ lose = 3 }", "`lose` is 3"),
        ("{ steps = { \"forward\" } }", "`lose` is missing"),
        ("{ lose = \"x\", steps = { \"up\" } }", "`steps` has \"up\""),
        ("{ lose = \"x\", skip = true }", "it has the key \"skip\""),
    ] {
        let script = format!("return {{ kinds = {{ tar = {{ before_step = {data} }} }} }}");
        let folder = tar_variant("variants-lose-step-bad", &script);
        let e = VariantSet::load_from(&folder.0, &["tar"])
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("tar/variant.lua")
                && e.contains("`kinds.tar.before_step`: ")
                && e.contains(why),
            "{data}: {e}"
        );
    }
}

#[test]
fn a_failed_hook_after_answers_that_ran_none_leaves_the_game_as_it_was() {
    // Game::apply undoes a failed answer from a copy taken before the
    // answers since, which ran no hook, applied again: red's Pass in turn
    // 1 runs the hook (a copy is taken before blue's answer), blue's Pass
    // runs none, red's Pass in turn 3 fails and must leave the game as it
    // was before it (blue's answer replayed on the copy).
    let script = r#"return { kinds = { tar = {
      before_step = function(game, event)
        if game.turn >= 3 then error("the tar boils over") end
        return "it is stuck in the tar"
      end } } }"#;
    let folder = tar_variant("variants-undo-replay", script);
    let set = VariantSet::load_from(&folder.0, &["tar"]).unwrap();
    let (mut position, start, _) =
        red1_programmed(crate::games::twin_tin_bots::orders::Tile::FORWARD_2);
    lay(&mut position, "tar", start);
    let mut game = game_of(&set, &position);
    let pass = crate::games::twin_tin_bots::game::Answer::Change(
        crate::games::twin_tin_bots::game::Change::Pass,
    );
    game.apply(pass).unwrap();
    game.apply(pass).unwrap();
    assert_eq!((game.turn(), game.robot(0).unwrap().at), (3, start));
    let before = game.clone();
    let e = game.apply(pass).unwrap_err().to_string();
    assert!(e.contains("the tar boils over"), "{e}");
    assert_eq!(game.position(), before.position());
    assert_eq!(
        (
            game.turn(),
            game.decision(),
            game.countdown(),
            game.events().len()
        ),
        (before.turn(), before.decision(), before.countdown(), 0)
    );
}
