-- Trusted setup code of the script sandbox (src/script/sandbox.rs).
--
-- Run once, in the main state of a new Sandbox, before any script; never seen
-- by scripts. It captures the raw standard functions in upvalues (scripts
-- cannot reach upvalues: there is no `debug` library) and returns two
-- helpers: `new_env()`, the fresh global table of one script,
-- `set_api(name, table)`, which installs a read-only view of `table` as the
-- global `name` of every script environment, present and future,
-- `object(name, methods)`, a read-only object with those methods, and
-- `readonly(table, name)`, a read-only view of a table.
--
-- Arguments: the captured `print`, `aborted()`, which tells whether the
-- current call has been stopped (instruction budget spent), and
-- `find_module(name)`, which returns the path and source of the module a
-- script requires (only in the requiring script's folder or below; see
-- `find_module` in sandbox.rs).

local print_fn, aborted, find_module = ...
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
math.randomseed(0)

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
	tonumber = tonumber,
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

local function new_env()
	local env = {}
	for k, v in next, base do
		env[k] = v
	end
	-- Each script gets its own copy of each library table, so that changing
	-- `string.format` in one script changes nothing in another.
	for name, lib in next, libs do
		local copy = {}
		for k, v in next, lib do
			copy[k] = v
		end
		for k, v in next, overrides[name] or {} do
			copy[k] = v
		end
		env[name] = copy
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

return new_env, set_api, object, readonly
