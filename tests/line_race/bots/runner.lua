-- Line Race: put a jump in the first slot that does not hold one;
-- otherwise keep.
return {
  name = "runner",
  choose = function(view, decision)
    for slot = 1, 3 do
      if view.program[slot] ~= "jump" then
        local answer = "slot " .. slot .. " jump"
        for _, legal in ipairs(decision.answers) do
          if legal == answer then return answer end
        end
      end
    end
    return "keep"
  end,
}
