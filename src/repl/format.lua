-- The REPL's printer of `lua` results (src/repl/lua.rs).
--
-- Runs in the REPL's sandbox, in a script environment of its own, under the
-- instruction budget like any script: a table's `__pairs`, `__len` or
-- `__tostring` that loops is stopped by the budget. The chunk returns
-- `format(max_depth, max_items, max_chars, ...)`, which gives the values
-- `...` as one text: several values separated by tabs, strings at the top
-- as they are, tables as Lua constructors (`{1, 2, x = "a"}`), on one line
-- when short, else one entry per line, indented. Read-only API tables
-- (`view`) are listed through their `__pairs`. Nesting deeper than
-- `max_depth` is `{...}`, a table's entries past `max_items` are `...`, and
-- the text stops at about `max_chars` characters with `...`.

local WIDTH = 76

return function(max_depth, max_items, max_chars, ...)
	local used = 0
	local full = false
	local seen = {}

	-- Control characters (ESC first) are shown escaped, never sent to the
	-- terminal.
	local function escape(s)
		return (string.gsub(s, "[%c\127]", function(c)
			if c == "\n" then
				return "\\n"
			elseif c == "\t" then
				return "\\t"
			end
			return string.format("\\%d", string.byte(c))
		end))
	end

	-- Counts `s` against the budget of characters; false once it is spent.
	local function spend(s)
		used = used + #s
		if used > max_chars then
			full = true
		end
		return not full
	end

	local format

	local function key_text(k)
		if type(k) == "string" and string.match(k, "^[%a_][%w_]*$") then
			return k
		end
		return "[" .. format(k, max_depth, "") .. "]"
	end

	-- The keys of `t` (through `__pairs`), in a stable order: the sequence
	-- 1..n first, then the others by type and text.
	local function keys_of(t)
		local n = 0
		while n < max_items and t[n + 1] ~= nil do
			n = n + 1
		end
		-- A sequence cut at `max_items` leaves the rest of it out.
		local cut = n == max_items
		local others = {}
		local count = 0
		local more = false
		for k in pairs(t) do
			if math.type(k) == "integer" and k >= 1 and (k <= n or cut) then
				more = more or k > n
			else
				count = count + 1
				if count > max_items then
					more = true
					break
				end
				others[#others + 1] = k
			end
		end
		table.sort(others, function(a, b)
			local ta, tb = type(a), type(b)
			if ta ~= tb then
				return ta < tb
			end
			if ta == "number" or ta == "string" then
				return a < b
			end
			return tostring(a) < tostring(b)
		end)
		return n, others, more
	end

	local function table_text(t, depth, indent)
		local mt = getmetatable(t)
		if type(mt) == "table" and rawget(mt, "__tostring") then
			return escape(tostring(t))
		end
		if seen[t] then
			return "{<cycle>}"
		end
		if depth >= max_depth then
			local iterate, state, first = pairs(t)
			return iterate(state, first) == nil and "{}" or "{...}"
		end
		seen[t] = true
		local n, others, more = keys_of(t)
		local inner = indent .. "  "
		local parts = {}
		for i = 1, n do
			if full then
				break
			end
			parts[#parts + 1] = format(t[i], depth + 1, inner)
		end
		for _, k in ipairs(others) do
			if full then
				break
			end
			parts[#parts + 1] = key_text(k) .. " = " .. format(t[k], depth + 1, inner)
		end
		if more or full then
			parts[#parts + 1] = "..."
		end
		seen[t] = nil
		local line = "{" .. table.concat(parts, ", ") .. "}"
		if #line + #indent <= WIDTH and not string.find(line, "\n", 1, true) then
			return line
		end
		-- One entry per line, except that short one-line entries share a
		-- line up to the width.
		local lines, current = {}, nil
		for i, part in ipairs(parts) do
			local piece = i < #parts and part .. "," or part
			local alone = string.find(part, "\n", 1, true)
			if current and not alone and #inner + #current + 1 + #piece <= WIDTH then
				current = current .. " " .. piece
			else
				lines[#lines + 1] = current
				current = piece
				if alone then
					lines[#lines + 1] = current
					current = nil
				end
			end
		end
		lines[#lines + 1] = current
		return "{\n" .. inner .. table.concat(lines, "\n" .. inner) .. "\n" .. indent .. "}"
	end

	function format(v, depth, indent)
		if full then
			return "..."
		end
		local kind = type(v)
		local text
		if kind == "string" then
			text = '"' .. escape(string.gsub(v, '[\\"]', "\\%0")) .. '"'
			if #text > max_chars then
				text = string.sub(text, 1, max_chars) .. '..."'
			end
		elseif kind == "table" then
			return table_text(v, depth, indent)
		elseif kind == "number" or kind == "boolean" or kind == "nil" then
			text = tostring(v)
		else
			-- Functions, threads, userdata: what `tostring` says (a
			-- userdata's `__tostring`, or its type name and address).
			text = escape(tostring(v))
		end
		spend(text)
		return text
	end

	local shown = {}
	for i = 1, select("#", ...) do
		local v = select(i, ...)
		if type(v) == "string" then
			-- A string result is shown as it is, like Lua's own REPL
			-- (control characters other than newlines escaped).
			local lines = {}
			for line in string.gmatch(v .. "\n", "(.-)\n") do
				lines[#lines + 1] = escape(line)
			end
			local text = table.concat(lines, "\n")
			if #text > max_chars then
				text = string.sub(text, 1, max_chars) .. "..."
			end
			spend(text)
			shown[i] = text
		else
			shown[i] = format(v, 0, "")
		end
	end
	return table.concat(shown, "\t")
end
