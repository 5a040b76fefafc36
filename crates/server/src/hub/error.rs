//! Why the rooms refuse (the boundary says what each means over HTTP, in
//! `crate::refusals`).

use std::fmt;

use crate::account::AccountError;
use crate::db::StoreError;
use quoridor_game::RoomError;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HubError {
    /// The game refuses the change.
    Room(RoomError),
    NoSuchGame,
    /// Whoever makes the game (an address, a class, a tournament) has this
    /// many unfinished games already.
    TooManyRooms(usize),
    /// The server holds as many unfinished games as it may.
    Full,
    /// As many games wait for people to join as the server allows.
    TooManyWaiting,
    /// A rated game that cannot be (the account's words).
    Account(AccountError),
    Store(StoreError),
    /// The server is stopping, or a search failed inside.
    Stopping,
    SearchFailed,
    /// The address has its share of asked-for searches running or waiting.
    SearchesPerClient,
    /// Too many searches wait: try again in a moment.
    SearchesBusy,
    /// Another instance holds the game (at this address): the request is
    /// relayed there ([`crate::hub::Hub::holder`]), or tried again.
    Elsewhere(String),
}

impl fmt::Display for HubError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HubError::Room(err) => err.fmt(f),
            HubError::NoSuchGame => f.write_str("no such game"),
            HubError::TooManyRooms(limit) => {
                write!(f, "at most {limit} unfinished games per client")
            }
            HubError::Full => {
                f.write_str("the server has too many games going on: try again later")
            }
            HubError::TooManyWaiting => f.write_str(
                "too many games are waiting for players: join one of them, or play in the lobby",
            ),
            HubError::Account(err) => err.fmt(f),
            HubError::Store(err) => {
                write!(f, "the database failed, nothing was changed: {err}")
            }
            HubError::Stopping => f.write_str("the server is stopping"),
            HubError::SearchFailed => f.write_str("the search failed"),
            HubError::SearchesPerClient => write!(
                f,
                "at most {} searches at once from one address: wait for the last one",
                crate::limits::searches::PER_CLIENT
            ),
            HubError::SearchesBusy => {
                f.write_str("the searches are all busy: try again in a moment")
            }
            HubError::Elsewhere(_) => {
                f.write_str("the game moved to another instance: try again in a moment")
            }
        }
    }
}

impl std::error::Error for HubError {}

impl From<RoomError> for HubError {
    fn from(err: RoomError) -> HubError {
        HubError::Room(err)
    }
}

impl From<StoreError> for HubError {
    fn from(err: StoreError) -> HubError {
        HubError::Store(err)
    }
}

impl From<AccountError> for HubError {
    fn from(err: AccountError) -> HubError {
        HubError::Account(err)
    }
}
