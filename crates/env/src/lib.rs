//! Quoridor for learning programs, with no Python in it (the `quoridor`
//! Python module in `crates/python` wraps it):
//!
//! - [`ActionSpace`]: every move of a board size numbered once, and the
//!   legal moves of a position as a mask over those numbers;
//! - [`Planes`]: a position as feature planes for a network;
//! - [`VectorGames`]: many games stepped by one call, games that end
//!   started over, everything written into flat buffers ([`Batch`]).
//!
//! Layers, from the bottom (`tests/layers.rs` of the workspace):
//!
//! 1. `action` (the fixed action space).
//! 2. `planes` (observations).
//! 3. `vector` (many games stepped at once).

mod action;
mod planes;
mod vector;

pub use action::{ActionError, ActionSpace};
pub use planes::Planes;
pub use vector::{write_rewards, Batch, StepError, VectorGames};
