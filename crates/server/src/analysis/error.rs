//! Why the analyses refuse (the boundary says what each means over HTTP,
//! in `crate::refusals`).

use std::fmt;

use crate::db::StoreError;
use crate::hub::HubError;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnalysisError {
    /// The analysis board's position cannot be read, or breaks the rules.
    Position(quoridor_rules::NotationError),
    /// A game the analysis is not for (the words say why).
    NotAnalysable(&'static str),
    /// As many games wait as the queue holds.
    QueueFull,
    /// The address has its share of games waiting.
    PerClient,
    Hub(HubError),
    Store(StoreError),
    /// The server is stopping, or the search failed inside.
    Unavailable(&'static str),
}

impl fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnalysisError::Position(err) => write!(f, "position: {err}"),
            AnalysisError::NotAnalysable(why) => f.write_str(why),
            AnalysisError::QueueFull => {
                f.write_str("the analysis queue is full: try again in a minute")
            }
            AnalysisError::PerClient => write!(
                f,
                "at most {} games of one address wait for their analysis: wait for them",
                super::QUEUE_PER_CLIENT
            ),
            AnalysisError::Hub(err) => err.fmt(f),
            AnalysisError::Store(err) => {
                write!(f, "the database failed, nothing was changed: {err}")
            }
            AnalysisError::Unavailable(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for AnalysisError {}

impl From<HubError> for AnalysisError {
    fn from(err: HubError) -> AnalysisError {
        AnalysisError::Hub(err)
    }
}

impl From<StoreError> for AnalysisError {
    fn from(err: StoreError) -> AnalysisError {
        AnalysisError::Store(err)
    }
}
