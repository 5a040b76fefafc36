//! Why an account's request is refused (the boundary says what each
//! means over HTTP, in `crate::refusals`).

use std::fmt;

use super::name::NameError;
use crate::db::StoreError;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AccountError {
    BadName(NameError),
    BadPassword(&'static str),
    /// Someone has this name already (in any case).
    NameTaken,
    /// A wrong name or a wrong password (one error for both).
    WrongPassword,
    /// Too many wrong passwords for this account from this address, from
    /// this address, or for this account from everywhere: wait this long.
    TooManyTries(std::time::Duration),
    /// This needs a session (log in first).
    NotLoggedIn,
    NoSuchPlayer,
    /// The account still plays these games.
    GamesInProgress(Vec<String>),
    /// A rated game asked for where one cannot be (the words say why).
    NotRated(&'static str),
    /// Too many sign-ups from this address in the hour: wait this long.
    TooManySignUps(std::time::Duration),
    /// A block list holds this many players at most.
    BlockListFull(usize),
    /// Blocking oneself.
    SelfBlock,
    /// A personal API token that is not (or no longer) known.
    BadApiToken,
    /// An account has this many API tokens at most.
    TooManyApiTokens(u64),
    /// No API token of this account has this number.
    NoSuchApiToken,
    /// The name given to an API token, and what is wrong with it.
    BadTokenLabel(String),
    /// Only an account that has played no game may become a bot.
    NotNewForBot,
    /// A bot's account where only people go (the lobby, a class).
    NoBotsHere,
    Store(StoreError),
    /// The server is stopping (or the password hashing failed inside).
    Unavailable(String),
}

impl fmt::Display for AccountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AccountError::BadName(err) => err.fmt(f),
            AccountError::BadPassword(why) => f.write_str(why),
            AccountError::NameTaken => f.write_str("this user name is taken: choose another"),
            AccountError::WrongPassword => f.write_str("wrong user name or password"),
            AccountError::TooManyTries(wait) => write!(
                f,
                "too many wrong passwords: try again in {}",
                crate::limits::wait_words(*wait)
            ),
            AccountError::NotLoggedIn => f.write_str("log in first"),
            AccountError::NoSuchPlayer => f.write_str("no player of that name"),
            AccountError::GamesInProgress(ids) => write!(
                f,
                "finish, resign or abort your games first: {}",
                ids.join(", ")
            ),
            AccountError::NotRated(why) => f.write_str(why),
            AccountError::TooManySignUps(_) => f.write_str("too many requests: slow down"),
            AccountError::BlockListFull(n) => write!(f, "a block list holds at most {n} players"),
            AccountError::SelfBlock => f.write_str("you cannot block yourself"),
            AccountError::BadApiToken => {
                f.write_str("this API token is not known: it was revoked, or is mistyped")
            }
            AccountError::TooManyApiTokens(most) => write!(
                f,
                "an account has {most} API tokens at most: revoke one first"
            ),
            AccountError::NoSuchApiToken => f.write_str("no API token of yours has this number"),
            AccountError::BadTokenLabel(why) => write!(f, "label: {why}"),
            AccountError::NotNewForBot => f.write_str(
                "only an account that has played no game may become a bot: sign up a new account for it",
            ),
            AccountError::NoBotsHere => f.write_str(
                "bots do not play here: people challenge a bot by its name",
            ),
            AccountError::Store(err) => {
                write!(f, "the database failed, nothing was changed: {err}")
            }
            AccountError::Unavailable(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for AccountError {}

impl From<StoreError> for AccountError {
    fn from(err: StoreError) -> AccountError {
        AccountError::Store(err)
    }
}
