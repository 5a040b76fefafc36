//! One game's life, the same wherever it is played: on the server (the
//! hub keeps each game in memory and stores it), in the page's
//! WebAssembly (a game on the device) and in the terminal. Seats and who
//! holds them, clocks, draw offers, undo, forced passes, claims against
//! players who left, results, rematches and the ratings they change.
//!
//! Everything here is synchronous and is given the time ([`Moment`]), so
//! it is tested without a runtime or a clock. Every operation either
//! changes the game and succeeds, or fails with a [`RoomError`] and leaves
//! it as it was. Nothing here knows about HTTP, a database or a page.
//!
//! Layers, from the bottom (`tests/layers.rs` of the workspace):
//!
//! 1. Words and numbers: `moment`, `name`, `rating`, `wire` (the rules'
//!    types in JSON).
//! 2. What a game is made of: `error`, `settings`, `clocks` (what a
//!    turn costs and gives back).
//! 3. The game: `room`, and what changes it: `action` (one entry for
//!    every player's request), `deadline`, `offers`, `presence`, `rematch`; what it says of itself: `summary`; how one
//!    is set up: `new_game`; a game on one device: `device`.

pub mod action;
pub mod clocks;
pub mod deadline;
pub mod device;
pub mod error;
pub mod moment;
pub mod name;
pub mod new_game;
pub mod offers;
pub mod presence;
pub mod rating;
pub mod rematch;
pub mod room;
pub mod settings;
pub mod summary;
pub mod wire;

pub use action::{Action, Claim, DrawAction};
pub use clocks::{Clocks, TurnEnd};
pub use device::{device_seats, DEVICE};
pub use error::{PrivateOnly, RoomError};
pub use moment::Moment;
pub use offers::Decision;
pub use room::{
    common_entries, entry_text, parse_entry, pass_is_forced, Abort, AbortWhy, DrawOffer, EntryMeta,
    GameResult, Offer, RatingChange, RoomState, SeatSlot, Status, TakebackOffer, CLAIM_TIME,
    FIRST_MOVE_TIME,
};
pub use settings::{clean_name, Settings, Theme, MAX_NAME_CHARS, MAX_PLIES};
pub use summary::{SeatSummary, Summary};
