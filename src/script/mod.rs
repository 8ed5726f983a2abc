//! The Lua scripting layer: bots, and later variants and rules, written as
//! Lua scripts that the engine loads and calls (DESIGN.md principle 4: Lua is
//! a first-class citizen, and sandboxed).
//!
//! This module is the foundation: a [`Sandbox`], one Lua 5.4 state in which
//! scripts are loaded, each into its own global table, and called under an
//! instruction budget and a memory limit ([`SandboxLimits`]). Scripts see the
//! safe part of the standard library only (no `io`, `os`, `debug`, `package`,
//! `require`, `load`, `dofile`, `loadfile`, `string.dump`), plus a `print`
//! whose output is captured, and the read-only API tables the engine installs
//! with [`Sandbox::set_api_table`]. Every failure, a runaway loop or a
//! greedy script included, comes back as a [`ScriptError`] naming the
//! script, the line and the reason, and leaves the sandbox usable.
//!
//! On top of it: bots ([`LuaBot`]), and order files ([`orders`]: special
//! orders defined in Lua, turned into an [`crate::games::twin_tin_bots::orders::OrderBook`]).

pub mod api;
mod bot;
mod error;
pub mod orders;
mod pattern_cost;
mod sandbox;
pub mod text;
mod view;

pub use bot::{BotError, LuaBot};
pub use error::ScriptError;
pub(crate) use sandbox::Charge;
pub use sandbox::{Sandbox, SandboxLimits, ScriptId};
pub(crate) use view::located;
pub use view::{MAX_LIVE_SIMULATIONS, ROLLOUT_TURN_COST, SIMULATION_COST};

#[cfg(test)]
mod tests;
