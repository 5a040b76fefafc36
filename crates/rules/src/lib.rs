//! Quoridor rules: exact, fast and without I/O.
//!
//! - [`Square`], [`Fence`], [`Move`], [`Seat`]: small `Copy` types that parse
//!   from and print to the standard notation (RULES.md §2).
//! - [`Ruleset`]: board size 3–11, 2 or 4 players, fences, variants.
//! - [`Position`]: bitboards; [`Position::play`] checks a move and says why
//!   it is illegal; [`Position::play_unchecked`] and [`Position::undo`] are
//!   the fast path for search; legal moves as a list or as bitsets.
//! - Shortest paths and distances, a Zobrist hash kept up to date, perft.
//!
//! ```
//! use quoridor_rules::{Move, Position, Ruleset, Seat};
//!
//! let mut pos = Position::new(Ruleset::STANDARD);
//! for mv in ["e2", "e8", "e3", "e7h"] {
//!     pos.play(mv.parse::<Move>().unwrap()).unwrap();
//! }
//! assert_eq!(pos.turn(), Seat::South);
//! assert_eq!(pos.fences_left(Seat::North), 9);
//! let err = pos.play("e7v".parse().unwrap()).unwrap_err();
//! assert_eq!(err.to_string(), "fence crosses e7h");
//! ```
//!
//! Layers, from the bottom (a module uses only its own layer and those
//! below; `tests/layers.rs` of the workspace holds the code to this):
//!
//! 1. The pieces: `parse_error`, `rng`, `seat`, `square`, `zobrist`,
//!    `fence`, `geometry`, `ruleset`, `error`, `mv`.
//! 2. A position and its moves: `position`, `game`, `movegen`, `paths`,
//!    `perft`.
//! 3. Text and records: `diagram`, `mirror`, `notation`, `record`,
//!    `setup_reason`.

#![no_std]
#![forbid(unsafe_code)]

extern crate alloc;
#[cfg(test)]
extern crate std;

mod diagram;
mod error;
mod fence;
mod game;
mod geometry;
mod mirror;
mod movegen;
mod mv;
mod notation;
mod parse_error;
mod paths;
mod perft;
mod position;
mod record;
pub mod rng;
mod ruleset;
mod seat;
mod setup_reason;
mod square;
mod zobrist;

pub use diagram::{Cell, Diagram};
pub use error::IllegalMove;
pub use fence::{Fence, FenceConflict, Orientation};
pub use game::{Entry, Game, GameError, Termination};
pub use movegen::{LegalMoves, MoveList, MAX_MOVES};
pub use mv::Move;
pub use notation::{Field, NotationError, NotationErrorKind};
pub use parse_error::{excerpt, ParseError};
pub use paths::DistanceMap;
pub use perft::perft;
pub use position::{Outcome, Position, SetupError, Undo};
pub use record::{
    game_line, parse_game_line, parse_game_text, parse_records, Record, RecordError,
    RecordErrorKind, MAX_ENTRIES, MAX_RECORDS,
};
pub use ruleset::{Ruleset, RulesetError, Variant};
pub use seat::{Seat, Team};
pub use setup_reason::SetupReason;
pub use square::{Square, SquareIter, MAX_SIZE};
