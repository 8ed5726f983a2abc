//! The Lua view API: fields, decisions, lookahead (`simulate`, `apply`,
//! `rollout`, `resample`), its limits, and proof that nothing reachable from
//! a view reveals what the player may not know.

use tinbots::games::twin_tin_bots::game::{Game, Position};
use tinbots::games::twin_tin_bots::lua::LuaBot;
use tinbots::games::twin_tin_bots::setup::Setup;
use tinbots::script::{BotError, Sandbox, SandboxLimits};

fn position(players: usize, seed: u64) -> Position {
    Setup::standard(players).unwrap().position(seed)
}

fn game(players: usize, seed: u64) -> Game {
    Game::new(&position(players, seed)).unwrap()
}

fn bot(source: &str) -> LuaBot {
    LuaBot::from_source("test.lua", source, Sandbox::new().unwrap())
        .unwrap_or_else(|e| panic!("{e}"))
}

/// The text of legal answer `i` of `game`.
fn text_of(game: &Game, i: usize) -> String {
    game.answer_text(game.legal_answer(i).expect("an index below the count"))
}

/// The bot's answer and what it printed.
fn ask(source: &str, game: &Game) -> (Result<String, BotError>, String) {
    let mut b = bot(source);
    let answer = b.try_choose(game).map(|i| text_of(game, i));
    (answer, b.take_output())
}

#[test]
fn a_view_has_the_fields_of_the_player_view_and_the_decision_its_answers() {
    let g = game(3, 4);
    let (answer, printed) = ask(
        r#"return { choose = function(view, decision)
            print(view.me, view.turn, view.active, #view.robots, #view.players,
                  #view.hand, view.track_length, view.special_deck_length, view.over)
            print(decision.kind, decision.player, #decision, decision.count,
                  decision[1] == decision.answers[1], #decision.answers == #decision)
            print(view.robots[1].id, view.robots[1].at[1], view.robots[1].facing)
            return decision[#decision]
        end }"#,
        &g,
    );
    let legal = g.legal_answer_list();
    assert_eq!(
        answer.unwrap(),
        g.answer_text(*legal.last().unwrap()),
        "decision[#decision] is the last answer"
    );
    let lines: Vec<&str> = printed.lines().collect();
    let v = g.view(0);
    assert_eq!(
        lines[0],
        format!(
            "red\t1\tred\t6\t3\t{}\t{}\t{}\tfalse",
            v.hand.len(),
            v.track_length,
            v.special_deck_length
        )
    );
    assert_eq!(
        lines[1],
        format!("program_change\tred\t{n}\t{n}\ttrue\ttrue", n = legal.len())
    );
    let r = &v.robots[0];
    assert_eq!(lines[2], format!("{}\t{}\t{}", r.id, r.at.q, r.facing));
}

#[test]
fn simulate_looks_ahead_without_touching_the_game() {
    let g = game(2, 1);
    let before = format!("{:?}", g.view(0));
    let (answer, printed) = ask(
        r#"return { choose = function(view, decision)
            -- Red's first turn: two placements, then blue is to move.
            local a = view:simulate(1)
            print(a.decision.kind, a.decision.player, a.turn)
            local b = a:simulate(1)
            print(b.decision.player, b.turn, view.turn, view.decision.player)
            -- apply changes a simulated view in place.
            local c = view:simulate(1)
            c:apply(1)
            print(c.turn, c.decision.player)
            -- A rollout plays on at random; the real game is not changed.
            local r = view:rollout(10)
            print(r.turn >= 10 or r.over, view.turn)
            local far = view:rollout()
            print(far.over, #far.winners > 0)
            return 1
        end }"#,
        &g,
    );
    answer.unwrap();
    let lines: Vec<&str> = printed.lines().collect();
    assert_eq!(
        lines[0], "program_change\tred\t1",
        "first-turn second placement"
    );
    assert_eq!(lines[1], "blue\t2\t1\tred");
    assert_eq!(lines[2], "2\tblue");
    assert_eq!(lines[3], "true\t1");
    assert_eq!(lines[4], "true\ttrue");
    assert_eq!(format!("{:?}", g.view(0)), before);
}

#[test]
fn lookahead_mistakes_are_errors_at_the_script_line() {
    let g = game(2, 1);
    let cases = [
        (
            "return { choose = function(view, d)\n  view:apply(1)\nend }",
            "test.lua:2: the real game cannot be changed from a script",
        ),
        (
            "return { choose = function(view, d)\n\n  return view:simulate('jump')\nend }",
            "test.lua:3: cannot simulate answer \"jump\", which is not one of the legal answers",
        ),
        (
            "return { choose = function(view, d)\n  view:simulate(10000)\nend }",
            "test.lua:2: cannot simulate answer index 10000",
        ),
    ];
    for (source, expected) in cases {
        let (answer, _) = ask(source, &g);
        let message = answer.unwrap_err().to_string();
        assert!(message.contains(expected), "{message}\nwanted: {expected}");
    }
}

#[test]
fn lookahead_is_paid_for_in_the_instruction_budget_and_bounded_in_memory() {
    let g = game(2, 1);
    let mut sandbox = Sandbox::new().unwrap();
    sandbox
        .set_limits(SandboxLimits {
            instructions: 1_000_000,
            ..SandboxLimits::default()
        })
        .unwrap();
    let mut b = LuaBot::from_source(
        "greedy_loop.lua",
        "return { choose = function(view)\n  while true do view:rollout(50) end\nend }",
        sandbox,
    )
    .unwrap();
    let message = b.try_choose(&g).unwrap_err().to_string();
    assert!(message.contains("instruction budget"), "{message}");

    let (answer, _) = ask(
        "return { choose = function(view)\n  local keep = {}\n  for i = 1, 1e9 do keep[i] = view:simulate(1) end\nend }",
        &g,
    );
    let message = answer.unwrap_err().to_string();
    assert!(
        message.contains("test.lua:3: too many simulated views alive"),
        "{message}"
    );
    // Views that are dropped are collected: many simulations in a row are fine.
    let (answer, _) = ask(
        "return { choose = function(view)\n  for i = 1, 30000 do local v = view:simulate(1) end\n  return 1\nend }",
        &g,
    );
    answer.unwrap();
}

/// A script that prints everything a view exposes: its fields, the
/// decision's answers, and views reached by every lookahead method.
const WALKER: &str = r#"
local FIELDS = { "me", "arena_radius", "robots", "crystals", "bases", "players",
  "hand", "track_length", "special_deck_length", "active", "turn", "end_phase",
  "counters", "score_to_win", "decision", "over", "winners" }

local function dump(prefix, v, depth)
  if type(v) == "table" then
    local keys = {}
    for k in pairs(v) do keys[#keys + 1] = k end
    table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
    for _, k in ipairs(keys) do dump(prefix .. "." .. tostring(k), v[k], depth + 1) end
  else
    print(prefix .. " = " .. tostring(v))
  end
end

local function walk(name, view, depth)
  for _, f in ipairs(FIELDS) do dump(name .. "." .. f, view[f], 0) end
  local legal = view:legal()
  print(name .. ":legal " .. legal.kind .. " " .. #legal)
  dump(name .. ":legal.answers", legal.answers, 0)
  if depth == 0 then return end
  for i = 1, math.min(#legal, 4) do
    walk(name .. ">" .. i, view:simulate(i), depth - 1)
  end
  walk(name .. "~rollout", view:rollout(30), depth - 1)
  walk(name .. "~resample", view:resample(), depth - 1)
end

return { choose = function(view, decision)
  walk("view", view, 2)
  dump("decision.answers", decision.answers, 0)
  return math.random(#decision)
end }
"#;

#[test]
fn nothing_reachable_from_a_view_tells_games_apart_that_differ_in_hidden_things() {
    for (players, seed) in [(2, 3), (4, 5), (6, 2)] {
        // Red cannot tell these two games apart: blue's special is exchanged
        // with the top of the deck, and the track is reversed.
        let real = position(players, seed);
        let mut other = real.clone();
        let blue_special = other.players[1]
            .hand
            .iter()
            .find(|t| t.is_special())
            .unwrap();
        let top = other.special_deck[0];
        other.players[1].hand.take(blue_special);
        other.players[1].hand.add(top);
        other.special_deck[0] = blue_special;
        other.track.reverse();
        assert_ne!(
            real.track, other.track,
            "the track has two kinds of crystals"
        );

        let mut walks = Vec::new();
        for p in [&real, &other] {
            let g = Game::new(p).unwrap();
            let mut b = bot(WALKER);
            b.seed(seed).unwrap();
            let answer = b.try_choose(&g).unwrap();
            walks.push((text_of(&g, answer), b.take_output()));
        }
        let (a, b) = (&walks[0], &walks[1]);
        assert!(
            a.1.lines().count() > 1000,
            "the walk reaches far: {}",
            a.1.len()
        );
        assert!(a.1.contains("view>1>1.turn"), "simulations are walked");
        assert!(a.1.contains("view~rollout.turn = "), "rollouts are walked");
        assert_eq!(a.0, b.0, "{players} players: the same answer");
        if a.1 != b.1 {
            let diff =
                a.1.lines()
                    .zip(b.1.lines())
                    .find(|(x, y)| x != y)
                    .unwrap_or(("(length)", "(length)"));
            panic!("{players} players: a view tells the games apart: {diff:?}");
        }
    }
}

#[test]
fn seeding_makes_a_lua_bot_reproducible_and_seats_different() {
    let g = game(4, 2);
    let answers = |seed: u64| {
        let mut b = bot("return { choose = function(v, d) return math.random(#d) end }");
        b.seed(seed).unwrap();
        (0..5)
            .map(|_| text_of(&g, b.try_choose(&g).unwrap()))
            .collect::<Vec<_>>()
    };
    assert_eq!(answers(7), answers(7));
    assert_ne!(answers(7), answers(8));
}
