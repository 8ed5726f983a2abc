//! Tests of RoboRally's Lua bots: the built-in bots play whole races,
//! hostile scripts are stopped with errors naming the script and line, the
//! view hides what the seat may not see, and a RoboRally bot refuses
//! another game.

use mlua::{Table, Value};

use super::{api, RoboRallyLuaBot, MAX_SIMULATIONS, SIMULATION_ANSWER_COST, SIMULATION_COST};
use crate::assets::AssetFile;
use crate::bot::{Bot, BotSpec};
use crate::engine::{DynState, GameOptions, State};
use crate::games::roborally::board::Course;
use crate::games::roborally::game::{Decision, Game};
use crate::script::{Sandbox, SandboxLimits};

/// A race on the built-in yard for `players`.
fn yard(players: usize, seed: u64) -> Game {
    let course = Course::load_file(&AssetFile::BuiltIn(
        "scripts/roborally/courses/yard.toml".into(),
    ))
    .expect("the yard is built in");
    Game::race(&course, players, seed).expect("the yard seats 2")
}

/// A built-in RoboRally bot, seeded.
fn built_in(name: &str, seed: u64) -> Box<dyn Bot> {
    let file = AssetFile::BuiltIn(format!("scripts/roborally/bots/{name}.lua"));
    RoboRallyLuaBot::boxed(&file, seed).expect("the built-in bot loads")
}

/// A bot from `source` in a sandbox with a small budget (a million
/// instructions a call, 16 MiB).
fn hostile(source: &str) -> RoboRallyLuaBot {
    hostile_with(source, 1_000_000)
}

/// A bot from `source` in a sandbox of 16 MiB with `instructions` a call.
fn hostile_with(source: &str, instructions: u64) -> RoboRallyLuaBot {
    let limits = SandboxLimits {
        instructions,
        memory_bytes: 16 * 1024 * 1024,
        ..SandboxLimits::default()
    };
    let sandbox = Sandbox::with_limits(limits).expect("a sandbox");
    RoboRallyLuaBot::from_source("bots/hostile.lua", source, sandbox).expect("the script loads")
}

/// The view and decision `bot`'s `choose` gets for `seat` in `game`, every
/// field read while the game is lent (they are built when first read).
fn tables(bot: &mut RoboRallyLuaBot, game: &Game, seat: usize) -> (Table, Table) {
    let arguments = bot
        .with_arguments(game, seat, |view, decision| {
            for (table, keys) in [
                (view, super::view::VIEW_FIELDS),
                (decision, super::view::DECISION_FIELDS),
            ] {
                let Value::Table(table) = table else {
                    panic!("the view and decision are tables");
                };
                for key in keys {
                    table.get::<Value>(*key).expect("a field builds");
                }
            }
            (view.clone(), decision.clone())
        })
        .expect("the tables");
    let (Value::Table(view), Value::Table(decision)) = arguments else {
        panic!("the view and decision are tables");
    };
    (view, decision)
}

#[test]
fn racer_and_random_play_whole_races_on_the_yard() {
    for seed in 1..=3 {
        let mut game = yard(2, seed);
        let mut bots = vec![built_in("racer", seed), built_in("random", seed + 7)];
        crate::play::drive(&mut game, &mut bots, 60, |_, _| {}).expect("the bots play");
        assert!(DynState::is_over(&game), "seed {seed}: the race ended");
        assert!(DynState::outcome(&game).is_some());
    }
}

#[test]
fn racer_beats_the_random_bot_on_the_yard() {
    // Not a proof of strength, but a racer that simulated nothing useful
    // would not win nearly every race.
    let mut racer_wins = 0;
    for seed in 1..=6 {
        let mut game = yard(2, seed);
        let mut bots: Vec<Box<dyn Bot>> = vec![
            built_in("racer", seed),
            Box::new(crate::bot::RandomBot::new(seed)),
        ];
        crate::play::drive(&mut game, &mut bots, 60, |_, _| {}).expect("the bots play");
        let outcome = DynState::outcome(&game).expect("over");
        if outcome.winners == vec![0] {
            racer_wins += 1;
        }
    }
    assert!(racer_wins >= 5, "the racer won {racer_wins} of 6");
}

/// A whole race on the yard between the planner (seat 0) and the random
/// bot: every answer played, as text, and the final standings' lines.
fn planner_race(seed: u64) -> (Vec<crate::play::Played>, Vec<String>) {
    let mut game = yard(2, seed);
    let mut bots = vec![
        built_in("planner", seed),
        Box::new(crate::bot::RandomBot::new(seed + 7)) as Box<dyn Bot>,
    ];
    let mut played = Vec::new();
    crate::play::drive_shown(&mut game, &mut bots, 30, |_, p| played.push(p.clone()))
        .expect("every answer of both bots is legal");
    assert!(DynState::is_over(&game), "seed {seed}: the race ended");
    (played, crate::engine::Describe::where_lines(&game))
}

#[test]
fn the_planner_plays_whole_races_legally_and_the_same_from_the_same_seed() {
    for seed in 1..=2 {
        let (played, end) = planner_race(seed);
        // It programmed: a card answer for each of its free registers.
        let cards = played
            .iter()
            .filter(|p| p.seat == 0 && p.turn == 1)
            .filter(|p| p.answer.contains(' '))
            .count();
        assert_eq!(cards, 5, "seed {seed}: five cards on the first turn");
        let again = planner_race(seed);
        assert_eq!((played, end), again, "seed {seed}: the same race again");
    }
}

/// The error a hostile `choose` ends with on the yard's first decision.
fn failure(source: &str) -> String {
    failure_with(source, 1_000_000)
}

/// The error a hostile `choose` with `instructions` a call ends with.
fn failure_with(source: &str, instructions: u64) -> String {
    let game = yard(2, 1);
    let mut bot = hostile_with(source, instructions);
    bot.choose(&game).expect_err("the script is stopped").0
}

#[test]
fn a_runaway_choose_is_stopped_naming_script_and_line() {
    let err = failure("return { choose = function(view, d)\n  while true do end\nend }");
    assert!(
        err.contains("bots/hostile.lua:2: instruction budget of 1000000 exceeded"),
        "{err}"
    );
}

#[test]
fn endless_simulations_are_stopped_naming_script_and_line() {
    let err = failure(
        "return { choose = function(view, d)\n  while true do\n    view:simulate({ d.answers[1] })\n  end\nend }",
    );
    assert!(err.contains("bots/hostile.lua:3:"), "{err}");
    assert!(
        err.contains("instruction budget") || err.contains("simulations in one decision"),
        "{err}"
    );
}

#[test]
fn a_script_hoarding_memory_is_stopped_naming_the_script() {
    let err = failure_with(
        "return { choose = function(view, d)\n  local t = {}\n  for i = 1, 1e9 do t[i] = string.rep('x', 100000) .. i end\nend }",
        1_000_000_000,
    );
    assert!(err.contains("bots/hostile.lua"), "{err}");
    assert!(err.contains("memory limit"), "{err}");
}

#[test]
fn a_bad_simulated_answer_names_the_line() {
    let err =
        failure("return { choose = function(view, d)\n  return view:simulate({ 'jump 5' })\nend }");
    assert!(
        err.contains("bots/hostile.lua:2: simulate: answer \"jump 5\""),
        "{err}"
    );
}

#[test]
fn an_illegal_answer_is_refused() {
    let err = failure("return { choose = function(view, d) return 99 end }");
    assert!(err.contains("answered 99"), "{err}");
}

#[test]
fn simulate_says_where_my_robot_ends() {
    let game = yard(2, 1);
    let bot = hostile(
        "return { choose = function(view, d)\n  local program = {}\n  for i = 1, 5 do program[i] = view.hand[i].text end\n  program[6] = 'go'\n  local e = view:simulate(program)\n  assert(e.facing and e.damage and e.flags ~= nil)\n  assert(e.destroyed or (e.x and e.y))\n  return program[1]\nend }",
    );
    let mut bot = bot;
    let answer = bot
        .try_choose(&game)
        .expect("the bot simulates and answers");
    let first = game.hand(0)[0];
    assert_eq!(
        game.legal(answer).map(|a| game.answer_text(a)),
        Some(first.to_string())
    );
}

#[test]
fn simulate_stops_after_the_phases_asked() {
    // The yard's start [0, 11] is open floor: a rotation in register 1
    // turns the robot in place, whatever the random cards after it do.
    let (game, rotation) = (1..40)
        .find_map(|seed| {
            let game = yard(2, seed);
            let card = game
                .hand(0)
                .iter()
                .find(|c| c.to_string().starts_with("rotate_right"))?;
            let text = card.to_string();
            Some((game, text))
        })
        .expect("some deal holds a rotate_right");
    let source = format!(
        "return {{ choose = function(view, d)\n\
           for _ = 1, 20 do\n\
             local e = view:simulate({{ '{rotation}' }}, 1)\n\
             assert(e.x == 0 and e.y == 11 and e.facing == 'E', e.facing)\n\
           end\n\
           return '{rotation}'\n\
         end }}"
    );
    let mut bot = hostile(&source);
    let answer = bot
        .try_choose(&game)
        .expect("every sample ends turned E on the start");
    assert_eq!(
        game.legal(answer).map(|a| game.answer_text(a)),
        Some(rotation)
    );
    let err = failure("return { choose = function(view, d)\n  return view:simulate({}, 6)\nend }");
    assert!(
        err.contains("bots/hostile.lua:2: simulate's phases is a whole number from 1 to 5"),
        "{err}"
    );
}

/// Every card priority anywhere in `table` (its `priority` fields).
fn priorities(table: &Table, out: &mut Vec<u16>) {
    for (key, value) in table.pairs::<Value, Value>().flatten() {
        match (key, value) {
            (Value::String(k), Value::Integer(p)) if k.to_string_lossy() == "priority" => {
                out.push(p as u16)
            }
            (_, Value::Table(t)) => priorities(&t, out),
            _ => {}
        }
    }
}

#[test]
fn the_view_never_shows_another_seats_hand_or_unrevealed_registers() {
    // Programming: seat 0 fills its registers, then seat 1 decides.
    let mut game = yard(2, 3);
    State::set_stepping(&mut game, true);
    while !matches!(game.decision(), Some(Decision::Card { seat: 1, .. })) {
        let answer = game.legal(0).expect("an answer");
        State::apply(&mut game, answer).expect("legal");
    }
    let mut bot = hostile("return { choose = function() return 1 end }");
    let (view, decision) = tables(&mut bot, &game, 1);
    let mut seen = Vec::new();
    priorities(&view, &mut seen);
    priorities(&decision, &mut seen);
    let mine: Vec<u16> = game
        .hand(1)
        .iter()
        .chain(game.robots()[1].program.iter().flatten())
        .map(|c| c.priority)
        .collect();
    assert!(!seen.is_empty());
    for p in &seen {
        assert!(mine.contains(p), "the view shows card {p}, not seat 1's");
    }
    let theirs: Vec<u16> = game.robots()[0]
        .program
        .iter()
        .flatten()
        .map(|c| c.priority)
        .collect();
    assert_eq!(theirs.len(), 5, "seat 0 programmed");
    let robots: Table = view.get("robots").expect("robots");
    let red: Table = robots.get(1).expect("red");
    let registers: Table = red.get("registers").expect("registers");
    for r in 1..=5 {
        assert_eq!(
            registers.get::<Value>(r).expect("a register"),
            Value::Boolean(false)
        );
    }
    // Stepping, once the first phase's cards are revealed, seat 0's first
    // register shows, and its later ones still do not.
    while !(game.turn_phase().1 == Some(1) && game.turn_phase().2 != "reveal") {
        let answer = game.legal(0).expect("an answer");
        State::apply(&mut game, answer).expect("legal");
    }
    let (view, _) = tables(&mut bot, &game, 1);
    let robots: Table = view.get("robots").expect("robots");
    let red: Table = robots.get(1).expect("red");
    let registers: Table = red.get("registers").expect("registers");
    let first: Table = registers.get(1).expect("register 1 is shown");
    assert_eq!(first.get::<u16>("priority").expect("a card"), theirs[0]);
    for r in 2..=5 {
        assert_eq!(
            registers.get::<Value>(r).expect("a register"),
            Value::Boolean(false)
        );
    }
}

#[test]
fn a_roborally_bot_refuses_a_twin_tin_bots_game() {
    let started = crate::games::twin_tin_bots::seam::TYPE
        .start(&GameOptions::default())
        .expect("a game of Twin Tin Bots");
    let mut bot = built_in("racer", 1);
    let err = bot.choose(started.game.as_ref()).expect_err("refused").0;
    assert!(
        err.contains("bot racer (<built-in>/scripts/roborally/bots/racer.lua) plays RoboRally, not twin-tin-bots"),
        "{err}"
    );
}

#[test]
fn bots_are_named_per_game() {
    let rr = &crate::games::roborally::seam::TYPE;
    let racer = BotSpec::Named("racer".into());
    assert!(racer.make_for(rr, 1).is_ok());
    let err = racer
        .make_for(&crate::games::twin_tin_bots::seam::TYPE, 1)
        .err()
        .expect("Twin Tin Bots has no racer")
        .to_string();
    assert!(err.contains("racer"), "{err}");
    // Twin Tin Bots' greedy is not a RoboRally bot.
    assert!(BotSpec::Named("greedy".into()).make_for(rr, 1).is_err());
}

#[test]
fn roborally_api_stubs_are_generated_from_the_description() {
    let path = std::path::Path::new(api::STUBS);
    crate::script::api::check_stubs(&api::API, path).unwrap_or_else(|e| panic!("{e}"));
    // The costs the doc of simulate names are the real ones.
    let simulate = api::API.class("RrView").expect("RrView").methods[0];
    for figure in [
        format!("{SIMULATION_COST} per call"),
        format!("{SIMULATION_ANSWER_COST} per answer"),
        format!("at most {MAX_SIMULATIONS} calls"),
    ] {
        assert!(simulate.doc.contains(&figure), "{figure}");
    }
}

/// The keys of `table`, each with whether its value is a function.
fn keys_of(table: &Table) -> Vec<(String, bool)> {
    table
        .pairs::<String, Value>()
        .map(|pair| {
            let (key, value) = pair.expect("string keys");
            (key, matches!(value, Value::Function(_)))
        })
        .collect()
}

/// Checks `keys` (with whether each is a function) against the class
/// `class` of the API: each is described (a function as a method), and
/// each described field that is not optional, and each method, is there.
fn assert_described(keys: &[(String, bool)], class: &str) {
    let described = api::API.class(class).expect("the class is described");
    for (key, function) in keys {
        let known = if *function {
            described.methods.iter().any(|m| m.name == key)
        } else {
            described.fields.iter().any(|f| f.0 == key)
        };
        assert!(known, "{class}.{key} is not in {}", api::API.source);
    }
    let seen = |name: &str| keys.iter().any(|(k, _)| k == name);
    for (name, ty, _) in described.fields {
        let optional = ty.ends_with('?') || ty.ends_with("|nil");
        assert!(
            optional || seen(name),
            "{class}.{name} is described but missing"
        );
    }
    for m in described.methods {
        assert!(seen(m.name), "{class}:{} is described but missing", m.name);
    }
}

#[test]
fn the_tables_a_bot_gets_are_the_described_ones() {
    let game = yard(2, 5);
    let mut bot = hostile(
        "local function keys(t)\n\
           local k = {}\n\
           for key in pairs(t) do k[#k + 1] = key end\n\
           return table.concat(k, ',')\n\
         end\n\
         return { choose = function(view, d)\n\
           print(keys(view:simulate({})))\n\
           print(keys(view.board:square(view.robots[1].x, view.robots[1].y)))\n\
           return 1\n\
         end }",
    );
    let (view, decision) = tables(&mut bot, &game, 0);
    assert_described(&keys_of(&view), "RrView");
    assert_described(&keys_of(&decision), "RrDecision");
    let board: Table = view.get("board").expect("board");
    assert_described(&keys_of(&board), "RrBoard");
    let robots: Table = view.get("robots").expect("robots");
    let robot: Table = robots.get(1).expect("a robot");
    assert_described(&keys_of(&robot), "RrRobot");
    let archive: Table = robot.get("archive").expect("archive");
    assert_described(&keys_of(&archive), "RrPoint");
    let hand: Table = view.get("hand").expect("hand");
    let card: Table = hand.get(1).expect("a card");
    assert_described(&keys_of(&card), "RrCard");
    let flags: Table = board.get("flags").expect("flags");
    let flag: Table = flags.get(1).expect("a flag");
    assert_described(&keys_of(&flag), "RrFlag");
    // What the natives return, read from inside a call.
    bot.try_choose(&game).expect("the probe answers");
    let output = bot.take_output();
    let lines: Vec<Vec<(String, bool)>> = output
        .lines()
        .map(|line| line.split(',').map(|k| (k.to_string(), false)).collect())
        .collect();
    assert_eq!(lines.len(), 2, "{output}");
    assert_described(&lines[0], "RrEnding");
    assert_described(&lines[1], "RrSquare");
}

#[test]
fn simulations_reading_huge_tables_are_charged_for_them() {
    // A standing table of 100 000 entries read by each of the decision's
    // thousand simulations was free: 1e8 entries read natively. Each entry
    // is now charged, and the budget stops the script at its line (the
    // line of the reads: free reads would run out the budget, if at all,
    // elsewhere).
    let err = failure_with(
        "return { choose = function(view, d)\n  local standing = {}\n  for i = 1, 100000 do standing['k' .. i] = 'skip' end\n  for _ = 1, 1000 do view:simulate({ d.answers[1] }, nil, standing) end\nend }",
        10_000_000,
    );
    assert!(
        err.contains("bots/hostile.lua:4: instruction budget"),
        "{err}"
    );
}

/// A bot made for a new game ([`crate::script::LuaBot::renew`]) keeps
/// nothing of the last one: not a global, not a module's table, not the
/// place its generator had reached.
#[test]
fn a_renewed_bot_starts_afresh_and_plays_as_a_new_one() {
    let source = "counted = (counted or 0) + 1\n\
                  return { choose = function(view, d)\n\
                    seen = (seen or 0) + 1\n\
                    print(counted, seen, math.random(1000))\n\
                    return 1\n\
                  end }";
    let game = yard(2, 5);
    let mut bot = hostile(source);
    bot.seed(9).expect("seeded");
    bot.try_choose(&game).expect("answers");
    bot.try_choose(&game).expect("answers");
    let first_game = bot.take_output();
    assert!(
        bot.renew(9).expect("renewed"),
        "a bot that did not fail renews"
    );
    bot.try_choose(&game).expect("answers");
    bot.try_choose(&game).expect("answers");
    assert_eq!(
        bot.take_output(),
        first_game,
        "the second game plays as the first"
    );
    let lines: Vec<&str> = first_game.lines().collect();
    assert!(
        lines[0].starts_with("1\t1\t") && lines[1].starts_with("1\t2\t"),
        "{first_game}"
    );
    // A bot whose script failed is not renewed.
    let mut failing = hostile("return { choose = function() error('no') end }");
    assert!(failing.try_choose(&game).is_err());
    assert!(
        !failing.renew(9).expect("no error"),
        "a failed bot is made anew"
    );
}

/// A view or decision kept past its call is never read with another
/// decision's data: a field not built in its own call is an error at the
/// script's line saying it is stale.
#[test]
fn a_view_kept_from_an_earlier_decision_is_stale() {
    let game = yard(2, 5);
    let mut bot = hostile(
        "local kept\n\
         return { choose = function(view, d)\n\
           if kept then return #kept.answers end\n\
           kept = d\n\
           return 1\n\
         end }",
    );
    bot.try_choose(&game)
        .expect("the first call keeps the decision");
    let err = bot.try_choose(&game).expect_err("stale").to_string();
    assert!(err.contains("hostile.lua:3:"), "{err}");
    assert!(err.contains("this decision is stale"), "{err}");
    // A field read in its own call stays readable (a plain value); the
    // answers, a list read on demand, are stale with their decision.
    let mut bot = hostile(
        "local kept\n\
         return { choose = function(view, d)\n\
           if kept then print(kept.kind); return #kept.answers end\n\
           kept = d; local k, n = d.kind, #d.answers\n\
           return 1\n\
         end }",
    );
    bot.try_choose(&game).expect("keeps the decision");
    let err = bot.try_choose(&game).expect_err("stale").to_string();
    assert_eq!(
        bot.take_output(),
        "card\n",
        "the kind read in its call stays"
    );
    assert!(err.contains("hostile.lua:3:"), "{err}");
    assert!(err.contains("this answers list is stale"), "{err}");
}

/// `pairs` over a view sees every field, built or not; the metatable
/// that builds them is out of a script's reach.
#[test]
fn pairs_sees_every_field_and_the_metatable_is_hidden() {
    let game = yard(2, 5);
    // The view's lazily built fields and `search`, which the bot sets on
    // every view itself (`script::bot`). A field with no value here (no
    // phase between turns) is nil both ways.
    let names: Vec<String> = super::view::VIEW_FIELDS
        .iter()
        .chain(std::iter::once(&"search"))
        .map(|k| format!("{k:?}"))
        .collect();
    let mut bot = hostile(&format!(
        "return {{ choose = function(view, d)\n\
           local n, m = 0, 0\n\
           for k in pairs(view) do n = n + 1 end\n\
           for _, k in ipairs({{ {} }}) do if view[k] ~= nil then m = m + 1 end end\n\
           print(n, m, getmetatable(view), pcall(setmetatable, d, {{}}))\n\
           return 1\n\
         end }}",
        names.join(", ")
    ));
    bot.try_choose(&game).expect("answers");
    let out = bot.take_output();
    let fields: Vec<&str> = out.trim_end().split('\t').collect();
    let count = |i: usize| fields[i].parse::<usize>().expect("a count");
    assert_eq!(
        count(0),
        count(1),
        "pairs sees exactly the fields read by name: {out}"
    );
    assert!(count(1) >= 10, "{out}");
    assert_eq!(fields[2], "view", "{out}");
    assert_eq!(fields[3], "false", "{out}");
}
