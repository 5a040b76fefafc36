//! The Quoridor AI.
//!
//! - [`search`](Engine::search): alpha-beta (principal variation search) with
//!   iterative deepening, a transposition table ([`tt`]), killer and history
//!   move ordering; fences searched at inner nodes are those that cut an
//!   opponent's shortest path and, at levels 6–8, those that take away the
//!   opponent's strongest fence ([`defence`]).
//! - [`eval`]: the race to the goal lines, fences in hand, tempo, and races
//!   that are decided once fences run out; at levels 6–8 of the standard
//!   game, corrected by a small learned network ([`net`], trained on
//!   self-play by `scripts/train-eval.sh`).
//! - [`book`]: the opening book of the standard game, built by our own
//!   long searches (`quoridor book build`) and played by levels 6–8.
//! - [`race`]: races without fences in hand solved exactly (retrograde
//!   analysis) and played from the solution by levels 6–8.
//! - Two players, teams (partners on one side) and the scoring game with
//!   alpha-beta; four players each for itself ([`maxn`]: every player
//!   maximises its own value); any board size.
//! - [`SearchLimit`]: depth, nodes, time per move or a clock; the [`time`]
//!   manager never lets a clock run out; a stop flag ends a search early.
//! - [`TimeControl`]: the players' clocks, with one text form (`5m+3s`).
//! - [`Level`]: 1 (a beginner who makes mistakes) to 8 (full strength).
//! - [`Reporter`]: how the protocol, the terminal and the server follow a search.
//! - [`review`]: a finished game's moves judged (inaccuracy, mistake, blunder).
//! - [`hint`]: a hint a person can follow, with every pawn's path before and
//!   after it.
//!
//! Layers, each importing only its own and the ones below it (the test
//! `tests/layers.rs` of the workspace holds the code to this list):
//!
//! 1. Values and limits: `score`, `limit`, `time_control`, `params`, `rng`,
//!    `clock`.
//! 2. Parts of a search: `tt`, `report`, `time`, `race`, `net`,
//!    `repetition` (the game's positions a search could bring back).
//! 3. What the levels and the evaluation are: `eval`, `defence`, `level`,
//!    `controller`.
//! 4. The searches: `search` (alpha-beta), `maxn` (four players).
//! 5. What uses them: `book`, `engine`, `review`, `hint`, `net::train` (the
//!    network's training by self-play).

pub mod book;
pub mod clock;
pub mod controller;
pub mod defence;
pub mod engine;
pub mod eval;
pub mod hint;
pub mod level;
pub mod limit;
pub mod maxn;
pub mod net;
pub mod params;
pub mod race;
mod repetition;
pub mod report;
pub mod review;
mod rng;
pub mod score;
pub mod search;
pub mod time;
pub mod time_control;
pub mod tt;

pub use controller::{Controller, DEFAULT_AI_LEVEL};
pub use engine::{safe_move, Engine, DEFAULT_HASH_MB, SHARED_HASH_MB};
pub use level::{Level, LevelSettings};
pub use limit::SearchLimit;
pub use report::{Collect, Reporter, SearchInfo, Silent};
pub use score::Score;
pub use search::SearchResult;
pub use time_control::{duration_text, parse_duration, TimeControl, TimeError};
