-- Trusted setup code of the script sandbox (src/script/sandbox.rs).
--
-- Run once, in the main state of a new Sandbox, before any script; never seen
-- by scripts. It captures the raw standard functions in upvalues (scripts
-- cannot reach upvalues: there is no `debug` library) and returns two
-- helpers: `new_env()`, the fresh global table of one script,
-- `set_api(name, table)`, which installs a read-only view of `table` as the
-- global `name` of every script environment, present and future,
-- `object(name, methods)`, a read-only object with those methods, and
-- `readonly(table, name)`, a read-only view of a table, and `forget()`,
-- which forgets the modules `require` has run (they run again in fresh
-- environments when next required) and reseeds the random generator.
--
-- Arguments: the captured `print`, `aborted()`, which tells whether the
-- current call has been stopped (instruction budget spent),
-- `find_module(name)`, which returns the path and source of the module a
-- script requires (only in the requiring script's folder or below; see
-- `find_module` in sandbox.rs), and `native`, whose `charge(n)` charges n
-- instructions of work done in C to the call's budget and whose
-- `charge_match(s, p, init)` refuses a pattern match that could backtrack
-- past the budget (see `native_functions` in sandbox.rs).

local print_fn, aborted, find_module = ...
local native = select(4, ...)
local load_chunk = load

local assert, error, ipairs, next, pairs, pcall, xpcall, rawequal, rawget, rawlen, rawset, select, getmetatable, setmetatable, tonumber, tostring, type, collectgarbage =
	assert, error, ipairs, next, pairs, pcall, xpcall, rawequal, rawget, rawlen, rawset, select, getmetatable, setmetatable, tonumber, tostring, type, collectgarbage
local co_resume, co_close = coroutine.resume, coroutine.close

-- Bytecode can crash the VM: no way to produce it (the string metatable's
-- __index is this very table, so removing the field is the only sure way).
string.dump = nil
-- Scripts may not reach (and so modify) the string metatable, which is shared.
getmetatable("").__metatable = "string"
-- One fixed seed, so that the same game replays the same.
local m_randomseed = math.randomseed
m_randomseed(0)

local MEMERR = "not enough memory"

-- Passes on the results of a protected call, unless the call failed because
-- the sandbox is stopping this script (budget spent, or out of memory): then
-- the error goes on up, so no `pcall` can swallow it.
local function pass(ok, ...)
	if not ok then
		local e = ...
		if e == MEMERR or aborted() then
			error(e, 0)
		end
	end
	return ok, ...
end

-- Passes on the results of a wrapped C function (which runs no script code),
-- its errors located at the script line that called the wrapper. Wrappers
-- tail-call it, so level 2 is the wrapper's caller.
local function blame_caller(ok, ...)
	if ok then
		return ...
	end
	local e = ...
	if e == MEMERR then
		error(e, 0)
	end
	error((string.gsub(tostring(e), "^sandbox prelude:%d+: ", "")), 2)
end

-- Library functions that loop in C, where the instruction hook never
-- looks, are wrapped: each charges its work to the call's budget (before
-- the call when the work is not bounded by memory: a count, a range, a
-- shift, a pattern's backtracking; after it, by the size of the result,
-- when it is), so a script cannot hang the engine in one C call.
local charge, charge_match, memory_limit = native.charge, native.charge_match, native.memory_limit
local math_tointeger, s_gsub = math.tointeger, string.gsub
local s_format, t_concat = string.format, table.concat

-- One instruction of budget for this many bytes handled in C.
local BYTES_PER_INSTRUCTION = 64

-- Like `blame_caller`, naming `name` where Lua could not (the raw function
-- is no longer in its library table).
local function blame(name, ok, ...)
	if ok then
		return ...
	end
	local e = ...
	if type(e) == "string" then
		e = s_gsub(e, "to '%?'", "to '" .. name .. "'")
	end
	return blame_caller(false, e)
end

-- The byte length of a string argument (numbers become strings), else 0.
local function size(v)
	local t = type(v)
	if t == "string" then
		return #v
	elseif t == "number" then
		return #tostring(v)
	end
	return 0
end

local function charge_bytes(n)
	charge(n / BYTES_PER_INSTRUCTION + 1)
end

-- Charges the size of what a call returned (its first value's bytes, one
-- for each value), then passes it on.
local function charge_result(name, ok, ...)
	if ok then
		charge_bytes(size((...)) + select("#", ...))
	end
	return blame(name, ok, ...)
end

-- `#t` as the table library sees it (`__len` honoured), or nil.
local function length(t)
	if type(t) ~= "table" then
		return nil
	end
	-- A float with an integer value counts: the library converts it.
	return math_tointeger(#t)
end

local function number(v)
	if type(v) == "number" then
		return v
	end
	return nil
end

-- Wraps `lib[name]`: `before(...)` charges what the call will cost; the
-- result's size is charged after it.
local function wrap(lib, libname, name, before)
	local raw = lib[name]
	local qualified = libname .. "." .. name
	lib[name] = function(...)
		if before then
			before(...)
		end
		return charge_result(qualified, pcall(raw, ...))
	end
end

-- A pattern function's subject and pattern, if they are strings to match.
local function matchable(s, p)
	local ts, tp = type(s), type(p)
	return (ts == "string" or ts == "number") and (tp == "string" or tp == "number")
end

wrap(string, "string", "rep", function(s, n, sep)
	n = number(n)
	if n and n > 0 then
		local bytes = n * (size(s) + size(sep))
		if bytes > memory_limit() then
			error(MEMERR, 0)
		end
		-- Each repetition is a step, even of an empty string.
		charge((n + bytes) / BYTES_PER_INSTRUCTION)
	end
end)
wrap(string, "string", "find", function(s, p, init, plain)
	if matchable(s, p) then
		if plain then
			charge(size(s) * size(p) / BYTES_PER_INSTRUCTION + 1)
		else
			charge_match(s, p, number(init))
		end
	end
end)
for _, name in ipairs({ "match", "gmatch" }) do
	wrap(string, "string", name, function(s, p, init)
		if matchable(s, p) then
			charge_match(s, p, number(init))
		end
	end)
end
wrap(string, "string", "gsub", function(s, p)
	if matchable(s, p) then
		charge_match(s, p, nil)
	end
end)
for _, name in ipairs({ "format", "upper", "lower", "reverse", "sub", "byte", "char", "pack", "unpack" }) do
	wrap(string, "string", name)
end
for _, name in ipairs({ "char", "len", "offset", "codepoint" }) do
	wrap(utf8, "utf8", name, function(s)
		charge_bytes(size(s))
	end)
end

-- Table functions: a range or a shift is paid for before it is made.
local function range(i, j)
	i, j = number(i), number(j)
	if i and j and j >= i then
		charge(j - i + 1)
	end
end
wrap(table, "table", "move", function(_, f, e)
	range(f, e)
end)
wrap(table, "table", "unpack", function(t, i, j)
	range(number(i) or 1, number(j) or length(t))
end)
wrap(table, "table", "concat", function(t, _, i, j)
	range(number(i) or 1, number(j) or length(t))
end)
wrap(table, "table", "insert", function(t, ...)
	if select("#", ...) >= 2 then
		local pos, n = number((...)), length(t)
		if pos and n then
			range(pos, n + 1)
		end
	end
end)
wrap(table, "table", "remove", function(t, pos)
	local n = length(t)
	if n then
		range(number(pos) or n, n)
	end
end)
wrap(table, "table", "sort", function(t)
	local n = length(t)
	if n and n > 1 then
		charge(n * math.log(n, 2))
	end
end)

local raw_tonumber = tonumber
local function charged_tonumber(v, base)
	charge_bytes(size(v))
	return blame("tonumber", pcall(raw_tonumber, v, base))
end

-- Read-only views (proxies) of API tables, one per table, nested tables
-- included.
local readonly_name = setmetatable({}, { __mode = "k" }) -- proxy -> name
local proxy_of = setmetatable({}, { __mode = "k" }) -- table -> proxy

local function readonly(t, name)
	local p = proxy_of[t]
	if p then
		return p
	end
	p = {}
	local function view(k, v)
		if type(v) == "table" then
			return readonly(v, name .. "." .. tostring(k))
		end
		return v
	end
	setmetatable(p, {
		__index = function(_, k)
			return view(k, t[k])
		end,
		__newindex = function()
			error("API table `" .. name .. "` is read-only", 2)
		end,
		__len = function()
			return #t
		end,
		__pairs = function()
			return function(_, k)
				local k2, v = next(t, k)
				return k2, view(k2, v)
			end, p, nil
		end,
		__metatable = "read-only",
	})
	proxy_of[t] = p
	readonly_name[p] = name
	return p
end

local base = {
	assert = assert,
	error = error,
	getmetatable = getmetatable,
	ipairs = ipairs,
	next = next,
	pairs = pairs,
	print = print_fn,
	rawequal = rawequal,
	rawget = rawget,
	rawlen = rawlen,
	select = select,
	tonumber = charged_tonumber,
	tostring = tostring,
	type = type,
	_VERSION = _VERSION,
	pcall = function(f, ...)
		return pass(pcall(f, ...))
	end,
	xpcall = function(f, handler, ...)
		return pass(xpcall(f, handler, ...))
	end,
	rawset = function(t, k, v)
		local name = readonly_name[t]
		if name then
			error("API table `" .. name .. "` is read-only", 2)
		end
		return blame_caller(pcall(rawset, t, k, v))
	end,
	-- A __gc finalizer runs with hooks off, out of reach of the budget.
	setmetatable = function(t, mt)
		if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
			error("__gc metamethods are not allowed in scripts", 2)
		end
		return blame_caller(pcall(setmetatable, t, mt))
	end,
	collectgarbage = function(opt)
		if opt == "count" then
			return collectgarbage("count")
		end
		error('collectgarbage: only collectgarbage("count") is allowed in scripts', 2)
	end,
}

local libs = { string = string, table = table, math = math, utf8 = utf8, coroutine = coroutine }
local overrides = {
	coroutine = {
		resume = function(co, ...)
			return pass(co_resume(co, ...))
		end,
		close = function(co)
			return pass(co_close(co))
		end,
	},
}

local envs = setmetatable({}, { __mode = "k" })
local api = {}

-- `copier(t, slots)`: a function that returns a new table holding the
-- fields `t` has now, and `false` under each name of `slots`, made by one
-- table constructor: the table is sized once, where a loop of assignments
-- grows it step by step (every script load and every restart copies the
-- same base and libraries).
local function copier(t, slots)
	local values, fields, n = {}, {}, 0
	local function field(k, v)
		n = n + 1
		values[n] = v
		fields[n] = s_format("[%q] = v[%d]", k, n)
	end
	for k, v in next, t do
		field(k, v)
	end
	for _, k in ipairs(slots) do
		field(k, false)
	end
	local source = "local v = ... return function() return { " .. t_concat(fields, ", ") .. " } end"
	return load_chunk(source, "=sandbox copier", "t")(values)
end

-- The copiers of the base and of each library (with its overrides), made
-- at the first `new_env()`, once the prelude has finished them.
local copy_base, copy_libs

local function new_env()
	if not copy_base then
		local names = { "_G" }
		copy_libs = {}
		for name, lib in next, libs do
			names[#names + 1] = name
			local merged = {}
			for k, v in next, lib do
				merged[k] = v
			end
			for k, v in next, overrides[name] or {} do
				merged[k] = v
			end
			copy_libs[name] = copier(merged, {})
		end
		copy_base = copier(base, names)
	end
	local env = copy_base()
	-- Each script gets its own copy of each library table, so that changing
	-- `string.format` in one script changes nothing in another.
	for name, copy in next, copy_libs do
		env[name] = copy()
	end
	for name, p in next, api do
		env[name] = p
	end
	env._G = env
	envs[env] = true
	return env
end

-- `require(name)`: runs the module `name` (`lib.util` is `lib/util.lua`
-- next to the requiring script) once, in its own environment, and returns
-- what it returned (true for nothing).
local loaded, loading = {}, {}
function base.require(name)
	if type(name) ~= "string" then
		error("require: expected a module name, got " .. type(name), 2)
	end
	local path, source = find_module(name)
	local value = loaded[path]
	if value ~= nil then
		return value
	end
	if loading[path] then
		error("require: `" .. name .. "` requires itself (a cycle through " .. path .. ")", 2)
	end
	local chunk, err = load_chunk(source, "@" .. path, "t", new_env())
	if not chunk then
		error(err, 0)
	end
	loading[path] = true
	local ok, result = pcall(chunk, name)
	loading[path] = nil
	if not ok then
		error(result, 0)
	end
	if result == nil then
		result = true
	end
	loaded[path] = result
	return result
end

local function set_api(name, t)
	local p = readonly(t, name)
	api[name] = p
	for env in next, envs do
		env[name] = p
	end
end

-- `object(name, methods)`: a read-only object of the API (the `Game` a
-- variant hook gets): an empty table whose reads go to `methods` (and on
-- to `methods`' own metatable, for computed fields), whose writes raise
-- an error (`rawset` included), and whose metatable is hidden. A method
-- is found with one table lookup and no script code.
local function object(name, methods)
	local p = setmetatable({}, {
		__index = methods,
		__newindex = function()
			error("`" .. name .. "` is read-only", 2)
		end,
		__metatable = name,
	})
	readonly_name[p] = name
	return p
end

-- `forget()`: the modules required so far are forgotten and the random
-- generator starts again from its seed, as in a new sandbox (for a
-- sandbox reused by a new game: `Sandbox::restart`).
local function forget()
	loaded, loading = {}, {}
	m_randomseed(0)
end

return new_env, set_api, object, readonly, forget
