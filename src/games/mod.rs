//! The games tinbots plays, one folder each. Twin Tin Bots still lives at
//! the crate's top level (`game`, `board`, `orders`, ...); RoboRally is
//! being built here, piece by piece, towards the one seam every game will
//! implement (DESIGN: "a new game is a new folder under `src/games/`").

pub mod roborally;
