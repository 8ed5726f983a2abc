-- Mission 2, mine clearing (seed 003_4ed30270cd5960fb.txt, lines 149-165):
-- repair robots leave mines behind them; a mine explodes under a player's
-- robot (one register blocked, the player's choice) or harmlessly under a
-- repair robot, and is then gone; a robot carrying a mine rolls the die
-- for every square it crosses, and on a 0 the mine explodes in its arms
-- (two registers blocked). The last robot on the board wins (line 151:
-- the engine's own rule). Our readings are in docs/droids.md; two rules
-- are disputed and played in either reading (`game:ruling`):
-- droids.repair-mines (which moves of a repair robot leave a mine) and
-- droids.mine-pushed (whether a robot pushed or steered onto a mine sets
-- it off).

local function is_grey(name) return string.sub(name, 1, 5) == "grey." end

local function at(square) return "[" .. square.x .. ", " .. square.y .. "]" end

-- How a narration names the ruling a disputed rule was decided by.
local function cite(game, id) return "[ruling " .. id .. ": " .. game:ruling(id) .. "]" end

return {
  -- Line 155: "elke keer een herstelrobot beweegt, laat hij een mijn achter
  -- op startvak": a repair robot that moved leaves a mine on the square it
  -- stood on before the order (ours: once an order, if that square is free
  -- of pieces and robots). Moved by its own grey tile it always does; moved
  -- by another robot's order (pushed or steered) only under the reading
  -- `any-move` of droids.repair-mines.
  order_done = function(game, event)
    for _, m in ipairs(event.moved) do
      if is_grey(m.robot) then
        local own = m.robot == event.robot
        local why = own and "(seed line 155)"
          or "(seed line 155, moved by " .. event.robot .. "'s order) " .. cite(game, "droids.repair-mines")
        if not own and game:ruling("droids.repair-mines") == "own-orders" then
          game:say(m.robot .. " leaves no mine on " .. at(m.from) .. ": only its own orders do " .. why)
        elseif game:piece(m.from.x, m.from.y) == nil and game:robot_at(m.from.x, m.from.y) == nil then
          game:set_piece(m.from.x, m.from.y, "mine")
          game:say(m.robot .. " leaves a mine on " .. at(m.from) .. ", the square it moved from " .. why)
        else
          game:say(m.robot .. " leaves no mine on " .. at(m.from) .. ": the square is taken (ours) " .. why)
        end
      end
    end
  end,

  moved = function(game, event)
    local to, name = event.to, event.robot
    local robot = game.robots[name]
    -- Lines 163-165: a carried mine risks a roll for every square crossed.
    if robot.carrying == "mine" and game:roll() == 0 then
      game:set_carrying(name, nil)
      if game.starts[name] then
        game:say(name .. "'s mine explodes in its arms: 2 registers to block (seed line 165)")
        game:block(name, 2)
      end
    end
    if game:piece(to.x, to.y) ~= "mine" then return end
    -- Line 157: "elke keer een speler op een mijn stapt". A robot moving by
    -- its own order sets it off; one pushed or steered onto it does too
    -- unless droids.mine-pushed is read `stepping-only`.
    local ruled = ""
    if event.pushed or event.steered then
      ruled = " " .. cite(game, "droids.mine-pushed")
      if game:ruling("droids.mine-pushed") == "stepping-only" then
        local how = event.pushed and "pushed" or "steered"
        game:say(name .. " is " .. how .. " onto the mine on " .. at(to)
          .. ", which only a robot stepping on it sets off (seed line 157)" .. ruled)
        return
      end
    end
    game:set_piece(to.x, to.y, nil)
    if is_grey(name) then
      -- Line 159: a repair robot sets it off without damage.
      game:say("a mine explodes under " .. name .. ", no damage (seed line 159)" .. ruled)
    elseif game.starts[name] then
      -- Lines 157-158, 161: one register, the player's choice; the mine is gone.
      game:say("a mine explodes under " .. name .. ": 1 register to block (seed line 157)" .. ruled)
      game:block(name, 1)
    end
  end,
}
