-- Extra Memory (004_11511d35c714bcd0.txt:504): one more program card a
-- turn (drawn once the hand is dealt); the robot is still destroyed at
-- ten damage.
return {
  hand = function(game, event)
    game:draw(event.robot, 1)
    return nil
  end,
}
