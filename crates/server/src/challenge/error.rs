//! Why a challenge is refused (the boundary says what each means over
//! HTTP, in `crate::refusals`).

use std::fmt;

use super::model::ChallengeRefusal;
use crate::account::AccountError;
use crate::db::StoreError;
use crate::hub::HubError;
use quoridor_game::RoomError;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChallengeError {
    Refused(ChallengeRefusal),
    /// Not waiting (answered, cancelled, expired), or not this player's.
    NoSuchChallenge,
    /// The challenged player's name, or their account.
    Account(AccountError),
    /// The terms make no game (their settings).
    Room(RoomError),
    /// The game could not be made.
    Hub(HubError),
    Store(StoreError),
    Stopping,
}

impl fmt::Display for ChallengeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChallengeError::Refused(why) => f.write_str(&why.words()),
            ChallengeError::NoSuchChallenge => f.write_str(
                "no such challenge waits for you: it was answered, cancelled or expired",
            ),
            ChallengeError::Account(err) => err.fmt(f),
            ChallengeError::Room(err) => err.fmt(f),
            ChallengeError::Hub(err) => err.fmt(f),
            ChallengeError::Store(err) => {
                write!(f, "the database failed, nothing was changed: {err}")
            }
            ChallengeError::Stopping => f.write_str("the server is stopping"),
        }
    }
}

impl std::error::Error for ChallengeError {}

impl From<ChallengeRefusal> for ChallengeError {
    fn from(why: ChallengeRefusal) -> ChallengeError {
        ChallengeError::Refused(why)
    }
}

impl From<AccountError> for ChallengeError {
    fn from(err: AccountError) -> ChallengeError {
        ChallengeError::Account(err)
    }
}

impl From<RoomError> for ChallengeError {
    fn from(err: RoomError) -> ChallengeError {
        ChallengeError::Room(err)
    }
}

impl From<HubError> for ChallengeError {
    fn from(err: HubError) -> ChallengeError {
        ChallengeError::Hub(err)
    }
}

impl From<StoreError> for ChallengeError {
    fn from(err: StoreError) -> ChallengeError {
        ChallengeError::Store(err)
    }
}
