//! Why the lobby refuses (the boundary says what each means over HTTP, in
//! `crate::refusals`).

use std::fmt;

use crate::account::AccountError;
use crate::db::StoreError;
use crate::hub::HubError;
use quoridor_game::RoomError;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LobbyError {
    /// A seek that cannot be posted, cancelled or taken (the words say why).
    Refused(String),
    /// The terms of a game that cannot be (its settings).
    Room(RoomError),
    /// A rated seek without an account.
    Account(AccountError),
    /// The lobby holds as many seeks as it may.
    Full,
    /// The paired game could not be made.
    Hub(HubError),
    Store(StoreError),
    Stopping,
}

impl fmt::Display for LobbyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LobbyError::Refused(why) => f.write_str(why),
            LobbyError::Room(err) => err.fmt(f),
            LobbyError::Account(err) => err.fmt(f),
            LobbyError::Full => f.write_str("the lobby is full: try again soon"),
            LobbyError::Hub(err) => err.fmt(f),
            LobbyError::Store(err) => {
                write!(f, "the database failed, nothing was changed: {err}")
            }
            LobbyError::Stopping => f.write_str("the server is stopping"),
        }
    }
}

impl std::error::Error for LobbyError {}

impl From<HubError> for LobbyError {
    fn from(err: HubError) -> LobbyError {
        LobbyError::Hub(err)
    }
}

impl From<StoreError> for LobbyError {
    fn from(err: StoreError) -> LobbyError {
        LobbyError::Store(err)
    }
}

impl From<RoomError> for LobbyError {
    fn from(err: RoomError) -> LobbyError {
        LobbyError::Room(err)
    }
}

impl From<AccountError> for LobbyError {
    fn from(err: AccountError) -> LobbyError {
        LobbyError::Account(err)
    }
}
