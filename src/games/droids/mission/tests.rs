//! Tests of mission scripts: every built-in mission reads and loads, and
//! bad scripts are refused (at the start, the game; in play, the answer,
//! the game as it was) naming the script, the line and the cause; hooks
//! re-entering the engine are bounded by the guard, and the changes they
//! ask for are charged and checked where they are asked.

use std::rc::Rc;

use super::hooks::{Hook, MissionHooks, HOOK_CALLS_PER_CHAIN};
use super::{built_in, BuiltIn, Chosen, MISSIONS};
use crate::engine::State;
use crate::games::droids::board::Mission;
use crate::games::droids::game::{Answer, Game, Phase};
use crate::games::droids::tiles::{Tile, TileMix};
use crate::grid::square::{Compass, Square};
use crate::script::HOOK_DEPTH;

#[test]
fn every_built_in_mission_reads_and_its_script_loads() {
    for (i, b) in built_in()
        .expect("the shipped missions read")
        .iter()
        .enumerate()
    {
        let chosen = Chosen::find(&b.name).expect("found by name");
        let (m, hooks) = chosen.load().expect("loads");
        assert_eq!(m.number, b.number, "{}", b.name);
        assert_eq!(m.script.is_some(), hooks.is_some(), "{}", b.name);
        // The seven of section III by number; the team games by name only.
        let by_number = Chosen::find(&b.number.to_string()).map(|c| c.file);
        assert_eq!(by_number == Ok(chosen.file), i < 7, "{}", b.name);
    }
}

#[test]
fn the_built_in_missions_are_the_shipped_mission_files() {
    let missions = built_in().expect("the shipped missions read");
    let names: Vec<(u8, &str, &str)> = missions
        .iter()
        .map(|b| (b.number, b.name.as_str(), b.file.as_str()))
        .collect();
    assert_eq!(
        names,
        [
            (1, "challenge", "scripts/droids/missions/1-challenge.toml"),
            (2, "mines", "scripts/droids/missions/2-mines.toml"),
            (3, "containers", "scripts/droids/missions/3-containers.toml"),
            (4, "shelter", "scripts/droids/missions/4-shelter.toml"),
            (5, "statue", "scripts/droids/missions/5-statue.toml"),
            (6, "labyrinth", "scripts/droids/missions/6-labyrinth.toml"),
            (7, "killer", "scripts/droids/missions/7-killer.toml"),
            (
                1,
                "challenge-teams",
                "scripts/droids/missions/1-challenge-teams.toml"
            ),
            (
                2,
                "mines-teams",
                "scripts/droids/missions/2-mines-teams.toml"
            ),
        ]
    );
    // Each is the repository's file, and so is its script.
    for b in missions {
        assert_eq!(
            b.text,
            std::fs::read_to_string(&b.file).unwrap(),
            "{}",
            b.name
        );
        if let Some((file, text)) = &b.script {
            assert_eq!(*text, std::fs::read_to_string(file).unwrap(), "{file}");
        }
    }
    let teams = BuiltIn::named(missions, "mines-teams").unwrap();
    assert_eq!(
        teams.script.as_ref().map(|(f, _)| f.as_str()),
        Some("scripts/droids/missions/2-mines.lua")
    );
    // A number names the mission of section III, never its team game.
    assert_eq!(BuiltIn::named(missions, "2").unwrap().name, "mines");
    assert!(BuiltIn::named(missions, "8").is_none());
    assert_eq!(
        BuiltIn::listing(missions),
        "1 (challenge), 2 (mines), 3 (containers), 4 (shelter), 5 (statue), 6 (labyrinth), \
         7 (killer), challenge-teams, mines-teams"
    );
    // Their folder is the game's, searched built in only.
    assert_eq!(
        MISSIONS.built_in_folder("droids"),
        "scripts/droids/missions"
    );
    let user = crate::test_folder::Folder::new(
        "droids-user-missions",
        &[(
            "droids/missions/mine.toml",
            "mission = 9\nname = \"mine\"\n",
        )],
    );
    let library = crate::assets::Library {
        user_folder: Some(user.0.clone()),
        built_in: true,
        ..crate::assets::Library::default()
    };
    let listed = library.list(MISSIONS, "droids", None);
    assert_eq!(listed.len(), missions.len());
    assert!(listed
        .iter()
        .all(|l| l.found.origin == crate::assets::Origin::BuiltIn));
}

fn load(text: &str) -> Result<MissionHooks, String> {
    MissionHooks::load("m.lua", text, None).map_err(|e| e.0)
}

#[test]
fn bad_scripts_are_refused_naming_file_line_and_cause() {
    let e = load("return 3").expect_err("no table");
    assert!(e.contains("m.lua: a mission script returns a table"), "{e}");
    let e = load("return { moves = function() end }").expect_err("misspelt");
    assert!(e.contains("`moves` is not a hook"), "{e}");
    let e = load("return { moved = 4 }").expect_err("not a function");
    assert!(e.contains("hook `moved` is not a function"), "{e}");
    let e = load("\nreturn {").expect_err("syntax");
    assert!(e.contains("m.lua:"), "{e}");
    let h = load("return { moved = function() end }").expect("loads");
    assert!(h.has(Hook::Moved) && !h.has(Hook::Setup));
}

/// A small board for a script's game.
fn game(script: &str) -> Result<Game, String> {
    game_on("R...Y", script)
}

/// A game of red and yellow on the board of `row` with `script`'s hooks.
fn game_on(row: &str, script: &str) -> Result<Game, String> {
    game_on_rows(&[row], script)
}

/// A game of red and yellow on the board of `rows` with `script`'s hooks.
fn game_on_rows(rows: &[&str], script: &str) -> Result<Game, String> {
    let rows: Vec<String> = rows.iter().map(|r| format!("\"{r}\"")).collect();
    let m = Mission::parse(
        "t.toml",
        &format!(
            "mission = 9\nname = \"t\"\nplayers = [2, 2]\nrows = [{}]",
            rows.join(", ")
        ),
    )
    .map_err(|e| e.to_string())?;
    let hooks = Rc::new(load(script)?);
    Game::with_rules(m, 2, 1, TileMix::standard(), Some(hooks)).map_err(|e| e.message)
}

/// A `moved` hook that drives the robot that moved one square east and
/// one back: each drive moves it, which runs the hook again.
const PING_PONG: &str = "return { moved = function(game, event)\n  game:drive(event.robot, 'E', 1)\n  game:drive(event.robot, 'W', 1)\nend }";

/// `g` about to have red turn up `tile` in register 0 (red stands in
/// column 0), its events cleared.
fn red_to_turn_up(mut g: Game, tile: Tile) -> Game {
    g.players[0].registers[0] = vec![tile];
    g.total_tiles += 1;
    g.phase = Phase::Run;
    g.current = 0;
    g.events.clear();
    g
}

#[test]
fn a_hook_that_fails_in_setup_refuses_the_game_with_its_line() {
    let e = game("return {\n setup = function(game)\n error('no')\n end }").expect_err("refused");
    assert!(e.contains("m.lua:3"), "{e}");
    let e =
        game("return { setup = function(game) game:block('purple', 1) end }").expect_err("refused");
    assert!(e.contains("\"purple\" is not a player's colour"), "{e}");
    let e = game("return { setup = function(game) game:drive('red', 'UP', 1) end }")
        .expect_err("refused");
    assert!(e.contains("\"UP\" is not a direction"), "{e}");
}

#[test]
fn a_runaway_hook_is_stopped_by_the_budget() {
    let e = game("return { setup = function(game) while true do end end }").expect_err("refused");
    assert!(e.contains("m.lua"), "{e}");
}

#[test]
fn changes_asked_for_apply_and_are_kept_in_the_game() {
    let g = game(
        "return { setup = function(game)\n game:set('x', 4)\n game:set_piece(2, 0, 'mine')\n game:set_carrying('red', 'obstacle')\n end }",
    )
    .expect("a game");
    assert_eq!(g.vars.get("x"), Some(&4));
    assert_eq!(g.piece_totals, [1, 0, 1]);
    let copy = g.clone();
    assert_eq!(copy.vars, g.vars);
    assert!(!g.is_over());
}

#[test]
fn a_hook_re_entering_the_engine_is_stopped_by_the_guard_and_the_answer_refused() {
    // Red's move runs `moved`, whose drives run `moved` again, and so on:
    // before the guard, the native stack overflowed (an abort).
    let mut g = red_to_turn_up(game(PING_PONG).expect("a game"), Tile::Move1(Compass::E));
    let before = format!("{g:?}");
    let e = g.apply(Answer::Up(0)).expect_err("refused");
    assert!(
        e.message
            .starts_with("the mission script failed, so the answer was not applied: m.lua: "),
        "{e}"
    );
    assert!(
        e.message.ends_with(&format!(
            "more than {HOOK_DEPTH} deep (docs/security.md): moved ×{}",
            HOOK_DEPTH + 1
        )),
        "{e}"
    );
    // The game is exactly as before the answer, and still answers.
    assert_eq!(format!("{g:?}"), before);
    assert_eq!(g.legal_answers(), vec![Answer::Up(0)]);
}

#[test]
fn a_hook_re_entering_the_engine_at_the_start_refuses_the_game() {
    let script = PING_PONG.replace(
        "return {",
        "return { setup = function(game) game:drive('red', 'E', 1) end,",
    );
    let e = game(&script).expect_err("refused");
    assert!(
        e.starts_with("the mission script failed, so the game does not start: m.lua: "),
        "{e}"
    );
    assert!(
        e.ends_with(&format!(": setup → moved ×{HOOK_DEPTH}")),
        "{e}"
    );
}

#[test]
fn hooks_run_by_one_hook_s_changes_are_bounded_in_number_too() {
    // Each of 200 drives runs `moved` once, one deep: the chain is not
    // deep but wide (a hook doubling its drives each call would run 2^32).
    let e = game(
        "return { moved = function() end,\n setup = function(game)\n  for i = 1, 100 do game:drive('red', 'E', 1) game:drive('red', 'W', 1) end\n end }",
    )
    .expect_err("refused");
    assert!(
        e.ends_with(&format!(
            "m.lua: the changes hook `setup` asked for ran more than {HOOK_CALLS_PER_CHAIN} hooks, \
             the last `moved` (docs/security.md)"
        )),
        "{e}"
    );
    // Fewer are run.
    game("return { moved = function() end,\n setup = function(game)\n  for i = 1, 50 do game:drive('red', 'E', 1) game:drive('red', 'W', 1) end\n end }")
        .expect("100 hooks");
}

#[test]
fn a_hook_failing_in_play_refuses_the_answer_with_the_game_as_before() {
    // Before, the game ended "with no winner" and `play` exited 0.
    let mut g = red_to_turn_up(
        game("return { order_done = function(game, event)\n  game:say('ran')\n  error('no ' .. event.tile)\nend }")
            .expect("a game"),
        Tile::Move1(Compass::E),
    );
    let before = format!("{g:?}");
    let e = g.apply(Answer::Up(0)).expect_err("refused");
    assert!(e.message.ends_with("m.lua:3: no move1 E"), "{e}");
    assert_eq!(format!("{g:?}"), before);
    assert!(!g.is_over());
}

/// The error of a game whose `setup` hook runs `body`.
fn setup_error(body: &str) -> String {
    game(&format!("return {{ setup = function(game)\n{body}\nend }}")).expect_err("refused")
}

#[test]
fn winners_are_seated_colours_named_once() {
    let e = setup_error("game:finish({'green'}, 'x')");
    assert!(
        e.ends_with("m.lua:2: game:finish(winners, reason): green is not seated: the players are red, yellow"),
        "{e}"
    );
    let e = setup_error("game:finish({'red', 'red'}, 'x')");
    assert!(e.ends_with("red is named twice among the winners"), "{e}");
    let e = setup_error("game:finish({'red', extra = 1}, 'x')");
    assert!(e.contains("the winners are a list of colours"), "{e}");
    let e = setup_error("game:finish({'red'})");
    assert!(e.ends_with("the reason is nil: text"), "{e}");
    let g = game("return { setup = function(game) game:finish({'yellow'}, 'why') end }")
        .expect("a game");
    assert_eq!(g.outcome().map(|o| o.winners), Some(vec![1]));
}

#[test]
fn pieces_are_set_on_the_board_only_and_never_on_fixed_obstacles_or_under_robots() {
    let e = setup_error("game:set_piece(9, 0, 'mine')");
    assert!(
        e.ends_with("m.lua:2: game:set_piece(x, y, kind): [9, 0] is off the board, whose squares are [0, 0] to [4, 0]"),
        "{e}"
    );
    let e = game_on(
        "R.#.Y",
        "return { setup = function(game)\n game:set_piece(2, 0, 'obstacle')\nend }",
    )
    .expect_err("refused");
    assert!(
        e.ends_with(
            "[2, 0] is a fixed obstacle: no piece lies on it (Droids rules, General rules (line 11))"
        ),
        "{e}"
    );
    let e = setup_error("game:set_piece(0, 0, 'container')");
    assert!(e.contains("red stands on [0, 0]"), "{e}");
    // A mine stops nothing: it may lie under a robot.
    let g =
        game("return { setup = function(game) game:set_piece(0, 0, 'mine') end }").expect("a game");
    assert_eq!(
        g.piece_at(Square::new(0, 0)).map(|p| p.name()),
        Some("mine")
    );
    // A change made wrong by the changes before it is refused when applied,
    // at the line that asked for it.
    let e = setup_error("game:drive('red', 'E', 1)\ngame:set_piece(1, 0, 'obstacle')");
    assert!(
        e.ends_with("m.lua:3: hook `setup`: game:set_piece: red stands on [1, 0] by then: a obstacle would stop it where it stands"),
        "{e}"
    );
}

#[test]
fn out_is_a_method_and_is_out_reads() {
    // Before, `game.out` was a table of flags and `game:out(colour)` could
    // not be called.
    let g = game(
        "return { setup = function(game)\n game:out('yellow')\n game:set('seen', game:is_out('yellow') and 1 or 0)\nend }",
    )
    .expect("a game");
    assert!(g.players[1].out);
    assert_eq!(g.vars.get("seen"), Some(&1));
    let e = setup_error("game:out('blue')");
    assert!(
        e.ends_with("game:out(colour): blue is not seated: the players are red, yellow"),
        "{e}"
    );
}

#[test]
fn a_bad_argument_is_named_at_the_script_s_line_in_the_game_s_words() {
    // Before, these failed inside the mission library, at its own line,
    // in Lua's words ("attempt to compare number with string").
    for (body, want) in [
        ("local t = game:terrain('a', 1)", "m.lua:2: game:terrain(x, y): x is \"a\": a whole number"),
        ("local p = game:piece(1.5, 0)", "m.lua:2: game:piece(x, y): x is 1.5: a whole number"),
        ("game.drive('red', 'E', 1)", "m.lua:2: game:drive(robot, dir, reach) is a method: call it with a colon, `game:drive(...)`"),
        ("game:roll(6)", "m.lua:2: game:roll(): takes 0 arguments, 1 given"),
        ("game:drive('grey.1', 'E', 1)", "m.lua:2: game:drive(robot, dir, reach): grey.1 is not in this game"),
        ("game:drive('red', 'E', 99)", "a reach of 99: from 0 to 30 squares, or \"dash\""),
        ("game:shoot('red', 'E', {power = 2})", "`how.power` is not a way to shoot (registers, distance, scrap)"),
        ("game:block('red', 300)", "300 registers: from 0 to 5"),
        ("game:set_carrying('statue', 'mine')", "game:set_carrying(robot, kind): statue is not in this game"),
        ("game:say(string.rep('x', 1001))", "the text is 1001 bytes long: at most 1000"),
    ] {
        let e = setup_error(body);
        assert!(e.contains(want), "{body}: {e}");
    }
    let e = game_on(
        "RX..Y",
        "return { setup = function(game)\n game:set_carrying('statue', 'mine')\nend }",
    )
    .expect_err("refused");
    assert!(
        e.ends_with(
            "m.lua:2: game:set_carrying(robot, kind): the statue carries nothing \
             (Droids rules, Mission 5, The statue (line 201))"
        ),
        "{e}"
    );
    // Off the board, the reading methods say nil or false, as documented.
    game("return { setup = function(game)\n assert(game:count('mine') == 0 and game:terrain(-1, 0) == nil and game:piece(99, 2^40) == nil)\n assert(game:free(0, 0) == false and game:free(1, 0) == true)\n assert(game:robot_at(4, 0) == 'yellow')\nend }")
        .expect("reads");
}

#[test]
fn kept_numbers_are_bounded_in_keys_and_length() {
    let e = setup_error("for i = 1, 2000 do game:set('k' .. i, i) end");
    assert!(
        e.ends_with(
            "m.lua:2: game:set(key, n): a new key \"k1025\" past the 1024 numbers a game keeps"
        ),
        "{e}"
    );
    let e = setup_error("game:set(string.rep('k', 65), 1)");
    assert!(
        e.ends_with("a key of 65 bytes: a key is 1 to 64 bytes"),
        "{e}"
    );
    // A 10 MB key is charged by its length before it is refused.
    let e = setup_error(
        "local k = string.rep('k', 10000000)\nfor i = 1, 20 do pcall(game.set, game, k, 1) end",
    );
    assert!(e.contains("instruction budget of 10000000 exceeded"), "{e}");
}

#[test]
fn the_changes_asked_for_are_charged_for_their_work() {
    // 100,000 dashes each walk up to 30 squares: before, they cost the
    // script about 15 instructions each and the game walked them free.
    let e = setup_error("for i = 1, 100000 do game:drive('red', 'E', 'dash') end");
    assert!(
        e.contains("m.lua:2: instruction budget of 10000000 exceeded"),
        "{e}"
    );
    // A few are cheap.
    game("return { setup = function(game) for i = 1, 100 do game:drive('red', 'E', 'dash') end end }")
        .expect("100 dashes");
}

/// A board of 10 by 10 squares with water and fixed obstacles.
const TEN_BY_TEN: [&str; 10] = [
    "R........Y",
    "..........",
    "...~~.....",
    "..~~~.....",
    "....#.....",
    ".....#....",
    ".....~~~..",
    ".....~~...",
    "..........",
    "..........",
];

#[test]
fn the_whole_board_reads_give_what_each_square_s_read_gives() {
    // A piece the hook has set shows too; a mismatch, or a list of the
    // wrong length, is kept as `bad`.
    let script = "return { setup = function(game)
  game:set_piece(3, 2, 'obstacle')
  game:set_piece(9, 9, 'mine')
  local terrains, pieces, bad, n = game:terrains(), game:pieces(), 0, 0
  for y = 0, game.height - 1 do
    for x = 0, game.width - 1 do
      local i = y * game.width + x + 1
      if terrains[i] ~= game:terrain(x, y) then bad = bad + 1 end
      if pieces[i] ~= game:piece(x, y) then bad = bad + 1 end
    end
  end
  for _ in pairs(pieces) do n = n + 1 end
  game:set('bad', bad + (#terrains == 100 and 0 or 1))
  game:set('pieces', n)
end }";
    let g = game_on_rows(&TEN_BY_TEN, script).expect("a game");
    assert_eq!(g.vars.get("bad"), Some(&0));
    assert_eq!(g.vars.get("pieces"), Some(&2));
}

#[test]
fn a_whole_board_read_is_charged_for_its_squares() {
    // 100,000 reads of a board of 100 squares pass the budget (10,000,000)
    // only if the squares are free.
    let runaway = "return { setup = function(game) for i = 1, 100000 do game:pieces() end end }";
    let e = game_on_rows(&TEN_BY_TEN, runaway).expect_err("refused");
    assert!(e.contains("instruction budget of 10000000 exceeded"), "{e}");
    let few = "return { setup = function(game) for i = 1, 1000 do game:pieces() end end }";
    game_on_rows(&TEN_BY_TEN, few).expect("1000 reads");
}

/// A game of red and yellow under `pins` whose `setup` hook runs `body`.
fn game_under(pins: &[&str], body: &str) -> Result<Game, String> {
    let m = Mission::parse(
        "t.toml",
        "mission = 9\nname = \"t\"\nplayers = [2, 2]\nrows = [\"R...Y\"]",
    )
    .map_err(|e| e.to_string())?;
    let hooks = Rc::new(load(&format!(
        "return {{ setup = function(game)\n{body}\nend }}"
    ))?);
    let pins: Vec<String> = pins.iter().map(ToString::to_string).collect();
    let rulings = crate::engine::Rulings::defaults(crate::games::droids::rulings::DISPUTES)
        .pinned(&pins)
        .map_err(|e| e.0)?;
    Game::with_rulings(m, 2, 1, TileMix::standard(), Some(hooks), rulings).map_err(|e| e.message)
}

#[test]
fn a_script_reads_the_rulings_in_force_and_an_unknown_id_is_an_error_listing_the_game_s() {
    let keep = "game:set(game:ruling('droids.statue-home'), 1)";
    let g = game_under(&[], keep).expect("a game");
    assert_eq!(g.vars.get("set-down"), Some(&1), "the default");
    let g = game_under(&["droids.statue-home=arrival"], keep).expect("a game");
    assert_eq!(g.vars.get("arrival"), Some(&1), "the pinned reading");
    let e = game_under(&[], "game:ruling('droids.statue-hom')").expect_err("refused");
    assert!(e.contains("m.lua:2: game:ruling(id): "), "{e}");
    assert!(e.contains("no dispute `droids.statue-hom`"), "{e}");
    assert!(e.contains("droids.killer-pace"), "lists the game's: {e}");
    let e = game_under(&[], "game:ruling(4)").expect_err("refused");
    assert!(e.contains("the id is 4: text"), "{e}");
}

/// A game of the two-player mission `t.toml` whose script is `script`,
/// named `file`, its hooks as a new game gets them ([`Chosen::load`]:
/// through the thread's kept sandboxes).
fn pooled_game(file: &str, script: &str) -> Game {
    let chosen = Chosen {
        file: "t.toml".into(),
        text: format!(
            "mission = 9\nname = \"t\"\nplayers = [2, 2]\nscript = \"{file}\"\nrows = [\"R...Y\"]"
        ),
        script: Some((file.into(), script.into())),
        setting: None,
    };
    let (m, hooks) = chosen.load().expect("the mission loads");
    Game::with_rules(m, 2, 1, TileMix::standard(), hooks).expect("the game starts")
}

/// The sandbox a game's hooks run in.
fn sandbox_of(game: &Game) -> *const MissionHooks {
    Rc::as_ptr(game.hooks.as_ref().expect("a script"))
}

#[test]
fn a_sandbox_reused_by_the_next_game_keeps_nothing_of_the_game_before() {
    // A script that counts its games in a global and in a top-level
    // local, and draws from Lua's random generator.
    const COUNTING: &str = "local calls = 0\nreturn { setup = function(game)\n  calls = calls + 1\n  games = (games or 0) + 1\n  game:set('calls', calls)\n  game:set('games', games)\n  game:set('draw', math.random(1000000))\nend }";
    let kept =
        |g: &Game| ["calls", "games", "draw"].map(|k| *g.vars.get(k).expect("set by `setup`"));
    let first = pooled_game("counting.lua", COUNTING);
    let [calls, games, draw] = kept(&first);
    assert_eq!((calls, games), (1, 1));
    // A game still held keeps its sandbox: the next one gets another.
    let second = pooled_game("counting.lua", COUNTING);
    assert_ne!(sandbox_of(&first), sandbox_of(&second));
    assert_eq!(kept(&second), [1, 1, draw]);
    let used = [sandbox_of(&first), sandbox_of(&second)];
    drop((first, second));
    for _ in 0..3 {
        let again = pooled_game("counting.lua", COUNTING);
        assert!(used.contains(&sandbox_of(&again)), "the sandbox is reused");
        assert_eq!(kept(&again), [1, 1, draw], "nothing passes between games");
    }
}

#[test]
fn a_reused_sandbox_frees_what_the_game_before_held_within_its_memory_limit() {
    // A 25 MiB string a game (50 MiB while `string.rep` builds it), under
    // the 64 MiB limit; with the game before's kept too, over it: the
    // next game's fits only if the game before's is let go.
    const GREEDY: &str =
        "return { setup = function(game)\n  big = string.rep('x', 25 * 1024 * 1024)\nend }";
    let first = pooled_game("greedy.lua", GREEDY);
    let used = sandbox_of(&first);
    drop(first);
    for _ in 0..2 {
        let again = pooled_game("greedy.lua", GREEDY);
        assert_eq!(sandbox_of(&again), used, "the sandbox is reused");
    }
}

#[test]
fn a_reused_sandbox_stops_a_runaway_script_as_a_new_one_does() {
    // In each of three games in a row, the setup's endless loop is
    // stopped by the instruction budget, naming the script and line.
    let chosen = |script: &str| {
        Chosen {
        file: "t.toml".into(),
        text: "mission = 9\nname = \"t\"\nplayers = [2, 2]\nscript = \"runaway.lua\"\nrows = [\"R...Y\"]".into(),
        script: Some(("runaway.lua".into(), script.into())),
        setting: None,
    }
    };
    let start = |script: &str| {
        let (m, hooks) = chosen(script).load().expect("the script loads");
        Game::with_rules(m, 2, 1, TileMix::standard(), hooks)
            .expect_err("the setup is stopped")
            .message
    };
    const LOOPING: &str = "return { setup = function(game) while true do end end }";
    for _ in 0..3 {
        let e = start(LOOPING);
        assert!(e.contains("runaway.lua:1") && e.contains("budget"), "{e}");
    }
}

/// The event lines and outcome of `games` random games of `mission`, one
/// after another from seed 1; with `keep`, every game is kept until the
/// end (so each starts with a new sandbox), else each is let go before
/// the next starts (so it gets the sandbox of the game before).
fn random_games(mission: &str, games: u64, keep: bool) -> Vec<String> {
    use crate::engine::{DynState, GameOptions};
    let mut kept: Vec<Box<dyn DynState>> = Vec::new();
    let mut lines = Vec::new();
    let mut draw = 0x9e37_79b9_7f4a_7c15u64;
    for seed in 1..=games {
        let options = GameOptions {
            seed,
            ..GameOptions::default()
        }
        .with("mission", mission);
        let mut game = crate::games::droids::seam::TYPE
            .start(&options)
            .expect("a built-in mission starts")
            .game;
        for _ in 0..200 {
            if game.is_over() {
                break;
            }
            // xorshift: the same answers in both runs.
            draw ^= draw << 13;
            draw ^= draw >> 7;
            draw ^= draw << 17;
            let n = game.legal_count() as u64;
            game.apply_index((draw % n) as usize)
                .expect("a legal answer");
            lines.extend(game.event_lines());
        }
        lines.push(format!("{mission} {seed}: {:?}", game.outcome()));
        if keep {
            kept.push(game);
        }
    }
    lines
}

#[test]
fn games_in_a_reused_sandbox_play_as_in_a_new_one() {
    for b in built_in().expect("the shipped missions read") {
        if b.script.is_none() {
            continue;
        }
        let fresh = random_games(&b.name, 6, true);
        let reused = random_games(&b.name, 6, false);
        assert!(fresh.len() > 6, "{}: the games hold events", b.name);
        assert_eq!(fresh, reused, "{}", b.name);
    }
}
