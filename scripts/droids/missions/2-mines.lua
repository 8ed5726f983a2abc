-- Mission 2, mine clearing (seed 003_4ed30270cd5960fb.txt, lines 149-165):
-- repair robots leave mines behind them; a mine explodes under a player's
-- robot (one register blocked, the player's choice) or harmlessly under a
-- repair robot, and is then gone; a robot carrying a mine rolls the die
-- for every square it crosses, and on a 0 the mine explodes in its arms
-- (two registers blocked). The last robot on the board wins (line 151:
-- the engine's own rule). Our readings are in docs/droids.md.

local function is_grey(name) return string.sub(name, 1, 5) == "grey." end

return {
  -- Line 155: each time a repair robot moves it leaves a mine on the square
  -- it moved from (ours: once an order, if that square is free of pieces
  -- and robots).
  order_done = function(game, event)
    local from, robot = event.from, game.robots[event.robot]
    if not is_grey(event.robot) or not from then return end
    if robot.x == from.x and robot.y == from.y then return end
    if game:piece(from.x, from.y) == nil and game:robot_at(from.x, from.y) == nil then
      game:set_piece(from.x, from.y, "mine")
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
    game:set_piece(to.x, to.y, nil)
    if is_grey(name) then
      -- Line 159: a repair robot sets it off without damage.
      game:say("a mine explodes under " .. name .. ", no damage (seed line 159)")
    elseif game.starts[name] then
      -- Lines 157-158, 161: one register, the player's choice; the mine is gone.
      game:say("a mine explodes under " .. name .. ": 1 register to block (seed line 157)")
      game:block(name, 1)
    end
  end,
}
