//! Tests of RoboRally's Lua bots.
