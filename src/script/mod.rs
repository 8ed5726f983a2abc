//! The Lua scripting layer: bots, variants and order files written as Lua
//! scripts that the engine loads and calls (DESIGN.md principle 4: Lua is
//! a first-class citizen, and sandboxed). Nothing here names a game's
//! types: each game's Lua API lives in its own folder.
//!
//! The foundation is a [`Sandbox`], one Lua 5.4 state in which scripts are
//! loaded, each into its own global table, and called under an instruction
//! budget and a memory limit ([`SandboxLimits`]). Scripts see the safe part
//! of the standard library only (no `io`, `os`, `debug`, `package`,
//! `require`, `load`, `dofile`, `loadfile`, `string.dump`), plus a `print`
//! whose output is captured, and the read-only API tables the engine
//! installs with [`Sandbox::set_api_table`]. Every failure, a runaway loop
//! or a greedy script included, comes back as a [`ScriptError`] naming the
//! script, the line and the reason, and leaves the sandbox usable.
//!
//! Under every script, one guard and one meter (DESIGN.md principle 9):
//! hooks re-entering the engine are bounded by a [`HookGuard`], and every
//! host function a script calls is charged for its work ([`host_function`]).
//! A game is lent to the scripts that read it for the length of a call
//! through a [`Borrowed`] handle.
//!
//! On top of it: the one runtime of Lua bots ([`LuaBot`], for any game
//! that implements [`LuaBotApi`]), the state a game keeps for its bots'
//! `view:simulate` ([`simulation`]), and the description of a game's Lua API
//! that its LuaLS stubs are generated from ([`api`]), and what every game's
//! variants share: their manifests and loading ([`variant`]).

pub mod api;
pub mod borrowed;
mod bot;
mod error;
pub mod hook_guard;
pub mod host;
pub mod lazy;
mod pattern_cost;
mod sandbox;
pub mod simulation;
pub mod text;
pub mod variant;

pub use borrowed::Borrowed;
pub use bot::{BotError, LuaBot, LuaBotApi};
pub use error::{located, ScriptError};
pub use hook_guard::{HookGuard, TooDeep, HOOK_DEPTH};
pub use host::host_function;
pub use lazy::{LazyList, LazyTables};
pub use sandbox::{Charge, Sandbox, SandboxLimits, ScriptId};

#[cfg(test)]
mod tests;
